"""GET and POST /v1/bot: the computer opponents' levels, and the move of a level."""
