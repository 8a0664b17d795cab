"""Bazzica, Sbarazzina and Cirulla declarations: what a hand declares, the declaration round
after each deal of three (declare or decline, seat by seat, before any card), and how the
declarations of a deal are compared and scored."""

import json
from dataclasses import replace

import pytest

from service.engine import (
    Declaration,
    EventKind,
    IllegalMoveError,
    MoveKind,
    State,
    apply,
    check_state,
    deal,
    legal_moves,
    make_rules,
    score_hand,
    score_state,
)
from service.engine.cards import RANK_MASKS, iter_cards, rank_of
from service.engine.codec import (
    hand_score_to_dict,
    move_from_dict,
    move_to_dict,
    state_from_dict,
    state_to_dict,
    view_from_dict,
    view_to_dict,
)
from service.engine.declarations import shown_hand
from service.engine.errors import InvalidStateError
from service.engine.moves import CLAIM_MOVE, DECLINE_MOVE, Move, declare_move
from service.engine.view import view_of
from tests.engine.helpers import cards, hand_state, move


@pytest.mark.parametrize(
    ("preset", "hand", "kind", "value", "points"),
    [
        # Bazzica (scopa-pagat): three cards totalling 9 or less score 3, faces count 10.
        ("bazzica", "2D 1C 1S", "low_total", 4, 3),  # the best bazzica, 2+A+A
        ("bazzica", "1D 2C 6S", "low_total", 9, 3),
        ("bazzica", "2D 3C 4S", "low_total", 9, 3),
        ("bazzica", "4D 3C 3S", "low_total", 10, None),
        ("bazzica", "8D 1C 2S", "low_total", 13, None),  # a jack counts 10
        ("bazzica", "1D 1C 1S", "three_of_a_rank", 1, 10),  # bazzicotto, the best
        ("bazzica", "10D 10C 10S", "three_of_a_rank", 10, 10),  # the worst bazzicotto
        # Sbarazzina: 2 for three different ranks, 3 with a pair, 7 for three of a kind.
        ("sbarazzina", "1D 2C 6S", "low_total", 9, 2),
        ("sbarazzina", "1D 1C 6S", "low_total", 8, 3),
        ("sbarazzina", "5D 5C 5S", "three_of_a_rank", 5, 7),
        ("sbarazzina", "9D 1C 1S", "low_total", 12, None),
        # Cirulla (scopa-encyclopedia): under 7 scores 3, three of a rank 10, 7 of cups wild.
        ("cirulla", "1D 2C 3S", "low_total", 6, 3),
        ("cirulla", "1D 2C 4S", "low_total", 7, None),
        ("cirulla", "7C 1D 4S", "low_total", 6, 3),  # the wild 7 of cups as an ace
        ("cirulla", "7C 2D 4S", "low_total", 7, None),
        ("cirulla", "7C 5D 5S", "three_of_a_rank", 5, 10),  # the wild makes a third 5
        ("cirulla", "7C 9D 9S", "three_of_a_rank", 9, 10),
        ("cirulla", "7C 1D 1S", "three_of_a_rank", 1, 10),  # three aces beat a low total
        ("cirulla", "7D 7S 7B", "three_of_a_rank", 7, 10),
        ("cirulla", "7C 7D 7S", "three_of_a_rank", 7, 10),
    ],
)
def test_what_a_hand_declares(
    preset: str, hand: str, kind: str, value: int, points: int | None
) -> None:
    shown = shown_hand(make_rules(preset), cards(hand))
    if points is None:
        assert shown is None
    else:
        assert shown is not None
        assert (shown.kind, shown.value, shown.points) == (kind, value, points)


