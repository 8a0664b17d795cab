from typing import Literal

OptionSpecType = Literal["array", "boolean", "integer", "string"]

OPTION_SPEC_TYPE_VALUES: set[OptionSpecType] = {
    "array",
    "boolean",
    "integer",
    "string",
}


def check_option_spec_type(value: str) -> OptionSpecType:
    if value in OPTION_SPEC_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {OPTION_SPEC_TYPE_VALUES!r}")
