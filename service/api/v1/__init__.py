"""Version 1 of the API: rules, deal, legal moves, play and scoring."""
