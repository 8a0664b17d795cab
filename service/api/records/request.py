"""The requests of POST /v1/record, /v1/replay and /v1/view as their schemas load them."""

from __future__ import annotations

from dataclasses import dataclass

from service.engine.record import HandRecord, MetaValue
from service.engine.state import State


@dataclass(frozen=True, slots=True)
class RecordRequest:
    """The record of a state's hand, with metadata to copy into it."""

    state: State
    meta: tuple[tuple[str, MetaValue], ...]


@dataclass(frozen=True, slots=True)
class ReplayRequest:
    """A hand record to check and replay."""

    record: HandRecord


@dataclass(frozen=True, slots=True)
class ViewRequest:
    """What one seat of a full state can know."""

    state: State
    seat: int
