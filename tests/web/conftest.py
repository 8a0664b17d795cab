"""Fixtures of the web page tests: an app made by the factory and its test client."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from service.api.app import create_app


@pytest.fixture
def app() -> Flask:
    """A fresh app in testing mode."""
    return create_app({"TESTING": True})


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """A test client of the app."""
    return app.test_client()
