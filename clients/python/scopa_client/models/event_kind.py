from typing import Literal

EventKind = Literal[
    "capture", "claim", "deal", "declare", "decline", "hand_end", "last_take", "lay", "scopa", "wrong_claim"
]

EVENT_KIND_VALUES: set[EventKind] = {
    "capture",
    "claim",
    "deal",
    "declare",
    "decline",
    "hand_end",
    "last_take",
    "lay",
    "scopa",
    "wrong_claim",
}


def check_event_kind(value: str) -> EventKind:
    if value in EVENT_KIND_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {EVENT_KIND_VALUES!r}")
