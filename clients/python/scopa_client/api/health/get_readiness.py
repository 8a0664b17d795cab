from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.readiness import Readiness
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
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
        "method": "get",
        "url": "/readyz",
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | Readiness:
    if response.status_code == 200:
        response_200 = Readiness.from_dict(response.json())

        return response_200

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    response_default = Problem.from_dict(response.json())

    return response_default


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | Readiness]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[Problem | Readiness]:
    """The worker is ready to serve: its engine answers, its search is warmed up, and it is
    not saturated by searches (a 503 problem saying which, while not).

     A load balancer sends its traffic elsewhere meanwhile; a saturated worker is ready again as
    soon as it can start a search in time. `kernel` names the search kernel the worker runs,
    and `degraded` what it runs short of (the pure-Python kernel searches about a hundred times
    fewer worlds than the compiled one): such a worker is ready, and logs an error at start.

    Args:
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Readiness]
    """

    kwargs = _get_kwargs(
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
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Problem | Readiness | None:
    """The worker is ready to serve: its engine answers, its search is warmed up, and it is
    not saturated by searches (a 503 problem saying which, while not).

     A load balancer sends its traffic elsewhere meanwhile; a saturated worker is ready again as
    soon as it can start a search in time. `kernel` names the search kernel the worker runs,
    and `degraded` what it runs short of (the pure-Python kernel searches about a hundred times
    fewer worlds than the compiled one): such a worker is ready, and logs an error at start.

    Args:
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Readiness
    """

    return sync_detailed(
        client=client,
        lang=lang,
        accept_language=accept_language,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[Problem | Readiness]:
    """The worker is ready to serve: its engine answers, its search is warmed up, and it is
    not saturated by searches (a 503 problem saying which, while not).

     A load balancer sends its traffic elsewhere meanwhile; a saturated worker is ready again as
    soon as it can start a search in time. `kernel` names the search kernel the worker runs,
    and `degraded` what it runs short of (the pure-Python kernel searches about a hundred times
    fewer worlds than the compiled one): such a worker is ready, and logs an error at start.

    Args:
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Readiness]
    """

    kwargs = _get_kwargs(
        lang=lang,
        accept_language=accept_language,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Problem | Readiness | None:
    """The worker is ready to serve: its engine answers, its search is warmed up, and it is
    not saturated by searches (a 503 problem saying which, while not).

     A load balancer sends its traffic elsewhere meanwhile; a saturated worker is ready again as
    soon as it can start a search in time. `kernel` names the search kernel the worker runs,
    and `degraded` what it runs short of (the pure-Python kernel searches about a hundred times
    fewer worlds than the compiled one): such a worker is ready, and logs an error at start.

    Args:
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Readiness
    """

    return (
        await asyncio_detailed(
            client=client,
            lang=lang,
            accept_language=accept_language,
        )
    ).parsed
