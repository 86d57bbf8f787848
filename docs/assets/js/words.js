// Words shared by the play table and the comparison panel: seat names (and the engine's
// sentences with them), bot kinds, and how a reading is labelled in a choice list; in the
// page's language (lang.js).

import { inRussian, tr } from "./lang.js";

/** The reader's seat at the play table (the bots take the others). */
export const READER = 0;

export const SEAT_NAMES = {
  2: ["South", "North"],
  3: ["South", "West", "East"],
  4: ["South", "West", "North", "East"],
  5: ["South", "West", "North-west", "North-east", "East"],
  6: ["South", "South-west", "North-west", "North", "North-east", "East"],
  7: ["South", "South-west", "West", "North-west", "North-east", "East", "South-east"],
};
/** The seats' names on a page in Russian, by the same compass (their cases: SEAT_CASES_RU). */
export const SEAT_NAMES_RU = {
  2: ["Юг", "Север"],
  3: ["Юг", "Запад", "Восток"],
  4: ["Юг", "Запад", "Север", "Восток"],
  5: ["Юг", "Запад", "Северо-запад", "Северо-восток", "Восток"],
  6: ["Юг", "Юго-запад", "Северо-запад", "Север", "Северо-восток", "Восток"],
  7: ["Юг", "Юго-запад", "Запад", "Северо-запад", "Северо-восток", "Восток", "Юго-восток"],
};

/** Each Russian seat name in the cases the engine's sentences put a seat in (engine/i18n.py,
 *  SeatNames): the name, its genitive, dative, instrumental and prepositional. */
export const SEAT_CASES_RU = {
  "Юг": ["Юг", "Юга", "Югу", "Югом", "Юге"],
  "Север": ["Север", "Севера", "Северу", "Севером", "Севере"],
  "Запад": ["Запад", "Запада", "Западу", "Западом", "Западе"],
  "Восток": ["Восток", "Востока", "Востоку", "Востоком", "Востоке"],
  "Юго-запад": ["Юго-запад", "Юго-запада", "Юго-западу", "Юго-западом", "Юго-западе"],
  "Юго-восток": ["Юго-восток", "Юго-востока", "Юго-востоку", "Юго-востоком", "Юго-востоке"],
  "Северо-запад": ["Северо-запад", "Северо-запада", "Северо-западу", "Северо-западом", "Северо-западе"],
  "Северо-восток": ["Северо-восток", "Северо-востока", "Северо-востоку", "Северо-востоком", "Северо-востоке"]
};
const CASES = ["name", "gen", "dat", "ins", "prep"];

/** A sentence with its first letter a capital (the engine's sentences start a line lower-case). */
export const capitalized = (text) => { const s = String(text ?? ""); return s.charAt(0).toUpperCase() + s.slice(1); };

/** A sentence without its final full stop (it goes on after a colon or in a list). */
export const unstopped = (text) => { const s = String(text ?? ""); return s.endsWith(".") ? s.slice(0, -1) : s; };

/** An option or kind name as words: "two_player_pack" -> "Two player pack". */
export const humanize = (name) => String(name).replace(/[_-]+/g, " ").replace(/^./, (c) => c.toUpperCase());

export const seatName = (players, seat) => ((inRussian() ? SEAT_NAMES_RU : SEAT_NAMES)[players] || [])[seat]
  || tr("Seat {0}", seat);

/** The bot kinds offered, [kind, its name in the page's language]. */
export const botKinds = () => [
  ["heuristic", tr("Sensible (heuristic)")],
  ["sampling", tr("Strong (sampling, slower)")],
  ["random", tr("Random legal cards")],
];

/** A bot kind in a sentence ("the heuristic bot"); a kind the table does not know as it is named. */
export const botWord = (kind) => ({ heuristic: tr("heuristic"), sampling: tr("sampling"), random: tr("random") })[kind] ?? kind;

export function readingValue(value) {
  return value !== null && typeof value === "object" ? (value.id ?? value.value) : value;
}
/** "cards — the retelling (seed 000) (default)": the reading's id, who holds it, whether it is the default. */
export function readingChoiceLabel(value, reading, isDefault) {
  let label = readingLabel(value);
  const holder = reading && reading.held_by && reading.held_by.length ? reading.held_by[0] : null;
  // citation markers ([@key]) are links on the pages; the label shows the holder's name only
  if (holder) label += ` — ${holder.replace(/\s*\[@[^\]]*\]/g, "").replace(/\s*\((?:default|по умолчанию)\)\s*$/, "")}`;
  if (isDefault || (reading && reading.default)) label += ` (${tr("default")})`;
  return label;
}

export function readingLabel(value) {
  if (value !== null && typeof value === "object") {
    const id = value.id ?? value.value;
    const text = value.label || value.statement || value.title;
    return text ? `${id}: ${text}` : String(id);
  }
  if (value === true) return tr("yes");
  if (value === false) return tr("no");
  return String(value);
}

/**
 * How a table names its seats and sides: by compass ("South", "North-west"), a side by its
 * seats ("South & North"), and, when `you` is a seat, that seat as the reader ("South (you)",
 * "you"). Built from a view (or a compare result): players and sides.
 */
export class Places {
  constructor(players, sides = [], you = null) {
    this.players = players;
    this.sides = sides && sides.length ? sides : Array.from({ length: players }, (_, i) => [i]);
    this.you = you;
  }

  seatName(seat) {
    return seatName(this.players, seat);
  }

  /** The seat's name with "(you)" for the reader's seat: for headings and columns. */
  seatLabel(seat) {
    return seat === this.you ? tr("{0} (you)", this.seatName(seat)) : this.seatName(seat);
  }

  /** "you" for the reader's seat, else its name: inside a sentence. */
  who(seat) {
    return seat === this.you ? tr("you") : this.seatName(seat);
  }

  sideSeats(side) {
    return this.sides[side] || [side];
  }

  sideName(side) {
    return this.sideSeats(side).map((s) => this.seatName(s)).join(tr(" & "));
  }

  sideLabel(side) {
    return this.sideSeats(side).map((s) => this.seatLabel(s)).join(tr(" & "));
  }

  sideOf(seat) {
    const index = this.sides.findIndex((s) => s.includes(seat));
    return index < 0 ? null : index;
  }

  /** The table's names of its seats as a request gives them to the engine (the bridge's
   *  `seat_names`): each seat's name (in Russian with its cases), the reader's "South (you)",
   *  and in English "you"/"your" for a sentence said to him. The engine writes its sentences
   *  with them ("you are to bid", "передать Северу"): the table rewrites none. */
  names() {
    const seats = Array.from({ length: this.players }, (_, seat) => {
      const name = this.seatName(seat);
      const reader = seat === this.you;
      if (!inRussian()) return reader ? { name: this.seatLabel(seat), you: "you", your: "your" } : { name };
      const forms = SEAT_CASES_RU[name] || [name, name, name, name, name];
      return Object.fromEntries(CASES.map((c, i) => [c, reader ? `${forms[i]} (вы)` : forms[i]]));
    });
    const names = { seats };
    if (this.you !== null && this.you < this.players) names.reader = this.you;
    return names;
  }
}

/** A problem said to a reader: a sentence in plain words, and what the engine said (its field
 *  names, its error's kind) folded under it for whoever wants it. */
export function problemNodes(el, sentence, error) {
  const detail = error && (error.message || error.type);
  return [sentence, detail ? el("details", { class: "ed-refusal-detail" }, el("summary", null, tr("What the engine said")),
    el("code", null, String(detail))) : null].filter(Boolean);
}
