// The felt: the seats around the table (each with its hand, face down or, for the reader,
// face up and playable by mouse and keyboard, and what it has said and gathered), the trick in
// the middle, the piles beside it, and a box with the deal's contest and the hands shown this
// deal. Everything is drawn from the generic keys every game's view carries (`piles`,
// `contest`, `shows`, `seat_counts`, `calls`, `active`, `taken`: docs/reference/views.md); what
// a phase adds (the words, what a seat said) comes from its renderer.
//
// `t` is the play table (table.js): its view, its phase ({kind, renderer, chip}), its Places,
// el, words, ruleLink, act, and the elements it keeps (felt, actions).

import { cardBack, cardElement, cardSymbol, suitLabel } from "./cards.js";
import { counted, tr, unitWord } from "./lang.js";
import { seatCalls, sitsOut } from "./phase-dialogue.js";
import { READER, SEAT_NAMES, unstopped } from "./words.js";

/**
 * Cards overlapped like a fan that always fits its box: each card but the last gets a narrow
 * column that shrinks when space is short (the grid's minmax(0, …)), the last one shows whole.
 * `cards` is a list of card strings (faces) or a count (backs).
 */
function fan(cards, { small = false, max = 16 } = {}) {
  const faces = Array.isArray(cards) ? cards.slice(0, max) : null;
  const count = faces ? faces.length : Math.min(Number(cards) || 0, max);
  const box = document.createElement("div");
  box.className = "ed-fan";
  if (!faces) box.setAttribute("aria-hidden", "true");
  if (count > 1) box.style.gridTemplateColumns = `repeat(${count - 1}, minmax(0, var(--ed-fan-step))) max-content`;
  for (let i = 0; i < count; i++) box.append(faces ? cardElement(faces[i], { small }) : cardBack({ small }));
  return box;
}

/** Each seat's place around the felt (a CSS class): its name, lower case ("North-west" -> "northwest"). */
const seatPositions = (players) => (SEAT_NAMES[players] || SEAT_NAMES[4]).map((name) => name.toLowerCase().replace("-", ""));

/** The cards of a hand the view lets the reader see: a list, or a count for a hidden hand. */
const handOf = (v, seat) => (v.hands || [])[seat];

/** Draw the felt into `t.felt`, with the reader's actions (`t.actions`) under his hand. */
export function renderFelt(t) {
  const { el } = t;
  const v = t.view;
  const n = v.players;
  const positions = seatPositions(n);
  t.felt.dataset.players = String(n);
  // The other seats in one wrapper: on a wide felt it is transparent (display: contents) and
  // each seat takes its compass place; on a narrow one they sit in a row above the trick.
  const others = el("div", { class: "ed-opponents" });
  for (let seat = 0; seat < n; seat++) if (seat !== READER) others.append(renderSeat(t, seat, positions[seat]));
  const parts = [others, renderCenter(t, positions), renderPiles(t)];
  const box = talkBox(t);
  if (box) parts.push(box);
  parts.push(renderReaderSeat(t, positions[READER]));
  t.felt.replaceChildren(...parts);
  const you = t.felt.querySelector(".ed-you");
  if (you) you.append(t.actions);
}

function seatStats(t, seat) {
  const { el } = t;
  const v = t.view;
  const stats = el("ul", { class: "ed-seat-stats" });
  if (v.tricks && v.tricks[seat] !== undefined) {
    stats.append(el("li", null, counted(v.tricks[seat], "trick", "tricks")));
  }
  for (const count of (v.seat_counts || [])[seat] || []) stats.append(el("li", null, `${count.label}: ${count.value}`));
  for (const call of seatCalls(t, t.phase.kind, seat)) stats.append(el("li", { class: call.cls }, call.text));
  const ledger = t.ledger;
  const side = t.places.sideOf(seat);
  if (ledger.lower && side !== null && t.places.sideSeats(side).length === 1 && ledger.totals[side] !== undefined) {
    stats.append(el("li", { class: "ed-record" }, `${unitWord(ledger.unit)} ${ledger.totals[side]}`));
  }
  if (v.dealer === seat) stats.append(el("li", { class: "ed-dealer-chip" }, tr("dealer")));
  return stats;
}

