"""The view's contract as types: what ``state.view(seat)`` returns, key by key.

A view is plain JSON (the bridge sends it to the browser's table, records and tests read
it); its shape is these :class:`~typing.TypedDict` s, which the view builders return (so
``mypy --strict`` checks every key they write). ``tools/view_schema.py`` (``make
view-schema``) writes ``engine/view.schema.json`` and the table's JSDoc types
(``docs/assets/js/view-types.js``) from them, and ``tests/test_view_schema.py`` checks that
both are current. A key's documentation is the string under it; ``Json(...)`` adds JSON
Schema keywords a Python type cannot say (a pattern, a minimum) and, with a name, makes the
type a named definition of the schema.

The view is the same for every game: the header (who, where, when, the prompt, the score
sheet, the legal actions, the log, the outcome), then one group of keys per kind of phase
(the dialogue's calls and contest, the exchange's piles and taken cards, trick play's
trick and hands), the ledger, and the last finished deal. What one game alone gives goes
under ``detail`` (game-specific, an open object no table code reads).

Standard library only (the engine runs in Pyodide): ``typing`` and nothing else. No
``from __future__ import annotations`` here: the schema tool reads the annotations
evaluated, with their ``Required``/``NotRequired``.
"""

from typing import Annotated, Any, Literal, NotRequired, TypedDict

__all__ = ["Json", "Seat", "Card", "Cards", "Suit", "RuleId", "Counts", "Side", "Variant", "PhaseKind", "Prompt",
           "ActionJson", "LegalAction", "LogEntry", "SheetEntry", "LedgerEntry", "VoidDeal", "SheetRow",
           "OutcomeJson", "Played", "LastTrick", "HiddenHand", "Call", "Calls", "ContestLine", "Contest", "Show",
           "Pile", "SeatCount", "Taken", "Account", "LedgerView", "Ledger", "Fact", "SummaryLine", "DealSummary",
           "Header", "TableKeys", "TrickKeys", "ViewHeader", "View", "VIEW_RULES"]


class Json:
    """JSON Schema keywords for the type it annotates (``Annotated[int, Json(minimum=0)]``);
    ``name``: the type is the schema's definition of that name (``$defs``), referred to
    wherever it is used."""

    __slots__ = ("name", "keywords")

    def __init__(self, name: str | None = None, **keywords: Any) -> None:
        self.name = name
        self.keywords = keywords


# ------------------------------------------------------------------ the small types

Seat = Annotated[int, Json("seat", minimum=0, maximum=15, description="A seat, numbered from 0.")]
Card = Annotated[str, Json("card", pattern="^(10|[2-9JQKA])[SHDC]$", description="A card: rank then suit, 10H, QS.")]
Cards = Annotated[list[Card], Json("cards")]
Suit = Annotated[Literal["S", "H", "D", "C"], Json("suit", description="A suit: spades, hearts, diamonds, clubs.")]
RuleId = Annotated[str, Json("rule_id", pattern="^[a-z0-9-]+(\\.[a-z0-9-]+)+$",
                             description="A rule id of the catalogue: <game>.<topic>.<name>.")]
Counts = Annotated[list[int], Json("counts", description="One number per seat (or per side).")]
Side = Annotated[list[Seat], Json("side", minItems=1, description="The seats of one side.")]
Variant = Annotated[dict[str, str | int | float | bool], Json(
    "variant", required=["players"], properties={"players": {"type": "integer", "minimum": 1, "maximum": 16}},
    description="Every option of the game's rules variant (option name -> value). A game adds its own options: "
                "any name, a scalar each; players is always there.")]
PhaseKind = Literal["dialogue", "exchange", "trick", "over"]
"""The kinds of phase (``engine.phases.base.PHASE_KINDS``)."""
Text = Annotated[str, Json(minLength=1)]
Count = Annotated[int, Json(minimum=0)]


# ------------------------------------------------------------------ the header's parts

class Prompt(TypedDict):
    """What the phase on now asks, written by the engine."""

    text: Text
    """An English sentence, written by the engine, for the seat to act (the legal choices
    appended for a viewer who may see them)."""
    rule: RuleId
    """The rule of the game's catalogue that says what may be done now (at the end: the rule
    that ended the game)."""
    seat: Seat | None
    """The seat to act (equal to to_act); null at the end."""
    seats: Annotated[list[Seat], Json(uniqueItems=True)]
    """The seats the text refers to, in the order it names them."""
    adopted: NotRequired[RuleId]
    """Where rule is a rule by which the game adopts another's (Памфил: 'otherwise as
    Мушка'), the other game's rule."""


class ActionJson(TypedDict):
    """An action as engine.game.Action.to_json writes it."""

    kind: Annotated[str, Json(pattern="^[a-z_]+$")]
    """The action's kind: play, bid, pass, discard..."""
    card: NotRequired[Card]
    """The card it plays, where it plays one."""
    value: NotRequired[int | str]
    """Its value, where it has one (a bid, the cards discarded)."""


