// Two readings side by side: the same seed, so the same deals, played by the same
// bots under two variants (the bridge's "compare" op), with both outcomes and score
// sheets shown next to each other.
//
// The placeholder may name what to compare: data-option="count" (or data-rule, the
// contested rule's id), data-a / data-b (two reading ids), data-seed.

import { withSymbols } from "./cards.js";
import { BOT_KINDS as BOTS, humanize, readingChoiceLabel, seatName } from "./words.js";

/** The engine's sentences name seats by number; here they get the table's compass names. */
const namePlaces = (text, players) => String(text)
  .replace(/\bseats (\d+) and (\d+)\b/gi, (m, a, b) => `${seatName(players, +a)} and ${seatName(players, +b)}`)
  .replace(/\bpartners (\d+) and (\d+)\b/gi, (m, a, b) => `partners ${seatName(players, +a)} and ${seatName(players, +b)}`)
  .replace(/\bseat (\d+)\b/gi, (m, a) => seatName(players, +a));

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
      if (!this.spec) throw new Error(`the engine has no game "${this.gameId}"`);
      const rules = await this.python.call({ op: "rules", game: this.gameId });
      this.readings = {};
      for (const rule of rules.rules || []) {
        if ((rule.readings || []).length) this.readings[rule.id] = rule.readings;
      }
    } catch (error) {
      if (status) status.textContent = `The comparison could not start: ${error.message}`;
      return;
    }
    this.container.dataset.mounted = "1";
    this.build();
  }

  /** Options whose values are the readings of a contested rule. */
  contestedOptions() {
    return (this.spec.options || []).filter((o) => this.readings[o.rule] && (o.values || []).length);
  }

  select(id, option, chosen, includeNull = true) {
    const { el } = this;
    const readings = this.readings[option.rule] || [];
    const choices = (option.values || []).map((value) => {
      const reading = readings.find((r) => String(r.id).toLowerCase() === String(value).toLowerCase());
      return el("option", { value: JSON.stringify(value), selected: String(value) === String(chosen),
        title: reading ? reading.statement : null }, readingChoiceLabel(value, reading, String(value) === String(option.default)));
    });
    if (includeNull && (option.default === null || option.default === undefined)) {
      choices.unshift(el("option", { value: "null", selected: chosen === null || chosen === undefined }, "as the rules fix it (default)"));
    }
    if (option.type === "bool" && !(option.values || []).length) {
      choices.push(el("option", { value: "true", selected: chosen === true }, "yes"),
        el("option", { value: "false", selected: chosen === false }, "no"));
    }
    return el("select", { id, name: option.name }, choices);
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
      this.selA = this.select(this.uid("a"), option, coerce(option, a), false);
      this.selB = this.select(this.uid("b"), option, coerce(option, b), false);
      this.readingA.replaceChildren(el("label", { for: this.selA.id }, "Reading A"), this.selA);
      this.readingB.replaceChildren(el("label", { for: this.selB.id }, "Reading B"), this.selB);
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
        const input = this.select(this.uid(`${suffix}-${option.name}`), option, option.default);
        inputs[option.name] = input;
        box.append(el("div", { class: "ed-field" }, el("label", { for: input.id }, humanize(option.name)), input));
      };
      field(this.baseInputs, this.base, "base");
      field(this.fullInputs[0], this.fullA, "fa");
      field(this.fullInputs[1], this.fullB, "fb");
    }
    const fullBox = el("div", { class: "ed-compare-full", hidden: true },
      el("div", { class: "ed-compare-columns" },
        el("fieldset", null, el("legend", null, "Variant A"), this.fullA),
        el("fieldset", null, el("legend", null, "Variant B"), this.fullB)));
    const readingBox = el("div", { class: "ed-compare-reading" },
      el("div", { class: "ed-fields" }, el("div", { class: "ed-field" },
        el("label", { for: this.optionSelect.id }, "Point in dispute"), this.optionSelect), this.readingA, this.readingB),
      el("details", null, el("summary", null, "The other settings (the same for both)"), this.base));
    this.full.addEventListener("change", () => {
      fullBox.hidden = !this.full.checked;
      readingBox.hidden = this.full.checked;
    });

    this.seed = el("input", { type: "number", id: this.uid("seed"), name: "seed", min: 0, step: 1,
      value: data.seed || String(Math.floor(Math.random() * 1e6)) });
    this.bots = el("select", { id: this.uid("bots") }, BOTS.map(([v, t]) => el("option", { value: v }, t)));
    // Whole games, or one deal (of the seed's game, or of the game at the table) under both readings.
    this.dealMode = el("select", { id: this.uid("deal-mode"), name: "deal-mode" },
      el("option", { value: "game" }, "The whole game"), el("option", { value: "deal" }, "One deal"));
    this.dealNumber = el("input", { type: "number", id: this.uid("deal"), name: "deal", min: 1, step: 1, value: "1" });
    this.dealNumberBox = el("div", { class: "ed-field", hidden: true },
      el("label", { for: this.dealNumber.id }, "Deal number"), this.dealNumber);
    this.sessionNote = el("p", { class: "ed-note ed-compare-session", hidden: true });
    this.dealMode.addEventListener("change", () => this.showDealFields());
    this.error = el("p", { class: "ed-form-error", role: "alert", hidden: true });
    this.results = el("div", { class: "ed-compare-results", "aria-live": "polite" });
    this.runButton = el("button", { type: "submit", class: "md-button md-button--primary ed-compare-run" },
      "Play both games");
    const form = el("form", { class: "ed-setup ed-compare-form", "aria-label": "Compare two readings" },
      readingBox, el("p", { class: "ed-inline" }, this.full, el("label", { for: this.full.id }, " Set every option for each side (two full variants)")),
      fullBox,
      el("div", { class: "ed-fields" },
        el("div", { class: "ed-field" }, el("label", { for: this.seed.id }, "Seed (the same deals for both)"), this.seed),
        el("div", { class: "ed-field" }, el("label", { for: this.bots.id }, "Bots (every seat, both games)"), this.bots),
        el("div", { class: "ed-field" }, el("label", { for: this.dealMode.id }, "Deal"), this.dealMode),
        this.dealNumberBox),
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

  /** Preset one deal of the game at the table: its reading on side A, another on side B. */
  preset({ id, deal, variant = {} }) {
    if (!id || !Number.isFinite(deal)) return;
    this.session = id;
    this.full.checked = false;
    this.full.dispatchEvent(new Event("change"));
    for (const [name, input] of Object.entries(this.baseInputs)) {
      if (variant[name] !== undefined) input.value = JSON.stringify(variant[name]);
    }
    const name = this.optionSelect.value;
    if (variant[name] !== undefined) {
      this.selA.value = JSON.stringify(variant[name]);
      const other = Array.from(this.selB.options).find((o) => o.value !== this.selA.value);
      if (other) this.selB.value = other.value;
    }
    this.dealMode.value = "deal";
    this.dealNumber.value = String(deal);
    this.showDealFields();
    this.optionSelect.focus({ preventScroll: true });
  }

  showDealFields() {
    const { el } = this;
    const one = this.dealMode.value === "deal";
    this.dealNumberBox.hidden = !one;
    this.seed.disabled = Boolean(one && this.session);
    if (one && this.session) {
      const forget = el("button", { type: "button", class: "ed-link-button" }, "use the seed instead");
      forget.addEventListener("click", () => {
        this.session = null;
        this.showDealFields();
        this.seed.focus();
      });
      this.sessionNote.replaceChildren(
        "The deal is taken from your game at the table (the same cards, dealt by the same seat); ", forget, ".");
      this.sessionNote.hidden = false;
    } else {
      this.sessionNote.hidden = true;
      this.sessionNote.replaceChildren();
    }
    this.runButton.textContent = one ? "Play the deal under both readings" : "Play both games";
  }

  variants() {
    const read = (input) => JSON.parse(input.value);
    if (this.full.checked) {
      return this.fullInputs.map((inputs) => {
        const v = {};
        for (const [name, input] of Object.entries(inputs)) if (read(input) !== null) v[name] = read(input);
        return v;
      });
    }
    const base = {};
    for (const [name, input] of Object.entries(this.baseInputs)) if (read(input) !== null) base[name] = read(input);
    const name = this.optionSelect.value;
    return [{ ...base, [name]: read(this.selA) }, { ...base, [name]: read(this.selB) }];
  }

  async run() {
    const { el } = this;
    this.error.hidden = true;
    const seed = Number.parseInt(this.seed.value, 10);
    if (!Number.isFinite(seed) || seed < 0) {
      this.error.textContent = `The seed must be a whole number ≥ 0, not "${this.seed.value}".`;
      this.error.hidden = false;
      return;
    }
    const variants = this.variants();
    const request = { op: "compare", game: this.gameId, seed, variants, bots: this.bots.value };
    const oneDeal = this.dealMode.value === "deal";
    if (oneDeal) {
      const deal = Number.parseInt(this.dealNumber.value, 10);
      if (!Number.isFinite(deal) || deal < 1) {
        this.error.textContent = `The deal number must be a whole number ≥ 1, not "${this.dealNumber.value}".`;
        this.error.hidden = false;
        return;
      }
      request.deal = deal;
      if (this.session) request.id = this.session;
    }
    this.runButton.disabled = true;
    this.results.replaceChildren(el("p", { class: "ed-prompt" }, oneDeal ? "Playing the deal twice…" : "Playing both games…"));
    delete this.results.dataset.done;
    const started = performance.now();
    const answer = await this.python.request(request);
    this.runButton.disabled = false;
    if (!answer.ok) {
      this.results.replaceChildren();
      this.error.replaceChildren(`${answer.error.type}: ${withSymbols(answer.error.message)}`);
      if (answer.error.rule) this.error.append(" ", this.site.ruleLink(answer.error.rule));
      this.error.hidden = false;
      return;
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const differing = new Set();
    const [va, vb] = answer.results.map((r) => r.variant);
    for (const key of Object.keys(va)) if (JSON.stringify(va[key]) !== JSON.stringify(vb[key])) differing.add(key);
    if (answer.deck) {
      this.renderDeal(answer, differing, seconds);
      return;
    }
    this.results.replaceChildren(
      el("p", { class: "ed-note" }, `Seed ${answer.seed}; ${answer.shared_deals} deal${answer.shared_deals === 1 ? "" : "s"} shared by both games; bots: ${answer.bots}; played in ${seconds} s.`),
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
    const where = source.from === "session" ? `deal ${source.deal} of your game at the table`
      : source.from === "seed" ? `deal ${source.deal} of the game from seed ${answer.seed}` : "the given deck";
    const hands = el("ul", { class: "ed-compare-hands" }, (answer.hands || []).map((hand, seat) =>
      el("li", null, el("strong", null, `${seatName(players, seat)}${seat === answer.dealer ? " (dealer)" : ""}: `),
        withSymbols(hand.join(" ")))));
    const cards = el("details", { class: "ed-compare-cards" },
      el("summary", null, `The cards as dealt (the same for both): ${seatName(players, answer.dealer)} deals; `,
        withSymbols(`turned card ${answer.turned_card || "?"}`)),
      hands);
    this.results.replaceChildren(
      el("p", { class: "ed-note" }, `One deal: ${where}, dealt by ${seatName(players, answer.dealer)}; `
        + `the same cards and the same bots (${answer.bots}) under both readings; played in ${seconds} s.`),
      cards,
      el("div", { class: "ed-compare-columns" },
        answer.results.map((result, i) => this.renderDealResult(result, i ? "B" : "A", differing, answer))));
    this.results.dataset.done = "1";
    this.results.dataset.mode = "deal";
  }

  renderDealResult(result, letter, differing, answer) {
    const { el } = this;
    const players = answer.players;
    const sides = answer.sides && answer.sides.length ? answer.sides : Array.from({ length: players }, (_, i) => [i]);
    const names = (side) => side.map((s) => seatName(players, s)).join(" & ");
    const settings = el("ul", { class: "ed-compare-variant" });
    for (const key of differing) {
      settings.append(el("li", { class: "ed-differs" }, `${humanize(key)}: `, el("code", null, JSON.stringify(result.variant[key]))));
    }
    const head = el("tr", null, el("th", { scope: "col" }, "Why"),
      sides.map((side) => el("th", { scope: "col", class: "ed-num" }, names(side))));
    const body = el("tbody");
    for (const entry of result.entries || []) {
      body.append(el("tr", null,
        el("td", null, withSymbols(namePlaces(entry.why || "", players)), entry.rule ? " " : null, entry.rule ? this.ruleLink(entry.rule) : null),
        sides.map((_, s) => el("td", { class: "ed-num" }, s === entry.side ? String(entry.points) : ""))));
    }
    const foot = el("tfoot", null, el("tr", null, el("th", { scope: "row" }, "This deal"),
      (result.points || []).map((p) => el("td", { class: "ed-num" }, String(p)))));
    const perSeat = el("ul", { class: "ed-compare-seats" }, Array.from({ length: players }, (_, seat) =>
      el("li", null, `${seatName(players, seat)}: ${(result.won || [])[seat] ?? 0} cards counted, `
        + `${(result.tricks || [])[seat] ?? 0} trick${(result.tricks || [])[seat] === 1 ? "" : "s"}`
        + (seat === result.head_taker ? " (took the head)" : "")
        + ((result.ruff_winners || []).includes(seat) ? " (won the ruff)" : ""))));
    return el("section", { class: "ed-compare-result", "aria-label": `Reading ${letter}` },
      el("h4", null, `Reading ${letter}`), settings,
      el("p", { class: "ed-compare-outcome" }, withSymbols(namePlaces(result.text || "", players))),
      el("div", { class: "ed-scroll" }, el("table", { class: "ed-sheet-table" }, el("thead", null, head), body, foot)),
      perSeat);
  }

  renderResult(result, letter, differing) {
    const { el, site } = this;
    const o = result.outcome || {};
    const sides = o.sides && o.sides.length ? o.sides : result.totals.map((_, i) => [i]);
    const players = result.variant.players || (sides.flat().length);
    const names = (side) => side.map((s) => seatName(players, s)).join(" & ");
    const winners = (o.winners || []).length ? names(o.winners) : "nobody";
    const ruleLink = (rule) => {
      const link = site.ruleLink(rule);
      if (rule.startsWith(`${this.gameId}.`)) {
        link.textContent = "§ " + rule.slice(this.gameId.length + 1);
        link.title = rule;
      }
      return link;
    };
    const settings = el("ul", { class: "ed-compare-variant" });
    for (const [key, value] of Object.entries(result.variant)) {
      settings.append(el("li", { class: differing.has(key) ? "ed-differs" : null },
        `${humanize(key)}: `, el("code", null, JSON.stringify(value))));
    }
    const head = el("tr", null, el("th", { scope: "col" }, "Deal"), el("th", { scope: "col" }, "Why"),
      sides.map((side) => el("th", { scope: "col", class: "ed-num" }, names(side))));
    const body = el("tbody");
    for (const deal of result.score_sheet || []) {
      (deal.entries || []).forEach((entry, i) => {
        body.append(el("tr", null, el("td", null, i ? "" : String(deal.deal)),
          el("td", null, withSymbols(namePlaces(entry.why || "", players)), entry.rule ? " " : null, entry.rule ? ruleLink(entry.rule) : null),
          sides.map((_, s) => el("td", { class: "ed-num" }, s === entry.side ? String(entry.points) : ""))));
      });
    }
    const foot = el("tfoot", null, el("tr", null, el("th", { scope: "row", colspan: "2" }, "Total"),
      result.totals.map((t) => el("td", { class: "ed-num" }, String(t)))));
    return el("section", { class: "ed-compare-result", "aria-label": `Variant ${letter}` },
      el("h4", null, `Variant ${letter}`), settings,
      el("p", { class: "ed-compare-outcome" }, el("strong", null, `Winner: ${winners}`),
        ` after ${result.deals} deal${result.deals === 1 ? "" : "s"}. `, withSymbols(namePlaces(o.reason || "", players))),
      el("div", { class: "ed-scroll" }, el("table", { class: "ed-sheet-table" }, el("thead", null, head), body, foot)));
  }
}

function coerce(option, value) {
  if (value === null || value === undefined) return value;
  if (option.type === "int") return Number.parseInt(value, 10);
  if (option.type === "bool") return value === true || value === "true";
  return String(value);
}
