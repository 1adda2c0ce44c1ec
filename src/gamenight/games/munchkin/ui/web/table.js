// Munchkin's table: every seat (level, sex, character, cards in play, hand), your hand,
// the decks and the door card, the combat, the run away, the offers, the decision being
// made and the open window with its pass button and deadline. Card names come from the
// card set the view's `game` names, in the table's language (`prepare` loads it once).

import { control, h, name } from "/static/draw.js";

const catalogs = new Map(); // "game/lang" -> the set's catalog (the server's /catalog)
let catalog = null; // the catalog of the table being drawn

const CHARACTER = ["class", "race", "half_breed", "super_munchkin"];
const VERBS = { Play: "play", Use: "use", Equip: "equip", Unequip: "unequip", Discard: "discard", Pick: "pick" };
const PHASES = {
  setup: "Set-up: choose your sex, play your start hand", start: "kick open the door", reveal: "the door is open",
  combat: "combat", run: "running away", loot: "look for trouble or loot the room", after: "after the door",
  charity: "charity", end: "the end of the turn", over: "the game is over",
};
const WINDOWS = {
  reveal: "The door card is open: play a card on it or pass.",
  combat: "The fight goes on until everybody has passed since the last change.",
  roll: "The run-away roll is on the table: change it or pass.",
  end: "The turn ends once everybody has passed.",
};
// What the seat on the decision stack is asked, by the frame's kind ("... must ...").
const DECIDING = {
  aim: "choose who the card aims at", aim_seat: "choose the player the card aims at",
  aim_monster: "choose the monster the card aims at", lose: "choose the cards to lose",
  value: "choose the die's face", cost: "choose the cards to pay with",
  curse_target: "choose the curse's victim", curse: "take the curse or cancel it",
  enhance: "choose the monster to enhance", wander: "choose the monster that wanders in",
  give: "choose who gets the charity", loot: "take a card from the body",
  share: "take treasures from the table", bribe: "set the bribe for help",
  counter: "set the terms to help", answer: "answer an offer", trade: "build a trade",
  trade_counter: "build a counter to the trade", sell: "choose the items to sell",
  keep: "choose what to keep (the rest is discarded)",
  face_up: "draw face up, or take the discard pile's top card",
};
// What a Pass means where it is not a window's pass.
const PASS_WORDS = { curse: "Take the curse", face_up: "Draw face up" };

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
    loose(ctx, "Treasures on the table", view.haul, "mk-haul"),
    loose(ctx, "The body being looted", view.body, "mk-body"),
    loose(ctx, "Being played", view.limbo.filter((c) => c !== view.door_card), "mk-limbo"),
    hand(ctx),
    h("div", { class: "mk-seats" }, ...view.seats.map((seat) => seatPanel(ctx, seat))),
  ];
  root.replaceChildren(...parts.filter(Boolean));
}

// ----- cards --------------------------------------------------------------------------

function design(card) {
  const key = catalog ? catalog.cards[card] : null;
  return key ? catalog.designs[key] : { name: `card ${card}`, kind: "", deck: "door", text: null };
}

/** What matters at a glance: a monster's level and treasures, an item's bonus and slot. */
function facts(d) {
  if (d.kind === "monster") return `level ${d.level} · ${d.treasures} treasure${d.treasures === 1 ? "" : "s"}`;
  if (d.kind === "item") {
    const bonus = d.bonus > 0 ? `+${d.bonus}` : d.bonus < 0 ? `${d.bonus}` : "±0";
    const slot = d.slot && d.slot !== "none" ? ` ${d.slot}` : "";
    return `${bonus}${slot}${d.big ? " big" : ""}${d.value ? ` · ${d.value} gold` : ""}`;
  }
  return d.kind.replaceAll("_", " ");
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
  const word = VERBS[action.type] || action.type;
  return action.type === "Use" && action.ability > 0 ? `${word} (${action.ability + 1})` : word;
}

