"""Suite-wide pytest hooks: the header names the search kernel backend the tests ran on."""

from service.search.kernel.backend import active_backend, requested


def pytest_report_header() -> str:
    """The search kernel backend in use (SCOPA_KERNEL)."""
    return f"search kernel: {active_backend()} (SCOPA_KERNEL={requested()})"
