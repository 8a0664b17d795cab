"""Hands played by honest players and by cheaters, each judged seat's decisions searched as
/v1/fair-play searches them: the data the fair-play calibration is made from and its false
positives and detection are measured on.

Usage:
    python -m tests.benchmarks.fair_play_hands OUT.jsonl --presets scopa \
        --tables honest --hands 100 --first-seed 1 --workers 2

Tables (``--tables``, comma-separated):
- ``honest``: one honest style at every seat (each of ``STYLES``: the built-in levels and the
  rule-based ``expert`` bot, a style that is not a level); every seat judged. Any other player
  of ``bots.make_player`` (``greedy``, ``random``, ``advisor:it=N``...) is an honest table too.
- ``clairvoyant``: seat 0 sees every other hand and plays the advisor's choice at the rules'
  default budget with that knowledge (``advise(known=...)``) on every decision, on half of
  them or on a quarter (``clairvoyant:1``, ``:0.5``, ``:0.25``; otherwise it plays as the club
  level); the other seats club; seat 0 judged.
- ``partners`` (four seats or more): seats 0 and 2 each see the other's hand and play the
  advisor's choice with it; the others club; seats 0 and 2 judged.
- ``engine``: seat 0 plays the advisor at the default budget (an engine user; the master level
  plays the same way); the others club; seat 0 judged.
- ``panel:NAME``: seat 0 is a player of the fair-play panels (``fair_play_panel``: honest styles
  the calibration never saw, and cheaters written without the service's search), the others
  the expert bot, as ``bench_dealt_test`` plays them; seat 0 judged (seats 0 and 2, partners,
  for the panel's pairs).
- ``pair:NAME`` (four seats): seats 0 and 2, partners, both play the panel's honest style NAME,
  the others the expert bot; both judged: an honest pair of a style no calibration saw.

Every line of OUT is one table of one hand: its preset, table, seed, record and, per judged
seat, the evidence (``fair_play.evidence.hand_evidence_json``). The same deals (the seeds) are
dealt to every table. The shipped calibration is made from seeds 1.. (``make
calibrate-fair-play``); the benchmark's honest samples and cheaters from seeds 100001..
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import sys
import time
from collections.abc import Sequence
from typing import Any

from service.api.fair_play.evidence import Clock, hand_evidence, hand_evidence_json, planned_hand
from service.api.fair_play.request import FairPlayHand
from service.api.http.searches import uncached_advice
from service.config import DEFAULTS
from service.engine.moves import Move
from service.engine.presets import make_rules
from service.engine.record import record_of
from service.engine.record_codec import record_to_dict
from service.engine.rules import Rules
from service.engine.state import State, apply, deal
from service.engine.view import view_of
from service.search.advisor import advise
from service.search.bots import Player, make_player, special_move
from service.search.kernel.backend import SearchSolver, make_solver
from tests.benchmarks.fair_play_panel import PAIRED, STATE_PLAYERS, StatePlayer, panel_player

STYLES = ("level:beginner", "level:casual", "level:club", "level:expert", "level:master", "expert")
BASE = "level:club"
CHEATERS = ("clairvoyant:1", "clairvoyant:0.5", "clairvoyant:0.25", "partners", "engine")
UNCAPPED = {**DEFAULTS, "ADVICE_MAX_MS": 10**9, "REVIEW_BATCH_MAX_TOTAL_ITERATIONS": 10**12}


class Seeing:
    """A seat that sees some other hands and plays the advisor's choice with them on a share of
    its decisions (otherwise as ``honest``)."""

    def __init__(self, rules: Rules, seen: Sequence[int], share: float, honest: Player) -> None:
        self.seen = seen
        self.share = share
        self.honest = honest
        self.solver: SearchSolver = make_solver(rules)

    def choose(self, state: State, rng: random.Random) -> Move:
        """The move of the seat to move."""
        view = view_of(state, state.to_move)
        special = special_move(view)
        if special is not None:
            return special
        if rng.random() >= self.share:
            return self.honest.choose(view, rng)
        known = {s: state.hands[s] for s in self.seen if state.hands[s]}
        return advise(view, None, rng.getrandbits(32), solver=self.solver, known=known).chosen


def table_players(
    rules: Rules, table: str
) -> tuple[list[Player | Seeing | StatePlayer], tuple[int, ...]]:
    """Each seat's player at a table, and the seats judged."""
    n = rules.players
    if table.startswith("panel:"):
        name = table.partition(":")[2]
        seated = [panel_player(name, rules), *(panel_player("expert", rules) for _ in range(n - 1))]
        if name in PAIRED:
            seated[2] = panel_player(name, rules)
            return seated, (0, 2)
        return seated, (0,)
    if table.startswith("pair:"):
        name = table.partition(":")[2]
        if n < 4:
            raise ValueError("pairs need four seats")
        seated = [panel_player(name if s % 2 == 0 else "expert", rules) for s in range(n)]
        return seated, (0, 2)
    if table not in CHEATERS and not table.startswith("clairvoyant:"):
        return [make_player(table) for _ in range(n)], tuple(range(n))
    players: list[Player | Seeing | StatePlayer] = [make_player(BASE) for _ in range(n)]
    if table.startswith("clairvoyant:"):
        share = float(table.partition(":")[2])
        players[0] = Seeing(rules, range(1, n), share, make_player(BASE))
        return players, (0,)
    if table == "partners":
        if n < 4:
            raise ValueError("partners need four seats")
        players[0] = Seeing(rules, (2,), 1.0, make_player(BASE))
        players[2] = Seeing(rules, (0,), 1.0, make_player(BASE))
        return players, (0, 2)
    if table == "engine":
        players[0] = make_player("level:master")
        return players, (0,)
    raise ValueError(f"unknown table {table!r}")


