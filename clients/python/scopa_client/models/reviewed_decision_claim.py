from typing import Literal

ReviewedDecisionClaim = Literal["right", "wrong"]

REVIEWED_DECISION_CLAIM_VALUES: set[ReviewedDecisionClaim] = {
    "right",
    "wrong",
}


def check_reviewed_decision_claim(value: str) -> ReviewedDecisionClaim:
    if value in REVIEWED_DECISION_CLAIM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {REVIEWED_DECISION_CLAIM_VALUES!r}")
