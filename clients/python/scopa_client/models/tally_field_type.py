from typing import Literal

TallyFieldType = Literal["boolean", "cards", "integer", "number"]

TALLY_FIELD_TYPE_VALUES: set[TallyFieldType] = {
    "boolean",
    "cards",
    "integer",
    "number",
}


def check_tally_field_type(value: str) -> TallyFieldType:
    if value in TALLY_FIELD_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TALLY_FIELD_TYPE_VALUES!r}")
