"""The shapes of a hand (moves, states, declarations, scores), and the requests and answers
of dealing, listing moves, playing and scoring; the same classes load requests into engine
values (``post_load``) and write the spec."""

from __future__ import annotations

from typing import Any

import marshmallow as ma

from service.api.http.problems import VALIDATION, ProblemError
from service.api.requests import (
    DealRequest,
    MatchInput,
    MovesRequest,
    PlayRequest,
)
from service.api.schemas.fields import (
    CardField,
    SeedField,
    StrictBoolean,
    StrictInteger,
    card_list,
    card_lists,
    integer_list,
)
from service.api.schemas.rules import RulesField, RulesOptionsSchema, TallyFormSchema
from service.api.usecases.convert import (
    cards_of,
    effective_rules,
    move_of,
    rules_of,
    state_of,
)
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
MAX_CATALOG = 200
MAX_CHOICES = 20


def seat_field(**kwargs: Any) -> StrictInteger:
    """A seat number, 0 to 5."""
    return StrictInteger(validate=ma.validate.Range(0, MAX_SEATS - 1), **kwargs)


def bounded_list(item: ma.fields.Field[Any], max_items: int, **kwargs: Any) -> ma.fields.List[Any]:
    """A list of at most ``max_items`` items."""
    return ma.fields.List(item, validate=ma.validate.Length(max=max_items), **kwargs)


# ---- shared shapes ---------------------------------------------------------------------------


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


# ---- GET /v1/rules ---------------------------------------------------------------------------


class OptionSpecSchema(ma.Schema):
    """One option axis of the rules."""

    name = ma.fields.String(required=True)
    type = ma.fields.String(
        required=True, validate=ma.validate.OneOf(["integer", "boolean", "string", "array"])
    )
    choices = bounded_list(
        ma.fields.Raw(),
        MAX_CHOICES,
        allow_none=True,
        required=True,
        metadata={"description": "null: any"},
    )
    description = ma.fields.String(required=True)


class PresetSchema(ma.Schema):
    """A preset: its description, the player counts it deals for, and its full options."""

    name = ma.fields.String(required=True)
    description = ma.fields.String(required=True)
    players = bounded_list(StrictInteger(), MAX_SEATS, required=True)
    options = ma.fields.Nested(
        RulesOptionsSchema,
        required=True,
        metadata={"description": "every option, for the preset's default number of players"},
    )
    tally = ma.fields.Nested(
        TallyFormSchema,
        required=True,
        metadata={"description": "the tally form for those options (as GET /v1/rules/tally)"},
    )


class RulesCatalogSchema(ma.Schema):
    """Every preset and the option schema."""

    presets = bounded_list(ma.fields.Nested(PresetSchema), MAX_CATALOG, required=True)
    options = bounded_list(ma.fields.Nested(OptionSpecSchema), MAX_CATALOG, required=True)


# ---- POST /v1/deal ---------------------------------------------------------------------------


class DealRequestSchema(ma.Schema):
    """The rules, and optionally the seed and the dealer's seat."""

    rules = RulesField(required=True)
    seed = SeedField(metadata={"description": "omitted: a random seed, returned in the answer"})
    dealer = seat_field(load_default=0)

    @ma.post_load
    def deal_request(self, data: dict[str, Any], **kwargs: Any) -> DealRequest:
        """The rules built, the dealer a seat of their table."""
        rules = rules_of(data["rules"])
        dealer = data["dealer"]
        if dealer >= rules.players:
            last = rules.players - 1
            raise ProblemError(
                422,
                Message("dealer must be a seat 0..{last}", last=last),
                {
                    "dealer": [
                        Message("must be a seat 0..{last}, not {dealer}", last=last, dealer=dealer)
                    ]
                },
                VALIDATION,
            )
        return DealRequest(rules, data.get("seed"), dealer)


