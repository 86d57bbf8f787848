"""A fixed mutation test of the engine: does the test suite notice when a rule is broken?

Each mutant below changes one line of the engine's rule code (a comparison flipped, a count
or a score off by one, a rule's constant changed, a reading's branch swapped, a follow rule
loosened, a trump ignored) and names the rule it breaks.  The runner applies one mutant at a
time to a copy of the repository (its tracked files, plus the build products the tests read:
``engine/rule_tests.json`` and the compiled ``engine/locale/*/LC_MESSAGES/*.mo``) and runs a
pytest selection there.  A mutant is *caught* when pytest exits 1 (a test failed), *survives*
when it exits 0; any other exit (a collection error, a usage error, a timeout) is an *error*,
never counted as caught.  The unmutated copy is run first: it must pass, or every mutant would
look caught.

Issue 21 ("Nothing lost, proved"): the suite, restructured, must catch at least as many of
these mutants as before.  Run it on a checkout with its build products made
(``make messages engine/rule_tests.json``)::

    python tools/mutants.py --json bench/mutants-old.json          # the default selection
    python tools/mutants.py --only ruffe-ruff-award,piquet-pique-threshold
    python tools/mutants.py --jobs 2 -- tests/test_ruffe.py -x -q -p no:cacheprovider
    python tools/mutants.py --list                                  # the mutants, one a line

Everything after ``--`` is the pytest selection (default: :data:`DEFAULT_SELECTION`).  Left
out of any selection: the tests that need the built site (:data:`SITE_TESTS`, unless
``--no-deselect-site``), the tests that read a clock (:data:`TIMED_TESTS`, unless
``--no-deselect-timed``) and this tool's own test (:data:`OWN_TEST`).  ``--json OUT`` records,
per mutant, its id, file, rule, result, seconds and first failing test, rewritten after each
one, so that a stopped run keeps what it did and ``--resume`` runs the rest.  Standard library
only.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

ROOT = Path(__file__).resolve().parents[1]
PYTHON = "/work/main/.venv/bin/python"
"""The shared virtualenv's interpreter (``--python`` for another)."""

DEFAULT_SELECTION = ("tests", "--ignore=tests/browser", "-m", "not slow", "-x", "-q", "-p", "no:cacheprovider")
"""The non-browser, non-slow tests, stopping at the first failure (a caught mutant needs one)."""

SITE_TESTS: dict[str, str] = {
    "tests/test_site.py": "builds the whole site (mkdocs build --strict) through the built_site fixture",
    "tests/test_i18n.py": "reads the Russian and English pages of the built site (built_site)",
    "tests/test_opendata.py": "reads the open data files of the built site (built_site)",
    "tests/test_russian_pages.py": "reads the pages under /ru/ of the built site (built_site)",
    "tests/test_citation.py": "its Cite-this checks read every passage page of the built site (built_site)",
    "tests/test_tei.py": "checks the TEI documents served beside the source pages of the built site (built_site)",
}
"""Test files that ask for the ``built_site`` fixture (tests/conftest.py), which would build the
whole site again in every copy (minutes each).  They test the site, the data and the sources, not
the engine's rules; ``--deselect-site`` (the default) leaves them out with ``--ignore``.
``tests/test_mutants.py`` fails when another test file starts asking for ``built_site``."""

TIMED_TESTS: dict[str, str] = {
    "tests/test_bots.py::test_sampling_default_budget_is_fast_enough":
        "asserts a mean sampling move under 100 ms: on a loaded machine it fails whatever the rules say, and a "
        "mutant's speed is no rule",
}
"""Tests that measure time, left out by ``--deselect-timed`` (the default) with ``--deselect``:
they fail under load (the unmutated baseline included) and prove no rule."""

OWN_TEST = "tests/test_mutants.py"
"""This tool's own test, always left out: it checks the anchors against the unmutated engine,
so it would "catch" every mutant."""

FIRST = ("tests/test_examples.py", "tests/test_tricks.py", "tests/test_ruffe.py", "tests/test_gleek.py",
         "tests/test_piquet.py", "tests/test_loo.py", "tests/test_goldens.py")
"""With ``--fast-first`` (the default) these test files run before the others: the worked
examples and each game's rule tests, which catch most mutants within a minute, so that with
``-x`` a caught mutant stops early.  The same tests run either way: only the time changes."""

_ORDER_PLUGIN = """\
# written by tools/mutants.py into its copy: the FIRST test files run first (the same tests)
FIRST = {first!r}


def pytest_collection_modifyitems(session, config, items):
    rank = {{name: i for i, name in enumerate(FIRST)}}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::")[0], len(FIRST)))
"""

