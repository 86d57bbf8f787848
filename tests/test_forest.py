"""The forest plots of the readings compared (issue 22), from the stored measures: for every
contested rule measured, each reading that can change play gets an inline SVG (drawn at build
time, no script) whose rows are the measures with a mark per kind of player, and the same paired
differences in a table beside it, every difference with its 95 % interval, in both languages.
"""

from __future__ import annotations

import json
import logging
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import forest  # noqa: E402
import gen_pages  # noqa: E402

SVG = "{http://www.w3.org/2000/svg}"
MEASURES = sorted((ROOT / "engine" / "measures").glob("*.json"))


def _cases() -> list[tuple[str, str, str]]:
    cases = []
    for path in MEASURES:
        data = json.loads(path.read_text(encoding="utf-8"))
        for rid, entry in (data.get("rules") or {}).items():
            if "heuristic" in (entry.get("players") or {}):
                cases.append((path.stem, rid, entry.get("default")))
    return cases


CASES = _cases()


def _block(game: str, rid: str, lang: str) -> tuple[dict, dict, list[str], list[str]]:
    data = json.loads((ROOT / "engine" / "measures" / f"{game}.json").read_text(encoding="utf-8"))
    entry = data["rules"][rid]
    metrics = data.get("metrics") or {}
    focus = list(entry.get("focus") or [])
    names = focus + [m for m in metrics if m not in focus]
    readings = [entry["default"]] + [r for r in entry["players"]["heuristic"]["values"] if r != entry["default"]]
    return data, entry, names, gen_pages.forest_block(metrics, names, entry, readings, entry["default"], lang)


def test_every_game_with_contested_rules_is_measured_with_pairs() -> None:
    assert {game for game, _, _ in CASES} == {p.stem for p in MEASURES}


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("game, rid, default", CASES, ids=[f"{g}:{r}" for g, r, _ in CASES])
def test_each_reading_that_can_change_play_has_its_plot_and_its_numbers(game, rid, default, lang, caplog) -> None:
    with caplog.at_level(logging.WARNING):
        _, entry, names, lines = _block(game, rid, lang)
    assert not [r.getMessage() for r in caplog.records if "no Russian" in r.getMessage()]
    kinds = [entry["players"][k] for k in forest.KINDS if k in entry["players"]]
    changing = [r for r in entry["players"]["heuristic"]["differences"]
                if forest.rows(entry, r, names)
                and not all((kind["differences"].get(r) or {}).get("identical") for kind in kinds)]
    figures = [line for line in lines if line.startswith("<figure")]
    assert len(figures) == len(changing), (changing, len(figures))
    for reading, figure in zip(changing, figures):
        svg = ET.fromstring(figure[figure.index("<svg"):figure.index("</svg>") + 6])
        assert svg.get("role") == "img" and reading in svg.get("aria-label", "")
        found = forest.rows(entry, reading, names)
        measured = list(dict.fromkeys(name for name, _, _ in found))
        labels = [t for t in svg.iter(f"{SVG}text") if t.get("class") == "edition-forest-label"]
        assert len(labels) == len(measured)
        marks = list(svg.iter(f"{SVG}circle")) + list(svg.iter(f"{SVG}path"))
        assert len(marks) == len(found), "one mark per measure and kind of player"
        solid = [m for m in marks if "edition-forest-effect" in (m.get("class") or "")]
        assert len(solid) == sum(d.get("verdict") == "effect" for _, _, d in found)
        # the zero line is in the middle; each mark lies on its side of it
        zero = float(next(line.get("x1") for line in svg.iter(f"{SVG}line")
                          if line.get("class") == "edition-forest-zero"))
        for mark, (_, _, d) in zip(list(svg.iter(f"{SVG}circle")), [x for x in found if x[1] == "heuristic"]):
            at = float(mark.get("cx"))
            if abs(d["estimate"]) < 1e-9 or abs(at - zero) < 0.1:  # (at zero, or too near it to draw apart)
                continue
            assert (at > zero) == (d["estimate"] > 0) and (at < zero) == (d["estimate"] < 0)
    # the numbers beside it: a row per measure and kind, each difference with its interval
    head = f"    | {gen_pages.tr(lang, 'Measure')} |"
    table = [line for line in lines if line.startswith("    | ") and "---" not in line and not line.startswith(head)]
    assert len(table) == sum(len(forest.rows(entry, r, names)) for r in changing)
    word = "до" if lang == "ru" else "to"
    assert all(f" {word} " in row for row in table)


def test_a_reading_that_cannot_change_play_draws_no_plot() -> None:
    entry = {"players": {"heuristic": {"n": 4, "differences": {"b": {"identical": True, "metrics": {
        "x_share": {"estimate": 0.0, "low": 0.0, "high": 0.0, "verdict": "no difference detected"}}}}}}}
    assert gen_pages.forest_block({"x_share": "a share"}, ["x_share"], entry, ["a", "b"], "a") == []


def test_a_plot_escapes_its_words() -> None:
    entry = {"players": {"heuristic": {"differences": {"b": {"identical": False, "metrics": {
        "x_share": {"estimate": -0.5, "low": -0.7, "high": -0.3, "verdict": "effect"}}}}}}}
    svg = forest.plot(entry, "b", ["x_share"], lambda name: "<x> & y", 'a "title"')
    root = ET.fromstring(svg)
    assert root.get("aria-label") == 'a "title"'
    assert float(next(root.iter(f"{SVG}circle")).get("cx")) < forest.LABEL + forest.PLOT / 2


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_each_focus_effect_says_whether_its_direction_holds_under_the_sampling_bots(lang, caplog) -> None:
    """Every focus effect found with the heuristic bots is followed by what the sampling bots show
    (engine/campaign.py ``directions``), in the page's language; an effect with no sampling
    figures says nothing about them."""
    said = 0
    for path in MEASURES:
        data = json.loads(path.read_text(encoding="utf-8"))
        for entry in (data.get("rules") or {}).values():
            if "heuristic" not in (entry.get("players") or {}):
                continue
            readings = list(entry["players"]["heuristic"]["values"])
            with caplog.at_level(logging.WARNING):
                text = gen_pages.what_changes_paired(data.get("metrics") or {}, list(entry.get("focus") or []),
                                                     entry, readings, entry["default"], lang)[0]
            for reading, verdicts in (entry.get("directions") or {}).items():
                for measure, verdict in verdicts.items():
                    if verdict in gen_pages.DIRECTIONS:
                        assert gen_pages.tr(lang, gen_pages.DIRECTIONS[verdict]) in text, (reading, measure, verdict)
                        said += 1
    assert said >= 10, "the stored campaign has effects to say the direction of"
    assert not [r.getMessage() for r in caplog.records if "no Russian" in r.getMessage()]


def test_an_effect_without_sampling_figures_says_nothing_of_them() -> None:
    entry = {"default": "a", "players": {"heuristic": {"n": 40, "differences": {"b": {"identical": False, "metrics": {
        "x_share": {"estimate": 0.05, "low": 0.02, "high": 0.08, "verdict": "effect"}}}}}}}
    text = gen_pages.what_changes_paired({"x_share": "a share"}, ["x_share"], entry, ["a", "b"], "a")[0]
    assert "CI" in text and "sampling" not in text
    entry["directions"] = {"b": {"x_share": "reversed"}}
    text = gen_pages.what_changes_paired({"x_share": "a share"}, ["x_share"], entry, ["a", "b"], "a")[0]
    assert "the sampling bots reverse it" in text
