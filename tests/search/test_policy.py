"""The rollout policy: what a playout's choices may know of the hands they cannot see."""

import math
import random
from fractions import Fraction

import pytest

from service.engine import deal, make_rules
from service.engine.cards import RANK_MASKS
from service.search.kernel import policy
from service.search.kernel.fast import POINT_CARD_WORTH, FastRules, Pos, apply, legal_moves
from service.search.worlds import pos_of_state
from tests.search.helpers import card_play_state


def test_the_rank_odds_are_each_ranks_chance_in_a_hand_drawn_from_the_unseen_cards() -> None:
    rules = make_rules("scopa")
    fr = FastRules(rules)
    pos = pos_of_state(card_play_state(deal(rules, 3)))
    seat, other = pos.to_move, 1 - pos.to_move
    odds = policy.rank_odds(fr, pos, seat, other)
    unseen = fr.pack & ~(pos.hands[seat] | pos.table)
    size = pos.hands[other].bit_count()
    for rank in range(1, 11):
        of_rank = (unseen & RANK_MASKS[rank]).bit_count()
        n = unseen.bit_count()
        none = Fraction(math.comb(n - of_rank, size), math.comb(n, size))
        assert odds[rank] == pytest.approx(1 - none)
    assert unseen.bit_count() == 33  # a fresh deal: 3 cards in hand and 4 on the table seen
    assert min(odds[1:]) > 0
    assert max(odds[1:]) < 1


def redealt(pos: Pos, rng: random.Random) -> Pos:
    """The position with the other seats' hands and the stock dealt anew from their cards
    together, each keeping its size: what the player to move cannot tell apart."""
    copy = pos.copy()
    others = [s for s in range(len(pos.hands)) if s != pos.to_move]
    pool = [c for s in others for c in range(40) if pos.hands[s] >> c & 1] + list(pos.stock)
    rng.shuffle(pool)
    for s in others:
        size = pos.hands[s].bit_count()
        copy.hands[s] = sum(1 << c for c in pool[:size])
        pool = pool[size:]
    copy.stock = pool
    return copy


def choices_that_read_the_next_hand(name: str, seed: int) -> tuple[int, int]:
    """Over one policy playout of a fresh deal: the turns where dealing the hidden cards anew
    changed the policy's choice, and the turns tried."""
    rules = make_rules(name)
    fr = FastRules(rules)
    pos = pos_of_state(card_play_state(deal(rules, seed)))
    rng = random.Random(seed)
    changed = tried = 0
    while not pos.finished:
        moves = legal_moves(fr, pos)
        following = (pos.to_move + 1) % fr.players
        state = rng.getrandbits(64)
        move = policy.choose(fr, pos, moves, policy.RolloutRandom(state))
        if len(moves) > 1 and pos.hands[following]:
            for _ in range(4):
                other = redealt(pos, rng)
                tried += 1
                changed += policy.choose(fr, other, moves, policy.RolloutRandom(state)) != move
        apply(fr, pos, *move)
    return changed, tried


@pytest.mark.parametrize("name", ["scopa", "escoba", "cirulla", "quindici"])
def test_a_two_player_playout_chooses_by_what_its_player_can_count(name: str) -> None:
    counts = [choices_that_read_the_next_hand(name, seed) for seed in range(12)]
    assert sum(tried for _, tried in counts) > 500
    assert sum(changed for changed, _ in counts) == 0


def test_four_players_still_read_the_sampled_hands() -> None:
    # The scientifico leaf model was fitted to playouts of this policy: it is left as it was.
    counts = [choices_that_read_the_next_hand("scopone_scientifico", seed) for seed in range(6)]
    assert sum(changed for changed, _ in counts) > 0


@pytest.mark.parametrize(
    ("preset", "point", "plain", "taker"),
    [
        ("scopa", 6, 26, 36),  # the settebello, the seven of coins (coins are cards 0-9)
        ("hurrikan", 16, 26, 36),  # its bonus suit is cups (cards 10-19): their seven
        ("re_bello", 9, 29, 39),  # the king of coins scores a point
        ("calabrese", 16, 26, 36),  # so does the seven of cups
    ],
)
def test_the_policy_values_the_cards_that_score_a_point_alone(
    preset: str, point: int, plain: int, taker: int
) -> None:
    fr = FastRules(make_rules(preset))
    worth = fr.card_worth
    assert worth[point] - worth[plain] >= POINT_CARD_WORTH
    # A card that may take either of two cards of its rank on the table takes the point.
    pos = Pos(
        [1 << taker | 1 << 31, 1 << 32 | 1 << 33],
        1 << point | 1 << plain,
        [0, 0],
        [0, 0],
        [],
        1,
        1,
        0,
        -1,
    )
    moves = legal_moves(fr, pos)
    assert (taker, 1 << point) in moves
    for seed in range(20):
        assert policy.choose(fr, pos, moves, policy.RolloutRandom(seed)) == (taker, 1 << point)
