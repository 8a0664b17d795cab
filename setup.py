"""Build of the compiled search kernel; everything else is configured in pyproject.toml.

The extension is optional: without a C compiler the install still succeeds (setuptools warns)
and the search runs on its pure-Python kernel (service/search/kernel/backend.py logs a warning).
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "service.search.kernel._kernel",
            ["service/search/kernel/_kernel.pyx"],
            # The policy's float sums must round as in Python: no fused multiply-add.
            extra_compile_args=["-O3", "-ffp-contract=off"],
            optional=True,
        )
    ],
)
