// "Many paired games, measured" in the comparison panel (compare.js): the reader's own measurement
// of two readings. The bridge's "measure" op plays N games under each variant, game g from the same
// seed under both (the same deals, card for card), and returns each reading's value of every measure
// with its 95 % interval and the paired difference with its own (engine/paired.py, the code that
// made the pages' figures at build time). The panel asks in steps, showing how far it has got.

import { tr } from "./lang.js";
import { botWord, problemNodes } from "./words.js";

export const DEFAULT_GAMES = 40;  // about ten seconds of heuristic bots in the browser
export const MAX_GAMES = 2000;    // the bridge's MAX_MEASURE_GAMES
const STEP = 10;                  // games per request: the progress bar moves this often

const isShare = (name) => name.endsWith("_share");
const capital = (text) => String(text).charAt(0).toUpperCase() + String(text).slice(1);

/** A value as the pages write it: a share as a percentage, a mean with up to three decimals. */
function value(name, v) {
  if (typeof v !== "number") return "—";
  return isShare(name) ? `${(v * 100).toFixed(1)} %` : String(Math.round(v * 1000) / 1000);
}

/** A difference or a bound: signed; for a share in percentage points. */
function change(name, v) {
  if (typeof v !== "number") return "?";
  const sign = v > 0 ? "+" : v < 0 ? "\u2212" : "";
  const size = Math.abs(v);
  return isShare(name) ? `${sign}${(size * 100).toFixed(1)}\u00a0${tr("pt")}` : `${sign}${Math.round(size * 1000) / 1000}`;
}

/** The engine's verdict on a difference (engine/paired.py), in the page's language. */
function verdictWord(verdict) {
  if (verdict === "effect") return tr("effect");
  if (verdict === "no difference detected") return tr("no difference detected");
  if (verdict === "not comparable") return tr("not comparable");
  return tr("not measured");
}

/** Measure ``games`` paired games of two variants; the results drawn into ``panel.results``. */
export async function measure(panel, { variants, seed, bots, games, rule }) {
  const { el } = panel;
  const progress = el("progress", { max: games, value: 0, "aria-label": tr("Games played under each reading") });
  const said = el("span", null, tr("{0} of {1} paired games played…", 0, games));
  panel.results.replaceChildren(el("p", { class: "ed-prompt ed-measure-progress" }, progress, " ", said));
  delete panel.results.dataset.done;
  const started = performance.now();
  let answer = null;
  let id = null;
  try {
    for (let played = 0; played < games;) {
      const step = Math.min(STEP, games - played);
      const request = id ? { op: "measure", id, games: step }
        : { op: "measure", game: panel.gameId, variants, seed, bots, games: step, rule };
      answer = await panel.python.request(request);
      if (!answer.ok) {
        panel.results.replaceChildren();
        panel.error.replaceChildren(...problemNodes(el, tr("These readings could not be measured with these settings."),
          answer.error));
        panel.error.hidden = false;
        return null;
      }
      id = answer.id;
      played = answer.games;
      progress.value = played;
      said.textContent = tr("{0} of {1} paired games played…", played, games);
    }
  } finally {
    if (id) panel.python.request({ op: "close", id });
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  panel.results.replaceChildren(...render(panel, answer, seconds));
  panel.results.dataset.done = "1";
  panel.results.dataset.mode = "measure";
  return answer;
}

function render(panel, answer, seconds) {
  const { el } = panel;
  const note = el("p", { class: "ed-note" }, tr("{0} paired games (seed {1} on: the same deals under both readings); "
    + "bots: {2}; played in {3} s. Each value with its 95 % interval; each difference B − A is paired, game by game, "
    + "with its 95 % interval; an effect is said only where the interval holds no zero after the Benjamini–Hochberg "
    + "control of these measures.", answer.games, answer.seed, botWord(answer.bots), seconds));
  if (answer.identical) {
    return [note, el("p", { class: "ed-measure-identical" }, tr("Every game was played identically under both "
      + "readings: with these settings, they cannot change play."))];
  }
  const names = Object.keys(answer.metrics).filter((name) => answer.difference[name]);
  const focus = names.filter((name) => answer.focus.includes(name));
  const rest = names.filter((name) => !answer.focus.includes(name));
  const table = (list) => el("table", { class: "ed-measure-table" },
    el("thead", null, el("tr", null, [tr("What is measured"), tr("Reading A"), tr("Reading B"), tr("B − A (paired)"), tr("Verdict")]
      .map((text) => el("th", { scope: "col" }, text)))),
    el("tbody", null, list.map((name) => {
      const [a, b, d] = [answer.values.first[name], answer.values.second[name], answer.difference[name]];
      const interval = (x, fmt) => (typeof x.low === "number" ? ` (${tr("{0} to {1}", fmt(name, x.low), fmt(name, x.high))})` : "");
      return el("tr", { "data-measure": name, "data-verdict": d.verdict || "" },
        el("th", { scope: "row" }, capital(answer.metrics[name])),
        el("td", null, value(name, a.value) + interval(a, value)),
        el("td", null, value(name, b.value) + interval(b, value)),
        el("td", null, change(name, d.estimate) + interval(d, change)),
        el("td", null, verdictWord(d.verdict)));
    })));
  const parts = [note, table(focus)];
  if (rest.length) parts.push(el("details", null, el("summary", null, tr("The other measures ({0})", rest.length)), table(rest)));
  return parts;
}