function backs(count, deck) {
  return Array.from({ length: count }, () => h("div", { class: `mk-back ${deck}`, title: `a ${deck} card` }));
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
  const whose = view.phase === "setup" ? "Everybody sets up" : `${name(api, view.turn)}${view.turn === api.me ? "r" : "'s"} turn`;
  return h("div", { class: "mk-turn", id: "mk-turn" },
    h("b", {}, view.phase === "over" ? "The game is over" : whose),
    h("span", {}, `turn ${view.turn_number} of at most ${view.max_turns}`),
    h("span", { class: "dim" }, PHASES[view.phase] || view.phase),
    button(ctx, ctx.find("EndTurn"), "End your turn", { id: "mk-end-turn" }));
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
    parts.push(h("div", {}, h("b", {}, "Window: "), WINDOWS[window.kind] || window.kind, " ",
      h("span", { class: "dim" }, `Still to answer: ${waiting || "nobody"}.`)));
  }
  if (deciding && DECIDING[deciding.kind]) {
    parts.push(h("div", {}, h("b", {}, name(api, deciding.seat)), ` must ${DECIDING[deciding.kind]}`, building(ctx, deciding)));
  }
  const pass = find("Pass");
  if (pass) {
    const words = (mine && PASS_WORDS[deciding.kind]) || "Pass";
    parts.push(h("div", { class: "row" },
      control(h("button", { class: "pass", id: "mk-pass" }, words, h("span", { class: "clock", "data-seat": api.me })), pass, api),
      window && window.waiting.includes(api.me) ? h("span", { class: "dim" }, "or play a card: its buttons are on it") : null));
  }
  const simple = [
    ...all("Begin").map((c) => button(ctx, c, c.action.sex ? "female" : "male", { class: "primary" })),
    ...all("ChooseValue").map((c) => button(ctx, c, `${c.action.value}`)),
    ...all("Treasures").map((c) => button(ctx, c, `${c.action.count} treasure${c.action.count === 1 ? "" : "s"}`)),
    button(ctx, find("FirstPick"), "switch who picks first"),
    button(ctx, find("Done"), view.phase === "setup" ? "Done: start playing" : "Done: send it", { class: "primary" }),
    button(ctx, find("Cancel"), "Cancel"),
  ].filter(Boolean);
  if (simple.length) parts.push(h("div", { class: "row mk-choices" }, ...simple));
  if (!parts.length) return h("div", { id: "mk-answer", hidden: true });
  return h("div", { class: `mk-answer${pass || mine ? " mine" : ""}`, id: "mk-answer" }, ...parts);
}

/** The terms of an offer or sale being built, where the viewer may see them. */
function building(ctx, deciding) {
  const args = deciding.args;
  if (!args) return null;
  const names = (cards) => cards.map((c) => design(c).name).join(", ") || "no item";
  switch (deciding.kind) {
    case "bribe":
    case "counter":
      return h("span", { class: "dim" }, `: ${args[2]} treasure${args[2] === 1 ? "" : "s"}, ${args[3] ? "the helper" : "the fighter"} picks first, ${names(args.slice(4))}`);
    case "trade":
      return h("span", { class: "dim" }, ` with ${name(ctx.api, args[0])}: ${names(args.slice(1))}`);
    case "trade_counter":
      return h("span", { class: "dim" }, `: ${names(args.slice(1))}`);
    case "sell": {
      const gold = args.reduce((sum, c) => sum + (design(c).value || 0), 0);
      return h("span", { class: "dim" }, `: ${names(args)} (${gold} gold)`);
    }
    case "keep":
      return h("span", { class: "dim" }, ` (${args[0]} at most): ${names(args.slice(1))}`);
    default:
      return null;
  }
}

