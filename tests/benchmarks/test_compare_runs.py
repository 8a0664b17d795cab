"""The paired comparison of two strength runs: per-pair files in, B minus A with its interval."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from service.engine import make_rules
from tests.benchmarks.bench_strength import run_pairing
from tests.benchmarks.compare_runs import paired

ROOT = Path(__file__).resolve().parents[2]


def test_paired_difference_and_interval() -> None:
    mean, low, high = paired([0.0, 1.0, 2.0, 3.0], [1.0, 1.0, 4.0, 5.0])
    # Differences 1, 0, 2, 2: mean 1.25, sample sd 0.9574, half-width 1.96 * sd / 2.
    assert mean == pytest.approx(1.25)
    assert high - mean == pytest.approx(mean - low)
    assert high - mean == pytest.approx(1.96 * 0.957427 / 2, rel=1e-5)


def test_paired_refuses_runs_of_other_lengths() -> None:
    with pytest.raises(SystemExit):
        paired([1.0, 2.0], [1.0, 2.0, 3.0])


def test_runs_of_one_deal_set_compare_pairing_by_pairing(tmp_path: Path) -> None:
    rules = make_rules("scopa")
    first = run_pairing(rules, "greedy", "random", 3, seed=5, workers=1)
    second = run_pairing(rules, "expert", "random", 3, seed=5, workers=1)
    assert len(first["per_pair"]) == 3
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    a.write_text(json.dumps({first["pairing"]: first["per_pair"]}))
    b.write_text(json.dumps({second["pairing"]: second["per_pair"]}))
    out = subprocess.run(
        [sys.executable, "-m", "tests.benchmarks.compare_runs", str(a), str(b)],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
        timeout=60,
    ).stdout
    row = out.splitlines()[1].split(" | ")
    assert row[:2] == ["greedy vs random", "expert vs random"]
    expected = paired(first["per_pair"], second["per_pair"])[0]
    assert row[4].startswith(f"{expected:+.3f} [")
