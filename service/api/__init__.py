"""HTTP JSON API over the rules engine: a package per resource (its operations, views,
schemas, request, use case and answer) over the shared shapes and HTTP machinery."""
