// Replace a name shown on the leaderboard (netlify/lib/moderation.mjs says what changes).
//
//   node netlify/moderate.mjs --player 3f2a9c0b1d4e5f67 --name "Player 3f2a" [--dry-run]
//
// The store: the deployed site's when NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN are set (a personal
// access token of the site's team), else the local one `python build.py serve` uses (.blobs/, or
// --blobs DIR). --player is the public id of a board row (the leaderboard GET's `player`).

import path from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { getStore } from "@netlify/blobs";
import { startLocalBlobs } from "./lib/local-blobs.mjs";
import { renamePlayer } from "./lib/moderation.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const STORE = "leaderboard";

const { values } = parseArgs({
  options: {
    player: { type: "string" },
    name: { type: "string" },
    "dry-run": { type: "boolean", default: false },
    blobs: { type: "string", default: process.env.LADDER_RUMMY_BLOBS_DIR || path.join(ROOT, ".blobs") },
  },
});
if (!values.player || values.name === undefined) {
  console.error('usage: node netlify/moderate.mjs --player <public id> --name "<new name>" [--dry-run] [--blobs DIR]');
  process.exit(2);
}

const { NETLIFY_SITE_ID: siteID, NETLIFY_AUTH_TOKEN: token } = process.env;
const local = siteID && token ? null : await startLocalBlobs({ directory: values.blobs });
const store = local ? local.store(STORE) : getStore({ name: STORE, siteID, token, consistency: "strong" });
try {
  const keys = await renamePlayer(store, { player: values.player, name: values.name, dryRun: values["dry-run"] });
  const where = local ? values.blobs : `site ${siteID}`;
  console.log(`${values["dry-run"] ? "would change" : "changed"} ${keys.length} blob(s) in ${where}${keys.length ? ":" : ""}`);
  for (const key of keys) console.log(`  ${key}`);
} catch (error) {
  console.error(`moderate: ${error.message}`);
  process.exitCode = 1;
} finally {
  await local?.stop();
}
