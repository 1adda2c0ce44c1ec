// A table in the browser: one websocket to the server, everything drawn from what this
// seat is sent (its own view, its own events, its own legal actions).

import { h } from "/static/draw.js";
import { drawGeneric } from "/static/generic.js";
import { here, lang, load, t, tn } from "/static/words.js";

const tableId = decodeURIComponent(location.pathname.split("/").pop());
const key = `gamenight:${tableId}`;
const fragment = new URLSearchParams(location.hash.slice(1));
if (fragment.get("token")) {
  // The invitation's token: kept in this browser, and out of the address bar.
  localStorage.setItem(key, JSON.stringify({ seat: Number(fragment.get("seat")), token: fragment.get("token") }));
  history.replaceState(null, "", location.pathname + location.search);
}
let mine = JSON.parse(localStorage.getItem(key) || "null");

const $ = (id) => document.getElementById(id);
let info = null;        // the table (TableInfo)
let me = null;          // my seat (null: watching)
let update = null;      // the last update
let lines = [];         // my log
let drawing = null;     // the game's drawing module (null: the generic table)
let deadlines = {};     // seat -> when its time runs out (performance.now() ms)
let stepStart = null;   // real time: when the step began (performance.now() ms)
let socket = null;
let retry = 500;
let left = false;
let games = null;

async function main() {
  const response = await fetch(`/api/tables/${encodeURIComponent(tableId)}`);
  info = response.ok ? await response.json() : null;
  try {
    await load(info && info.game); // the page's words, and the game's own table's
  } catch (error) { // an unknown ?lang=: the message lists the languages
    $("status").textContent = error.message;
    return;
  }
  $("home").href = here("/");
  if (!info) {
    $("status").textContent = t("There is no such table.");
    return;
  }
  $("title").textContent = `${info.title} · ${info.name}`;
  const seat = mine && info.seats[mine.seat];
  if (seat && !seat.claimed && info.status !== "finished") showClaim();
  else connect();
}

function showClaim() {
  const box = $("claim");
  const input = h("input", { id: "name", placeholder: t("your name"), maxlength: 40, autocomplete: "nickname" });
  const take = h("button", { class: "primary", id: "take-seat", onclick: async () => {
    const answer = await post("claim", { token: mine.token, name: input.value });
    if (answer) { box.hidden = true; connect(); }
  } }, t("Take seat {seat}", { seat: mine.seat }));
  box.replaceChildren(h("h2", {}, t("You are invited")), input, " ", take,
    h("button", { onclick: () => { forget(); box.hidden = true; connect(); } }, t("Just watch")));
  box.hidden = false;
}

async function post(what, body) {
  const response = await fetch(`/api/tables/${encodeURIComponent(tableId)}/${what}`, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) { showError(answer.error || t("refused")); return null; }
  return answer;
}

