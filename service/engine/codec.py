"""JSON forms of engine values: card codes at the edges, ids and masks inside."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from service.engine.cards import Card, Cards, code, codes, parse_card, parse_cards
from service.engine.declarations import Declaration, ScoredDeclaration
from service.engine.errors import CardCodeError, InvalidStateError, Problem
from service.engine.history import REBUILT_FIELDS, rebuilt_view
from service.engine.match import MatchResult
from service.engine.message import Message
from service.engine.moves import CARDLESS_KINDS, Move, MoveKind, cardless_move
from service.engine.presets import rules_from_mapping
from service.engine.rules import Rules
from service.engine.scoring import HandScore, SideScore
from service.engine.state import Event, Play, State, is_sweep
from service.engine.variant_fields import VariantFields
from service.engine.view import View


def move_to_dict(move: Move, sweep: bool | None = None) -> dict[str, Any]:
    """A move as ``{"card": "7D", "capture": [...]}``, with ``sweep`` when known.

    A special move adds its ``kind``; an ordinary play leaves the key out. A claim and a
    decline name no card and have no ``card`` key; a declaration's ``card`` and ``capture``
    are the hand shown.
    """
    if move.kind in CARDLESS_KINDS:
        data: dict[str, Any] = {"capture": [], "kind": move.kind.value}
        if sweep is not None:
            data["sweep"] = sweep
        return data
    data = {"card": code(move.card), "capture": codes(move.capture)}
    if move.kind is not MoveKind.PLAY:
        data["kind"] = move.kind.value
    if sweep is not None:
        data["sweep"] = sweep
    return data


def legal_move_dict(state: State, move: Move) -> dict[str, Any]:
    """A legal move with whether it sweeps the table."""
    return move_to_dict(move, is_sweep(state, move))


class FieldReader:
    """Reads card fields, collecting every problem instead of stopping at the first."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def card(self, field: str, value: Any) -> int | None:
        """A card code read, or None (a problem noted)."""
        try:
            return parse_card(value)
        except CardCodeError:
            self.problems.append(Problem(field, Message("not a card code: {value!r}", value=value)))
            return None

    def cards(self, field: str, values: Any) -> Cards:
        """A list of card codes read as a set; a card listed twice is a problem."""
        if not isinstance(values, list):
            self.problems.append(Problem(field, Message("must be a list of card codes")))
            return 0
        try:
            read = parse_cards(values)
        except CardCodeError:
            return self._cards_named(field, values)
        mask = 0
        for c in read:
            mask |= 1 << c
        if mask.bit_count() != len(read):  # a card listed twice
            return self._cards_named(field, values)
        return mask

    def _cards_named(self, field: str, values: list[Any]) -> Cards:
        """``cards`` for a list with a problem: each bad or doubled entry named by its index."""
        mask = 0
        for i, value in enumerate(values):
            c = self.card(f"{field}[{i}]", value)
            if c is None:
                continue
            if mask >> c & 1:
                self.problems.append(
                    Problem(f"{field}[{i}]", Message("{card} is listed twice", card=code(c)))
                )
            mask |= 1 << c
        return mask

    def card_list(self, field: str, values: list[Any]) -> list[Card]:
        """Card codes read in order (doubles kept); each bad entry a problem, left out."""
        try:
            return parse_cards(values)
        except CardCodeError:
            read = (self.card(f"{field}[{i}]", value) for i, value in enumerate(values))
            return [c for c in read if c is not None]

    def seq(self, field: str, values: Any) -> list[Any]:
        """A list, or an empty one (a problem noted)."""
        if not isinstance(values, list):
            self.problems.append(Problem(field, Message("must be a list")))
            return []
        return values

    def integer(self, field: str, value: Any, nullable: bool = False) -> int:
        """A whole number (-1 for null when ``nullable``), or 0 (a problem noted)."""
        if value is None and nullable:
            return -1
        if isinstance(value, bool) or not isinstance(value, int):
            self.problems.append(
                Problem(field, Message("must be a whole number, not {value!r}", value=value))
            )
            return 0
        return value

    def kind(self, field: str, value: Any) -> MoveKind:
        """A move kind (a play when absent)."""
        if value is None:
            return MoveKind.PLAY
        try:
            return MoveKind(value)
        except ValueError:
            allowed = ", ".join(k.value for k in MoveKind)
            self.problems.append(
                Problem(
                    field,
                    Message("{value!r} is not one of {allowed}", value=value, allowed=allowed),
                )
            )
            return MoveKind.PLAY

    def move(self, field: str, data: Mapping[str, Any]) -> Move | None:
        """A move of any kind, a declaration in its canonical form; None when unreadable."""
        kind = self.kind(f"{field}.kind", data.get("kind"))
        if kind in CARDLESS_KINDS:
            return cardless_move(kind)
        played = self.card(f"{field}.card", data.get("card"))
        capture = self.cards(f"{field}.capture", data.get("capture", []))
        if played is None:
            return None
        if kind is MoveKind.DECLARE:
            # The canonical form: the lowest card shown as ``card``, the others as ``capture``.
            shown = capture | 1 << played
            low = shown & -shown
            return Move(low.bit_length() - 1, shown & ~low, kind)
        return Move(played, capture, kind)

    def declarations(self, values: Any) -> tuple[Declaration, ...]:
        """The declarations made in the hand."""
        found = []
        for i, entry in enumerate(self.seq("declarations", values)):
            if not isinstance(entry, Mapping):
                self.problems.append(Problem(f"declarations[{i}]", Message("must be an object")))
                continue
            found.append(
                Declaration(
                    self.integer(f"declarations[{i}].seat", entry.get("seat")),
                    self.integer(f"declarations[{i}].deal", entry.get("deal")),
                    self.cards(f"declarations[{i}].cards", entry.get("cards")),
                )
            )
        return tuple(found)

    def scores(self, values: Any) -> tuple[int, ...]:
        """The match scores before the hand."""
        return tuple(
            self.integer(f"match_scores[{i}]", n)
            for i, n in enumerate(self.seq("match_scores", values))
        )

    def flag(self, field: str, value: Any) -> bool:
        """True or false (false when absent)."""
        if value is None:
            return False
        if not isinstance(value, bool):
            self.problems.append(
                Problem(field, Message("must be true or false, not {value!r}", value=value))
            )
            return False
        return value

    def optional_int(self, field: str, value: Any) -> int | None:
        """A whole number, or None when absent."""
        return None if value is None else self.integer(field, value)

    def optional_card(self, field: str, value: Any) -> int | None:
        """A card code read, or None when absent."""
        return None if value is None else self.card(field, value)

    def variant_fields(self, data: Mapping[str, Any]) -> dict[str, Any]:
        """The variant fields of a state or view (``variant_fields``), read."""
        return {
            "cut_card": self.optional_card("cut_card", data.get("cut_card")),
            "declarations": self.declarations(data.get("declarations", [])),
            "declaration_round": self.flag("declaration_round", data.get("declaration_round")),
            "claimed_by": self.optional_int("claimed_by", data.get("claimed_by")),
            "match_scores": self.scores(data.get("match_scores", [])),
            "match_target": self.optional_int("match_target", data.get("match_target")),
        }

    def done(self) -> None:
        """Raise InvalidStateError with every problem noted, if any."""
        if self.problems:
            raise InvalidStateError(self.problems)