function seatClass(t, seat, position) {
  const v = t.view;
  return `ed-seat ed-pos-${position}` + (v.to_act === seat && !v.over ? " ed-to-act" : "")
    + (v.outcome && (v.outcome.winners || []).includes(seat) ? " ed-winner" : "")
    + (sitsOut(t, t.phase.kind, seat) ? " ed-out" : "");
}

function renderSeat(t, seat, position) {
  const { el } = t;
  const v = t.view;
  const p = t.places;
  const hand = handOf(v, seat);
  const count = Array.isArray(hand) ? hand.length : hand && typeof hand === "object" ? hand.count : 0;
  const side = p.sideOf(seat);
  const partner = side !== null && side === p.sideOf(READER) ? tr(" (your partner)") : "";
  return el("section", { class: seatClass(t, seat, position), "aria-label": `${p.seatName(seat)}${partner}` },
    el("h3", { class: "ed-seat-name" }, p.seatName(seat),
      partner ? el("span", { class: "ed-partner" }, tr("partner")) : null,
      v.to_act === seat && !v.over ? el("span", { class: "ed-turn-chip" }, t.phase.chip) : null),
    fan(count, { small: true }), el("p", { class: "ed-count" }, counted(count, "card", "cards")),
    hand && Array.isArray(hand.known) && hand.known.length
      ? el("p", { class: "ed-count ed-known" }, tr("Known: {0}", hand.known.map(cardSymbol).join(" "))) : null,
    seatStats(t, seat));
}

/** The legal actions that are a card of the hand (play, discard, lay out, exchange). */
export const cardActionsOf = (v) => (v.legal || []).filter((l) => l.action && l.action.card);

function renderReaderSeat(t, position) {
  const { el } = t;
  const v = t.view;
  const hand = Array.isArray(handOf(v, READER)) ? v.hands[READER] : [];
  const cardActions = cardActionsOf(v);
  const legalCards = new Map(cardActions.map((l) => [l.action.card, l]));
  const cardKind = cardActions.length ? cardActions[0].action.kind : null;
  const myTurn = v.to_act === READER && !v.over && !t.busy;
  const row = el("div", { class: "ed-hand", role: "group", "aria-label": t.phase.renderer.cardVerb === "plays"
    ? tr("Your hand, {0}. Arrow keys move between cards; Enter plays.", counted(hand.length, "card", "cards"))
    : tr("Your hand, {0}. Arrow keys move between cards; Enter chooses.", counted(hand.length, "card", "cards")) });
  const taken = takenMarks(t);
  hand.forEach((card, index) => {
    const legal = legalCards.get(card);
    const note = !myTurn || !cardKind ? null : legal ? (legal.label || tr("playable")) : tr("not playable now");
    const marked = Boolean(taken && taken.cards.has(card));
    const button = cardElement(card, { button: true, extraLabel: marked ? `${taken.note}, ${note}` : note });
    if (marked) button.classList.add("ed-taken-in");
    button.dataset.legal = String(Boolean(myTurn && legal));
    button.tabIndex = -1;
    if (!myTurn || !cardKind) {
      // Kept focusable (so keyboard focus survives the bots' turns) but inert.
      button.setAttribute("aria-disabled", "true");
      button.classList.add("ed-inert");
    } else if (!legal) {
      // Not legal: shown as unavailable, but the reader may still try it and hear why not.
      button.setAttribute("aria-disabled", "true");
      button.classList.add("ed-illegal");
    } else {
      button.classList.add("ed-legal");
    }
    button.addEventListener("click", () => {
      t.focusCard = card;
      if (!myTurn || !cardKind) return;
      t.act(legal ? legal.action : { kind: cardKind, card });
    });
    button.addEventListener("keydown", (event) => handKey(t, event, row));
    row.append(button);
  });
  row.addEventListener("focusin", () => { t.handHadFocus = true; });
  row.addEventListener("focusout", (event) => {
    if (event.relatedTarget && !row.contains(event.relatedTarget)) t.handHadFocus = false;
  });
  const tabStop = row.querySelector('[data-legal="true"]') || row.querySelector(".ed-card");
  if (tabStop) tabStop.tabIndex = 0;
  return el("section", { class: seatClass(t, READER, position) + " ed-you", "aria-label": t.places.seatLabel(READER) },
    el("h3", { class: "ed-seat-name" }, t.places.seatLabel(READER),
      v.to_act === READER && !v.over ? el("span", { class: "ed-turn-chip" }, tr("your turn")) : null),
    seatStats(t, READER), row,
    taken ? el("p", { class: "ed-note" }, taken.line) : null);
}

