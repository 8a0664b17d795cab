"""Scopa service: rules, scoring and move advice for the Scopa family of card games."""

__version__ = "0.1.0"
