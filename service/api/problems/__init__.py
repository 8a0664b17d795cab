"""GET /v1/problems and the /problems page: every problem type the API answers."""
