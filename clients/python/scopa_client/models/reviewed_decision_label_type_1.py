from typing import Literal

ReviewedDecisionLabelType1 = Literal["best", "blunder", "good", "inaccuracy", "mistake"]

REVIEWED_DECISION_LABEL_TYPE_1_VALUES: set[ReviewedDecisionLabelType1] = {
    "best",
    "blunder",
    "good",
    "inaccuracy",
    "mistake",
}


def check_reviewed_decision_label_type_1(value: str) -> ReviewedDecisionLabelType1:
    if value in REVIEWED_DECISION_LABEL_TYPE_1_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {REVIEWED_DECISION_LABEL_TYPE_1_VALUES!r}")
