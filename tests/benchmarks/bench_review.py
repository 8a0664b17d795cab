"""Hand review: how long a whole hand's review takes, and how much each built-in player loses.

Usage (see `make bench-review`):
    python -m tests.benchmarks.bench_review --hands 20 --loss-hands 40 --workers 2

Speed: for each preset of ``--presets``, ``--hands`` hands played by the built-in ``--speed-bot``
(every seat), each reviewed whole (every seat) at the default budget through POST /v1/review on
the Flask test client, advice cache off, in this one process (one worker); p50 and p95 of the
review's wall time, and the decisions searched per hand.

Loss: for each player of ``--players``, ``--loss-hands`` hands of ``--loss-preset`` (default
scopone scientifico, where the players differ most per decision) with that
player at every seat (the same deals for every player), each reviewed whole at ``--loss-budget``
(default ten times the default budget, {"ms": 500}); the mean loss per searched decision in
expected hand points, with a 95% interval over hands (a ratio estimate: total loss over total
decisions, its variance from the hands' residuals), the share of best moves and the blunders per
hand. The review's total cap is lifted for these runs. ``--workers`` reviews hands of the loss
runs in parallel processes (the speed runs always use one).
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import multiprocessing
import random
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from flask.testing import FlaskClient

from service.api.app import create_app
from service.engine.presets import make_rules
from service.engine.record import record_of
from service.engine.record_codec import record_to_dict
from service.engine.state import State, apply, deal
from service.engine.view import view_of
from service.search.advisor import DEFAULT_BUDGET, default_budget
from service.search.bots import make_player

Z95 = 1.959964
DEFAULT_PRESETS = "scopa,scopone_scientifico,escoba"
DEFAULT_PLAYERS = "greedy,expert,advisor"
LOSS_BUDGET = {"ms": 10 * (DEFAULT_BUDGET.ms or 50)}
UNCAPPED = {"REVIEW_MAX_TOTAL_MS": 10**9, "REVIEW_MAX_TOTAL_ITERATIONS": 10**12}


def play_hand(preset: str, seed: int, player: str) -> State:
    """A hand dealt from the seed with ``player`` at every seat, played to its end."""
    rules = make_rules(preset)
    players = [make_player(player) for _ in range(rules.players)]
    state = deal(rules, seed, dealer=seed % rules.players)
    rng = random.Random(seed)
    while not state.finished:
        seat = state.to_move
        state, _ = apply(state, players[seat].choose(view_of(state, seat), rng))
    return state


def reviewer(**config: Any) -> FlaskClient:
    """A test client of an app with no advice cache, no rate limit and no request log."""
    settings = {
        "TESTING": True,
        "ADVICE_CACHE": False,
        "RATE_LIMIT_ENABLED": False,
        "LOG_LEVEL": "WARNING",
        **config,
    }
    return create_app(settings).test_client()


def reviewed(client: FlaskClient, state: State, budget: dict[str, int] | None) -> dict[str, Any]:
    """The review of a whole hand, every seat."""
    body: dict[str, Any] = {"record": record_to_dict(record_of(state))}
    if budget is not None:
        body["budget"] = budget
    response = client.post("/v1/review", json=body)
    answer: dict[str, Any] = response.get_json()
    assert response.status_code == 200, answer
    return answer


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile (0-100) by linear interpolation."""
    ordered = sorted(values)
    at = (len(ordered) - 1) * q / 100
    low = int(at)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (at - low)


def speed(presets: Sequence[str], hands: int, bot: str, seed: int) -> None:
    """Print the review time of whole hands at the default budget, per preset."""
    client = reviewer()
    print(
        "Review of a whole hand (every seat) at each preset's default budget, "
        f"hands played by {bot} at every seat, Flask test client, cache off, one process"
    )
    print("| preset | default budget | hands | p50 s | p95 s | max s | searched decisions a hand |")
    print("|---|---|---|---|---|---|---|")
    for preset in presets:
        times: list[float] = []
        searched: list[int] = []
        for i in range(hands):
            state = play_hand(preset, seed + i, bot)
            start = time.perf_counter()
            answer = reviewed(client, state, None)
            times.append(time.perf_counter() - start)
            searched.append(sum(d["status"] == "searched" for d in answer["decisions"]))
        print(
            f"| {preset} | {default_budget(make_rules(preset)).to_dict()} | {hands} "
            f"| {percentile(times, 50):.2f} | {percentile(times, 95):.2f} "
            f"| {max(times):.2f} | {statistics.mean(searched):.1f} |"
        )


