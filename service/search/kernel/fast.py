"""The fast playout kernel: flat mutable positions, capture generation, apply and hand totals.

Kept small, flat and typed so it can be ported to Cython. Every rule of the engine that
affects play is mirrored here; the differential tests compare it with the engine.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from service.engine.cards import RANK_MASKS, SUIT_MASKS, Suit, card
from service.engine.primes import PRIME_TABLES
from service.engine.rules import NO_DECLARATIONS, Rules
from service.engine.scoring import (
    GRANDE_POINTS,
    GRANDE_RANKS,
    PIVA_CARD,
    PIVA_PENALTY,
    SETTE_DI_COPPE_CARD,
    categories,
    napola_points,
    napola_run,
    prime_of,
    primiera_winner,
    re_bello_card,
    scaletta_runs,
    scalette_points,
    score_hand,
    settebello_card,
)
from service.search.kernel.model import kernel_scores

STANDARD = 0
FIFTEEN = 1
SUM_OR_FIFTEEN = 2
CAPTURE_RULES = {"standard": STANDARD, "fifteen": FIFTEEN, "sum_or_fifteen": SUM_OR_FIFTEEN}
RANK: tuple[int, ...] = tuple(c % 10 + 1 for c in range(40))
ACES = RANK_MASKS[1]
CAPTURE_CACHE_LIMIT = 200_000

FastMove = tuple[int, int]  # (card id, capture mask; 0 when laid down)


class DeadlinePassed(Exception):  # noqa: N818 (an outcome, as StopIteration)
    """A search's hard deadline passed inside a world (a playout, a solve): the world is
    dropped."""


def cards_of(mask: int) -> list[int]:
    """The card ids of a mask, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class FastRules:
    """The rules flattened to plain fields for the kernel."""

    __slots__ = (
        "ace_scopa",
        "ace_self",
        "ace_takes_all",
        "bonus",
        "cache",
        "capture_rule",
        "card_worth",
        "categories",
        "compiled",
        "compulsory",
        "counting",
        "deal_sizes",
        "fewest",
        "kernel_scores",
        "last_card_scopa",
        "match_priority",
        "pack",
        "pack_bonus",
        "pack_size",
        "players",
        "prime_best",
        "rules",
        "side_of",
        "sides",
        "sweep_ranks",
    )

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.players = rules.players
        self.sides = rules.sides
        self.side_of = [rules.side_of(s) for s in range(rules.players)]
        self.capture_rule = CAPTURE_RULES[rules.capture_rule]
        self.fewest = rules.fewest_cards
        self.match_priority = rules.match_priority
        self.compulsory = rules.compulsory_capture
        self.ace_takes_all = rules.ace_takes_all
        self.ace_scopa = rules.ace_scopa
        self.ace_self = rules.ace_takes_itself
        self.last_card_scopa = rules.last_card_scopa
        # Whether the rollout policy counts the other player's hand rather than reading the
        # sampled one (policy.choose): two players, each alone on its side.
        self.counting = rules.players == 2 and rules.sides == 2
        self.deal_sizes = list(rules.deal_sizes)
        self.pack = rules.pack_cards
        self.pack_size = self.pack.bit_count()
        self.bonus = SUIT_MASKS[rules.bonus]
        # The rollout policy's worth of a card by id (policy.choose, inference.own_gain).
        self.card_worth = rollout_worths(
            self.bonus,
            1 << settebello_card(rules)
            | (1 << re_bello_card(rules) if rules.re_bello else 0)
            | (1 << SETTE_DI_COPPE_CARD if rules.sette_di_coppe else 0),
        )
        self.pack_bonus = (self.pack & self.bonus).bit_count()
        # Whether hand_totals scores these rules itself (model.SCORED), else the engine does.
        self.kernel_scores = kernel_scores(rules)
        self.categories = categories(rules)
        values = PRIME_TABLES.get(rules.prime_table)
        # Best prime value of each 10-bit suit subset; None for the ranked-count tables.
        self.prime_best: list[float] | None = None
        if values is not None:
            best = [0.0] * 1024
            for sub in range(1, 1024):
                best[sub] = max(float(values[r + 1]) for r in range(10) if sub >> r & 1)
            self.prime_best = best
        self.cache: dict[int, list[int]] = {}
        self.sweep_ranks: dict[int, int] = {}
        # The compiled kernel's C copy of these rules, built on first use (_kernel.pyx).
        self.compiled: object | None = None


