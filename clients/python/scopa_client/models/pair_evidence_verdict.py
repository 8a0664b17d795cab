from typing import Literal

PairEvidenceVerdict = Literal[
    "no_evidence", "not_calibrated", "review_recommended", "strong_evidence", "too_few_decisions"
]

PAIR_EVIDENCE_VERDICT_VALUES: set[PairEvidenceVerdict] = {
    "no_evidence",
    "not_calibrated",
    "review_recommended",
    "strong_evidence",
    "too_few_decisions",
}


def check_pair_evidence_verdict(value: str) -> PairEvidenceVerdict:
    if value in PAIR_EVIDENCE_VERDICT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {PAIR_EVIDENCE_VERDICT_VALUES!r}")
