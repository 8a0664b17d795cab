from typing import Literal

ReadinessKernel = Literal["compiled", "python"]

READINESS_KERNEL_VALUES: set[ReadinessKernel] = {
    "compiled",
    "python",
}


def check_readiness_kernel(value: str) -> ReadinessKernel:
    if value in READINESS_KERNEL_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {READINESS_KERNEL_VALUES!r}")
