"""An independent referee for plain Scopa and Scopone, written from the rules text alone.

Deliberately simple: cards are (rank, suit) tuples, sets of cards are frozensets, and
nothing is shared with (or read from) service/engine. The sections of the rules, docs/rules.md,
are cited as "R2" etc.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import combinations
from typing import NamedTuple

SUITS = ("D", "C", "S", "B")  # R1: denari (coins), coppe, spade, bastoni
RANKS = tuple(range(1, 11))  # R1: ace 1 .. king 10; the rank is the capture value
COINS = "D"  # R1: the bonus suit of the standard game
KING = 10


class Card(NamedTuple):
    """One card of the 40-card Italian pack: its rank (1..10) and suit code."""

    rank: int
    suit: str

    @property
    def code(self) -> str:
        """The card code of R1, rank then suit, e.g. '7D'."""
        return f"{self.rank}{self.suit}"


PACK: frozenset[Card] = frozenset(Card(r, s) for r in RANKS for s in SUITS)
SETTEBELLO = Card(7, COINS)


def card(code: str) -> Card:
    """The card with code like '7D' or '10B'."""
    rank, suit = int(code[:-1]), code[-1]
    if rank not in RANKS or suit not in SUITS:
        raise ValueError(f"not a card code: {code!r}")
    return Card(rank, suit)


def cards(codes: str) -> frozenset[Card]:
    """The set of cards named by space-separated codes."""
    return frozenset(card(c) for c in codes.split())


@dataclass(frozen=True)
class Game:
    """A plain game of the family: deal schedule (R2 table) and seating of sides."""

    name: str
    players: int
    table_initial: int
    per_player: int
    deals: int
    teams: bool

    @property
    def sides(self) -> int:
        """How many sides score: two teams, or one per player."""
        return 2 if self.teams else self.players

    def side_of(self, seat: int) -> int:
        """The side of a seat: partners sit alternately, seats 0,2(,4) vs 1,3(,5) (R2)."""
        return seat % 2 if self.teams else seat


def game(name: str, players: int, *, teams: bool | None = None) -> Game:
    """The Game of a preset name and player count, per the deal schedule of R2."""
    schedule = {
        ("scopa", 2): (4, 3, 6),
        ("scopa", 3): (4, 3, 4),
        ("scopa", 4): (4, 3, 3),
        ("scopa", 6): (4, 3, 2),
        ("scopone", 4): (4, 9, 1),
        ("scopone_scientifico", 4): (0, 10, 1),
    }
    if (name, players) not in schedule:
        raise ValueError(f"no plain deal schedule for {name} with {players} players")
    table_initial, per_player, deals = schedule[name, players]
    if teams is None:
        # R2: 2 or 3 players play alone, 4 in two teams; 6 may do either, so say which.
        if players == 6:
            raise ValueError("6 players play individually or in two teams (R2): pass teams")
        teams = players == 4
    if teams and players % 2:
        raise ValueError("teams need an even number of players")
    if players == 4 and not teams:
        raise ValueError("4 players play in two teams (R2)")
    assert table_initial + players * per_player * deals == len(PACK)
    return Game(name, players, table_initial, per_player, deals, teams)


class Move(NamedTuple):
    """A played card and the exact set of table cards it captures (empty: laid on the table)."""

    card: Card
    captured: frozenset[Card]


@dataclass(frozen=True)
class Position:
    """Everything the referee tracks during one hand; 'stock' lists cards in dealing order."""

    game: Game
    dealer: int
    hands: tuple[frozenset[Card], ...]
    table: frozenset[Card]
    stock: tuple[Card, ...]
    piles: tuple[frozenset[Card], ...]
    scope: tuple[int, ...]
    to_move: int
    last_capturer: int | None  # a seat
    finished: bool = False


def void_table(table: frozenset[Card]) -> bool:
    """R2 re-deal: an initial table with three or four kings voids the hand."""
    return sum(1 for c in table if c.rank == KING) >= 3


def deal_round(
    stock: tuple[Card, ...], players: int, per_player: int, first: int
) -> tuple[tuple[frozenset[Card], ...], tuple[Card, ...]]:
    """Deal per_player cards to each seat from the stock, one at a time from seat `first`."""
    hands: list[set[Card]] = [set() for _ in range(players)]
    need = players * per_player
    if len(stock) < need:
        raise ValueError("the stock is too short for a deal")
    for i, c in enumerate(stock[:need]):
        hands[(first + i) % players].add(c)
    return tuple(frozenset(h) for h in hands), stock[need:]


def start(
    g: Game,
    dealer: int,
    hands: tuple[frozenset[Card], ...],
    table: frozenset[Card],
    stock: tuple[Card, ...],
) -> Position:
    """The position at the start of a hand, after the first deal (checked against R2)."""
    everything = [*table, *stock, *(c for h in hands for c in h)]
    if len(everything) != len(PACK) or set(everything) != PACK:
        raise ValueError("hands, table and stock must hold the 40 cards once each")
    if len(hands) != g.players or any(len(h) != g.per_player for h in hands):
        raise ValueError("every hand must hold one deal's cards")
    if len(table) != g.table_initial:
        raise ValueError("wrong number of cards on the initial table")
    if void_table(table):
        raise ValueError("three or more kings on the initial table void the hand")
    return Position(
        game=g,
        dealer=dealer,
        hands=tuple(frozenset(h) for h in hands),
        table=frozenset(table),
        stock=tuple(stock),
        piles=tuple(frozenset() for _ in range(g.sides)),
        scope=tuple(0 for _ in range(g.sides)),
        to_move=(dealer + 1) % g.players,  # R2: the player after the dealer plays first
        last_capturer=None,
    )


def captures(played: Card, table: frozenset[Card]) -> list[frozenset[Card]]:
    """The capture sets open to a played card on a table (R3 rules 1 and 2); [] if none."""
    singles = [frozenset([c]) for c in table if c.rank == played.rank]
    if singles:
        return singles  # rule 1: a single equal-rank card wins over any sum
    # Every card of a sum of two or more is below the played rank (ranks are at least 1),
    # and once the `size` lowest candidates already overshoot, every larger size does too.
    candidates = sorted(c for c in table if c.rank < played.rank)
    found = []
    for size in range(2, len(candidates) + 1):
        if sum(c.rank for c in candidates[:size]) > played.rank:
            break
        for combo in combinations(candidates, size):
            if sum(c.rank for c in combo) == played.rank:
                found.append(frozenset(combo))
    return found


def legal_moves(p: Position) -> list[Move]:
    """Every legal move of the player to move: each card with each capture, else laid (R3)."""
    if p.finished:
        return []
    moves = []
    for c in sorted(p.hands[p.to_move]):
        sets = captures(c, p.table)
        if sets:
            moves.extend(Move(c, s) for s in sets)  # capture is compulsory for this card
        else:
            moves.append(Move(c, frozenset()))
    return moves


def is_sweep(p: Position, move: Move) -> bool:
    """Whether a move scores a scopa: it empties the table, and is not the hand's last card."""
    last_card_of_hand = not p.stock and sum(len(h) for h in p.hands) == 1
    return bool(move.captured) and move.captured == p.table and not last_card_of_hand


