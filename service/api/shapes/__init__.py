"""The JSON shapes several resources share (rules, states, views, records, budgets, scores,
problems) and their loading into checked engine values."""
