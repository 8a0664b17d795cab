"""POST /v1/score from tallies, and the tally form of GET /v1/rules and /v1/rules/tally."""

from __future__ import annotations

import json
import random
from typing import Any
from urllib.parse import quote

import pytest
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.api.score.schemas import TallySchema
from service.engine import Rules, State, apply, codec, deal, legal_moves
from service.engine.cards import codes
from service.engine.moves import MoveKind
from service.engine.presets import make_rules
from service.engine.tally import TALLY_NAMES, SideTally, facts_named, tally_fields, tally_of
from service.engine.tally_check import shares
from tests.api.problem_asserts import assert_problem
from tests.engine.helpers import cards
from tests.engine.tally_helpers import FinishedHand, every_table, hands

INVALID_SCORE = "urn:scopa:problem:invalid-score"
VALIDATION = "urn:scopa:problem:validation"
HANDS_PER_TABLE = 10  # 62 tables: about 620 hands through the API


def tally_json(tally: SideTally) -> dict[str, Any]:
    """A tally as a request sends it: the counted facts, the prime as card codes."""
    data: dict[str, Any] = {}
    for name in SideTally.__dataclass_fields__:
        value = getattr(tally, name)
        if value is not None:
            data[name] = codes(value) if name == "prime" else value
    return data


def hand_json(hand: FinishedHand) -> dict[str, Any]:
    """The declarations of a hand as a request sends them."""
    return {"declarations": [codec.declaration_to_dict(d) for d in hand.declarations]}


def piles_json(hand: FinishedHand) -> list[dict[str, Any]]:
    """A hand's piles as a request sends them."""
    return [{"cards": codes(p), "scope": n} for p, n in zip(hand.piles, hand.scope, strict=True)]


def tallies_json(hand: FinishedHand) -> list[dict[str, Any]]:
    """Every side's tally of a hand, counted from its pile."""
    return [
        tally_json(tally_of(hand.rules, p, n)) for p, n in zip(hand.piles, hand.scope, strict=True)
    ]


@pytest.mark.parametrize("rules", every_table(), ids=lambda r: f"{r.preset}-{r.players}")
def test_tallies_of_finished_hands_give_the_answer_of_their_piles(
    client: FlaskClient, rules: Rules
) -> None:
    rng = random.Random(rules.preset)
    asks_run = any(f.name == "napola" for f in tally_fields(rules))
    for hand in hands(rules, HANDS_PER_TABLE, seed=rules.players):
        match = {"scores": [rng.randrange(rules.target) for _ in range(rules.sides)]}
        common = {"rules": rules.options(), **hand_json(hand), "match": match}
        by_piles = client.post("/v1/score", json={**common, "piles": piles_json(hand)})
        by_tallies = client.post("/v1/score", json={**common, "tallies": tallies_json(hand)})
        assert by_piles.status_code == by_tallies.status_code == 200, by_tallies.get_json()
        expected, answer = by_piles.get_json(), by_tallies.get_json()
        assert answer.pop("undecided") == []
        if not asks_run:
            for side in expected["sides"]:
                side["napola_run"] = None
        assert answer == expected


def test_a_partial_tally_answers_what_it_decides_and_no_match(client: FlaskClient) -> None:
    hand = next(hands(make_rules("scopa"), 1, seed=2))
    mine = tallies_json(hand)[0]
    body = {"rules": "scopa", "tallies": [mine, None], "match": {"scores": [0, 0]}}
    answer = client.post("/v1/score", json=body).get_json()
    assert "match" not in answer
    assert "scope" in answer["undecided"]
    theirs = answer["sides"][1]
    assert theirs["cards"] == 40 - mine["cards"]
    assert theirs["scope"] is None and theirs["total"] is None
    assert set(theirs["points"]) >= {"cards", "coins", "settebello"}
    assert answer["totals"] == [None, None]