@dataclass(frozen=True)
class HandLoss:
    """One reviewed hand: the loss and the searched decisions over every seat, the best moves
    and the blunders."""

    loss: float
    decisions: int
    best: int
    blunders: int


def hand_loss(job: tuple[str, int, str, dict[str, int]]) -> HandLoss:
    """Play one hand with a player at every seat and review it (a worker's task)."""
    preset, seed, player, budget = job
    answer = reviewed(reviewer(**UNCAPPED), play_hand(preset, seed, player), budget)
    seats = answer["summary"]
    return HandLoss(
        loss=sum(s["total_loss"] for s in seats),
        decisions=sum(s["decisions"] for s in seats),
        best=sum(s["labels"]["best"] for s in seats),
        blunders=sum(s["labels"]["blunder"] for s in seats),
    )


def ratio_interval(hands: Sequence[HandLoss]) -> tuple[float, float, float]:
    """The mean loss per decision over hands, and its 95% interval (hands as clusters)."""
    total = sum(h.loss for h in hands)
    count = sum(h.decisions for h in hands)
    mean = total / count
    n = len(hands)
    if n < 2:
        return mean, math.nan, math.nan
    residuals = sum((h.loss - mean * h.decisions) ** 2 for h in hands)
    se = math.sqrt(n / (n - 1) * residuals) / count
    return mean, mean - Z95 * se, mean + Z95 * se


def losses(
    preset: str, players: Sequence[str], hands: int, budget: dict[str, int], seed: int, workers: int
) -> None:
    """Print each player's mean loss per decision, reviewed at ``budget``."""
    print(
        f"\nMean loss per searched decision (expected hand points), {preset}, {hands} hands per "
        f"player (the same deals), the player at every seat, reviewed at {budget}, "
        f"{workers} worker process(es)"
    )
    print("| player | hands | decisions | mean loss [95% CI] | best share | blunders/hand | s |")
    print("|---|---|---|---|---|---|---|")
    intervals: list[tuple[str, float, float, float]] = []
    for player in players:
        jobs = [(preset, seed + i, player, budget) for i in range(hands)]
        start = time.perf_counter()
        if workers > 1:
            with multiprocessing.get_context("spawn").Pool(workers) as pool:
                found = pool.map(hand_loss, jobs)
        else:
            found = [hand_loss(job) for job in jobs]
        elapsed = time.perf_counter() - start
        mean, low, high = ratio_interval(found)
        decisions = sum(h.decisions for h in found)
        intervals.append((player, mean, low, high))
        print(
            f"| {player} | {hands} | {decisions} | {mean:.4f} [{low:.4f}, {high:.4f}] "
            f"| {sum(h.best for h in found) / decisions:.3f} "
            f"| {sum(h.blunders for h in found) / hands:.2f} | {elapsed:.0f} |"
        )
    for (a, _, a_low, _), (b, _, _, b_high) in itertools.pairwise(intervals):
        verdict = "separated" if a_low > b_high else "NOT separated"
        print(f"{a} above {b}: {verdict} ({a} low end {a_low:.4f}, {b} high end {b_high:.4f})")


def main() -> None:
    """Run the speed and loss measurements with the sizes given."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=20, help="hands per preset (speed)")
    parser.add_argument("--presets", default=DEFAULT_PRESETS, help="comma-separated (speed)")
    parser.add_argument("--speed-bot", default="expert", help="the player of the speed hands")
    parser.add_argument("--loss-hands", type=int, default=40, help="hands per player (loss)")
    parser.add_argument("--loss-preset", default="scopone_scientifico")
    parser.add_argument("--players", default=DEFAULT_PLAYERS, help="comma-separated (loss)")
    parser.add_argument(
        "--loss-budget", type=json.loads, default=LOSS_BUDGET, help="e.g. '{\"ms\": 500}'"
    )
    parser.add_argument("--workers", type=int, default=1, help="processes for the loss runs")
    parser.add_argument("--seed", type=int, default=1, help="the first deal's seed")
    parser.add_argument("--skip-speed", action="store_true")
    parser.add_argument("--skip-loss", action="store_true")
    args = parser.parse_args()
    if not args.skip_speed:
        speed(args.presets.split(","), args.hands, args.speed_bot, args.seed)
    if not args.skip_loss:
        losses(
            args.loss_preset,
            args.players.split(","),
            args.loss_hands,
            args.loss_budget,
            args.seed,
            args.workers,
        )


if __name__ == "__main__":
    main()
