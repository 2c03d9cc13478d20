// back.js — a phone's Back button (and the browser's) closes the open sheet, as Escape does,
// instead of leaving the game behind it. While any sheet is open, one history entry of the
// page's own stands in front of the game; Back takes it off and closes the top sheet. The last
// sheet closed by its own buttons takes the entry back off, so Back leaves the page as before:
// never more than one entry, and never a Back that does nothing.

const GUARD = "ladderRummySheet";

const stack = [];          // the open sheets, the latest on top (the order they were opened in)
let ownBack = false;       // the next popstate is this module's own history.back()

/** Whether the current history entry is this module's. */
function guarded() {
  return Boolean(history.state && history.state[GUARD]);
}

function guard() {
  if (!guarded()) history.pushState({ ...(history.state || {}), [GUARD]: true }, "");
}

/** A sheet was opened (dialogs.open): Back closes it now. */
export function sheetOpened(dialog) {
  setUp();
  if (!stack.includes(dialog)) stack.push(dialog);
  guard();
}

/** A sheet closed, by whatever means: with no sheet left open, the entry goes. */
export function sheetClosed(dialog) {
  const at = stack.indexOf(dialog);
  if (at >= 0) stack.splice(at, 1);
  if (stack.length || !guarded() || ownBack) return;
  ownBack = true;
  history.back();
}

/** Back pressed, or this module's own history.back() arrived. */
function onPopState() {
  if (ownBack) {
    ownBack = false;
    if (stack.length) guard(); // a sheet opened while the entry was going
    return;
  }
  const top = stack.at(-1);
  if (!top) return;
  top.close(); // as Escape closes it (its returnValue stays "": closed, nothing chosen)
  if (stack.length) guard();
}

let ready = false;

/**
 * On the first sheet: listen for Back. And a reload while a sheet was open keeps that entry, but
 * not the document it was the same-document entry of (going back from it would load the page
 * again): it is made an ordinary entry, and this document pushes one of its own.
 */
function setUp() {
  if (ready) return;
  ready = true;
  if (guarded()) {
    const { [GUARD]: _, ...rest } = history.state;
    history.replaceState(Object.keys(rest).length ? rest : null, "");
  }
  window.addEventListener("popstate", onPopState);
}