# The rollout policy's worth of a card that scores a point alone (``rollout_worths``).
POINT_CARD_WORTH = 4.0


def rollout_worths(bonus: int, point_cards: int) -> tuple[float, ...]:
    """The rollout policy's worth of a captured card by id, on a point-ish scale: a card that
    scores a point alone (``point_cards``: the settebello, and the re bello or the seven of cups
    where the rules score them), sevens, the bonus suit's cards (``bonus``; the coins in most
    rules), sixes, aces."""
    return tuple(
        0.3
        + (1.5 if r == 7 else 0.6 if r == 6 else 0.4 if r == 1 else 0.0)
        + (0.5 if bonus >> c & 1 else 0.0)
        + (POINT_CARD_WORTH if point_cards >> c & 1 else 0.0)
        for c in range(40)
        for r in (c % 10 + 1,)
    )


@lru_cache(maxsize=64)
def fast_rules(rules: Rules) -> FastRules:
    """The flattened rules of a rule set, built once (with the compiled kernel's copy, and the
    capture cache that searches of these rules share)."""
    return FastRules(rules)


class Pos:
    """One full hand position, mutable; ``copy`` before trying a move on a shared one."""

    __slots__ = (
        "dealer",
        "deals_made",
        "hands",
        "last_capturer",
        "left",
        "piles",
        "scope",
        "stock",
        "table",
        "to_move",
    )

    def __init__(  # noqa: PLR0917 (positional on purpose: copied in the hot loop)
        self,
        hands: list[int],
        table: int,
        piles: list[int],
        scope: list[int],
        stock: list[int],
        dealer: int,
        deals_made: int,
        to_move: int,
        last_capturer: int,
    ) -> None:
        self.hands = hands
        self.table = table
        self.piles = piles
        self.scope = scope
        self.stock = stock
        self.dealer = dealer
        self.deals_made = deals_made
        self.to_move = to_move
        self.last_capturer = last_capturer
        self.left = sum(h.bit_count() for h in hands)

    def copy(self) -> Pos:
        """An independent copy."""
        return Pos(
            self.hands[:],
            self.table,
            self.piles[:],
            self.scope[:],
            self.stock[:],
            self.dealer,
            self.deals_made,
            self.to_move,
            self.last_capturer,
        )

    @property
    def finished(self) -> bool:
        """Whether every card has been played."""
        return self.left == 0 and not self.stock


def sum_subsets(table: int, total: int, min_cards: int) -> list[int]:
    """Every set of at least ``min_cards`` table cards whose ranks add up to ``total``."""
    items = sorted((RANK[c], 1 << c) for c in cards_of(table))
    found: list[int] = []
    stack = [(0, total, 0, 0)]
    while stack:
        start, remaining, chosen, size = stack.pop()
        for i in range(start, len(items)):
            r, b = items[i]
            if r > remaining:
                break
            if r == remaining:
                if size + 1 >= min_cards:
                    found.append(chosen | b)
            else:
                stack.append((i + 1, remaining - r, chosen | b, size + 1))
    return found


