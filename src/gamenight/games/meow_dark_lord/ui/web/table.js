// Meow, Dark Lord!'s table: the Tower, the treasury, the Graveyard, every hand and dungeon.

import { buttons, control, find, fit, h, name, s } from "/static/draw.js";
import { N_, t, tn } from "/static/words.js";

let cats = {}; // a cat's name in the table's language, by its key (the server's /catalog)

/** Load the cats' names in `lang` before the first drawing. */
export async function prepare(table, lang) {
  const response = await fetch(`/api/games/${encodeURIComponent(table.game)}/catalog?lang=${encodeURIComponent(lang)}`);
  if (response.ok) cats = (await response.json()).cats;
}

const VERBS = {
  Hire: N_("hire"), Search: N_("search"), Attack: N_("attack"), Activate: N_("use"), Target: N_("target"),
  Sacrifice: N_("sacrifice"), Discard: N_("discard"), Retrieve: N_("retrieve"),
};

export function draw(root, update, api) {
  const view = update.view;
  const legal = update.legal;
  const tower = h("div", { class: "card", id: "tower" }, pile(t("TOWER"), view.tower, "#40304a"),
    ...buttons(legal, (a) => a.type === "Draw", () => t("draw"), api));
  const treasury = h("div", { class: "card", id: "treasury" }, pile(t("COINS"), view.treasury, "#7a5b12"),
    ...buttons(legal, (a) => a.type === "FromTreasury", () => t("take one"), api));
  const graveyard = h("div", {}, h("div", { class: "dim" }, t("Graveyard")),
    h("div", { class: "row" }, ...view.graveyard.map((c) => cat(c, legal, api))));
  const top = h("div", { class: "row" }, tower, treasury,
    h("div", {}, h("div", {}, [t("Turn {turn}", { turn: view.turn_number }), tn("{n} coin wins", "{n} coins win", view.coin_target),
      t("Rigor Mortis {count}/{total}", { count: view.rigor_mortis, total: view.rigor_mortis_total })].join(" · ")),
      ...buttons(legal, (a) => a.type === "EndDungeon", () => t("end the dungeon phase"), api)), graveyard);
  root.replaceChildren(top, ...view.seats.map((seat) => seatPanel(seat, view, legal, api)));
}

function pile(title, count, colour) {
  return s("svg", { viewBox: "0 0 64 90" },
    s("rect", { x: 2, y: 2, width: 60, height: 86, rx: 6, fill: colour, stroke: "#ddd" }),
    s("text", { x: 32, y: 22, "text-anchor": "middle", fill: "#fff", "font-size": 10, "font-weight": "bold", ...fit(title, 56, 10) }, title),
    s("text", { x: 32, y: 60, "text-anchor": "middle", fill: "#fff", "font-size": 24, "font-weight": "bold" }, count));
}

function cat(entry, legal, api, back = false) {
  const id = typeof entry === "object" && entry !== null ? entry.card : entry;
  const title = back ? "?" : entry.cat ? cats[entry.cat] || entry.cat : t("cat");
  const face = s("svg", { viewBox: "0 0 64 90" },
    s("rect", { x: 2, y: 2, width: 60, height: 86, rx: 6, fill: back ? "#333" : "#2c4a3e", stroke: entry.acted ? "#777" : "#9ccc65" }),
    s("text", { x: 32, y: 40, "text-anchor": "middle", fill: "#fff", "font-size": 10, ...fit(title, 56, 10) }, title),
    entry.hearts !== undefined ? s("text", { x: 32, y: 72, "text-anchor": "middle", fill: "#ef9a9a", "font-size": 13 }, "♥".repeat(entry.hearts)) : null);
  const mine = legal.filter((c) => c.action.card === id);
  if (mine.length) control(face, mine[0], api);
  return h("div", { class: "card", id: `cat-${id}` }, face,
    ...buttons(mine.slice(1), () => true, (c) => verb(c.action), api),
    mine.length ? h("span", { class: "dim" }, verb(mine[0].action)) : null);
}

function verb(action) {
  return VERBS[action.type] ? t(VERBS[action.type]) : action.type;
}

function seatPanel(seat, view, legal, api) {
  const acting = view.to_act.includes(seat.seat);
  const hand = seat.hand
    ? seat.hand.map((c) => cat(c, legal, api))
    : Array.from({ length: seat.hand_size }, () => cat({ card: -1 }, [], api, true));
  const heading = h("h3", {}, name(api, seat.seat), h("span", {}, tn("{n} coin", "{n} coins", seat.coins)), h("span", { class: "dim" }, t("{count} in hand", { count: seat.hand_size })));
  control(heading, find(legal, { type: "Rob", seat: seat.seat }), api);
  return h("div", { class: `seat${seat.seat === api.me ? " me" : ""}${acting ? " acting" : ""}`, id: `seat-${seat.seat}` }, heading,
    h("div", { class: "dim" }, t("Dungeon")), h("div", { class: "row" }, ...seat.dungeon.map((c) => cat(c, legal, api))),
    h("div", { class: "dim" }, t("Hand")), h("div", { class: "row" }, ...hand));
}