@pytest.mark.parametrize(
    ("preset", "first", "second", "points"),
    [
        ("bazzica", "2D 1C 1S", "2C 3D 4D", (3, 0)),  # the lower total wins
        ("bazzica", "1D 2C 6S", "2D 3C 4S", (0, 0)),  # equal totals (9): nobody
        ("bazzica", "3D 3C 3S", "2D 1C 1S", (10, 0)),  # any bazzicotto beats any bazzica
        ("bazzica", "10D 10C 10S", "1D 1C 1S", (0, 10)),  # the lower bazzicotto wins
        ("bazzica", "4D 4C 1S", None, (3, 0)),  # alone, it scores
        ("sbarazzina", "1D 1C 6S", "2D 3C 4S", (3, 0)),  # 8 beats 9; a pair scores 3
        ("sbarazzina", "1D 2C 6S", "2D 1C 5S", (0, 2)),
        ("sbarazzina", "9D 9C 9S", "1D 1C 2S", (7, 0)),
        ("cirulla", "1D 2C 3S", "1C 1S 2D", (3, 3)),  # every Cirulla declaration scores
        ("cirulla", "7C 5D 5S", "1B 2B 3B", (10, 3)),
    ],
)
def test_declarations_of_a_deal_are_compared(
    preset: str, first: str, second: str | None, points: tuple[int, int]
) -> None:
    rules = make_rules(preset)
    declared = [Declaration(0, 1, cards(first))]
    if second is not None:
        declared.append(Declaration(1, 1, cards(second)))
    hand = score_hand(rules, (0, 0), (0, 0), declared)
    assert tuple(s.points["declarations"] for s in hand.sides) == points
    for side, score in enumerate(hand.sides):
        assert [d.points for d in score.declarations] == [
            points[side] for d in declared if d.seat == side
        ]


def test_each_deal_is_compared_on_its_own_and_the_points_add_up() -> None:
    rules = make_rules("bazzica")
    declared = [
        Declaration(0, 1, cards("1D 1C 2S")),
        Declaration(1, 1, cards("3D 3C 3S")),  # deal 1: the bazzicotto wins
        Declaration(0, 4, cards("1S 2D 3C")),  # deal 4: alone
    ]
    hand = score_hand(rules, (0, 0), (0, 0), declared)
    assert [s.points["declarations"] for s in hand.sides] == [3, 10]
    evidence = hand_score_to_dict(hand)[0]["declarations"]
    assert evidence == [
        {"seat": 0, "deal": 1, "cards": ["1D", "1C", "2S"], "kind": "low_total", "value": 4,
         "points": 0},
        {"seat": 0, "deal": 4, "cards": ["2D", "3C", "1S"], "kind": "low_total", "value": 6,
         "points": 3},
    ]  # fmt: skip


def round_state(rules_name: str, hands: list[str], table: str = "", **options: object) -> State:
    """A last deal of three cards with its declaration round open: seat 0 acts first."""
    rules = make_rules(rules_name, **options)
    return replace(hand_state(rules, hands, table), declaration_round=True)


def test_the_round_follows_every_deal_of_three_before_any_card() -> None:
    rules = make_rules("bazzica")
    state = deal(rules, 3, dealer=1)
    assert state.declaration_round and state.to_move == 0
    moves = legal_moves(state)
    assert moves[-1] == DECLINE_MOVE
    assert all(m.kind in (MoveKind.DECLARE, MoveKind.DECLINE) for m in moves)
    state, events = apply(state, DECLINE_MOVE)
    assert [e.kind for e in events] == [EventKind.DECLINE]
    assert (state.declaration_round, state.to_move) == (True, 1)  # the dealer acts last
    state, _ = apply(state, DECLINE_MOVE)
    assert (state.declaration_round, state.to_move) == (False, 0)  # play starts after it
    assert all(m.kind is MoveKind.PLAY for m in legal_moves(state))
    while state.deals_made == 1:
        state, _ = apply(state, legal_moves(state)[0])
    # The second deal opens a new round, the seat after the dealer first.
    assert (state.deals_made, state.declaration_round, state.to_move) == (2, True, 0)


def test_a_declaration_shows_the_hand_and_the_next_seat_acts() -> None:
    state = round_state("bazzica", ["1D 1C 2S", "5S 6S 9B"], "4B 7C")
    moves = legal_moves(state)
    assert moves == [declare_move(cards("1D 1C 2S")), DECLINE_MOVE]
    assert moves[0].code() == "declare:1D+1C+2S"
    after, events = apply(state, moves[0])
    assert [e.kind for e in events] == [EventKind.DECLARE]
    assert events[0].cards == cards("1D 1C 2S")
    assert after.to_move == 1
    assert after.hands == state.hands
    assert after.declarations == (Declaration(0, after.rules.deals, cards("1D 1C 2S")),)
    assert legal_moves(after) == [DECLINE_MOVE]  # seat 1's hand declares nothing


