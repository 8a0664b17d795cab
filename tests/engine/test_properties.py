"""Properties of random play in every supported variant, driven by hypothesis.

At every step: the state is consistent, the 40 (or 36) cards are conserved, the legal moves
are exactly the brute-force captures, the state and every seat's view round-trip through
JSON. At the end: no moves are left, the points add up, and replaying the history gives the
same hand.
"""

import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from service.engine import (
    EventKind,
    IllegalMoveError,
    Move,
    MoveKind,
    State,
    apply,
    check_state,
    check_view,
    deal,
    is_sweep,
    legal_moves,
    make_rules,
    score_hand,
    score_state,
    settle,
    view_of,
)
from service.engine.cards import iter_cards, rank_of
from service.engine.codec import state_from_dict, state_to_dict, view_from_dict, view_to_dict
from service.engine.declarations import shown_hand
from service.engine.moves import CLAIM_MOVE, DECLINE_MOVE, declare_move
from service.engine.presets import PRESETS
from service.engine.schemes import SCHEMES
from service.engine.scoring import check_piles
from tests.engine.helpers import oracle_captures

CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("scopa", {}),
    ("scopa", {"players": 3}),
    ("scopa", {"players": 4}),
    ("scopa", {"players": 6}),
    ("scopa", {"players": 6, "teams": False}),
    ("scopa", {"pack": "corse36", "deal_sizes": [3, 3, 3, 3, 4], "compulsory_capture": False}),
    ("scopa", {"players": 4, "pack": "corse36", "deal_sizes": [3, 3, 2]}),
    ("scopa", {"deal_sizes": [6, 6, 6], "bonus_suit": "C", "prime_table": "southern"}),
    ("scopa", {"capture_rule": "fifteen", "prime_table": "most_sevens"}),
    ("scopa", {"capture_rule": "sum_or_fifteen", "fewest_cards": True}),
    ("scopa", {"ace_takes_all": True, "ace_scopa": True, "ace_takes_itself": True}),
    ("scopa", {"ace_takes_all": True, "capture_rule": "sum_or_fifteen", "redeal_on_ace": True}),
    ("scopa", {"redeal": "three_of_a_rank", "prime_table": "barmila"}),
    ("scopone", {}),
    ("scopone_scientifico", {"last_card_scopa": True}),
    ("scopone_trentino", {}),
    ("scopone_messina", {}),
    ("re_bello", {}),
    ("napola", {"napola": "over_two", "napola_cap": 6, "napoleone": True}),
    ("calabrese", {"prime_table": "half_values"}),
    ("scopa", {"piva": True, "primiera_incomplete": "none"}),
    ("asso_pigliatutto", {}),
    ("asso_pigliatutto", {"ace_may_pass": True, "ace_takes_itself": True, "players": 4}),
    ("scopa_d_assi", {"redeal_on_ace": True, "ace_may_pass": True}),
    ("quindici", {}),
    ("quindici_2", {"fewest_cards": True}),
    ("quindici_3", {}),
    ("escoba", {"players": 3}),
    ("corse", {}),
    ("corse", {"players": 4}),
    ("hurrikan", {}),
    ("chkobba", {}),
    ("chkobba", {"players": 4}),
    ("scalette", {"ace_takes_all": True}),
]
# Declarations, claims and Cirulla, also sampled on their own below so that each is seen often.
DECLARING: list[tuple[str, dict[str, Any]]] = [
    ("bazzica", {}),
    ("sbarazzina", {}),
    ("piva", {}),
    ("cirulla", {}),
    ("cirulla", {"players": 4, "claims": True}),
    ("bazzica", {"claims": True}),
    ("scopa", {"players": 3, "claims": True, "napola": "length"}),
    ("scopone", {"claims": True, "piva": True}),
]
CONFIGS += DECLARING
# Every preset is played at least as it comes, whatever the lists above name.
CONFIGS += [(name, {}) for name in PRESETS if name not in {n for n, _ in CONFIGS}]


