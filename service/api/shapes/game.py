"""The shapes of a hand that several resources share: moves, states, declarations, events,
scores and matches; the same classes load requests into engine values (``post_load``) and
write the spec."""

from __future__ import annotations

from typing import Any

import marshmallow as ma

from service.api.shapes.fields import (
    CardField,
    StrictBoolean,
    StrictInteger,
    card_list,
    card_lists,
    integer_list,
)
from service.api.shapes.rules import RulesField
from service.api.shapes.values import MatchInput
from service.engine.message import Message
from service.engine.moves import MoveKind
from service.engine.schemes import DECLARATION_KINDS
from service.engine.state import EventKind

MAX_SEATS = 6
MAX_CARDS = 40
# At most 13 declarations (one per seat and three-card deal of a 40-card pack).
MAX_DECLARED = 3
MAX_DECLARATIONS = 16
# A history: 40 card plays, the cutter's choice, the declarations and a claim.
MAX_PLAYS = 64
MAX_SCOPE = 40
# Every scoring category of a rule set, and outright.
MAX_CATEGORIES = 16
MAX_MATCH_POINTS = 100_000
# A card's captures are at most the subsets of the other 39 cards summing to its rank or to
# fifteen less its rank, plus laying it: 100,648 over a whole pack, whatever the rules.
MAX_MOVES = 110_000
MAX_EVENTS = 8


def seat_field(**kwargs: Any) -> StrictInteger:
    """A seat number, 0 to 5."""
    return StrictInteger(validate=ma.validate.Range(0, MAX_SEATS - 1), **kwargs)


def bounded_list(item: ma.fields.Field[Any], max_items: int, **kwargs: Any) -> ma.fields.List[Any]:
    """A list of at most ``max_items`` items."""
    return ma.fields.List(item, validate=ma.validate.Length(max=max_items), **kwargs)


MOVE_KINDS = [k.value for k in MoveKind]
KIND_DESCRIPTION = (
    "omitted or play: a card played; pass: an ace put in the pile (ace_may_pass); keep / table: "
    "the Chkobba cutter keeps the drawn card or lays it on the table; declare: the whole hand "
    "shown in the declaration round (card and capture together); decline: nothing declared "
    "in that round (no card); claim: the side claims the match (no card)"
)
# Move kinds that name no card.
CARDLESS = ("claim", "decline")


def kind_field(**kwargs: Any) -> ma.fields.String:
    """A move kind; omitted means an ordinary play."""
    return ma.fields.String(
        validate=ma.validate.OneOf(MOVE_KINDS), metadata={"description": KIND_DESCRIPTION}, **kwargs
    )


def capture_field(**kwargs: Any) -> ma.fields.List[Any]:
    """The table cards a move takes (any number up to the pack: ace takes all, fifteen)."""
    metadata = {"description": "table cards taken; [] lays the card", **kwargs.pop("metadata", {})}
    return card_list(MAX_CARDS, metadata=metadata, **kwargs)


class CardOrClaimSchema(ma.Schema):
    """A move's card is required, except in a claim or a decline, which name no card."""

    @ma.validates_schema
    def card_unless_claim(self, data: dict[str, Any], **kwargs: Any) -> None:
        """A card for every kind but claim and decline."""
        if "card" not in data and data.get("kind") not in CARDLESS:
            raise ma.ValidationError(Message("required unless kind is claim or decline"), "card")


class MoveSchema(CardOrClaimSchema):
    """A move: its kind, the card played, the table cards it captures, and whether it sweeps."""

    card = CardField(metadata={"description": "the card played; absent in a claim or decline"})
    capture = capture_field(load_default=list)
    kind = kind_field()
    sweep = StrictBoolean(
        metadata={"description": "whether the move scores a scopa (ignored on input)"}
    )


class HistoryPlaySchema(CardOrClaimSchema):
    """One move of the hand's history: the seat and its move."""

    seat = seat_field(required=True)
    card = CardField(metadata={"description": "the card played; absent in a claim or decline"})
    capture = capture_field(load_default=list)
    kind = kind_field()


