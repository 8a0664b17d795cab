from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.score_request import ScoreRequest
from ...models.score_response import ScoreResponse
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: ScoreRequest,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(accept_language, Unset):
        headers["Accept-Language"] = accept_language

    params: dict[str, Any] = {}

    params["lang"] = lang

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/score",
        "params": params,
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | ScoreResponse:
    if response.status_code == 200:
        response_200 = ScoreResponse.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())

        return response_415

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    response_default = Problem.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Problem | ScoreResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: ScoreRequest,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[Problem | ScoreResponse]:
    """Score a finished hand from every side's pile and scope count, or every side's tally.

     The piles (and `leftover`, table cards nobody took) must be disjoint and cover the pack;
    otherwise the 422 problem names the missing and doubled cards. With `match` the answer
    carries the new match totals and the winner, if the match is over.

    `tallies` instead of `piles`: each side's counted facts, the fields of GET
    /v1/rules/tally (`null` for a side not counted, a fact left out where not counted).
    Tallies that count everything get the answer the piles would give (`napola_run` is null
    under rules without napola); tallies that cannot all be true are a 422 naming every
    miscount (`tallies[1].coins`); a partial tally gets the points it decides, the categories
    it does not in `undecided` (and each side's), `total` null until all are decided, and no
    `match` while any is undecided. A claim (`claimed_by`) from tallies needs every side's
    whole tally and, in `leftover`, every card not yet taken when the claim stopped the hand.

    `declarations` lists the hands declared in the hand (`seat`, `deal` from 1, the three
    `cards` shown); each must be a valid declaration of the rules' kind, from a seat of the
    table in a deal of three cards, once a seat and deal, and no card may be shown twice
    (422 naming e.g. `declarations[1].cards`). They are compared deal by deal and scored
    exactly as /v1/play scores them, with the same breakdown. `claimed_by` (claims, with
    `match`) says that seat's claim ended the hand: the piles are those of the hand as it
    stopped (they need not cover the pack) and `match` is the claim's verdict as /v1/play
    gives it (`reason` claim, or wrong_claim with the claimer as `loser`).

    Args:
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):
        body (ScoreRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | ScoreResponse]
    """

    kwargs = _get_kwargs(
        body=body,
        lang=lang,
        accept_language=accept_language,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: ScoreRequest,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Problem | ScoreResponse | None:
    """Score a finished hand from every side's pile and scope count, or every side's tally.

     The piles (and `leftover`, table cards nobody took) must be disjoint and cover the pack;
    otherwise the 422 problem names the missing and doubled cards. With `match` the answer
    carries the new match totals and the winner, if the match is over.

    `tallies` instead of `piles`: each side's counted facts, the fields of GET
    /v1/rules/tally (`null` for a side not counted, a fact left out where not counted).
    Tallies that count everything get the answer the piles would give (`napola_run` is null
    under rules without napola); tallies that cannot all be true are a 422 naming every
    miscount (`tallies[1].coins`); a partial tally gets the points it decides, the categories
    it does not in `undecided` (and each side's), `total` null until all are decided, and no
    `match` while any is undecided. A claim (`claimed_by`) from tallies needs every side's
    whole tally and, in `leftover`, every card not yet taken when the claim stopped the hand.

    `declarations` lists the hands declared in the hand (`seat`, `deal` from 1, the three
    `cards` shown); each must be a valid declaration of the rules' kind, from a seat of the
    table in a deal of three cards, once a seat and deal, and no card may be shown twice
    (422 naming e.g. `declarations[1].cards`). They are compared deal by deal and scored
    exactly as /v1/play scores them, with the same breakdown. `claimed_by` (claims, with
    `match`) says that seat's claim ended the hand: the piles are those of the hand as it
    stopped (they need not cover the pack) and `match` is the claim's verdict as /v1/play
    gives it (`reason` claim, or wrong_claim with the claimer as `loser`).

    Args:
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):
        body (ScoreRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | ScoreResponse
    """

    return sync_detailed(
        client=client,
        body=body,
        lang=lang,
        accept_language=accept_language,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: ScoreRequest,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[Problem | ScoreResponse]:
    """Score a finished hand from every side's pile and scope count, or every side's tally.

     The piles (and `leftover`, table cards nobody took) must be disjoint and cover the pack;
    otherwise the 422 problem names the missing and doubled cards. With `match` the answer
    carries the new match totals and the winner, if the match is over.

    `tallies` instead of `piles`: each side's counted facts, the fields of GET
    /v1/rules/tally (`null` for a side not counted, a fact left out where not counted).
    Tallies that count everything get the answer the piles would give (`napola_run` is null
    under rules without napola); tallies that cannot all be true are a 422 naming every
    miscount (`tallies[1].coins`); a partial tally gets the points it decides, the categories
    it does not in `undecided` (and each side's), `total` null until all are decided, and no
    `match` while any is undecided. A claim (`claimed_by`) from tallies needs every side's
    whole tally and, in `leftover`, every card not yet taken when the claim stopped the hand.

    `declarations` lists the hands declared in the hand (`seat`, `deal` from 1, the three
    `cards` shown); each must be a valid declaration of the rules' kind, from a seat of the
    table in a deal of three cards, once a seat and deal, and no card may be shown twice
    (422 naming e.g. `declarations[1].cards`). They are compared deal by deal and scored
    exactly as /v1/play scores them, with the same breakdown. `claimed_by` (claims, with
    `match`) says that seat's claim ended the hand: the piles are those of the hand as it
    stopped (they need not cover the pack) and `match` is the claim's verdict as /v1/play
    gives it (`reason` claim, or wrong_claim with the claimer as `loser`).

    Args:
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):
        body (ScoreRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | ScoreResponse]
    """

    kwargs = _get_kwargs(
        body=body,
        lang=lang,
        accept_language=accept_language,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: ScoreRequest,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Problem | ScoreResponse | None:
    """Score a finished hand from every side's pile and scope count, or every side's tally.

     The piles (and `leftover`, table cards nobody took) must be disjoint and cover the pack;
    otherwise the 422 problem names the missing and doubled cards. With `match` the answer
    carries the new match totals and the winner, if the match is over.

    `tallies` instead of `piles`: each side's counted facts, the fields of GET
    /v1/rules/tally (`null` for a side not counted, a fact left out where not counted).
    Tallies that count everything get the answer the piles would give (`napola_run` is null
    under rules without napola); tallies that cannot all be true are a 422 naming every
    miscount (`tallies[1].coins`); a partial tally gets the points it decides, the categories
    it does not in `undecided` (and each side's), `total` null until all are decided, and no
    `match` while any is undecided. A claim (`claimed_by`) from tallies needs every side's
    whole tally and, in `leftover`, every card not yet taken when the claim stopped the hand.

    `declarations` lists the hands declared in the hand (`seat`, `deal` from 1, the three
    `cards` shown); each must be a valid declaration of the rules' kind, from a seat of the
    table in a deal of three cards, once a seat and deal, and no card may be shown twice
    (422 naming e.g. `declarations[1].cards`). They are compared deal by deal and scored
    exactly as /v1/play scores them, with the same breakdown. `claimed_by` (claims, with
    `match`) says that seat's claim ended the hand: the piles are those of the hand as it
    stopped (they need not cover the pack) and `match` is the claim's verdict as /v1/play
    gives it (`reason` claim, or wrong_claim with the claimer as `loser`).

    Args:
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):
        body (ScoreRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | ScoreResponse
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            lang=lang,
            accept_language=accept_language,
        )
    ).parsed
