"""The full state of a hand, dealing it from a seed, its legal moves, and applying a move."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, replace
from enum import StrEnum

from service.engine.cards import RANK_MASKS, Card, Cards, count, iter_cards, rank_of
from service.engine.claims import ClaimCheck, check_claim
from service.engine.declarations import Declaration, opens_round, scheme_of, shown_hand
from service.engine.errors import IllegalMoveError, Problem, RulesError
from service.engine.message import Message
from service.engine.moves import (
    CLAIM_MOVE,
    DECLINE_MOVE,
    Move,
    MoveKind,
    ace_takes_itself,
    captures,
    declare_move,
    hand_moves,
    move_sweeps,
)
from service.engine.rules import Rules
from service.engine.variant_fields import VariantFields

KING = 10
ACE = 1
# Shuffles tried before a re-deal rule that voids (nearly) every table is reported as an error.
MAX_SHUFFLES = 1000


@dataclass(frozen=True, slots=True)
class Play:
    """One move of the hand's history and the seat that made it."""

    seat: int
    move: Move


@dataclass(frozen=True, slots=True)
class State(VariantFields):
    """Everything about a hand in progress; immutable, hashable."""

    rules: Rules
    dealer: int
    hands: tuple[Cards, ...]
    table: Cards
    piles: tuple[Cards, ...]
    scope: tuple[int, ...]
    stock: tuple[Card, ...]
    deals_made: int
    to_move: int
    last_capturer: int | None
    history: tuple[Play, ...] = ()

    @property
    def cut_pending(self) -> bool:
        """Whether the cutter still has to choose what to do with the drawn card."""
        return self.cut_card is not None

    @property
    def first_player(self) -> int:
        """The seat after the dealer, who leads every deal."""
        return (self.dealer + 1) % self.rules.players

    @property
    def finished(self) -> bool:
        """Whether the hand is over: every card played, or a claim made."""
        if self.claimed_by is not None:
            return True
        return not self.stock and not any(self.hands) and self.cut_card is None

    @property
    def uncaptured(self) -> Cards:
        """The cards of the pack in nobody's pile yet: hands, table, stock, the cut card."""
        taken = 0
        for pile in self.piles:
            taken |= pile
        return self.rules.pack_cards & ~taken

    @property
    def scores_before(self) -> tuple[int, ...]:
        """The match scores before this hand, one per side (0 each when not given)."""
        return self.match_scores or (0,) * self.rules.sides

    @property
    def target(self) -> int:
        """The match target: the state's own, else the rules'."""
        return self.rules.target if self.match_target is None else self.match_target

    @property
    def cards_in_hands(self) -> int:
        """How many cards the players still hold."""
        return sum(count(h) for h in self.hands)

    @property
    def plays(self) -> int:
        """How many cards have been played in the hand."""
        if self.cut_pending:
            return 0
        dealt = self.rules.players * sum(self.rules.deal_sizes[: self.deals_made])
        return dealt - self.cards_in_hands


