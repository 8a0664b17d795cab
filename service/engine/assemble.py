"""Engine values from parsed parts: the one place that turns read fields into states, views,
moves, declarations and records.

Parts are the fields of a value's JSON form already read, cards as ids: a request's schema
(``service.api``'s schemas) and the dict codec (``codec``) both produce them and both build here.
What the parts themselves cannot say is found here and listed by field, every problem at once:
a card listed twice in one list (``hands[0][3]``), a move's capture naming a card twice. Whether
the value can happen under its rules is ``view.check_state`` / ``check_view``'s question, asked
of the value built here.

A parts mapping has the keys of the JSON form; optional keys may be absent (a view without
``piles`` is rebuilt from its history, as ``history.rebuilt_view`` says).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any

from service.engine.cards import Card, Cards, code
from service.engine.declarations import Declaration
from service.engine.errors import InvalidStateError, Problem
from service.engine.history import REBUILT_FIELDS, rebuilt_view
from service.engine.message import Message
from service.engine.moves import CARDLESS_KINDS, Move, MoveKind, cardless_move
from service.engine.record import Deal, HandRecord, MetaValue
from service.engine.rules import Rules
from service.engine.state import Play, State
from service.engine.view import View

Parts = Mapping[str, Any]


class PartsReader:
    """Builds engine values from parts, collecting every problem instead of stopping at the
    first; ``done`` raises them."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def card_set(self, field: str, cards: Sequence[Card | None]) -> Cards:
        """A list of cards as a set; each card listed again is a problem at its index. An
        entry that could not be read (None, its problem named by the reader) is left out."""
        mask = 0
        try:
            for c in cards:
                mask |= 1 << c  # type: ignore[operator]
        except TypeError:  # an entry left unread
            pass
        else:
            if mask.bit_count() == len(cards):
                return mask
        mask = 0
        for i, c in enumerate(cards):
            if c is None:
                continue
            if mask >> c & 1:
                self.problems.append(
                    Problem(f"{field}[{i}]", Message("{card} is listed twice", card=code(c)))
                )
            mask |= 1 << c
        return mask

    def move(self, field: str, parts: Parts) -> Move:
        """A move of any kind (``kind`` absent: a play), a declaration in its canonical form:
        the lowest card shown as ``card``, the others as ``capture``."""
        kind = MoveKind(parts.get("kind", MoveKind.PLAY.value))
        if kind in CARDLESS_KINDS:
            return cardless_move(kind)
        played: Card = parts["card"]
        capture = self.card_set(f"{field}.capture", parts.get("capture", ()))
        if kind is MoveKind.DECLARE:
            shown = capture | 1 << played
            low = shown & -shown
            return Move(low.bit_length() - 1, shown & ~low, kind)
        return Move(played, capture, kind)

    def plays(self, field: str, entries: Iterable[Parts]) -> tuple[Play, ...]:
        """Moves with their seats, as a history or a record lists them."""
        return tuple(
            Play(entry["seat"], self.move(f"{field}[{i}]", entry))
            for i, entry in enumerate(entries)
        )

    def declarations(self, field: str, entries: Iterable[Parts]) -> tuple[Declaration, ...]:
        """Declared hands: seat, deal (from 1) and the cards shown."""
        return tuple(
            Declaration(
                entry["seat"], entry["deal"], self.card_set(f"{field}[{i}].cards", entry["cards"])
            )
            for i, entry in enumerate(entries)
        )

    def variant_fields(self, parts: Parts) -> dict[str, Any]:
        """The fields some variants add to a state or a view (``variant_fields``)."""
        return {
            "cut_card": parts.get("cut_card"),
            "declarations": self.declarations("declarations", parts.get("declarations", ())),
            "declaration_round": parts.get("declaration_round", False),
            "claimed_by": parts.get("claimed_by"),
            "match_scores": tuple(parts.get("match_scores", ())),
            "match_target": parts.get("match_target"),
        }

    def done(self) -> None:
        """Raise InvalidStateError with every problem found, if any."""
        if self.problems:
            raise InvalidStateError(self.problems)


