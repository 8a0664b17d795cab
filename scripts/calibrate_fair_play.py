"""Make the fair-play calibration from hands honest players played:
`python -m scripts.calibrate_fair_play HANDS.jsonl [...]`.

HANDS are written by ``tests.benchmarks.fair_play_hands`` (the ``honest`` tables: one style at
every seat, every seat's decisions searched as /v1/fair-play searches them). Each seat's hand is
one cluster of every statistic (each leak hypothesis, each pair with another seat, the engine
matches); each style's null is their mean per decision and spread (``fair_play.null_of``).
Written to service/search/data/fair_play_calibration.json.
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from service.api.fair_play.evidence import hand_evidence_of_json
from service.engine.presets import make_rules
from service.search.fair_play import (
    BUDGET,
    CALIBRATION_FILE,
    EPSILON,
    LOSS,
    SEED,
    TEMPERATURE,
    Calibration,
    Cluster,
    loss_cluster,
    null_of,
    pair_cluster,
    pair_kind,
    seat_clusters,
)

OUT = Path(__file__).resolve().parent.parent / "service" / "search" / "data" / CALIBRATION_FILE
# The styles by the table that played them: the built-in levels, and the rule-based bot.
STYLE_NAMES = {
    "level:beginner": "beginner",
    "level:casual": "casual",
    "level:club": "club",
    "level:expert": "expert",
    "level:master": "master",
    "expert": "expert-bot",
}


def hand_clusters(hand: Mapping[str, Any]) -> Iterator[tuple[str, Cluster]]:
    """Every statistic's cluster of every judged seat of one line (pairs too: each seat with
    every other)."""
    players = make_rules(hand["preset"]).players
    decisions = {
        int(seat): hand_evidence_of_json(data).of_seat(int(seat))
        for seat, data in hand["seats"].items()
    }
    for seat, mine in decisions.items():
        yield from seat_clusters(mine).items()
        yield LOSS, loss_cluster(mine)
        if players < 3:
            continue
        for offset in range(1, players):
            theirs = decisions.get((seat + offset) % players)
            if theirs is not None:
                yield pair_kind(offset), pair_cluster(mine, theirs, offset, players)


def calibrations_of(paths: list[str]) -> list[Calibration]:
    """Each preset's calibration from the honest lines of the files."""
    clusters: dict[str, dict[str, dict[str, list[Cluster]]]] = defaultdict(
        lambda: defaultdict(lambda: defaultdict(list))
    )
    hands: dict[str, int] = defaultdict(int)
    for path in paths:
        with open(path, encoding="utf-8") as lines:
            for line in lines:
                hand = json.loads(line)
                style = STYLE_NAMES.get(hand["table"])
                if style is None:
                    continue
                hands[hand["preset"]] += 1
                for kind, cluster in hand_clusters(hand):
                    clusters[hand["preset"]][kind][style].append(cluster)
    found = []
    for preset, by_kind in sorted(clusters.items()):
        nulls = {
            kind: {style: null_of(c) for style, c in by_style.items()}
            for kind, by_style in by_kind.items()
        }
        styles = tuple(s for s in STYLE_NAMES.values() if s in nulls["engine"])
        found.append(Calibration(preset, styles, nulls, hands[preset]))
    return found


def calibration_settings() -> dict[str, object]:
    """What the calibration's nulls depend on besides the hands: the search and the model."""
    return {
        "budget": BUDGET.to_dict(),
        "seed": SEED,
        "temperature": TEMPERATURE,
        "epsilon": EPSILON,
    }


def kept_entries(
    made: list[Calibration], settings: Mapping[str, object], shipped: Mapping[str, Any]
) -> list[Any]:
    """The shipped file's calibrations of the presets ``made`` lacks, when that file was made
    with the same search and model settings (else SystemExit: the whole file must be remade)."""
    differing = [name for name, value in settings.items() if shipped.get(name) != value]
    if differing:
        raise SystemExit(f"the shipped calibration differs in {differing}: remake every preset")
    presets = {c.preset for c in made}
    return [entry for entry in shipped["calibrations"] if entry["preset"] not in presets]


def main() -> None:
    """Read the hands, write the calibration of every preset they hold (with
    ``--keep-others``, the shipped calibrations of the other presets stay)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("hands", nargs="+")
    parser.add_argument("--keep-others", action="store_true")
    args = parser.parse_args()
    calibrations = calibrations_of(args.hands)
    settings = calibration_settings()
    entries: list[Any] = [c.to_dict() for c in calibrations]
    if args.keep_others:
        shipped = json.loads(OUT.read_text(encoding="utf-8"))
        entries = sorted(
            entries + kept_entries(calibrations, settings, shipped),
            key=lambda entry: entry["preset"],
        )
    data = {**settings, "calibrations": entries}
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    for calibration in calibrations:
        print(calibration.preset, calibration.hands, "hands")
        for kind, by_style in sorted(calibration.nulls.items()):
            row = " ".join(f"{s}={n.mean:+.3f}/{n.sd:.2f}" for s, n in by_style.items())
            print(f"  {kind:7} {row}")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