class LegalAction(TypedDict):
    """A legal action: the action, its label for a button, its text for the command line and records."""

    action: ActionJson
    """The action."""
    label: Text
    """Its label, for a button."""
    text: Text
    """Its text, for the command line and records: play 7H."""


class LogEntry(TypedDict):
    """One event of the log."""

    deal: Count
    """The deal it happened in (0: before the first)."""
    seat: Seat | None
    """The seat it concerns, or null."""
    rule: RuleId
    """The rule it applies."""
    text: str
    """The event in words: template.format(*args), cards written with their symbols."""
    template: str
    """The sentence before its arguments are put in."""
    args: list[int | str | None | Cards]
    """The template's arguments as data: seats and numbers as integers, cards as lists of cards."""


class SheetEntry(TypedDict):
    """One entry of the score sheet (engine.ledger.Entry.to_json)."""

    side: Count
    """The side it is written to."""
    points: int
    """Its amount in the unit."""
    rule: RuleId
    """The rule that scores it."""
    why: str
    """Why, in words."""
    seat: NotRequired[Seat]
    """The seat whose record it is (the loo family)."""
    record: NotRequired[int]
    """The seat's record after the entry (the loo family)."""
    counterparty: NotRequired[Seat]
    """A payment's other party."""


class LedgerEntry(SheetEntry):
    """One entry of the ledger, of any unit (engine.ledger.Entry.to_json, with its deal and
    unit): a point, a payment between two players (its counterparty), a token into the pot."""

    deal: Annotated[int, Json(minimum=1)]
    """The deal it was written in."""
    unit: Text
    """Its unit: points, record, tokens, payment..."""


class VoidDeal(TypedDict):
    """A deal written off as void: the rule and why."""

    rule: RuleId
    """The rule that voids it."""
    why: str
    """Why, in words."""


class SheetRow(TypedDict):
    """A deal of the score sheet (the deal in progress: complete false)."""

    deal: Annotated[int, Json(minimum=1)]
    """The deal's number."""
    dealer: Seat
    """Its dealer."""
    entries: list[SheetEntry]
    """Its entries in the score's unit, in the order written."""
    complete: bool
    """Whether the deal is over."""
    void: NotRequired[VoidDeal]
    """Given for a deal written off as void."""


class OutcomeJson(TypedDict):
    """The end of the game (engine.game.Outcome.to_json)."""

    winners: list[Seat]
    """The winning seats; empty for a drawn game."""
    scores: list[int]
    """Each seat's final score."""
    sides: list[Side]
    """The sides, as sides() gives them."""
    reason: str
    """Why the game ended, in words."""
    rule: NotRequired[RuleId]
    """The rule that ended it."""


# ------------------------------------------------------------------ trick play

class Played(TypedDict):
    """A card played to a trick, and its seat."""

    seat: Seat
    """Who played it."""
    card: Card
    """The card."""


class LastTrick(TypedDict):
    """The last trick taken."""

    cards: list[Played]
    """Its cards, in the order played."""
    leader: Seat
    """Who led it."""
    winner: Seat
    """Who took it."""


class HiddenHand(TypedDict):
    """A hand the viewer may not see."""

    count: Count
    """How many cards it holds."""
    known: NotRequired[Cards]
    """The cards of it shown to the table (the loo family, Piquet)."""


# ------------------------------------------------------------------ the dialogue

class Call(TypedDict):
    """A call made in the deal's dialogue: its seat, the action's kind, the call in the
    game's words as this viewer may know it, and its rule."""

    seat: Seat
    """Who made it."""
    kind: Annotated[str, Json(pattern="^[a-z_]+$")]
    """The action's kind."""
    text: Text
    """The call in the game's words as this viewer may know it: Ruff 24, bought 3."""
    rule: RuleId
    """The rule it follows."""


class Calls(TypedDict):
    """The deal's dialogue so far: the calls made, in order (every dialogue of the deal),
    the seats of the dialogue opened last that are yet to speak, and how their waiting is said."""

    said: list[Call]
    """The calls made, in order."""
    waiting: list[Seat]
    """The seats of the dialogue opened last yet to speak."""
    waiting_text: str
    """How the seats yet to speak are waited for (seats 1 and 2 to bid); empty when no one is."""


class ContestLine(TypedDict):
    """A line of a contest's box."""

    label: str
    """Its label (a seat, the stake)."""
    text: Text
    """What it says."""
    muted: bool
    """Drawn muted (a seat out of the contest)."""
    rule: RuleId | None
    """Its rule, or null."""


class Contest(TypedDict):
    """A dialogue that is a contest (Ruffe's ruff, Gleek's vie, Piquet's declarations): a
    title and lines in the game's words, seats named as seat N."""

    title: Text
    """The box's title."""
    lines: list[ContestLine]
    """Its lines."""


