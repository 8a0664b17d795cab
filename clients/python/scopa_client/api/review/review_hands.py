from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.batch_review_line import BatchReviewLine
from ...models.batch_review_request import BatchReviewRequest
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: BatchReviewRequest,
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
        "url": "/v1/review/batch",
        "params": params,
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> BatchReviewLine | Problem:
    if response.status_code == 200:
        response_200 = BatchReviewLine.from_dict(response.content)

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
) -> Response[BatchReviewLine | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: BatchReviewRequest,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[BatchReviewLine | Problem]:
    """Review many hand records in one request, streaming one NDJSON line per record.

     Each entry of `reviews` is a /v1/review body (record, seats, budget, seed, match). Every
    entry is loaded, replayed and planned before any search: one with a problem becomes a
    `problem` line of its own (its problem as /v1/review would answer it) and does not stop
    the batch. The batch's total, every entry's decisions to search times its budget per
    decision, may not pass the server's batch cap (`REVIEW_BATCH_MAX_TOTAL_MS`, 300,000 ms, or
    `REVIEW_BATCH_MAX_TOTAL_ITERATIONS`, 5,000,000): an over-cap batch is a 422
    `budget-too-large` problem before any search. Then the answer streams (status 200,
    `application/x-ndjson`): one line per record in order, each written as its review
    finishes, with the same bytes /v1/review would answer for it (same cache entries, same
    seeds); a `keepalive` line when 10 s pass without a line; and a last `summary` line
    (records, reviewed, problems, how the searches met the cache, elapsed ms). A stream that
    ends without its summary was cut short.

    Rate limit: the searches of every entry, counted as /v1/review counts them. The body may
    be as large as `BATCH_MAX_CONTENT_LENGTH` (1 MiB), and hold `BATCH_MAX_RECORDS` (200)
    entries.

    Args:
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):
        body (BatchReviewRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BatchReviewLine | Problem]
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
    body: BatchReviewRequest,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> BatchReviewLine | Problem | None:
    """Review many hand records in one request, streaming one NDJSON line per record.

     Each entry of `reviews` is a /v1/review body (record, seats, budget, seed, match). Every
    entry is loaded, replayed and planned before any search: one with a problem becomes a
    `problem` line of its own (its problem as /v1/review would answer it) and does not stop
    the batch. The batch's total, every entry's decisions to search times its budget per
    decision, may not pass the server's batch cap (`REVIEW_BATCH_MAX_TOTAL_MS`, 300,000 ms, or
    `REVIEW_BATCH_MAX_TOTAL_ITERATIONS`, 5,000,000): an over-cap batch is a 422
    `budget-too-large` problem before any search. Then the answer streams (status 200,
    `application/x-ndjson`): one line per record in order, each written as its review
    finishes, with the same bytes /v1/review would answer for it (same cache entries, same
    seeds); a `keepalive` line when 10 s pass without a line; and a last `summary` line
    (records, reviewed, problems, how the searches met the cache, elapsed ms). A stream that
    ends without its summary was cut short.

    Rate limit: the searches of every entry, counted as /v1/review counts them. The body may
    be as large as `BATCH_MAX_CONTENT_LENGTH` (1 MiB), and hold `BATCH_MAX_RECORDS` (200)
    entries.

    Args:
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):
        body (BatchReviewRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BatchReviewLine | Problem
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
    body: BatchReviewRequest,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[BatchReviewLine | Problem]:
    """Review many hand records in one request, streaming one NDJSON line per record.

     Each entry of `reviews` is a /v1/review body (record, seats, budget, seed, match). Every
    entry is loaded, replayed and planned before any search: one with a problem becomes a
    `problem` line of its own (its problem as /v1/review would answer it) and does not stop
    the batch. The batch's total, every entry's decisions to search times its budget per
    decision, may not pass the server's batch cap (`REVIEW_BATCH_MAX_TOTAL_MS`, 300,000 ms, or
    `REVIEW_BATCH_MAX_TOTAL_ITERATIONS`, 5,000,000): an over-cap batch is a 422
    `budget-too-large` problem before any search. Then the answer streams (status 200,
    `application/x-ndjson`): one line per record in order, each written as its review
    finishes, with the same bytes /v1/review would answer for it (same cache entries, same
    seeds); a `keepalive` line when 10 s pass without a line; and a last `summary` line
    (records, reviewed, problems, how the searches met the cache, elapsed ms). A stream that
    ends without its summary was cut short.

    Rate limit: the searches of every entry, counted as /v1/review counts them. The body may
    be as large as `BATCH_MAX_CONTENT_LENGTH` (1 MiB), and hold `BATCH_MAX_RECORDS` (200)
    entries.

    Args:
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):
        body (BatchReviewRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BatchReviewLine | Problem]
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
    body: BatchReviewRequest,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> BatchReviewLine | Problem | None:
    """Review many hand records in one request, streaming one NDJSON line per record.

     Each entry of `reviews` is a /v1/review body (record, seats, budget, seed, match). Every
    entry is loaded, replayed and planned before any search: one with a problem becomes a
    `problem` line of its own (its problem as /v1/review would answer it) and does not stop
    the batch. The batch's total, every entry's decisions to search times its budget per
    decision, may not pass the server's batch cap (`REVIEW_BATCH_MAX_TOTAL_MS`, 300,000 ms, or
    `REVIEW_BATCH_MAX_TOTAL_ITERATIONS`, 5,000,000): an over-cap batch is a 422
    `budget-too-large` problem before any search. Then the answer streams (status 200,
    `application/x-ndjson`): one line per record in order, each written as its review
    finishes, with the same bytes /v1/review would answer for it (same cache entries, same
    seeds); a `keepalive` line when 10 s pass without a line; and a last `summary` line
    (records, reviewed, problems, how the searches met the cache, elapsed ms). A stream that
    ends without its summary was cut short.

    Rate limit: the searches of every entry, counted as /v1/review counts them. The body may
    be as large as `BATCH_MAX_CONTENT_LENGTH` (1 MiB), and hold `BATCH_MAX_RECORDS` (200)
    entries.

    Args:
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):
        body (BatchReviewRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BatchReviewLine | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            lang=lang,
            accept_language=accept_language,
        )
    ).parsed
