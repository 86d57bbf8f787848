"""Piquet (Шевцов): the rules and the pure rule functions: the pack, the cut, the deal, the
exchange's limits, the combinations (point, sequences, sets) and their replies, carte
blanche, the bonus for all cards counted, repique and pique asked of the ordered ledger,
the points of play, the deal's result and the partie; and :class:`PiquetRules`, each
option declared once with the rule it sets and what each reading means (the parameters
the rule functions read).  The state and its phases are in :mod:`engine.games.piquet.state`.

Reading sets: the catalogue names two sets of readings (``shevtsov``, the defaults, and
``classic``); :data:`READING_SETS` gives each as the options it sets, so that
``SPEC.make_variant(**READING_SETS["classic"])`` (or ``SPEC.reading_set("classic")``, or
``python -m engine play piquet --reading-set classic``) builds the classic game, and any
single option may still be changed beside it.

>>> [str(c) for c in best_point(parse_cards("AS KS 9S 8S 7H"))[3]]
['AS', 'KS', '9S', '8S']
>>> sequence_value(5), set_value(4)
(15, 14)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import NamedTuple

from engine import catalogue
from engine.cards import ALL_CARDS, Card, Rank, Suit, deck_32, parse_cards
from engine.errors import EngineError, IllegalActionError, brief
from engine.actions import name_kind
from engine.game import Action
from engine.i18n import N_, Text
from engine.ledger import Entry
from engine.readings import Rules, number, reading
from engine.rules import implements
from engine.tricks import FOLLOW_SUIT, PlayRule

__all__ = ["GAME_ID", "PiquetRules", "TrickCount", "PartieLength", "READING_SETS", "PACK", "point_value",
           "points_of", "best_point", "sequences_of", "sequence_value", "sets_of", "set_value", "reply",
           "carte_blanche", "all_counted", "bonus_due", "BonusTally", "play_events", "deal_result", "partie_result",
           "first_dealer", "exchange_limits", "visible_left", "stack_deck", "point_suit", "trick_events",
           "end_of_play"]

GAME_ID = "piquet"
CARTE_BLANCHE, ELDER_EXCHANGE, YOUNGER_EXCHANGE, LOOK = "carte_blanche", "elder_exchange", "younger_exchange", "look"
DECLARE, CAPOT, PLAY, OVER = "declare", "capot", "play", "over"
HAND, TALON, ELDER_MOST, TRICKS = 12, 8, 5, 12
GOOD, NOT_GOOD, EQUAL = "good", "not good", "equal"
REPLY_KINDS = {GOOD: "good", NOT_GOOD: "not_good", EQUAL: "equal"}
"""A reply in the text's words -> its action's kind."""

PACK: tuple[Card, ...] = tuple(deck_32())
for _kind, _word in (("claim", N_("Claim")), ("sink", N_("Sink")), ("declare", N_("Declare")), ("good", N_("Good")),
                     ("not_good", N_("Not good")), ("equal", N_("Equal")), ("draw", N_("Draw")), ("look", N_("Look")),
                     ("leave", N_("Leave")), ("announce", N_("Announce")), ("pass", N_("Pass"))):
    name_kind(_kind, _word)  # (the word of an action's label in the reader's language: a refusal names actions so)
SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
COURTS = (Rank.KING, Rank.QUEEN, Rank.JACK)
PLAY_RULE: PlayRule = FOLLOW_SUIT
"""Follow suit if able, else any card; no trumps (piquet.play.follow-suit, piquet.play.trick-winner)."""

# --------------------------------------------------------------------------- the rules: each option once, with its meanings


class TrickCount(NamedTuple):
    """The count of play: whether a trick won by its own leader scores the point for the
    trick too, and the lowest rank of a card whose lead scores (every card: the seven)."""

    own_trick: bool
    lowest_lead: Rank


class PartieLength(NamedTuple):
    """A partie's length: deals in it (None: until a column reaches ``target``), and whether
    each deal's totals are written in full with the rubicon's reckoning at the end."""

    deals: int | None
    target: int | None
    rubicon: bool


@dataclass(frozen=True)
class PiquetRules(Rules):
    """The rules of Piquet: two players, and one field per contested rule holding what
    its reading means to the rule code.

    >>> PiquetRules.from_options(**READING_SETS["classic"]).partie
    PartieLength(deals=6, target=None, rubicon=True)
    >>> PiquetRules.from_options(**READING_SETS["classic"]).to_json()["partie"]
    'rubicon'
    """

    game_id = GAME_ID

    players: int = number(2, rule="piquet.deal.hands", values=(2,),
                          doc="Two players: the dealer (younger hand) and the elder.")
    elder_least: int = reading("piquet.exchange.minimum", {"none": 0, "elder-one": 1})
    """The fewest cards the elder exchanges."""
    compulsory: bool = reading("piquet.declare.voluntary", {"voluntary": False, "compulsory": True})
    """Whether a player must declare what he holds."""
    major_extra: int = reading("piquet.sequence.major-bonus", {"point-suit": 1, "none": 0})
    """The extra for a sequence in the major suit."""
    first_named: bool = reading("piquet.sequence.major-suit", {"point-suit": False, "first-named": True})
    """Whether the major suit is the first named (else the point's suit)."""
    blanche_dealt: bool = reading("piquet.carte-blanche.timing", {"after-exchange": False, "dealt-hand": True})
    """Whether carte blanche is judged on the hand as dealt (else after the exchange)."""
    all_counted: tuple[str, ...] = reading("piquet.declare.all-counted", {
        "combinations": ("sequence", "set"), "with-point": ("point", "sequence", "set"), "none": ()})
    """The kinds of combination whose all being counted earns the bonus."""
    pique_leads: bool = reading("piquet.bonus.pique-count", {"play": True, "tricks": False})
    """Whether the points of play count towards a pique."""
    elder_only: bool = reading("piquet.bonus.pique-seat", {"any": False, "elder-only": True})
    """Whether only the elder may make a pique."""
    blocking: frozenset[str] = reading("piquet.bonus.block", {
        "beaten": frozenset({"beaten"}), "score-only": frozenset(), "equal-saves": frozenset({"equal"})})
    """What of the opponent's declarations blocks a repique or pique."""
    penalty: tuple[bool, int] = reading("piquet.declare.false", {
        "silent": (False, 2), "silent-play": (True, 2), "counts-nothing": (False, 1)})
    """Whether the offender keeps his true declarations, and the factor on the opponent's score."""
    trick_count: TrickCount = reading("piquet.play.trick-points", {
        "lead-and-trick": TrickCount(True, Rank.SEVEN), "cavendish": TrickCount(False, Rank.SEVEN),
        "tens-and-above": TrickCount(False, Rank.TEN)})
    last_extra: int = reading("piquet.play.last-trick", {"three": 3, "one": 1})
    """The extra for the last trick."""
    open_capot: bool = reading("piquet.play.open-capot", {"allowed": True, "none": False})
    """Whether a player may announce a capot."""
    capot_last: bool = reading("piquet.play.capot", {"withheld": False, "scored": True})
    """Whether the maker of a capot also scores the extra for the last trick."""
    partie: PartieLength = reading("piquet.partie.length", {
        "six-deals": PartieLength(6, None, False), "hundred": PartieLength(None, 100, False),
        "rubicon": PartieLength(6, None, True)})
    tie_deals: int = reading("piquet.partie.tie", {"two-more-deals": 2, "drawn": 0})
    """The deals played more when a partie of fixed length ends level (then, still level, a draw)."""


READING_SETS: dict[str, dict[str, str]] = catalogue.reading_sets(GAME_ID)
"""The catalogue's named sets of readings: set id -> the options it sets (every reading option)."""


# --------------------------------------------------------------------------- the pack, the cut, the deal

@implements("piquet.deck.cards")
def pack() -> list[Card]:
    """The 32 cards, ace down to seven in each suit (the order they are shuffled from)."""
    return list(PACK)


@implements("piquet.deal.first-dealer")
def first_dealer(cut_a: Card, cut_b: Card, winner_deals: bool = True) -> int | None:
    """Seat 0 (A) and seat 1 (B) cut: the higher card (ace high) chooses who deals; equal
    ranks cut again (None).  ``winner_deals``: the winner's choice (the engine's is to deal).

    >>> first_dealer(Card.parse("9H"), Card.parse("KS"))
    1
    """
    if cut_a.rank_value == cut_b.rank_value:
        return None
    winner = 0 if cut_a.rank_value > cut_b.rank_value else 1
    return winner if winner_deals else 1 - winner


def stack_deck(elder: Iterable[Card], younger: Iterable[Card], talon: Iterable[Card] | None = None) -> list[Card]:
    """A deck (top card first) that deals these hands (the elder's first, two cards at a time)
    and this talon (top first; by default the rest of the pack in pack order)."""
    e, y = list(elder), list(younger)
    if len(e) != HAND or len(y) != HAND:
        raise EngineError(f"a piquet hand has {HAND} cards: got {len(e)} and {len(y)}")
    rest = [c for c in PACK if c not in e and c not in y] if talon is None else list(talon)
    deck: list[Card] = []
    for i in range(0, HAND, 2):
        deck += e[i:i + 2] + y[i:i + 2]
    deck += rest
    if sorted(c.index for c in deck) != sorted(c.index for c in PACK):
        raise EngineError("the hands and the talon must be the 32 cards of the piquet pack, each once")
    return deck


@implements("piquet.deal.hands")
def deal_hands(deck: Sequence[Card]) -> tuple[list[Card], list[Card], list[Card]]:
    """Twelve cards each, two at a time, the elder first; the last eight are the talon.

    >>> [len(part) for part in deal_hands(PACK)]
    [12, 12, 8]
    """
    elder = [c for i in range(0, 2 * HAND, 4) for c in deck[i:i + 2]]
    younger = [c for i in range(2, 2 * HAND, 4) for c in deck[i:i + 2]]
    return elder, younger, list(deck[2 * HAND:])


# --------------------------------------------------------------------------- the exchange

@implements("piquet.exchange.limits", "piquet.exchange.minimum")
def exchange_limits(elder: bool, elder_took: int, params: PiquetRules) -> tuple[int, int]:
    """The fewest and most cards a player exchanges: the elder up to five (at least one under
    the standard reading), the younger up to what the talon holds after the elder."""
    if elder:
        return params.elder_least, ELDER_MOST
    return 0, TALON - elder_took


def check_exchange(elder: bool, count: int, elder_took: int, params: PiquetRules, seat: int | None = None) -> int:
    """``count`` if a player may exchange that many, else the refusal naming the rule."""
    least, most = exchange_limits(elder, elder_took, params)
    action = Action("draw", value=count)
    if count > most:
        most_said = (N_("the elder may exchange at most {} card(s), not {}") if elder
                     else N_("the younger may exchange at most {} card(s), not {}"))
        raise IllegalActionError("piquet.exchange.limits", action, Text(most_said, most, count), seat)
    if count < least:
        raise IllegalActionError("piquet.exchange.minimum", action,
                                 Text("the elder must exchange at least {} card(s)", least), seat)
    return count


@implements("piquet.exchange.look-at-left")
def visible_left(elder: bool, elder_took: int, younger_took: int | None = None, younger_looked: bool = False,
                 after_first_lead: bool = False) -> set[int]:
    """The talon's places (0 = its top card as dealt) a player may see: the elder those he
    left of his five; the younger, if he looked, those left after his exchange, which the
    elder may then see too once he has led to the first trick."""
    seen: set[int] = set(range(elder_took, ELDER_MOST)) if elder else set()
    if younger_took is not None and younger_looked and (not elder or after_first_lead):
        seen |= set(range(elder_took + younger_took, TALON))
    return seen


# --------------------------------------------------------------------------- the combinations

@implements("piquet.point.card-values")
def point_value(card: Card) -> int:
    """Ace 11, king, queen and jack 10, the others their face value."""
    return 11 if card.rank is Rank.ACE else min(card.rank_value, 10)


_POINT_VALUES = tuple(point_value(c) for c in ALL_CARDS)
""":func:`point_value` of every card, by ``card.index``."""


class Combo(NamedTuple):
    """A combination: ``kind`` (point, sequence, set), its ``key`` (compared: length and sum;
    length and top card; size and rank), its ``suit`` (None for a set) and its cards."""

    kind: str
    key: tuple[int, int]
    suit: Suit | None
    cards: tuple[Card, ...]


_INDEX = attrgetter("index")  # (the cards' order: sorted by it, in C)


def _suits(hand: Iterable[Card]) -> dict[Suit, list[Card]]:
    """The hand's cards by suit, in the cards' order (the suits too)."""
    runs: list[list[Card]] = [[], [], [], []]  # (by suit_index, as the cards' order has them)
    for card in sorted(hand, key=_INDEX):
        runs[card.suit_index].append(card)
    return {cards[0].suit: cards for cards in runs if cards}


@implements("piquet.point.length", "piquet.point.equal-length")
def points_of(hand: Iterable[Card]) -> list[Combo]:
    """Each suit held as a point, best first: longer, then higher in sum."""
    values = _POINT_VALUES
    found = [Combo("point", (len(cards), sum([values[c.index] for c in cards])), suit, tuple(cards))
             for suit, cards in _suits(hand).items()]
    return sorted(found, key=lambda c: (c.key, -SUITS.index(c.suit or Suit.SPADES)), reverse=True)


def best_point(hand: Iterable[Card]) -> Combo | None:
    found = points_of(hand)
    return found[0] if found else None


@implements("piquet.sequence.rank")
def sequences_of(hand: Iterable[Card]) -> list[Combo]:
    """The runs of three or more cards of one suit in sequence (each at its longest), best
    first: longer, then headed by the higher card."""
    found = []
    for suit, cards in _suits(hand).items():
        run = [cards[0]]
        for card in cards[1:] + [None]:  # (a sentinel closes the last run)
            if card is not None and card.rank_value == run[-1].rank_value - 1:
                run.append(card)
                continue
            if len(run) >= 3:
                found.append(Combo("sequence", (len(run), run[0].rank_value), suit, tuple(run)))
            if card is not None:
                run = [card]
    return sorted(found, key=lambda c: (c.key, -SUITS.index(c.suit or Suit.SPADES)), reverse=True)


@implements("piquet.sequence.values")
def sequence_value(length: int) -> int:
    """Tierce 3, quart 4, quint 15, sixième 16, septième 17, huitième 18."""
    values = {3: 3, 4: 4, 5: 15, 6: 16, 7: 17, 8: 18}
    if length not in values:
        raise IllegalActionError("piquet.sequence.values", Action("declare", value="sequence"),
                                 f"a sequence has three to eight cards, not {length}")
    return values[length]


@implements("piquet.set.rank", "piquet.combination.shared-card")
def sets_of(hand: Iterable[Card]) -> list[Combo]:
    """Three or four cards of a rank from the ten up, best first: four before three, then the
    higher rank (a card may be in a sequence too)."""
    by_rank: dict[Rank, list[Card]] = {}
    for card in sorted(hand, key=_INDEX):
        if card.rank_value >= 10:
            by_rank.setdefault(card.rank, []).append(card)
    found = [Combo("set", (len(cards), int(rank)), None, tuple(cards)) for rank, cards in by_rank.items()
             if len(cards) >= 3]
    return sorted(found, key=lambda c: c.key, reverse=True)


@implements("piquet.set.values")
def set_value(size: int) -> int:
    """Quatorze (four of a kind) 14, trio 3."""
    return 14 if size == 4 else 3


COMBOS_OF = {"point": points_of, "sequence": sequences_of, "set": sets_of}


def best(kind: str, hand: Iterable[Card]) -> Combo | None:
    found = COMBOS_OF[kind](hand)
    return found[0] if found else None


@implements("piquet.declare.replies", "piquet.declare.combination-replies")
def reply(declared: tuple[int, ...], held: tuple[int, ...] | None) -> str:
    """The true answer to a declaration's ``declared`` key (or its part named so far) by a
    player holding ``held``: good (his is lower, or he has none), not good, or equal."""
    if held is None or held < declared:
        return GOOD
    return NOT_GOOD if held > declared else EQUAL


def combination_value(combo: Combo) -> int:
    if combo.kind == "point":
        return combo.key[0]
    return sequence_value(combo.key[0]) if combo.kind == "sequence" else set_value(combo.key[0])


@implements("piquet.sequence.major-suit")
def point_suit(hand: Iterable[Card], named: Suit | None, params: PiquetRules) -> Suit | None:
    """The suit 'declared first' for the major bonus: the suit of the player's point as his
    hand holds it (between suits equal in length and sum, one that gives him the bonus), or
    under the first-named reading the first suit he named."""
    if params.first_named:
        return named
    points = points_of(hand)
    if not points:
        return None
    tied = [p.suit for p in points if p.key == points[0].key]
    majors = {c.suit for c in sequences_of(hand) if c.key[1] == 14 and c.key[0] <= 5}
    return next((s for s in tied if s in majors), tied[0])


@implements("piquet.sequence.all-lesser", "piquet.sequence.major-bonus", "piquet.set.all-lesser")
def category_score(kind: str, hand: Iterable[Card], first_suit: Suit | None,
                   params: PiquetRules) -> tuple[int, int, list[Combo]]:
    """What the holder of the better combination of ``kind`` scores: it and all his lesser
    ones of that kind (the point: its cards), and for a major tierce, quart or quint in the
    suit he declared first the extra point; returns (points, extra, combinations)."""
    combos = COMBOS_OF[kind](hand)
    if kind == "point":
        combos = combos[:1]
    points = sum(combination_value(c) for c in combos)
    extra = sum(params.major_extra for c in combos if kind == "sequence" and c.key[1] == 14
                and c.key[0] <= 5 and c.suit is first_suit)
    return points, extra, combos


@implements("piquet.carte-blanche.score", "piquet.carte-blanche.timing")
def carte_blanche(hand: Iterable[Card], dealt: Iterable[Card] | None, params: PiquetRules) -> int:
    """10 for a hand without king, queen or jack: the hand as dealt (dealt-hand reading) or
    as held after the exchange."""
    judged = list(dealt) if params.blanche_dealt and dealt is not None else list(hand)
    return 0 if any(c.rank in COURTS for c in judged) else 10


@implements("piquet.declare.all-counted")
def all_counted(hand: Iterable[Card], scored: Mapping[str, Iterable[Card]], params: PiquetRules) -> int:
    """20 when every card of the hand is in a combination that scored, of the kinds the
    reading counts (sequences and sets; with the point; or no such bonus)."""
    cards = set(hand)
    if not params.all_counted or not cards:
        return 0
    counted = {c for kind in params.all_counted for c in scored.get(kind, ())}
    return 20 if cards <= counted else 0


# --------------------------------------------------------------------------- the ledger's questions

DECLARATION_RULES = frozenset((
    "piquet.carte-blanche.score", "piquet.point.length", "piquet.point.equal-length", "piquet.point.full-tie",
    "piquet.sequence.values", "piquet.sequence.all-lesser", "piquet.sequence.rank", "piquet.sequence.equal",
    "piquet.sequence.major-bonus", "piquet.set.values", "piquet.set.all-lesser", "piquet.set.rank",
    "piquet.declare.all-counted"))
EQUAL_RULES = frozenset(("piquet.point.full-tie", "piquet.sequence.equal"))
"""A declaration that scored nothing because it was equal (any other that scored nothing was beaten)."""
BONUS_RULES = frozenset(("piquet.bonus.repique", "piquet.bonus.pique"))
TRICK_RULE, LAST_RULE = "piquet.play.trick-points", "piquet.play.last-trick"
LEAD_REASON = N_("Lead to trick {}")
"""The template of the reason a lead's point is written with (a trick's: "Trick {} won"):
what tells the two apart in the ledger, whatever the reader's language."""


def _blocks(entry: Entry, params: PiquetRules) -> bool:
    if entry.amount > 0:
        return True
    if entry.rule not in DECLARATION_RULES:
        return False
    return ("equal" if entry.rule in EQUAL_RULES else "beaten") in params.blocking


def _template(reason: str | Text) -> str:
    return reason.template if isinstance(reason, Text) else reason


def _counts(entry: Entry, in_play: bool, params: PiquetRules) -> bool:
    if entry.rule in DECLARATION_RULES:
        return True
    if not in_play:
        return False
    if entry.rule == TRICK_RULE:
        return params.pique_leads or _template(entry.reason) != LEAD_REASON
    return entry.rule == LAST_RULE


@implements("piquet.bonus.repique", "piquet.bonus.pique", "piquet.bonus.block", "piquet.bonus.pique-count",
            "piquet.bonus.pique-seat")
def bonus_due(entries: Sequence[Entry], side: int, elder: int, in_play: bool,
              params: PiquetRules) -> tuple[int, str] | None:
    """Asked of the deal's ordered ledger entries, the last just written for ``side``: does
    it bring ``side`` to 30 before the opponent has scored (or made a declaration that
    blocks, by the reading)?  Then a repique (+60) in the declarations, or a pique (+30) in
    play (the elder's only, by the standard reading).  Leza and capot never count.

    The question is :class:`BonusTally`'s, put to the entries before the last."""
    if not entries:
        return None
    tally = BonusTally(params)
    for entry in entries[:-1]:
        tally.add(entry)
    return tally.due(entries[-1], side, elder, in_play)


@implements("piquet.bonus.repique", "piquet.bonus.pique", "piquet.bonus.block", "piquet.bonus.pique-count",
            "piquet.bonus.pique-seat")
class BonusTally:
    """The deal's entries in points as the pique's question needs them, kept as they are
    written (so that asking it is not a pass over the deal's whole ledger): for each side
    whether the opponent has blocked it, whether it has had its repique or pique, and what
    counts towards the 30 in the declarations and in play."""

    __slots__ = ("params", "blocked", "bonused", "declared", "played", "settled")

    def __init__(self, params: PiquetRules) -> None:
        self.params = params
        self.blocked = [False, False]
        self.bonused = [False, False]
        self.declared = [0, 0]  # what counts for a repique
        self.played = [0, 0]  # what counts for a pique
        self.settled = False  # each side blocked or bonused: no repique or pique is due any more this deal

    def copy(self) -> BonusTally:
        new = BonusTally(self.params)
        new.blocked, new.bonused, new.declared, new.played = (list(self.blocked), list(self.bonused),
                                                              list(self.declared), list(self.played))
        new.settled = self.settled
        return new

    def add(self, entry: Entry) -> None:
        """An entry written in the deal, in points."""
        if self.settled:  # (nothing asked of the tally can change its answer now)
            return
        side, params = entry.side, self.params
        if _blocks(entry, params):
            self.blocked[1 - side] = True
        if entry.rule in BONUS_RULES:
            self.bonused[side] = True
        blocked, bonused = self.blocked, self.bonused
        self.settled = (blocked[0] or bonused[0]) and (blocked[1] or bonused[1])
        if _counts(entry, False, params):
            self.declared[side] += entry.amount
        if _counts(entry, True, params):
            self.played[side] += entry.amount

    def due(self, last: Entry, side: int, elder: int, in_play: bool) -> tuple[int, str] | None:
        """:func:`bonus_due` for ``last``, just written (not yet added)."""
        params = self.params
        if self.settled or last.side != side:
            return None
        if in_play and params.elder_only and side != elder:
            return None
        if self.blocked[side] or self.bonused[side]:
            return None
        total = self.played[side] if in_play else self.declared[side]
        after = total + (last.amount if _counts(last, in_play, params) else 0)
        if total < 30 <= after:
            return (30, "piquet.bonus.pique") if in_play else (60, "piquet.bonus.repique")
        return None


# --------------------------------------------------------------------------- the play

Event = tuple[int, str, int, Text]
"""A score of play: seat, rule, points, reason."""
_LEAD_REASONS = tuple(Text(LEAD_REASON, n) for n in range(TRICKS + 1))
_TRICK_REASONS = tuple(Text("Trick {} won", n) for n in range(TRICKS + 1))
_LAST_REASON = Text("The last trick")


@implements("piquet.play.first-lead", "piquet.play.trick-points", "piquet.play.last-trick", "piquet.play.capot")
def trick_events(number: int, lead: int, winner: int, last_won: int, params: PiquetRules,
                 led: Card | None = None) -> list[Event]:
    """The points of trick ``number`` (from 1), led by ``lead`` with ``led`` and won by
    ``winner`` (who has now taken ``last_won`` tricks): 1 for the lead (by Hoyle's count only
    for a ten or higher; ``led`` None: a card that scores), 1 for the trick (not one won on
    one's own lead, by the standard count), and at the twelfth the extra for the last trick
    (with a capot only by the standard game's reading of piquet.play.capot)."""
    count = params.trick_count
    events: list[Event] = []
    if led is None or led.rank >= count.lowest_lead:
        events.append((lead, TRICK_RULE, 1, _LEAD_REASONS[number]))
    if winner != lead or count.own_trick:
        events.append((winner, TRICK_RULE, 1, _TRICK_REASONS[number]))
    if number == TRICKS and (last_won < TRICKS or params.capot_last):
        events.append((winner, LAST_RULE, params.last_extra, _LAST_REASON))
    return events


@implements("piquet.play.leza", "piquet.play.capot", "piquet.play.open-capot")
def end_of_play(won: Sequence[int], params: PiquetRules, announced: int | None = None) -> list[Event]:
    """After twelve tricks: 10 for more than six (the leza), or 40 for a capot, 80 if it was
    ``announced`` by its maker before the first lead (by that reading)."""
    capot = next((s for s in (0, 1) if won[s] == TRICKS), None)
    if capot is not None:
        opened = announced == capot and params.open_capot
        return [(capot, "piquet.play.open-capot" if opened else "piquet.play.capot", 80 if opened else 40,
                 Text("An open capot: all twelve tricks, announced") if opened else Text("Capot: all twelve tricks"))]
    most = max(won)
    return [(list(won).index(most), "piquet.play.leza", 10, Text("The leza: {} tricks", most))] if most > 6 else []


@implements("piquet.play.trick-winner")
def play_events(tricks: Sequence[tuple[int, int]], elder: int, params: PiquetRules,
                announced: int | None = None, led: Sequence[Card | None] = ()) -> list[Event]:
    """The points of play for tricks given as (leader, winner), in the order scored (the
    elder leads the first, the winner of each the next), with the card led to each where
    ``led`` gives it: :func:`trick_events` trick by trick, and :func:`end_of_play` after twelve."""
    events: list[Event] = []
    leader, won = elder, [0, 0]
    for number, (lead, winner) in enumerate(tricks, start=1):
        if number == 1 and lead != elder:
            raise IllegalActionError("piquet.play.first-lead", Action("play"), "the elder leads to the first trick")
        if lead != leader:
            raise IllegalActionError("piquet.play.trick-winner", Action("play"),
                                     f"trick {number}: seat {leader} won the last trick and leads, not seat {lead}")
        won[winner] += 1
        events += trick_events(number, lead, winner, won[winner], params, led[number - 1] if number <= len(led) else None)
        leader = winner
    return events + (end_of_play(won, params, announced) if len(tricks) == TRICKS else [])


# --------------------------------------------------------------------------- the deal and the partie

@implements("piquet.score.deal-total", "piquet.score.difference", "piquet.declare.false")
def deal_result(totals: Sequence[int], params: PiquetRules, silenced: int | None = None,
                declarations: Sequence[int] = (0, 0)) -> tuple[int | None, int, list[int]]:
    """The deal's result from each player's total: the winner, the difference he records,
    and the totals as they count.  A player playing silent (a false declaration) scores
    nothing (or, by a reading, only his true ``declarations``) and the opponent's total is
    doubled (by the standard reading, not).  Equal totals record nothing."""
    counted = list(totals)
    if silenced is not None:
        keeps, factor = params.penalty
        counted[silenced] = declarations[silenced] if keeps else 0
        counted[1 - silenced] *= factor
    if counted[0] == counted[1]:
        return None, 0, counted
    winner = 0 if counted[0] > counted[1] else 1
    return winner, abs(counted[0] - counted[1]), counted


class PartieState(NamedTuple):
    finished: bool
    winner: int | None
    margin: int
    deals: int


@implements("piquet.partie.length", "piquet.partie.tie")
def partie_result(columns: Sequence[Sequence[int]], params: PiquetRules) -> PartieState:
    """Where a partie stands after deals whose columns are given (per deal, what each player
    wrote: a difference, or under the rubicon both totals in full): six deals and the larger
    column wins by the difference; to a hundred; or the rubicon, the winner scoring the
    difference plus 100, or both totals plus 100 if the loser has not reached 100.  Equal
    at the end of a partie of six deals: two more deals by Cavendish's law, or at once (and
    after those two, still equal) drawn.  A deal after the end is refused."""
    length = params.partie
    totals = [0, 0]
    for k, deal in enumerate(columns):
        if _over(totals, k, length, params.tie_deals):
            raise IllegalActionError("piquet.partie.length", Action("deal"),
                                     f"the partie was over after {k} deals: no deal {k + 1}")
        totals = [totals[0] + deal[0], totals[1] + deal[1]]
    finished = _over(totals, len(columns), length, params.tie_deals)
    diff = abs(totals[0] - totals[1])
    winner = None if totals[0] == totals[1] else (0 if totals[0] > totals[1] else 1)
    margin = diff
    if finished and length.rubicon and winner is not None:
        margin = diff + 100 if min(totals) >= 100 else sum(totals) + 100
    return PartieState(finished, winner if finished else None, margin, len(columns))


def _over(totals: Sequence[int], deals: int, length: PartieLength, tie_deals: int = 0) -> bool:
    """Whether a partie is over after ``deals`` deals with these totals: a column at the
    target; or the fixed number of deals played, unless the totals are level then and
    ``tie_deals`` more are due (after those, over whatever the totals)."""
    if length.target is not None and max(totals) >= length.target:
        return True
    if length.deals is None or deals < length.deals:
        return False
    if deals == length.deals:
        return totals[0] != totals[1] or tie_deals == 0
    return deals >= length.deals + tie_deals


def read_hand(text: str | list[str], where: str) -> list[Card]:
    """A hand as an example gives it (distinct cards of the piquet pack)."""
    cards = parse_cards(text)
    if len(set(cards)) != len(cards) or any(c not in PACK for c in cards):
        raise EngineError(f"{where}: {brief(text)} is not a hand of distinct cards of the piquet pack")
    return cards
