from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.drills_request import DrillsRequest
from ...models.drills_response import DrillsResponse
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: DrillsRequest,
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
        "url": "/v1/drills",
        "params": params,
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> DrillsResponse | Problem:
    if response.status_code == 200:
        response_200 = DrillsResponse.from_dict(response.json())

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
) -> Response[DrillsResponse | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: DrillsRequest,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[DrillsResponse | Problem]:
    """Drills from a player's own mistakes: positions where one move is clearly best.

     The hands are given and reviewed as for /v1/insights (by default at `{"iterations":
    1000}`, seed 0). Every decision the review labelled mistake or blunder (a loss of at
    least 0.3 hand points) is searched again at `drill_budget` (default `{"iterations":
    10000}`, the advice cap) with a seed derived from the request's, through the advice cache,
    and kept as a drill only when one move is clearly best: it beats the second by at least
    0.15 points and by at least 3 paired standard errors (`rule`), and it is not the move the
    player made. Each drill gives the seat's `view` at that moment (only what the seat could
    know, as /v1/view gives it), its legal card plays, the `best` move and the move `played`
    with their values, breakdowns and sweep risks, the margin over the second move and its
    error, and `why`: the breakdown difference, the sweep risks and a sentence in the
    request's language. The same hands and seed give the same drills.

    Hands that do not load, replay or name the player are listed in `problems`. The batch
    cap counts the worst case before any search: every searched decision reviewed at `budget`
    and searched again at `drill_budget` (a 422 `budget-too-large`). Rate limit: the searches
    of every hand, as /v1/review counts them.

    Args:
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):
        body (DrillsRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DrillsResponse | Problem]
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
    body: DrillsRequest,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> DrillsResponse | Problem | None:
    """Drills from a player's own mistakes: positions where one move is clearly best.

     The hands are given and reviewed as for /v1/insights (by default at `{"iterations":
    1000}`, seed 0). Every decision the review labelled mistake or blunder (a loss of at
    least 0.3 hand points) is searched again at `drill_budget` (default `{"iterations":
    10000}`, the advice cap) with a seed derived from the request's, through the advice cache,
    and kept as a drill only when one move is clearly best: it beats the second by at least
    0.15 points and by at least 3 paired standard errors (`rule`), and it is not the move the
    player made. Each drill gives the seat's `view` at that moment (only what the seat could
    know, as /v1/view gives it), its legal card plays, the `best` move and the move `played`
    with their values, breakdowns and sweep risks, the margin over the second move and its
    error, and `why`: the breakdown difference, the sweep risks and a sentence in the
    request's language. The same hands and seed give the same drills.

    Hands that do not load, replay or name the player are listed in `problems`. The batch
    cap counts the worst case before any search: every searched decision reviewed at `budget`
    and searched again at `drill_budget` (a 422 `budget-too-large`). Rate limit: the searches
    of every hand, as /v1/review counts them.

    Args:
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):
        body (DrillsRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DrillsResponse | Problem
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
    body: DrillsRequest,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[DrillsResponse | Problem]:
    """Drills from a player's own mistakes: positions where one move is clearly best.

     The hands are given and reviewed as for /v1/insights (by default at `{"iterations":
    1000}`, seed 0). Every decision the review labelled mistake or blunder (a loss of at
    least 0.3 hand points) is searched again at `drill_budget` (default `{"iterations":
    10000}`, the advice cap) with a seed derived from the request's, through the advice cache,
    and kept as a drill only when one move is clearly best: it beats the second by at least
    0.15 points and by at least 3 paired standard errors (`rule`), and it is not the move the
    player made. Each drill gives the seat's `view` at that moment (only what the seat could
    know, as /v1/view gives it), its legal card plays, the `best` move and the move `played`
    with their values, breakdowns and sweep risks, the margin over the second move and its
    error, and `why`: the breakdown difference, the sweep risks and a sentence in the
    request's language. The same hands and seed give the same drills.

    Hands that do not load, replay or name the player are listed in `problems`. The batch
    cap counts the worst case before any search: every searched decision reviewed at `budget`
    and searched again at `drill_budget` (a 422 `budget-too-large`). Rate limit: the searches
    of every hand, as /v1/review counts them.

    Args:
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):
        body (DrillsRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DrillsResponse | Problem]
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
    body: DrillsRequest,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> DrillsResponse | Problem | None:
    """Drills from a player's own mistakes: positions where one move is clearly best.

     The hands are given and reviewed as for /v1/insights (by default at `{"iterations":
    1000}`, seed 0). Every decision the review labelled mistake or blunder (a loss of at
    least 0.3 hand points) is searched again at `drill_budget` (default `{"iterations":
    10000}`, the advice cap) with a seed derived from the request's, through the advice cache,
    and kept as a drill only when one move is clearly best: it beats the second by at least
    0.15 points and by at least 3 paired standard errors (`rule`), and it is not the move the
    player made. Each drill gives the seat's `view` at that moment (only what the seat could
    know, as /v1/view gives it), its legal card plays, the `best` move and the move `played`
    with their values, breakdowns and sweep risks, the margin over the second move and its
    error, and `why`: the breakdown difference, the sweep risks and a sentence in the
    request's language. The same hands and seed give the same drills.

    Hands that do not load, replay or name the player are listed in `problems`. The batch
    cap counts the worst case before any search: every searched decision reviewed at `budget`
    and searched again at `drill_budget` (a 422 `budget-too-large`). Rate limit: the searches
    of every hand, as /v1/review counts them.

    Args:
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):
        body (DrillsRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DrillsResponse | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            lang=lang,
            accept_language=accept_language,
        )
    ).parsed