class Show(TypedDict):
    """A hand or part of one shown to the table this deal (a proof, a declaration), told apart by kind."""

    seat: Seat
    """Who showed it."""
    kind: Text
    """What it is (a ruff, five of a suit, jacks, boys, the trump card...), told apart by this id."""
    cards: Cards
    """The cards shown."""
    value: int | None
    """Its worth, or null."""
    text: str
    """The show in words."""
    rule: RuleId
    """The rule that has it shown."""


# ------------------------------------------------------------------ the exchange, the felt

class Pile(TypedDict):
    """A pile on the felt besides the trick."""

    id: Annotated[str, Json(pattern="^[a-z][a-z0-9-]*$")]
    """Which pile: turned, head, aside, discards, out, stock, trump-card, talon, discards-0..."""
    label: Text
    """Its label."""
    count: Count
    """How many cards it holds."""
    cards: NotRequired[Cards]
    """Its cards, only those the viewer may see (all, or some: Piquet's talon shows the
    elder the cards he left); left out when he sees none."""
    face_up: bool
    """Whether it lies face up."""
    seat: Seat | None
    """Who owns or took it, or null."""
    trump: bool
    """It shows what is trumps."""
    rule: RuleId
    """The rule that makes it."""


class SeatCount(TypedDict):
    """A labelled count of what a seat has gathered besides its tricks."""

    label: Text
    """What is counted."""
    value: int | str
    """How much."""
    rule: RuleId | None
    """Its rule, or null."""


class Taken(TypedDict):
    """The cards the viewer (the seat to act) took into his hand in the exchange on now."""

    seat: Seat
    """Who took them."""
    cards: Cards
    """The cards."""
    note: Text
    """Where they came from and what to do now."""


# ------------------------------------------------------------------ the ledger

class Account(TypedDict):
    """An account kept besides the score: its unit, label, rule and total per seat or side
    (side payments, a settlement)."""

    unit: Text
    """Its unit."""
    label: Text
    """Its label."""
    rule: RuleId
    """The rule that keeps it."""
    totals: list[int | float]
    """Its total per seat or side."""


class LedgerView(TypedDict):
    """The score's unit, what it starts at and the score that ends the game (each with its
    rule), whether lower is better, and the accounts besides it (a game's ledger hook)."""

    unit: Text
    """The score's unit: points, record, tokens."""
    start: int | Counts | None
    """What each side's score starts at (the loo records' start), or null."""
    start_rule: RuleId | None
    """The rule of the start, or null."""
    target: int | None
    """The score that ends the game, or null."""
    target_rule: RuleId | None
    """The rule of the game's end, or null."""
    lower_is_better: bool
    """Whether a lower score is better."""
    accounts: list[Account]
    """The accounts kept besides the score."""


class Ledger(LedgerView):
    """The ledger as the view gives it: the hook's part, and the entries of the deal in
    progress and of the deal before it."""

    entries: list[LedgerEntry]
    """Every entry of the deal in progress and of the deal before it, in every unit, in the
    order written (a deal's last point is written as the next deal begins)."""


# ------------------------------------------------------------------ a finished deal

class Fact(TypedDict):
    """A labelled item of a deal summary."""

    label: str
    """What it is."""
    value: str
    """Its value in words."""
    rule: NotRequired[RuleId]
    """Its rule."""


class SummaryLine(TypedDict):
    """A side's line of a deal summary."""

    side: Count
    """The side."""
    seats: Side
    """Its seats."""
    amount: int
    """The sum of its entries."""
    entries: list[SheetEntry]
    """Its score-sheet entries of the deal."""
    facts: list[Fact]
    """What it did, as labelled items."""
    text: str
    """The same in plain words, with what it gained."""


class DealSummary(TypedDict):
    """A finished deal as GameState.deal_summary gives it."""

    deal: Annotated[int, Json(minimum=1)]
    """The deal's number."""
    dealer: Seat | None
    """Its dealer."""
    unit: str
    """The unit of its amounts."""
    lower_is_better: bool
    """Whether a lower amount is better."""
    lines: list[SummaryLine]
    """One per side, in order."""
    entries: list[SheetEntry]
    """The deal's score-sheet entries of every side, in the order written."""
    facts: list[Fact]
    """Labelled items of the whole deal."""
    best: list[Count]
    """The sides that did best in it."""
    void: VoidDeal | None
    """The rule and why for a deal written off as void, else null."""
    ended_game: bool
    """Whether the game ended with it."""
    text: str
    """One plain sentence."""


# ------------------------------------------------------------------ the view