function decks(ctx) {
  const { view } = ctx;
  const pile = (title, count, deck, id, choices, top) => h("div", { class: "mk-pile", id },
    h("div", { class: `mk-back ${deck} big` }, h("b", {}, title), h("span", {}, `${count}`)),
    ...choices, top === undefined ? null : h("small", { class: "dim" }, "discards:"), top === undefined ? null : top);
  const top = (cards) => cards.length ? cardNode(ctx, cards[cards.length - 1]) : h("small", { class: "dim" }, "none");
  const doorMoves = [button(ctx, ctx.find("KickDoor"), "Kick open the door", { class: "primary", id: "mk-kick" }),
    button(ctx, ctx.find("LootRoom"), "Loot the room", { id: "mk-loot" })].filter(Boolean);
  return h("div", { class: "row mk-decks" },
    pile("DOORS", view.door_deck, "door", "mk-door-deck", doorMoves, undefined),
    pile("TREASURES", view.treasure_deck, "treasure", "mk-treasure-deck", [], undefined),
    h("div", { class: "mk-pile" }, h("small", { class: "dim" }, "door discards"), top(view.door_discard)),
    h("div", { class: "mk-pile" }, h("small", { class: "dim" }, "treasure discards"), top(view.treasure_discard)),
    view.door_card === null ? null : h("div", { class: "mk-pile", id: "mk-door" }, h("small", {}, "the door card"), cardNode(ctx, view.door_card)));
}

function fight(ctx) {
  const { view, api } = ctx;
  const f = view.combat;
  const side = f.helper === null ? name(api, f.fighter) : `${name(api, f.fighter)} + ${name(api, f.helper)}`;
  const monsters = f.monsters.map((m, index) => {
    const node = cardNode(ctx, m.card, { note: `in this fight: strength ${m.strength}, ${m.treasures} treasure${m.treasures === 1 ? "" : "s"}` });
    const aim = runOrder(view) ? null : ctx.find("ChooseMonster", (a) => a.index === index);
    if (aim) node.append(button(ctx, aim, "choose"));
    if (m.enhancers.length) node.append(h("small", { class: "dim" }, "enhanced by"), ...m.enhancers.map((c) => cardNode(ctx, c)));
    return node;
  });
  const bonuses = (list) => list.length ? list.map((b) => (b > 0 ? `+${b}` : `${b}`)).join(" ") : "none";
  return h("div", { class: `mk-fight ${f.winning ? "winning" : "losing"}`, id: "mk-combat" },
    h("h3", {}, `Combat ${f.number}`),
    h("div", { class: "mk-score" },
      h("span", {}, side, h("b", { id: "mk-players-strength" }, ` ${f.players_strength}`)),
      h("span", {}, " against "),
      h("span", {}, "monsters", h("b", { id: "mk-monsters-strength" }, ` ${f.monsters_strength}`)),
      h("span", { class: f.winning ? "good" : "bad" }, f.winning ? " — the players are winning" : " — the monsters are winning")),
    h("div", { class: "dim" }, `bonuses: ${bonuses(f.bonuses)} · to run away: ${bonuses(f.run_bonuses)}`),
    h("div", { class: "row" }, ...monsters));
}

