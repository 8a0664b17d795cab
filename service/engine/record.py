"""Hand records: a hand's rules, dealer, deal and moves, the Scopa counterpart of a chess PGN.

A record is replayed move by move from its deal and checked: a deal that its rules cannot deal
lists every problem (InvalidStateError), a move that cannot be played names its index, why, and
the state it met (RecordMoveError). Any state that carries its history gives its record back
(``record_of``): the first hands are the cards each seat held in the first deal (played then,
or still in hand), the stock is what later deals took from it, seat by seat in dealing order,
then the stock still to deal; the table is what is left of the pack. Within one seat's share of
a deal the order is the cards' id order (the order of cards in a hand does not matter).
"""

from __future__ import annotations

from dataclasses import dataclass

from service.engine.cards import Card, Cards, bit, code, count, iter_cards
from service.engine.declarations import opens_round
from service.engine.errors import (
    EngineError,
    IllegalMoveError,
    InvalidStateError,
    Problem,
    listed_problems,
)
from service.engine.history import deal_of_play
from service.engine.message import Message, Plural
from service.engine.moves import MoveKind
from service.engine.rules import Rules
from service.engine.state import Event, Play, State, apply, table_voids_deal
from service.engine.view import check_state

RECORD_FORMAT = "scopa-hand-record"
RECORD_VERSION = 1

# A metadata value: a text, a number, a boolean, or a list of texts (players' names by seat).
MetaValue = str | int | float | bool | tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Deal:
    """The cards as dealt: each seat's first hand, the table, the stock in dealing order.

    With ``first_card_choice`` (Chkobba) nothing is dealt before the cutter's choice: the
    hands and the table are empty, ``cut_card`` is the card drawn and ``stock`` the other
    cards in order (keeping the card deals it to the cutter first; tabling it lays it first).
    """

    hands: tuple[Cards, ...]
    table: Cards
    stock: tuple[Card, ...]
    cut_card: Card | None = None


@dataclass(frozen=True, slots=True)
class HandRecord:
    """A hand as played: rules, dealer, deal, every move in order, and optionally the match
    scores before the hand (one per side), the match target and free-form metadata."""

    rules: Rules
    dealer: int
    deal: Deal
    moves: tuple[Play, ...] = ()
    match_scores: tuple[int, ...] = ()
    match_target: int | None = None
    meta: tuple[tuple[str, MetaValue], ...] = ()


@dataclass(frozen=True, slots=True)
class Replay:
    """A record replayed: the state before each move and after the last, and the events of
    each move."""

    states: tuple[State, ...]
    events: tuple[tuple[Event, ...], ...]

    @property
    def final(self) -> State:
        """The state after the last move."""
        return self.states[-1]


class RecordMoveError(EngineError):
    """A move of a record that cannot be played: its index, why, and the state it met."""

    def __init__(self, index: int, play: Play, reason: str, state: State) -> None:
        self.message = Message(
            "moves[{index}] ({move}) cannot be played: {reason}",
            index=index,
            move=play.move.code(),
            reason=reason,
        )
        super().__init__(self.message)
        self.index = index
        self.play = play
        self.reason = reason
        self.state = state


def _redeal_reason(rules: Rules) -> Message:
    """The re-deal rule in words."""
    if rules.redeal_on_ace:
        return Message("an ace on the table voids the deal (redeal_on_ace)")
    if rules.redeal == "three_kings":
        return Message("three kings on the table void the deal (redeal three_kings)")
    return Message("three cards of a rank on the table void the deal (redeal three_of_a_rank)")


def _places(rules: Rules, deal: Deal) -> list[Problem]:
    """Every card in the pack, each in one place, none missing."""
    problems: list[Problem] = []
    owner: dict[Card, str] = {}
    places = [(f"deal.hands[{i}]", list(iter_cards(h))) for i, h in enumerate(deal.hands)]
    places.append(("deal.table", list(iter_cards(deal.table))))
    places += [(f"deal.stock[{i}]", [c]) for i, c in enumerate(deal.stock)]
    if deal.cut_card is not None:
        places.append(("deal.cut_card", [deal.cut_card]))
    for place, cards in places:
        for c in cards:
            if not rules.pack_cards >> c & 1:
                problems.append(
                    Problem(
                        place,
                        Message("{card} is not in the {pack} pack", card=code(c), pack=rules.pack),
                    )
                )
            elif c in owner:
                problems.append(
                    Problem(
                        place, Message("{card} is also in {place}", card=code(c), place=owner[c])
                    )
                )
            else:
                owner[c] = place
    missing = rules.pack_cards & ~sum(bit(c) for c in owner)
    if missing:
        listed = ", ".join(code(c) for c in iter_cards(missing))
        problems.append(
            Problem(
                "deal",
                Plural(
                    "{count} card of the pack is missing: {cards}",
                    "{count} cards of the pack are missing: {cards}",
                    count(missing),
                    cards=listed,
                ),
            )
        )
    return problems


