"""Scopa service: rules, scoring and move advice for the Scopa family of card games."""

import tomllib
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

try:
    __version__ = version("scopa-service")
except PackageNotFoundError:  # a source tree that was never installed
    _PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"
    __version__ = tomllib.loads(_PYPROJECT.read_text(encoding="utf-8"))["project"]["version"]
"""The service's version, pyproject.toml's (as installed): the spec's info.version, the metric
scopa_build_info's label and part of every advice cache key."""
