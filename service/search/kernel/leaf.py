"""The leaf model: a four-player playout stopped early and valued by a learned linear model.

A world's playout after a root move normally plays the hand to its end, forty plays at a
scientifico opening. The model file holds one model per four-player preset trained for. Where
one applies (that preset's rules, no match context, nothing left to deal), the playout stops
once it has made ``depth`` plays, provided at least ``min_cards`` cards are then still in hand.
Each scoring category's value (side 0's points less side 1's) is then read from a linear
function of the position's ``FEATURES``, with one set of weights per number of cards left in
hand, fitted by least squares to the final outcomes of seeded heuristic playouts from such
positions (scripts/train_leaf.py writes the model file and prints its fit on held-out
playouts).

Both kernels compute the features as whole numbers, except the primiera sums, which add the
same doubles in the same order, and take the dot products in feature order: they give the
same values.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from service.engine.cards import RANK_MASKS
from service.engine.presets import make_rules
from service.engine.rules import Rules
from service.search.kernel.fast import FastRules, Pos, bonus_shift, fast_rules, pile_napola

MODEL_PATH = Path(__file__).resolve().parents[1] / "data" / "leaf_model.json"

# What the model reads from the position at the leaf. Each is side 0's count less side 1's, a
# side's sign (+1 side 0, -1 side 1, 0 none), or a count signed by the side to move.
FEATURES = (
    "bias",
    "side to move",
    "last capturer",
    "cards taken",
    "cards taken, clipped to 3",
    "coins taken",
    "coins taken, clipped to 1",
    "settebello taken",
    "settebello in hand",
    "coins in hand",
    "sevens taken",
    "sevens in hand",
    "primiera of the cards taken",
    "primiera of the cards taken and in hand",
    "scope",
    "table cards, by the side to move",
    "cards category won",
    "coins category won",
    "sixes and aces taken",
    "table coins, by the side to move",
    "settebello on the table, by the side to move",
    # Zero unless the rules score napola (trentino): their weights are zero in other models.
    "napola of the cards taken",
    "napola of the cards taken and in hand",
    "napola still open",
)
# A side with this many cards, or coins, has won that category whatever follows.
CARDS_WON = 21
COINS_WON = 6
SIXES_AND_ACES = RANK_MASKS[6] | RANK_MASKS[1]


@dataclasses.dataclass(frozen=True, slots=True)
class LeafModel:
    """Weights per cards left in hand, per scoring category, per feature (``FEATURES``)."""

    depth: int
    min_cards: int
    presets: tuple[str, ...]
    weights: dict[int, tuple[tuple[float, ...], ...]]

    def to_json(self) -> dict[str, object]:
        """The model as one entry of the model file's ``models``."""
        return {
            "depth": self.depth,
            "min_cards": self.min_cards,
            "presets": list(self.presets),
            "weights": {str(left): [list(w) for w in rows] for left, rows in self.weights.items()},
        }


def models_to_json(models: Sequence[LeafModel]) -> dict[str, object]:
    """The model file's JSON: the features, then each model."""
    return {"features": list(FEATURES), "models": [model.to_json() for model in models]}


def models_of_json(data: dict[str, object]) -> tuple[LeafModel, ...]:
    """The models of a model file's JSON; ValueError when its features are not this module's
    or two models claim one preset."""
    if data.get("features") != list(FEATURES):
        raise ValueError("the leaf model's features differ from leaf.FEATURES")
    entries = data["models"]
    assert isinstance(entries, list)
    models = tuple(model_of_json(entry) for entry in entries)
    presets = [preset for model in models for preset in model.presets]
    if len(presets) != len(set(presets)):
        raise ValueError("two leaf models are for the same preset")
    return models


def model_of_json(data: dict[str, object]) -> LeafModel:
    """One model from its entry in the model file."""
    weights = data["weights"]
    presets = data["presets"]
    assert isinstance(weights, dict) and isinstance(presets, list)
    return LeafModel(
        depth=int(str(data["depth"])),
        min_cards=int(str(data["min_cards"])),
        presets=tuple(str(p) for p in presets),
        weights={
            int(left): tuple(tuple(float(x) for x in row) for row in rows)
            for left, rows in weights.items()
        },
    )


@cache
def shipped_models() -> tuple[LeafModel, ...]:
    """The models of the file shipped in the package (none where there is no file)."""
    if not MODEL_PATH.exists():
        return ()
    return models_of_json(json.loads(MODEL_PATH.read_text(encoding="utf-8")))


@cache
def model_for(rules: Rules) -> LeafModel | None:
    """The shipped model trained for the preset of these rules when they are that preset's
    own rules (whatever the match target); else None (once per rules)."""
    model = next((m for m in shipped_models() if rules.preset in m.presets), None)
    if model is None:
        return None
    trained = make_rules(rules.preset)
    if dataclasses.replace(rules, target=trained.target) != trained:
        return None
    categories = len(fast_rules(rules).categories)
    if any(len(rows) != categories for rows in model.weights.values()):
        return None
    return model


