"""The fast kernel against the engine: legal moves, resulting positions and final scores."""

import random

import pytest

from service.engine import Move, Rules, apply, deal, legal_moves, make_rules, score_hand
from service.engine.moves import MoveKind
from service.engine.presets import PRESETS
from service.engine.state import State
from service.search.kernel.fast import FastRules, Pos, hand_totals
from service.search.kernel.fast import apply as fast_apply
from service.search.kernel.fast import legal_moves as fast_legal_moves
from service.search.kernel.model import compiled_plays
from service.search.worlds import pos_of_state
from tests.search.helpers import card_play_state

CONFIGS = [
    ("scopa", {}),
    ("scopa", {"players": 3}),
    ("scopa", {"players": 4}),
    ("scopa", {"players": 6}),
    ("scopa", {"players": 6, "teams": False}),
    ("scopone", {}),
    ("scopone_scientifico", {}),
    ("scopone_trentino", {}),
    ("scopone_messina", {}),
    ("re_bello", {}),
    ("napola", {}),
    ("calabrese", {}),
    ("scopa", {"piva": True}),
    ("scopa", {"capture_rule": "fifteen"}),
    ("scopa", {"capture_rule": "sum_or_fifteen", "fewest_cards": True}),
    ("scopa", {"compulsory_capture": False, "last_card_scopa": True}),
    ("scopa", {"ace_takes_all": True, "ace_scopa": True, "ace_takes_itself": True}),
    ("scopa", {"ace_takes_all": True}),
    ("scopa", {"prime_table": "most_sevens", "primiera_incomplete": "none"}),
    ("scopa", {"prime_table": "half_values", "pack": "corse36", "deal_sizes": [4, 4, 4, 4]}),
    ("scopone_scientifico", {"napoleone": True, "napola": "over_two", "napola_cap": 6}),
]
# Every preset whose moves the kernels play (model.PLAYED), at least as it comes.
CONFIGS += [
    (name, {})
    for name in PRESETS
    if name not in {n for n, _ in CONFIGS} and compiled_plays(make_rules(name))
]


def same(fr: FastRules, pos: Pos, state: State) -> None:
    assert pos.hands == list(state.hands)
    assert pos.table == state.table
    assert pos.piles == list(state.piles)
    assert pos.scope == list(state.scope)
    assert pos.stock == list(state.stock)
    assert pos.to_move == state.to_move
    assert pos.deals_made == state.deals_made
    assert pos.last_capturer == (-1 if state.last_capturer is None else state.last_capturer)
    assert pos.finished == state.finished


def rules_for(preset: str, options: dict[str, object]) -> Rules:
    return make_rules(preset, **options)


@pytest.mark.parametrize(("preset", "options"), CONFIGS)
def test_fast_kernel_matches_engine(preset: str, options: dict[str, object]) -> None:
    rules = rules_for(preset, options)
    fr = FastRules(rules)
    rng = random.Random(11)
    plays = 0
    for seed in range(40):
        state = deal(rules, seed, seed % rules.players)
        if state.cut_card is not None:  # the kernels start after the Chkobba cutter's choice
            state, _ = apply(state, legal_moves(state)[seed % 2])
        state = card_play_state(state)
        pos = pos_of_state(state)
        while not state.finished:
            engine_moves = sorted(
                (m.card, m.capture) for m in legal_moves(state) if m.kind is MoveKind.PLAY
            )
            fast_moves = fast_legal_moves(fr, pos)
            assert sorted(fast_moves) == engine_moves
            c, capture = rng.choice(fast_moves)
            state = card_play_state(apply(state, Move(c, capture))[0])
            fast_apply(fr, pos, c, capture)
            same(fr, pos, state)
            plays += 1
        assert hand_totals(fr, pos.piles, pos.scope) == list(
            score_hand(rules, state.piles, state.scope).totals
        )
    assert plays >= 40 * 30
