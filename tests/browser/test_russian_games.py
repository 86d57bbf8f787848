"""A whole game of Мушка, Рамс (with its jacks) and Петух played in the browser in Russian (issue 15);
the other games are played whole in English (each game is played whole once in the browser).

On each game's Russian page (/ru/games/<id>/) a game is dealt and played to its end by clicking
the reader's decisions (the bots, instant, play the others; one card the rules forbid is tried,
and refused); after every decision the whole table's text (prompt, buttons, felt, log, score
sheet, refusal, outcome) is read, and no Latin word may be in it but rule ids, card codes and the
names the sources themselves spell in Latin letters. The refusal must be said in Russian with its
rule linked. Short settings keep each game to a minute or two; the jack variant of Рамс is played. No console error, no request off the loopback server (conftest).
"""

from __future__ import annotations

import json
import random
import re
import time

import pytest

from test_gleek_piquet_table import reader_step
from test_loo_table import TABLE_VIEW, open_loo, shoot
from test_table_russian import latin_words

pytestmark = [pytest.mark.browser, pytest.mark.slow]


SHARE_PAGE = True
"""One page for the module's tests, Python started once (tests/browser/conftest.py, ``site_page``)."""

SOURCE_SPELLING = ("Ruffe and trumps", "Ruffe and Trumps")
"""Names the Russian sources write in Latin letters (the Ruffe text's title)."""
CYRILLIC = re.compile(r"[А-Яа-яЁё]")

GAMES = [
    # game, players, seed, options (JSON values), time limit (s). One whole game of each game is played
    # in the browser, the languages alternating between the families: Ruffe, Gleek, Piquet and Памфил in
    # English (test_table.py, test_gleek_piquet_table.py, test_loo_table.py), these three in Russian.
    ("mushka", 3, 5, {}, 150),
    ("rams", 3, 0, {"jacks": '"jacks"'}, 150),
    ("petukh", 3, 6, {"start_record": "5"}, 150),
]


def table_latin(page) -> list[str]:
    text = page.locator(".ed-table-app").inner_text()
    return latin_words(text, SOURCE_SPELLING)


@pytest.mark.parametrize(("game", "players", "seed", "options", "limit"), GAMES, ids=[g[0] for g in GAMES])
def test_a_whole_game_in_russian(site_page, game, players, seed, options, limit) -> None:
    page = open_loo(site_page, game, players=players, seed=seed, options=options, lang="ru")
    assert page.evaluate("document.documentElement.lang") == "ru"
    rng = random.Random(seed)
    plan: dict = {"refusal": None}
    english: dict[str, str] = {}
    deadline = time.monotonic() + limit
    steps = 0
    while True:
        view = page.evaluate(TABLE_VIEW)
        for word in table_latin(page):
            english.setdefault(word, f"{view['phase']} (deal {view['deal']})")
        if view["over"]:
            break
        assert time.monotonic() < deadline, f"{game}: not over in {limit} s ({steps} decisions)"
        assert view["to_act"] == 0, f"the bots stopped with seat {view['to_act']} to act"
        reader_step(page, view, rng, plan)
        steps += 1
    shoot(page, f"russian-{game}-end.png")
    assert not english, f"{game}: Latin words on the Russian table: {english}"

    outcome = page.locator(".ed-outcome")
    assert outcome.is_visible() and CYRILLIC.search(outcome.inner_text()), outcome.inner_text()
    sheet = page.locator(".ed-sheet-table tbody tr.ed-entry")
    assert sheet.count() >= 1 and CYRILLIC.search(sheet.first.inner_text())
    refusal = plan["refusal"]
    assert refusal is not None, f"{game}: no unplayable card was ever offered to try"
    assert refusal["rule"].startswith(f"{game}.") or "." in refusal["rule"], refusal
    assert CYRILLIC.search(refusal["text"]) and not latin_words(refusal["text"], SOURCE_SPELLING), refusal
    assert refusal["href"].startswith("#") or "/ru/games/" in refusal["href"], refusal
    log = page.locator(".ed-log li")
    assert log.count() >= 3 and all(CYRILLIC.search(t) for t in log.all_inner_texts()[:5])
    assert json.loads(json.dumps(page.evaluate(f"{TABLE_VIEW}.prompt")))["text"], "the end has its sentence"
    site_page.assert_clean()
