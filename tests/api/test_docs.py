"""Swagger UI at /docs, served offline from the swagger-ui-bundle package."""

from __future__ import annotations

import re

from flask.testing import FlaskClient


def test_docs_page_loads_only_local_assets(client: FlaskClient) -> None:
    response = client.get("/docs")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    sources = re.findall(r'(?:src|href)="([^"]+)"', html)
    assert sources
    assert not [s for s in sources if "//" in s], sources
    for source in sources:
        with client.get(source) as asset:
            assert asset.status_code == 200, source
            assert len(asset.data) > 1000, source
    assert '"/openapi.json"' in html


def test_the_spec_is_served_as_json(client: FlaskClient) -> None:
    spec = client.get("/openapi.json").get_json()
    assert spec["openapi"] == "3.1.0"
    assert "/v1/play" in spec["paths"]


def test_an_unknown_asset_is_a_404(client: FlaskClient) -> None:
    with client.get("/docs/assets/nothing.js") as response:
        assert response.status_code == 404