def state_from_parts(rules: Rules, parts: Parts, reader: PartsReader | None = None) -> State:
    """A full state; InvalidStateError names every card listed twice (with the problems the
    ``reader`` found before, when one is given). Unchecked: see ``view.check_state``."""
    reader = reader or PartsReader()
    hands = tuple(reader.card_set(f"hands[{i}]", h) for i, h in enumerate(parts["hands"]))
    piles = tuple(reader.card_set(f"piles[{i}]", p) for i, p in enumerate(parts["piles"]))
    state = State(
        rules=rules,
        dealer=parts["dealer"],
        hands=hands,
        table=reader.card_set("table", parts.get("table", ())),
        piles=piles,
        scope=tuple(parts["scope"]),
        stock=tuple(parts.get("stock", ())),
        deals_made=parts.get("deals_made", 1),
        to_move=parts["to_move"],
        last_capturer=parts.get("last_capturer"),
        history=reader.plays("history", parts.get("history", ())),
        **reader.variant_fields(parts),
    )
    reader.done()
    return state


def view_from_parts(
    rules: Rules,
    parts: Parts,
    reader: PartsReader | None = None,
    given: Collection[str] | None = None,
) -> View:
    """A seat's view; InvalidStateError names every card listed twice (with the problems the
    ``reader`` found before). Without ``piles`` or ``scope`` the fields its history determines
    are rebuilt from it (``history.rebuilt_view``), and those ``given`` (by default, those in
    the parts) must agree with it. Unchecked otherwise: see ``view.check_view``."""
    reader = reader or PartsReader()
    complete = "piles" in parts and "scope" in parts
    piles = tuple(reader.card_set(f"piles[{i}]", p) for i, p in enumerate(parts.get("piles", ())))
    view = View(
        rules=rules,
        seat=parts["seat"],
        dealer=parts["dealer"],
        to_move=parts["to_move"],
        hand=reader.card_set("hand", parts["hand"]),
        table=reader.card_set("table", parts.get("table", ())),
        piles=piles,
        scope=tuple(parts.get("scope", ())),
        hand_sizes=tuple(parts["hand_sizes"]),
        stock_size=parts.get("stock_size", 0),
        deals_made=parts.get("deals_made", 1),
        last_capturer=parts.get("last_capturer"),
        history=reader.plays("history", parts.get("history", ())),
        cut_pending=parts.get("cut_pending") is True,
        **reader.variant_fields(parts),
    )
    if not complete and "history" not in parts:
        reader.problems.append(Problem("piles", Message("give piles and scope, or the history")))
    reader.done()
    if complete:
        return view
    if given is None:
        given = {name for name in REBUILT_FIELDS if name in parts}
    return rebuilt_view(view, given)


def move_from_parts(parts: Parts, field: str = "move") -> Move:
    """A move; InvalidStateError names a capture card listed twice (``move.capture[1]``)."""
    reader = PartsReader()
    move = reader.move(field, parts)
    reader.done()
    return move


def declarations_from_parts(entries: Iterable[Parts]) -> tuple[Declaration, ...]:
    """Declarations; InvalidStateError names a card shown twice (``declarations[i].cards[j]``)."""
    reader = PartsReader()
    found = reader.declarations("declarations", entries)
    reader.done()
    return found


def meta_from_parts(parts: Parts) -> tuple[tuple[str, MetaValue], ...]:
    """A record's free-form metadata as the engine keeps it (lists as tuples)."""
    return tuple((k, tuple(v) if isinstance(v, list) else v) for k, v in parts.items())


def record_from_parts(rules: Rules, parts: Parts, reader: PartsReader | None = None) -> HandRecord:
    """A hand record under its rules; InvalidStateError names every card listed twice (with
    the problems the ``reader`` found before). Its deal and moves are checked by replaying it
    (``record.replay``)."""
    reader = reader or PartsReader()
    deal = parts["deal"]
    hands = tuple(reader.card_set(f"deal.hands[{i}]", h) for i, h in enumerate(deal["hands"]))
    match = parts.get("match", {})
    record = HandRecord(
        rules=rules,
        dealer=parts["dealer"],
        deal=Deal(
            hands=hands,
            table=reader.card_set("deal.table", deal.get("table", ())),
            stock=tuple(deal.get("stock", ())),
            cut_card=deal.get("cut_card"),
        ),
        moves=reader.plays("moves", parts.get("moves", ())),
        match_scores=tuple(match.get("scores", ())),
        match_target=match.get("target"),
        meta=meta_from_parts(parts.get("meta", {})),
    )
    reader.done()
    return record
