from typing import Literal

HistoryPlayKind = Literal["claim", "declare", "decline", "keep", "pass", "play", "table"]

HISTORY_PLAY_KIND_VALUES: set[HistoryPlayKind] = {
    "claim",
    "declare",
    "decline",
    "keep",
    "pass",
    "play",
    "table",
}


def check_history_play_kind(value: str) -> HistoryPlayKind:
    if value in HISTORY_PLAY_KIND_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {HISTORY_PLAY_KIND_VALUES!r}")
