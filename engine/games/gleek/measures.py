"""Gleek's own measures for :func:`engine.simulate.simulate` (its spec names
:class:`GleekMeasures`): the auction, the vie, the money that changes hands and by whom,
and whether the deals are zero-sum, read from each game's deal records
(:class:`~engine.games.gleek.state.DealRecord`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.game import GameState, Variant
from engine.i18n import N_
from engine.measuring import GameMeasures, mean, share

__all__ = ["GleekMeasures"]


class GleekMeasures(GameMeasures):
    """Gleek: per deal, the auction (contested, price), the vie (vied, seen, revied,
    yielded, all passing), the money received in all and each deal's net for the dealer,
    the eldest and the buyer, and the residue (what the payments leave in the bank or the
    pot: a deal is zero-sum when it leaves nothing)."""

    metrics = {
        "auction_contested_share": N_("share of deals in which someone raised the opening bid of 12 tokens"),
        "mean_price": N_("mean price of the stock, in tokens"),
        "vied_share": N_("share of deals in which someone vied the ruff"),
        "seen_share": N_("share of deals in which a vie was seen"),
        "revied_share": N_("share of deals in which a vie was revied (a contest of two)"),
        "yielded_share": N_("share of deals in which a contestant yielded"),
        "shown_after_yield_share": N_("share of deals in which the cards were shown after a yield"),
        "all_pass_share": N_("share of deals with at least one round in which all three passed"),
        "mean_turnover_per_deal": N_("mean tokens received by the players in a deal, all payments together"),
        "mean_dealer_net_per_deal": N_("mean net of the dealer in a deal, in tokens"),
        "mean_eldest_net_per_deal": N_("mean net of the eldest hand in a deal, in tokens"),
        "mean_buyer_net_per_deal": N_("mean net of the stock's buyer in a deal, in tokens"),
        "zero_sum_share": N_("share of deals whose payments sum to zero (nothing left in the bank or the pot)"),
        "mean_residue_per_deal": N_("mean tokens a deal's payments leave off the players (negative: into the bank or "
                                    "the pot; shared back at the end of the game)"),
    }
    generic = {
        "mean_deals_per_game": N_("mean number of deals in a game (agreed beforehand: three by default)"),
        "first_side_win_share": N_("share of games won by seat 0"),
        "mean_winning_total": N_("mean money of the winner at the end, in tokens"),
        "mean_margin": N_("mean lead of the winner over the runner-up at the end, in tokens"),
    }
    focus = {
        # the money rows count in tokens of 12 or of 1 (incomparable, below): the vie's shares are the focus
        "gleek.stakes.units": ("vied_share", "seen_share", "all_pass_share"),
        "gleek.stock.opener": ("mean_price", "mean_dealer_net_per_deal", "mean_eldest_net_per_deal"),
        "gleek.stock.raise": ("auction_contested_share", "mean_price", "mean_buyer_net_per_deal"),
        "gleek.stock.exchange-order": ("mean_buyer_net_per_deal", "vied_share"),
        "gleek.ruff.in-hand": ("vied_share", "mean_dealer_net_per_deal"),
        "gleek.vie.base-payment": ("vied_share", "mean_turnover_per_deal"),
        "gleek.vie.caught-claimant": ("seen_share", "mean_turnover_per_deal"),
        "gleek.vie.all-pass": ("all_pass_share", "zero_sum_share", "mean_residue_per_deal"),
        "gleek.vie.yield": ("revied_share", "yielded_share", "mean_turnover_per_deal"),
        "gleek.vie.show-after-yield": ("yielded_share", "shown_after_yield_share", "mean_turnover_per_deal"),
        "gleek.gleeks.turned-card": ("mean_dealer_net_per_deal", "mean_turnover_per_deal"),
        "gleek.gleeks.payment": ("mean_turnover_per_deal", "mean_margin"),
        "gleek.tyde.timing": ("mean_turnover_per_deal",),
        "gleek.tyde.turned": ("mean_dealer_net_per_deal", "mean_turnover_per_deal"),
        "gleek.play.follow": ("mean_buyer_net_per_deal", "mean_margin"),
        "gleek.count.honour-and-card": ("zero_sum_share", "mean_residue_per_deal"),
        "gleek.count.honours-to": ("mean_buyer_net_per_deal", "mean_margin"),
        "gleek.count.turned-honour": ("zero_sum_share", "mean_residue_per_deal", "mean_dealer_net_per_deal"),
        "gleek.settle.par": ("zero_sum_share", "mean_residue_per_deal", "mean_margin"),
    }

    incomparable = {
        "gleek.stakes.units": {
            name: "counted in tokens: a coin is 12 tokens under one reading and 1 under the other"
            for name in ("mean_price", "mean_turnover_per_deal", "mean_dealer_net_per_deal",
                         "mean_eldest_net_per_deal", "mean_buyer_net_per_deal", "mean_residue_per_deal",
                         "mean_winning_total", "mean_margin")
        },
    }

    def __init__(self, variant: Variant) -> None:
        super().__init__(variant)
        self.deals = 0
        self.counts = dict.fromkeys(("contested", "vied", "seen", "revied", "yielded", "shown", "all_pass", "zero"), 0)
        self.lists: dict[str, list[float]] = {k: [] for k in ("price", "turnover", "dealer", "eldest", "buyer",
                                                              "residue")}

    def add_game(self, state: GameState, view: Mapping[str, Any], deals: list[dict[str, Any]]) -> None:
        for rec in getattr(state, "deal_records", []):
            self.deals += 1
            c, lists = self.counts, self.lists
            c["contested"] += rec.raises > 0
            c["vied"] += rec.vier is not None
            c["seen"] += rec.vie_end == "seen"
            c["revied"] += rec.vie_end in ("yielded", "shown")
            c["yielded"] += rec.vie_end in ("yielded", "shown")
            c["shown"] += rec.vie_end == "shown"
            c["all_pass"] += rec.rounds > 1 or rec.vie_end in ("carried", "limit")
            c["zero"] += rec.residue == 0
            lists["price"].append(rec.price)
            lists["turnover"].append(sum(max(0, n) for n in rec.net))
            lists["dealer"].append(rec.net[rec.dealer])
            lists["eldest"].append(rec.net[(rec.dealer + 1) % 3])
            lists["buyer"].append(rec.net[rec.buyer])
            lists["residue"].append(rec.residue)

    def results(self) -> dict[str, Any]:
        n, c, lists = self.deals, self.counts, self.lists
        return {
            "auction_contested_share": share(c["contested"], n), "mean_price": mean(lists["price"]),
            "vied_share": share(c["vied"], n), "seen_share": share(c["seen"], n),
            "revied_share": share(c["revied"], n), "yielded_share": share(c["yielded"], n),
            "shown_after_yield_share": share(c["shown"], n), "all_pass_share": share(c["all_pass"], n),
            "mean_turnover_per_deal": mean(lists["turnover"]), "mean_dealer_net_per_deal": mean(lists["dealer"]),
            "mean_eldest_net_per_deal": mean(lists["eldest"]), "mean_buyer_net_per_deal": mean(lists["buyer"]),
            "zero_sum_share": share(c["zero"], n), "mean_residue_per_deal": mean(lists["residue"]),
        }