BUILD_PRODUCTS = ("engine/rule_tests.json", "engine/locale/*/LC_MESSAGES/*.mo")
"""Gitignored files the tests need, copied beside the tracked ones (``make messages
engine/rule_tests.json`` makes them)."""


@dataclass(frozen=True)
class Mutant:
    """One one-line change: in ``file`` the text ``anchor`` (found exactly once, within one
    line) becomes ``replacement``; ``rule`` is the catalogue rule it breaks; ``why`` says how."""

    id: str
    file: str
    anchor: str
    replacement: str
    rule: str
    why: str


def _m(id: str, file: str, anchor: str, replacement: str, rule: str, why: str) -> Mutant:
    return Mutant(id, "engine/" + file, anchor, replacement, rule, why)


MUTANTS: tuple[Mutant, ...] = (
    # ----- Ruffe and Trumps (games/ruffe/rules.py, games/ruffe/state.py)
    _m("ruffe-ace-ruff-value", "games/ruffe/rules.py",
       "11 if c.rank is Rank.ACE else 10 if", "12 if c.rank is Rank.ACE else 10 if",
       "ruffe-and-trumps.ruff.value", "an ace counts 12 in a ruff, not 11"),
    _m("ruffe-ruff-award", "games/ruffe/state.py",
       'self._score(self._side_of[seat], 12, "ruffe-and-trumps.ruff.award"',
       'self._score(self._side_of[seat], 11, "ruffe-and-trumps.ruff.award"',
       "ruffe-and-trumps.ruff.award", "the best ruff scores 11, not 12"),
    _m("ruffe-target-reached", "games/ruffe/rules.py",
       "if top < target or totals.count(top) > 1:", "if top <= target or totals.count(top) > 1:",
       "ruffe-and-trumps.game.end", "a side exactly at the target has not won (>= flipped to >)"),
    _m("ruffe-count-baseline", "games/ruffe/rules.py",
       "- baseline * len(side)) for side in sides]", "- baseline * len(side) + 1) for side in sides]",
       "ruffe-and-trumps.count.baseline", "one card more than the baseline scored (off by one)"),
    _m("ruffe-head-no-holder", "games/ruffe/rules.py",
       "return (dealer if dealer_takes else None),", "return (None if dealer_takes else dealer),",
       "ruffe-and-trumps.head.no-holder", "the readings 'dealer' and 'nobody' swapped"),
    _m("ruffe-first-lead", "games/ruffe/state.py",
       "self.start_tricks((self.dealer + 1) % self.num_players,", "self.start_tricks(self.dealer,",
       "ruffe-and-trumps.play.first-lead", "the dealer leads to the first trick, not the player on his left"),
    # ----- Gleek (games/gleek/rules.py, games/gleek/vie.py)
    _m("gleek-jack-honour", "games/gleek/rules.py",
       "Rank.ACE: 15, Rank.JACK: 9,", "Rank.ACE: 15, Rank.JACK: 8,",
       "gleek.count.honours", "the trump jack (Tib) counts 8, not 9"),
    _m("gleek-three-make-a-gleek", "games/gleek/rules.py",
       "if len(same) >= 3:", "if len(same) > 3:",
       "gleek.gleeks.ranks", "three of a rank are no gleek (>= flipped to >)"),
    _m("gleek-payment-reading", "games/gleek/rules.py",
       "    if from_each:\n", "    if not from_each:\n",
       "gleek.gleeks.payment", "the readings 'from each in full' and 'shared' swapped"),
    _m("gleek-see-penalty", "games/gleek/vie.py",
       '(4, "gleek.vie.see",', '(3, "gleek.vie.see",',
       "gleek.vie.see", "a seer who loses pays 3 more, not 4"),
    _m("gleek-revie-step", "games/gleek/vie.py",
       "self.stake += 2", "self.stake += 1",
       "gleek.vie.revie", "a revie raises the stake by 1, not 2"),
    _m("gleek-tyde-payment", "games/gleek/vie.py",
       'self._tyde_paid(holder, 2, "gleek.tyde.payment", when)', 'self._tyde_paid(holder, 3, "gleek.tyde.payment", when)',
       "gleek.tyde.payment", "the Tyde is paid 3 coins by each, not 2"),
    # ----- Piquet (games/piquet/rules.py, games/piquet/declarations.py)
    _m("piquet-pique-threshold", "games/piquet/rules.py",
       "if total < 30 <= after:", "if total < 30 < after:",
       "piquet.bonus.pique", "reaching exactly 30 is no pique or repique (<= flipped to <)"),
    _m("piquet-capot-value", "games/piquet/rules.py",
       "80 if opened else 40,", "80 if opened else 41,",
       "piquet.play.capot", "a capot scores 41, not 40"),
    _m("piquet-last-trick-with-capot", "games/piquet/rules.py",
       "if number == TRICKS and (last_won < TRICKS or params.capot_last):",
       "if number == TRICKS and (last_won <= TRICKS or params.capot_last):",
       "piquet.play.last-trick", "the last trick's extra point is scored with a capot too"),
    _m("piquet-trio-value", "games/piquet/rules.py",
       "return 14 if size == 4 else 3", "return 14 if size == 4 else 4",
       "piquet.set.values", "a trio scores 4, not 3"),
    _m("piquet-tens-in-sets", "games/piquet/rules.py",
       "if card.rank_value >= 10:", "if card.rank_value > 10:",
       "piquet.set.rank", "tens make no trio or quatorze (>= flipped to >)"),
    _m("piquet-full-tie-scores", "games/piquet/declarations.py",
       'state.write(s, 0, tie, Text("{}: equal, neither scores", title))',
       'state.write(s, 1, tie, Text("{}: equal, neither scores", title))',
       "piquet.point.full-tie", "a point or sequence equal in full scores 1 to each, not nothing"),
    _m("piquet-blanche-timing", "games/piquet/declarations.py",
       "blank = not state.params.blanche_dealt and", "blank = state.params.blanche_dealt and",
       "piquet.declare.order", "carte blanche declared after the exchange under the other reading (branch swapped)"),
    # ----- Мушка (games/loo/mushka.py)
    _m("mushka-start-record", "games/loo/mushka.py",
       "START = 25", "START = 24",
       "mushka.score.start", "each player writes down 24, not 25"),
    _m("mushka-no-trick", "games/loo/mushka.py",
       'return [(5, "mushka.score.no-trick",', 'return [(6, "mushka.score.no-trick",',
       "mushka.score.no-trick", "no trick writes up 6, not 5"),
    _m("mushka-ace-of-spades-bonus", "games/loo/mushka.py",
       "return 10 if trump is Suit.SPADES else 5", "return 10 if trump is Suit.SPADES else 4",
       "mushka.score.ace-of-spades-bonus", "the ace of spades with a trick writes off 4, not 5"),
    _m("mushka-overshoot", "games/loo/mushka.py",
       "    if left < 0:\n", "    if left <= 0:\n",
       "mushka.end.overshoot", "a record written off exactly is an overshoot (< flipped to <=)"),
    _m("mushka-ace-may-pass", "games/loo/mushka.py",
       "return ACE_OF_SPADES not in hand", "return True",
       "mushka.bid.ace-of-spades-must-play", "the holder of the ace of spades may pass"),
    # ----- Памфил (games/loo/pamphil.py)
    _m("pamphil-highest-only-led", "games/loo/pamphil.py",
       "return 300 if card is PAMPHIL else None", "return 300 if card is PAMPHIL and position == 0 else None",
       "pamphil.play.pamphil-highest", "the pamphil beats everything only when it is led"),
    _m("pamphil-follows-as-club", "games/loo/pamphil.py",
       "if card is PAMPHIL and trump is not None:", "if card is PAMPHIL and trump is None:",
       "pamphil.play.pamphil-follow", "the pamphil follows as the club it is, not as a trump"),
    _m("pamphil-declare-payment", "games/loo/pamphil.py",
       "else -stake for seat in range(players)]", "else 1 - stake for seat in range(players)]",
       "pamphil.bid.declare-payment", "each other player pays the declarer one less than the agreed sum"),
    _m("pamphil-turned-not-taken", "games/loo/pamphil.py",
       "hand = [c for c in dealer_hand if c is not give] + [PAMPHIL]", "hand = [c for c in dealer_hand if c is not give]",
       "pamphil.deal.turned-pamphil", "the dealer lays out a card for the turned pamphil but does not take it"),
    # ----- Рамс (games/loo/rams_rules.py)
    _m("rams-heart-ace-value", "games/loo/rams_rules.py",
       "Suit.DIAMONDS: 15, Suit.HEARTS: 20}", "Suit.DIAMONDS: 15, Suit.HEARTS: 15}",
       "rams.score.ace-values", "the ace of hearts is worth 15, not 20"),
    _m("rams-jack-no-cover", "games/loo/rams_rules.py",
       "courts = (Rank.KING, Rank.QUEEN, Rank.JACK)", "courts = (Rank.KING, Rank.QUEEN)",
       "rams.play.trump-ace-cover", "the trump ace need not cover a trump jack"),
    _m("rams-pack-size", "games/loo/rams_rules.py",
       "return deck_52() if players >= 4 else deck_32()", "return deck_52() if players > 4 else deck_32()",
       "rams.setup.deck", "four players play with 32 cards (>= flipped to >)"),
    _m("rams-three-aces", "games/loo/rams_rules.py",
       "if c.rank is Rank.ACE) == 4 else record", "if c.rank is Rank.ACE) >= 3 else record",
       "rams.special.rams", "three aces are a Rams"),
    _m("rams-no-trick", "games/loo/rams_rules.py",
       'entries.append((5, "rams.score.no-trick", Text("took no trick")))',
       'entries.append((6, "rams.score.no-trick", Text("took no trick")))',
       "rams.score.no-trick", "no trick writes up 6, not 5"),
    # ----- Петух (games/loo/petukh.py)
    _m("petukh-trump-boys", "games/loo/petukh.py",
       "10 if trump in colour else 5", "5 if trump in colour else 10",
       "petukh.boys.trump-jack", "a pair with a trump jack writes off 5 and one without 10 (swapped)"),
    _m("petukh-four-jacks", "games/loo/petukh.py",
       "        return 15\n", "        return 16\n",
       "petukh.boys.four-jacks", "all four jacks write off 16, not 15"),
    _m("petukh-no-trick-limit", "games/loo/petukh.py",
       "elif record <= 10:", "elif record < 10:",
       "petukh.score.no-trick", "no trick at a record of exactly 10 costs nothing (<= flipped to <)"),
    _m("petukh-two-short", "games/loo/petukh.py",
       "return records[seat] != 2", "return records[seat] != 3",
       "petukh.exchange.two-short", "the player at 3, not 2, plays the cards dealt to him"),
    _m("petukh-six-player-pack", "games/loo/petukh.py",
       "if players < 6:", "if players < 5:",
       "petukh.setup.deck", "five players play the six players' short pack"),
    # ----- the loo family's shared rules (games/loo/rules.py)
    _m("loo-deal-from-dealer", "games/loo/rules.py",
       "hands[(dealer + 1 + i) % players].append(deck[i])", "hands[(dealer + i) % players].append(deck[i])",
       "mushka.deal.five-singly", "the deal begins with the dealer, not on his left"),
    _m("loo-settlement", "games/loo/rules.py",
       "pays = record * stake if agreed is None", "pays = (record + 1) * stake if agreed is None",
       "mushka.settle.systems", "a loser pays one point more than his record"),
    _m("loo-lead-from-right", "games/loo/rules.py",
       "for seat in bid_order(players, dealer):", "for seat in reversed(bid_order(players, dealer)):",
       "mushka.play.lead", "the first lead goes to the dealer's side of the table, not his left"),
    # ----- the shared kernel (tricks.py, phases/trick.py, ledger.py)
    _m("kernel-fast-follow-no-trump", "phases/trick.py",
       "allowed = bits & tables.first[led] or bits & tables.second[led] or bits  # (the follow rule)",
       "allowed = bits & tables.first[led] or bits  # (the follow rule)",
       "ruffe-and-trumps.play.follow", "on bit sets, a hand that cannot follow need not trump"),
    _m("kernel-follow-no-trump", "tricks.py",
       "return [c for c in hand if c.suit is led] or [c for c in hand if c.suit is trump] or list(hand)",
       "return [c for c in hand if c.suit is led] or list(hand)",
       "rams.play.follow-else-trump", "follow suit, else trump: the trump duty dropped (kernel clause)"),
    _m("kernel-hook-trump-ignored", "tricks.py",
       "        return 200 + card.rank_value\n", "        return 100 + card.rank_value\n",
       "mushka.play.trick-winner", "with a special-card hook, a trump counts as a card of the suit led"),
    _m("kernel-table-trump-ignored", "tricks.py",
       "return tuple(200 + c.rank_value if c.suit_index == trump", "return tuple(100 + c.rank_value if c.suit_index == trump",
       "ruffe-and-trumps.play.trick-winner", "on bit sets, a trump counts as a card of the suit led"),
    _m("kernel-ledger-payment", "ledger.py",
       "self.write(deal, payer, -amount,", "self.write(deal, payer, 1 - amount,",
       "gleek.vie.base-payment", "a payer is charged one less than the payee receives"),
)


