"""flask-smorest's Api with RFC 9457 problem responses for every error."""

from __future__ import annotations

import http
from typing import Any

from apispec import APISpec
from flask_smorest import Api
from flask_smorest.utils import prepare_response
from werkzeug.exceptions import HTTPException

from service.api import contract
from service.api.examples import resolve_lazy
from service.api.problems import (
    PROBLEM_CONTENT_TYPE,
    ProblemError,
    ProblemSchema,
    handle_http_exception,
    handle_problem_error,
    handle_unexpected,
)


class ContractSpec(APISpec):
    """An APISpec whose examples (examples.Lazy) are computed when the document is written,
    and whose operations get the shared headers and error answers (``contract``)."""

    def to_dict(self) -> dict[str, Any]:
        """The document, every lazy example computed, the shared contract added."""
        return contract.document(resolve_lazy(super().to_dict()))


class ProblemApi(Api):  # type: ignore[misc]
    """An Api whose errors, raised or documented, are application/problem+json, and whose
    spec computes its examples lazily and carries the shared contract."""

    ERROR_SCHEMA = ProblemSchema

    def _init_spec(self, **kwargs: Any) -> None:
        super()._init_spec(**kwargs)
        # flask-smorest builds a plain APISpec; this subclass only adds to to_dict.
        self.spec.__class__ = ContractSpec

    def _register_error_handlers(self) -> None:
        self._app.register_error_handler(ProblemError, handle_problem_error)
        self._app.register_error_handler(HTTPException, handle_http_exception)
        self._app.register_error_handler(Exception, handle_unexpected)

    def _register_responses(self) -> None:
        # As flask-smorest does, with the problem content type on every error response.
        for status in http.HTTPStatus:
            response: dict[str, Any] = {"description": status.phrase}
            if not 100 <= status < 200 and status not in (204, 304):
                response["schema"] = self.ERROR_SCHEMA
            prepare_response(response, self.spec, PROBLEM_CONTENT_TYPE)
            self.spec.components.response(status.name, response, lazy=True)
        default = {"description": "Any other error", "schema": self.ERROR_SCHEMA}
        prepare_response(default, self.spec, PROBLEM_CONTENT_TYPE)
        self.spec.components.response("DEFAULT_ERROR", default, lazy=True)
