from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.levels import Levels
from ...models.problem import Problem
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/bot",
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Levels | Problem:
    if response.status_code == 200:
        response_200 = Levels.from_dict(response.json())

        return response_200

    response_default = Problem.from_dict(response.json())

    return response_default


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Levels | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[Levels | Problem]:
    """The levels a bot plays at, weakest first, each with a line on how it plays.

     The levels below master play like people of that level (a model of memory, sight and
    care, parameters listed), answer in milliseconds and search nothing; master is the advisor
    at its default budget, with the advice's cost, cache and search slot.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Levels | Problem]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
) -> Levels | Problem | None:
    """The levels a bot plays at, weakest first, each with a line on how it plays.

     The levels below master play like people of that level (a model of memory, sight and
    care, parameters listed), answer in milliseconds and search nothing; master is the advisor
    at its default budget, with the advice's cost, cache and search slot.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Levels | Problem
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[Levels | Problem]:
    """The levels a bot plays at, weakest first, each with a line on how it plays.

     The levels below master play like people of that level (a model of memory, sight and
    care, parameters listed), answer in milliseconds and search nothing; master is the advisor
    at its default budget, with the advice's cost, cache and search slot.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Levels | Problem]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
) -> Levels | Problem | None:
    """The levels a bot plays at, weakest first, each with a line on how it plays.

     The levels below master play like people of that level (a model of memory, sight and
    care, parameters listed), answer in milliseconds and search nothing; master is the advisor
    at its default budget, with the advice's cost, cache and search slot.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Levels | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
