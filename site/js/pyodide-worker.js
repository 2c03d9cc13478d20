// pyodide-worker.js — Pyodide's entry for PyScript's worker: the page's compiled wasm, and a
// snapshot of Python already started.
//
// The bridge hands PyWorker this module as its Pyodide, so it runs inside the worker. It asks the
// page which Pyodide to load (the self-hosted pyodide.mjs) and re-exports it, with two changes:
//
// * loadPyodide instantiates the WebAssembly module the page compiled meanwhile. Chromium keeps
//   compiled wasm (the code a warm boot reuses) for a page's compile, but not for a dedicated
//   worker's unless the file came through the service worker's cache — so without this the
//   worker compiles Pyodide afresh on every visit until the service worker has served it once.
//   If the page sends no module (a first visit, where compiling here is quicker; or its compile
//   failed), Pyodide compiles its own as usual, from the bytes the page downloaded early.
// * Starting Python (the interpreter, its standard modules, Pyodide's own) is most of a boot:
//   about a second on a laptop, the same for every visit. The first boot therefore saves Pyodide's
//   memory snapshot, taken once the engine is imported, in the Cache Storage of this origin
//   (SNAPSHOTS, keyed by the Pyodide and wheel URLs, both versioned); later boots restore it
//   (about 0.15 s) instead. Pyodide checks that a snapshot belongs to its own build; a snapshot it
//   refuses is dropped and Python starts afresh. Nothing leaves the device, and no download grows.
//
// The page answers on a MessageChannel: first {pyodide, stdlib, lockfile, wheel, snapshot} (URLs),
// at once; then {module}, once compiled. (Not a query string on this module's URL: served from the service
// worker's cache, import.meta.url would lose it.)

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

// The Cache Storage cache that holds the snapshot; sw.js keeps it across builds and drops the
// entries no build lists any more.
const SNAPSHOTS = "ladder-rummy-python";
// What worker.py imports first: imported before the snapshot, so a restored boot skips it too.
const ENGINE_IMPORT = "from ladder_rummy import adapter";
// The snapshot (about 30 MB) is written this long after it was taken: the first boot's last steps
// and the first moves come first.
const STORE_DELAY_MS = 2000;

const { pyodide: pyodideURL, stdlib: stdLibURL, lockfile: lockFileURL, wheel: wheelURL, snapshot: snapshotURL } = await answer();
// The engine wheel downloads while Pyodide loads (a failure is left to worker.py, which reports it).
const wheel = wheelURL ? fetch(wheelURL).then((r) => (r.ok ? r.arrayBuffer() : null)).catch(() => null) : null;
// Whether this boot can use or save a snapshot at all (Cache Storage needs a secure context).
const snapshotting = Boolean(snapshotURL && globalThis.caches);
// Dropped once used: the bytes (~31 MB) are copied into Python's memory, so nothing keeps them.
let stored = readSnapshot();
const pyodide = await import(pyodideURL);

export const version = pyodide.version;

/** Pyodide's loadPyodide, from its own directory (PyScript derives indexURL from this file's). */
export async function loadPyodide(options) {
  times.load_start = now();
  const { module } = await answer();
  times.module_received = now();
  const load = async (extra) => {
    const undo = module instanceof WebAssembly.Module ? instantiateOnce(module) : () => {};
    try {
      // The game's cut of the standard library and its lockfile of no packages (build.py).
      const files = { indexURL: new URL(".", pyodideURL).href, ...(stdLibURL && { stdLibURL }), ...(lockFileURL && { lockFileURL }) };
      return await pyodide.loadPyodide({ ...options, ...extra, ...files });
    } finally {
      undo();
    }
  };
  const restored = await restore(load);
  const loaded = restored ?? (await load({ _makeSnapshot: snapshotting }));
  times.load_end = now();
  await unpackWheel(loaded);
  if (restored) {
    reseed(restored);
  } else if (snapshotting) {
    // Only with the engine in it: a snapshot without it would be restored, and never retaken.
    if (globalThis.ladderRummyWheel) takeSnapshot(loaded);
    unwrapGlobals(loaded);
  }
  return loaded;
}

