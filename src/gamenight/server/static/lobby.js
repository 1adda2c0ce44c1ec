// The lobby: create a table, invite friends, join, watch, replay.

import { h } from "/static/draw.js";
import { here, lang, languages, load, t, tn } from "/static/words.js";

const $ = (id) => document.getElementById(id);
let games = [];

function game() {
  return games.find((g) => g.id === $("game").value);
}

async function main() {
  try {
    await load();
  } catch (error) { // an unknown ?lang=: the message lists the languages
    $("page-error").textContent = error.message;
    return;
  }
  drawLanguages();
  $("name").placeholder = t("you");
  games = (await (await fetch(`/api/games?lang=${lang}`)).json()).filter((g) => g.playable);
  $("game").replaceChildren(...games.map((g) => h("option", { value: g.id }, g.title)));
  $("game").addEventListener("change", chooseGame);
  $("players").addEventListener("change", drawSeats);
  $("create").addEventListener("submit", create);
  $("name").value = localStorage.getItem("gamenight:name") || "";
  chooseGame();
  refresh();
  setInterval(refresh, 4000);
  drawMine();
}

/** The language choice: choosing one reloads the lobby in it (kept in its ?lang=). */
function drawLanguages() {
  $("lang").replaceChildren(...Object.entries(languages).map(([code, words]) => h("option", { value: code, selected: code === lang }, words)));
  $("lang").addEventListener("change", () => {
    const query = new URLSearchParams(location.search);
    query.set("lang", $("lang").value);
    location.search = query.toString();
  });
}

function chooseGame() {
  const g = game();
  const counts = [];
  for (let n = g.min_players; n <= g.max_players; n++) counts.push(n);
  $("players").replaceChildren(...counts.map((n) => h("option", { value: n, selected: n === Math.min(Math.max(4, g.min_players), g.max_players) }, tn("{n} player", "{n} players", n))));
  drawSeats();
}

function drawSeats() {
  const g = game();
  const players = Number($("players").value);
  const rows = [];
  for (let seat = 0; seat < players; seat++) {
    const kind = h("select", { "data-seat": seat, class: "kind" },
      h("option", { value: "human", selected: seat === 0 }, seat === 0 ? t("You") : t("A friend")),
      h("option", { value: "bot", selected: seat !== 0 }, t("A bot")));
    const bot = h("select", { class: "bot" }, ...g.bots.map((b) => h("option", { value: b, selected: b === g.default_bot }, g.bot_descriptions[b] ? `${b} — ${g.bot_descriptions[b]}` : b)));
    rows.push(h("div", {}, h("label", {}, t("Seat {seat}", { seat }), kind, bot)));
  }
  $("seats").replaceChildren(...rows);
  $("options").replaceChildren(...g.options.map((o) => {
    const value = o.defaults[String(players)];
    let input;
    if (o.type === "bool") input = h("input", { type: "checkbox", "data-option": o.name, checked: value });
    else if (o.choices) input = h("select", { "data-option": o.name }, ...o.choices.map((c) => h("option", { value: c, selected: c === value }, c)));
    else input = h("input", { "data-option": o.name, type: o.type === "int" ? "number" : "text", value, min: o.min, max: o.max });
    return h("div", {}, h("label", { title: o.help }, o.name.replaceAll("_", " "), input), h("span", { class: "dim" }, o.help));
  }));
}

