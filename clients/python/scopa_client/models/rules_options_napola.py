from typing import Literal

RulesOptionsNapola = Literal["length", "none", "over_two"]

RULES_OPTIONS_NAPOLA_VALUES: set[RulesOptionsNapola] = {
    "length",
    "none",
    "over_two",
}


def check_rules_options_napola(value: str) -> RulesOptionsNapola:
    if value in RULES_OPTIONS_NAPOLA_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {RULES_OPTIONS_NAPOLA_VALUES!r}")
