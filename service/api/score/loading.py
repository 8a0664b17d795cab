"""The loading of /v1/score's and /v1/match's hands: each hand checked under the rules (its
declarations and claim, then its piles against the pack or its tallies for miscounts), every
problem named by its field; a 422 invalid-score problem when any is found."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from service.api.http.problems import join_path
from service.api.http.refused import invalid_score
from service.api.score.request import HandInput, LedgerHand
from service.engine.assemble import declarations_from_parts
from service.engine.declarations import Declaration, declaration_problems
from service.engine.errors import InvalidStateError, Problem
from service.engine.message import Message
from service.engine.rules import Rules
from service.engine.scoring import check_piles
from service.engine.tally import SideTally, uncounted
from service.engine.tally_check import tally_problems
from service.engine.tally_score import TallyScore, score_tallies

# The facts to blame are looked for in a ledger's first few bad hands only (a few dozen more
# checks a hand).
EXPLAINED_HANDS = 3


def hand_input(rules: Rules, data: dict[str, Any], prefix: str = "") -> HandInput:
    """A loaded hand checked under the rules, or a 422 naming every problem under ``prefix``."""
    hand, problems = checked_hand(rules, data)
    if hand is None:
        raise invalid_score(problems, prefix)
    return hand


def checked_hand(
    rules: Rules, data: dict[str, Any], *, explain: bool = True
) -> tuple[HandInput | None, list[Problem]]:
    """A loaded hand checked under the rules: its declarations and claim first, then its piles
    against the pack or its tallies for miscounts; the hand, or None and every problem.
    ``explain``: name the facts to blame for tallies that only the exact check refuses."""
    declarations, problems = declarations_of(rules, data)
    if problems:
        return None, problems
    claimed = data.get("claimed_by")
    leftover_listed = data["leftover"]
    if "tallies" in data:
        tallies = tuple(t or SideTally() for t in data["tallies"])
        leftover = sum(1 << c for c in set(leftover_listed))
        problems = tally_problems(rules, tallies, leftover, explain=explain)
        if claimed is not None:
            problems += uncounted_for_claim(rules, tallies, claimed)
        if len(set(leftover_listed)) != len(leftover_listed):
            problems.append(Problem("leftover", Message("a card is listed twice")))
        if problems:
            return None, problems
        return HandInput(None, (), tallies, leftover, declarations, claimed), []
    piles = [pile["cards"] for pile in data["piles"]]
    scope = tuple(pile["scope"] for pile in data["piles"])
    try:
        masks, left = check_piles(rules, piles, scope, leftover_listed, finished=claimed is None)
    except InvalidStateError as error:
        return None, [pile_field(p) for p in error.problems]
    return HandInput(masks, scope, None, left, declarations, claimed), []


SCOPE_FIELD = re.compile(r"scope\[(\d+)\]")


def pile_field(problem: Problem) -> Problem:
    """An engine problem renamed to the request's field: scope[1] is piles[1].scope."""
    found = SCOPE_FIELD.fullmatch(problem.field)
    if found:
        return Problem(f"piles[{found.group(1)}].scope", problem.reason)
    return problem


def uncounted_for_claim(
    rules: Rules, tallies: Sequence[SideTally], claimed_by: int
) -> list[Problem]:
    """A claim is judged on every fact of every side: each side whose tally leaves one out,
    and each side but the claimer's whose prime is counted as points alone (the cards not yet
    taken are added to it)."""
    problems = []
    for side, tally in enumerate(tallies):
        if (
            side != rules.side_of(claimed_by)
            and tally.prime is None
            and tally.prime_points is not None
        ):
            problems.append(
                Problem(
                    f"tallies[{side}].prime",
                    Message(
                        "a claim adds the cards not yet taken to this side's prime: name its "
                        "cards, not only its points"
                    ),
                )
            )
        missing = uncounted(rules, tally)
        if missing:
            problems.append(
                Problem(
                    f"tallies[{side}]",
                    Message(
                        "a claim is judged on every side's whole tally; not counted: {facts}",
                        facts=", ".join(missing),
                    ),
                )
            )
    return problems


def declarations_of(
    rules: Rules, data: dict[str, Any]
) -> tuple[tuple[Declaration, ...], list[Problem]]:
    """The hand's declarations, each a valid one of its kind, and the claim a seat of the table
    under claims; with every problem of them."""
    try:
        declarations = declarations_from_parts(data["declarations"])
    except InvalidStateError as error:
        return (), list(error.problems)
    problems = declaration_problems(rules, declarations, rules.deals)
    claimed = data.get("claimed_by")
    if claimed is not None and not rules.claims:
        problems.append(Problem("claimed_by", "only with claims"))
    elif claimed is not None and claimed >= rules.players:
        problems.append(Problem("claimed_by", f"must be a seat 0..{rules.players - 1}"))
    return declarations, problems


def undecided_problems(tallied: TallyScore) -> list[Problem]:
    """A tallied hand that leaves a category undecided cannot be added to a match."""
    undecided = tallied.undecided
    if not undecided:
        return []
    return [
        Problem(
            "",
            Message(
                "cannot be added to the match: the tallies do not decide {categories}",
                categories=", ".join(undecided),
            ),
        )
    ]


def ledger_hands(rules: Rules, entries: Sequence[dict[str, Any]]) -> tuple[LedgerHand, ...]:
    """A ledger's hands, each checked under the rules and its tallies scored, deciding every
    category; a 422 naming every problem of every hand, each under its index."""
    hands = []
    problems: list[Problem] = []
    failed = 0
    for index, entry in enumerate(entries):
        where = f"hands[{index}]"
        dealer = entry.get("dealer")
        if dealer is not None and dealer >= rules.players:
            problems.append(
                Problem(
                    f"{where}.dealer",
                    Message("must be a seat 0..{last}", last=rules.players - 1),
                )
            )
        hand, found = checked_hand(rules, entry, explain=failed < EXPLAINED_HANDS)
        tallied = None
        if hand is not None and hand.tallies is not None:
            tallied = score_tallies(rules, hand.tallies, hand.leftover, hand.declarations)
            found += undecided_problems(tallied)
        failed += bool(found)
        problems += [Problem(join_path(where, p.field), p.reason) for p in found]
        if hand is not None:
            hands.append(LedgerHand(dealer, hand, tallied))
    if problems:
        raise invalid_score(problems)
    return tuple(hands)