def captures(fr: FastRules, rank: int, table: int) -> list[int]:
    """Every capture a card of this rank may make on the table (cached, do not mutate)."""
    key = table * 16 + rank
    hit = fr.cache.get(key)
    if hit is not None:
        return hit
    options: list[int]
    if fr.ace_takes_all and rank == 1 and table:
        aces = table & ACES
        options = [1 << c for c in cards_of(aces)] if aces else [table]
    else:
        options = []
        rule = fr.capture_rule
        if rule != FIFTEEN:
            same = table & RANK_MASKS[rank]
            options = [1 << c for c in cards_of(same)]
            if not same or not fr.match_priority:
                options += sum_subsets(table, rank, 2)
        if rule != STANDARD:
            for o in sum_subsets(table, 15 - rank, 1):
                if o not in options:
                    options.append(o)
    if fr.fewest and len(options) > 1:
        fewest = min(o.bit_count() for o in options)
        options = [o for o in options if o.bit_count() == fewest]
    options.sort(key=lambda o: (o.bit_count(), o))
    if len(fr.cache) >= CAPTURE_CACHE_LIMIT:
        fr.cache.clear()
    fr.cache[key] = options
    return options


def legal_moves(fr: FastRules, pos: Pos) -> list[FastMove]:
    """Every legal move of the player to move, cards ascending."""
    moves: list[FastMove] = []
    hand = pos.hands[pos.to_move]
    table = pos.table
    compulsory = fr.compulsory
    while hand:
        low = hand & -hand
        c = low.bit_length() - 1
        hand ^= low
        options = captures(fr, RANK[c], table) if table else []
        if not options or not compulsory:
            moves.append((c, 0))
        for o in options:
            moves.append((c, o))
    return moves


def is_sweep(fr: FastRules, pos: Pos, c: int, capture: int) -> bool:
    """Whether a legal capture scores a scopa."""
    table = pos.table
    if capture != table:
        return False
    if pos.left == 1 and not pos.stock and not fr.last_card_scopa:
        return False
    return not (fr.ace_takes_all and RANK[c] == 1 and not table & ACES and not fr.ace_scopa)


def apply(fr: FastRules, pos: Pos, c: int, capture: int) -> None:
    """Play a legal move in place, dealing the next round or ending the hand as due."""
    seat = pos.to_move
    side = fr.side_of[seat]
    b = 1 << c
    if capture:
        if is_sweep(fr, pos, c, capture):
            pos.scope[side] += 1
        pos.table ^= capture
        pos.piles[side] |= capture | b
        pos.last_capturer = seat
    elif fr.ace_takes_all and fr.ace_self and not pos.table and RANK[c] == 1:
        pos.piles[side] |= b
        pos.last_capturer = seat
    else:
        pos.table |= b
    advance(fr, pos, seat, b)


def apply_pass(fr: FastRules, pos: Pos, c: int) -> None:
    """Pass an ace in place (ace_may_pass): it goes to the side's pile, never a scopa."""
    seat = pos.to_move
    b = 1 << c
    pos.piles[fr.side_of[seat]] |= b
    pos.last_capturer = seat
    advance(fr, pos, seat, b)


def advance(fr: FastRules, pos: Pos, seat: int, b: int) -> None:
    """Take the played card out of the hand, then pass the turn, deal or end the hand."""
    pos.hands[seat] ^= b
    pos.left -= 1
    n = fr.players
    pos.to_move = (seat + 1) % n
    if pos.left:
        return
    if pos.stock:
        size = fr.deal_sizes[pos.deals_made]
        stock = pos.stock
        at = 0
        for offset in range(n):
            s = (pos.dealer + 1 + offset) % n
            h = 0
            for x in stock[at : at + size]:
                h |= 1 << x
            pos.hands[s] |= h
            at += size
        pos.stock = stock[at:]
        pos.deals_made += 1
        pos.left = n * size
        pos.to_move = (pos.dealer + 1) % n
    elif pos.table and pos.last_capturer >= 0:
        pos.piles[fr.side_of[pos.last_capturer]] |= pos.table
        pos.table = 0


def majority(counts: Sequence[int], available: int) -> int:
    """The side winning a 'most' point (more than half with two sides, else unique top), or -1."""
    if len(counts) == 2:
        if 2 * counts[0] > available:
            return 0
        return 1 if 2 * counts[1] > available else -1
    return unique_best(counts)


