// Pyodide in Node with the engine wheel installed: the same engine, on the same
// Python, as the page runs. The leaderboard function replays games with it, and
// engine checks can run under it:
//
//   import { loadEngine } from "../tools/pyodide_node.mjs";
//   const pyodide = await loadEngine();            // dist/engine/ladder_rummy.whl
//   pyodide.runPython("from ladder_rummy import adapter");
//
//   node tools/pyodide_node.mjs run tests/golden_check.py [args...]
//
// Needs only node_modules/pyodide and a built wheel (python build.py): no network.
// A missing file is an EngineFilesMissing error naming it, thrown before Pyodide starts.

import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import process from "node:process";
import { fileURLToPath, pathToFileURL } from "node:url";
import { loadPyodide } from "pyodide";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const STABLE_WHEEL = path.join("dist", "engine", "ladder_rummy.whl"); // written by build.py

/**
 * What loadPyodide reads from its package directory at run time, besides the
 * pyodide.mjs that imports it: the Emscripten module, the wasm, the standard
 * library and the lockfile. A bundler that follows imports (Netlify's nft)
 * copies none of them, so netlify.toml lists them in included_files (the
 * bundling test checks that it lists every one).
 */
export const PYODIDE_RUNTIME_FILES = Object.freeze(["pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"]);

let loaded = null; // { wheel, promise }: one interpreter per process
const mounts = new Set(); // host folders mounted into that interpreter

/** A file the engine needs is not where it should be: the cause of a 503, not a crash. */
export class EngineFilesMissing extends Error {
  constructor(missing) {
    super(`the engine cannot start: missing ${missing.join(", ")}`);
    this.name = "EngineFilesMissing";
    this.missing = missing;
  }
}

/**
 * The engine wheel to install: the argument, else $LADDER_RUMMY_WHEEL, else
 * dist/engine/ladder_rummy.whl of this repository, found from this module's own
 * location (never from the working directory, which a host chooses). A bundled
 * function passes the path it computes from its own module (netlify/functions/).
 */
export function findWheel(wheelPath) {
  const candidates = wheelPath ? [wheelPath] : [process.env.LADDER_RUMMY_WHEEL, path.join(ROOT, STABLE_WHEEL)].filter(Boolean);
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) {
    throw new EngineFilesMissing([`the engine wheel (${candidates.join(" or ")}: run python build.py)`]);
  }
  return path.resolve(found);
}

/**
 * The directory of the installed pyodide package. Passed explicitly as
 * indexURL: Pyodide's own guess breaks under --enable-source-maps and bundlers.
 */
export function pyodideDir() {
  return path.dirname(fileURLToPath(import.meta.resolve("pyodide")));
}

/**
 * Throw EngineFilesMissing, naming each one, unless every Pyodide runtime file
 * is present. Checked before loadPyodide: a missing stdlib makes Pyodide fail
 * in a promise nobody can catch, which ends the whole process.
 */
export function checkRuntime(dir = pyodideDir()) {
  const missing = PYODIDE_RUNTIME_FILES.filter((name) => !existsSync(path.join(dir, name)))
    .map((name) => `node_modules/pyodide/${name}`);
  if (missing.length) throw new EngineFilesMissing(missing);
}

/**
 * Load Pyodide and install the engine wheel into its site-packages, once per
 * process: a warm function invocation reuses the interpreter (about 2.5 s to
 * start, 170 MB). Calling again with another wheel is an error rather than a
 * silent mix of engines.
 * @param {{wheelPath?: string}} [options]
 * @returns {Promise<import("pyodide").PyodideAPI>}
 */
export async function loadEngine({ wheelPath } = {}) {
  const wheel = findWheel(wheelPath);
  if (loaded && loaded.wheel !== wheel) {
    throw new Error(`the engine is already loaded from ${loaded.wheel}, not ${wheel}`);
  }
  if (!loaded) {
    loaded = { wheel, promise: startPyodide(wheel) };
    loaded.promise.catch(() => { loaded = null; }); // a failed start may be retried
  }
  return loaded.promise;
}

async function startPyodide(wheel) {
  const dir = pyodideDir();
  checkRuntime(dir);
  const pyodide = await loadPyodide({ indexURL: dir + path.sep });
  // unpackArchive installs the wheel's files as they are: no lockfile, no micropip.
  // Into site-packages (the default is the working directory), with its
  // dist-info, as an installer would. A Node Buffer is not a typed array
  // Pyodide accepts: hence the Uint8Array.
  const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
  pyodide.unpackArchive(new Uint8Array(await readFile(wheel)), "wheel", { extractDir: sitePackages });
  pyodide.runPython("import importlib; importlib.invalidate_caches(); import ladder_rummy");
  return pyodide;
}

/**
 * Run a Python file in the engine's Pyodide as `__main__`, like `python FILE ARGS`.
 * The repository is mounted at its own path, so the file can read its data
 * files and import its neighbours. Returns the exit code: 0, the code of
 * SystemExit, or 1 after printing the traceback of any other exception.
 */
export async function runFile(file, args = [], options = {}) {
  const script = path.resolve(file);
  const pyodide = await loadEngine(options);
  pyodide.setStdout({ write: (bytes) => { process.stdout.write(bytes); return bytes.length; } });
  pyodide.setStderr({ write: (bytes) => { process.stderr.write(bytes); return bytes.length; } });
  const mounted = mountHost(pyodide, script);
  const runner = pyodide.runPython(`
import os, runpy, sys

def run(script, args, cwd):
    os.chdir(cwd)
    sys.argv = [script, *args]
    sys.path.insert(0, os.path.dirname(script))
    try:
        runpy.run_path(script, run_name="__main__")
    except SystemExit as exit:
        if exit.code is None or isinstance(exit.code, int):
            return exit.code or 0
        print(exit.code, file=sys.stderr)
        return 1
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
    return 0

run
`);
  try {
    const cwd = isInside(process.cwd(), mounted) ? process.cwd() : mounted;
    return runner(script, pyodide.toPy(args), cwd);
  } catch (error) {
    process.stderr.write(`${error.message}\n`);
    return 1;
  } finally {
    runner.destroy();
  }
}

/** Mount the repository (or, outside it, the script's folder) at the same path. */
function mountHost(pyodide, script) {
  const hostDir = path.resolve(isInside(script, ROOT) ? ROOT : path.dirname(script));
  if (!mounts.has(hostDir)) {
    pyodide.FS.mkdirTree(hostDir);
    pyodide.mountNodeFS(hostDir, hostDir);
    mounts.add(hostDir);
  }
  return hostDir;
}

function isInside(child, parent) {
  const relative = path.relative(parent, child);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}

async function main(argv) {
  const [command, file, ...args] = argv;
  if (command !== "run" || !file) {
    process.stderr.write("usage: node tools/pyodide_node.mjs run <python-file> [args...]\n");
    return 2;
  }
  try {
    return await runFile(file, args);
  } catch (error) {
    // Not the script's failure: Pyodide or the wheel could not be loaded.
    process.stderr.write(`pyodide_node: ${error.message}\n`);
    return 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  process.exitCode = await main(process.argv.slice(2));
}
