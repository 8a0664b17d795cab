"""The end of a hand: its score with the declarations, and the match after it or its claim."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from service.engine.cards import Cards
from service.engine.claims import check_claim_of_facts
from service.engine.declarations import Declaration
from service.engine.errors import InvalidStateError, Problem
from service.engine.match import MatchResult, add_hand, check_scores, claim_result
from service.engine.message import Message
from service.engine.rules import Rules
from service.engine.scoring import HandScore, SideFacts, facts_of, score_hand
from service.engine.state import State, settled_declarations


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
        raise InvalidStateError([Problem("state", Message("the hand is not finished"))])
    before = tuple(scores) if scores is not None else state.scores_before
    goal = state.target if target is None else target
    check_scores(state.rules, before)
    if state.claimed_by is not None:
        # The claim is judged as the hand stood when it was made (the claimer to move).
        open_hand = replace(state, claimed_by=None)
        return claim_verdict(
            state.rules,
            state.piles,
            state.scope,
            declarations=settled_declarations(open_hand),
            claimed_by=state.claimed_by,
            scores=before,
            target=goal,
        )
    return add_hand(state.rules, before, score_state(state), goal)


def claim_verdict(
    rules: Rules,
    piles: Sequence[Cards],
    scope: Sequence[int],
    *,
    declarations: Sequence[Declaration],
    claimed_by: int,
    scores: Sequence[int],
    target: int | None = None,
) -> MatchResult:
    """The match after a claim by a seat, from the piles and scope as the hand stopped and
    the declarations that count (every card in no pile is still uncaptured)."""
    taken = 0
    for pile in piles:
        taken |= pile
    facts = [facts_of(rules, p, n) for p, n in zip(piles, scope, strict=True)]
    return claim_verdict_of_facts(
        rules,
        facts,
        uncaptured=rules.pack_cards & ~taken,
        declarations=declarations,
        claimed_by=claimed_by,
        scores=scores,
        target=target,
    )


def claim_verdict_of_facts(
    rules: Rules,
    facts: Sequence[SideFacts],
    *,
    uncaptured: Cards,
    declarations: Sequence[Declaration],
    claimed_by: int,
    scores: Sequence[int],
    target: int | None = None,
) -> MatchResult:
    """The match after a claim by a seat, from every side's scored facts as the hand stopped
    and the cards not yet captured."""
    check_scores(rules, scores)
    check = check_claim_of_facts(
        rules,
        facts,
        uncaptured=uncaptured,
        declarations=declarations,
        side=rules.side_of(claimed_by),
        match_scores=scores,
        target=rules.target if target is None else target,
    )
    return claim_result(rules, scores, check)
