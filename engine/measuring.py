"""The hook through which a game adds its own facts to :func:`engine.simulate.simulate`.

A game's spec names its measures (``GameSpec(measures="module:Class")``): a
:class:`GameMeasures` subclass, in a module beside the game, that may watch every
action and reads the score sheet and the log of every finished game; :func:`measures_of`
finds it.  What every game's measures share lives here: the generic rows they begin
and end with, the hook itself, and the small arithmetic the rows are written with.

>>> share(1, 3), ratio(7, 3), mean([1, 2, 4]), share(1, 0)
(0.3333, 2.333, 2.333, None)
>>> rule_tail("mushka.score.no-trick")
'score.no-trick'
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from engine import games
from engine.game import Action, GameSpec, GameState, Variant
from engine.i18n import N_

__all__ = ["GENERIC_HEAD", "GENERIC_TAIL", "GameMeasures", "Ratio", "measures_of", "rule_tail", "ratio", "share",
           "mean"]

# The rows every game's measures begin and end with; a game may reword them
# (:attr:`GameMeasures.generic`) or leave some out (:attr:`GameMeasures.omit`).
GENERIC_HEAD: dict[str, str] = {
    "games": N_("games played for this row (N)"),
    "mean_deals_per_game": N_("mean number of deals before a side reached the target"),
    "median_deals_per_game": N_("median number of deals per game"),
}
GENERIC_TAIL: dict[str, str] = {
    "first_side_win_share": N_("share of games won by the side of seat 0 (eldest hand in the first deal)"),
    "mean_winning_total": N_("mean final total of the winning side"),
    "mean_margin": N_("mean final lead of the winner over the best other side"),
}


def rule_tail(rule: str | None) -> str:
    """A rule id without its game: ``mushka.score.no-trick`` -> ``score.no-trick``
    (Памфил scores by Мушка's rules, so a tail names the rule in both)."""
    return (rule or "").partition(".")[2]


class Ratio(float):
    """A measured figure that remembers what it was computed from: ``num / den``, rounded.

    It is the float the pages show (rounded to ``places``) and carries the sums it came
    from, so that the figure of one game (or one deal) can be added to others': the
    paired comparison of readings (:mod:`engine.simulate`, :mod:`engine.stats`) pools
    each metric as a ratio of sums over games, never as a mean of per-game ratios.

    >>> r = Ratio(1, 3, 4)
    >>> r, r.num, r.den
    (0.3333, 1, 3)
    """

    num: float
    den: float
    places: int

    def __new__(cls, num: float, den: float, places: int) -> Ratio:
        value = super().__new__(cls, round(num / den, places))
        value.num, value.den, value.places = num, den, places
        return value


def ratio(total: int | float, count: int | float, places: int = 3) -> float | None:
    """``total / count`` (a mean per deal, per buyer …) to ``places`` places, or ``None``
    when there was nothing to count (a :class:`Ratio`, which keeps ``total`` and ``count``)."""
    return Ratio(total, count, places) if count else None


def share(hits: int | float, total: int | float) -> float | None:
    """``hits / total`` to four places, or ``None`` when there was nothing to count."""
    return ratio(hits, total, 4)


def mean(values: Sequence[float]) -> float | None:
    """The mean to three places, or ``None`` for no values (a :class:`Ratio` of the sum and the count)."""
    return Ratio(math.fsum(values), len(values), 3) if values else None


class GameMeasures:
    """What one game adds to :func:`~engine.simulate.simulate`: its own facts, gathered game by game.

    A subclass declares ``metrics`` (name -> plain description, in page order), may
    reword or leave out generic rows (``generic``, ``omit``), names for a contested rule
    the configuration where its readings bite (``contexts``), the rows that show its
    consequence (``focus``: the comparison adds games until their differences are precise)
    and the rows its readings count in different units (``incomparable``: rule id ->
    metric -> the reason; such a row is marked "not comparable across these readings"). One instance serves one ``simulate`` call: ``observe``
    sees every action (only when ``observes`` is true), ``add_game`` every finished game,
    ``results`` returns one value per metric. A game that names no measures gets this
    class: the generic rows alone.
    """

    metrics: ClassVar[dict[str, str]] = {}
    generic: ClassVar[dict[str, str]] = {}
    omit: ClassVar[tuple[str, ...]] = ()
    contexts: ClassVar[dict[str, dict[str, Any]]] = {}
    focus: ClassVar[dict[str, tuple[str, ...]]] = {}
    incomparable: ClassVar[dict[str, dict[str, str]]] = {}
    observes: ClassVar[bool] = False

    def __init__(self, variant: Variant) -> None:
        self.variant = variant

    @classmethod
    def rows(cls) -> dict[str, str]:
        """Every metric of a measured row, in order, with its description."""
        rows = {**GENERIC_HEAD, **cls.metrics, **GENERIC_TAIL}
        return {name: cls.generic.get(name, text) for name, text in rows.items() if name not in cls.omit}

    def observe(self, state: GameState, seat: int, action: Action, deal: int) -> None:
        """One action, before it is applied (only called when ``observes``)."""

    def add_game(self, state: GameState, view: Mapping[str, Any], deals: list[dict[str, Any]]) -> None:
        """A finished game: its omniscient view and its deals as
        :func:`~engine.simulate.sheet_by_deal` gives them."""

    def results(self) -> dict[str, Any]:
        return {}


def measures_of(spec: GameSpec) -> type[GameMeasures]:
    """The measures ``spec`` names, or :class:`GameMeasures` (the generic rows alone) if it names none.

    >>> measures_of(games.get("mushka")).__name__
    'MushkaMeasures'
    """
    found = GameMeasures if spec.measures is None else games.named(spec.measures)
    if not (isinstance(found, type) and issubclass(found, GameMeasures)):
        raise TypeError(f"{spec.id}: its measures {spec.measures!r} are no GameMeasures class")
    return found
