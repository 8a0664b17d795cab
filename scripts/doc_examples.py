"""Run the console examples of the README and the docs against real servers; check what they
print against what the pages show, or write it back.

    python -m scripts.doc_examples --check [FILE ...]   # a diff and exit 1 on any difference
    python -m scripts.doc_examples --write [FILE ...]   # write back what the commands print

With no file, the README and every page of docs/ that has a ```console block. Each block is
commands (lines starting with ``$ ``; a heredoc's lines belong to its command) each followed by
the output the page shows for it. A page's commands run in order in one bash session of its
own, as a reader would type them at the repository's root: in a folder of links to every entry
of the root, so that a file an example writes lands in that folder, not in the checkout (a
variable or a file one example makes serves the next; the environment has no ``SCOPA_*``
variable and no ``.venv/bin`` on the PATH, as a fresh shell).

Servers. A page's examples run against gunicorn started as ``make serve`` starts it, with one
worker (so the in-process cache examples hit the worker that filled it) and no Redis, on free
ports. A block right after ``<!-- examples: server VAR=value ... -->`` and the blocks after it
run against a server started with those settings instead (``<!-- examples: server -->`` goes
back to the plain one); a setting naming ``127.0.0.1:6379`` gets a ``redis-server`` of its own.
The pages' addresses (the API at 127.0.0.1:8000, its metrics at 127.0.0.1:9464, Redis at
127.0.0.1:6379, a job worker's metrics at 127.0.0.1:9465) and their scratch folder
(``/tmp/scopa-examples``) are rewritten on the fly, in the commands and back in what they
print. Examples may write files only there: anything else left in the session's folder fails.

Matching. An output line ``...`` stands for any lines (none included), and ``...`` inside a line
for any text: for what changes from run to run (a key made, a job's id, a time). Any other
difference fails ``--check`` with a unified diff. ``--write`` keeps a shown output that still
matches and replaces one that does not (its ``...`` are then to be put back by hand: review
``git diff README.md docs`` before committing).
"""

from __future__ import annotations

import argparse
import contextlib
import difflib
import json
import os
import queue
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCS = ROOT / "docs"
CONSOLE = "```console"
DIRECTIVE = re.compile(r"^<!-- examples: server(?P<settings>(?: \S+=\S*)*) -->$")
HEREDOC = re.compile(r"<<-?'?(\w+)'?")
ANY = "..."
API, METRICS, REDIS, WORKER_METRICS = (
    "127.0.0.1:8000",
    "127.0.0.1:9464",
    "127.0.0.1:6379",
    "127.0.0.1:9465",
)
SCRATCH = "/tmp/scopa-examples"
GUNICORN = str(ROOT / ".venv" / "bin" / "gunicorn")
NOTHING_KEPT = ("--save", "", "--appendonly", "no", "--dir")
COMMAND_TIMEOUT_S = 180.0
STOP_GRACE_S = 30.0
READY_TIMEOUT_S = 120.0
# Variables of the caller that a reader's fresh shell would not have.
REQUEST_LOGGER = "service.api.request"
# The request ID of this script's own readiness probes, whose 503s are no example's.
PROBE_ID = "doc-examples-probe"
ERROR = 400
CALLER_ONLY = re.compile(r"^(SCOPA_.*|REDIS_URL|WEB_CONCURRENCY|PROMETHEUS_MULTIPROC_DIR|PORT)$")


@dataclass
class Example:
    """One command (with its heredoc lines) and the output the page shows for it."""

    command: list[str]
    output: list[str]
    blank_after: bool


@dataclass
class Block:
    """A console block: where its lines are, the server it runs against, its examples."""

    start: int
    end: int
    settings: tuple[str, ...]
    examples: list[Example]


@dataclass
class Mismatch:
    """An example whose output differs from what its page shows, or that hides an error."""

    page: Path
    line: int
    command: list[str]
    shown: list[str]
    printed: list[str]
    hidden: list[str] = field(default_factory=list)

    def diff(self) -> str:
        """The command and a unified diff of shown against printed (or the errors hidden)."""
        head = f"{display(self.page)}:{self.line}: {self.command[0]}"
        if self.hidden:
            return f"{head}\n  its output hides the status of {', '.join(self.hidden)}"
        lines = difflib.unified_diff(
            self.shown, self.printed, "shown on the page", "printed", lineterm=""
        )
        return head + "\n" + "\n".join(lines)


