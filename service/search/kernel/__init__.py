"""The playout kernel: pure positions, captures, rollout policy and solver, with a C twin."""
