"""The fair-play report of a player's hands once their evidence is searched: per leak hypothesis
the statistic, the decisions it rests on, its p-value against every calibrated honest style and
the verdict; the pair's statistic when a pair is given; the engine matches; and the decisions
that weigh most, each with the seat's view, for a moderator to replay (``search.fair_play``
says how each figure is made and what it can tell).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from service.api.advice.answer import sweeps
from service.api.fair_play.dealt import PARTNER_HAND, dealt_answer, dealt_hands, partner_hands
from service.api.fair_play.evidence import HandEvidence, SeatDecision
from service.api.records.answer import view_dict
from service.engine import codec
from service.engine.message import Message
from service.engine.record import HandRecord, replay
from service.engine.rules import Rules
from service.engine.view import view_of
from service.search.fair_play import (
    BUDGET,
    ENGINE,
    EPSILON,
    LOSS,
    MIN_DECISIONS,
    REVIEW,
    REVIEW_P,
    SEED,
    STRONG,
    STRONG_P,
    TEMPERATURE,
    Calibration,
    Cluster,
    Judgement,
    calibration_for,
    engine_cluster,
    evidence,
    hypotheses_for,
    interval_of,
    is_partner,
    judge_all,
    leak_cluster,
    loss_cluster,
    loss_profile,
    pair_cluster,
    pair_kind,
    worst_verdict,
)

# The decisions a report lists for a moderator, per hypothesis reaching a verdict.
SHOWN = 5
# What each verdict means, in words a moderator can read (translated where the answer is).
MEANINGS = {
    "too_few_decisions": Message(
        "no verdict: fewer than {least} judged decisions", least=MIN_DECISIONS
    ),
    "not_calibrated": Message("no verdict: these rules' player count has no honest calibration"),
    "no_evidence": Message(
        "honest players of the player's measured strength or of the calibrated styles often "
        "play like this"
    ),
    REVIEW: Message(
        "at most {share} of honest samples of the player's measured strength or of any "
        "calibrated style reach this much evidence: a moderator should replay the listed "
        "decisions before any action",
        share=f"{REVIEW_P:.0%}",
    ),
    STRONG: Message(
        "at most {share} of honest samples of the player's measured strength or of any "
        "calibrated style reach this much evidence: strong evidence, still to be confirmed by a "
        "moderator replaying the hands",
        share=f"{STRONG_P:.1%}",
    ),
}
ENGINE_NOTE = Message(
    "the share of decisions where the played move is the search's best, against honest players "
    "of every calibrated style, the master (the advisor at its default budget) included: an "
    "engine user at the default budget plays as the master does and cannot be told from a "
    "master-strength honest player; only play that matches the engine more often than the "
    "master does is flagged, and a strong honest player also matches it often"
)
PAIR_DESCRIPTION = Message("each of the two judged with the other's hand known")


def hypothesis_description(hypothesis: str, rules: Rules) -> Message:
    """What a hypothesis supposes the player saw."""
    if hypothesis == "all":
        return Message("every other hand")
    offset = int(hypothesis.partition("+")[2])
    if is_partner(hypothesis, rules):
        return Message("the partner's hand ({offset} seats after the player)", offset=offset)
    return Message("one opponent's hand ({offset} seats after the player)", offset=offset)


@dataclass(frozen=True, slots=True)
class PlayerHands:
    """A player's hands with their evidence and records (the hands left out apart)."""

    hands: Sequence[tuple[HandEvidence, HandRecord]]

    def paired(self, offset: int, statistic: str | None = None) -> list[Cluster]:
        """One cluster a hand of the pair at that offset (the hands of another apart): the
        pair's statistic, or with ``statistic`` (``loss``) both seats' losses."""
        found = []
        for hand, record in self.hands:
            players = record.rules.players
            if hand.pair_seat is None or (hand.pair_seat - hand.seat) % players != offset:
                continue
            mine, theirs = hand.of_seat(hand.seat), hand.of_seat(hand.pair_seat)
            if statistic == LOSS:
                found.append(loss_cluster([*mine, *theirs]))
            else:
                found.append(pair_cluster(mine, theirs, offset, players))
        return found

    def clusters(self, statistic: str) -> list[Cluster]:
        """One cluster a hand of a statistic: a hypothesis, ``engine`` or ``loss``."""
        found = []
        for hand, _ in self.hands:
            mine = hand.of_seat(hand.seat)
            if statistic == ENGINE:
                found.append(engine_cluster(mine))
            elif statistic == LOSS:
                found.append(loss_cluster(mine))
            else:
                found.append(leak_cluster(mine, statistic))
        return found


def judgement_dict(judgement: Judgement) -> dict[str, Any]:
    """A judgement as the answer gives it, with what its verdict means."""
    return {**judgement.to_dict(), "meaning": MEANINGS[judgement.verdict]}


def shown_decisions(player: PlayerHands, hypothesis: str) -> list[dict[str, Any]]:
    """The decisions that weigh most for a hypothesis (highest ratio first), each as a
    moderator replays it."""
    weighed: list[tuple[float, int, SeatDecision, HandEvidence, HandRecord]] = []
    for hand, record in player.hands:
        for decision in hand.decisions:
            if decision.seat != hand.seat or hypothesis not in decision.evidence.leaked:
                continue
            ratio = evidence(decision.evidence, hypothesis)
            weighed.append((ratio, decision.evidence.index, decision, hand, record))
    weighed.sort(key=lambda t: (-t[0], t[3].index, t[1]))
    return [decision_dict(r, d, h, rec, hypothesis) for r, _, d, h, rec in weighed[:SHOWN]]


