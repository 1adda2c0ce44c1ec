// Boss Quest's table: the boss, the Mage's spells, and each player's weapons.

import { buttons, control, find, fit, h, name, s } from "/static/draw.js";
import { pt, t, tn } from "/static/words.js";

const COLOURS = { red: "#e05050", blue: "#4a90e2", green: "#5cb85c", yellow: "#f0c040", purple: "#9c6ade" };
let spells = {}; // a spell's name in the table's language, by its key (the server's /catalog)

/** Load the spells' names in `lang` before the first drawing. */
export async function prepare(table, lang) {
  const response = await fetch(`/api/games/${encodeURIComponent(table.game)}/catalog?lang=${encodeURIComponent(lang)}`);
  if (response.ok) spells = (await response.json()).spells;
}

export function draw(root, update, api) {
  const view = update.view;
  const legal = update.legal;
  const top = h("div", { class: "row" },
    h("div", { class: "card big", id: "boss" }, card(t("BOSS"), t("{hp} HP", { hp: view.boss.hp }), "#6d2b2b", t("base {hp}", { hp: view.boss.base_hp })),
      h("span", { class: "dim" }, tn("{n} boss left", "{n} bosses left", view.bosses_in_deck))),
    h("div", { class: "card big", id: "deck" }, card(t("DECK"), `${view.weapon_deck}`, "#2b3f6d", t("weapons")),
      h("div", {}, ...buttons(legal, (a) => a.type === "Equip", (c) => t("take {count}", { count: c.action.count }), api))),
    h("div", {}, h("div", { class: "dim" }, [t("Round {round}", { round: view.round }), tn("{n} key wins", "{n} keys win", view.key_target),
      t("Armorer: {name}", { name: name(api, view.armorer) })].join(" · ")),
      h("div", { class: "row", id: "spells" }, ...view.spells.map((spell) => spellCard(spell, legal, api))),
      h("div", {}, ...buttons(legal, (a) => a.type === "VisitMage", () => t("visit the Mage"), api))));
  const seats = view.seats.map((seat) => seatPanel(seat, view, legal, api));
  root.replaceChildren(top, ...seats);
}

function card(title, big, colour, small) {
  return s("svg", { viewBox: "0 0 96 128" },
    s("rect", { x: 2, y: 2, width: 92, height: 124, rx: 8, fill: colour, stroke: "#ddd" }),
    s("text", { x: 48, y: 24, "text-anchor": "middle", fill: "#fff", "font-size": 14, "font-weight": "bold", ...fit(title, 84, 14) }, title),
    s("text", { x: 48, y: 74, "text-anchor": "middle", fill: "#fff", "font-size": 30, "font-weight": "bold", ...fit(big, 84, 30) }, big),
    s("text", { x: 48, y: 110, "text-anchor": "middle", fill: "#eee", "font-size": 12, ...fit(small, 84, 12) }, small));
}

function spellCard(spell, legal, api) {
  const title = spell.spell === null ? (spell.mystery ? "?" : "—") : spells[spell.spell] || spell.spell;
  const colour = spell.status === "available" ? "#3b3060" : "#333";
  const status = pt("spell status", spell.status);
  const body = h("div", { class: "card", id: `spell-${spell.slot}` },
    s("svg", { viewBox: "0 0 64 90" },
      s("rect", { x: 2, y: 2, width: 60, height: 86, rx: 6, fill: colour, stroke: "#b39ddb" }),
      s("text", { x: 32, y: 40, "text-anchor": "middle", fill: "#fff", "font-size": 10, ...fit(title, 56, 10) }, title),
      s("text", { x: 32, y: 78, "text-anchor": "middle", fill: "#ccc", "font-size": 9, ...fit(status, 56, 9) }, status)));
  const activate = find(legal, { type: "Activate", slot: spell.slot }) || find(legal, { type: "ChooseSpell", slot: spell.slot });
  control(body.firstChild, activate, api);
  body.append(...buttons(legal, (a) => a.type === "Discard" && a.slot === spell.slot, () => t("discard"), api));
  return body;
}

function weapon(w, legal, api, hidden) {
  const colour = w ? COLOURS[w.colour] : "#555";
  const node = s("svg", { viewBox: "0 0 64 90", class: "weapon" },
    s("rect", { x: 2, y: 2, width: 60, height: 86, rx: 6, fill: colour, stroke: hidden ? "#fff" : "#222", "stroke-dasharray": hidden ? "4 3" : null }),
    s("text", { x: 32, y: 56, "text-anchor": "middle", fill: "#111", "font-size": 30, "font-weight": "bold" }, w ? w.value : "?"));
  if (w) control(node, find(legal, { type: "ChooseWeapon", weapon: w.id }), api);
  return h("div", { class: "card" }, node, h("span", { class: "dim" }, hidden ? t("hidden") : pt("colour", w.colour)));
}

function seatPanel(seat, view, legal, api) {
  const acting = view.to_act.includes(seat.seat);
  const panel = h("div", { class: `seat${seat.seat === api.me ? " me" : ""}${acting ? " acting" : ""}`, id: `seat-${seat.seat}` },
    h("h3", {}, name(api, seat.seat), h("span", {}, "♥".repeat(seat.hearts) || t("no heart")), h("span", {}, tn("{n} key", "{n} keys", seat.keys)),
      h("span", { class: "dim" }, t("attack {attack}", { attack: seat.attack ?? seat.visible_attack + " + ?" })),
      seat.bust ? h("b", { style: "color: var(--bad)" }, t("bust!")) : null,
      seat.visited_mage ? h("span", { class: "dim" }, t("visited the Mage")) : null),
    h("div", { class: "row" }, weapon(seat.hidden, legal, api, true), ...seat.visible.map((w) => weapon(w, legal, api, false))));
  control(panel.querySelector("h3"), find(legal, { type: "ChoosePlayer", seat: seat.seat }), api);
  return panel;
}