class MutantError(Exception):
    """A mutant that cannot be applied (its anchor not found exactly once, or not one line)."""


def mutated(text: str, mutant: Mutant) -> str:
    """``text`` (the file's) with the mutant's one change, or :class:`MutantError`."""
    if mutant.anchor.strip("\n").count("\n") or mutant.replacement.strip("\n").count("\n"):
        raise MutantError(f"{mutant.id}: the anchor and its replacement must lie within one line")
    if mutant.anchor == mutant.replacement:
        raise MutantError(f"{mutant.id}: the replacement is the anchor")
    found = text.count(mutant.anchor)
    if found != 1:
        raise MutantError(f"{mutant.id}: anchor {mutant.anchor!r} found {found} times in {mutant.file}, not once")
    return text.replace(mutant.anchor, mutant.replacement)


def mutated_line(text: str, mutant: Mutant) -> tuple[int, str, str]:
    """The line number (from 1), the original line and the mutated line."""
    start = text.index(mutant.anchor)
    number = text.count("\n", 0, start) + 1
    original = text.splitlines()[number - 1]
    return number, original, mutated(text, mutant).splitlines()[number - 1]


def implemented_at(source: str, line: int) -> set[str]:
    """The rule ids of the ``@implements`` decorators on the functions and classes that enclose
    ``line`` of a module; if none does, every rule id the module names in an ``@implements``."""
    tree = ast.parse(source)
    enclosing: set[str] = set()
    everywhere: set[str] = set()
    for node in ast.walk(tree):
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        ids = {arg.value for dec in node.decorator_list
               if isinstance(dec, ast.Call) and getattr(dec.func, "id", None) == "implements"
               for arg in dec.args if isinstance(arg, ast.Constant) and isinstance(arg.value, str)}
        everywhere |= ids
        end = node.end_lineno or node.lineno
        if node.lineno <= line <= end:
            enclosing |= ids
    return enclosing or everywhere


