// back.js — a phone's Back button (and the browser's) closes the open sheet, as Escape does,
// instead of leaving the game behind it. While a sheet is open, one history entry of the page's
// own stands in front of the game; Back takes it off and closes the top sheet. A sheet closed by
// its own buttons leaves the entry where it is (taking it off would be an asynchronous
// history.back() racing whatever the page or the person does next); a Back that then finds no
// sheet to close goes on back by itself, so Back never does nothing.

const GUARD = "ladderRummySheet";

const stack = [];          // the open sheets, the latest on top (the order they were opened in)
let ready = false;

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

/** A sheet closed, by whatever means. */
export function sheetClosed(dialog) {
  const at = stack.indexOf(dialog);
  if (at >= 0) stack.splice(at, 1);
}

/**
 * Back (or Forward) moved between this page's own entries. Back from the page's entry closes
 * the top sheet (another one still open gets an entry again); with no sheet open, the Back was
 * meant for the page before: it goes on there. Forward onto the page's entry does nothing.
 */
function onPopState() {
  // A sheet closed just now (by its button) whose "close" event has not run yet is no longer
  // open: this Back is not for it. Counted open, it swallowed the Back that should leave the page
  // (a clean-clone run of the Back test), and its close below left a guard entry behind.
  for (const dialog of stack.filter((sheet) => !sheet.open)) sheetClosed(dialog);
  const top = stack.at(-1);
  if (top) {
    // As Escape does: a "cancel" event (a sheet may tell it from a close by the page), then the
    // close (its returnValue stays "": closed, nothing chosen).
    top.dispatchEvent(new Event("cancel"));
    top.close();
    sheetClosed(top); // now, not when its "close" event runs: another sheet still open gets an entry
    if (stack.length) guard();
    return;
  }
  if (!guarded()) history.back();
}

/**
 * On the first sheet: listen for Back. And a reload while a sheet was open keeps that entry, but
 * not the document it was the same-document entry of: it is made an ordinary entry, and this
 * document pushes one of its own.
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