def test_every_miscount_is_named_at_once(client: FlaskClient) -> None:
    hand = next(hands(make_rules("scopa"), 1, seed=2))
    mine, theirs = tallies_json(hand)
    theirs["settebello"] = not theirs["settebello"]
    mine["cards"] = mine["coins"] - 1
    response = client.post("/v1/score", json={"rules": "scopa", "tallies": [mine, theirs]})
    problem = assert_problem(response, 422, INVALID_SCORE)
    assert "tallies[0].coins" in problem["errors"]
    assert "tallies" in problem["errors"]
    assert (
        "tallies[1].settebello" in problem["errors"]
        or "tallies[0].settebello" in (problem["errors"])
    )


def test_piles_or_tallies(client: FlaskClient) -> None:
    hand = next(hands(make_rules("scopa"), 1, seed=2))
    both = {"rules": "scopa", "piles": piles_json(hand), "tallies": tallies_json(hand)}
    problem = assert_problem(client.post("/v1/score", json=both), 422, VALIDATION)
    assert problem["errors"] == {"piles": ["give either piles or tallies"]}
    neither = {"rules": "scopa"}
    problem = assert_problem(client.post("/v1/score", json=neither), 422, VALIDATION)
    assert problem["errors"] == {"piles": ["give either piles or tallies"]}


CLAIMING = [
    make_rules("scopa", claims=True),
    make_rules("scopone_scientifico", claims=True),
    make_rules("scopa", players=3, claims=True),
    make_rules("napola", claims=True),
    make_rules("chkobba", claims=True),
    make_rules("piva", claims=True),
]


def claimed_hand(rules: Rules, rng: random.Random) -> State:
    """A hand played at random until a seat claims (now and then) or the hand ends."""
    state = deal(rules, rng.randrange(2**31))
    while not state.finished:
        moves = legal_moves(state)
        claims = [m for m in moves if m.kind == MoveKind.CLAIM]
        plays = [m for m in moves if m.kind != MoveKind.CLAIM]
        pick = claims[0] if claims and (not plays or rng.random() < 0.06) else rng.choice(plays)
        state, _ = apply(state, pick)
    return state


@pytest.mark.parametrize("rules", CLAIMING, ids=lambda r: f"{r.preset}-{r.players}")
def test_a_claim_is_judged_from_whole_tallies_as_from_the_piles(
    client: FlaskClient, rules: Rules
) -> None:
    rng = random.Random(rules.preset)
    verdicts = set()
    judged = 0
    while judged < 40:
        state = claimed_hand(rules, rng)
        if state.claimed_by is None:
            continue
        judged += 1
        hand = FinishedHand(rules, state.piles, state.scope, state.declarations)
        taken = 0
        for pile in state.piles:
            taken |= pile
        # The claimer's side often near the target, so that claims are right as well as wrong.
        scores = [rng.randrange(rules.target) for _ in range(rules.sides)]
        if rng.random() < 0.7:
            scores[rules.side_of(state.claimed_by)] = rules.target - 1 - rng.randrange(2)
        match = {"scores": scores}
        common = {
            "rules": rules.options(),
            **hand_json(hand),
            "claimed_by": state.claimed_by,
            "match": match,
        }
        by_piles = client.post("/v1/score", json={**common, "piles": piles_json(hand)})
        by_tallies = client.post(
            "/v1/score",
            json={
                **common,
                "tallies": tallies_json(hand),
                "leftover": codes(rules.pack_cards & ~taken),
            },
        )
        assert by_piles.status_code == by_tallies.status_code == 200, by_tallies.get_json()
        expected, answer = by_piles.get_json(), by_tallies.get_json()
        assert answer.pop("undecided") == []
        if not any(f.name == "napola" for f in tally_fields(rules)):
            for side in expected["sides"]:
                side["napola_run"] = None
        assert answer == expected
        verdicts.add(expected["match"]["reason"])
    assert verdicts == {"claim", "wrong_claim"}


