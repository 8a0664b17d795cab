from typing import Literal

CostlyDecisionLabel = Literal["best", "blunder", "good", "inaccuracy", "mistake"]

COSTLY_DECISION_LABEL_VALUES: set[CostlyDecisionLabel] = {
    "best",
    "blunder",
    "good",
    "inaccuracy",
    "mistake",
}


def check_costly_decision_label(value: str) -> CostlyDecisionLabel:
    if value in COSTLY_DECISION_LABEL_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {COSTLY_DECISION_LABEL_VALUES!r}")
