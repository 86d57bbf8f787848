// The exchange: cards leave a hand and others come in. Ruffe's head (taken, then as many
// discarded), the loo buy (throw out, then draw from the stock), the Рамс dealer's exchange for
// the turned trump, Памфил's lay-out; Gleek's seven for seven and Piquet's five and three fit it
// too. Drawn here: the phase in words, the reader's prompt and what he has thrown out so far,
// the buttons (draw, keep), and the cards he took in, marked in his hand.

import { cardSymbol } from "./cards.js";
import { actionButtons, enginePrompt, phaseWords } from "./phase-common.js";
import { discardsOf, takenCards } from "./view-keys.js";
import { READER } from "./words.js";

export const exchange = {
  kind: "exchange",
  chip: "to exchange",
  cardVerb: "chooses",
  ...phaseWords,
  prompt(t, cardActions, other) {
    const thrown = discardsOf(t.view);
    const note = thrown && thrown.seat === READER && thrown.cards.length
      ? [`Thrown out so far: ${thrown.cards.map(cardSymbol).join(" ")}`] : null;
    const fallback = [cardActions.length ? "Your turn: choose a card." : other.length ? "Your turn:" : "Your turn."];
    return { text: enginePrompt(t) ?? fallback, note };
  },
  controls: (t, other) => actionButtons(t, other),
  /** The cards the reader took in ({cards, note, line}), marked in his hand; or null. */
  taken: (t) => takenCards(t.view),
};
