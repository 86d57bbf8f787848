"""The loo family's measures for :func:`engine.simulate.simulate` (each game's spec names its class).

:class:`LooMeasures` watches what the family shares (passing, buying, the tricks, the
records written down to nothing and the settlement); Мушка, Памфил (built on Мушка's),
Рамс and Петух add their own facts through three hooks: ``game_facts`` (a whole game),
``deal_facts`` (a deal) and ``play_facts`` (a deal that was played).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, cast

from engine.cards import Card
from engine.game import Action, GameState, Variant
from engine.games.loo.state import LooState
from engine.i18n import N_
from engine.measuring import GameMeasures, mean, ratio, rule_tail, share
from engine.table_view import account_totals

__all__ = ["LooMeasures", "MushkaMeasures", "PamphilMeasures", "RamsMeasures", "PetukhMeasures"]

# Rule-id tails (after the game) of the sheet entries the loo measures read.
LOO_REMISE = ("score.no-trick", "score.ace-of-spades-penalty")
LOO_TRICK = "score.trick"
HONOURS = ("K", "Q", "J")


class LooMeasures(GameMeasures):
    """The loo family (Мушка, Памфил, Рамс, Петух): records written down to nothing.

    Per deal it watches who passed, bought (and how many cards) and the cards played;
    at the first card of the deal it notes the position the play starts from
    (:meth:`start_of_play`: the hands in play, the trump, the active players, the kinds
    of the shows) and at the end the tricks each took. The
    sheet gives each player's change (negative = written off) and the rule of each
    entry: a no-trick penalty (``score.no-trick``, ``score.ace-of-spades-penalty``) is a
    *remise*. Lower records are better: the winners' records are nothing.
    """

    observes = True
    metrics = {
        "void_deal_share": N_("share of deals in which every player passed (nobody played)"),
        "pass_share": N_("share of a player's deals in which he passed"),
        "pass_forbidden_share": N_("share of a player's turns to bid in which the rules forbade him to pass"),
        "buy_share": N_("share of a player's deals in which he bought cards from the stock"),
        "mean_cards_bought": N_("mean number of cards a buying player took from the stock"),
        "mean_players_per_deal": N_("mean number of players who played a deal, among deals that were played"),
        "no_trick_share": N_("share of the players who played a deal that took no trick"),
        "remise_share": N_("share of the players who played a deal that took no trick and wrote up a penalty "
                           "(a remise)"),
        "mean_written_off_per_deal": N_("mean points written off per deal, all players together"),
        "mean_written_up_per_deal": N_("mean points written up per deal (penalties and the like), "
                                       "all players together"),
        "mean_loser_record": N_("mean record left to a losing player when the game ended"),
        "shared_win_share": N_("share of games won by two or more players in the same deal"),
        "mean_winner_takings": N_("mean settlement the winner received from the others, in stakes"),
        "mean_largest_payment": N_("mean payment of the worst loser of a game, in stakes"),
    }
    generic = {
        "mean_deals_per_game": N_("mean number of deals until a player's record came down to nothing"),
        "first_side_win_share": N_("share of games won by seat 0 (the first dealer)"),
        "mean_winning_total": N_("mean final record of the winner (nothing: lower is better)"),
        "mean_margin": N_("mean record of the runner-up when the game ended (how close the race was)"),
    }
    omit = ("mean_winning_total",)

    def __init__(self, variant: Variant) -> None:
        super().__init__(variant)
        self.n: Counter[str] = Counter()  # event counts
        self.s: Counter[str] = Counter()  # sums
        self.lists: dict[str, list[float]] = {}
        self.current: dict[int, dict[str, Any]] = {}

    # --- watching one game ------------------------------------------------------
    def _deal(self, number: int) -> dict[str, Any]:
        deal = self.current.get(number)
        if deal is None:
            deal = self.current[number] = {
                "passes": set(), "buyers": set(), "drawn": Counter(), "declared": [], "laid_out": False,
                "start": None, "plays": [], "tricks": None,
            }
        return deal

    def observe(self, state: GameState, seat: int, action: Action, deal: int) -> None:
        if self.current and deal not in self.current:
            last = max(self.current)
            if last == deal - 1 and self.current[last]["tricks"] is None:
                self._close(last, state)
        record = self._deal(deal)
        kind = action.kind
        if kind == "play":
            if record["start"] is None:
                record["start"] = self.start_of_play(cast(LooState, state))
            record["plays"].append((seat, action.card))
        elif kind in ("pass", "stand", "buy") and state.phase == "bid":
            self.n["bids"] += 1
            self.n["pass_forbidden"] += not state.is_legal(Action("pass"))
            if kind == "pass":
                record["passes"].add(seat)
            elif kind == "buy":
                record["buyers"].add(seat)
        elif kind == "discard":
            record["drawn"][seat] += 1
        elif kind == "declare":
            record["declared"].append(seat)
        elif kind == "lay_out":
            record["laid_out"] = True

    @staticmethod
    def start_of_play(state: LooState) -> dict[str, Any]:
        """What the facts read of the position at the deal's first card, as the omniscient
        view has it (``active``, ``hands``, ``trump``; ``shows``: their kinds), without
        building the whole view."""
        return {"active": state.active_seats(), "hands": [[c._text for c in hand] for hand in state.hands],
                "trump": state.trump.value, "shows": [{"kind": s["kind"]} for s in state.shown]}

    def _close(self, number: int, state: GameState) -> None:
        closed = cast(LooState, state).last_closed()
        if closed is not None and closed[0] == number:  # the deal just closed: its tricks
            self.current[number]["tricks"] = closed[1]

    def add(self, name: str, value: float) -> None:
        self.lists.setdefault(name, []).append(value)

    # --- one finished game -------------------------------------------------------
    def add_game(self, state: GameState, view: Mapping[str, Any], deals: list[dict[str, Any]]) -> None:
        n = state.num_players
        if self.current:
            last = max(self.current)
            if self.current[last]["tricks"] is None:
                self._close(last, state)
        self.n["games"] += 1
        outcome = state.outcome()
        winners = set(outcome.winners) if outcome else set()
        records = list(state.totals())
        if len(winners) > 1:
            self.n["shared_wins"] += 1
        for seat in range(n):
            if seat not in winners:
                self.add("loser_record", records[seat])
        settlement = account_totals(view, "settlement")
        if settlement and winners:
            self.add("winner_takings", sum(settlement[w] for w in winners) / len(winners))
            losses = [-settlement[s] for s in range(n) if s not in winners]
            if losses:
                self.add("largest_payment", max(losses))
        events: dict[int, list[tuple[str, int | None]]] = {}
        for entry in state.log:
            events.setdefault(entry.get("deal") or 0, []).append((rule_tail(entry.get("rule")), entry.get("seat")))
        self.game_facts(state, view, deals)
        for deal in deals:
            record = self.current.get(deal["deal"]) or self._deal(deal["deal"])
            record["events"] = events.get(deal["deal"], [])
            self.deal_facts(state, deal, record)
        self.current = {}

    def game_facts(self, state: GameState, view: Mapping[str, Any], deals: list[dict[str, Any]]) -> None:
        """Facts of a whole game (subclasses add theirs)."""

    def deal_facts(self, state: GameState, deal: dict[str, Any], record: dict[str, Any]) -> None:
        """Facts of one deal: ``deal`` from the sheet, ``record`` from watching the play
        (and ``record["events"]``: the log's ``(rule tail, seat)`` of the deal)."""
        n = state.num_players
        self.n["deals"] += 1
        self.n["seat_deals"] += n
        self.n["passes"] += len(record["passes"])
        self.n["buyers"] += len(record["buyers"])
        self.s["drawn"] += sum(record["drawn"][s] for s in record["buyers"])
        change = self.changes(deal, n)
        self.s["written_off"] += sum(-e["points"] for e in deal["entries"] if e["points"] < 0)
        self.s["written_up"] += sum(e["points"] for e in deal["entries"] if e["points"] > 0)
        start = record["start"]
        if start is None:
            if len(record["passes"]) == n or not deal["entries"]:
                self.n["void_deals"] += 1
            return
        active = list(start.get("active") or [s for s in range(n) if s not in record["passes"]])
        self.n["played_deals"] += 1
        self.n["active"] += len(active)
        tricks = self.tricks(deal, record, n)
        remised = {e["seat"] for e in deal["entries"] if rule_tail(e.get("rule")) in LOO_REMISE and e["points"] > 0}
        for seat in active:
            self.n["no_trick"] += tricks[seat] == 0
            self.n["remise"] += seat in remised
        self.play_facts(state, deal, record, start, active, tricks, change)

    def play_facts(self, state: GameState, deal: dict[str, Any], record: dict[str, Any], start: Mapping[str, Any],
                   active: list[int], tricks: list[int], change: list[int]) -> None:
        """Facts of a deal that was played (subclasses add theirs)."""

    # --- helpers -------------------------------------------------------------------
    @staticmethod
    def changes(deal: Mapping[str, Any], n: int) -> list[int]:
        """Each seat's change to its record in the deal (negative = written off)."""
        change = [0] * n
        for entry in deal["entries"]:
            change[entry["seat"]] += entry["points"]
        return change

    @staticmethod
    def tricks(deal: Mapping[str, Any], record: Mapping[str, Any], n: int) -> list[int]:
        """Tricks per seat: the view's count at the end of the deal, else the sheet's
        trick entries (one point written off per trick)."""
        if record.get("tricks") is not None:
            return list(record["tricks"])
        tricks = [0] * n
        for entry in deal["entries"]:
            if rule_tail(entry.get("rule")) == LOO_TRICK:
                tricks[entry["seat"]] += -entry["points"]
        return tricks

    @staticmethod
    def in_play(start: Mapping[str, Any], active: Sequence[int], card: str) -> int | None:
        """The active seat that held ``card`` when the play began."""
        hands = start.get("hands") or []
        for seat in active:
            hand = hands[seat] if seat < len(hands) else None
            if isinstance(hand, list) and card in hand:
                return seat
        return None

    @staticmethod
    def trick_list(record: Mapping[str, Any], active: Sequence[int]) -> list[list[tuple[int, Card]]]:
        """The cards played, trick by trick (each trick has one card per active player)."""
        size = max(1, len(active))
        plays = record["plays"]
        return [plays[i:i + size] for i in range(0, len(plays), size)]

    def results(self) -> dict[str, Any]:
        n, s, lists = self.n, self.s, self.lists
        return {
            "void_deal_share": share(n["void_deals"], n["deals"]),
            "pass_share": share(n["passes"], n["seat_deals"]),
            "pass_forbidden_share": share(n["pass_forbidden"], n["bids"]),
            "buy_share": share(n["buyers"], n["seat_deals"]),
            "mean_cards_bought": ratio(s["drawn"], n["buyers"]),
            "mean_players_per_deal": ratio(n["active"], n["played_deals"]),
            "no_trick_share": share(n["no_trick"], n["active"]),
            "remise_share": share(n["remise"], n["active"]),
            "mean_written_off_per_deal": ratio(s["written_off"], n["deals"]),
            "mean_written_up_per_deal": ratio(s["written_up"], n["deals"]),
            "mean_loser_record": mean(lists.get("loser_record", [])),
            "shared_win_share": share(n["shared_wins"], n["games"]),
            "mean_winner_takings": mean(lists.get("winner_takings", [])),
            "mean_largest_payment": mean(lists.get("largest_payment", [])),
        }


class MushkaMeasures(LooMeasures):
    """Мушка: the ace of spades (may not pass; written off with a trick, paid without one), overshoots, five of a
    suit, settlement."""

    metrics = {
        **LooMeasures.metrics,
        "ace_of_spades_in_play_share": N_("share of played deals in which the ace of spades was in a playing hand"),
        "ace_of_spades_holder_change": N_("mean change to the record of the player holding the ace of spades "
                                          "in play (negative = written off)"),
        "other_player_change": N_("mean change to the record of each other player in the same deals"),
        "ace_of_spades_remise_share": N_("share of those deals in which the ace of spades' holder took no trick"),
        "ace_meets_trump_ace_share": N_("share of played deals in which the ace of spades, played to another's lead, "
                                        "met the ace of trumps in the same trick"),
        "overshoots_per_game": N_("mean number of times per game a player took more tricks than his record "
                                  "needed and started again"),
        "mean_record_after_overshoot": N_("mean record a player starts again from after taking too many tricks"),
        "five_of_a_suit_deal_share": N_("share of deals in which a player showed five cards of one suit"),
        "five_of_a_suit_win_share": N_("share of games won by showing five cards of one suit"),
    }
    contexts = {
        # The 32- or 52-card question is only open for two players.
        "mushka.setup.deck": {"players": 2},
    }
    focus = {
        "mushka.setup.deck": ("mean_deals_per_game", "buy_share", "mean_cards_bought", "pass_share",
                              "no_trick_share", "ace_of_spades_in_play_share"),
        "mushka.play.ace-of-spades-power": ("ace_meets_trump_ace_share", "ace_of_spades_holder_change",
                                            "ace_of_spades_remise_share", "mean_deals_per_game"),
        "mushka.score.ace-of-spades-penalty": ("ace_of_spades_remise_share", "ace_of_spades_holder_change",
                                               "mean_written_up_per_deal", "mean_deals_per_game"),
        "mushka.end.overshoot": ("mean_record_after_overshoot", "overshoots_per_game", "mean_deals_per_game",
                                 "mean_margin"),
        "mushka.special.five-of-a-suit": ("five_of_a_suit_deal_share", "five_of_a_suit_win_share",
                                          "mean_deals_per_game", "mean_written_off_per_deal"),
        "mushka.settle.systems": ("mean_winner_takings", "mean_largest_payment", "mean_deals_per_game"),
    }

    def game_facts(self, state: GameState, view: Mapping[str, Any], deals: list[dict[str, Any]]) -> None:
        for deal in deals:
            for e in deal["entries"]:
                # a restart (the record starts again above nothing), not the ace's bonus stopped at nothing
                if rule_tail(e.get("rule")) == "end.overshoot" and e["record"] > 0:
                    self.n["overshoots"] += 1
                    self.add("restart_record", e["record"])

    def deal_facts(self, state: GameState, deal: dict[str, Any], record: dict[str, Any]) -> None:
        super().deal_facts(state, deal, record)
        shown = {seat for tail, seat in record["events"] if tail == "special.five-of-a-suit"}
        if shown:
            self.n["five_deals"] += 1
            outcome = state.outcome()
            if outcome and deal["deal"] == len(state.deals) and shown & set(outcome.winners):
                self.n["five_wins"] += 1

    def play_facts(self, state: GameState, deal: dict[str, Any], record: dict[str, Any], start: Mapping[str, Any],
                   active: list[int], tricks: list[int], change: list[int]) -> None:
        holder = self.in_play(start, active, "AS")
        if holder is None:
            return
        self.n["ace_in_play"] += 1
        self.add("ace_holder_change", change[holder])
        for seat in active:
            if seat != holder:
                self.add("other_change", change[seat])
        self.n["ace_remise"] += tricks[holder] == 0
        trump = start.get("trump")
        if trump and trump != "S":
            for trick in self.trick_list(record, active):
                cards = [str(card) for _, card in trick]
                if "AS" in cards[1:] and f"A{trump}" in cards:
                    self.n["ace_meets"] += 1
                    break

    def results(self) -> dict[str, Any]:
        n = self.n
        return {
            **super().results(),
            "ace_of_spades_in_play_share": share(n["ace_in_play"], n["played_deals"]),
            "ace_of_spades_holder_change": mean(self.lists.get("ace_holder_change", [])),
            "other_player_change": mean(self.lists.get("other_change", [])),
            "ace_of_spades_remise_share": share(n["ace_remise"], n["ace_in_play"]),
            "ace_meets_trump_ace_share": share(n["ace_meets"], n["played_deals"]),
            "overshoots_per_game": ratio(n["overshoots"], n["games"]),
            "mean_record_after_overshoot": mean(self.lists.get("restart_record", [])),
            "five_of_a_suit_deal_share": share(n["five_deals"], n["deals"]),
            "five_of_a_suit_win_share": share(n["five_wins"], n["games"]),
        }


class PamphilMeasures(MushkaMeasures):
    """Памфил: Мушка's measures and the pamphil (the jack of clubs) and its declaration."""

    metrics = {
        **MushkaMeasures.metrics,
        "pamphil_turned_share": N_("share of deals in which the dealer turned up the pamphil and laid out a card"),
        "pamphil_declared_share": N_("share of deals in which the pamphil was declared for a payment"),
        "mean_declaration_takings": N_("mean declaration money received per game, all players together, in stakes"),
        "pamphil_in_play_share": N_("share of played deals in which the pamphil was in a playing hand"),
        "pamphil_holder_change": N_("mean change to the record of the pamphil's holder in play"),
        "pamphil_off_suit_share": N_("share of played deals in which the pamphil was played to a side-suit lead "
                                     "its holder could have followed"),
    }
    contexts = {}
    focus = {
        "pamphil.play.pamphil-follow": ("pamphil_off_suit_share", "pamphil_holder_change", "no_trick_share",
                                        "mean_deals_per_game"),
        "pamphil.special.five-of-a-suit": ("five_of_a_suit_deal_share", "five_of_a_suit_win_share",
                                           "mean_deals_per_game", "mean_written_off_per_deal"),
    }

    def game_facts(self, state: GameState, view: Mapping[str, Any], deals: list[dict[str, Any]]) -> None:
        super().game_facts(state, view, deals)
        payments = account_totals(view, "payment") or []
        self.add("declaration_takings", sum(p for p in payments if p > 0))

    def deal_facts(self, state: GameState, deal: dict[str, Any], record: dict[str, Any]) -> None:
        super().deal_facts(state, deal, record)
        self.n["turned"] += record["laid_out"]
        self.n["declared"] += bool(record["declared"])

    def play_facts(self, state: GameState, deal: dict[str, Any], record: dict[str, Any], start: Mapping[str, Any],
                   active: list[int], tricks: list[int], change: list[int]) -> None:
        super().play_facts(state, deal, record, start, active, tricks, change)
        holder = self.in_play(start, active, "JC")
        if holder is None:
            return
        self.n["pamphil_in_play"] += 1
        self.add("pamphil_holder_change", change[holder])
        trump = start.get("trump")
        hand = {Card.parse(c) for c in start["hands"][holder]}
        for trick in self.trick_list(record, active):
            led_seat, led = trick[0]
            for seat, card in trick:
                if seat == holder:
                    if (seat != led_seat and str(card) == "JC" and led.suit.value != trump
                            and any(c.suit == led.suit and str(c) != "JC" for c in hand)):
                        self.n["pamphil_off_suit"] += 1
                    hand.discard(card)

    def results(self) -> dict[str, Any]:
        n = self.n
        return {
            **super().results(),
            "pamphil_turned_share": share(n["turned"], n["deals"]),
            "pamphil_declared_share": share(n["declared"], n["deals"]),
            "mean_declaration_takings": mean(self.lists.get("declaration_takings", [])),
            "pamphil_in_play_share": share(n["pamphil_in_play"], n["played_deals"]),
            "pamphil_holder_change": mean(self.lists.get("pamphil_holder_change", [])),
            "pamphil_off_suit_share": share(n["pamphil_off_suit"], n["played_deals"]),
        }


class RamsMeasures(LooMeasures):
    """Рамс: aces (spades 5, clubs 10, diamonds 15, hearts 20), five of a suit, the
    Rams, the trump ace's duties and the jacks."""

    metrics = {
        **LooMeasures.metrics,
        "ace_holder_change": N_("mean change to the record of a player who played holding an ace"),
        "no_ace_change": N_("mean change to the record of a player who played holding no ace"),
        "ace_holder_no_trick_share": N_("share of the players holding an ace in play who took no trick "
                                        "(and so paid for their aces)"),
        "trump_ace_holder_change": N_("mean change to the record of the player holding the ace of trumps in play"),
        "trump_ace_cover_share": N_("share of played deals in which the ace of trumps fell on the trump king, "
                                    "queen or jack of another player"),
        "five_of_a_suit_deal_share": N_("share of deals ended by a player showing five cards of one suit"),
        "five_of_a_suit_others_change": N_("mean change to the record of each other player in a deal ended by "
                                           "five of a suit"),
        "rams_deal_share": N_("share of deals in which a player showed the four aces (a Rams)"),
        "jacks_per_deal": N_("mean number of jack shows per deal"),
        "jacks_points_per_deal": N_("mean points written off for jacks per deal"),
        "jacks_no_trick_share": N_("share of the players who showed jacks, played and took no trick"),
        "jacks_no_trick_change": N_("mean change to the record of a player who showed jacks and took no trick"),
        "jacks_finish_share": N_("share of games ended by a player's jacks clearing his record"),
    }
    contexts = {
        # The offset only arises when the jack variant is played.
        "rams.jacks.no-trick": {"jacks": "jacks"},
    }
    focus = {
        "rams.bid.ace-may-not-pass": ("pass_forbidden_share", "pass_share", "mean_players_per_deal",
                                      "ace_holder_no_trick_share", "mean_deals_per_game"),
        "rams.play.trump-ace-cover": ("trump_ace_cover_share", "trump_ace_holder_change", "mean_deals_per_game"),
        "rams.score.start": ("mean_deals_per_game", "median_deals_per_game", "mean_loser_record",
                             "mean_winner_takings"),
        "rams.special.five-of-a-suit": ("five_of_a_suit_deal_share", "five_of_a_suit_others_change",
                                        "mean_written_up_per_deal", "mean_deals_per_game"),
        "rams.special.rams": ("rams_deal_share", "mean_winner_takings", "mean_largest_payment", "mean_loser_record"),
        "rams.variant.jacks": ("jacks_per_deal", "jacks_points_per_deal", "jacks_finish_share",
                               "mean_deals_per_game"),
        "rams.jacks.no-trick": ("jacks_no_trick_share", "jacks_no_trick_change", "mean_deals_per_game"),
    }

    def game_facts(self, state: GameState, view: Mapping[str, Any], deals: list[dict[str, Any]]) -> None:
        if deals and any(rule_tail(e.get("rule")) == "jacks.finish" for e in deals[-1]["entries"]):
            self.n["jacks_finish"] += 1

    def deal_facts(self, state: GameState, deal: dict[str, Any], record: dict[str, Any]) -> None:
        super().deal_facts(state, deal, record)
        entries = deal["entries"]
        tails = [rule_tail(e.get("rule")) for e in entries]
        if "special.rams" in tails:
            self.n["rams"] += 1
        jacks = [e for e, t in zip(entries, tails) if t == "jacks.at-discard"]
        self.n["jacks"] += len(jacks)
        self.s["jacks_points"] += sum(-e["points"] for e in jacks)
        fives = [e for e, t in zip(entries, tails) if t == "special.five-of-a-suit"]
        if fives and record["start"] is None:
            self.n["five_deals"] += 1
            shower = {e["seat"] for e in fives if e["points"] < 0}
            change = self.changes(deal, state.num_players)
            for seat in {e["seat"] for e in entries} - shower:
                self.add("five_others_change", change[seat])

    def play_facts(self, state: GameState, deal: dict[str, Any], record: dict[str, Any], start: Mapping[str, Any],
                   active: list[int], tricks: list[int], change: list[int]) -> None:
        hands = start.get("hands") or []
        jack_seats = {e["seat"] for e in deal["entries"] if rule_tail(e.get("rule")) == "jacks.at-discard"}
        for seat in active:
            hand = hands[seat] if isinstance(hands[seat], list) else []
            if any(card.startswith("A") for card in hand):
                self.add("ace_holder_change", change[seat])
                self.n["ace_holders"] += 1
                self.n["ace_holders_no_trick"] += tricks[seat] == 0
            else:
                self.add("no_ace_change", change[seat])
            if seat in jack_seats:
                self.n["jack_players"] += 1
                if tricks[seat] == 0:
                    self.n["jack_no_trick"] += 1
                    self.add("jacks_no_trick_change", change[seat])
        trump = start.get("trump")
        if not trump:
            return
        ace = f"A{trump}"
        holder = self.in_play(start, active, ace)
        if holder is None:
            return
        self.add("trump_ace_holder_change", change[holder])
        honours = {f"{r}{trump}" for r in HONOURS}
        for trick in self.trick_list(record, active):
            cards = [(seat, str(card)) for seat, card in trick]
            for i, (seat, card) in enumerate(cards):
                if card == ace and i > 0 and any(c in honours and s != seat for s, c in cards[:i]):
                    self.n["trump_ace_cover"] += 1

    def results(self) -> dict[str, Any]:
        n, s = self.n, self.s
        return {
            **super().results(),
            "ace_holder_change": mean(self.lists.get("ace_holder_change", [])),
            "no_ace_change": mean(self.lists.get("no_ace_change", [])),
            "ace_holder_no_trick_share": share(n["ace_holders_no_trick"], n["ace_holders"]),
            "trump_ace_holder_change": mean(self.lists.get("trump_ace_holder_change", [])),
            "trump_ace_cover_share": share(n["trump_ace_cover"], n["played_deals"]),
            "five_of_a_suit_deal_share": share(n["five_deals"], n["deals"]),
            "five_of_a_suit_others_change": mean(self.lists.get("five_others_change", [])),
            "rams_deal_share": share(n["rams"], n["deals"]),
            "jacks_per_deal": ratio(n["jacks"], n["deals"], 4),
            "jacks_points_per_deal": ratio(s["jacks_points"], n["deals"]),
            "jacks_no_trick_share": share(n["jack_no_trick"], n["jack_players"]),
            "jacks_no_trick_change": mean(self.lists.get("jacks_no_trick_change", [])),
            "jacks_finish_share": share(n["jacks_finish"], n["games"]),
        }


class PetukhMeasures(LooMeasures):
    """Петух: everybody plays; exchanges from the stock; boys (pairs of jacks)."""

    metrics = {
        **{k: v for k, v in LooMeasures.metrics.items()
           if k not in ("void_deal_share", "pass_share", "pass_forbidden_share")},
        "boys_per_deal": N_("mean number of boys (pairs of jacks, or all four) declared per deal"),
        "boys_points_per_deal": N_("mean points written off for boys per deal"),
    }
    contexts = {
        # The reduced pack only exists for six players.
        "petukh.setup.six-players": {"players": 6},
    }
    focus = {
        "petukh.setup.six-players": ("buy_share", "mean_cards_bought", "mean_deals_per_game", "no_trick_share",
                                     "remise_share", "boys_per_deal"),
    }

    def deal_facts(self, state: GameState, deal: dict[str, Any], record: dict[str, Any]) -> None:
        super().deal_facts(state, deal, record)
        boys = [e for e in deal["entries"] if rule_tail(e.get("rule")).startswith("boys.")]
        self.s["boys_points"] += sum(-e["points"] for e in boys)
        start = record["start"]
        if start is not None:
            self.n["boys"] += sum(1 for show in start.get("shows") or [] if show.get("kind") == "boys")

    def results(self) -> dict[str, Any]:
        n, s = self.n, self.s
        values = super().results()
        return {
            **{k: v for k, v in values.items() if k in self.metrics},
            "boys_per_deal": ratio(n["boys"], n["deals"], 4),
            "boys_points_per_deal": ratio(s["boys_points"], n["deals"]),
        }

