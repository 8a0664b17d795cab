"""POST /v1/record, /v1/replay and /v1/view: hand records, replays and seat views."""
