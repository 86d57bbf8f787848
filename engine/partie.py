"""The partie: what every game keeps from its first deal to its end, and no rule at all.

A :class:`Partie` holds the deck supply (the game's pack, the seeding scheme, decks given
for replay), the first dealer and the rotation, the deals so far, one structured log, one
:class:`~engine.ledger.Ledger`, and the end as an :class:`~engine.game.Outcome` naming
the rule that ended it.  A game asks of it only what is its own: the pack
(:meth:`Partie.make_pack`), how a deck is dealt (:meth:`Partie.deal`), the rule ids of the
pack, the first dealer and the rotation, and the unit its score is kept in.

>>> from engine import games
>>> state = games.get("mushka").new_game({"players": 3}, seed=2)
>>> state.deal_number, len(state.deals), state.ledger.rows[0].dealer == state.dealer
(1, 1, True)
>>> entry = state.log[0]
>>> sorted(entry)
['args', 'deal', 'rule', 'seat', 'template', 'text']
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from string import Formatter
from typing import Any, ClassVar, Self

from engine.cards import Card, parse_cards, shuffled
from engine.errors import (EngineError, IllegalActionError, InvalidInputError, RecordError, TurnError, VariantError,
                           brief)
from engine.limits import MAX_ACTIONS, MAX_DECK, MAX_TEXT
from engine.game import Action, GameState, Outcome, Variant, side_words
from engine.determinize import Hidden, redeal
from engine.ledger import Entry, Ledger
from engine.phases.base import PHASE_KINDS, Flow, Over, Phase
from engine.phases.dialogue import DialogueState
from engine import table_view as table_views
from engine.view_types import Account, Calls, LogEntry, SheetRow, Contest, LedgerView, Pile, Prompt, SeatCount, Show, Taken, ViewHeader
from engine.i18n import Text, fill, tr, written_as

__all__ = ["Partie", "PHASE_KINDS", "SEAT_FIELDS", "log_text"]

SEAT_FIELDS = frozenset(("seat", "leader", "dealer", "winners"))
"""The fields of a prompt's sentence that name seats: given as data too (``prompt.seats``)."""


LogItem = tuple[int, int | None, str, str, tuple[Any, ...]]
"""A log entry as it is kept until read: deal, seat, rule, template and its arguments."""


def log_text(template: str, args: tuple[Any, ...]) -> str:
    """A log entry's text: ``template.format(*args)``, each list or tuple argument (a
    sequence of cards) written with the cards' symbols.

    >>> from engine.cards import parse_cards
    >>> log_text("Seat {} shows {}.", (2, parse_cards("AS 10H")))
    'Seat 2 shows A♠ 10♥.'
    """
    return tr(template, *args)


def _json_arg(arg: Any) -> Any:
    if type(arg) in (list, tuple):
        return [str(c) for c in arg]
    if isinstance(arg, (int, str)) or arg is None:
        return arg
    return str(arg)


class _Shown(dict[tuple[Any, ...], Any]):
    """What the views wrote that cannot change any more (the log entries as read so far, per
    language; the last finished deal's summary): a cache, which :meth:`GameState.clone` does
    not copy and :meth:`Partie.clone` starts anew."""


