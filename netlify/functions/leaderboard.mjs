// POST and GET /api/leaderboard: replay-verified Daily results in Netlify Blobs.
// The logic lives in ../lib/leaderboard.mjs (createHandler, which the tests and
// the local dev server call with their own store); this file wires it to the
// site's "leaderboard" store and to the engine in Pyodide.

import { getStore } from "@netlify/blobs";
import { getEngine } from "../lib/engine.mjs";
import { createHandler } from "../lib/leaderboard.mjs";

export { createHandler };

// Start Pyodide while the instance initializes; warm invocations reuse it.
// A failed load is retried by the next request (getEngine forgets it), which
// then answers 503 if it fails again.
getEngine().catch((error) => console.error("leaderboard: the engine failed to load", error));

const handler = createHandler({
  // Per request: the runtime provides the Blobs context with each invocation.
  store: () => getStore({ name: "leaderboard", consistency: "strong" }),
  engine: () => getEngine(),
});

export default async (req, context) => handler(req, context);

export const config = { path: "/api/leaderboard" };
