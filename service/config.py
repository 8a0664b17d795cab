"""The service's one settings object, read from the environment and validated at start.

Every variable the service reads is a field of ``Settings`` (pydantic-settings): its name, type,
bounds, default and meaning are declared once, here, and validated at start. gunicorn.conf.py,
the app factory, the cache and the rate limiter read this object. Two variables are also read
where they are used (the service validates them here first): ``SCOPA_KERNEL`` by the search kernel
(``service.search.kernel.backend``, which runs without the app too: tests, benchmarks), and
``PROMETHEUS_MULTIPROC_DIR`` by the metrics (``service.api.http.metrics``; gunicorn.conf.py sets it
for its workers from this setting, and prometheus_client reads it too), which the job worker's
command drops (``service.api.worker_cli``: a worker is one process, its metrics its own). A
malformed value, or a ``SCOPA_*`` variable that is not a setting, stops the process with one
line per problem naming the variable, its value and what is expected.
"""

from __future__ import annotations

import difflib
import os
import re
from collections.abc import Iterator, Mapping
from types import MappingProxyType
from typing import Annotated, Any, Literal
from urllib.parse import urlsplit

import limits
from pydantic import AfterValidator, AliasChoices, BeforeValidator, Field, ValidationError
from pydantic.fields import FieldInfo
from pydantic_settings import BaseSettings, PydanticBaseSettingsSource, SettingsConfigDict

from service.redis_address import validate_url
from service.webhooks.address import networks_of
from service.webhooks.signing import secret_bytes

ENV_PREFIX = "SCOPA_"
# The advisor's hard cap on a time budget (service.search.advisor.MAX_MS; a test keeps them equal).
SEARCH_MAX_MS = 5000
_PASSWORD_IN_URL = re.compile(r"(?<=:)[^:@/]*(?=@)")


class ConfigError(ValueError):
    """Settings that do not validate: one problem per bad variable, a line each in the message."""

    def __init__(self, problems: list[str]):
        super().__init__("invalid settings:\n  " + "\n  ".join(problems))
        self.problems = problems


def redact_url(url: str) -> str:
    """The URL with the password of its user part replaced by ``***``."""
    return _PASSWORD_IN_URL.sub("***", url, count=1)


def _upper(value: object) -> object:
    return value.strip().upper() if isinstance(value, str) else value


def _lower(value: object) -> object:
    return value.strip().lower() if isinstance(value, str) else value


def _blank_is_none(value: object) -> object:
    return None if isinstance(value, str) and not value.strip() else value


def _redis_url(url: str | None) -> str | None:
    if url is not None:
        validate_url(url)
    return url


def _rate_limit(text: str) -> str:
    if not limits.parse_many(text):
        raise ValueError("give at least one limit, such as 6000/minute")
    return text


def _origins(text: str) -> str:
    for origin in (part.strip() for part in text.split(",")):
        if not origin or origin == "*":
            continue
        parts = urlsplit(origin)
        plain = parts.scheme in {"http", "https"} and parts.hostname and not parts.username
        if not plain or parts.path or parts.query or parts.fragment:
            raise ValueError(f"{origin!r} is not an origin such as https://example.org:8443")
    return text


def _webhook_secret(secret: str | None) -> str | None:
    if secret is not None:
        secret_bytes(secret)
    return secret


def _networks(text: str) -> str:
    networks_of(text)
    return text


AppLogLevel = Annotated[
    Literal["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"], BeforeValidator(_upper)
]
ServerLogLevel = Annotated[
    Literal["debug", "info", "warning", "error", "critical"], BeforeValidator(_lower)
]
Kernel = Annotated[Literal["auto", "compiled", "python"], BeforeValidator(_lower)]
RedisUrl = Annotated[str | None, BeforeValidator(_blank_is_none), AfterValidator(_redis_url)]
RateLimit = Annotated[str, AfterValidator(_rate_limit)]
Origins = Annotated[str, AfterValidator(_origins)]
Port = Annotated[int, Field(ge=1, le=65535)]
WebhookSecret = Annotated[
    str | None, BeforeValidator(_blank_is_none), AfterValidator(_webhook_secret)
]
Networks = Annotated[str, AfterValidator(_networks)]


