// Two readings side by side: the same seed, so the same deals, played by the same
// bots under two variants (the bridge's "compare" op), with both outcomes and score
// sheets shown next to each other. The score sheets are the play table's (ledger.js).
//
// The placeholder may name what to compare: data-option="count" (or data-rule, the
// contested rule's id), data-a / data-b (two reading ids), data-seed.

import { withSymbols } from "./cards.js";
import { amountText, dealsTable, ledgerOf, sheetTable } from "./ledger.js";
import { counted, tr } from "./lang.js";
import { botKinds, botWord, Places, humanize, problemNodes, readingChoiceLabel, readingLabel, seatName } from "./words.js";
import { DEFAULT_GAMES, MAX_GAMES, measure } from "./measure.js";

export async function mountCompare(container, site) {
  const compare = new Compare(container, site);
  await compare.start();
  return compare;
}

class Compare {
  constructor(container, site) {
    this.container = container;
    this.site = site;
    this.el = site.el;
    this.python = site.python;
    this.gameId = container.dataset.game;
    this.uidBase = `ed-compare-${this.gameId}-${Math.random().toString(36).slice(2, 8)}`;
  }

  uid(name) {
    return `${this.uidBase}-${name}`;
  }

  async start() {
    const status = this.container.querySelector(".edition-table-status");
    try {
      const games = await this.python.call({ op: "games" });
      this.spec = (games.games || []).find((g) => g.id === this.gameId);
      if (!this.spec) throw new Error(tr("the engine has no game \"{0}\"", this.gameId));
      const rules = await this.python.call({ op: "rules", game: this.gameId });
      this.readings = {};
      for (const rule of rules.rules || []) {
        if ((rule.readings || []).length) this.readings[rule.id] = rule.readings;
      }
    } catch (error) {
      if (status) status.textContent = tr("The comparison could not start: {0}", error.message);
      return;
    }
    this.container.dataset.mounted = "1";
    this.build();
  }

  /** Options whose values are the readings of a contested rule. */
  contestedOptions() {
    return (this.spec.options || []).filter((o) => this.readings[o.rule] && (o.values || []).length);
  }

  /** The input of one option, from its JSON: a select for listed values, a number
   *  input for an int option without them, a checkbox for a bool, a text input else. */
  optionInput(id, option, chosen, includeNull = true) {
    const { el } = this;
    const values = option.values || [];
    const attrs = { id, name: option.name, "data-type": option.type || "" };
    if (!values.length) {
      if (option.type === "bool") return el("input", { ...attrs, type: "checkbox", checked: Boolean(chosen) });
      if (option.type === "int") {
        return el("input", { ...attrs, type: "number", step: 1, inputmode: "numeric", value: chosen ?? "" });
      }
      return el("input", { ...attrs, type: "text", value: chosen ?? "" });
    }
    const readings = this.readings[option.rule] || [];
    const choices = values.map((value) => {
      const reading = readings.find((r) => String(r.id).toLowerCase() === String(value).toLowerCase());
      return el("option", { value: JSON.stringify(value), selected: String(value) === String(chosen),
        title: reading ? reading.statement : null }, readingChoiceLabel(value, reading, String(value) === String(option.default)));
    });
    if (includeNull && (option.default === null || option.default === undefined)) {
      choices.unshift(el("option", { value: "null", selected: chosen === null || chosen === undefined }, tr("as the rules fix it (default)")));
    }
    return el("select", attrs, choices);
  }

  /** An option input's value (null: left to the rules); an int that is no whole number throws. */
  readOption(input) {
    if (input.type === "checkbox") return input.checked;
    if (input.tagName === "SELECT") return JSON.parse(input.value);
    if (input.dataset.type === "int") {
      const text = input.value.trim();
      if (text === "") return null;  // left empty: the option's default
      if (!/^-?\d+$/.test(text)) throw new Error(tr("{0} must be a whole number, not \"{1}\".", humanize(input.name), input.value));
      return Number.parseInt(text, 10);
    }
    return input.value;
  }

