"""The clients as packages, used as their READMEs and docs/clients.md show them.

The Python client is pip-installed into a new virtual environment by the documented commands,
the TypeScript client packed and npm-installed into a new project by its own; each documented
example is type-checked (``mypy --strict`` against the installed package, ``tsc --strict``
against the installed tarball), run against the service under gunicorn (the API-key examples
against one with keys on), and what it prints compared with the output the page shows. An
example shown on two pages must be the same text on both.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from scripts.gen_clients import PY_DIR, ROOT, TS_DIR
from scripts.local_gunicorn import HOST, running_gunicorn
from service.api.examples import short_record
from service.api.http.api_keys import digest_of, new_key

pytestmark = pytest.mark.integration

PAGES = (ROOT / "docs" / "clients.md", PY_DIR / "README.md", TS_DIR / "README.md")
# An example or its output: a marker comment, then a fenced block.
BLOCK = re.compile(r"<!-- (example|output): ([\w/-]+) -->\n```\w*\n(.*?)\n```\n", re.S)
# The address the examples show; each test puts its server's in its place.
SHOWN_URL = "http://127.0.0.1:8000"
# Every example that runs against a server, by language: file name and whether keys are on.
RUNS = {
    "python": {"first-call": False, "streams-and-jobs": False, "api-key": True, "webhooks": False},
    "typescript": {
        "first-call": False,
        "streams-and-jobs": False,
        "api-key": True,
        "webhooks": False,
    },
}
TIMEOUT_S = 300


@dataclass(frozen=True)
class Block:
    """One marked block of a page: its text and where it is."""

    text: str
    page: Path


def blocks(page: Path) -> dict[tuple[str, str], Block]:
    """The marked blocks of a page, by kind (example, output) and name."""
    text = page.read_text(encoding="utf-8")
    found: dict[tuple[str, str], Block] = {}
    for kind, name, body in BLOCK.findall(text):
        assert (kind, name) not in found, f"{page.name}: two blocks marked {kind}: {name}"
        found[kind, name] = Block(body, page)
    markers = text.count("<!-- example: ") + text.count("<!-- output: ")
    assert markers == len(found), f"{page.name}: a marker not right before a fenced block"
    return found


def documented() -> dict[tuple[str, str], Block]:
    """Every marked block of the pages (the first page's where two show one)."""
    merged: dict[tuple[str, str], Block] = {}
    for page in PAGES:
        for key, block in blocks(page).items():
            merged.setdefault(key, block)
    return merged


def example(name: str) -> str:
    return documented()["example", name].text


def output(name: str) -> str:
    return documented()["output", name].text


def run(
    command: list[str], cwd: Path, env: dict[str, str] | None = None, check: bool = True
) -> subprocess.CompletedProcess[str]:
    """A command's result; with ``check`` it must succeed (its output is in the failure)."""
    done = subprocess.run(
        command,
        cwd=cwd,
        env={**os.environ, **(env or {})},
        capture_output=True,
        text=True,
        timeout=TIMEOUT_S,
        check=False,
    )
    if check:
        assert done.returncode == 0, (
            f"{' '.join(command)} exited with {done.returncode}\n"
            f"{done.stdout[-6000:]}\n{done.stderr[-6000:]}"
        )
    return done


def run_shell(script: str, cwd: Path) -> None:
    """A documented block of shell commands, run as written with $SCOPA the checkout; `python3`
    is the interpreter running the tests."""
    path = f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"
    run(["bash", "-euo", "pipefail", "-c", script], cwd, {"SCOPA": str(ROOT), "PATH": path})


# ---- the pages --------------------------------------------------------------------------------


def test_every_example_that_runs_is_documented_with_its_output() -> None:
    shown = documented()
    for language, names in RUNS.items():
        for name in names:
            assert ("example", f"{language}/{name}") in shown
            assert ("output", f"{language}/{name}") in shown
    for language in RUNS:
        assert ("example", f"{language}/install") in shown


def test_an_example_shown_on_two_pages_is_the_same_text() -> None:
    first: dict[tuple[str, str], Block] = {}
    shared = 0
    for page in PAGES:
        for key, block in blocks(page).items():
            if key in first:
                shared += 1
                assert block.text == first[key].text, (
                    f"{key[0]} {key[1]} differs between {first[key].page.name} and {page.name}"
                )
            first.setdefault(key, block)
    # docs/clients.md shows each client's install and first call from its README.
    assert shared >= 6


# ---- servers ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class KeyedServer:
    """A server with API keys on, and one of its keys."""

    url: str
    key: str


@pytest.fixture(scope="module")
def keyed_server(tmp_path_factory: pytest.TempPathFactory, base_url: str) -> Iterator[KeyedServer]:
    """The app under gunicorn with a keys file of one key (after base_url: same skip rules)."""
    key = new_key()
    keys = tmp_path_factory.mktemp("keys") / "keys.json"
    keys.write_text(json.dumps({"keys": [{"name": "reader", "sha256": digest_of(key)}]}))
    # Its jobs in a folder of its own: the processes sharing a jobs folder share their jobs and
    # send their webhooks, which this server (with no webhook settings) would refuse.
    env = {"SCOPA_API_KEYS_FILE": str(keys), "SCOPA_JOBS_DIR": str(keys.parent / "jobs")}
    with running_gunicorn(workers=1, threads=2, env=env) as port:
        yield KeyedServer(f"http://{HOST}:{port}", key)


def scratch_with_a_record(folder: Path) -> Path:
    """The folder, with the hand.json that the streams examples read."""
    (folder / "hand.json").write_text(json.dumps(short_record()), encoding="utf-8")
    return folder


def served(code: str, name: str, base_url: str, keyed: KeyedServer) -> tuple[str, dict[str, str]]:
    """An example's code aimed at its server, and the environment it runs with."""
    language, short = name.split("/")
    if RUNS[language][short]:
        return code.replace(SHOWN_URL, keyed.url), {"SCOPA_API_KEY": keyed.key}
    return code.replace(SHOWN_URL, base_url), {}


# ---- Python: pip install, mypy --strict, run ----------------------------------------------------


@pytest.fixture(scope="module")
def python_env(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The interpreter of a new virtual environment where the documented commands installed
    the client."""
    folder = tmp_path_factory.mktemp("python-client")
    run_shell(example("python/install"), folder)
    interpreter = folder / ".venv-scopa" / "bin" / "python"
    assert interpreter.exists(), "the install example makes .venv-scopa"
    return interpreter


def test_the_python_package_installs_with_its_metadata_and_py_typed(python_env: Path) -> None:
    script = (
        "import json, importlib.metadata as m\n"
        "d = m.distribution('scopa-client')\n"
        "print(json.dumps({'version': d.version, 'requires': d.requires,"
        " 'summary': d.metadata['Summary'], 'files': [str(f) for f in d.files or []]}))\n"
    )
    found = json.loads(run([str(python_env), "-c", script], python_env.parent).stdout)
    declared = (PY_DIR / "pyproject.toml").read_text(encoding="utf-8")
    assert f'version = "{found["version"]}"' in declared
    assert {re.split(r"[<>=; ]", requirement)[0] for requirement in found["requires"]} == {
        "httpx",
        "attrs",
    }
    assert "scopa_client/py.typed" in found["files"]
    assert "scopa_client/streams.py" in found["files"]
    # Installed, not read from the checkout.
    where = run([str(python_env), "-c", "import scopa_client; print(scopa_client.__file__)"], ROOT)
    assert "site-packages" in where.stdout


# Uses the installed types: without the narrowing the README's examples do, a call's answer is
# a union, and mypy --strict says so.
UNNARROWED = """\
from scopa_client import Client
from scopa_client.api.deal import deal_hand
from scopa_client.models import DealRequest

with Client(base_url="http://127.0.0.1:8000") as client:
    dealt = deal_hand.sync(client=client, body=DealRequest(rules="scopa", seed=42))
    print(dealt.state)
"""


def test_the_python_examples_type_check_under_mypy_strict(python_env: Path, tmp_path: Path) -> None:
    names = [f"python/{name}" for name in RUNS["python"]]
    files = []
    for number, name in enumerate(names):
        path = tmp_path / f"example_{number}.py"
        path.write_text(example(name) + "\n", encoding="utf-8")
        files.append(path.name)
    (tmp_path / "unnarrowed.py").write_text(UNNARROWED, encoding="utf-8")
    mypy = Path(sys.executable).with_name("mypy")
    command = [str(mypy), "--strict", "--no-incremental", f"--python-executable={python_env}"]
    done = run([*command, *files, "unnarrowed.py"], tmp_path, check=False)
    errors = [line for line in done.stdout.splitlines() if ": error:" in line]
    # The examples are clean; the unnarrowed call is caught, so the types are the package's.
    assert errors, done.stdout + done.stderr
    assert all(line.startswith("unnarrowed.py:7:") for line in errors), done.stdout
    assert any('Item "Problem" of' in line and '"state"' in line for line in errors), done.stdout


@pytest.mark.parametrize("name", [f"python/{name}" for name in RUNS["python"]])
def test_a_python_example_prints_what_its_page_shows(
    name: str, python_env: Path, base_url: str, keyed_server: KeyedServer, tmp_path: Path
) -> None:
    code, env = served(example(name), name, base_url, keyed_server)
    folder = scratch_with_a_record(tmp_path)
    (folder / "example.py").write_text(code + "\n", encoding="utf-8")
    done = run([str(python_env), "example.py"], folder, env)
    assert done.stdout.rstrip("\n") == output(name)


# ---- TypeScript: npm pack, npm install, tsc --strict, run ---------------------------------------


@pytest.fixture(scope="module")
def ts_project(npm: str, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A new npm project where the documented commands installed the packed client, with the
    documented tsconfig.json."""
    folder = tmp_path_factory.mktemp("typescript-client")
    run([npm, "init", "-y"], folder)
    run_shell(example("typescript/install"), folder)
    (folder / "tsconfig.json").write_text(example("typescript/tsconfig") + "\n", encoding="utf-8")
    return folder


def test_the_typescript_package_holds_compiled_javascript_and_declarations(
    ts_project: Path,
) -> None:
    installed = ts_project / "node_modules" / "scopa-client"
    assert not installed.is_symlink(), "installed from the tarball, not linked to the checkout"
    manifest = json.loads((installed / "package.json").read_text(encoding="utf-8"))
    assert manifest["name"] == "scopa-client"
    for field in (manifest["types"], manifest["exports"]["."]["types"]):
        assert (installed / field).is_file(), field
    assert (installed / manifest["exports"]["."]["import"]).is_file()
    # index.d.ts re-exports the generated schema's types: the tarball carries it beside.
    assert (installed / "dist" / "src" / "schema.d.ts").is_file()
    assert (installed / "README.md").read_text(encoding="utf-8").startswith("# scopa-client")
    assert not (installed / "dist" / "test").exists()
    assert (ts_project / "node_modules" / "openapi-fetch").is_dir()


# Uses the installed types: a path the spec does not have is an error.
UNKNOWN_PATH = """\
import { createScopaClient } from "scopa-client";

const client = createScopaClient("http://127.0.0.1:8000");
await client.POST("/v1/no-such-path", {});
"""


@pytest.fixture(scope="module")
def ts_compiled(
    ts_project: Path, base_url: str, keyed_server: KeyedServer
) -> tuple[Path, subprocess.CompletedProcess[str]]:
    """The project with each example (aimed at its server) and a wrong file, after one run of
    `tsc --strict` (which emits the examples' JavaScript to dist/)."""
    for short in RUNS["typescript"]:
        name = f"typescript/{short}"
        code, _ = served(example(name), name, base_url, keyed_server)
        (ts_project / f"{short}.ts").write_text(code + "\n", encoding="utf-8")
    (ts_project / "unknown-path.ts").write_text(UNKNOWN_PATH, encoding="utf-8")
    node = shutil.which("node")
    assert node is not None
    tsc = ts_project / "node_modules" / "typescript" / "bin" / "tsc"
    done = run([node, str(tsc), "--strict", "-p", "."], ts_project, check=False)
    return scratch_with_a_record(ts_project), done


def test_the_typescript_examples_type_check_under_tsc_strict(
    ts_compiled: tuple[Path, subprocess.CompletedProcess[str]],
) -> None:
    _, done = ts_compiled
    errors = [line for line in done.stdout.splitlines() if "error TS" in line]
    # The examples are clean; the unknown path is caught, so the types are the package's.
    assert errors, done.stdout + done.stderr
    assert all(line.startswith("unknown-path.ts(4,") for line in errors), done.stdout


@pytest.mark.parametrize("name", [f"typescript/{name}" for name in RUNS["typescript"]])
def test_a_typescript_example_prints_what_its_page_shows(
    name: str,
    ts_compiled: tuple[Path, subprocess.CompletedProcess[str]],
    keyed_server: KeyedServer,
) -> None:
    folder, _ = ts_compiled
    short = name.split("/")[1]
    env = {"SCOPA_API_KEY": keyed_server.key} if RUNS["typescript"][short] else {}
    node = shutil.which("node")
    assert node is not None
    done = run([node, f"dist/{short}.js"], folder, env)
    assert done.stdout.rstrip("\n") == output(name)
