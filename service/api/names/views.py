"""GET /v1/names: the display names of cards, suits, figures and score categories in a
language; its declaration, blueprint and view."""

from __future__ import annotations

from functools import partial
from typing import Any

from service.api.examples import Lazy
from service.api.http.json import Blueprint
from service.api.http.language import answer_language
from service.api.http.operations import ONE_UNIT, Operation, route
from service.api.names.card_names import names_of
from service.api.names.schemas import NamesSchema
from service.i18n.languages import NAMES, SOURCE

GET_NAMES = Operation("getNames", ONE_UNIT, "GET", "/v1/names", static=True, localised=True)

blp = Blueprint(
    "names", __name__, url_prefix="/v1", description="Display names of cards and scores."
)


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