def _env(
    default: Any, name: str, description: str, *, also: tuple[str, ...] = (), **bounds: Any
) -> Any:
    """A field read from the variable ``name`` (or an older name in ``also``)."""
    alias: str | AliasChoices = AliasChoices(name, *also) if also else name
    return Field(
        default,
        validation_alias=alias,
        description=description,
        json_schema_extra={"env": name, "also": list(also)},
        **bounds,
    )


class Settings(BaseSettings):
    """Every setting of the service; ``app_config`` gives the ones the Flask app reads."""

    model_config = SettingsConfigDict(
        case_sensitive=True,
        env_ignore_empty=True,
        frozen=True,
        extra="forbid",
        validate_by_name=True,
        validate_by_alias=True,
    )

    # ---- the HTTP server (gunicorn.conf.py) ----
    bind: str | None = _env(None, "BIND", "listen address host:port; wins over PORT")
    port: Port = _env(8000, "PORT", "listen port on 0.0.0.0 when BIND is unset")
    web_concurrency: int = _env(
        0, "WEB_CONCURRENCY", "gunicorn workers; 0 means one per CPU usable by the process", ge=0
    )
    gunicorn_threads: int = _env(
        16,
        "GUNICORN_THREADS",
        "threads per gthread worker: searches admitted to a worker may take all of them but two "
        "(kept for health checks and cheap requests), so that none waits for a thread",
        ge=1,
    )
    gunicorn_max_requests: int = _env(
        0,
        "GUNICORN_MAX_REQUESTS",
        "recycle a worker after this many requests; 0 never recycles (see docs/deployment.md)",
        ge=0,
    )
    gunicorn_max_requests_jitter: int = _env(
        100, "GUNICORN_MAX_REQUESTS_JITTER", "random extra requests before a recycle", ge=0
    )
    gunicorn_timeout: int = _env(
        60, "GUNICORN_TIMEOUT", "seconds before a silent worker is replaced", ge=1
    )
    gunicorn_graceful_timeout: int = _env(
        20, "GUNICORN_GRACEFUL_TIMEOUT", "seconds to finish requests on shutdown", ge=0
    )
    gunicorn_keepalive: int = _env(
        5, "GUNICORN_KEEPALIVE", "seconds an idle keep-alive connection stays open", ge=0
    )
    gunicorn_control_socket: str = _env(
        "",
        "GUNICORN_CONTROL_SOCKET",
        "path of gunicorn's control socket; empty: a private one in the worker tmp dir; off: none",
    )
    gunicorn_access_log: bool = _env(
        False,
        "GUNICORN_ACCESS_LOG",
        "also write gunicorn's own access log (JSON, stdout); the app logs every request already",
    )
    gunicorn_log_level: ServerLogLevel = _env("info", "LOG_LEVEL", "level of gunicorn's own log")
    prometheus_multiproc_dir: str | None = _env(
        None,
        "PROMETHEUS_MULTIPROC_DIR",
        "directory where workers write their metrics (emptied at start); "
        "unset: a private temporary one",
    )
    metrics_port: Port = _env(
        9464, "SCOPA_METRICS_PORT", "port of /metrics, served by the gunicorn master"
    )

    # ---- the app ----
    max_content_length: int = _env(
        64 * 1024,
        "SCOPA_MAX_CONTENT_LENGTH",
        "largest request body in bytes (chunked bodies too); larger is a 413",
        ge=1,
    )
    log_level: AppLogLevel = _env(
        "INFO", "SCOPA_LOG_LEVEL", "level of the app's log (one line per request at INFO)"
    )
    advice_default_ms: int | None = _env(
        None,
        "SCOPA_ADVICE_DEFAULT_MS",
        "advice time budget (ms) when a request gives none, for every rule set; unset: the "
        "default budget, 50 ms",
        ge=1,
    )
    advice_max_ms: int = _env(
        SEARCH_MAX_MS,
        "SCOPA_ADVICE_MAX_MS",
        "largest advice time budget (ms) a request may ask for",
        ge=1,
        le=SEARCH_MAX_MS,
    )
    advice_max_iterations: int = _env(
        10_000, "SCOPA_ADVICE_MAX_ITERATIONS", "largest advice iteration budget", ge=1
    )
    advice_queue_ms: int = _env(
        500,
        "SCOPA_ADVICE_QUEUE_MS",
        "ms a searching request may wait for its worker's search: one that would wait longer "
        "is refused at once with a 503 (admission control)",
        ge=0,
    )
    advice_cache: bool = _env(True, "SCOPA_ADVICE_CACHE", "cache advice answers")
    warmup: bool = _env(
        True,
        "SCOPA_WARMUP",
        "build every preset's search tables when a worker starts (readiness waits for it)",
    )
    review_max_total_ms: int = _env(
        30_000,
        "SCOPA_REVIEW_MAX_TOTAL_MS",
        "most a /v1/review may search in all (decisions searched x ms per decision); more is "
        "a 422 giving the largest per-decision budget; keep it under GUNICORN_TIMEOUT",
        ge=1,
    )
    review_max_total_iterations: int = _env(
        100_000,
        "SCOPA_REVIEW_MAX_TOTAL_ITERATIONS",
        "most a /v1/review may search in all (decisions searched x iterations per decision)",
        ge=1,
    )
    review_batch_max_total_ms: int = _env(
        300_000,
        "SCOPA_REVIEW_BATCH_MAX_TOTAL_MS",
        "most a batch of reviews (/v1/review/batch, /v1/insights, /v1/drills) may search in all "
        "(every record's decisions searched x ms per decision); more is a 422 before any search",
        ge=1,
    )
    review_batch_max_total_iterations: int = _env(
        5_000_000,
        "SCOPA_REVIEW_BATCH_MAX_TOTAL_ITERATIONS",
        "the same cap of a batch for iteration budgets",
        ge=1,
    )
    batch_max_records: int = _env(
        200,
        "SCOPA_BATCH_MAX_RECORDS",
        "most hand records in one batch review, insights or drills request",
        ge=1,
        le=1000,
    )
    batch_max_content_length: int = _env(
        1024 * 1024,
        "SCOPA_BATCH_MAX_CONTENT_LENGTH",
        "largest body in bytes of a request that carries many records (batch review, insights, "
        "drills); other requests keep SCOPA_MAX_CONTENT_LENGTH",
        ge=1,
    )
    cache_ttl: int = _env(3600, "SCOPA_CACHE_TTL", "seconds an advice stays cached", ge=1)
    cache_max_entries: int = _env(
        1024, "SCOPA_CACHE_MAX_ENTRIES", "size of the in-process LRU (without Redis)", ge=1
    )
    cache_breaker_failures: int = _env(
        3, "SCOPA_CACHE_BREAKER_FAILURES", "Redis failures in a row that open the breaker", ge=1
    )
    cache_breaker_cooldown_ms: int = _env(
        5000, "SCOPA_CACHE_BREAKER_COOLDOWN_MS", "ms the open breaker skips Redis", ge=1
    )
    cache_lock_ttl_ms: int = _env(
        30_000, "SCOPA_CACHE_LOCK_TTL_MS", "life (ms) of a cross-process single-flight lock", ge=1
    )
    cache_lock_wait_ms: int = _env(
        10_000, "SCOPA_CACHE_LOCK_WAIT_MS", "longest wait (ms) for another process's answer", ge=1
    )
    redis_url: RedisUrl = _env(
        None,
        "REDIS_URL",
        "Redis of the cache and the rate limits (redis://user:password@host:port/db, or its "
        "Sentinels: redis+sentinel://user:password@host:port,host:port/service); unset: "
        "in-process",
        also=("SCOPA_REDIS_URL",),
    )
    redis_connect_timeout_ms: int = _env(
        50,
        "SCOPA_REDIS_CONNECT_TIMEOUT_MS",
        "Redis connect timeout (ms), cache and rate limits",
        ge=1,
    )
    redis_read_timeout_ms: int = _env(
        100, "SCOPA_REDIS_READ_TIMEOUT_MS", "Redis read timeout (ms), cache and rate limits", ge=1
    )
    jobs_redis_url: RedisUrl = _env(
        None,
        "SCOPA_JOBS_REDIS_URL",
        "Redis of the job queue and the jobs' results (give it AOF and noeviction; a "
        "redis+sentinel:// URL names its Sentinels); unset: REDIS_URL; neither: jobs run in "
        "each web process, kept in an SQLite file",
    )
    jobs_read_timeout_ms: int = _env(
        1000,
        "SCOPA_JOBS_READ_TIMEOUT_MS",
        "Redis connect and read timeout (ms) of the API's job reads (GET /v1/jobs...): past it, "
        "as while the jobs' Redis is silent, the read is a 503 with Retry-After; the job "
        "writes and the workers keep 10 s",
        ge=1,
    )
    jobs_dir: str | None = _env(
        None,
        "SCOPA_JOBS_DIR",
        "directory of the jobs' SQLite file without Redis; unset: jobs/ in the app's instance "
        "folder (instance/jobs in a checkout)",
    )
    job_max_records: int = _env(
        1000, "SCOPA_JOB_MAX_RECORDS", "most hand records in one job", ge=1, le=1000
    )
    job_max_content_length: int = _env(
        4 * 1024 * 1024, "SCOPA_JOB_MAX_CONTENT_LENGTH", "largest body in bytes of a new job", ge=1
    )
    job_max_active: int = _env(
        10, "SCOPA_JOB_MAX_ACTIVE", "most jobs not yet ended per API key (per server without)", ge=1
    )
    job_retention_s: int = _env(
        7 * 86400, "SCOPA_JOB_RETENTION_S", "seconds an ended job and its results are kept", ge=60
    )
    job_max_run_s: int = _env(
        86400,
        "SCOPA_JOB_MAX_RUN_S",
        "seconds a job may stay unended before it and its results are dropped (on top of the "
        "retention)",
        ge=60,
    )
    job_task_retries: int = _env(
        5,
        "SCOPA_JOB_TASK_RETRIES",
        "retries of a record whose task fails (Redis lost, worker busy); then it is a problem",
        ge=0,
    )
    job_heartbeat_timeout_ms: int = _env(
        60_000,
        "SCOPA_JOB_HEARTBEAT_TIMEOUT_MS",
        "ms without a heartbeat after which a worker is dead and its tasks go to another (a "
        "busy worker still beats); lower: a dead worker's record is redone sooner, and a "
        "worker frozen longer (a paused container) has its records run twice (one line kept)",
        ge=1000,
    )
    job_stall_s: int = _env(
        120,
        "SCOPA_JOB_STALL_S",
        "seconds without a new line after which a worker sends again the tasks of a job's records "
        "without one, when the queue has none waiting (a task a live worker lost to a Redis "
        "failover); keep it above REVIEW_MAX_TOTAL_MS (a duplicate task writes no second line)",
        ge=5,
    )
    jobs_replica_acks: int = _env(
        0,
        "SCOPA_JOBS_REPLICA_ACKS",
        "replicas of the jobs' Redis that must hold a job's writes before its POST answers and "
        "before a record's task is acknowledged (WAIT); 0: no wait (a single Redis)",
        ge=0,
    )
    jobs_replica_wait_ms: int = _env(
        1000,
        "SCOPA_JOBS_REPLICA_WAIT_MS",
        "longest wait (ms) for those replicas at each try; the try is repeated while the store "
        "is patient",
        ge=1,
    )
    webhook_secret: WebhookSecret = _env(
        None,
        "SCOPA_WEBHOOK_SECRET",
        "signs the webhooks of jobs made without an API key, or by a key without its own "
        "webhook_secret (whsec_ and the base64 of 24 bytes or more: python -m "
        "service.webhooks new-secret); unset: such jobs cannot have a callback_url",
    )
    webhook_allow_http: bool = _env(
        False,
        "SCOPA_WEBHOOK_ALLOW_HTTP",
        "true: a job's callback_url may be plain http:// (a test or a private network); "
        "false: https:// only",
    )
    webhook_allowed_networks: Networks = _env(
        "",
        "SCOPA_WEBHOOK_ALLOWED_NETWORKS",
        "comma-separated networks (CIDR) webhooks may go to besides public addresses, such as "
        "10.0.0.0/8; empty: public addresses only (no loopback, private or link-local)",
    )
    webhook_timeout_ms: int = _env(
        10_000,
        "SCOPA_WEBHOOK_TIMEOUT_MS",
        "a webhook delivery's connect and read timeout (ms), each; past it the attempt failed",
        ge=100,
        le=60_000,
    )
    webhook_first_retry_ms: int = _env(
        5000,
        "SCOPA_WEBHOOK_FIRST_RETRY_MS",
        "wait (ms) before a failed webhook's second attempt; each later wait doubles, up to "
        "an hour",
        ge=100,
    )
    webhook_retry_s: int = _env(
        86_400,
        "SCOPA_WEBHOOK_RETRY_S",
        "seconds after a job's end during which its failed webhook is tried again; then it is "
        "abandoned (the job document says so)",
        ge=1,
    )
    traces_endpoint: str | None = _env(
        None,
        "SCOPA_TRACES_ENDPOINT",
        "OTLP/HTTP traces endpoint each process exports its spans to (requests, searches, job "
        "records, webhooks), such as http://collector:4318/v1/traces; unset: no traces",
    )
    traces_sample_ratio: float = _env(
        1.0,
        "SCOPA_TRACES_SAMPLE_RATIO",
        "share of traces kept when the caller's traceparent does not decide (0 to 1)",
        ge=0.0,
        le=1.0,
    )
    worker_metrics_port: int = _env(
        9465,
        "SCOPA_WORKER_METRICS_PORT",
        "port of a job worker's /metrics; 0 turns it off",
        ge=0,
        le=65535,
    )
    rate_limit_enabled: bool = _env(True, "SCOPA_RATE_LIMIT_ENABLED", "false turns limits off")
    api_keys_file: str | None = _env(
        None,
        "SCOPA_API_KEYS_FILE",
        "a JSON file of API keys (names, SHA-256 of each key, quotas): every /v1 request then "
        "needs a key; unset: no keys",
    )
    rate_limit: RateLimit = _env(
        "6000/minute", "SCOPA_RATE_LIMIT", "budget per client (limits syntax, ';' between several)"
    )
    rate_limit_advice_cost: int = _env(
        10,
        "SCOPA_RATE_LIMIT_ADVICE_COST",
        "units one advice request (or master bot) spends; a review spends it per card play of "
        "its reviewed seats; others: 1",
        ge=1,
    )
    cors_origins: Origins = _env(
        "", "SCOPA_CORS_ORIGINS", "comma-separated origins allowed by CORS; empty: no CORS"
    )
    trusted_proxies: int = _env(
        0,
        "SCOPA_TRUSTED_PROXIES",
        "proxies in front whose X-Forwarded-For/-Proto/-Host/-Port are trusted; 0: none",
        ge=0,
    )
    kernel: Kernel = _env(
        "auto", "SCOPA_KERNEL", "search kernel: auto, compiled (required) or python"
    )

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        """Overrides given in code, then the process environment; never a .env file."""
        return init_settings, env_settings

    def app_config(self) -> dict[str, Any]:
        """The app's settings under their Flask config keys (``SCOPA_`` dropped from the name)."""
        return {
            config_key(name): getattr(self, name)
            for name in type(self).model_fields
            if _is_app(name)
        }

    def __repr_args__(self) -> Iterator[tuple[str | None, Any]]:
        """The fields, with the Redis password hidden."""
        for name, value in super().__repr_args__():
            if name in {"redis_url", "jobs_redis_url"} and isinstance(value, str):
                yield name, redact_url(value)
            elif name == "webhook_secret" and value is not None:
                yield name, "***"
            else:
                yield name, value


