"""The schemas of POST /v1/score and POST /v1/match: a finished hand given as every side's
pile or as every side's tally, its declarations and claim, and the match around it; a match
ledger, the hands in order (who dealt each), and the match hand by hand."""

from __future__ import annotations

from typing import Any

import marshmallow as ma

from service.api.score.loading import hand_input, ledger_hands
from service.api.score.request import LedgerRequest, ScoreRequest
from service.api.shapes.fields import StrictBoolean, StrictInteger, StrictNumber, card_list
from service.api.shapes.game import (
    MAX_CARDS,
    MAX_CATEGORIES,
    MAX_DECLARATIONS,
    MAX_SCOPE,
    MAX_SEATS,
    DeclarationSchema,
    HandScoreSchema,
    MatchInputSchema,
    MatchResultSchema,
    bounded_list,
    match_scores_field,
    match_target_field,
    seat_field,
)
from service.api.shapes.loading import rules_of
from service.api.shapes.rules import RulesField
from service.engine.cards import CARD_OF_CODE, SUITS, code
from service.engine.message import Message
from service.engine.primes import PRIME_TABLES
from service.engine.scoring import BASE_CATEGORIES
from service.engine.tally import (
    BOOLEAN,
    CARDS,
    CARDS_TAKEN,
    NUMBER,
    SCOPE,
    TALLY_NAMES,
    SideTally,
    TallyFact,
    facts_named,
)

# The most cards of the bonus suit, and the longest run of it, a tally can name.
MAX_COINS = 10
# The most a prime can be worth under any sum table: the best value in every suit.
MAX_PRIME_POINTS = len(SUITS) * max(max(values) for values in PRIME_TABLES.values())


class PileSchema(ma.Schema):
    """One side's pile at the end of the hand and its scope count."""

    cards = card_list(MAX_CARDS, required=True)
    scope = StrictInteger(validate=ma.validate.Range(0, MAX_SCOPE), load_default=0)


PILE_KEYS = frozenset(PileSchema().fields)


def plain_pile(item: Any) -> dict[str, Any] | None:
    """A pile as PileSchema loads it, when ``item`` is one it accepts as it stands: an object
    of known keys, at most MAX_CARDS valid card codes and a scope count in range; else None."""
    if type(item) is not dict or not item.keys() <= PILE_KEYS:
        return None
    cards, scope = item.get("cards"), item.get("scope", 0)
    if type(cards) is not list or len(cards) > MAX_CARDS:
        return None
    if type(scope) is not int or not 0 <= scope <= MAX_SCOPE:
        return None
    try:
        return {"cards": [CARD_OF_CODE[card] for card in cards], "scope": scope}
    except (KeyError, TypeError):
        return None


class PilesField(ma.fields.List[Any]):
    """The piles of a hand, each loaded by PileSchema: a list of piles that PileSchema accepts
    as they stand is read in one pass, anything else pile by pile by the schema, for its
    errors."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(ma.fields.Nested(PileSchema), **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> list[Any]:
        if type(value) is list:
            piles = [plain_pile(item) for item in value]
            if None not in piles:
                return piles
        return super()._deserialize(value, attr, data, **kwargs)


# The most a tally's number can be in any pack: the pack's cards, a side's sweeps, else (the
# bonus suit's cards and runs) a suit's cards; the prime's points under any sum table. A fact's
# range under some rules is the tally form's (GET /v1/rules/tally).
MOST = {CARDS_TAKEN.name: MAX_CARDS, SCOPE.name: MAX_SCOPE}


def described(fact: TallyFact) -> str:
    """A fact's description as the schema gives it: a category some rules score is named."""
    if fact.category in BASE_CATEGORIES:
        return fact.description
    return f"{fact.category}: {fact.description}"


