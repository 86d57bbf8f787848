// Today's game-specific view keys, read in one place.
//
// The table's renderers (felt.js, ledger.js and the phase renderers) draw generic shapes: the
// phase kind and the prompt (the view's `phase_kind` and `prompt`), each seat's call in a
// dialogue, piles, shows, the ledger's start and further accounts. The engine's views do not
// carry all of these yet: Ruffe's says `ruff`, `head`, `won`; the loo games' `bids`, `shows`,
// `start_record`, `payments`, `settlement`. This module turns those keys into the generic
// shapes. Each function says which engine key would make it unnecessary: once every view
// carries that key, the function goes, and with it the last branch on a game's own keys.
//
// `t` is the play table (table.js): its view, its Places (seat names), firstRule and ruleLink.

import { cardName, cardSymbol, suitLabel } from "./cards.js";
import { signed } from "./ledger.js";
import { READER, humanize } from "./words.js";

/** The loo bids the table offers, those the rules forbid now drawn unavailable. */
const BID_KINDS = ["pass", "stand", "buy"];

const headTaker = (v) => (v.head ? v.head.taken_by ?? v.head.taker ?? null : null);

/**
 * Every call of the bidding, each with whether the rules allow it now ([{entry, legal}]), so that
 * a forbidden one is drawn unavailable and may still be tried; null outside a bidding. Removed
 * by the view listing the calls it refuses beside the legal ones.
 */
export function biddingChoices(view, other) {
  const bids = other.filter((l) => BID_KINDS.includes(l.action.kind));
  if (!bids.length || view.phase !== "bid") return null;
  const choices = [];
  for (const kind of BID_KINDS) {
    const legal = bids.find((b) => b.action.kind === kind);
    if (legal) choices.push({ entry: legal, legal: true });
    else if (kind !== "buy" || (view.stock && view.stock.count > 0)) {
      choices.push({ entry: { action: { kind }, label: humanize(kind) }, legal: false });
    }
  }
  for (const l of other) if (!BID_KINDS.includes(l.action.kind)) choices.push({ entry: l, legal: true });
  return choices;
}

/**
 * What each seat has said in the dialogue ([{seat, text, cls}]: Ruffe's announcements, the loo
 * bids in the game's own words), the seats yet to speak and how their waiting is said. Removed by
 * a `calls` list in the view ({seat, kind, label} for every call made, and the seats to come).
 */
export function calls(view) {
  const said = [];
  for (const a of (view.ruff && view.ruff.announcements) || []) {
    const value = a.value === null || a.value === undefined ? "—" : a.value;
    said.push({ seat: a.seat, text: `Ruff ${value}${a.suit ? " in " + suitLabel(a.suit) : ""}`, cls: "ed-ruff-call" });
  }
  const waiting = [];
  for (const b of view.bids || []) {
    if (b.choice === null || b.choice === undefined) waiting.push(b.seat);
    else said.push({ seat: b.seat, text: b.label || b.choice, cls: `ed-bid ed-bid-${b.choice}` });
  }
  return { said, waiting, waitingText: "waiting to bid" };
}

/**
 * A dialogue that is a contest (Ruffe's ruff): its title and lines for the box on the felt
 * ({title, lines: [{label, text, muted, rule}]}), or null. Removed by the dialogue's view naming its calls, its
 * winners and the entry they won (with its rule).
 */
export function contest(t) {
  const v = t.view;
  const ruff = v.ruff;
  if (!ruff || !(v.phase === "ruff" || (ruff.announcements || []).length || ruff.shown)) return null;
  const p = t.places;
  const announced = ruff.announcements || [];
  const said = announced.map((a) => `${p.seatName(a.seat)} ${a.value === null || a.value === undefined ? "—" : a.value}`
    + (a.suit ? ` ${suitLabel(a.suit).split(" ")[0]}` : ""));
  const waiting = v.players - announced.length;
  const lines = [{ label: "Ruff: ", text: said.join(" · ") || "no announcements yet",
    muted: waiting > 0 && v.phase === "ruff" ? ` (${waiting} to announce)` : null }];
  const winners = ruff.winners || [];
  if (winners.length) {
    lines.push({ text: `Ruff won by ${winners.map((s) => p.who(s)).join(" & ")}: 12 points. `, rule: t.firstRule("ruff.award") });
  } else if (announced.length === v.players) {
    lines.push({ text: "Nobody scores the ruff. ", rule: t.firstRule("ruff.tie") });
  }
  if (winners.length && !proofs(v).length && v.phase !== "ruff") {
    lines.push({ text: "The winner shows the ruff once the head is taken and the discards made.", muted: true });
  }
  return { title: "The ruff", lines };
}