class Partie(GameState):
    """A whole game, deal after deal, until its end.

    Subclasses declare ``game_id``, the rule ids in :attr:`PARTIE_RULES` and the
    unit of their score (:attr:`UNIT`), and implement :meth:`make_pack` and
    :meth:`deal`; they may override the seeding scheme (:meth:`deck_seed`), the
    first dealer (:meth:`choose_first_dealer`) and the rotation (:meth:`next_dealer`).
    """

    PARTIE_RULES: ClassVar[dict[str, str]] = {}
    """The game's rule ids for ``deck`` (the pack), ``first_dealer`` and ``rotation``."""
    UNIT: ClassVar[str] = "points"
    """The unit of the game's score: ``points`` (Ruffe), ``record`` (the loo family) …"""
    PHASES: ClassVar[dict[str, Phase[Any]]] = {"over": Over()}
    """The game's phases by name (:class:`~engine.phases.Phase` objects): what each
    allows, does and asks; the partie answers :meth:`legal_actions`, :meth:`apply`,
    :meth:`action_label` and :meth:`heuristic_action` from the phase on now.  Derived, for
    the views and records, from the phases the game declares as typed names."""
    FLOW: ClassVar[Flow | None] = None
    """The game's deal: its phases in their usual order and the named exits from it
    (:class:`~engine.phases.base.Flow`); :meth:`enter` holds the game to it."""
    _step: Phase[Any]
    """The phase on now, as its object (``PHASES[_phase]``, kept by :meth:`enter`)."""
    dialogue: DialogueState
    """The deal's dialogues (:class:`~engine.phases.dialogue.DialogueState`: the order of the
    one opened last, the position in it, the calls made), begun anew with each deal."""
    ACCOUNT_LABELS: ClassVar[dict[str, str]] = {}
    """The label of each account the ledger keeps besides the score, by unit (the view's
    ``ledger.accounts``; an account's rule is that of its first entry): templates marked with
    ``N_``, translated where the view is written."""

    def __init__(self, variant: Variant, seed: int = 0, decks: Iterable[Iterable[str | Card]] | None = None,
                 first_dealer: int | None = None) -> None:
        self.variant = variant
        self.num_players = variant.players
        self.seed = seed
        self.pack = self.make_pack()
        self._decks = [self.check_deck(d, k) for k, d in enumerate(decks)] if decks is not None else None
        self._future_seed: str | None = None
        self.history: list[tuple[int, Action]] = []
        self.deals: list[list[str]] = []
        # log entries: tuples (deal, seat, rule, template, args), made dicts when first read
        self._log: list[LogItem] = []
        self._shown = _Shown()  # what views wrote, kept: the log entries read so far per language (log_from)
        self.ledger = Ledger(len(self.sides()))
        self._outcome: Outcome | None = None
        self._ended_by: str | None = None
        """The rule that ended the game, where it is not the game's rule of its end (:meth:`end`)."""
        self.deal_number = 0
        self._actions_applied = 0  # the state's version: every action applied changes it
        self._handed: tuple[int, int, tuple[Action, ...]] | None = None  # the legal list last handed out
        self._step = self.PHASES["over"]  # (until the first deal enters its first phase)
        self.setup()
        self.dealer = self.choose_first_dealer(first_dealer)
        self.first_dealer = self.dealer
        self.start_deal()

    # ----- a position set up ------------------------------------------------------
    @classmethod
    def from_position(cls, variant: Variant, hands: Sequence[str | Iterable[str | Card]],
                      rest: str | Iterable[str | Card] | None = None, first_dealer: int | None = None,
                      actions: Iterable[Action | dict[str, Any] | str] = (), seed: int = 0) -> Self:
        """A game whose first deal gives each seat the cards of ``hands`` (one a seat, in the
        order dealt), and the places besides the hands (talon, stock, turned card…) the cards
        of ``rest`` in deck order (by default the other cards, in a shuffled order); then
        ``actions`` applied in turn, each checked as at the table: a legal position mid-deal,
        for tests and worked examples, without playing up to it.  ``first_dealer`` deals it
        (by default the seat the game chooses); ``seed`` shuffles the later deals.

        Which places of the deck a deal gives to whom is asked of the game's own deal (a deal
        of a shuffled pack, looked at), so this knows nothing of any game.  Refused with
        :class:`~engine.errors.InvalidInputError` naming the field: a hand of a size the deal
        does not give, a card not in the game's pack, a card given twice, ``rest`` not the
        cards left; an action the rules refuse raises as at the table (its ``index`` set).

        >>> from engine import games
        >>> spec = games.get("piquet")
        >>> hands = ["AS KS QS JS 10S 9S 8S 7S AH KH QH JH", "AD KD QD JD 10D 9D 8D 7D AC KC QC JC"]
        >>> state = spec.state_class.from_position(spec.make_variant(), hands, first_dealer=1)
        >>> [len(h) for h in state.hands], state.phase
        ([12, 12], 'elder_exchange')
        >>> spec.state_class.from_position(spec.make_variant(), [hands[0], hands[0]], first_dealer=1)
        Traceback (most recent call last):
        ...
        engine.errors.InvalidInputError: position: AS is given twice (hands[0] and hands[1])
        """
        if not isinstance(variant, Variant):
            raise VariantError(Text("position: the variant must be a game's Variant (spec.make_variant()), not {}",
                                    brief(variant)))
        probe = cls._dealt_probe(variant, first_dealer)
        deck0, held = probe.deals[0], probe._hands_now()
        seat_of = {str(c): s for s, hand in enumerate(held) for c in hand}
        places = [seat_of.get(card) for card in deck0]  # each deck place: a seat's hand, or None
        sizes = [len(hand) for hand in held]
        pack = set(deck0)
        if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence) or len(hands) != probe.num_players:
            raise InvalidInputError(Text("position: hands must list {} hands, one a seat, not {}",
                                         probe.num_players, brief(hands)))
        where: dict[str, str] = {}

        def cards_of(field: str, given: Any) -> list[str]:
            if isinstance(given, str) and len(given) > MAX_TEXT:
                raise InvalidInputError(Text("position: {}: at most {} characters, not {}",
                                             field, MAX_TEXT, len(given)))
            try:
                cards = [str(c) for c in parse_cards(given)]
            except (EngineError, TypeError) as exc:
                raise InvalidInputError(Text("position: {}: {}", field, exc)) from None
            if len(cards) > MAX_DECK:
                raise InvalidInputError(Text("position: {}: at most {} cards, not {}",
                                             field, MAX_DECK, len(cards)))
            for card in cards:
                if card not in pack:
                    rule = probe.partie_rule("deck")
                    raise InvalidInputError(
                        Text("position: {}: {} is not in this game's pack (rule {})", field, card, rule) if rule
                        else Text("position: {}: {} is not in this game's pack", field, card))
                if card in where:
                    raise InvalidInputError(Text("position: {} is given twice ({} and {})",
                                                 card, where[card], field))
                where[card] = field
            return cards

        given = [cards_of(f"hands[{s}]", hand) for s, hand in enumerate(hands)]
        for s, cards in enumerate(given):
            if len(cards) != sizes[s]:
                raise InvalidInputError(Text("position: hands[{}] holds {} cards; the deal gives seat {} {}",
                                             s, len(cards), s, sizes[s]))
        others = places.count(None)
        if rest is None:
            left = [card for card in deck0 if card not in where]
        else:
            left = cards_of("rest", rest)
            if len(left) != others:
                raise InvalidInputError(Text("position: rest holds {} cards; the places besides the hands take "
                                             "the {} cards left",
                                             len(left), others))
        deck = [given[place].pop(0) if place is not None else left.pop(0) for place in places]
        state = cls(variant, seed, decks=[deck], first_dealer=probe.first_dealer)
        for i, action in enumerate(actions):
            if i >= MAX_ACTIONS:
                raise InvalidInputError(Text("position: actions: at most {}",
                                             format(MAX_ACTIONS, ',')))
            try:
                state.apply(action)
            except IllegalActionError as error:
                error.index = i
                raise
        return state

    @classmethod
    def _dealt_probe(cls, variant: Variant, first_dealer: int | None) -> Self:
        """A game whose first deal was dealt and is still in progress (a deal that ended as
        it was dealt, a misdeal, is tried again on another shuffle)."""
        for k in range(16):
            probe = cls(variant, seed=k, first_dealer=first_dealer)
            if probe.deal_number == 1 and probe._phase != "over":
                return probe
        raise EngineError(Text("{}: no deal of 16 stayed in progress to read its places from",
                               cls.game_id))

    def _hands_now(self) -> list[list[Card]]:
        """Each seat's cards now (a trick table's hands)."""
        hand_cards: Callable[[int], list[Card]] | None = getattr(self, "hand_cards", None)
        if hand_cards is None:
            raise EngineError(Text("{}: the game keeps no hands to set a position in",
                                   self.game_id))
        return [list(hand_cards(s)) for s in range(self.num_players)]

    # ----- what a game declares ---------------------------------------------------
    def partie_rule(self, name: str) -> str | None:
        """The game's rule id for ``deck``, ``first_dealer`` or ``rotation``."""
        return self.PARTIE_RULES.get(name)

    def make_pack(self) -> list[Card]:
        """The cards of the game's pack, in the order they are shuffled from."""
        raise NotImplementedError

    def deal(self, deck: list[Card]) -> None:
        """Deal ``deck`` (top card first) and set the deal's first phase."""
        raise NotImplementedError

    def setup(self) -> None:
        """Anything the game keeps from before the first deal (the loo records)."""

    def deck_seed(self, seed: Any, k: int) -> str:
        """The seed of deal ``k``'s shuffle (0-based): the seeding scheme."""
        return f"{self.game_id}/{seed}/{k}"

    def choose_first_dealer(self, chosen: int | None) -> int:
        """The seat that deals first: ``chosen`` (a record's, or one deal replayed on
        its own) if given, else the game's own choice (:meth:`default_first_dealer`)."""
        if chosen is None:
            return self.default_first_dealer()
        if isinstance(chosen, bool) or not isinstance(chosen, int) or not 0 <= chosen < self.num_players:
            raise VariantError(Text("first_dealer must be a seat 0..{}, not {}",
                                    self.num_players - 1, brief(chosen)),
                               rule=self.partie_rule("first_dealer"))
        return chosen

    def default_first_dealer(self) -> int:
        return self.num_players - 1

    def next_dealer(self) -> int:
        """The deal passes to the left: the next seat."""
        return (self.dealer + 1) % self.num_players

    # ----- the deck supply ----------------------------------------------------------
    def check_deck(self, deck: Any, k: int) -> list[Card]:
        """A given deck, if it holds exactly the game's pack; else :class:`RecordError`
        naming the deck and the rule of the pack."""
        try:
            cards = [Card.parse(c) for c in deck]
        except (EngineError, TypeError) as exc:
            raise RecordError(Text("decks[{}]: {}", k, exc)) from None
        if sorted(c.index for c in cards) != sorted(c.index for c in self.pack):
            rule = self.partie_rule("deck")
            held = (len(cards), len(set(cards)))
            raise RecordError(Text("decks[{}]: a deck must hold the {} cards of this game's pack (rule {}), got {} "
                                   "cards ({} different)", k, len(self.pack), rule, *held) if rule else
                              Text("decks[{}]: a deck must hold the {} cards of this game's pack, got {} cards "
                                   "({} different)", k, len(self.pack), *held))
        return cards

    def deck_for(self, k: int) -> list[Card]:
        """Deal ``k``'s deck (0-based), top card first: given, or the pack shuffled by
        the seeding scheme (a determinized copy reshuffles later deals from its own seed)."""
        if self._decks is not None and k < len(self._decks):
            return list(self._decks[k])
        seed = self._future_seed if self._future_seed is not None else self.seed
        return shuffled(self.pack, random.Random(self.deck_seed(seed, k)))

    def start_deal(self) -> None:
        """The next deal: its deck, its number, its row in the ledger, and the game's deal."""
        k = self.deal_number
        deck = self.deck_for(k)
        self.deals.append([c._text for c in deck])
        self.deal_number = k + 1
        self.ledger.open_deal(k + 1, self.dealer)
        self.dialogue = DialogueState()  # no dialogue yet
        self.deal(deck)

    def next_deal(self) -> None:
        self.dealer = self.next_dealer()
        self.start_deal()

    # ----- the log ------------------------------------------------------------------
    def say(self, rule: str, seat: int | None, template: str, *args: Any) -> None:
        """Log an event of the deal in progress: ``template`` with ``args`` (seats as
        numbers, cards as lists), written out only when the log is read."""
        self._log.append((self.deal_number, seat, rule, template, args))

    @property
    def log(self) -> list[LogEntry]:
        """The log: ``{"deal", "seat", "rule", "text", "template", "args"}`` entries,
        the seats and cards of ``args`` as data."""
        return self.log_from(0)

    def log_from(self, start: int) -> list[LogEntry]:
        """The log entries from ``start`` on (negative: from the end)."""
        entries = self._log
        if start < 0:
            start = max(0, len(entries) + start)
        # Written in the language of the reader (engine.i18n), once per language: an entry is
        # never changed once appended (APPEND_ONLY). Each caller gets its own dicts.
        shown: list[LogEntry] = self._shown.setdefault(("log", written_as()), [])
        for i in range(len(shown), len(entries)):
            deal, seat, rule, template, args = entries[i]
            shown.append({"deal": deal, "seat": seat, "text": log_text(template, args), "rule": rule,
                          "template": template, "args": [_json_arg(a) for a in args]})
        return [entry.copy() for entry in shown[start:]]

    # ----- the ledger ---------------------------------------------------------------
    def score(self, side: int, amount: int, rule: str, why: str | Text, seat: int | None = None,
              unit: str | None = None) -> Entry:
        """Write ``amount`` of the game's unit (or ``unit``) to ``side``'s account."""
        return self.ledger.write(self.deal_number, side, amount, unit or self.UNIT, rule, why, seat)

    def totals(self) -> list[int]:
        return self.ledger.totals(self.UNIT)

    @property
    def score_sheet(self) -> list[SheetRow]:
        """The deals that are over, each with its entries in the game's unit."""
        return self.ledger.sheet(self.UNIT)

    def view_header(self, seat: int | None) -> ViewHeader:
        """The part of a view every game shares: game, variant, seat, players, sides,
        dealer, deal, phase, the seat to act and the score sheet (the deal in progress,
        once it has an entry, as an incomplete row), the legal actions (to the seat to act),
        the log's end, the outcome, and what the table draws (:mod:`engine.table_view`)."""
        to_act = self._to_act
        return {
            **table_views.table_view(self, seat),
            "game": self.game_id,
            "variant": self.variant.to_json(),
            "seat": seat,
            "players": self.num_players,
            "sides": self.sides(),
            "dealer": self.dealer,
            "deal": self.deal_number,
            "phase": self._phase,
            "phase_kind": self.PHASES[self._phase].kind,
            "prompt": self.prompt(seat),
            "to_act": self._to_act,
            "score_sheet": self.ledger.sheet(self.UNIT, current=self._phase != "over"),
            "legal": self.legal_json() if to_act is not None and seat in (None, to_act) else [],
            "log": self.log_from(-40),
            "over": self._phase == "over",
            "outcome": self._outcome.to_json() if self._outcome is not None else None,
        }

    # ----- the table's part of the view (engine.table_view) -----------------------
    def active_seats(self) -> list[int]:
        """The seats that play the deal (every seat, unless the game says otherwise)."""
        return list(range(self.num_players))

    def calls_view(self, viewer: int | None) -> Calls | None:
        """The deal's calls as ``viewer`` may know them (:func:`engine.table_view.calls`)."""
        return table_views.calls(self, viewer)

    def taken_view(self, viewer: int | None) -> Taken | None:
        """The cards taken in the exchange on now (:func:`engine.table_view.taken`)."""
        return table_views.taken(self, viewer)

    def ledger_view(self) -> LedgerView:
        """The score's unit, start and target, and the accounts (:func:`engine.table_view.ledger`)."""
        return table_views.ledger(self)

    def contest_view(self, viewer: int | None) -> Contest | None:
        """A dialogue that is a contest, as ``viewer`` may know it: ``{"title", "lines"}``."""
        return None

    def shows_view(self, viewer: int | None) -> list[Show]:
        """The hands or parts of hands shown this deal (:func:`engine.table_view.show`)."""
        return []

    def piles_view(self, viewer: int | None) -> list[Pile]:
        """The piles on the felt besides the trick, with only the cards ``viewer`` may see
        (:func:`engine.table_view.pile`)."""
        return []

    def seat_counts_view(self, viewer: int | None) -> list[list[SeatCount]]:
        """Per seat, what it has gathered besides its tricks (:func:`engine.table_view.item`)."""
        return [[] for _ in range(self.num_players)]

    def ledger_start(self) -> tuple[int | list[int] | None, str | None]:
        """What each side's score starts at, and the rule (None: nothing)."""
        return None, None

    def ledger_target(self) -> tuple[int | None, str | None]:
        """The score that ends the game, and the rule (None: none)."""
        return None, None

    def final_accounts(self) -> list[Account]:
        """Accounts made up besides the ledger's (a settlement at the end)."""
        return []

    # ----- the prompt ---------------------------------------------------------------
    def prompt_fields(self) -> dict[str, Any]:
        """The named fields a prompt's sentence may use: ``seat`` (to act), ``dealer``,
        ``deal``, and at the end ``winners`` and ``reason``; a game adds its own (its trick
        play's trick and leader), and the phase its own (:meth:`Phase.fields`)."""
        fields: dict[str, Any] = {"seat": self._to_act, "dealer": self.dealer, "deal": self.deal_number}
        if self._outcome is not None:
            fields["winners"] = list(self._outcome.winners)
            fields["reason"] = self._outcome.reason
        return fields | self.PHASES[self._phase].fields(self)

    def step_rule(self, rule: str) -> str | None:
        """The rule id a phase names: itself, the game's rule of that name, or for
        ``"outcome"`` the rule that ended the game."""
        if rule == "outcome":
            return self._outcome.rule if self._outcome is not None else None
        return rule if "." in rule else self.partie_rule(rule)

    def prompt(self, viewer: int | None) -> Prompt:
        """What the phase on now asks, as ``viewer`` sees it: ``{"text", "rule", "seat",
        "seats"}`` (and ``adopted``: the other game's rule a rule of this game adopts),
        written from the phase's rule and sentence."""
        step = self.PHASES[self._phase]
        fields = self.prompt_fields()
        rule, text = step.cases.get(fields.get("case", ""), (step.rule, step.text))
        text = step.sentence(self, text)
        rule_id = self._ended_by if self._phase == "over" and self._ended_by else self.step_rule(rule)
        assert rule_id is not None, f"the phase {self._phase!r} names no rule"  # (every phase names one)
        seats: list[int] = []
        for name in (f[1] for f in Formatter().parse(text)):
            if name in SEAT_FIELDS and fields[name] is not None:
                value = fields[name]
                seats.extend(s for s in (value if isinstance(value, list) else [value]) if s not in seats)
        sentence = fill(text, **{k: side_words(v) if isinstance(v, list) else v for k, v in fields.items()})
        to_act = self._to_act
        if step.choices and to_act is not None and viewer in (None, to_act):
            labels = [label[:1].lower() + label[1:] for label in dict.fromkeys(
                self.action_label(a) for a in self.legal_actions())]
            sentence += " — " + (tr("{} or {}", ", ".join(labels[:-1]), labels[-1]) if len(labels) > 1 else labels[0])
        prompt: Prompt = {"text": sentence, "rule": rule_id, "seat": to_act, "seats": seats}
        if rule_id is not None and self.ADOPTS is not None and not rule_id.startswith(self.game_id + "."):
            prompt["rule"], prompt["adopted"] = self.ADOPTS, rule_id
        return prompt

    # ----- the phase on now ----------------------------------------------------------
    def enter(self, phase: str, *, set_up: bool = False) -> None:
        """The deal goes on to ``phase`` (a name of :attr:`PHASES`): the one writer of the
        phase on now, held to the game's :attr:`FLOW` (a step it does not declare is a bug in
        the game, raised as :class:`~engine.errors.EngineError`).  ``set_up``: a position a
        worked example stands the deal at, not reached by play (the flow is not asked)."""
        now = self._phase
        if now != phase:
            flow = self.FLOW
            if flow is not None and not set_up and not flow.allows(now, phase):
                raise EngineError(f"{self.game_id}: the deal goes from {now or 'its start'} to {phase}, "
                                  f"a step its flow does not declare ({flow!r})")
            self._phase = phase
            self._step = self.PHASES[phase]

    def legal_actions(self) -> list[Action]:
        """The actions the seat to act may take (a fresh list; none once the game is over)."""
        seat = self._to_act
        if seat is None:
            return []
        phase = self._step
        legal = phase.legal(self, seat)
        if phase.by_identity:
            self._handed = (self._actions_applied, seat, tuple(legal))
        return legal

    def handed_out(self, seat: int, action: Action) -> bool:
        """Whether ``action`` is one of the very objects of the legal list last handed out
        (:meth:`legal_actions`) to ``seat``, in this state (no action applied since): then it is
        legal without comparing it with a new list (:meth:`Phase.apply
        <engine.phases.base.Phase.apply>`; any other action is checked in full)."""
        handed = self._handed
        if handed is None or handed[0] != self._actions_applied or handed[1] != seat:
            return False
        for listed in handed[2]:
            if listed is action:
                return True
        return False

    def apply(self, action: Action | dict[str, Any] | str) -> None:
        """Apply the seat-to-act's action (an Action, its JSON form or its text): the
        phase on now refuses one the rules forbid with
        :class:`~engine.errors.IllegalActionError` naming the rule, before anything
        changes; the steps that follow (a trick's end, the count, the next deal) run
        as part of the action that triggers them."""
        if type(action) is not Action:
            action = Action.coerce(action)
        seat = self._to_act
        phase = self._step
        if seat is None:  # (the refusal names the rule that ended the game: one it adopts is restated, own_rule)
            over = self._ended_by or self.partie_rule("end") or self.step_rule("outcome") or "outcome"
            raise self.own_rule(IllegalActionError(over, action, Text("the game is over"), seat))
        try:
            phase.apply(self, seat, action)
        except IllegalActionError as error:  # (raised before anything changed)
            raise self.own_rule(error) from None
        self._actions_applied += 1

    def action_label(self, action: Action) -> str:
        return self.PHASES[self._phase].label(self, action)

    def sampled(self) -> bool:
        """Whether the sampling bot searches the decision on now (the phase's :attr:`~Phase.sampled`)."""
        return self.PHASES[self._phase].sampled

    def heuristic_action(self, seat: int) -> Action:
        """The heuristic's move for ``seat`` (the seat to act): the phase's advice."""
        if seat != self._to_act:
            raise TurnError(seat, self._to_act)
        legal = self.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return self.PHASES[self._phase].advice(self, seat, legal)

    # ----- the end ------------------------------------------------------------------
    def end(self, winners: tuple[int, ...], reason: str | Text, rule: str, by: str | None = None) -> None:
        """The game is over: ``winners`` (seats) by ``rule``, for ``reason``; ``by``: the rule that
        ended it, where another rule than the game's end did (a hand shown that wins the game), which
        an action refused after the end names."""
        self._ended_by = by
        self.enter("over")
        self._to_act = None
        totals = self.totals()
        self._outcome = Outcome(
            winners=tuple(winners),
            scores=tuple(totals[self.side_of(s)] for s in range(self.num_players)),
            sides=tuple(tuple(s) for s in self.sides()),
            reason=reason,
            rule=rule,
        )

    # ----- copies -------------------------------------------------------------------
    def determinize(self, seat: int, rng: random.Random) -> Self:
        """A copy in which every card ``seat`` cannot see is redealt at random among the
        places it cannot see, keeping their sizes and what ``seat`` knows
        (:meth:`hidden_from`, :func:`~engine.determinize.redeal`); later deals are
        reshuffled from ``rng``.  When no deal honours what the seat knows, the true
        deal is kept."""
        self.check_seat(seat, allow_none=False)
        new = self.clone()
        new._decks = None
        new._future_seed = f"determinized/{rng.getrandbits(64)}"
        if self._phase == "over":
            return new
        hidden = self.hidden_from(seat)
        cards = redeal(hidden, rng)
        if cards is not None:
            new.place_hidden(seat, hidden, cards, rng)
        return new

    def hidden_from(self, seat: int) -> Hidden:
        """What ``seat`` cannot see now, and what it knows of it (cards seen, shown, and
        the voids each hand has shown)."""
        raise NotImplementedError

    def place_hidden(self, seat: int, hidden: Hidden, cards: list[list[Card]], rng: random.Random) -> None:
        """Write a new deal of the hidden cards (``cards``, by the places of ``hidden``)
        into this copy."""
        raise NotImplementedError

    def clone(self) -> Self:
        new = super().clone()
        new.ledger = self.ledger.copy()
        new._shown = _Shown()  # (the copy goes its own way from here)
        new._handed = None  # (a copy is changed apart, a determinized one redealt: it lists its own)
        new.dialogue = self.dialogue.copy()
        return new