  setOption(input, value) {
    if (input.type === "checkbox") input.checked = Boolean(value);
    else if (input.tagName === "SELECT") input.value = JSON.stringify(value);
    else input.value = value ?? "";
  }

  build() {
    const { el } = this;
    const contested = this.contestedOptions();
    const data = this.container.dataset;
    let focus = contested.find((o) => o.name === data.option || o.rule === data.rule) || contested[0];
    this.optionSelect = el("select", { id: this.uid("option") },
      contested.map((o) => el("option", { value: o.name, selected: o === focus }, `${humanize(o.name)} (${o.rule})`)));
    this.readingA = el("div", { class: "ed-field" });
    this.readingB = el("div", { class: "ed-field" });
    const fillReadings = () => {
      const option = contested.find((o) => o.name === this.optionSelect.value);
      const values = option.values || [];
      const a = data.a !== undefined && option === focus ? data.a : option.default ?? values[0];
      const b = data.b !== undefined && option === focus ? data.b
        : values.find((v) => String(v) !== String(a)) ?? values[0];
      this.selA = this.optionInput(this.uid("a"), option, coerce(option, a), false);
      this.selB = this.optionInput(this.uid("b"), option, coerce(option, b), false);
      this.readingA.replaceChildren(el("label", { for: this.selA.id }, tr("Reading A")), this.selA);
      this.readingB.replaceChildren(el("label", { for: this.selB.id }, tr("Reading B")), this.selB);
      this.lockTableReading();
    };
    this.optionSelect.addEventListener("change", () => { focus = null; fillReadings(); });
    fillReadings();

    // Shared settings (one reading against another) or two full variants.
    this.full = el("input", { type: "checkbox", id: this.uid("full") });
    this.base = el("div", { class: "ed-fields ed-compare-base" });
    this.fullA = el("div", { class: "ed-fields" });
    this.fullB = el("div", { class: "ed-fields" });
    this.baseInputs = {};
    this.fullInputs = [{}, {}];
    for (const option of this.spec.options || []) {
      const field = (inputs, box, suffix) => {
        const input = this.optionInput(this.uid(`${suffix}-${option.name}`), option, option.default);
        inputs[option.name] = input;
        box.append(el("div", { class: "ed-field" }, el("label", { for: input.id }, humanize(option.name)), input));
      };
      field(this.baseInputs, this.base, "base");
      field(this.fullInputs[0], this.fullA, "fa");
      field(this.fullInputs[1], this.fullB, "fb");
    }
    const fullBox = el("div", { class: "ed-compare-full", hidden: true },
      el("div", { class: "ed-compare-columns" },
        el("fieldset", null, el("legend", null, tr("Variant A")), this.fullA),
        el("fieldset", null, el("legend", null, tr("Variant B")), this.fullB)));
    const readingBox = el("div", { class: "ed-compare-reading" },
      el("div", { class: "ed-fields" }, el("div", { class: "ed-field" },
        el("label", { for: this.optionSelect.id }, tr("Point in dispute")), this.optionSelect), this.readingA, this.readingB),
      el("details", null, el("summary", null, tr("The other settings (the same for both)")), this.base));
    this.full.addEventListener("change", () => {
      fullBox.hidden = !this.full.checked;
      readingBox.hidden = this.full.checked;
    });

    this.seed = el("input", { type: "number", id: this.uid("seed"), name: "seed", min: 0, step: 1,
      value: data.seed || String(Math.floor(Math.random() * 1e6)) });
    this.bots = el("select", { id: this.uid("bots") }, botKinds().map(([v, t]) => el("option", { value: v }, t)));
    this.botsLabel = el("label", { for: this.bots.id }, tr("Bots (every seat, both games)"));
    // Whole games, or one deal (of the seed's game, or of the game at the table) under both readings.
    this.dealMode = el("select", { id: this.uid("deal-mode"), name: "deal-mode" },
      el("option", { value: "game" }, tr("The whole game")), el("option", { value: "deal" }, tr("One deal")),
      el("option", { value: "measure" }, tr("Many paired games, measured")));
    this.gameCount = el("input", { type: "number", id: this.uid("games"), name: "games", step: 1, inputmode: "numeric",
      value: String(DEFAULT_GAMES) });
    this.gameCountBox = el("div", { class: "ed-field", hidden: true },
      el("label", { for: this.gameCount.id }, tr("Paired games")), this.gameCount);
    this.dealNumber = el("input", { type: "number", id: this.uid("deal"), name: "deal", min: 1, step: 1, value: "1" });
    this.dealNumberBox = el("div", { class: "ed-field", hidden: true },
      el("label", { for: this.dealNumber.id }, tr("Deal number")), this.dealNumber);
    this.sessionNote = el("p", { class: "ed-note ed-compare-session", hidden: true });
    this.dealMode.addEventListener("change", () => this.showDealFields());
    this.error = el("p", { class: "ed-form-error", role: "alert", hidden: true });
    this.results = el("div", { class: "ed-compare-results", "aria-live": "polite" });
    this.runButton = el("button", { type: "submit", class: "md-button md-button--primary ed-compare-run" },
      tr("Play both games"));
    const form = el("form", { class: "ed-setup ed-compare-form", "aria-label": tr("Compare two readings") },
      readingBox, el("p", { class: "ed-inline" }, this.full,
        el("label", { for: this.full.id }, tr(" Set every option for each side (two full variants)"))),
      fullBox,
      el("div", { class: "ed-fields" },
        el("div", { class: "ed-field" }, el("label", { for: this.seed.id }, tr("Seed (the same deals for both)")), this.seed),
        el("div", { class: "ed-field" }, this.botsLabel, this.bots),
        el("div", { class: "ed-field" }, el("label", { for: this.dealMode.id }, tr("Deal")), this.dealMode),
        this.dealNumberBox, this.gameCountBox),
      this.sessionNote,
      this.error, el("div", { class: "ed-form-buttons" }, this.runButton));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.run();
    });
    this.container.replaceChildren(el("div", { class: "ed-compare-app" }, form, this.results));
    // The table's "Replay this deal under another reading" sets data-session/data-deal before
    // starting the panel, or sends this event once it is running.
    this.container.addEventListener("edition:replay-deal", (event) => this.preset(event.detail || {}));
    if (data.session && data.deal) {
      let variant = {};
      try { variant = JSON.parse(data.sessionVariant || "{}"); } catch (error) { variant = {}; }
      this.preset({ id: data.session, deal: Number.parseInt(data.deal, 10), variant });
    }
  }

  /** Preset one deal of the game at the table: reading A is the table's own (the deal replayed as
   *  it was played), reading B another, which the bots play from the same cards. */
  preset({ id, deal, variant = {} }) {
    if (!id || !Number.isFinite(deal)) return;
    this.session = id;
    this.tableVariant = variant;
    this.full.checked = false;
    this.full.dispatchEvent(new Event("change"));
    for (const inputs of [this.baseInputs, ...this.fullInputs]) {
      for (const [name, input] of Object.entries(inputs)) {
        if (variant[name] !== undefined) this.setOption(input, variant[name]);
      }
    }
    this.dealMode.value = "deal";
    this.dealNumber.value = String(deal);
    this.showDealFields();
    const other = Array.from(this.selB.options).find((o) => o.value !== this.selA.value);
    if (other) this.selB.value = other.value;
  }

  /** One deal of the game at the table is being replayed (not a seed's, not a whole game). */
  tableDeal() {
    return Boolean(this.session && this.dealMode && this.dealMode.value === "deal");
  }

  /** Reading A of a deal of the table is the table's reading: shown, not chosen. */
  lockTableReading() {
    if (!this.selA || !this.fullInputs) return;  // (while the form is being built)
    const locked = this.tableDeal();
    const variant = this.tableVariant || {};
    const name = this.optionSelect.value;
    if (locked && variant[name] !== undefined) this.selA.value = JSON.stringify(variant[name]);
    this.selA.disabled = locked;
    this.readingA.querySelector("label").textContent = locked ? tr("Reading A (the table's)") : tr("Reading A");
    for (const [option, input] of Object.entries(this.fullInputs[0])) {
      if (locked && variant[option] !== undefined) this.setOption(input, variant[option]);
      input.disabled = locked;
    }
  }

  /** Back to the play table of this game, to the button of the deal replayed (else its score sheet). */
  backToTable() {
    const table = document.querySelector(`.edition-table[data-game="${this.gameId}"]`);
    if (!table) return;
    const target = table.querySelector(`.ed-replay-deal[data-deal="${this.dealNumber.value}"]`)
      || table.querySelector(".ed-sheet") || table;
    if (!target.matches("button, a[href]")) target.setAttribute("tabindex", "-1");
    target.scrollIntoView({ block: "center" });
    target.focus({ preventScroll: true });
  }

  showDealFields() {
    const { el } = this;
    const one = this.dealMode.value === "deal";
    this.dealNumberBox.hidden = !one;
    this.gameCountBox.hidden = this.dealMode.value !== "measure";
    const table = this.tableDeal();
    this.seed.disabled = table;
    this.lockTableReading();
    // At a deal of the table the bots of reading B are the table's; the choice is the bot in your seat.
    this.botsLabel.textContent = table ? tr("Bot in your seat (reading B)") : tr("Bots (every seat, both games)");
    const own = this.bots.querySelector("option[value='']");
    if (table && !own) this.bots.prepend(el("option", { value: "", selected: true }, tr("The table's own bot")));
    if (!table && own) own.remove();
    if (table) {
      const forget = el("button", { type: "button", class: "ed-link-button" }, tr("use the seed instead"));
      forget.addEventListener("click", () => {
        this.session = null;
        this.showDealFields();
        this.seed.focus();
      });
      const back = el("button", { type: "button", class: "ed-small-button ed-compare-back" }, tr("Back to the table"));
      back.addEventListener("click", () => this.backToTable());
      this.sessionNote.replaceChildren(
        tr("Deal {0} of your game at the table. Reading A is the table's reading: the deal is replayed as you played "
        + "it, your moves and the bots'. Reading B plays the same cards with the table's bots, a bot in your seat (your "
        + "moves might not be legal under another reading). Or ", this.dealNumber.value), forget, ". ", back);
      this.sessionNote.hidden = false;
    } else {
      this.sessionNote.hidden = true;
      this.sessionNote.replaceChildren();
    }
    this.runButton.textContent = one ? tr("Play the deal under both readings")
      : this.dealMode.value === "measure" ? tr("Measure") : tr("Play both games");
  }

  variants() {
    const read = (input) => this.readOption(input);
    if (this.full.checked) {
      return this.fullInputs.map((inputs, side) => {
        if (!side && this.tableDeal()) return { ...this.tableVariant };
        const v = {};
        for (const [name, input] of Object.entries(inputs)) if (read(input) !== null) v[name] = read(input);
        return v;
      });
    }
    const base = {};
    for (const [name, input] of Object.entries(this.baseInputs)) if (read(input) !== null) base[name] = read(input);
    const name = this.optionSelect.value;
    const a = this.tableDeal() ? { ...this.tableVariant } : { ...base, [name]: read(this.selA) };
    return [a, { ...base, [name]: read(this.selB) }];
  }

  async run() {
    const { el } = this;
    this.error.hidden = true;
    const seed = Number.parseInt(this.seed.value, 10);
    if (!Number.isFinite(seed) || seed < 0) {
      this.error.textContent = tr("The seed must be a whole number ≥ 0, not \"{0}\".", this.seed.value);
      this.error.hidden = false;
      return;
    }
    let variants;
    try {
      variants = this.variants();
    } catch (error) {
      this.error.textContent = error.message;
      this.error.hidden = false;
      return;
    }
    if (this.dealMode.value === "measure") {
      const games = Number(this.gameCount.value);
      if (!Number.isInteger(games) || games < 1 || games > MAX_GAMES) {
        this.error.textContent = tr("The number of games must be a whole number from 1 to {0}, not \"{1}\".", MAX_GAMES,
          this.gameCount.value);
        this.error.hidden = false;
        return;
      }
      this.runButton.disabled = true;
      try {
        const option = this.contestedOptions().find((o) => o.name === this.optionSelect.value);
        await measure(this, { variants, seed, bots: this.bots.value || "heuristic", games,
          rule: this.full.checked || !option ? null : option.rule });
      } finally {
        this.runButton.disabled = false;
      }
      return;
    }
    const players = Number(variants[0].players ?? ((this.spec.options || []).find((o) => o.name === "players") || {}).default
      ?? this.spec.max_players);
    // the engine names the seats in its sentences as this panel does (words.js Places.names)
    const request = { op: "compare", game: this.gameId, seed, variants, seat_names: new Places(players).names() };
    if (this.bots.value) request.bots = this.bots.value;  // (empty: the table's own bot)
    const oneDeal = this.dealMode.value === "deal";
    if (oneDeal) {
      const deal = Number.parseInt(this.dealNumber.value, 10);
      if (!Number.isFinite(deal) || deal < 1) {
        this.error.textContent = tr("The deal number must be a whole number ≥ 1, not \"{0}\".", this.dealNumber.value);
        this.error.hidden = false;
        return;
      }
      request.deal = deal;
      if (this.session) request.id = this.session;
    }
    this.runButton.disabled = true;
    this.results.replaceChildren(el("p", { class: "ed-prompt" }, oneDeal ? tr("Playing the deal twice…") : tr("Playing both games…")));
    delete this.results.dataset.done;
    const started = performance.now();
    const answer = await this.python.request(request);
    this.runButton.disabled = false;
    if (!answer.ok) {
      this.results.replaceChildren();
      this.error.replaceChildren(...problemNodes(el, tr("These readings could not be played side by side with these "
        + "settings."), answer.error));
      if (answer.error.rule) this.error.append(" ", this.site.ruleLink(answer.error.rule));
      this.error.hidden = false;
      return;
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const differing = new Set();
    const [va, vb] = answer.results.map((r) => r.variant);
    for (const key of Object.keys(va)) if (JSON.stringify(va[key]) !== JSON.stringify(vb[key])) differing.add(key);
    if (answer.deck) {
      if ((answer.deal || {}).from === "session") this.seed.value = String(answer.seed);  // (the table's)
      this.renderDeal(answer, differing, seconds);
      return;
    }
    this.results.replaceChildren(
      el("p", { class: "ed-note" }, tr("Seed {0}; {1} shared by both games; bots: {2}; played in {3} s.", answer.seed,
        counted(answer.shared_deals, "deal", "deals"), botWord(answer.bots), seconds)),
      el("div", { class: "ed-compare-columns" },
        answer.results.map((result, i) => this.renderResult(result, i ? "B" : "A", differing))));
    this.results.dataset.done = "1";
  }

  ruleLink(rule) {
    const link = this.site.ruleLink(rule);
    if (rule.startsWith(`${this.gameId}.`)) {
      link.textContent = "§ " + rule.slice(this.gameId.length + 1);
      link.title = rule;
    }
    return link;
  }

  /** One deal under two readings: the hands once, then each reading's score entries. */
  renderDeal(answer, differing, seconds) {
    const { el } = this;
    const players = answer.players;
    const source = answer.deal || {};
    const where = source.from === "session" ? tr("deal {0} of your game at the table", source.deal)
      : source.from === "seed" ? tr("deal {0} of the game from seed {1}", source.deal, answer.seed) : tr("the given deck");
    const hands = el("ul", { class: "ed-compare-hands" }, (answer.hands || []).map((hand, seat) =>
      el("li", null, el("strong", null, `${seatName(players, seat)}${seat === answer.dealer ? tr(" (dealer)") : ""}: `),
        withSymbols(hand.join(" ")))));
    const cards = el("details", { class: "ed-compare-cards" },
      el("summary", null, tr("The cards as dealt (the same for both): {0} deals", seatName(players, answer.dealer)),
        answer.turned_card ? withSymbols(tr("; turned card {0}", answer.turned_card)) : ""),
      hands);
    const how = source.from === "session" ? tr("the same cards under both readings")
      : tr("the same cards and the same bots ({0}) under both readings", botWord(answer.bots));
    this.results.replaceChildren(
      el("p", { class: "ed-note" }, tr("One deal: {0}, dealt by {1}; {2}; played in {3} s.", where,
        seatName(players, answer.dealer), how, seconds)),
      cards,
      el("div", { class: "ed-compare-columns" },
        answer.results.map((result, i) => this.renderDealResult(result, i ? "B" : "A", differing, answer))));
    this.results.dataset.done = "1";
    this.results.dataset.mode = "deal";
  }

  /** The options that differ between the two sides, or all of them (marking those that differ). */
  settings(variant, differing, all) {
    const { el } = this;
    return el("ul", { class: "ed-compare-variant" }, Object.entries(variant)
      .filter(([key]) => all || differing.has(key))
      .map(([key, value]) => el("li", { class: differing.has(key) ? "ed-differs" : null },
        `${humanize(key)}: `, el("strong", null, readingLabel(value)))));
  }

  /** A sentence of the engine (its seats named by the engine: the request's seat_names), cards
   *  with their symbols. */
  words(text) {
    return withSymbols(text ?? "");
  }

  /** What a score sheet of ledger.js needs of this panel, for a game's seats and sides. */
  sheetContext(places) {
    return { el: this.el, ruleLink: (rule) => this.ruleLink(rule), words: (text) => this.words(text, places),
      sideLabel: (side) => places.sideName(side), seatName: (seat) => places.seatName(seat) };
  }

  /** A labelled item of a deal summary: "Label: value § rule". */
  fact(item, places, tag) {
    const { el } = this;
    return el(tag, { class: "ed-compare-fact" }, el("span", { class: "ed-compare-fact-label" }, item.label), ": ",
      this.words(item.value, places), item.rule ? " " : null, item.rule ? this.ruleLink(item.rule) : null);
  }

  /** One reading's deal, from the engine's deal summary (the same shape for every game):
   *  the deal in words and its facts, each side's amount and facts, and the deal's score sheet. */
  renderDealResult(result, letter, differing, answer) {
    const { el } = this;
    const summary = result.summary || {};
    const lines = summary.lines || [];
    const places = new Places(answer.players, lines.length ? lines.map((line) => line.seats) : answer.sides);
    const lower = Boolean(summary.lower_is_better);
    const best = new Set(summary.best || []);
    const top = (line) => best.has(line.side) && best.size < lines.length;  // (not when the deal is level)
    const gained = (amount) => (lower ? (amount ? tr("{0} on the record", amountText(amount, true)) : tr("nothing written"))
      : counted(amount, "point", "points"));
    // Each side: its name and what it gained, then its facts as labelled items, each with its rule.
    const sides = el("ul", { class: "ed-compare-sides" }, lines.map((line) => el("li", { class: top(line) ? "ed-best" : null },
      el("strong", null, places.sideName(line.side)), ` (${gained(line.amount)})`, top(line) ? tr(" — did best") : "",
      el("span", { class: "ed-compare-facts" }, (line.facts || []).map((item) => this.fact(item, places, "span"))))));
    const dealFacts = el("ul", { class: "ed-compare-deal-facts" }, (summary.facts || []).map((item) => this.fact(item, places, "li")));
    const ledger = ledgerOf({ ...summary, sides: places.sides, totals: lines.map((line) => line.amount),
      score_sheet: [{ deal: summary.deal, dealer: summary.dealer, entries: summary.entries || [], complete: true, void: summary.void }] });
    const sheet = sheetTable(this.sheetContext(places), ledger, { deals: false, cls: "ed-compare-entries",
      totals: { label: tr("This deal"), values: ledger.totals.map((amount) => amountText(amount, lower)) } });
    const [title, how] = this.playWords(result.play || {}, answer, places);
    return el("section", { class: "ed-compare-result", "aria-label": tr("Reading {0}", letter) },
      el("h4", null, tr("Reading {0}", letter) + (title ? `: ${title}` : "")),
      how ? el("p", { class: "ed-compare-play" }, how) : null, this.settings(result.variant, differing, false),
      el("p", { class: "ed-compare-outcome" }, this.words(summary.text, places)),
      dealFacts, sides, el("div", { class: "ed-scroll" }, sheet));
  }

  /** How one reading's deal was played, in words: a title for its column and a sentence. */
  playWords(play, answer, places) {
    if (play.by === "table") {
      const deal = (answer.deal || {}).deal;
      const bots = play.actions - play.human_actions;
      return [tr("your deal as you played it"), tr("Replayed from your game at the table, every move as it was made "
        + "there: your {0} and the bots' {1}{2}. This is the result on your score sheet.", counted(play.human_actions, "move",
        "moves"), bots, deal > 1 ? tr(", after the deals before it as they went") : "")];
    }
    if (!(answer.deal || {}).from || answer.deal.from !== "session") return [null, null];
    const kinds = play.bots || [];
    const you = answer.deal.you ?? 0;
    const mine = botWord(kinds[you]);
    const same = kinds.every((kind) => kind === mine);
    const title = same ? tr("the same cards, every seat played by the {0} bot, you included", mine)
      : tr("the same cards, the table's bots, the {0} bot in your seat", mine);
    const others = same ? "" : ` (${kinds.map((kind, seat) => `${places.seatName(seat)}: ${botWord(kind)}`).join(", ")})`;
    return [title, tr("Dealt from the same cards by the same seat; the table's bots play their seats{0} and the {1} bot "
      + "plays yours, since your moves might not be legal, or mean the same, under this reading", others, mine)
      + (answer.deal.deal > 1 ? tr(". It is played as a deal on its own: nothing is carried over from the deals before it") : "")
      + "."];
  }

  /** One reading's whole game: the winner, each deal's result by side, and every entry on demand. */
  renderResult(result, letter, differing) {
    const { el } = this;
    const o = result.outcome || {};
    const ledger = ledgerOf(result);
    const players = result.variant.players || ledger.sides.flat().length;
    const places = new Places(players, ledger.sides);
    const ctx = this.sheetContext(places);
    const winners = (o.winners || []).length ? o.winners.map((s) => places.seatName(s)).join(tr(" & ")) : tr("nobody");
    const count = ledger.sheet.reduce((n, deal) => n + ((deal.entries || []).length || 1), 0);
    const every = el("details", { class: "ed-compare-every" },
      el("summary", null, tr("Every entry of the score sheet, with its rule ({0})", count)),
      el("div", { class: "ed-scroll" }, sheetTable(ctx, ledger, { cls: "ed-compare-entries" })));
    return el("section", { class: "ed-compare-result", "aria-label": tr("Variant {0}", letter) },
      el("h4", null, tr("Variant {0}", letter)), this.settings(result.variant, differing, true),
      el("p", { class: "ed-compare-outcome" }, el("strong", null, tr("Winner: {0}", winners)),
        tr(" after {0}. ", counted(result.deals, "deal", "deals")), this.words(o.reason, places)),
      ledger.lower ? el("p", { class: "ed-note" }, tr("Records are written down: each deal's column shows what a player "
        + "wrote off (−) or up (+); the lowest record wins.")) : null,
      el("div", { class: "ed-scroll" }, dealsTable(ctx, ledger)), every);
  }
}

function coerce(option, value) {
  if (value === null || value === undefined) return value;
  if (option.type === "int") return Number.parseInt(value, 10);
  if (option.type === "bool") return value === true || value === "true";
  return String(value);
}
