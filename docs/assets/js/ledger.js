// The ledger renderer: one score sheet for every game, drawn from the engine's ledger as a view
// (or a compare result) gives it: `score_sheet` (a row per deal: deal, dealer, entries, complete,
// void), each entry {side, points, rule, why, and for a written-down unit record: seat, record},
// the sides' `totals`, and a view's `ledger` (the unit, its start and target with their rules,
// `lower_is_better`: a record written down towards the target, as in the loo games, each change
// shown signed with the record after it; the accounts besides the score; and `entries`, every entry
// of the deal in progress and the one before in every unit, of which those outside the sheet's unit
// (points of play where the sheet counts another unit, the last trick's point among them) are drawn
// under the sheet by entriesTables). A compare result
// gives `target` and `lower_is_better` beside its sheet instead. The play table and the
// comparison panel both draw their sheets here.
//
// A renderer context `ctx` gives what a sheet needs of its page: el (the site's element
// builder), ruleLink(id), words(sentence) (the engine's sentence with the table's seat names and
// card symbols), sideLabel(side) for the column heads, seatName(seat) for the dealer.

import { tr, unitWord } from "./lang.js";

const MINUS = "\u2212";

/** A change, signed: "−3", "+5", "0". */
export const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `${MINUS}${-n}` : "0");

/** An amount as the sheet shows it: a change to a record signed, points as they are. */
export const amountText = (n, lower) => (lower ? signed(n) : String(n));

/** The unit's name in the plural ("record" -> "records"; Russian: "счета"). */
const plural = (unit) => unitWord(unit, "many");
const capital = (text) => text.replace(/^./, (c) => c.toUpperCase());

/** The ledger of a view (its `ledger`) or of a compare result, in the shape the renderer reads.
 *  @param {import('./view-types.js').View | Object} source */
export function ledgerOf(source) {
  const book = source.ledger || {};
  const lower = Boolean(book.lower_is_better ?? source.lower_is_better);
  const sides = (source.sides && source.sides.length) ? source.sides
    : (source.outcome && source.outcome.sides && source.outcome.sides.length) ? source.outcome.sides
      : (source.totals || []).map((_, i) => [i]);
  return {
    unit: book.unit ?? source.unit ?? (lower ? "record" : "points"),
    lower,
    sheet: source.score_sheet || [],
    sides,
    totals: source.totals || [],
    target: book.target ?? source.target ?? null,
    start: book.start ?? null,
    startRule: book.start_rule ?? null,
    targetRule: book.target_rule ?? null,
    accounts: book.accounts || [],
    // (the entries in the sheet's unit are its rows already; the others are only here)
    entries: (book.entries || []).filter((entry) => entry.unit !== (book.unit ?? source.unit)),
  };
}

/** The start of `side`'s score: one value for every side, or each its own. */
const startOf = (ledger, side) => (Array.isArray(ledger.start) ? ledger.start[side] : ledger.start);

/** The sheet's heading: "Score sheet", or "Score sheet: the records" for a unit written down. */
export function sheetTitle(ledger) {
  return ledger.unit === "points" ? tr("Score sheet") : tr("Score sheet: the {0}", plural(ledger.unit));
}

/** One line on how to read the sheet of a unit written down (null for points). */
export function sheetNote(ledger) {
  if (!ledger.lower) return null;
  const start = Array.isArray(ledger.start) ? null : ledger.start;
  return tr("Each seat's {0} starts at {1}; what is written off ({2}) brings it down, what is written up (+) raises it. "
    + "Lower is better.", unitWord(ledger.unit), start ?? tr("its start"), MINUS);
}

/** "25 (first to 0 wins)" / "52 points": the game's end as the info bar says it. */
export function gameText(ledger) {
  if (ledger.lower) {
    const start = Array.isArray(ledger.start) ? ledger.start.join(", ") : ledger.start;
    return tr("{0} start at {1}; the first written down to {2} wins", plural(ledger.unit), start ?? "?",
      ledger.target ?? 0);
  }
  return ledger.target ? `${ledger.target} ${unitWord(ledger.unit, "of")}` : null;
}

/** The totals' label: "Score" or "Records" (for the info bar). */
export function totalsLabel(ledger) {
  return ledger.unit === "points" ? tr("Score") : capital(plural(ledger.unit));
}

/** The foot's first row label: "Total (game: 52)" or "Record (first to 0 wins) § rule". */
function totalLabel(ctx, ledger) {
  const { el } = ctx;
  const rule = ledger.targetRule ? [" ", ctx.ruleLink(ledger.targetRule)] : null;
  if (ledger.lower) {
    const unit = capital(unitWord(ledger.unit));
    return el("span", null, ledger.target === null ? tr("{0} left", unit)
      : tr("{0} (first to {1} wins)", unit, ledger.target), rule);
  }
  return el("span", null, ledger.target ? tr("Total (game: {0})", ledger.target) : tr("Total"), rule);
}

