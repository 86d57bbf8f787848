"""Build ``engine/rule_tests.json``: every catalogue rule id -> the ids of the tests that prove it.

Usage (from the repository's root)::

    python tools/rule_tests.py --write   # write the map (only when it changed)
    python tools/rule_tests.py --check   # exit 1 when the file is missing or stale

The engine reads the map as package data (:mod:`engine.rule_index`) and never looks at
``tests/`` itself; this tool is the only place that does. A rule's tests are its worked
examples' test ids (``tests/test_examples.py::test_worked_example[<rule>/<example>]``, for the
games with an engine: a game only catalogued has its examples run by no test), then the
tests marked with its id, found by parsing ``tests/**/test_*.py`` with :mod:`ast` (nothing
is imported): a mark on a function gives ``tests/<file>::<function>``, on a class its test
methods ``tests/<file>::<Class>::<method>``, a module-level ``pytestmark`` the file.
The Makefile runs ``--write`` before it builds the wheel or the site;
``tests/test_rule_tests.py`` fails when the file differs from a fresh build.
"""

from __future__ import annotations

import argparse
import ast
import json
import re
import sys
from functools import lru_cache
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from engine import catalogue, rule_index  # noqa: E402

TESTS = REPO / "tests"
MAP = REPO / "engine" / rule_index.MAP_FILE
ABOUT = (f"Rule id -> the ids of the tests that prove it. Made by `{rule_index.REBUILD}` "
         "from the catalogue and tests/; do not edit.")

_RULE_MARK = re.compile(r"\.mark\.rule$")


def _rule_marks(node: ast.AST) -> list[str]:
    """Rule ids of every ``pytest.mark.rule("id", ...)`` call inside ``node``."""
    found = []
    for sub in ast.walk(node):
        if isinstance(sub, ast.Call) and _RULE_MARK.search(ast.unparse(sub.func)):
            found += [a.value for a in sub.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
    return found


def scan(tests_dir: Path = TESTS) -> dict[str, list[str]]:
    """Rule id -> ids of the tests marked ``@pytest.mark.rule("<id>")`` under ``tests_dir``.

    Test ids are relative to ``tests_dir``'s parent (the repository's root). A test file
    that does not parse stops the build (SystemExit naming the file).
    """
    found: dict[str, list[str]] = {}

    def add(rule_id: str, test_id: str) -> None:
        places = found.setdefault(rule_id, [])
        if test_id not in places:
            places.append(test_id)

    for path in sorted(tests_dir.rglob("test_*.py")):
        module = path.relative_to(tests_dir.parent).as_posix()
        stat = path.stat()
        for rule_id, test_id in _file_marks(path, module, stat.st_mtime_ns, stat.st_size):
            add(rule_id, test_id)
    return found


@lru_cache(maxsize=None)
def _file_marks(path: Path, module: str, _mtime_ns: int, _size: int) -> tuple[tuple[str, str], ...]:
    """The (rule id, test id) pairs of one test file, in order: parsed once per version of the
    file (its path, time of change and size) in a process that builds the map again and again."""
    try:
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=module)
    except (SyntaxError, UnicodeDecodeError) as exc:
        raise SystemExit(f"{module}: cannot be parsed, so its rule marks cannot be read: {exc}") from None
    pairs: list[tuple[str, str]] = []
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "pytestmark" for t in node.targets
        ):
            pairs += [(rule_id, module) for rule_id in _rule_marks(node.value)]
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for deco in node.decorator_list:
                pairs += [(rule_id, f"{module}::{node.name}") for rule_id in _rule_marks(deco)]
        elif isinstance(node, ast.ClassDef):
            class_rules = [r for deco in node.decorator_list for r in _rule_marks(deco)]
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) and item.name.startswith("test"):
                    own = [r for deco in item.decorator_list for r in _rule_marks(deco)]
                    pairs += [(rule_id, f"{module}::{node.name}::{item.name}") for rule_id in class_rules + own]
    return tuple(pairs)


def build(marked: dict[str, list[str]] | None = None) -> dict[str, list[str]]:
    """The map: for every catalogue rule with a test, its examples' test ids, then its marked tests."""
    marked = scan() if marked is None else marked
    rules: dict[str, list[str]] = {}
    for rule in catalogue.all_rules():
        examples = rule_index.example_test_ids(rule)
        tests = examples + [t for t in marked.get(rule["id"], []) if t not in examples]
        if tests:
            rules[rule["id"]] = tests
    return rules


def render(rules: dict[str, list[str]]) -> str:
    """The file's text (stable: rule ids sorted, each rule's tests in the order found)."""
    return json.dumps({"about": ABOUT, "rules": dict(sorted(rules.items()))}, indent=1, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None, path: Path = MAP) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    action = parser.add_mutually_exclusive_group(required=True)
    where = path.relative_to(REPO) if path.is_relative_to(REPO) else path
    action.add_argument("--write", action="store_true", help=f"write {where} when it changed")
    action.add_argument("--check", action="store_true", help="exit 1 when the file is missing or stale")
    args = parser.parse_args(argv)
    marked = scan()
    known = {rule["id"] for rule in catalogue.all_rules()}
    for rule_id in sorted(set(marked) - known):
        print(f"warning: no catalogue has rule {rule_id!r}, marked on {', '.join(marked[rule_id])}", file=sys.stderr)
    rules = build(marked)
    text = render(rules)
    current = path.read_text(encoding="utf-8") if path.is_file() else None
    summary = f"{len(rules)} rules, {sum(map(len, rules.values()))} test ids"
    if current == text:
        print(f"{where}: up to date ({summary})")
        return 0
    if args.check:
        print(f"{where}: {'missing' if current is None else 'stale'}; run `{rule_index.REBUILD}`", file=sys.stderr)
        return 1
    path.write_text(text, encoding="utf-8")
    print(f"{where}: written ({summary})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
