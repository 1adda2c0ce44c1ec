// Small helpers the tables draw with: HTML and SVG elements, and action controls.

import { t } from "/static/words.js";

const SVG = "http://www.w3.org/2000/svg";

/** An HTML element: h("button", {class: "x", onclick}, "text", child...). */
export function h(tag, attrs = {}, ...children) {
  return build(document.createElement(tag), attrs, children);
}

/** An SVG element, the same way. */
export function s(tag, attrs = {}, ...children) {
  return build(document.createElementNS(SVG, tag), attrs, children);
}

function build(node, attrs, children) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** The attributes that squeeze an SVG text of `size` px into `width` px when it would
 *  not fit (words run longer in some languages); none when it fits. */
export function fit(text, width, size) {
  const wide = [...String(text)].reduce((sum, c) => sum + (c.codePointAt(0) >= 0x2e80 ? 1 : 0.62), 0);
  return wide * size > width ? { textLength: width, lengthAdjust: "spacingAndGlyphs" } : {};
}

/** Whether two actions (JSON objects) are the same. */
export function same(a, b) {
  return JSON.stringify(a, Object.keys(a).sort()) === JSON.stringify(b, Object.keys(b).sort());
}

/** The legal choice whose action has these fields (null: none). */
export function find(legal, fields) {
  return legal.find((choice) => Object.entries(fields).every(([k, v]) => choice.action[k] === v)) || null;
}

/** Make `node` a control for `choice` (a legal action and its words): clicking it acts.
 *  The table then lists no separate button for that action. */
export function control(node, choice, api) {
  if (!choice) return node;
  node.classList.add("control");
  node.setAttribute("data-action", JSON.stringify(choice.action));
  node.setAttribute("role", "button");
  node.setAttribute("tabindex", "0");
  node.setAttribute("aria-label", choice.label);
  const title = document.createElementNS(node.namespaceURI, "title");
  title.textContent = choice.label;
  node.append(title);
  node.addEventListener("click", () => api.act(choice.action));
  node.addEventListener("keydown", (event) => { if (event.key === "Enter") api.act(choice.action); });
  api.placed(choice.action);
  return node;
}

/** A seat's name as the receiver says it: "You" or the person's or bot's name. */
export function name(api, seat) {
  if (seat === null || seat === undefined) return "—";
  return seat === api.me ? t("You") : api.names[seat];
}

/** Buttons for every legal action that `test` picks, each named by `verb(choice)`. */
export function buttons(legal, test, verb, api) {
  return legal.filter((choice) => test(choice.action))
    .map((choice) => control(h("button", { class: "small" }, verb(choice)), choice, api));
}
