"""GET /v1/rules (every preset with its full options, and the option schema) and GET
/v1/rules/tally (the tally form of a rule set): their declarations, blueprint and views."""

from __future__ import annotations

from functools import cache
from typing import Any

from service.api.examples import Lazy
from service.api.http.json import Blueprint
from service.api.http.language import answer_language
from service.api.http.operations import ONE_UNIT, Operation, route
from service.api.rules.request import TallyFormRequest
from service.api.rules.schemas import RulesCatalogSchema, TallyFormQuerySchema, TallyFormSchema
from service.api.rules.tally_form import tally_form
from service.engine.presets import PRESETS, make_rules
from service.engine.rules import OPTIONS
from service.i18n.catalogues import gettext_of
from service.i18n.languages import MESSAGES, SOURCE

GET_RULES = Operation("getRules", ONE_UNIT, "GET", "/v1/rules", static=True, localised=True)
GET_TALLY_FIELDS = Operation(
    "getTallyFields", ONE_UNIT, "GET", "/v1/rules/tally", static=True, localised=True
)

blp = Blueprint("rules", __name__, url_prefix="/v1", description="Presets and rule options.")

TYPE_NAMES = {int: "integer", bool: "boolean", str: "string", list: "array"}


@cache
def catalog(lang: str = SOURCE) -> dict[str, Any]:
    """Every preset with its options for its default player count, and every option axis,
    the descriptions in a language."""
    say = gettext_of(lang, MESSAGES)
    presets = [
        {
            "name": preset.name,
            "description": say(preset.description),
            "players": sorted(preset.schedules),
            "options": make_rules(preset.name).options(),
            "tally": tally_form(make_rules(preset.name), say),
        }
        for preset in PRESETS.values()
    ]
    options = [
        {
            "name": spec.name,
            "type": TYPE_NAMES[spec.kind],
            "choices": None if spec.choices is None else list(spec.choices),
            "description": say(spec.description),
        }
        for spec in OPTIONS
    ]
    return {"presets": presets, "options": options}


def _example() -> dict[str, Any]:
    full = catalog()
    return {"presets": full["presets"][:1], "options": full["options"][:3]}


@route(blp, GET_RULES)
@blp.etag
@blp.response(200, RulesCatalogSchema, example=Lazy(_example))
def get_rules() -> dict[str, Any]:
    """Every preset with its full options, and the option schema.

    A request's `rules` field is a preset name, or `{"preset": name, <options>}` where each
    option overrides the preset's value; the example shows the first preset and three options.
    The descriptions are in the language of `lang` (a query parameter) or else of
    `Accept-Language` (English, or Italian), named by `Content-Language`; names and values are
    the same in every language. The answer changes only with a release and the language: it
    carries an `ETag`, `Cache-Control` and `Vary: Accept-Language`, and a request with a
    matching `If-None-Match` gets a 304.
    """
    return catalog(answer_language(MESSAGES))


@route(blp, GET_TALLY_FIELDS)
@blp.etag
@blp.arguments(TallyFormQuerySchema, location="query")
@blp.response(
    200,
    TallyFormSchema,
    example=Lazy(
        lambda: {"rules": make_rules("scopa").options(), **catalog()["presets"][0]["tally"]}
    ),
)
def get_tally_fields(request: TallyFormRequest) -> dict[str, Any]:
    """The tally of a hand under any rules: what a scorekeeper counts for each side.

    `rules` is a preset name, or the JSON text of `{"preset": name, <options>}` (URL-encoded).
    The fields follow from the rules' scoring categories: cards and coins taken, the scored
    single cards (the settebello, and where the rules score them the re bello, the 7 of cups,
    the 2 of clubs, Grande's three cards), the prime (a card of the best value in each suit,
    or for the rank-count tables every card of the ranks counted), the prime's points where
    the table sums values (`instead_of`: prime), the scope, the runs of the bonus suit. Each
    has its type and range; a form built from them posts `tallies` to /v1/score or /v1/match.
    Descriptions follow `lang` or `Accept-Language`, as GET /v1/rules.
    """
    rules = request.rules
    say = gettext_of(answer_language(MESSAGES), MESSAGES)
    return {"rules": rules.options(), **tally_form(rules, say)}
