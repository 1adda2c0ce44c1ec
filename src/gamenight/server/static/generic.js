// The generic table: any game, drawn as readable panels of its view; the seat's legal
// actions are the buttons under it, in the game's own words.

import { h } from "/static/draw.js";
import { t } from "/static/words.js";

export function drawGeneric(root, update, api) {
  root.classList.add("generic");
  if (update.view === null) {
    root.replaceChildren(h("p", { class: "dim" }, t("The next step is shown to everybody at once, when it begins.")));
    return;
  }
  root.replaceChildren(value(update.view, api, "view"));
}

function value(data, api, key) {
  if (data === null || data === undefined) return h("span", { class: "dim" }, "—");
  if (Array.isArray(data)) {
    if (data.length === 0) return h("span", { class: "dim" }, t("none"));
    if (data.every((item) => item === null || typeof item !== "object")) return h("span", {}, data.map(plain).join(", "));
    if (data.every((item) => item && typeof item === "object" && !Array.isArray(item))) return rows(data, api);
    return h("ol", { start: 0 }, ...data.map((item) => h("li", {}, value(item, api, key))));
  }
  if (typeof data === "object") {
    return h("dl", {}, ...Object.entries(data).flatMap(([k, v]) => [h("dt", {}, words(k)), h("dd", {}, value(v, api, k))]));
  }
  return h("span", {}, plain(data));
}

function rows(items, api) {
  const columns = [...new Set(items.flatMap((item) => Object.keys(item)))];
  return h("table", {},
    h("tr", {}, ...columns.map((c) => h("th", {}, words(c)))),
    ...items.map((item) => h("tr", { class: item.seat !== undefined && item.seat === api.me ? "mine" : "" },
      ...columns.map((c) => h("td", {}, value(item[c], api, c))))));
}

function words(k) {
  return k.replaceAll("_", " ");
}

function plain(v) {
  if (v === true) return t("yes");
  if (v === false) return t("no");
  return String(v);
}
