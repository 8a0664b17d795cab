from typing import Literal

FairPlayResponseVerdict = Literal[
    "no_evidence", "not_calibrated", "review_recommended", "strong_evidence", "too_few_decisions"
]

FAIR_PLAY_RESPONSE_VERDICT_VALUES: set[FairPlayResponseVerdict] = {
    "no_evidence",
    "not_calibrated",
    "review_recommended",
    "strong_evidence",
    "too_few_decisions",
}


def check_fair_play_response_verdict(value: str) -> FairPlayResponseVerdict:
    if value in FAIR_PLAY_RESPONSE_VERDICT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {FAIR_PLAY_RESPONSE_VERDICT_VALUES!r}")
