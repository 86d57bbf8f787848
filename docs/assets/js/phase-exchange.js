// The exchange: cards leave a hand and others come in. Ruffe's head (taken, then as many
// discarded), the loo buy (throw out, then draw from the stock), the Рамс dealer's exchange for
// the turned trump, Памфил's lay-out; Gleek's seven for seven and Piquet's five and three fit it
// too. Drawn here: the phase in words, the reader's prompt, the buttons (draw, keep), and the
// cards he took in (the view's `taken`), marked in his hand. What he has thrown out so far lies
// on the felt, among the piles.

import { cardSymbol } from "./cards.js";
import { actionButtons, enginePrompt, phaseWords } from "./phase-common.js";
import { READER } from "./words.js";

export const exchange = {
  kind: "exchange",
  chip: "to exchange",
  cardVerb: "chooses",
  ...phaseWords,
  prompt(t, cardActions, other) {
    const fallback = [cardActions.length ? "Your turn: choose a card." : other.length ? "Your turn:" : "Your turn."];
    return { text: enginePrompt(t) ?? fallback, note: null };
  },
  controls: (t, other) => actionButtons(t, other),
  /** The cards the reader took in ({cards, note, line}), marked in his hand; or null. */
  taken(t) {
    const taken = t.view.taken;
    if (!taken || taken.seat !== READER || !(taken.cards || []).length) return null;
    const note = String(taken.note || "taken in");
    return { cards: new Set(taken.cards), note,
      line: `${note.replace(/^./, (c) => c.toUpperCase())} (marked ●): ${taken.cards.map(cardSymbol).join(" ")}` };
  },
};
