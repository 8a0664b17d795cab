"""The engine benchmark still runs and prints every figure (its numbers are not judged)."""

import re
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).with_name("bench_engine.py")
FIGURES = [
    "captures() per card",
    "legal_moves()",
    "apply()",
    "deal()",
    "score_hand()",
    "state_to_dict()",
    "state_from_dict()",
    "random hands, scopone_scientifico",
]


def test_bench_engine_prints_every_figure() -> None:
    result = subprocess.run(
        [sys.executable, str(BENCH), "--hands", "3", "--repeat", "1"],
        check=True,
        capture_output=True,
        text=True,
        timeout=120,
    )
    for name in FIGURES:
        line = next(line for line in result.stdout.splitlines() if line.startswith(name))
        rate = re.search(r"([0-9][0-9,]*)\s+\d+$", line)
        assert rate is not None, line
        assert int(rate.group(1).replace(",", "")) > 0
    for name in ("scope_per_hand", "total_t0", "total_t1"):
        assert re.search(rf"^\s+{name}\s+[0-9.]+ \([0-9.]+\)", result.stdout, re.MULTILINE)