def _sizes(rules: Rules, deal: Deal) -> list[Problem]:
    """The hands, the table and the stock hold what the rules deal."""
    n = rules.players
    problems: list[Problem] = []
    if rules.first_card_choice:
        if deal.cut_card is None:
            reason = Message("required with first_card_choice: the card the cutter drew")
            problems.append(Problem("deal.cut_card", reason))
        for i, hand in enumerate(deal.hands):
            if hand:
                reason = Message("nothing is dealt before the cutter's choice")
                problems.append(Problem(f"deal.hands[{i}]", reason))
        if deal.table:
            problems.append(
                Problem("deal.table", Message("nothing is laid before the cutter's choice"))
            )
        if len(deal.stock) != rules.pack_size - 1:
            reason = Plural(
                "{count} card, but {wait} wait for the cut",
                "{count} cards, but {wait} wait for the cut",
                len(deal.stock),
                wait=rules.pack_size - 1,
            )
            problems.append(Problem("deal.stock", reason))
        return problems
    if deal.cut_card is not None:
        problems.append(Problem("deal.cut_card", Message("only with first_card_choice")))
    first = rules.deal_sizes[0]
    for i, hand in enumerate(deal.hands):
        if count(hand) != first:
            reason = Plural(
                "{count} card, but the first deal gives each seat {first}",
                "{count} cards, but the first deal gives each seat {first}",
                count(hand),
                first=first,
            )
            problems.append(Problem(f"deal.hands[{i}]", reason))
    if count(deal.table) != rules.initial_table:
        reason = Plural(
            "{count} card, but the deal lays {laid}",
            "{count} cards, but the deal lays {laid}",
            count(deal.table),
            laid=rules.initial_table,
        )
        problems.append(Problem("deal.table", reason))
    later = n * sum(rules.deal_sizes[1:])
    if len(deal.stock) != later:
        reason = Plural(
            "{count} card, but the later deals take {later}",
            "{count} cards, but the later deals take {later}",
            len(deal.stock),
            later=later,
        )
        problems.append(Problem("deal.stock", reason))
    return problems


def _cut_tables(rules: Rules, deal: Deal) -> tuple[Cards, Cards]:
    """The first table once the cutter keeps the drawn card, and once the cutter lays it."""
    assert deal.cut_card is not None
    hands = rules.players * rules.deal_sizes[0]
    kept = deal.stock[hands - 1 : hands - 1 + rules.initial_table]
    laid = [deal.cut_card, *deal.stock[hands : hands + rules.initial_table - 1]]
    return sum(bit(c) for c in kept), sum(bit(c) for c in laid)


def deal_problems(rules: Rules, dealer: int, deal: Deal) -> list[Problem]:
    """Every way a deal cannot be a deal of its rules by that dealer, all at once."""
    n = rules.players
    problems: list[Problem] = []
    if not 0 <= dealer < n:
        problems.append(Problem("dealer", Message("must be a seat 0..{last}", last=n - 1)))
    if len(deal.hands) != n:
        problems.append(
            Problem("deal.hands", Message("expected {count} hands, one per seat", count=n))
        )
    problems += _sizes(rules, deal)
    problems += _places(rules, deal)
    if problems:
        return problems
    if deal.cut_card is None:
        if table_voids_deal(rules, deal.table):
            problems.append(Problem("deal.table", _redeal_reason(rules)))
    elif any(table_voids_deal(rules, t) for t in _cut_tables(rules, deal)):
        reason = Message(
            "the cutter's choice could leave a void table: {reason}", reason=_redeal_reason(rules)
        )
        problems.append(Problem("deal.stock", reason))
    return problems


def _match_problems(record: HandRecord) -> list[Problem]:
    """The match around the hand fits the rules."""
    problems: list[Problem] = []
    sides = record.rules.sides
    if record.match_scores and len(record.match_scores) != sides:
        problems.append(
            Problem("match.scores", Message("expected {sides} scores, one per side", sides=sides))
        )
    if record.match_target is not None and record.match_target < 1:
        problems.append(Problem("match.target", Message("must be at least 1")))
    return problems


def dealt_state(record: HandRecord) -> State:
    """The state as the record's deal leaves it, before any move; InvalidStateError lists
    every problem of the deal and the match."""
    rules, deal = record.rules, record.deal
    problems = deal_problems(rules, record.dealer, deal) + _match_problems(record)
    if problems:
        raise InvalidStateError(problems)
    state = State(
        rules=rules,
        dealer=record.dealer,
        hands=deal.hands,
        table=deal.table,
        piles=(0,) * rules.sides,
        scope=(0,) * rules.sides,
        stock=deal.stock,
        deals_made=1,
        to_move=(record.dealer + 1) % rules.players,
        last_capturer=None,
        cut_card=deal.cut_card,
        match_scores=record.match_scores,
        match_target=record.match_target,
        # As dealt: a deal of three cards opens the declaration round (not before the cut).
        declaration_round=deal.cut_card is None and opens_round(rules, 1),
    )
    check_state(state)
    return state


