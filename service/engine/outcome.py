"""The end of a hand: its score with the declarations, and the match after it or its claim."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from service.engine.errors import InvalidStateError, Problem
from service.engine.match import MatchResult, add_hand, check_scores, claim_result
from service.engine.scoring import HandScore, score_hand
from service.engine.state import State, claim_check


def score_state(state: State) -> HandScore:
    """The hand score of a finished state, its declarations included."""
    return score_hand(state.rules, state.piles, state.scope, state.declarations)


def settle(
    state: State, scores: Sequence[int] | None = None, target: int | None = None
) -> MatchResult:
    """The match after a finished hand: the claim's verdict, or the hand's points added.

    ``scores`` and ``target`` default to the state's match context (its ``match_scores``,
    else 0 each, and its ``match_target``, else the rules' target).
    """
    if not state.finished:
        raise InvalidStateError([Problem("state", "the hand is not finished")])
    before = tuple(scores) if scores is not None else state.scores_before
    goal = state.target if target is None else target
    check_scores(state.rules, before)
    if state.claimed_by is not None:
        # The claim is judged as the hand stood when it was made (the claimer to move).
        open_hand = replace(state, claimed_by=None, match_scores=before, match_target=goal)
        return claim_result(state.rules, before, claim_check(open_hand))
    return add_hand(state.rules, before, score_state(state), goal)
