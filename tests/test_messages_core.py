"""The engine in Russian, its shared part and Ruffe and Trumps (issue 15): the shared sentences every game writes
(the refusal's frame, trick play, the sides, the deal summary's verdict, the end) come out in
Russian for the other games too; English stays as it was (tests/test_goldens.py and the games'
own tests hold it; here a few sentences written in both languages side by side). A whole game of each
game in Russian, with the shared sentences it says and its record, is tests/test_whole_games_russian.py;
every golden's views in Russian, tests/net.py."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import messages  # noqa: E402
from russian_play import ask, english_in  # noqa: E402

from engine.actions import Action, Named, name_kind  # noqa: E402
from engine.cards import Suit  # noqa: E402
from engine import bridge, catalogue  # noqa: E402
from engine.records import SEAT_KINDS  # noqa: E402
from engine.errors import IllegalActionError, TurnError  # noqa: E402
from engine.game import and_words, side_words  # noqa: E402
from engine.i18n import Text, using  # noqa: E402

MINE = ("engine/partie.py", "engine/game.py", "engine/actions.py", "engine/phases/", "engine/errors.py",
        "engine/ledger.py", "engine/table_view.py", "engine/bridge.py", "engine/cards.py", "engine/games/ruffe")
"""The files whose sentences core.po and ruffe.po hold."""
MY_PO = ("core.po", "ruffe.po")

def _my_problems() -> list[str]:
    found = messages.extracted()
    mine = {msgid for msgid, where in found.items()
            if not msgid.startswith("\x00") and any(w.startswith(MINE) for w in where)}
    problems = []
    for problem in messages.check("ru"):
        if any(f"({path}" in problem for path in MINE) or problem.startswith(MY_PO) \
                or any(f"{msgid!r} is translated" in problem for msgid in mine):
            problems.append(problem)
    for po in MY_PO:  # a msgid of my .po files that nothing marks any longer
        text = (messages.LOCALE / "ru" / po).read_text(encoding="utf-8")
        for msgid in re.findall(r'^msgid "(.+)"$', text, re.M):
            msgid = msgid.encode().decode("unicode_escape").encode("latin-1").decode("utf-8")
            if msgid not in found:
                problems.append(f"{po}: {msgid!r} is translated but nothing in the engine marks it")
    return problems


def test_the_shared_and_ruffe_sentences_each_have_their_russian_once_with_their_fields() -> None:
    assert _my_problems() == []


def test_a_refusal_is_framed_in_the_readers_language_naming_the_action_by_its_label() -> None:
    error = IllegalActionError("ruffe-and-trumps.play.follow", Action.parse("play 7H"),
                               Text("must follow suit ({} were led): {}", Suit.SPADES.words, "A♠"), seat=2)
    with using("en"):
        assert str(error) == ("illegal action 'play 7H' by seat 2: must follow suit (spades were led): A♠ "
                              "(ruffe-and-trumps.play.follow)")
    with using("ru"):
        assert str(error) == ("недопустимый ход «Сыграть 7♥» игрока 2: нужно отвечать в масть "
                              "(масть хода — пики): A♠ (ruffe-and-trumps.play.follow)")


def test_sides_and_listed_actions_in_both_languages() -> None:
    listed = Named([Action.parse("play 7H"), Action.parse("discard QS")])
    with using("en"):
        assert (side_words([1]), side_words([0, 2]), and_words("012"), str(listed)) == (
            "seat 1", "seats 0 and 2", "0 and 1 and 2", "play 7H, discard QS")
        assert Action.parse("play 7H").label == "Play 7♥" and Action("lay_out").label == "Lay out"
    with using("ru"):
        assert (side_words([1]), side_words([0, 2]), str(listed)) == ("игрок 1", "игроки 0 и 2",
                                                                       "Сыграть 7♥, Снести Q♠")


def test_a_kind_is_named_only_by_the_word_its_english_label_has() -> None:
    with pytest.raises(ValueError, match="the label of 'stand' is 'Stand', not 'Stay'"):
        name_kind("stand", "Stay")


def test_the_bridge_says_a_players_mistake_at_the_table_in_russian() -> None:
    new = ask({"op": "new", "game": "ruffe-and-trumps", "seed": 4}, "ru")
    try:
        to_act = new["view"]["to_act"]
        wrong = ask({"op": "act", "id": new["id"], "seat": (to_act + 1) % 4, "action": "announce 1"}, "ru")
        assert wrong["error"]["message"] == f"игрок {(to_act + 1) % 4} не может ходить: сейчас ход игрока {to_act}"
        bad = ask({"op": "new", "game": "ruffe-and-trumps", "variant": {"players": 3, "partnerships": True}}, "ru")
        assert bad["error"]["message"].startswith("настройка 'partnerships'")
        english = ask({"op": "new", "game": "ruffe-and-trumps", "variant": {"players": 3, "partnerships": True}}, "en")
        assert english["error"]["message"].startswith("variant option 'partnerships'")
    finally:
        ask({"op": "close", "id": new["id"]}, "ru")


def _refusal(state: Any, action: Action) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as refused:
        state.apply(action)
    return refused.value


def test_trick_plays_refusals_are_said_in_russian() -> None:
    from engine.cards import ALL_CARDS
    from engine.games import get

    state = get("ruffe-and-trumps").new_game({}, seed=5)
    while state.phase != "play" or not state.trick:  # (a trick led, the next seat to follow)
        state.apply(state.heuristic_action(state.current_player()))
    seat = state.current_player()
    hand = state.hand_cards(seat)
    elsewhere = next(c for c in ALL_CARDS if c not in hand)
    refusals = [_refusal(state, Action("play", elsewhere)), _refusal(state, Action("pass"))]
    refusals += [_refusal(state, Action("play", c)) for c in hand if not state.is_legal(Action("play", c))][:1]
    with using("ru"):
        said = [str(error) for error in refusals]
    assert said[0].startswith(f"недопустимый ход «Сыграть {elsewhere.symbol}» игрока {seat}: "
                              f"{elsewhere} нет на руках у игрока {seat}")
    assert said[1].startswith(f"недопустимый ход «Пас» игрока {seat}: идёт розыгрыш взяток")
    assert len(said) == 3 and "нужно отвечать в масть (масть хода — " in said[2]
    assert not any(english_in(re.sub(r"\([a-z.-]+\)", "", text)) for text in said)


def test_asking_the_heuristic_for_a_seat_not_to_act_is_said_in_the_readers_language() -> None:
    from engine import games
    from engine.errors import EngineError

    state = games.get("mushka").new_game({"players": 3}, seed=2)
    seat = state.current_player()
    assert seat is not None
    other = (seat + 1) % 3
    with pytest.raises(EngineError) as caught:
        state.heuristic_action(other)
    with using("en"):
        assert str(caught.value) == f"it is not seat {other}'s turn (seat {seat} is to act)"
    with using("ru"):
        assert str(caught.value) == f"сейчас не очередь игрока {other} (ходит игрок {seat})"
    assert isinstance(caught.value, TurnError) and (caught.value.seat, caught.value.to_act) == (other, seat)


def test_a_move_asked_once_the_game_is_over_is_a_turn_error_saying_so() -> None:
    """No seat is to act once the game is over: the heuristic asked for one says the game is over
    (it used to say "seat None is to act"), in both languages; so does a bot."""
    from engine import games
    from engine.bots import make_bot

    state = games.get("pamphil").new_game({"players": 3}, seed=1)
    while not state.is_over():
        state.apply(state.heuristic_action(state.current_player()))
    for ask_move in (state.heuristic_action, lambda seat: make_bot("random").choose(state, seat)):
        with pytest.raises(TurnError) as caught:
            ask_move(0)
        assert (caught.value.seat, caught.value.to_act) == (0, None)
        with using("en"):
            assert str(caught.value) == "seat 0 cannot move: the game is over"
        with using("ru"):
            assert str(caught.value) == "игрок 0 не может ходить: партия окончена"


BAD_REQUESTS = [
    {"op": "nonsense"},
    {"op": "new", "game": "chess"},
    {"op": "measures", "game": "chess"},
    {"op": "example", "rule": "piquet.no-such-rule", "example": "x"},
    {"op": "replay", "record": {"game": "piquet"}},
    {"op": "replay", "record": {"format": "cards", "version": 1.5}},
    {"op": "new"},
    {"op": "new", "game": "ruffe-and-trumps", "seed": 4, "variant": []},
    {"op": "new", "game": "ruffe-and-trumps", "seed": 10 ** 30},
    {"op": "new", "game": "ruffe-and-trumps", "seats": ["human", "clever", "random", "random"]},
    {"op": "new", "game": "ruffe-and-trumps", "seats": ["random"]},
    {"op": "new", "game": "ruffe-and-trumps", "seats": ["human", "sampling", "random", "random"], "budget": 0},
    {"op": "view", "id": "no-such-game"},
    {"op": "act", "id": "{id}", "action": {"kind": "play", "card": "ZZ"}},
    {"op": "act", "id": "{id}", "action": "x" * 300},
    {"op": "act", "id": "{id}", "action": "play 7H 8H 9H 10H"},
    {"op": "act", "id": "{id}", "action": {"kind": "play", "colour": "red"}},
    {"op": "act", "id": "{id}", "action": {"card": "7H"}},
    {"op": "act", "id": "{id}", "action": {"kind": "Play!"}},
    {"op": "act", "id": "{id}", "seat": 9, "action": "pass"},
    {"op": "record", "id": "{id}", "reveal": "yes"},
    {"op": "record", "id": "{id}"},
    {"op": "compare", "game": "ruffe-and-trumps", "variants": [{}, {}], "id": "{id}", "deal": 0},
    {"op": "compare", "game": "ruffe-and-trumps", "variants": [{}, {}], "id": "{id}", "deal": 7},
    {"op": "compare", "game": "ruffe-and-trumps", "variants": [{}]},
]


@pytest.mark.parametrize("request_", BAD_REQUESTS, ids=lambda r: f"{r['op']}-{sorted(r)[-1]}")
def test_a_request_the_bridge_refuses_is_said_in_russian_with_no_english_left(request_: dict[str, Any]) -> None:
    """The bridge's answers to a request it cannot read or a move it cannot take (a field, a card,
    an action, a seat, a bot) are the engine's sentences, written in the language asked for: the
    English ones the same as before, the Russian ones with no English words left (field names,
    ops and card codes quoted as data aside)."""
    new = ask({"op": "new", "game": "ruffe-and-trumps", "seed": 4, "seats": ["human"] * 4}, "en")
    try:
        request = {k: (new["id"] if v == "{id}" else v) for k, v in request_.items()}
        english, russian = ask(request, "en"), ask(request, "ru")
        assert english["ok"] is False and russian["ok"] is False, english
        assert english["error"]["type"] == russian["error"]["type"] != "InternalError"
        said = russian["error"]["message"]
        assert said != english["error"]["message"]
        data = re.sub(r"'[^']*'|\"[^\"]*\"|\{[^}]*\}|\[[^]]*\]|\b[a-z_]+\b(?=[\[:])", " ", said)  # (quoted, fields)
        games = {word for game in catalogue.games() for word in game.split("-")}
        names = {*bridge.OPS, *SEAT_KINDS, *games, "true", "false"}  # (ops, kinds of seat, game ids, JSON: data)
        left = [word for word in english_in(data) if word not in names]
        assert left == [], (said, english["error"]["message"])
    finally:
        ask({"op": "close", "id": new["id"]}, "en")
