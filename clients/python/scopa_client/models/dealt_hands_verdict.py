from typing import Literal

DealtHandsVerdict = Literal[
    "no_evidence", "not_calibrated", "review_recommended", "strong_evidence", "too_few_decisions"
]

DEALT_HANDS_VERDICT_VALUES: set[DealtHandsVerdict] = {
    "no_evidence",
    "not_calibrated",
    "review_recommended",
    "strong_evidence",
    "too_few_decisions",
}


def check_dealt_hands_verdict(value: str) -> DealtHandsVerdict:
    if value in DEALT_HANDS_VERDICT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {DEALT_HANDS_VERDICT_VALUES!r}")