def replay(record: HandRecord) -> Replay:
    """Every state of the record's hand, move by move; InvalidStateError for a deal that
    cannot be, RecordMoveError for the first move that cannot be played."""
    state = dealt_state(record)
    states = [state]
    events: list[tuple[Event, ...]] = []
    for index, play in enumerate(record.moves):
        if state.finished:
            raise RecordMoveError(index, play, Message("the hand is already over"), state)
        if play.seat != state.to_move:
            reason = Message(
                "seat {seat} is not to move: seat {to_move} is",
                seat=play.seat,
                to_move=state.to_move,
            )
            raise RecordMoveError(index, play, reason, state)
        try:
            state, happened = apply(state, play.move)
        except IllegalMoveError as error:
            raise RecordMoveError(index, play, error.reason, state) from error
        states.append(state)
        events.append(happened)
    return Replay(tuple(states), tuple(events))


def _history_problems(state: State) -> list[Problem]:
    """Whether the state's history can give its deal: every card play listed, seats in range,
    the cutter's choice first in a Chkobba hand."""
    rules = state.rules
    problems = [
        Problem(f"history[{i}].seat", Message("must be a seat 0..{last}", last=rules.players - 1))
        for i, play in enumerate(state.history)
        if not 0 <= play.seat < rules.players
    ]
    listed = sum(1 for p in state.history if p.move.plays_card)
    if listed != state.plays:
        reason: Message = Plural(
            "the history lists {count} card play, but the state counts {made}: a record needs "
            "the hand's whole history",
            "the history lists {count} card plays, but the state counts {made}: a record needs "
            "the hand's whole history",
            listed,
            made=state.plays,
        )
        problems.append(Problem("history", reason))
    if rules.first_card_choice and not state.cut_pending:
        first = state.history[0].move.kind if state.history else None
        if first not in (MoveKind.KEEP, MoveKind.TABLE):
            reason = Message("a Chkobba hand starts with the cutter's keep or table: list it first")
            problems.append(Problem("history", reason))
    return problems


def _deal_of(state: State) -> Deal:
    """The deal a state's history implies (module docstring)."""
    rules = state.rules
    n = rules.players
    if state.cut_pending:
        return Deal((0,) * n, 0, state.stock, state.cut_card)
    got = [[0] * n for _ in range(state.deals_made)]
    plays = [p for p in state.history if p.move.plays_card]
    for j, play in enumerate(plays):
        got[min(deal_of_play(rules, j), state.deals_made) - 1][play.seat] |= bit(play.move.card)
    for seat, hand in enumerate(state.hands):
        got[-1][seat] |= hand
    order = [(state.dealer + 1 + offset) % n for offset in range(n)]
    later = [c for shares in got[1:] for seat in order for c in iter_cards(shares[seat])]
    stock = (*later, *state.stock)
    dealt = sum(bit(c) for c in stock)
    for shares in got:
        for share in shares:
            dealt |= share
    table = rules.pack_cards & ~dealt
    if not rules.first_card_choice:
        return Deal(tuple(got[0]), table, stock)
    cut = state.history[0].move
    first_hands = list(got[0])
    if cut.kind is MoveKind.KEEP:
        first_hands[order[0]] &= ~bit(cut.card)
    else:
        table &= ~bit(cut.card)
    rest = [c for seat in order for c in iter_cards(first_hands[seat])]
    return Deal((0,) * n, 0, (*rest, *iter_cards(table), *stock), cut.card)


# The fields of a state that replaying its record must give back exactly.
STATE_FIELDS = (
    "hands",
    "table",
    "piles",
    "scope",
    "stock",
    "deals_made",
    "to_move",
    "last_capturer",
    "history",
    "cut_card",
    "declarations",
    "declaration_round",
    "claimed_by",
)


def record_of(state: State, meta: tuple[tuple[str, MetaValue], ...] = ()) -> HandRecord:
    """The record of a hand from any state that carries its history; InvalidStateError lists
    why not (an incomplete history, or one that does not lead to this state)."""
    problems = _history_problems(state)
    if problems:
        raise InvalidStateError(problems)
    record = HandRecord(
        rules=state.rules,
        dealer=state.dealer,
        deal=_deal_of(state),
        moves=state.history,
        match_scores=state.match_scores,
        match_target=state.match_target,
        meta=meta,
    )
    try:
        final = replay(record).final
    except RecordMoveError as error:
        raise InvalidStateError([Problem(f"history[{error.index}]", error.reason)]) from error
    except InvalidStateError as error:
        problem = Problem(
            "history",
            Message(
                "the deal it implies cannot happen ({reasons})",
                reasons=listed_problems(error.problems),
            ),
        )
        raise InvalidStateError([problem]) from error
    differing = [
        Problem(name, Message("differs from what the deal and the history give"))
        for name in STATE_FIELDS
        if getattr(final, name) != getattr(state, name)
    ]
    if differing:
        raise InvalidStateError(differing)
    return record
