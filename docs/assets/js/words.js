// Words shared by the play table and the comparison panel: seat names (and the engine's
// sentences with them), bot kinds, and how a reading is labelled in a choice list.

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
/** An option or kind name as words: "two_player_pack" -> "Two player pack". */
export const humanize = (name) => String(name).replace(/[_-]+/g, " ").replace(/^./, (c) => c.toUpperCase());

export const seatName = (players, seat) => (SEAT_NAMES[players] || [])[seat] || `Seat ${seat}`;

export const BOT_KINDS = [
  ["heuristic", "Sensible (heuristic)"],
  ["sampling", "Strong (sampling, slower)"],
  ["random", "Random legal cards"],
];

export function readingValue(value) {
  return value !== null && typeof value === "object" ? (value.id ?? value.value) : value;
}
/** "cards — the retelling (seed 000) (default)": the reading's id, who holds it, whether it is the default. */
export function readingChoiceLabel(value, reading, isDefault) {
  let label = readingLabel(value);
  const holder = reading && reading.held_by && reading.held_by.length ? reading.held_by[0] : null;
  // citation markers ([@key]) are links on the pages; the label shows the holder's name only
  if (holder) label += ` — ${holder.replace(/\s*\[@[^\]]*\]/g, "").replace(/\s*\(default\)\s*$/, "")}`;
  if (isDefault || (reading && reading.default)) label += " (default)";
  return label;
}

export function readingLabel(value) {
  if (value !== null && typeof value === "object") {
    const id = value.id ?? value.value;
    const text = value.label || value.statement || value.title;
    return text ? `${id}: ${text}` : String(id);
  }
  if (value === true) return "yes";
  if (value === false) return "no";
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
    return seat === this.you ? `${this.seatName(seat)} (you)` : this.seatName(seat);
  }

  /** "you" for the reader's seat, else its name: inside a sentence. */
  who(seat) {
    return seat === this.you ? "you" : this.seatName(seat);
  }

  sideSeats(side) {
    return this.sides[side] || [side];
  }

  sideName(side) {
    return this.sideSeats(side).map((s) => this.seatName(s)).join(" & ");
  }

  sideLabel(side) {
    return this.sideSeats(side).map((s) => this.seatLabel(s)).join(" & ");
  }

  sideOf(seat) {
    const index = this.sides.findIndex((s) => s.includes(seat));
    return index < 0 ? null : index;
  }

  /** An engine's sentence about the reader's seat said to him, in the second person: "seat 0
   *  is to bid" -> "you are to bid", "7S is not in seat 0's hand" -> "… not in your hand", and
   *  "he holds" after it -> "you hold". Other seats keep their names. */
  toYou(sentence) {
    if (this.you === null) return this.text(sentence);
    const me = `[Ss]eat ${this.you}`;
    const mentionsOther = new RegExp(`\\b[Ss]eats? (?!${this.you}\\b)\\d`).test(String(sentence));
    let out = String(sentence ?? "")
      .replace(new RegExp(`\\b${me}'s\\b`, "g"), "your")
      .replace(new RegExp(`\\b${me}\\b`, "g"), "you");
    if (!mentionsOther && /\byou\b/.test(out)) {
      out = out.replace(/\bhis\b/g, "your").replace(/\bhim\b/g, "you").replace(/\bhimself\b/g, "yourself")
        .replace(/\bhe\b/g, "you");
    }
    out = out.replace(/\byou (\w+)\b/g, (m, verb) => `you ${secondPerson(verb)}`)
      .replace(/(^|[.!?]\s+)you\b/g, (m, before) => `${before}You`);
    return this.text(out);
  }

  /** The engine's sentences name seats and sides by number; here they get the table's names:
   *  "seat 2" -> "North", "seats 1 and 3" -> "West and East", "side 0" -> "South & North". */
  text(sentence) {
    return String(sentence ?? "")
      .replace(/\b[Ss]eats (\d+(?:(?:, | and )\d+)+)/g, (m, list) => list.replace(/\d+/g, (n) => this.seatName(Number(n))))
      .replace(/\bpartners (\d+) and (\d+)\b/g, (m, a, b) => `partners ${this.seatName(Number(a))} and ${this.seatName(Number(b))}`)
      .replace(/\b[Ss]eat (\d+)\b/g, (m, n) => this.seatName(Number(n)))
      .replace(/\b[Ss]ide (\d+)\b/g, (m, n) => this.sideName(Number(n)));
  }
}

/** A verb after "you": "is" -> "are", "holds" -> "hold", "passes" -> "pass"; other words as they are. */
const IRREGULAR = { is: "are", was: "were", has: "have", does: "do", "isn't": "aren't", "wasn't": "weren't", "doesn't": "don't", "hasn't": "haven't" };
const NOT_VERBS = new Set(["always", "also", "as", "thus", "perhaps", "less", "this", "its", "us", "yes", "plus", "unless", "towards"]);
function secondPerson(word) {
  const lower = word.toLowerCase();
  if (IRREGULAR[lower]) return IRREGULAR[lower];
  if (NOT_VERBS.has(lower) || lower.length < 4 || !lower.endsWith("s") || lower.endsWith("ss")) return word;
  if (/ies$/.test(lower)) return word.slice(0, -3) + "y";
  if (/(sh|ch|x|z|ss)es$/.test(lower)) return word.slice(0, -2);
  return word.slice(0, -1);
}

/** A problem said to a reader: a sentence in plain words, and what the engine said (its field
 *  names, its error's kind) folded under it for whoever wants it. */
export function problemNodes(el, sentence, error) {
  const detail = error && (error.message || error.type);
  return [sentence, detail ? el("details", { class: "ed-refusal-detail" }, el("summary", null, "What the engine said"),
    el("code", null, String(detail))) : null].filter(Boolean);
}
