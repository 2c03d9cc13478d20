// prefs.js — settings that change how the whole page looks and sounds: four-colour suits (a
// class on <html>), reduced motion (data-motion on <html>: "reduce" | "full", following the
// device's prefers-reduced-motion while the setting is "auto"), and sound on or off.

const REDUCE = window.matchMedia("(prefers-reduced-motion: reduce)");

let applied = null;
let sound = null;

/** Whether the page should move as little as it can now (card flights skipped, no transitions). */
export function reducedMotion() {
  return document.documentElement.dataset.motion === "reduce";
}

/** Apply `settings` to the page (cheap when nothing changed); `withSound` is the Sound to switch. */
export function applySettings(settings, withSound = sound) {
  sound = withSound;
  const root = document.documentElement;
  const motion = settings.motion === "auto" || !settings.motion ? (REDUCE.matches ? "reduce" : "full") : settings.motion;
  const key = `${settings.suits}|${motion}|${settings.sound}`;
  if (key === applied) return;
  applied = key;
  root.classList.toggle("four-colour", settings.suits === "four");
  root.dataset.motion = motion;
  sound?.setEnabled(settings.sound === "on");
}

/** Keep following the device while the motion setting is "auto". */
export function followDevice(getSettings) {
  REDUCE.addEventListener("change", () => applySettings(getSettings()));
}
