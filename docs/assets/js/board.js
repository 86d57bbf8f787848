// The board's words around the felt: the info bar (deal, dealer, trumps, the game's end, the
// phase in words, whose turn, the score), the outcome at the end of the game (winners, final
// score, the reason with the seats named, the accounts besides the score), and at the start of
// a deal a line on what the last one gave (the view's `previous_deal`, a deal summary). `t` is
// the play table (table.js): its view, phase, ledger, Places, el, words, and its boxes (info,
// outcomeBox, dealBox).

import { suitLabel } from "./cards.js";
import { tr, unitWord } from "./lang.js";
import { gameText, totalsLabel } from "./ledger.js";
import { downloadRecord } from "./table-records.js";
import { READER } from "./words.js";

export function renderInfo(t) {
  const { el } = t;
  const v = t.view;
  const p = t.places;
  const ledger = t.ledger;
  const items = [];
  if (v.deal) items.push([tr("Deal"), String(v.deal)]);
  if (v.dealer !== undefined && v.dealer !== null) items.push([tr("Dealer"), p.seatName(v.dealer)]);
  if (v.trump) items.push([tr("Trumps"), suitLabel(v.trump), "trumps"]);
  const game = gameText(ledger);
  if (game) items.push([tr("Game"), game]);
  if (v.phase) items.push([tr("Now"), t.phase.renderer.status(t)]);
  if (Array.isArray(v.active) && v.active.length && !v.over && v.active.length < v.players) {
    // Who plays this deal, once some have passed.
    items.push([tr("Playing"), v.active.slice().sort((a, b) => a - b).map((s) => p.who(s)).join(", ")]);
  }
  const turn = v.over ? tr("game over") : v.to_act === READER ? tr("yours") : v.to_act !== null && v.to_act !== undefined
    ? p.seatName(v.to_act) : "—";
  items.push([tr("Turn"), turn]);
  const dl = el("dl", { class: "ed-info-list" });
  for (const [k, val, what] of items) {
    dl.append(el("div", { class: "ed-info-item" + (what === "trumps" ? ` ed-trump ed-suit-${v.trump}` : "") },
      el("dt", null, k), el("dd", null, val)));
  }
  if (ledger.totals.length) {
    dl.append(el("div", { class: "ed-info-item ed-totals" }, el("dt", null, totalsLabel(ledger)),
      el("dd", null, ledger.totals.map((total, i) => `${p.sideLabel(i)} ${total}`).join(" · "),
        ledger.lower ? el("span", { class: "ed-muted" }, tr(" (lower is better)")) : null)));
  }
  t.info.replaceChildren(dl);
}

/** At the start of a deal, what the last one gave (it ended with the last bot's card). */
export function renderLastDeal(t) {
  const { el } = t;
  const v = t.view;
  const box = t.dealBox;
  const prev = v.previous_deal;
  if (!prev || v.over || (v.tricks_played ?? 0) > 0) {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  box.replaceChildren(
    el("strong", null, tr("Deal {0} is over. ", prev.deal)),
    t.words(prev.text || ""),
    tr(" See the score sheet."));
  box.hidden = false;
}

/** The end of the game: who won, the final score, why, the money, and two buttons. */
export function renderOutcome(t) {
  const { el } = t;
  const v = t.view;
  const box = t.outcomeBox;
  if (!v.over || !v.outcome) {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  const p = t.places;
  const o = v.outcome;
  const winners = o.winners || [];
  const youWin = winners.includes(READER);
  const winnerNames = winners.map((s) => p.seatName(s)).join(tr(" & "));
  const scores = (o.sides && o.sides.length ? o.sides : (v.sides || [])).map((side, i) => {
    const seats = Array.isArray(side) ? side : [side];
    const score = o.scores ? o.scores[seats[0]] : (v.totals || [])[i];
    return `${seats.map((s) => p.seatLabel(s)).join(tr(" & "))}: ${score}`;
  });
  const parts = [
    el("h3", null, youWin ? tr("You win!") + (winners.length > 1 ? ` (${winnerNames})` : "")
      : !winners.length ? tr("Nobody wins.") : winners.length === 1 ? tr("{0} wins.", winnerNames) : tr("{0} win.", winnerNames)),
    el("p", null, t.ledger.lower ? tr("Final {0} (lower is better): ", unitWord(t.ledger.unit, "many")) : null,
      scores.join(" · ")),
    o.reason ? el("p", { class: "ed-note" }, t.words(o.reason)) : null,
    ...t.ledger.accounts.map((account) => moneyLine(t, account.label, account.totals)),
    el("div", { class: "ed-action-buttons" },
      el("button", { type: "button", class: "md-button md-button--primary", onclick: () => t.playAgain() }, tr("Play again")),
      el("button", { type: "button", class: "md-button", onclick: () => downloadRecord(t) }, tr("Download the record")))];
  box.replaceChildren(...parts.filter(Boolean));
  box.hidden = false;
  box.dataset.outcome = youWin ? "win" : "loss";
}

/** "Settlement: South receives 12 · West pays 7": an account's net total per side (positive:
 *  received). */
function moneyLine(t, title, amounts) {
  if (!Array.isArray(amounts) || !amounts.some((a) => a)) return null;
  const p = t.places;
  const parts = amounts.map((a, side) => {
    const seats = p.sideSeats(side);
    const you = seats.includes(READER);
    const who = seats.length === 1 ? p.who(seats[0]) : p.sideName(side);
    if (a > 0) return you ? tr("{0} receive {1}", who, a) : tr("{0} receives {1}", who, a);
    if (a < 0) return you ? tr("{0} pay {1}", who, -a) : tr("{0} pays {1}", who, -a);
    return tr("{0} even", who);
  });
  return t.el("p", { class: "ed-money" }, t.el("strong", null, `${title}: `),
    parts.join(" · ").replace(/^./, (c) => c.toUpperCase()) + ".");
}
