from typing import Literal

ReviewedMoveKind = Literal["claim", "declare", "decline", "keep", "pass", "play", "table"]

REVIEWED_MOVE_KIND_VALUES: set[ReviewedMoveKind] = {
    "claim",
    "declare",
    "decline",
    "keep",
    "pass",
    "play",
    "table",
}


def check_reviewed_move_kind(value: str) -> ReviewedMoveKind:
    if value in REVIEWED_MOVE_KIND_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {REVIEWED_MOVE_KIND_VALUES!r}")
