"""The advisor of an earlier commit as a player, for strength comparisons on the same deals.

The commit's tree is exported (``git archive``) to ``build/baseline-<commit>/`` and its search
kernel compiled there in place, once; each player then runs that tree's advisor in a child
process of its own (this file run as ``baseline.py serve`` with only that tree importable),
fed one view a line as JSON and answering the move. The default commit is main before the
search work of the "stronger and faster advice" issue (the advisor whose strength and speed
that issue measures against).

    python tests/benchmarks/baseline.py build [--commit SHA]
"""

from __future__ import annotations

import argparse
import fcntl
import functools
import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import IO, Any

from service.engine import codec
from service.engine.moves import Move
from service.engine.view import View

BASELINE_COMMIT = "2dc43e4cc76e26af3c6890dd23fd06a628ca680a"
ROOT = Path(__file__).resolve().parents[2]


def tree(commit: str) -> Path:
    """The folder holding the commit's exported and built tree."""
    return ROOT / "build" / f"baseline-{commit[:12]}"


def build(commit: str = BASELINE_COMMIT) -> Path:
    """Export the commit's tree and compile its search kernel in place (once); its folder.
    A name (HEAD, a branch, a short SHA) is resolved first, so a tree built for a name that
    has since moved is not taken for the commit it names now."""
    commit = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--verify", f"{commit}^{{commit}}"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    folder = tree(commit)
    folder.parent.mkdir(parents=True, exist_ok=True)
    # Two benchmark workers may ask for the same tree at once: one builds, the other waits.
    with (folder.parent / f"{folder.name}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        return _build_locked(commit, folder)


def script_output(script: str, args: list[str], folder: Path | None = None) -> str:
    """What a script prints, run as a child process with only ``folder``'s tree importable
    (another commit's built tree; None: this tree)."""
    env = dict(os.environ)
    if folder is not None:
        env["PYTHONPATH"] = str(folder)
    return subprocess.run(
        [sys.executable, script, *args],
        cwd=folder,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout


def _build_locked(commit: str, folder: Path) -> Path:
    done = folder / ".built"
    if done.exists() and kernel_built(folder):
        return folder
    folder.mkdir(parents=True, exist_ok=True)
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", commit], check=True, capture_output=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    subprocess.run(
        [sys.executable, "setup.py", "-q", "build_ext", "--inplace"],
        cwd=folder,
        check=True,
        capture_output=True,
    )
    done.write_text(commit)
    return folder


def kernel_built(folder: Path) -> bool:
    """Whether the tree holds a compiled search kernel (a non-empty extension module): a tree
    restored without it would otherwise search on the pure kernel, silently slower."""
    kernel = folder / "service" / "search" / "kernel"
    return any(path.stat().st_size > 0 for path in kernel.glob("_kernel*.so"))


class BaselinePlayer:
    """Plays the earlier commit's advisor at a budget, through a child process."""

    def __init__(self, ms: int = 50, commit: str = BASELINE_COMMIT) -> None:
        self.name = f"baseline:ms={ms}"
        self.ms = ms
        self.commit = commit
        self._child: subprocess.Popen[str] | None = None

    def _process(self) -> subprocess.Popen[str]:
        if self._child is None or self._child.poll() is not None:
            folder = build(self.commit)
            env = {**os.environ, "PYTHONPATH": str(folder)}
            self._child = subprocess.Popen(
                [sys.executable, str(Path(__file__).resolve()), "serve"],
                cwd=folder,
                env=env,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
            )
        return self._child

    @functools.cached_property
    def declares(self) -> bool:
        """Whether the commit's engine has the declaration round (its views carry it)."""
        codec_source = build(self.commit) / "service" / "engine" / "codec.py"
        return "declaration_round" in codec_source.read_text()

    def choose(self, view: View, rng: random.Random) -> Move:
        """The earlier advisor's move, searched with a seed drawn from ``rng``."""
        child = self._process()
        data = codec.view_to_dict(view)
        data.pop("unseen")
        if not self.declares:
            # An engine without the declaration round: a seat that declined left no move.
            data["history"] = [play for play in data["history"] if play.get("kind") != "decline"]
            data.pop("declaration_round", None)
        request = {"view": data, "seed": rng.getrandbits(32), "ms": self.ms}
        stdin, stdout = _pipes(child)
        stdin.write(json.dumps(request) + "\n")
        stdin.flush()
        answer = json.loads(stdout.readline())
        return codec.move_from_dict(answer["move"])


def _pipes(child: subprocess.Popen[str]) -> tuple[IO[str], IO[str]]:
    assert child.stdin is not None and child.stdout is not None
    return child.stdin, child.stdout


def serve() -> None:
    """Answer views with the advisor of the tree on PYTHONPATH (the earlier commit's)."""
    from service.engine import codec as old_codec
    from service.search import Budget, advise

    for line in sys.stdin:
        request: dict[str, Any] = json.loads(line)
        view = old_codec.view_from_dict(request["view"])
        advice = advise(view, Budget(ms=request["ms"]), request["seed"])
        print(json.dumps({"move": old_codec.move_to_dict(advice.chosen)}), flush=True)


def main() -> None:
    """Build the baseline tree, or serve moves from it (used by BaselinePlayer)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=("build", "serve"))
    parser.add_argument("--commit", default=BASELINE_COMMIT)
    args = parser.parse_args()
    if args.action == "build":
        print(build(args.commit))
    else:
        serve()


if __name__ == "__main__":
    main()
