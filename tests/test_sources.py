"""The sources: each seed kept byte for byte, cut into passages that give it back exactly.

For every source folder ``sources/<key>/``: ``text.txt`` is the seed (its SHA-256 is
recorded here, and when the seeds folder is present the bytes are compared with it);
``source.json`` has its metadata, and its passages, joined, reproduce ``text.txt``;
passage ids are ``<key>.pNN``, unique and in order; every passage has a kind, a game
(or null) and a non-empty translation of our own.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest

from engine import games

ROOT = Path(__file__).resolve().parents[1]
SEEDS = Path("/work/shared/seeds")

# key -> (seed file, SHA-256 of the seed). A change to a text is a change to this table.
SOURCES = {
    "ruffe": ("000_713108aafcda9f47.txt", "92c3ba1186bc09ed5068158c08c161481342f3f4500e5453c9e0d455ad4340af"),
    "rozaliev": ("002_bc115c619224f0b9.txt", "e028218b9b46b9c0fcadd0f0c74f3b2774d8a43aa0c8394bf76444e55d638228"),
    "gleek": ("003_fe6d68ece34b4de4.txt", "95b43da2f33bb356002468217425d8c96c44202bb469748ae9f5111e08e8b6e0"),
    "piquet": ("004_474d1bd5d2bf0c97.txt", "d25a1f187aac41de878d3c843dacd2124c0bc61dd00153aacd41789b8322bb27"),
}
GAME_IDS = set(games.ids())  # (the games registry's)
KINDS = {"heading", "text", "commentary", "citation", "stray"}
METADATA = {
    "key": str, "seed_file": str, "author": str, "title": str, "title_en": str, "retells": (str, type(None)),
    "is_retelling": bool, "language": str, "citation": str, "description": str, "games": list, "passages": list,
}

KEYS = sorted(SOURCES)


def load(key: str) -> dict:
    path = ROOT / "sources" / key / "source.json"
    assert path.is_file(), f"{path} is missing"
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        pytest.fail(f"{path} is not valid JSON: {exc}")


def text_bytes(key: str) -> bytes:
    path = ROOT / "sources" / key / "text.txt"
    assert path.is_file(), f"{path} is missing"
    return path.read_bytes()


def test_every_source_folder_is_known() -> None:
    folders = {p.name for p in (ROOT / "sources").iterdir() if p.is_dir()}
    assert folders == set(SOURCES), f"source folders {sorted(folders)} differ from the four known {KEYS}"


@pytest.mark.parametrize("key", KEYS)
def test_text_is_the_seed_byte_for_byte(key: str) -> None:
    seed_file, sha256 = SOURCES[key]
    data = text_bytes(key)
    assert hashlib.sha256(data).hexdigest() == sha256, f"sources/{key}/text.txt is not the recorded seed {seed_file}"
    seed = SEEDS / seed_file
    if SEEDS.is_dir():
        assert seed.is_file(), f"{seed} is missing from the seeds folder"
        assert data == seed.read_bytes(), f"sources/{key}/text.txt differs from {seed}"


@pytest.mark.parametrize("key", KEYS)
def test_metadata(key: str) -> None:
    source = load(key)
    for name, kind in METADATA.items():
        assert name in source, f"sources/{key}/source.json: field {name!r} is missing"
        assert isinstance(source[name], kind), f"sources/{key}/source.json: field {name!r} has type {type(source[name]).__name__}"
        if kind is str:
            assert source[name].strip(), f"sources/{key}/source.json: field {name!r} is empty"
    assert source["key"] == key
    assert source["seed_file"] == SOURCES[key][0], f"sources/{key}/source.json: seed_file is {source['seed_file']!r}"
    assert source["language"] == "ru"
    assert source["games"] and set(source["games"]) <= GAME_IDS, f"sources/{key}/source.json: games {source['games']}"


@pytest.mark.parametrize("key", KEYS)
def test_passages_join_to_the_text(key: str) -> None:
    source = load(key)
    joined = "".join(p["text"] for p in source["passages"]).encode("utf-8")
    data = text_bytes(key)
    if joined != data:
        at = next((i for i, (a, b) in enumerate(zip(joined, data)) if a != b), min(len(joined), len(data)))
        pytest.fail(
            f"sources/{key}: the passages joined differ from text.txt at byte {at} "
            f"(joined {len(joined)} bytes, text {len(data)}): "
            f"text has {data[at:at + 40]!r}, passages have {joined[at:at + 40]!r}"
        )


@pytest.mark.parametrize("key", KEYS)
def test_passage_ids_are_well_formed_unique_and_in_order(key: str) -> None:
    passages = load(key)["passages"]
    width = 3 if len(passages) > 99 else 2
    for number, passage in enumerate(passages, start=1):
        expected = f"{key}.p{number:0{width}d}"
        assert passage.get("id") == expected, f"sources/{key}: passage #{number} has id {passage.get('id')!r}, expected {expected!r}"
    ids = [p["id"] for p in passages]
    assert len(ids) == len(set(ids))
    assert all(re.fullmatch(rf"{key}\.p\d{{{width}}}", i) for i in ids)


@pytest.mark.parametrize("key", KEYS)
def test_every_passage_is_complete(key: str) -> None:
    games = set(load(key)["games"])
    for passage in load(key)["passages"]:
        where = f"sources/{key}: passage {passage.get('id')}"
        assert set(passage) >= {"id", "kind", "game", "text", "translation", "notes"}, f"{where}: fields {sorted(passage)}"
        assert passage["kind"] in KINDS, f"{where}: kind {passage['kind']!r} is not one of {sorted(KINDS)}"
        assert passage["game"] is None or passage["game"] in games, f"{where}: game {passage['game']!r} is not one of {sorted(games)}"
        assert passage["text"], f"{where}: empty text"
        assert isinstance(passage["translation"], str) and passage["translation"].strip(), f"{where}: empty translation"
        assert isinstance(passage["notes"], list) and all(isinstance(n, str) and n.strip() for n in passage["notes"]), f"{where}: notes must be non-empty strings"


@pytest.mark.parametrize("key", KEYS)
def test_every_game_of_a_source_has_passages(key: str) -> None:
    source = load(key)
    used = {p["game"] for p in source["passages"]}
    missing = set(source["games"]) - used
    assert not missing, f"sources/{key}: games {sorted(missing)} have no passage"
