"""Train the leaf models (service/search/kernel/leaf.py) from seeded heuristic playouts:
`python -m scripts.train_leaf [--preset P ...] [--samples 40000] [--held-out 5000] [--data F.csv]`.

Each preset in ``PRESETS`` gets a model of its own; ``--preset`` retrains only those named and
keeps the file's other models. For each number of cards left in hand a model stops at
(``MIN_CARDS`` up to the cards dealt into hands less ``DEPTH``), hands of the preset are dealt
from fixed seeds and played by the rollout policy (``policy.playout``, on the compiled kernel
when it is built: the same plays) until that many cards are left. The position's features are
read there, the hand is played on to its end, and each scoring category's outcome (side 0's
points less side 1's) is the target. The weights are the least-squares fit (with a small
ridge) of every category on the features, solved in plain Python in a fixed order, so the same
command writes the same file on any machine. The fit is then measured on held-out playouts
(other seeds): the share of each target's variance the model explains. ``--data`` also writes
every training row (cards left, features, targets) as CSV.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import random
from collections.abc import Callable, Sequence
from typing import TextIO

from service.engine import deal, make_rules
from service.search.kernel import leaf, policy
from service.search.kernel.fast import FastRules, Pos, fast_rules, hand_points
from service.search.worlds import pos_of_state

PRESETS = ("scopone_scientifico", "scopone", "scopone_trentino")
DEPTH = 16
MIN_CARDS = 8
RIDGE = 1e-3
TRAIN_SEED = 1
HELD_OUT_SEED = 2

Sample = tuple[list[float], list[int]]


def playout_function() -> Callable[[FastRules, Pos, int, int], None]:
    """The rollout policy's playout from a seed, on the compiled kernel when built."""
    try:
        from service.search.kernel import _kernel
    except ImportError:

        def pure(fr: FastRules, pos: Pos, seed: int, until: int) -> None:
            policy.playout(fr, pos, policy.RolloutRandom(seed), None, until)

        return pure

    def compiled(fr: FastRules, pos: Pos, seed: int, until: int) -> None:
        _kernel.py_playout(fr, pos, seed, until)

    return compiled


def samples(preset: str, left: int, count: int, seed: int) -> list[Sample]:
    """``count`` playouts stopped at ``left`` cards in hand: features there, final outcomes."""
    rules = make_rules(preset)
    fr = fast_rules(rules)
    play = playout_function()
    rng = random.Random(f"{preset} {left} {seed}")
    found: list[Sample] = []
    while len(found) < count:
        pos = pos_of_state(deal(rules, rng.getrandbits(63)))
        play(fr, pos, rng.getrandbits(64), left)
        if pos.finished or pos.left != left:
            continue
        features = leaf.features(fr, pos)
        play(fr, pos, rng.getrandbits(64), 0)
        points = hand_points(fr, pos.piles, pos.scope)
        found.append((features, [a - b for a, b in zip(points[0], points[1], strict=True)]))
    return found


def dealt_cards(preset: str) -> int:
    """The cards a hand of ``preset`` deals into the players' hands, all at once."""
    pos = pos_of_state(deal(make_rules(preset), 0))
    assert not pos.stock, "a leaf model needs every card dealt at the start"
    return pos.left


def train(preset: str, count: int, held_out: int, data: TextIO | None) -> leaf.LeafModel:
    """Fit ``preset``'s model, printing its held-out fit per cards left."""
    categories = fast_rules(make_rules(preset)).categories
    print(f"{preset}: depth {DEPTH}, {count} playouts per cards left")
    print("cards left | " + " | ".join(categories) + " | total (held-out R^2)")
    weights: dict[int, tuple[tuple[float, ...], ...]] = {}
    for left in range(MIN_CARDS, dealt_cards(preset) - DEPTH + 1):
        rows = samples(preset, left, count, TRAIN_SEED)
        fitted = fit(rows)
        weights[left] = tuple(tuple(w) for w in fitted)
        if data is not None:
            write_rows(data, left, rows)
        shares = explained(fitted, samples(preset, left, held_out, HELD_OUT_SEED))
        print(f"{left} | " + " | ".join(f"{s:.3f}" for s in shares))
    return leaf.LeafModel(DEPTH, MIN_CARDS, (preset,), weights)


