// Ninja Master's table: the dice, the tokens to grab, a keypad to call the ninjas.
// Everything comes from the seat's own view; grabs and calls are stamped by the server.

import { control, find, fit, h, name, s } from "/static/draw.js";
import { N_, pt, t, tn } from "/static/words.js";

// Where a round's points come from (the summary's `points`), in words.
const SOURCES = { ninja: N_("ninjas"), katana: N_("Katana"), shuriken: N_("Shuriken"), call: N_("call"), floor: N_("floor") };
const COLOURS = { red: "#e05050", blue: "#4a90e2", green: "#5cb85c", yellow: "#f0c040", black: "#8a8f98", katana: "#ce93d8" };

export function draw(root, update, api) {
  const view = update.view;
  const legal = update.legal;
  const parts = [];
  parts.push(h("div", {}, h("b", {}, view ? t("Round {round}", { round: view.round }) : "Ninja Master"),
    view ? ` · ${tn("first to {n} point", "first to {n} points", view.target)}` : "",
    view && view.sudden_death ? h("b", { style: "color: var(--bad)" }, ` · ${t("SUDDEN DEATH")}`) : "",
    update.step === "running" ? h("span", { class: "clock", id: "step-clock", style: "margin-left: 10px" }) : ""));
  if (!view) {
    parts.push(h("p", {}, t("The dice are shown to everybody at once when the round begins.")));
    root.replaceChildren(...parts);
    return;
  }
  parts.push(dice(view));
  parts.push(tokens(view, legal, api));
  const calls = legal.filter((choice) => choice.action.type === "Call");
  if (calls.length) parts.push(keypad(calls, api));
  const done = find(legal, { type: "Done" });
  if (done) parts.push(h("p", {}, control(h("button", { id: "done" }, t("Done: nothing more this round")), done, api)));
  parts.push(players(view, api));
  if (view.last_round && update.step !== "running") parts.push(lastRound(view.last_round, api));
  root.replaceChildren(...parts);
}

function dice(view) {
  const size = 64;
  const svg = s("svg", { viewBox: `0 0 ${9 * (size + 8)} ${size + 8}`, role: "img", "aria-label": t("the dice") });
  if (!view.dice) {
    const words = t("The dice are in the dojo: press Ready to roll!");
    svg.append(s("text", { x: 10, y: size / 2 + 8, fill: "#9aa5b1", "font-size": 20, ...fit(words, 9 * (size + 8) - 20, 20) }, words));
    return svg;
  }
  view.dice.forEach((die, i) => {
    const x = 4 + i * (size + 8);
    const colour = COLOURS[die.colour] || (die.kind === "katana" ? COLOURS.katana : "#b0bec5");
    const g = s("g", { transform: `translate(${x},4)`, class: `die ${die.kind}` });
    g.append(s("rect", { width: size, height: size, rx: 10, fill: "#f4f1ea", stroke: "#333", "stroke-width": 2 }));
    if (die.kind === "ninja") {
      for (let n = 0; n < die.ninjas; n++) {
        g.append(s("circle", { cx: size / 2 + (n - (die.ninjas - 1) / 2) * 18, cy: size / 2, r: 8, fill: colour, stroke: "#222" }));
      }
    } else if (die.kind === "smoke") {
      g.append(s("ellipse", { cx: size / 2, cy: size / 2 - 4, rx: 22, ry: 14, fill: "#cfd8dc", stroke: colour, "stroke-width": 5 }));
    } else if (die.kind === "shuriken") {
      g.append(s("path", { d: star(size / 2, size / 2 - 4, 20, 7), fill: "#607d8b" }));
    } else {
      g.append(s("line", { x1: 12, y1: size - 16, x2: size - 12, y2: 12, stroke: "#6a1b9a", "stroke-width": 6, "stroke-linecap": "round" }));
    }
    const words = dieWords(die);
    g.append(s("text", { x: size / 2, y: size - (die.kind === "katana" ? 4 : 6), "text-anchor": "middle", "font-size": 11, fill: "#333", ...fit(words, size - 6, 11) }, words));
    svg.append(g);
  });
  return svg;
}