class Header(TypedDict):
    """Who, where and when, the prompt, the score sheet, the legal actions, the log, the
    outcome (engine.partie.Partie.view_header)."""

    game: Annotated[str, Json(pattern="^[a-z][a-z0-9-]*$")]
    """The game id."""
    variant: Variant
    """Every option of the rules variant."""
    seat: Seat | None
    """The viewer: a seat, or null for the omniscient view."""
    players: Annotated[int, Json(minimum=1, maximum=16)]
    """The number of seats."""
    sides: Annotated[list[Side], Json(minItems=1)]
    """The seats of each side (one seat each where every player plays for himself)."""
    dealer: Seat
    """The dealer of the deal in progress."""
    deal: Annotated[int, Json(minimum=1)]
    """The number of the deal in progress (the last, at the end)."""
    phase: Annotated[str, Json(pattern="^[a-z_]+$")]
    """The phase's name, as the engine and the goldens name it."""
    phase_kind: PhaseKind
    """The kind of the phase: a turn-order dialogue, an exchange, trick play, or the end."""
    prompt: Prompt
    """What the phase on now asks."""
    to_act: Seat | None
    """The seat to act; null at the end."""
    score_sheet: list[SheetRow]
    """A row per deal that is over (and the deal in progress once it has an entry)."""
    legal: list[LegalAction]
    """The legal actions, for the seat to act and the omniscient view; empty for every other viewer."""
    log: list[LogEntry]
    """The last log entries (the engine sends at most 40)."""
    over: bool
    """The game is over (then phase and phase_kind are over, to_act is null, outcome is given)."""
    outcome: OutcomeJson | None
    """At the end, the outcome; else null."""


class TableKeys(TypedDict):
    """What the table draws, in one shape for every game (engine.table_view): the
    dialogue's calls and contest, the shows, the exchange's piles and taken cards, the
    ledger, the last finished deal."""

    active: list[Seat]
    """The seats that play the deal (every seat when all play)."""
    calls: Calls | None
    """The deal's dialogue so far; null before the deal has had one."""
    contest: Contest | None
    """A dialogue that is a contest, in lines; else null."""
    shows: list[Show]
    """The hands or parts of hands shown this deal."""
    piles: list[Pile]
    """The piles on the felt besides the trick."""
    seat_counts: list[list[SeatCount]]
    """Per seat, what it has gathered besides its tricks, as labelled items."""
    taken: Taken | None
    """To the seat to act (and the omniscient view): the cards he took in the exchange on now."""
    totals: Counts
    """Each side's total in the score's unit."""
    ledger: Ledger
    """The score's unit, start and target, the accounts, the recent entries."""
    previous_deal: DealSummary | None
    """The last finished deal; null before the first is over."""
    unavailable: list[LegalAction]
    """The calls of the dialogue on now that the rules do not allow the seat to act, for
    that seat and the omniscient view (a table draws them unavailable, to read the rule
    that refuses them); empty for every other viewer."""


class TrickKeys(TypedDict):
    """Trick play's part of the view (engine.phases.trick.TrickTable.trick_view)."""

    trick: list[Played]
    """The cards played to the trick in progress, in order."""
    leader: Seat
    """Who leads (led) the trick in progress."""
    last_trick: LastTrick | None
    """The last trick taken, or null."""
    tricks: Counts
    """The tricks each seat has taken this deal."""
    tricks_played: Count
    """How many tricks of the deal are played."""
    tricks_per_deal: Annotated[int, Json(minimum=1)]
    """How many tricks the deal has."""


class ViewHeader(Header, TableKeys):
    """The part of a view every game writes alike (engine.partie.Partie.view_header): the
    header and what the table draws."""


class View(ViewHeader, TrickKeys):
    """What ``GameState.view(seat)`` returns (and the browser's worker passes to the
    table): the header, what the table draws, trick play, the trumps and the hands; the
    same keys for every game, and no other but ``detail``."""

    trump: Suit | None
    """The trump suit, or null (Piquet is played without trumps; before it is known)."""
    hands: list[Cards | HiddenHand]
    """Per seat: its cards if the viewer may see them, else their count (and the cards of it shown)."""
    detail: dict[str, Any]
    """Game-specific keys no table code reads (Gleek's auction and ruff pot; empty for a
    game with none), an open object: a reader that knows one game may read it, a table must not."""


VIEW_RULES: dict[str, Any] = {
    "if": {"properties": {"over": {"const": True}}},
    "then": {"properties": {"phase": {"const": "over"}, "phase_kind": {"const": "over"}, "to_act": {"type": "null"},
                            "outcome": {"type": "object"}}},
    "else": {"properties": {"phase": {"not": {"const": "over"}}, "phase_kind": {"not": {"const": "over"}},
                            "to_act": {"type": "integer"}, "outcome": {"type": "null"}}},
}
"""What the types cannot say, added to the view's schema: at the end (``over``) the phase and
its kind are ``over``, no one is to act and the outcome is given; before it, the contrary."""
