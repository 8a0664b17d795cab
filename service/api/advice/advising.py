"""The advice of a decision, for any endpoint: the budget within the server's caps, the match
context, and the job whose advice a source gives (``service.cache.advice_job``; the app's cache
and search slot for a request, ``http.searches``). /v1/advice asks for one decision this way;
bots, reviews, insights and drills reuse it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from service.api.advice.request import AdviceRequest
from service.api.refusals import BudgetTooLargeError, RefusedError
from service.api.shapes.values import MatchInput
from service.cache.advice_job import AdviceJob, advice_job
from service.engine.message import Message
from service.engine.rules import Rules
from service.engine.view import View
from service.search import Budget, MatchContext
from service.search.advisor import MAX_MS, default_budget


def budget_of(budget: Budget | None, config: Mapping[str, Any], field: str, rules: Rules) -> Budget:
    """``capped_budget`` of the budget asked for; none asked for: ADVICE_DEFAULT_MS when the
    server sets it, else the rules' own ``default_budget``."""
    if budget is not None:
        return capped_budget(budget, config, field)
    configured = config["ADVICE_DEFAULT_MS"]
    if configured is None:
        return default_budget(rules)
    return Budget(ms=min(configured, MAX_MS))


def capped_budget(budget: Budget, config: Mapping[str, Any], field: str) -> Budget:
    """The budget asked for, within the configured caps; refused naming the field when over."""
    if budget.ms is not None:
        cap = min(config["ADVICE_MAX_MS"], MAX_MS)
        if budget.ms > cap:
            raise too_much(f"{field}.ms", cap)
        return budget
    cap = config["ADVICE_MAX_ITERATIONS"]
    if (budget.iterations or 0) > cap:
        raise too_much(f"{field}.iterations", cap)
    return budget


def too_much(field: str, cap: int) -> BudgetTooLargeError:
    """The refusal of a budget over the server's cap."""
    reason = Message("at most {cap} on this server", cap=cap)
    return BudgetTooLargeError.of(field, reason)


def match_or_refusal(
    rules: Rules, match: MatchInput | None, view: View | None = None
) -> MatchContext | RefusedError | None:
    """The match context, one score per side, the target defaulting to the rules'; the
    refusal of scores that are not one per side.

    Without ``match`` the view's own match_scores (and match_target) serve, when it has them.
    """
    if match is None:
        if view is None or not view.match_scores:
            return None
        target = rules.target if view.match_target is None else view.match_target
        return MatchContext(view.match_scores, target)
    if len(match.scores) != rules.sides:
        reason = Message("expected {sides} scores, one per side", sides=rules.sides)
        return RefusedError.of("match.scores", reason)
    return MatchContext(match.scores, rules.target if match.target is None else match.target)


def match_of(
    rules: Rules, match: MatchInput | None, view: View | None = None
) -> MatchContext | None:
    """The match context (``match_or_refusal``), its refusal raised."""
    found = match_or_refusal(rules, match, view)
    if isinstance(found, RefusedError):
        raise found
    return found


def advice_job_of(request: AdviceRequest, config: Mapping[str, Any]) -> AdviceJob:
    """Every part of an advice request checked, as a job with its seed and cache key: the
    budget's refusal first, then the match's, as the answers have always named them."""
    decision = request.decision
    rules = decision.view.rules
    match = match_or_refusal(rules, request.match, decision.view)
    budget = budget_of(request.budget, config, "budget", rules)
    if isinstance(match, RefusedError):
        raise match
    return advice_job(decision, budget, match, request.seed)
