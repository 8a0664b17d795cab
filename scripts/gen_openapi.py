"""Write openapi.yaml from the app's schemas: `python scripts/gen_openapi.py [--check]`."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import yaml

from service.api.app import create_app
from service.api.examples import resolve_lazy

SPEC_PATH = Path(__file__).resolve().parent.parent / "openapi.yaml"


def spec_dict() -> dict[str, Any]:
    """The OpenAPI document the app generates from its schemas."""
    app = create_app({"TESTING": True})
    with app.app_context():
        api = app.extensions["flask-smorest"]["apis"][""]["ext_obj"]
        spec: dict[str, Any] = resolve_lazy(api.spec.to_dict())
    return spec


def render_spec() -> str:
    """The OpenAPI document as the YAML text committed in openapi.yaml."""
    return yaml.safe_dump(spec_dict(), sort_keys=True, allow_unicode=True, width=100)


def main() -> int:
    """Write the spec, or with --check exit 1 when the committed file differs."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    args = parser.parse_args()
    text = render_spec()
    if args.check:
        if not SPEC_PATH.exists() or SPEC_PATH.read_text(encoding="utf-8") != text:
            print(f"{SPEC_PATH.name} is out of date: run `make openapi`", file=sys.stderr)
            return 1
        return 0
    SPEC_PATH.write_text(text, encoding="utf-8")
    print(f"wrote {SPEC_PATH}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
