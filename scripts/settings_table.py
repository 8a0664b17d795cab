"""The table of environment variables in docs/deployment.md, made from the settings declarations.

python -m scripts.settings_table            # print the table
python -m scripts.settings_table --write    # put it into docs/deployment.md
python -m scripts.settings_table --check    # exit 1 when docs/deployment.md is out of date
"""

from __future__ import annotations

import argparse
import sys
import typing
from pathlib import Path
from typing import Any

import annotated_types
from pydantic.fields import FieldInfo

from service.config import Settings

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "deployment.md"
BEGIN = "<!-- settings table: python -m scripts.settings_table --write -->"
END = "<!-- end of settings table -->"


def accepts(info: FieldInfo) -> str:
    """What a variable accepts, from the field's type and bounds (an optional one's when set)."""
    annotation = info.annotation
    optional = [a for a in typing.get_args(annotation) if a is not type(None)]
    if len(optional) == 1 and len(typing.get_args(annotation)) == 2:
        annotation = optional[0]
    if typing.get_origin(annotation) is typing.Literal:
        return ", ".join(str(choice) for choice in typing.get_args(annotation))
    if annotation is bool:
        return "true / false"
    if annotation is int:
        low = next((m.ge for m in info.metadata if isinstance(m, annotated_types.Ge)), None)
        high = next((m.le for m in info.metadata if isinstance(m, annotated_types.Le)), None)
        if low is not None and high is not None:
            return f"integer {low} to {high}"
        return f"integer >= {low}" if low is not None else "integer"
    return "text"


def shown_default(value: Any) -> str:
    """A default as the table shows it."""
    if value is None:
        return "unset"
    if value == "":
        return "empty"
    if isinstance(value, bool):
        return "true" if value else "false"
    return f"`{value}`"


def table() -> str:
    """The markdown table of every variable of the settings, in declaration order."""
    lines = ["| variable | default | accepts | meaning |", "|---|---|---|---|"]
    for info in Settings.model_fields.values():
        extra = info.json_schema_extra
        assert isinstance(extra, dict)
        also = typing.cast(list[str], extra["also"])
        names = f"`{extra['env']}`" + "".join(f" (or `{name}`)" for name in also)
        meaning = (info.description or "").replace("|", "\\|")
        lines.append(f"| {names} | {shown_default(info.default)} | {accepts(info)} | {meaning} |")
    return "\n".join(lines) + "\n"


def with_table(text: str) -> str:
    """``text`` with the part between the table markers replaced by the current table."""
    start = text.index(BEGIN) + len(BEGIN)
    end = text.index(END)
    return text[:start] + "\n\n" + table() + "\n" + text[end:]


def main(argv: list[str] | None = None) -> int:
    """Print, write or check the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--write", action="store_true", help="update docs/deployment.md")
    mode.add_argument("--check", action="store_true", help="fail when docs/deployment.md differs")
    args = parser.parse_args(argv)
    current = PAGE.read_text()
    if args.write:
        PAGE.write_text(with_table(current))
    elif args.check:
        if with_table(current) != current:
            print(f"{PAGE} is out of date: python -m scripts.settings_table --write")
            return 1
    else:
        sys.stdout.write(table())
    return 0


if __name__ == "__main__":
    sys.exit(main())