def check_step(state: State) -> None:
    """The checks that hold before every move."""
    rules = state.rules
    check_state(state)
    places = [*state.hands, state.table, *state.piles, *(1 << c for c in state.stock)]
    if state.cut_card is not None:
        places.append(1 << state.cut_card)
    union = 0
    for mask in places:
        union |= mask
    assert union == rules.pack_cards
    assert sum(m.bit_count() for m in places) == rules.pack_size
    expected = set()
    for c in iter_cards(state.hands[state.to_move]):
        options = oracle_captures(rules, c, state.table)
        expected |= {Move(c, o) for o in options}
        if not options or not rules.compulsory_capture:
            expected.add(Move(c, 0))
        if rules.ace_may_pass and rank_of(c) == 1:
            expected.add(Move(c, 0, MoveKind.PASS))
    if state.cut_card is not None:
        expected = {Move(state.cut_card, 0, k) for k in (MoveKind.KEEP, MoveKind.TABLE)}
    elif state.declaration_round:
        # Right after a deal of three, before any card of it: declare or decline only.
        assert rules.deal_sizes[state.deals_made - 1] == 3
        assert all(h.bit_count() == 3 for h in state.hands)
        hand = state.hands[state.to_move]
        qualifies = shown_hand(rules, hand) is not None
        expected = {declare_move(hand)} if qualifies else set()
        if not (qualifies and SCHEMES[rules.declarations].compulsory):
            expected.add(DECLINE_MOVE)
    elif rules.claims:
        expected.add(CLAIM_MOVE)
    moves = legal_moves(state)
    assert len(set(moves)) == len(moves)
    assert set(moves) == expected
    assert state_from_dict(json.loads(json.dumps(state_to_dict(state)))) == state
    for seat in range(rules.players):
        view = view_of(state, seat)
        check_view(view)
        assert view_from_dict(json.loads(json.dumps(view_to_dict(view)))) == view
        others = 0
        for other, hand in enumerate(state.hands):
            if other != seat:
                others |= hand
        hidden_cut = 0 if state.cut_card is None or seat == state.to_move else 1 << state.cut_card
        assert view.unseen == others | sum(1 << c for c in state.stock) | hidden_cut


@settings(max_examples=40, deadline=None)
@given(
    config=st.sampled_from(CONFIGS),
    seed=st.integers(0, 2**32),
    dealer=st.integers(0, 5),
    policy_seed=st.integers(0, 2**32),
)
def test_random_play_keeps_every_invariant(
    config: tuple[str, dict[str, Any]], seed: int, dealer: int, policy_seed: int
) -> None:
    play_and_check(config, seed, dealer, policy_seed)


@settings(max_examples=25, deadline=None)
@given(
    config=st.sampled_from(DECLARING),
    seed=st.integers(0, 2**32),
    dealer=st.integers(0, 5),
    policy_seed=st.integers(0, 2**32),
)
def test_random_play_with_declarations_and_claims_keeps_every_invariant(
    config: tuple[str, dict[str, Any]], seed: int, dealer: int, policy_seed: int
) -> None:
    play_and_check(config, seed, dealer, policy_seed)