class DealResponseSchema(ma.Schema):
    """The dealt state, the seed that dealt it, and the legal moves of the first player."""

    seed = SeedField(required=True)
    state = ma.fields.Nested(StateSchema, required=True)
    moves = bounded_list(ma.fields.Nested(MoveSchema), MAX_MOVES, required=True)


# ---- POST /v1/moves --------------------------------------------------------------------------


class MovesRequestSchema(ma.Schema):
    """Either a full state, or the light form: a hand and a table."""

    rules = RulesField(
        metadata={"description": "required with hand and table; with a state, it may be omitted"}
    )
    state = ma.fields.Nested(StateSchema)
    hand = card_list(MAX_CARDS, metadata={"description": "light form: the cards in hand"})
    table = card_list(MAX_CARDS, metadata={"description": "light form: the cards on the table"})

    @ma.validates_schema
    def one_form(self, data: dict[str, Any], **kwargs: Any) -> None:
        """Exactly one of the two forms."""
        light = "hand" in data or "table" in data
        if "state" in data and light:
            raise ma.ValidationError(
                Message("give either state, or hand and table, not both"), "state"
            )
        if "state" not in data:
            missing = [name for name in ("hand", "table", "rules") if name not in data]
            if missing:
                raise ma.ValidationError(
                    {name: [Message("required without state")] for name in missing}
                )

    @ma.post_load
    def moves_request(self, data: dict[str, Any], **kwargs: Any) -> MovesRequest:
        """The state built and checked, or the light form's cards checked against the pack."""
        if "state" in data:
            rules = effective_rules(data)
            return MovesRequest(rules, state=state_of(rules, data["state"]))
        rules = rules_of(data["rules"])
        cards = cards_of(rules, {"hand": data["hand"], "table": data["table"]})
        return MovesRequest(rules, hand=cards["hand"], table=cards["table"])


class MovesResponseSchema(ma.Schema):
    """The legal moves, cards in id order."""

    moves = bounded_list(ma.fields.Nested(MoveSchema), MAX_MOVES, required=True)


# ---- POST /v1/play ---------------------------------------------------------------------------


class PlayRequestSchema(ma.Schema):
    """A state and the move of the player to move."""

    rules = RulesField(metadata={"description": "optional: must equal state.rules when both given"})
    state = ma.fields.Nested(StateSchema, required=True)
    move = ma.fields.Nested(MoveSchema, required=True)

    @ma.post_load
    def play_request(self, data: dict[str, Any], **kwargs: Any) -> PlayRequest:
        """The state built and checked, and the move."""
        state = state_of(effective_rules(data), data["state"])
        return PlayRequest(state, move_of(data["move"]))


class PlayResponseSchema(ma.Schema):
    """The next state, what happened, and the hand's score when the hand ended."""

    state = ma.fields.Nested(StateSchema, required=True)
    events = bounded_list(ma.fields.Nested(EventSchema), MAX_EVENTS, required=True)
    score = ma.fields.Nested(
        HandScoreSchema,
        metadata={
            "description": "only when the hand ends: every side's points, declarations included"
        },
    )
    match = ma.fields.Nested(
        MatchResultSchema,
        metadata={
            "description": "only when the hand ends and the state carries match_scores or "
            "match_target, or a claim ended it: the claim's verdict, else the hand's points added"
        },
    )


# ---- health ----------------------------------------------------------------------------------


class HealthSchema(ma.Schema):
    """The process answers."""

    status = ma.fields.String(required=True, validate=ma.validate.OneOf(["ok"]))


class ReadinessSchema(ma.Schema):
    """The worker is ready to serve, on which search kernel, and what it runs short of."""

    status = ma.fields.String(required=True, validate=ma.validate.OneOf(["ready"]))
    kernel = ma.fields.String(
        required=True,
        validate=ma.validate.OneOf(["compiled", "python"]),
        metadata={"description": "the search kernel the worker runs"},
    )
    degraded = ma.fields.List(
        ma.fields.String(),
        required=True,
        validate=ma.validate.Length(max=MAX_CHOICES),
        metadata={"description": "what the worker runs short of, in words; empty when nothing"},
    )
