// The dialogue: seats speaking in turn. Ruffe's ruff announcements, the loo bids (pass, stand,
// buy), Памфил's declaration; auctions, vies and declarations with replies fit it too. Drawn
// here: the phase in words, what each seat has said (on its seat, for the rest of the deal:
// the view's `calls`), whether a seat sits the deal out (`active`), the reader's prompt and a
// button for every call (those the rules refuse him drawn unavailable: phase-common.js).

import { counted, tr } from "./lang.js";
import { actionButtons, enginePrompt, phaseWords, yourTurn } from "./phase-common.js";

export const dialogue = {
  kind: "dialogue",
  get chip() { return tr("to speak"); },
  cardVerb: "chooses",
  ...phaseWords,
  prompt(t, cardActions, other) {
    const fallback = [yourTurn([], other)];
    return { text: enginePrompt(t) ?? fallback, note: null };
  },
  controls: (t, other) => actionButtons(t, other),
};

/** How many of a seat's calls its place shows (the earlier ones are counted). */
const SEAT_CALLS = 3;

/** The view's calls ({said, waiting, waiting_text}), empty before the deal's first dialogue. */
const callsOf = (view) => view.calls || { said: [], waiting: [], waiting_text: "" };

/**
 * What `seat` has said ([{text, cls}]), shown on its seat in every phase of the deal; a seat
 * still to speak is shown waiting while the dialogue is on or has yet to begin (not on its own
 * turn, which its turn chip says).
 */
export function seatCalls(t, kind, seat) {
  const { said, waiting, waiting_text: waitingText } = callsOf(t.view);
  const all = said.filter((c) => c.seat === seat);
  // A long dialogue (an auction, a vie, Piquet's declarations) leaves many calls: the last few
  // are drawn, the earlier ones counted (the log keeps every one).
  const mine = all.slice(-SEAT_CALLS).map((c) => ({ text: t.words(c.text), cls: `ed-call ed-call-${c.kind}` }));
  if (all.length > SEAT_CALLS) {
    const earlier = all.length - SEAT_CALLS;
    mine.unshift({ text: `${counted(earlier, "earlier call", "earlier calls")}…`, cls: "ed-call ed-call-earlier" });
  }
  if (mine.length || !waiting.includes(seat) || t.view.over || kind === "trick") return mine;
  if (kind === "dialogue" && t.view.to_act === seat) return [];
  return kind === "dialogue" || !said.length ? [{ text: waitingText, cls: "ed-call ed-call-waiting" }] : [];
}

/** Whether `seat` spoke and is not among the seats playing the deal (it passed): drawn faded. */
export function sitsOut(t, kind, seat) {
  const v = t.view;
  if (!Array.isArray(v.active) || !v.active.length || v.over || kind === "dialogue") return false;
  return !v.active.includes(seat) && callsOf(v).said.some((c) => c.seat === seat);
}
