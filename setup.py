"""Build of the compiled search kernel; everything else is configured in pyproject.toml.

The extension is optional: without a C compiler the install still succeeds (setuptools warns)
and the search runs on its pure-Python kernel (service/search/kernel/backend.py logs a warning).
"""

import platform

from setuptools import Extension, setup

# The policy's float sums must round as in Python: no fused multiply-add.
FLAGS = ["-O3", "-ffp-contract=off"]
# Card sets are counted with popcount: on x86-64 ask for the instruction (every x86-64 CPU
# since 2008 has it; without the flag gcc calls a slow library routine instead).
# Tuning for the building CPU changes only the choice and order of instructions, never which
# instructions exist, so the extension still runs on any x86-64 CPU with popcount.
if platform.machine().lower() in ("x86_64", "amd64"):
    FLAGS += ["-mpopcnt", "-mtune=native"]

setup(
    ext_modules=[
        Extension(
            "service.search.kernel._kernel",
            ["service/search/kernel/_kernel.pyx"],
            extra_compile_args=FLAGS,
            optional=True,
        )
    ],
)
