// A finished game, step by step, every seat's cards shown.

import { h } from "/static/draw.js";
import { drawGeneric } from "/static/generic.js";
import { here, lang, load, t, tn } from "/static/words.js";

const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").pop());
let drawing = null;
let total = 0;
let n = 0;
let loading = null;

async function show(step) {
  n = Math.max(0, Math.min(step, total || step));
  const response = await fetch(`/api/tables/${encodeURIComponent(tableId)}/replay?n=${n}&lang=${encodeURIComponent(lang)}`);
  const data = await response.json();
  if (!response.ok) { $("status").textContent = data.error; return; }
  const info = data.table;
  if (loading === null) {
    loading = info.web ? import(`/games/${encodeURIComponent(info.game)}/table.js`).catch(() => null) : Promise.resolve(null);
    drawing = await loading;
    if (drawing && drawing.prepare) await drawing.prepare(info, lang);
  }
  total = data.total;
  $("title").textContent = `${info.title} · ${info.name}`;
  $("step").max = total;
  $("step").value = data.n;
  $("count").textContent = t("{step} of {steps}", { step: data.n, steps: total });
  const names = info.seats.map((s) => s.kind === "bot" ? t("Bot {seat} ({level})", { seat: s.seat, level: s.bot }) : s.name || t("Seat {seat}", { seat: s.seat }));
  $("status").textContent = data.last ? `${names[data.last.seat]}: ${data.last.label}` : t("The start of the game.");
  if (data.outcome && data.n === total) {
    const winners = data.outcome.winners.map((s) => names[s]);
    $("status").textContent += ` — ${winners.length ? tn("The end: {winners} won.", "The end: {winners} won.", winners.length, { winners: winners.join(", ") }) : t("The end: nobody won.")}`;
  }
  const panels = data.views.map((view, seat) => {
    const root = h("div", { class: "panel drawing" });
    const api = { me: seat, names, info, lang, act: () => {}, ready: () => {}, placed: () => {}, stepMs: () => null, replay: true };
    const update = { view, legal: [], seats: info.seats, deadlines: {}, step: null, ready: [], status: "finished", outcome: data.outcome };
    if (drawing) drawing.draw(root, update, api);
    else drawGeneric(root, update, api);
    return h("div", {}, h("h2", {}, t("As {name} saw it", { name: names[seat] })), root);
  });
  $("views").replaceChildren(...panels);
  $("log").textContent = data.log.join("\n");
  $("log").scrollTop = $("log").scrollHeight;
}

async function main() {
  try {
    const response = await fetch(`/api/tables/${encodeURIComponent(tableId)}`);
    await load(response.ok ? (await response.json()).game : null); // and the game's own words
  } catch (error) { // an unknown ?lang=: the message lists the languages
    $("status").textContent = error.message;
    return;
  }
  $("home").href = here("/");
  $("first").title = t("to the start");
  $("back").title = t("one action back");
  $("next").title = t("one action on");
  $("last").title = t("to the end");
  show(0);
}

$("first").onclick = () => show(0);
$("back").onclick = () => show(n - 1);
$("next").onclick = () => show(n + 1);
$("last").onclick = () => show(total);
$("step").oninput = () => show(Number($("step").value));
document.addEventListener("keydown", (event) => {
  if (event.key === "ArrowRight") show(n + 1);
  if (event.key === "ArrowLeft") show(n - 1);
});
main();
