// Trick play: each seat in turn plays a card to the trick. Drawn here: which trick of the deal
// it is, who leads, and the reader's prompt (how many of his cards he may play, outlined in his
// hand). The trick itself lies on the felt (felt.js).

import { counted, tr } from "./lang.js";
import { actionButtons, enginePrompt, yourTurn } from "./phase-common.js";
import { READER } from "./words.js";

export const trick = {
  kind: "trick",
  get chip() { return tr("to play"); },
  cardVerb: "plays",
  status(t) {
    const v = t.view;
    const total = v.tricks_per_deal;
    const n = (v.tricks_played ?? 0) + 1;
    return total ? tr("trick {0} of {1}", Math.min(n, total), total) : tr("playing the tricks");
  },
  caption(t) {
    const leader = t.view.leader;
    if (leader === null || leader === undefined) return null;
    return leader === READER ? tr("You lead") : tr("{0} to lead", t.places.seatName(leader));
  },
  prompt(t, cardActions, other) {
    const n = cardActions.length;
    const leading = !(t.view.trick || []).length;
    const hint = !n ? yourTurn([], other)
      : n === 1 ? tr("Your turn: you have one legal card (outlined).")
        : leading ? tr("You lead: play any of your {0}.", counted(n, "card", "cards"))
          : tr("Your turn: play one of the {0} outlined cards.", n);
    const engine = enginePrompt(t);
    return engine ? { text: engine, note: [hint] } : { text: [hint], note: null };
  },
  controls: (t, other) => actionButtons(t, other),
};
