from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.bot_request import BotRequest
from ...models.bot_response import BotResponse
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: BotRequest,
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
        "url": "/v1/bot",
        "params": params,
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> BotResponse | Problem:
    if response.status_code == 200:
        response_200 = BotResponse.from_dict(response.json())

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

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    response_default = Problem.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[BotResponse | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: BotRequest,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[BotResponse | Problem]:
    """The move a bot of the given level makes for its seat.

     Give the bot's `view` as /v1/advice takes it, or a full `state` and the bot's `seat` (it
    sees only that seat's view). Every legal move kind may be answered: a declaration, the
    Chkobba cutter's keep or table, a claim when its level would make it; a beginner may
    forget to declare or to claim. The same request and `seed` give the same move (omitted,
    the seed is derived from the request); for master, whose search has a time budget, while
    its answer is cached. Master is the advisor at the default advice budget, through the
    advice's cache (`X-Cache`), the worker's search slot (503 with `Retry-After` when busy)
    and the advice's rate-limit cost; the other levels search nothing (`X-Cache: bypass`) and
    cost as any cheap request. A view that is not the seat's turn, a finished hand or an
    unknown level is a 422 problem naming the field.

    Args:
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):
        body (BotRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BotResponse | Problem]
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
    body: BotRequest,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> BotResponse | Problem | None:
    """The move a bot of the given level makes for its seat.

     Give the bot's `view` as /v1/advice takes it, or a full `state` and the bot's `seat` (it
    sees only that seat's view). Every legal move kind may be answered: a declaration, the
    Chkobba cutter's keep or table, a claim when its level would make it; a beginner may
    forget to declare or to claim. The same request and `seed` give the same move (omitted,
    the seed is derived from the request); for master, whose search has a time budget, while
    its answer is cached. Master is the advisor at the default advice budget, through the
    advice's cache (`X-Cache`), the worker's search slot (503 with `Retry-After` when busy)
    and the advice's rate-limit cost; the other levels search nothing (`X-Cache: bypass`) and
    cost as any cheap request. A view that is not the seat's turn, a finished hand or an
    unknown level is a 422 problem naming the field.

    Args:
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):
        body (BotRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BotResponse | Problem
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
    body: BotRequest,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[BotResponse | Problem]:
    """The move a bot of the given level makes for its seat.

     Give the bot's `view` as /v1/advice takes it, or a full `state` and the bot's `seat` (it
    sees only that seat's view). Every legal move kind may be answered: a declaration, the
    Chkobba cutter's keep or table, a claim when its level would make it; a beginner may
    forget to declare or to claim. The same request and `seed` give the same move (omitted,
    the seed is derived from the request); for master, whose search has a time budget, while
    its answer is cached. Master is the advisor at the default advice budget, through the
    advice's cache (`X-Cache`), the worker's search slot (503 with `Retry-After` when busy)
    and the advice's rate-limit cost; the other levels search nothing (`X-Cache: bypass`) and
    cost as any cheap request. A view that is not the seat's turn, a finished hand or an
    unknown level is a 422 problem naming the field.

    Args:
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):
        body (BotRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BotResponse | Problem]
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
    body: BotRequest,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> BotResponse | Problem | None:
    """The move a bot of the given level makes for its seat.

     Give the bot's `view` as /v1/advice takes it, or a full `state` and the bot's `seat` (it
    sees only that seat's view). Every legal move kind may be answered: a declaration, the
    Chkobba cutter's keep or table, a claim when its level would make it; a beginner may
    forget to declare or to claim. The same request and `seed` give the same move (omitted,
    the seed is derived from the request); for master, whose search has a time budget, while
    its answer is cached. Master is the advisor at the default advice budget, through the
    advice's cache (`X-Cache`), the worker's search slot (503 with `Retry-After` when busy)
    and the advice's rate-limit cost; the other levels search nothing (`X-Cache: bypass`) and
    cost as any cheap request. A view that is not the seat's turn, a finished hand or an
    unknown level is a 422 problem naming the field.

    Args:
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):
        body (BotRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BotResponse | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            lang=lang,
            accept_language=accept_language,
        )
    ).parsed
