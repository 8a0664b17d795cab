from typing import Literal

RulesOptionsNapolaCap = Literal[6, 9]

RULES_OPTIONS_NAPOLA_CAP_VALUES: set[RulesOptionsNapolaCap] = {
    6,
    9,
}


def check_rules_options_napola_cap(value: int) -> RulesOptionsNapolaCap:
    if value in RULES_OPTIONS_NAPOLA_CAP_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {RULES_OPTIONS_NAPOLA_CAP_VALUES!r}")
