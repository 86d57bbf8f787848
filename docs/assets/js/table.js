// The play table: a whole game against bots, under any reading, rendered from the engine's
// view for seat 0 (the reader). This module is the app: its start (the game's spec and rules),
// its settings and toolbar, the engine calls through the worker, the bots' loop, and the order
// in which the parts are drawn. The parts are drawn by
//   board.js        the info bar, the outcome, the line on the last deal;
//   felt.js         the seats, the trick, the piles, the contest and the shows;
//   ledger.js       the score sheet (shared with the comparison panel, compare.js);
//   phases.js       the phase renderer of the view's phase kind: phase-dialogue.js (bids,
//                   announcements, declarations), phase-exchange.js (discards, draws, lay-out,
//                   the dealer's exchange), phase-trick.js (play);
//   table-form.js   the settings; table-toolbar.js the toolbar and focus mode;
//   table-records.js the game kept in the browser after every action and offered again on
//                   return, records downloaded and opened (another game's moved to its page),
//                   over table-store.js (localStorage and sessionStorage, checked and bounded).
// Each part reads only the keys every game's view carries (docs/reference/views.md): no module
// knows a game, its phases' names or keys of its own, so a new game needs no table code.
//
// Everything the table knows comes from the bridge (engine.bridge.handle via the worker):
// "games" for the options and their readings, "new", "view", "act", "bot"/"advance" for the
// bots, "record" and "replay". The table never decides legality: it offers the engine's legal
// actions and, when the reader tries another card, sends it anyway and shows the engine's
// refusal with its rule.

import { renderInfo, renderLastDeal, renderOutcome } from "./board.js";
import { cardName, withSymbols } from "./cards.js";
import { cardActionsOf, focusHandCard, renderFelt } from "./felt.js";
import { entriesTables, ledgerOf, sheetNote, sheetTable, sheetTitle } from "./ledger.js";
import { phaseOf } from "./phases.js";
import { BOT_TIME_BUDGET, buildForm, randomSeed, readForm } from "./table-form.js";
import { keepGame, startFromKept } from "./table-records.js";
import { buildToolbar } from "./table-toolbar.js";
import { tr } from "./lang.js";
import { capitalized, Places, problemNodes, READER } from "./words.js";

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The pause before a bot's step at `delay` (the speed setting): the whole of it when another
 *  seat acted last (a new decision to watch), a fifth when the same seat goes on with a step of
 *  one decision (the next card thrown out in an exchange), so that a decision never takes much
 *  more than a second at the normal speed. */
export function botPause(delay, seat, lastSeat) {
  return seat === lastSeat ? Math.round(delay / 5) : delay;
}

/** The tables of this visit (instant navigation keeps the window, and the worker's games). */
const TABLES = new Set();

export async function mountTable(container, site) {
  // A table whose page was navigated away from stands down: its game (kept in the browser)
  // is closed in the worker, which holds a bounded number of games.
  for (const old of TABLES) if (!old.container.isConnected) old.dispose();
  const table = new Table(container, site);
  TABLES.add(table);
  container.editionTable = table;
  await table.start();
  return table;
}

class Table {
  constructor(container, site) {
    this.container = container;
    this.site = site;
    this.python = site.python;
    this.gameId = container.dataset.game;
    this.el = site.el;
    this.spec = null;
    this.id = null;
    /** The reader's view, as the engine gives it (null before the first answer).
     *  @type {import('./view-types.js').View | null} */
    this.view = null;
    this.busy = false;
    this.generation = 0;
    this.lastLogKey = null;
    this.refusal = null;
    this.focusCard = null;
    this.kept = true;
    this.pace = [];
    // Leaving the page (a reload, a closed tab) keeps the game as its record; only where it
    // could not be kept (storage off or full) does the browser ask first.
    this.onLeave = (event) => {
      if (this.container.isConnected && this.id && this.view && !this.view.over && !this.kept) {
        event.preventDefault();
        event.returnValue = "";
      }
    };
    window.addEventListener("beforeunload", this.onLeave);
  }

