// pyodide-worker.js — Pyodide's entry for PyScript's worker, using the page's compiled wasm.
//
// The bridge hands PyWorker this module as its Pyodide, so it runs inside the worker. It asks the
// page which Pyodide to load (the self-hosted pyodide.mjs, from build.json) and re-exports it, with
// one change: loadPyodide instantiates the WebAssembly module the page compiled meanwhile.
//
// Why: Chromium keeps compiled wasm (the code a warm boot reuses) for a page's compile, but not for
// a dedicated worker's unless the file came through the service worker's cache — so without this
// the worker compiles Pyodide afresh on every visit until the service worker has served it once.
// The page's compile also starts as soon as build.json is read, long before the worker exists.
// If the page sends no module (its compile failed), Pyodide compiles its own as usual.
//
// The page answers on a MessageChannel: first {pyodide: URL, wheel: URL}, at once; then {module}, once
// compiled. (Not a query string on this module's URL: served from the service worker's cache,
// import.meta.url would lose it.)

// Epoch ms of this module's start and of loadPyodide's start and end: worker.py hands them to the
// bridge with its own, as performance marks, so bench/page.py sees where a boot goes.
const now = () => performance.timeOrigin + performance.now();
const times = (globalThis.ladderRummyTimes = { pyodide_module: now() });

const answers = [];
const waiting = [];
const channel = new MessageChannel();
channel.port1.onmessage = ({ data }) => (waiting.length ? waiting.shift()(data) : answers.push(data));
self.postMessage({ type: "ladder-rummy:wasm" }, [channel.port2]);

/** The page's next answer. */
function answer() {
  return answers.length ? Promise.resolve(answers.shift()) : new Promise((resolve) => waiting.push(resolve));
}

const { pyodide: pyodideURL, wheel: wheelURL } = await answer();
// The engine wheel downloads while Pyodide loads (a failure is left to worker.py, which reports it).
const wheel = wheelURL ? fetch(wheelURL).then((r) => (r.ok ? r.arrayBuffer() : null)).catch(() => null) : null;
const pyodide = await import(pyodideURL);

export const version = pyodide.version;

/** Pyodide's loadPyodide, from its own directory (PyScript derives indexURL from this file's). */
export async function loadPyodide(options) {
  times.load_start = now();
  const { module } = await answer();
  times.module_received = now();
  if (module instanceof WebAssembly.Module) instantiateOnce(module);
  const loaded = await pyodide.loadPyodide({ ...options, indexURL: new URL(".", pyodideURL).href });
  times.load_end = now();
  await unpackWheel(loaded);
  return loaded;
}

/**
 * Unpack the engine wheel into site-packages as soon as Python is up, before PyScript's own
 * setup: worker.py's boot() then finds it there (globalThis.ladderRummyWheel names it) and only
 * imports. ``unpackArchive`` unzips in JavaScript, quicker than loadPackage or zipimport.
 */
async function unpackWheel(loaded) {
  const buffer = wheel && (await wheel);
  if (!buffer) return;
  try {
    loaded.unpackArchive(buffer, "wheel");
    globalThis.ladderRummyWheel = wheelURL;
    times.wheel = now();
  } catch (error) {
    console.warn("The engine wheel could not be unpacked early; worker.py will try:", error);
  }
}

/**
 * Pyodide's next fetch of pyodide.asm.wasm answers an empty stand-in, and its instantiateStreaming
 * of that stand-in instantiates `module`: the worker neither downloads nor compiles the wasm.
 */
function instantiateOnce(module) {
  const { fetch, WebAssembly: wasm } = globalThis;
  const instantiateStreaming = wasm.instantiateStreaming;
  const standIn = new Response(null);
  globalThis.fetch = (resource, ...rest) => {
    if (!String(resource?.url ?? resource).endsWith("/pyodide.asm.wasm")) return fetch(resource, ...rest);
    globalThis.fetch = fetch;
    return Promise.resolve(standIn);
  };
  wasm.instantiateStreaming = async (source, imports) => {
    if ((await source) !== standIn) return instantiateStreaming.call(wasm, source, imports);
    wasm.instantiateStreaming = instantiateStreaming;
    times.instantiate_start = now();
    const instance = await wasm.instantiate(module, imports);
    times.instantiate_end = now();
    return { module, instance };
  };
}
