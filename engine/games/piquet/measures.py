"""Piquet's own measures for :func:`engine.simulate.simulate` (its spec names
:class:`PiquetMeasures`): how often the bonuses happen (carte blanche, repique, pique, capot,
the open capot announced and made), the elder's advantage in a deal, the difference written,
and drawn parties.  Every figure is read from the ledger's entries in points of each deal
(the rule each names) and from the columns; the elder of each deal from the state's record
of it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.game import GameState, Variant
from engine.i18n import N_
from engine.measuring import GameMeasures, mean, share

__all__ = ["PiquetMeasures"]

_COUNTED = {
    "piquet.carte-blanche.score": "carte_blanche",
    "piquet.bonus.repique": "repique",
    "piquet.bonus.pique": "pique",
    "piquet.play.capot": "capot",
    "piquet.play.open-capot": "open_capot",
    "piquet.declare.all-counted": "all_counted",
    "piquet.sequence.major-bonus": "major_bonus",
}


class PiquetMeasures(GameMeasures):
    """Piquet: the bonuses, the elder's advantage, the difference written per deal."""

    metrics = {
        "mean_points_per_deal": N_("mean points scored in a deal by both players together (declarations and play)"),
        "mean_difference_per_deal": N_("mean difference written in the higher column per deal "
                                       "(under the rubicon, the difference between the two totals written)"),
        "mean_elder_advantage": N_("mean of the elder's points minus the younger's, per deal"),
        "elder_tops_deal_share": N_("share of deals in which the elder scored more than the younger"),
        "carte_blanche_share": N_("share of deals with a carte blanche scored"),
        "repique_share": N_("share of deals with a repique"),
        "pique_share": N_("share of deals with a pique"),
        "capot_share": N_("share of deals with a capot (open or not)"),
        "open_capot_announced_share": N_("share of deals in which an open capot was announced"),
        "open_capot_made_share": N_("share of deals in which an announced capot was made (80)"),
        "all_counted_share": N_("share of deals with the 20 for all cards counted"),
        "major_bonus_share": N_("share of deals with the extra point for a major sequence"),
        "drawn_game_share": N_("share of games drawn (the columns, or the totals, level at the end)"),
    }
    generic = {
        "mean_deals_per_game": N_("mean number of deals in a partie"),
        "first_side_win_share": N_("share of games won by seat 0 (the cut decides who deals first)"),
        "mean_winning_total": N_("mean final column of the winner (under the rubicon, his total)"),
        "mean_margin": N_("mean final lead of the winner's column over the loser's (the rubicon's 100 not added)"),
    }
    focus = {
        "piquet.exchange.minimum": ("mean_elder_advantage", "mean_points_per_deal"),
        "piquet.declare.voluntary": ("mean_points_per_deal", "repique_share"),
        "piquet.sequence.major-bonus": ("major_bonus_share", "mean_points_per_deal"),
        "piquet.sequence.major-suit": ("major_bonus_share",),
        "piquet.carte-blanche.timing": ("carte_blanche_share",),
        "piquet.declare.all-counted": ("all_counted_share", "mean_points_per_deal"),
        "piquet.bonus.pique-count": ("pique_share", "mean_elder_advantage"),
        "piquet.bonus.pique-seat": ("pique_share",),
        "piquet.bonus.block": ("repique_share", "pique_share", "mean_difference_per_deal"),
        "piquet.declare.false": ("mean_difference_per_deal",),
        "piquet.play.trick-points": ("mean_points_per_deal", "pique_share", "mean_elder_advantage"),
        "piquet.play.last-trick": ("mean_points_per_deal", "mean_difference_per_deal"),
        "piquet.play.open-capot": ("open_capot_announced_share", "open_capot_made_share", "capot_share"),
        "piquet.partie.length": ("mean_deals_per_game", "drawn_game_share", "mean_margin"),
    }

    def __init__(self, variant: Variant) -> None:
        super().__init__(variant)
        self.deal_points: list[int] = []
        self.differences: list[int] = []
        self.advantages: list[int] = []
        self.elder_tops = 0
        self.counts = dict.fromkeys(_COUNTED.values(), 0)
        self.announced = 0
        self.games = self.drawn = 0

    def add_game(self, state: GameState, view: Mapping[str, Any], deals: list[dict[str, Any]]) -> None:
        ledger = getattr(state, "ledger")
        closed = getattr(state, "_closed")
        self.games += 1
        outcome = state.outcome()
        self.drawn += outcome is not None and not outcome.winners
        for number, record in enumerate(closed, start=1):
            elder, totals, _tricks, announced, _contest = record
            seen: set[str] = set()
            for entry in ledger.in_deal(number, "points"):
                kind = _COUNTED.get(entry.rule)
                if kind is not None and entry.amount > 0:
                    seen.add(kind)
            for kind in seen:
                self.counts[kind] += 1
            self.announced += announced is not None
            self.deal_points.append(sum(totals))
            self.differences.append(abs(totals[0] - totals[1]))
            self.advantages.append(totals[elder] - totals[1 - elder])
            self.elder_tops += totals[elder] > totals[1 - elder]

    def results(self) -> dict[str, Any]:
        deals = len(self.deal_points)
        counts = self.counts
        return {
            "mean_points_per_deal": mean(self.deal_points),
            "mean_difference_per_deal": mean(self.differences),
            "mean_elder_advantage": mean(self.advantages),
            "elder_tops_deal_share": share(self.elder_tops, deals),
            "carte_blanche_share": share(counts["carte_blanche"], deals),
            "repique_share": share(counts["repique"], deals),
            "pique_share": share(counts["pique"], deals),
            "capot_share": share(counts["capot"] + counts["open_capot"], deals),
            "open_capot_announced_share": share(self.announced, deals),
            "open_capot_made_share": share(counts["open_capot"], deals),
            "all_counted_share": share(counts["all_counted"], deals),
            "major_bonus_share": share(counts["major_bonus"], deals),
            "drawn_game_share": share(self.drawn, self.games),
        }
