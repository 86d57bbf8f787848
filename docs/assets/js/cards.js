// Cards drawn in HTML and CSS (no images, no fonts from outside): shared by the play
// table and the comparison. A card string is the engine's: "AS", "10H" (or "TH"), "QD".

import { inRussian } from "./lang.js";
import { RU_CARDS } from "./lang-ru.js";

export const SUIT_SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
export const SUIT_NAME = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
const RANK_NAME = {
  A: "ace", K: "king", Q: "queen", J: "jack", 10: "ten", 9: "nine", 8: "eight", 7: "seven",
  6: "six", 5: "five", 4: "four", 3: "three", 2: "two",
};

/** "10H" -> {rank: "10", suit: "H"}; throws on anything that is not a card. */
export function parseCard(text) {
  const match = /^(10|[2-9TJQKA])([SHDC])$/i.exec(String(text).trim());
  if (!match) throw new Error(`not a card: ${JSON.stringify(text)} (expected e.g. "AS", "10H")`);
  const rank = match[1].toUpperCase() === "T" ? "10" : match[1].toUpperCase();
  return { rank, suit: match[2].toUpperCase() };
}

/** "7H" -> "seven of hearts" (Russian: "семёрка червей") */
export function cardName(text) {
  const { rank, suit } = parseCard(text);
  if (inRussian()) return `${RU_CARDS.ranks[rank]} ${RU_CARDS.suitsOf[suit]}`;
  return `${RANK_NAME[rank]} of ${SUIT_NAME[suit]}`;
}

/** "7H" -> "7♥" */
export function cardSymbol(text) {
  const { rank, suit } = parseCard(text);
  return rank + SUIT_SYMBOL[suit];
}

export function suitLabel(suit) {
  const names = inRussian() ? RU_CARDS.suits : SUIT_NAME;
  return suit && SUIT_SYMBOL[suit] ? `${SUIT_SYMBOL[suit]} ${names[suit]}` : String(suit);
}

/** Replace every card string inside a sentence with its symbol form ("7H" -> "7♥"). */
export function withSymbols(text) {
  return String(text).replace(/\b(10|[2-9TJQKA])([SHDC])\b/g, (_, r, s) => (r === "T" ? "10" : r) + SUIT_SYMBOL[s]);
}

/**
 * A card face. options: {button: bool, small: bool, extraLabel: string}.
 * A button carries data-card; the caller wires clicks and sets legality.
 *
 * Its name begins with what it shows ("7♥ seven of hearts"), so that a reader who says or
 * types what is printed on the card finds it (WCAG 2.5.3). The face is drawn three times
 * (two corners and the pip); only the top corner is text in the page, the bottom corner and
 * the pip are the same text drawn by CSS from data-face (table.css), so the card's visible
 * text is "7♥" once, not "7♥ ♥ 7♥".
 */
export function cardElement(text, options = {}) {
  const { rank, suit } = parseCard(text);
  const node = document.createElement(options.button ? "button" : "span");
  if (options.button) node.type = "button";
  node.className = `ed-card ed-suit-${suit} ${suit === "H" || suit === "D" ? "ed-red" : "ed-black"}`
    + (options.small ? " ed-card-small" : "");
  node.dataset.card = `${rank}${suit}`;
  const name = `${cardSymbol(text)} ${cardName(text)}`;
  node.setAttribute(options.button ? "aria-label" : "title", options.extraLabel ? `${name}, ${options.extraLabel}` : name);
  if (!options.button) node.setAttribute("role", "img"), node.setAttribute("aria-label", name);
  const face = (cls, value, drawn) => {
    const part = document.createElement("span");
    part.className = cls;
    if (drawn) part.dataset.face = value;
    else part.textContent = value;
    return part;
  };
  const corner = (cls, drawn) => {
    const c = face(`ed-corner ${cls}`, "", false);
    c.setAttribute("aria-hidden", "true");
    c.append(face("ed-rank", rank, drawn), face("ed-suit", SUIT_SYMBOL[suit], drawn));
    return c;
  };
  const pip = face("ed-pip" + ("KQJ".includes(rank) ? " ed-court" : rank === "A" ? " ed-ace" : ""),
    "KQJ".includes(rank) ? rank + SUIT_SYMBOL[suit] : SUIT_SYMBOL[suit], true);
  pip.setAttribute("aria-hidden", "true");
  node.append(corner("ed-corner-top", false), pip, corner("ed-corner-bottom", true));
  return node;
}

/** A face-down card (a back), for hidden hands, the head and the aside. */
export function cardBack(options = {}) {
  const node = document.createElement("span");
  node.className = "ed-card ed-back" + (options.small ? " ed-card-small" : "");
  node.setAttribute("aria-hidden", "true");
  return node;
}
