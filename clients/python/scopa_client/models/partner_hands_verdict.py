from typing import Literal

PartnerHandsVerdict = Literal[
    "no_evidence", "not_calibrated", "review_recommended", "strong_evidence", "too_few_decisions"
]

PARTNER_HANDS_VERDICT_VALUES: set[PartnerHandsVerdict] = {
    "no_evidence",
    "not_calibrated",
    "review_recommended",
    "strong_evidence",
    "too_few_decisions",
}


def check_partner_hands_verdict(value: str) -> PartnerHandsVerdict:
    if value in PARTNER_HANDS_VERDICT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {PARTNER_HANDS_VERDICT_VALUES!r}")
