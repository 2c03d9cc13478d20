// Bundle the functions the way a Netlify deploy does: Netlify's own bundler
// (@netlify/zip-it-and-ship-it, the version `netlify build` uses) with the
// [functions] settings of netlify.toml, into zips ready for Lambda.
//
//   node netlify/bundle.mjs OUT_DIR      prints what the bundler reports, and the sizes
//
//   import { bundleFunctions } from "./bundle.mjs";
//   const [fn] = await bundleFunctions(outDir);   // fn.path: the zip; fn.bundler: "nft"
//
// Needs Node >= 22.12 (the bundler's own requirement) and a built wheel
// (python build.py): included_files names it.

import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { zipFunctions } from "@netlify/zip-it-and-ship-it";
import toml from "toml";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

// netlify.toml's [functions] keys as the bundler's config names them (what
// @netlify/build passes on). A key missing here is an error, not a setting
// silently dropped from the test's bundle.
const CONFIG_KEYS = Object.freeze({
  included_files: "includedFiles",
  node_bundler: "nodeBundler",
  external_node_modules: "externalNodeModules",
  ignored_node_modules: "ignoredNodeModules",
  node_version: "nodeVersion",
  schedule: "schedule",
});

/**
 * The bundler's inputs from netlify.toml: the functions directory, the
 * per-function config ({"*": {...}} for the top-level keys, {name: {...}} for
 * [functions.name]) and the Node version functions run on (NODE_VERSION).
 */
export async function functionsSettings(tomlPath = path.join(ROOT, "netlify.toml")) {
  const parsed = toml.parse(await readFile(tomlPath, "utf8"));
  const { directory = "netlify/functions", ...rest } = parsed.functions ?? {};
  const nodeVersion = parsed.build?.environment?.NODE_VERSION;
  const config = {};
  const convert = (settings, where) => {
    const out = nodeVersion ? { nodeVersion: String(nodeVersion) } : {};
    for (const [key, value] of Object.entries(settings)) {
      if (!(key in CONFIG_KEYS)) throw new Error(`netlify.toml ${where}: ${key} is not a setting this bundling knows`);
      out[CONFIG_KEYS[key]] = value;
    }
    return out;
  };
  const top = Object.fromEntries(Object.entries(rest).filter(([, v]) => typeof v !== "object" || Array.isArray(v)));
  config["*"] = convert(top, "[functions]");
  for (const [name, value] of Object.entries(rest)) {
    if (value && typeof value === "object" && !Array.isArray(value)) config[name] = { ...config["*"], ...convert(value, `[functions.${name}]`) };
  }
  return { directory: path.join(ROOT, directory), config, nodeVersion };
}

/**
 * Zip every function into outDir as `netlify build` would; resolves to the
 * bundler's report of each (path, bundler, includedFiles, runtimeVersion, …).
 */
export async function bundleFunctions(outDir, { tomlPath } = {}) {
  const { directory, config } = await functionsSettings(tomlPath);
  return zipFunctions(directory, outDir, { basePath: ROOT, repositoryRoot: ROOT, config, manifest: path.join(outDir, "manifest.json") });
}

async function main(argv) {
  const [outDir] = argv;
  if (!outDir) {
    process.stderr.write("usage: node netlify/bundle.mjs OUT_DIR\n");
    return 2;
  }
  const functions = await bundleFunctions(path.resolve(outDir));
  for (const fn of functions) {
    const { size } = await stat(fn.path);
    process.stdout.write(`${JSON.stringify({
      name: fn.name, path: fn.path, bundler: fn.bundler, bundlerReason: fn.bundlerReason,
      runtimeVersion: fn.runtimeVersion, zipBytes: size, includedFiles: fn.includedFiles?.map((f) => path.relative(ROOT, f)),
    })}\n`);
  }
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