const proofs = (v) => (!v.ruff ? [] : (v.ruff.proofs && v.ruff.proofs.length) ? v.ruff.proofs : v.ruff.shown ? [v.ruff.shown] : []);

/**
 * The hands (or parts) shown this deal: [{seat, kind, text, rule, cards, cls}], a card either a
 * string or {card, cls, title} (marked). The loo games' `shows` already have this shape; Ruffe's
 * proofs are turned into it. Removed by Ruffe's view writing its proofs into `shows`.
 */
export function shows(t) {
  const v = t.view;
  const p = t.places;
  const out = (v.shows || []).map((s) => ({ seat: s.seat, kind: s.kind, text: s.text, rule: s.rule, cards: s.cards || [] }));
  for (const proof of proofs(v)) {
    const fromDiscards = new Set(proof.from_discards || []);
    const cards = (proof.cards || []).map((c) => (fromDiscards.has(c)
      ? { card: c, cls: "ed-from-discards", title: `${cardName(c)}, shown from the discards` } : c));
    if (proof.turned) cards.push({ card: proof.turned, cls: "ed-turned-shown", title: `${cardName(proof.turned)}, the turned card` });
    const notes = [];
    if (fromDiscards.size) notes.push(`${fromDiscards.size} from the discards`);
    if (proof.turned) notes.push("with the turned card");
    const who = proof.seat === READER ? "You show" : `${p.seatName(proof.seat)} shows`;
    out.push({ seat: proof.seat, kind: "ruff", cls: "ed-proof", rule: t.firstRule("ruff.proof"), cards,
      text: `${who} the ruff${proof.value !== undefined ? ` of ${proof.value}` : ""}${proof.suit ? ` in ${suitLabel(proof.suit)}` : ""}`
        + (notes.length ? ` (${notes.join(", ")})` : "") });
  }
  return out;
}

/** The seat that took the turned card into its hand (Рамс' dealer, Памфил's), when the view shows it; else null. */
function turnedCardHolder(v) {
  const card = v.turned_card || (v.turned_taken ? v.turned_taken.card : null);
  if (!card) return null;
  if (v.turned_taken && Number.isInteger(v.turned_taken.seat)) return v.turned_taken.seat;
  const hands = v.hands || [];
  for (let seat = 0; seat < hands.length; seat++) {
    const hand = hands[seat];
    const cards = Array.isArray(hand) ? hand : hand && Array.isArray(hand.known) ? hand.known : [];
    if (cards.includes(card)) return seat;
  }
  return null;
}

/**
 * What a seat has gathered besides its tricks, in words (["8 cards won"]: Ruffe counts the
 * cards). Removed by the view giving each seat's counts as labelled items.
 */
export function seatCounts(v, seat) {
  if (!v.won || v.won[seat] === undefined) return [];
  const won = Array.isArray(v.won[seat]) ? v.won[seat].length : v.won[seat];
  return [`${won} card${won === 1 ? "" : "s"} won`];
}

/** The discards being made ({seat, count, cards}), whoever makes them; null when none. */
export function discardsOf(v) {
  const d = v.discards;
  if (!d) return null;
  const count = d.count ?? (d.cards || []).length;
  return { seat: d.seat ?? d.by ?? headTaker(v), count, cards: d.cards || [] };
}

/**
 * The piles on the felt besides the trick: [{cls, card, cardCls, fan, max, empty, lines,
 * trump}] (a face-up card, a fan of faces or of so many backs, or an empty place; its caption
 * in lines; `trump` when it shows what is trumps). Removed by a `piles` list in the view (name,
 * count, the cards the seat may see, who took it).
 */