class EventKind(StrEnum):
    """What can happen when a move is applied."""

    LAY = "lay"
    CAPTURE = "capture"
    SCOPA = "scopa"
    DEAL = "deal"
    LAST_TAKE = "last_take"
    HAND_END = "hand_end"
    DECLARE = "declare"
    DECLINE = "decline"  # a seat declared nothing in the declaration round
    CLAIM = "claim"  # a correct claim: the claiming side wins the match
    WRONG_CLAIM = "wrong_claim"  # a wrong claim: the claiming side loses the match


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened: its kind, the seat and side concerned, and the cards."""

    kind: EventKind
    seat: int | None
    side: int | None
    cards: Cards = 0


def table_voids_deal(rules: Rules, table: Cards) -> bool:
    """Whether an initial table voids the hand under the re-deal rule."""
    if rules.redeal_on_ace and table & RANK_MASKS[ACE]:
        return True
    if rules.redeal == "three_kings":
        return count(table & RANK_MASKS[KING]) >= 3
    if rules.redeal == "three_of_a_rank":
        return any(count(table & RANK_MASKS[r]) >= 3 for r in range(1, 11))
    return False


def _shuffles(rules: Rules, rng: random.Random, pack: list[Card]) -> Iterator[list[Card]]:
    """Fresh shuffles of the pack for dealing, a bounded number; RulesError when all are void."""
    for _ in range(MAX_SHUFFLES):
        order = pack[:]
        rng.shuffle(order)
        yield order
    raise RulesError(
        [
            Problem(
                "initial_table",
                Message(
                    "the re-deal rule voided {shuffles} shuffles in a row: a table of {table} "
                    "cards is (almost) always void",
                    shuffles=MAX_SHUFFLES,
                    table=rules.initial_table,
                ),
            )
        ]
    )


def deal(rules: Rules, seed: int | str, dealer: int = 0) -> State:
    """A new hand dealt from a seed; a voided table is dealt again by the same dealer."""
    if not 0 <= dealer < rules.players:
        raise ValueError(f"dealer must be a seat 0..{rules.players - 1}, not {dealer}")
    rng = random.Random(seed)
    pack = list(iter_cards(rules.pack_cards))
    if rules.first_card_choice:
        return _deal_for_cut(rules, rng, pack, dealer)
    for order in _shuffles(rules, rng, pack):
        hands, rest = _deal_round(rules, dealer, order, rules.deal_sizes[0])
        table = 0
        for c in rest[: rules.initial_table]:
            table |= 1 << c
        if not table_voids_deal(rules, table):
            break
    return State(
        rules=rules,
        dealer=dealer,
        hands=hands,
        table=table,
        piles=(0,) * rules.sides,
        scope=(0,) * rules.sides,
        stock=tuple(rest[rules.initial_table :]),
        deals_made=1,
        to_move=(dealer + 1) % rules.players,
        last_capturer=None,
        declaration_round=opens_round(rules, 1),
    )


def _deal_for_cut(rules: Rules, rng: random.Random, pack: list[Card], dealer: int) -> State:
    """A Chkobba hand waiting for the cutter's choice: nothing dealt yet, the top card drawn.

    A shuffle whose initial table would be void under either choice is shuffled again before
    the cutter looks, so that the choice never needs a new shuffle (docs/variants.md).
    """
    for order in _shuffles(rules, rng, pack):
        tables = (
            _complete_cut_deal(rules, dealer, order[0], order[1:], keep)[1]
            for keep in (True, False)
        )
        if not any(table_voids_deal(rules, t) for t in tables):
            break
    return State(
        rules=rules,
        dealer=dealer,
        hands=(0,) * rules.players,
        table=0,
        piles=(0,) * rules.sides,
        scope=(0,) * rules.sides,
        stock=tuple(order[1:]),
        deals_made=1,
        to_move=(dealer + 1) % rules.players,
        last_capturer=None,
        cut_card=order[0],
    )


def _complete_cut_deal(
    rules: Rules, dealer: int, cut: Card, rest: list[Card] | tuple[Card, ...], keep: bool
) -> tuple[tuple[Cards, ...], Cards, tuple[Card, ...]]:
    """Hands, table and stock once the cutter keeps the drawn card or lays it on the table."""
    size = rules.deal_sizes[0]
    if keep:
        hands, after = _deal_round(rules, dealer, [cut, *rest], size)
        laid = after[: rules.initial_table]
        stock = after[rules.initial_table :]
    else:
        hands, after = _deal_round(rules, dealer, rest, size)
        laid = [cut, *after[: rules.initial_table - 1]]
        stock = after[rules.initial_table - 1 :]
    table = 0
    for c in laid:
        table |= 1 << c
    return hands, table, tuple(stock)


def _deal_round(
    rules: Rules, dealer: int, order: list[Card] | tuple[Card, ...], size: int
) -> tuple[tuple[Cards, ...], list[Card]]:
    """Deal ``size`` cards to each player from the top of ``order``, leader first."""
    hands = [0] * rules.players
    position = 0
    for offset in range(rules.players):
        seat = (dealer + 1 + offset) % rules.players
        for c in order[position : position + size]:
            hands[seat] |= 1 << c
        position += size
    return tuple(hands), list(order[position:])


def round_seats(state: State) -> tuple[int, ...]:
    """The seats still to act in the open declaration round, the one to move first; () when
    no round is open."""
    if not state.declaration_round:
        return ()
    n = state.rules.players
    # The round goes from the seat after the dealer, in playing order, to the dealer.
    left = (state.dealer - state.to_move) % n
    return tuple((state.to_move + i) % n for i in range(left + 1))


def can_declare(state: State, seat: int) -> bool:
    """Whether a seat may still declare its hand: it has yet to act in the open declaration
    round and its hand declares something."""
    return (
        state.cut_card is None
        and state.claimed_by is None
        and seat in round_seats(state)
        and shown_hand(state.rules, state.hands[seat]) is not None
    )


def must_declare(state: State) -> bool:
    """Whether the seat to act in the round has to declare (Cirulla: a qualifying hand)."""
    scheme = scheme_of(state.rules)
    return scheme is not None and scheme.compulsory and can_declare(state, state.to_move)


def legal_moves(state: State) -> list[Move]:
    """Every legal move of the player to move; [] once the hand is finished.

    In a declaration round the seat declares (listed first) or declines; otherwise the card
    plays, and a claim last.
    """
    if state.cut_card is not None:
        return [Move(state.cut_card, 0, MoveKind.KEEP), Move(state.cut_card, 0, MoveKind.TABLE)]
    if state.finished:
        return []
    if state.declaration_round:
        moves = []
        if can_declare(state, state.to_move):
            moves.append(declare_move(state.hands[state.to_move]))
        if not must_declare(state):
            moves.append(DECLINE_MOVE)
        return moves
    moves = hand_moves(state.rules, state.hands[state.to_move], state.table)
    if state.rules.claims:
        moves.append(CLAIM_MOVE)
    return moves


def settled_declarations(state: State) -> tuple[Declaration, ...]:
    """The declarations no later declaration can beat: earlier deals, and this deal's once no
    seat still to act in its round may declare."""
    still_open = any(can_declare(state, seat) for seat in round_seats(state))
    return tuple(d for d in state.declarations if d.deal < state.deals_made or not still_open)


def claim_check(state: State) -> ClaimCheck:
    """The verdict on a claim by the side of the player to move, in the state's match."""
    return check_claim(
        state.rules,
        state.piles,
        state.scope,
        uncaptured=state.uncaptured,
        declarations=settled_declarations(state),
        side=state.rules.side_of(state.to_move),
        match_scores=state.scores_before,
        target=state.target,
    )


