"""One ledger for every figure a game writes: points, records, tokens, coins, payments.

A game writes :class:`Entry` values, in order, and every figure the reader sees is a view
of them: the score sheet (:meth:`Ledger.sheet`), the totals of each side in a unit
(:meth:`Ledger.totals`), what a deal changed, the side payments between players.
Because the entries are ordered, a rule such as Piquet's pique ("thirty before the
opponent has scored anything in the deal") is a question put to the ledger
(:meth:`Ledger.scored`), not state of its own.

>>> book = Ledger(sides=2)
>>> book.open_deal(1, dealer=1)
>>> book.write(1, side=0, amount=12, unit="points", rule="ruffe-and-trumps.ruff.award",
...            reason="Ruff: 34, seat 0", seat=0).after
12
>>> book.totals("points"), book.scored(1, side=1, unit="points")
([12, 0], False)
>>> book.close_deal()
>>> [row["entries"][0]["points"] for row in book.sheet("points")]
[12]

A payment is two entries, one for each party, each naming the other:

>>> book.pay(1, payer=1, payee=0, amount=2, unit="coins", rule="gleek.vie.base-payment", reason="the vie")
>>> book.totals("coins"), [e.counterparty for e in book.entries if e.unit == "coins"]
([2, -2], [1, 0])
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import NamedTuple

from engine.i18n import Text, written_as
from engine.view_types import SheetEntry, SheetRow

__all__ = ["Entry", "DealRow", "Ledger"]


class Entry(NamedTuple):
    """One line of the ledger: in deal ``deal``, side ``side`` (and, where one player
    is meant, ``seat``) gains ``amount`` (negative: loses, or writes off a record) of
    ``unit``, by rule ``rule``, for ``reason``.  ``counterparty`` is the other party of
    a payment; ``after`` is the side's running total in the unit after this entry."""

    deal: int
    side: int
    amount: int
    unit: str
    rule: str
    reason: str | Text
    seat: int | None = None
    counterparty: int | None = None
    after: int | None = None

    def to_json(self) -> SheetEntry:
        """The entry as a score sheet shows it: ``side``, ``points``, ``rule``, ``why``
        (and ``seat``, ``record`` after it, ``counterparty`` where they apply)."""
        why = str(self.reason)  # (a Text: in the reader's language)
        data: SheetEntry
        if self.unit == "record" and self.after is not None:
            data = {"side": self.side, "points": self.amount, "record": self.after, "rule": self.rule, "why": why}
            if self.seat is not None:
                data = {"seat": self.seat, **data}
        else:
            data = {"side": self.side, "points": self.amount, "rule": self.rule, "why": why}
        if self.counterparty is not None:
            data["counterparty"] = self.counterparty
        return data


@dataclass(slots=True)
class DealRow:
    """What the ledger knows of a deal besides its entries: its dealer, whether it is
    over, and for a void deal the rule and the reason."""

    deal: int
    dealer: int
    complete: bool = False
    void: dict[str, str | Text] | None = None


