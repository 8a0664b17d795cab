"""The schemas of GET /v1/rules (every preset and option) and GET /v1/rules/tally (the tally
form of a rule set)."""

from __future__ import annotations

from typing import Any

import marshmallow as ma

from service.api.rules.request import TallyFormRequest
from service.api.shapes.fields import StrictInteger
from service.api.shapes.game import MAX_SEATS, bounded_list
from service.api.shapes.loading import rules_of
from service.api.shapes.rules import RulesOptionsSchema, RulesTextField

MAX_CATALOG = 200
MAX_CHOICES = 20
# The tally form: the most values a field takes, cards it names, fields it has.
MAX_TALLY_CHOICES = 16
MAX_CARDS = 40
MAX_FIELDS = 16


class TallyFormQuerySchema(ma.Schema):
    """The rules of the tally form asked for (``lang`` picks the descriptions' language)."""

    class Meta:
        unknown = ma.EXCLUDE

    rules = RulesTextField(
        required=True,
        metadata={
            "type": "string",
            "description": 'a preset name, or the JSON text of {"preset": name, <option '
            "overrides>}",
            "example": '{"preset": "scopa", "players": 4}',
        },
    )

    @ma.post_load
    def tally_request(self, data: dict[str, Any], **kwargs: Any) -> TallyFormRequest:
        """The rules built."""
        return TallyFormRequest(rules_of(data["rules"]))


class TallyFieldSchema(ma.Schema):
    """One fact a side's tally counts: its name, the scoring category it decides, its type
    (integer, number, boolean, or cards: a list of card codes) and the values it takes."""

    name = ma.fields.String(required=True)
    category = ma.fields.String(required=True)
    type = ma.fields.String(
        required=True, validate=ma.validate.OneOf(["integer", "number", "boolean", "cards"])
    )
    description = ma.fields.String(required=True)
    minimum = ma.fields.Integer()
    maximum = ma.fields.Integer()
    choices = ma.fields.List(
        ma.fields.Integer(),
        validate=ma.validate.Length(max=MAX_TALLY_CHOICES),
        metadata={"description": "the only values taken"},
    )
    cards = ma.fields.List(
        ma.fields.String(),
        validate=ma.validate.Length(max=MAX_CARDS),
        metadata={"description": "boolean: the cards it is about; cards: the cards it may list"},
    )
    max_items = ma.fields.Integer(metadata={"description": "cards: the most cards listed"})
    one_per_suit = ma.fields.Boolean(metadata={"description": "cards: one card of a suit at most"})
    instead_of = ma.fields.String(
        metadata={
            "description": "the field this one may be counted instead of, or beside (the "
            "prime's points for its cards)"
        }
    )


class TallyFormSchema(ma.Schema):
    """The tally of a hand under some rules: how many sides score, each side's fields, and the
    hand's own fields (leftover, and declarations where the rules have them)."""

    rules = ma.fields.Nested(RulesOptionsSchema, metadata={"description": "the full options"})
    sides = ma.fields.Integer(required=True)
    # Named apart from the schema's own ``fields``; "fields" in the answer.
    side_fields = ma.fields.List(
        ma.fields.Nested(TallyFieldSchema),
        required=True,
        validate=ma.validate.Length(max=MAX_FIELDS),
        attribute="fields",
        data_key="fields",
        metadata={"description": "each side's facts, in the order a form shows them"},
    )
    hand = ma.fields.List(
        ma.fields.String(), required=True, validate=ma.validate.Length(max=MAX_FIELDS)
    )


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