def played_hand(preset: str, table: str, seed: int) -> tuple[State, tuple[int, ...]]:
    """A hand dealt from the seed and played to its end by a table's players."""
    rules = make_rules(preset)
    players, judged = table_players(rules, table)
    state = deal(rules, seed, dealer=seed % rules.players)
    rng = random.Random(f"{table}:{seed}")
    while not state.finished:
        player = players[state.to_move]
        if isinstance(player, (Seeing, *STATE_PLAYERS)):
            move = player.choose(state, rng)
        else:
            move = player.choose(view_of(state, state.to_move), rng)
        state, _ = apply(state, move)
    return state, judged


def judged_hand(job: tuple[str, str, int]) -> dict[str, Any]:
    """One hand played at a table, each judged seat's decisions searched (a worker's task)."""
    preset, table, seed = job
    state, judged = played_hand(preset, table, seed)
    record = record_of(state)
    advice_of = uncached_advice(UNCAPPED)
    seats = {}
    for seat in judged:
        planned = planned_hand(0, FairPlayHand(record, seat, None), None, None)
        seats[str(seat)] = hand_evidence_json(hand_evidence(planned, advice_of, Clock(10**9)))
    return {
        "preset": preset,
        "table": table,
        "seed": seed,
        "record": record_to_dict(record),
        "seats": seats,
    }


def main() -> None:
    """Play and judge the hands, one JSON line each, in the order of the jobs."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("out")
    parser.add_argument("--presets", default="scopa,scopone_scientifico,scopone_classico")
    parser.add_argument("--tables", default="honest")
    parser.add_argument("--hands", type=int, default=100, help="hands per preset and table")
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    jobs = []
    for preset in args.presets.split(","):
        players = make_rules(preset).players
        for group in args.tables.split(","):
            tables = STYLES if group == "honest" else (group,)
            for table in tables:
                if table == "partners" and players < 4:
                    continue
                jobs += [(preset, table, args.first_seed + i) for i in range(args.hands)]
    start = time.perf_counter()
    with open(args.out, "w", encoding="utf-8") as out:
        if args.workers > 1:
            with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
                for done in pool.imap(judged_hand, jobs):
                    out.write(json.dumps(done, sort_keys=True) + "\n")
                    out.flush()
        else:
            for job in jobs:
                out.write(json.dumps(judged_hand(job), sort_keys=True) + "\n")
                out.flush()
    print(f"{len(jobs)} hands in {time.perf_counter() - start:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