class DeclarationSchema(ma.Schema):
    """A hand declared after a three-card deal (Bazzica, Sbarazzina, Cirulla)."""

    seat = seat_field(required=True)
    deal = StrictInteger(
        required=True,
        validate=ma.validate.Range(1, MAX_CARDS),
        metadata={"description": "the deal, counted from 1"},
    )
    cards = card_list(MAX_DECLARED, required=True, metadata={"description": "the cards shown"})


def match_scores_field(**kwargs: Any) -> ma.fields.List[Any]:
    """Match totals per side, bounded."""
    return integer_list(-MAX_MATCH_POINTS, MAX_MATCH_POINTS, MAX_SEATS, **kwargs)


def match_target_field(**kwargs: Any) -> StrictInteger:
    """A match target."""
    return StrictInteger(validate=ma.validate.Range(1, MAX_MATCH_POINTS), **kwargs)


class VariantFieldsSchema(ma.Schema):
    """The fields some variants add to a state or a view, each present only when set."""

    cut_card = CardField(
        metadata={
            "description": "Chkobba: the card the cutter drew, before keeping or tabling it "
            "(a view shows it to the cutter only)"
        }
    )
    declarations = bounded_list(
        ma.fields.Nested(DeclarationSchema),
        MAX_DECLARATIONS,
        metadata={
            "description": "the hands declared so far; a view without piles rebuilds them "
            "from its history"
        },
    )
    declaration_round = StrictBoolean(
        metadata={
            "description": "declarations: the round right after a three-card deal is open; "
            "to_move is the seat to declare or decline (each seat in turn from the one after "
            "the dealer) before any card of the deal is played"
        }
    )
    claimed_by = seat_field(metadata={"description": "claims: the seat whose claim ended the hand"})
    match_scores = match_scores_field(
        metadata={
            "description": "the sides' match scores before this hand (0 each): claims are "
            "judged against them, and advice uses them when match is omitted"
        }
    )
    match_target = match_target_field(
        metadata={"description": "the match target with match_scores (omitted: the rules')"}
    )


class StateSchema(VariantFieldsSchema):
    """A full state of a hand, every hand visible, as /v1/deal returns it."""

    rules = RulesField(
        metadata={
            "description": "the rules of the hand; states returned by the API always carry them"
        }
    )
    dealer = seat_field(required=True)
    to_move = seat_field(required=True)
    hands = card_lists(MAX_SEATS, MAX_CARDS, required=True)
    table = card_list(MAX_CARDS, required=True)
    piles = card_lists(
        MAX_SEATS, MAX_CARDS, required=True, metadata={"description": "one per side"}
    )
    scope = integer_list(
        0,
        MAX_SCOPE,
        MAX_SEATS,
        required=True,
        metadata={"description": "scope made by each side"},
    )
    stock = card_list(
        MAX_CARDS, load_default=list, metadata={"description": "cards still to deal, in order"}
    )
    deals_made = StrictInteger(validate=ma.validate.Range(1, MAX_CARDS), load_default=1)
    last_capturer = seat_field(allow_none=True, load_default=None)
    history = bounded_list(ma.fields.Nested(HistoryPlaySchema), MAX_PLAYS, load_default=list)
    finished = StrictBoolean(
        metadata={"description": "whether the hand is over: every card played, or a claim made"}
    )


class EventSchema(ma.Schema):
    """Something that happened when a move was applied."""

    kind = ma.fields.String(required=True, validate=ma.validate.OneOf([k.value for k in EventKind]))
    seat = seat_field(allow_none=True, required=True)
    side = seat_field(allow_none=True, required=True)
    cards = card_list(MAX_CARDS, required=True)


