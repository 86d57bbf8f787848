"""The table's sentences as players read them (issue 27): a prompt says its choices once, and
a counted noun agrees with its count, in English and in Russian."""

from __future__ import annotations

from typing import Any

import pytest

from engine import bridge
from engine.games.piquet.rules import PiquetRules, check_exchange
from engine.games.piquet.state import won_by
from engine.games.piquet.view import cards_said
from engine.errors import IllegalActionError
from engine.i18n import Text, using
from engine.partie import names_choices


def _prompt(game: str, lang: str, seats: list[str]) -> str:
    answer = bridge.dispatch({"op": "new", "game": game, "seed": 1, "seats": seats, "lang": lang})
    bridge.dispatch({"op": "close", "id": answer["id"]})
    return str(answer["view"]["prompt"]["text"])


@pytest.mark.rule("gleek.stock.raise")
def test_a_prompt_that_names_its_choices_says_them_once() -> None:
    prompt = _prompt("gleek", "en", ["heuristic", "human", "heuristic"])
    assert prompt == "Seat 1: raise the bid of 12 tokens for the stock or drop out"
    assert " — " not in prompt
    assert names_choices("Seat {seat}: look at the cards left in the talon ({left}), or leave them unseen")
    assert not names_choices("Seat {seat}: the ruff is vied at {stake}")


@pytest.mark.rule("piquet.exchange.limits")
def test_counted_cards_agree_with_their_count() -> None:
    with using("en"):
        assert [str(cards_said(n)) for n in (1, 2, 5)] == ["1 card", "2 cards", "5 cards"]
    with using("ru"):
        assert [str(cards_said(n)) for n in (1, 2, 5, 21)] == ["1 карту", "2 карты", "5 карт", "21 карту"]


@pytest.mark.rule("piquet.exchange.limits")
def test_piquet_refusals_count_their_cards() -> None:
    params = PiquetRules()
    said = []
    for lang in ("en", "ru"):
        with using(lang):
            for elder_took in (4, 7):  # the younger may take 4, then 1
                with pytest.raises(IllegalActionError) as caught:
                    check_exchange(False, 9 - elder_took, elder_took, params, 1)
                said.append(str(caught.value))
    assert "the younger may exchange at most 4 cards, not 5" in said[0]
    assert "the younger may exchange at most 1 card, not 2" in said[1]
    assert "младший может прикупить не больше 4 карт, а не 5" in said[2]
    assert "младший может прикупить не больше 1 карты, а не 2" in said[3]


@pytest.mark.rule("piquet.score.deal-total")
def test_a_deal_total_of_one_point_is_singular() -> None:
    template = "Deal {}: {} point, written in full"
    plural = "Deal {}: {} points, written in full"
    with using("en"):
        assert str(Text(template, 4, 1, plural=(plural, 1))) == "Deal 4: 1 point, written in full"
        assert str(Text(template, 4, 7, plural=(plural, 7))) == "Deal 4: 7 points, written in full"
    with using("ru"):
        assert str(Text(template, 4, 1, plural=(plural, 1))) == "Сдача 4: 1 очко, записано полностью"
        assert str(Text(template, 4, 3, plural=(plural, 3))) == "Сдача 4: 3 очка, записано полностью"
        assert str(Text(template, 4, 11, plural=(plural, 11))) == "Сдача 4: 11 очков, записано полностью"


@pytest.mark.rule("piquet.partie.length")
def test_piquet_s_result_is_a_worked_sum() -> None:
    with using("en"):
        assert str(won_by(1, 374, (61, 213), 6, True)) == (
            "seat 1 wins by 374, counted by the rubicon (61 to 213 after 6 deals; the loser under 100: "
            "both columns and 100, 61 + 213 + 100 = 374)")
        assert str(won_by(0, 152, (230, 178), 6, True)).endswith("the difference and 100, 230 − 178 + 100 = 152)")
        assert str(won_by(0, 33, (120, 87), 6, False)) == "seat 0 wins by 33 (120 to 87 after 6 deals: 120 − 87 = 33)"
    with using("ru"):
        assert str(won_by(1, 374, (61, 213), 6, True)).startswith("игрок 1 выигрывает 374, по счёту с рубиконом")


def _whole_piquet() -> dict[str, Any]:
    """A partie of Piquet by the default readings (the difference written), bots on both seats."""
    answer = bridge.dispatch({"op": "new", "game": "piquet", "seed": 3, "seats": ["heuristic", "heuristic"]})
    assert answer["ok"], answer
    view = answer["view"]
    while not view["over"]:
        view = bridge.dispatch({"op": "advance", "id": answer["id"]})["view"]
    bridge.dispatch({"op": "close", "id": answer["id"]})
    return dict(view)


@pytest.mark.rule("piquet.score.difference")
def test_piquet_s_end_says_what_the_sheet_wrote_for_the_last_deal() -> None:
    """By the difference reading the last deal's points are not what the sheet credits: the
    end names what it wrote (the difference, to the higher column) beside them."""
    view = _whole_piquet()
    accounts = view["ledger"]["accounts"]
    assert [a["rule"] for a in accounts] == ["piquet.score.deal-total", "piquet.score.difference"]
    points, written = accounts[0]["totals"], accounts[1]["totals"]
    assert sorted(written) == [0, abs(points[0] - points[1])] or points[0] == points[1]
    assert " − " in view["outcome"]["reason"] and "=" in view["outcome"]["reason"]