def move_from_dict(data: Mapping[str, Any], field: str = "move") -> Move:
    """A move from its JSON form; raises InvalidStateError naming the field."""
    reader = FieldReader()
    move = reader.move(field, data)
    reader.done()
    assert move is not None
    return move


def declarations_from_list(values: Any) -> tuple[Declaration, ...]:
    """Declarations from their JSON form; InvalidStateError names each bad field (a card
    listed twice in one declaration is ``declarations[i].cards[j]``)."""
    reader = FieldReader()
    found = reader.declarations(values)
    reader.done()
    return found


def play_to_dict(play: Play) -> dict[str, Any]:
    """One history entry in JSON form."""
    return {"seat": play.seat, **move_to_dict(play.move)}


def _history(reader: FieldReader, values: Any) -> tuple[Play, ...]:
    plays = []
    for i, entry in enumerate(reader.seq("history", values)):
        if not isinstance(entry, Mapping):
            reader.problems.append(Problem(f"history[{i}]", Message("must be an object")))
            continue
        seat = reader.integer(f"history[{i}].seat", entry.get("seat"))
        move = reader.move(f"history[{i}]", entry)
        if move is not None:
            plays.append(Play(seat, move))
    return tuple(plays)


def state_to_dict(state: State) -> dict[str, Any]:
    """A full state in JSON form; variant fields appear only when set."""
    data: dict[str, Any] = {
        "rules": state.rules.options(),
        "dealer": state.dealer,
        "to_move": state.to_move,
        "hands": [codes(h) for h in state.hands],
        "table": codes(state.table),
        "piles": [codes(p) for p in state.piles],
        "scope": list(state.scope),
        "stock": [code(c) for c in state.stock],
        "deals_made": state.deals_made,
        "last_capturer": state.last_capturer,
        "history": [play_to_dict(p) for p in state.history],
        "finished": state.finished,
    }
    _put_variant_fields(data, state)
    return data


