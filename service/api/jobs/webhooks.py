"""The webhooks of jobs: once a job with a ``callback_url`` ends, its document is POSTed there,
signed (``service.webhooks.signing``), and tried again with back-off until delivered or its time
for retries is spent.

The store keeps which webhooks are due (``JobStore.due_hooks``): a job that ends is due at once,
in the same write that ends it, so no end is lost between its write and a send. The workers'
senders (embedded: each web process's) claim due webhooks a few at a time; a claim is a lease,
so one that a dead sender held is tried again by another once it runs out. A webhook is
delivered at least once: a receiver may get one twice (the same ``webhook-id``) and drops the
second.
"""

from __future__ import annotations

import logging
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import orjson
from flask import Flask
from prometheus_client import Counter, Histogram

from service.api.http.api_keys import webhook_secret_of
from service.api.http.tracing import span_under
from service.api.jobs.document import iso, job_document
from service.api.jobs.model import HookState, Job
from service.api.jobs.runner import STORE_ERRORS
from service.api.jobs.store import JobStore
from service.config import Settings
from service.webhooks.address import AddressPolicy, networks_of
from service.webhooks.delivery import Attempt, deliver

log = logging.getLogger(__name__)

# Webhooks claimed at a time, and delivered at once, by one sender.
CLAIM_MOST = 8
# How often a sender looks for due webhooks.
LOOK_S = 1.0
# The longest wait between two attempts.
MAX_RETRY_WAIT_S = 3600.0

ATTEMPTS = Counter(
    "scopa_webhook_attempts",
    "Webhook deliveries tried, by outcome: delivered (2xx), rejected (another status), failed "
    "(no answer), refused (an address this server does not call, or no signing secret).",
    ["outcome"],
)
ATTEMPT_SECONDS = Histogram(
    "scopa_webhook_attempt_duration_seconds",
    "Time of one webhook delivery, from resolving its host to the receiver's answer.",
    buckets=(0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0),
)
ABANDONED = Counter(
    "scopa_webhooks_abandoned",
    "Webhooks given up: their time for retries spent, or refused for good.",
)


def message_id(job: Job) -> str:
    """The webhook's id, the same on every attempt: the receiver drops a second delivery."""
    return f"job-{job.id}-{job.state.value}"


def payload(job: Job) -> bytes:
    """The body posted: the event's type, when the job ended, and the job as GET answers it
    (without its webhook, which changes between attempts)."""
    document = job_document(job)
    del document["webhook"]
    event = {"type": f"job.{job.state.value}", "timestamp": iso(job.finished), "data": document}
    return orjson.dumps(event)


@dataclass(frozen=True, slots=True)
class RetryPolicy:
    """When a failed webhook is tried again: after ``first_s``, doubling up to an hour, while
    within ``window_s`` of the job's end."""

    first_s: float
    window_s: float

    def next_due(self, ended: float, attempts: int, now: float) -> float | None:
        """When the next attempt is due after ``attempts`` failed ones (None: no more)."""
        wait = min(self.first_s * 2 ** (attempts - 1), MAX_RETRY_WAIT_S)
        due = now + wait
        return due if due <= ended + self.window_s else None


class WebhookSender:
    """Delivers the due webhooks of a store's jobs, with an app's keys and settings."""

    def __init__(self, app: Flask, store: JobStore, settings: Settings) -> None:
        self.app = app
        self.store = store
        self.policy = AddressPolicy(
            settings.webhook_allow_http, networks_of(settings.webhook_allowed_networks)
        )
        self.timeout_s = settings.webhook_timeout_ms / 1000
        self.retry = RetryPolicy(settings.webhook_first_retry_ms / 1000, settings.webhook_retry_s)
        # A claim outlives the slowest attempt: resolving, connecting, then reading.
        self.lease_s = 3 * self.timeout_s + 30.0
        self.pool = ThreadPoolExecutor(CLAIM_MOST, thread_name_prefix="scopa-webhook")
        self.stopping = threading.Event()
        self.thread: threading.Thread | None = None
        self.lock = threading.Lock()

    def start(self) -> None:
        """Look for due webhooks in a thread of this process (once), until ``stop``."""
        with self.lock:
            if self.thread is None:
                self.thread = threading.Thread(
                    target=self.keep_sending, name="scopa-webhooks", daemon=True
                )
                self.thread.start()

    def stop(self) -> None:
        """Stop looking; attempts under way finish."""
        self.stopping.set()
        self.pool.shutdown(wait=True)

    def keep_sending(self) -> None:
        """The sender's loop."""
        while not self.stopping.is_set():
            try:
                self.send_due()
            except STORE_ERRORS as error:  # an outage: the next look may find the store again
                log.warning("the jobs' store could not be read for webhooks: %s", error)
            except Exception:  # the loop goes on: a webhook's bug must not stop the others
                log.exception("could not send the due webhooks")
            self.stopping.wait(LOOK_S)

    def send_due(self, now: float | None = None) -> dict[str, Attempt | None]:
        """Claim the due webhooks and try each once; their attempts (None: no job, or it has
        no webhook)."""
        claimed = self.store.due_hooks(
            time.time() if now is None else now, self.lease_s, CLAIM_MOST
        )
        if not claimed:
            return {}
        attempts = self.pool.map(self.send, claimed)
        return dict(zip(claimed, attempts, strict=True))

    def send(self, job_id: str) -> Attempt | None:
        """Try one job's webhook once and note how it went, and when it is due again."""
        job = self.store.get(job_id)
        if job is None or job.hook is None or job.finished is None:
            self.store.hook_tried(job_id, HookState.ABANDONED, 0, "the job is gone", None)
            return None
        secret = webhook_secret_of(self.app, job.owner)
        attempts = job.hook.attempts + 1
        fields = {"job": job.id, "attempt": attempts}
        log.info("webhook of job %s: attempt %d", job.id, attempts, extra=fields)
        with span_under(job.trace, "webhook", **{"scopa.job.id": job.id}) as sending:
            if secret is None:
                attempt = Attempt(False, None, "refused: no signing secret is set", False, 0.0)
            else:
                attempt = deliver(
                    job.hook.url,
                    payload(job),
                    message_id=message_id(job),
                    secret=secret,
                    policy=self.policy,
                    timeout_s=self.timeout_s,
                )
            if sending is not None:
                sending.set_attribute("scopa.webhook.attempt", attempts)
                sending.set_attribute("scopa.webhook.outcome", attempt.outcome)
        ATTEMPTS.labels(outcome=attempt.outcome).inc()
        ATTEMPT_SECONDS.observe(attempt.seconds)
        now = time.time()
        if attempt.delivered:
            self.store.hook_tried(
                job_id, HookState.DELIVERED, attempts, f"HTTP {attempt.status}", None
            )
            log.info(
                "webhook of job %s delivered", job.id, extra={**fields, "status": attempt.status}
            )
            return attempt
        due = self.retry.next_due(job.finished, attempts, now) if attempt.retry else None
        state = HookState.SENDING if due is not None else HookState.ABANDONED
        last = attempt.error or "no answer"
        self.store.hook_tried(job_id, state, attempts, last, due)
        if due is None:
            ABANDONED.inc()
            log.error("webhook of job %s abandoned: %s", job.id, last, extra=fields)
        else:
            log.warning(
                "webhook of job %s not delivered (%s); next attempt in %.1f s",
                job.id,
                last,
                due - now,
                extra=fields,
            )
        return attempt
