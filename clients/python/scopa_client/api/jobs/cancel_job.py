from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.job import Job
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    job_id: str,
    *,
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
        "method": "delete",
        "url": "/v1/jobs/{job_id}".format(
            job_id=quote(str(job_id), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Any | Job | Problem:
    if response.status_code == 200:
        response_200 = Job.from_dict(response.json())

        return response_200

    if response.status_code == 204:
        response_204 = cast(Any, None)
        return response_204

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    response_default = Problem.from_dict(response.json())

    return response_default


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Any | Job | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    job_id: str,
    *,
    client: AuthenticatedClient | Client,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[Any | Job | Problem]:
    """Cancel a job not ended: its records not yet run are skipped (a record under review
    finishes and keeps its line) and the job, now `cancelled`, is answered. An ended job
    (done, cancelled or failed) is removed with its results: 204.

    Args:
        job_id (str):
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Job | Problem]
    """

    kwargs = _get_kwargs(
        job_id=job_id,
        lang=lang,
        accept_language=accept_language,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    job_id: str,
    *,
    client: AuthenticatedClient | Client,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Any | Job | Problem | None:
    """Cancel a job not ended: its records not yet run are skipped (a record under review
    finishes and keeps its line) and the job, now `cancelled`, is answered. An ended job
    (done, cancelled or failed) is removed with its results: 204.

    Args:
        job_id (str):
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Job | Problem
    """

    return sync_detailed(
        job_id=job_id,
        client=client,
        lang=lang,
        accept_language=accept_language,
    ).parsed


async def asyncio_detailed(
    job_id: str,
    *,
    client: AuthenticatedClient | Client,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[Any | Job | Problem]:
    """Cancel a job not ended: its records not yet run are skipped (a record under review
    finishes and keeps its line) and the job, now `cancelled`, is answered. An ended job
    (done, cancelled or failed) is removed with its results: 204.

    Args:
        job_id (str):
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Job | Problem]
    """

    kwargs = _get_kwargs(
        job_id=job_id,
        lang=lang,
        accept_language=accept_language,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    job_id: str,
    *,
    client: AuthenticatedClient | Client,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Any | Job | Problem | None:
    """Cancel a job not ended: its records not yet run are skipped (a record under review
    finishes and keeps its line) and the job, now `cancelled`, is answered. An ended job
    (done, cancelled or failed) is removed with its results: 204.

    Args:
        job_id (str):
        lang (str | Unset):  Example: it.
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Job | Problem
    """

    return (
        await asyncio_detailed(
            job_id=job_id,
            client=client,
            lang=lang,
            accept_language=accept_language,
        )
    ).parsed
