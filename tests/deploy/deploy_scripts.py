"""deploy/redis_secret.py loaded as a module for the tests (it is a script, not in the package)."""

from __future__ import annotations

import importlib.util
from types import ModuleType

from tests.deploy.dockerfile import ROOT


def load_redis_secret() -> ModuleType:
    """The module of deploy/redis_secret.py."""
    path = ROOT / "deploy" / "redis_secret.py"
    spec = importlib.util.spec_from_file_location("redis_secret", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


redis_secret = load_redis_secret()
