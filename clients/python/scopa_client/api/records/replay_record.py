from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.replay_request import ReplayRequest
from ...models.replay_response import ReplayResponse
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: ReplayRequest,
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
        "url": "/v1/replay",
        "params": params,
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | ReplayResponse:
    if response.status_code == 200:
        response_200 = ReplayResponse.from_dict(response.json())

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
) -> Response[Problem | ReplayResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: ReplayRequest,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[Problem | ReplayResponse]:
    """Check a hand record and replay it: the state as dealt and after every move.

     A deal that its rules cannot deal is a 422 (`urn:scopa:problem:invalid-state`) listing
    every problem under `record.deal` (cards missing, doubled or outside the pack, hands,
    table or stock of the wrong size, a table the re-deal rule voids). The first move that
    cannot be played is a 422 (`urn:scopa:problem:illegal-move`) naming
    `record.moves[i]` and why, with `move_index` and the `legal_moves` at that point; nothing
    is replayed then. A record may stop mid-hand; once it ends the hand the answer carries
    the `score`, and `match` when the record has one (or a claim ended the hand).

    Args:
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):
        body (ReplayRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | ReplayResponse]
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
    body: ReplayRequest,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Problem | ReplayResponse | None:
    """Check a hand record and replay it: the state as dealt and after every move.

     A deal that its rules cannot deal is a 422 (`urn:scopa:problem:invalid-state`) listing
    every problem under `record.deal` (cards missing, doubled or outside the pack, hands,
    table or stock of the wrong size, a table the re-deal rule voids). The first move that
    cannot be played is a 422 (`urn:scopa:problem:illegal-move`) naming
    `record.moves[i]` and why, with `move_index` and the `legal_moves` at that point; nothing
    is replayed then. A record may stop mid-hand; once it ends the hand the answer carries
    the `score`, and `match` when the record has one (or a claim ended the hand).

    Args:
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):
        body (ReplayRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | ReplayResponse
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
    body: ReplayRequest,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[Problem | ReplayResponse]:
    """Check a hand record and replay it: the state as dealt and after every move.

     A deal that its rules cannot deal is a 422 (`urn:scopa:problem:invalid-state`) listing
    every problem under `record.deal` (cards missing, doubled or outside the pack, hands,
    table or stock of the wrong size, a table the re-deal rule voids). The first move that
    cannot be played is a 422 (`urn:scopa:problem:illegal-move`) naming
    `record.moves[i]` and why, with `move_index` and the `legal_moves` at that point; nothing
    is replayed then. A record may stop mid-hand; once it ends the hand the answer carries
    the `score`, and `match` when the record has one (or a claim ended the hand).

    Args:
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):
        body (ReplayRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | ReplayResponse]
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
    body: ReplayRequest,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Problem | ReplayResponse | None:
    """Check a hand record and replay it: the state as dealt and after every move.

     A deal that its rules cannot deal is a 422 (`urn:scopa:problem:invalid-state`) listing
    every problem under `record.deal` (cards missing, doubled or outside the pack, hands,
    table or stock of the wrong size, a table the re-deal rule voids). The first move that
    cannot be played is a 422 (`urn:scopa:problem:illegal-move`) naming
    `record.moves[i]` and why, with `move_index` and the `legal_moves` at that point; nothing
    is replayed then. A record may stop mid-hand; once it ends the hand the answer carries
    the `score`, and `match` when the record has one (or a claim ended the hand).

    Args:
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):
        body (ReplayRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | ReplayResponse
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            lang=lang,
            accept_language=accept_language,
        )
    ).parsed
