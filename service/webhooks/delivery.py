"""One delivery of a webhook: a POST of its signed body to an address its URL was checked to
resolve to, no redirect followed, within a timeout."""

from __future__ import annotations

import time
from dataclasses import dataclass

import urllib3

from service.webhooks.address import AddressPolicy, RefusedAddressError, checked_target
from service.webhooks.signing import signed_headers

USER_AGENT = "scopa-webhooks/1"
# How much of a receiver's answer is read (and then dropped): the status is what counts.
ANSWER_READ = 4096
GONE = 410


@dataclass(frozen=True, slots=True)
class Attempt:
    """How one delivery went: delivered (a 2xx), its HTTP status (None: no answer), what went
    wrong in words (None when delivered), whether retrying may help, and its seconds."""

    delivered: bool
    status: int | None
    error: str | None
    retry: bool
    seconds: float

    @property
    def outcome(self) -> str:
        """The attempt in one word, as the metrics count it."""
        if self.delivered:
            return "delivered"
        if not self.retry:
            return "refused"
        return "failed" if self.status is None else "rejected"


def deliver(
    url: str,
    body: bytes,
    *,
    message_id: str,
    secret: str,
    policy: AddressPolicy,
    timeout_s: float,
    now: float | None = None,
) -> Attempt:
    """POST a signed body to a webhook URL once; what came of it."""
    start = time.perf_counter()
    try:
        target = checked_target(url, policy, timeout_s)
    except RefusedAddressError as error:
        return Attempt(False, None, f"refused: {error}", False, time.perf_counter() - start)
    timestamp = int(time.time() if now is None else now)
    headers = {
        **signed_headers(secret, message_id, timestamp, body),
        "Content-Type": "application/json",
        "User-Agent": USER_AGENT,
        "Host": target.host if target.port in (80, 443) else f"{target.host}:{target.port}",
    }
    timeout = urllib3.Timeout(connect=timeout_s, read=timeout_s)
    address = target.addresses[0]
    pool: urllib3.HTTPConnectionPool
    if target.scheme == "https":
        # The connection goes to the address checked; TLS still names and verifies the host.
        pool = urllib3.HTTPSConnectionPool(
            address,
            target.port,
            timeout=timeout,
            retries=False,
            server_hostname=target.host,
            assert_hostname=target.host,
        )
    else:
        pool = urllib3.HTTPConnectionPool(address, target.port, timeout=timeout, retries=False)
    try:
        with pool:
            answer = pool.urlopen(
                "POST",
                target.target,
                body=body,
                headers=headers,
                redirect=False,
                preload_content=False,
                assert_same_host=False,
            )
            answer.read(ANSWER_READ)
            answer.release_conn()
    except urllib3.exceptions.HTTPError as error:
        return Attempt(False, None, type(error).__name__, True, time.perf_counter() - start)
    status = answer.status
    seconds = time.perf_counter() - start
    if 200 <= status < 300:
        return Attempt(True, status, None, False, seconds)
    # 410 Gone: the receiver says it will never take this again.
    return Attempt(False, status, f"HTTP {status}", status != GONE, seconds)
