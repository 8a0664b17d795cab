"""The levels' ladder, how alike master they play, and how fast they answer (make bench-levels).

Usage (see `make bench-levels`; every size is an argument):
    python -m tests.benchmarks.bench_levels ladder --pairs 300 [--no-master | --master-only]
    python -m tests.benchmarks.bench_levels likeness --positions 400 [--reference level:master]
    python -m tests.benchmarks.bench_levels speed --positions 300 [--presets all]
    python -m tests.benchmarks.bench_levels all --no-master ...

ladder: duplicate matches (bench_strength's runner) between adjacent levels, each required to
beat the level below with the low end of its 95% interval above zero, and every level against
the built-in greedy and expert bots, the anchors that do not change.

likeness: decision points (two card plays or more) from games among the levels below master;
on each, every level's move, the built-in bots' and the reference's (master, or a cheap
stand-in: the advisor at a small iteration budget). Per player: the share of moves equal to the
reference's, and its mistakes per 100 moves: a sweep conceded (the next player, an opponent,
can sweep with the cards it really holds, when another move would not have allowed it), the
settebello left on the table when a move could take it, a sweep of its own missed, and for the
levels the moves that a perfect memory (forget and forget_key at 0, the same random draws), a
sharp eye for captures (miss_capture 0) or for sweep threats (miss_threat 0) would change.

speed: the time of each level's decision on positions from games, and of POST /v1/bot through
the Flask test client (JSON in and out, validation, the decision) and, with --gunicorn, over
loopback to gunicorn, p50, p95 and the maximum per level.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import http.client
import itertools
import json
import random
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from scripts.local_gunicorn import HOST, running_gunicorn
from service.api.app import create_app
from service.engine import codec
from service.engine.presets import PRESETS, make_rules
from service.engine.rules import Rules
from service.engine.state import State, apply, deal, is_sweep, legal_moves
from service.engine.view import view_of
from service.search.bots import Player, make_player
from service.search.human import HumanPlayer, settebello_of
from service.search.levels import LEVELS, MASTER
from tests.benchmarks.bench_strength import run_pairing

HUMANS = [level.name for level in LEVELS if not level.advisor]
ANCHORS = ("greedy", "expert")
DEFAULT_PRESETS = "scopa,scopone_scientifico"
# The cheap stand-in for master in the likeness measure: the advisor at 200 worlds a move.
STAND_IN = "advisor:it=200"
# Model switches whose counterfactual moves are counted as mistakes of that kind.
SWITCHES: dict[str, dict[str, float]] = {
    "counted wrong": {"forget": 0.0, "forget_key": 0.0},
    "capture unseen": {"miss_capture": 0.0},
    "threat unseen": {"miss_threat": 0.0},
}


def presets_of(text: str) -> list[str]:
    """Preset names from a comma list, or every preset for ``all``."""
    return sorted(PRESETS) if text == "all" else text.split(",")


# ---- the ladder -------------------------------------------------------------------------------


def ladder_pairings(master: bool) -> list[tuple[str, str, bool]]:
    """(first, second, required) for adjacent levels, then every level against the anchors."""
    names = [level.name for level in LEVELS if master or not level.advisor]
    pairings = [(f"level:{high}", f"level:{low}", True) for low, high in itertools.pairwise(names)]
    pairings += [(f"level:{name}", anchor, False) for name in names for anchor in ANCHORS]
    return pairings


def run_ladder(args: argparse.Namespace) -> bool:
    """Play and print the ladder of every preset; whether every required pairing held."""
    held = True
    for preset in presets_of(args.presets):
        rules = make_rules(preset)
        print(
            f"\nladder: {preset} ({rules.players} players), {args.pairs} deal pairs, seed "
            f"{args.seed}",
            flush=True,
        )
        print("| pairing | mean diff/hand [95% CI] | match win rate (matches) | required |")
        print("|---|---|---|---|")
        for first, second, required in ladder_pairings(not args.no_master):
            if args.master_only and MASTER not in first + second:
                continue
            row = run_pairing(rules, first, second, args.pairs, args.seed, args.workers)
            verdict = "-"
            if required:
                verdict = "low end > 0: " + ("yes" if row["low"] > 0 else "NO")
                held = held and row["low"] > 0
            print(
                f"| {first} vs {second} | {row['mean']:+.3f} [{row['low']:+.3f}, "
                f"{row['high']:+.3f}] | {row['win_rate']:.3f} ({row['matches']}) | {verdict} |",
                flush=True,
            )
    print(f"\nevery level beats the level below: {'yes' if held else 'NO'}")
    return held


# ---- likeness to master -----------------------------------------------------------------------


def positions(rules: Rules, count: int, seed: int) -> list[State]:
    """Every decision point with two card plays or more of games among the levels below master
    (the levels rotated over the seats), from enough games to hold ``count`` of them."""
    players = {name: make_player(f"level:{name}") for name in HUMANS}
    rng = random.Random(seed)
    found: list[State] = []
    for game in itertools.count():
        state = deal(rules, f"{seed}:{game}", game % rules.players)
        while not state.finished:
            if len({m for m in legal_moves(state) if m.plays_card}) >= 2:
                found.append(state)
            name = HUMANS[(game + state.to_move) % len(HUMANS)]
            move = players[name].choose(view_of(state, state.to_move), rng)
            state, _ = apply(state, move)
        if len(found) >= count:
            return found
    raise AssertionError("unreachable")


@dataclass
class Tally:
    """One player's agreement with the reference and its mistakes, counted over positions."""

    moves: int = 0
    compared: int = 0
    agree: int = 0
    conceded: int = 0
    settebello_chances: int = 0
    settebello_left: int = 0
    sweep_chances: int = 0
    sweep_missed: int = 0
    switched: dict[str, int] = field(default_factory=dict)


