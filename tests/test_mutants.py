"""The mutation test's own checks (tools/mutants.py; issue 21, "Nothing lost, proved").

Every mutant applies to today's engine (its anchor found exactly once, within one line), changes
its line, leaves a file that compiles, and names a catalogue rule that the code around it
implements; the list covers each of the seven games and the shared kernel; the test files that
need the built site and the tests that read a clock are among those the tool leaves out.  No
pytest run inside: fast.
"""

from __future__ import annotations

import argparse
import ast
import functools
import sys
from collections import Counter
from pathlib import Path

import pytest

from engine import catalogue

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import mutants  # noqa: E402  (tools/mutants.py)

GAME_FILES = {
    "ruffe-and-trumps": "engine/games/ruffe/", "gleek": "engine/games/gleek/", "piquet": "engine/games/piquet/",
    "mushka": "engine/games/loo/mushka", "pamphil": "engine/games/loo/pamphil", "rams": "engine/games/loo/rams",
    "petukh": "engine/games/loo/petukh",
}
"""Each game's own rule code, by the prefix of its modules (its package, or in the loo family's its modules)."""
KERNEL = ("engine/tricks.py", "engine/phases/trick.py", "engine/ledger.py")


@functools.cache
def _rule_ids() -> frozenset[str]:
    ids: set[str] = set()
    for game in catalogue.games():
        ids |= set(catalogue.load(game).ids())
    return frozenset(ids)


def test_the_list_is_long_enough_and_covers_every_game_and_the_kernel() -> None:
    ids = [m.id for m in mutants.MUTANTS]
    assert len(ids) >= 36, f"only {len(ids)} mutants"
    assert len(set(ids)) == len(ids), [i for i, n in Counter(ids).items() if n > 1]
    for game, prefix in GAME_FILES.items():
        mine = [m.id for m in mutants.MUTANTS if m.file.startswith(prefix)]
        assert len(mine) >= 4, f"{game}: {len(mine)} mutants in its rule code ({prefix}*.py): {mine}"
    for path in KERNEL:
        assert any(m.file == path for m in mutants.MUTANTS), f"no mutant in the kernel's {path}"


@pytest.mark.parametrize("mutant", mutants.MUTANTS, ids=lambda m: m.id)
def test_each_mutant_applies_once_changes_its_line_and_compiles(mutant: mutants.Mutant) -> None:
    text = (ROOT / mutant.file).read_text(encoding="utf-8")
    assert text.count(mutant.anchor) == 1, f"{mutant.id}: anchor found {text.count(mutant.anchor)} times"
    changed = mutants.mutated(text, mutant)
    assert changed != text
    number, before, after = mutants.mutated_line(text, mutant)
    assert before != after and before.strip() and after.strip()
    assert changed.splitlines()[:number - 1] == text.splitlines()[:number - 1]
    assert changed.splitlines()[number:] == text.splitlines()[number:], f"{mutant.id} changes more than line {number}"
    compile(changed, mutant.file, "exec")  # (a SyntaxError fails the test)


@pytest.mark.parametrize("mutant", mutants.MUTANTS, ids=lambda m: m.id)
def test_each_mutant_names_a_catalogue_rule_the_code_there_implements(mutant: mutants.Mutant) -> None:
    assert mutant.rule in _rule_ids(), f"{mutant.id}: unknown rule {mutant.rule!r}"
    assert mutant.why.strip()
    text = (ROOT / mutant.file).read_text(encoding="utf-8")
    line = mutants.mutated_line(text, mutant)[0]
    implemented = mutants.implemented_at(text, line)
    if implemented:  # (the kernel implements no rule of its own: any game's rule it serves)
        assert mutant.rule in implemented, (
            f"{mutant.id}: {mutant.file}:{line} implements {sorted(implemented)}, not {mutant.rule}")


def test_an_anchor_not_found_once_is_refused() -> None:
    m = mutants.Mutant("x", "engine/f.py", "a = 1", "a = 2", "r", "why")
    with pytest.raises(mutants.MutantError, match="found 0 times"):
        mutants.mutated("b = 1\n", m)
    with pytest.raises(mutants.MutantError, match="found 2 times"):
        mutants.mutated("a = 1\na = 1\n", m)
    assert mutants.mutated("a = 1\nb = 1\n", m) == "a = 2\nb = 1\n"
    two_lines = mutants.Mutant("y", "engine/f.py", "a = 1\nb = 1", "a = 2\nb = 1", "r", "why")
    with pytest.raises(mutants.MutantError, match="one line"):
        mutants.mutated("a = 1\nb = 1\n", two_lines)
    same = mutants.Mutant("z", "engine/f.py", "a = 1", "a = 1", "r", "why")
    with pytest.raises(mutants.MutantError, match="is the anchor"):
        mutants.mutated("a = 1\n", same)


def test_the_rules_around_a_line_are_its_enclosing_implements() -> None:
    source = ('@implements("g.a")\ndef f():\n    return 1\n\n'
              '@implements("g.b", "g.c")\nclass C:\n    def m(self):\n        return 2\n\nX = 3\n')
    assert mutants.implemented_at(source, 3) == {"g.a"}
    assert mutants.implemented_at(source, 8) == {"g.b", "g.c"}
    assert mutants.implemented_at(source, 10) == {"g.a", "g.b", "g.c"}  # (module level: any of the file's)


