"""Latency of POST /v1/advice at the default budget, through the Flask test client, no cache.

Usage: python -m tests.benchmarks.bench_advice [--requests 20]
Each request is a different deal (a fresh seed) of the same kind of position, so the figures
include the request parsing, the view checks and the answer; worlds and playouts per second are
the search's own rates (stats over stats.elapsed_ms).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from dataclasses import dataclass

from service.api.app import create_app
from service.engine import codec
from service.engine.presets import make_rules
from service.engine.state import State, apply, deal, legal_moves
from service.engine.view import view_of


@dataclass(frozen=True)
class Position:
    """A kind of position: the preset and how many plays into the hand."""

    name: str
    preset: str
    plays: int


POSITIONS = (
    Position("scientifico opening", "scopone_scientifico", 0),
    Position("scientifico mid-hand", "scopone_scientifico", 18),
    Position("scientifico end of hand", "scopone_scientifico", 32),
    Position("scopa 2p opening", "scopa", 0),
    Position("scopa 2p mid-hand", "scopa", 14),
)


def position(kind: Position, seed: int) -> State:
    """A state of this kind from a seed: random legal plays from a fresh deal."""
    rng = random.Random(seed)
    state = deal(make_rules(kind.preset), seed)
    for _ in range(kind.plays):
        state, _ = apply(state, rng.choice(legal_moves(state)))
    return state


def request_of(state: State) -> dict[str, object]:
    """An advice request (default budget) for the seat to move."""
    view = codec.view_to_dict(view_of(state, state.to_move))
    for derived in ("rules", "unseen", "history"):
        view.pop(derived)
    return {"rules": state.rules.preset, "view": view}


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0-100) by linear interpolation."""
    ordered = sorted(values)
    at = (len(ordered) - 1) * q / 100
    low = int(at)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (at - low)


def main() -> None:
    """Print p50/p95 latency and search rates per kind of position."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--requests", type=int, default=20, help="requests per position")
    args = parser.parse_args()
    client = create_app(
        {"TESTING": True, "ADVICE_CACHE": False, "LOG_LEVEL": "WARNING"}
    ).test_client()
    print(f"POST /v1/advice, default budget, Flask test client, cache off, {args.requests} each")
    print("| position | p50 ms | p95 ms | worlds/s | playouts/s | moves |")
    print("|---|---|---|---|---|---|")
    for kind in POSITIONS:
        latencies: list[float] = []
        worlds = playouts = 0
        searched_ms = 0.0
        moves: list[int] = []
        for seed in range(args.requests):
            body = request_of(position(kind, 1000 + seed))
            start = time.perf_counter()
            response = client.post("/v1/advice", json=body)
            latencies.append((time.perf_counter() - start) * 1000)
            answer = response.get_json()
            assert response.status_code == 200, answer
            assert response.headers["X-Cache"] == "bypass"
            stats = answer["stats"]
            worlds += stats["worlds"]
            playouts += stats["playouts"]
            searched_ms += stats["elapsed_ms"]
            moves.append(len(answer["moves"]))
        seconds = searched_ms / 1000
        print(
            f"| {kind.name} | {percentile(latencies, 50):.1f} | {percentile(latencies, 95):.1f} "
            f"| {worlds / seconds:.0f} | {playouts / seconds:.0f} "
            f"| {statistics.mean(moves):.1f} |"
        )


if __name__ == "__main__":
    main()