/** The why of an entry (or of a void deal): the engine's sentence and its rule. */
function why(ctx, item, prefix = "") {
  const { el } = ctx;
  return el("td", null, prefix, ctx.words(item.why || ""), item.rule ? " " : null, item.rule ? ctx.ruleLink(item.rule) : null);
}

/** An entry's cell in its side's column: the points, or a record's change and the record after it. */
function amountCell(ctx, ledger, entry) {
  const { el } = ctx;
  const points = Number(entry.points) || 0;
  if (!ledger.lower) return el("td", { class: "ed-num" }, String(entry.points));
  const words = points < 0 ? tr("written off {0}", -points) : points > 0 ? tr("written up {0}", points) : tr("no change");
  const after = entry.record ?? entry.after ?? null;
  const note = after === null ? "" : `; ${unitWord(ledger.unit)} ${after}`;
  return el("td", { class: `ed-num ed-change ${points < 0 ? "ed-down" : points > 0 ? "ed-up" : ""}`, title: `${words}${note}` },
    el("span", { class: "ed-delta", "aria-hidden": "true" }, signed(points)),
    after === null ? null : el("span", { class: "ed-after", "aria-hidden": "true" }, `→ ${after < 0 ? MINUS + -after : after}`),
    el("span", { class: "ed-visually-hidden" }, `${words}${note.replace(";", ",")}`));
}

/** A deal's entries as the sheet's rows: an entry joins the row above when it is for the same
 *  rule and reason and that row has nothing yet in its side's column, so that a payment (the
 *  payer's entry and the payee's) and a stake every side puts in read as one line each. */
function sheetRows(entries) {
  const rows = [];
  for (const entry of entries) {
    const last = rows.at(-1);
    if (last && last.entry.rule === entry.rule && last.entry.why === entry.why && !last.bySide.has(entry.side)) {
      last.bySide.set(entry.side, entry);
      last.payment ||= entry.counterparty !== undefined && entry.counterparty !== null;
    } else {
      rows.push({ entry, bySide: new Map([[entry.side, entry]]), payment: false });
    }
  }
  return rows;
}

function tableClass(ledger, cls) {
  return "ed-sheet-table" + (ledger.lower ? " ed-record-sheet" : "") + (cls ? ` ${cls}` : "");
}

/**
 * The score sheet: a row per entry (its deal and dealer, why with its rule, the amount in its
 * side's column), a row for a deal without entries (void, being played, no change), the start
 * when the unit has one, and in the foot the totals and any further accounts.
 *
 * options: deals (a Deal column, default true), replay(deal) (a control to replay a finished
 * deal, or null), accounts ([{label, rule, totals}]: the ledger's accounts besides the score,
 * rows under the totals; one that is nothing for every side is left out), totals
 * ({label, values}: instead of the ledger's totals; null for none), cls (a class for the table).
 */
export function sheetTable(ctx, ledger, { deals = true, replay = null, accounts = [], totals, cls = "" } = {}) {
  const { el } = ctx;
  const sides = ledger.sides;
  const cells = (value) => sides.map((_, s) => el("td", { class: "ed-num" }, value(s)));
  const width = (deals ? 2 : 1) + sides.length;
  const head = el("tr", null, deals ? el("th", { scope: "col" }, tr("Deal")) : null, el("th", { scope: "col" }, tr("Why")),
    sides.map((_, i) => el("th", { scope: "col", class: "ed-num" }, ctx.sideLabel(i))));
  const body = el("tbody");
  if (ledger.start !== null && ledger.start !== undefined) {
    const rule = ledger.startRule ? [" ", ctx.ruleLink(ledger.startRule)] : null;
    body.append(el("tr", { class: "ed-start-row" }, deals ? el("td", null, "") : null,
      el("td", null, Array.isArray(ledger.start) ? tr("The {0} start", plural(ledger.unit))
        : tr("Every {0} starts at {1}", unitWord(ledger.unit), ledger.start),
        rule), cells((s) => String(startOf(ledger, s)))));
  }
  for (const deal of ledger.sheet) {
    const entries = deal.entries || [];
    const dealCell = (i) => (deals ? el("td", { class: "ed-deal-cell" }, i === 0 ? String(deal.deal) : "",
      i === 0 && deal.dealer !== undefined && deal.dealer !== null
        ? el("span", { class: "ed-muted ed-dealer-note" }, tr(" {0} dealt", ctx.seatName(deal.dealer))) : null) : null);
    if (!entries.length) {
      const blank = deal.void ? why(ctx, deal.void, tr("Void: "))
        : el("td", { class: "ed-muted" }, deal.complete === false ? tr("being played") : ledger.lower ? tr("no change") : tr("no score"));
      body.append(el("tr", { class: deal.void ? "ed-void" : null }, dealCell(0), blank, cells(() => "")));
    }
    sheetRows(entries).forEach((row, i) => {
      body.append(el("tr", { class: "ed-entry" + (row.payment ? " ed-payment" : "") }, dealCell(i), why(ctx, row.entry),
        sides.map((_, s) => (row.bySide.has(s) ? amountCell(ctx, ledger, row.bySide.get(s))
          : el("td", { class: "ed-num" }, "")))));
    });
    const control = replay && deal.complete !== false ? replay(deal.deal) : null;
    if (control) body.append(el("tr", { class: "ed-replay-row" }, el("td", { colspan: String(width) }, control)));
  }
  const row = (label, values, rowCls) => el("tr", { class: rowCls || null },
    el("th", { scope: "row", colspan: String(width - sides.length) }, label),
    cells((s) => (values[s] === undefined ? "" : String(values[s]))));
  const foot = el("tfoot");
  if (totals !== null) {
    const sum = totals || { label: totalLabel(ctx, ledger), values: sides.map((_, i) => ledger.totals[i] ?? 0) };
    foot.append(row(sum.label, sum.values));
  }
  for (const account of accounts) {
    if (!(account.totals || []).some((a) => a)) continue;
    const rule = account.rule ? [" ", ctx.ruleLink(account.rule)] : null;
    foot.append(row(el("span", null, account.label, rule), account.totals.map(signed), "ed-money-row"));
  }
  return el("table", { class: tableClass(ledger, cls) }, el("thead", null, head), body, foot);
}

