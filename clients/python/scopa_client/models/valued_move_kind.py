from typing import Literal

ValuedMoveKind = Literal["claim", "declare", "decline", "keep", "pass", "play", "table"]

VALUED_MOVE_KIND_VALUES: set[ValuedMoveKind] = {
    "claim",
    "declare",
    "decline",
    "keep",
    "pass",
    "play",
    "table",
}


def check_valued_move_kind(value: str) -> ValuedMoveKind:
    if value in VALUED_MOVE_KIND_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {VALUED_MOVE_KIND_VALUES!r}")
