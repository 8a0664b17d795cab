"""Whether the tests must have the compiled search kernel: always in CI (the image and CI
build it, so its absence is a failure there), and where SCOPA_KERNEL=compiled insists on it."""

import importlib
import os
from types import ModuleType

import pytest

from service.search.kernel import backend


def compiled_kernel_required() -> bool:
    """Whether a missing compiled kernel fails the tests instead of skipping them."""
    ci = os.environ.get("CI", "").lower() == "true"
    return ci or os.environ.get(backend.ENV, "").strip().lower() == "compiled"


def require_compiled_kernel() -> ModuleType:
    """The compiled kernel's module; without it, skip the calling test module, or fail it
    where the kernel is required."""
    if backend.COMPILED is not None:
        return importlib.import_module("service.search.kernel._kernel")
    if compiled_kernel_required():
        raise ImportError(
            "the compiled search kernel (service.search.kernel._kernel) is not built, and CI or "
            "SCOPA_KERNEL=compiled requires it"
        )
    pytest.skip("the compiled kernel is not built (never skipped in CI)", allow_module_level=True)
