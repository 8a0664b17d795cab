"""Views of one seat, the consistency checks of states and views, and the JSON forms."""

import json
import random
from dataclasses import replace

import pytest

from service.engine import (
    InvalidStateError,
    apply,
    check_state,
    check_view,
    deal,
    legal_moves,
    make_rules,
    score_hand,
    view_of,
)
from service.engine.cards import codes
from service.engine.codec import (
    event_to_dict,
    hand_score_to_dict,
    legal_move_dict,
    match_to_dict,
    move_from_dict,
    move_to_dict,
    state_from_dict,
    state_to_dict,
    view_from_dict,
    view_to_dict,
)
from service.engine.match import add_hand
from service.engine.presets import PRESETS
from service.engine.view import view_moves
from tests.engine.helpers import cards, hand_state, move


def problems(error: pytest.ExceptionInfo[InvalidStateError]) -> dict[str, str]:
    return {p.field: p.reason for p in error.value.problems}


def test_a_view_hides_the_other_hands_and_the_stock() -> None:
    state = deal(make_rules("scopa"), 3)
    view = view_of(state, 1)
    assert view.hand == state.hands[1]
    assert view.hand_sizes == (3, 3)
    assert view.stock_size == 30
    hidden = state.hands[0]
    for c in state.stock:
        hidden |= 1 << c
    assert view.unseen == hidden
    check_view(view)


def test_a_dealt_state_is_consistent() -> None:
    for preset in PRESETS:
        check_state(deal(make_rules(preset), 11))


def test_check_state_lists_every_problem() -> None:
    state = deal(make_rules("scopa"), 3)
    stolen = state.hands[1] & -state.hands[1]
    broken = replace(
        state,
        hands=(state.hands[0] | stolen, state.hands[1]),
        scope=(1, 0),
    )
    with pytest.raises(InvalidStateError) as error:
        check_state(broken)
    found = problems(error)
    assert "is also in hands[0]" in found["hands[1]"]
    assert "do not fit" in found["hands"]
    assert "scope[0]" in found


def test_check_state_knows_whose_turn_it_is() -> None:
    state = deal(make_rules("scopa"), 3)
    with pytest.raises(InvalidStateError) as error:
        check_state(replace(state, to_move=0))
    assert set(problems(error)) == {"to_move"}


def test_check_state_rejects_impossible_shapes() -> None:
    state = deal(make_rules("scopa"), 3)
    with pytest.raises(InvalidStateError) as error:
        check_state(replace(state, dealer=5, piles=(0,), deals_made=9))
    assert {"dealer", "piles", "deals_made"} <= set(problems(error))


def test_check_state_wants_a_last_capturer_once_cards_are_taken() -> None:
    rules = make_rules("scopa")
    state = deal(rules, 3)
    while not any(state.piles):
        state, _ = apply(state, legal_moves(state)[-1])
    with pytest.raises(InvalidStateError) as error:
        check_state(replace(state, last_capturer=None))
    assert "last_capturer" in problems(error)


def test_check_state_counts_the_stock() -> None:
    state = deal(make_rules("scopa"), 3)
    with pytest.raises(InvalidStateError) as error:
        check_state(replace(state, stock=state.stock[:-1]))
    found = problems(error)
    assert "stock" in found
    assert "cards" in found


def test_check_view_rejects_a_hand_that_does_not_fit() -> None:
    view = view_of(deal(make_rules("scopa"), 3), 0)
    with pytest.raises(InvalidStateError) as error:
        check_view(replace(view, hand=view.hand & (view.hand - 1)))
    assert "hand" in problems(error)
    with pytest.raises(InvalidStateError) as error:
        check_view(replace(view, seat=2))
    assert "seat" in problems(error)


def test_check_view_names_the_views_own_fields() -> None:
    state = deal(make_rules("scopa"), 3)
    view = view_of(state, 1)
    held = view.hand & -view.hand
    with pytest.raises(InvalidStateError) as error:
        check_view(replace(view, table=view.table | held))
    found = problems(error)
    # The seat's hand is the view's `hand`, not the state's hands[1].
    assert found["table"] == f"{codes(held)[0]} is also in hand"
    with pytest.raises(InvalidStateError) as error:
        check_view(replace(view, hand_sizes=(2, 3), hand=view.hand))
    found = problems(error)
    # Sizes (2, 3) say one card was played: seat 1 plays first after dealer 0, so seat 0 has 3.
    assert found["hand_sizes[0]"] == "holds 2 cards; after 1 play of this deal it must hold 3"
    assert not any(field.startswith("hands") for field in found)
    with pytest.raises(InvalidStateError) as error:
        check_view(replace(view, hand_sizes=(3, 3, 3)))
    assert "hand_sizes" in problems(error)


