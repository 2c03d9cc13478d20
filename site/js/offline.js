// offline.js — the service worker's side of the page: registration, updates, and a clear message
// when the page's own scripts could not load.
//
// index.html loads this module on its own, before main.js, and it imports nothing statically, so
// it still runs when the rest of the page failed to download (a first visit that lost the network).
//
// Updates (see sw.js): a new build installs in the background while a game runs and takes over
// on the next load. At page start, before the engine starts, a waiting build is asked to take
// over and the page reloads once under it; the game in progress is in localStorage and resumes.
//
// <html data-offline="ready"> says that this build's service worker is active: from then on the
// game loads with no network (tests and the bench wait for it).

const SW_URL = new URL("../sw.js", import.meta.url);
const SCOPE = new URL("../", import.meta.url);
// Chromium swaps the workers once the old one has stopped. A request that reaches the old one
// just then (the browser fetching the favicon after the load, say) starts it again, and the swap
// then waits for its idle timeout, 30 s. So the page asks once it has loaded and gone quiet, and
// gives up after TAKEOVER_TIMEOUT_MS: it then runs the current build, and the next load asks again.
const QUIET_MS = 300;
const TAKEOVER_TIMEOUT_MS = 3000;

let decision = null;

/**
 * If a newer build is waiting, let it take over and reload under it. Asked by start.js and
 * main.js alike; it runs once.
 * @returns {Promise<boolean>} true when the page is reloading (start nothing)
 */
export function takeWaitingUpdate() {
  decision ??= decide();
  return decision;
}

async function decide() {
  if (!("serviceWorker" in navigator) || !navigator.serviceWorker.controller) return false;
  const registration = await navigator.serviceWorker.getRegistration(SCOPE);
  const waiting = registration?.waiting;
  if (!waiting) return false;
  if (document.readyState !== "complete") await new Promise((resolve) => addEventListener("load", resolve, { once: true }));
  await delay(QUIET_MS);
  const changed = new Promise((resolve) => {
    navigator.serviceWorker.addEventListener("controllerchange", () => resolve(true), { once: true });
  });
  // Declined: another tab is open, so this page runs the current build and the new one waits.
  if (!(await askToTakeOver(waiting))) return false;
  if (!(await Promise.race([changed, delay(TAKEOVER_TIMEOUT_MS)]))) return false;
  location.reload();
  return true;
}

/** Send {type: "skip-waiting"} to a waiting worker; resolves to its answer (false if none). */
function askToTakeOver(worker) {
  const channel = new MessageChannel();
  const answer = new Promise((resolve) => {
    channel.port1.onmessage = ({ data }) => resolve(Boolean(data?.takingOver));
  });
  worker.postMessage({ type: "skip-waiting" }, [channel.port2]);
  return Promise.race([answer, delay(TAKEOVER_TIMEOUT_MS)]);
}

function delay(ms) {
  return new Promise((resolve) => setTimeout(() => resolve(false), ms));
}

/** Register the service worker once the engine runs, so its downloads never slow the boot. */
export function registerAfterBoot() {
  if (!("serviceWorker" in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register(SW_URL, { scope: SCOPE.href }).then(watchForUpdates, (error) => {
      console.warn("The game cannot be saved for offline play:", error);
    });
  };
  if (performance.getEntriesByName("ladder-rummy:engine-ready").length) {
    register();
    return;
  }
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName("ladder-rummy:engine-ready").length) {
      observer.disconnect();
      register();
    }
  });
  observer.observe({ type: "mark" });
}

function watchForUpdates(registration) {
  navigator.serviceWorker.ready.then((ready) => {
    document.documentElement.dataset.offline = "ready";
    // Online: have the worker put back any file its caches lost, so the next offline start has them all.
    if (navigator.onLine) ready.active?.postMessage({ type: "repair" });
  });
  if (registration.waiting && navigator.serviceWorker.controller) showUpdateReady();
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    worker?.addEventListener("statechange", () => {
      // "installed" with a controller: a newer build waits for the next load.
      if (worker.state === "installed" && navigator.serviceWorker.controller) showUpdateReady();
    });
  });
}

/** A quiet line at the top of the side panel; the game goes on under the current build. */
async function showUpdateReady() {
  document.documentElement.dataset.update = "waiting";
  if (document.getElementById("update-note")) return;
  const note = document.createElement("p");
  note.id = "update-note";
  note.className = "small";
  note.setAttribute("role", "status");
  note.dataset.i18n = "update.ready";
  try {
    const { t } = await import("./i18n.js");
    note.textContent = t("update.ready");
  } catch {
    note.textContent = "A new version is ready. It will be used the next time you open the game.";
  }
  document.getElementById("side")?.prepend(note);
}

/** main.js (or a module it imports) did not load: show the boot error instead of a frozen bar. */
function watchPageScripts() {
  // Captured on the window: the <script> may not be parsed yet when this runs (start.js is async).
  const failed = (event) => {
    if (!(event.target instanceof HTMLScriptElement) || !event.target.src.endsWith("/js/main.js")) return;
    removeEventListener("error", failed, true);
    document.getElementById("boot-stage")?.setAttribute("hidden", "");
    document.getElementById("boot-error")?.removeAttribute("hidden");
    const retry = document.getElementById("retry-button");
    retry?.addEventListener("click", () => location.reload());
    retry?.focus();
  };
  addEventListener("error", failed, true);
}

watchPageScripts();