/**
 * The sheet by deals: a row per deal with what it gave each side (a void deal says so), and
 * the totals under them ("Total", or for a unit written down what is left of it).
 */
export function dealsTable(ctx, ledger, { cls = "" } = {}) {
  const { el } = ctx;
  const sides = ledger.sides;
  const rows = ledger.sheet.map((deal) => {
    const sums = sides.map(() => 0);
    for (const entry of deal.entries || []) sums[entry.side] += entry.points;
    return el("tr", null, el("td", null, String(deal.deal)), deal.void && !(deal.entries || []).length
      ? el("td", { colspan: String(sides.length), class: "ed-muted" }, tr("void"))
      : sums.map((sum) => el("td", { class: "ed-num" }, sum || !ledger.lower ? amountText(sum, ledger.lower) : "·")));
  });
  return el("table", { class: tableClass(ledger, cls) },
    el("thead", null, el("tr", null, el("th", { scope: "col" }, tr("Deal")),
      sides.map((_, i) => el("th", { scope: "col", class: "ed-num" }, ctx.sideLabel(i))))),
    el("tbody", null, rows),
    el("tfoot", null, el("tr", null, el("th", { scope: "row" }, totalLabel(ctx, ledger)),
      sides.map((_, i) => el("td", { class: "ed-num" }, String(ledger.totals[i] ?? 0))))));
}

/** Entries in a row each, except that a run of three or more entries of one rule (a point for
 *  each lead and trick won) is one row, its amounts summed per side and its why the run's first
 *  and last. */
function runs(entries) {
  const groups = [];
  for (const entry of entries) {
    const last = groups.at(-1);
    if (last && last[0].rule === entry.rule) last.push(entry);
    else groups.push([entry]);
  }
  return groups.flatMap((group) => {
    const rows = group.length < 3 ? group.map((entry) => [entry]) : [group];
    return rows.map((run) => {
      const sums = new Map();
      for (const entry of run) sums.set(entry.side, (sums.get(entry.side) ?? 0) + (Number(entry.points) || 0));
      const first = run[0].why, last = run.at(-1).why;
      return { rule: run[0].rule, sums, why: first === last ? first : `${first} … ${last}` };
    });
  });
}

/**
 * The ledger's entries outside the sheet's unit (a view's `ledger.entries`: points of play where
 * the sheet counts another unit, the last trick's among them, of the deal in progress and the one
 * before), a table per
 * unit, folded under a summary naming the unit: a row per entry (a run of one rule's entries
 * summed, see runs), the amount in its side's column. An empty list when there are none.
 */
export function entriesTables(ctx, ledger, { cls = "" } = {}) {
  const { el } = ctx;
  const sides = ledger.sides;
  const units = [...new Set(ledger.entries.map((entry) => entry.unit))];
  return units.map((unit) => {
    const mine = ledger.entries.filter((entry) => entry.unit === unit);
    const body = el("tbody");
    for (const deal of [...new Set(mine.map((entry) => entry.deal))]) {
      runs(mine.filter((entry) => entry.deal === deal)).forEach((row, i) => {
        body.append(el("tr", { class: "ed-entry" }, el("td", { class: "ed-deal-cell" }, i === 0 ? String(deal) : ""),
          why(ctx, row), sides.map((_, s) => el("td", { class: "ed-num" }, row.sums.has(s) ? String(row.sums.get(s)) : ""))));
      });
    }
    const head = el("tr", null, el("th", { scope: "col" }, tr("Deal")), el("th", { scope: "col" }, tr("Why")),
      sides.map((_, i) => el("th", { scope: "col", class: "ed-num" }, ctx.sideLabel(i))));
    return el("details", { class: "ed-sheet-entries", "data-unit": unit },
      el("summary", null, capital(tr("The {0} of this deal and the last, entry by entry", plural(unit)))),
      el("div", { class: "ed-scroll" }, el("table", { class: tableClass({ lower: false }, cls) }, el("thead", null, head), body)));
  });
}
