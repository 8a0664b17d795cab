"""POST /v1/insights and /v1/drills: what a player's hands say, and drills from their mistakes."""
