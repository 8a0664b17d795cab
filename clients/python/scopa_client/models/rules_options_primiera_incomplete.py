from typing import Literal

RulesOptionsPrimieraIncomplete = Literal["compare", "none"]

RULES_OPTIONS_PRIMIERA_INCOMPLETE_VALUES: set[RulesOptionsPrimieraIncomplete] = {
    "compare",
    "none",
}


def check_rules_options_primiera_incomplete(value: str) -> RulesOptionsPrimieraIncomplete:
    if value in RULES_OPTIONS_PRIMIERA_INCOMPLETE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {RULES_OPTIONS_PRIMIERA_INCOMPLETE_VALUES!r}")
