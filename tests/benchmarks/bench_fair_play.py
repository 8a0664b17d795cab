"""False positives and detection of the fair-play report, on samples of 20 and 50 hands.

Usage:
    python -m tests.benchmarks.bench_fair_play HANDS.jsonl [...] --samples 5000 --seed 50 \
        [--sizes 20,50]

HANDS are written by ``tests.benchmarks.fair_play_hands`` from seeds 100001.. (the shipped
calibration is made from seeds 1..: other deals). A player's sample of H hands is H judged seats
drawn at random, with replacement, from a table's pool: an honest style's (every seat of every
hand), a cheater's (its seat), or an honest style's pairs (``STYLE pair+K``: every seat with its
partner in Scopone, with the next seat at three seats). Each sample is judged as /v1/fair-play
judges it: every statistic of the report (each leak hypothesis, the engine matches, a pair's,
each p-value against the shipped calibration, and the dealt-hand test's, a seat drawn twice
counted once there as the report counts a hand sent twice), each times the number of tests, the
report's verdict the strongest. Tables ``panel:NAME`` are the fair-play panels' players
(``fair_play_panel``); the dealt-hand test is the statistic aimed at the panel's cheaters.
Printed per preset, table and sample size: the share of samples whose report says "review
recommended" or more, and "strong evidence", with 95% Wilson intervals over the samples (which
count draws from a finite pool: the pool's size is printed beside them), and for cheaters the
share flagged by the statistic aimed at them.
"""

from __future__ import annotations

import argparse
import json
import math
import random
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from service.api.fair_play.dealt import dealt_verdict
from service.api.fair_play.evidence import hand_evidence_of_json
from service.engine.presets import make_rules
from service.engine.record import replay
from service.engine.record_codec import record_from_dict
from service.search.dealt_test import ALTERNATIVES, hand_decisions, p_value, summed
from service.search.fair_play import (
    ENGINE,
    REVIEW,
    STRONG,
    VERDICTS,
    Cluster,
    calibrations,
    judge_all,
    loss_cluster,
    pair_cluster,
    pair_kind,
    seat_clusters,
    worst_verdict,
)
from service.search.figures import Z95
from tests.benchmarks.fair_play_panel import CHEATERS, PAIRED

# The dealt-hand test, one of every report's tests.
DEALT = "dealt_hands"

SIZES = (20, 50)
# The statistic aimed at each cheater.
AIMED = {
    "clairvoyant:1": "all",
    "clairvoyant:0.5": "all",
    "clairvoyant:0.25": "all",
    "partners": pair_kind(2),
    "engine": ENGINE,
    **{f"panel:{name}": DEALT for name in CHEATERS},
    **{f"panel:{name}": pair_kind(2) for name in PAIRED if name in CHEATERS},
}
# Tables of partners judged as a pair.
PAIR_TABLES = ("partners", *(f"panel:{name}" for name in PAIRED))


@dataclass(frozen=True, slots=True)
class Sample:
    """One judged seat of one hand: each statistic's cluster, and the dealt-hand test's summed
    logarithms."""

    clusters: Mapping[str, Cluster]
    loss: Cluster
    dealt: tuple[float, ...]
    dealt_decisions: int
    pair_loss: Cluster | None = None


def pools_of(paths: Sequence[str]) -> dict[tuple[str, str], list[Sample]]:
    """Each (preset, table)'s judged seats, each as its statistics' clusters."""
    pools: dict[tuple[str, str], list[Sample]] = defaultdict(list)
    for path in paths:
        with open(path, encoding="utf-8") as lines:
            for line in lines:
                hand = json.loads(line)
                rules = make_rules(hand["preset"])
                players = rules.players
                record = record_from_dict(hand["record"], rules)
                done = replay(record)
                seats = {
                    int(s): hand_evidence_of_json(data).of_seat(int(s))
                    for s, data in hand["seats"].items()
                }
                table = hand["table"]
                for seat, mine in seats.items():
                    clusters: dict[str, Cluster] = dict(seat_clusters(mine))
                    paired_table = table in PAIR_TABLES or table.startswith("pair:")
                    if paired_table and seat != 0:
                        continue
                    pair_loss = None
                    if paired_table:
                        clusters[pair_kind(2)] = pair_cluster(mine, seats[2], 2, players)
                        pair_loss = loss_cluster([*mine, *seats[2]])
                    judged = hand_decisions(done, record.moves, seat)
                    dealt = Sample(
                        clusters, loss_cluster(mine), summed(judged), len(judged), pair_loss
                    )
                    pools[(hand["preset"], table)].append(dealt)
                    # An honest table's pairs: each seat with its partner (Scopone) or with
                    # the next seat (three players), judged as a report with a pair is.
                    offset = 2 if players >= 4 else 1
                    other = seats.get((seat + offset) % players)
                    if (
                        table not in AIMED
                        and not paired_table
                        and players >= 3
                        and other is not None
                    ):
                        paired = {
                            **clusters,
                            pair_kind(offset): pair_cluster(mine, other, offset, players),
                        }
                        pools[(hand["preset"], f"{table} pair+{offset}")].append(
                            Sample(
                                paired,
                                dealt.loss,
                                dealt.dealt,
                                dealt.dealt_decisions,
                                loss_cluster([*mine, *other]),
                            )
                        )
    return pools


