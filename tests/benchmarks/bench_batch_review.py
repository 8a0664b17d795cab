"""Batch review throughput: hands a second per worker process at the default budget, the time
to the first streamed line, and the same hands reviewed by single /v1/review calls.

Usage (see `make bench-batch-review`):
    python -m tests.benchmarks.bench_batch_review --hands 20 --runs 3

For each preset, ``--hands`` hands are played by the expert bot at every seat. In one process
(Flask test client, advice cache off, so every decision is searched: one worker), each run
reviews them twice, in alternating order: once as one POST /v1/review/batch read as a stream
(the time to its first line, and to its summary), once as one POST /v1/review per hand. Printed:
per preset the medians over runs of hands a second for each, the ratio batch / singles, and the
time to the first line.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

import orjson

from service.engine.record import record_of
from service.engine.record_codec import record_to_dict
from tests.benchmarks.bench_review import play_hand, reviewer

BIG = {"REVIEW_BATCH_MAX_TOTAL_MS": 10**9, "BATCH_MAX_CONTENT_LENGTH": 16 * 1024 * 1024}


def batch(client: Any, bodies: list[dict[str, Any]]) -> tuple[float, float, int]:
    """Seconds to the first line and to the end of one streamed batch, and its review lines."""
    start = time.perf_counter()
    response = client.post("/v1/review/batch", json={"reviews": bodies}, buffered=False)
    first = None
    reviewed = 0
    pending = b""
    for chunk in response.response:
        if first is None:
            first = time.perf_counter() - start
        pending += chunk
        *lines, pending = pending.split(b"\n")
        reviewed += sum(orjson.loads(line)["type"] == "review" for line in lines if line)
    response.close()
    assert first is not None
    return first, time.perf_counter() - start, reviewed


def singles(client: Any, bodies: list[dict[str, Any]]) -> float:
    """Seconds to review the hands one request each."""
    start = time.perf_counter()
    for body in bodies:
        response = client.post("/v1/review", json=body)
        assert response.status_code == 200, response.get_json()
    return time.perf_counter() - start


def main() -> None:
    """Play the hands, time both ways in alternation, print the medians."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--presets", default="scopa,scopone_scientifico")
    args = parser.parse_args()
    client = reviewer(**BIG)
    print(
        f"{args.hands} hands a preset (expert bot at every seat), every seat reviewed at the "
        f"default budget, one process, cache off; medians of {args.runs} alternated runs"
    )
    print("| preset | batch hands/s | singles hands/s | batch / singles | first line s |")
    print("|---|---|---|---|---|")
    for preset in args.presets.split(","):
        bodies = [
            {"record": record_to_dict(record_of(play_hand(preset, seed, "expert")))}
            for seed in range(1, args.hands + 1)
        ]
        rates_batch, rates_single, firsts = [], [], []
        for run in range(args.runs):
            order = ("batch", "singles") if run % 2 == 0 else ("singles", "batch")
            for way in order:
                if way == "batch":
                    first, total, reviewed = batch(client, bodies)
                    assert reviewed == len(bodies)
                    rates_batch.append(len(bodies) / total)
                    firsts.append(first)
                else:
                    rates_single.append(len(bodies) / singles(client, bodies))
        b, s = statistics.median(rates_batch), statistics.median(rates_single)
        print(f"| {preset} | {b:.2f} | {s:.2f} | {b / s:.3f} | {statistics.median(firsts):.2f} |")


if __name__ == "__main__":
    main()