def test_nobody_declares_once_a_card_of_the_deal_is_played() -> None:
    # scopa-pagat: a bazzica must be declared right after the deal, before the next card is
    # played. Seat 1 may not wait to see seat 0's first card.
    state = round_state("bazzica", ["5D 6D 9B", "1D 1C 2S"], "4B 7C")
    state, _ = apply(state, DECLINE_MOVE)
    state, _ = apply(state, DECLINE_MOVE)  # seat 1 could declare, and declined
    played, _ = apply(state, move("5D"))
    assert played.to_move == 1
    assert not any(m.kind in (MoveKind.DECLARE, MoveKind.DECLINE) for m in legal_moves(played))
    for late in (declare_move(cards("1D 1C 2S")), DECLINE_MOVE):
        with pytest.raises(IllegalMoveError, match="only in the round"):
            apply(played, late)


def test_no_card_is_played_before_the_round_is_over() -> None:
    state = round_state("bazzica", ["5D 6D 9B", "1D 1C 2S"], "4B 7C", claims=True)
    with pytest.raises(IllegalMoveError, match="declare or decline"):
        apply(state, move("5D"))
    assert CLAIM_MOVE not in legal_moves(state)  # a claim waits for a turn of play
    with pytest.raises(IllegalMoveError, match="declare or decline"):
        apply(state, CLAIM_MOVE)


@pytest.mark.parametrize(
    ("code", "hand"),
    [
        ("declare:1D+1C", "1D 1C 2S"),  # not the whole hand
        ("declare:1D+1C+3S", "1D 1C 2S"),  # a card not held
        ("declare:5S+6S+9B", "5S 6S 9B"),  # a hand that declares nothing
    ],
)
def test_a_wrong_declaration_is_illegal(code: str, hand: str) -> None:
    state = hand_state(make_rules("bazzica"), [hand, "4D 4C 4S"], "7C")
    with pytest.raises(IllegalMoveError):
        apply(state, move(code))


def test_no_declaration_without_the_option_or_after_a_deal_of_four() -> None:
    plain = hand_state(make_rules("scopa"), ["1D 1C 2S", "5S"], "7C")
    assert not any(m.kind is MoveKind.DECLARE for m in legal_moves(plain))
    with pytest.raises(IllegalMoveError):
        apply(plain, move("declare:1D+1C+2S"))
    assert not deal(make_rules("scopa"), 1).declaration_round
    corse = make_rules("corse", declarations="bazzica")
    state = deal(corse, 5)
    while state.deals_made < 5:
        state, _ = apply(state, legal_moves(state)[-1 if state.declaration_round else 0])
    assert not state.declaration_round  # the last deal gives four cards: no round
    assert not any(m.kind is MoveKind.DECLARE for m in legal_moves(state))


def test_cirulla_declarations_are_compulsory_in_the_round() -> None:
    state = round_state("cirulla", ["7C 5D 5S", "4D 6C 9B"], "5B 10C")
    assert legal_moves(state) == [declare_move(cards("7C 5D 5S"))]
    with pytest.raises(IllegalMoveError, match="must be declared"):
        apply(state, DECLINE_MOVE)
    with pytest.raises(IllegalMoveError, match="declare or decline"):
        apply(state, move("5D:5B"))
    after, _ = apply(state, legal_moves(state)[0])
    assert legal_moves(after) == [DECLINE_MOVE]  # 4+6+9 declares nothing
    after, _ = apply(after, DECLINE_MOVE)
    assert move("5D:5B") in legal_moves(after)


def test_the_chkobba_cut_is_followed_by_the_round() -> None:
    rules = make_rules("chkobba", declarations="bazzica")
    state = deal(rules, 8)
    assert not state.declaration_round
    state, _ = apply(state, legal_moves(state)[0])  # the cutter keeps the drawn card
    assert state.declaration_round and state.to_move == state.first_player


