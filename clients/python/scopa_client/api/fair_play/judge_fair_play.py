from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.fair_play_request import FairPlayRequest
from ...models.fair_play_response import FairPlayResponse
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: FairPlayRequest,
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
        "url": "/v1/fair-play",
        "params": params,
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> FairPlayResponse | Problem:
    if response.status_code == 200:
        response_200 = FairPlayResponse.from_dict(response.json())

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
) -> Response[FairPlayResponse | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: FairPlayRequest,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[FairPlayResponse | Problem]:
    """Fair-play evidence over many hands of one player (and of a pair).

     Each hand is a record with the player's `seat`, or without it when the request's `player`
    is named in the record's `meta.players` (the pair's other seat likewise: `pair_seat` or
    `pair`). Every searched decision of the player is advised for the seat's own view and for
    each leak hypothesis (every other hand known; with three seats or more, each other seat's
    hand on its own, the partner's among them), at `{"iterations": 300}`, seed 0, through the
    advice cache; the pair's other seat's decisions for its own view and with the player's
    hand known.

    Per hypothesis the answer gives the summed log-likelihood ratio of the played moves under
    a player who saw those cards against one who did not (both a softmax of the searches'
    values, temperature 0.2 points, with a 5% uniform share), the decisions it rests on, the
    p-value against honest players of every calibrated style (the five levels and the
    rule-based expert bot, for two-player scopa, scopone scientifico and scopone classico;
    other rules of the same player count use one of theirs and say so), and a verdict:
    `review_recommended` at p <= 0.01, `strong_evidence` at p <= 0.001, none under 100
    decisions or without a calibration. The decisions that weigh most come with the seat's
    view for a moderator to replay. `engine` gives how often the played move is the search's
    best and what that can and cannot tell: an engine user at the default budget plays as the
    master level does.

    `dealt_hands` is a test that needs no calibration and holds for an honest player of any
    style: at the player's plays made before the next seat has played from a fresh deal, the
    next hand is a uniform draw from the cards the player could not see (given the hands of the
    seats that have played), so an honest choice is independent of it. Each such play's
    e-value is exact; their product, averaged over eight alternative players, reaches 1/p for
    an honest player with chance at most p. Its verdict flags at any number of plays and says
    `no_evidence` from 30. All the report's tests (each hypothesis, the engine, a pair, the
    dealt hands) are Bonferroni-adjusted together.

    Hands that do not load, replay or name the player, and hands of another table size than
    most, are listed in `problems` and left out. Every search (decisions times searches each,
    at 300 iterations) may not pass the batch cap (`REVIEW_BATCH_MAX_TOTAL_ITERATIONS`): a 422
    `budget-too-large` before any search; the searches share the batch's time cap
    (`REVIEW_BATCH_MAX_TOTAL_MS`), and a decision it cuts is counted `unjudged`. Rate limit:
    every search. The body may be as large as `BATCH_MAX_CONTENT_LENGTH`.

    Args:
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):
        body (FairPlayRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[FairPlayResponse | Problem]
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
    body: FairPlayRequest,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> FairPlayResponse | Problem | None:
    """Fair-play evidence over many hands of one player (and of a pair).

     Each hand is a record with the player's `seat`, or without it when the request's `player`
    is named in the record's `meta.players` (the pair's other seat likewise: `pair_seat` or
    `pair`). Every searched decision of the player is advised for the seat's own view and for
    each leak hypothesis (every other hand known; with three seats or more, each other seat's
    hand on its own, the partner's among them), at `{"iterations": 300}`, seed 0, through the
    advice cache; the pair's other seat's decisions for its own view and with the player's
    hand known.

    Per hypothesis the answer gives the summed log-likelihood ratio of the played moves under
    a player who saw those cards against one who did not (both a softmax of the searches'
    values, temperature 0.2 points, with a 5% uniform share), the decisions it rests on, the
    p-value against honest players of every calibrated style (the five levels and the
    rule-based expert bot, for two-player scopa, scopone scientifico and scopone classico;
    other rules of the same player count use one of theirs and say so), and a verdict:
    `review_recommended` at p <= 0.01, `strong_evidence` at p <= 0.001, none under 100
    decisions or without a calibration. The decisions that weigh most come with the seat's
    view for a moderator to replay. `engine` gives how often the played move is the search's
    best and what that can and cannot tell: an engine user at the default budget plays as the
    master level does.

    `dealt_hands` is a test that needs no calibration and holds for an honest player of any
    style: at the player's plays made before the next seat has played from a fresh deal, the
    next hand is a uniform draw from the cards the player could not see (given the hands of the
    seats that have played), so an honest choice is independent of it. Each such play's
    e-value is exact; their product, averaged over eight alternative players, reaches 1/p for
    an honest player with chance at most p. Its verdict flags at any number of plays and says
    `no_evidence` from 30. All the report's tests (each hypothesis, the engine, a pair, the
    dealt hands) are Bonferroni-adjusted together.

    Hands that do not load, replay or name the player, and hands of another table size than
    most, are listed in `problems` and left out. Every search (decisions times searches each,
    at 300 iterations) may not pass the batch cap (`REVIEW_BATCH_MAX_TOTAL_ITERATIONS`): a 422
    `budget-too-large` before any search; the searches share the batch's time cap
    (`REVIEW_BATCH_MAX_TOTAL_MS`), and a decision it cuts is counted `unjudged`. Rate limit:
    every search. The body may be as large as `BATCH_MAX_CONTENT_LENGTH`.

    Args:
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):
        body (FairPlayRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        FairPlayResponse | Problem
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
    body: FairPlayRequest,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[FairPlayResponse | Problem]:
    """Fair-play evidence over many hands of one player (and of a pair).

     Each hand is a record with the player's `seat`, or without it when the request's `player`
    is named in the record's `meta.players` (the pair's other seat likewise: `pair_seat` or
    `pair`). Every searched decision of the player is advised for the seat's own view and for
    each leak hypothesis (every other hand known; with three seats or more, each other seat's
    hand on its own, the partner's among them), at `{"iterations": 300}`, seed 0, through the
    advice cache; the pair's other seat's decisions for its own view and with the player's
    hand known.

    Per hypothesis the answer gives the summed log-likelihood ratio of the played moves under
    a player who saw those cards against one who did not (both a softmax of the searches'
    values, temperature 0.2 points, with a 5% uniform share), the decisions it rests on, the
    p-value against honest players of every calibrated style (the five levels and the
    rule-based expert bot, for two-player scopa, scopone scientifico and scopone classico;
    other rules of the same player count use one of theirs and say so), and a verdict:
    `review_recommended` at p <= 0.01, `strong_evidence` at p <= 0.001, none under 100
    decisions or without a calibration. The decisions that weigh most come with the seat's
    view for a moderator to replay. `engine` gives how often the played move is the search's
    best and what that can and cannot tell: an engine user at the default budget plays as the
    master level does.

    `dealt_hands` is a test that needs no calibration and holds for an honest player of any
    style: at the player's plays made before the next seat has played from a fresh deal, the
    next hand is a uniform draw from the cards the player could not see (given the hands of the
    seats that have played), so an honest choice is independent of it. Each such play's
    e-value is exact; their product, averaged over eight alternative players, reaches 1/p for
    an honest player with chance at most p. Its verdict flags at any number of plays and says
    `no_evidence` from 30. All the report's tests (each hypothesis, the engine, a pair, the
    dealt hands) are Bonferroni-adjusted together.

    Hands that do not load, replay or name the player, and hands of another table size than
    most, are listed in `problems` and left out. Every search (decisions times searches each,
    at 300 iterations) may not pass the batch cap (`REVIEW_BATCH_MAX_TOTAL_ITERATIONS`): a 422
    `budget-too-large` before any search; the searches share the batch's time cap
    (`REVIEW_BATCH_MAX_TOTAL_MS`), and a decision it cuts is counted `unjudged`. Rate limit:
    every search. The body may be as large as `BATCH_MAX_CONTENT_LENGTH`.

    Args:
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):
        body (FairPlayRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[FairPlayResponse | Problem]
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
    body: FairPlayRequest,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> FairPlayResponse | Problem | None:
    """Fair-play evidence over many hands of one player (and of a pair).

     Each hand is a record with the player's `seat`, or without it when the request's `player`
    is named in the record's `meta.players` (the pair's other seat likewise: `pair_seat` or
    `pair`). Every searched decision of the player is advised for the seat's own view and for
    each leak hypothesis (every other hand known; with three seats or more, each other seat's
    hand on its own, the partner's among them), at `{"iterations": 300}`, seed 0, through the
    advice cache; the pair's other seat's decisions for its own view and with the player's
    hand known.

    Per hypothesis the answer gives the summed log-likelihood ratio of the played moves under
    a player who saw those cards against one who did not (both a softmax of the searches'
    values, temperature 0.2 points, with a 5% uniform share), the decisions it rests on, the
    p-value against honest players of every calibrated style (the five levels and the
    rule-based expert bot, for two-player scopa, scopone scientifico and scopone classico;
    other rules of the same player count use one of theirs and say so), and a verdict:
    `review_recommended` at p <= 0.01, `strong_evidence` at p <= 0.001, none under 100
    decisions or without a calibration. The decisions that weigh most come with the seat's
    view for a moderator to replay. `engine` gives how often the played move is the search's
    best and what that can and cannot tell: an engine user at the default budget plays as the
    master level does.

    `dealt_hands` is a test that needs no calibration and holds for an honest player of any
    style: at the player's plays made before the next seat has played from a fresh deal, the
    next hand is a uniform draw from the cards the player could not see (given the hands of the
    seats that have played), so an honest choice is independent of it. Each such play's
    e-value is exact; their product, averaged over eight alternative players, reaches 1/p for
    an honest player with chance at most p. Its verdict flags at any number of plays and says
    `no_evidence` from 30. All the report's tests (each hypothesis, the engine, a pair, the
    dealt hands) are Bonferroni-adjusted together.

    Hands that do not load, replay or name the player, and hands of another table size than
    most, are listed in `problems` and left out. Every search (decisions times searches each,
    at 300 iterations) may not pass the batch cap (`REVIEW_BATCH_MAX_TOTAL_ITERATIONS`): a 422
    `budget-too-large` before any search; the searches share the batch's time cap
    (`REVIEW_BATCH_MAX_TOTAL_MS`), and a decision it cuts is counted `unjudged`. Rate limit:
    every search. The body may be as large as `BATCH_MAX_CONTENT_LENGTH`.

    Args:
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):
        body (FairPlayRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        FairPlayResponse | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            lang=lang,
            accept_language=accept_language,
        )
    ).parsed
