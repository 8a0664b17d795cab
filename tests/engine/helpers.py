"""Shared test helpers: card sets from codes, hand-built states, and a naive capture oracle."""

from __future__ import annotations

import random
from collections.abc import Sequence

from service.engine import Move, Rules, State, apply, legal_moves
from service.engine.cards import RANK_MASKS, Cards, iter_cards, parse_card, rank_of


def cards(text: str) -> Cards:
    """The set of cards named by space-separated codes, e.g. ``"7D 3C"``."""
    mask = 0
    for part in text.split():
        mask |= 1 << parse_card(part)
    return mask


def move(text: str) -> Move:
    """A move from its code, e.g. ``"7D:3C+4S"``."""
    return Move.from_code(text)


def hand_state(
    rules: Rules,
    hands: Sequence[str],
    table: str = "",
    *,
    piles: Sequence[str] | None = None,
    scope: Sequence[int] | None = None,
    stock: str = "",
    to_move: int = 0,
    dealer: int | None = None,
    last_capturer: int | None = None,
    deals_made: int | None = None,
) -> State:
    """A hand-built state; the dealer defaults to the seat before ``to_move``."""
    return State(
        rules=rules,
        dealer=(to_move - 1) % rules.players if dealer is None else dealer,
        hands=tuple(cards(h) for h in hands),
        table=cards(table),
        piles=tuple(cards(p) for p in piles) if piles is not None else (0,) * rules.sides,
        scope=tuple(scope) if scope is not None else (0,) * rules.sides,
        stock=tuple(parse_card(c) for c in stock.split()),
        deals_made=rules.deals if deals_made is None else deals_made,
        to_move=to_move,
        last_capturer=last_capturer,
    )


def submasks(table: Cards) -> list[Cards]:
    """Every non-empty subset of a set of cards, by brute force."""
    members = list(iter_cards(table))
    found = []
    for pick in range(1, 1 << len(members)):
        mask = 0
        for i, c in enumerate(members):
            if pick >> i & 1:
                mask |= 1 << c
        found.append(mask)
    return found


def rank_sum(mask: Cards) -> int:
    """The sum of the ranks of a set of cards."""
    return sum(rank_of(c) for c in iter_cards(mask))


def oracle_captures(rules: Rules, played: int, table: Cards) -> set[Cards]:
    """The captures docs/rules.md section 3 allows, by enumerating every subset of the table."""
    rank = rank_of(played)
    if rules.ace_takes_all and rank == 1 and table:
        aces = table & RANK_MASKS[1]
        return {1 << c for c in iter_cards(aces)} if aces else {table}
    subsets = submasks(table)
    singles = {s for s in subsets if s.bit_count() == 1 and rank_sum(s) == rank}
    sums = {s for s in subsets if s.bit_count() >= 2 and rank_sum(s) == rank}
    standard = (singles or sums) if rules.match_priority else singles | sums
    fifteen = {s for s in subsets if rank_sum(s) + rank == 15}
    options = {
        "standard": standard,
        "fifteen": fifteen,
        "sum_or_fifteen": standard | fifteen,
    }[rules.capture_rule]
    if rules.fewest_cards and options:
        fewest = min(o.bit_count() for o in options)
        options = {o for o in options if o.bit_count() == fewest}
    return options


def random_playout(state: State, rng: random.Random) -> State:
    """Play a hand to its end with uniformly random legal moves."""
    while not state.finished:
        state, _ = apply(state, rng.choice(legal_moves(state)))
    return state
