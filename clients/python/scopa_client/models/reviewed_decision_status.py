from typing import Literal

ReviewedDecisionStatus = Literal["forced", "searched", "unranked"]

REVIEWED_DECISION_STATUS_VALUES: set[ReviewedDecisionStatus] = {
    "forced",
    "searched",
    "unranked",
}


def check_reviewed_decision_status(value: str) -> ReviewedDecisionStatus:
    if value in REVIEWED_DECISION_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {REVIEWED_DECISION_STATUS_VALUES!r}")
