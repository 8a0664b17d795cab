"""Make the level estimate's calibration from hands each built-in level played:
`python -m scripts.calibrate_levels HANDS.jsonl [...]`.

HANDS are written by ``tests.benchmarks.level_hands`` (every seat of every hand played by one
level, reviewed at ``level_estimate.REVIEW_BUDGET``). Each seat's hand gives its figures, read
from the review's summary as the insights read them (``insights.seat_figures``); the
calibration of each preset is written to service/search/data/level_calibration.json.
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from pathlib import Path

from service.api.insights.insights import seat_figures
from service.search.level_estimate import CALIBRATION_FILE, HandFigures, calibrate
from service.search.levels import NAMES

OUT = Path(__file__).resolve().parent.parent / "service" / "search" / "data" / CALIBRATION_FILE


def main() -> None:
    """Read the hands, write the calibration of every preset they hold."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("hands", nargs="+")
    args = parser.parse_args()
    samples: dict[str, dict[str, list[HandFigures]]] = defaultdict(lambda: defaultdict(list))
    for name in args.hands:
        with open(name, encoding="utf-8") as lines:
            for line in lines:
                hand = json.loads(line)
                for summary in hand["review"]["summary"]:
                    figures = seat_figures(summary)
                    if figures is not None:
                        samples[hand["preset"]][hand["level"]].append(figures)
    calibrations = [
        calibrate(preset, NAMES, by_level) for preset, by_level in sorted(samples.items())
    ]
    OUT.parent.mkdir(parents=True, exist_ok=True)
    data = {"calibrations": [c.to_dict() for c in calibrations]}
    OUT.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    for calibration in calibrations:
        print(calibration.preset, dict(calibration.hands))
        for level, means in calibration.means.items():
            print(f"  {level:9} " + " ".join(f"{x:.4f}" for x in means))
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