# ---------------------------------------------------------------------------------- the runner

class Outcome(NamedTuple):
    id: str
    file: str
    rule: str
    result: str  # caught | survived | error
    seconds: float
    first_failing_test: str | None
    returncode: int | None
    note: str


_FAILED = re.compile(r"^(?:FAILED|ERROR) (\S+)", re.MULTILINE)


def tracked_files(root: Path) -> list[str]:
    """The repository's tracked files and the build products the tests need."""
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=root, check=True, capture_output=True).stdout
    files = [f for f in listed.decode("utf-8").split("\0") if f]
    products: list[str] = []
    for pattern in BUILD_PRODUCTS:
        found = sorted(p.relative_to(root).as_posix() for p in root.glob(pattern))
        if not found:
            raise SystemExit(f"mutants: {pattern} is missing in {root}: run 'make messages engine/rule_tests.json' first")
        products += found
    return files + products


def make_copy(root: Path, files: list[str], into: Path) -> None:
    for name in files:
        source = root / name
        if not source.exists() and not source.is_symlink():
            continue  # (tracked but deleted in the working tree: the copy is the working tree)
        target = into / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target, follow_symlinks=False)


def first_failure(output: str) -> str | None:
    found = _FAILED.search(output)
    return found.group(1) if found else None


def run_one(mutant: Mutant | None, root: Path, files: list[str], selection: list[str], python: str,
            timeout: float, keep: bool = False, fast_first: bool = True) -> Outcome | None:
    """Copy, mutate (``None``: the baseline, unmutated), run pytest, classify (``None``: the run
    was stopped, by SIGTERM or Ctrl-C)."""
    ident = mutant.id if mutant else "(baseline)"
    folder = Path(tempfile.mkdtemp(prefix=f"mutant-{ident.strip('()')}-"))
    started = time.monotonic()
    try:
        make_copy(root, files, folder)
        if fast_first:
            (folder / "_mutants_order.py").write_text(_ORDER_PLUGIN.format(first=FIRST), encoding="utf-8")
            selection = [*selection, "-p", "_mutants_order"]
        if mutant is not None:
            path = folder / mutant.file
            path.write_text(mutated(path.read_text(encoding="utf-8"), mutant), encoding="utf-8")
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "CI", "PYTEST_ADDOPTS")}
        # (CI unset: the copy has no node_modules and no Pyodide wheels, so the Pyodide run is
        # skipped, not failed; it runs the same engine tests in another interpreter)
        env["PYTHONPATH"] = str(folder)
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        if _STOPPING.is_set():
            return None
        # (a session of its own: a timeout or a stop ends pytest and every process it started)
        proc = subprocess.Popen([python, "-m", "pytest", *selection], cwd=folder, env=env, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True, start_new_session=True)
        with _LOCK:
            _RUNNING.add(proc)
        try:
            output, _ = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            _end(proc)
            proc.communicate()
            return Outcome(ident, mutant.file if mutant else "", mutant.rule if mutant else "", "error",
                           round(time.monotonic() - started, 1), None, None, f"timeout after {timeout:g} s")
        finally:
            with _LOCK:
                _RUNNING.discard(proc)
        if _STOPPING.is_set():
            return None
        result = {0: "survived", 1: "caught"}.get(proc.returncode, "error")
        tail = "" if result != "error" else " | ".join(output.strip().splitlines()[-5:])
        return Outcome(ident, mutant.file if mutant else "", mutant.rule if mutant else "", result,
                       round(time.monotonic() - started, 1), first_failure(output) if proc.returncode else None,
                       proc.returncode, tail)
    finally:
        if keep:
            print(f"mutants: {ident}: the copy is kept in {folder}", file=sys.stderr)
        else:
            shutil.rmtree(folder, ignore_errors=True)


