"""The command line: ``python -m engine games | play | replay | rules | simulate | campaign``.

Exit codes: 0 success; 1 an illegal action in a record (the message names the action's
index and the rule id); 2 bad input (a malformed record naming its field, an unknown
game, option or bot, a bad argument).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from . import catalogue, games as game_registry, records, rule_index
from .bots import BOT_KINDS
from .errors import EngineError, IllegalActionError, RecordError
from .game import GameSpec, Variant
from .simulate import _bots_for, play_game, simulate

EXIT_ILLEGAL = 1
EXIT_BAD_INPUT = 2


class CommandError(Exception):
    """A command that cannot run; the message says why."""


def _print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def _variant_pairs(pairs: Sequence[str] | None) -> dict[str, str]:
    options: dict[str, str] = {}
    for pair in pairs or []:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise CommandError(f"--variant {pair!r}: expected OPTION=VALUE, e.g. --variant follow=free")
        options[name.strip()] = value.strip()
    return options


def _bot_kinds(text: str, players: int) -> list[str]:
    kinds = [k.strip() for k in text.split(",") if k.strip()]
    if len(kinds) == 1:
        kinds = kinds * players
    if len(kinds) != players:
        raise CommandError(f"--bots {text!r}: give one kind for every seat or {players} kinds separated by commas")
    for kind in kinds:
        if kind not in BOT_KINDS:
            raise CommandError(f"--bots: unknown bot kind {kind!r}; choose from {', '.join(BOT_KINDS)}")
    return kinds


def _make_variant(game_id: str, pairs: Sequence[str] | None, players: int | None,
                  reading_set: str | None = None) -> tuple[GameSpec, Variant]:
    spec = game_registry.get(game_id)
    options: dict[str, Any] = (spec.reading_set(reading_set) if reading_set is not None else {}) | _variant_pairs(pairs)
    if players is not None:
        names = [o["name"] for o in spec.options()]
        if "players" in names:
            if "players" in options and str(options["players"]).strip() != str(players):
                raise CommandError(f"--players {players} contradicts --variant players={options['players']}")
            options["players"] = players
        elif not spec.min_players <= players <= spec.max_players:
            raise CommandError(f"{game_id} is for {spec.min_players} to {spec.max_players} players, not {players}")
    return spec, spec.make_variant(**options)


# --------------------------------------------------------------------------- commands

def cmd_games(args: argparse.Namespace) -> int:
    implemented = [spec.to_json() for spec in game_registry.all()]
    if args.json:
        known = {g["id"] for g in implemented}
        _print_json({"games": implemented, "catalogued_only": [g for g in catalogue.games() if g not in known]})
        return 0
    for game in implemented:
        print(f"{game['id']}: {game['name']} ({game['min_players']}-{game['max_players']} players)")
        for option in game["options"]:
            values = "|".join(str(v) for v in option["values"] or [])
            print(f"    {option['name']} = {option['default']}  [{values}]  {option['doc']}")
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    spec, variant = _make_variant(args.game, args.variant, args.players, args.reading_set)
    state = spec.new_game(variant, args.seed)
    kinds = _bot_kinds(args.bots, state.num_players)
    play_game(state, _bots_for(kinds, state.num_players, args.seed, args.budget))
    record = records.make_record(state, seats=kinds)
    if args.out:
        records.dump(record, args.out)
    if args.json:
        sys.stdout.write(records.dumps(record))
    else:
        for entry in state.log:
            seat = "" if entry.get("seat") is None else f"seat {entry['seat']}: "
            rule = f"  [{entry['rule']}]" if entry.get("rule") else ""
            print(f"deal {entry.get('deal')}: {seat}{entry['text']}{rule}")
        outcome = records.outcome_json(state.outcome())
        print(f"outcome: {json.dumps(outcome, ensure_ascii=False)}")
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    record = records.load(args.record)
    try:
        state = records.replay(record)
    except IllegalActionError as error:
        where = records.describe_action(record, error.index) if error.index is not None else "an action"
        sys.stderr.write(f"replay: {args.record}: {where} is illegal: {error.reason} (rule {error.rule})\n")
        return EXIT_ILLEGAL
    _print_json({
        "record": str(args.record),
        "game": record["game"],
        "actions": len(record["actions"]),
        "deals": len(state.deals),
        "over": state.is_over(),
        "totals": list(state.totals()),
        "outcome": records.outcome_json(state.outcome()),
    })
    return 0


def cmd_rules(args: argparse.Namespace) -> int:
    if args.game is not None and args.game not in catalogue.games():
        raise CommandError(f"--game {args.game!r}: no catalogue for it; games: {', '.join(catalogue.games())}")
    entries = rule_index.rule_entries(args.game)
    note = rule_index.tests_note()
    if note is not None:
        sys.stderr.write(f"python -m engine rules: {note}\n")
    if args.json:
        _print_json(entries)
        return 0
    for entry in entries:
        mark = "implemented" if entry["implemented"] else "NOT implemented"
        print(f"{entry['id']} [{entry['status']}, {mark}, {len(entry['tests'])} tests]: {entry['statement']}")
    return 0


def _players(args: argparse.Namespace) -> dict[str, dict[str, Any]]:
    """The kinds of player a measurement uses, with the caps given on the command line."""
    from .campaign import PLAYERS

    chosen: dict[str, dict[str, Any]] = {}
    for kind in (k.strip() for k in args.kinds.split(",") if k.strip()):
        if kind not in PLAYERS:
            raise CommandError(f"--kinds {args.kinds!r}: {kind!r} is no kind of player ({', '.join(PLAYERS)})")
        chosen[kind] = {}
    for kind, cap in (("heuristic", args.heuristic_cap), ("sampling", args.sampling_cap)):
        if cap is not None and kind in chosen:
            if cap < 1:
                raise CommandError(f"--{kind}-cap must be at least 1, not {cap}")
            chosen[kind] = {"cap": cap, "batch": min(cap, PLAYERS[kind]["batch"])}
    if args.budget is not None and "sampling" in chosen:
        chosen["sampling"]["budget"] = args.budget
    if not chosen:
        raise CommandError("--kinds: name at least one kind of player (heuristic, sampling)")
    return chosen


def _check_workers(args: argparse.Namespace) -> None:
    if args.workers < 1:
        raise CommandError(f"--workers must be at least 1, not {args.workers}")


def cmd_simulate(args: argparse.Namespace) -> int:
    if args.games is not None and args.games < 1:
        raise CommandError(f"--games must be at least 1, not {args.games}")
    _check_workers(args)
    if args.measure:
        from .campaign import measure_readings

        if args.variant or args.reading_set:
            raise CommandError("--measure varies the options itself: leave out --variant and --reading-set")
        if args.games is not None:
            result = measure_readings(args.game, args.games, seed=args.seed, bots=args.bots, workers=args.workers,
                                      scheduler=args.scheduler, show_progress=args.verbose)
            how = f"--games {args.games} --bots {args.bots}"
        else:
            result = measure_readings(args.game, seed=args.seed, players=_players(args), workers=args.workers,
                                      scheduler=args.scheduler, show_progress=args.verbose)
            how = f"--kinds {args.kinds}"
        result["command"] = f"python -m engine simulate {args.game} --measure {how} --seed {args.seed} --json"
    else:
        if args.workers != 1 or args.scheduler:
            raise CommandError("--workers and --scheduler apply to --measure only")
        spec, variant = _make_variant(args.game, args.variant, args.players, args.reading_set)
        players = variant.to_json().get("players", spec.min_players)
        result = simulate(args.game, args.games or 100, variant, _bot_kinds(args.bots, players), args.seed,
                          args.budget)
    if args.out:
        Path(args.out).write_text(json.dumps(result, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    if args.json or not args.out:
        _print_json(result)
    return 0


def cmd_campaign(args: argparse.Namespace) -> int:
    """Measure the readings of several games (all by default) and write engine/measures/<game>.json."""
    from .campaign import run_campaign

    _check_workers(args)
    known = sorted(game_registry.ids())
    wanted = args.games or known
    for game in wanted:
        if game not in known:
            raise CommandError(f"{game!r}: no such game; games: {', '.join(known)}")
    out = Path(args.out_dir)
    if not out.is_dir():
        raise CommandError(f"--out-dir {args.out_dir!r}: no such folder")
    def write(game: str, result: dict[str, Any]) -> None:
        result["command"] = (f"python -m engine campaign {game} --kinds {args.kinds} --seed {args.seed} "
                             f"--workers {args.workers}")
        (out / f"{game}.json").write_text(json.dumps(result, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        sys.stderr.write(f"{game}: {out / (game + '.json')} ({result['wall_seconds']} s)\n")

    run_campaign(wanted, seed=args.seed, players=_players(args), workers=args.workers, scheduler=args.scheduler,
                 show_progress=not args.quiet, on_done=write)
    return 0


def _add_campaign_options(parser: argparse.ArgumentParser, kinds: str) -> None:
    parser.add_argument("--workers", type=int, default=1,
                        help="worker processes (1: in this process, no Dask needed; more: a Dask LocalCluster)")
    parser.add_argument("--scheduler", metavar="ADDRESS", help="an existing Dask scheduler, e.g. tcp://host:8786")
    parser.add_argument("--kinds", default=kinds, help=f"kinds of player, separated by commas (default {kinds})")
    parser.add_argument("--heuristic-cap", type=int, help="most games per reading with heuristic bots")
    parser.add_argument("--sampling-cap", type=int, help="most games per reading with sampling bots")


# --------------------------------------------------------------------------- parser

def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m engine",
        description="The edition's rules engine: list games, play with bots, replay records, "
                    "list the rule catalogue, simulate readings.",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    games = commands.add_parser("games", help="list the implemented games and their variant options")
    games.add_argument("--json", action="store_true", help="print JSON")
    games.set_defaults(run=cmd_games)

    play = commands.add_parser("play", help="play a whole game with bots and print its record")
    play.add_argument("game", help="game id, e.g. ruffe-and-trumps")
    play.add_argument("--players", type=int, help="number of players")
    play.add_argument("--seed", type=int, default=0, help="seed of the shuffles and the bots (default 0)")
    play.add_argument("--variant", action="append", metavar="OPTION=VALUE", help="a variant option (repeatable)")
    play.add_argument("--reading-set", metavar="SET", help="a named set of readings of the game's catalogue "
                      "(e.g. piquet's classic); --variant options change single readings beside it")
    play.add_argument("--bots", default="heuristic",
                      help=f"bot kind for every seat, or one per seat separated by commas ({', '.join(BOT_KINDS)})")
    play.add_argument("--budget", type=int, help="playouts per move of the sampling bot")
    play.add_argument("--json", action="store_true", help="print the game record as JSON")
    play.add_argument("--out", metavar="FILE", help="also write the record to FILE")
    play.set_defaults(run=cmd_play)

    replay = commands.add_parser("replay", help="replay a record, checking every action against the rules")
    replay.add_argument("record", help="a record file (JSON)")
    replay.set_defaults(run=cmd_replay)

    rules = commands.add_parser("rules", help="list the rule catalogue with implementation and tests")
    rules.add_argument("--game", help="only this game")
    rules.add_argument("--json", action="store_true", help="print JSON")
    rules.set_defaults(run=cmd_rules)

    sim = commands.add_parser("simulate", help="play many games with bots and print statistics")
    sim.add_argument("game", help="game id")
    sim.add_argument("--games", type=int, help="games to play (default 100; with --measure: exactly N per "
                     "reading with one kind of player, --bots, instead of adding games to a precision)")
    sim.add_argument("--players", type=int, help="number of players")
    sim.add_argument("--seed", type=int, default=0, help="first seed (game g uses seed + g)")
    sim.add_argument("--variant", action="append", metavar="OPTION=VALUE", help="a variant option (repeatable)")
    sim.add_argument("--reading-set", metavar="SET", help="a named set of readings, as for play")
    sim.add_argument("--bots", default="heuristic", help="bot kind(s), as for play")
    sim.add_argument("--budget", type=int, help="playouts per move of the sampling bot")
    sim.add_argument("--measure", action="store_true",
                     help="measure every reading of every contested rule (the game pages' data)")
    sim.add_argument("--json", action="store_true", help="print JSON")
    sim.add_argument("--out", metavar="FILE", help="write the JSON to FILE")
    sim.add_argument("--verbose", action="store_true", help="a progress bar on stderr (with tqdm)")
    _add_campaign_options(sim, "heuristic")
    sim.set_defaults(run=cmd_simulate)

    camp = commands.add_parser("campaign", help="measure the readings of several games into engine/measures/")
    camp.add_argument("games", nargs="*", help="game ids (default: every game)")
    camp.add_argument("--seed", type=int, default=0, help="first seed (game g uses seed + g)")
    camp.add_argument("--out-dir", default="engine/measures", help="folder of the <game>.json files")
    camp.add_argument("--quiet", action="store_true", help="no progress bar")
    camp.add_argument("--budget", type=int, help="playouts per move of the sampling bot")
    _add_campaign_options(camp, "heuristic,sampling")
    camp.set_defaults(run=cmd_campaign)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.run(args)
        return code
    except RecordError as error:
        sys.stderr.write(f"{parser.prog} {args.command}: malformed record: {error}\n")
        return EXIT_BAD_INPUT
    except IllegalActionError as error:
        sys.stderr.write(f"{parser.prog} {args.command}: {error}\n")
        return EXIT_ILLEGAL
    except (CommandError, EngineError) as error:
        sys.stderr.write(f"{parser.prog} {args.command}: {error}\n")
        return EXIT_BAD_INPUT
    except BrokenPipeError:  # e.g. piped into head
        return 0
