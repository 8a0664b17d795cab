"""The fair-play report's dealt-hand test (``search.dealt_test``): each distinct hand's judged
plays, the verdict of their e-value as one of the report's tests, and the plays that weigh most
for a moderator to replay."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from service.api.advice.answer import sweeps
from service.api.fair_play.evidence import HandEvidence
from service.api.records.answer import view_dict
from service.engine import codec
from service.engine.cards import code, iter_cards
from service.engine.message import Message
from service.engine.record import HandRecord, replay
from service.engine.view import view_of
from service.search import dealt_test
from service.search.dealt_test import DealtDecision, hand_decisions
from service.search.fair_play import REVIEW, REVIEW_P, STRONG, STRONG_P

# The plays a report lists for a moderator when the test reaches a verdict.
SHOWN_PLAYS = 5
# The judged plays below which the dealt-hand test says nothing rather than "no evidence".
MIN_DEALT_DECISIONS = 30
DEALT_MEANINGS = {
    "too_few_decisions": Message(
        "no verdict: fewer than {least} judged plays, and no evidence yet",
        least=MIN_DEALT_DECISIONS,
    ),
    "no_evidence": Message(
        "no more than chance: honest players, whatever their style, often play like this"
    ),
    REVIEW: Message(
        "at most {share} of honest players, whatever their style, ever reach this much "
        "evidence: a moderator should replay the listed decisions before any action",
        share=f"{REVIEW_P:.0%}",
    ),
    STRONG: Message(
        "at most {share} of honest players, whatever their style, ever reach this much "
        "evidence: strong evidence, still to be confirmed by a moderator replaying the hands",
        share=f"{STRONG_P:.1%}",
    ),
}
DEALT_NOTE = Message(
    "judged at the player's plays made before the next player has played from a fresh deal, "
    "where, given the hands of those who have played, the next hand is a uniform draw from the "
    "cards the player could not see: the e-value is how much better the moves fit the hand the "
    "next player really held than the hands they could have held, and its rate holds for any "
    "honest player, whatever their style, with no calibration; later plays are not judged here "
    "(two players: the plays that open each deal; Scopone: the first round's, but for the seat "
    "just before the leader)"
)


@dataclass(frozen=True, slots=True)
class DealtHand:
    """A hand's judged plays under the dealt-hand test, with its evidence and record."""

    hand: HandEvidence
    record: HandRecord
    decisions: Sequence[DealtDecision]


def dealt_hands(hands: Sequence[tuple[HandEvidence, HandRecord]]) -> list[DealtHand]:
    """Each distinct hand's plays judged by the dealt-hand test (a hand sent twice counts once:
    its evidence is not new)."""
    seen = set()
    found = []
    for hand, record in hands:
        key = (record.rules, record.dealer, record.deal, record.moves)
        if key in seen:
            continue
        seen.add(key)
        found.append(
            DealtHand(hand, record, hand_decisions(replay(record), record.moves, hand.seat))
        )
    return found


def dealt_verdict(p_value: float, decisions: int) -> str:
    """The dealt-hand test's verdict. Its rate holds at any number of decisions, so evidence
    is flagged however few; "no evidence" is said only from ``MIN_DEALT_DECISIONS`` on."""
    if p_value <= STRONG_P:
        return STRONG
    if p_value <= REVIEW_P:
        return REVIEW
    return "no_evidence" if decisions >= MIN_DEALT_DECISIONS else "too_few_decisions"


def dealt_answer(hands: Sequence[DealtHand], tests: int) -> dict[str, Any]:
    """The dealt-hand test of a player's hands, as one of the report's ``tests``."""
    judged = [d for h in hands for d in h.decisions]
    sums = dealt_test.summed(judged)
    p_value = dealt_test.p_value(sums)
    adjusted = min(1.0, p_value * tests)
    verdict = dealt_verdict(adjusted, len(judged))
    answer: dict[str, Any] = {
        "decisions": len(judged),
        "hands": sum(1 for h in hands if h.decisions),
        "e_value": float(f"{dealt_test.e_value(sums):.4g}"),
        "p_value": float(f"{p_value:.3g}"),
        "adjusted_p_value": float(f"{adjusted:.3g}"),
        "alternatives": len(dealt_test.ALTERNATIVES),
        "verdict": verdict,
        "meaning": DEALT_MEANINGS[verdict],
        "note": DEALT_NOTE,
    }
    if verdict in (REVIEW, STRONG):
        answer["decisions_to_replay"] = dealt_shown(hands)
    return answer


def dealt_shown(hands: Sequence[DealtHand]) -> list[dict[str, Any]]:
    """The judged plays that weigh most (the highest e-value first), each as a moderator
    replays it: the seat's view, the move played and the hand the next player held."""
    weighed = sorted(
        ((d, h) for h in hands for d in h.decisions),
        key=lambda t: (-t[0].e_value, t[1].hand.index, t[0].index),
    )
    shown = []
    for decision, hand in weighed[:SHOWN_PLAYS]:
        state = replay(hand.record).states[decision.index]
        seat = hand.hand.seat
        view = view_of(state, seat)
        move = hand.record.moves[decision.index].move
        follower = (seat + 1) % state.rules.players
        shown.append(
            {
                "hand": hand.hand.index,
                "move_index": decision.index,
                "seat": seat,
                "e_value": round(decision.e_value, 4),
                "view": view_dict(view),
                "played": codec.move_to_dict(move, sweeps(view, move)),
                "next_hand": [code(c) for c in iter_cards(state.hands[follower])],
            }
        )
    return shown