export function piles(t) {
  const v = t.view;
  const p = t.places;
  const out = [];
  const turnedCard = v.turned_card || (v.turned_taken ? v.turned_taken.card : null);
  const shownTrump = !turnedCard && v.trump_card && v.trump_card.card ? v.trump_card : null;
  const trumps = (suit) => `trumps ${suitLabel(suit).split(" ")[0]}`;
  if (turnedCard) {
    const holder = turnedCardHolder(v);
    out.push({ cls: "ed-turned-pile", card: turnedCard, cardCls: holder === null ? "ed-turned" : "ed-turned ed-taken", trump: true,
      lines: [`Turned: ${cardSymbol(turnedCard)}`, v.trump ? trumps(v.trump) : null,
        holder === null ? null : holder === READER ? "now in your hand" : `taken by ${p.seatName(holder)}`] });
  } else if (shownTrump) {
    // Петух for six: no card is turned; the dealer shows his own last card for trumps.
    out.push({ cls: "ed-turned-pile", card: shownTrump.card, cardCls: "ed-turned", trump: true,
      lines: [`${shownTrump.seat === READER ? "Your" : `${p.seatName(shownTrump.seat)}'s`} last card: ${cardSymbol(shownTrump.card)}`,
        trumps(v.trump || shownTrump.card.slice(-1))] });
  }
  const head = v.head || {};
  const taker = headTaker(v);
  if (head.count || (head.cards || []).length) {
    const cards = head.cards || [];
    const count = head.count ?? cards.length;
    out.push({ cls: taker === null ? "" : "ed-pile-taken", fan: cards.length ? cards : Math.min(count, 4), max: 4,
      lines: [taker === null ? `Head: ${count}` : `Head (${count}): taken by ${p.who(taker)}`] });
  }
  if (v.stock && typeof v.stock === "object" && v.stock.count !== undefined) {
    const count = v.stock.count;
    out.push({ cls: "ed-stock" + (count ? "" : " ed-stock-empty"), fan: count ? Math.min(count, 4) : null, max: 4, empty: !count,
      lines: [count ? `Stock: ${count} card${count === 1 ? "" : "s"}` : "Stock: empty"] });
  }
  if (v.aside && v.aside.count) {
    out.push({ cls: "", fan: Math.min(v.aside.count, 3), max: 3, lines: [`Set aside: ${v.aside.count}`] });
  }
  const discards = discardsOf(v);
  if (discards && discards.count) {
    const mine = discards.seat === READER && discards.cards.length;
    const whose = discards.seat === null || discards.seat === undefined || discards.seat === READER
      ? "Discards" : `${p.seatName(discards.seat)}'s discards`;
    out.push({ cls: "ed-discards", fan: mine ? discards.cards : Math.min(discards.count, 3), max: mine ? 8 : 3,
      lines: [mine ? `Your discards (${discards.count})` : `${whose}: ${discards.count}`] });
  }
  return out;
}

/**
 * The cards the reader took into his hand in this exchange, marked there: {cards, note, line},
 * or null. Removed by the exchange's view naming the cards taken in.
 */
export function takenCards(v) {
  if (v.phase !== "head" || !v.head || !Array.isArray(v.head.cards)) return null;
  return { cards: new Set(v.head.cards), note: "from the head",
    line: `From the head (marked ●): ${v.head.cards.map(cardSymbol).join(" ")}` };
}

/**
 * What the ledger's sheet needs beyond `score_sheet`, `totals`, `target`, `lower_is_better`:
 * the start value and the rules of the start and of the target. Removed by the view's ledger
 * carrying its start (and the rules that set the start and the target).
 */
export function ledgerExtras(t) {
  const v = t.view;
  return { start: v.start_record ?? null, startRule: t.firstRule("score.start", "setup.start"),
    targetRule: t.firstRule("end.winner", "game.target") };
}

/**
 * Money beside the score: [{title, label, rule, amounts}] (Памфил's side payments, the
 * settlement at the end). Removed by these being ledger entries of their own unit in the view
 * (their totals per seat, their rule).
 */
export function accounts(t) {
  const v = t.view;
  const out = [];
  if (Array.isArray(v.payments) && v.payments.some((a) => a)) {
    out.push({ title: "Side payments for declaring the pamphil", label: "Side payments (pamphil)",
      rule: t.firstRule("bid.declare-payment"), amounts: v.payments });
  }
  if (Array.isArray(v.settlement)) {
    const stake = v.variant && v.variant.stake;
    out.push({ title: `Settlement${stake ? ` (stake ${stake})` : ""}`, label: "Settlement (net)",
      rule: v.settlement_rule || t.firstRule("settle.systems", "settle.remaining-records"), amounts: v.settlement });
  }
  return out;
}

/**
 * The last deal in words, at the start of the next (["Cards won: …", …]). Removed by the view
 * giving the last deal's `GameState.deal_summary`, drawn as the comparison draws it.
 */
export function lastDealFacts(t, prev) {
  const p = t.places;
  const list = (values, show) => values.map((value, i) => show(value, i)).join(" · ");
  const facts = [];
  if ((prev.won || []).length) facts.push(`Cards won: ${list(prev.won, (w, s) => `${p.who(s)} ${Array.isArray(w) ? w.length : w}`)}. `);
  if ((prev.points || []).length) facts.push(`Points for the cards: ${list(prev.points, (n, side) => `${p.sideLabel(side)} ${n}`)}. `);
  if (!prev.won && (prev.tricks || []).length) facts.push(`Tricks: ${list(prev.tricks, (n, s) => `${p.who(s)} ${n}`)}. `);
  const changes = prev.changes || [];
  if (changes.length) {
    facts.push(`Records changed: ${list(changes, (c, s) => `${p.who(s)} ${signed(c)}`)}`);
    facts.push((prev.records || []).length ? ` (now ${list(prev.records, (r, s) => `${p.who(s)} ${r}`)}). ` : ". ");
  }
  return facts;
}
