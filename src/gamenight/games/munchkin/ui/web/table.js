// Munchkin's table: every seat (level, sex, character, cards in play, hand), your hand,
// the decks and the door card, the combat, the run away, the offers, the decision being
// made and the open window with its pass button and deadline. Card names come from the
// card set the view's `game` names, in the table's language (`prepare` loads it once).

import { control, h, name } from "/static/draw.js";
import { N_, pt, t, tn } from "/static/words.js";

const catalogs = new Map(); // "game/lang" -> the set's catalog (the server's /catalog)
let catalog = null; // the catalog of the table being drawn

const CHARACTER = ["class", "race", "half_breed", "super_munchkin"];
const VERBS = { Play: N_("play"), Use: N_("use"), Equip: N_("equip"), Unequip: N_("unequip"), Discard: N_("discard"), Pick: N_("pick") };
const PHASES = {
  setup: N_("Set-up: choose your sex, play your start hand"), start: N_("kick open the door"), reveal: N_("the door is open"),
  combat: N_("combat"), run: N_("running away"), loot: N_("look for trouble or loot the room"), after: N_("after the door"),
  charity: N_("charity"), end: N_("the end of the turn"), over: N_("the game is over"),
};
const WINDOWS = {
  reveal: N_("The door card is open: play a card on it or pass."),
  combat: N_("The fight goes on until everybody has passed since the last change."),
  roll: N_("The run-away roll is on the table: change it or pass."),
  end: N_("The turn ends once everybody has passed."),
};
// What the seat on the decision stack is asked, by the frame's kind ("... must ...").
const DECIDING = {
  aim: N_("choose who the card aims at"), aim_seat: N_("choose the player the card aims at"),
  aim_monster: N_("choose the monster the card aims at"), lose: N_("choose the cards to lose"),
  value: N_("choose the die's face"), cost: N_("choose the cards to pay with"),
  curse_target: N_("choose the curse's victim"), curse: N_("take the curse or cancel it"),
  enhance: N_("choose the monster to enhance"), wander: N_("choose the monster that wanders in"),
  give: N_("choose who gets the charity"), loot: N_("take a card from the body"),
  share: N_("take treasures from the table"), bribe: N_("set the bribe for help"),
  counter: N_("set the terms to help"), answer: N_("answer an offer"), trade: N_("build a trade"),
  trade_counter: N_("build a counter to the trade"), sell: N_("choose the items to sell"),
  keep: N_("choose what to keep (the rest is discarded)"),
  face_up: N_("draw face up, or take the discard pile's top card"),
};
// Where an offer stands (`kernel.offers.OfferStatus`).
const OFFER_STATUS = {
  open: N_("open"), accepted: N_("accepted"), declined: N_("declined"), countered: N_("countered"),
  settled: N_("settled"), void: N_("void"),
};
// What a Pass means where it is not a window's pass.
const PASS_WORDS = { curse: N_("Take the curse"), face_up: N_("Draw face up") };

/** Load the card set of `table` in `lang` before the first drawing. */
export async function prepare(table, lang) {
  const key = `${table.game}/${lang}`;
  if (!catalogs.has(key)) {
    const response = await fetch(`/api/games/${encodeURIComponent(table.game)}/catalog?lang=${encodeURIComponent(lang)}`);
    catalogs.set(key, response.ok ? await response.json() : null);
  }
  catalog = catalogs.get(key);
}

export function draw(root, update, api) {
  const view = update.view;
  const cards = byCard(update.legal);
  const find = (type, test = () => true) => update.legal.find((c) => c.action.type === type && test(c.action)) || null;
  const all = (type) => update.legal.filter((c) => c.action.type === type);
  const ctx = { view, api, cards, find, all };
  root.classList.add("mk");
  const parts = [
    turnBar(ctx),
    answerPanel(ctx),
    h("div", { class: "mk-middle" }, decks(ctx), view.combat ? fight(ctx) : null, view.run ? run(ctx) : null),
    offers(ctx),
    loose(ctx, N_("Treasures on the table"), view.haul, "mk-haul"),
    loose(ctx, N_("The body being looted"), view.body, "mk-body"),
    loose(ctx, N_("Being played"), view.limbo.filter((c) => c !== view.door_card), "mk-limbo"),
    hand(ctx),
    h("div", { class: "mk-seats" }, ...view.seats.map((seat) => seatPanel(ctx, seat))),
  ];
  root.replaceChildren(...parts.filter(Boolean));
}

