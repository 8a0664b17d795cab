from typing import Literal

ChosenMoveKind = Literal["claim", "declare", "decline", "keep", "pass", "play", "table"]

CHOSEN_MOVE_KIND_VALUES: set[ChosenMoveKind] = {
    "claim",
    "declare",
    "decline",
    "keep",
    "pass",
    "play",
    "table",
}


def check_chosen_move_kind(value: str) -> ChosenMoveKind:
    if value in CHOSEN_MOVE_KIND_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CHOSEN_MOVE_KIND_VALUES!r}")
