from typing import Literal

RulesOptionsBonusSuit = Literal["B", "C", "D", "S"]

RULES_OPTIONS_BONUS_SUIT_VALUES: set[RulesOptionsBonusSuit] = {
    "B",
    "C",
    "D",
    "S",
}


def check_rules_options_bonus_suit(value: str) -> RulesOptionsBonusSuit:
    if value in RULES_OPTIONS_BONUS_SUIT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {RULES_OPTIONS_BONUS_SUIT_VALUES!r}")
