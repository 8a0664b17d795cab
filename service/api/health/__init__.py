"""GET /healthz and GET /readyz: whether the process answers and the worker can serve."""