def env_name(field: str) -> str:
    """The environment variable of a field."""
    name: str = _extra(Settings.model_fields[field])["env"]
    return name


def _extra(info: FieldInfo) -> dict[str, Any]:
    extra = info.json_schema_extra
    assert isinstance(extra, dict)
    return extra


def _is_app(field: str) -> bool:
    return field == "redis_url" or env_name(field).startswith(ENV_PREFIX)


def config_key(field: str) -> str:
    """The Flask config key of an app setting, e.g. ``CACHE_TTL`` or ``REDIS_URL``."""
    return env_name(field).removeprefix(ENV_PREFIX)


def known_variables() -> dict[str, str]:
    """Every variable the settings read (older names included), mapped to its field."""
    names: dict[str, str] = {}
    for field, info in Settings.model_fields.items():
        extra = _extra(info)
        for name in (extra["env"], *extra["also"]):
            names[name] = field
    return names


APP_FIELDS: Mapping[str, str] = MappingProxyType(
    {config_key(field): field for field in Settings.model_fields if _is_app(field)}
)
"""The Flask config key of every app setting, mapped to its field."""

DEFAULTS: Mapping[str, Any] = MappingProxyType(
    {key: Settings.model_fields[field].default for key, field in APP_FIELDS.items()}
)
"""The app's settings by Flask config key, at their defaults."""