// ----- cards --------------------------------------------------------------------------

function design(card) {
  const key = catalog ? catalog.cards[card] : null;
  return key ? catalog.designs[key] : { name: t("card {card}", { card }), kind: "", deck: "door", text: null };
}

/** What matters at a glance: a monster's level and treasures, an item's bonus and slot. */
function facts(d) {
  if (d.kind === "monster") return `${t("level {level}", { level: d.level })} · ${treasures(d.treasures)}`;
  if (d.kind === "item") {
    const bonus = d.bonus > 0 ? `+${d.bonus}` : d.bonus < 0 ? `${d.bonus}` : "±0";
    const slot = d.slot && d.slot !== "none" ? ` ${pt("slot", d.slot)}` : "";
    return `${bonus}${slot}${d.big ? ` ${t("big")}` : ""}${d.value ? ` · ${t("{gold} gold", { gold: d.value })}` : ""}`;
  }
  return pt("card kind", d.kind.replaceAll("_", " "));
}

function treasures(count) {
  return tn("{n} treasure", "{n} treasures", count);
}

/** A card face with its actions: alone, the card is its control; several, a button each. */
function cardNode(ctx, card, extra = {}) {
  const d = design(card);
  const face = h("div", { class: `mk-card ${d.deck}${extra.sideways ? " sideways" : ""}`, "data-card": card, title: d.text || d.name },
    h("b", {}, d.name), h("small", {}, facts(d)), extra.note ? h("small", { class: "dim" }, extra.note) : null);
  const choices = ctx.cards.get(card) || [];
  if (choices.length === 1) {
    control(face, choices[0], ctx.api);
    return h("div", { class: "mk-slot" }, face, h("span", { class: "mk-verb" }, verb(choices[0].action)));
  }
  return h("div", { class: "mk-slot" }, face,
    ...choices.map((choice) => control(h("button", { class: "small" }, verb(choice.action)), choice, ctx.api)));
}

function verb(action) {
  const word = VERBS[action.type] ? t(VERBS[action.type]) : action.type;
  return action.type === "Use" && action.ability > 0 ? `${word} (${action.ability + 1})` : word;
}

function backs(count, deck) {
  return Array.from({ length: count }, () => h("div", { class: `mk-back ${deck}`, title: deck === "door" ? t("a door card") : t("a treasure card") }));
}

/** The legal choices that name a card, by card. */
function byCard(legal) {
  const found = new Map();
  for (const choice of legal) {
    const card = choice.action.card;
    if (card === undefined) continue;
    if (!found.has(card)) found.set(card, []);
    found.get(card).push(choice);
  }
  return found;
}

function button(ctx, choice, words, attrs = {}) {
  return choice ? control(h("button", attrs, words), choice, ctx.api) : null;
}

// ----- the parts of the table ----------------------------------------------------------

function turnBar(ctx) {
  const { view, api } = ctx;
  const whose = view.phase === "setup" ? t("Everybody sets up")
    : view.turn === api.me ? t("Your turn") : t("{name}'s turn", { name: name(api, view.turn) });
  return h("div", { class: "mk-turn", id: "mk-turn" },
    h("b", {}, view.phase === "over" ? t("The game is over") : whose),
    h("span", {}, t("turn {turn} of at most {turns}", { turn: view.turn_number, turns: view.max_turns })),
    h("span", { class: "dim" }, PHASES[view.phase] ? t(PHASES[view.phase]) : view.phase),
    button(ctx, ctx.find("EndTurn"), t("End your turn"), { id: "mk-end-turn" }));
}