def test_the_outcome_is_read_from_pytest_s_summary() -> None:
    output = "....F\n=== short test summary info ===\nFAILED tests/test_ruffe.py::test_x[a-b] - assert 1 == 2\n"
    assert mutants.first_failure(output) == "tests/test_ruffe.py::test_x[a-b]"
    assert mutants.first_failure("ERROR tests/test_y.py::test_z - boom\n") == "tests/test_y.py::test_z"
    assert mutants.first_failure("5 passed\n") is None
    done = [mutants.Outcome("a", "f", "r", "caught", 1.0, "t", 1, ""),
            mutants.Outcome("b", "f", "r", "survived", 2.0, None, 0, ""),
            mutants.Outcome("c", "f", "r", "error", 3.0, None, 2, "collection")]
    assert mutants.summary(done) == "caught 1 of 3, survived: b; errors: c"


def _asks_for_built_site(path: Path) -> bool:
    """Whether a test module has a function (a test or a fixture) with a ``built_site`` parameter."""
    text = path.read_text(encoding="utf-8")
    if "built_site" not in text:
        return False
    tree = ast.parse(text)
    return any(isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
               and any(a.arg == "built_site" for a in node.args.args + node.args.kwonlyargs)
               for node in ast.walk(tree))


def test_the_tests_left_out_are_those_that_need_the_built_site() -> None:
    needing = {p.relative_to(ROOT).as_posix() for p in (ROOT / "tests").rglob("test_*.py")
               if "browser" not in p.relative_to(ROOT / "tests").parts and _asks_for_built_site(p)}
    # (a file listed that no longer needs the site, or is gone, is harmless: --ignore of it changes nothing)
    assert needing <= set(mutants.SITE_TESTS), f"add to SITE_TESTS: {sorted(needing - set(mutants.SITE_TESTS))}"
    selection = mutants.selection_of(argparse.Namespace(pytest_args=[], deselect_site=True, deselect_timed=True))
    assert selection[:len(mutants.DEFAULT_SELECTION)] == list(mutants.DEFAULT_SELECTION)
    assert {f"--ignore={name}" for name in mutants.SITE_TESTS} <= set(selection)
    assert f"--ignore={mutants.OWN_TEST}" in selection  # (it would catch every mutant: its anchors are gone)
    assert {f"--deselect={node}" for node in mutants.TIMED_TESTS} <= set(selection)
    assert mutants.selection_of(argparse.Namespace(pytest_args=["tests/test_ruffe.py"], deselect_site=False,
                                                   deselect_timed=False)) == ["tests/test_ruffe.py",
                                                                              f"--ignore={mutants.OWN_TEST}"]


_CLOCKS = ("perf_counter", "monotonic", "time.time", "process_time")


def _timed_tests(path: Path) -> set[str]:
    """The test functions of a module that read a clock (``tests/x.py::test_y``)."""
    text = path.read_text(encoding="utf-8")
    if not any(clock in text for clock in _CLOCKS):
        return set()
    rel = path.relative_to(ROOT).as_posix()
    found = set()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test"):
            body = ast.get_source_segment(text, node) or ""
            if any(clock in body for clock in _CLOCKS):
                found.add(f"{rel}::{node.name}")
    return found


def test_the_tests_that_read_a_clock_are_left_out() -> None:
    left_out = set(mutants.SITE_TESTS) | {mutants.OWN_TEST}
    timed = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        rel = path.relative_to(ROOT).as_posix()
        if "browser" not in path.relative_to(ROOT / "tests").parts and rel not in left_out:
            timed |= _timed_tests(path)
    # (a test listed that is gone is harmless: --deselect of it changes nothing)
    assert timed <= set(mutants.TIMED_TESTS), f"add to TIMED_TESTS: {sorted(timed - set(mutants.TIMED_TESTS))}"


def test_the_prescreen_is_a_part_of_the_default_selection() -> None:
    selection = mutants.selection_of(argparse.Namespace(pytest_args=[], deselect_site=True, deselect_timed=True))
    short = mutants.prescreen_of(ROOT, selection)
    files = [arg for arg in short if arg.startswith("tests/") and not arg.startswith("--")]
    assert files and all(f in mutants.FIRST and (ROOT / f).exists() for f in files)
    assert short[len(files):] == selection[1:]  # (the same markers, -x, ignores and deselections)
    assert "tests" not in short
    with pytest.raises(SystemExit, match="default selection only"):
        mutants.prescreen_of(ROOT, ["tests/test_ruffe.py", f"--ignore={mutants.OWN_TEST}"])


def test_no_test_reads_contributing() -> None:
    """--resume treats a run whose files differ only in CONTRIBUTING.md as the same suite."""
    for path in (ROOT / "tests").rglob("*.py"):
        if path.relative_to(ROOT).as_posix() == mutants.OWN_TEST:
            continue
        text = path.read_text(encoding="utf-8")
        assert '"CONTRIBUTING.md"' not in text and "'CONTRIBUTING.md'" not in text, path
