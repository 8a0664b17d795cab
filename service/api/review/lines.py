"""The lines of a batch review's stream (and of a job's records), one JSON object each: their
types, and how long the stream may go without one before a keep-alive."""

from __future__ import annotations

from typing import Any

KEEPALIVE_S = 10.0
REVIEW, PROBLEM, KEEPALIVE, SUMMARY = "review", "problem", "keepalive", "summary"
LINE_TYPES = (REVIEW, PROBLEM, KEEPALIVE, SUMMARY)


def review_line(index: int, review: dict[str, Any]) -> dict[str, Any]:
    """A record's line when it is reviewed."""
    return {"type": REVIEW, "index": index, "review": review}


def problem_line(index: int, problem: dict[str, Any]) -> dict[str, Any]:
    """A record's line when it has a problem instead of a review."""
    return {"type": PROBLEM, "index": index, "problem": problem}