  /** A request to the engine with the table's seat names (words.js Places.names): the engine
   *  writes its sentences with them, the reader's seat as "South (you)" and, in a refusal, "you". */
  ask(request, players = this.view ? this.view.players : this.players) {
    return this.python.request(players ? { ...request, seat_names: new Places(players, [], READER).names() } : request);
  }

  /** This table's game in the worker is now `id`; the one before it is closed there. */
  adopt(id) {
    if (this.id && this.id !== id) this.python.request({ op: "close", id: this.id });
    this.id = id;
  }

  dispose() {
    TABLES.delete(this);
    this.generation += 1; // the bots' loop and any answer on the way stand down
    window.removeEventListener("beforeunload", this.onLeave);
    if (this.onEscape) document.removeEventListener("keydown", this.onEscape);
    document.documentElement.classList.remove("ed-focus-open");
    this.adopt(null);
  }

  // ------------------------------------------------------------------ start-up

  async start() {
    const status = this.container.querySelector(".edition-table-status");
    await this.python.start().catch(() => {});
    if (this.python.state !== "ready") {
      if (status) status.textContent = this.site.statusText(this.python);
      return;
    }
    let games;
    try {
      games = await this.python.call({ op: "games" });
    } catch (error) {
      if (status) status.textContent = tr("The engine did not list its games: {0}", error.message);
      return;
    }
    const list = games.games || [];
    this.games = list;
    this.spec = list.find((g) => g.id === this.gameId);
    if (!this.spec) {
      if (status) {
        status.textContent = tr("The engine has no game \"{0}\" (it has: {1}).", this.gameId, list.map((g) => g.id).join(", ") || tr("none"));
      }
      return;
    }
    await this.readRules();
    this.container.dataset.mounted = "1";
    performance.mark("edition:table-build");
    this.build();
    // Yield between building the settings and drawing the first deal: two short main-thread
    // tasks instead of one long one while the page is still settling.
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (!(await startFromKept(this))) {
      const problem = this.refusal; // a record passed from another page that would not open
      await this.newGame();
      if (problem) {
        this.refusal = problem;
        this.render();
      }
    }
  }

  /** The rules of this game and of the games its options read (Памфил reads Мушка's): their
   *  ids, for links where the table names a step, and the readings of the contested ones. */
  async readRules() {
    this.readings = {};
    this.ruleIds = new Set();
    this.ruleGames = [this.gameId];
    for (const option of this.spec.options || []) {
      const game = option.rule ? String(option.rule).split(".")[0] : null;
      if (game && !this.ruleGames.includes(game)) this.ruleGames.push(game);
    }
    try {
      for (const game of this.ruleGames) {
        const answer = await this.python.request({ op: "rules", game });
        for (const rule of (answer.ok && answer.rules) || []) {
          this.ruleIds.add(rule.id);
          if (!(rule.readings || []).length) continue;
          const byId = {};
          for (const reading of rule.readings) byId[String(reading.id).toLowerCase()] = reading;
          this.readings[rule.id] = byId;
        }
      }
    } catch (error) {
      console.warn(`the rules of ${this.gameId} could not be read: ${error.message}`);
    }
  }

  build() {
    const { el } = this;
    const name = this.spec.name || this.gameId;
    this.form = buildForm(this);
    this.live = el("div", { class: "ed-visually-hidden", "aria-live": "polite", "aria-atomic": "false" });
    this.info = el("div", { class: "ed-info" });
    this.felt = el("div", { class: "ed-felt", role: "group", "aria-label": tr("{0}: the table", name) });
    this.actions = el("div", { class: "ed-actions" });
    this.outcomeBox = el("div", { class: "ed-outcome", role: "status", hidden: true });
    this.sheet = el("section", { class: "ed-sheet", "aria-label": tr("Score sheet") });
    this.logBox = el("section", { class: "ed-log", "aria-label": tr("Game log") });
    this.toolbar = buildToolbar(this);
    this.dealBox = el("div", { class: "ed-deal-summary", role: "status", hidden: true });
    const board = el("div", { class: "ed-board" }, this.info, this.outcomeBox, this.dealBox, this.felt);
    const side = el("div", { class: "ed-side" }, this.sheet, this.logBox);
    this.root = el("div", { class: "ed-table-app" }, this.form, this.toolbar, el("div", { class: "ed-main" }, board, side), this.live);
    this.container.replaceChildren(this.root);
  }

