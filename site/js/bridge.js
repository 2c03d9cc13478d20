// bridge.js — the only module that talks to Python.
//
// It starts PyScript's PyWorker on the self-hosted Pyodide (explicit URLs, so
// nothing is fetched from a CDN), installs the engine wheel named in
// build.json, and wraps the adapter calls of docs/ENGINE-API.md. Every call
// resolves to a plain object; a Python exception never reaches the player as
// a traceback, it becomes `{ok: false, crash: true}`.

const BOOT_TIMEOUT_MS = 120_000; // slow phones on a slow line still boot well within this
const CALL_TIMEOUT_MS = 30_000;  // one adapter call (a person's move plus three computer turns)

/** A failure to start Python or to talk to it: the page shows Retry. */
export class BridgeError extends Error {
  constructor(stage, cause) {
    super(`engine ${stage} failed`);
    this.name = "BridgeError";
    this.stage = stage; // "config" | "pyscript" | "python" | "engine" | "call" | "network"
    this.cause = cause;
  }
}

function withTimeout(promise, ms, stage) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new BridgeError(stage, "timeout")), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Where the self-hosted runtime and the wheel are: build.py writes it into the page itself
 * (#build-info), so Python starts without a round trip first; build.json is the fallback.
 */
async function loadBuildInfo(base) {
  const inline = document.getElementById("build-info")?.textContent;
  let info;
  if (inline) {
    info = JSON.parse(inline);
  } else {
    const response = await fetch(new URL("build.json", base), { cache: "no-cache" });
    if (!response.ok) throw new BridgeError("config", response.status);
    info = await response.json();
  }
  const wheel = info.wheel || info.wheel_path || info.engine_wheel;
  const pyodide = info.pyodide || info.pyodide_dir || info.pyodide_path;
  const pyscript = info.pyscript || info.pyscript_dir || info.pyscript_path;
  // build.py moves pyodide-worker.js and worker.py to boot/<hash>/ (cached for good).
  const { worker, worker_py: workerPy } = info;
  if (!wheel || !pyodide || !pyscript || !worker || !workerPy) throw new BridgeError("config", "build.json is incomplete");
  const dir = (path) => new URL(path.endsWith("/") ? path : `${path}/`, base);
  const pyodideDir = /\.m?js$/.test(pyodide) ? new URL(".", new URL(pyodide, base)) : dir(pyodide);
  const pyscriptDir = /\.m?js$/.test(pyscript) ? new URL(".", new URL(pyscript, base)) : dir(pyscript);
  const urls = {
    wheelURL: new URL(wheel, base).href,
    pyodideURL: new URL("pyodide.mjs", pyodideDir).href,
    // The standard library cut to what the game imports, and a lockfile of no packages (build.py);
    // npm's own, beside them, if the build names none.
    stdlibURL: new URL(info.stdlib ?? "python_stdlib.zip", info.stdlib ? base : pyodideDir).href,
    lockfileURL: new URL(info.lockfile ?? "pyodide-lock.json", info.lockfile ? base : pyodideDir).href,
    pyscriptURL: new URL("core.js", pyscriptDir).href,
    workerURL: new URL(workerPy, base).href,
    // PyWorker's "version": an absolute URL (the worker runs from a blob:); without one, PyScript
    // imports Pyodide from its CDN. pyodide-worker.js loads the self-hosted pyodide.mjs.
    workerPyodideURL: new URL(worker, base).href,
  };
  // What a first visit downloads (build.py: bytes, and about how many of them cross the network).
  const sizes = new Map(Object.entries(info.sizes ?? {}).map(([path, size]) => [new URL(path, base).href, size]));
  // The Cache Storage key of the started-Python snapshot (see pyodide-worker.js).
  return { ...urls, sizes, snapshotURL: snapshotKey(base, urls) };
}

// What arrived of each file a first visit downloads, by URL (bytes as the page reads them).
const arrived = new Map();
let expected = new Map();

/**
 * How much of the first visit's download has arrived: {received, total}, in bytes over the network
 * (build.py's estimate of each file's compressed size, times the share of it that arrived). Both 0
 * when nothing is being downloaded (later visits load from the service worker). progress.js reads it.
 */
export function downloaded() {
  let received = 0;
  let total = 0;
  for (const [url, [size, wire]] of expected) {
    total += wire;
    received += wire * Math.min(1, (arrived.get(url) ?? 0) / size);
  }
  return { received, total };
}

/** A sink for a downloaded body that counts what arrives and drops it. */
function counted(url) {
  arrived.set(url, 0);
  return new WritableStream({ write(chunk) { arrived.set(url, arrived.get(url) + chunk.byteLength); } });
}

/**
 * `python-snapshot?pyodide=…&stdlib=…&wheel=…&worker=…&pyscript=…`: every file whose change could
 * change what a snapshot holds or how it is taken, as paths from the site's root. All are versioned
 * or content-addressed, so a new one is a new key; sw.js drops a key when a build lists any no more.
 */
function snapshotKey(base, urls) {
  const root = new URL("./", base).href;
  const path = (url) => (url.startsWith(root) ? url.slice(root.length) : url);
  const params = {
    pyodide: urls.pyodideURL, stdlib: urls.stdlibURL, wheel: urls.wheelURL, worker: urls.workerPyodideURL, pyscript: urls.pyscriptURL,
  };
  const query = new URLSearchParams(Object.entries(params).map(([key, url]) => [key, path(url)]));
  return new URL(`python-snapshot?${query}`, root).href;
}

/**
 * Start downloading what the worker will ask for (its Python file and Pyodide entry, pyodide.mjs,
 * Pyodide's other big files, the wheel) now, while PyScript loads and its worker spins up: the worker then finds
 * them in the HTTP cache (same URLs; all versioned or content-addressed, so cached for good). Bodies are read and
 * dropped. Under the service worker everything is already on the device: nothing to fetch.
 * @param {{response: Promise<Response>, downloaded?: Promise<void>}} wasm the page's own fetch of
 *   the wasm (see compileWasm)
 * @returns {Promise<never>} rejects with a "network" BridgeError if a download fails: the network
 *   went away during a first visit, and the worker, waiting on the same file, would hang.
 */
function prefetch(info, wasm) {
  return new Promise((_, reject) => {
    const lost = (error) => {
      networkGone = true;
      reject(new BridgeError("network", error));
    };
    wasm.response.catch(lost);
    wasm.downloaded?.catch(lost); // a first visit's download that breaks off midway
    if (navigator.serviceWorker?.controller) return;
    expected = info.sizes;
    const asm = new URL("pyodide.asm.mjs", info.pyodideURL).href;
    // In the order the worker needs them; high priority, ahead of the page's own modules: the
    // worker's chain (its entry, pyodide.mjs, pyodide.asm.mjs, then Python's start) is the boot.
    for (const url of [info.workerURL, info.workerPyodideURL, info.pyodideURL, asm, info.stdlibURL, info.lockfileURL, info.wheelURL]) {
      fetch(url, { priority: "high" })
        .then((response) => response.body?.pipeTo(counted(url)))
        .catch(lost);
    }
  });
}

/**
 * Compile Pyodide's wasm here, on the page, for the worker (site/js/pyodide-worker.js asks for
 * it) — on every visit but the first. Chromium keeps the machine code of a page's compile, once
 * the worker has run it, for the next visit; of a dedicated worker's own compile it kept none in
 * our measurements, so every later boot would compile Pyodide afresh.
 *
 * A first visit (no service worker yet) has nothing to reuse, and there Python started markedly
 * quicker in a worker that compiled its own module (bench/page.py, cold: ~0.3-0.5 s of a ~2.8 s
 * boot; the page's streaming compile also holds its main thread in 40 ms slices just when the
 * worker needs it to answer). So the page only downloads the file early, and the worker compiles
 * it from the HTTP cache.
 * @returns {{response: Promise<Response>, downloaded?: Promise<void>, module: Promise<WebAssembly.Module | null>}}
 *   downloaded: a first visit's whole download (prefetch reports it if it breaks off)
 */
function compileWasm(info) {
  const url = new URL("pyodide.asm.wasm", info.pyodideURL).href;
  const response = fetch(url, { priority: "high" });
  if (!navigator.serviceWorker?.controller) {
    const downloaded = response.then((r) => r.body?.pipeTo(counted(url)));
    return { response, downloaded, module: Promise.resolve(null) };
  }
  const module = WebAssembly.compileStreaming(response).then((compiled) => {
    performance.mark("ladder-rummy:wasm-compiled");
    return compiled;
  }, (error) => {
    console.warn("The page could not compile Pyodide; its worker will:", error);
    return null;
  });
  return { response, module };
}

let networkGone = false;

/**
 * When the network goes away during a boot, PyScript's own downloads (the worker's script, say)
 * fail too, and PyScript leaves those rejections unhandled. The bridge already reports the lost
 * network as a BridgeError the page turns into words: those are warnings, not page errors.
 */
addEventListener("unhandledrejection", (event) => {
  if (!(networkGone || !navigator.onLine)) return;
  if (!(event.reason instanceof TypeError) || !/fetch/i.test(event.reason.message)) return;
  event.preventDefault();
  console.warn("A download failed after the network was lost:", event.reason);
});

// What the worker of the boot under way asks for: the files to load, and the compiled wasm.
let forWorker = { urls: {}, module: Promise.resolve(null) };

let watching = false;

/**
 * Every PyScript worker: its failure (say, its Pyodide download broke off) is logged by PyScript
 * with console.error; the bridge reports it itself, as a BridgeError the page turns into words, so
 * a warning is enough. And its request for Pyodide's URL and the compiled wasm is answered.
 */
function watchWorkers(hooks) {
  if (watching) return;
  watching = true;
  hooks.main.onWorker.add((_, xworker) => {
    xworker.onerror = (event) => console.warn("The Python worker failed:", event.error ?? event.message ?? event);
    xworker.addEventListener("message", (event) => {
      if (event.data?.type === "ladder-rummy:snapshot") {
        event.stopImmediatePropagation();
        document.documentElement.dataset.snapshot = event.data.stored ? "stored" : "failed"; // tests and bench wait for it
        return;
      }
      if (event.data?.type !== "ladder-rummy:wasm") return;
      event.stopImmediatePropagation();
      const [port] = event.ports;
      const { urls, module } = forWorker;
      port.postMessage({
        pyodide: urls.pyodideURL, stdlib: urls.stdlibURL, lockfile: urls.lockfileURL, wheel: urls.wheelURL, snapshot: urls.snapshotURL,
      });
      module.then((compiled) => port.postMessage({ module: compiled }));
    });
  });
}

// The latest start; `taken` once a caller with a progress display has it.
let current = null;

/**
 * Start Python and the engine.
 *
 * site/js/start.js calls this with `early: true` as soon as the page's first small modules have
 * loaded, before main.js's larger module graph; game.js's call then takes over that start and is
 * told the stages already passed. A later call (Retry) starts afresh.
 * @param {{onStage?: (stage: string) => void, base?: string, early?: boolean}} options
 *   onStage: called with "config", "pyscript", "python", "engine", "ready" as each step begins.
 * @returns {Promise<Engine>}
 */
export function startEngine({ onStage = () => {}, base = document.baseURI, early = false } = {}) {
  if (early) {
    current ??= begin(base);
    return current.engine;
  }
  if (!current || current.taken) current = begin(base);
  current.taken = true;
  current.listen(onStage);
  return current.engine;
}

/** One start: its promise, and the stages it passed, for a listener that comes late. */
function begin(base) {
  const passed = [];
  const listeners = new Set();
  const onStage = (stage) => {
    performance.mark(`ladder-rummy:stage:${stage}`);
    passed.push(stage);
    for (const listener of listeners) listener(stage);
  };
  const engine = boot(base, onStage);
  engine.catch(() => {}); // the caller that takes this start handles it
  return {
    engine,
    taken: false,
    listen(listener) {
      for (const stage of passed) listener(stage);
      listeners.add(listener);
    },
  };
}

async function boot(base, onStage) {
  onStage("config");
  const info = await loadBuildInfo(base).catch((error) => {
    throw error instanceof BridgeError ? error : new BridgeError("config", error);
  });

  // PyScript first: over HTTP/1.1 the big downloads would take the connections it needs.
  const pyscript = import(info.pyscriptURL);
  pyscript.catch(() => {}); // awaited below
  // Compiled on the page from the second visit on (see compileWasm), by the worker on the first.
  const wasm = compileWasm(info);
  forWorker = { urls: info, module: wasm.module };
  const networkLost = prefetch(info, wasm);
  networkLost.catch(() => {}); // raced below, where it matters

  onStage("pyscript");
  let PyWorker;
  try {
    let hooks;
    ({ PyWorker, hooks } = await pyscript);
    performance.mark("ladder-rummy:pyscript-imported");
    watchWorkers(hooks);
    // PyWorker started before PyScript has defined its elements fails about half the time.
    await withTimeout(customElements.whenDefined("py-script"), BOOT_TIMEOUT_MS, "pyscript");
  } catch (error) {
    throw error instanceof BridgeError ? error : new BridgeError("pyscript", error);
  }

  onStage("python");
  let worker;
  try {
    worker = await withTimeout(
      Promise.race([PyWorker(info.workerURL, { type: "pyodide", version: info.workerPyodideURL, config: { engine_wheel: info.wheelURL } }), networkLost]),
      BOOT_TIMEOUT_MS,
      "python",
    );
  } catch (error) {
    throw error instanceof BridgeError ? error : new BridgeError("python", error);
  }

  onStage("engine");
  let booted;
  try {
    booted = JSON.parse(await withTimeout(Promise.race([worker.sync.boot(info.wheelURL), networkLost]), BOOT_TIMEOUT_MS, "engine"));
  } catch (error) {
    worker.terminate();
    throw error instanceof BridgeError ? error : new BridgeError("engine", error);
  }
  if (!booted.ok) {
    worker.terminate();
    throw new BridgeError("engine", booted.crash);
  }
  // Inside the worker (epoch ms): spawn, Python code start, wheel on sys.path, engine imported.
  for (const [name, at] of Object.entries(booted.at || {})) {
    performance.mark(`ladder-rummy:worker:${name}`, { startTime: at - performance.timeOrigin });
  }
  onStage("ready");
  performance.mark("ladder-rummy:engine-ready");
  return new Engine(worker, booted.py_ms);
}

/** The adapter calls, one at a time, as plain objects. */
export class Engine {
  constructor(worker, bootMs) {
    this.worker = worker;
    this.bootMs = bootMs;
    this.timings = []; // Python time of every call, ms: {call, ms}
    this.queue = Promise.resolve();
  }

  /** @param {{mode: "daily", date: string} | {mode: "new", difficulty: string, seed?: string}} args */
  newGame(args) { return this.call("new_game", JSON.stringify(args)); }

  /** @param {string} command a canonical action string, e.g. "draw stock" */
  act(command) { return this.call("act", command); }

  /** @param {object} save the Save object of an earlier answer */
  resume(save) { return this.call("resume", JSON.stringify(save)); }

  /** Whether the person's action would be accepted now: {ok, action} or the refusal act would give; nothing changes. */
  check(command) { return this.call("check", command); }

  /** Each Arrange slot's cards ("7H 7S 7C") judged as its meld of the contract: {ok, slots: [{ok} | refusal]}. */
  checkSlots(slots) { return this.call("check_slots", JSON.stringify({ slots })); }

  current() { return this.call("current"); }

  /** New Game only: Normal's move for the person now, {ok, hint: "discard KC"}; refused in the Daily. */
  hint() { return this.call("hint"); }

  /** The last `count` events of the game in progress, as the person saw them (to rebuild the Plays log). */
  recentEvents(count) { return this.call("recent_events", count); }

  /** Open a replay of any game ({mode, date, seed, difficulty, log}): {ok, frame} (frame 0). */
  watch(save) { return this.call("watch", JSON.stringify(save)); }

  /** Frame `index` of the open replay, every hand face up: {ok, frame}. */
  watchFrame(index) { return this.call("watch_frame", index); }

  /** Replay a challenge's moves ({seed, difficulty, engine, moves}): {ok, result, log} or {ok: false, error}. */
  challenge(args) { return this.call("challenge", JSON.stringify(args)); }

  /** What a challenge link carries of a finished New Game's save: {ok, result, moves}. */
  challengeLink(save) { return this.call("challenge_link", JSON.stringify(save)); }

  /** {mine, theirs} results → {ok, outcome: "won" | "lost" | "tied"}, by the game's ranking. */
  compare(args) { return this.call("compare", JSON.stringify(args)); }

  call(name, ...args) {
    const run = async () => {
      const start = performance.now();
      let text;
      try {
        text = await withTimeout(this.worker.sync[name](...args), CALL_TIMEOUT_MS, "call");
      } catch (error) {
        console.warn("engine call failed", name, error);
        return { ok: false, crash: true };
      }
      const reply = JSON.parse(text);
      this.timings.push({ call: name, ms: reply.py_ms });
      // Visible to performance tools (bench/page.py): the round trip, and Python's own time.
      performance.measure(`ladder-rummy:${name}`, { start, detail: { py_ms: reply.py_ms } });
      if (reply.crash) return { ok: false, crash: true };
      return reply.answer;
    };
    const result = this.queue.then(run);
    this.queue = result.catch(() => {});
    return result;
  }

  terminate() { this.worker.terminate(); }
}
