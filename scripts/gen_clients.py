"""Regenerate the API clients from openapi.yaml: `python scripts/gen_clients.py [--check]`.

`make clients` runs it. Every generator is pinned, so the same spec gives the same bytes:

- clients/typescript/src/schema.d.ts: the spec's types, by openapi-typescript (its version and
  openapi-fetch's are pinned in clients/typescript/package-lock.json; `npm ci` installs them).
- service/web/static/openapi-fetch.js: openapi-fetch's dependency-free ESM build (MIT), copied
  with its licence for the play page, which loads it without a build step; beside it a
  declaration file that gives it openapi-fetch's own types for `tsc --checkJs`.
- clients/python/: a client package by openapi-python-client (pinned in requirements.lock),
  with the settings in clients/openapi-python-client.yaml, formatted by the pinned ruff. The
  hand-written files listed in HANDWRITTEN (such as scopa_client/streams.py) are not generated,
  and those in REPLACED (README.md) stand in for the generator's boilerplate: a regeneration
  replaces everything else in clients/python and keeps them as they are.

The generator reads a copy of the spec (``python_spec``): openapi-python-client 0.29 types an
operation's ``client`` as ``AuthenticatedClient`` whenever the operation lists any security
requirement, even when the list holds the empty one (``{}``, anonymous access allowed: this
server's API keys are off unless an operator turns them on). In the copy such an operation's
security is left out, so its ``client`` is ``AuthenticatedClient | Client``, which is what
the spec says (upstream: openapi-generators/openapi-python-client issue 1372).

With --check nothing is written: it exits 1 naming each file that differs from what the
committed openapi.yaml generates (the hand-written files are left out of the comparison).
"""

from __future__ import annotations

import argparse
import filecmp
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML

ROOT = Path(__file__).resolve().parent.parent
SPEC_PATH = ROOT / "openapi.yaml"
TS_DIR = ROOT / "clients" / "typescript"
TS_SCHEMA = TS_DIR / "src" / "schema.d.ts"
STATIC_DIR = ROOT / "service" / "web" / "static"
VENDORED_FETCH = STATIC_DIR / "openapi-fetch.js"
VENDORED_FETCH_TYPES = STATIC_DIR / "openapi-fetch.d.ts"
PY_DIR = ROOT / "clients" / "python"
PY_CONFIG = ROOT / "clients" / "openapi-python-client.yaml"
# openapi-typescript's options. Defaults do not make a field required: a request may omit it.
TS_OPTIONS = (
    "--default-non-nullable",
    "false",
    "--root-types",
    "--root-types-no-schema-prefix",
)
# Files a run of the tools leaves that are not part of the generated client.
IGNORED = {"__pycache__", ".ruff_cache", ".mypy_cache", ".pytest_cache"}
# Files of clients/python written by hand (paths relative to it): kept by a regeneration and
# never reported as out of date. The generator must not write a file of the same path.
HANDWRITTEN = frozenset({Path("scopa_client/streams.py"), Path("scopa_client/webhooks.py")})
# Files the generator writes as boilerplate that the hand-written ones of the same path replace.
REPLACED = frozenset({Path("README.md")})
KEPT = HANDWRITTEN | REPLACED
# The Security Requirement Object that allows anonymous access.
ANONYMOUS: dict[str, Any] = {}
HINT = "run `make clients`"


class GenerationError(RuntimeError):
    """A generator failed or is missing."""


def node_missing() -> str | None:
    """Why the TypeScript side cannot run here (no node or npm on PATH), else None."""
    for tool in ("node", "npm"):
        if shutil.which(tool) is None:
            return f"{tool} is not installed"
    return None


def ensure_node_modules() -> None:
    """`npm ci` in clients/typescript when node_modules is missing or older than its lock."""
    installed = TS_DIR / "node_modules" / ".package-lock.json"
    lock = TS_DIR / "package-lock.json"
    if installed.exists() and installed.stat().st_mtime >= lock.stat().st_mtime:
        return
    run(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=TS_DIR)


def run(command: list[str], cwd: Path, env: dict[str, str] | None = None) -> str:
    """Stdout of a command that must succeed; its output is in the error otherwise."""
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise GenerationError(
            f"{' '.join(command)} exited with {done.returncode}\n{done.stdout}\n{done.stderr}"
        )
    return done.stdout


def typescript_schema() -> str:
    """clients/typescript/src/schema.d.ts as openapi-typescript writes it for the spec."""
    cli = TS_DIR / "node_modules" / "openapi-typescript" / "bin" / "cli.js"
    return run(["node", str(cli), str(SPEC_PATH), *TS_OPTIONS], cwd=TS_DIR)


def vendored_fetch() -> str:
    """openapi-fetch's ESM build with its licence on top, as the play page loads it."""
    package = TS_DIR / "node_modules" / "openapi-fetch"
    version = _package_version(package)
    licence = (package / "LICENSE").read_text(encoding="utf-8").strip()
    code = (package / "dist" / "index.mjs").read_text(encoding="utf-8")
    # The source map is not vendored: drop the comment that would make a browser ask for it.
    lines = [line for line in code.splitlines() if not line.startswith("//# sourceMappingURL=")]
    header = (
        f"// openapi-fetch {version}, its dist/index.mjs copied by `make clients` from\n"
        "// clients/typescript/node_modules (pinned in package-lock.json). Do not edit.\n"
        "/*\n" + licence + "\n*/\n"
    )
    return header + "\n".join(lines) + "\n"


