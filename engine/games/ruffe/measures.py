"""Ruffe and Trumps' own measures for :func:`engine.simulate.simulate` (its spec names
:class:`RuffeMeasures`): the ruff and the head, and whether they win the deal."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.game import GameState, Variant
from engine.i18n import N_
from engine.measuring import GameMeasures, mean, share

__all__ = ["RuffeMeasures", "HEAD_TAKING_RULES"]

HEAD_TAKING_RULES: tuple[str, ...] = (
    "ruffe-and-trumps.head.ace-holder",
    "ruffe-and-trumps.head.turned-ace",
    "ruffe-and-trumps.head.no-holder",
)
"""The rules under which the log records who took the head."""


def tops(values: Sequence[int], side: int) -> bool:
    """Did ``side`` score strictly more than every other side?"""
    return all(values[side] > v for i, v in enumerate(values) if i != side)


class RuffeMeasures(GameMeasures):
    """Ruffe and Trumps: the ruff and the head, and whether they win the deal.

    The sheet's entries name their rule: ``.ruff.`` points are the ruff, ``.count.``,
    ``.score.`` and ``.head.`` points are cards or tricks won; the log entry that gives
    the head names the taker's seat and a ``.head.`` rule (:data:`HEAD_TAKING_RULES`).
    """

    metrics = {
        "mean_points_per_deal": N_("mean points scored in a deal, all sides together"),
        "mean_ruff_points_per_deal": N_("mean points per deal scored for the ruff, all sides together"),
        "mean_count_points_per_deal": N_("mean points per deal scored for cards or tricks won, all sides together"),
        "deals_with_ruff_scored_share": N_("share of deals in which someone scored the ruff"),
        "deals_with_head_taken_share": N_("share of deals in which someone took the head"),
        "ruff_side_tops_deal_share": N_("share of deals, among those where one side alone scored the ruff, "
                                        "in which that side also scored most in the deal"),
        "ruff_side_tops_count_share": N_("share of deals, among those where one side alone scored the ruff, "
                                         "in which that side also scored most for cards or tricks won "
                                         "(the ruff left out)"),
        "head_taker_side_tops_deal_share": N_("share of deals, among those where someone took the head, "
                                              "in which the head-taker's side scored most in the deal"),
        "head_taker_side_tops_count_share": N_("share of deals, among those where someone took the head, "
                                               "in which the head-taker's side scored most for cards or tricks won"),
    }
    contexts = {
        # Four players are dealt twelve: "dealt" and "twelve" agree there; three dealt sixteen differ.
        "ruffe-and-trumps.count.baseline": {"players": 3, "partnerships": False, "hand_size": 16},
        # The two-handed target only exists for two players dealt twenty-four.
        "ruffe-and-trumps.config.two-target": {"players": 2, "partnerships": False, "hand_size": 24},
    }
    focus = {
        "ruffe-and-trumps.ruff.tie": ("deals_with_ruff_scored_share", "mean_ruff_points_per_deal",
                                      "mean_deals_per_game"),
        "ruffe-and-trumps.head.no-holder": ("deals_with_head_taken_share", "head_taker_side_tops_deal_share",
                                            "mean_deals_per_game"),
        "ruffe-and-trumps.head.discards-count": ("mean_count_points_per_deal", "head_taker_side_tops_count_share",
                                                 "mean_deals_per_game"),
        "ruffe-and-trumps.play.follow": ("mean_count_points_per_deal", "ruff_side_tops_count_share",
                                         "mean_deals_per_game", "mean_margin"),
        "ruffe-and-trumps.count.method": ("mean_count_points_per_deal", "mean_deals_per_game", "mean_margin"),
        "ruffe-and-trumps.count.baseline": ("mean_count_points_per_deal", "mean_deals_per_game"),
        "ruffe-and-trumps.config.two-target": ("mean_deals_per_game", "mean_winning_total", "mean_margin"),
    }

    def __init__(self, variant: Variant) -> None:
        super().__init__(variant)
        self.deal_points: list[int] = []
        self.ruff_points: list[int] = []
        self.count_points: list[int] = []
        self.ruff_scored = self.ruff_single = self.ruff_single_tops = self.ruff_single_tops_count = 0
        self.head_taken = self.head_tops = self.head_tops_count = 0

    def add_game(self, state: GameState, view: Mapping[str, Any], deals: list[dict[str, Any]]) -> None:
        sides = state.sides()
        head_takers: dict[int, int] = {}
        for entry in state.log:
            seat = entry["seat"]
            if seat is not None and entry["rule"] in HEAD_TAKING_RULES:
                head_takers[entry["deal"]] = seat
        for deal in deals:
            ruff = [0] * len(sides)
            count = [0] * len(sides)
            for entry in deal["entries"]:
                rule = entry.get("rule") or ""
                topic = rule.split(".")[1] if rule.count(".") >= 2 else ""
                if topic == "ruff":
                    ruff[entry["side"]] += entry["points"]
                elif topic in ("count", "score", "head"):
                    count[entry["side"]] += entry["points"]
            points = deal["points"]
            self.deal_points.append(sum(points))
            self.ruff_points.append(sum(ruff))
            self.count_points.append(sum(count))
            ruff_sides = [i for i, p in enumerate(ruff) if p > 0]
            if ruff_sides:
                self.ruff_scored += 1
            if len(ruff_sides) == 1:
                self.ruff_single += 1
                self.ruff_single_tops += tops(points, ruff_sides[0])
                self.ruff_single_tops_count += tops(count, ruff_sides[0])
            taker = head_takers.get(deal["deal"])
            if taker is not None:
                self.head_taken += 1
                taker_side = next(i for i, s in enumerate(sides) if taker in s)
                self.head_tops += tops(points, taker_side)
                self.head_tops_count += tops(count, taker_side)

    def results(self) -> dict[str, Any]:
        n_deals = len(self.deal_points)
        return {
            "mean_points_per_deal": mean(self.deal_points),
            "mean_ruff_points_per_deal": mean(self.ruff_points),
            "mean_count_points_per_deal": mean(self.count_points),
            "deals_with_ruff_scored_share": share(self.ruff_scored, n_deals),
            "deals_with_head_taken_share": share(self.head_taken, n_deals),
            "ruff_side_tops_deal_share": share(self.ruff_single_tops, self.ruff_single),
            "ruff_side_tops_count_share": share(self.ruff_single_tops_count, self.ruff_single),
            "head_taker_side_tops_deal_share": share(self.head_tops, self.head_taken),
            "head_taker_side_tops_count_share": share(self.head_tops_count, self.head_taken),
        }

