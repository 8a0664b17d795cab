from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.insights_request import InsightsRequest
from ...models.insights_response import InsightsResponse
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: InsightsRequest,
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
        "url": "/v1/insights",
        "params": params,
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> InsightsResponse | Problem:
    if response.status_code == 200:
        response_200 = InsightsResponse.from_dict(response.json())

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
) -> Response[InsightsResponse | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: InsightsRequest,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[InsightsResponse | Problem]:
    """Insights over many hands of one player, reviewed on the way.

     Each hand is a record with the player's `seat`, or without it when the request's `player`
    is named in the record's `meta.players`. Every hand is reviewed for that seat as
    /v1/review would review it (through the advice cache: hands reviewed before at the same
    budget and seed cost nothing), by default at the level estimate's budget
    (`{"iterations": 1000}`, seed 0: the same hands give the same insights on any server).

    The answer: accuracy overall and per third of the hand (harmonic means of the decisions'
    accuracies, as in /v1/review); the mean loss per judged decision with its 95% interval
    (hands as clusters); the loss by scoring category (the best moves' breakdown less the
    played moves'); situations counted per hand (sweeps conceded and missed, the settebello
    lost avoidably, sevens given away); labels per 100 decisions; the trend by `meta.date`
    (ISO 8601); each hand's figures; and the estimated playing `level` on the built-in
    levels' scale with each level's probability and a 95% interval, calibrated from hands
    the levels played (two-player scopa and scopone scientifico; other rules use the
    calibration of their player count, and `same_rules` says so). The level needs the
    default budget; with another, `level` is null and `level_note` says why.

    Hands that do not load, replay or name the player are listed in `problems` and left out.
    The hands' decisions to search times the budget may not pass the batch cap
    (`REVIEW_BATCH_MAX_TOTAL_MS`, `REVIEW_BATCH_MAX_TOTAL_ITERATIONS`): a 422
    `budget-too-large` before any search. Rate limit: the searches of every hand, as
    /v1/review counts them. The body may be as large as `BATCH_MAX_CONTENT_LENGTH`.

    Args:
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):
        body (InsightsRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[InsightsResponse | Problem]
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
    body: InsightsRequest,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> InsightsResponse | Problem | None:
    """Insights over many hands of one player, reviewed on the way.

     Each hand is a record with the player's `seat`, or without it when the request's `player`
    is named in the record's `meta.players`. Every hand is reviewed for that seat as
    /v1/review would review it (through the advice cache: hands reviewed before at the same
    budget and seed cost nothing), by default at the level estimate's budget
    (`{"iterations": 1000}`, seed 0: the same hands give the same insights on any server).

    The answer: accuracy overall and per third of the hand (harmonic means of the decisions'
    accuracies, as in /v1/review); the mean loss per judged decision with its 95% interval
    (hands as clusters); the loss by scoring category (the best moves' breakdown less the
    played moves'); situations counted per hand (sweeps conceded and missed, the settebello
    lost avoidably, sevens given away); labels per 100 decisions; the trend by `meta.date`
    (ISO 8601); each hand's figures; and the estimated playing `level` on the built-in
    levels' scale with each level's probability and a 95% interval, calibrated from hands
    the levels played (two-player scopa and scopone scientifico; other rules use the
    calibration of their player count, and `same_rules` says so). The level needs the
    default budget; with another, `level` is null and `level_note` says why.

    Hands that do not load, replay or name the player are listed in `problems` and left out.
    The hands' decisions to search times the budget may not pass the batch cap
    (`REVIEW_BATCH_MAX_TOTAL_MS`, `REVIEW_BATCH_MAX_TOTAL_ITERATIONS`): a 422
    `budget-too-large` before any search. Rate limit: the searches of every hand, as
    /v1/review counts them. The body may be as large as `BATCH_MAX_CONTENT_LENGTH`.

    Args:
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):
        body (InsightsRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        InsightsResponse | Problem
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
    body: InsightsRequest,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[InsightsResponse | Problem]:
    """Insights over many hands of one player, reviewed on the way.

     Each hand is a record with the player's `seat`, or without it when the request's `player`
    is named in the record's `meta.players`. Every hand is reviewed for that seat as
    /v1/review would review it (through the advice cache: hands reviewed before at the same
    budget and seed cost nothing), by default at the level estimate's budget
    (`{"iterations": 1000}`, seed 0: the same hands give the same insights on any server).

    The answer: accuracy overall and per third of the hand (harmonic means of the decisions'
    accuracies, as in /v1/review); the mean loss per judged decision with its 95% interval
    (hands as clusters); the loss by scoring category (the best moves' breakdown less the
    played moves'); situations counted per hand (sweeps conceded and missed, the settebello
    lost avoidably, sevens given away); labels per 100 decisions; the trend by `meta.date`
    (ISO 8601); each hand's figures; and the estimated playing `level` on the built-in
    levels' scale with each level's probability and a 95% interval, calibrated from hands
    the levels played (two-player scopa and scopone scientifico; other rules use the
    calibration of their player count, and `same_rules` says so). The level needs the
    default budget; with another, `level` is null and `level_note` says why.

    Hands that do not load, replay or name the player are listed in `problems` and left out.
    The hands' decisions to search times the budget may not pass the batch cap
    (`REVIEW_BATCH_MAX_TOTAL_MS`, `REVIEW_BATCH_MAX_TOTAL_ITERATIONS`): a 422
    `budget-too-large` before any search. Rate limit: the searches of every hand, as
    /v1/review counts them. The body may be as large as `BATCH_MAX_CONTENT_LENGTH`.

    Args:
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):
        body (InsightsRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[InsightsResponse | Problem]
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
    body: InsightsRequest,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> InsightsResponse | Problem | None:
    """Insights over many hands of one player, reviewed on the way.

     Each hand is a record with the player's `seat`, or without it when the request's `player`
    is named in the record's `meta.players`. Every hand is reviewed for that seat as
    /v1/review would review it (through the advice cache: hands reviewed before at the same
    budget and seed cost nothing), by default at the level estimate's budget
    (`{"iterations": 1000}`, seed 0: the same hands give the same insights on any server).

    The answer: accuracy overall and per third of the hand (harmonic means of the decisions'
    accuracies, as in /v1/review); the mean loss per judged decision with its 95% interval
    (hands as clusters); the loss by scoring category (the best moves' breakdown less the
    played moves'); situations counted per hand (sweeps conceded and missed, the settebello
    lost avoidably, sevens given away); labels per 100 decisions; the trend by `meta.date`
    (ISO 8601); each hand's figures; and the estimated playing `level` on the built-in
    levels' scale with each level's probability and a 95% interval, calibrated from hands
    the levels played (two-player scopa and scopone scientifico; other rules use the
    calibration of their player count, and `same_rules` says so). The level needs the
    default budget; with another, `level` is null and `level_note` says why.

    Hands that do not load, replay or name the player are listed in `problems` and left out.
    The hands' decisions to search times the budget may not pass the batch cap
    (`REVIEW_BATCH_MAX_TOTAL_MS`, `REVIEW_BATCH_MAX_TOTAL_ITERATIONS`): a 422
    `budget-too-large` before any search. Rate limit: the searches of every hand, as
    /v1/review counts them. The body may be as large as `BATCH_MAX_CONTENT_LENGTH`.

    Args:
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):
        body (InsightsRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        InsightsResponse | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            lang=lang,
            accept_language=accept_language,
        )
    ).parsed