def tally_field(name: str) -> ma.fields.Field[Any]:
    """The field of a tally's fact (the engine's ``TallyFact``, each of them for the prime),
    its type, bound and description."""
    facts = facts_named(name)
    metadata = {"description": "; ".join(described(fact) for fact in facts)}
    kind = facts[0].kind
    if kind == BOOLEAN:
        return StrictBoolean(allow_none=True, metadata=metadata)
    if kind == CARDS:
        return card_list(MAX_CARDS, allow_none=True, metadata=metadata)
    if kind == NUMBER:
        bound = ma.validate.Range(0, MAX_PRIME_POINTS)
        return StrictNumber(allow_none=True, validate=bound, metadata=metadata)
    bound = ma.validate.Range(0, MOST.get(name, MAX_COINS))
    return StrictInteger(allow_none=True, validate=bound, metadata=metadata)


class SideTallySchema(ma.Schema):
    """One side's tally: the facts of the hand the rules score, as counted at the table; a
    fact left out (or null) was not counted. Which facts the rules need: GET /v1/rules/tally.
    Its fields are the engine's facts (``TallySchema``)."""

    @ma.validates("prime")
    def distinct_prime(self, value: list[int] | None, **kwargs: Any) -> None:
        """A prime names each card once."""
        if value is not None and len(set(value)) != len(value):
            doubled = sorted({code(c) for c in value if value.count(c) > 1})
            raise ma.ValidationError(Message("listed twice: {cards}", cards=", ".join(doubled)))

    @ma.post_load
    def side_tally(self, data: dict[str, Any], **kwargs: Any) -> SideTally:
        """The tally as the engine's value, the prime as a set of cards."""
        prime = data.pop("prime", None)
        facts = {name: value for name, value in data.items() if value is not None}
        if prime is not None:
            facts["prime"] = sum(1 << c for c in prime)
        return SideTally(**facts)


# A field for every fact of ``SideTally``, in its order, from the engine's statement of each.
TallySchema = SideTallySchema.from_dict(
    {name: tally_field(name) for name in TALLY_NAMES}, name="TallySchema"
)


class HandSchema(ma.Schema):
    """A finished hand: every side's pile, or every side's tally, with its declarations and the
    seat whose claim ended it, if one did."""

    piles = PilesField(
        validate=ma.validate.Length(max=MAX_SEATS),
        metadata={"description": "every side's pile and scope count, one per side (or tallies)"},
    )
    tallies = bounded_list(
        ma.fields.Nested(TallySchema, allow_none=True),
        MAX_SEATS,
        metadata={
            "description": "instead of piles: every side's tally, one per side, null for a "
            "side not counted; the tallies must add up (a 422 names each miscount), and a "
            "category they cannot decide is listed in the answer's undecided"
        },
    )
    leftover = card_list(
        MAX_CARDS,
        load_default=list,
        metadata={
            "description": "table cards nobody took (only when no one captured); with tallies "
            "and claimed_by, every card not yet taken when the claim stopped the hand"
        },
    )
    declarations = bounded_list(
        ma.fields.Nested(DeclarationSchema),
        MAX_DECLARATIONS,
        load_default=list,
        metadata={
            "description": "declarations: every hand declared in the hand (seat, deal, the "
            "three cards shown), scored and compared as /v1/play does"
        },
    )
    claimed_by = seat_field(
        metadata={
            "description": "claims: the seat whose claim ended the hand; needs match. The "
            "piles (or whole tallies, with the cards not yet taken in leftover) are then those "
            "of the hand as it stopped, and match is the claim's verdict"
        }
    )

    @ma.validates_schema(pass_original=True, skip_on_field_errors=False)
    def piles_or_tallies(self, data: dict[str, Any], original: Any, **kwargs: Any) -> None:
        """Exactly one of piles and tallies (said beside the other fields' errors too)."""
        sent = original if isinstance(original, dict) else {}
        if ("piles" in sent) == ("tallies" in sent):
            raise ma.ValidationError(Message("give either piles or tallies"), "piles")


class RulesBodySchema(ma.Schema):
    """A request's rules, the first field of a body."""

    rules = RulesField(required=True)


