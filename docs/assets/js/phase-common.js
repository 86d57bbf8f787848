// What the phase renderers share: the engine's prompt (its words, its rule, its seats), the
// buttons for the actions that are not a card, and the generic renderer of a phase whose kind
// the table does not know.
//
// A phase renderer is an object with:
//   kind            "dialogue" | "exchange" | "trick" | "over" | "generic"
//   chip            the turn chip of the seat to act ("to play")
//   status(t)       the phase in words, for the info bar ("trick 3 of 5")
//   caption(t)      the words on an empty trick mat
//   prompt(t, cardActions, other)   {text: nodes, note: nodes | null}: the reader's decision
//   controls(t, other)              the buttons of the actions that are not a card
//   cardVerb        what Enter does to a card of the hand ("plays", "chooses")
// What a dialogue leaves on the felt for the rest of the deal (each seat's call) is drawn in
// every phase, so phase-dialogue.js exports it as functions of its own.

import { tr } from "./lang.js";
import { capitalized, humanize } from "./words.js";

/** The engine's prompt as a sentence: its seats named by the engine with the table's names (the
 *  reader's as "South (you)"), its first letter a capital. */
export function promptText(t) {
  const prompt = t.view.prompt;
  if (!prompt || !prompt.text) return null;
  return capitalized(t.words(prompt.text));
}

/** The engine's prompt as nodes: its sentence and its rule linked (and the other game's rule
 *  that rule adopts, as Памфил plays by Мушка's), or null for a view without one. */
export function enginePrompt(t) {
  const text = promptText(t);
  if (text === null) return null;
  const { rule, adopted } = t.view.prompt;
  return [text, rule ? " " : null, rule ? t.ruleLink(rule) : null,
    adopted ? tr(", adopting ") : null, adopted ? t.ruleLink(adopted) : null].filter(Boolean);
}

/** The phase in words (the engine's prompt, else the phase's name), and the same on an empty
 *  trick mat: the status and caption of every kind but trick play, which counts its tricks. */
export const phaseWords = {
  status: (t) => promptText(t) ?? humanize(t.view.phase || ""),
  caption: (t) => humanize(phaseWords.status(t)),
};

/** A button for an action that is not a card; a forbidden one is drawn unavailable but may be
 *  pressed, to read the rule that forbids it. */
/** @param {import('./view-types.js').LegalAction} entry */
function actionButton(t, entry, legal) {
  return t.el("button", { type: "button",
    class: "md-button md-button--primary ed-action" + (legal ? "" : " ed-illegal-action"),
    "data-legal": String(legal), "data-kind": entry.action.kind,
    "aria-disabled": legal ? null : "true",
    title: legal ? null : tr("Not allowed now: press to read the rule"),
    onclick: () => t.act(entry.action) }, t.words(entry.label || entry.text || humanize(entry.action.kind)));
}

/** The buttons of the legal actions `other`, and of the calls the rules refuse the reader now
 *  (the view's `unavailable`), drawn unavailable. */
export function actionButtons(t, other) {
  const box = t.el("div", { class: "ed-action-buttons" });
  for (const entry of other) box.append(actionButton(t, entry, true));
  for (const entry of t.view.unavailable || []) box.append(actionButton(t, entry, false));
  return box;
}

/** The reader's prompt when the engine gives none: "Your turn: choose a card." */
export const yourTurn = (cardActions, other) => (cardActions.length ? tr("Your turn: choose a card.")
  : other.length ? tr("Your turn:") : tr("Your turn."));

/** A phase of a kind the table does not know: the engine's words and its actions, as they are. */
export const generic = {
  kind: "generic",
  get chip() { return tr("to act"); },
  cardVerb: "chooses",
  ...phaseWords,
  prompt(t, cardActions, other) {
    const turn = yourTurn(cardActions, other);
    return { text: enginePrompt(t) ?? [turn], note: null };
  },
  controls: (t, other) => actionButtons(t, other),
};