/** The window and the decision on the stack: what is asked, and your answers. */
function answerPanel(ctx) {
  const { view, api, find, all } = ctx;
  const window = view.window;
  const deciding = view.deciding;
  const mine = deciding && deciding.seat === api.me;
  const parts = [];
  if (window) {
    const waiting = window.waiting.map((seat) => name(api, seat)).join(", ");
    parts.push(h("div", {}, h("b", {}, t("Window:")), " ", WINDOWS[window.kind] ? t(WINDOWS[window.kind]) : window.kind, " ",
      h("span", { class: "dim" }, waiting ? t("Still to answer: {seats}.", { seats: waiting }) : t("Nobody is still to answer."))));
  }
  if (deciding && DECIDING[deciding.kind]) {
    parts.push(h("div", {}, h("b", {}, name(api, deciding.seat)), " ", t("must {what}", { what: t(DECIDING[deciding.kind]) }), building(ctx, deciding)));
  }
  const pass = find("Pass");
  if (pass) {
    const words = mine && PASS_WORDS[deciding.kind] ? t(PASS_WORDS[deciding.kind]) : t("Pass");
    parts.push(h("div", { class: "row" },
      control(h("button", { class: "pass", id: "mk-pass" }, words, h("span", { class: "clock", "data-seat": api.me })), pass, api),
      window && window.waiting.includes(api.me) ? h("span", { class: "dim" }, t("or play a card: its buttons are on it")) : null));
  }
  const simple = [
    ...all("Begin").map((c) => button(ctx, c, pt("sex", c.action.sex ? "female" : "male"), { class: "primary" })),
    ...all("ChooseValue").map((c) => button(ctx, c, `${c.action.value}`)),
    ...all("Treasures").map((c) => button(ctx, c, treasures(c.action.count))),
    button(ctx, find("FirstPick"), t("switch who picks first")),
    button(ctx, find("Done"), view.phase === "setup" ? t("Done: start playing") : t("Done: send it"), { class: "primary" }),
    button(ctx, find("Cancel"), t("Cancel")),
  ].filter(Boolean);
  if (simple.length) parts.push(h("div", { class: "row mk-choices" }, ...simple));
  if (!parts.length) return h("div", { id: "mk-answer", hidden: true });
  return h("div", { class: `mk-answer${pass || mine ? " mine" : ""}`, id: "mk-answer" }, ...parts);
}

function picksFirst(helper) {
  return helper ? t("the helper picks first") : t("the fighter picks first");
}

/** The terms of an offer or sale being built, where the viewer may see them. */
function building(ctx, deciding) {
  const args = deciding.args;
  if (!args) return null;
  const names = (cards) => cards.map((c) => design(c).name).join(", ") || t("no item");
  switch (deciding.kind) {
    case "bribe":
    case "counter":
      return h("span", { class: "dim" }, `: ${treasures(args[2])}, ${picksFirst(args[3])}, ${names(args.slice(4))}`);
    case "trade":
      return h("span", { class: "dim" }, ` ${t("with {name}:", { name: name(ctx.api, args[0]) })} ${names(args.slice(1))}`);
    case "trade_counter":
      return h("span", { class: "dim" }, `: ${names(args.slice(1))}`);
    case "sell": {
      const gold = args.reduce((sum, c) => sum + (design(c).value || 0), 0);
      return h("span", { class: "dim" }, `: ${names(args)} (${t("{gold} gold", { gold })})`);
    }
    case "keep":
      return h("span", { class: "dim" }, ` (${t("{count} at most", { count: args[0] })}): ${names(args.slice(1))}`);
    default:
      return null;
  }
}

function decks(ctx) {
  const { view } = ctx;
  const pile = (title, count, deck, id, choices, top) => h("div", { class: "mk-pile", id },
    h("div", { class: `mk-back ${deck} big` }, h("b", {}, title), h("span", {}, `${count}`)),
    ...choices, top === undefined ? null : h("small", { class: "dim" }, t("discards:")), top === undefined ? null : top);
  const top = (cards) => cards.length ? cardNode(ctx, cards[cards.length - 1]) : h("small", { class: "dim" }, t("none"));
  const doorMoves = [button(ctx, ctx.find("KickDoor"), t("Kick open the door"), { class: "primary", id: "mk-kick" }),
    button(ctx, ctx.find("LootRoom"), t("Loot the room"), { id: "mk-loot" })].filter(Boolean);
  return h("div", { class: "row mk-decks" },
    pile(t("DOORS"), view.door_deck, "door", "mk-door-deck", doorMoves, undefined),
    pile(t("TREASURES"), view.treasure_deck, "treasure", "mk-treasure-deck", [], undefined),
    h("div", { class: "mk-pile" }, h("small", { class: "dim" }, t("door discards")), top(view.door_discard)),
    h("div", { class: "mk-pile" }, h("small", { class: "dim" }, t("treasure discards")), top(view.treasure_discard)),
    view.door_card === null ? null : h("div", { class: "mk-pile", id: "mk-door" }, h("small", {}, t("the door card")), cardNode(ctx, view.door_card)));
}

