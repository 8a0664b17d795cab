from http import HTTPStatus
from typing import Any, cast

import httpx

from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.tally_form import TallyForm
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    rules: str,
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

    params["rules"] = rules

    params["lang"] = lang

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/rules/tally",
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Any | Problem | TallyForm:
    if response.status_code == 200:
        response_200 = TallyForm.from_dict(response.json())

        return response_200

    if response.status_code == 304:
        response_304 = cast(Any, None)
        return response_304

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

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
) -> Response[Any | Problem | TallyForm]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    rules: str,
    lang: str | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[Any | Problem | TallyForm]:
    """The tally of a hand under any rules: what a scorekeeper counts for each side.

     `rules` is a preset name, or the JSON text of `{"preset": name, <options>}` (URL-encoded).
    The fields follow from the rules' scoring categories: cards and coins taken, the scored
    single cards (the settebello, and where the rules score them the re bello, the 7 of cups,
    the 2 of clubs, Grande's three cards), the prime (a card of the best value in each suit,
    or for the rank-count tables every card of the ranks counted), the prime's points where
    the table sums values (`instead_of`: prime), the scope, the runs of the bonus suit. Each
    has its type and range; a form built from them posts `tallies` to /v1/score or /v1/match.
    Descriptions follow `lang` or `Accept-Language`, as GET /v1/rules.

    Args:
        rules (str):  Example: {"preset": "scopa", "players": 4}.
        lang (str | Unset):  Example: it.
        if_none_match (str | Unset):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem | TallyForm]
    """

    kwargs = _get_kwargs(
        rules=rules,
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
    rules: str,
    lang: str | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Any | Problem | TallyForm | None:
    """The tally of a hand under any rules: what a scorekeeper counts for each side.

     `rules` is a preset name, or the JSON text of `{"preset": name, <options>}` (URL-encoded).
    The fields follow from the rules' scoring categories: cards and coins taken, the scored
    single cards (the settebello, and where the rules score them the re bello, the 7 of cups,
    the 2 of clubs, Grande's three cards), the prime (a card of the best value in each suit,
    or for the rank-count tables every card of the ranks counted), the prime's points where
    the table sums values (`instead_of`: prime), the scope, the runs of the bonus suit. Each
    has its type and range; a form built from them posts `tallies` to /v1/score or /v1/match.
    Descriptions follow `lang` or `Accept-Language`, as GET /v1/rules.

    Args:
        rules (str):  Example: {"preset": "scopa", "players": 4}.
        lang (str | Unset):  Example: it.
        if_none_match (str | Unset):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem | TallyForm
    """

    return sync_detailed(
        client=client,
        rules=rules,
        lang=lang,
        if_none_match=if_none_match,
        accept_language=accept_language,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    rules: str,
    lang: str | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[Any | Problem | TallyForm]:
    """The tally of a hand under any rules: what a scorekeeper counts for each side.

     `rules` is a preset name, or the JSON text of `{"preset": name, <options>}` (URL-encoded).
    The fields follow from the rules' scoring categories: cards and coins taken, the scored
    single cards (the settebello, and where the rules score them the re bello, the 7 of cups,
    the 2 of clubs, Grande's three cards), the prime (a card of the best value in each suit,
    or for the rank-count tables every card of the ranks counted), the prime's points where
    the table sums values (`instead_of`: prime), the scope, the runs of the bonus suit. Each
    has its type and range; a form built from them posts `tallies` to /v1/score or /v1/match.
    Descriptions follow `lang` or `Accept-Language`, as GET /v1/rules.

    Args:
        rules (str):  Example: {"preset": "scopa", "players": 4}.
        lang (str | Unset):  Example: it.
        if_none_match (str | Unset):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem | TallyForm]
    """

    kwargs = _get_kwargs(
        rules=rules,
        lang=lang,
        if_none_match=if_none_match,
        accept_language=accept_language,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    rules: str,
    lang: str | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Any | Problem | TallyForm | None:
    """The tally of a hand under any rules: what a scorekeeper counts for each side.

     `rules` is a preset name, or the JSON text of `{"preset": name, <options>}` (URL-encoded).
    The fields follow from the rules' scoring categories: cards and coins taken, the scored
    single cards (the settebello, and where the rules score them the re bello, the 7 of cups,
    the 2 of clubs, Grande's three cards), the prime (a card of the best value in each suit,
    or for the rank-count tables every card of the ranks counted), the prime's points where
    the table sums values (`instead_of`: prime), the scope, the runs of the bonus suit. Each
    has its type and range; a form built from them posts `tallies` to /v1/score or /v1/match.
    Descriptions follow `lang` or `Accept-Language`, as GET /v1/rules.

    Args:
        rules (str):  Example: {"preset": "scopa", "players": 4}.
        lang (str | Unset):  Example: it.
        if_none_match (str | Unset):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem | TallyForm
    """

    return (
        await asyncio_detailed(
            client=client,
            rules=rules,
            lang=lang,
            if_none_match=if_none_match,
            accept_language=accept_language,
        )
    ).parsed
