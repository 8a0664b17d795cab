from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.job_list import JobList
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    offset: int | Unset = 0,
    limit: int | Unset = 20,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(accept_language, Unset):
        headers["Accept-Language"] = accept_language

    params: dict[str, Any] = {}

    params["offset"] = offset

    params["limit"] = limit

    params["lang"] = lang

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/jobs",
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> JobList | Problem:
    if response.status_code == 200:
        response_200 = JobList.from_dict(response.json())

        return response_200

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[JobList | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    offset: int | Unset = 0,
    limit: int | Unset = 20,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[JobList | Problem]:
    """The caller's jobs not yet expired, newest first, by page: those of its API key (every
    job of the server without keys). `next` is the next page's URL, null when this page is
    not full.

    Args:
        offset (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 20.
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[JobList | Problem]
    """

    kwargs = _get_kwargs(
        offset=offset,
        limit=limit,
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
    offset: int | Unset = 0,
    limit: int | Unset = 20,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> JobList | Problem | None:
    """The caller's jobs not yet expired, newest first, by page: those of its API key (every
    job of the server without keys). `next` is the next page's URL, null when this page is
    not full.

    Args:
        offset (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 20.
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        JobList | Problem
    """

    return sync_detailed(
        client=client,
        offset=offset,
        limit=limit,
        lang=lang,
        accept_language=accept_language,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    offset: int | Unset = 0,
    limit: int | Unset = 20,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[JobList | Problem]:
    """The caller's jobs not yet expired, newest first, by page: those of its API key (every
    job of the server without keys). `next` is the next page's URL, null when this page is
    not full.

    Args:
        offset (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 20.
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[JobList | Problem]
    """

    kwargs = _get_kwargs(
        offset=offset,
        limit=limit,
        lang=lang,
        accept_language=accept_language,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    offset: int | Unset = 0,
    limit: int | Unset = 20,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> JobList | Problem | None:
    """The caller's jobs not yet expired, newest first, by page: those of its API key (every
    job of the server without keys). `next` is the next page's URL, null when this page is
    not full.

    Args:
        offset (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 20.
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        JobList | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            offset=offset,
            limit=limit,
            lang=lang,
            accept_language=accept_language,
        )
    ).parsed
