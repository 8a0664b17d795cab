from typing import Literal

RulesOptionsRedeal = Literal["none", "three_kings", "three_of_a_rank"]

RULES_OPTIONS_REDEAL_VALUES: set[RulesOptionsRedeal] = {
    "none",
    "three_kings",
    "three_of_a_rank",
}


def check_rules_options_redeal(value: str) -> RulesOptionsRedeal:
    if value in RULES_OPTIONS_REDEAL_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {RULES_OPTIONS_REDEAL_VALUES!r}")
