"""The fuzzer (``tools/fuzz.py``): a short fixed-seed run, and proofs that its checks
catch the defects they look for (planted in copies of real states)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import fuzz  # noqa: E402
from fuzzing import play, seen  # noqa: E402
from fuzzing.report import Report  # noqa: E402

import engine  # noqa: E402
from engine.game import Action  # noqa: E402

ITERATIONS = 3  # bounded by count, not time, so that the run is the same every time


@pytest.fixture(scope="module")
def fixed_run(tmp_path_factory: pytest.TempPathFactory) -> Report:
    return fuzz.run(seconds=10**6, seed=0, max_iterations=ITERATIONS, out_dir=tmp_path_factory.mktemp("fuzz"))


def test_fixed_seed_run_covers_every_part(fixed_run: Report) -> None:
    totals = fixed_run.totals
    assert totals["iterations"] == ITERATIONS
    assert totals["games"] == ITERATIONS and totals["actions"] > 100
    assert totals["illegal"] > 50 and totals["api_calls"] > 0
    assert totals["bridge"] > 20 * ITERATIONS and totals["records"] == 8 * ITERATIONS


def test_fixed_seed_run_finds_nothing(fixed_run: Report) -> None:
    assert not fixed_run.failures, fixed_run.summary()


def test_same_seed_same_cases() -> None:
    first, second = random.Random("game/0/1"), random.Random("game/0/1")
    assert play.random_case(first) == play.random_case(second)
    one, two = Report(), Report()
    case = play.GameCase("mushka", {"players": 3}, 5, ["random", "heuristic", "random"], 1)
    play.run_case(case, one)
    play.run_case(case, two)
    assert one.to_json() == two.to_json()


def test_every_game_of_the_registry_is_fuzzed() -> None:
    rng = random.Random(0)
    assert {play.random_case(rng).game for _ in range(200)} == set(engine.games.ids())


def test_conservation_catches_a_lost_card() -> None:
    state = engine.new_game("mushka", {"players": 3}, seed=2)
    assert seen.conservation_error(state, 0) is None
    state.hands[1].pop()
    assert "lost" in seen.conservation_error(state, 0)
    ruffe = engine.new_game("ruffe-and-trumps", seed=2)
    assert seen.conservation_error(ruffe, 0) is None
    ruffe.aside.append(ruffe._acts[0][0].card)
    assert "twice" in seen.conservation_error(ruffe, 0)


def test_leak_check_catches_a_hidden_card_in_a_view() -> None:
    state = engine.new_game("rams", seed=4)
    view = state.view(0)
    assert not seen.leak(state, 0, view)
    secret = str(state.hands[2][0])
    view["log"].append({"deal": state.deal_number, "text": f"seat 2 holds {secret}"})
    assert seen.leak(state, 0, view) == {secret}
    assert secret not in seen.hidden(state, 2)


RAMS_LEAK_CASE = play.GameCase(
    "rams", {"players": 5, "ace_must_play": "trump-ace", "trump_ace_cover": "led", "five_of_a_suit_others": "flat",
             "rams_others": "nothing", "start_record": "two-hundred", "jacks": "plain",
             "jacks_no_trick": "no-penalty", "stake": 7},
    458191, ["random", "heuristic", "heuristic", "heuristic", "heuristic"], 4)
"""The fuzzer's case (``make fuzz SECONDS=150 SEED=1``) that reported ``view.leak[rams]``: view(0) shows
hidden cards AD AH AS, at step 29, the first action of deal 2."""
RAMS_LEAK_ACTIONS = ("pass", "pass", "buy", "discard QS", "discard 5H", "draw 2", "buy", "discard 10S", "discard 6S",
                     "draw 2", "buy", "discard 5C", "discard AC", "draw 2", "keep", "play AD", "play 3D", "play 5D",
                     "play QD", "play 9D", "play 3H", "play JD", "play 10D", "play 6H", "play AH", "play 3S",
                     "play 10H", "play QC", "play AS", "play KH")
"""Its actions to step 29, as the bots chose them: deal 1 played out, seat 3 taking every trick."""


@pytest.mark.rule("rams.score.aces-with-trick", "rams.score.no-trick")
def test_rams_earlier_deals_ledger_entries_name_no_hidden_card() -> None:
    """The view's ledger carries the deal before too: deal 1's entries name the aces held
    (A♥ A♦ written off with seat 3's tricks, A♠ paid by seat 4 without one), every one of them
    played in deal 1's tricks. In deal 2 seats 2 and 3 hold an A♥ and an A♦ again and the A♠
    lies in the stock, hidden from seat 0: the entries of deal 1 name deal 1's cards, not theirs, so they are no leak; an entry
    of the deal in progress naming a hidden card still is."""
    state = engine.new_game(RAMS_LEAK_CASE.game, RAMS_LEAK_CASE.variant, RAMS_LEAK_CASE.seed)
    for text in RAMS_LEAK_ACTIONS:
        state.apply(Action.parse(text))
    assert state.deal_number == 2 and not state.is_over()
    view = state.view(0)
    earlier = [e for e in view["ledger"]["entries"] if e["deal"] == 1]
    named = seen.card_texts({"entries": earlier}, None)
    assert {"AD", "AH", "AS"} <= named
    assert {"AD", "AH", "AS"} <= seen.hidden(state, 0)  # (dealt again in deal 2: the same names)
    assert "AH" in map(str, state.hands[2]) and "AD" in map(str, state.hands[3]) and "AS" in map(str, state.stock)
    assert seen.card_texts(view, state.deal_number) & {"AD", "AH", "AS"} == set()
    assert not seen.leak(state, 0, view)
    secret = str(state.hands[2][0])
    view["ledger"]["entries"].append({**earlier[-1], "deal": state.deal_number, "why": f"seat 2 holds {secret}"})
    assert seen.leak(state, 0, view) == {secret}


def test_rams_leak_case_runs_clean() -> None:
    """The reported case again, with every check after every action: nothing found."""
    report = Report()
    play.run_case(RAMS_LEAK_CASE, report)
    assert report.totals["games"] == 1 and report.totals["actions"] > len(RAMS_LEAK_ACTIONS)
    assert not report.failures, report.summary()


def test_illegal_check_catches_an_unlisted_action_accepted() -> None:
    state = engine.new_game("petukh", {"players": 3}, seed=1)
    legal = state.legal_actions()
    report = Report()
    case = play.GameCase("petukh", {"players": 3}, 1, ["random"] * 3, 1)
    before = seen.fingerprint(state)
    assert play.try_illegal(state, "wrong-kind", "zzz", legal, report, case, 0, before) == "refused"
    assert not report.failures
    stray = Action(legal[0].kind, None, 3)  # a stray value: not listed
    outcome = play.try_illegal(state, "stray-value", stray, legal, report, case, 0, before)
    assert outcome == "refused" and not report.failures
    assert play.listed(Action("draw", value=1), [Action("draw", value=1)])
    assert not play.listed({"kind": "draw", "value": "1"}, [Action("draw", value=1)])
    # an action the engine will not build at all is a refusal, as long as the error is the engine's
    assert play.try_illegal(state, "bool-value", play.make("draw", None, True), legal, report, case, 0,
                            before) == "refused"
    assert not report.failures


def test_copy_check_catches_a_shared_attribute() -> None:
    state = engine.new_game("mushka", {"players": 4}, seed=3)
    real_clone = type(state).clone

    def sharing_clone(self):  # a clone that shares its hands with the original
        new = real_clone(self)
        new.hands = self.hands
        return new

    report = Report()
    case = play.GameCase("mushka", {"players": 4}, 3, ["random"] * 4, 1)
    type(state).clone = sharing_clone
    try:
        for _ in range(5):
            play.check_copies(state, case, 0, random.Random(1), report, 0)
    finally:
        type(state).clone = real_clone
    assert "copy.clone-shares-state[mushka]" in report.failures


def test_report_keeps_one_case_per_kind() -> None:
    report = Report()
    for game in ("rams", "mushka", "rams"):
        report.fail("illegal.accepted-unlisted[stray-card]", f"{game}: ...", f"repro {game}", game)
    failure = report.failures["illegal.accepted-unlisted[stray-card]"]
    assert failure.count == 3 and failure.scopes == ["rams", "mushka"] and failure.repro == "repro rams"
    assert "x3 (in mushka, rams)" in report.summary()
