from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.review_request import ReviewRequest
from ...models.review_response import ReviewResponse
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: ReviewRequest,
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
        "url": "/v1/review",
        "params": params,
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | ReviewResponse:
    if response.status_code == 200:
        response_200 = ReviewResponse.from_dict(response.json())

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
) -> Response[Problem | ReviewResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: ReviewRequest,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[Problem | ReviewResponse]:
    """Review a hand record: each decision of the chosen seats against the advice.

     The record is replayed and checked first (its problems are 422s as in /v1/replay). For
    every reviewed move the advice search runs on that seat's view at that moment (only what
    the seat could know), exactly as a /v1/advice request with that view, `budget`, `match`
    and `seed` would: the same cache entry, so a position already advised is not searched
    again (`X-Review-Cache` counts hits, misses and bypasses). The same record, seed and
    iteration budget give a byte-identical answer.

    Each searched decision gives the move played and the best ranked move with their values
    (`value`: expected hand points for the seat's side less the others'; `win_probability`
    with a match), breakdown by scoring category, sweep risk and standard errors; the `loss`
    (best less played, never negative; `win_probability_loss` with a match), its `noise`
    allowance, a `label` and whether the values are `exact` (a solved endgame). A card play
    that was the seat's only one is `forced`: reported, not searched. Moves that play no card
    (the Chkobba cutter's keep or table, a declaration, a claim) are `unranked`: the search
    does not rank them, so they carry the advice's `note` (a claim also its verdict, `claim`)
    and no loss. The `summary` gives each seat's searched decisions, total and mean loss, share
    of best moves, count of each label and costliest decisions, and its `accuracy` from 0 to
    100, overall and per third of the hand (`phases`); every searched decision has its own
    `accuracy` (the formula is in `thresholds.accuracy_at_thresholds`). `graph` is the value
    graph: for each reviewed decision the side to move's expected value before the move (the
    best move's) and after it (the played move's).

    Budget: `budget` applies to each searched decision, with /v1/advice's default and caps;
    the decisions to search times it may not pass the server's review cap
    (`REVIEW_MAX_TOTAL_MS`, 30,000 ms, or `REVIEW_MAX_TOTAL_ITERATIONS`, 100,000): such a
    request is a 422 `budget-too-large` problem on `budget.ms` or `budget.iterations` whose
    `largest_budget` is the largest budget per decision the record allows. The time cap also
    cuts an iteration budget's searches (as ADVICE_MAX_MS does for advice), so no review holds
    a worker longer; a search so cut (fewer `worlds` than the budget) is not cached. A worker
    runs one search at a time: a review waits for its turn before each search like an advice
    request, and answers 503 with `Retry-After` when it waits too long (what was searched in
    full is cached, so a retry goes on from there).

    Rate limit: a review spends the cost of an advice request (`RATE_LIMIT_ADVICE_COST` units)
    per card play of the reviewed seats in the record, forced ones included (they are counted
    from the body, before the record is replayed); one unit when there is none.

    Args:
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):
        body (ReviewRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | ReviewResponse]
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
    body: ReviewRequest,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Problem | ReviewResponse | None:
    """Review a hand record: each decision of the chosen seats against the advice.

     The record is replayed and checked first (its problems are 422s as in /v1/replay). For
    every reviewed move the advice search runs on that seat's view at that moment (only what
    the seat could know), exactly as a /v1/advice request with that view, `budget`, `match`
    and `seed` would: the same cache entry, so a position already advised is not searched
    again (`X-Review-Cache` counts hits, misses and bypasses). The same record, seed and
    iteration budget give a byte-identical answer.

    Each searched decision gives the move played and the best ranked move with their values
    (`value`: expected hand points for the seat's side less the others'; `win_probability`
    with a match), breakdown by scoring category, sweep risk and standard errors; the `loss`
    (best less played, never negative; `win_probability_loss` with a match), its `noise`
    allowance, a `label` and whether the values are `exact` (a solved endgame). A card play
    that was the seat's only one is `forced`: reported, not searched. Moves that play no card
    (the Chkobba cutter's keep or table, a declaration, a claim) are `unranked`: the search
    does not rank them, so they carry the advice's `note` (a claim also its verdict, `claim`)
    and no loss. The `summary` gives each seat's searched decisions, total and mean loss, share
    of best moves, count of each label and costliest decisions, and its `accuracy` from 0 to
    100, overall and per third of the hand (`phases`); every searched decision has its own
    `accuracy` (the formula is in `thresholds.accuracy_at_thresholds`). `graph` is the value
    graph: for each reviewed decision the side to move's expected value before the move (the
    best move's) and after it (the played move's).

    Budget: `budget` applies to each searched decision, with /v1/advice's default and caps;
    the decisions to search times it may not pass the server's review cap
    (`REVIEW_MAX_TOTAL_MS`, 30,000 ms, or `REVIEW_MAX_TOTAL_ITERATIONS`, 100,000): such a
    request is a 422 `budget-too-large` problem on `budget.ms` or `budget.iterations` whose
    `largest_budget` is the largest budget per decision the record allows. The time cap also
    cuts an iteration budget's searches (as ADVICE_MAX_MS does for advice), so no review holds
    a worker longer; a search so cut (fewer `worlds` than the budget) is not cached. A worker
    runs one search at a time: a review waits for its turn before each search like an advice
    request, and answers 503 with `Retry-After` when it waits too long (what was searched in
    full is cached, so a retry goes on from there).

    Rate limit: a review spends the cost of an advice request (`RATE_LIMIT_ADVICE_COST` units)
    per card play of the reviewed seats in the record, forced ones included (they are counted
    from the body, before the record is replayed); one unit when there is none.

    Args:
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):
        body (ReviewRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | ReviewResponse
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
    body: ReviewRequest,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[Problem | ReviewResponse]:
    """Review a hand record: each decision of the chosen seats against the advice.

     The record is replayed and checked first (its problems are 422s as in /v1/replay). For
    every reviewed move the advice search runs on that seat's view at that moment (only what
    the seat could know), exactly as a /v1/advice request with that view, `budget`, `match`
    and `seed` would: the same cache entry, so a position already advised is not searched
    again (`X-Review-Cache` counts hits, misses and bypasses). The same record, seed and
    iteration budget give a byte-identical answer.

    Each searched decision gives the move played and the best ranked move with their values
    (`value`: expected hand points for the seat's side less the others'; `win_probability`
    with a match), breakdown by scoring category, sweep risk and standard errors; the `loss`
    (best less played, never negative; `win_probability_loss` with a match), its `noise`
    allowance, a `label` and whether the values are `exact` (a solved endgame). A card play
    that was the seat's only one is `forced`: reported, not searched. Moves that play no card
    (the Chkobba cutter's keep or table, a declaration, a claim) are `unranked`: the search
    does not rank them, so they carry the advice's `note` (a claim also its verdict, `claim`)
    and no loss. The `summary` gives each seat's searched decisions, total and mean loss, share
    of best moves, count of each label and costliest decisions, and its `accuracy` from 0 to
    100, overall and per third of the hand (`phases`); every searched decision has its own
    `accuracy` (the formula is in `thresholds.accuracy_at_thresholds`). `graph` is the value
    graph: for each reviewed decision the side to move's expected value before the move (the
    best move's) and after it (the played move's).

    Budget: `budget` applies to each searched decision, with /v1/advice's default and caps;
    the decisions to search times it may not pass the server's review cap
    (`REVIEW_MAX_TOTAL_MS`, 30,000 ms, or `REVIEW_MAX_TOTAL_ITERATIONS`, 100,000): such a
    request is a 422 `budget-too-large` problem on `budget.ms` or `budget.iterations` whose
    `largest_budget` is the largest budget per decision the record allows. The time cap also
    cuts an iteration budget's searches (as ADVICE_MAX_MS does for advice), so no review holds
    a worker longer; a search so cut (fewer `worlds` than the budget) is not cached. A worker
    runs one search at a time: a review waits for its turn before each search like an advice
    request, and answers 503 with `Retry-After` when it waits too long (what was searched in
    full is cached, so a retry goes on from there).

    Rate limit: a review spends the cost of an advice request (`RATE_LIMIT_ADVICE_COST` units)
    per card play of the reviewed seats in the record, forced ones included (they are counted
    from the body, before the record is replayed); one unit when there is none.

    Args:
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):
        body (ReviewRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | ReviewResponse]
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
    body: ReviewRequest,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Problem | ReviewResponse | None:
    """Review a hand record: each decision of the chosen seats against the advice.

     The record is replayed and checked first (its problems are 422s as in /v1/replay). For
    every reviewed move the advice search runs on that seat's view at that moment (only what
    the seat could know), exactly as a /v1/advice request with that view, `budget`, `match`
    and `seed` would: the same cache entry, so a position already advised is not searched
    again (`X-Review-Cache` counts hits, misses and bypasses). The same record, seed and
    iteration budget give a byte-identical answer.

    Each searched decision gives the move played and the best ranked move with their values
    (`value`: expected hand points for the seat's side less the others'; `win_probability`
    with a match), breakdown by scoring category, sweep risk and standard errors; the `loss`
    (best less played, never negative; `win_probability_loss` with a match), its `noise`
    allowance, a `label` and whether the values are `exact` (a solved endgame). A card play
    that was the seat's only one is `forced`: reported, not searched. Moves that play no card
    (the Chkobba cutter's keep or table, a declaration, a claim) are `unranked`: the search
    does not rank them, so they carry the advice's `note` (a claim also its verdict, `claim`)
    and no loss. The `summary` gives each seat's searched decisions, total and mean loss, share
    of best moves, count of each label and costliest decisions, and its `accuracy` from 0 to
    100, overall and per third of the hand (`phases`); every searched decision has its own
    `accuracy` (the formula is in `thresholds.accuracy_at_thresholds`). `graph` is the value
    graph: for each reviewed decision the side to move's expected value before the move (the
    best move's) and after it (the played move's).

    Budget: `budget` applies to each searched decision, with /v1/advice's default and caps;
    the decisions to search times it may not pass the server's review cap
    (`REVIEW_MAX_TOTAL_MS`, 30,000 ms, or `REVIEW_MAX_TOTAL_ITERATIONS`, 100,000): such a
    request is a 422 `budget-too-large` problem on `budget.ms` or `budget.iterations` whose
    `largest_budget` is the largest budget per decision the record allows. The time cap also
    cuts an iteration budget's searches (as ADVICE_MAX_MS does for advice), so no review holds
    a worker longer; a search so cut (fewer `worlds` than the budget) is not cached. A worker
    runs one search at a time: a review waits for its turn before each search like an advice
    request, and answers 503 with `Retry-After` when it waits too long (what was searched in
    full is cached, so a retry goes on from there).

    Rate limit: a review spends the cost of an advice request (`RATE_LIMIT_ADVICE_COST` units)
    per card play of the reviewed seats in the record, forced ones included (they are counted
    from the body, before the record is replayed); one unit when there is none.

    Args:
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):
        body (ReviewRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | ReviewResponse
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            lang=lang,
            accept_language=accept_language,
        )
    ).parsed