def play_and_check(
    config: tuple[str, dict[str, Any]], seed: int, dealer: int, policy_seed: int
) -> None:
    """Play a random hand, checking every step, then its end, score and replay."""
    rules = make_rules(config[0], **config[1])
    rng = random.Random(policy_seed)
    start = deal(rules, seed, dealer % rules.players)
    state = start
    scopa_events = [0] * rules.sides
    # The round of seats still to declare or decline, as the rules say it opens and closes.
    opens = rules.declarations != "none" and rules.deal_sizes[0] == 3
    round_left = rules.players if opens and not rules.first_card_choice else 0
    while not state.finished:
        check_step(state)
        assert state.declaration_round == (round_left > 0)
        chosen = rng.choice(legal_moves(state))
        sweep = is_sweep(state, chosen)
        seat = state.to_move
        state, events = apply(state, chosen)
        if chosen.kind in (MoveKind.DECLARE, MoveKind.DECLINE):
            round_left -= 1
        if chosen.kind in (MoveKind.KEEP, MoveKind.TABLE) or any(
            e.kind is EventKind.DEAL for e in events
        ):
            three = rules.deal_sizes[state.deals_made - 1] == 3
            round_left = rules.players if rules.declarations != "none" and three else 0
        scopas = [e for e in events if e.kind is EventKind.SCOPA]
        assert len(scopas) == int(sweep)
        for e in scopas:
            assert e.side == rules.side_of(seat)
            scopa_events[rules.side_of(seat)] += 1
    check_state(state)
    assert legal_moves(state) == []
    assert list(state.scope) == scopa_events
    plays = [p for p in state.history if p.move.plays_card]
    claimed = state.claimed_by is not None
    if not claimed:
        assert len(plays) == rules.players * sum(rules.deal_sizes)
    in_rounds = [p for p in state.history if p.move.kind in (MoveKind.DECLARE, MoveKind.DECLINE)]
    assert len([p for p in in_rounds if p.move.kind is MoveKind.DECLARE]) == len(state.declarations)
    if not claimed and rules.declarations != "none":
        assert len(in_rounds) == rules.players * rules.deal_sizes.count(3)
    specials = int(rules.first_card_choice) + len(in_rounds) + int(claimed)
    assert len(state.history) - len(plays) == specials
    if state.last_capturer is not None and not claimed:
        assert state.table == 0
    replayed = start
    for play in state.history:
        assert replayed.to_move == play.seat
        replayed, _ = apply(replayed, play.move)
    assert replayed == state

    hand = score_state(state)
    assert hand.totals == score_hand(rules, state.piles, state.scope, state.declarations).totals
    result = settle(state)
    if claimed:
        side = rules.side_of(state.claimed_by)
        assert result.reason in ("claim", "wrong_claim")
        assert (result.winner == side) == (result.reason == "claim")
    else:
        assert result.scores == hand.totals
    for side in hand.sides:
        assert side.total == sum(side.points.values())
        assert side.points["scope"] == state.scope[side.side]
    for category in ("cards", "coins", "settebello", "primiera"):
        assert sum(s.points[category] for s in hand.sides) <= 1
    declared = sum(d.points for s in hand.sides for d in s.declarations)
    assert declared == sum(s.points.get("declarations", 0) for s in hand.sides)
    listed = [list(iter_cards(p)) for p in state.piles]
    if not claimed:
        assert check_piles(rules, listed, state.scope, list(iter_cards(state.table))) == (
            state.piles,
            state.table,
        )


@settings(max_examples=150, deadline=None)
@given(
    config=st.sampled_from(CONFIGS),
    seed=st.integers(0, 2**32),
    plays=st.integers(0, 30),
    played=st.integers(0, 39),
    capture=st.sets(st.integers(0, 39), max_size=4),
    mode=st.sampled_from(["any", "from_hand", "near_miss"]),
)
def test_apply_accepts_exactly_the_legal_moves(
    config: tuple[str, dict[str, Any]],
    seed: int,
    plays: int,
    played: int,
    capture: set[int],
    mode: str,
) -> None:
    rules = make_rules(config[0], **config[1])
    state = deal(rules, seed)
    rng = random.Random(seed)
    for _ in range(plays):
        if state.finished:
            break
        state, _ = apply(state, rng.choice(legal_moves(state)))
    # Beside arbitrary moves: a card in hand taking table cards, and a legal move with one
    # table card added to or dropped from its capture (a near miss, sometimes legal).
    hand = list(iter_cards(state.hands[state.to_move]))
    table_cards = list(iter_cards(state.table))
    if mode == "from_hand" and hand:
        played = hand[played % len(hand)]
        capture = {table_cards[c % len(table_cards)] for c in capture} if table_cards else set()
    elif mode == "near_miss" and legal_moves(state):
        base = legal_moves(state)[played % len(legal_moves(state))]
        played = base.card
        capture = set(iter_cards(base.capture))
        if table_cards:
            capture ^= {table_cards[played % len(table_cards)]}
    candidate = Move(played, sum(1 << c for c in capture))
    try:
        apply(state, candidate)
    except IllegalMoveError:
        assert candidate not in legal_moves(state)
    else:
        assert candidate in legal_moves(state)
