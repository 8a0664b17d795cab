"""The JSON form of a hand record (version 1): card codes, moves as a state's history lists them.

```
{"format": "scopa-hand-record", "version": 1, "rules": {...}, "dealer": 0,
 "deal": {"hands": [[...], ...], "table": [...], "stock": [...], "cut_card": "7D"},
 "moves": [{"seat": 1, "card": "4D", "capture": ["1B", "3B"]}, ...],
 "match": {"scores": [0, 0], "target": 11}, "meta": {"players": ["Ann", "Bob"], ...}}
```

``cut_card`` appears with first_card_choice only, ``match`` and ``meta`` when set.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from service.engine import codec
from service.engine.cards import code, codes
from service.engine.errors import InvalidStateError, Problem
from service.engine.message import Message
from service.engine.record import (
    RECORD_FORMAT,
    RECORD_VERSION,
    Deal,
    HandRecord,
    MetaValue,
)
from service.engine.rules import Rules
from service.engine.state import Play


def record_to_dict(record: HandRecord) -> dict[str, Any]:
    """A record in its JSON form, its rules written out in full."""
    deal: dict[str, Any] = {
        "hands": [codes(h) for h in record.deal.hands],
        "table": codes(record.deal.table),
        "stock": [code(c) for c in record.deal.stock],
    }
    if record.deal.cut_card is not None:
        deal["cut_card"] = code(record.deal.cut_card)
    data: dict[str, Any] = {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "rules": record.rules.options(),
        "dealer": record.dealer,
        "deal": deal,
        "moves": [codec.play_to_dict(p) for p in record.moves],
    }
    match: dict[str, Any] = {}
    if record.match_scores:
        match["scores"] = list(record.match_scores)
    if record.match_target is not None:
        match["target"] = record.match_target
    if match:
        data["match"] = match
    if record.meta:
        data["meta"] = {k: list(v) if isinstance(v, tuple) else v for k, v in record.meta}
    return data


class _Reader(codec.FieldReader):
    """Reads a record's fields, collecting every problem."""

    def mapping(self, field: str, value: Any) -> Mapping[str, Any]:
        if not isinstance(value, Mapping):
            self.problems.append(Problem(field, Message("must be an object")))
            return {}
        return value

    def deal(self, data: Mapping[str, Any]) -> Deal:
        hands = tuple(
            self.cards(f"deal.hands[{i}]", h)
            for i, h in enumerate(self.seq("deal.hands", data.get("hands")))
        )
        stock = self.card_list("deal.stock", self.seq("deal.stock", data.get("stock", [])))
        cut = data.get("cut_card")
        return Deal(
            hands=hands,
            table=self.cards("deal.table", data.get("table", [])),
            stock=tuple(stock),
            cut_card=None if cut is None else self.card("deal.cut_card", cut),
        )

    def moves(self, values: Any) -> tuple[Play, ...]:
        plays = []
        for i, entry in enumerate(self.seq("moves", values)):
            field = f"moves[{i}]"
            if not isinstance(entry, Mapping):
                self.problems.append(Problem(field, Message("must be an object")))
                continue
            seat = self.integer(f"{field}.seat", entry.get("seat"))
            try:
                plays.append(Play(seat, codec.move_from_dict(entry, field)))
            except InvalidStateError as error:
                self.problems += error.problems
        return tuple(plays)

    def meta(self, value: Any) -> tuple[tuple[str, MetaValue], ...]:
        found: list[tuple[str, MetaValue]] = []
        for key, item in self.mapping("meta", value).items():
            if isinstance(item, str | int | float | bool):
                found.append((str(key), item))
            elif isinstance(item, list) and all(isinstance(x, str) for x in item):
                found.append((str(key), tuple(item)))
            else:
                reason = Message("a text, a number, true or false, or a list of texts")
                self.problems.append(Problem(f"meta.{key}", reason))
        return tuple(found)


def record_from_dict(data: Mapping[str, Any], rules: Rules) -> HandRecord:
    """A record from its JSON form under the given rules (the record's own, already read);
    InvalidStateError names every field that cannot be read. The deal and the moves are
    checked by replaying them (``record.replay``)."""
    reader = _Reader()
    if data.get("format", RECORD_FORMAT) != RECORD_FORMAT:
        reader.problems.append(
            Problem("format", Message("must be {format!r}", format=RECORD_FORMAT))
        )
    if data.get("version") != RECORD_VERSION:
        reason = Message("this service reads version {version} records", version=RECORD_VERSION)
        reader.problems.append(Problem("version", reason))
    match = reader.mapping("match", data.get("match", {}))
    target = match.get("target")
    record = HandRecord(
        rules=rules,
        dealer=reader.integer("dealer", data.get("dealer")),
        deal=reader.deal(reader.mapping("deal", data.get("deal"))),
        moves=reader.moves(data.get("moves", [])),
        match_scores=tuple(
            reader.integer(f"match.scores[{i}]", n)
            for i, n in enumerate(reader.seq("match.scores", match.get("scores", [])))
        ),
        match_target=None if target is None else reader.integer("match.target", target),
        meta=reader.meta(data.get("meta", {})),
    )
    if reader.problems:
        raise InvalidStateError(reader.problems)
    return record
