"""The fair-play report's dealt-hand tests: the dealt-hand test of the player
(``search.dealt_test``) and the partner-hand test of a Scopone pair (``search.partner_test``).
Each distinct hand's judged plays, the verdict of their e-value as one of the report's tests, and
the plays that weigh most for a moderator to replay."""

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
from service.search import dealt_test, partner_test
from service.search.dealt_test import DealtDecision, hand_decisions
from service.search.fair_play import REVIEW, REVIEW_P, STRONG, STRONG_P
from service.search.partner_test import partner_decisions

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
PARTNER_NOTE = Message(
    "judged at each partner's plays made before the other has played from a fresh deal (the "
    "first plays of the leader and of the seat after it), where, given the hands of those who "
    "have played, the other's hand is a uniform draw from the cards the player could not see: "
    "the e-value is how much better the moves fit the hand the partner really held than the "
    "hands they could have held, and its rate holds for any honest pair, whatever their style, "
    "with no calibration; later plays are not judged here"
)


@dataclass(frozen=True, slots=True)
class HandTest:
    """One of the tests of the hidden hand a judged play was made beside: its alternatives,
    its note, the seats from the judged seat to the hidden hand, and the hidden hand's name in
    a play shown to a moderator."""

    alternatives: int
    note: Message
    offset: int
    shown_as: str

    def hidden_seat(self, seat: int, players: int) -> int:
        """The seat whose hand a judged play of ``seat`` is weighed against."""
        return (seat + self.offset) % players


NEXT_HAND = HandTest(len(dealt_test.ALTERNATIVES), DEALT_NOTE, 1, "next_hand")
PARTNER_HAND = HandTest(len(partner_test.ALTERNATIVES), PARTNER_NOTE, 2, "partner_hand")


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


def partner_hands(hands: Sequence[tuple[HandEvidence, HandRecord]]) -> list[DealtHand]:
    """Each distinct hand of partners (a pair two seats apart in a game of teams) with both
    partners' plays judged by the partner-hand test; none without such a pair."""
    seen = set()
    found = []
    for hand, record in hands:
        rules = record.rules
        key = (record.rules, record.dealer, record.deal, record.moves)
        if (
            hand.pair_seat is None
            or not rules.teams
            or rules.players != 4
            or (hand.pair_seat - hand.seat) % 4 != 2
            or key in seen
        ):
            continue
        seen.add(key)
        done = replay(record)
        decisions = [
            d
            for seat in sorted((hand.seat, hand.pair_seat))
            for d in partner_decisions(done, record.moves, seat)
        ]
        found.append(DealtHand(hand, record, sorted(decisions, key=lambda d: d.index)))
    return found


def dealt_verdict(p_value: float, decisions: int) -> str:
    """The dealt-hand test's verdict. Its rate holds at any number of decisions, so evidence
    is flagged however few; "no evidence" is said only from ``MIN_DEALT_DECISIONS`` on."""
    if p_value <= STRONG_P:
        return STRONG
    if p_value <= REVIEW_P:
        return REVIEW
    return "no_evidence" if decisions >= MIN_DEALT_DECISIONS else "too_few_decisions"


def dealt_answer(
    hands: Sequence[DealtHand], tests: int, test: HandTest = NEXT_HAND
) -> dict[str, Any]:
    """A hand test of a player's hands (by default the dealt-hand test), as one of the
    report's ``tests``."""
    judged = [d for h in hands for d in h.decisions]
    sums = dealt_test.summed(judged, test.alternatives)
    p_value = dealt_test.p_value(sums)
    adjusted = min(1.0, p_value * tests)
    verdict = dealt_verdict(adjusted, len(judged))
    answer: dict[str, Any] = {
        "decisions": len(judged),
        "hands": sum(1 for h in hands if h.decisions),
        "e_value": float(f"{dealt_test.e_value(sums):.4g}"),
        "p_value": float(f"{p_value:.3g}"),
        "adjusted_p_value": float(f"{adjusted:.3g}"),
        "alternatives": test.alternatives,
        "verdict": verdict,
        "meaning": DEALT_MEANINGS[verdict],
        "note": test.note,
    }
    if verdict in (REVIEW, STRONG):
        answer["decisions_to_replay"] = dealt_shown(hands, test)
    return answer


def dealt_shown(hands: Sequence[DealtHand], test: HandTest) -> list[dict[str, Any]]:
    """The judged plays that weigh most (the highest e-value first), each as a moderator
    replays it: the seat's view, the move played and the hidden hand it is weighed against."""
    weighed = sorted(
        ((d, h) for h in hands for d in h.decisions),
        key=lambda t: (-t[0].e_value, t[1].hand.index, t[0].index),
    )
    shown = []
    for decision, hand in weighed[:SHOWN_PLAYS]:
        state = replay(hand.record).states[decision.index]
        seat = hand.record.moves[decision.index].seat
        view = view_of(state, seat)
        move = hand.record.moves[decision.index].move
        hidden = test.hidden_seat(seat, state.rules.players)
        shown.append(
            {
                "hand": hand.hand.index,
                "move_index": decision.index,
                "seat": seat,
                "e_value": round(decision.e_value, 4),
                "view": view_dict(view),
                "played": codec.move_to_dict(move, sweeps(view, move)),
                test.shown_as: [code(c) for c in iter_cards(state.hands[hidden])],
            }
        )
    return shown
