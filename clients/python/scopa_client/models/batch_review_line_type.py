from typing import Literal

BatchReviewLineType = Literal["keepalive", "problem", "review", "summary"]

BATCH_REVIEW_LINE_TYPE_VALUES: set[BatchReviewLineType] = {
    "keepalive",
    "problem",
    "review",
    "summary",
}


def check_batch_review_line_type(value: str) -> BatchReviewLineType:
    if value in BATCH_REVIEW_LINE_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {BATCH_REVIEW_LINE_TYPE_VALUES!r}")
