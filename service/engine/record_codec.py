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
from service.engine.assemble import record_from_parts
from service.engine.cards import code, codes
from service.engine.errors import Problem
from service.engine.message import Message
from service.engine.record import RECORD_FORMAT, RECORD_VERSION, HandRecord
from service.engine.rules import Rules


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
    """Reads a record's fields into parts, collecting every problem."""

    def mapping(self, field: str, value: Any) -> Mapping[str, Any]:
        if not isinstance(value, Mapping):
            self.problems.append(Problem(field, Message("must be an object")))
            return {}
        return value

    def deal_parts(self, data: Mapping[str, Any]) -> dict[str, Any]:
        cut = data.get("cut_card")
        stock = self.card_ids("deal.stock", self.seq("deal.stock", data.get("stock", [])))
        return {
            "hands": self.card_lists("deal.hands", data.get("hands")),
            "stock": [c for c in stock if c is not None],
            "table": self.card_ids("deal.table", data.get("table", [])),
            "cut_card": None if cut is None else self.card("deal.cut_card", cut),
        }

    def meta_parts(self, value: Any) -> dict[str, Any]:
        found: dict[str, Any] = {}
        for key, item in self.mapping("meta", value).items():
            if isinstance(item, str | int | float | bool) or (
                isinstance(item, list) and all(isinstance(x, str) for x in item)
            ):
                found[str(key)] = item
            else:
                reason = Message("a text, a number, true or false, or a list of texts")
                self.problems.append(Problem(f"meta.{key}", reason))
        return found


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
    parts = {
        "dealer": reader.whole("dealer", data.get("dealer")),
        "deal": reader.deal_parts(reader.mapping("deal", data.get("deal"))),
        "moves": reader.play_parts("moves", data.get("moves", [])),
        "match": {
            "scores": reader.whole_list("match.scores", match.get("scores", [])),
            "target": None if target is None else reader.whole("match.target", target),
        },
        "meta": reader.meta_parts(data.get("meta", {})),
    }
    return record_from_parts(rules, parts, reader)