def decision_dict(
    ratio: float, decision: SeatDecision, hand: HandEvidence, record: HandRecord, hypothesis: str
) -> dict[str, Any]:
    """One decision for a moderator: where it is, the seat's view, and the honest best, the
    played and the leaked best move with what each was worth to each search."""
    state = replay(record).states[decision.evidence.index]
    view = view_of(state, decision.seat)
    found = decision.evidence
    leaked = found.leaked[hypothesis]
    top = max(range(len(leaked)), key=lambda i: leaked[i])

    def move(i: int) -> dict[str, Any]:
        return {
            **codec.move_to_dict(decision.moves[i], sweeps(view, decision.moves[i])),
            "honest_value": found.honest[i],
            "leaked_value": leaked[i],
        }

    return {
        "hand": hand.index,
        "move_index": found.index,
        "seat": decision.seat,
        "hypothesis": hypothesis,
        "log_likelihood_ratio": round(ratio, 6),
        "view": view_dict(view),
        "honest_best": move(0),
        "played": move(found.played),
        "leaked_best": move(top),
    }


def rules_group(player: PlayerHands) -> Rules | None:
    """The rules most of the hands were played under (None without hands)."""
    counted = Counter(record.rules for _, record in player.hands)
    return counted.most_common(1)[0][0] if counted else None


def report(player: PlayerHands, name: str | None, pair: str | None) -> dict[str, Any]:
    """The fair-play report of a player's hands (module docstring)."""
    rules = rules_group(player)
    calibration: Calibration | None = None
    same_rules = False
    if rules is not None:
        calibration, same_rules = calibration_for(rules)
        same_rules = same_rules and all(r.rules == rules for _, r in player.hands)
    hypotheses = hypotheses_for(rules) if rules is not None else ()
    statistics = {h: player.clusters(h) for h in hypotheses}
    statistics[ENGINE] = player.clusters(ENGINE)
    offset = pair_offset(player)
    pair_loss = None
    if offset is not None:
        statistics[pair_kind(offset)] = player.paired(offset)
        pair_loss = player.paired(offset, LOSS)
    partners = partner_hands(player.hands) if offset is not None else []
    # The dealt-hand test, and the partner-hand test of partners, are more of the report's tests
    # (Bonferroni).
    tests = len(statistics) + 1 + (1 if partners else 0)
    found = judge_all(statistics, calibration, tests, player.clusters(LOSS), pair_loss)
    dealt = dealt_answer(dealt_hands(player.hands), tests)
    partner = dealt_answer(partners, tests, PARTNER_HAND) if partners else None
    hidden = []
    for hypothesis in hypotheses:
        assert rules is not None
        entry = {
            "hypothesis": hypothesis,
            "description": hypothesis_description(hypothesis, rules),
            "partner": is_partner(hypothesis, rules),
            **judgement_dict(found[hypothesis]),
        }
        if found[hypothesis].verdict in (REVIEW, STRONG):
            entry["decisions_to_replay"] = shown_decisions(player, hypothesis)
        hidden.append(entry)
    pair_answer = None
    if offset is not None:
        assert rules is not None
        pair_answer = {
            "offset": offset,
            "partners": rules.teams and offset % 2 == 0,
            "description": PAIR_DESCRIPTION,
            **judgement_dict(found[pair_kind(offset)]),
            "partner_hands": partner,
        }
    engine = found[ENGINE]
    mine = [d for hand, _ in player.hands for d in hand.of_seat(hand.seat)]
    engine_nulls = {} if calibration is None else calibration.nulls.get(ENGINE, {})
    loss_nulls = {} if calibration is None else calibration.nulls.get(LOSS, {})
    return {
        "player": name,
        "pair": pair,
        "hands": len(player.hands),
        "decisions": len(mine),
        "unjudged": sum(hand.unjudged for hand, _ in player.hands),
        "budget": BUDGET.to_dict(),
        "seed": SEED,
        "model": {
            "temperature": TEMPERATURE,
            "epsilon": EPSILON,
            "min_decisions": MIN_DECISIONS,
            "thresholds": {REVIEW: REVIEW_P, STRONG: STRONG_P},
            "tests": tests,
        },
        "calibration": None
        if calibration is None
        else {
            "preset": calibration.preset,
            "same_rules": same_rules,
            "styles": list(calibration.styles),
            "hands": calibration.hands,
        },
        "verdict": worst_verdict(
            [
                *(j.verdict for j in found.values()),
                dealt["verdict"],
                *([partner["verdict"]] if partner else []),
            ]
        ),
        "hidden_information": hidden,
        "dealt_hands": dealt,
        "pair_evidence": pair_answer,
        "engine": {
            "match_rate": interval_of(player.clusters(ENGINE)).to_dict(),
            "mean_loss": interval_of(player.clusters(LOSS)).to_dict(),
            **judgement_dict(engine),
            "honest_match_rates": {s: round(n.mean, 4) for s, n in engine_nulls.items()},
            "loss_profile": loss_profile(mine),
            "honest_mean_losses": {s: round(n.mean, 4) for s, n in loss_nulls.items()},
            "note": ENGINE_NOTE,
        },
        "per_hand": [
            {
                "index": hand.index,
                "seat": hand.seat,
                "pair_seat": hand.pair_seat,
                "decisions": len(hand.of_seat(hand.seat)),
                "unjudged": hand.unjudged,
                "evidence": {
                    h: round(leak_cluster(hand.of_seat(hand.seat), h).total, 6)
                    for h in hypotheses_for(record.rules)
                },
            }
            for hand, record in player.hands
        ],
    }


def pair_offset(player: PlayerHands) -> int | None:
    """The seats from the player to the pair's other seat in most of the hands that give a
    pair (None: no pair)."""
    offsets = Counter(
        (h.pair_seat - h.seat) % r.rules.players for h, r in player.hands if h.pair_seat is not None
    )
    return offsets.most_common(1)[0][0] if offsets else None
