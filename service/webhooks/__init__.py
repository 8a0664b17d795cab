"""Signed webhooks: their signatures, the addresses they may go to, and one delivery."""
