"""The answers of /v1/score and /v1/match: a hand's score, the match after it and a ledger as
JSON; a hand or match that cannot be scored a 422 invalid-score problem."""

from __future__ import annotations

from typing import Any

from service.api.http.refused import invalid_score
from service.api.score.request import LedgerRequest, ScoreRequest
from service.api.score.scorekeeping import ScoredHand, ledger, score
from service.engine import codec
from service.engine.errors import InvalidStateError
from service.engine.rules import Rules


def hand_dict(rules: Rules, hand: ScoredHand) -> dict[str, Any]:
    """Every side's breakdown and total as the answers give them."""
    if hand.hand is not None:
        return {"sides": codec.hand_score_to_dict(hand.hand), "totals": list(hand.hand.totals)}
    partial = hand.partial.sides if hand.partial is not None else ()
    sides = [codec.tallied_side_to_dict(rules, s) for s in partial]
    return {"sides": sides, "totals": [s["total"] for s in sides]}


def score_answer(request: ScoreRequest) -> dict[str, Any]:
    """Every side's breakdown and total, and the match after the hand (or its claim's verdict)
    when one is given; from tallies, what they leave undecided (and no match while they do)."""
    try:
        found = score(request)
    except InvalidStateError as error:
        raise invalid_score(error.problems) from error
    answer = hand_dict(request.rules, found.hand)
    if found.undecided is not None:
        answer["undecided"] = list(found.undecided)
    if found.match is not None:
        answer["match"] = codec.match_to_dict(found.match)
    return answer


def ledger_answer(request: LedgerRequest) -> dict[str, Any]:
    """The match hand by hand, or a 422 naming every hand that cannot be added."""
    try:
        found = ledger(request)
    except InvalidStateError as error:
        raise invalid_score(error.problems) from error
    rules = request.rules
    return {
        "target": found.target,
        "hands": [
            {
                "index": entry.index,
                "dealer": entry.dealer,
                **hand_dict(rules, entry.hand),
                **codec.match_to_dict(entry.after),
            }
            for entry in found.hands
        ],
        "match": codec.match_to_dict(found.after),
        "next_dealer": found.next_dealer,
    }
