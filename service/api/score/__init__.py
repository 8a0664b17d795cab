"""POST /v1/score and POST /v1/match: a finished hand scored, and a match ledger."""
