// Which phase renderer draws a view: one per phase kind (phase-dialogue.js, phase-exchange.js,
// phase-trick.js), chosen by the view's `phase_kind` (engine/view.schema.json), never by the
// phase's name. A kind the table does not know gets the generic renderer (the engine's prompt
// and the legal actions as they are), so a new game needs no table code to be played.

import { tr } from "./lang.js";
import { generic } from "./phase-common.js";
import { dialogue } from "./phase-dialogue.js";
import { exchange } from "./phase-exchange.js";
import { trick } from "./phase-trick.js";

const over = {
  kind: "over",
  chip: "",
  cardVerb: "plays",
  status: () => tr("the game is over"),
  caption: () => null,
  prompt: () => ({ text: [tr("The game is over.")], note: null }),
  controls: () => null,
};

const RENDERERS = { dialogue, exchange, trick, over };

/** The view's phase: {kind, renderer, chip (the turn chip of the seat to act)}.
 *  @param {import('./view-types.js').View} view */
export function phaseOf(view) {
  const kind = view.phase_kind ?? (view.over ? "over" : "generic");
  const renderer = RENDERERS[kind] || generic;
  return { kind, renderer, chip: renderer.chip };
}
