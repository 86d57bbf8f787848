// The play table's settings: the number of players, every option of the game from its JSON
// (a contested rule's readings as a choice, each with its statement), the seed, the opponents
// and their speed. `t` is the play table (table.js): its spec, readings, el, uid, ruleLink.

import { withSymbols } from "./cards.js";
import { tr } from "./lang.js";
import { botKinds, humanize, readingChoiceLabel, readingValue } from "./words.js";

/** The pause before a bot's decision (ms), and its name; a step of a decision already shown (the
 *  next card a bot throws out in the same exchange) waits a fifth of it (table.js, botPause). */
export const speeds = () => [["500", tr("Normal")], ["200", tr("Fast")], ["1000", tr("Slow")], ["0", tr("Instant")]];

/** The sampling bots' milliseconds per decision (the bridge's `time_budget`, engine/bots.py): besides
 *  their playouts, so that no decision keeps the reader waiting over 300 ms on a slow machine (200,
 *  leaving room for the move's own work and a playout's spread on a loaded one). */
export const BOT_TIME_BUDGET = 200;

/** A new random seed. */
export const randomSeed = () => String(Math.floor(Math.random() * 1e6));

/** The form (folded), its inputs in `t.inputs`, its error line in `t.formError`. */
export function buildForm(t) {
  const { el } = t;
  const fields = el("div", { class: "ed-fields" });
  const options = t.spec.options || [];
  t.inputs = {};
  if (!options.some((o) => o.name === "players")) {
    const values = [];
    for (let n = t.spec.min_players || 2; n <= (t.spec.max_players || 4); n++) values.push(n);
    options.unshift({ name: "players", type: "int", default: t.spec.max_players || values.at(-1), values,
      doc: tr("Number of players at the table (you and the bots)."), rule: null, synthetic: true });
  }
  for (const option of options) fields.append(optionField(t, option));
  const sets = readingSetField(t);
  if (sets) fields.prepend(sets);

  const seed = el("input", { type: "number", id: t.uid("seed"), name: "seed", min: 0, step: 1,
    value: randomSeed(), inputmode: "numeric" });
  const reseed = el("button", { type: "button", class: "ed-small-button", onclick: () => { seed.value = randomSeed(); } },
    tr("New seed"));
  t.inputs.seed = seed;
  fields.append(el("div", { class: "ed-field" },
    el("label", { for: seed.id }, tr("Seed")), el("div", { class: "ed-inline" }, seed, reseed),
    el("small", null, tr("The same seed and settings give the same deals."))));

  const bots = el("select", { id: t.uid("bots"), name: "bots" },
    botKinds().map(([v, text]) => el("option", { value: v, selected: v === "heuristic" }, text)));
  t.inputs.bots = bots;
  fields.append(el("div", { class: "ed-field" }, el("label", { for: bots.id }, tr("Opponents")), bots,
    el("small", null, tr("How the other seats choose their actions."))));

  const speed = el("select", { id: t.uid("speed"), name: "speed" }, speeds().map(([v, text]) => el("option", { value: v }, text)));
  t.inputs.speed = speed;
  fields.append(el("div", { class: "ed-field" }, el("label", { for: speed.id }, tr("Bot speed")), speed));

  t.formError = el("p", { class: "ed-form-error", role: "alert", hidden: true });
  // A setting changed while a game is on applies to the next game (the speed at once).
  t.settingsNote = el("p", { class: "ed-settings-note", role: "status", hidden: true },
    tr("Changed settings apply from the next game: press “Deal a new game” to play by them."));
  t.settingsChanged = (changed) => {
    t.settingsNote.hidden = !(changed && t.id);
    if (changed) t.formError.hidden = true; // what it said was of the settings as they were
  };
  const submit = el("button", { type: "submit", class: "md-button md-button--primary" }, tr("Deal a new game"));
  const form = el("form", { class: "ed-setup", "aria-label": tr("Game settings") },
    el("details", { class: "ed-setup-details" },
      el("summary", null, tr("Settings: players, readings, seed, opponents")),
      // (the note under the button: shown as the last field loses focus to a click on the
      // button, above it, it would move the button from under the pointer)
      fields, t.formError, el("div", { class: "ed-form-buttons" }, submit), t.settingsNote));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    t.newGame();
  });
  form.addEventListener("change", (event) => {
    if (event.target !== speed) t.settingsChanged(true);
  });
  if (t.inputs.players) t.inputs.players.addEventListener("change", () => playersChanged(t));
  return form;
}