def concedes(state: State, move: Any) -> bool:
    """Whether, after the move, the next player (an opponent) can sweep with its real cards."""
    after, _ = apply(state, move)
    if after.finished:
        return False
    rules = state.rules
    if rules.side_of(after.to_move) == rules.side_of(state.to_move):
        return False
    return any(is_sweep(after, m) for m in legal_moves(after))


def judge(state: State, move: Any, conceding: dict[Any, bool], tally: Tally) -> None:
    """Count one move's mistakes of the observable kinds."""
    plays = [m for m in legal_moves(state) if m.plays_card]
    if conceding[move] and not all(conceding[m] for m in plays):
        tally.conceded += 1
    seven = 1 << settebello_of(state.rules)
    if state.table & seven and any(m.capture & seven for m in plays):
        tally.settebello_chances += 1
        tally.settebello_left += not move.capture & seven
    if any(is_sweep(state, m) for m in plays):
        tally.sweep_chances += 1
        tally.sweep_missed += not is_sweep(state, move)


def likeness(rules: Rules, args: argparse.Namespace) -> tuple[dict[str, Tally], int, float]:
    """Every player's tally on the preset's positions (the reference's move on a sample of
    ``args.positions`` of them), the positions' count, and the reference's seconds a move."""
    reference = make_player(args.reference)
    specs = [f"level:{name}" for name in HUMANS] + list(ANCHORS)
    players: dict[str, Player] = {spec: make_player(spec) for spec in specs}
    perfect = {
        (level.name, kind): HumanPlayer(dataclasses.replace(level, **changes))
        for level in LEVELS
        if not level.advisor
        for kind, changes in SWITCHES.items()
    }
    tallies = {spec: Tally() for spec in specs}
    spent = 0.0
    found = positions(rules, args.mistake_positions, args.seed)
    compared = set(random.Random(args.seed).sample(range(len(found)), args.positions))
    for i, state in enumerate(found):
        view = view_of(state, state.to_move)
        best = None
        if i in compared:
            start = time.perf_counter()
            best = reference.choose(view, random.Random(f"{args.seed}:reference:{i}"))
            spent += time.perf_counter() - start
        conceding = {m: concedes(state, m) for m in legal_moves(state) if m.plays_card}
        for spec, player in players.items():
            seed = f"{args.seed}:{i}"
            move = player.choose(view, random.Random(seed))
            tally = tallies[spec]
            tally.moves += 1
            if best is not None:
                tally.compared += 1
                tally.agree += move == best
            if move.plays_card:
                judge(state, move, conceding, tally)
            if spec.startswith("level:"):
                name = spec.removeprefix("level:")
                for kind in SWITCHES:
                    other = perfect[name, kind].choose(view, random.Random(seed))
                    tally.switched[kind] = tally.switched.get(kind, 0) + (other != move)
    return tallies, len(found), spent / max(len(compared), 1)


def per_hundred(count: int, total: int) -> str:
    """A count per 100, or a dash without any."""
    return f"{100.0 * count / total:.1f}" if total else "-"


def run_likeness(args: argparse.Namespace) -> None:
    """Measure and print the likeness table of every preset."""
    for preset in presets_of(args.presets):
        rules = make_rules(preset)
        tallies, count, seconds = likeness(rules, args)
        print(
            f"\nlikeness: {preset} ({rules.players} players), positions from games among the "
            f"levels below master, seed {args.seed}: the same move as {args.reference} "
            f"({1000 * seconds:.0f} ms a move) on {args.positions} of them, mistakes on all "
            f"{count}",
            flush=True,
        )
        kinds = list(SWITCHES)
        print(
            "| player | same move as the reference | sweeps conceded /100 | settebello left "
            "(chances) | own sweep missed (chances) | "
            + " | ".join(f"{k} /100" for k in kinds)
            + " |"
        )
        print("|---" * (5 + len(kinds)) + "|")
        for spec, t in tallies.items():
            switched = " | ".join(
                per_hundred(t.switched[k], t.moves) if t.switched else "-" for k in kinds
            )
            print(
                f"| {spec} | {t.agree / t.compared:.3f} | {per_hundred(t.conceded, t.moves)} | "
                f"{per_hundred(t.settebello_left, t.settebello_chances)}% "
                f"({t.settebello_chances}) | {per_hundred(t.sweep_missed, t.sweep_chances)}% "
                f"({t.sweep_chances}) | {switched} |",
                flush=True,
            )
        shares = [
            tallies[f"level:{name}"].agree / tallies[f"level:{name}"].moves for name in HUMANS
        ]
        rising = all(b > a for a, b in itertools.pairwise(shares))
        print(
            f"the share of the reference's moves rises with the level: {'yes' if rising else 'NO'}"
        )


