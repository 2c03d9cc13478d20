// sw.js — the service worker: the whole game from the cache, so it plays with no network.
//
// build.py replaces the token below with build.json: the cache name (`ladder-rummy-<hash>`, the
// hash of every shipped file) and the precache list. A new build is therefore a new sw.js, which
// the browser installs in the background next to the running one.
//
// Two caches: this build's own (the page, scripts, styles, words, icons, build.json), and one
// that outlives builds, `ladder-rummy-files`, for what never changes under its URL (pyodide/<v>/,
// pyscript/<v>/, wheels/<hash>/, boot/<hash>/). Keeping those entries across deploys keeps what
// Chromium stores beside them: the compiled wasm, which makes a warm boot about a second faster.
//
//   install   fetch into this build's cache what it lists, revalidated (a 304 when unchanged);
//             fetch into the shared cache the versioned files it does not hold yet
//   activate  delete older builds' caches, and shared entries this build does not list (files, and
//             a Python snapshot taken with a file it does not ship); and PyScript's IndexedDB
//             stores named after another build's worker directory
//   fetch     same-origin GETs from the caches first, the network for anything else;
//             "/" (and any page URL with a query, such as ?seed=…) is index.html; /api/* always
//             goes to the network (the leaderboard is never answered from a cache)
//   message   {type: "repair"}: fetch again every listed file a cache has lost (the page asks
//             once it runs online; a lost file the page fetches is put back as it goes by too).
//             {type: "skip-waiting"}: a waiting build takes over, but only when the page asking is
//             the only one open, so no game running in another tab changes version under it; it
//             answers {takingOver} on the message's port. site/js/offline.js asks at page start,
//             before the engine starts, and reloads once the new build controls the page.
//
// Without skipWaiting() and clients.claim() otherwise, a new build never takes over a page that
// is already running: it waits for the next load.

const BUILD = __BUILD_JSON__;
const CACHE = BUILD.cache;
const CACHE_PREFIX = "ladder-rummy-";
const FILES = `${CACHE_PREFIX}files`;
// Written by the page's Python worker, not by this one (see site/js/pyodide-worker.js): a snapshot
// of Python started with one Pyodide, engine wheel, worker entry and PyScript. Kept across builds
// while all of them are listed.
const SNAPSHOTS = `${CACHE_PREFIX}python`;
const ROOT = new URL("./", self.location.href);
const INDEX = new URL("index.html", ROOT).href;
const API = new URL("api/", ROOT).pathname;
// Paths whose content never changes under the same URL (versioned or content-hashed by build.py).
const VERSIONED = /^(?:pyodide|pyscript|wheels|boot)\//;
const LOOKS = 5;
const LOOK_AGAIN_MS = 200;

self.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

self.addEventListener("activate", (event) => {
  event.waitUntil(Promise.all([dropOldCaches(), dropOldPyScriptStores()]));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== ROOT.origin || url.pathname.startsWith(API)) return;
  event.respondWith(fromCache(event, request, url));
});

self.addEventListener("message", (event) => {
  if (event.data?.type === "skip-waiting") event.waitUntil(skipWaitingIfAlone(event.ports[0]));
  if (event.data?.type === "repair") event.waitUntil(repair());
});

const LISTED = new Set(BUILD.precache.map((path) => new URL(path, ROOT).href));

/** Fill the caches; any failed file fails the install, so a broken build never activates. */
async function precache() {
  const [own, files] = await Promise.all([caches.open(CACHE), caches.open(FILES)]);
  await Promise.all(BUILD.precache.map((path) => fill(own, files, path)));
}

/**
 * One listed file into its cache: a versioned one only if missing (keep); this build's own
 * revalidated, or only if missing (`missingOnly`, a repair).
 */
async function fill(own, files, path, { missingOnly = false } = {}) {
  const url = new URL(path, ROOT).href;
  if (VERSIONED.test(path)) return keep(files, url);
  if (missingOnly && (await own.match(url))) return undefined;
  return store(own, url, "no-cache");
}

/** A versioned file: fetched once, then kept (the first visit's download is in the HTTP cache). */
async function keep(files, url) {
  if (!(await files.match(url))) await store(files, url, "default");
}

