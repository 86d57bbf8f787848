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
