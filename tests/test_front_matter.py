"""The front matter says what is so: which games are playable, how old the sources are, which
texts the navigation leads to, and one "Play" on each game page.

The home page (``docs/index.md``) and ``README.md`` are written by hand; these tests hold them
to the engine's list of games and to the source records and the bibliography. The navigation
(``SUMMARY.md``) and the game pages are generated (``tools/gen_pages.py``).
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import citations  # noqa: E402
import gen_pages  # noqa: E402

from engine import bridge  # noqa: E402

HOME = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
README = (ROOT / "README.md").read_text(encoding="utf-8")
NUMBERS = {5: "five", 6: "six", 7: "seven", 8: "eight"}


def prose(text: str) -> str:
    """The text with its line breaks and Markdown emphasis out of the way of a phrase."""
    return " ".join(text.replace("*", "").split())


def source(key: str) -> dict:
    return json.loads((ROOT / "sources" / key / "source.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def pages() -> dict:
    return gen_pages.generate()


def playable() -> list[dict]:
    reply = json.loads(bridge.handle(json.dumps({"op": "games"})))
    assert reply["ok"], reply
    return reply["games"]


def test_the_home_page_and_the_readme_say_every_game_is_playable() -> None:
    games = playable()
    catalogued = sorted(p.stem for p in (ROOT / "engine" / "catalogue").glob("*.toml"))
    assert sorted(g["id"] for g in games) == catalogued, "every catalogued game is playable"
    count = NUMBERS[len(games)]
    for name, text in (("docs/index.md", prose(HOME)), ("README.md", prose(README))):
        assert f"All {count} games are playable today" in text, name
        for stale in ("not yet playable", "not built yet", "Five games are playable", "catalogued, not"):
            assert stale not in text, f"{name}: {stale!r}"
    play = prose(HOME).split("All seven games are playable today:", 1)[1].split(".", 1)[0]
    for game in games:
        assert game["name"] in play, f"docs/index.md: the playable games leave out {game['name']}"
    originals = ["Мушка", "Памфил", "Рамс", "Петух"]
    for game in games:
        assert game["name"] in README or any(o in README for o in originals), game["name"]
    assert all(o in README for o in originals) and "jack variant" in prose(README)
    assert "Rams with its jack variant" in prose(HOME)


def test_the_sources_are_dated_as_their_records_and_the_bibliography_date_them() -> None:
    works = {w["key"]: w for w in citations.works(ROOT)}
    piquet, rozaliev = source("piquet"), source("rozaliev")
    assert "modern historian" in piquet["description"]
    assert "at the end of the twentieth century" in rozaliev["description"]
    for name, text in (("docs/index.md", prose(HOME)), ("README.md", prose(README))):
        assert "a modern history of card play in Russia" in text, name
        for key in ("shevtsov", "shevtsov-2005"):
            assert f"{works[key]['place']}, {works[key]['year']}" in text, f"{name}: {key}"
        assert f"{works['rozaliev']['place']}, {works['rozaliev']['year']}" in text, name
        assert "described in Russia at the end of the twentieth century" in text, name
        assert "nineteenth-century Russia" not in text, name
        assert "after 2003" in text and "after 2003" in source("ruffe")["citation"], name


def test_the_navigation_names_each_text_by_author_and_title(pages: dict) -> None:
    summary = pages["SUMMARY.md"]
    sources = summary.split("* Sources\n", 1)[1].split("* Games\n", 1)[0]
    labels = dict((m.group(2), m.group(1)) for m in re.finditer(r"\[([^\]]+)\]\(sources/([a-z]+)\.md\)", sources))
    assert labels == {
        "ruffe": "Anonymous, Ruffe and Trumps",
        "gleek": "Anonymous, Gleek",
        "piquet": "Шевцов, Карточная игра в России",
        "rozaliev": "Розалиев, Карточные игры России",
    }
    for key, label in labels.items():
        record = source(key)
        who, title = label.split(", ", 1)
        assert who in record["author"] or (who == "Anonymous" and record["author"].startswith("Anonymous"))
        assert title in record["title"] or title in record["title_en"]
        assert "seed" not in label and record["seed_file"][:3] not in label
        assert pages[f"sources/{key}.md"].startswith(f"# {label}\n")


def test_each_game_page_has_one_play_heading(pages: dict) -> None:
    for game in playable():
        page = pages[f"games/{game['id']}.md"]
        headings = [re.sub(r"\s*\{[^}]*\}\s*$", "", line.lstrip("#").strip())
                    for line in page.splitlines() if re.match(r"#{1,6} ", line)]
        plays = [h for h in headings if h.split()[0] == "Play"]
        assert plays == ["Play"], f"{game['id']}: {plays}"
        assert "The play of the cards" in headings, game["id"]