/** The game's named sets of readings (the catalogue's, as Piquet's "Шевцов" and "classic"), as
 *  one choice that sets every option it names; it follows the options as they are changed (a
 *  set whose readings they all hold, else "as chosen below"). Null for a game with none. */
function readingSetField(t) {
  const { el } = t;
  const sets = t.spec.reading_sets || [];
  if (!sets.length) return null;
  const id = t.uid("reading_set");
  const holds = (set) => Object.entries(set.readings).every(([name, value]) => {
    const input = t.inputs[name];
    return input && input.tagName === "SELECT" && input.value === JSON.stringify(value);
  });
  const input = el("select", { id, name: "reading_set" },
    el("option", { value: "" }, tr("as chosen below, one by one")),
    sets.map((set) => el("option", { value: set.id, title: set.statement || null }, set.name)));
  const statement = el("small", { class: "ed-reading-statement", "aria-live": "polite" });
  const follow = () => {
    const held = sets.find(holds);
    input.value = held ? held.id : "";
    statement.textContent = held ? withSymbols(held.statement || "") : "";
  };
  input.addEventListener("change", () => {
    const set = sets.find((s) => s.id === input.value);
    if (!set) return follow();
    for (const [name, value] of Object.entries(set.readings)) {
      const field = t.inputs[name];
      if (!field || field.tagName !== "SELECT") continue;
      field.value = JSON.stringify(value);
      field.dispatchEvent(new Event("change"));
    }
    follow();
  });
  for (const name of new Set(sets.flatMap((set) => Object.keys(set.readings)))) {
    t.inputs[name]?.addEventListener("change", follow);
  }
  t.readingSet = input;
  follow();
  return el("div", { class: "ed-field ed-field-reading" },
    el("label", { for: id }, tr("Reading set"), el("span", { class: "ed-badge" }, tr("readings"))), input,
    el("small", null, tr("Every contested rule at once, as one account of the game reads it.")), statement);
}

/** An option's name as its label: the engine's label when it gives one (in the reader's
 *  language), else its name in words. */
const optionLabel = (option) => option.label || (option.name === "players" ? tr("Players") : humanize(option.name));

/** One option's field: a choice for listed values (a contested rule's readings, with the chosen
 *  one's statement under it), a number, a checkbox, or text; its doc and rule beneath. */