def test_a_claim_needs_every_sides_whole_tally(client: FlaskClient) -> None:
    hand = next(hands(make_rules("scopa"), 1, seed=2))
    tallies = tallies_json(hand)
    del tallies[1]["scope"]
    body = {
        "rules": {"preset": "scopa", "claims": True},
        "tallies": [tallies[0], tallies[1]],
        "claimed_by": 0,
        "match": {"scores": [9, 9]},
    }
    problem = assert_problem(client.post("/v1/score", json=body), 422, INVALID_SCORE)
    assert problem["errors"] == {
        "tallies[1]": ["a claim is judged on every side's whole tally; not counted: scope"]
    }


def test_tally_values_of_the_wrong_type_are_refused(client: FlaskClient) -> None:
    body = {"rules": "scopa", "tallies": [{"cards": "23", "prime": ["7D", "7D"]}, None]}
    problem = assert_problem(client.post("/v1/score", json=body), 422, VALIDATION)
    assert set(problem["errors"]) == {"tallies[0].cards", "tallies[0].prime"}


def test_reasons_come_in_italian(client: FlaskClient) -> None:
    body = {"rules": "scopa", "tallies": [{"cards": 5, "coins": 6}, None]}
    response = client.post("/v1/score", json=body, headers={"Accept-Language": "it"})
    problem = assert_problem(response, 422, INVALID_SCORE)
    assert problem["errors"] == {"tallies[0].coins": ["più denari (6) che carte (5)"]}


def test_the_catalogue_gives_each_presets_tally_form(client: FlaskClient) -> None:
    catalog = client.get("/v1/rules").get_json()
    for preset in catalog["presets"]:
        names = [f["name"] for f in preset["tally"]["fields"]]
        assert names[:3] == ["cards", "coins", "settebello"]
        assert "prime" in names and "scope" in names
        assert preset["tally"]["sides"] == (
            2 if preset["options"]["teams"] else preset["options"]["players"]
        )
    by_name = {p["name"]: p["tally"] for p in catalog["presets"]}
    assert "napola" in [f["name"] for f in by_name["napola"]["fields"]]
    assert "declarations" in by_name["bazzica"]["hand"]


def test_the_tally_form_of_any_options(client: FlaskClient) -> None:
    options = quote(json.dumps({"preset": "scopa", "players": 4, "re_bello": True, "piva": True}))
    response = client.get(f"/v1/rules/tally?rules={options}")
    assert response.status_code == 200
    form = response.get_json()
    assert form["sides"] == 2
    assert form["rules"]["players"] == 4
    fields = {f["name"]: f for f in form["fields"]}
    assert fields["re_bello"] == {
        "name": "re_bello",
        "category": "re_bello",
        "type": "boolean",
        "cards": ["10D"],
        "description": "took the king of the bonus suit",
    }
    assert fields["piva"]["cards"] == ["2B"]
    assert fields["prime"]["max_items"] == 4 and fields["prime"]["one_per_suit"] is True
    assert fields["scope"]["maximum"] == 18  # two players of a side, nine cards each
    again = client.get(
        f"/v1/rules/tally?rules={options}", headers={"If-None-Match": response.headers["ETag"]}
    )
    assert again.status_code == 304
    italian = client.get("/v1/rules/tally?rules=scopa&lang=it").get_json()
    assert italian["fields"][0]["description"] == "carte prese"


def test_the_tally_form_refuses_bad_rules(client: FlaskClient) -> None:
    assert_problem(client.get("/v1/rules/tally?rules=nope"), 422)
    assert_problem(client.get("/v1/rules/tally?rules={nope"), 422)
    assert_problem(client.get("/v1/rules/tally"), 422)
    clash = quote(json.dumps({"preset": "scopa", "napola": "length", "pack": "corse36"}))
    problem = assert_problem(client.get(f"/v1/rules/tally?rules={clash}"), 422)
    assert any(field.startswith("rules") for field in problem["errors"])


