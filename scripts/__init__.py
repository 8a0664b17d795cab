"""Developer scripts (not part of the service)."""
