from typing import Literal

ReviewedDecisionLabelType3Type1 = Literal["best", "blunder", "good", "inaccuracy", "mistake"]

REVIEWED_DECISION_LABEL_TYPE_3_TYPE_1_VALUES: set[ReviewedDecisionLabelType3Type1] = {
    "best",
    "blunder",
    "good",
    "inaccuracy",
    "mistake",
}


def check_reviewed_decision_label_type_3_type_1(value: str) -> ReviewedDecisionLabelType3Type1:
    if value in REVIEWED_DECISION_LABEL_TYPE_3_TYPE_1_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {REVIEWED_DECISION_LABEL_TYPE_3_TYPE_1_VALUES!r}")
