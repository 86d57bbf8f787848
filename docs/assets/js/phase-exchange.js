// The exchange: cards leave a hand and others come in. Ruffe's head (taken, then as many
// discarded), the loo buy (throw out, then draw from the stock), the Рамс dealer's exchange for
// the turned trump, Памфил's lay-out; Gleek's seven for seven and Piquet's five and three fit it
// too. Drawn here: the phase in words, the reader's prompt and the buttons (draw, keep). The
// cards he took in (the view's `taken`) are marked in his hand by the felt, in whatever phase
// the view gives them (Piquet shows the cards drawn from the talon until the play); what he has
// thrown out so far lies on the felt, among the piles.

import { tr } from "./lang.js";
import { actionButtons, enginePrompt, phaseWords, yourTurn } from "./phase-common.js";

export const exchange = {
  kind: "exchange",
  get chip() { return tr("to exchange"); },
  cardVerb: "chooses",
  ...phaseWords,
  prompt(t, cardActions, other) {
    const fallback = [yourTurn(cardActions, other)];
    return { text: enginePrompt(t) ?? fallback, note: null };
  },
  controls: (t, other) => actionButtons(t, other),
};
