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
/** The seats' names on a page in Russian, by the same compass. Each declines like "Запад":
 *  Запада, Западу, Западом, о Западе (RUSSIAN_CASES). */
export const SEAT_NAMES_RU = {
  2: ["Юг", "Север"],
  3: ["Юг", "Запад", "Восток"],
  4: ["Юг", "Запад", "Север", "Восток"],
  5: ["Юг", "Запад", "Северо-запад", "Северо-восток", "Восток"],
  6: ["Юг", "Юго-запад", "Северо-запад", "Север", "Северо-восток", "Восток"],
  7: ["Юг", "Юго-запад", "Запад", "Северо-запад", "Северо-восток", "Восток", "Юго-восток"],
};

/** The ending of a case of "игрок" (and of a seat's name, which declines the same way) for each
 *  of its forms in an engine's sentence: игрок 2, игрока 2, игроку 2, игроком 2, об игроке 2; the
 *  plural's forms (игроки 1 и 3, игроков…, игрокам…, игроками…, игроках…) give each name its
 *  singular case. */
const RUSSIAN_CASES = { "": "", "а": "а", "у": "у", "ом": "ом", "е": "е" };
const RUSSIAN_PLURAL_CASES = { "и": "", "ов": "а", "ам": "у", "ами": "ом", "ах": "е" };
/** "сторона N" in its cases, and the ending each gives the side's names ("стороне" is dative
 *  or, after a preposition, prepositional; "сторону": the players, animate, as the genitive). */
const SIDE_CASES = { "а": "", "ы": "а", "у": "а", "ой": "ом" };
const PREPOSITIONS = /(?:^|\s)(?:о|об|в|на|при)\s$/i;

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

  /** The seat's name in a Russian case (its ending: "", "а", "у", "ом", "е"), "(вы)" after the
   *  reader's. */
  seatCase(seat, ending) {
    const name = this.seatName(seat);
    const declined = /[А-Яа-яЁё]$/.test(name) ? `${name}${ending}` : name;
    return seat === this.you ? `${declined} (вы)` : declined;
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

  /** An engine's sentence about the reader's seat said to him, in the second person: "seat 0
   *  is to bid" -> "you are to bid", "7S is not in seat 0's hand" -> "… not in your hand", and
   *  "he holds" after it -> "you hold". Other seats keep their names. */
  toYou(sentence) {
    if (this.you === null || inRussian()) return this.text(sentence); // (Russian: "Юг (вы)", by text)
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
    if (inRussian()) return this.russianText(sentence);
    return String(sentence ?? "")
      .replace(/\b[Ss]eats (\d+(?:(?:, | and )\d+)+)/g, (m, list) => list.replace(/\d+/g, (n) => this.seatName(Number(n))))
      .replace(/\bpartners (\d+) and (\d+)\b/g, (m, a, b) => `partners ${this.seatName(Number(a))} and ${this.seatName(Number(b))}`)
      .replace(/\b[Ss]eat (\d+)\b/g, (m, n) => this.seatName(Number(n)))
      .replace(/\b[Ss]ide (\d+)\b/g, (m, n) => this.sideName(Number(n)));
  }

  /** The engine's sentence said to the reader: as `text`, and in English the reader's seat as
   *  "South (you)" (in Russian `text` says "Юг (вы)" already). */
  textToReader(sentence) {
    if (inRussian() || this.you === null) return this.text(sentence);
    return this.text(String(sentence ?? "").replace(new RegExp(`\\b[Ss]eat ${this.you}\\b`, "g"), this.seatLabel(this.you)));
  }

  /** The Russian engine's sentences: "игрок 2" -> "Север", "игроку 2" -> "Северу", "игроки 1 и 3"
   *  -> "Запад и Восток", "стороне 0" -> "Югу и Северу" (after "о": "Юге и Севере"), the reader's
   *  seat with "(вы)" after it. */
  russianText(sentence) {
    const names = (list, ending) => list.match(/\d+/g).map((n) => this.seatCase(Number(n), ending)).join(" и ")
      .replace(/ и (?=.* и )/g, ", ");
    return String(sentence ?? "")
      .replace(/(^|[\s(«])([Оо])б (?=(?:игрок|сторон)\S* \d)/g, "$1$2 ") // (об игроке 1 -> о Западе)
      .replace(/([Ии])грок(и|ов|ам|ами|ах) (\d+(?:(?:, | и )\d+)+)/g, (m, i, form, list) => names(list, RUSSIAN_PLURAL_CASES[form]))
      .replace(/([Ии])грок(ом|а|у|е|) (\d+)(?![\d])/g, (m, i, form, n) => this.seatCase(Number(n), RUSSIAN_CASES[form]))
      .replace(/([Сс])торон(ой|а|ы|у|е) (\d+)(?![\d])/g, (m, c, form, n, at, whole) => {
        const ending = form === "е" ? (PREPOSITIONS.test(whole.slice(0, at)) ? "е" : "у") : SIDE_CASES[form];
        return this.sideSeats(Number(n)).map((s) => this.seatCase(s, ending)).join(" и ");
      });
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
  return [sentence, detail ? el("details", { class: "ed-refusal-detail" }, el("summary", null, tr("What the engine said")),
    el("code", null, String(detail))) : null].filter(Boolean);
}