async function create(event) {
  event.preventDefault();
  const g = game();
  const players = Number($("players").value);
  const seats = [...document.querySelectorAll("#seats > div")].map((row) => {
    const kind = row.querySelector(".kind").value;
    return kind === "bot" ? { kind, bot: row.querySelector(".bot").value } : { kind };
  });
  const options = {};
  for (const input of document.querySelectorAll("[data-option]")) {
    const o = g.options.find((x) => x.name === input.dataset.option);
    const value = o.type === "bool" ? input.checked : o.type === "int" ? Number(input.value) : input.value;
    if (value !== o.defaults[String(players)]) options[o.name] = value;
  }
  const name = $("name").value.trim();
  localStorage.setItem("gamenight:name", name);
  const body = {
    game: g.id, seats, options, name: name ? t("{name}'s {game}", { name, game: g.title }) : "",
    turn_seconds: Number($("turn").value), window_seconds: Number($("window").value), max_missed: Number($("missed").value),
  };
  const response = await fetch("/api/tables", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const answer = await response.json();
  if (!response.ok) { $("create-error").textContent = answer.error; return; }
  $("create-error").textContent = "";
  const invites = answer.invites;
  remember(answer.id, g.title, invites);
  const box = $("invites");
  box.hidden = false;
  const links = invites.map((invite) => {
    const url = `${location.origin}${invite.link}`;
    const mineToo = seats[invite.seat].kind === "human" && invite.seat === 0 && document.querySelector("#seats .kind").value === "human";
    return h("li", {}, h("b", {}, mineToo ? t("Your seat:") : t("Seat {seat}:", { seat: invite.seat }), " "), h("a", { href: url, class: "invite" }, url), " ",
      h("button", { type: "button", onclick: () => navigator.clipboard && navigator.clipboard.writeText(url) }, t("Copy")));
  });
  box.replaceChildren(h("h2", {}, t("Send each friend their own link")), h("ul", { class: "invites" }, ...links),
    invites.length ? null : h("a", { href: here(`/t/${answer.id}`) }, t("Watch the bots play")));
  if (invites.length && seats[0].kind === "human") {
    await fetch(`/api/tables/${answer.id}/claim`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ token: invites[0].token, name }) });
  }
  refresh();
}

function remember(id, title, invites) {
  const all = JSON.parse(localStorage.getItem("gamenight:tables") || "[]");
  all.unshift({ id, title, invites: invites.map((i) => ({ seat: i.seat, link: i.link })) });
  localStorage.setItem("gamenight:tables", JSON.stringify(all.slice(0, 20)));
  drawMine();
}

function drawMine() {
  const all = JSON.parse(localStorage.getItem("gamenight:tables") || "[]");
  $("mine").replaceChildren(...all.map((table) => h("li", {}, h("b", {}, table.title), " ",
    ...table.invites.map((i) => h("a", { href: here(i.link), class: "button" }, t("seat {seat}", { seat: i.seat }))),
    h("a", { href: here(`/t/${table.id}`), class: "button" }, t("watch")))));
}

async function refresh() {
  for (const status of ["open", "running", "finished"]) {
    const tables = await (await fetch(`/api/tables?status=${status}`)).json();
    $(status).replaceChildren(tables.length ? h("table", { class: "list" }, ...tables.slice(0, 30).map((table) => row(table, status)))
      : h("span", { class: "dim" }, t("none")));
  }
}

function row(table, status) {
  const people = table.seats.map((s) => s.kind === "bot" ? t("bot ({level})", { level: s.bot }) : s.claimed ? s.name : t("free seat")).join(", ");
  const buttons = [];
  const free = table.seats.some((s) => s.kind === "human" && !s.claimed);
  if (free && status !== "finished") buttons.push(h("button", { class: "join", onclick: () => join(table.id) }, t("Join")));
  if (status === "finished") buttons.push(h("a", { class: "button", href: here(`/replay/${table.id}`) }, t("Replay")));
  else buttons.push(h("a", { class: "button", href: here(`/t/${table.id}`) }, t("Watch")));
  return h("tr", {}, h("td", {}, h("b", {}, table.name), h("div", { class: "dim" }, people)), h("td", {}, ...buttons));
}

async function join(id) {
  const name = $("name").value.trim() || prompt(t("Your name?")) || "";
  const response = await fetch(`/api/tables/${id}/join`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ name }) });
  const answer = await response.json();
  if (!response.ok) { alert(answer.error); return; }
  location.href = here(answer.link);
}

main();