def _shown(value: object) -> str:
    """A value as an error shows it, any URL password hidden."""
    return repr(redact_url(value)) if isinstance(value, str) else str(value)


def _unknown_variables(environ: Mapping[str, str]) -> list[str]:
    known = known_variables()
    problems = []
    for name in sorted(environ):
        if name.upper().startswith(ENV_PREFIX) and name not in known:
            guess = difflib.get_close_matches(name, list(known), n=1)
            hint = f" (did you mean {guess[0]}?)" if guess else ""
            problems.append(
                f"{name}={_shown(environ[name])}: not a setting of this service{hint}; "
                "docs/deployment.md lists them"
            )
    return problems


def _describe(error: Any, overridden: Mapping[str, str]) -> str:
    field_or_alias = str(error["loc"][0]) if error["loc"] else ""
    known = known_variables()
    field = known.get(field_or_alias, field_or_alias)
    if field in overridden:
        source = f"setting {overridden[field]}"
    elif field in Settings.model_fields:
        source = _present_name(field)
    else:
        source = field_or_alias or "settings"
    description = Settings.model_fields[field].description if field in known.values() else None
    expected = f" ({description})" if description else ""
    message = str(error["msg"]).removeprefix("Value error, ")
    return f"{source}={_shown(error['input'])}: {message}{expected}"


def _present_name(field: str) -> str:
    extra = _extra(Settings.model_fields[field])
    for name in (extra["env"], *extra["also"]):
        if name in os.environ:
            return str(name)
    return str(extra["env"])


def load_settings(overrides: Mapping[str, Any] | None = None) -> Settings:
    """Settings from the environment, then ``overrides`` by Flask config key; ConfigError if bad.

    Keys of ``overrides`` that are not app settings (``TESTING``) are ignored here.
    """
    given = {APP_FIELDS[k]: v for k, v in (overrides or {}).items() if k in APP_FIELDS}
    problems = _unknown_variables(os.environ)
    try:
        settings = Settings(**given)
    except ValidationError as error:
        overridden = {field: key for key, field in APP_FIELDS.items() if field in given}
        problems += [_describe(item, overridden) for item in error.errors()]
        settings = None
    if problems or settings is None:
        raise ConfigError(problems)
    return settings