def vendored_fetch_types() -> str:
    """A declaration file that gives the vendored copy the package's own types."""
    version = _package_version(TS_DIR / "node_modules" / "openapi-fetch")
    return (
        f"// The types of openapi-fetch {version} for ./openapi-fetch.js"
        " (written by `make clients`).\n"
        "// tsc resolves the package from clients/typescript (tsconfig.web.json).\n"
        'export * from "openapi-fetch";\n'
        'export { default } from "openapi-fetch";\n'
    )


def _package_version(package: Path) -> str:
    version: str = json.loads((package / "package.json").read_text(encoding="utf-8"))["version"]
    return version


def typescript_files() -> dict[Path, str]:
    """Every generated file of the TypeScript side and the web page, by path."""
    ensure_node_modules()
    return {
        TS_SCHEMA: typescript_schema(),
        VENDORED_FETCH: vendored_fetch(),
        VENDORED_FETCH_TYPES: vendored_fetch_types(),
    }


def python_spec(spec: dict[str, Any]) -> dict[str, Any]:
    """The spec as openapi-python-client should read it: an operation that allows anonymous
    access (an empty requirement among its security) without its security list."""
    paths: dict[str, dict[str, Any]] = spec.get("paths", {})
    return {
        **spec,
        "paths": {
            path: {
                method: _anonymous_allowed(operation) if isinstance(operation, dict) else operation
                for method, operation in item.items()
            }
            for path, item in paths.items()
        },
    }


def _anonymous_allowed(operation: dict[str, Any]) -> dict[str, Any]:
    if ANONYMOUS not in operation.get("security", []):
        return operation
    return {key: value for key, value in operation.items() if key != "security"}


def generate_python(out: Path) -> None:
    """Write the Python client project into `out` (which must not exist)."""
    bin_dir = Path(sys.executable).parent
    generator = bin_dir / "openapi-python-client"
    if not generator.exists():
        raise GenerationError(f"{generator} is missing: run `make setup`")
    # The generator's post hooks call ruff by name: the pinned one of this environment.
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}"}
    # The copy beside `out`, as JSON (the generator reads it by its extension); loaded by the
    # generator's own YAML loader, so it holds the values the generator would have read.
    spec = YAML(typ="safe").load(SPEC_PATH.read_bytes())
    copy = out.parent / "openapi-python-client.json"
    copy.write_text(json.dumps(python_spec(spec), ensure_ascii=False), encoding="utf-8")
    command = [
        str(generator),
        "generate",
        "--path",
        str(copy),
        "--config",
        str(PY_CONFIG),
        "--meta",
        "uv",
        "--output-path",
        str(out),
        "--fail-on-warning",
    ]
    run(command, cwd=out.parent, env=env)


def _tree(top: Path) -> set[Path]:
    """Relative paths of the files under top, tool caches left out."""
    return {
        path.relative_to(top)
        for path in top.rglob("*")
        if path.is_file() and not IGNORED & set(path.relative_to(top).parts)
    }


def _check_handwritten(generated: set[Path]) -> None:
    """Refuse a generation that would write a hand-written file (a replaced one excepted)."""
    clash = sorted(str(path) for path in generated & HANDWRITTEN)
    if clash:
        raise GenerationError(f"the generator writes hand-written files of clients/python: {clash}")


def stale_python() -> list[str]:
    """Files of clients/python that differ from a fresh generation (added, changed, missing),
    the hand-written and replaced ones left out."""
    with tempfile.TemporaryDirectory() as scratch:
        fresh = Path(scratch) / "python"
        generate_python(fresh)
        expected = _tree(fresh)
        _check_handwritten(expected)
        expected -= REPLACED
        committed = _tree(PY_DIR) - KEPT if PY_DIR.exists() else set()
        stale = expected ^ committed
        stale |= {
            path
            for path in expected & committed
            if not filecmp.cmp(fresh / path, PY_DIR / path, shallow=False)
        }
    return sorted(str((PY_DIR / path).relative_to(ROOT)) for path in stale)


def stale_typescript() -> list[str]:
    """Generated TypeScript-side files whose committed text differs from a fresh generation."""
    return sorted(
        str(path.relative_to(ROOT))
        for path, text in typescript_files().items()
        if not path.exists() or path.read_text(encoding="utf-8") != text
    )


def write_all() -> None:
    """Regenerate both clients and the page's vendored runtime in place (the hand-written
    files of clients/python kept)."""
    for path, text in typescript_files().items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")
    with tempfile.TemporaryDirectory() as scratch:
        fresh = Path(scratch) / "python"
        generate_python(fresh)
        _check_handwritten(_tree(fresh))
        # The hand-written files join the fresh tree (over the generator's boilerplate) before
        # the old one goes: none is lost.
        for path in sorted(KEPT):
            if (PY_DIR / path).is_file():
                (fresh / path).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(PY_DIR / path, fresh / path)
        shutil.rmtree(PY_DIR, ignore_errors=True)
        shutil.copytree(fresh, PY_DIR, ignore=shutil.ignore_patterns(*IGNORED))
    print(f"wrote {PY_DIR.relative_to(ROOT)}/")


def main() -> int:
    """Write the clients, or with --check exit 1 when a committed file is out of date."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    args = parser.parse_args()
    missing = node_missing()
    if missing is not None:
        print(f"{missing}: the TypeScript client needs Node.js 20 and npm", file=sys.stderr)
        return 2
    try:
        if args.check:
            stale = stale_typescript() + stale_python()
            for path in stale:
                print(f"{path} is out of date: {HINT}", file=sys.stderr)
            return 1 if stale else 0
        write_all()
    except GenerationError as error:
        print(error, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