  uid(name) {
    if (!Table.count) Table.count = 0;
    if (!this.uidBase) this.uidBase = `ed-${this.gameId}-${++Table.count}`;
    return `${this.uidBase}-${name}`;
  }

  // ------------------------------------------------------------------ games

  playAgain() {
    this.inputs.seed.value = randomSeed();
    this.newGame();
  }

  async newGame(seedOverride) {
    const generation = ++this.generation;
    this.formError.hidden = true;
    this.refusal = null;
    const settings = readForm(this, seedOverride);
    if (!settings.ok) {
      this.showFormError(settings.message, settings.rule);
      if (settings.open) this.form.querySelector("details").open = true;
      return;
    }
    const { variant, seed, players } = settings;
    this.inputs.seed.value = String(seed);
    const bots = this.inputs.bots.value;
    const seats = ["human"];
    for (let s = 1; s < players; s++) seats.push(bots);
    this.busy = true;
    this.renderBusy(tr("Dealing…"));
    this.players = players;
    const answer = await this.ask({ op: "new", game: this.gameId, variant, seed, seats,
      time_budget: BOT_TIME_BUDGET }, players);
    if (generation !== this.generation) return;
    this.busy = false;
    if (!answer.ok) {
      this.showFormError(tr("These settings do not make a game: {0}", answer.error.message), answer.error.rule);
      this.form.querySelector("details").open = true;
      return;
    }
    this.adopt(answer.id);
    this.currentSeed = seed;
    this.lastLogKey = null;
    this.refusal = null;
    this.settingsChanged(false);
    this.seedLabel.textContent = tr("Seed {0} · opponents: {1}", seed, this.inputs.bots.selectedOptions[0].textContent);
    await this.refresh(answer);
    keepGame(this);
    this.runBots(generation);
  }

  /** Something the table could not do, said to the reader: a plain sentence, and what the
   *  engine said (its field paths and all) folded under it for whoever wants it. */
  problem(text, error = null) {
    this.refusal = { plain: text, detail: error && error.message ? String(error.message) : null,
      rule: (error && error.rule) || null };
    if (this.view) this.render();
    else this.showFormError(text, this.refusal.rule);
  }

  showFormError(message, rule) {
    this.formError.replaceChildren(withSymbols(message));
    if (rule) this.formError.append(" ", this.site.ruleLink(rule));
    this.formError.hidden = false;
  }

  async refresh(answer) {
    let view = answer && answer.view && answer.view.seat === READER ? answer.view : null;
    if (!view) {
      const fresh = await this.ask({ op: "view", id: this.id, seat: READER }, this.players);
      if (!fresh.ok) throw Object.assign(new Error(fresh.error.message || fresh.error.type), { detail: fresh.error });
      view = fresh.view;
    }
    this.view = view;
    this.render();
  }

  async act(action) {
    if (this.busy || !this.view || this.view.over) return;
    this.busy = true;
    const generation = this.generation;
    this.refusal = null;
    const answer = await this.ask({ op: "act", id: this.id, action, seat: READER });
    if (generation !== this.generation) return;
    this.busy = false;
    if (!answer.ok) {
      this.refusal = answer.error;
      this.announce(tr("Not allowed: {0}", this.refusalText(answer.error)));
      this.render();
      return;
    }
    await this.refresh(answer);
    keepGame(this);
    this.runBots(generation);
  }

