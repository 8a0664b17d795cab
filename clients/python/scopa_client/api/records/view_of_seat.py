from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.view_request import ViewRequest
from ...models.view_response import ViewResponse
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: ViewRequest,
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
        "url": "/v1/view",
        "params": params,
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | ViewResponse:
    if response.status_code == 200:
        response_200 = ViewResponse.from_dict(response.json())

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
) -> Response[Problem | ViewResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: ViewRequest,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[Problem | ViewResponse]:
    """What one seat of a full state can know: its view, as /v1/advice takes it.

     The view holds the seat's hand, the open cards (table, piles, scope, declarations), the
    other hands' sizes, the stock's size and the history; the hidden cards never appear. The
    Chkobba cutter's view shows the drawn card while the choice is open.

    Args:
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):
        body (ViewRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | ViewResponse]
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
    body: ViewRequest,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Problem | ViewResponse | None:
    """What one seat of a full state can know: its view, as /v1/advice takes it.

     The view holds the seat's hand, the open cards (table, piles, scope, declarations), the
    other hands' sizes, the stock's size and the history; the hidden cards never appear. The
    Chkobba cutter's view shows the drawn card while the choice is open.

    Args:
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):
        body (ViewRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | ViewResponse
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
    body: ViewRequest,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[Problem | ViewResponse]:
    """What one seat of a full state can know: its view, as /v1/advice takes it.

     The view holds the seat's hand, the open cards (table, piles, scope, declarations), the
    other hands' sizes, the stock's size and the history; the hidden cards never appear. The
    Chkobba cutter's view shows the drawn card while the choice is open.

    Args:
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):
        body (ViewRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | ViewResponse]
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
    body: ViewRequest,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Problem | ViewResponse | None:
    """What one seat of a full state can know: its view, as /v1/advice takes it.

     The view holds the seat's hand, the open cards (table, piles, scope, declarations), the
    other hands' sizes, the stock's size and the history; the hidden cards never appear. The
    Chkobba cutter's view shows the drawn card while the choice is open.

    Args:
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):
        body (ViewRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | ViewResponse
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            lang=lang,
            accept_language=accept_language,
        )
    ).parsed
