"""The games registry (issue 24): each game registered once, by being in ``engine/games``, and every
list of games elsewhere derived from it."""

from __future__ import annotations

import importlib
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

import engine.games as registry
from engine.game import GameSpec

ROOT = Path(__file__).resolve().parents[1]
SEVEN = ["gleek", "mushka", "pamphil", "petukh", "piquet", "rams", "ruffe-and-trumps"]

GAME = '''
from engine.game import GameSpec
from engine.games.ruffe.state import RuffeState
from engine.games.ruffe.rules import RuffeRules

SPEC = GameSpec(id="{id}", name="{id}", min_players=2, max_players=4, variant_class=RuffeRules,
                state_class=RuffeState, order={order}, bench_players=3)
'''


@pytest.fixture
def fake_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A second folder on ``engine.games``' search path, as the games' packages would be
    (``engine/games/<family>/``), its modules forgotten afterwards."""
    folder = tmp_path / "games"
    folder.mkdir()
    monkeypatch.setattr(registry, "__path__", [*registry.__path__, str(folder)])
    yield folder
    for name in [m for m in sys.modules if m.startswith(("engine.games.fakefam", "engine.games.fakeflat"))]:
        del sys.modules[name]
    importlib.invalidate_caches()


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text), encoding="utf-8")


def test_the_seven_games_are_found_with_no_list() -> None:
    assert registry.ids() == SEVEN
    assert sorted(registry.discover()) == SEVEN
    assert not hasattr(registry, "GAME_MODULES")
    assert [spec.id for spec in registry.in_order()] == ["ruffe-and-trumps", "gleek", "piquet", "mushka", "pamphil",
                                                          "rams", "petukh"]
    assert registry.sources() == ["ruffe", "gleek", "piquet", "rozaliev"]


def test_the_package_layout_is_found_without_a_change(fake_folder: Path) -> None:
    """A family package holding several games (loo/ with mushka, pamphil …), a game package whose
    ``__init__`` re-exports its SPEC (ruffe/), and a flat module, side by side; a module that binds
    no SPEC (a game's measures, its examples) is not imported to be asked."""
    _write(fake_folder / "fakefam" / "__init__.py", '"""A family of games."""\n')
    _write(fake_folder / "fakefam" / "first.py", GAME.format(id="fake-first", order=90))
    _write(fake_folder / "fakefam" / "second.py", GAME.format(id="fake-second", order=91))
    _write(fake_folder / "fakefam" / "measures.py", 'raise RuntimeError("imported though it binds no SPEC")\n')
    _write(fake_folder / "fakefam" / "nested" / "__init__.py", "from .state import SPEC\n\n__all__ = ['SPEC']\n")
    _write(fake_folder / "fakefam" / "nested" / "state.py", GAME.format(id="fake-nested", order=92))
    _write(fake_folder / "fakeflat.py", GAME.format(id="fake-flat", order=93))
    importlib.invalidate_caches()
    found = registry.discover()
    assert sorted(found) == sorted(SEVEN + ["fake-first", "fake-second", "fake-nested", "fake-flat"])
    assert found["fake-nested"] is sys.modules["engine.games.fakefam.nested.state"].SPEC
    assert "engine.games.fakefam.measures" not in sys.modules
    assert found["fake-first"].bench_players == 3 and found["fake-flat"].order == 93


def test_two_games_with_one_id_are_refused(fake_folder: Path) -> None:
    _write(fake_folder / "fakeflat.py", GAME.format(id="gleek", order=1))
    importlib.invalidate_caches()
    with pytest.raises(ValueError, match=r"two games with the id 'gleek'.*engine\.games\.gleek.*engine\.games\.fakeflat"):
        registry.discover()


def test_a_spec_checks_its_listed_players() -> None:
    from engine.games.ruffe.state import RuffeState
    from engine.games.ruffe.rules import RuffeRules

    with pytest.raises(ValueError, match="fake: bench_players 7 is outside 2..4 players"):
        GameSpec(id="fake", name="Fake", min_players=2, max_players=4, variant_class=RuffeRules,
                 state_class=RuffeState, bench_players=7)


def test_the_rules_registry_imports_no_game() -> None:
    """engine.rules is the bottom floor: importing it imports no game (no back-arrow to engine.games)."""
    code = ("import sys, engine.rules\n"
            "loaded = sorted(m for m in sys.modules if m.startswith('engine.games'))\n"
            "assert not loaded, loaded\n"
            "import engine.games\n"
            "assert not [m for m in sys.modules if m.startswith('engine.games.')], 'engine.games imported a game'\n")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


def test_every_rule_is_located_where_it_is_defined() -> None:
    """A rule's place is the module that defines the marked object: the state modules re-export no rule."""
    from engine import rules

    registry.load_all()
    (place,) = rules.locations("ruffe-and-trumps.ruff.value")
    assert place.startswith("engine/games/ruffe/rules.py:") and place.endswith(" ruff_value"), place
    for module in ("ruffe.state", "loo.state", "loo.rams"):
        mod = importlib.import_module(f"engine.games.{module}")
        foreign = [n for n in mod.__all__ if getattr(getattr(mod, n), "__module__", mod.__name__) != mod.__name__
                   and n != "SPEC"]
        assert not foreign, f"engine.games.{module} re-exports {foreign}"


def test_the_lists_of_games_elsewhere_are_the_registry() -> None:
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import gen_pages
    finally:
        sys.path.remove(str(ROOT / "tools"))
    import russian_play

    assert gen_pages.GAME_IDS == [spec.id for spec in registry.in_order()]
    assert gen_pages.SOURCE_KEYS == registry.sources()
    assert russian_play.PLAYERS == {spec.id: spec.default_variant().players for spec in registry.all()}
    assert russian_play.PLAYERS == {
        "ruffe-and-trumps": 4, "gleek": 3, "piquet": 2, "mushka": 4, "pamphil": 4, "rams": 4, "petukh": 4}
    assert [(s.id, s.bench_players) for s in registry.in_order() if s.id != "ruffe-and-trumps"] == [
        ("gleek", 3), ("piquet", 2), ("mushka", 4), ("pamphil", 4), ("rams", 5), ("petukh", 4)]


def test_every_game_names_its_fuzzing_hooks() -> None:
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        from fuzzing import seen
    finally:
        sys.path.remove(str(ROOT / "tools"))
    for spec in registry.all():
        state = spec.new_game(seed=3)
        hooks = seen.hooks(state)
        assert hooks is registry.named(spec.seen or "")
        assert seen.conservation_error(state, 0) is None, spec.id
        for seat in range(state.num_players):
            assert seen.hidden(state, seat), (spec.id, seat)  # (the other hands, at least)
    with pytest.raises(seen.UnknownState, match="object"):
        seen.hooks(object())  # type: ignore[arg-type]


def test_every_engine_folder_is_a_package_the_wheel_takes() -> None:
    """The wheel takes ``engine`` and ``engine.*`` packages (pyproject's packages.find): a games
    package (engine/games/<family>/) must have its ``__init__.py`` to be in it, and in Pyodide."""
    folders = {p.parent for p in (ROOT / "engine").rglob("*.py") if "__pycache__" not in p.parts}
    assert all((folder / "__init__.py").is_file() for folder in folders), sorted(
        str(f.relative_to(ROOT)) for f in folders if not (f / "__init__.py").is_file())
    assert 'include = ["engine", "engine.*"]' in (ROOT / "pyproject.toml").read_text(encoding="utf-8")


def test_the_registry_s_doctests() -> None:
    import doctest

    import engine.game
    import engine.rules

    for module in (registry, engine.rules, engine.game):
        result = doctest.testmod(module)
        assert result.attempted and not result.failed, (module.__name__, result)
