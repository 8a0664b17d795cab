"""What a request costs, read once from its loaded request (the values its schema loaded, as
its view gets them): the advice searches it asks for and the units it spends by parts.

The admission control and the rate limiter ask for the price before the view runs; the first to
ask loads the body (``json.BodyParser`` keeps the load for the view, so it is loaded once). A
body that does not load costs one unit and no search: its answer is a 4xx before any work.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import current_app, g, request
from werkzeug.exceptions import HTTPException

from service.api.http.json import Blueprint
from service.api.http.operations import Loaded, Operation, request_schema
from service.api.http.problems import ProblemError

PRICE = "scopa_price"


@dataclass(frozen=True, slots=True)
class Price:
    """The advice searches a request asks for, and the units it spends (at least one)."""

    searches: int
    units: int


# The price of a request that asks for no search and counts no parts.
ONE_UNIT = Price(0, 1)


def loaded_request() -> Loaded | None:
    """The current request as its operation's schema loads it (None: no body, or one that
    does not load)."""
    schema = request_schema(current_app, request.endpoint)
    if schema is None:
        return None
    try:
        return Blueprint.ARGUMENTS_PARSER.parse(schema, request, location="json")
    except (HTTPException, ProblemError):  # too large, not JSON, or refused: a 4xx, no work
        return None


def price_of(operation: Operation) -> Price:
    """The current request's price, found once (module docstring); one unit and no search for
    an operation its body does not price."""
    if not (operation.searches or operation.units):
        return ONE_UNIT
    found: Price | None = g.get(PRICE)
    if found is None:
        loaded = loaded_request()
        if loaded is None:
            found = ONE_UNIT
        else:
            searches = operation.searches(loaded) if operation.searches else 0
            units = max(1, operation.units(loaded)) if operation.units else 1
            found = Price(searches, units)
        setattr(g, PRICE, found)
    return found


def known_price() -> Price | None:
    """The current request's price, if something has asked for it already."""
    found: Price | None = g.get(PRICE)
    return found
