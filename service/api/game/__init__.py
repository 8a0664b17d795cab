"""POST /v1/deal, /v1/moves and /v1/play: a hand dealt, its legal moves, a move played."""
