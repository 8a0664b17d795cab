from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.job import Job
from ...models.job_request import JobRequest
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: JobRequest,
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
        "url": "/v1/jobs",
        "params": params,
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Job | Problem:
    if response.status_code == 202:
        response_202 = Job.from_dict(response.json())

        return response_202

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Job | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: JobRequest,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[Job | Problem]:
    """Make a job: a batch review or a player's insights, run on the job workers.

     The body holds exactly one of `review` (a /v1/review/batch body) or `insights` (a
    /v1/insights body), of up to `JOB_MAX_RECORDS` records (1,000 by default) in a body of up
    to `JOB_MAX_CONTENT_LENGTH` (4 MiB). The answer is 202 with the job (state `queued`) and
    its URL in `Location`; the records are then reviewed by the workers, one task each, in any
    order and on any machine. Each record is reviewed exactly as /v1/review/batch or
    /v1/insights would review it, under /v1/review's cap per record (no batch cap): the same
    seed and iteration budget give byte-identical lines. A record that does not load, replay
    or fit the cap is a `problem` line of its own; the job goes on.

    A job belongs to the API key that made it: another key's requests get 404. An API key
    (or, without keys, the server) may have `JOB_MAX_ACTIVE` jobs (10) not ended at a time:
    one more is a 429 `quota-exceeded` naming `active_jobs`. The searches of a job's records
    count toward its key's search milliseconds a day as they run; a key whose day is spent
    cannot make a job. Rate limit: one unit per record.

    Args:
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):
        body (JobRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Job | Problem]
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
    body: JobRequest,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Job | Problem | None:
    """Make a job: a batch review or a player's insights, run on the job workers.

     The body holds exactly one of `review` (a /v1/review/batch body) or `insights` (a
    /v1/insights body), of up to `JOB_MAX_RECORDS` records (1,000 by default) in a body of up
    to `JOB_MAX_CONTENT_LENGTH` (4 MiB). The answer is 202 with the job (state `queued`) and
    its URL in `Location`; the records are then reviewed by the workers, one task each, in any
    order and on any machine. Each record is reviewed exactly as /v1/review/batch or
    /v1/insights would review it, under /v1/review's cap per record (no batch cap): the same
    seed and iteration budget give byte-identical lines. A record that does not load, replay
    or fit the cap is a `problem` line of its own; the job goes on.

    A job belongs to the API key that made it: another key's requests get 404. An API key
    (or, without keys, the server) may have `JOB_MAX_ACTIVE` jobs (10) not ended at a time:
    one more is a 429 `quota-exceeded` naming `active_jobs`. The searches of a job's records
    count toward its key's search milliseconds a day as they run; a key whose day is spent
    cannot make a job. Rate limit: one unit per record.

    Args:
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):
        body (JobRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Job | Problem
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
    body: JobRequest,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[Job | Problem]:
    """Make a job: a batch review or a player's insights, run on the job workers.

     The body holds exactly one of `review` (a /v1/review/batch body) or `insights` (a
    /v1/insights body), of up to `JOB_MAX_RECORDS` records (1,000 by default) in a body of up
    to `JOB_MAX_CONTENT_LENGTH` (4 MiB). The answer is 202 with the job (state `queued`) and
    its URL in `Location`; the records are then reviewed by the workers, one task each, in any
    order and on any machine. Each record is reviewed exactly as /v1/review/batch or
    /v1/insights would review it, under /v1/review's cap per record (no batch cap): the same
    seed and iteration budget give byte-identical lines. A record that does not load, replay
    or fit the cap is a `problem` line of its own; the job goes on.

    A job belongs to the API key that made it: another key's requests get 404. An API key
    (or, without keys, the server) may have `JOB_MAX_ACTIVE` jobs (10) not ended at a time:
    one more is a 429 `quota-exceeded` naming `active_jobs`. The searches of a job's records
    count toward its key's search milliseconds a day as they run; a key whose day is spent
    cannot make a job. Rate limit: one unit per record.

    Args:
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):
        body (JobRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Job | Problem]
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
    body: JobRequest,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Job | Problem | None:
    """Make a job: a batch review or a player's insights, run on the job workers.

     The body holds exactly one of `review` (a /v1/review/batch body) or `insights` (a
    /v1/insights body), of up to `JOB_MAX_RECORDS` records (1,000 by default) in a body of up
    to `JOB_MAX_CONTENT_LENGTH` (4 MiB). The answer is 202 with the job (state `queued`) and
    its URL in `Location`; the records are then reviewed by the workers, one task each, in any
    order and on any machine. Each record is reviewed exactly as /v1/review/batch or
    /v1/insights would review it, under /v1/review's cap per record (no batch cap): the same
    seed and iteration budget give byte-identical lines. A record that does not load, replay
    or fit the cap is a `problem` line of its own; the job goes on.

    A job belongs to the API key that made it: another key's requests get 404. An API key
    (or, without keys, the server) may have `JOB_MAX_ACTIVE` jobs (10) not ended at a time:
    one more is a 429 `quota-exceeded` naming `active_jobs`. The searches of a job's records
    count toward its key's search milliseconds a day as they run; a key whose day is spent
    cannot make a job. Rate limit: one unit per record.

    Args:
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):
        body (JobRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Job | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            lang=lang,
            accept_language=accept_language,
        )
    ).parsed