  /** Bots take their turns, one move at a time (or all at once when instant): each move is
   *  asked for at once and shown when its pause (botPause) is over, so the engine's thinking
   *  runs inside the pause; the worker thinks, the page never waits on it. */
  async runBots(generation) {
    if (this.botsRunning === generation) return;
    this.botsRunning = generation;
    let lastSeat = null;
    try {
      while (generation === this.generation && this.view && !this.view.over
             && this.view.to_act !== null && this.view.to_act !== undefined && this.view.to_act !== READER) {
        const delay = Number(this.inputs.speed.value);
        const seat = this.view.to_act;
        this.render();
        const pause = delay > 0 ? botPause(delay, seat, lastSeat) : 0;
        const started = performance.now();
        const asked = delay > 0
          ? this.ask({ op: "bot", id: this.id, seat: READER })
          : this.ask({ op: "advance", id: this.id, seat: READER });
        const [answer] = await Promise.all([asked, sleep(pause)]);
        if (generation !== this.generation) return;
        this.pace.push({ seat, pause, ms: Math.round(performance.now() - started), same: seat === lastSeat });
        if (this.pace.length > 400) this.pace.splice(0, this.pace.length - 400);
        lastSeat = seat;
        if (!answer.ok) {
          this.refusal = answer.error;
          this.render();
          return;
        }
        if (this.refusal && !this.refusal.plain) this.refusal = null; // refused before the bots moved on
        await this.refresh(answer);
        keepGame(this);
      }
    } finally {
      if (this.botsRunning === generation) this.botsRunning = null;
    }
  }

  /** Open the page's comparison panel with this game and one of its deals preset, and bring the
   *  reader to its heading (the panel leads back here). */
  replayDeal(deal) {
    const panel = this.comparePanel();
    if (!panel || !this.id) return;
    const preset = { id: this.id, deal, variant: (this.view && this.view.variant) || {} };
    panel.dataset.session = this.id;
    panel.dataset.deal = String(deal);
    panel.dataset.sessionVariant = JSON.stringify(preset.variant);
    const heading = document.getElementById(panel.getAttribute("aria-labelledby") || "") || panel;
    heading.setAttribute("tabindex", "-1");
    heading.scrollIntoView({ block: "start" });
    heading.focus({ preventScroll: true });
    if (panel.dataset.mounted) {
      panel.dispatchEvent(new CustomEvent("edition:replay-deal", { detail: preset }));
    } else {
      const start = panel.querySelector(".edition-compare-start");
      if (start && !start.disabled) start.click();
    }
  }

  comparePanel() {
    return document.querySelector(`.edition-compare[data-game="${this.gameId}"]`);
  }

  // ------------------------------------------------------------------ words

  /** A link to a rule's anchor, shown without the game's prefix (the full id is its title). */
  ruleLink(rule) {
    const link = this.site.ruleLink(rule);
    const prefix = `${this.gameId}.`;
    // Another game's rule (Памфил plays by Мушка's) keeps its game in the text.
    link.textContent = "§ " + (rule.startsWith(prefix) ? rule.slice(prefix.length) : rule);
    link.title = rule;
    link.setAttribute("aria-label", tr("rule {0}", rule));
    return link;
  }

  /** The first existing rule among candidate ids ("score.start": this game's, else a game it reads). */
  firstRule(...suffixes) {
    for (const game of this.ruleGames || [this.gameId]) {
      for (const suffix of suffixes) {
        const id = `${game}.${suffix}`;
        if (this.ruleIds && this.ruleIds.has(id)) return id;
      }
    }
    return null;
  }

  /** The engine's sentence (its seats named by the engine from the request's seat names) with
   *  card symbols. */
  words(text) {
    return withSymbols(text ?? "");
  }

  /** The refusal in words, said to the reader ("you are to bid", "not in your hand": the
   *  engine's reason, said to him by the engine): without the rule id (a link beside it). */
  refusalText(error) {
    const sentence = (text) => {
      const said = capitalized(withSymbols(text));
      return [".", "!", "?"].includes(said.slice(-1)) ? said : `${said}.`;
    };
    if (error.plain) return error.plain;
    if (error.reason) return sentence(error.reason);
    return sentence(String(error.message || "") || tr("the engine gave no reason"));
  }

