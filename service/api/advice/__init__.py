"""POST /v1/advice: a seat's moves ranked by a search; the advice other resources ask for."""
