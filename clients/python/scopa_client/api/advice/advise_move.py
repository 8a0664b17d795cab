from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.advice_request import AdviceRequest
from ...models.advice_response import AdviceResponse
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: AdviceRequest,
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
        "url": "/v1/advice",
        "params": params,
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> AdviceResponse | Problem:
    if response.status_code == 200:
        response_200 = AdviceResponse.from_dict(response.json())

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
) -> Response[AdviceResponse | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: AdviceRequest,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[AdviceResponse | Problem]:
    """Every legal move of the seat to move, ranked best first by a determinized search.

     The seat's `view` holds what it can know; `piles` and `scope` may be left out when the
    `history` of the hand's plays is given (they are rebuilt from it). `value` is a move's
    expected hand-point differential for the seat's side; with `match` the moves are ranked by
    `win_probability`. `budget` is `{"ms": N}` or `{"iterations": N}` (default `{"ms": 50}`,
    unless the server sets another); the same
    view, seed and iteration budget give a byte-identical answer (`stats.elapsed_ms` is then
    null; the time is in the `Server-Timing` header). `X-Cache` says whether the answer came
    from the cache (hit, miss or bypass); an iteration budget that the server's time cap
    (ADVICE_MAX_MS) cut short, its `stats.budget` giving the worlds searched, is not cached. A
    worker runs one search at a time; a request that
    finds its worker searching waits a bounded time for it, then gets 503 with `Retry-After`.

    Every view the engine accepts is advised, with a history of any move kind. The search
    ranks card plays only: the moves that play no card (the Chkobba cutter's `keep` and
    `table`, a `declare` or `decline`, a `claim`) are listed after the ranked plays with
    `value` null (and `win_probability` null with a match) and a `note`. `chosen` is always a
    legal move and `chosen_by` says how it was picked: `search` (the best ranked play),
    `declaration` / `no_declaration` (in the declaration round after a deal a hand that
    declares something is declared, else the seat declines; ask again for the next seat) or
    `cutter_keeps` (the cutter's choice is not searched; keep is chosen by rule). When only
    such moves are legal (the cutter's choice, the declaration round) no search runs:
    `stats.algorithm` is `none` and its counts are 0. Without `match`, the view's own
    `match_scores` and `match_target` give the match context. A view of a hand ended by a
    claim (`claimed_by`) is a 422, like a finished hand; the cutter's view must show
    `cut_card`.

    Args:
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):
        body (AdviceRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AdviceResponse | Problem]
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
    body: AdviceRequest,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> AdviceResponse | Problem | None:
    """Every legal move of the seat to move, ranked best first by a determinized search.

     The seat's `view` holds what it can know; `piles` and `scope` may be left out when the
    `history` of the hand's plays is given (they are rebuilt from it). `value` is a move's
    expected hand-point differential for the seat's side; with `match` the moves are ranked by
    `win_probability`. `budget` is `{"ms": N}` or `{"iterations": N}` (default `{"ms": 50}`,
    unless the server sets another); the same
    view, seed and iteration budget give a byte-identical answer (`stats.elapsed_ms` is then
    null; the time is in the `Server-Timing` header). `X-Cache` says whether the answer came
    from the cache (hit, miss or bypass); an iteration budget that the server's time cap
    (ADVICE_MAX_MS) cut short, its `stats.budget` giving the worlds searched, is not cached. A
    worker runs one search at a time; a request that
    finds its worker searching waits a bounded time for it, then gets 503 with `Retry-After`.

    Every view the engine accepts is advised, with a history of any move kind. The search
    ranks card plays only: the moves that play no card (the Chkobba cutter's `keep` and
    `table`, a `declare` or `decline`, a `claim`) are listed after the ranked plays with
    `value` null (and `win_probability` null with a match) and a `note`. `chosen` is always a
    legal move and `chosen_by` says how it was picked: `search` (the best ranked play),
    `declaration` / `no_declaration` (in the declaration round after a deal a hand that
    declares something is declared, else the seat declines; ask again for the next seat) or
    `cutter_keeps` (the cutter's choice is not searched; keep is chosen by rule). When only
    such moves are legal (the cutter's choice, the declaration round) no search runs:
    `stats.algorithm` is `none` and its counts are 0. Without `match`, the view's own
    `match_scores` and `match_target` give the match context. A view of a hand ended by a
    claim (`claimed_by`) is a 422, like a finished hand; the cutter's view must show
    `cut_card`.

    Args:
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):
        body (AdviceRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AdviceResponse | Problem
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
    body: AdviceRequest,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[AdviceResponse | Problem]:
    """Every legal move of the seat to move, ranked best first by a determinized search.

     The seat's `view` holds what it can know; `piles` and `scope` may be left out when the
    `history` of the hand's plays is given (they are rebuilt from it). `value` is a move's
    expected hand-point differential for the seat's side; with `match` the moves are ranked by
    `win_probability`. `budget` is `{"ms": N}` or `{"iterations": N}` (default `{"ms": 50}`,
    unless the server sets another); the same
    view, seed and iteration budget give a byte-identical answer (`stats.elapsed_ms` is then
    null; the time is in the `Server-Timing` header). `X-Cache` says whether the answer came
    from the cache (hit, miss or bypass); an iteration budget that the server's time cap
    (ADVICE_MAX_MS) cut short, its `stats.budget` giving the worlds searched, is not cached. A
    worker runs one search at a time; a request that
    finds its worker searching waits a bounded time for it, then gets 503 with `Retry-After`.

    Every view the engine accepts is advised, with a history of any move kind. The search
    ranks card plays only: the moves that play no card (the Chkobba cutter's `keep` and
    `table`, a `declare` or `decline`, a `claim`) are listed after the ranked plays with
    `value` null (and `win_probability` null with a match) and a `note`. `chosen` is always a
    legal move and `chosen_by` says how it was picked: `search` (the best ranked play),
    `declaration` / `no_declaration` (in the declaration round after a deal a hand that
    declares something is declared, else the seat declines; ask again for the next seat) or
    `cutter_keeps` (the cutter's choice is not searched; keep is chosen by rule). When only
    such moves are legal (the cutter's choice, the declaration round) no search runs:
    `stats.algorithm` is `none` and its counts are 0. Without `match`, the view's own
    `match_scores` and `match_target` give the match context. A view of a hand ended by a
    claim (`claimed_by`) is a 422, like a finished hand; the cutter's view must show
    `cut_card`.

    Args:
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):
        body (AdviceRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AdviceResponse | Problem]
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
    body: AdviceRequest,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> AdviceResponse | Problem | None:
    """Every legal move of the seat to move, ranked best first by a determinized search.

     The seat's `view` holds what it can know; `piles` and `scope` may be left out when the
    `history` of the hand's plays is given (they are rebuilt from it). `value` is a move's
    expected hand-point differential for the seat's side; with `match` the moves are ranked by
    `win_probability`. `budget` is `{"ms": N}` or `{"iterations": N}` (default `{"ms": 50}`,
    unless the server sets another); the same
    view, seed and iteration budget give a byte-identical answer (`stats.elapsed_ms` is then
    null; the time is in the `Server-Timing` header). `X-Cache` says whether the answer came
    from the cache (hit, miss or bypass); an iteration budget that the server's time cap
    (ADVICE_MAX_MS) cut short, its `stats.budget` giving the worlds searched, is not cached. A
    worker runs one search at a time; a request that
    finds its worker searching waits a bounded time for it, then gets 503 with `Retry-After`.

    Every view the engine accepts is advised, with a history of any move kind. The search
    ranks card plays only: the moves that play no card (the Chkobba cutter's `keep` and
    `table`, a `declare` or `decline`, a `claim`) are listed after the ranked plays with
    `value` null (and `win_probability` null with a match) and a `note`. `chosen` is always a
    legal move and `chosen_by` says how it was picked: `search` (the best ranked play),
    `declaration` / `no_declaration` (in the declaration round after a deal a hand that
    declares something is declared, else the seat declines; ask again for the next seat) or
    `cutter_keeps` (the cutter's choice is not searched; keep is chosen by rule). When only
    such moves are legal (the cutter's choice, the declaration round) no search runs:
    `stats.algorithm` is `none` and its counts are 0. Without `match`, the view's own
    `match_scores` and `match_target` give the match context. A view of a hand ended by a
    claim (`claimed_by`) is a 422, like a finished hand; the cutter's view must show
    `cut_card`.

    Args:
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):
        body (AdviceRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AdviceResponse | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            lang=lang,
            accept_language=accept_language,
        )
    ).parsed