def display(page: Path) -> str:
    """A page's path as the messages name it."""
    return str(page.relative_to(ROOT)) if page.is_relative_to(ROOT) else str(page)


class RequestLog:
    """The requests the app logged since the last look (gunicorn's log, JSON lines)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.offset = 0

    def errors(self) -> list[tuple[str, int]]:
        """The requests answered with an error status since the last call: "METHOD path"."""
        if not self.path.exists():
            return []
        with self.path.open("rb") as log:
            log.seek(self.offset)
            new = log.read()
        self.offset += len(new)
        found = []
        for raw in new.splitlines():
            with contextlib.suppress(ValueError):
                line = json.loads(raw)
                if (
                    line.get("logger") == REQUEST_LOGGER
                    and line.get("request_id") != PROBE_ID
                    and int(line["status"]) >= ERROR
                ):
                    found.append((f"{line['method']} {line['path']}", int(line["status"])))
        return found


def parse_block(lines: Sequence[str]) -> list[Example]:
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


def blocks_of(lines: Sequence[str]) -> list[Block]:
    """Every console block of a page's lines, with the server settings in force for it."""
    blocks: list[Block] = []
    settings: tuple[str, ...] = ()
    for i, line in enumerate(lines):
        directive = DIRECTIVE.match(line)
        if directive:
            settings = tuple(directive.group("settings").split())
        if line != CONSOLE:
            continue
        end = lines.index("```", i + 1)
        blocks.append(Block(i + 1, end, settings, parse_block(lines[i + 1 : end])))
    return blocks


def line_pattern(shown: str) -> re.Pattern[str]:
    """A shown line as a pattern: its ``...`` stand for any text."""
    return re.compile(".*".join(re.escape(part) for part in shown.split(ANY)), re.DOTALL)


def matches(shown: Sequence[str], printed: Sequence[str]) -> bool:
    """Whether printed lines are what the shown ones say (``...`` lines: any lines)."""

    @cache
    def match(i: int, j: int) -> bool:
        if i == len(shown):
            return j == len(printed)
        if shown[i] == ANY:
            return any(match(i + 1, k) for k in range(j, len(printed) + 1))
        return (
            j < len(printed)
            and line_pattern(shown[i]).fullmatch(printed[j]) is not None
            and match(i + 1, j + 1)
        )

    return match(0, 0)