/** The cards the reader took into his hand (the view's `taken`: {cards, note, line}), marked
 *  there; or null. */
function takenMarks(t) {
  const taken = t.view.taken;
  if (!taken || taken.seat !== READER || !(taken.cards || []).length) return null;
  const note = String(taken.note || tr("taken in"));
  return { cards: new Set(taken.cards), note,
    line: tr("{0} (marked ●): {1}", note.replace(/^./, (c) => c.toUpperCase()), taken.cards.map(cardSymbol).join(" ")) };
}

function handKey(t, event, row) {
  const cards = Array.from(row.querySelectorAll(".ed-card"));
  const current = cards.indexOf(event.currentTarget);
  let next = null;
  if (event.key === "ArrowRight" || event.key === "ArrowDown") next = cards[(current + 1) % cards.length];
  else if (event.key === "ArrowLeft" || event.key === "ArrowUp") next = cards[(current - 1 + cards.length) % cards.length];
  else if (event.key === "Home") next = cards[0];
  else if (event.key === "End") next = cards[cards.length - 1];
  if (next) {
    event.preventDefault();
    focusHandCard(t, next);
  }
}

/** Move the hand's one tab stop to `card` and focus it. */
export function focusHandCard(t, card) {
  const row = card.closest(".ed-hand");
  if (row) for (const c of row.querySelectorAll(".ed-card")) c.tabIndex = -1;
  card.tabIndex = 0;
  card.focus({ preventScroll: true });
  t.focusCard = card.dataset.card;
}

/** The trick (or the last one, until the next is led) and its caption. */
function renderTrick(t, positions, center) {
  const { el } = t;
  const v = t.view;
  const p = t.places;
  const trickBox = el("div", { class: "ed-trick", role: "group" });
  let trick = v.trick || [];
  let caption = null;
  const last = v.last_trick;
  const lastTrick = !trick.length && Boolean(last && (last.cards || []).length);
  if (lastTrick) {
    trick = typeof last.cards[0] === "string"
      ? last.cards.map((card, i) => ({ seat: ((last.leader ?? 0) + i) % v.players, card }))
      : last.cards;
    caption = tr("Last trick: {0} took it", p.seatName(last.winner));
  } else if (trick.length) {
    caption = tr("{0} led", p.seatName(trick[0].seat));
  } else {
    caption = t.phase.renderer.caption(t);
  }
  trickBox.setAttribute("aria-label", caption || tr("The trick"));
  for (const played of trick) {
    const slot = el("div", { class: `ed-played ed-from-${positions[played.seat]}`
      + (lastTrick && played.seat === last.winner ? " ed-trick-winner" : "") });
    slot.append(cardElement(played.card, { small: true }));
    slot.append(el("span", { class: "ed-played-by" }, p.who(played.seat)));
    trickBox.append(slot);
  }
  if (lastTrick) trickBox.classList.add("ed-last-trick");
  center.append(trickBox);
  // The caption sits in the middle of an empty mat, and under the mat when cards lie on it.
  if (caption) (trick.length ? center : trickBox).append(
    el("p", { class: "ed-trick-caption" + (trick.length ? "" : " ed-trick-empty") }, caption));
}

/** Who holds a pile, in its caption: "now in your hand" for a card face up, "yours", "West's". */
function holderLine(t, pile) {
  if (pile.seat === null || pile.seat === undefined) return null;
  const mine = pile.seat === READER;
  if (pile.face_up) return mine ? tr("now in your hand") : tr("now in {0}'s hand", t.places.seatName(pile.seat));
  return mine ? tr("yours") : tr("{0}'s", t.places.seatName(pile.seat));
}

/** A pile of the view's `piles`: its cards face up where the reader may see them, else as many
 *  backs (a few), or an empty place; its caption says what it is, how many, whose, and the
 *  trumps it shows.
 *  @param {import('./view-types.js').Pile} pile */