  announce(text) {
    const line = this.el("p", null, text);
    this.live.append(line);
    while (this.live.childNodes.length > 6) this.live.firstChild.remove();
  }

  // ------------------------------------------------------------------ rendering

  renderBusy(text) {
    this.actions.replaceChildren(this.el("p", { class: "ed-prompt" }, text));
  }

  render() {
    const view = this.view;
    if (!view) return;
    performance.mark("edition:table-render");
    this.places = new Places(view.players, view.sides, READER);
    this.phase = phaseOf(view);
    this.ledger = ledgerOf(view);
    const active = document.activeElement;
    const focusInHand = Boolean(active && active.closest && active.closest(".ed-hand") && this.felt.contains(active));
    if (focusInHand) this.focusCard = active.dataset.card;
    this.root.dataset.phase = view.phase || "";
    this.root.dataset.phaseKind = this.phase.kind;
    this.root.dataset.over = String(Boolean(view.over));
    this.root.dataset.toAct = view.to_act === null || view.to_act === undefined ? "" : String(view.to_act);
    renderInfo(this);
    renderFelt(this);
    this.renderActions();
    renderOutcome(this);
    renderLastDeal(this);
    const bench = this.site.bench;
    if (this.rendered) {
      this.renderSheet();
      this.renderLog();
    } else {
      // The first drawing of the table in three frames: the other seats and the trick, then
      // your hand, then the score sheet and the log, so that no single main-thread task lays
      // out and paints the whole table while the page is still young. A newer render (the
      // reader or a bot acting) draws everything at once and the pending steps stand down.
      this.rendered = true;
      const you = this.felt.querySelector(".ed-you");
      if (you) you.remove();
      const steps = [
        () => { if (you) this.felt.append(you); },
        () => { this.renderSheet(); this.renderLog(); },
      ];
      const next = () => requestAnimationFrame(() => setTimeout(() => {
        if (this.view !== view) return;
        performance.mark("edition:table-render-step");
        steps.shift()();
        if (steps.length) {
          next();
        } else if (bench.firstRendered === undefined) {
          // The first playable table, whole: drawn once the frame after the last step is.
          bench.firstRendered = performance.now();
          requestAnimationFrame(() => setTimeout(() => { bench.firstPlayable = performance.now(); }, 0));
        }
      }, 0));
      next();
    }
    if (bench.firstRendered === undefined && this.rendered && this.felt.querySelector(".ed-you")
        && this.root.querySelector('[data-legal="true"]') && this.sheet.firstChild) {
      // A newer render overtook the first drawing's steps: the table is whole now.
      bench.firstRendered = performance.now();
      requestAnimationFrame(() => setTimeout(() => { bench.firstPlayable = performance.now(); }, 0));
    }
    const focusLost = !document.activeElement || document.activeElement === document.body;
    if (focusInHand || (this.handHadFocus && focusLost)) {
      const again = this.felt.querySelector(`.ed-hand [data-card="${this.focusCard}"]`)
        || this.felt.querySelector('.ed-hand [data-legal="true"]')
        || this.felt.querySelector(".ed-hand .ed-card");
      if (again) focusHandCard(this, again);
    }
  }