def unique_best(values: Sequence[float] | Sequence[tuple[int, ...]]) -> int:
    """The index of the single highest value, or -1 when shared."""
    best = max(values)
    winner = -1
    for i, v in enumerate(values):
        if v == best:
            if winner >= 0:
                return -1
            winner = i
    return winner


SETTEBELLO_RANK = 7
CUPS_SEVEN = card(SETTEBELLO_RANK, Suit.C)


def bonus_shift(rules: Rules) -> int:
    """The id of the bonus suit's ace: its cards are this plus rank - 1."""
    return int(Suit[rules.bonus_suit]) * 10


def pile_napola(rules: Rules, pile: int) -> int:
    """The napola points a pile scores (the compiled kernel's napola_points_c)."""
    return napola_points(rules, napola_run(rules, pile))


def hand_points(fr: FastRules, piles: Sequence[int], scope: Sequence[int]) -> list[list[int]]:
    """Points per side and category (``fr.categories``) of a finished hand, as the engine's
    score_hand gives them (without declarations: the kernels play none)."""
    rules = fr.rules
    if not fr.kernel_scores:
        return [list(s.points.values()) for s in score_hand(rules, piles, scope).sides]
    bonus = fr.bonus
    cards_to = majority([p.bit_count() for p in piles], fr.pack_size)
    coins_to = majority([(p & bonus).bit_count() for p in piles], fr.pack_bonus)
    prime_to = primiera_side(fr, piles)
    shift = bonus_shift(rules)
    settebello = shift + 6
    re_bello = shift + 9
    grande = sum(1 << (shift + r - 1) for r in GRANDE_RANKS)
    points = []
    for side, p in enumerate(piles):
        row = [
            scope[side],
            int(cards_to == side),
            int(coins_to == side),
            p >> settebello & 1,
            int(prime_to == side),
        ]
        if rules.re_bello:
            row.append(p >> re_bello & 1)
        if rules.sette_di_coppe:
            row.append(p >> CUPS_SEVEN & 1)
        if rules.napola != "none":
            row.append(pile_napola(rules, p))
        if rules.scalette:
            row.append(scalette_points(*scaletta_runs(rules, p)))
        if rules.piva:
            row.append(PIVA_PENALTY * (p >> PIVA_CARD & 1))
        if rules.grande:
            row.append(GRANDE_POINTS * (p & grande == grande))
        if rules.declarations != NO_DECLARATIONS:
            row.append(0)
        points.append(row)
    return points


def primiera_side(fr: FastRules, piles: Sequence[int]) -> int:
    """The side that wins the primiera point, or -1."""
    best = fr.prime_best
    rules = fr.rules
    if best is None:
        found = primiera_winner(rules, [prime_of(rules, p) for p in piles])
        return -1 if found is None else found
    sides = len(piles)
    values = []
    complete = []
    for p in piles:
        v = 0.0
        full = True
        for shift in (0, 10, 20, 30):
            sub = p >> shift & 1023
            if sub:
                v += best[sub]
            else:
                full = False
        values.append(v)
        complete.append(full)
    if any(complete):
        idx = [i for i in range(sides) if complete[i]]
        top = unique_best([values[i] for i in idx])
        return -1 if top < 0 else idx[top]
    if rules.primiera_incomplete == "none":
        return -1
    return unique_best(values)


def hand_totals(fr: FastRules, piles: Sequence[int], scope: Sequence[int]) -> list[int]:
    """Hand points per side of a finished hand (the engine's score_hand totals)."""
    return [sum(row) for row in hand_points(fr, piles, scope)]


def outright_side(fr: FastRules, piles: Sequence[int]) -> int:
    """The side that won the game outright (napoleone or cappotto), or -1."""
    rules = fr.rules
    if not (rules.napoleone or rules.cappotto or rules.scalette):
        return -1
    whole = fr.pack & fr.bonus
    for side, p in enumerate(piles):
        if p & fr.bonus == whole:
            return side
    return -1