function run(ctx) {
  const { view, api } = ctx;
  const r = view.run;
  const die = dieNode(r.roll);
  control(die, ctx.find("Roll"), api);
  const left = r.left.map((card, index) => {
    const node = cardNode(ctx, card, { note: card === r.monster ? "running from it now" : null });
    const next = runOrder(view) ? ctx.find("ChooseMonster", (a) => a.index === index) : null;
    if (next) node.append(button(ctx, next, "run from it next"));
    return node;
  });
  return h("div", { class: "mk-run", id: "mk-run" },
    h("h3", {}, `Running away: ${r.runners.map((s) => name(api, s)).join(", ")}`),
    h("div", { class: "row" }, h("div", { class: "mk-slot", id: "mk-die" }, die,
      r.roll === null ? h("small", { class: "dim" }, ctx.find("Roll") ? "roll the die" : "no roll yet")
        : h("small", {}, `${name(api, r.roll_seat)} rolled ${r.roll}: total ${r.total}`)), ...left),
    r.escaped.length ? h("div", { class: "dim" }, `escaped: ${r.escaped.map((s) => name(api, s)).join(", ")}`) : null);
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
    const names = (cards) => cards.map((c) => design(c).name).join(", ") || "nothing";
    const t = offer.terms;
    const what = typeof offer.occasion === "number"
      ? `help for ${t[0]} treasure${t[0] === 1 ? "" : "s"} (${t[1] ? "the helper" : "the fighter"} picks first)${t.length > 2 ? `, and ${names(t.slice(2))}` : ""}`
      : `a trade: ${names(t.slice(1, 1 + t[0]))} for ${names(t.slice(1 + t[0]))}`;
    const answers = offer.id === answering
      ? [button(ctx, find("Accept"), "Accept", { class: "primary" }), button(ctx, find("Decline"), "Decline"), button(ctx, find("Counter"), "Counter")]
      : [];
    return h("li", { id: `mk-offer-${offer.id}` },
      `${name(api, offer.sender)} → ${name(api, offer.receiver)}: ${what} `,
      h("span", { class: "dim" }, offer.counter_of === null ? `(${offer.status})` : `(${offer.status}, a counter)`), " ", ...answers.filter(Boolean));
  });
  return h("div", { class: "mk-offers", id: "mk-offers" }, h("h3", {}, "Offers"), h("ul", {}, ...rows));
}

function loose(ctx, title, cards, id) {
  if (!cards.length) return null;
  return h("div", { id }, h("h3", {}, title), h("div", { class: "row" }, ...cards.map((c) => cardNode(ctx, c))));
}

function hand(ctx) {
  const { view } = ctx;
  if (view.hand === null) return null;
  return h("div", { class: "mk-hand", id: "mk-hand" }, h("h3", {}, `Your hand (${view.hand.length})`),
    h("div", { class: "row" }, ...(view.hand.length ? view.hand.map((c) => cardNode(ctx, c)) : [h("span", { class: "dim" }, "empty")])));
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
    h("span", { class: "mk-level" }, `level ${seat.level}`),
    h("span", {}, seat.sex),
    h("span", { class: "dim" }, `strength ${seat.strength}`),
    character.length ? null : h("span", { class: "dim" }, "no class"),
    seat.dead ? h("b", { class: "bad" }, "dead") : null,
    seat.seat === view.turn && view.phase !== "setup" ? h("span", { class: "acting" }, me ? "(your turn)" : "(their turn)") : null);
  control(heading, find("ChooseSeat", (a) => a.seat === seat.seat), api);
  const moves = [
    button(ctx, find("Ask", (a) => a.seat === seat.seat), "ask for help"),
    button(ctx, find("Trade", (a) => a.seat === seat.seat), "offer a trade"),
    me ? button(ctx, find("Sell"), "sell items") : null,
  ].filter(Boolean);
  const row = (title, entries, sideways) => entries.length
    ? h("div", {}, h("small", { class: "dim" }, title), h("div", { class: "row" }, ...entries.map((e) => cardNode(ctx, e.card, { sideways }))))
    : null;
  const handCount = seat.hand_doors + seat.hand_treasures;
  const known = me ? [] : seat.known_hand;
  return h("div", { class: `seat${me ? " me" : ""}${acting ? " acting" : ""}`, id: `seat-${seat.seat}` },
    heading,
    moves.length ? h("div", { class: "row" }, ...moves) : null,
    row("character", character, false),
    row("equipped", equipped, false),
    row("carried, not equipped", carried, true),
    h("div", { class: "mk-hand-count" }, h("small", { class: "dim" }, `hand: ${handCount} of ${seat.hand_limit}`),
      h("div", { class: "row" }, ...backs(seat.hand_doors, "door"), ...backs(seat.hand_treasures, "treasure"))),
    known.length ? row("known in the hand", known.map((card) => ({ card })), false) : null);
}
