from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.play_request import PlayRequest
from ...models.play_response import PlayResponse
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: PlayRequest,
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
        "url": "/v1/play",
        "params": params,
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> PlayResponse | Problem:
    if response.status_code == 200:
        response_200 = PlayResponse.from_dict(response.json())

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
) -> Response[PlayResponse | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: PlayRequest,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[PlayResponse | Problem]:
    """Play the move of the player to move.

     The rules are the state's own `rules` (as /v1/deal returns them) or a top-level `rules`;
    when both are given they must be equal. An illegal move is a 422 problem of type
    `urn:scopa:problem:illegal-move` naming the move and listing `legal_moves`. A move carries
    its `kind` (keep, table, declare, decline, claim, pass; omitted for an ordinary play)
    exactly as /v1/moves lists it. With declarations, each deal of three cards opens a
    declaration round (`state.declaration_round`): every seat in turn from the one after the
    dealer declares or declines, and only then is the deal's first card played. When the hand
    ends the answer carries `score`: every side's breakdown and the hand totals, declarations
    included. When the state carries `match_scores` or
    `match_target`, or a claim ended the hand, it also carries `match`: a claim's verdict
    (`reason` claim: the claimer wins; wrong_claim: the claimer is the `loser`), else the
    match totals with the hand's points added and any winner. After a claim, `score` is the
    piles' points as the hand stopped; the match is decided by the claim alone.

    Args:
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):
        body (PlayRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PlayResponse | Problem]
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
    body: PlayRequest,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> PlayResponse | Problem | None:
    """Play the move of the player to move.

     The rules are the state's own `rules` (as /v1/deal returns them) or a top-level `rules`;
    when both are given they must be equal. An illegal move is a 422 problem of type
    `urn:scopa:problem:illegal-move` naming the move and listing `legal_moves`. A move carries
    its `kind` (keep, table, declare, decline, claim, pass; omitted for an ordinary play)
    exactly as /v1/moves lists it. With declarations, each deal of three cards opens a
    declaration round (`state.declaration_round`): every seat in turn from the one after the
    dealer declares or declines, and only then is the deal's first card played. When the hand
    ends the answer carries `score`: every side's breakdown and the hand totals, declarations
    included. When the state carries `match_scores` or
    `match_target`, or a claim ended the hand, it also carries `match`: a claim's verdict
    (`reason` claim: the claimer wins; wrong_claim: the claimer is the `loser`), else the
    match totals with the hand's points added and any winner. After a claim, `score` is the
    piles' points as the hand stopped; the match is decided by the claim alone.

    Args:
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):
        body (PlayRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PlayResponse | Problem
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
    body: PlayRequest,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[PlayResponse | Problem]:
    """Play the move of the player to move.

     The rules are the state's own `rules` (as /v1/deal returns them) or a top-level `rules`;
    when both are given they must be equal. An illegal move is a 422 problem of type
    `urn:scopa:problem:illegal-move` naming the move and listing `legal_moves`. A move carries
    its `kind` (keep, table, declare, decline, claim, pass; omitted for an ordinary play)
    exactly as /v1/moves lists it. With declarations, each deal of three cards opens a
    declaration round (`state.declaration_round`): every seat in turn from the one after the
    dealer declares or declines, and only then is the deal's first card played. When the hand
    ends the answer carries `score`: every side's breakdown and the hand totals, declarations
    included. When the state carries `match_scores` or
    `match_target`, or a claim ended the hand, it also carries `match`: a claim's verdict
    (`reason` claim: the claimer wins; wrong_claim: the claimer is the `loser`), else the
    match totals with the hand's points added and any winner. After a claim, `score` is the
    piles' points as the hand stopped; the match is decided by the claim alone.

    Args:
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):
        body (PlayRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PlayResponse | Problem]
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
    body: PlayRequest,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> PlayResponse | Problem | None:
    """Play the move of the player to move.

     The rules are the state's own `rules` (as /v1/deal returns them) or a top-level `rules`;
    when both are given they must be equal. An illegal move is a 422 problem of type
    `urn:scopa:problem:illegal-move` naming the move and listing `legal_moves`. A move carries
    its `kind` (keep, table, declare, decline, claim, pass; omitted for an ordinary play)
    exactly as /v1/moves lists it. With declarations, each deal of three cards opens a
    declaration round (`state.declaration_round`): every seat in turn from the one after the
    dealer declares or declines, and only then is the deal's first card played. When the hand
    ends the answer carries `score`: every side's breakdown and the hand totals, declarations
    included. When the state carries `match_scores` or
    `match_target`, or a claim ended the hand, it also carries `match`: a claim's verdict
    (`reason` claim: the claimer wins; wrong_claim: the claimer is the `loser`), else the
    match totals with the hand's points added and any winner. After a claim, `score` is the
    piles' points as the hand stopped; the match is decided by the claim alone.

    Args:
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):
        body (PlayRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PlayResponse | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            lang=lang,
            accept_language=accept_language,
        )
    ).parsed
