from typing import Literal

ReviewedDecisionChosenBy = Literal["cutter_keeps", "declaration", "no_declaration", "policy", "search"]

REVIEWED_DECISION_CHOSEN_BY_VALUES: set[ReviewedDecisionChosenBy] = {
    "cutter_keeps",
    "declaration",
    "no_declaration",
    "policy",
    "search",
}


def check_reviewed_decision_chosen_by(value: str) -> ReviewedDecisionChosenBy:
    if value in REVIEWED_DECISION_CHOSEN_BY_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {REVIEWED_DECISION_CHOSEN_BY_VALUES!r}")