def is_last_play(state: State) -> bool:
    """Whether the next card played is the last of the hand."""
    return not state.stock and state.cards_in_hands == 1


def is_sweep(state: State, move: Move) -> bool:
    """Whether a legal move scores a scopa."""
    return move_sweeps(state.rules, move, state.table, is_last_play(state))


def check_move(state: State, move: Move) -> None:
    """Raise IllegalMoveError unless the move is legal in the state."""
    if state.cut_card is not None:
        if move not in legal_moves(state):
            raise IllegalMoveError(
                move.code(), Message("the cutter must first keep or table the drawn card")
            )
        return
    if state.finished:
        raise IllegalMoveError(move.code(), Message("the hand is finished"))
    if state.declaration_round:
        _check_round_move(state, move)
        return
    if move.kind in (MoveKind.DECLARE, MoveKind.DECLINE):
        raise IllegalMoveError(
            move.code(),
            Message("declarations are made only in the round right after a three-card deal"),
        )
    if move.kind is MoveKind.CLAIM:
        if not state.rules.claims:
            raise IllegalMoveError(move.code(), Message("claims are off"))
        return
    if move.kind not in (MoveKind.PLAY, MoveKind.PASS):
        raise IllegalMoveError(
            move.code(), Message("a {kind} move is not allowed now", kind=move.kind.value)
        )
    hand = state.hands[state.to_move]
    if not hand >> move.card & 1:
        raise IllegalMoveError(
            move.code(), Message("seat {seat} does not hold that card", seat=state.to_move)
        )
    if move.capture & ~state.table:
        raise IllegalMoveError(move.code(), Message("it captures cards that are not on the table"))
    if move.kind is MoveKind.PASS:
        if not state.rules.ace_may_pass or rank_of(move.card) != ACE or move.capture:
            raise IllegalMoveError(
                move.code(), Message("only an ace may pass, when ace_may_pass is on")
            )
        return
    options = captures(state.rules, move.card, state.table)
    if move.capture:
        if move.capture not in options:
            raise IllegalMoveError(
                move.code(), Message("the captured cards are not a legal capture")
            )
    elif options and state.rules.compulsory_capture:
        raise IllegalMoveError(
            move.code(), Message("that card can capture, and capture is compulsory")
        )


def _check_round_move(state: State, move: Move) -> None:
    """Raise IllegalMoveError unless the move declares or declines as the round allows."""
    if move.kind is MoveKind.DECLARE and can_declare(state, state.to_move):
        if move.shown != state.hands[state.to_move]:
            raise IllegalMoveError(move.code(), Message("a declaration shows the whole hand"))
        return
    if move.kind is MoveKind.DECLINE and not must_declare(state):
        return
    if move.kind is MoveKind.DECLARE:
        reason = Message("the hand declares nothing")
    elif move.kind is MoveKind.DECLINE:
        reason = Message("the hand qualifies and must be declared")
    else:
        reason = Message(
            "seat {seat} must first declare or decline: no card is played before the "
            "declaration round after the deal is over",
            seat=state.to_move,
        )
    raise IllegalMoveError(move.code(), reason)


