// Two readings side by side: the same seed, so the same deals, played by the same
// bots under two variants (the bridge's "compare" op), with both outcomes and score
// sheets shown next to each other.
//
// The placeholder may name what to compare: data-option="count" (or data-rule, the
// contested rule's id), data-a / data-b (two reading ids), data-seed.

import { withSymbols } from "./cards.js";

const BOTS = [["heuristic", "Sensible (heuristic)"], ["random", "Random legal cards"], ["sampling", "Strong (sampling, slow)"]];
const SEAT_NAMES = { 2: ["South", "North"], 3: ["South", "West", "East"], 4: ["South", "West", "North", "East"] };
const seatName = (players, seat) => (SEAT_NAMES[players] || [])[seat] || `Seat ${seat}`;
/** The engine's sentences name seats by number; here they get the table's compass names. */
const namePlaces = (text, players) => String(text)
  .replace(/\bseats (\d+) and (\d+)\b/gi, (m, a, b) => `${seatName(players, +a)} and ${seatName(players, +b)}`)
  .replace(/\bpartners (\d+) and (\d+)\b/gi, (m, a, b) => `partners ${seatName(players, +a)} and ${seatName(players, +b)}`)
  .replace(/\bseat (\d+)\b/gi, (m, a) => seatName(players, +a));
const humanize = (name) => String(name).replace(/[_-]+/g, " ").replace(/^./, (c) => c.toUpperCase());

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
      const label = reading && reading.held_by && reading.held_by.length ? `${value} — ${reading.held_by[0]}` : String(value);
      return el("option", { value: JSON.stringify(value), selected: String(value) === String(chosen),
        title: reading ? reading.statement : null }, label + (String(value) === String(option.default) ? " (default)" : ""));
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

    this.seed = el("input", { type: "number", id: this.uid("seed"), min: 0, step: 1,
      value: data.seed || String(Math.floor(Math.random() * 1e6)) });
    this.bots = el("select", { id: this.uid("bots") }, BOTS.map(([v, t]) => el("option", { value: v }, t)));
    this.error = el("p", { class: "ed-form-error", role: "alert", hidden: true });
    this.results = el("div", { class: "ed-compare-results", "aria-live": "polite" });
    this.runButton = el("button", { type: "submit", class: "md-button md-button--primary ed-compare-run" },
      "Play both games");
    const form = el("form", { class: "ed-setup ed-compare-form", "aria-label": "Compare two readings" },
      readingBox, el("p", { class: "ed-inline" }, this.full, el("label", { for: this.full.id }, " Set every option for each side (two full variants)")),
      fullBox,
      el("div", { class: "ed-fields" },
        el("div", { class: "ed-field" }, el("label", { for: this.seed.id }, "Seed (the same deals for both)"), this.seed),
        el("div", { class: "ed-field" }, el("label", { for: this.bots.id }, "Bots (every seat, both games)"), this.bots)),
      this.error, el("div", { class: "ed-form-buttons" }, this.runButton));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.run();
    });
    this.container.replaceChildren(el("div", { class: "ed-compare-app" }, form, this.results));
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
    this.runButton.disabled = true;
    this.results.replaceChildren(el("p", { class: "ed-prompt" }, "Playing both games…"));
    const started = performance.now();
    const answer = await this.python.request({ op: "compare", game: this.gameId, seed, variants, bots: this.bots.value });
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
    this.results.replaceChildren(
      el("p", { class: "ed-note" }, `Seed ${answer.seed}; ${answer.shared_deals} deal${answer.shared_deals === 1 ? "" : "s"} shared by both games; bots: ${answer.bots}; played in ${seconds} s.`),
      el("div", { class: "ed-compare-columns" },
        answer.results.map((result, i) => this.renderResult(result, i ? "B" : "A", differing))));
    this.results.dataset.done = "1";
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