_RUNNING: set[subprocess.Popen[str]] = set()
_LOCK = threading.Lock()
_STOPPING = threading.Event()


def _end(proc: subprocess.Popen[str]) -> None:
    """End a pytest run and the processes it started (its session)."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def _stop(signum: int, frame: Any) -> None:
    """SIGTERM (or Ctrl-C): end the runs in progress; their copies are removed, nothing of them is recorded."""
    _STOPPING.set()
    with _LOCK:
        for proc in list(_RUNNING):
            _end(proc)
    raise KeyboardInterrupt


def prescreen_of(root: Path, selection: list[str]) -> list[str]:
    """The default selection narrowed to the :data:`FIRST` files (its options, ignores and
    deselections kept): a part of it, so a mutant it catches the whole selection catches."""
    if selection[:len(DEFAULT_SELECTION)] != list(DEFAULT_SELECTION):
        raise SystemExit("mutants: --prescreen narrows the default selection only (no pytest arguments after --)")
    first = [name for name in FIRST if (root / name).exists()]
    return [*first, *selection[1:]]


def selection_of(args: argparse.Namespace) -> list[str]:
    selection = list(args.pytest_args) or list(DEFAULT_SELECTION)
    selection.append(f"--ignore={OWN_TEST}")
    if args.deselect_site:
        selection += [f"--ignore={name}" for name in SITE_TESTS]
    if args.deselect_timed:
        selection += [f"--deselect={node}" for node in TIMED_TESTS]
    return selection


def chosen(only: str | None) -> list[Mutant]:
    if not only:
        return list(MUTANTS)
    wanted = [w.strip() for w in only.split(",") if w.strip()]
    known = {m.id: m for m in MUTANTS}
    unknown = [w for w in wanted if w not in known]
    if unknown:
        raise SystemExit(f"mutants: unknown mutant id(s): {', '.join(unknown)} (see --list)")
    return [known[w] for w in wanted]


def check_all(root: Path, mutants: list[Mutant]) -> list[str]:
    """Each mutant applies to the files under ``root`` and the mutated file compiles."""
    problems = []
    for m in mutants:
        try:
            text = (root / m.file).read_text(encoding="utf-8")
            compile(mutated(text, m), m.file, "exec")
        except (OSError, MutantError, SyntaxError) as exc:
            problems.append(f"{m.id}: {exc}")
    return problems


def same_suite(root: Path, commit: str | None) -> bool:
    """Whether the files under ``root`` are those of ``commit``, but for this tool, its test,
    ``bench/`` (where its results are kept) and CONTRIBUTING.md (which describes it, read by no
    test: tests/test_mutants.py checks): the same engine under the same tests."""
    if not commit:
        return False
    done = subprocess.run(["git", "diff", "--quiet", commit, "--", ".", ":(exclude)tools/mutants.py",
                           f":(exclude){OWN_TEST}", ":(exclude)bench", ":(exclude)CONTRIBUTING.md"],
                          cwd=root, capture_output=True)
    return done.returncode == 0


def git_commit(root: Path) -> str | None:
    done = subprocess.run(["git", "rev-parse", "HEAD"], cwd=root, capture_output=True, text=True)
    return done.stdout.strip() or None


def summary(outcomes: list[Outcome]) -> str:
    caught = [o for o in outcomes if o.result == "caught"]
    survived = [o.id for o in outcomes if o.result == "survived"]
    errors = [o.id for o in outcomes if o.result == "error"]
    line = f"caught {len(caught)} of {len(outcomes)}, survived: {', '.join(survived) or 'none'}"
    return line + (f"; errors: {', '.join(errors)}" if errors else "")


def write_json(path: Path, record: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(json.dumps(record, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    tmp.replace(path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Apply each of a fixed list of one-line engine mutants to a copy of the repository and run "
                    "a pytest selection there (after --; default: the non-browser, non-slow tests).",
        epilog="Exit status: 0 when every mutant ran (caught or survived), 1 when one ended in an error "
               "or the unmutated baseline did not pass, 2 on a usage error.")
    parser.add_argument("--only", metavar="ID,...", help="run only these mutants (comma-separated ids)")
    parser.add_argument("--jobs", type=int, default=1, metavar="N", help="mutants run at once, each in its copy (default 1)")
    parser.add_argument("--timeout", type=float, default=1800, metavar="SECONDS",
                        help="a mutant's pytest run longer than this is an error (default 1800)")
    parser.add_argument("--json", type=Path, metavar="OUT", help="write the result here (rewritten after each mutant)")
    parser.add_argument("--python", default=PYTHON, help=f"the interpreter that runs pytest (default {PYTHON})")
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout to copy (default: this one)")
    parser.add_argument("--deselect-site", action=argparse.BooleanOptionalAction, default=True,
                        help="leave out the test files that need the built site (default: yes; see SITE_TESTS)")
    parser.add_argument("--deselect-timed", action=argparse.BooleanOptionalAction, default=True,
                        help="leave out the tests that measure time (default: yes; see TIMED_TESTS)")
    parser.add_argument("--fast-first", action=argparse.BooleanOptionalAction, default=True,
                        help="run the worked examples and the games' rule tests first (default: yes; see FIRST)")
    parser.add_argument("--prescreen", action="store_true",
                        help="first run every mutant against the FIRST files alone (the default selection's options "
                             "kept); only those it does not catch then run the whole selection")
    parser.add_argument("--resume", action="store_true",
                        help="keep the outcomes already in --json OUT (same commit and selection) and run the rest")
    parser.add_argument("--no-baseline", action="store_true", help="skip the run of the unmutated copy")
    parser.add_argument("--keep", action="store_true", help="keep each copy (its folder is printed)")
    parser.add_argument("--list", action="store_true", help="list the mutants and their lines, and exit")
    parser.add_argument("--check", action="store_true", help="check that every mutant applies and compiles, and exit")
    parser.add_argument("pytest_args", nargs="*", help="the pytest selection (after --)")
    args = parser.parse_args(argv)
    if args.jobs < 1 or args.timeout <= 0:
        parser.error("--jobs must be at least 1 and --timeout positive")
    root = args.root.resolve()
    mutants = chosen(args.only)
    problems = check_all(root, mutants)
    if problems:
        print("mutants: cannot apply:\n  " + "\n  ".join(problems), file=sys.stderr)
        return 1
    if args.list or args.check:
        if args.list:
            for m in mutants:
                number, before, after = mutated_line((root / m.file).read_text(encoding="utf-8"), m)
                print(f"{m.id}  {m.file}:{number}  [{m.rule}]  {m.why}\n    - {before.strip()}\n    + {after.strip()}")
        else:
            print(f"mutants: {len(mutants)} mutants apply and compile")
        return 0
    selection = selection_of(args)
    files = tracked_files(root)
    record: dict[str, Any] = {
        "commit": git_commit(root), "root": str(root), "python": args.python, "selection": selection,
        "fast_first": list(FIRST) if args.fast_first else [], "jobs": args.jobs, "timeout": args.timeout,
        "started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "baseline": None, "mutants": [], "summary": None,
    }
    outcomes: dict[str, Outcome] = {}
    if args.resume:
        if not args.json:
            parser.error("--resume needs --json OUT (the run to resume)")
        if args.json.exists():
            before = json.loads(args.json.read_text(encoding="utf-8"))
            if before.get("selection") != selection or not same_suite(root, before.get("commit")):
                raise SystemExit(f"mutants: {args.json} ran another selection, or its commit's engine and tests "
                                 "differ from these: not resumed")
            record["started"], record["baseline"] = before["started"], before.get("baseline")
            record["resumed"] = [*before.get("resumed", []), {"commit": record["commit"], "at": time.strftime(
                "%Y-%m-%dT%H:%M:%SZ", time.gmtime())}]
            record["commit"] = before["commit"]  # (the engine and the tests are that commit's: same_suite)
            record["prescreened"] = before.get("prescreened", {})
            record["baseline_prescreen"] = before.get("baseline_prescreen")
            wanted = {m.id for m in mutants}
            for done in before.get("mutants", []):
                if done["id"] in wanted and done["result"] != "error":  # (an error is run again)
                    outcomes[done["id"]] = Outcome(**done)
    todo = [m for m in mutants if m.id not in outcomes]
    print(f"mutants: {len(todo)} of {len(mutants)} mutants to run; pytest {' '.join(selection)}", flush=True)
    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGINT, _stop)
    try:
        return _run(args, root, mutants, todo, files, selection, record, outcomes)
    except KeyboardInterrupt:
        done = [outcomes[m.id] for m in mutants if m.id in outcomes]
        print(f"mutants: stopped; {len(done)} of {len(mutants)} mutants run"
              + (f", kept in {args.json} (--resume runs the rest)" if args.json else ""), file=sys.stderr)
        return 1


def _run(args: argparse.Namespace, root: Path, mutants: list[Mutant], todo: list[Mutant], files: list[str],
         selection: list[str], record: dict[str, Any], outcomes: dict[str, Outcome]) -> int:
    def baseline(key: str, chosen_selection: list[str]) -> bool:
        """Run the unmutated copy under ``chosen_selection``; whether it passed (recorded as ``key``)."""
        base = run_one(None, root, files, chosen_selection, args.python, args.timeout, args.keep, args.fast_first)
        if base is None:
            raise KeyboardInterrupt
        record[key] = {"result": "passed" if base.result == "survived" else base.result, "seconds": base.seconds,
                       "returncode": base.returncode, "first_failing_test": base.first_failing_test, "note": base.note}
        print(f"{key} (unmutated): exit {base.returncode}, {base.seconds:.0f} s", flush=True)
        if args.json:
            write_json(args.json, record)
        if base.result != "survived":
            print(f"mutants: the unmutated copy does not pass ({base.first_failing_test or base.note}); every mutant "
                  "would look caught, so none is run", file=sys.stderr)
        return base.result == "survived"

    short = prescreen_of(root, selection) if args.prescreen else None
    if short is not None:
        record["prescreen"] = short
    if not args.no_baseline:
        # the unmutated copy must pass what is run: the prescreen's files first (cheap), then the whole selection
        for key, chosen_selection in ([("baseline_prescreen", short)] if short is not None else []) + [
                ("baseline", selection)]:
            if (record.get(key) or {}).get("result") != "passed" and not baseline(key, chosen_selection):
                return 1
            if key == "baseline_prescreen":
                break  # (the whole baseline runs after the prescreen, before the mutants it left)
    lock = threading.Lock()
    screened: dict[str, dict[str, Any]] = record.setdefault("prescreened", {})

    def screen(m: Mutant) -> None:
        """The first pass of ``--prescreen``: the FIRST files alone; a mutant caught there is caught."""
        assert short is not None
        outcome = run_one(m, root, files, short, args.python, args.timeout, args.keep, False)
        if outcome is None:
            return
        with lock:
            screened[m.id] = {"result": outcome.result, "seconds": outcome.seconds}
        if outcome.result == "caught":
            record_outcome(m, outcome._replace(note="caught by the prescreen (the FIRST files, same options)"))
        else:
            with lock:
                print(f"{'pending':8} {m.id}  {outcome.seconds:.0f} s  not caught by the prescreen", flush=True)
                if args.json:
                    write_json(args.json, record)

    def one(m: Mutant) -> None:
        outcome = run_one(m, root, files, selection, args.python, args.timeout, args.keep, args.fast_first)
        if outcome is None:
            return
        if m.id in screened:  # (its prescreen's time counts too)
            outcome = outcome._replace(seconds=round(outcome.seconds + screened[m.id]["seconds"], 1))
        record_outcome(m, outcome)

    def record_outcome(m: Mutant, outcome: Outcome) -> None:
        with lock:
            outcomes[m.id] = outcome
            print(f"{outcome.result:8} {m.id}  {outcome.seconds:.0f} s  {outcome.first_failing_test or outcome.note}",
                  flush=True)
            if args.json:
                done = [outcomes[x.id] for x in mutants if x.id in outcomes]
                record["mutants"] = [o._asdict() for o in done]
                record["summary"] = summary(done) + ("" if len(done) == len(mutants) else
                                                     f" (partial: {len(done)} of {len(mutants)} run)")
                write_json(args.json, record)

    passes = [(screen, [m for m in todo if m.id not in screened])] if short is not None else []
    passes.append((one, todo))
    for work, which in passes:
        if work is one and short is not None and not args.no_baseline and \
                (record.get("baseline") or {}).get("result") != "passed" and \
                any(m.id not in outcomes for m in which) and not baseline("baseline", selection):
            return 1
        pool = ThreadPoolExecutor(max_workers=args.jobs)
        try:
            for future in [pool.submit(work, m) for m in which if m.id not in outcomes]:
                future.result()
        finally:
            pool.shutdown(wait=True, cancel_futures=True)
    ordered = [outcomes[m.id] for m in mutants]
    seconds = [o.seconds for o in ordered]
    record["summary"] = summary(ordered)
    record["finished"] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    record["seconds"] = {"total": round(sum(seconds), 1), "mean": round(sum(seconds) / len(seconds), 1) if seconds else 0,
                         "max": max(seconds, default=0)}
    if args.json:
        write_json(args.json, record)
    print(record["summary"])
    return 1 if any(o.result == "error" for o in ordered) else 0


if __name__ == "__main__":
    sys.exit(main())
