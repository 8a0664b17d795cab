"""A small Dockerfile reader for the tests: instructions, COPY sources, .dockerignore matching."""

from __future__ import annotations

import fnmatch
import json
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Instruction:
    keyword: str
    args: str

    def exec_form(self) -> list[str]:
        """The JSON array of an exec-form instruction (raises if it is shell form)."""
        value = json.loads(self.args)
        assert isinstance(value, list), f"{self.keyword} is not in exec form"
        return [str(item) for item in value]


def instructions(path: Path = ROOT / "Dockerfile") -> list[Instruction]:
    """Every instruction of the Dockerfile, continuation lines joined, comments dropped."""
    result: list[Instruction] = []
    pending = ""
    for raw in path.read_text().splitlines():
        line = raw.strip()
        if not pending and (not line or line.startswith("#")):
            continue
        if line.startswith("#"):
            continue
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        full = (pending + line).strip()
        pending = ""
        keyword, _, args = full.partition(" ")
        result.append(Instruction(keyword.upper(), args.strip()))
    return result


def copy_sources(items: list[Instruction]) -> list[str]:
    """Sources of every COPY/ADD taken from the build context (not from another stage)."""
    sources: list[str] = []
    for item in items:
        if item.keyword not in {"COPY", "ADD"}:
            continue
        tokens = item.args.split()
        if any(token.startswith("--from=") for token in tokens):
            continue
        paths = [token for token in tokens if not token.startswith("--")]
        sources.extend(paths[:-1])
    return sources


def dockerignore_patterns(path: Path = ROOT / ".dockerignore") -> list[str]:
    """The patterns of .dockerignore, without comments and blank lines."""
    lines = (line.strip() for line in path.read_text().splitlines())
    return [line for line in lines if line and not line.startswith("#")]


def is_ignored(relative: str, patterns: list[str]) -> bool:
    """Whether .dockerignore leaves ``relative`` (or a folder holding it) out of the context."""
    parts = relative.split("/")
    prefixes = ["/".join(parts[: i + 1]) for i in range(len(parts))]
    for pattern in patterns:
        assert not pattern.startswith("!"), "exceptions are not supported by this reader"
        plain = pattern.removeprefix("**/")
        for prefix in prefixes:
            if fnmatch.fnmatch(prefix, pattern):
                return True
            if plain != pattern and fnmatch.fnmatch(prefix.rsplit("/", 1)[-1], plain):
                return True
    return False