/** The saved snapshot's bytes, or null (none yet, no Cache Storage, or it cannot be read). */
async function readSnapshot() {
  if (!snapshotting) return null;
  try {
    const response = await (await caches.open(SNAPSHOTS)).match(snapshotURL);
    return response ? new Uint8Array(await response.arrayBuffer()) : null;
  } catch (error) {
    console.warn("The saved Python start could not be read:", error);
    return null;
  }
}

/** Python from the saved snapshot, or null when there is none or Pyodide refuses it (dropped). */
async function restore(load) {
  const snapshot = await stored;
  stored = null;
  if (!snapshot) return null;
  try {
    const loaded = await load({ _loadSnapshot: snapshot });
    times.snapshot = now();
    // Pyodide keeps its options; the bytes are in Python's memory now, so let them go.
    if (loaded._api?.config) loaded._api.config._loadSnapshot = undefined;
    return loaded;
  } catch (error) {
    console.warn("The saved Python start was refused; Python starts afresh:", error);
    caches.open(SNAPSHOTS).then((cache) => cache.delete(snapshotURL)).catch(() => {});
    return null;
  }
}

/**
 * Python's random module, if imported, restarts from the snapshot's state on every boot: seed it
 * anew from the browser's randomness. (Deals never use it: seeds come from `secrets`.)
 */
function reseed(loaded) {
  loaded.runPython("import sys\nif 'random' in sys.modules: sys.modules['random'].seed()");
}

/**
 * Import the engine, snapshot Python's memory, and store it a little later (see STORE_DELAY_MS);
 * the page hears {type: "ladder-rummy:snapshot", stored}. An import that fails is left to
 * worker.py, which reports it.
 */
function takeSnapshot(loaded) {
  let snapshot;
  try {
    loaded.runPython(ENGINE_IMPORT);
    snapshot = loaded.makeMemorySnapshot();
    times.snapshot_taken = now();
  } catch (error) {
    console.warn("No snapshot of the Python start this time:", error);
    return;
  }
  setTimeout(async () => {
    let stored = false;
    try {
      const cache = await caches.open(SNAPSHOTS);
      // Another build's entry goes (sw.js also drops those); this key's is replaced by the put.
      for (const request of await cache.keys()) if (request.url !== snapshotURL) await cache.delete(request);
      await cache.put(snapshotURL, new Response(snapshot, { headers: { "content-type": "application/octet-stream" } }));
      stored = true;
    } catch (error) {
      console.warn("The Python start could not be saved for next time:", error);
    }
    self.postMessage({ type: "ladder-rummy:snapshot", stored });
  }, STORE_DELAY_MS);
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
 * With `_makeSnapshot`, Pyodide's `js` module is a recording Proxy of globalThis, and a native
 * getter read through it (`js.performance.timeOrigin`) throws "Illegal invocation". Once the
 * snapshot is taken, `js` is globalThis itself again for everything imported from now on
 * (PyScript's modules and worker.py; the engine never imports js). Pyodide's own modules,
 * imported before, keep the proxy for this first boot only; they call functions through it
 * (which it unwraps), they read no native getters.
 */
function unwrapGlobals(loaded) {
  loaded.registerJsModule("js", globalThis);
  loaded.runPython("import sys\nsys.modules.pop('js', None)");
}

/**
 * Pyodide's next fetch of pyodide.asm.wasm answers an empty stand-in, and its instantiateStreaming
 * of that stand-in instantiates `module`: the worker neither downloads nor compiles the wasm.
 * @returns {() => void} puts fetch and instantiateStreaming back if they were not used
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
  return () => {
    globalThis.fetch = fetch;
    wasm.instantiateStreaming = instantiateStreaming;
  };
}