TABLES = [
    make_rules("scopa"),
    make_rules("napola"),
    make_rules("chkobba"),
    make_rules("scopa", players=3),
]


@st.composite
def tally_bodies(draw: st.DrawFn) -> tuple[Rules, dict[str, Any]]:
    """A /v1/score body of random tallies, valid JSON of about the right shape."""
    rules = draw(st.sampled_from(TABLES))
    number = st.one_of(st.integers(-2, 45), st.none(), st.just("3"), st.floats(0, 5))
    side = st.one_of(
        st.none(),
        st.fixed_dictionaries(
            {},
            optional={
                "cards": number,
                "coins": number,
                "scope": number,
                "settebello": st.one_of(st.booleans(), st.none(), st.just(1)),
                "prime": st.one_of(
                    st.lists(
                        st.sampled_from(["7D", "7C", "6S", "1B", "10D", "2S", "XX"]), max_size=5
                    ),
                    st.none(),
                ),
                "napola": number,
                "grande": st.booleans(),
            },
        ),
    )
    tallies = draw(st.lists(side, min_size=rules.sides - 1, max_size=rules.sides + 1))
    return rules, {"rules": rules.options(), "tallies": tallies}


@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(tally_bodies())
def test_fuzzed_tallies_are_answered_only_when_they_add_up(
    client: FlaskClient, case: tuple[Rules, dict[str, Any]]
) -> None:
    rules, body = case
    response = client.post("/v1/score", json=body)
    assert response.status_code in (200, 422), response.get_json()
    if response.status_code == 200:
        loaded = [
            SideTally(
                **{
                    k: (sum(1 << codec.parse_card(c) for c in v) if k == "prime" else v)
                    for k, v in (t or {}).items()
                    if v is not None
                }
            )
            for t in body["tallies"]
        ]
        assert shares(rules, loaded) is not None


def test_any_card_of_the_best_value_may_name_a_suit(client: FlaskClient) -> None:
    # Scopone: side 0's only coins are the three faces, each worth 10 in the prime.
    pile = cards("8D 9D 10D 7C 6C 5C 7S 6S 5S 7B 6B 5B 4B 3B 2B 1B 1C 1S 2C 2S")
    rules = make_rules("scopone_scientifico")
    tallies = [
        tally_json(tally_of(rules, pile, 2)),
        tally_json(tally_of(rules, rules.pack_cards & ~pile, 1)),
    ]
    answers = []
    for named in ("8D", "9D", "10D"):
        tallies[0]["prime"] = [named, *tallies[0]["prime"][1:]]
        body = {"rules": "scopone_scientifico", "tallies": tallies}
        response = client.post("/v1/score", json=body)
        assert response.status_code == 200, response.get_json()
        answer = response.get_json()
        assert answer["sides"][0]["prime"]["cards"][0] == named
        answers.append((answer["totals"], [s["points"] for s in answer["sides"]]))
    assert answers[0] == answers[1] == answers[2]


def test_a_prime_counted_as_points_is_scored_and_said_so(client: FlaskClient) -> None:
    hand = next(hands(make_rules("scopa"), 1, seed=2))
    by_piles = client.post("/v1/score", json={"rules": "scopa", "piles": piles_json(hand)})
    expected = by_piles.get_json()
    tallies = tallies_json(hand)
    value = expected["sides"][0]["prime"]["value"]
    assert expected["sides"][0]["prime"]["all_suits"]
    del tallies[0]["prime"]
    tallies[0]["prime_points"] = value
    answer = client.post("/v1/score", json={"rules": "scopa", "tallies": tallies}).get_json()
    assert answer["totals"] == expected["totals"]
    assert answer["sides"][0]["prime"] == {
        "value": value,
        "cards": [],
        "all_suits": True,
        "from_points": True,
    }
    assert "from_points" not in answer["sides"][1]["prime"]
    tallies[0]["prime_points"] = 41
    problem = assert_problem(
        client.post("/v1/score", json={"rules": "scopa", "tallies": tallies}), 422, INVALID_SCORE
    )
    assert problem["errors"] == {
        "tallies[0].prime_points": ["no prime with a card of every suit makes 41"]
    }


