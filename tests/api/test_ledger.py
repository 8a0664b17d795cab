"""POST /v1/match: the match ledger, hand by hand to every end condition the rules have."""

from __future__ import annotations

import random
from typing import Any

from flask.testing import FlaskClient

from service.engine.cards import SUIT_MASKS, Cards, Suit, codes
from service.engine.match import add_hand
from service.engine.presets import make_rules
from service.engine.scoring import score_hand
from service.engine.tally import tally_of
from tests.api.problem_asserts import assert_problem
from tests.api.test_tallies import claimed_hand, piles_json, tally_json
from tests.engine.helpers import cards
from tests.engine.tally_helpers import FinishedHand, hands

INVALID_SCORE = "urn:scopa:problem:invalid-score"
PACK = (1 << 40) - 1
COINS = SUIT_MASKS[Suit.D]
# Side 1 takes six coins and the three other sevens (prime 81, coins); side 0 the rest:
# 21 cards with the settebello (cards, settebello). Two points each.
EVEN = cards("1D 2D 3D 4D 5D 6D 7C 7S 7B 1C 2C 3C 4C 1S 2S 3S 4S 1B 2B")
# Side 0 takes all but four kings and four horses: every point.
SWEEPING = PACK & ~cards("10C 10S 10B 9C 9S 9B 8S 8B")


def hand_of(rules_name: str, side_one: Cards, *, scope: tuple[int, int] = (0, 0)) -> dict[str, Any]:
    """A two-sided hand: side 1 took ``side_one``, side 0 the rest, as tallies."""
    rules = make_rules(rules_name)
    piles = (rules.pack_cards & ~side_one, side_one & rules.pack_cards)
    return {
        "tallies": [
            tally_json(tally_of(rules, pile, n)) for pile, n in zip(piles, scope, strict=True)
        ]
    }


def ledger(client: FlaskClient, body: dict[str, Any]) -> dict[str, Any]:
    """The answer of POST /v1/match, which must be a 200."""
    response = client.post("/v1/match", json=body)
    assert response.status_code == 200, response.get_json()
    answer: dict[str, Any] = response.get_json()
    return answer


def test_running_totals_follow_the_hands_in_order(client: FlaskClient) -> None:
    rules = make_rules("scopa")
    played: list[FinishedHand] = list(hands(rules, 4, seed=9))
    entries = [
        {"piles": piles_json(h)}
        if i % 2
        else {
            "tallies": [
                tally_json(tally_of(rules, p, n)) for p, n in zip(h.piles, h.scope, strict=True)
            ]
        }
        for i, h in enumerate(played)
    ]
    answer = ledger(client, {"rules": "scopa", "target": 1000, "hands": entries})
    scores: tuple[int, ...] = (0, 0)
    for i, hand in enumerate(played):
        score = score_hand(rules, hand.piles, hand.scope)
        result = add_hand(rules, scores, score, 1000)
        scores = result.scores
        row = answer["hands"][i]
        assert row["index"] == i
        assert row["dealer"] == i % 2
        assert row["totals"] == list(score.totals)
        assert row["scores"] == list(scores)
        assert row["finished"] is False
    assert answer["match"]["scores"] == list(scores)
    assert answer["next_dealer"] == 0
    assert answer["target"] == 1000


def test_equal_leaders_over_the_target_play_on(client: FlaskClient) -> None:
    even = hand_of("scopa", EVEN)
    answer = ledger(
        client,
        {"rules": "scopa", "scores": [9, 9], "hands": [even, hand_of("scopa", EVEN, scope=(1, 0))]},
    )
    first, second = answer["hands"]
    assert first["totals"] == [2, 2]
    assert first["scores"] == [11, 11] and first["finished"] is False
    assert second["scores"] == [14, 13]
    assert second["winner"] == 0 and second["reason"] == "target"
    assert answer["next_dealer"] is None


def test_an_outright_win_ends_the_match(client: FlaskClient) -> None:
    # Scopone trentino: all ten coins win outright, whatever the score.
    body = {
        "rules": "scopone_trentino",
        "scores": [0, 20],
        "hands": [hand_of("scopone_trentino", PACK & ~COINS & ~cards("7C 7S 7B"))],
    }
    match = ledger(client, body)["match"]
    assert match["winner"] == 0 and match["reason"] == "cappotto"


def test_a_seven_nil_lead_wins_at_once(client: FlaskClient) -> None:
    rules = {"preset": "scopa", "cappotto_7_0": True}
    body = {"rules": rules, "scores": [4, 0], "hands": [hand_of("scopa", PACK & ~SWEEPING)]}
    match = ledger(client, body)["match"]
    assert match["scores"] == [8, 0]
    assert match["winner"] == 0 and match["reason"] == "cappotto_7_0"


