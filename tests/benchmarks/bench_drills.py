"""Drills checked against a deeper search: does a drill's stored best move stay best when its
position is searched again at ten times the drill budget with another seed?

Usage (see `make bench-drills`):
    python -m tests.benchmarks.bench_drills --drills 100 --presets scopa,scopone_scientifico

For each preset, hands dealt from seeds 1, 2, ... are played by ``--player`` at every seat
(a built-in level), and POST /v1/drills (Flask test client, advice cache off, caps lifted) makes
the drills of every seat of each hand at the default budgets, until ``--drills`` drills are
collected (the number is fixed before the run; the last hand's extra drills are dropped). Each
drill's position is then searched again from its seat's view with ten times the drill budget
and the seed ``verify:<n>``, the played move among the ranked ones; the drill agrees when the
fresh search's best move is the drill's best move. Printed: per preset and overall, the drills,
the agreements and their share.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from service.api.insights.request import DRILL_BUDGET
from service.engine import codec
from service.engine.moves import Move
from service.engine.presets import make_rules
from service.engine.record import record_of, replay
from service.engine.record_codec import record_from_dict, record_to_dict
from service.engine.view import view_of
from service.search import Budget, advise, decision_of
from tests.benchmarks.bench_review import UNCAPPED, play_hand, reviewer


def move_of(data: dict[str, Any]) -> Move:
    """The move a drill's advised move names (its card, capture and kind)."""
    return codec.move_from_dict({k: data[k] for k in ("card", "capture", "kind") if k in data})


def collect(preset: str, player: str, wanted: int) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """Drills of hands played by ``player`` at every seat, with their hand bodies."""
    client = reviewer(**UNCAPPED)
    rules = make_rules(preset)
    found: list[tuple[dict[str, Any], dict[str, Any]]] = []
    seed = 0
    while len(found) < wanted:
        seed += 1
        state = play_hand(preset, seed, player)
        record = record_to_dict(record_of(state))
        hands = [{"record": record, "seat": seat} for seat in range(rules.players)]
        response = client.post("/v1/drills", json={"hands": hands})
        answer = response.get_json()
        assert response.status_code == 200, answer
        found.extend((hands[d["hand"]], d) for d in answer["drills"])
    return found[:wanted]


def agrees(preset: str, hand: dict[str, Any], drill: dict[str, Any], seed: str) -> bool:
    """Whether a deeper search with another seed finds the drill's best move best."""
    rules = make_rules(preset)
    done = replay(record_from_dict(hand["record"], rules))
    state = done.states[drill["move_index"]]
    decision = decision_of(view_of(state, drill["seat"]))
    played = move_of(drill["played"])
    deeper = Budget(iterations=10 * (DRILL_BUDGET.iterations or 0))
    advice = advise(decision, deeper, seed, must_search=(played,))
    ranked = [m for m in advice.moves if m.expected_value is not None]
    return ranked[0].move == move_of(drill["best"])


def main() -> None:
    """Collect the drills, search each again, print the agreement."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--drills", type=int, default=100, help="drills per preset")
    parser.add_argument("--presets", default="scopa,scopone_scientifico")
    parser.add_argument("--player", default="level:club", help="the player of every seat")
    args = parser.parse_args()
    deeper = 10 * (DRILL_BUDGET.iterations or 0)
    print(
        f"Drills at {DRILL_BUDGET.to_dict()} from hands of {args.player} at every seat, each "
        f"searched again at {{'iterations': {deeper}}} with another seed"
    )
    print("| preset | drills | agree | share | s |")
    print("|---|---|---|---|---|")
    total = agreed = 0
    for preset in args.presets.split(","):
        start = time.perf_counter()
        drills = collect(preset, args.player, args.drills)
        count = sum(agrees(preset, hand, d, f"verify:{n}") for n, (hand, d) in enumerate(drills))
        total += len(drills)
        agreed += count
        print(
            f"| {preset} | {len(drills)} | {count} | {100 * count / len(drills):.1f}% "
            f"| {time.perf_counter() - start:.0f} |"
        )
    print(f"| all | {total} | {agreed} | {100 * agreed / max(total, 1):.1f}% | |")


if __name__ == "__main__":
    main()
