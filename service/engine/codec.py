"""JSON forms of engine values: card codes at the edges, ids and masks inside."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from service.engine.assemble import (
    PartsReader,
    move_from_parts,
    state_from_parts,
    view_from_parts,
)
from service.engine.cards import Card, code, codes, parse_card, parse_cards
from service.engine.declarations import Declaration, ScoredDeclaration
from service.engine.errors import CardCodeError, InvalidStateError, Problem
from service.engine.history import REBUILT_FIELDS
from service.engine.match import MatchResult
from service.engine.message import Message
from service.engine.moves import CARDLESS_KINDS, Move, MoveKind
from service.engine.presets import rules_from_mapping
from service.engine.rules import Rules
from service.engine.scoring import HandScore, Prime, SideScore
from service.engine.state import Event, Play, State, is_sweep
from service.engine.tally_score import TalliedSide
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


class FieldReader(PartsReader):
    """Reads the JSON form into parts (``assemble``): every field checked for its type and
    every card code read, each problem collected instead of stopping at the first; the parts
    are then built by ``assemble`` with this reader, so that one error lists them all."""

    def card(self, field: str, value: Any) -> Card | None:
        """A card code read, or None (a problem noted)."""
        try:
            return parse_card(value)
        except CardCodeError:
            self.problems.append(Problem(field, Message("not a card code: {value!r}", value=value)))
            return None

    def card_ids(self, field: str, values: Any) -> list[Card | None]:
        """A list of card codes read in order (None for each bad one, a problem noted)."""
        if not isinstance(values, list):
            self.problems.append(Problem(field, Message("must be a list of card codes")))
            return []
        try:
            return list(parse_cards(values))
        except CardCodeError:
            return [self.card(f"{field}[{i}]", value) for i, value in enumerate(values)]

    def seq(self, field: str, values: Any) -> list[Any]:
        """A list, or an empty one (a problem noted)."""
        if not isinstance(values, list):
            self.problems.append(Problem(field, Message("must be a list")))
            return []
        return values

    def integer(self, field: str, value: Any, nullable: bool = False) -> int | None:
        """A whole number (None for null when ``nullable``), or 0 (a problem noted)."""
        if value is None and nullable:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            self.problems.append(
                Problem(field, Message("must be a whole number, not {value!r}", value=value))
            )
            return 0
        return value

    def whole(self, field: str, value: Any) -> int:
        """A whole number, or 0 (a problem noted)."""
        found = self.integer(field, value)
        assert found is not None
        return found

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

    def move_parts(self, field: str, data: Mapping[str, Any]) -> dict[str, Any] | None:
        """A move's parts; None when its card cannot be read."""
        kind = self.kind(f"{field}.kind", data.get("kind"))
        if kind in CARDLESS_KINDS:
            return {"kind": kind.value}
        played = self.card(f"{field}.card", data.get("card"))
        capture = self.card_ids(f"{field}.capture", data.get("capture", []))
        if played is None:
            return None
        return {"kind": kind.value, "card": played, "capture": capture}

    def play_parts(self, field: str, values: Any) -> list[dict[str, Any]]:
        """The readable moves of a history or a record, with their seats."""
        plays = []
        for i, entry in enumerate(self.seq(field, values)):
            if not isinstance(entry, Mapping):
                self.problems.append(Problem(f"{field}[{i}]", Message("must be an object")))
                continue
            seat = self.whole(f"{field}[{i}].seat", entry.get("seat"))
            move = self.move_parts(f"{field}[{i}]", entry)
            if move is not None:
                plays.append({"seat": seat, **move})
        return plays

    def declaration_parts(self, values: Any) -> list[dict[str, Any]]:
        """The declarations made in the hand."""
        found = []
        for i, entry in enumerate(self.seq("declarations", values)):
            if not isinstance(entry, Mapping):
                self.problems.append(Problem(f"declarations[{i}]", Message("must be an object")))
                continue
            found.append(
                {
                    "seat": self.whole(f"declarations[{i}].seat", entry.get("seat")),
                    "deal": self.whole(f"declarations[{i}].deal", entry.get("deal")),
                    "cards": self.card_ids(f"declarations[{i}].cards", entry.get("cards")),
                }
            )
        return found

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
        return None if value is None else self.whole(field, value)

    def variant_parts(self, data: Mapping[str, Any]) -> dict[str, Any]:
        """The variant fields of a state or view (``variant_fields``), read."""
        cut = data.get("cut_card")
        return {
            "cut_card": None if cut is None else self.card("cut_card", cut),
            "declarations": self.declaration_parts(data.get("declarations", [])),
            "declaration_round": self.flag("declaration_round", data.get("declaration_round")),
            "claimed_by": self.optional_int("claimed_by", data.get("claimed_by")),
            "match_scores": [
                self.whole(f"match_scores[{i}]", n)
                for i, n in enumerate(self.seq("match_scores", data.get("match_scores", [])))
            ],
            "match_target": self.optional_int("match_target", data.get("match_target")),
        }

    def card_lists(self, field: str, values: Any) -> list[list[Card | None]]:
        """A list of card lists (hands, piles)."""
        return [self.card_ids(f"{field}[{i}]", v) for i, v in enumerate(self.seq(field, values))]

    def whole_list(self, field: str, values: Any) -> list[int]:
        """A list of whole numbers (scope, hand sizes)."""
        return [self.whole(f"{field}[{i}]", n) for i, n in enumerate(self.seq(field, values))]


