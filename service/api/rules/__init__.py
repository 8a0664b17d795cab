"""GET /v1/rules and GET /v1/rules/tally: the presets, the rule options and the tally form."""
