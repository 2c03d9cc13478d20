// POST and GET /api/leaderboard: replay-verified Daily results in Netlify Blobs.
// The logic lives in ../lib/leaderboard.mjs (createHandler, which the tests and
// the local dev server call with their own store); this file wires it to the
// site's "leaderboard" store and to the engine in Pyodide.
//
// Netlify bundles this module with nft (always, for a Functions v2 module): the
// modules it imports are bundled into this file, which keeps its place in the
// zip (netlify/functions/leaderboard.mjs), and the files read at run time (the
// wheel, Pyodide's runtime) come from netlify.toml's included_files at their
// repository paths. So the wheel is found from this module's own URL, which is
// the same in the repository and in the bundle, and never from the working
// directory. netlify/tests/bundle.test.mjs runs the real bundle.

import { fileURLToPath } from "node:url";
import { getStore } from "@netlify/blobs";
import { getEngine } from "../lib/engine.mjs";
import { createHandler } from "../lib/leaderboard.mjs";

export { createHandler };

const WHEEL = fileURLToPath(new URL("../../dist/engine/ladder_rummy.whl", import.meta.url));
const engine = () => getEngine({ wheelPath: WHEEL });

// Start Pyodide while the instance initializes; warm invocations reuse it.
// A failed load (a missing file, say) is logged here, forgotten by getEngine,
// and tried again by the next request that needs the engine, which answers 503
// if it fails again. Board reads never need it.
engine().catch((error) => console.error(`leaderboard: the engine failed to load: ${error.message}`));

const handler = createHandler({
  // Per request: the runtime provides the Blobs context with each invocation.
  store: () => getStore({ name: "leaderboard", consistency: "strong" }),
  engine,
});

export default async (req, context) => handler(req, context);

// Netlify's own rate limit, counted at its edge across every instance (per client address and
// site): a page makes a few requests a minute, a script many. Netlify's bundler reads this object
// from the source, so it must be written out here as a literal. The handler adds per-instance
// limits and, in the store, at most a few player ids per network and date.
export const config = {
  path: "/api/leaderboard",
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
