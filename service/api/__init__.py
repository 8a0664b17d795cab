"""HTTP JSON API over the rules engine: Flask app factory, schemas, problem responses."""
