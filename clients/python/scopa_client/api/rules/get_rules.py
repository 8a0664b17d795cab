from http import HTTPStatus
from typing import Any, cast

import httpx

from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.rules_catalog import RulesCatalog
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    lang: str | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(if_none_match, Unset):
        headers["If-None-Match"] = if_none_match

    if not isinstance(accept_language, Unset):
        headers["Accept-Language"] = accept_language

    params: dict[str, Any] = {}

    params["lang"] = lang

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/rules",
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Any | Problem | RulesCatalog:
    if response.status_code == 200:
        response_200 = RulesCatalog.from_dict(response.json())

        return response_200

    if response.status_code == 304:
        response_304 = cast(Any, None)
        return response_304

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    response_default = Problem.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Any | Problem | RulesCatalog]:
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
    if_none_match: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[Any | Problem | RulesCatalog]:
    """Every preset with its full options, and the option schema.

     A request's `rules` field is a preset name, or `{"preset": name, <options>}` where each
    option overrides the preset's value; the example shows the first preset and three options.
    The descriptions are in the language of `lang` (a query parameter) or else of
    `Accept-Language` (English, or Italian), named by `Content-Language`; names and values are
    the same in every language. The answer changes only with a release and the language: it
    carries an `ETag`, `Cache-Control` and `Vary: Accept-Language`, and a request with a
    matching `If-None-Match` gets a 304.

    Args:
        lang (str | Unset):  Example: it.
        if_none_match (str | Unset):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem | RulesCatalog]
    """

    kwargs = _get_kwargs(
        lang=lang,
        if_none_match=if_none_match,
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
    if_none_match: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Any | Problem | RulesCatalog | None:
    """Every preset with its full options, and the option schema.

     A request's `rules` field is a preset name, or `{"preset": name, <options>}` where each
    option overrides the preset's value; the example shows the first preset and three options.
    The descriptions are in the language of `lang` (a query parameter) or else of
    `Accept-Language` (English, or Italian), named by `Content-Language`; names and values are
    the same in every language. The answer changes only with a release and the language: it
    carries an `ETag`, `Cache-Control` and `Vary: Accept-Language`, and a request with a
    matching `If-None-Match` gets a 304.

    Args:
        lang (str | Unset):  Example: it.
        if_none_match (str | Unset):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem | RulesCatalog
    """

    return sync_detailed(
        client=client,
        lang=lang,
        if_none_match=if_none_match,
        accept_language=accept_language,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    lang: str | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[Any | Problem | RulesCatalog]:
    """Every preset with its full options, and the option schema.

     A request's `rules` field is a preset name, or `{"preset": name, <options>}` where each
    option overrides the preset's value; the example shows the first preset and three options.
    The descriptions are in the language of `lang` (a query parameter) or else of
    `Accept-Language` (English, or Italian), named by `Content-Language`; names and values are
    the same in every language. The answer changes only with a release and the language: it
    carries an `ETag`, `Cache-Control` and `Vary: Accept-Language`, and a request with a
    matching `If-None-Match` gets a 304.

    Args:
        lang (str | Unset):  Example: it.
        if_none_match (str | Unset):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem | RulesCatalog]
    """

    kwargs = _get_kwargs(
        lang=lang,
        if_none_match=if_none_match,
        accept_language=accept_language,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    lang: str | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Any | Problem | RulesCatalog | None:
    """Every preset with its full options, and the option schema.

     A request's `rules` field is a preset name, or `{"preset": name, <options>}` where each
    option overrides the preset's value; the example shows the first preset and three options.
    The descriptions are in the language of `lang` (a query parameter) or else of
    `Accept-Language` (English, or Italian), named by `Content-Language`; names and values are
    the same in every language. The answer changes only with a release and the language: it
    carries an `ETag`, `Cache-Control` and `Vary: Accept-Language`, and a request with a
    matching `If-None-Match` gets a 304.

    Args:
        lang (str | Unset):  Example: it.
        if_none_match (str | Unset):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem | RulesCatalog
    """

    return (
        await asyncio_detailed(
            client=client,
            lang=lang,
            if_none_match=if_none_match,
            accept_language=accept_language,
        )
    ).parsed
