// The pages' words in the page's language. Every word a person reads goes through
// t("Create the table"), tn("{n} seat", "{n} seats", n) or pt(context, word), with
// {name} fields filled from an object; an HTML element marked data-t has its text
// translated. The server's gettext catalogs give the translations (GET /api/words).

const asked = new URLSearchParams(location.search).get("lang");

/** The page's language: its ?lang=, else the browser's if it is one of gamenight's,
 *  else English. */
export let lang = asked || (navigator.language || "en").split("-")[0].toLowerCase();
/** Every language of gamenight, by code, each in its own words (known once loaded). */
export let languages = {};
let words = {};
let plurals = [1, 0]; // the plural form of each count below plurals.length

/** Load the words of the pages, and of `game`'s own table, then translate the page's
 *  data-t elements. An unknown ?lang= is refused: the Error says so and lists the
 *  languages (a browser's language that gamenight does not speak means English). */
export async function load(game = null) {
  let response = await fetchWords(lang, game);
  if (!response.ok && !asked) {
    lang = "en";
    response = await fetchWords(lang, game);
  }
  const answer = await response.json();
  if (!response.ok) throw new Error(answer.error);
  ({ languages, plurals, words } = answer);
  document.documentElement.lang = lang;
  for (const node of document.querySelectorAll("[data-t]")) {
    node.textContent = t(node.textContent.trim().replace(/\s+/g, " "));
    node.removeAttribute("data-t");
  }
}

function fetchWords(code, game) {
  const query = new URLSearchParams({ lang: code });
  if (game) query.set("game", game);
  return fetch(`/api/words?${query}`);
}

/** `message` in the page's language, its {fields} filled. */
export function t(message, fields = {}) {
  return fill(words[message] ?? message, fields);
}

/** The form of `singular`/`plural` for the count `n`, its {n} and other {fields} filled. */
export function tn(singular, plural, n, fields = {}) {
  const count = Math.abs(n);
  const form = plurals[count < plurals.length ? count : 100 + (count % 100)];
  const forms = words[singular];
  const chosen = Array.isArray(forms) ? forms[form] : n === 1 ? singular : plural;
  return fill(chosen, { n, ...fields });
}

/** `message` of the kind `context` (a game's names: "colour", "phase"...). */
export function pt(context, message) {
  return words[`${context}\u0004${message}`] ?? message;
}

/** Mark a message for translation where it is defined (a table of words); the code
 *  translates it with t() where it is shown. */
export function N_(message) {
  return message;
}

/** `path` (a link of these pages) in the page's language. */
export function here(path) {
  const [base, fragment] = path.split("#");
  const url = `${base}${base.includes("?") ? "&" : "?"}lang=${encodeURIComponent(lang)}`;
  return fragment === undefined ? url : `${url}#${fragment}`;
}

function fill(text, fields) {
  return text.replace(/\{(\w+)\}/g, (all, key) => (key in fields ? String(fields[key]) : all));
}
