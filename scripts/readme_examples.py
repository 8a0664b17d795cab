"""Run the console examples of the README and the docs against a fresh server; write back
their real output.

    python scripts/readme_examples.py [FILE ...] [--readme FILE] [--port 8090]

With no file, the README and every page of docs/ that has a ```console block, in that order;
name files (``docs/api.md``, or ``--readme README.md`` as before) to run only theirs. Every
```console block of a file is a list of commands (lines starting with ``$ ``; a heredoc's
lines belong to its command) each followed by its output. The commands run in order
in one bash session, in a scratch folder that links the repository's ``.venv`` and ``clients``
(so a variable or a file one example makes serves the next), against gunicorn started as
``make serve`` starts it but with one worker (so the in-process cache examples hit the worker
that filled it) on ``--port``; the README's own addresses (127.0.0.1:8000, and the metrics port
9464) are rewritten on the fly. Each output is replaced by what the command printed. A block
right after the line ``<!-- examples: not re-run -->`` is left as written (it needs another
server, or prints times). The files share that one session, in the order given, and each
file's examples are self-contained. Review the change with ``git diff README.md docs`` before
committing it.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import tempfile
import time
import urllib.request
import uuid
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCS = ROOT / "docs"
CONSOLE = "```console"
SKIP = "<!-- examples: not re-run -->"
README_API = "127.0.0.1:8000"
README_METRICS = "127.0.0.1:9464"
HEREDOC = re.compile(r"<<-?'?(\w+)'?")


@dataclass
class Example:
    """One command (with its heredoc lines) and the output the README shows for it."""

    command: list[str]
    output: list[str]
    blank_after: bool


def parse_block(lines: list[str]) -> list[Example]:
    """The commands and outputs of one console block's lines."""
    examples: list[Example] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.startswith("$ "):
            raise SystemExit(f"console block: expected a command, got {line!r}")
        command = [line]
        i += 1
        heredoc = HEREDOC.search(line)
        if heredoc:
            while i < len(lines) and lines[i] != heredoc.group(1):
                command.append(lines[i])
                i += 1
            command.append(lines[i])
            i += 1
        output = []
        while i < len(lines) and not lines[i].startswith("$ "):
            output.append(lines[i])
            i += 1
        blank_after = bool(output) and output[-1] == ""
        while output and output[-1] == "":
            output.pop()
        examples.append(Example(command, output, blank_after))
    return examples


class Shell:
    """One bash session; each command's output read up to a marker printed after it."""

    def __init__(self, folder: Path, api: str, metrics: str) -> None:
        self.api, self.metrics = api, metrics
        env = {**os.environ, "PATH": f"{ROOT / '.venv' / 'bin'}:{os.environ['PATH']}"}
        self.process = subprocess.Popen(
            ["bash", "--norc", "--noprofile"],
            cwd=folder,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )

    def run(self, command: list[str]) -> list[str]:
        """The lines a command printed."""
        assert self.process.stdin is not None and self.process.stdout is not None
        text = "\n".join(command)
        text = text.replace(README_API, self.api).replace(README_METRICS, self.metrics)
        text = re.sub(r"^\$ ", "", text)
        marker = f"--{uuid.uuid4().hex}--"
        self.process.stdin.write(f"{text}\necho; echo {marker}\n")
        self.process.stdin.flush()
        out: list[str] = []
        for raw in self.process.stdout:
            line = raw.rstrip("\n").rstrip("\r")
            if line == marker:
                break
            out.append(line)
        while out and out[-1] == "":
            out.pop()
        return out

    def close(self) -> None:
        """End the session."""
        self.process.kill()


def start_server(port: int) -> subprocess.Popen[bytes]:
    """gunicorn as ``make serve`` runs it, with one worker, once it answers /readyz."""
    env = {
        **os.environ,
        "WEB_CONCURRENCY": "1",
        "SCOPA_METRICS_PORT": str(port + 1),
    }
    env.pop("REDIS_URL", None)
    server = subprocess.Popen(
        [
            str(ROOT / ".venv" / "bin" / "gunicorn"),
            "--bind",
            f"127.0.0.1:{port}",
            "service.api.app:create_app()",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    for _ in range(100):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/readyz", timeout=1):
                return server
        except OSError:
            time.sleep(0.1)
    server.kill()
    raise SystemExit("the server did not start")


def rerun(text: str, shell: Shell) -> str:
    """The README with every console block's outputs replaced by what its commands print."""
    lines = text.split("\n")
    result: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        result.append(line)
        i += 1
        if line != CONSOLE:
            continue
        end = lines.index("```", i)
        block = lines[i:end]
        skipped = len(result) >= 2 and result[-2] == SKIP
        if not skipped:
            new = []
            for example in parse_block(block):
                new += example.command + shell.run(example.command)
                if example.blank_after:
                    new.append("")
            block = new
        result += block
        i = end
    return "\n".join(result)


def with_examples() -> list[Path]:
    """The README and every docs page that has a console block."""
    pages = sorted(DOCS.glob("*.md"))
    return [README] + [page for page in pages if CONSOLE in page.read_text().split("\n")]


def main(argv: list[str] | None = None) -> None:
    """Re-run the examples of the files and write them back."""
    parser = argparse.ArgumentParser(description=" ".join(__doc__.split("\n\n")[0].split()))
    parser.add_argument("files", type=Path, nargs="*", help="default: README.md and docs/*.md")
    parser.add_argument("--readme", type=Path, action="append", default=[], help="a file too")
    parser.add_argument("--port", type=int, default=8090)
    args = parser.parse_args(argv)
    files: list[Path] = [*args.files, *args.readme] or with_examples()
    server = start_server(args.port)
    try:
        with tempfile.TemporaryDirectory() as folder:
            # The examples name the repository's .venv and clients from its root.
            for name in (".venv", "clients"):
                (Path(folder) / name).symlink_to(ROOT / name)
            shell = Shell(Path(folder), f"127.0.0.1:{args.port}", f"127.0.0.1:{args.port + 1}")
            try:
                for path in files:
                    path.write_text(rerun(path.read_text(), shell))
            finally:
                shell.close()
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
