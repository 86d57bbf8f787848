// The play table: a whole game against bots, under any reading, rendered from the
// engine's view for seat 0 (the reader). Generic for trick games: the parts a game
// does not have (a ruff, a head, a turned card, a stock, bids, shows, records) are
// simply not drawn. A view with `records` (the loo family: Мушка, Памфил, Рамс, Петух)
// is a game of records written down towards 0: lower is better, the sheet shows each
// change and the record after it.
//
// Everything the table knows comes from the bridge (engine.bridge.handle via the
// worker): "games" for the options and their readings, "new", "view", "act",
// "bot"/"advance" for the bots, "record" and "replay". The table never decides
// legality: it offers the engine's legal actions and, when the reader tries another
// card, sends it anyway and shows the engine's refusal with its rule.

import { cardBack, cardElement, cardName, cardSymbol, suitLabel, withSymbols } from "./cards.js";
import {
  BOT_KINDS, SEAT_NAMES, humanize, readingChoiceLabel, readingLabel, readingValue,
} from "./words.js";

/**
 * Cards overlapped like a fan that always fits its box: each card but the last gets a narrow
 * column that shrinks when space is short (the grid's minmax(0, …)), the last one shows whole.
 * `cards` is a list of card strings (faces) or a count (backs).
 */
function fan(cards, { small = false, max = 16 } = {}) {
  const faces = Array.isArray(cards) ? cards.slice(0, max) : null;
  const count = faces ? faces.length : Math.min(Number(cards) || 0, max);
  const box = document.createElement("div");
  box.className = "ed-fan";
  if (!faces) box.setAttribute("aria-hidden", "true");
  if (count > 1) box.style.gridTemplateColumns = `repeat(${count - 1}, minmax(0, var(--ed-fan-step))) max-content`;
  for (let i = 0; i < count; i++) box.append(faces ? cardElement(faces[i], { small }) : cardBack({ small }));
  return box;
}

