"""``python -m service.webhooks new-secret``: print a new webhook signing secret."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from service.webhooks.signing import new_secret


def main(argv: Sequence[str] | None = None) -> None:
    """Print a new signing secret (for SCOPA_WEBHOOK_SECRET or a key's webhook_secret)."""
    parser = argparse.ArgumentParser(description="Webhook signing secrets.")
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("new-secret", help="a new random secret")
    parser.parse_args(argv)
    print(new_secret())


if __name__ == "__main__":
    main()