async function store(cache, url, mode) {
  const response = await fetch(url, { cache: mode });
  if (!response.ok) throw new Error(`precache: ${url} answered ${response.status}`);
  await cache.put(url, response);
}

async function dropOldCaches() {
  const names = await caches.keys();
  const old = names.filter((n) => n.startsWith(CACHE_PREFIX) && ![CACHE, FILES, SNAPSHOTS].includes(n));
  const listed = new Set(BUILD.precache.map((path) => new URL(path, ROOT).href));
  const files = await caches.open(FILES);
  const unlisted = (await files.keys()).filter((request) => !listed.has(request.url));
  const snapshots = names.includes(SNAPSHOTS) ? await caches.open(SNAPSHOTS) : null;
  const stale = snapshots ? (await snapshots.keys()).filter((request) => !snapshotListed(request.url, listed)) : [];
  await Promise.all([
    ...old.map((n) => caches.delete(n)),
    ...unlisted.map((request) => files.delete(request)),
    ...stale.map((request) => snapshots.delete(request)),
  ]);
}

/**
 * A snapshot key (`python-snapshot?pyodide=…&stdlib=…&wheel=…&worker=…&pyscript=…`, paths from
 * the root; see site/js/bridge.js) whose every file this build ships.
 */
function snapshotListed(key, listed) {
  const paths = [...new URL(key).searchParams.values()];
  return paths.length >= 5 && paths.every((path) => listed.has(new URL(path, ROOT).href));
}

/**
 * PyScript keeps an IndexedDB per directory of the Pyodide module it loads
 * (`IDBMap/<dir>@<version>`); ours is content-addressed (boot/<hash>/), so a build that changes
 * it leaves the last one behind, empty. Drop those of other builds. Not awaited: a database still
 * open in an old page is deleted once that page goes.
 */
async function dropOldPyScriptStores() {
  if (!BUILD.worker || !self.indexedDB?.databases) return;
  const prefix = `IDBMap/${ROOT.href}boot/`;
  const current = `IDBMap/${new URL(".", new URL(BUILD.worker, ROOT)).href.replace(/\/$/, "")}@`;
  for (const { name } of await indexedDB.databases()) {
    if (name?.startsWith(prefix) && !name.startsWith(current)) indexedDB.deleteDatabase(name);
  }
}

/**
 * The cached answer, else the network's. A page URL is index.html whatever its query. A listed
 * file the cache has lost (storage pressure, a browser's own clean-up) is put back from the
 * network's answer, so the next offline start has it again (a review found a cache left half
 * empty for good, and the page then stuck offline).
 */
async function fromCache(event, request, url) {
  const versioned = VERSIONED.test(url.pathname.slice(ROOT.pathname.length));
  const cache = await caches.open(versioned ? FILES : CACHE);
  const page = request.mode === "navigate" || url.pathname === ROOT.pathname;
  const key = page && (url.pathname === ROOT.pathname || url.href.startsWith(INDEX)) ? INDEX : request;
  const cached = await cache.match(key, { ignoreVary: true, ignoreSearch: page });
  if (cached) return cached;
  const response = await fetch(request);
  const href = key === INDEX ? INDEX : url.href;
  if (response.status === 200 && !response.redirected && LISTED.has(href) && !request.headers.has("range")) {
    event.waitUntil(cache.put(href, response.clone()).catch(() => {}));
  }
  return response;
}

/**
 * Put back every listed file a cache has lost (the page asks once it runs online): those it
 * never requests on that visit too, such as the replay viewer's, so every screen plays offline
 * again. A file the network cannot give now is left for the next time.
 */
async function repair() {
  const [own, files] = await Promise.all([caches.open(CACHE), caches.open(FILES)]);
  // A file the network cannot give now (offline, the server away) waits for the next repair.
  await Promise.all(BUILD.precache.map((path) => fill(own, files, path, { missingOnly: true }).catch(() => {})));
}

/** Take over if the asking page is the only one open; answer on `reply` whether it will. */
async function skipWaitingIfAlone(reply) {
  // On a reload the page's previous document can still count as open for a moment: look again.
  for (let look = 0; look < LOOKS; look += 1) {
    const pages = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    if (pages.length <= 1) {
      reply?.postMessage({ takingOver: true });
      await self.skipWaiting();
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, LOOK_AGAIN_MS));
  }
  reply?.postMessage({ takingOver: false });
}
