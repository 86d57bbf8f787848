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