# ---- speed ------------------------------------------------------------------------------------


def quantiles(times: Sequence[float]) -> tuple[float, float, float]:
    """p50, p95 and the maximum, in milliseconds."""
    ordered = sorted(times)
    return (
        1000 * statistics.median(ordered),
        1000 * ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))],
        1000 * ordered[-1],
    )


def run_speed(args: argparse.Namespace) -> None:
    """Time every level's decision and its POST /v1/bot on positions of each preset."""
    app = create_app({"TESTING": True, "RATE_LIMIT_ENABLED": False, "LOG_LEVEL": "WARNING"})
    client = app.test_client()
    with contextlib.ExitStack() as stack:
        port = None
        if args.gunicorn:
            env = {"SCOPA_RATE_LIMIT_ENABLED": "false"}
            port = stack.enter_context(running_gunicorn(workers=1, threads=1, env=env))
        print(
            "\nspeed: ms per decision (p50 / p95 / max) of the player alone, of POST /v1/bot "
            "through the Flask test client"
            + (
                ", and over loopback to gunicorn (one worker, one keep-alive connection)"
                if port
                else ""
            )
        )
        print(
            "| preset | level | decision | POST /v1/bot, test client |"
            + (" POST /v1/bot, gunicorn |" if port else "")
        )
        print("|---|---|---|---|" + ("---|" if port else ""))
        worst = 0.0
        for preset in presets_of(args.presets):
            rules = make_rules(preset)
            found = random.Random(args.seed).sample(
                positions(rules, args.positions, args.seed), args.positions
            )
            for name in HUMANS:
                worst = max(worst, time_level(client, port, found, name))
    print(f"\nworst POST /v1/bot p95 below master: {worst:.2f} ms (the bar: 20 ms)")


def time_level(client: Any, port: int | None, found: Sequence[State], name: str) -> float:
    """Print one level's times on the positions; its worst POST p95 in milliseconds."""
    player = make_player(f"level:{name}")
    alone: list[float] = []
    served: list[float] = []
    remote: list[float] = []
    connection = None if port is None else http.client.HTTPConnection(HOST, port, timeout=30)
    for i, state in enumerate(found):
        view = view_of(state, state.to_move)
        start = time.perf_counter()
        player.choose(view, random.Random(i))
        alone.append(time.perf_counter() - start)
        body = {
            "state": codec.state_to_dict(state),
            "seat": state.to_move,
            "level": name,
            "seed": i,
        }
        start = time.perf_counter()
        response = client.post("/v1/bot", json=body)
        served.append(time.perf_counter() - start)
        assert response.status_code == 200, response.get_data(as_text=True)
        if connection is not None:
            data = json.dumps(body).encode()
            start = time.perf_counter()
            connection.request(
                "POST", "/v1/bot", body=data, headers={"Content-Type": "application/json"}
            )
            answer = connection.getresponse()
            answer.read()
            remote.append(time.perf_counter() - start)
            assert answer.status == 200
    if connection is not None:
        connection.close()
    columns = [quantiles(alone), quantiles(served)] + ([quantiles(remote)] if remote else [])
    cells = " | ".join(f"{a:.2f} / {b:.2f} / {c:.2f}" for a, b, c in columns)
    print(f"| {state.rules.preset} | {name} | {cells} |", flush=True)
    return max(column[1] for column in columns[1:])


def main() -> None:
    """Parse the arguments and run the sections asked for."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("section", choices=("ladder", "likeness", "speed", "all"))
    parser.add_argument("--presets", default=DEFAULT_PRESETS, help="comma list, or all")
    parser.add_argument("--pairs", type=int, default=300, help="duplicate deal pairs a pairing")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--no-master", action="store_true", help="leave out the pairings that involve master"
    )
    parser.add_argument(
        "--master-only", action="store_true", help="ladder: only the pairings that involve master"
    )
    parser.add_argument(
        "--positions", type=int, default=400, help="positions a preset compared with the reference"
    )
    parser.add_argument(
        "--mistake-positions",
        type=int,
        default=2000,
        help="positions a preset whose mistakes are counted (at least --positions)",
    )
    parser.add_argument(
        "--reference",
        default=STAND_IN,
        help=f"the player the levels are compared with: {STAND_IN} (a cheap stand-in for "
        f"master) or level:{MASTER} (the advisor at its default budget)",
    )
    parser.add_argument(
        "--gunicorn",
        action="store_true",
        help="speed: also time POST /v1/bot over loopback to gunicorn (one worker)",
    )
    args = parser.parse_args()
    if args.section in ("ladder", "all"):
        run_ladder(args)
    if args.section in ("likeness", "all"):
        run_likeness(args)
    if args.section in ("speed", "all"):
        run_speed(args)


if __name__ == "__main__":
    main()
