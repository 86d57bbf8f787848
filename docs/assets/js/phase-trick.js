// Trick play: each seat in turn plays a card to the trick. Drawn here: which trick of the deal
// it is, who leads, and the reader's prompt (how many of his cards he may play, outlined in his
// hand). The trick itself lies on the felt (felt.js).

import { actionButtons, enginePrompt } from "./phase-common.js";
import { READER } from "./words.js";

export const trick = {
  kind: "trick",
  chip: "to play",
  cardVerb: "plays",
  status(t) {
    const v = t.view;
    const total = v.tricks_per_deal;
    const n = (v.tricks_played ?? 0) + 1;
    return total ? `trick ${Math.min(n, total)} of ${total}` : "playing the tricks";
  },
  caption(t) {
    const leader = t.view.leader;
    if (leader === null || leader === undefined) return null;
    return leader === READER ? "You lead" : `${t.places.seatName(leader)} to lead`;
  },
  prompt(t, cardActions, other) {
    const n = cardActions.length;
    const leading = !(t.view.trick || []).length;
    const hint = !n ? (other.length ? "Your turn:" : "Your turn.")
      : n === 1 ? "Your turn: you have one legal card (outlined)."
        : leading ? `You lead: play any of your ${n} cards.` : `Your turn: play one of the ${n} outlined cards.`;
    const engine = enginePrompt(t);
    return engine ? { text: engine, note: [hint] } : { text: [hint], note: null };
  },
  controls: (t, other) => actionButtons(t, other),
};