# The rules come first in the fields, and in the errors of a request that has several.
class ScoreRequestSchema(HandSchema, RulesBodySchema):
    """A finished hand (every side's pile or tally, the declarations made in it, the seat whose
    claim ended it if one did), and optionally the match so far."""

    match = ma.fields.Nested(MatchInputSchema)

    @ma.validates_schema
    def claim_with_match(self, data: dict[str, Any], **kwargs: Any) -> None:
        """A claim is judged against the match: claimed_by needs match."""
        if "claimed_by" in data and "match" not in data:
            raise ma.ValidationError(
                Message("required with claimed_by: a claim is judged on the match"), "match"
            )

    @ma.post_load
    def score_request(self, data: dict[str, Any], **kwargs: Any) -> ScoreRequest:
        """The rules built, the hand checked under them."""
        rules = rules_of(data["rules"])
        return ScoreRequest(rules, hand_input(rules, data), data.get("match"))


class ScoreResponseSchema(HandScoreSchema):
    """Every side's breakdown and total, and with a match the new totals and any winner."""

    undecided = bounded_list(
        ma.fields.String(),
        MAX_CATEGORIES,
        metadata={
            "description": "tallies only: the categories some side's points are undecided in "
            "(empty when every fact was counted); match is then left out"
        },
    )
    match = ma.fields.Nested(MatchResultSchema)


# A match to 1001 points (Cirulla's longest) at five points a hand.
MAX_LEDGER_HANDS = 200


class LedgerHandSchema(HandSchema):
    """One hand of the match: every side's pile or tally, and who dealt it."""

    dealer = seat_field(
        metadata={
            "description": "the seat that dealt (omitted: the seat after the previous hand's "
            "dealer, seat 0 for the first hand); the deal passes to the next seat each hand"
        }
    )


class LedgerRequestSchema(ma.Schema):
    """The rules, the scores before the first hand, the target, and the hands in order."""

    rules = RulesField(required=True)
    scores = match_scores_field(
        metadata={"description": "the sides' scores before the first hand (0 each)"}
    )
    target = match_target_field(metadata={"description": "the match target (omitted: the rules')"})
    hands = ma.fields.List(
        ma.fields.Nested(LedgerHandSchema),
        required=True,
        validate=ma.validate.Length(1, MAX_LEDGER_HANDS),
        metadata={"description": "the hands in order, each a finished hand as in /v1/score"},
    )

    @ma.post_load
    def ledger_request(self, data: dict[str, Any], **kwargs: Any) -> LedgerRequest:
        """The rules built, every hand checked under them: a 422 names every problem of every
        hand, each under its index."""
        rules = rules_of(data["rules"])
        scores = data.get("scores")
        return LedgerRequest(
            rules,
            None if scores is None else tuple(scores),
            data.get("target"),
            ledger_hands(rules, data["hands"]),
        )


class LedgerEntrySchema(HandScoreSchema):
    """One hand of the ledger: its score, and the match after it."""

    index = ma.fields.Integer(required=True, metadata={"description": "the hand's index"})
    dealer = seat_field(required=True)
    scores = bounded_list(
        ma.fields.Integer(), MAX_SEATS, required=True, metadata={"description": "after the hand"}
    )
    target = ma.fields.Integer(required=True)
    finished = ma.fields.Boolean(required=True)
    winner = seat_field(allow_none=True, required=True)
    reason = ma.fields.String(allow_none=True, required=True)
    double = ma.fields.Boolean()
    loser = seat_field()


class LedgerResponseSchema(ma.Schema):
    """The match hand by hand, the match after the last hand, and who deals next."""

    target = ma.fields.Integer(required=True)
    hands = bounded_list(ma.fields.Nested(LedgerEntrySchema), MAX_LEDGER_HANDS, required=True)
    match = ma.fields.Nested(MatchResultSchema, required=True)
    next_dealer = seat_field(
        allow_none=True,
        required=True,
        metadata={"description": "the seat to deal the next hand; null once the match is over"},
    )