function forget() {
  localStorage.removeItem(key);
  mine = null;
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(tableId)}`);
  socket.onopen = () => {
    retry = 500;
    socket.send(JSON.stringify({ type: "hello", token: mine ? mine.token : null, lang }));
  };
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = () => {
    if (left) return;
    $("status").textContent = t("Connection lost: reconnecting…");
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 5000);
  };
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

async function receive(message) {
  if (message.type === "welcome") {
    info = message.table;
    me = message.seat;
    if (mine && me === null) forget();
    if (info.web && !drawing) {
      try {
        drawing = await import(`/games/${encodeURIComponent(info.game)}/table.js`);
        if (drawing.prepare) await drawing.prepare(info, lang);
      } catch (error) { drawing = null; }
      render(); // an update that came while the drawing loaded was drawn without it
    }
  } else if (message.type === "update") {
    if (message.first === 0) lines = [];
    lines.push(...message.log);
    update = message;
    info.status = message.status;
    info.seats = message.seats;
    const now = performance.now();
    deadlines = {};
    for (const [seat, ms] of Object.entries(message.deadlines)) deadlines[seat] = now + ms;
    stepStart = message.step === "running" ? now - message.step_ms : null;
    render();
  } else if (message.type === "error") {
    showError(message.message);
  }
}

let errorTimer = null;
function showError(text) {
  $("error").textContent = text;
  clearTimeout(errorTimer);
  errorTimer = setTimeout(() => { $("error").textContent = ""; }, 6000);
}

function names() {
  return info.seats.map((seat) => seat.kind === "bot" ? t("Bot {seat} ({level})", { seat: seat.seat, level: seat.bot })
    : seat.claimed ? seat.name : t("Seat {seat} (free)", { seat: seat.seat }));
}

function render() {
  if (!update) return;
  const view = update.view || {};
  const toAct = view.to_act || [];
  const seatNames = names();
  $("who").textContent = me === null ? t("watching") : t("you are {name}, seat {seat}", { name: seatNames[me], seat: me });
  renderButtons();
  $("seats").replaceChildren(...info.seats.map((seat) => h("li", {},
    h("span", { class: `dot${seat.connected || seat.kind === "bot" ? " on" : ""}`, title: seat.connected ? t("connected") : t("away") }),
    h("span", { class: seat.seat === me ? "you" : "" }, seatNames[seat.seat]),
    seat.standin ? h("span", { class: "dim" }, t("(a bot plays for now)")) : null,
    toAct.includes(seat.seat) ? h("span", { class: "acting" }, t("◀ to act")) : null,
    update.ready.includes(seat.seat) ? h("span", { class: "acting" }, t("ready")) : null,
    h("span", { class: "clock", "data-seat": seat.seat }))));
  const placed = [];
  const api = {
    me, names: seatNames, info, lang,
    act: (action) => send({ type: "act", action }),
    ready: () => send({ type: "ready" }),
    placed: (action) => placed.push(JSON.stringify(action)),
    stepMs: () => stepStart === null ? null : performance.now() - stepStart,
  };
  const root = $("drawing");
  root.replaceChildren();
  if (drawing) drawing.draw(root, update, api);
  else drawGeneric(root, update, api);
  renderActions(api, placed);
  renderStatus(seatNames, toAct);
  const log = $("log");
  const atEnd = log.scrollTop + log.clientHeight >= log.scrollHeight - 30;
  log.textContent = lines.join("\n");
  if (atEnd) log.scrollTop = log.scrollHeight;
  tick();
}

function renderButtons() {
  const buttons = [h("button", { onclick: showRules }, t("Rules"))];
  const mySeat = me === null ? null : info.seats[me];
  if (mySeat && mySeat.standin) buttons.push(h("button", { class: "primary", onclick: () => send({ type: "back" }) }, t("I'm back")));
  if (mySeat && info.status === "open") buttons.push(h("button", { onclick: () => post("start", { token: mine.token }) }, t("Start now")));
  if (mySeat && info.status !== "finished") buttons.push(h("button", { onclick: leave }, t("Leave")));
  if (info.status === "finished") buttons.push(h("a", { class: "button", href: here(`/replay/${encodeURIComponent(tableId)}`) }, t("Replay")));
  $("buttons").replaceChildren(...buttons);
}

async function leave() {
  if (!confirm(t("Leave this table? A bot will play your seat."))) return;
  if (await post("leave", { token: mine.token })) forget();
}

function renderActions(api, placed) {
  const box = $("actions");
  const buttons = [];
  if (update.step === "between" && me !== null && !info.seats[me].standin) {
    const ready = update.ready.includes(me);
    buttons.push(h("button", { class: "primary", id: "ready", disabled: ready, "data-ready": "", onclick: api.ready },
      ready ? t("Waiting for the others…") : t("Ready: show the dice!")));
  }
  for (const choice of update.legal) {
    if (placed.includes(JSON.stringify(choice.action))) continue;
    const pass = choice.action.type === "Pass";
    buttons.push(h("button", {
      class: `control${pass ? " pass" : ""}`, "data-action": JSON.stringify(choice.action), onclick: () => api.act(choice.action),
    }, choice.label, pass ? h("span", { class: "clock", "data-seat": me }) : null));
  }
  if (buttons.length) box.replaceChildren(...buttons);
  else box.replaceChildren(update.legal.length ? t("Use the table above.") : t("Nothing to do now."));
}

function renderStatus(seatNames, toAct) {
  let text;
  if (info.status === "open") text = t("Waiting for everybody to take their seat…");
  else if (info.status === "finished") {
    const winners = (update.outcome ? update.outcome.winners : []).map((seat) => seatNames[seat]);
    text = winners.length ? tn("The game is over: {winners} won.", "The game is over: {winners} won.", winners.length, { winners: winners.join(", ") })
      : t("The game is over: nobody won.");
  } else if (update.step === "between") text = t("Between rounds: press Ready when you are.");
  else if (update.step === "running") text = t("Go! Everybody acts at once.");
  else if (me !== null && toAct.includes(me)) text = t("Your move.");
  else text = t("Waiting for {seats}.", { seats: toAct.map((seat) => seatNames[seat]).join(", ") || "…" });
  $("status").replaceChildren(text, h("span", { class: "clock", id: "my-clock", "data-seat": me === null ? "" : me }));
  const banner = $("banner");
  banner.hidden = info.status !== "finished";
  banner.className = "banner";
  banner.textContent = text;
}

function tick() {
  const now = performance.now();
  for (const node of document.querySelectorAll(".clock[data-seat]")) {
    const when = deadlines[node.dataset.seat];
    node.textContent = when === undefined ? "" : ` ${t("{seconds} s", { seconds: Math.max(0, Math.ceil((when - now) / 1000)) })}`;
  }
  const step = document.getElementById("step-clock");
  if (step && stepStart !== null) step.textContent = t("{seconds} s", { seconds: ((now - stepStart) / 1000).toFixed(1) });
}
setInterval(tick, 100);

async function showRules() {
  if (!games) games = await (await fetch(`/api/games?lang=${lang}`)).json();
  const game = games.find((g) => g.id === info.game);
  const text = $("rules-text");
  text.replaceChildren(h("h2", {}, game.title),
    game.rules ? h("p", {}, game.rules) : h("p", { class: "dim" }, t("The rules are in the project's docs.")),
    h("h3", {}, t("This table's options")),
    h("ul", {}, ...game.options.map((o) => h("li", {}, h("b", {}, `${o.name} = ${info.options[o.name]}`), `: ${o.help}`))),
    h("p", { class: "dim" }, deadline(t("a turn: {seconds} s", { seconds: info.turn_seconds }), t("no deadline for a turn"), info.turn_seconds), " ",
      deadline(t("to answer: {seconds} s", { seconds: info.window_seconds }), t("no deadline to answer"), info.window_seconds), " ",
      tn("After {n} missed deadline, a bot plays your seat until you are back.", "After {n} missed deadlines in a row, a bot plays your seat until you are back.", info.max_missed)));
  $("rules").showModal();
}

function deadline(words, none, seconds) {
  return `${seconds ? words : none}.`;
}

main();