def apply(p: Position, move: Move) -> Position:
    """The position after the player to move makes a legal move (R3), dealing on as R2 says."""
    if move not in legal_moves(p):
        raise ValueError(f"illegal move {move}")
    g = p.game
    seat = p.to_move
    side = g.side_of(seat)
    hands = list(p.hands)
    hands[seat] = hands[seat] - {move.card}
    piles = list(p.piles)
    scope = list(p.scope)
    table = p.table
    last_capturer = p.last_capturer
    if move.captured:
        table = table - move.captured
        piles[side] = piles[side] | move.captured | {move.card}
        last_capturer = seat
        if is_sweep(p, move):
            scope[side] += 1
    else:
        table = table | {move.card}
    stock = p.stock
    finished = False
    if all(not h for h in hands):
        if stock:
            new_hands, stock = deal_round(
                stock, g.players, g.per_player, (p.dealer + 1) % g.players
            )
            hands = list(new_hands)
        else:
            finished = True
            if last_capturer is not None:  # the table goes to the last capturer (no scopa)
                taker = g.side_of(last_capturer)
                piles[taker] = piles[taker] | table
                table = frozenset()
    return replace(
        p,
        hands=tuple(hands),
        table=table,
        stock=stock,
        piles=tuple(piles),
        scope=tuple(scope),
        to_move=(seat + 1) % g.players,
        last_capturer=last_capturer,
        finished=finished,
    )
