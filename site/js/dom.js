// dom.js — a tiny element builder (no innerHTML anywhere: text is always text).

const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * h("button", {class: "action", onclick: fn, "aria-label": "Go"}, "text", child…)
 * Props: class, text, dataset {…}, on* listeners, hidden/disabled booleans, anything else as an attribute.
 */
export function h(tag, props = {}, ...children) {
  const element = tag.startsWith("svg:") ? document.createElementNS(SVG_NS, tag.slice(4)) : document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === "class") element.setAttribute("class", value);
    else if (name === "text") element.textContent = value;
    else if (name === "dataset") Object.assign(element.dataset, value);
    else if (name.startsWith("on") && typeof value === "function") element.addEventListener(name.slice(2), value);
    else if (value === true) element.setAttribute(name, "");
    else element.setAttribute(name, String(value));
  }
  for (const child of children.flat(Infinity)) { // parts of parts (a name and its badge) too
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

/** An SVG <use> of a symbol in the page's sprite. */
export function icon(id, className) {
  const svg = h("svg:svg", { class: className, "aria-hidden": "true", focusable: "false" });
  svg.append(h("svg:use", { href: `#${id}` }));
  return svg;
}

export function $(id) { return document.getElementById(id); }

/**
 * The words a button shows: of its long and short labels (render.js: the layout displays one),
 * the one on screen. Words that name the button use it (a tablet's Turkish lesson named "Aç",
 * the short label, beside a button that read "Kontratı aç").
 */
export function shownLabel(id) {
  const button = $(id);
  const shown = [...(button?.querySelectorAll("span") || [])].find((span) => span.getClientRects().length);
  return (shown || button)?.textContent.trim() ?? "";
}

/** Replace the children of `parent` only when `key` changed since the last call. */
export function replaceIfChanged(parent, key, build) {
  if (parent.dataset.key === key) return false;
  parent.dataset.key = key;
  parent.replaceChildren(...[].concat(build()).filter((child) => child !== null && child !== undefined && child !== false));
  return true;
}
