from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.moves_request import MovesRequest
from ...models.moves_response import MovesResponse
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: MovesRequest,
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
        "url": "/v1/moves",
        "params": params,
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> MovesResponse | Problem:
    if response.status_code == 200:
        response_200 = MovesResponse.from_dict(response.json())

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
) -> Response[MovesResponse | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: MovesRequest,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[MovesResponse | Problem]:
    """The legal moves of the player to move.

     Either `{state}` (a full state; its `rules`, or a top-level `rules` equal to them) or the
    light form `{rules, hand, table}` for hints. In the light form `sweep` assumes the card is
    not the last of the hand (the last card scores no scopa unless `last_card_scopa`).

    Each move carries its `kind` when it is not an ordinary play, as /v1/play expects it back:
    `keep` / `table` (the Chkobba cutter's choice, the only moves while `state.cut_card` is
    set), `declare` (the whole hand shown) and `decline` (no card; nothing declared), the
    only moves while `state.declaration_round` is open, `pass` (an ace put in the pile) and
    `claim` (no card, listed last). The light form lists card plays only.

    Args:
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):
        body (MovesRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MovesResponse | Problem]
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
    body: MovesRequest,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> MovesResponse | Problem | None:
    """The legal moves of the player to move.

     Either `{state}` (a full state; its `rules`, or a top-level `rules` equal to them) or the
    light form `{rules, hand, table}` for hints. In the light form `sweep` assumes the card is
    not the last of the hand (the last card scores no scopa unless `last_card_scopa`).

    Each move carries its `kind` when it is not an ordinary play, as /v1/play expects it back:
    `keep` / `table` (the Chkobba cutter's choice, the only moves while `state.cut_card` is
    set), `declare` (the whole hand shown) and `decline` (no card; nothing declared), the
    only moves while `state.declaration_round` is open, `pass` (an ace put in the pile) and
    `claim` (no card, listed last). The light form lists card plays only.

    Args:
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):
        body (MovesRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MovesResponse | Problem
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
    body: MovesRequest,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[MovesResponse | Problem]:
    """The legal moves of the player to move.

     Either `{state}` (a full state; its `rules`, or a top-level `rules` equal to them) or the
    light form `{rules, hand, table}` for hints. In the light form `sweep` assumes the card is
    not the last of the hand (the last card scores no scopa unless `last_card_scopa`).

    Each move carries its `kind` when it is not an ordinary play, as /v1/play expects it back:
    `keep` / `table` (the Chkobba cutter's choice, the only moves while `state.cut_card` is
    set), `declare` (the whole hand shown) and `decline` (no card; nothing declared), the
    only moves while `state.declaration_round` is open, `pass` (an ace put in the pile) and
    `claim` (no card, listed last). The light form lists card plays only.

    Args:
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):
        body (MovesRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MovesResponse | Problem]
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
    body: MovesRequest,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> MovesResponse | Problem | None:
    """The legal moves of the player to move.

     Either `{state}` (a full state; its `rules`, or a top-level `rules` equal to them) or the
    light form `{rules, hand, table}` for hints. In the light form `sweep` assumes the card is
    not the last of the hand (the last card scores no scopa unless `last_card_scopa`).

    Each move carries its `kind` when it is not an ordinary play, as /v1/play expects it back:
    `keep` / `table` (the Chkobba cutter's choice, the only moves while `state.cut_card` is
    set), `declare` (the whole hand shown) and `decline` (no card; nothing declared), the
    only moves while `state.declaration_round` is open, `pass` (an ace put in the pile) and
    `claim` (no card, listed last). The light form lists card plays only.

    Args:
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):
        body (MovesRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MovesResponse | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            lang=lang,
            accept_language=accept_language,
        )
    ).parsed
