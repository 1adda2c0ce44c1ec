// Meow, Dark Lord!'s table: the Tower, the treasury, the Graveyard, every hand and dungeon.

import { buttons, control, find, h, name, s } from "/static/draw.js";

const VERBS = { Hire: "hire", Search: "search", Attack: "attack", Activate: "use", Target: "target", Sacrifice: "sacrifice", Discard: "discard", Retrieve: "retrieve" };

export function draw(root, update, api) {
  const view = update.view;
  const legal = update.legal;
  const tower = h("div", { class: "card", id: "tower" }, pile("TOWER", view.tower, "#40304a"),
    ...buttons(legal, (a) => a.type === "Draw", () => "draw", api));
  const treasury = h("div", { class: "card", id: "treasury" }, pile("COINS", view.treasury, "#7a5b12"),
    ...buttons(legal, (a) => a.type === "FromTreasury", () => "take one", api));
  const graveyard = h("div", {}, h("div", { class: "dim" }, "Graveyard"),
    h("div", { class: "row" }, ...view.graveyard.map((c) => cat(c, legal, api))));
  const top = h("div", { class: "row" }, tower, treasury,
    h("div", {}, h("div", {}, `Turn ${view.turn_number} · ${view.coin_target} coins win · Rigor Mortis ${view.rigor_mortis}/${view.rigor_mortis_total}`),
      ...buttons(legal, (a) => a.type === "EndDungeon", () => "end the dungeon phase", api)), graveyard);
  root.replaceChildren(top, ...view.seats.map((seat) => seatPanel(seat, view, legal, api)));
}

function pile(title, count, colour) {
  return s("svg", { viewBox: "0 0 64 90" },
    s("rect", { x: 2, y: 2, width: 60, height: 86, rx: 6, fill: colour, stroke: "#ddd" }),
    s("text", { x: 32, y: 22, "text-anchor": "middle", fill: "#fff", "font-size": 10, "font-weight": "bold" }, title),
    s("text", { x: 32, y: 60, "text-anchor": "middle", fill: "#fff", "font-size": 24, "font-weight": "bold" }, count));
}

function cat(entry, legal, api, back = false) {
  const id = typeof entry === "object" && entry !== null ? entry.card : entry;
  const title = back ? "?" : (entry.cat || "cat").replaceAll("-", " ");
  const face = s("svg", { viewBox: "0 0 64 90" },
    s("rect", { x: 2, y: 2, width: 60, height: 86, rx: 6, fill: back ? "#333" : "#2c4a3e", stroke: entry.acted ? "#777" : "#9ccc65" }),
    s("text", { x: 32, y: 40, "text-anchor": "middle", fill: "#fff", "font-size": 10 }, title),
    entry.hearts !== undefined ? s("text", { x: 32, y: 72, "text-anchor": "middle", fill: "#ef9a9a", "font-size": 13 }, "♥".repeat(entry.hearts)) : null);
  const mine = legal.filter((c) => c.action.card === id);
  if (mine.length) control(face, mine[0], api);
  return h("div", { class: "card", id: `cat-${id}` }, face,
    ...buttons(mine.slice(1), () => true, (c) => VERBS[c.action.type] || c.action.type, api),
    mine.length ? h("span", { class: "dim" }, VERBS[mine[0].action.type] || "") : null);
}

function seatPanel(seat, view, legal, api) {
  const acting = view.to_act.includes(seat.seat);
  const hand = seat.hand
    ? seat.hand.map((c) => cat(c, legal, api))
    : Array.from({ length: seat.hand_size }, () => cat({ card: -1 }, [], api, true));
  const heading = h("h3", {}, name(api, seat.seat), h("span", {}, `${seat.coins} coin${seat.coins === 1 ? "" : "s"}`), h("span", { class: "dim" }, `${seat.hand_size} in hand`));
  control(heading, find(legal, { type: "Rob", seat: seat.seat }), api);
  return h("div", { class: `seat${seat.seat === api.me ? " me" : ""}${acting ? " acting" : ""}`, id: `seat-${seat.seat}` }, heading,
    h("div", { class: "dim" }, "Dungeon"), h("div", { class: "row" }, ...seat.dungeon.map((c) => cat(c, legal, api))),
    h("div", { class: "dim" }, "Hand"), h("div", { class: "row" }, ...hand));
}
