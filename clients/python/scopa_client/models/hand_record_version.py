from typing import Literal

HandRecordVersion = Literal[1]

HAND_RECORD_VERSION_VALUES: set[HandRecordVersion] = {
    1,
}


def check_hand_record_version(value: int) -> HandRecordVersion:
    if value in HAND_RECORD_VERSION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {HAND_RECORD_VERSION_VALUES!r}")
