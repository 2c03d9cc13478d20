// Run an unzipped Netlify function bundle the way AWS Lambda runs it: import
// Netlify's ___netlify-entry-point.mjs from the task root and call its handler
// with Lambda's streaming interface and an event shaped as Netlify's edge sends
// it (the Blobs context inside). For the bundling test and the benchmark.
//
//   node netlify/lambda.mjs TASK_ROOT
//
// Requests arrive as JSON lines on stdin, {id, method, url, headers?, body?, ip?},
// and are handled as they come (several may be in flight, like concurrent
// invocations of one warm instance); each answer is a JSON line on stdout,
// {id, status, headers, body, ms}. The first line out is {ready: true, initMs}
// once the module has been imported (Lambda's init phase). The Blobs context
// comes from the environment: LAMBDA_BLOBS_URL, LAMBDA_BLOBS_TOKEN, LAMBDA_SITE_ID.
// Anything the function prints goes to stderr, as Lambda sends it to the log.
//
//   const fn = await spawnLambda(taskRoot, { blobs, cwd });   // from a test or a benchmark
//   (await fn.request({ method: "GET", url: "https://x/api/leaderboard?date=…" })).status
//   await fn.stop();

import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { performance } from "node:perf_hooks";
import process from "node:process";
import readline from "node:readline";
import { Writable } from "node:stream";
import { fileURLToPath, pathToFileURL } from "node:url";

const ENTRY = "___netlify-entry-point.mjs";

/** Lambda's globals for response streaming (the bootstrap calls awslambda.streamifyResponse). */
function installLambdaGlobals() {
  globalThis.awslambda = {
    streamifyResponse: (fn) => fn,
    HttpResponseStream: {
      from(stream, meta) {
        stream.meta = meta;
        return stream;
      },
    },
  };
}

/** A response stream that keeps what is written, and resolves when the handler ends it. */
function responseStream() {
  const chunks = [];
  let finished;
  const done = new Promise((resolve) => { finished = resolve; });
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      chunks.push(Buffer.from(chunk));
      callback();
    },
    final(callback) {
      finished();
      callback();
    },
  });
  stream.on("close", () => finished());
  return { stream, done, body: () => Buffer.concat(chunks).toString("utf8") };
}

/** The event Netlify's edge hands the function for one request. */
export function lambdaEvent({ method = "GET", url, headers = {}, body = "", ip = "127.0.0.1" }, blobs) {
  return {
    rawUrl: url,
    httpMethod: method,
    headers: {
      ...Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])),
      "x-nf-site-id": blobs.siteID,
      "x-nf-deploy-id": "local-deploy",
      "x-nf-request-id": randomUUID(),
      "x-nf-client-connection-ip": ip,
    },
    body: Buffer.from(body ?? "", "utf8").toString("base64"),
    isBase64Encoded: true,
    blobs: Buffer.from(JSON.stringify({ url: blobs.url, url_uncached: blobs.url, token: blobs.token, primary_region: "local" })).toString("base64"),
  };
}

/** One invocation: resolves to {status, headers, body}. */
async function invoke(handler, request, blobs) {
  const { stream, done, body } = responseStream();
  const context = {
    awsRequestId: randomUUID(),
    getRemainingTimeInMillis: () => 60_000,
    clientContext: {},
    callbackWaitsForEmptyEventLoop: true,
  };
  await handler(lambdaEvent(request, blobs), stream, context);
  await done;
  const meta = stream.meta ?? {};
  return { status: meta.statusCode, headers: meta.headers ?? {}, body: body() };
}

/**
 * Start `node netlify/lambda.mjs taskRoot` as its own process (a fresh
 * instance: a cold start) and talk to it.
 * @param {string} taskRoot the unzipped bundle
 * @param {{blobs: {url: string, token: string, siteID: string}, cwd?: string, node?: string}} options
 *   cwd: the working directory (Lambda's is the task root; another shows nothing depends on it)
 * @returns {Promise<{initMs: number, startedMs: number, request: (req: object) => Promise<object>, stderr: () => string, stop: () => Promise<number>}>}
 */
export async function spawnLambda(taskRoot, { blobs, cwd = taskRoot, node = process.execPath } = {}) {
  const t0 = performance.now();
  const child = spawn(node, [fileURLToPath(import.meta.url), taskRoot], {
    cwd,
    stdio: ["pipe", "pipe", "pipe"],
    env: { ...process.env, LAMBDA_BLOBS_URL: blobs.url, LAMBDA_BLOBS_TOKEN: blobs.token, LAMBDA_SITE_ID: blobs.siteID },
  });
  let stderr = "";
  child.stderr.on("data", (chunk) => { stderr += chunk; });
  const waiting = new Map();
  let nextId = 0;
  let ready;
  const readyPromise = new Promise((resolve, reject) => {
    ready = resolve;
    child.on("exit", (code) => {
      const error = new Error(`the function process exited (${code}):\n${stderr}`);
      reject(error);
      for (const { reject: fail } of waiting.values()) fail(error);
      waiting.clear();
    });
  });
  readline.createInterface({ input: child.stdout }).on("line", (line) => {
    const message = JSON.parse(line);
    if (message.ready) {
      ready({ ...message, startedMs: performance.now() - t0 });
      return;
    }
    const entry = waiting.get(message.id);
    if (!entry) return;
    waiting.delete(message.id);
    if (message.crashed) entry.reject(new Error(`the handler threw: ${message.crashed}`));
    else entry.resolve(message);
  });
  const exited = new Promise((resolve) => child.on("exit", (code) => resolve(code)));
  const started = await readyPromise;
  return {
    initMs: started.initMs,
    startedMs: started.startedMs,
    request(req) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        child.stdin.write(`${JSON.stringify({ id, ...req })}\n`);
      });
    },
    stderr: () => stderr,
    async stop() {
      child.stdin.end();
      return exited;
    },
  };
}

async function main([taskRoot]) {
  if (!taskRoot) {
    process.stderr.write("usage: node netlify/lambda.mjs TASK_ROOT\n");
    return 2;
  }
  const root = path.resolve(taskRoot);
  const blobs = { url: process.env.LAMBDA_BLOBS_URL, token: process.env.LAMBDA_BLOBS_TOKEN, siteID: process.env.LAMBDA_SITE_ID };
  process.env.LAMBDA_TASK_ROOT = root;
  installLambdaGlobals();
  // Lambda's console goes to the log; stdout carries only the answers.
  for (const level of ["log", "info", "warn", "error", "debug"]) {
    console[level] = (...args) => process.stderr.write(`${args.map((a) => (a instanceof Error ? a.stack : String(a))).join(" ")}\n`);
  }
  const started = performance.now();
  const { handler } = await import(pathToFileURL(path.join(root, ENTRY)).href);
  const say = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);
  say({ ready: true, initMs: Math.round(performance.now() - started) });

  const pending = new Set();
  const lines = readline.createInterface({ input: process.stdin });
  for await (const line of lines) {
    if (!line.trim()) continue;
    const request = JSON.parse(line);
    const t0 = performance.now();
    const job = invoke(handler, request, blobs)
      .then((answer) => say({ id: request.id, ...answer, ms: Math.round((performance.now() - t0) * 10) / 10 }))
      .catch((error) => say({ id: request.id, crashed: String(error?.stack ?? error) }))
      .finally(() => pending.delete(job));
    pending.add(job);
  }
  await Promise.all(pending);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exitCode = await main(process.argv.slice(2));
  process.exit(); // Pyodide keeps handles open; the host ends an instance when it pleases
}