def apply(state: State, move: Move) -> tuple[State, tuple[Event, ...]]:
    """The state after a legal move, and what happened; raises IllegalMoveError."""
    check_move(state, move)
    if state.cut_card is not None:
        return _apply_cut(state, move)
    if move.kind in (MoveKind.DECLARE, MoveKind.DECLINE):
        return _apply_round_move(state, move)
    if move.kind is MoveKind.CLAIM:
        return _apply_claim(state, move)
    rules = state.rules
    seat = state.to_move
    side = rules.side_of(seat)
    card_bit = 1 << move.card
    hands = list(state.hands)
    hands[seat] &= ~card_bit
    piles = list(state.piles)
    scope = list(state.scope)
    table = state.table
    last_capturer = state.last_capturer
    events: list[Event] = []
    if move.capture:
        sweep = is_sweep(state, move)
        table &= ~move.capture
        piles[side] |= move.capture | card_bit
        last_capturer = seat
        events.append(Event(EventKind.CAPTURE, seat, side, move.capture | card_bit))
        if sweep:
            scope[side] += 1
            events.append(Event(EventKind.SCOPA, seat, side, move.capture | card_bit))
    elif move.kind is MoveKind.PASS or ace_takes_itself(rules, move.card, table):
        # An ace taking itself on an empty table, or passing, goes to the pile: a capture
        # (it makes the side the last taker), never a scopa.
        piles[side] |= card_bit
        last_capturer = seat
        events.append(Event(EventKind.CAPTURE, seat, side, card_bit))
    else:
        table |= card_bit
        events.append(Event(EventKind.LAY, seat, side, card_bit))
    stock = state.stock
    deals_made = state.deals_made
    to_move = (seat + 1) % rules.players
    round_opens = False
    if not any(hands):
        if stock:
            new_hands, rest = _deal_round(rules, state.dealer, stock, rules.deal_sizes[deals_made])
            hands = [h | n for h, n in zip(hands, new_hands, strict=True)]
            stock = tuple(rest)
            deals_made += 1
            to_move = state.first_player
            round_opens = opens_round(rules, deals_made)
            events.append(Event(EventKind.DEAL, None, None, 0))
        else:
            if table and last_capturer is not None:
                taker = rules.side_of(last_capturer)
                piles[taker] |= table
                events.append(Event(EventKind.LAST_TAKE, last_capturer, taker, table))
                table = 0
            events.append(Event(EventKind.HAND_END, None, None, 0))
    next_state = replace(
        state,
        hands=tuple(hands),
        table=table,
        piles=tuple(piles),
        scope=tuple(scope),
        stock=stock,
        deals_made=deals_made,
        to_move=to_move,
        last_capturer=last_capturer,
        history=extended_history(state, Play(seat, move)),
        declaration_round=round_opens,
    )
    return next_state, tuple(events)


def extended_history(state: State, play: Play) -> tuple[Play, ...]:
    """The state's history with one more move; a history left out of a state whose cards
    have been played (it is optional) stays out, rather than becoming a wrong one."""
    if not state.history and state.plays > 0:
        return ()
    return (*state.history, play)


def _apply_cut(state: State, move: Move) -> tuple[State, tuple[Event, ...]]:
    """Complete the first deal after the cutter's choice about the drawn card."""
    assert state.cut_card is not None
    hands, table, stock = _complete_cut_deal(
        state.rules, state.dealer, state.cut_card, state.stock, move.kind is MoveKind.KEEP
    )
    next_state = replace(
        state,
        hands=hands,
        table=table,
        stock=stock,
        cut_card=None,
        history=extended_history(state, Play(state.to_move, move)),
        declaration_round=opens_round(state.rules, 1),
    )
    return next_state, (Event(EventKind.DEAL, None, None, 0),)


def _apply_round_move(state: State, move: Move) -> tuple[State, tuple[Event, ...]]:
    """Record a declaration (the hand shown) or a decline; the next seat acts, and after the
    dealer the round closes and the seat after the dealer plays the first card."""
    seat = state.to_move
    side = state.rules.side_of(seat)
    declarations = state.declarations
    if move.kind is MoveKind.DECLARE:
        declarations = (*declarations, Declaration(seat, state.deals_made, move.shown))
        event = Event(EventKind.DECLARE, seat, side, move.shown)
    else:
        event = Event(EventKind.DECLINE, seat, side)
    closes = seat == state.dealer
    next_state = replace(
        state,
        declarations=declarations,
        to_move=state.first_player if closes else (seat + 1) % state.rules.players,
        declaration_round=not closes,
        history=extended_history(state, Play(seat, move)),
    )
    return next_state, (event,)


def _apply_claim(state: State, move: Move) -> tuple[State, tuple[Event, ...]]:
    """End the hand on a claim; the event says whether it was right."""
    seat = state.to_move
    verdict = EventKind.CLAIM if claim_check(state).correct else EventKind.WRONG_CLAIM
    next_state = replace(state, claimed_by=seat, history=extended_history(state, Play(seat, move)))
    side = state.rules.side_of(seat)
    return next_state, (Event(verdict, seat, side), Event(EventKind.HAND_END, None, None))
