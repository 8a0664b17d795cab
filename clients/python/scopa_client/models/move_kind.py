from typing import Literal

MoveKind = Literal["claim", "declare", "decline", "keep", "pass", "play", "table"]

MOVE_KIND_VALUES: set[MoveKind] = {
    "claim",
    "declare",
    "decline",
    "keep",
    "pass",
    "play",
    "table",
}


def check_move_kind(value: str) -> MoveKind:
    if value in MOVE_KIND_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {MOVE_KIND_VALUES!r}")