def move_from_dict(data: Mapping[str, Any], field: str = "move") -> Move:
    """A move from its JSON form; raises InvalidStateError naming the field."""
    reader = FieldReader()
    parts = reader.move_parts(field, data)
    reader.done()
    assert parts is not None
    return move_from_parts(parts, field)


def play_to_dict(play: Play) -> dict[str, Any]:
    """One history entry in JSON form."""
    return {"seat": play.seat, **move_to_dict(play.move)}


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
    parts = {
        "hands": reader.card_lists("hands", data.get("hands")),
        "piles": reader.card_lists("piles", data.get("piles")),
        "stock": [c for c in reader.card_ids("stock", data.get("stock", [])) if c is not None],
        "scope": reader.whole_list("scope", data.get("scope")),
        "last_capturer": reader.integer("last_capturer", data.get("last_capturer"), True),
        "dealer": reader.whole("dealer", data.get("dealer")),
        "table": reader.card_ids("table", data.get("table", [])),
        "deals_made": reader.whole("deals_made", data.get("deals_made", 1)),
        "to_move": reader.whole("to_move", data.get("to_move")),
        "history": reader.play_parts("history", data.get("history", [])),
        **reader.variant_parts(data),
    }
    return state_from_parts(rules, parts, reader)


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
    parts: dict[str, Any] = {
        "seat": reader.whole("seat", data.get("seat")),
        "dealer": reader.whole("dealer", data.get("dealer")),
        "to_move": reader.whole("to_move", data.get("to_move")),
        "hand": reader.card_ids("hand", data.get("hand")),
        "table": reader.card_ids("table", data.get("table", [])),
        "hand_sizes": reader.whole_list("hand_sizes", data.get("hand_sizes")),
        "stock_size": reader.whole("stock_size", data.get("stock_size", 0)),
        "deals_made": reader.whole("deals_made", data.get("deals_made", 1)),
        "last_capturer": reader.integer("last_capturer", data.get("last_capturer"), True),
        "cut_pending": data.get("cut_pending") is True,
        **reader.variant_parts(data),
    }
    for name, read in (("piles", reader.card_lists), ("scope", reader.whole_list)):
        if name in data:
            parts[name] = read(name, data[name])
    if "history" in data:
        parts["history"] = reader.play_parts("history", data["history"])
    given = {name for name in REBUILT_FIELDS if name in data}
    return view_from_parts(rules, parts, reader, given)


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
        "prime": prime_to_dict(score.prime),
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


def prime_to_dict(prime: Prime) -> dict[str, Any]:
    """A prime: its value, the cards that make it, whether it holds every suit, and whether
    it was counted as points alone."""
    data = {"value": _number(prime.value), "cards": codes(prime.cards), "all_suits": prime.complete}
    if prime.from_points:
        data["from_points"] = True
    return data


def tallied_side_to_dict(rules: Rules, scored: TalliedSide) -> dict[str, Any]:
    """One side's hand from a partial tally: the facts counted (null where not), the points
    decided, the total when all are, and the categories undecided."""
    tally = scored.tally
    data: dict[str, Any] = {
        "side": scored.side,
        "cards": tally.cards,
        "coins": tally.coins,
        "settebello": tally.settebello,
        "prime": None if scored.prime is None else prime_to_dict(scored.prime),
        "scope": tally.scope,
        "napola_run": tally.napola,
        "points": dict(scored.points),
        "total": scored.total,
        "outright": scored.outright,
        "undecided": list(scored.undecided),
    }
    if rules.scalette and tally.scalette_low is not None and tally.scalette_high is not None:
        data["scalette"] = {"low": tally.scalette_low, "high": tally.scalette_high}
    if "declarations" in scored.points:
        data["declarations"] = [scored_declaration_to_dict(d) for d in scored.declarations]
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
