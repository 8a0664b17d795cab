from typing import Literal

HypothesisVerdict = Literal[
    "no_evidence", "not_calibrated", "review_recommended", "strong_evidence", "too_few_decisions"
]

HYPOTHESIS_VERDICT_VALUES: set[HypothesisVerdict] = {
    "no_evidence",
    "not_calibrated",
    "review_recommended",
    "strong_evidence",
    "too_few_decisions",
}


def check_hypothesis_verdict(value: str) -> HypothesisVerdict:
    if value in HYPOTHESIS_VERDICT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {HYPOTHESIS_VERDICT_VALUES!r}")
