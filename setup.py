"""Build of the compiled search kernel; everything else is configured in pyproject.toml.

The kernel is required: without a C compiler the install fails, saying how to go on. Set
SCOPA_KERNEL_OPTIONAL=1 to install without it on a machine that cannot compile (a laptop
trying the API): the search then runs on its pure-Python kernel, about a hundred times fewer
worlds in the same time, and the service logs an error and reports it at /readyz.
"""

import os
import platform

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

OPTIONAL = os.environ.get("SCOPA_KERNEL_OPTIONAL") == "1"
HINT = (
    "the compiled search kernel (service/search/kernel/_kernel.pyx) could not be built: install "
    "a C compiler (Debian: build-essential), or set SCOPA_KERNEL_OPTIONAL=1 to install without "
    "it and search on the pure-Python kernel (about a hundred times weaker in the same time)"
)

# The policy's float sums must round as in Python: no fused multiply-add.
FLAGS = ["-O3", "-ffp-contract=off"]
# Card sets are counted with popcount: on x86-64 ask for the instruction (every x86-64 CPU
# since 2008 has it; without the flag gcc calls a slow library routine instead).
# Tuning for the building CPU changes only the choice and order of instructions, never which
# instructions exist, so the extension still runs on any x86-64 CPU with popcount.
if platform.machine().lower() in ("x86_64", "amd64"):
    FLAGS += ["-mpopcnt", "-mtune=native"]


class BuildKernel(build_ext):
    """build_ext that names the way out when the required kernel does not compile."""

    def run(self) -> None:
        """Build the extensions; a failure of the required kernel says what to do."""
        try:
            super().run()
        except Exception as error:
            if OPTIONAL:
                raise
            raise SystemExit(f"error: {HINT}\n({error})") from error


setup(
    ext_modules=[
        Extension(
            "service.search.kernel._kernel",
            ["service/search/kernel/_kernel.pyx"],
            extra_compile_args=FLAGS,
            optional=OPTIONAL,
        )
    ],
    cmdclass={"build_ext": BuildKernel},
)
