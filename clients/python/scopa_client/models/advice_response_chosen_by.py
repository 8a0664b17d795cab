from typing import Literal

AdviceResponseChosenBy = Literal["cutter_keeps", "declaration", "no_declaration", "policy", "search"]

ADVICE_RESPONSE_CHOSEN_BY_VALUES: set[AdviceResponseChosenBy] = {
    "cutter_keeps",
    "declaration",
    "no_declaration",
    "policy",
    "search",
}


def check_advice_response_chosen_by(value: str) -> AdviceResponseChosenBy:
    if value in ADVICE_RESPONSE_CHOSEN_BY_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ADVICE_RESPONSE_CHOSEN_BY_VALUES!r}")