def declaration_to_dict(declaration: Declaration) -> dict[str, Any]:
    """A declaration: the seat, the deal (from 1) and the three cards shown."""
    return {"seat": declaration.seat, "deal": declaration.deal, "cards": codes(declaration.cards)}


def _put_variant_fields(data: dict[str, Any], source: VariantFields) -> None:
    """Add the variant fields of a state or view, each only when set."""
    if source.cut_card is not None:
        data["cut_card"] = code(source.cut_card)
    if source.declarations:
        data["declarations"] = [declaration_to_dict(d) for d in source.declarations]
    if source.declaration_round:
        data["declaration_round"] = True
    if source.claimed_by is not None:
        data["claimed_by"] = source.claimed_by
    if source.match_scores:
        data["match_scores"] = list(source.match_scores)
    if source.match_target is not None:
        data["match_target"] = source.match_target


def rules_of(data: Mapping[str, Any]) -> Rules:
    """The rules field of a JSON object (a preset name or an object of options)."""
    value = data.get("rules")
    if not isinstance(value, str | Mapping):
        raise InvalidStateError(
            [Problem("rules", Message("a preset name or an object of options"))]
        )
    return rules_from_mapping(value)


def state_from_dict(data: Mapping[str, Any], rules: Rules | None = None) -> State:
    """A full state from its JSON form; raises InvalidStateError or RulesError."""
    rules = rules or rules_of(data)
    reader = FieldReader()
    hands = tuple(
        reader.cards(f"hands[{i}]", h) for i, h in enumerate(reader.seq("hands", data.get("hands")))
    )
    piles = tuple(
        reader.cards(f"piles[{i}]", p) for i, p in enumerate(reader.seq("piles", data.get("piles")))
    )
    stock = reader.card_list("stock", reader.seq("stock", data.get("stock", [])))
    scope = tuple(
        reader.integer(f"scope[{i}]", n)
        for i, n in enumerate(reader.seq("scope", data.get("scope")))
    )
    capturer = reader.integer("last_capturer", data.get("last_capturer"), nullable=True)
    state = State(
        rules=rules,
        dealer=reader.integer("dealer", data.get("dealer")),
        hands=hands,
        table=reader.cards("table", data.get("table", [])),
        piles=piles,
        scope=scope,
        stock=tuple(stock),
        deals_made=reader.integer("deals_made", data.get("deals_made", 1)),
        to_move=reader.integer("to_move", data.get("to_move")),
        last_capturer=None if capturer == -1 else capturer,
        history=_history(reader, data.get("history", [])),
        **reader.variant_fields(data),
    )
    reader.done()
    return state


def view_to_dict(view: View) -> dict[str, Any]:
    """A seat's view in JSON form; variant fields appear only when set."""
    data: dict[str, Any] = {
        "rules": view.rules.options(),
        "seat": view.seat,
        "dealer": view.dealer,
        "to_move": view.to_move,
        "hand": codes(view.hand),
        "table": codes(view.table),
        "piles": [codes(p) for p in view.piles],
        "scope": list(view.scope),
        "hand_sizes": list(view.hand_sizes),
        "stock_size": view.stock_size,
        "deals_made": view.deals_made,
        "last_capturer": view.last_capturer,
        "history": [play_to_dict(p) for p in view.history],
        "unseen": codes(view.unseen),
    }
    if view.cut_pending:
        data["cut_pending"] = True
    _put_variant_fields(data, view)
    return data


