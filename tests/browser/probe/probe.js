// Boots a PyScript PyWorker on the self-hosted Pyodide, installs the engine
// wheel from build.json and calls into Python once. Reports on <html>:
// data-python="ready" | "error", and window.probe = {version, readyMs, bootMs,
// callMs}: readyMs counts from navigation start, bootMs from this module.
// With ?no-version it leaves out the `version` option, to show that PyScript
// then imports Pyodide from its CDN (the test browser resolves no such host).
const status = document.getElementById("status");
const started = performance.now();
// A blocked worker (CSP) never settles PyWorker's promise: give up instead.
const TIMEOUT_MS = 60_000;

async function boot() {
  const base = new URL("../", import.meta.url);
  const build = await (await fetch(new URL("build.json", base), { cache: "no-cache" })).json();
  const { PyWorker } = await import(new URL(build.pyscript, base).href);
  // A PyWorker made before PyScript has defined <py-script> may start
  // without the `pyscript` module (TECH-NOTES): wait for the definition.
  await customElements.whenDefined("py-script");
  const options = {
    type: "pyodide",
    // The self-hosted pyodide.mjs, as an absolute URL (the worker runs from
    // a blob: URL, against which a relative one cannot resolve). Without it
    // PyScript imports Pyodide from its CDN.
    version: new URL(build.pyodide, base).href,
    // probe.py awaits at top level (loadPackage).
    async: true,
    config: { engine_wheel: new URL(build.wheel, base).href },
  };
  if (new URLSearchParams(location.search).has("no-version")) delete options.version;
  const worker = await PyWorker(new URL("probe.py", import.meta.url).href, options);
  const readyMs = performance.now();
  const bootMs = readyMs - started;
  const callStarted = performance.now();
  const version = await worker.sync.engine_version();
  const callMs = performance.now() - callStarted;
  return { version, readyMs, bootMs, callMs, engine: build.engine };
}

const timeout = new Promise((_, reject) =>
  setTimeout(() => reject(new Error(`no Python after ${TIMEOUT_MS} ms`)), TIMEOUT_MS));

Promise.race([boot(), timeout]).then(
  (result) => {
    window.probe = result;
    status.textContent = `Python ready: ladder_rummy ${result.version}`;
    document.documentElement.dataset.python = "ready";
  },
  (error) => {
    window.probe = { error: String(error) };
    status.textContent = `Python failed: ${error}`;
    document.documentElement.dataset.python = "error";
    console.error(error);
  },
);
