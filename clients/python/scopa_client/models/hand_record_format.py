from typing import Literal

HandRecordFormat = Literal["scopa-hand-record"]

HAND_RECORD_FORMAT_VALUES: set[HandRecordFormat] = {
    "scopa-hand-record",
}


def check_hand_record_format(value: str) -> HandRecordFormat:
    if value in HAND_RECORD_FORMAT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {HAND_RECORD_FORMAT_VALUES!r}")
