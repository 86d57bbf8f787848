// Words shared by the play table and the comparison panel: seat names, bot kinds,
// and how a reading is labelled in a choice list.

export const SEAT_NAMES = {
  2: ["South", "North"],
  3: ["South", "West", "East"],
  4: ["South", "West", "North", "East"],
  5: ["South", "West", "North-west", "North-east", "East"],
  6: ["South", "South-west", "North-west", "North", "North-east", "East"],
  7: ["South", "South-west", "West", "North-west", "North-east", "East", "South-east"],
};
export const seatName = (players, seat) => (SEAT_NAMES[players] || [])[seat] || `Seat ${seat}`;

/** A seat's choice in the bidding of the loo family (Мушка, Памфил, Рамс, Петух), in words. */
export const BID_WORDS = {
  pass: "passed",
  stand: "stands",
  buy: "bought",
};
/** Past forms of the engine's bid labels, where a game names its bids otherwise (Петух: Keep, Exchange). */
export const BID_LABEL_WORDS = {
  pass: "passed", stand: "stands", buy: "bought", keep: "keeps", exchange: "exchanged", play: "plays",
};

/** What a show ("shows" in a loo view) is called at the table. */
export const SHOW_WORDS = {
  "pamphil": "declares the pamphil",
  "five-of-a-suit": "shows five of a suit",
  "rams": "shows Rams",
  "jacks": "shows jacks",
  "boys": "shows the boys",
  "trump-card": "shows the trump card",
};

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
  if (holder) label += ` — ${holder.replace(/\s*\(default\)\s*$/, "")}`;
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
