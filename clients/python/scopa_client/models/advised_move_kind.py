from typing import Literal

AdvisedMoveKind = Literal["claim", "declare", "decline", "keep", "pass", "play", "table"]

ADVISED_MOVE_KIND_VALUES: set[AdvisedMoveKind] = {
    "claim",
    "declare",
    "decline",
    "keep",
    "pass",
    "play",
    "table",
}


def check_advised_move_kind(value: str) -> AdvisedMoveKind:
    if value in ADVISED_MOVE_KIND_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ADVISED_MOVE_KIND_VALUES!r}")