def test_a_state_round_trips_through_json() -> None:
    rules = make_rules("scopone", napola="length")
    state = deal(rules, 8)
    for _ in range(12):
        state, _ = apply(state, legal_moves(state)[0])
    data = json.loads(json.dumps(state_to_dict(state)))
    assert state_from_dict(data) == state
    assert data["rules"]["preset"] == "scopone"
    assert len(data["history"]) == 12


def test_a_view_round_trips_through_json() -> None:
    state = deal(make_rules("scopa", players=3), 8)
    state, _ = apply(state, legal_moves(state)[0])
    view = view_of(state, 2)
    data = json.loads(json.dumps(view_to_dict(view)))
    assert view_from_dict(data) == view
    assert len(data["unseen"]) == view.unseen.bit_count()


def test_json_errors_name_every_field() -> None:
    data = state_to_dict(deal(make_rules("scopa"), 1))
    data["hands"][0][1] = "11D"
    data["table"] = "7D"
    data["dealer"] = "0"
    data["history"] = [{"seat": 0, "card": "ZZ"}]
    with pytest.raises(InvalidStateError) as error:
        state_from_dict(data)
    assert {"hands[0][1]", "table", "dealer", "history[0].card"} <= set(problems(error))


def test_json_rejects_a_card_listed_twice() -> None:
    with pytest.raises(InvalidStateError) as error:
        move_from_dict({"card": "7D", "capture": ["3C", "3c"]})
    assert "listed twice" in problems(error)["move.capture[1]"]


def test_moves_in_json() -> None:
    rules = make_rules("scopa")
    state = hand_state(rules, ["7C 2C", "5S 3S"], "4D 2D 1S")
    sweep = move("7C:4D+2D+1S")
    assert legal_move_dict(state, sweep) == {
        "card": "7C",
        "capture": ["2D", "4D", "1S"],
        "sweep": True,
    }
    assert move_to_dict(move("2C")) == {"card": "2C", "capture": []}
    assert move_from_dict({"card": "7c", "capture": ["4D", "2D", "1S"]}) == sweep


def test_events_scores_and_match_in_json() -> None:
    rules = make_rules("scopa", prime_table="half_values")
    state = hand_state(rules, ["7C 2C", "5S 3S"], "4D 2D 1S")
    _, events = apply(state, move("7C:4D+2D+1S"))
    assert event_to_dict(events[1]) == {
        "kind": "scopa",
        "seat": 0,
        "side": 0,
        "cards": ["2D", "4D", "7C", "1S"],
    }
    hand = score_hand(rules, (cards("1D 2C 3S 4B"), cards("7D")), (1, 0))
    first = hand_score_to_dict(hand)[0]
    assert first["prime"] == {"value": 14.5, "cards": ["1D", "2C", "3S", "4B"], "all_suits": True}
    assert first["total"] == first["points"]["scope"] + first["points"]["primiera"] == 2
    assert hand_score_to_dict(hand)[1]["prime"]["value"] == 7
    assert match_to_dict(add_hand(rules, (10, 0), hand)) == {
        "scores": [12, 1],
        "target": 11,
        "finished": True,
        "winner": 0,
        "reason": "target",
    }


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_view_of_the_seat_to_move_gives_the_same_legal_moves(preset: str) -> None:
    rules = make_rules(preset)
    rng = random.Random(preset)
    for seed in range(3):
        state = deal(rules, seed, seed % rules.players)
        while legal_moves(state):
            assert view_moves(view_of(state, state.to_move)) == legal_moves(state)
            state, _ = apply(state, rng.choice(legal_moves(state)))


def test_a_history_play_by_a_seat_outside_the_table_is_named() -> None:
    # Found by the API fuzz: seat 2 in a two-player history reached the piles of side 2.
    state = deal(make_rules("scopa"), 3)
    for _ in range(4):
        state, _ = apply(state, legal_moves(state)[0])
    data = view_to_dict(view_of(state, state.to_move))
    for derived in ("piles", "scope", "last_capturer", "unseen"):
        data.pop(derived, None)
    data["history"][1]["seat"] = 2
    with pytest.raises(InvalidStateError) as error:
        view_from_dict(data)
    assert "history[1].seat" in {p.field for p in error.value.problems}
