"""The Flask app factory; gunicorn target: ``service.api.app:create_app()``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Flask

import service
from service.api.http.admission import install_admission
from service.api.http.api_keys import install_api_keys
from service.api.http.body import install_body_reader
from service.api.http.cors import install_cors
from service.api.http.docs import ASSETS_URL, assets
from service.api.http.json import OrjsonProvider
from service.api.http.language import install_language_headers
from service.api.http.limits import close_storage, install_rate_limits
from service.api.http.metrics import install_metrics
from service.api.http.operations import declare_endpoints, larger_bodies
from service.api.http.problems import ProblemError, handle_problem_error, handle_unexpected
from service.api.http.proxies import install_proxy_fix
from service.api.http.readiness import PUBLISHER, report_kernel, start_warm_up
from service.api.http.request_log import install_request_logging
from service.api.http.searches import CACHE_EXTENSION
from service.api.http.security import install_security_headers
from service.api.http.tracing import install_tracing
from service.api.jobs.queue import JOBS_EXTENSION, Jobs, install_jobs
from service.api.problems.views import html_page
from service.api.resources import BLUEPRINTS, OPERATIONS, REFERENCED_SCHEMAS
from service.api.spec import contract_api
from service.cache import AdviceCache, CacheSettings, build_cache
from service.config import APP_FIELDS, Settings, load_settings
from service.web import pages

API_DESCRIPTION = """\
Rules, legal moves, play and scoring for the Scopa family of Italian card games.

The service is stateless: every request carries the state it is about. Cards are codes such
as `7D` (rank 1-10, suit D coins, C cups, S swords, B clubs); lower case is accepted, answers
are upper case. `rules` is a preset name, or `{"preset": name, <option overrides>}`.
A state carries its own `rules`, as /v1/deal returns it.
Every error is an RFC 9457 `application/problem+json` body with `errors` by field path and
`instance` (the request's ID); its `type` is documented at /problems (GET /v1/problems).

Words come in the language of the `lang` query parameter, else of `Accept-Language`: English
(the default and fallback) or Italian for problems and descriptions; GET /v1/names also names
cards, suits, figures and score categories in Spanish (escoba's pack) and French (chkobba's).
`Content-Language` names the language used, and such answers `Vary: Accept-Language`. Codes
(cards, options, categories, problem types, field paths) are the same in every language.

Every POST endpoint but /v1/jobs is a pure function of its body: the same body gives the same
answer (advice and bots with a time budget excepted: more or less search fits in it), nothing is
stored, and a retry is always safe. POST /v1/jobs keeps a job (a batch review or insights run on
the job workers) until it is read back from its URL, and expires it after the retention.

Answers carry `X-Request-ID`; rate-limited ones the `X-RateLimit-*` headers; 429 and 503
`Retry-After`; searches `Server-Timing` and `X-Cache` (a review `X-Review-Cache`, the count of
its searches by cache status);
the answers that change only with a release (`GET /v1/rules`, `GET /v1/bot`,
`GET /v1/problems`) an `ETag` and `Cache-Control`, and 304 to a matching `If-None-Match`.
"""

SETTINGS_EXTENSION = "scopa.settings"

SPEC_SETTINGS: Mapping[str, Any] = {
    "API_TITLE": "Scopa service",
    "API_VERSION": service.__version__,
    "OPENAPI_VERSION": "3.1.0",
    "OPENAPI_URL_PREFIX": "/",
    "OPENAPI_JSON_PATH": "openapi.json",
    "OPENAPI_SWAGGER_UI_PATH": "/docs",
    "OPENAPI_SWAGGER_UI_URL": ASSETS_URL,
    "API_SPEC_OPTIONS": {"info": {"description": API_DESCRIPTION}},
}


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """A configured app: settings from the environment, then ``config`` (Flask config keys).

    Keys of ``config`` that are settings (``CACHE_TTL``, ``REDIS_URL``) are validated like the
    environment (ConfigError when bad); the others (``TESTING``) go to the Flask config as given.
    """
    settings = load_settings(config)
    app = Flask(__name__)
    # Request bodies are decoded by orjson (bounded depth and numbers; answers unchanged).
    app.json = OrjsonProvider(app)
    app.config.update(settings.app_config())
    app.config.update({k: v for k, v in (config or {}).items() if k not in APP_FIELDS})
    app.extensions[SETTINGS_EXTENSION] = settings
    if settings.advice_cache:
        # Built once per app; Redis (REDIS_URL) is connected lazily, else an in-process LRU.
        app.extensions[CACHE_EXTENSION] = build_cache(CacheSettings.from_settings(settings))
    api = contract_api(app, dict(SPEC_SETTINGS), OPERATIONS)
    for blueprint in BLUEPRINTS:
        api.register_blueprint(blueprint)
    for name, schema in REFERENCED_SCHEMAS:
        api.spec.components.schema(name, schema=schema)
    app.register_error_handler(ProblemError, handle_problem_error)
    app.register_error_handler(Exception, handle_unexpected)
    app.register_blueprint(assets)
    app.register_blueprint(pages.page)
    app.register_blueprint(html_page)
    # Last, so that metrics attach to the cache wired above and the request ID comes first.
    install_request_logging(app)
    install_tracing(app, settings)
    install_security_headers(app)
    install_metrics(app, OPERATIONS)
    install_admission(app, settings.advice_queue_ms, settings.gunicorn_threads)
    install_rate_limits(app, settings)
    install_api_keys(app, settings)
    install_cors(app)
    install_language_headers(app)
    install_body_reader(app, larger_bodies(OPERATIONS))
    install_proxy_fix(app, settings.trusted_proxies)
    install_jobs(app, settings)
    declare_endpoints(app)
    report_kernel()
    if settings.warmup and not app.testing:
        start_warm_up(app)
    PUBLISHER.track(app)
    return app


def settings_of(app: Flask) -> Settings:
    """The validated settings an app was made with."""
    settings: Settings = app.extensions[SETTINGS_EXTENSION]
    return settings


def close_connections(app: Flask) -> None:
    """Close the app's Redis connections (advice cache, rate limits); later use reopens them."""
    cache: AdviceCache | None = app.extensions.get(CACHE_EXTENSION)
    if cache is not None:
        cache.close()
    close_storage(app)
    jobs: Jobs | None = app.extensions.get(JOBS_EXTENSION)
    if jobs is not None:
        jobs.close()