function optionField(t, option) {
  const { el } = t;
  const id = t.uid(option.name);
  let input;
  const values = option.values || option.readings || null;
  const readings = t.readings[option.rule] || {};
  if (option.type === "bool" && !values) {
    input = el("input", { type: "checkbox", id, name: option.name, checked: Boolean(option.default) });
  } else if (values && values.length) {
    const choices = values.map((v) => {
      const value = readingValue(v);
      const isDefault = String(value) === String(option.default);
      const reading = readings[String(value).toLowerCase()];
      return el("option", { value: JSON.stringify(value), selected: isDefault, title: reading ? reading.statement : null },
        readingChoiceLabel(v, reading, isDefault));
    });
    if (option.default === null || option.default === undefined) {
      choices.unshift(el("option", { value: "null", selected: true }, tr("as the rules fix it for the table (default)")));
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
  t.inputs[option.name] = input;
  const contested = Object.keys(readings).length > 0;
  const field = el("div", { class: "ed-field" + (contested ? " ed-field-reading" : "") },
    el("label", { for: id }, optionLabel(option), contested ? el("span", { class: "ed-badge" }, tr("reading")) : null), input);
  const notes = el("small", null, option.doc ? withSymbols(option.doc) : null);
  if (option.rule) notes.append(option.doc ? " " : "", t.ruleLink(option.rule));
  field.append(notes);
  if (contested && input.tagName === "SELECT") {
    // The chosen reading's statement, in words, under the choice.
    const statement = el("small", { class: "ed-reading-statement", "aria-live": "polite" });
    const update = () => {
      const reading = readings[String(JSON.parse(input.value)).toLowerCase()];
      statement.textContent = reading ? withSymbols(reading.statement || "") : "";
    };
    input.addEventListener("change", update);
    update();
    field.append(statement);
  }
  return field;
}

export function readInput(input) {
  if (input.type === "checkbox") return input.checked;
  if (input.tagName === "SELECT") return JSON.parse(input.value);
  if (input.dataset.type === "int") return Number.parseInt(input.value, 10);
  return input.value;
}

/** Options that depend on the number of players (declared by the engine) follow it. */
function playersChanged(t) {
  const players = readInput(t.inputs.players);
  for (const option of t.spec.options || []) {
    const byPlayers = option.default_by_players || option.defaults_by_players;
    const allowed = option.allowed_by_players || option.values_by_players;
    const input = t.inputs[option.name];
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

/**
 * The variant the form sets ({ok: true, variant, players, seed}) or what is wrong with it
 * ({ok: false, message, rule}). `seedOverride` replays a seed.
 */
export function readForm(t, seedOverride) {
  const variant = {};
  for (const option of t.spec.options || []) {
    if (option.synthetic) continue;
    const value = readInput(t.inputs[option.name]);
    if (option.type === "int" && !Number.isFinite(value) && !(option.values && option.values.length)) {
      return { ok: false, message: tr("{0} must be a whole number, not \"{1}\".", optionLabel(option), t.inputs[option.name].value),
        rule: option.rule, open: true };
    }
    variant[option.name] = value;
  }
  const seed = seedOverride ?? Number.parseInt(t.inputs.seed.value, 10);
  if (!Number.isFinite(seed) || seed < 0) {
    return { ok: false, message: tr("The seed must be a whole number ≥ 0, not \"{0}\".", t.inputs.seed.value), rule: null, open: false };
  }
  return { ok: true, variant, seed, players: readInput(t.inputs.players) };
}

/** Set the form to a record's game (its players, options, seed and opponents) and the kept
 *  settings (the opponents' kind and speed), so that "Deal a new game" deals it again. */
export function fillForm(t, record, settings = {}) {
  const set = (input, value) => {
    if (!input || value === undefined) return;
    if (input.type === "checkbox") input.checked = Boolean(value);
    else if (input.tagName === "SELECT") {
      const text = JSON.stringify(value);
      if (Array.from(input.options).some((o) => o.value === text)) input.value = text;
    } else input.value = String(value ?? "");
  };
  set(t.inputs.players, record.players);
  if (t.inputs.players) playersChanged(t);
  for (const [name, value] of Object.entries(record.variant || {})) set(t.inputs[name], value);
  for (const input of Object.values(t.inputs)) {
    if (input.tagName === "SELECT" && input !== t.inputs.players) input.dispatchEvent(new Event("change"));
  }
  if (Number.isInteger(record.seed)) t.inputs.seed.value = String(record.seed);
  const bot = (record.seats || []).map((s) => s && s.kind).find((kind) => kind && kind !== "human");
  const pick = (input, value) => {
    if (input && value && Array.from(input.options).some((o) => o.value === value)) input.value = value;
  };
  pick(t.inputs.bots, settings.bots || bot);
  pick(t.inputs.speed, settings.speed);
  t.settingsChanged(false);
}
