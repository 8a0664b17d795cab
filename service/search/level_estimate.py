"""The playing level of a player estimated from reviewed hands, on the scale of the built-in
levels (beginner .. master), calibrated from hands those levels play.

Reviews for the estimate are made at ``REVIEW_BUDGET`` with ``REVIEW_SEED`` (an iteration
budget: the same hands give the same figures on any machine).
"""

from __future__ import annotations

from service.search.advisor import Budget

REVIEW_BUDGET = Budget(iterations=1000)
REVIEW_SEED = 0