/** What a die shows, in words: "2 red", "smoke blue", "Shuriken", "Katana". */
function dieWords(die) {
  if (die.kind === "ninja") return t("{count} {colour}", { count: die.ninjas, colour: pt("colour", die.colour) });
  if (die.kind === "smoke") return `${pt("face", "smoke")} ${pt("colour", die.colour)}`;
  return die.kind === "shuriken" ? pt("face", "Shuriken") : pt("face", "Katana");
}

function star(cx, cy, outer, inner) {
  const points = [];
  for (let i = 0; i < 8; i++) {
    const r = i % 2 ? inner : outer;
    const a = (Math.PI / 4) * i - Math.PI / 2;
    points.push(`${cx + r * Math.cos(a)},${cy + r * Math.sin(a)}`);
  }
  return `M${points.join("L")}Z`;
}

function tokens(view, legal, api) {
  const size = 92;
  const svg = s("svg", { viewBox: `0 0 ${view.tokens.length * (size + 10)} ${size + 34}`, role: "group", "aria-label": t("the tokens") });
  view.tokens.forEach((token, index) => {
    const x = 6 + index * (size + 10);
    const g = s("g", { transform: `translate(${x},4)`, class: `token ${token.token}`, id: `token-${token.token}` });
    const free = token.holder === null;
    g.append(s("circle", { cx: size / 2, cy: size / 2, r: size / 2 - 4, fill: COLOURS[token.token], opacity: free ? 1 : 0.35, stroke: "#fff", "stroke-width": free ? 3 : 1 }));
    g.append(s("text", { x: size / 2, y: size / 2 + 6, "text-anchor": "middle", "font-size": 17, "font-weight": "bold", fill: "#111", ...fit(tokenName(token.token), size - 12, 17) }, tokenName(token.token)));
    g.append(s("text", { x: size / 2, y: size + 22, "text-anchor": "middle", "font-size": 14, fill: "#e8eaed" },
      free ? t("free") : `${name(api, token.holder)}${token.ms === null ? "" : ` · ${t("{seconds} s", { seconds: (token.ms / 1000).toFixed(2) })}`}`));
    control(g, find(legal, { type: "Grab", token: index }), api);
    svg.append(g);
  });
  return svg;
}

/** A token's name: the Katana, or the colour of a Ninja token. */
function tokenName(token) {
  return token === "katana" ? pt("face", "Katana") : pt("colour", token);
}

function keypad(calls, api) {
  const buttons = calls.map((choice) => control(h("button", { class: "call" }, String(choice.action.total)), choice, api));
  return h("div", { class: "keypad" }, h("div", { class: "dim" }, t("Call the number of ninjas:")), ...buttons);
}

function players(view, api) {
  const rows = view.scores.map((score, seat) => {
    const held = view.tokens.filter((token) => token.holder === seat).map((token) => tokenName(token.token));
    const call = view.calls.find((c) => c.seat === seat);
    return h("tr", { class: seat === api.me ? "you" : "" },
      h("td", {}, name(api, seat)), h("td", {}, tn("{n} pt", "{n} pts", score)),
      h("td", {}, seat === view.katana_owner ? `${t("Katana owner")} ` : "", seat === view.shuriken ? pt("face", "Shuriken") : ""),
      h("td", {}, held.join(", ")), h("td", {}, call ? t("called {total} at {seconds} s", { total: call.total, seconds: (call.ms / 1000).toFixed(2) }) : ""));
  });
  return h("table", { class: "list" }, ...rows);
}

function lastRound(summary, api) {
  const lines = [h("b", {}, tn("Round {round}: {n} ninja rolled", "Round {round}: {n} ninjas rolled", summary.total, { round: summary.round }))];
  summary.scores.forEach((score, seat) => {
    const points = Object.entries(summary.points).map(([source, each]) => each[seat] ? `${SOURCES[source] ? t(SOURCES[source]) : source} ${each[seat] > 0 ? "+" : ""}${each[seat]}` : null).filter(Boolean);
    lines.push(h("div", {}, `${name(api, seat)}: ${points.join(", ") || "±0"} → ${score}`));
  });
  return h("div", { class: "panel", id: "last-round" }, ...lines);
}