def view_from_dict(data: Mapping[str, Any], rules: Rules | None = None) -> View:
    """A seat's view from its JSON form; raises InvalidStateError or RulesError.

    Without ``piles`` or ``scope`` the fields the history determines are rebuilt from it
    (``history.rebuilt_view``); those given must then agree with it.
    """
    rules = rules or rules_of(data)
    reader = FieldReader()
    complete = "piles" in data and "scope" in data
    piles = tuple(
        reader.cards(f"piles[{i}]", p)
        for i, p in enumerate(reader.seq("piles", data.get("piles", [])))
    )
    capturer = reader.integer("last_capturer", data.get("last_capturer"), nullable=True)
    view = View(
        rules=rules,
        seat=reader.integer("seat", data.get("seat")),
        dealer=reader.integer("dealer", data.get("dealer")),
        to_move=reader.integer("to_move", data.get("to_move")),
        hand=reader.cards("hand", data.get("hand")),
        table=reader.cards("table", data.get("table", [])),
        piles=piles,
        scope=tuple(
            reader.integer(f"scope[{i}]", n)
            for i, n in enumerate(reader.seq("scope", data.get("scope", [])))
        ),
        hand_sizes=tuple(
            reader.integer(f"hand_sizes[{i}]", n)
            for i, n in enumerate(reader.seq("hand_sizes", data.get("hand_sizes")))
        ),
        stock_size=reader.integer("stock_size", data.get("stock_size", 0)),
        deals_made=reader.integer("deals_made", data.get("deals_made", 1)),
        last_capturer=None if capturer == -1 else capturer,
        history=_history(reader, data.get("history", [])),
        cut_pending=data.get("cut_pending") is True,
        **reader.variant_fields(data),
    )
    if not complete and "history" not in data:
        reader.problems.append(Problem("piles", Message("give piles and scope, or the history")))
    reader.done()
    if complete:
        return view
    return rebuilt_view(view, {name for name in REBUILT_FIELDS if name in data})


def event_to_dict(event: Event) -> dict[str, Any]:
    """An event of applying a move in JSON form."""
    return {
        "kind": event.kind.value,
        "seat": event.seat,
        "side": event.side,
        "cards": codes(event.cards),
    }


def _number(value: float | tuple[int, ...]) -> float | int | list[int]:
    if isinstance(value, tuple):
        return list(value)
    return int(value) if float(value).is_integer() else value


def side_score_to_dict(score: SideScore) -> dict[str, Any]:
    """One side's hand score with its evidence; the scalette runs appear when scored."""
    data: dict[str, Any] = {
        "side": score.side,
        "cards": score.card_count,
        "coins": score.coin_count,
        "settebello": score.settebello,
        "prime": {
            "value": _number(score.prime.value),
            "cards": codes(score.prime.cards),
            "all_suits": score.prime.complete,
        },
        "scope": score.scope,
        "napola_run": score.napola_run,
        "points": dict(score.points),
        "total": score.total,
        "outright": score.outright,
    }
    if "scalette" in score.points:
        data["scalette"] = {"low": score.scaletta_low, "high": score.scaletta_high}
    if "declarations" in score.points:
        data["declarations"] = [scored_declaration_to_dict(d) for d in score.declarations]
    return data


def scored_declaration_to_dict(scored: ScoredDeclaration) -> dict[str, Any]:
    """A declared hand with what it is (kind, compared value) and the points it scored."""
    return {
        **declaration_to_dict(scored.declaration),
        "kind": scored.shown.kind,
        "value": scored.shown.value,
        "points": scored.points,
    }


def hand_score_to_dict(score: HandScore) -> list[dict[str, Any]]:
    """Every side's hand score."""
    return [side_score_to_dict(s) for s in score.sides]


def match_to_dict(result: MatchResult) -> dict[str, Any]:
    """Match totals and the winner, if any; ``double`` appears for a double game."""
    data: dict[str, Any] = {
        "scores": list(result.scores),
        "target": result.target,
        "finished": result.finished,
        "winner": result.winner,
        "reason": result.reason,
    }
    if result.double:
        data["double"] = True
    if result.loser is not None:
        data["loser"] = result.loser
    return data
