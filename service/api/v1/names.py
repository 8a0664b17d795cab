"""GET /v1/names: the display names of cards, suits, figures and score categories in a language."""

from __future__ import annotations

from functools import partial
from typing import Any

import marshmallow as ma

from service.api.endpoints import GET_NAMES, route
from service.api.examples import Lazy
from service.api.http.json import Blueprint
from service.api.http.language import answer_language
from service.api.usecases.card_names import names_of
from service.i18n.languages import NAMES, SOURCE

blp = Blueprint(
    "names", __name__, url_prefix="/v1", description="Display names of cards and scores."
)

MAX_LANGUAGES = 20
MAX_PRESETS = 50


def _names(description: str, example: dict[str, str]) -> ma.fields.Dict:
    return ma.fields.Dict(
        keys=ma.fields.String(),
        values=ma.fields.String(),
        required=True,
        metadata={"description": description, "example": example},
    )


class LanguageSchema(ma.Schema):
    """A language the names are given in."""

    code = ma.fields.String(required=True, metadata={"description": "its code, e.g. it"})
    name = ma.fields.String(required=True, metadata={"description": "its name in itself"})
    presets = ma.fields.List(
        ma.fields.String(),
        allow_none=True,
        required=True,
        validate=ma.validate.Length(max=MAX_PRESETS),
        metadata={
            "description": "the games whose pack it names (es: the Spanish pack of escoba; "
            "fr: the French-suited pack of chkobba); null: every game"
        },
    )


class NamesSchema(ma.Schema):
    """Display names by code, in one language; the codes are the same in every language."""

    language = ma.fields.String(
        required=True, metadata={"description": "the language of the names (Content-Language)"}
    )
    languages = ma.fields.List(
        ma.fields.Nested(LanguageSchema),
        required=True,
        validate=ma.validate.Length(max=MAX_LANGUAGES),
        metadata={"description": "every language the names are given in"},
    )
    suits = _names("suit code to name", {"D": "denari", "C": "coppe"})
    ranks = _names("rank 1-10 to name (the ace and the figures in words)", {"1": "asso"})
    figures = _names("figure rank 8, 9, 10 to name", {"8": "fante", "9": "cavallo"})
    cards = _names("card code to name, for all 40 cards", {"7D": "7 di denari"})
    categories = _names("score category (as in points) to name", {"cards": "carte"})
    outright = _names("outright win (a side's outright) to name", {"napoleone": "napoleone"})


@route(blp, GET_NAMES)
@blp.etag
@blp.response(200, NamesSchema, example=Lazy(partial(names_of, SOURCE)))
def get_names() -> dict[str, Any]:
    """The display names of cards, suits, figures, score categories and outright wins.

    In the language of `lang` (a query parameter) or else of `Accept-Language`, among those
    `languages` lists; English by default, and `Content-Language` says which was used. Each
    name is keyed by its code, the same in every language: `7D`, `D`, `8`, `primiera`.
    Italian names the Italian pack (denari, coppe, spade, bastoni; fante, cavallo, re), Spanish
    the Spanish pack of escoba (oros, copas, espadas, bastos; sota, caballo, rey) and French the
    French-suited pack of chkobba (carreau, cœur, pique, trèfle; dame 8, valet 9, roi 10).
    The answer changes only with a release and the language (`ETag`, `Cache-Control`,
    `Vary: Accept-Language`; a matching `If-None-Match` gets a 304).
    """
    return names_of(answer_language(NAMES))
