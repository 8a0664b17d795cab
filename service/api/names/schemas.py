"""The schema of GET /v1/names: display names by code, in one language."""

from __future__ import annotations

import marshmallow as ma

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