def free_port() -> int:
    """A TCP port free on loopback now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def answers(url: str) -> bool:
    """Whether a URL answers 200 now (asked with the probes' own request ID)."""
    probe = urllib.request.Request(url, headers={"X-Request-ID": PROBE_ID})
    try:
        with urllib.request.urlopen(probe, timeout=2) as answer:
            return bool(answer.status == 200)
    except OSError:
        return False


def fresh_environment(extra: dict[str, str] | None = None) -> dict[str, str]:
    """The caller's environment without the service's settings, with ``extra``."""
    env = {k: v for k, v in os.environ.items() if not CALLER_ONLY.match(k)}
    env.update(extra or {})
    return env


@dataclass
class Addresses:
    """The pages' addresses and scratch folder, and what they are in this session."""

    pairs: dict[str, str] = field(default_factory=dict)

    def to_real(self, text: str) -> str:
        """A command as it runs here."""
        for shown, real in self.pairs.items():
            text = text.replace(shown, real)
        return text

    def to_shown(self, text: str) -> str:
        """What a command printed, as the page would show it."""
        for shown, real in self.pairs.items():
            text = text.replace(real, shown)
        return text


class Server:
    """gunicorn as ``make serve`` starts it (one worker, free ports), with its settings, and a
    redis-server of its own when a setting names one."""

    def __init__(self, settings: Sequence[str], addresses: Addresses, logs: Path) -> None:
        self.processes: list[subprocess.Popen[bytes]] = []
        self.log = (logs / "gunicorn.log").open("ab")
        self.settings = tuple(settings)
        env = {"WEB_CONCURRENCY": "1", "SCOPA_JOBS_DIR": str(logs / f"jobs-{uuid.uuid4().hex}")}
        if any(REDIS in setting for setting in settings):
            addresses.pairs[REDIS] = f"127.0.0.1:{self.start_redis(logs)}"
        for setting in settings:
            name, _, value = setting.partition("=")
            env[name] = addresses.to_real(value)
        api = addresses.pairs[API]
        env["SCOPA_METRICS_PORT"] = addresses.pairs[METRICS].rpartition(":")[2]
        self.processes.append(
            subprocess.Popen(
                # As `make serve` starts it.
                [GUNICORN, "--bind", api, "service.api.app:create_app()"],
                cwd=ROOT,
                env=fresh_environment(env),
                stdout=self.log,
                stderr=self.log,
            )
        )
        deadline = time.monotonic() + READY_TIMEOUT_S
        while not answers(f"http://{api}/readyz"):
            if time.monotonic() > deadline or self.processes[-1].poll() is not None:
                self.stop()
                tail = (logs / "gunicorn.log").read_text(errors="replace")[-3000:]
                raise RuntimeError(f"the server with {settings} did not get ready:\n{tail}")
            time.sleep(0.1)

    def start_redis(self, logs: Path) -> int:
        """A redis-server on a free port, keeping nothing on disk; its port."""
        binary = shutil.which("redis-server")
        if binary is None:
            raise RuntimeError("these examples need a redis-server binary")
        port = free_port()
        self.processes.append(
            subprocess.Popen(
                [binary, "--port", str(port), "--bind", "127.0.0.1", *NOTHING_KEPT, str(logs)],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        )
        deadline = time.monotonic() + 20
        while True:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 1):
                return port
            if time.monotonic() > deadline:
                raise RuntimeError("redis-server did not start")
            time.sleep(0.05)

    def stop(self) -> None:
        """Stop gunicorn (gracefully) and Redis."""
        for process in reversed(self.processes):
            process.terminate()
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        self.log.close()


class Shell:
    """One bash session in its own process group; each command's output read up to a marker
    printed after it."""

    def __init__(self, folder: Path, env: dict[str, str]) -> None:
        self.process = subprocess.Popen(
            ["bash", "--norc", "--noprofile"],
            cwd=folder,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=True,
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self.read, daemon=True).start()

    def read(self) -> None:
        """Pass the session's output on, line by line."""
        assert self.process.stdout is not None
        for raw in self.process.stdout:
            self.lines.put(raw.rstrip("\n").rstrip("\r"))
        self.lines.put(None)

    def run(self, text: str) -> list[str]:
        """The lines a command printed (RuntimeError if it does not end in time)."""
        assert self.process.stdin is not None
        marker = f"--{uuid.uuid4().hex}--"
        self.process.stdin.write(f"{text}\necho; echo {marker}\n")
        self.process.stdin.flush()
        out: list[str] = []
        deadline = time.monotonic() + COMMAND_TIMEOUT_S
        while True:
            try:
                line = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise RuntimeError(f"no end within {COMMAND_TIMEOUT_S:.0f} s: {text}") from None
            if line is None:
                raise RuntimeError(f"the shell ended during: {text}")
            if line == marker:
                break
            out.append(line)
        while out and out[-1] == "":
            out.pop()
        return out

    def close(self) -> None:
        """End the session and everything it started in the background (a job worker given
        its grace period to finish its record, then killed)."""
        group = self.process.pid
        with contextlib.suppress(ProcessLookupError):
            os.killpg(group, signal.SIGTERM)
        deadline = time.monotonic() + STOP_GRACE_S
        while time.monotonic() < deadline:
            try:
                os.killpg(group, 0)
            except ProcessLookupError:
                break
            self.process.poll()
            time.sleep(0.1)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(group, signal.SIGKILL)
        self.process.wait()
        for pipe in (self.process.stdin, self.process.stdout):
            if pipe is not None:
                with contextlib.suppress(OSError):
                    pipe.close()


@dataclass
class PageRun:
    """A page's examples run: its new text (outputs written back) and its mismatches."""

    text: str
    mismatches: list[Mismatch]


def run_page(page: Path) -> PageRun:
    """Run every example of a page in a session of its own."""
    lines = page.read_text(encoding="utf-8").split("\n")
    blocks = blocks_of(lines)
    mismatches: list[Mismatch] = []
    with tempfile.TemporaryDirectory(prefix="scopa-doc-") as top:
        folder, logs = Path(top) / "session", Path(top) / "logs"
        folder.mkdir()
        logs.mkdir()
        linked = linked_names()
        for name in linked:
            (folder / name).symlink_to(ROOT / name)
        addresses = Addresses(
            {
                API: f"127.0.0.1:{free_port()}",
                METRICS: f"127.0.0.1:{free_port()}",
                WORKER_METRICS: f"127.0.0.1:{free_port()}",
                SCRATCH: str(folder / "scopa-examples"),
            }
        )
        worker_port = addresses.pairs[WORKER_METRICS].rpartition(":")[2]
        shell = Shell(folder, fresh_environment({"SCOPA_WORKER_METRICS_PORT": worker_port}))
        server: Server | None = None
        requests = RequestLog(logs / "gunicorn.log")
        try:
            for block in blocks:
                if server is None or server.settings != block.settings:
                    if server is not None:
                        server.stop()
                        server = None
                    server = Server(block.settings, addresses, logs)
                new: list[str] = []
                # The page's line number (from 1) of the example's command.
                line = block.start + 1
                for example in block.examples:
                    text = addresses.to_real(re.sub(r"^\$ ", "", "\n".join(example.command)))
                    printed = [addresses.to_shown(out) for out in shell.run(text)]
                    hidden = [
                        f"{request} ({status})"
                        for request, status in requests.errors()
                        if not any(str(status) in out for out in printed)
                    ]
                    if hidden:
                        mismatches.append(
                            Mismatch(page, line, example.command, [], printed, hidden)
                        )
                    if matches(example.output, printed):
                        printed = example.output
                    else:
                        mismatches.append(
                            Mismatch(page, line, example.command, example.output, printed)
                        )
                    new += example.command + printed + ([""] if example.blank_after else [])
                    line += len(example.command) + len(example.output) + example.blank_after
                lines[block.start : block.end] = new
                shift = len(new) - (block.end - block.start)
                for later in blocks[blocks.index(block) + 1 :]:
                    later.start += shift
                    later.end += shift
        finally:
            shell.close()
            if server is not None:
                server.stop()
        kept = {*linked, Path(SCRATCH).name}
        strays = sorted(p.name for p in folder.iterdir() if p.name not in kept)
        if strays:
            raise RuntimeError(
                f"{display(page)}: examples wrote {', '.join(strays)} outside "
                f"{SCRATCH}; write files there"
            )
    return PageRun("\n".join(lines), mismatches)


def linked_names() -> list[str]:
    """What a session's folder links to: every entry of the repository's root but ``.git``
    (so that ``.venv/bin/...``, ``gunicorn.conf.py`` or ``clients/`` read as from the root)."""
    return sorted(p.name for p in ROOT.iterdir() if p.name != ".git")


def with_examples() -> list[Path]:
    """The README and every docs page that has a console block."""
    pages = sorted(DOCS.glob("*.md"))
    return [README] + [page for page in pages if CONSOLE in page.read_text().split("\n")]


def needs_redis(page: Path) -> bool:
    """Whether a page's examples start a redis-server."""
    text = page.read_text(encoding="utf-8")
    return any(REDIS in m.group("settings") for m in map(DIRECTIVE.match, text.split("\n")) if m)


def main(argv: list[str] | None = None) -> int:
    """Check or write the examples of the pages; the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--check", action="store_true", help="diff and exit 1 on a difference")
    mode.add_argument("--write", action="store_true", help="write back what the commands print")
    parser.add_argument("files", type=Path, nargs="*", help="default: README.md and docs/*.md")
    args = parser.parse_args(argv)
    failed = False
    for page in [p.resolve() for p in args.files] or with_examples():
        run = run_page(page)
        for mismatch in run.mismatches:
            print(mismatch.diff(), flush=True)
        if args.write:
            page.write_text(run.text, encoding="utf-8")
        failed = failed or bool(run.mismatches)
    return 1 if failed and args.check else 0


if __name__ == "__main__":
    sys.exit(main())
