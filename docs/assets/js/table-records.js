// The play table's records: the game in progress kept in the browser after every action and
// offered again on return (resume or a new game), a record downloaded under its game's name,
// and a record opened from a file: at its own game's table, or moved to that game's page when
// it is another game's (a record belongs to its game). `t` is the play table (table.js).

import { counted, pageLang, tr } from "./lang.js";
import { BOT_TIME_BUDGET, fillForm } from "./table-form.js";
import { forgetGame, passRecord, saveGame, savedGame, takePassedRecord } from "./table-store.js";

/** A game's name as the engine lists it, else its id. */
export const gameName = (t, gameId) => ((t.games || []).find((g) => g.id === gameId) || {}).name || gameId;

/** The page of a game's table. */
function gamePage(t, gameId) {
  return new URL(`games/${encodeURIComponent(gameId)}/#play`, t.site.siteRoot).href;
}

/** The file name a record is downloaded under: its own game's, its seed, and whether it is whole. */
export function recordFileName(record) {
  const game = String(record.game || "game").replace(/[^\w.-]+/g, "-");
  const over = record.outcome && record.outcome.over !== false && record.outcome.winners;
  return `${game}-seed-${record.seed}${over ? "" : "-unfinished"}.json`;
}

/** Keep the game in progress (its record, revealed, and the settings) after an action; a game
 *  over is forgotten. Calls are chained, so that saves land in the order of the actions. */
export function keepGame(t) {
  const id = t.id;
  const over = Boolean(t.view && t.view.over);
  t.saving = (t.saving || Promise.resolve()).then(async () => {
    if (over) {
      forgetGame(t.gameId);
      t.kept = true;
      return;
    }
    const answer = await t.python.request({ op: "record", id, reveal: true });
    if (id !== t.id) return;
    t.kept = Boolean(answer.ok && saveGame(t.gameId, answer.record,
      { bots: t.inputs.bots.value, speed: t.inputs.speed.value }));
    t.root.dataset.kept = String(t.kept);
  }).catch((error) => {
    t.kept = false;
    console.warn(`the game in progress could not be kept: ${error.message}`);
  });
  return t.saving;
}

/** Before the first deal: a record passed from another game's page is opened; a game kept
 *  from an earlier visit is offered (resume it or deal a new one), or resumed at once after a
 *  reload or a return to the page (edition.js sets data-edition-resume). True when a game is on. */
export async function startFromKept(t) {
  const passed = takePassedRecord(t.gameId);
  if (passed) {
    const note = passed.fromGame ? tr("Opened {0} (opened at the {1} table)", passed.fileName, gameName(t, passed.fromGame))
      : tr("Opened {0}", passed.fileName);
    return openRecord(t, passed.text, passed.fileName, { note });
  }
  const kept = savedGame(t.gameId);
  if (!kept) return false;
  const resume = t.container.dataset.editionResume === "auto" || await askResume(t, kept);
  if (!resume) {
    forgetGame(t.gameId);
    return false;
  }
  fillForm(t, kept.record, kept.settings);
  const ok = await openRecord(t, JSON.stringify(kept.record), tr("your game"), { note: tr("Resumed your game") });
  if (!ok) forgetGame(t.gameId);
  return ok;
}

/** The choice offered for a kept game: resolves true (resume) or false (a new game). */
function askResume(t, kept) {
  const { el } = t;
  const record = kept.record;
  const deals = (record.deals || []).length;
  const moves = (record.actions || []).length;
  const when = new Date(kept.savedAt);
  const heading = el("h3", { class: "ed-resume-title", id: t.uid("resume-title"), tabindex: "-1" }, tr("Your game in progress"));
  return new Promise((resolve) => {
    const done = (answer) => {
      box.remove();
      t.felt.hidden = false;
      resolve(answer);
    };
    const box = el("section", { class: "ed-resume", "aria-labelledby": heading.id },
      heading,
      el("p", null, tr("A game of {0} you were playing here was kept: deal {1}, {2} made, seed {3}, last played {4}.",
        gameName(t, t.gameId), deals, counted(moves, "move", "moves"), record.seed, when.toLocaleString(pageLang()))),
      el("div", { class: "ed-action-buttons" },
        el("button", { type: "button", class: "md-button md-button--primary ed-resume-game", onclick: () => done(true) },
          tr("Resume the game")),
        el("button", { type: "button", class: "md-button ed-resume-new", onclick: () => done(false) },
          tr("Start a new game"))));
    t.felt.hidden = true;
    t.felt.before(box);
  });
}

export async function downloadRecord(t) {
  if (!t.id) return;
  // While the game is on, a record holds every deck, the cards still hidden from you too:
  // the engine gives it only when asked to reveal them, so ask the player first.
  let reveal = false;
  if (!t.view || !t.view.over) {
    reveal = window.confirm(tr("The game is still being played. Its record holds every deck, "
      + "so it shows the cards still hidden from you. Download it anyway?"));
    if (!reveal) return;
  }
  const answer = await t.python.request({ op: "record", id: t.id, reveal });
  if (!answer.ok) {
    t.problem(tr("The record could not be made."), answer.error);
    return;
  }
  const record = answer.record;
  const blob = new Blob([JSON.stringify(record, null, 2) + "\n"], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const a = t.el("a", { href: url, download: recordFileName(record) });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
  t.announce(tr("The game record was downloaded."));
}

/** Open a record's text at this table; another game's record goes to its game's page, one
 *  of a game the edition does not play is refused, naming it. True when it was opened here. */
export async function openRecord(t, text, fileName, { note = null } = {}) {
  let record;
  try {
    record = JSON.parse(text);
  } catch (error) {
    t.problem(tr("{0} is not a game record: it is not JSON.", fileName), { message: error.message });
    return false;
  }
  const game = record && typeof record === "object" && typeof record.game === "string" ? record.game : null;
  if (game && game !== t.gameId) {
    if (!(t.games || []).some((g) => g.id === game)) {
      t.problem(tr("{0} is a record of “{1}”, a game this edition does not play.", fileName, game.slice(0, 60)));
      return false;
    }
    if (!passRecord(game, text, fileName, t.gameId)) {
      t.problem(tr("{0} is a record of {1}, not of {2}: open it at the {1} table.", fileName, gameName(t, game),
        gameName(t, t.gameId)));
      return false;
    }
    t.announce(tr("{0} is a record of {1}: opening it at its own table.", fileName, gameName(t, game)));
    const url = gamePage(t, game);
    if (window.EditionNavigation && window.EditionNavigation.go) window.EditionNavigation.go(url); // navigation.js
    else window.location.assign(url);
    return false;
  }
  const generation = ++t.generation;
  const players = Array.isArray(record.seats) && record.seats.length <= 8 ? record.seats.length : undefined;
  const answer = await t.ask({ op: "replay", record, time_budget: BOT_TIME_BUDGET }, players);
  if (answer.ok) t.players = players; // (the view that follows is asked with the record's seats named)
  if (generation !== t.generation) return false;
  if (!answer.ok) {
    t.problem(tr("{0} could not be opened as a record of {1}.", fileName, gameName(t, t.gameId)), answer.error);
    return false;
  }
  t.adopt(answer.id);
  t.currentSeed = record.seed;
  t.lastLogKey = null;
  t.refusal = null;
  t.seedLabel.textContent = tr("{0} · seed {1}", note || tr("Opened {0}", fileName), record.seed);
  await t.refresh(answer);
  keepGame(t);
  t.runBots(generation);
  return true;
}
