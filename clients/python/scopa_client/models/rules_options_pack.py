from typing import Literal

RulesOptionsPack = Literal["corse36", "italian40"]

RULES_OPTIONS_PACK_VALUES: set[RulesOptionsPack] = {
    "corse36",
    "italian40",
}


def check_rules_options_pack(value: str) -> RulesOptionsPack:
    if value in RULES_OPTIONS_PACK_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {RULES_OPTIONS_PACK_VALUES!r}")