def stop_at(model: LeafModel | None, pos: Pos) -> int:
    """The cards left in hand at which a playout from ``pos`` stops for the model, or 0 when
    it plays to the end (no model, something left to deal, or too few cards)."""
    if model is None or pos.stock:
        return 0
    left = pos.left - model.depth
    return left if left >= model.min_cards and left in model.weights else 0


def features(fr: FastRules, pos: Pos) -> list[float]:
    """The position's ``FEATURES``, for side 0 against side 1 (module docstring)."""
    pile0, pile1 = pos.piles[0], pos.piles[1]
    hand0 = hand1 = 0
    for seat, hand in enumerate(pos.hands):
        if fr.side_of[seat] == 0:
            hand0 |= hand
        else:
            hand1 |= hand
    settebello = 1 << (bonus_shift(fr.rules) + 6)
    coins, sevens = fr.bonus, RANK_MASKS[7]
    to_move = 1 if fr.side_of[pos.to_move] == 0 else -1
    last = pos.last_capturer
    cards0, cards1 = pile0.bit_count(), pile1.bit_count()
    coins0, coins1 = (pile0 & coins).bit_count(), (pile1 & coins).bit_count()
    table = pos.table
    return [
        1.0,
        float(to_move),
        0.0 if last < 0 else (1.0 if fr.side_of[last] == 0 else -1.0),
        float(cards0 - cards1),
        float(max(-3, min(3, cards0 - cards1))),
        float(coins0 - coins1),
        float(max(-1, min(1, coins0 - coins1))),
        float(_has(pile0, settebello) - _has(pile1, settebello)),
        float(_has(hand0, settebello) - _has(hand1, settebello)),
        float((hand0 & coins).bit_count() - (hand1 & coins).bit_count()),
        float((pile0 & sevens).bit_count() - (pile1 & sevens).bit_count()),
        float((hand0 & sevens).bit_count() - (hand1 & sevens).bit_count()),
        _primiera(fr, pile0) - _primiera(fr, pile1),
        _primiera(fr, pile0 | hand0) - _primiera(fr, pile1 | hand1),
        float(pos.scope[0] - pos.scope[1]),
        float(table.bit_count() * to_move),
        float((cards0 >= CARDS_WON) - (cards1 >= CARDS_WON)),
        float((coins0 >= COINS_WON) - (coins1 >= COINS_WON)),
        float((pile0 & SIXES_AND_ACES).bit_count() - (pile1 & SIXES_AND_ACES).bit_count()),
        float((table & coins).bit_count() * to_move),
        float(_has(table, settebello) * to_move),
        *_napola_features(fr, pile0, pile1, hand0, hand1),
    ]


def leaf_values(model: LeafModel, fr: FastRules, pos: Pos, side: int) -> list[float]:
    """Each scoring category's value for ``side`` at a leaf (its points less the other
    side's, as the model predicts them), then their sum."""
    found = features(fr, pos)
    values = []
    total = 0.0
    for row in model.weights[pos.left]:
        value = dot(row, found)
        if side == 1:
            value = -value
        values.append(value)
        total += value
    values.append(total)
    return values


def dot(weights: Sequence[float], found: Sequence[float]) -> float:
    """The weights' sum of the features, added in feature order."""
    total = 0.0
    for w, x in zip(weights, found, strict=True):
        total += w * x
    return total


def _napola_features(fr: FastRules, pile0: int, pile1: int, hand0: int, hand1: int) -> list[float]:
    """The napola features: the napola each side's cards taken would score, and with its hands'
    cards; and whether napola is still open to a side (the other has taken none of the ace, two
    and three of coins). All zero where the rules score no napola."""
    rules = fr.rules
    if rules.napola == "none":
        return [0.0, 0.0, 0.0]
    low = 0b111 << bonus_shift(rules)
    return [
        float(pile_napola(rules, pile0) - pile_napola(rules, pile1)),
        float(pile_napola(rules, pile0 | hand0) - pile_napola(rules, pile1 | hand1)),
        float((pile1 & low == 0) - (pile0 & low == 0)),
    ]


def _has(cards: int, card: int) -> int:
    return 1 if cards & card else 0


def _primiera(fr: FastRules, cards: int) -> float:
    """The primiera value of ``cards``: each suit's best, added suit by suit."""
    best = fr.prime_best
    assert best is not None, "a leaf model needs a table of prime values"
    total = 0.0
    for shift in (0, 10, 20, 30):
        sub = cards >> shift & 1023
        if sub:
            total += best[sub]
    return total