def test_declare_moves_and_declarations_round_trip_through_json() -> None:
    declared = declare_move(cards("2S 1D 1C"))
    data = move_to_dict(declared)
    assert data == {"card": "1D", "capture": ["1C", "2S"], "kind": "declare"}
    assert move_from_dict(data) == declared
    shuffled = {"card": "2S", "capture": ["1D", "1C"], "kind": "declare"}
    assert move_from_dict(shuffled) == declared
    assert Move.from_code("declare:2S+1C+1D") == declared
    assert move_to_dict(DECLINE_MOVE) == {"capture": [], "kind": "decline"}
    assert move_from_dict({"kind": "decline"}) == DECLINE_MOVE
    assert Move.from_code("decline") == DECLINE_MOVE == Move.from_code(DECLINE_MOVE.code())
    state = round_state("bazzica", ["1D 1C 2S", "5S 6S 9B"], "4B")
    data = json.loads(json.dumps(state_to_dict(state)))
    assert data["declaration_round"] is True
    assert state_from_dict(data) == state
    state, _ = apply(state, declared)
    data = json.loads(json.dumps(state_to_dict(state)))
    assert data["declarations"] == [{"seat": 0, "deal": 6, "cards": ["1D", "1C", "2S"]}]
    assert state_from_dict(data) == state
    assert view_to_dict(view_of(state, 1))["declarations"] == data["declarations"]
    assert view_to_dict(view_of(state, 1))["declaration_round"] is True
    assert "declarations" not in state_to_dict(hand_state(state.rules, ["1D", "2D"], ""))
    assert "declaration_round" not in state_to_dict(hand_state(state.rules, ["1D", "2D"], ""))


def test_declarations_reach_the_hand_score() -> None:
    state = round_state("bazzica", ["1D 1C 2S", "5S 6S 9B"], "4B")
    moves = 0
    while not state.finished:
        state, _ = apply(state, legal_moves(state)[0])
        moves += 1
    assert moves == 8  # a declaration, a decline, six cards
    score = score_state(state)
    assert score.sides[0].points["declarations"] == 3
    assert score.sides[1].points["declarations"] == 0


@pytest.mark.parametrize(
    ("declaration", "field"),
    [
        (Declaration(2, 1, cards("1D 1C 2S")), "declarations[0].seat"),
        (Declaration(0, 7, cards("1D 1C 2S")), "declarations[0].deal"),
        (Declaration(0, 1, cards("9D 9C 2S")), "declarations[0].cards"),
    ],
)
def test_impossible_declarations_are_named(declaration: Declaration, field: str) -> None:
    rules = make_rules("bazzica")
    state = hand_state(rules, ["1D 1C 2S", "5S 6S 9B"], "4B")
    with pytest.raises(InvalidStateError) as error:
        check_state(replace(state, declarations=(declaration,)))
    assert field in [p.field for p in error.value.problems]


def problem_fields(state: State) -> set[str]:
    """The fields check_state names for a state."""
    with pytest.raises(InvalidStateError) as error:
        check_state(state)
    return {p.field for p in error.value.problems}


def dealt_bazzica(seed: int = 2) -> State:
    """A bazzica hand as dealt: the first deal's round open, seat 1 first (seat 0 deals)."""
    return deal(make_rules("bazzica"), seed)


def test_only_the_seats_that_acted_have_declared_in_the_open_round() -> None:
    state = next(
        s
        for s in (dealt_bazzica(seed) for seed in range(100))
        if legal_moves(s)[0].kind is MoveKind.DECLARE
    )
    check_state(state)
    declared, _ = apply(state, legal_moves(state)[0])
    check_state(declared)  # the first seat acted: its declaration fits the round
    dealer = state.dealer
    early = replace(state, declarations=(Declaration(dealer, 1, state.hands[dealer]),))
    assert "declarations[0].seat" in problem_fields(early)  # the dealer acts last


