// The table's own words in the page's language: the page's language (<html lang>, read each
// time: instant navigation changes it), and `tr("English sentence", ...args)`, the sentence in
// that language with {0}, {1}… filled from args. English is the key; the Russian is in the
// gettext domain docs/locale/ru/table.po, compiled by tools/messages.py into lang-ru.js (a
// generated module; `tools/messages.py check` and tests/test_table_lang.py check that every
// sentence asked for here has its Russian). The engine's own sentences come already in the
// reader's language, its seats named with the table's names (edition.js sends the language with
// every request, the table its seat names); only the table's words are here.

import { RU, RU_COUNTS, RU_UNITS } from "./lang-ru.js";

/** "ru" on a page in Russian, else "en" (the edition's two languages). */
export function pageLang() {
  const lang = typeof document === "undefined" ? "" : String(document.documentElement.lang || "");
  return lang.toLowerCase().split("-")[0] === "ru" ? "ru" : "en";
}

export const inRussian = () => pageLang() === "ru";

const fill = (template, args) => String(template).replace(/\{(\d+)\}/g, (m, i) => String(args[Number(i)] ?? ""));

/** The sentence in the page's language; a sentence without its Russian is said in English, and
 *  the console says which (the browser tests keep the console clean). */
export function tr(english, ...args) {
  if (!inRussian()) return fill(english, args);
  const russian = RU[english];
  if (russian === undefined) {
    console.warn(`[edition] no Russian for ${JSON.stringify(english)}`);
    return fill(english, args);
  }
  return fill(russian, args);
}

/** The Russian form of a number's noun: 1 карта, 2 карты, 5 карт, 11 карт, 21 карта. */
export function russianForm(n, [one, few, many]) {
  const a = Math.abs(Number(n)) % 100;
  const b = a % 10;
  if (a > 10 && a < 20) return many;
  if (b === 1) return one;
  return b >= 2 && b <= 4 ? few : many;
}

/** "3 cards" / "3 карты": a number and its noun, `many` (the English plural) the key. */
export function counted(n, one, many) {
  if (!inRussian()) return `${n} ${n === 1 ? one : many}`;
  const forms = RU_COUNTS[many];
  if (!forms) {
    console.warn(`[edition] no Russian for ${JSON.stringify(many)}`);
    return `${n} ${n === 1 ? one : many}`;
  }
  return `${n} ${russianForm(n, forms)}`;
}

/** A ledger's unit ("points", "record", "tokens", "column") as a word: `one` (a record), `many`
 *  (the records), or `of` (after a number: "52 points"; Russian, the genitive plural: очков). An
 *  unknown unit is shown as the engine names it. */
export function unitWord(unit, form = "one") {
  const name = String(unit);
  if (!inRussian()) {
    const many = name.endsWith("s") ? name : `${name}s`;
    return form === "many" ? many : name;
  }
  const forms = RU_UNITS[name];
  return forms ? forms[form] : name;
}