  renderActions() {
    const { el, site } = this;
    const v = this.view;
    const parts = [];
    if (this.refusal) {
      const r = this.refusal;
      const box = el("div", { class: "ed-refusal", role: "alert" },
        el("strong", null, r.type === "IllegalActionError" ? tr("Not allowed: ") : tr("Could not do that: ")),
        this.refusalText(r));
      if (r.rule) box.append(" ", el("span", { class: "ed-refusal-rule" }, tr("Rule "), site.ruleLink(r.rule)));
      if (r.plain && r.detail) box.append(...problemNodes(el, null, { message: r.detail }));  // (the folded wording alone)
      parts.push(box);
    }
    if (v.over) {
      parts.push(el("p", { class: "ed-prompt" }, tr("The game is over.")));
    } else if (v.to_act === READER && !this.busy) {
      const renderer = this.phase.renderer;
      const cardActions = cardActionsOf(v);
      const other = (v.legal || []).filter((l) => !(l.action && l.action.card));
      const prompt = renderer.prompt(this, cardActions, other);
      parts.push(el("p", { class: "ed-prompt" }, prompt.text));
      if (prompt.note) parts.push(el("p", { class: "ed-note" }, prompt.note));
      if (other.length || (v.unavailable || []).length) parts.push(renderer.controls(this, other));
    } else if (v.to_act !== null && v.to_act !== undefined) {
      parts.push(el("p", { class: "ed-prompt ed-waiting" }, tr("{0} is thinking…", this.places.seatName(v.to_act))));
    }
    this.actions.replaceChildren(...parts);
  }

  /** The score sheet (ledger.js), each finished deal with a button to replay it under another
   *  reading when the page has a comparison panel. */
  renderSheet() {
    const { el } = this;
    const v = this.view;
    const p = this.places;
    const ledger = this.ledger;
    const canReplay = Boolean(this.id && this.comparePanel());
    const replay = canReplay ? (deal) => ((deal < v.deal || v.over)
      ? el("button", { type: "button", class: "ed-replay-deal", "data-deal": String(deal), onclick: () => this.replayDeal(deal) },
        tr("Replay this deal under another reading")) : null) : null;
    const ctx = { el, ruleLink: (rule) => this.ruleLink(rule), words: (text) => this.words(text),
      sideLabel: (side) => p.sideLabel(side), seatName: (seat) => p.seatName(seat) };
    const table = sheetTable(ctx, ledger, { replay, accounts: ledger.accounts });
    const note = sheetNote(ledger);
    this.sheet.replaceChildren(...[el("h3", null, sheetTitle(ledger)),
      note ? el("p", { class: "ed-sheet-note" }, note) : null,
      el("div", { class: "ed-scroll" }, table), ...entriesTables(ctx, ledger)].filter(Boolean));
    const scroller = this.sheet.querySelector(".ed-scroll");
    if (scroller) scroller.scrollTop = scroller.scrollHeight;
  }

  renderLog() {
    const { el } = this;
    const p = this.places;
    const log = this.view.log || [];
    const list = el("ol", { class: "ed-log-list" });
    for (const entry of log) {
      const text = String(entry.text ?? "");
      const who = entry.seat === null || entry.seat === undefined || text.includes(p.seatName(entry.seat))
        ? "" : `${p.seatName(entry.seat)}: `;
      list.append(el("li", null, el("span", { class: "ed-log-deal" }, `${entry.deal ?? ""}`), " ",
        who + withSymbols(text), entry.rule ? " " : null, entry.rule ? this.ruleLink(entry.rule) : null));
    }
    this.logBox.replaceChildren(el("h3", null, tr("Log")), el("div", { class: "ed-scroll ed-log-scroll" }, list));
    const scroller = this.logBox.querySelector(".ed-log-scroll");
    scroller.scrollTop = scroller.scrollHeight;
    // Announce what happened since the last render.
    const keyOf = (e) => JSON.stringify(e);
    let start = 0;
    if (this.lastLogKey) {
      const at = log.map(keyOf).lastIndexOf(this.lastLogKey);
      start = at >= 0 ? at + 1 : Math.max(0, log.length - 3);
    } else {
      start = Math.max(0, log.length - 1);
    }
    for (const entry of log.slice(start).slice(-4)) this.announce(spokenCards(String(entry.text ?? "")));
    if (log.length) this.lastLogKey = keyOf(log[log.length - 1]);
  }
}

/** "plays 7H" -> "plays seven of hearts" for the screen reader. */
function spokenCards(text) {
  return String(text).replace(/\b(10|[2-9TJQKA])([SHDC])\b/g, (m) => cardName(m));
}

export { Table };