class PrimeSchema(ma.Schema):
    """A side's primiera: its value, the cards that make it, and whether every suit is held."""

    value = ma.fields.Raw(
        required=True,
        metadata={
            "oneOf": [
                {"type": "number"},
                {"type": "array", "items": {"type": "integer"}, "maxItems": 10},
            ],
            "description": "a sum of prime values, or rank counts for count-based prime tables",
        },
    )
    cards = card_list(MAX_CARDS, required=True)
    all_suits = StrictBoolean(
        required=True,
        metadata={"description": "the prime's cards cover every suit (a complete prime)"},
    )
    from_points = StrictBoolean(
        metadata={
            "description": "from a tally: true when the value is the side's prime_points, "
            "counted with no cards named (cards is then empty)"
        }
    )


class ScaletteSchema(ma.Schema):
    """The low and high runs of the bonus suit a side holds (Scopa con le Scalette)."""

    low = StrictInteger(required=True)
    high = StrictInteger(required=True)


class ScoredDeclarationSchema(DeclarationSchema):
    """A declared hand, what it is, and the points it scored (0 when beaten)."""

    kind = ma.fields.String(required=True, validate=ma.validate.OneOf(DECLARATION_KINDS))
    value = StrictInteger(required=True, metadata={"description": "compared value, lower wins"})
    points = StrictInteger(required=True)


class SideScoreSchema(ma.Schema):
    """One side's hand: the evidence of every category, the points won, and the total. From a
    tally, a fact not counted is null, and so is the total while a category is undecided."""

    side = seat_field(required=True)
    cards = StrictInteger(allow_none=True, required=True, metadata={"description": "cards taken"})
    coins = StrictInteger(
        allow_none=True, required=True, metadata={"description": "cards of the bonus suit"}
    )
    settebello = StrictBoolean(allow_none=True, required=True)
    prime = ma.fields.Nested(PrimeSchema, allow_none=True, required=True)
    scope = StrictInteger(allow_none=True, required=True)
    napola_run = StrictInteger(
        allow_none=True,
        required=True,
        metadata={"description": "the napola run held; null from a tally of rules without napola"},
    )
    points = ma.fields.Dict(
        keys=ma.fields.String(),
        values=StrictInteger(),
        required=True,
        metadata={"description": "points won by category (from a tally: the decided ones)"},
    )
    total = StrictInteger(allow_none=True, required=True)
    outright = ma.fields.String(
        allow_none=True, required=True, metadata={"description": "an outright win, if any"}
    )
    scalette = ma.fields.Nested(
        ScaletteSchema, metadata={"description": "scalette: the runs held, in cards"}
    )
    declarations = bounded_list(
        ma.fields.Nested(ScoredDeclarationSchema),
        MAX_DECLARATIONS,
        metadata={"description": "declarations: the side's declared hands and their points"},
    )
    undecided = bounded_list(
        ma.fields.String(),
        MAX_CATEGORIES,
        metadata={
            "description": "from a partial tally: the categories (and outright) the tallies "
            "cannot decide for this side"
        },
    )


class HandScoreSchema(ma.Schema):
    """Every side's score of a finished hand and the hand totals."""

    sides = bounded_list(ma.fields.Nested(SideScoreSchema), MAX_SEATS, required=True)
    totals = bounded_list(StrictInteger(allow_none=True), MAX_SEATS, required=True)


class MatchResultSchema(ma.Schema):
    """Match totals after the hand, and the winner when the match is over."""

    scores = bounded_list(StrictInteger(), MAX_SEATS, required=True)
    target = StrictInteger(required=True)
    finished = StrictBoolean(required=True)
    winner = seat_field(allow_none=True, required=True)
    reason = ma.fields.String(
        allow_none=True,
        required=True,
        metadata={"description": "target, outright, claim or wrong_claim; null while playing"},
    )
    double = StrictBoolean(metadata={"description": "double_game: a double win (only when true)"})
    loser = seat_field(metadata={"description": "a wrong claim: the claiming side, which loses"})


class MatchInputSchema(ma.Schema):
    """Match totals before the hand, and optionally a target other than the rules'."""

    scores = match_scores_field(required=True)
    target = match_target_field()

    @ma.post_load
    def match_input(self, data: dict[str, Any], **kwargs: Any) -> MatchInput:
        """The match as sent."""
        return MatchInput(tuple(data["scores"]), data.get("target"))
