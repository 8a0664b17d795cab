"""Hands played by each built-in level at every seat, each reviewed whole at the insights'
review budget: the data the level estimate is calibrated from, and tested on.

Usage:
    python -m tests.benchmarks.level_hands OUT.jsonl --presets scopa,scopone_scientifico \
        --hands 60 --first-seed 1 --workers 1

Every line of OUT is one hand: its preset, level, seed, record and the review's decisions
(every seat), as ``POST /v1/review`` answers them at ``level_estimate.REVIEW_BUDGET`` with
``level_estimate.REVIEW_SEED``. The same hands are dealt to every level (the seeds), so levels
differ only by how they play. ``scripts/calibrate_levels.py`` makes the shipped calibration from one
run (seeds from 1); ``bench_insights`` estimates levels on another (seeds from 100001).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time
from typing import Any

from service.engine.record import record_of
from service.engine.record_codec import record_to_dict
from service.search.level_estimate import REVIEW_BUDGET, REVIEW_SEED
from service.search.levels import NAMES
from tests.benchmarks.bench_review import UNCAPPED, play_hand, reviewer


def reviewed_hand(job: tuple[str, str, int]) -> dict[str, Any]:
    """One hand played by a level at every seat, and its review (a worker's task)."""
    preset, level, seed = job
    state = play_hand(preset, seed, f"level:{level}")
    record = record_to_dict(record_of(state))
    body = {"record": record, "budget": REVIEW_BUDGET.to_dict(), "seed": REVIEW_SEED}
    response = reviewer(**UNCAPPED).post("/v1/review", json=body)
    answer = response.get_json()
    assert response.status_code == 200, answer
    return {"preset": preset, "level": level, "seed": seed, "record": record, "review": answer}


def main() -> None:
    """Play and review the hands, one JSON line each, in the order of the jobs."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("out")
    parser.add_argument("--presets", default="scopa,scopone_scientifico")
    parser.add_argument("--levels", default=",".join(NAMES))
    parser.add_argument("--hands", type=int, default=60, help="hands per preset and level")
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    jobs = [
        (preset, level, args.first_seed + i)
        for preset in args.presets.split(",")
        for level in args.levels.split(",")
        for i in range(args.hands)
    ]
    start = time.perf_counter()
    with open(args.out, "w", encoding="utf-8") as out:
        if args.workers > 1:
            with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
                for done in pool.imap(reviewed_hand, jobs):
                    out.write(json.dumps(done, sort_keys=True) + "\n")
        else:
            for job in jobs:
                out.write(json.dumps(reviewed_hand(job), sort_keys=True) + "\n")
                out.flush()
    print(f"{len(jobs)} hands in {time.perf_counter() - start:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
