"""POST /v1/fair-play: evidence that a player saw hidden cards or played an engine's moves."""