/** Each seat's place around the felt (a CSS class): its name, lower case ("North-west" -> "northwest"). */
const seatPositions = (players) => (SEAT_NAMES[players] || SEAT_NAMES[4]).map((name) => name.toLowerCase().replace("-", ""));
/** The bids of the loo family, in the order the table offers them. */
const BID_KINDS = ["pass", "stand", "buy"];
const MINUS = "\u2212";
/** A change to a record, signed: "−3", "+5", "0". */
const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `${MINUS}${-n}` : "0");
const SPEEDS = [["600", "Normal"], ["250", "Fast"], ["1200", "Slow"], ["0", "Instant"]];
const HUMAN = 0;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function mountTable(container, site) {
  const table = new Table(container, site);
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
    this.view = null;
    this.busy = false;
    this.generation = 0;
    this.lastLogKey = null;
    this.refusal = null;
    this.settings = null;
    this.focusCard = null;
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
      if (status) status.textContent = `The engine did not list its games: ${error.message}`;
      return;
    }
    const list = games.games || [];
    this.spec = list.find((g) => g.id === this.gameId);
    if (!this.spec) {
      if (status) {
        status.textContent = `The engine has no game "${this.gameId}" (it has: ${list.map((g) => g.id).join(", ") || "none"}).`;
      }
      return;
    }
    this.readings = {};
    this.ruleIds = new Set();
    // The games whose rules this one's options read (Памфил reads Мушка's): their rules are
    // linked too where the table names a step (the bid, the start record, the settlement).
    this.ruleGames = [this.gameId];
    for (const option of this.spec.options || []) {
      const game = option.rule ? String(option.rule).split(".")[0] : null;
      if (game && !this.ruleGames.includes(game)) this.ruleGames.push(game);
    }
    try {
      const rules = { rules: [] };
      for (const game of this.ruleGames) {
        const answer = await this.python.request({ op: "rules", game });
        if (answer.ok) rules.rules.push(...(answer.rules || []));
      }
      for (const rule of rules.rules || []) {
        this.ruleIds.add(rule.id);
        if (!(rule.readings || []).length) continue;
        const byId = {};
        for (const reading of rule.readings) byId[String(reading.id).toLowerCase()] = reading;
        this.readings[rule.id] = byId;
      }
    } catch (error) {
      console.warn(`the rules of ${this.gameId} could not be read: ${error.message}`);
    }
    this.container.dataset.mounted = "1";
    performance.mark("edition:table-build");
    this.build();
    // Yield between building the settings and drawing the first deal: two short main-thread
    // tasks instead of one long one while the page is still settling.
    await new Promise((resolve) => setTimeout(resolve, 0));
    await this.newGame();
  }

  build() {
    const { el } = this;
    const name = this.spec.name || this.gameId;
    this.form = this.buildForm();
    this.live = el("div", { class: "ed-visually-hidden", "aria-live": "polite", "aria-atomic": "false" });
    this.info = el("div", { class: "ed-info" });
    this.felt = el("div", { class: "ed-felt", role: "group", "aria-label": `${name}: the table` });
    this.actions = el("div", { class: "ed-actions" });
    this.outcomeBox = el("div", { class: "ed-outcome", role: "status", hidden: true });
    this.sheet = el("section", { class: "ed-sheet", "aria-label": "Score sheet" });
    this.logBox = el("section", { class: "ed-log", "aria-label": "Game log" });
    this.toolbar = this.buildToolbar();
    this.dealBox = el("div", { class: "ed-deal-summary", role: "status", hidden: true });
    const board = el("div", { class: "ed-board" }, this.info, this.outcomeBox, this.dealBox, this.felt);
    const side = el("div", { class: "ed-side" }, this.sheet, this.logBox);
    this.root = el("div", { class: "ed-table-app" }, this.form, this.toolbar, el("div", { class: "ed-main" }, board, side), this.live);
    this.container.replaceChildren(this.root);
  }

  buildForm() {
    const { el, site } = this;
    const fields = el("div", { class: "ed-fields" });
    const options = this.spec.options || [];
    const has = (n) => options.some((o) => o.name === n);
    this.inputs = {};
    if (!has("players")) {
      const values = [];
      for (let n = this.spec.min_players || 2; n <= (this.spec.max_players || 4); n++) values.push(n);
      options.unshift({ name: "players", type: "int", default: this.spec.max_players || values.at(-1), values,
        doc: "Number of players at the table (you and the bots).", rule: null, synthetic: true });
    }
    for (const option of options) fields.append(this.optionField(option));

    const seed = el("input", { type: "number", id: this.uid("seed"), name: "seed", min: 0, step: 1,
      value: String(Math.floor(Math.random() * 1e6)), inputmode: "numeric" });
    const reseed = el("button", { type: "button", class: "ed-small-button", onclick: () => {
      seed.value = String(Math.floor(Math.random() * 1e6));
    } }, "New seed");
    this.inputs.seed = seed;
    fields.append(el("div", { class: "ed-field" },
      el("label", { for: seed.id }, "Seed"), el("div", { class: "ed-inline" }, seed, reseed),
      el("small", null, "The same seed and settings give the same deals.")));

    const bots = el("select", { id: this.uid("bots"), name: "bots" },
      BOT_KINDS.map(([v, t]) => el("option", { value: v, selected: v === "heuristic" }, t)));
    this.inputs.bots = bots;
    fields.append(el("div", { class: "ed-field" }, el("label", { for: bots.id }, "Opponents"), bots,
      el("small", null, "How the other seats choose their actions.")));

    const speed = el("select", { id: this.uid("speed"), name: "speed" },
      SPEEDS.map(([v, t]) => el("option", { value: v }, t)));
    this.inputs.speed = speed;
    fields.append(el("div", { class: "ed-field" }, el("label", { for: speed.id }, "Bot speed"), speed));

    this.formError = el("p", { class: "ed-form-error", role: "alert", hidden: true });
    const submit = el("button", { type: "submit", class: "md-button md-button--primary" }, "Deal a new game");
    const form = el("form", { class: "ed-setup", "aria-label": "Game settings" },
      el("details", { class: "ed-setup-details" },
        el("summary", null, "Settings: players, readings, seed, opponents"),
        fields, this.formError, el("div", { class: "ed-form-buttons" }, submit)));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.newGame();
    });
    const players = this.inputs.players;
    if (players) players.addEventListener("change", () => this.playersChanged());
    return form;
  }

  uid(name) {
    if (!Table.count) Table.count = 0;
    if (!this.uidBase) this.uidBase = `ed-${this.gameId}-${++Table.count}`;
    return `${this.uidBase}-${name}`;
  }

  optionField(option) {
    const { el, site } = this;
    const id = this.uid(option.name);
    let input;
    const values = option.values || option.readings || null;
    if (option.type === "bool" && !values) {
      input = el("input", { type: "checkbox", id, name: option.name, checked: Boolean(option.default) });
    } else if (values && values.length) {
      const readings = this.readings[option.rule] || {};
      const choices = values.map((v) => {
        const value = readingValue(v);
        const isDefault = String(value) === String(option.default);
        const reading = readings[String(value).toLowerCase()];
        return el("option", { value: JSON.stringify(value), selected: isDefault, title: reading ? reading.statement : null },
          readingChoiceLabel(v, reading, isDefault));
      });
      if (option.default === null || option.default === undefined) {
        choices.unshift(el("option", { value: "null", selected: true }, "as the rules fix it for the table (default)"));
      }
      input = el("select", { id, name: option.name }, choices);
    } else if (option.type === "int") {
      input = el("input", { type: "number", id, name: option.name, value: option.default ?? "", step: 1,
        min: 0, inputmode: "numeric", required: option.default !== null && option.default !== undefined });
    } else {
      input = el("input", { type: "text", id, name: option.name, value: option.default ?? "" });
    }
    input.dataset.option = option.name;
    input.dataset.type = option.type || "";
    this.inputs[option.name] = input;
    const contested = Boolean(this.readings[option.rule] && Object.keys(this.readings[option.rule]).length);
    const field = el("div", { class: "ed-field" + (contested ? " ed-field-reading" : "") },
      el("label", { for: id }, humanize(option.name), contested ? el("span", { class: "ed-badge" }, "reading") : null), input);
    const notes = el("small", null, option.doc ? withSymbols(option.doc) : null);
    if (option.rule) notes.append(option.doc ? " " : "", this.ruleLink(option.rule));
    field.append(notes);
    if (contested && input.tagName === "SELECT") {
      // The chosen reading's statement, in words, under the choice.
      const statement = el("small", { class: "ed-reading-statement", "aria-live": "polite" });
      const update = () => {
        const reading = this.readings[option.rule][String(JSON.parse(input.value)).toLowerCase()];
        statement.textContent = reading ? withSymbols(reading.statement || "") : "";
      };
      input.addEventListener("change", update);
      update();
      field.append(statement);
    }
    return field;
  }

  readInput(input) {
    if (input.type === "checkbox") return input.checked;
    if (input.tagName === "SELECT") return JSON.parse(input.value);
    if (input.dataset.type === "int") return Number.parseInt(input.value, 10);
    return input.value;
  }

  /** Options that depend on the number of players (declared by the engine) follow it. */
  playersChanged() {
    const players = this.readInput(this.inputs.players);
    for (const option of this.spec.options || []) {
      const byPlayers = option.default_by_players || option.defaults_by_players;
      const allowed = option.allowed_by_players || option.values_by_players;
      const input = this.inputs[option.name];
      if (!input || input.tagName !== "SELECT") continue;
      if (allowed && allowed[players]) {
        const ok = new Set(allowed[players].map((v) => JSON.stringify(readingValue(v))));
        for (const o of input.options) o.disabled = !ok.has(o.value);
      }
      if (byPlayers && byPlayers[players] !== undefined) input.value = JSON.stringify(byPlayers[players]);
      else if (input.selectedOptions[0] && input.selectedOptions[0].disabled) {
        const first = Array.from(input.options).find((o) => !o.disabled);
        if (first) input.value = first.value;
      }
    }
  }

  buildToolbar() {
    const { el } = this;
    this.seedLabel = el("span", { class: "ed-seed-label" });
    const upload = el("input", { type: "file", accept: "application/json,.json", class: "ed-visually-hidden",
      id: this.uid("record-file"), tabindex: "-1" });
    upload.addEventListener("change", () => {
      const file = upload.files && upload.files[0];
      upload.value = "";
      if (file) file.text().then((text) => this.openRecord(text, file.name));
    });
    return el("div", { class: "ed-toolbar", role: "toolbar", "aria-label": "Game controls" },
      el("button", { type: "button", class: "ed-small-button ed-new", onclick: () => {
        this.inputs.seed.value = String(Math.floor(Math.random() * 1e6));
        this.newGame();
      } }, "New game"),
      el("button", { type: "button", class: "ed-small-button ed-replay", onclick: () => this.newGame(this.currentSeed) },
        "Replay this seed"),
      el("button", { type: "button", class: "ed-small-button ed-download", onclick: () => this.downloadRecord() },
        "Download the record"),
      el("button", { type: "button", class: "ed-small-button ed-open", onclick: () => upload.click() },
        "Open a record…"),
      upload, this.seedLabel);
  }

  // ------------------------------------------------------------------ games

  async newGame(seedOverride) {
    const generation = ++this.generation;
    this.formError.hidden = true;
    const variant = {};
    for (const option of this.spec.options || []) {
      if (option.synthetic) continue;
      const value = this.readInput(this.inputs[option.name]);
      if (option.type === "int" && !Number.isFinite(value) && !(option.values && option.values.length)) {
        this.showFormError(`${humanize(option.name)} must be a whole number, not "${this.inputs[option.name].value}".`,
          option.rule);
        this.form.querySelector("details").open = true;
        return;
      }
      variant[option.name] = value;
    }
    const players = this.readInput(this.inputs.players);
    let seed = seedOverride ?? Number.parseInt(this.inputs.seed.value, 10);
    if (!Number.isFinite(seed) || seed < 0) {
      this.showFormError(`The seed must be a whole number ≥ 0, not "${this.inputs.seed.value}".`);
      return;
    }
    this.inputs.seed.value = String(seed);
    const bots = this.inputs.bots.value;
    const seats = [HUMAN === 0 ? "human" : bots];
    for (let s = 1; s < players; s++) seats.push(bots);
    this.busy = true;
    this.renderBusy("Dealing…");
    const answer = await this.python.request({ op: "new", game: this.gameId, variant, seed, seats });
    if (generation !== this.generation) return;
    this.busy = false;
    if (!answer.ok) {
      this.showFormError(`${answer.error.type}: ${answer.error.message}`, answer.error.rule);
      this.form.querySelector("details").open = true;
      return;
    }
    this.id = answer.id ?? answer.game_id;
    this.currentSeed = seed;
    this.players = players;
    this.seats = seats;
    this.lastLogKey = null;
    this.refusal = null;
    this.seedLabel.textContent = `Seed ${seed} · opponents: ${bots}`;
    await this.refresh(answer);
    this.runBots(generation);
  }

  showFormError(message, rule) {
    this.formError.replaceChildren(withSymbols(message));
    if (rule) this.formError.append(" ", this.site.ruleLink(rule));
    this.formError.hidden = false;
  }

  async refresh(answer) {
    let view = answer && answer.view && answer.view.seat === HUMAN ? answer.view : null;
    if (!view) {
      const fresh = await this.python.call({ op: "view", id: this.id, seat: HUMAN });
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
    const answer = await this.python.request({ op: "act", id: this.id, action, seat: HUMAN });
    if (generation !== this.generation) return;
    this.busy = false;
    if (!answer.ok) {
      this.refusal = answer.error;
      this.announce(`Refused: ${this.refusalText(answer.error)}`);
      this.render();
      return;
    }
    await this.refresh(answer);
    this.runBots(generation);
  }

  /** Bots take their turns, one move at a time with a short pause (or all at once when instant). */
  async runBots(generation) {
    if (this.botsRunning === generation) return;
    this.botsRunning = generation;
    try {
      while (generation === this.generation && this.view && !this.view.over
             && this.view.to_act !== null && this.view.to_act !== undefined && this.view.to_act !== HUMAN) {
        const delay = Number(this.inputs.speed.value);
        this.render();
        if (delay > 0) await sleep(delay);
        if (generation !== this.generation) return;
        const answer = delay > 0
          ? await this.python.request({ op: "bot", id: this.id })
          : await this.python.request({ op: "advance", id: this.id, seat: HUMAN });
        if (generation !== this.generation) return;
        if (!answer.ok) {
          this.refusal = answer.error;
          this.render();
          return;
        }
        await this.refresh(answer);
      }
    } finally {
      if (this.botsRunning === generation) this.botsRunning = null;
    }
  }

  async downloadRecord() {
    if (!this.id) return;
    // While the game is on, a record holds every deck, the cards still hidden from you too:
    // the engine gives it only when asked to reveal them, so ask the player first.
    let reveal = false;
    if (!this.view || !this.view.over) {
      reveal = window.confirm("The game is still being played. Its record holds every deck, "
        + "so it shows the cards still hidden from you. Download it anyway?");
      if (!reveal) return;
    }
    const answer = await this.python.request({ op: "record", id: this.id, reveal });
    if (!answer.ok) {
      this.refusal = answer.error;
      this.render();
      return;
    }
    const record = answer.record || answer;
    const blob = new Blob([JSON.stringify(record, null, 2) + "\n"], { type: "application/json" });
    const url = URL.createObjectURL(blob);
    const a = this.el("a", { href: url, download: `${this.gameId}-seed-${this.currentSeed}.json` });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
    this.announce("The game record was downloaded.");
  }

  async openRecord(text, fileName) {
    let record;
    try {
      record = JSON.parse(text);
    } catch (error) {
      this.refusal = { type: "RecordError", message: `${fileName} is not JSON: ${error.message}`, rule: null };
      this.render();
      return;
    }
    const generation = ++this.generation;
    const answer = await this.python.request({ op: "replay", record });
    if (generation !== this.generation) return;
    if (!answer.ok) {
      this.refusal = answer.error;
      this.render();
      return;
    }
    this.id = answer.id ?? answer.game_id;
    this.currentSeed = record.seed;
    this.players = record.players;
    this.lastLogKey = null;
    this.refusal = null;
    this.seedLabel.textContent = `Replayed ${fileName} (seed ${record.seed})`;
    await this.refresh(answer);
    this.runBots(generation);
  }

  // ------------------------------------------------------------------ rendering

  /** A link to a rule's anchor, shown without the game's prefix (the full id is its title). */
  ruleLink(rule) {
    const link = this.site.ruleLink(rule);
    const prefix = `${this.gameId}.`;
    // Another game's rule (Памфил plays by Мушка's) keeps its game in the text.
    link.textContent = "§ " + (rule.startsWith(prefix) ? rule.slice(prefix.length) : rule);
    link.title = rule;
    link.setAttribute("aria-label", `rule ${rule}`);
    return link;
  }

  seatName(seat) {
    const names = SEAT_NAMES[this.view.players] || [];
    return names[seat] || `Seat ${seat}`;
  }

  /** The seat's name with "(you)" for the reader's own seat: for headings and columns. */
  seatLabel(seat) {
    return seat === HUMAN ? `${this.seatName(seat)} (you)` : this.seatName(seat);
  }

  sideName(side) {
    const sides = this.view.sides || [];
    const seats = sides[side] || [side];
    return seats.map((s) => this.seatName(s)).join(" & ");
  }

  sideLabel(side) {
    const sides = this.view.sides || [];
    const seats = sides[side] || [side];
    return seats.map((s) => this.seatLabel(s)).join(" & ");
  }

  /** The refusal in words: the engine's reason without the rule id (shown as a link beside it). */
  refusalText(error) {
    if (error.reason) {
      // The engine names seats by number: the reader's seat as "South (you)", the others by name.
      const own = String(error.reason).replace(new RegExp(`\\b[Ss]eat ${HUMAN}\\b`, "g"), this.view ? this.seatLabel(HUMAN) : "you");
      const text = withSymbols(this.view ? namePlaces(own, this) : own);
      return /[.!?]$/.test(text) ? text : `${text}.`;
    }
    const message = String(error.message || error.type || "");
    const match = /^illegal action '([^']*)' by seat (\d+): (.*?)(?: \(([\w.-]+)\))?$/s.exec(message);
    if (match) {
      const seat = Number(match[2]);
      const who = this.view && seat === HUMAN ? "you" : this.view ? this.seatName(seat) : `seat ${seat}`;
      return withSymbols(`${match[1]} (${who}): ${match[3]}.`);
    }
    return withSymbols(message);
  }

  announce(text) {
    const line = this.el("p", null, text);
    this.live.append(line);
    while (this.live.childNodes.length > 6) this.live.firstChild.remove();
  }

  renderBusy(text) {
    this.actions.replaceChildren(this.el("p", { class: "ed-prompt" }, text));
  }

  render() {
    const view = this.view;
    if (!view) return;
    performance.mark("edition:table-render");
    const active = document.activeElement;
    const focusInHand = Boolean(active && active.closest && active.closest(".ed-hand") && this.felt.contains(active));
    if (focusInHand) this.focusCard = active.dataset.card;
    this.root.dataset.phase = view.phase || "";
    this.root.dataset.over = String(Boolean(view.over));
    this.root.dataset.toAct = view.to_act === null || view.to_act === undefined ? "" : String(view.to_act);
    this.renderInfo();
    this.renderFelt();
    this.renderActions();
    this.renderOutcome();
    this.renderDealSummary();
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
      const view = this.view;
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
      if (again) this.focusHandCard(again);
    }
  }

  renderInfo() {
    const { el } = this;
    const v = this.view;
    const items = [];
    if (v.deal) items.push(["Deal", String(v.deal)]);
    if (v.dealer !== undefined && v.dealer !== null) items.push(["Dealer", this.seatName(v.dealer)]);
    if (v.trump) items.push(["Trumps", suitLabel(v.trump)]);
    if (this.hasRecords()) {
      items.push(["Game", `records start at ${v.start_record ?? "?"}; the first written down to ${v.target ?? 0} wins`]);
    } else if (v.target) items.push(["Game", `${v.target} points`]);
    if (v.phase) items.push(["Now", this.phaseText(v)]);
    if (Array.isArray(v.active) && v.active.length && !v.over && v.active.length < v.players) {
      // The loo family: who plays this deal, once some have passed.
      items.push(["Playing", v.active.slice().sort((a, b) => a - b).map((s) => (s === HUMAN ? "you" : this.seatName(s))).join(", ")]);
    }
    const turn = v.over ? "game over" : v.to_act === HUMAN ? "yours" : v.to_act !== null && v.to_act !== undefined
      ? this.seatName(v.to_act) : "—";
    items.push(["Turn", turn]);
    const dl = el("dl", { class: "ed-info-list" });
    for (const [k, val] of items) {
      dl.append(el("div", { class: "ed-info-item" + (k === "Trumps" ? ` ed-trump ed-suit-${v.trump}` : "") },
        el("dt", null, k), el("dd", null, val)));
    }
    if (this.hasRecords()) {
      dl.append(el("div", { class: "ed-info-item ed-totals" }, el("dt", null, "Records"),
        el("dd", null, v.records.map((t, i) => `${this.seatLabel(i)} ${t}`).join(" · "),
          el("span", { class: "ed-muted" }, " (lower is better)"))));
    } else if (v.totals && v.totals.length) {
      const totals = el("div", { class: "ed-info-item ed-totals" }, el("dt", null, "Score"),
        el("dd", null, v.totals.map((t, i) => `${this.sideLabel(i)} ${t}`).join(" · ")));
      dl.append(totals);
    }
    this.info.replaceChildren(dl);
  }

  /** A game of records written down towards a target (the loo family): lower is better. */
  hasRecords() {
    const v = this.view;
    return Boolean(v && Array.isArray(v.records) && (v.lower_is_better || v.records.length));
  }

  /** The phase in words, with what it means at this table. */
  phaseText(v) {
    if (v.over) return "the game is over";
    const who = (seat) => (seat === HUMAN ? "you" : this.seatName(seat));
    const verb = (seat, word) => (seat === HUMAN ? `you ${word}` : `${this.seatName(seat)} ${word}s`);
    const head = v.head || {};
    const taker = head.taken_by ?? head.taker;
    switch (v.phase) {
      case "ruff": {
        const done = (v.ruff && v.ruff.announcements || []).length;
        return `announcing the ruff (${done} of ${v.players} announced)`;
      }
      case "head":
        return taker === null || taker === undefined ? "the head"
          : `${taker === HUMAN ? "you take" : `${this.seatName(taker)} takes`} the head and discard${taker === HUMAN ? "" : "s"} ${head.count || ""}`.replace(/ +$/, "");
      case "lay_out":
        return `the pamphil was turned: ${verb(v.dealer, "lay")} out a card for trumps`;
      case "declare":
        return "the pamphil may be declared";
      case "bid": {
        const spoken = (v.bids || []).filter((b) => b.choice !== null && b.choice !== undefined).length;
        return `bidding (${spoken} of ${v.players} have spoken)`;
      }
      case "discard": {
        const buyer = v.discards && v.discards.seat !== undefined ? v.discards.seat : v.to_act;
        return buyer === null || buyer === undefined ? "buying from the stock"
          : `${who(buyer)} ${buyer === HUMAN ? "buy" : "buys"}: discarding, then drawing from the stock`;
      }
      case "dealer_exchange":
        return `the dealer (${who(v.dealer)}) may take the turned trump`;
      case "play": {
        const total = v.tricks_per_deal;
        const n = (v.tricks_played ?? 0) + 1;
        return total ? `trick ${Math.min(n, total)} of ${total}` : "playing the tricks";
      }
      default:
        return humanize(v.phase);
    }
  }

  renderFelt() {
    const { el } = this;
    const v = this.view;
    const n = v.players;
    const positions = seatPositions(n);
    this.felt.dataset.players = String(n);
    // The other seats in one wrapper: on a wide felt it is transparent (display: contents) and
    // each seat takes its compass place; on a narrow one they sit in a row above the trick.
    const others = el("div", { class: "ed-opponents" });
    for (let seat = 0; seat < n; seat++) if (seat !== HUMAN) others.append(this.renderSeat(seat, positions[seat]));
    const parts = [others, this.renderCenter(positions)];
    const ruff = v.ruff && (v.phase === "ruff" || (v.ruff.announcements || []).length || v.ruff.shown)
      ? this.renderRuff(v.ruff) : null;
    if (ruff) parts.push(ruff);
    if ((v.shows || []).length) parts.push(this.renderShows(v.shows));
    parts.push(this.renderHumanSeat(positions[HUMAN]));
    this.felt.replaceChildren(...parts);
    const you = this.felt.querySelector(".ed-you");
    if (you) you.append(this.actions);
  }

  seatStats(seat) {
    const v = this.view;
    const { el } = this;
    const stats = el("ul", { class: "ed-seat-stats" });
    if (v.tricks && v.tricks[seat] !== undefined) {
      stats.append(el("li", null, `${v.tricks[seat]} trick${v.tricks[seat] === 1 ? "" : "s"}`));
    }
    if (v.won && v.won[seat] !== undefined) {
      const won = Array.isArray(v.won[seat]) ? v.won[seat].length : v.won[seat];
      stats.append(el("li", null, `${won} card${won === 1 ? "" : "s"} won`));
    }
    const ruff = v.ruff && (v.ruff.announcements || []).find((a) => a.seat === seat);
    if (ruff) {
      const value = ruff.value === null || ruff.value === undefined ? "—" : ruff.value;
      stats.append(el("li", { class: "ed-ruff-call" },
        `Ruff ${value}${ruff.suit ? " in " + suitLabel(ruff.suit) : ""}`));
    }
    const bid = this.bidStatus(seat);
    if (bid) stats.append(el("li", { class: `ed-bid ed-bid-${bid.kind}` }, bid.text));
    if (this.hasRecords() && v.records[seat] !== undefined) {
      stats.append(el("li", { class: "ed-record" }, `record ${v.records[seat]}`));
    }
    if (v.dealer === seat) stats.append(el("li", { class: "ed-dealer-chip" }, "dealer"));
    return stats;
  }

  /** What a seat did in the bidding (loo family): {kind, text}, or null when the game has no bids. */
  bidStatus(seat) {
    const v = this.view;
    const bid = (v.bids || []).find((b) => b.seat === seat) || (v.bids || [])[seat];
    if (!bid) return null;
    const choice = bid.choice;
    if (choice === null || choice === undefined) {
      if (v.phase === "bid" && v.to_act === seat) return null;  // the turn chip says it
      if (["bid", "lay_out", "declare"].includes(v.phase)) return { kind: "waiting", text: "waiting to bid" };
      return null;
    }
    // the engine gives each bid in the game's own words ("stands", "bought 2", Петух's "keeps his cards")
    return { kind: choice, text: bid.label || choice };
  }

  /** Whether a seat passed and sits out the rest of this deal. */
  outOfDeal(seat) {
    const v = this.view;
    if (!Array.isArray(v.active) || !v.active.length || v.over) return false;
    if (!["play", "dealer_exchange", "discard"].includes(v.phase)) return false;
    const bid = (v.bids || []).find((b) => b.seat === seat);
    return !v.active.includes(seat) && Boolean(bid && bid.choice === "pass");
  }

  seatClass(seat, position) {
    const v = this.view;
    return `ed-seat ed-pos-${position}` + (v.to_act === seat && !v.over ? " ed-to-act" : "")
      + (v.outcome && (v.outcome.winners || []).includes(seat) ? " ed-winner" : "")
      + (this.outOfDeal(seat) ? " ed-out" : "");
  }

  renderSeat(seat, position) {
    const { el } = this;
    const v = this.view;
    const hand = (v.hands || [])[seat];
    const count = Array.isArray(hand) ? hand.length : hand && typeof hand === "object" ? hand.count : 0;
    const side = this.sideOf(seat);
    const partner = side !== null && side === this.sideOf(HUMAN) ? " (your partner)" : "";
    return el("section", { class: this.seatClass(seat, position), "aria-label": `${this.seatName(seat)}${partner}` },
      el("h4", { class: "ed-seat-name" }, this.seatName(seat),
        partner ? el("span", { class: "ed-partner" }, "partner") : null,
        v.to_act === seat && !v.over ? el("span", { class: "ed-turn-chip" }, this.turnWord()) : null),
      fan(count, { small: true }), el("p", { class: "ed-count" }, `${count} card${count === 1 ? "" : "s"}`),
      hand && Array.isArray(hand.known) && hand.known.length
        ? el("p", { class: "ed-count ed-known" }, `Known: ${hand.known.map(cardSymbol).join(" ")}`) : null,
      this.seatStats(seat));
  }

  /** The seat that took the turned card into its hand (Рамс' dealer), when the view shows it; else null. */
  turnedCardHolder() {
    const v = this.view;
    const card = v.turned_card || (v.turned_taken ? v.turned_taken.card : null);
    if (!card) return null;
    if (v.turned_taken && Number.isInteger(v.turned_taken.seat)) return v.turned_taken.seat;
    const hands = v.hands || [];
    for (let seat = 0; seat < hands.length; seat++) {
      const hand = hands[seat];
      const cards = Array.isArray(hand) ? hand : hand && Array.isArray(hand.known) ? hand.known : [];
      if (cards.includes(card)) return seat;
    }
    return null;
  }

  /** What the seat to act is about to do, for its chip. */
  turnWord() {
    return {
      bid: "to bid", discard: "to buy", dealer_exchange: "to exchange", lay_out: "to lay out",
      declare: "to declare", ruff: "to announce", head: "to discard",
    }[this.view.phase] || "to play";
  }

  sideOf(seat) {
    const sides = this.view.sides || [];
    const index = sides.findIndex((s) => s.includes(seat));
    return index < 0 ? null : index;
  }

  legalCardActions() {
    const legal = this.view.legal || [];
    return legal.filter((l) => l.action && l.action.card);
  }

  renderHumanSeat(position) {
    const { el } = this;
    const v = this.view;
    const hand = Array.isArray((v.hands || [])[HUMAN]) ? v.hands[HUMAN] : [];
    const cardActions = this.legalCardActions();
    const legalCards = new Map(cardActions.map((l) => [l.action.card, l]));
    const cardKind = cardActions.length ? cardActions[0].action.kind : null;
    const myTurn = v.to_act === HUMAN && !v.over && !this.busy;
    const row = el("div", { class: "ed-hand", role: "group",
      "aria-label": `Your hand, ${hand.length} cards. Arrow keys move between cards; Enter ${cardKind && cardKind !== "play" ? "chooses" : "plays"}.` });
    const headCards = v.phase === "head" && v.head && Array.isArray(v.head.cards) ? new Set(v.head.cards) : new Set();
    hand.forEach((card, index) => {
      const legal = legalCards.get(card);
      const note = !myTurn || !cardKind ? null : legal ? (legal.label || "playable") : "not playable now";
      const fromHead = headCards.has(card);
      const button = cardElement(card, { button: true, extraLabel: fromHead ? `from the head, ${note}` : note });
      if (fromHead) button.classList.add("ed-from-head");
      button.dataset.legal = String(Boolean(myTurn && legal));
      button.tabIndex = -1;
      if (!myTurn || !cardKind) {
        // Kept focusable (so keyboard focus survives the bots' turns) but inert.
        button.setAttribute("aria-disabled", "true");
        button.classList.add("ed-inert");
      } else if (!legal) {
        // Not legal: shown as unavailable, but the reader may still try it and hear why not.
        button.setAttribute("aria-disabled", "true");
        button.classList.add("ed-illegal");
      } else {
        button.classList.add("ed-legal");
      }
      button.addEventListener("click", () => {
        this.focusCard = card;
        if (!myTurn || !cardKind) return;
        if (legal) this.act(legal.action);
        else this.act({ kind: cardKind, card });
      });
      button.addEventListener("keydown", (event) => this.handKey(event, row, index));
      row.append(button);
    });
    row.addEventListener("focusin", () => { this.handHadFocus = true; });
    row.addEventListener("focusout", (event) => {
      if (event.relatedTarget && !row.contains(event.relatedTarget)) this.handHadFocus = false;
    });
    const tabStop = row.querySelector('[data-legal="true"]') || row.querySelector(".ed-card");
    if (tabStop) tabStop.tabIndex = 0;
    const head = v.head && Array.isArray(v.head.cards) && v.phase === "head" ? v.head : null;
    return el("section", { class: this.seatClass(HUMAN, position) + " ed-you", "aria-label": this.seatLabel(HUMAN) },
      el("h4", { class: "ed-seat-name" }, this.seatLabel(HUMAN),
        v.to_act === HUMAN && !v.over ? el("span", { class: "ed-turn-chip" }, "your turn") : null),
      this.seatStats(HUMAN), row,
      head ? el("p", { class: "ed-note" }, `From the head (marked ●): ${head.cards.map(cardSymbol).join(" ")}`) : null);
  }

  handKey(event, row, index) {
    const cards = Array.from(row.querySelectorAll(".ed-card"));
    const current = cards.indexOf(event.currentTarget);
    let next = null;
    if (event.key === "ArrowRight" || event.key === "ArrowDown") next = cards[(current + 1) % cards.length];
    else if (event.key === "ArrowLeft" || event.key === "ArrowUp") next = cards[(current - 1 + cards.length) % cards.length];
    else if (event.key === "Home") next = cards[0];
    else if (event.key === "End") next = cards[cards.length - 1];
    if (next) {
      event.preventDefault();
      this.focusHandCard(next);
    }
  }

  focusHandCard(card) {
    const row = card.closest(".ed-hand");
    if (row) for (const c of row.querySelectorAll(".ed-card")) c.tabIndex = -1;
    card.tabIndex = 0;
    card.focus({ preventScroll: true });
    this.focusCard = card.dataset.card;
  }

  renderCenter(positions) {
    const { el } = this;
    const v = this.view;
    const center = el("div", { class: "ed-center" });
    // The current trick, each card in front of the seat that played it.
    const trickBox = el("div", { class: "ed-trick", role: "group" });
    let trick = v.trick || [];
    let caption = null;
    let lastTrick = false;
    if (!trick.length && v.last_trick && (v.last_trick.cards || []).length) {
      lastTrick = true;
      const cards = v.last_trick.cards;
      trick = typeof cards[0] === "string"
        ? cards.map((card, i) => ({ seat: ((v.last_trick.leader ?? 0) + i) % v.players, card }))
        : cards;
      caption = `Last trick: ${this.seatName(v.last_trick.winner)} took it`;
    } else if (trick.length) {
      caption = `${this.seatName(trick[0].seat)} led`;
    } else if (v.phase === "play" && v.leader !== undefined && v.leader !== null) {
      caption = v.leader === HUMAN ? "You lead" : `${this.seatName(v.leader)} to lead`;
    } else if (v.phase === "ruff") {
      caption = "The ruff is being announced";
    } else if (v.phase === "head") {
      caption = "The head is being taken";
    } else if (v.phase && v.phase !== "play" && !v.over) {
      caption = humanize(this.phaseText(v));
    }
    trickBox.setAttribute("aria-label", caption || "The trick");
    for (const played of trick) {
      const slot = el("div", { class: `ed-played ed-from-${positions[played.seat]}`
        + (lastTrick && played.seat === v.last_trick.winner ? " ed-trick-winner" : "") });
      slot.append(cardElement(played.card, { small: true }));
      slot.append(el("span", { class: "ed-played-by" }, played.seat === HUMAN ? "you" : this.seatName(played.seat)));
      trickBox.append(slot);
    }
    if (lastTrick) trickBox.classList.add("ed-last-trick");
    center.append(trickBox);
    // The caption sits in the middle of an empty mat, and under the mat when cards lie on it.
    if (caption) (trick.length ? center : trickBox).append(
      el("p", { class: "ed-trick-caption" + (trick.length ? "" : " ed-trick-empty") }, caption));

    // Turned card, trumps, the stock, the head and the cards set aside.
    const piles = el("div", { class: "ed-piles" });
    // The turned card, on the table or taken into the dealer's hand (Рамс' exchange, Памфил's lay-out).
    const turnedCard = v.turned_card || (v.turned_taken ? v.turned_taken.card : null);
    const shownTrump = !turnedCard && v.trump_card && v.trump_card.card ? v.trump_card : null;
    if (turnedCard) {
      const turned = cardElement(turnedCard, { small: true });
      turned.classList.add("ed-turned");
      const holder = this.turnedCardHolder();
      if (holder !== null) turned.classList.add("ed-taken");
      piles.append(el("figure", { class: "ed-pile ed-turned-pile" }, turned,
        el("figcaption", null, `Turned: ${cardSymbol(turnedCard)}`,
          v.trump ? el("br") : null, v.trump ? `trumps ${suitLabel(v.trump).split(" ")[0]}` : null,
          holder === null ? null : [el("br"), holder === HUMAN ? "now in your hand" : `taken by ${this.seatName(holder)}`])));
    } else if (shownTrump) {
      // Петух for six: no card is turned; the dealer shows his own last card for trumps.
      const shown = cardElement(shownTrump.card, { small: true });
      shown.classList.add("ed-turned");
      piles.append(el("figure", { class: "ed-pile ed-turned-pile" }, shown,
        el("figcaption", null, `${shownTrump.seat === HUMAN ? "Your" : `${this.seatName(shownTrump.seat)}'s`} last card: `
          + `${cardSymbol(shownTrump.card)}`, el("br"), `trumps ${suitLabel(v.trump || shownTrump.card.slice(-1)).split(" ")[0]}`)));
    } else if (v.trump) {
      piles.append(el("figure", { class: "ed-pile ed-trump-only" },
        el("span", { class: `ed-big-suit ed-suit-${v.trump}`, "aria-hidden": "true" }, suitLabel(v.trump).split(" ")[0]),
        el("figcaption", null, `Trumps: ${suitLabel(v.trump)}`)));
    }
    const head = v.head || {};
    const taker = head.taken_by ?? head.taker;
    if (head.count || (head.cards || []).length) {
      const cards = head.cards || [];
      const count = head.count ?? cards.length;
      const pile = el("figure", { class: "ed-pile" + (taker !== null && taker !== undefined ? " ed-pile-taken" : "") });
      pile.append(cards.length ? fan(cards, { small: true, max: 4 }) : fan(Math.min(count, 4), { small: true, max: 4 }),
        el("figcaption", null, taker === null || taker === undefined ? `Head: ${count}`
          : `Head (${count}): taken by ${taker === HUMAN ? "you" : this.seatName(taker)}`));
      piles.append(pile);
    }
    if (v.stock && typeof v.stock === "object" && v.stock.count !== undefined) {
      const count = v.stock.count;
      piles.append(el("figure", { class: "ed-pile ed-stock" + (count ? "" : " ed-stock-empty") },
        count ? fan(Math.min(count, 4), { small: true, max: 4 }) : el("span", { class: "ed-empty-pile", "aria-hidden": "true" }),
        el("figcaption", null, count ? `Stock: ${count} card${count === 1 ? "" : "s"}` : "Stock: empty")));
    }
    if (v.aside && v.aside.count) {
      piles.append(el("figure", { class: "ed-pile" }, fan(Math.min(v.aside.count, 3), { small: true, max: 3 }),
        el("figcaption", null, `Set aside: ${v.aside.count}`)));
    }
    const discards = v.discards || {};
    const discardCount = discards.count ?? (discards.cards || []).length;
    if (discardCount) {
      const by = discards.seat ?? discards.by ?? taker;
      const mine = by === HUMAN && (discards.cards || []).length;
      const whose = by === null || by === undefined || by === HUMAN ? "Discards" : `${this.seatName(by)}'s discards`;
      piles.append(el("figure", { class: "ed-pile ed-discards" },
        mine ? fan(discards.cards, { small: true, max: 8 }) : fan(Math.min(discardCount, 3), { small: true, max: 3 }),
        el("figcaption", null, mine ? `Your discards (${discardCount})` : `${whose}: ${discardCount}`)));
    }
    center.append(piles);
    return center;
  }

  /** The ruff: who announced what, who won it, and the winner's proof once it is shown. */
  renderRuff(ruff) {
    const { el } = this;
    const v = this.view;
    const box = el("section", { class: "ed-ruff", "aria-label": "The ruff" });
    const calls = (ruff.announcements || []).map((a) =>
      `${this.seatName(a.seat)} ${a.value === null || a.value === undefined ? "—" : a.value}`
      + (a.suit ? ` ${suitLabel(a.suit).split(" ")[0]}` : ""));
    const waiting = v.players - (ruff.announcements || []).length;
    box.append(el("p", null, el("strong", null, "Ruff: "), calls.join(" · ") || "no announcements yet",
      waiting > 0 && v.phase === "ruff" ? el("span", { class: "ed-muted" }, ` (${waiting} to announce)`) : null));
    const winners = ruff.winners || [];
    if (winners.length) {
      const who = winners.map((s) => (s === HUMAN ? "you" : this.seatName(s))).join(" & ");
      box.append(el("p", null, `Ruff won by ${who}: 12 points. `, this.ruleLink(`${this.gameId}.ruff.award`)));
    } else if ((ruff.announcements || []).length === v.players) {
      box.append(el("p", null, "Nobody scores the ruff. ", this.ruleLink(`${this.gameId}.ruff.tie`)));
    }
    const proofs = (ruff.proofs && ruff.proofs.length) ? ruff.proofs : ruff.shown ? [ruff.shown] : [];
    for (const proof of proofs) {
      const fromDiscards = new Set(proof.from_discards || []);
      const cards = el("span", { class: "ed-shown" });
      for (const c of proof.cards || []) {
        const card = cardElement(c, { small: true });
        if (fromDiscards.has(c)) {
          card.classList.add("ed-from-discards");
          card.title = `${cardName(c)}, shown from the discards`;
        }
        cards.append(card);
      }
      if (proof.turned) {
        const turned = cardElement(proof.turned, { small: true });
        turned.classList.add("ed-turned-shown");
        turned.title = `${cardName(proof.turned)}, the turned card`;
        cards.append(turned);
      }
      const who = proof.seat === HUMAN ? "You show" : `${this.seatName(proof.seat)} shows`;
      const suit = proof.suit ? ` in ${suitLabel(proof.suit)}` : "";
      const notes = [];
      if (fromDiscards.size) notes.push(`${fromDiscards.size} from the discards`);
      if (proof.turned) notes.push("with the turned card");
      box.append(el("p", { class: "ed-proof" }, `${who} the ruff${proof.value !== undefined ? ` of ${proof.value}` : ""}${suit}`
        + (notes.length ? ` (${notes.join(", ")})` : "") + ": ", cards, " ", this.ruleLink(`${this.gameId}.ruff.proof`)));
    }
    if (winners.length && !proofs.length && v.phase !== "ruff") {
      box.append(el("p", { class: "ed-muted" }, "The winner shows the ruff once the head is taken and the discards made."));
    }
    return box;
  }

  /** The shows of this deal (loo family): five of a suit, Rams, jacks, boys, the pamphil, each with its cards and rule. */
  renderShows(shows) {
    const { el } = this;
    const box = el("section", { class: "ed-ruff ed-shows", "aria-label": "Shows this deal" });
    box.append(el("p", null, el("strong", null, "Shown this deal")));
    for (const show of shows) {
      const cards = el("span", { class: "ed-shown" });
      for (const c of show.cards || []) cards.append(cardElement(c, { small: true }));
      // the engine's own sentence for the show, with the seat named as at this table
      const text = withSymbols(namePlaces(show.text || "", this)).replace(/[.]$/, "");
      box.append(el("div", { class: "ed-show", "data-kind": show.kind, "data-seat": String(show.seat) },
        el("p", null, `${text} `, show.rule ? this.ruleLink(show.rule) : null), cards));
    }
    return box;
  }

  renderActions() {
    const { el, site } = this;
    const v = this.view;
    const parts = [];
    if (this.refusal) {
      const r = this.refusal;
      const box = el("div", { class: "ed-refusal", role: "alert" },
        el("strong", null, r.type === "IllegalActionError" ? "Not allowed: " : `${r.type || "Error"}: `),
        this.refusalText(r));
      if (r.rule) box.append(" ", el("span", { class: "ed-refusal-rule" }, "Rule ", site.ruleLink(r.rule)));
      parts.push(box);
    }
    if (v.over) {
      parts.push(el("p", { class: "ed-prompt" }, "The game is over."));
    } else if (v.to_act === HUMAN && !this.busy) {
      const legal = v.legal || [];
      const cardActions = legal.filter((l) => l.action && l.action.card);
      const other = legal.filter((l) => !(l.action && l.action.card));
      parts.push(el("p", { class: "ed-prompt" }, this.promptFor(cardActions, other)));
      if (v.phase === "discard" && v.discards && v.discards.seat === HUMAN && (v.discards.cards || []).length) {
        parts.push(el("p", { class: "ed-note" }, `Thrown out so far: ${v.discards.cards.map(cardSymbol).join(" ")}`));
      }
      if (other.length) parts.push(this.actionButtons(other));
    } else if (v.to_act !== null && v.to_act !== undefined) {
      parts.push(el("p", { class: "ed-prompt ed-waiting" }, `${this.seatName(v.to_act)} is thinking…`));
    }
    this.actions.replaceChildren(...parts);
  }

  /** The reader's prompt for the decision at hand: words and, where one rule governs it, its link. */
  promptFor(cardActions, other) {
    const v = this.view;
    const kinds = new Set(other.map((l) => l.action && l.action.kind));
    const rule = (...suffixes) => {
      const id = this.firstRule(...suffixes);
      return id ? [" ", this.ruleLink(id)] : [];
    };
    if (cardActions.length) {
      const kind = cardActions[0].action.kind;
      if (kind === "discard" && v.head) {
        const extra = v.hands && Array.isArray(v.hands[HUMAN]) && v.hand_size
          ? v.hands[HUMAN].length - v.hand_size : null;
        return extra
          ? `You took the head: discard ${extra} more card${extra === 1 ? "" : "s"}, one click each. The others will not see them.`
          : "You took the head: choose a card to discard.";
      }
      if (kind === "discard") {
        const stock = v.stock && v.stock.count !== undefined ? v.stock.count : null;
        const done = v.discards && v.discards.seat === HUMAN ? (v.discards.count ?? (v.discards.cards || []).length) : 0;
        const room = stock === null ? "" : ` (the stock has ${stock} card${stock === 1 ? "" : "s"}, so at most ${stock})`;
        const draw = other.find((l) => l.action.kind === "draw");
        return [done
          ? `You have thrown out ${done}: click more cards to throw out${room}, or ${draw ? `“${draw.label}”` : "draw"} to take as many from the stock.`
          : `You buy: click each card you want to throw out${room}, then draw as many from the stock.`,
        ...rule("buy.discard-first", "exchange.order")];
      }
      if (kind === "lay_out") {
        return ["The pamphil (J♣) was turned up: lay out a card from your hand; its suit becomes trumps.",
          ...rule("deal.turned-pamphil")];
      }
      if (kind === "exchange") {
        const turned = v.turned_card ? cardSymbol(v.turned_card) : "the turned trump";
        return [`You dealt and did not pass: click a card to give for ${turned}, or keep your hand.`,
          ...rule("buy.dealer-takes-turned")];
      }
      const leading = !(v.trick || []).length;
      return cardActions.length === 1 ? "Your turn: you have one legal card (outlined)."
        : leading ? `You lead: play any of your ${cardActions.length} cards.`
          : `Your turn: play one of the ${cardActions.length} outlined cards.`;
    }
    if (kinds.has("announce")) {
      return ["Your turn: announce your ruff, your best total in one suit (pips at face value, "
        + "king, queen and jack 10, ace 11). The best ruff at the table scores 12.", ...rule("ruff.value")];
    }
    if (BID_KINDS.some((k) => kinds.has(k))) {
      const stock = v.stock && v.stock.count !== undefined ? v.stock.count : null;
      const choices = [];
      if (kinds.has("stand")) choices.push("play the deal with these cards");
      if (kinds.has("buy")) choices.push(`buy from the stock${stock === null ? "" : ` (${stock} left)`}`);
      if (kinds.has("pass")) choices.push("pass and sit the deal out");
      const list = choices.length > 1 ? `${choices.slice(0, -1).join(", ")} or ${choices.at(-1)}` : choices[0];
      return [`Your bid: ${list}.`, kinds.has("pass") ? "" : " You may not pass now.",
        ...rule("bid.options", "bid.no-pass")];
    }
    if (kinds.has("declare")) {
      return ["You hold the pamphil (J♣): declare it (each other player pays you) or keep quiet.",
        ...rule("bid.declare-payment")];
    }
    return other.length ? "Your turn:" : "Your turn.";
  }

  /** Buttons for the actions that are not a card. In a bidding, every bid is offered: those the
   * rules forbid now are drawn unavailable, and the reader may still try one and read why not. */
  actionButtons(other) {
    const { el } = this;
    const buttons = el("div", { class: "ed-action-buttons" });
    const button = (l, legal) => el("button", { type: "button",
      class: "md-button md-button--primary ed-action" + (legal ? "" : " ed-illegal-action"),
      "data-legal": String(legal), "data-kind": l.action.kind,
      "aria-disabled": legal ? null : "true",
      title: legal ? null : "Not allowed now: press to read the rule",
      onclick: () => this.act(l.action) }, withSymbols(l.label || l.text));
    const bids = other.filter((l) => BID_KINDS.includes(l.action.kind));
    if (bids.length && this.view.phase === "bid") {
      for (const kind of BID_KINDS) {
        const l = bids.find((b) => b.action.kind === kind);
        if (l) buttons.append(button(l, true));
        else if (kind !== "buy" || (this.view.stock && this.view.stock.count > 0)) {
          buttons.append(button({ action: { kind }, label: humanize(kind) }, false));
        }
      }
      for (const l of other) if (!BID_KINDS.includes(l.action.kind)) buttons.append(button(l, true));
    } else {
      for (const l of other) buttons.append(button(l, true));
    }
    return buttons;
  }

  /** At the start of a deal, what the last one gave (it ended with the last bot's card). */
  renderDealSummary() {
    const { el } = this;
    const v = this.view;
    const box = this.dealBox;
    const prev = v.previous_deal;
    if (!prev || v.over || (v.tricks_played ?? 0) > 0) {
      box.hidden = true;
      box.replaceChildren();
      return;
    }
    const name = (seat) => (seat === HUMAN ? "you" : this.seatName(seat));
    const won = (prev.won || []).map((w, seat) => `${name(seat)} ${Array.isArray(w) ? w.length : w}`);
    const points = (prev.points || []).map((pts, side) => `${this.sideLabel(side)} ${pts}`);
    const tricks = prev.won ? [] : (prev.tricks || []).map((t, seat) => `${name(seat)} ${t}`);
    const changes = (prev.changes || []).map((c, seat) => `${name(seat)} ${signed(c)}`);
    const records = (prev.records || []).map((r, seat) => `${name(seat)} ${r}`);
    const last = prev.last_trick;
    box.replaceChildren(
      el("strong", null, `Deal ${prev.deal} is over. `),
      won.length ? `Cards won: ${won.join(" · ")}. ` : "",
      points.length ? `Points for the cards: ${points.join(" · ")}. ` : "",
      tricks.length ? `Tricks: ${tricks.join(" · ")}. ` : "",
      changes.length ? `Records changed: ${changes.join(" · ")}` : "",
      records.length ? ` (now ${records.join(" · ")}). ` : changes.length ? ". " : "",
      last && last.winner !== undefined ? `The last trick went to ${last.winner === HUMAN ? "you" : this.seatName(last.winner)}` : "",
      last && (last.cards || []).length
        ? ` (${last.cards.map((c) => cardSymbol(typeof c === "string" ? c : c.card)).join(" ")}).` : "",
      " See the score sheet.");
    box.hidden = false;
  }

  renderOutcome() {
    const { el } = this;
    const v = this.view;
    const box = this.outcomeBox;
    if (!v.over || !v.outcome) {
      box.hidden = true;
      box.replaceChildren();
      return;
    }
    const o = v.outcome;
    const winners = o.winners || [];
    const youWin = winners.includes(HUMAN);
    const winnerNames = winners.length ? winners.map((s) => this.seatName(s)).join(" & ") : "Nobody";
    const scores = (o.sides && o.sides.length ? o.sides : (v.sides || [])).map((side, i) => {
      const seats = Array.isArray(side) ? side : [side];
      const score = o.scores ? o.scores[seats[0]] : (v.totals || [])[i];
      return `${seats.map((s) => this.seatLabel(s)).join(" & ")}: ${score}`;
    });
    const records = this.hasRecords();
    const parts = [
      el("h4", null, youWin ? `You win!${winners.length > 1 ? ` (${winnerNames})` : ""}`
        : `${winnerNames} win${winners.length === 1 ? "s" : ""}.`),
      el("p", null, records ? "Final records (lower is better): " : null, scores.join(" · ")),
      o.reason ? el("p", { class: "ed-note" }, withSymbols(namePlaces(o.reason, this))) : null,
      this.moneyLine("Settlement", v.settlement),
      this.moneyLine("Side payments for declaring the pamphil", v.payments),
      el("div", { class: "ed-action-buttons" },
        el("button", { type: "button", class: "md-button md-button--primary", onclick: () => {
          this.inputs.seed.value = String(Math.floor(Math.random() * 1e6));
          this.newGame();
        } }, "Play again"),
        el("button", { type: "button", class: "md-button", onclick: () => this.downloadRecord() }, "Download the record"))];
    box.replaceChildren(...parts.filter(Boolean));
    box.hidden = false;
    box.dataset.outcome = youWin ? "win" : "loss";
    if (!this.announcedOver) {
      this.announcedOver = this.generation;
    }
  }

  /** "Settlement: South receives 12 · West pays 7": net money per seat (positive: received). */
  moneyLine(title, amounts) {
    if (!Array.isArray(amounts) || !amounts.some((a) => a)) return null;
    const parts = amounts.map((a, seat) => {
      const who = seat === HUMAN ? "you" : this.seatName(seat);
      if (a > 0) return `${who} ${seat === HUMAN ? "receive" : "receives"} ${a}`;
      if (a < 0) return `${who} ${seat === HUMAN ? "pay" : "pays"} ${-a}`;
      return `${who} even`;
    });
    const stake = this.view.variant && this.view.variant.stake;
    return this.el("p", { class: "ed-money" }, this.el("strong", null, `${title}${stake && title === "Settlement" ? ` (stake ${stake})` : ""}: `),
      parts.join(" · ").replace(/^./, (c) => c.toUpperCase()) + ".");
  }

  renderSheet() {
    if (this.hasRecords()) {
      this.renderRecordSheet();
      return;
    }
    const { el, site } = this;
    const v = this.view;
    const sides = (v.sides && v.sides.length) ? v.sides : Array.from({ length: v.players }, (_, i) => [i]);
    const head = el("tr", null, el("th", { scope: "col" }, "Deal"), el("th", { scope: "col" }, "Why"),
      sides.map((_, i) => el("th", { scope: "col", class: "ed-num" }, this.sideLabel(i))));
    const body = el("tbody");
    const canReplay = Boolean(this.id && document.querySelector(`.edition-compare[data-game="${this.gameId}"]`));
    for (const deal of v.score_sheet || []) {
      const entries = deal.entries || [];
      if (!entries.length) {
        body.append(el("tr", null, el("td", null, String(deal.deal)), el("td", { class: "ed-muted" }, "no score"),
          sides.map(() => el("td", { class: "ed-num" }, ""))));
      }
      entries.forEach((entry, i) => {
        const why = el("td", null, withSymbols(namePlaces(entry.why || "", this)), entry.rule ? " " : null,
          entry.rule ? this.ruleLink(entry.rule) : null);
        body.append(el("tr", null, el("td", null, i === 0 ? String(deal.deal) : ""), why,
          sides.map((_, s) => el("td", { class: "ed-num" }, s === entry.side ? String(entry.points) : ""))));
      });
      // A finished deal can be played again under another reading (the compare panel).
      if (canReplay && deal.complete !== false && (deal.deal < v.deal || v.over)) {
        const button = el("button", { type: "button", class: "ed-replay-deal", "data-deal": String(deal.deal),
          onclick: () => this.replayDeal(deal.deal) }, "Replay this deal under another reading");
        body.append(el("tr", { class: "ed-replay-row" }, el("td", { colspan: String(2 + sides.length) }, button)));
      }
    }
    const foot = el("tfoot", null, el("tr", null, el("th", { scope: "row", colspan: "2" },
      `Total${v.target ? ` (game: ${v.target})` : ""}`),
      sides.map((_, i) => el("td", { class: "ed-num" }, String((v.totals || [])[i] ?? 0)))));
    this.sheet.replaceChildren(el("h4", null, "Score sheet"),
      el("div", { class: "ed-scroll" }, el("table", { class: "ed-sheet-table" }, el("thead", null, head), body, foot)));
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

  /**
   * The sheet of a game of records (the loo family): one column per seat, starting at the
   * record (25 in Мушка); each entry is a change, written off (−) or written up (+), with its
   * reason and rule, and the record after it. Lower is better; the first to 0 wins.
   */
  renderRecordSheet() {
    const { el } = this;
    const v = this.view;
    const seats = Array.from({ length: v.players }, (_, i) => i);
    const head = el("tr", null, el("th", { scope: "col" }, "Deal"), el("th", { scope: "col" }, "Why"),
      seats.map((s) => el("th", { scope: "col", class: "ed-num" }, this.seatLabel(s))));
    const body = el("tbody");
    const start = v.start_record;
    const startRule = this.firstRule("score.start", "setup.start");
    if (start !== undefined && start !== null) {
      body.append(el("tr", { class: "ed-start-row" }, el("td", null, ""),
        el("td", null, `Every record starts at ${start}`, startRule ? [" ", this.ruleLink(startRule)] : null),
        seats.map(() => el("td", { class: "ed-num" }, String(start)))));
    }
    const canReplay = Boolean(this.id && document.querySelector(`.edition-compare[data-game="${this.gameId}"]`));
    for (const deal of v.score_sheet || []) {
      const entries = deal.entries || [];
      const dealCell = (i) => el("td", { class: "ed-deal-cell" }, i === 0 ? String(deal.deal) : "",
        i === 0 && deal.dealer !== undefined && deal.dealer !== null
          ? el("span", { class: "ed-muted ed-dealer-note" }, ` ${this.seatName(deal.dealer)} dealt`) : null);
      if (!entries.length) {
        body.append(el("tr", null, dealCell(0), el("td", { class: "ed-muted" },
          deal.complete === false ? "being played" : "no change"), seats.map(() => el("td", { class: "ed-num" }, ""))));
      }
      entries.forEach((entry, i) => {
        const seat = entry.seat ?? entry.side;
        const why = el("td", null, withSymbols(namePlaces(entry.why || "", this)), entry.rule ? " " : null,
          entry.rule ? this.ruleLink(entry.rule) : null);
        body.append(el("tr", { class: "ed-entry" }, dealCell(i), why, seats.map((s) => {
          if (s !== seat) return el("td", { class: "ed-num" }, "");
          const points = Number(entry.points) || 0;
          const words = points < 0 ? `written off ${-points}` : points > 0 ? `written up ${points}` : "no change";
          const after = entry.record !== undefined && entry.record !== null ? entry.record : null;
          return el("td", { class: `ed-num ed-change ${points < 0 ? "ed-down" : points > 0 ? "ed-up" : ""}`,
            title: `${words}${after === null ? "" : `; record ${after}`}` },
          el("span", { class: "ed-delta", "aria-hidden": "true" }, signed(points)),
          after === null ? null : el("span", { class: "ed-after", "aria-hidden": "true" },
            `→ ${after < 0 ? MINUS + -after : after}`),
          el("span", { class: "ed-visually-hidden" }, `${words}${after === null ? "" : `, record ${after}`}`));
        })));
      });
      if (canReplay && deal.complete !== false && (deal.deal < v.deal || v.over)) {
        const button = el("button", { type: "button", class: "ed-replay-deal", "data-deal": String(deal.deal),
          onclick: () => this.replayDeal(deal.deal) }, "Replay this deal under another reading");
        body.append(el("tr", { class: "ed-replay-row" }, el("td", { colspan: String(2 + seats.length) }, button)));
      }
    }
    const row = (label, values, cls) => el("tr", { class: cls || null },
      el("th", { scope: "row", colspan: "2" }, label),
      seats.map((s) => el("td", { class: "ed-num" }, values[s] === undefined ? "" : values[s])));
    const winRule = this.firstRule("end.winner");
    const foot = el("tfoot", null,
      row(el("span", null, `Record (first to ${v.target ?? 0} wins)`, winRule ? [" ", this.ruleLink(winRule)] : null),
        seats.map((s) => String(v.records[s]))));
    if (Array.isArray(v.payments) && v.payments.some((p) => p)) {
      const rule = this.firstRule("bid.declare-payment");
      foot.append(row(el("span", null, "Side payments (pamphil)", rule ? [" ", this.ruleLink(rule)] : null),
        v.payments.map(signed), "ed-money-row"));
    }
    if (Array.isArray(v.settlement)) {
      const rule = v.settlement_rule || this.firstRule("settle.systems", "settle.remaining-records");
      foot.append(row(el("span", null, "Settlement (net)", rule ? [" ", this.ruleLink(rule)] : null),
        v.settlement.map(signed), "ed-money-row"));
    }
    this.sheet.replaceChildren(
      el("h4", null, "Score sheet: the records"),
      el("p", { class: "ed-sheet-note" }, `Each seat's record starts at ${start ?? "its start"}; tricks write it off (−), `
        + "failures write it up (+). Lower is better."),
      el("div", { class: "ed-scroll" }, el("table", { class: "ed-sheet-table ed-record-sheet" },
        el("thead", null, head), body, foot)));
    const scroller = this.sheet.querySelector(".ed-scroll");
    if (scroller) scroller.scrollTop = scroller.scrollHeight;
  }

  /** Open (or scroll to) the page's comparison panel with this game and one of its deals preset. */
  replayDeal(deal) {
    const panel = document.querySelector(`.edition-compare[data-game="${this.gameId}"]`);
    if (!panel || !this.id) return;
    const preset = { id: this.id, deal, variant: (this.view && this.view.variant) || {} };
    panel.dataset.session = this.id;
    panel.dataset.deal = String(deal);
    panel.dataset.sessionVariant = JSON.stringify(preset.variant);
    panel.scrollIntoView({ behavior: "smooth", block: "start" });
    if (panel.dataset.mounted) {
      panel.dispatchEvent(new CustomEvent("edition:replay-deal", { detail: preset }));
    } else {
      const start = panel.querySelector(".edition-compare-start");
      if (start && !start.disabled) start.click();
    }
  }

  renderLog() {
    const { el, site } = this;
    const v = this.view;
    const log = v.log || [];
    const list = el("ol", { class: "ed-log-list" });
    for (const entry of log) {
      const text = namePlaces(entry.text, this);
      const who = entry.seat === null || entry.seat === undefined || text.includes(this.seatName(entry.seat))
        ? "" : `${this.seatName(entry.seat)}: `;
      list.append(el("li", null, el("span", { class: "ed-log-deal" }, `${entry.deal ?? ""}`), " ",
        who + withSymbols(text), entry.rule ? " " : null, entry.rule ? this.ruleLink(entry.rule) : null));
    }
    this.logBox.replaceChildren(el("h4", null, "Log"), el("div", { class: "ed-scroll ed-log-scroll" }, list));
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
    for (const entry of log.slice(start).slice(-4)) {
      this.announce(spokenCards(namePlaces(entry.text, this)));
    }
    if (log.length) this.lastLogKey = keyOf(log[log.length - 1]);
  }
}

/** The engine's sentences name seats and sides by number; the table names them as the reader sees them. */
function namePlaces(text, table) {
  return String(text)
    .replace(/\bpartners (\d+) and (\d+)\b/g, (m, a, b) =>
      `partners ${table.seatName(Number(a))} and ${table.seatName(Number(b))}`)
    .replace(/\b[Ss]eats (\d+(?:(?:, | and )\d+)+)/g, (m, list) =>
      list.split(/, | and /).map((n) => table.seatName(Number(n))).join(", "))
    .replace(/\b([Ss])eat (\d+)\b/g, (m, s, n) => table.seatName(Number(n)))
    .replace(/\b([Ss])ide (\d+)\b/g, (m, s, n) => table.sideName(Number(n)));
}

/** "plays 7H" -> "plays seven of hearts" for the screen reader. */
function spokenCards(text) {
  return String(text).replace(/\b(10|[2-9TJQKA])([SHDC])\b/g, (m) => cardName(m));
}

export { Table };
