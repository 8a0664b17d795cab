"""The levels' benchmark runs every section at a tiny size and prints its tables."""

from __future__ import annotations

import subprocess
import sys

from tests.benchmarks.bench_levels import ladder_pairings


def test_the_ladder_pairs_adjacent_levels_and_anchors_every_level() -> None:
    pairings = ladder_pairings(master=True)
    required = [(a, b) for a, b, needed in pairings if needed]
    assert required == [
        ("level:casual", "level:beginner"),
        ("level:club", "level:casual"),
        ("level:expert", "level:club"),
        ("level:master", "level:expert"),
    ]
    anchored = {(a, b) for a, b, needed in pairings if not needed}
    for name in ("beginner", "casual", "club", "expert", "master"):
        assert {(f"level:{name}", "greedy"), (f"level:{name}", "expert")} <= anchored
    assert all("master" not in a + b for a, b, _ in ladder_pairings(master=False))


def test_every_section_prints_its_table() -> None:
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "tests.benchmarks.bench_levels",
            "all",
            "--no-master",
            "--presets",
            "scopa",
            "--pairs",
            "4",
            "--positions",
            "6",
            "--mistake-positions",
            "12",
            "--reference",
            "advisor:it=4",
            "--gunicorn",
        ],
        check=True,
        capture_output=True,
        text=True,
        timeout=300,
    )
    out = result.stdout
    assert "| level:casual vs level:beginner |" in out
    assert "| level:expert vs expert |" in out
    assert "every level beats the level below:" in out
    assert "| level:beginner | " in out and "counted wrong /100" in out
    assert "the share of the reference's moves rises with the level:" in out
    assert "| scopa | expert |" in out
    assert "POST /v1/bot, gunicorn |" in out
    assert "worst POST /v1/bot p95 below master:" in out
