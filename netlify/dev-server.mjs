// The leaderboard on one machine: `python build.py serve` starts
//
//   node netlify/dev-server.mjs --port P --dist DIR
//
// and proxies /api/* to it. It runs the same handler as the Netlify function
// (netlify/lib/leaderboard.mjs) against a real Netlify Blobs server storing
// under .blobs/ in the repository (git-ignored), so results survive a restart,
// and the engine wheel DIR/engine/ladder_rummy.whl in Pyodide.
//
// Options: --port P (default 8888), --dist DIR (default dist/),
// --blobs DIR (default $LADDER_RUMMY_BLOBS_DIR, else .blobs/; tests that go
// through `build.py serve` set the variable to keep their results out of
// .blobs/), --host H (default 127.0.0.1). $LADDER_RUMMY_PLAYERS_PER_NETWORK raises the cap on
// player ids per network and date (4) for tests that play many players from one machine.
// It listens at once and loads the engine in the background; a request that
// arrives first waits for it (a few seconds) rather than failing.

import http from "node:http";
import path from "node:path";
import process from "node:process";
import { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { getEngine } from "./lib/engine.mjs";
import { createHandler } from "./lib/leaderboard.mjs";
import { startLocalBlobs } from "./lib/local-blobs.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const ROUTE = "/api/leaderboard";
const DEFAULT_BLOBS = process.env.LADDER_RUMMY_BLOBS_DIR || path.join(ROOT, ".blobs");
// Production's limits, but for the player ids one network may send a date: every local request
// comes from 127.0.0.1, so tests that play as many players set LADDER_RUMMY_PLAYERS_PER_NETWORK.
const DEV_LIMITS = process.env.LADDER_RUMMY_PLAYERS_PER_NETWORK
  ? { playersPerNetwork: Number(process.env.LADDER_RUMMY_PLAYERS_PER_NETWORK) }
  : {};

// Methods a fetch Request cannot carry (undici refuses them) are answered here: 405, as the
// handler answers any method it does not take.
const FORBIDDEN_METHODS = new Set(["CONNECT", "TRACE", "TRACK"]);
const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * A web Request from a node request (the body streamed, not buffered). The URL is built on this
 * server's own origin, never on the Host header, which a client may write as anything.
 */
function toRequest(req, origin) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((v) => headers.append(name, v));
    else if (value !== undefined) headers.set(name, value);
  }
  const hasBody = !["GET", "HEAD"].includes(req.method);
  return new Request(new URL(req.url, origin), {
    method: req.method,
    headers,
    body: hasBody ? Readable.toWeb(req) : undefined,
    duplex: hasBody ? "half" : undefined,
  });
}

/** Send a web Response through a node response. */
async function send(res, response) {
  const body = Buffer.from(await response.arrayBuffer());
  const headers = Object.fromEntries(response.headers);
  headers["content-length"] = String(body.length);
  res.writeHead(response.status, headers);
  res.end(body);
}

function sendJson(res, status, payload) {
  const body = JSON.stringify(payload);
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(body) });
  res.end(body);
}

/**
 * Start the Blobs server, the engine load and the HTTP server.
 * @returns {Promise<{port: number, close: () => Promise<void>}>}
 */
export async function startDevServer({ port = 8888, host = "127.0.0.1", dist = path.join(ROOT, "dist"), blobs = DEFAULT_BLOBS, log = console.log, limits = DEV_LIMITS } = {}) {
  const local = await startLocalBlobs({ directory: path.resolve(blobs) });
  const started = Date.now();
  const wheelPath = path.join(path.resolve(dist), "engine", "ladder_rummy.whl");
  const engine = getEngine({ wheelPath });
  engine.then(
    (e) => log(`dev-server: engine ${e.version} ready in ${Date.now() - started} ms`),
    (error) => log(`dev-server: the engine failed to load: ${error.message}`),
  );
  const handler = createHandler({ store: local.store("leaderboard"), engine: () => getEngine({ wheelPath }), limits });

  const server = http.createServer(async (req, res) => {
    try {
      const origin = `http://${host}:${server.address().port}`;
      let url;
      try {
        url = new URL(req.url, origin);
      } catch {
        sendJson(res, 400, { error: "invalid_request", detail: "the request target is not a path" });
        return;
      }
      if (url.pathname !== ROUTE && url.pathname !== `${ROUTE}/`) {
        sendJson(res, 404, { error: "not_found", detail: `no endpoint at ${url.pathname}; the leaderboard is ${ROUTE}` });
        return;
      }
      if (req.headers.host !== undefined && !HOST.test(req.headers.host)) {
        sendJson(res, 400, { error: "invalid_request", detail: "the Host header is not a host name" });
        return;
      }
      if (FORBIDDEN_METHODS.has(req.method)) {
        res.setHeader("allow", "GET, HEAD, POST");
        sendJson(res, 405, { error: "method_not_allowed", detail: `${req.method} is not supported here: use GET or POST` });
        return;
      }
      let request;
      try {
        request = toRequest(req, origin);
      } catch (error) {
        sendJson(res, 400, { error: "invalid_request", detail: `the request cannot be read: ${error.message}` });
        return;
      }
      const context = { ip: req.socket.remoteAddress };
      await send(res, await handler(request, context));
    } catch (error) {
      log(`dev-server: ${error.stack ?? error}`);
      if (!res.headersSent) sendJson(res, 500, { error: "internal", detail: "the dev server failed on its side" });
      else res.destroy();
    }
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  const actual = server.address().port;
  log(`dev-server: http://${host}:${actual}${ROUTE} (blobs in ${path.relative(process.cwd(), path.resolve(blobs)) || "."})`);
  return {
    port: actual,
    engine,
    async close() {
      server.closeAllConnections?.();
      await new Promise((resolve) => server.close(resolve));
      await local.stop();
    },
  };
}

async function main() {
  const { values } = parseArgs({
    options: {
      port: { type: "string", default: "8888" },
      host: { type: "string", default: "127.0.0.1" },
      dist: { type: "string", default: path.join(ROOT, "dist") },
      blobs: { type: "string", default: DEFAULT_BLOBS },
    },
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port: ${values.port} is not a port`);
  const running = await startDevServer({ port, host: values.host, dist: values.dist, blobs: values.blobs });
  let stopping = false;
  const stop = async (signal) => {
    if (stopping) return;
    stopping = true;
    console.log(`dev-server: ${signal}, stopping`);
    setTimeout(() => process.exit(0), 3000).unref(); // a connection that will not close does not keep us
    await running.close();
    process.exit(0); // Pyodide holds no work worth waiting for
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
  // If the parent (build.py serve) dies without stopping us, do not linger as an orphan.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) stop("parent exited");
  }, 1000).unref();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(`dev-server: ${error.message}`);
    process.exit(1);
  });
}
