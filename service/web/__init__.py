"""The service's own web page: a table to play the Scopa family against the advisor."""