def test_a_declared_card_is_placed_where_it_can_be() -> None:
    rules = make_rules("bazzica")
    state = replace(hand_state(rules, ["5D 6D 9B", "1D 1C 2S"], "4B 7C"), declaration_round=True)
    elsewhere = replace(state, declarations=(Declaration(0, 6, cards("1D 1C 2S")),), to_move=1)
    assert "declarations[0].cards" in problem_fields(elsewhere)  # in seat 1's hand
    older = replace(
        state,
        declarations=(Declaration(1, 5, cards("1D 1C 2S")),),
        declaration_round=False,
    )
    assert "declarations[0].cards" in problem_fields(older)  # deal 5 is over: played
    twice = replace(
        state,
        to_move=1,
        declarations=(Declaration(0, 6, cards("5D 6D 9B")), Declaration(0, 5, cards("5D 1S 2B"))),
    )
    fields = problem_fields(twice)
    assert "declarations[1].cards" in fields  # 5D shown twice in a hand


def test_an_open_round_needs_a_fresh_deal_of_three_and_declarations() -> None:
    state = dealt_bazzica()
    while state.declaration_round:
        state, _ = apply(state, DECLINE_MOVE)
    played, _ = apply(state, legal_moves(state)[0])
    assert "declaration_round" in problem_fields(replace(played, declaration_round=True))
    plain = deal(make_rules("scopa"), 2)
    assert "declaration_round" in problem_fields(replace(plain, declaration_round=True))


def round_view(state: State) -> dict[str, object]:
    """The JSON view of the seat to move without what its history determines."""
    data = view_to_dict(view_of(state, state.to_move))
    for derived in ("piles", "scope", "last_capturer", "declarations", "declaration_round"):
        data.pop(derived, None)
    return data


def test_the_history_rebuilds_the_round_and_checks_its_order() -> None:
    state = dealt_bazzica()
    rebuilt = view_from_dict(round_view(state))
    assert rebuilt.declaration_round and rebuilt.to_move == state.to_move
    after, _ = apply(state, legal_moves(state)[-1])  # the first seat declines
    assert view_from_dict(round_view(after)) == view_of(after, after.to_move)
    while after.declaration_round:
        after, _ = apply(after, legal_moves(after)[0])
    after, _ = apply(after, legal_moves(after)[0])  # a card
    assert view_from_dict(round_view(after)) == view_of(after, after.to_move)
    # A card before the round is over, a decline by the wrong seat, a decline after the round.
    data = round_view(after)
    history = data["history"]
    assert isinstance(history, list)
    for broken, field in [
        ([history[2], history[0], history[1]], "history[0].kind"),
        ([{**history[0], "seat": history[1]["seat"]}, *history[1:]], "history[0].seat"),
        ([*history[:2], {"seat": history[2]["seat"], "kind": "decline", "capture": []},
          *history[2:]], "history[2].kind"),
    ]:  # fmt: skip
        with pytest.raises(InvalidStateError) as error:
            view_from_dict({**data, "history": broken})
        assert field in {p.field for p in error.value.problems}


def test_a_declared_hand_is_the_hand_then_played() -> None:
    rules = make_rules("bazzica")
    state = next(
        s
        for s in (deal(rules, seed) for seed in range(100))
        if legal_moves(s)[0].kind is MoveKind.DECLARE
    )
    declarer = state.to_move
    state, _ = apply(state, legal_moves(state)[0])
    state, _ = apply(state, DECLINE_MOVE)
    state, _ = apply(state, legal_moves(state)[0])  # the declarer plays a card it showed
    played = state.history[-1].move.card
    data = round_view(state)
    assert view_from_dict(data) == view_of(state, state.to_move)
    # Forge the declaration: the same rank in another suit, still a bazzica, but not the
    # card the declarer then played.
    view = view_of(state, state.to_move)
    stand_in = next(c for c in iter_cards(RANK_MASKS[rank_of(played)] & view.unseen) if c != played)
    shown = state.declarations[0].cards & ~(1 << played) | 1 << stand_in
    forged = {"seat": declarer, **move_to_dict(declare_move(shown))}
    history = data["history"]
    assert isinstance(history, list)
    with pytest.raises(InvalidStateError) as error:
        view_from_dict({**data, "history": [forged, *history[1:]]})
    assert [p.field for p in error.value.problems] == ["history[2].card"]