def fit(rows: Sequence[Sample]) -> list[list[float]]:
    """Each category's least-squares weights on the features (normal equations, ridge)."""
    width = len(rows[0][0])
    categories = len(rows[0][1])
    gram = [[0.0] * width for _ in range(width)]
    moments = [[0.0] * width for _ in range(categories)]
    for features, targets in rows:
        for a, xa in enumerate(features):
            if xa:
                row = gram[a]
                for b, xb in enumerate(features):
                    row[b] += xa * xb
                for c, y in enumerate(targets):
                    moments[c][a] += xa * y
    for a in range(width):
        gram[a][a] += RIDGE * len(rows)
    return [solve(gram, moments[c]) for c in range(categories)]


def solve(matrix: Sequence[Sequence[float]], right: Sequence[float]) -> list[float]:
    """The solution of a square linear system, by Gauss-Jordan elimination with pivoting."""
    n = len(matrix)
    rows = [[*matrix[i], right[i]] for i in range(n)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        if rows[col][col] == 0.0:
            continue
        for r in range(n):
            if r != col:
                factor = rows[r][col] / rows[col][col]
                for k in range(col, n + 1):
                    rows[r][k] -= factor * rows[col][k]
    return [rows[i][n] / rows[i][i] if rows[i][i] else 0.0 for i in range(n)]


def explained(weights: Sequence[Sequence[float]], rows: Sequence[Sample]) -> list[float]:
    """The share of each category's variance (and, last, the total's) the model explains."""
    shares = []
    for c in range(len(weights) + 1):

        def target(sample: Sample, c: int = c) -> float:
            return float(sum(sample[1]) if c == len(weights) else sample[1][c])

        def predicted(sample: Sample, c: int = c) -> float:
            if c == len(weights):
                return sum(leaf.dot(w, sample[0]) for w in weights)
            return leaf.dot(weights[c], sample[0])

        mean = sum(target(s) for s in rows) / len(rows)
        spread = sum((target(s) - mean) ** 2 for s in rows)
        missed = sum((target(s) - predicted(s)) ** 2 for s in rows)
        shares.append(1.0 - missed / spread if spread else 0.0)
    return shares


def write_rows(out: TextIO, left: int, rows: Sequence[Sample]) -> None:
    """Training rows as CSV: cards left, the features, the targets."""
    writer = csv.writer(out)
    for features, targets in rows:
        writer.writerow([left, *features, *targets])


def main() -> None:
    """Train, measure on held-out playouts, write the model file."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument(
        "--preset", action="append", choices=PRESETS, help="retrain only this preset (repeatable)"
    )
    parser.add_argument("--samples", type=int, default=40_000, help="playouts per cards left")
    parser.add_argument("--held-out", type=int, default=5_000, help="held-out playouts each")
    parser.add_argument("--data", help="also write the training rows to this CSV file")
    parser.add_argument("--out", default=str(leaf.MODEL_PATH))
    args = parser.parse_args()
    chosen = args.preset or list(PRESETS)
    kept: dict[str, leaf.LeafModel] = {}
    if args.preset and os.path.exists(args.out):
        with open(args.out, encoding="utf-8") as existing:
            for model in leaf.models_of_json(json.load(existing)):
                kept[model.presets[0]] = model
    data = open(args.data, "w", encoding="utf-8", newline="") if args.data else None  # noqa: SIM115
    try:
        for preset in chosen:
            kept[preset] = train(preset, args.samples, args.held_out, data)
    finally:
        if data is not None:
            data.close()
    models = [kept[preset] for preset in PRESETS if preset in kept]
    with open(args.out, "w", encoding="utf-8") as out:
        json.dump(leaf.models_to_json(models), out, indent=1)
        out.write("\n")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
