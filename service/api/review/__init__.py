"""POST /v1/review and /v1/review/batch: hand records judged decision by decision."""