function fight(ctx) {
  const { view, api } = ctx;
  const f = view.combat;
  const side = f.helper === null ? name(api, f.fighter) : `${name(api, f.fighter)} + ${name(api, f.helper)}`;
  const monsters = f.monsters.map((m, index) => {
    const node = cardNode(ctx, m.card, { note: `${t("in this fight: strength {strength}", { strength: m.strength })}, ${treasures(m.treasures)}` });
    const aim = runOrder(view) ? null : ctx.find("ChooseMonster", (a) => a.index === index);
    if (aim) node.append(button(ctx, aim, t("choose")));
    if (m.enhancers.length) node.append(h("small", { class: "dim" }, t("enhanced by")), ...m.enhancers.map((c) => cardNode(ctx, c)));
    return node;
  });
  const bonuses = (list) => list.length ? list.map((b) => (b > 0 ? `+${b}` : `${b}`)).join(" ") : t("none");
  return h("div", { class: `mk-fight ${f.winning ? "winning" : "losing"}`, id: "mk-combat" },
    h("h3", {}, t("Combat {number}", { number: f.number })),
    h("div", { class: "mk-score" },
      h("span", {}, side, h("b", { id: "mk-players-strength" }, ` ${f.players_strength}`)),
      h("span", {}, ` ${t("against")} `),
      h("span", {}, t("monsters"), h("b", { id: "mk-monsters-strength" }, ` ${f.monsters_strength}`)),
      h("span", { class: f.winning ? "good" : "bad" }, ` — ${f.winning ? t("the players are winning") : t("the monsters are winning")}`)),
    h("div", { class: "dim" }, `${t("bonuses: {bonuses}", { bonuses: bonuses(f.bonuses) })} · ${t("to run away: {bonuses}", { bonuses: bonuses(f.run_bonuses) })}`),
    h("div", { class: "row" }, ...monsters));
}

function run(ctx) {
  const { view, api } = ctx;
  const r = view.run;
  const die = dieNode(r.roll);
  control(die, ctx.find("Roll"), api);
  const left = r.left.map((card, index) => {
    const node = cardNode(ctx, card, { note: card === r.monster ? t("running from it now") : null });
    const next = runOrder(view) ? ctx.find("ChooseMonster", (a) => a.index === index) : null;
    if (next) node.append(button(ctx, next, t("run from it next")));
    return node;
  });
  return h("div", { class: "mk-run", id: "mk-run" },
    h("h3", {}, t("Running away: {seats}", { seats: r.runners.map((s) => name(api, s)).join(", ") })),
    h("div", { class: "row" }, h("div", { class: "mk-slot", id: "mk-die" }, die,
      r.roll === null ? h("small", { class: "dim" }, ctx.find("Roll") ? t("roll the die") : t("no roll yet"))
        : h("small", {}, t("{name} rolled {roll}: total {total}", { name: name(api, r.roll_seat), roll: r.roll, total: r.total }))), ...left),
    r.escaped.length ? h("div", { class: "dim" }, t("escaped: {seats}", { seats: r.escaped.map((s) => name(api, s)).join(", ") })) : null);
}

/** Whether a monster chosen now is the next one to run from (else: one of the fight's). */
function runOrder(view) {
  return view.phase === "run" && view.deciding === null;
}

const PIPS = { 1: [[2, 2]], 2: [[1, 1], [3, 3]], 3: [[1, 1], [2, 2], [3, 3]], 4: [[1, 1], [1, 3], [3, 1], [3, 3]],
  5: [[1, 1], [1, 3], [2, 2], [3, 1], [3, 3]], 6: [[1, 1], [1, 2], [1, 3], [3, 1], [3, 2], [3, 3]] };

