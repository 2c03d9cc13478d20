// A real Netlify Blobs server on local disk (@netlify/blobs/server), for the
// dev server, the tests and the benchmark: the same client, the same
// conditional writes, files under `directory`.
//
// The client points at it as its edge (edgeURL + uncachedEdgeURL), not with
// apiURL: in @netlify/blobs 11.1.1 a list() through apiURL gets a signed URL
// with "?signature=" appended after "?prefix=…", so the server reads the
// prefix as "daily/…?signature=…" and every prefixed listing comes back empty.
// Through the edge URLs, list({prefix}) works, and strong consistency reads
// go to uncachedEdgeURL.

import { randomBytes } from "node:crypto";
import { getStore } from "@netlify/blobs";
import { BlobsServer } from "@netlify/blobs/server";

export const LOCAL_SITE_ID = "ladder-rummy-local";

/**
 * Start a BlobsServer storing under `directory`.
 * @returns {Promise<{port: number, url: string, token: string, context: object, store: (name: string) => import("@netlify/blobs").Store, stop: () => Promise<void>}>}
 */
export async function startLocalBlobs({ directory, port = 0 } = {}) {
  const token = randomBytes(16).toString("hex"); // per run: only this process talks to it
  const server = new BlobsServer({ directory, token, port, logger: () => {} });
  const started = await server.start();
  const url = `http://127.0.0.1:${started.port}`;
  return {
    port: started.port,
    url,
    token,
    // What Netlify's runtime hands the function (setEnvironmentContext from @netlify/blobs).
    context: { siteID: LOCAL_SITE_ID, token, edgeURL: url, uncachedEdgeURL: url },
    store: (name) => getStore({ name, siteID: LOCAL_SITE_ID, token, edgeURL: url, uncachedEdgeURL: url, consistency: "strong" }),
    stop: () => server.stop(),
  };
}
