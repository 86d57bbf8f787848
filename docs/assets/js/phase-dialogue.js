// The dialogue: seats speaking in turn. Ruffe's ruff announcements, the loo bids (pass, stand,
// buy), Памфил's declaration; auctions, vies and declarations with replies fit it too. Drawn
// here: the phase in words, what each seat has said (on its seat, for the rest of the deal),
// a contest's lines on the felt (who called what, who won it), whether a seat sits the deal
// out, the reader's prompt and a button for every call.

import { actionButtons, enginePrompt, phaseWords } from "./phase-common.js";
import { biddingChoices, calls, contest } from "./view-keys.js";

export const dialogue = {
  kind: "dialogue",
  chip: "to speak",
  cardVerb: "chooses",
  ...phaseWords,
  prompt(t, cardActions, other) {
    const fallback = [other.length ? "Your turn:" : "Your turn."];
    return { text: enginePrompt(t) ?? fallback, note: null };
  },
  controls: (t, other) => actionButtons(t, other, biddingChoices(t.view, other)),
};

/**
 * What `seat` has said ([{text, cls}]), shown on its seat in every phase of the deal; a seat
 * still to speak is shown waiting while the dialogue is on or has yet to begin (not on its own
 * turn, which its turn chip says).
 */
export function seatCalls(t, kind, seat) {
  const { said, waiting, waitingText } = calls(t.view);
  const mine = said.filter((c) => c.seat === seat);
  if (mine.length || !waiting.includes(seat) || t.view.over || kind === "trick") return mine;
  if (kind === "dialogue" && t.view.to_act === seat) return [];
  return kind === "dialogue" || !said.length ? [{ text: waitingText, cls: "ed-bid ed-bid-waiting" }] : [];
}

/** Whether `seat` spoke and is not among the seats playing the deal (it passed): drawn faded. */
export function sitsOut(t, kind, seat) {
  const v = t.view;
  if (!Array.isArray(v.active) || !v.active.length || v.over || kind === "dialogue") return false;
  return !v.active.includes(seat) && calls(v).said.some((c) => c.seat === seat);
}

/** The contest's title and lines for the felt ({title, lines}), or null. */
export { contest as contestOf };
