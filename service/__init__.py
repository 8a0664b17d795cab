"""Scopa service: rules, scoring and move advice for the Scopa family of card games."""