def test_a_double_game_is_marked(client: FlaskClient) -> None:
    body = {
        "rules": "hurrikan",
        "scores": [12, 2],
        "hands": [hand_of("hurrikan", PACK & ~SWEEPING)],
    }
    match = ledger(client, body)["match"]
    assert match["winner"] == 0 and match["double"] is True


def test_the_deal_passes_seat_by_seat(client: FlaskClient) -> None:
    even = hand_of("scopa", EVEN)
    body = {
        "rules": "scopa",
        "target": 100,
        "hands": [{**even, "dealer": 1}, {**even, "dealer": 1}],
    }
    problem = assert_problem(client.post("/v1/match", json=body), 422, INVALID_SCORE)
    assert problem["errors"] == {"hands[1].dealer": ["the deal passes to seat 0 after seat 1"]}
    body["hands"][1]["dealer"] = 0
    assert ledger(client, body)["next_dealer"] == 1
    body["hands"][0]["dealer"] = 2
    problem = assert_problem(client.post("/v1/match", json=body), 422)
    assert "hands[0].dealer" in problem["errors"]


def test_no_hand_after_the_match_is_over(client: FlaskClient) -> None:
    even = hand_of("scopa", EVEN)
    body = {"rules": "scopa", "scores": [10, 0], "hands": [even, even]}
    problem = assert_problem(client.post("/v1/match", json=body), 422, INVALID_SCORE)
    # The hand in words counts from 1, its field path from 0.
    assert problem["errors"] == {"hands[1]": ["the match was already over after hand 1 (hands[0])"]}


def test_every_bad_hand_is_named_by_its_index(client: FlaskClient) -> None:
    even = hand_of("scopa", EVEN)
    miscounted = hand_of("scopa", EVEN)
    miscounted["tallies"][0]["cards"] += 1
    partial = {"tallies": [even["tallies"][0], None]}
    body = {"rules": "scopa", "target": 100, "hands": [even, miscounted, partial, miscounted]}
    problem = assert_problem(client.post("/v1/match", json=body), 422, INVALID_SCORE)
    errors = problem["errors"]
    assert "hands[1].tallies" in errors and "hands[3].tallies" in errors
    assert errors["hands[2]"] == [
        "cannot be added to the match: the tallies do not decide primiera, scope"
    ]


def test_the_scores_before_the_first_hand_are_one_per_side(client: FlaskClient) -> None:
    body = {"rules": "scopa", "scores": [1, 2, 3], "hands": [hand_of("scopa", EVEN)]}
    problem = assert_problem(client.post("/v1/match", json=body), 422)
    assert "scores" in problem["errors"]
    assert_problem(client.post("/v1/match", json={"rules": "scopa", "hands": []}), 422)


def test_a_hand_scored_in_the_ledger_is_scored_as_by_score(client: FlaskClient) -> None:
    hand = hand_of("scopa", EVEN)
    row = ledger(client, {"rules": "scopa", "hands": [hand]})["hands"][0]
    alone = client.post("/v1/score", json={"rules": "scopa", **hand}).get_json()
    assert row["sides"] == alone["sides"]
    assert codes(EVEN)[0] == "1D"


def test_a_claim_ends_the_match_with_its_verdict(client: FlaskClient) -> None:
    rules = make_rules("scopa", claims=True)
    rng = random.Random(4)
    state = claimed_hand(rules, rng)
    while state.claimed_by is None:
        state = claimed_hand(rules, rng)
    taken = state.piles[0] | state.piles[1]
    hand = {
        "tallies": [
            tally_json(tally_of(rules, p, n)) for p, n in zip(state.piles, state.scope, strict=True)
        ],
        "leftover": codes(rules.pack_cards & ~taken),
        "claimed_by": state.claimed_by,
    }
    answer = ledger(client, {"rules": rules.options(), "scores": [10, 10], "hands": [hand]})
    match = answer["match"]
    assert match["finished"] is True and answer["next_dealer"] is None
    assert match["reason"] in ("claim", "wrong_claim")
    if match["reason"] == "wrong_claim":
        assert match["loser"] == rules.side_of(state.claimed_by)
    else:
        assert match["winner"] == rules.side_of(state.claimed_by)


def test_partial_tallies_that_decide_everything_are_scored_and_added(
    client: FlaskClient,
) -> None:
    sevens = ["7D", "7C", "7S", "7B"]
    mine = {"cards": 22, "coins": 7, "settebello": True, "prime": sevens, "scope": 1}
    hand = {"tallies": [mine, {"scope": 0}]}
    alone = client.post("/v1/score", json={"rules": "scopa", **hand, "match": {"scores": [1, 1]}})
    answer = alone.get_json()
    assert answer["undecided"] == [] and answer["totals"] == [5, 0]
    assert answer["match"]["scores"] == [6, 1]
    assert answer["sides"][1]["cards"] == 18 and answer["sides"][1]["prime"] is None
    row = ledger(client, {"rules": "scopa", "hands": [hand]})["hands"][0]
    assert row["totals"] == [5, 0] and row["scores"] == [5, 0]
