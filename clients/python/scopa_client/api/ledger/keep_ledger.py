from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.ledger_request import LedgerRequest
from ...models.ledger_response import LedgerResponse
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: LedgerRequest,
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
        "url": "/v1/match",
        "params": params,
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> LedgerResponse | Problem:
    if response.status_code == 200:
        response_200 = LedgerResponse.from_dict(response.json())

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
) -> Response[LedgerResponse | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: LedgerRequest,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[LedgerResponse | Problem]:
    """Score a match hand by hand: each hand's points, the running totals, and who won.

     `hands` are the match's hands in order, each given as every side's `piles` or every side's
    `tallies` (as in /v1/score), with the seat that dealt it. The match ends as the rules say:
    the target reached by one side ahead of every other (equal leaders play on), an outright
    win (cappotto, napoleone, the whole suit in scalette), a 7-0 lead (`cappotto_7_0`), a claim,
    and a double game is marked (`double_game`). A hand that cannot be scored, a tally that
    leaves a category undecided, a dealer out of turn, or a hand after the match ended is a 422
    naming the hand by its index (`hands[3].tallies[0].coins`), every problem at once.

    Args:
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):
        body (LedgerRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[LedgerResponse | Problem]
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
    body: LedgerRequest,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> LedgerResponse | Problem | None:
    """Score a match hand by hand: each hand's points, the running totals, and who won.

     `hands` are the match's hands in order, each given as every side's `piles` or every side's
    `tallies` (as in /v1/score), with the seat that dealt it. The match ends as the rules say:
    the target reached by one side ahead of every other (equal leaders play on), an outright
    win (cappotto, napoleone, the whole suit in scalette), a 7-0 lead (`cappotto_7_0`), a claim,
    and a double game is marked (`double_game`). A hand that cannot be scored, a tally that
    leaves a category undecided, a dealer out of turn, or a hand after the match ended is a 422
    naming the hand by its index (`hands[3].tallies[0].coins`), every problem at once.

    Args:
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):
        body (LedgerRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        LedgerResponse | Problem
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
    body: LedgerRequest,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[LedgerResponse | Problem]:
    """Score a match hand by hand: each hand's points, the running totals, and who won.

     `hands` are the match's hands in order, each given as every side's `piles` or every side's
    `tallies` (as in /v1/score), with the seat that dealt it. The match ends as the rules say:
    the target reached by one side ahead of every other (equal leaders play on), an outright
    win (cappotto, napoleone, the whole suit in scalette), a 7-0 lead (`cappotto_7_0`), a claim,
    and a double game is marked (`double_game`). A hand that cannot be scored, a tally that
    leaves a category undecided, a dealer out of turn, or a hand after the match ended is a 422
    naming the hand by its index (`hands[3].tallies[0].coins`), every problem at once.

    Args:
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):
        body (LedgerRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[LedgerResponse | Problem]
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
    body: LedgerRequest,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> LedgerResponse | Problem | None:
    """Score a match hand by hand: each hand's points, the running totals, and who won.

     `hands` are the match's hands in order, each given as every side's `piles` or every side's
    `tallies` (as in /v1/score), with the seat that dealt it. The match ends as the rules say:
    the target reached by one side ahead of every other (equal leaders play on), an outright
    win (cappotto, napoleone, the whole suit in scalette), a 7-0 lead (`cappotto_7_0`), a claim,
    and a double game is marked (`double_game`). A hand that cannot be scored, a tally that
    leaves a category undecided, a dealer out of turn, or a hand after the match ended is a 422
    naming the hand by its index (`hands[3].tallies[0].coins`), every problem at once.

    Args:
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):
        body (LedgerRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        LedgerResponse | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            lang=lang,
            accept_language=accept_language,
        )
    ).parsed
