"""The table's own sentences at the end and at a misplaced click (issue 27), run by node on
the table's ES modules (``docs/assets/js``): a card's label never reads "null"; a card clicked
while a call is expected says what is expected; the accounts at the end say "neither pays nor
receives", not "even", and an account of points gives numbers, not money."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
JS = ROOT / "docs" / "assets" / "js"


def node(lang: str, body: str) -> Any:
    """``body`` run by node as an ES module with felt.js, board.js and words.js imported (as
    ``felt``, ``board``, ``words``) on a page in ``lang``; its last line prints JSON."""
    executable = shutil.which("node")
    if executable is None:
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail("node is not installed (CI=true: the table's words must be checked)")
        pytest.skip("node is not installed")
    script = f"""globalThis.document = {{ documentElement: {{ lang: {json.dumps(lang)} }} }};
const felt = await import({json.dumps((JS / "felt.js").as_uri())});
const board = await import({json.dumps((JS / "board.js").as_uri())});
const words = await import({json.dumps((JS / "words.js").as_uri())});
const el = (tag, attrs, ...kids) => ({{ tag, text: kids.flat(Infinity).filter((k) => k !== null).map((k) => (typeof k === "string" ? k : k.text)).join("") }});
{body}"""
    result = subprocess.run([executable, "--input-type=module", "-e", script], cwd=ROOT, capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_a_card_label_never_reads_null() -> None:
    said = node("en", """console.log(JSON.stringify([felt.cardNotes("taken in", null), felt.cardNotes(null, null),
  felt.cardNotes("taken in", "playable"), felt.cardNotes(undefined, "not playable now")]));""")
    assert said == ["taken in", None, "taken in, playable", "not playable now"]


def test_a_card_clicked_while_a_call_is_expected_says_what_is_expected() -> None:
    said = node("en", """const places = new words.Places(3, [], 0);
const t = { places, words: (s) => s, wordsToReader: (s) => s,
  view: { prompt: { text: "South (you): vie the ruff or pass", seat: 0, seats: [0] },
  legal: [{ label: "Vie the ruff", action: { kind: "vie" } }, { label: "Pass", action: { kind: "pass" } }] } };
const bare = { places, words: (s) => s, view: { prompt: null, legal: t.view.legal } };
console.log(JSON.stringify([felt.callExpected(t), felt.callExpected(bare)]));""")
    assert said[0] == "No card now: South (you): vie the ruff or pass. Answer with the call buttons."
    assert said[1] == "No card now: a call is expected (Vie the ruff, Pass). Answer with the call buttons."
    russian = node("ru", """const places = new words.Places(3, [], 0);
const t = { places, words: (s) => s, wordsToReader: (s) => s,
  view: { prompt: { text: "Юг (вы): ваше слово", seat: 0, seats: [0] }, legal: [] } };
console.log(JSON.stringify(felt.callExpected(t)));""")
    assert russian.startswith("Карта сейчас не нужна: Юг (вы): ваше слово.")


def test_the_end_s_accounts_say_plainly_who_pays_and_what_was_written() -> None:
    said = node("en", """const places = new words.Places(2, [], 0);
const t = { places, el };
console.log(JSON.stringify([board.moneyLine(t, "Settlement", [0, 12]).text, board.moneyLine(t, "Settlement", [-5, 0]).text,
  board.moneyLine(t, "Points this deal", [9, 42], "points").text]));""")
    assert said[0] == "Settlement: You neither pay nor receive · North receives 12."
    assert said[1] == "Settlement: You pay 5 · North neither pays nor receives."
    assert said[2] == "Points this deal: South (you) 9 · North 42."
    russian = node("ru", """const places = new words.Places(2, [], 0);
console.log(JSON.stringify(board.moneyLine({ places, el }, "Расчёт", [0, 12]).text));""")
    assert "ничего не платите и не получаете" in russian