function dieNode(roll) {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", "0 0 40 40");
  svg.setAttribute("class", "mk-die");
  const add = (tag, attrs) => {
    const node = document.createElementNS(svg.namespaceURI, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    svg.append(node);
  };
  add("rect", { x: 2, y: 2, width: 36, height: 36, rx: 7, fill: roll === null ? "#555" : "#f4f1e8", stroke: "#ddd" });
  for (const [col, row] of PIPS[roll] || []) add("circle", { cx: col * 9 + 2, cy: row * 9 + 2, r: 3.4, fill: "#222" });
  return svg;
}

function offers(ctx) {
  const { view, api, find } = ctx;
  if (!view.offers.length) return null;
  const answering = view.deciding && view.deciding.kind === "answer" && view.deciding.seat === api.me ? view.deciding.args[0] : null;
  const rows = view.offers.map((offer) => {
    const names = (cards) => cards.map((c) => design(c).name).join(", ") || t("nothing");
    const terms = offer.terms;
    const what = typeof offer.occasion === "number"
      ? `${tn("help for {n} treasure", "help for {n} treasures", terms[0])} (${picksFirst(terms[1])})${terms.length > 2 ? `, ${t("and {cards}", { cards: names(terms.slice(2)) })}` : ""}`
      : t("a trade: {given} for {taken}", { given: names(terms.slice(1, 1 + terms[0])), taken: names(terms.slice(1 + terms[0])) });
    const answers = offer.id === answering
      ? [button(ctx, find("Accept"), t("Accept"), { class: "primary" }), button(ctx, find("Decline"), t("Decline")), button(ctx, find("Counter"), t("Counter"))]
      : [];
    return h("li", { id: `mk-offer-${offer.id}` },
      `${name(api, offer.sender)} → ${name(api, offer.receiver)}: ${what} `,
      h("span", { class: "dim" }, `(${OFFER_STATUS[offer.status] ? t(OFFER_STATUS[offer.status]) : offer.status}${offer.counter_of === null ? "" : `, ${t("a counter")}`})`), " ", ...answers.filter(Boolean));
  });
  return h("div", { class: "mk-offers", id: "mk-offers" }, h("h3", {}, t("Offers")), h("ul", {}, ...rows));
}

function loose(ctx, title, cards, id) {
  if (!cards.length) return null;
  return h("div", { id }, h("h3", {}, t(title)), h("div", { class: "row" }, ...cards.map((c) => cardNode(ctx, c))));
}

function hand(ctx) {
  const { view } = ctx;
  if (view.hand === null) return null;
  return h("div", { class: "mk-hand", id: "mk-hand" }, h("h3", {}, t("Your hand ({count})", { count: view.hand.length })),
    h("div", { class: "row" }, ...(view.hand.length ? view.hand.map((c) => cardNode(ctx, c)) : [h("span", { class: "dim" }, t("empty"))])));
}

function seatPanel(ctx, seat) {
  const { view, api, find } = ctx;
  const me = seat.seat === api.me;
  const acting = view.to_act.includes(seat.seat);
  const inPlay = seat.table.map((entry) => ({ ...entry, design: design(entry.card) }));
  const character = inPlay.filter((e) => CHARACTER.includes(e.design.kind));
  const equipped = inPlay.filter((e) => !CHARACTER.includes(e.design.kind) && e.equipped);
  const carried = inPlay.filter((e) => !CHARACTER.includes(e.design.kind) && !e.equipped);
  const heading = h("h3", {},
    h("span", {}, name(api, seat.seat)),
    h("span", { class: "mk-level" }, t("level {level}", { level: seat.level })),
    h("span", {}, pt("sex", seat.sex)),
    h("span", { class: "dim" }, t("strength {strength}", { strength: seat.strength })),
    character.length ? null : h("span", { class: "dim" }, t("no class")),
    seat.dead ? h("b", { class: "bad" }, t("dead")) : null,
    seat.seat === view.turn && view.phase !== "setup" ? h("span", { class: "acting" }, me ? t("(your turn)") : t("(their turn)")) : null);
  control(heading, find("ChooseSeat", (a) => a.seat === seat.seat), api);
  const moves = [
    button(ctx, find("Ask", (a) => a.seat === seat.seat), t("ask for help")),
    button(ctx, find("Trade", (a) => a.seat === seat.seat), t("offer a trade")),
    me ? button(ctx, find("Sell"), t("sell items")) : null,
  ].filter(Boolean);
  const row = (title, entries, sideways) => entries.length
    ? h("div", {}, h("small", { class: "dim" }, t(title)), h("div", { class: "row" }, ...entries.map((e) => cardNode(ctx, e.card, { sideways }))))
    : null;
  const handCount = seat.hand_doors + seat.hand_treasures;
  const known = me ? [] : seat.known_hand;
  return h("div", { class: `seat${me ? " me" : ""}${acting ? " acting" : ""}`, id: `seat-${seat.seat}` },
    heading,
    moves.length ? h("div", { class: "row" }, ...moves) : null,
    row(N_("character"), character, false),
    row(N_("equipped"), equipped, false),
    row(N_("carried, not equipped"), carried, true),
    h("div", { class: "mk-hand-count" }, h("small", { class: "dim" }, t("hand: {count} of {limit}", { count: handCount, limit: seat.hand_limit })),
      h("div", { class: "row" }, ...backs(seat.hand_doors, "door"), ...backs(seat.hand_treasures, "treasure"))),
    known.length ? row(N_("known in the hand"), known.map((card) => ({ card })), false) : null);
}