@dataclass(slots=True)
class Ledger:
    """The ordered entries of a whole game, and the deals they belong to."""

    sides: int
    entries: list[Entry] = field(default_factory=list)
    rows: list[DealRow] = field(default_factory=list)
    _totals: dict[str, list[int]] = field(default_factory=dict)
    # Each entry as a score sheet shows it, per language, written once: the entries are never
    # changed once written (a record written off is a new entry), so a view does not write the
    # whole sheet again after every action. Each caller gets its own copy of a row's dicts.
    _shown: dict[str, list[SheetEntry]] = field(default_factory=dict)

    def start(self, unit: str, value: int | list[int]) -> None:
        """Every side begins with ``value`` of ``unit`` (the loo records' starting
        record), or each side with its own; entries then move it."""
        self._totals[unit] = list(value) if isinstance(value, list) else [value] * self.sides

    def copy(self) -> Ledger:
        """An independent ledger (entries are immutable and shared)."""
        return Ledger(self.sides, list(self.entries),
                      [DealRow(r.deal, r.dealer, r.complete, dict(r.void) if r.void else None) for r in self.rows],
                      {unit: list(values) for unit, values in self._totals.items()})

    # ----- writing --------------------------------------------------------------
    def open_deal(self, deal: int, dealer: int) -> None:
        self.rows.append(DealRow(deal, dealer))

    def close_deal(self, void: dict[str, str | Text] | None = None) -> None:
        row = self.rows[-1]
        row.complete = True
        row.void = void

    def write(self, deal: int, side: int, amount: int, unit: str, rule: str, reason: str | Text,
              seat: int | None = None, counterparty: int | None = None) -> Entry:
        """Add an entry (its fields as :class:`Entry`'s), with the side's total in the
        unit after it; returns it."""
        totals = self._totals.get(unit)
        if totals is None:
            totals = self._totals[unit] = [0] * self.sides
        after = totals[side] = totals[side] + amount
        entry = Entry(deal, side, amount, unit, rule, reason, seat, counterparty, after)
        self.entries.append(entry)
        return entry

    def pay(self, deal: int, payer: int, payee: int, amount: int, unit: str, rule: str, reason: str | Text) -> None:
        """``payer`` pays ``payee`` ``amount``: an entry for each, naming the other."""
        self.write(deal, payee, amount, unit, rule, reason, seat=payee, counterparty=payer)
        self.write(deal, payer, -amount, unit, rule, reason, seat=payer, counterparty=payee)

    # ----- views ----------------------------------------------------------------
    def units(self) -> list[str]:
        """The units of the entries, in the order each was first written."""
        return list(dict.fromkeys(e.unit for e in self.entries))

    def totals(self, unit: str) -> list[int]:
        """Each side's total in ``unit`` (its starting value and every entry)."""
        return list(self._totals.get(unit) or [0] * self.sides)

    def in_deal(self, deal: int, unit: str | None = None) -> Iterator[Entry]:
        return (e for e in self.entries if e.deal == deal and (unit is None or e.unit == unit))

    def changes(self, deal: int, unit: str) -> list[int]:
        """What deal ``deal`` changed for each side in ``unit``."""
        moved = [0] * self.sides
        for entry in self.in_deal(deal, unit):
            moved[entry.side] += entry.amount
        return moved

    def scored(self, deal: int, side: int, unit: str, before: int | None = None) -> bool:
        """Whether ``side`` has scored anything (a positive entry) in ``unit`` in deal
        ``deal``, among the first ``before`` entries of the ledger if given."""
        entries: Iterable[Entry] = self.entries if before is None else self.entries[:before]
        return any(e.deal == deal and e.side == side and e.unit == unit and e.amount > 0 for e in entries)

    def _shown_entries(self) -> list[SheetEntry]:
        """Every entry's :meth:`Entry.to_json` in the current language (kept; not to be changed)."""
        shown = self._shown.setdefault(written_as(), [])
        for entry in self.entries[len(shown):]:
            shown.append(entry.to_json())
        return shown

    def sheet(self, unit: str, current: bool = False) -> list[SheetRow]:
        """The score sheet in ``unit``: a row per deal that is over (and, with
        ``current``, the deal in progress once it has an entry), each with its deal,
        dealer, entries, and ``void`` for a void deal."""
        by_deal: dict[int, list[SheetEntry]] = {}
        for entry, shown in zip(self.entries, self._shown_entries()):
            if entry.unit == unit:
                by_deal.setdefault(entry.deal, []).append(shown.copy())
        rows = []
        for row in self.rows:
            entries = by_deal.get(row.deal, [])
            if not row.complete and not (current and entries):
                continue
            data: SheetRow = {"deal": row.deal, "dealer": row.dealer, "entries": entries, "complete": row.complete}
            if row.void is not None:  # (its why a Text: in the reader's language)
                data["void"] = {"rule": str(row.void["rule"]), "why": str(row.void["why"])}
            rows.append(data)
        return rows