function renderPile(t, pile) {
  const { el } = t;
  const cards = Array.isArray(pile.cards) ? pile.cards : null;
  const single = pile.face_up && cards && cards.length === 1;
  let content;
  if (!pile.count) {
    content = el("span", { class: "ed-empty-pile", "aria-hidden": "true" });
  } else if (single) {
    content = cardElement(cards[0], { small: true });
    if (pile.trump) content.classList.add("ed-turned");
    if (pile.seat !== null && pile.seat !== undefined) content.classList.add("ed-taken");
  } else {
    content = fan(cards || Math.min(pile.count, 4), { small: true, max: cards ? 8 : 4 });
  }
  const v = t.view;
  const lines = [`${t.words(pile.label)}: ${!pile.count ? tr("empty") : single ? cardSymbol(cards[0])
    : counted(pile.count, "card", "cards")}`,
    pile.trump && v.trump ? tr("trumps {0}", suitLabel(v.trump).split(" ")[0]) : null, holderLine(t, pile)]
    .filter(Boolean).flatMap((line, i) => (i ? [el("br"), line] : [line]));
  const cls = `ed-pile ed-pile-${pile.id}` + (pile.trump ? " ed-turned-pile" : "")
    + (!single && pile.seat !== null && pile.seat !== undefined && pile.seat !== READER ? " ed-pile-taken" : "")
    + (!pile.count ? " ed-pile-empty" : "");
  return el("figure", { class: cls, "data-pile": pile.id, title: pile.rule || null }, content, el("figcaption", null, lines));
}

function renderCenter(t, positions) {
  const center = t.el("div", { class: "ed-center" });
  renderTrick(t, positions, center);
  return center;
}

/** The piles (and the trumps when no card shows them), in a place of their own on the felt: a
 *  corner the seats leave free where there is one (table.css), else under the trick. */
function renderPiles(t) {
  const { el } = t;
  const v = t.view;
  const list = v.piles || [];
  const figures = list.map((pile) => renderPile(t, pile));
  if (v.trump && !list.some((pile) => pile.trump)) {
    // Trumps known without a card to show for them.
    figures.unshift(el("figure", { class: "ed-pile ed-trump-only" },
      el("span", { class: `ed-big-suit ed-suit-${v.trump}`, "aria-hidden": "true" }, suitLabel(v.trump).split(" ")[0]),
      el("figcaption", null, tr("Trumps: {0}", suitLabel(v.trump)))));
  }
  return el("div", { class: "ed-piles", role: "group", "aria-label": tr("The piles") }, figures);
}

/** The box beside the trick: the deal's contest (who called what, who won it) and the hands
 *  shown this deal, each with its cards and its rule; null when there is neither. */
function talkBox(t) {
  const { el } = t;
  const v = t.view;
  const contest = v.contest;
  const lines = contest ? contest.lines || [] : [];
  const shown = v.shows || [];
  if (!lines.length && !shown.length) return null;
  const box = el("section", { class: "ed-talk" + (shown.length ? " ed-shows" : ""),
    "aria-label": contest ? contest.title : tr("Shows this deal") });
  if (contest && contest.title) box.append(el("h3", { class: "ed-talk-title" }, contest.title));
  for (const line of lines) {
    // the label with the seats named as at this table, and a colon before the text
    const said = line.label ? t.words(line.label).trimEnd() : "";
    const label = said ? `${said.endsWith(":") ? said.slice(0, -1).trimEnd() : said}: ` : null;
    box.append(el("p", { class: line.muted ? "ed-muted" : null }, label ? el("strong", null, label) : null,
      t.words(line.text), line.rule ? " " : null, line.rule ? t.ruleLink(line.rule) : null));
  }
  if (shown.length) box.append(el("p", null, el("strong", null, tr("Shown this deal"))));
  for (const show of shown) {
    const cards = el("span", { class: "ed-shown" }, show.cards.map((card) => cardElement(card, { small: true })));
    // the engine's own sentence for the show, with the seat named as at this table
    const text = unstopped(t.words(show.text || ""));
    box.append(el("div", { class: "ed-show", "data-kind": show.kind, "data-seat": String(show.seat) },
      el("p", null, `${text} `, show.rule ? t.ruleLink(show.rule) : null), cards));
  }
  return box;
}