def wilson(hits: int, n: int) -> tuple[float, float]:
    """The 95% Wilson interval of a share."""
    if n == 0:
        return math.nan, math.nan
    p = hits / n
    centre = (p + Z95**2 / (2 * n)) / (1 + Z95**2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95**2 / (4 * n * n)) / (1 + Z95**2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def sample_verdicts(
    pool: Sequence[Sample], size: int, preset: str, aimed: str | None, rng: random.Random
) -> tuple[str, str | None]:
    """The report's verdict of one sample, and the aimed statistic's."""
    drawn = [rng.choice(pool) for _ in range(size)]
    kinds = sorted({k for s in drawn for k in s.clusters})
    statistics = {k: [s.clusters[k] for s in drawn if k in s.clusters] for k in kinds}
    # The report's tests: its statistics and the dealt-hand test.
    tests = len(statistics) + 1
    calibration = calibrations().get(preset)
    pair_loss = [s.pair_loss for s in drawn if s.pair_loss is not None]
    judged = judge_all(statistics, calibration, tests, [s.loss for s in drawn], pair_loss)
    found = {k: j.verdict for k, j in judged.items()}
    # A seat drawn twice is a hand sent twice: the report counts its dealt-hand test once.
    distinct = list({id(s): s for s in drawn}.values())
    sums = tuple(sum(s.dealt[k] for s in distinct) for k in range(len(ALTERNATIVES)))
    decisions = sum(s.dealt_decisions for s in distinct)
    found[DEALT] = dealt_verdict(min(1.0, p_value(sums) * tests), decisions)
    verdict = worst_verdict(found.values())
    return verdict, None if aimed is None else found[aimed]


def at_least(verdict: str, level: str) -> bool:
    """Whether a verdict is ``level`` or stronger."""
    return VERDICTS.index(verdict) >= VERDICTS.index(level)


def share(hits: int, n: int) -> str:
    """A share with its interval, in percent."""
    low, high = wilson(hits, n)
    return f"{100 * hits / n:.2f}% [{100 * low:.2f}, {100 * high:.2f}]"


def main() -> None:
    """Judge the samples of every pool and print the rates, one Markdown table row each."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("hands", nargs="+")
    parser.add_argument("--samples", type=int, default=5000, help="samples per pool and size")
    parser.add_argument("--seed", type=int, default=50)
    parser.add_argument(
        "--sizes", default=",".join(map(str, SIZES)), help="hands a sample, comma-separated"
    )
    args = parser.parse_args()
    pools = pools_of(args.hands)
    print(f"samples per pool and size: {args.samples}; seed {args.seed}")
    print(
        "| preset | table | hands | pool (seats) | review recommended or more | strong evidence "
        "| aimed statistic: review+ / strong |"
    )
    print("|---|---|---|---|---|---|---|")
    for (preset, table), pool in sorted(pools.items()):
        aimed = AIMED.get(table)
        for size in (int(x) for x in args.sizes.split(",")):
            rng = random.Random(f"{args.seed}:{preset}:{table}:{size}")
            review = strong = aimed_review = aimed_strong = 0
            for _ in range(args.samples):
                verdict, aimed_verdict = sample_verdicts(pool, size, preset, aimed, rng)
                review += at_least(verdict, REVIEW)
                strong += at_least(verdict, STRONG)
                if aimed_verdict is not None:
                    aimed_review += at_least(aimed_verdict, REVIEW)
                    aimed_strong += at_least(aimed_verdict, STRONG)
            by_aimed = "—"
            if aimed is not None:
                by_aimed = (
                    f"`{aimed}`: {share(aimed_review, args.samples)} / "
                    f"{share(aimed_strong, args.samples)}"
                )
            print(
                f"| {preset} | {table} | {size} | {len(pool)} | {share(review, args.samples)} "
                f"| {share(strong, args.samples)} | {by_aimed} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
