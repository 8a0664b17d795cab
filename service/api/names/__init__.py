"""GET /v1/names: the display names of cards, suits, figures and score categories."""