def test_prime_points_are_a_number(client: FlaskClient) -> None:
    for wrong in ("78", True, -1, 85):
        body = {"rules": "scopa", "tallies": [{"prime_points": wrong}, None]}
        problem = assert_problem(client.post("/v1/score", json=body), 422, VALIDATION)
        assert set(problem["errors"]) == {"tallies[0].prime_points"}
    halves = {"preset": "scopa", "prime_table": "half_values"}
    body = {"rules": halves, "tallies": [{"prime_points": 26.5}, None]}
    assert client.post("/v1/score", json=body).status_code == 200
    problem = assert_problem(
        client.post(
            "/v1/score", json={"rules": "chkobba", "tallies": [{"prime_points": 60}, None]}
        ),
        422,
        INVALID_SCORE,
    )
    assert problem["errors"] == {"tallies[0].prime_points": ["these rules do not score it"]}


def test_a_claim_needs_the_prime_cards_of_the_sides_it_adds_cards_to(client: FlaskClient) -> None:
    rules = make_rules("scopa", claims=True)
    state = next(
        s
        for s in (claimed_hand(rules, random.Random(i)) for i in range(50))
        if s.claimed_by is not None
    )
    side = rules.side_of(state.claimed_by or 0)
    tallies = [
        tally_json(tally_of(rules, p, n)) for p, n in zip(state.piles, state.scope, strict=True)
    ]
    other = 1 - side
    tallies[other].pop("prime")
    tallies[other]["prime_points"] = 60
    body = {
        "rules": rules.options(),
        "tallies": tallies,
        "leftover": codes(rules.pack_cards & ~state.piles[0] & ~state.piles[1]),
        "claimed_by": state.claimed_by,
        "match": {"scores": [9, 9]},
    }
    problem = assert_problem(client.post("/v1/score", json=body), 422, INVALID_SCORE)
    assert problem["errors"][f"tallies[{other}].prime"] == [
        "a claim adds the cards not yet taken to this side's prime: name its cards, not only its "
        "points"
    ]


def test_the_tally_form_offers_the_prime_as_points_where_the_table_sums(
    client: FlaskClient,
) -> None:
    form = client.get("/v1/rules/tally?rules=scopa").get_json()
    fields = {f["name"]: f for f in form["fields"]}
    assert [f["name"] for f in form["fields"]].index("prime_points") == 4
    assert fields["prime_points"] == {
        "name": "prime_points",
        "category": "primiera",
        "type": "integer",
        "minimum": 40,
        "maximum": 84,
        "instead_of": "prime",
        "description": "the prime's points: the values of its cards summed, a card of every suit "
        "taken (instead of, or beside, the prime's cards)",
    }
    halves = quote(json.dumps({"preset": "scopa", "prime_table": "half_values"}))
    form = client.get(f"/v1/rules/tally?rules={halves}").get_json()
    points = next(f for f in form["fields"] if f["name"] == "prime_points")
    assert (points["type"], points["minimum"], points["maximum"]) == ("number", 2, 28)
    for counted in ("chkobba", "escoba"):
        form = client.get(f"/v1/rules/tally?rules={counted}").get_json()
        assert "prime_points" not in [f["name"] for f in form["fields"]]
    italian = client.get("/v1/rules/tally?rules=scopa&lang=it").get_json()
    points = next(f for f in italian["fields"] if f["name"] == "prime_points")
    assert points["description"].startswith("i punti della primiera")


def test_the_tally_schema_is_the_engine_s_facts() -> None:
    fields = TallySchema().fields
    assert list(fields) == list(TALLY_NAMES)
    for name, field in fields.items():
        described = field.metadata["description"]
        assert all(fact.description in described for fact in facts_named(name)), name
