"""Documented examples are tests: every console example of the README and the docs runs against
a real server started from the checkout (scripts/doc_examples.py), and what it prints must be
what the page shows; an altered output fails the check with a diff."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from scripts import doc_examples
from tests.integration.redis_server import redis_server_binary

ROOT = doc_examples.ROOT
IN_CI = os.environ.get("CI", "").lower() in {"1", "true", "yes"}


def need(tool: str, install: str) -> None:
    """Skip without a tool the examples use, except under CI, where it must be there."""
    if shutil.which(tool) is None:
        reason = f"the examples use {tool}, which is not installed ({install})"
        if IN_CI:
            pytest.fail(f"{reason}; the examples must run in CI")
        pytest.skip(reason)


def test_shown_lines_match_with_wildcards_for_what_changes() -> None:
    assert doc_examples.matches(["a ... c"], ["a b c"])
    assert doc_examples.matches(["a", "...", "z"], ["a", "z"])
    assert doc_examples.matches(["a", "...", "z"], ["a", "b", "c", "z"])
    assert doc_examples.matches(['{"id":"...","state":"done"}'], ['{"id":"x1","state":"done"}'])
    assert not doc_examples.matches(["a ... c"], ["a b d"])
    assert not doc_examples.matches(["a", "z"], ["a", "b", "z"])
    assert not doc_examples.matches(["a"], ["a", "b"])
    assert not doc_examples.matches(["a.c"], ["abc"])


def test_a_server_directive_holds_for_the_blocks_after_it() -> None:
    lines = [
        "```console",
        "$ echo 1",
        "1",
        "```",
        "<!-- examples: server SCOPA_RATE_LIMIT=2/minute -->",
        "```console",
        "$ echo 2",
        "2",
        "```",
        "```console",
        "$ echo 3",
        "3",
        "```",
        "<!-- examples: server -->",
        "```console",
        "$ echo 4",
        "4",
        "```",
    ]
    settings = [block.settings for block in doc_examples.blocks_of(lines)]
    assert settings == [(), ("SCOPA_RATE_LIMIT=2/minute",), ("SCOPA_RATE_LIMIT=2/minute",), ()]


def test_every_page_with_examples_is_run() -> None:
    pages = doc_examples.with_examples()
    assert pages[0] == ROOT / "README.md"
    for page in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        if doc_examples.CONSOLE in page.read_text(encoding="utf-8").split("\n"):
            assert page in pages, page


@pytest.mark.integration
@pytest.mark.own_process
@pytest.mark.parametrize(
    "page", doc_examples.with_examples(), ids=lambda page: page.relative_to(ROOT).as_posix()
)
def test_each_page_prints_what_it_shows(page: Path) -> None:
    need("curl", "apt-get install curl")
    need("jq", "apt-get install jq")
    if doc_examples.needs_redis(page):
        redis_server_binary()
    run = doc_examples.run_page(page)
    report = "\n\n".join(mismatch.diff() for mismatch in run.mismatches)
    assert not run.mismatches, (
        f"{len(run.mismatches)} example(s) of {page.name} differ from what the service prints "
        f"(python -m scripts.doc_examples --write {page.relative_to(ROOT)} writes them back):"
        f"\n{report}"
    )


@pytest.mark.integration
@pytest.mark.own_process
def test_an_altered_output_fails_the_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    need("curl", "apt-get install curl")
    need("jq", "apt-get install jq")
    shown = '{"moves":[{"capture":["3S","4S"],"card":"7D","sweep":true},'
    altered = '{"moves":[{"capture":["3S","4S"],"card":"7C","sweep":true},'
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert readme.count(shown) == 1
    page = tmp_path / "README.md"
    page.write_text(readme.replace(shown, altered), encoding="utf-8")
    assert doc_examples.main(["--check", str(page)]) == 1
    report = capsys.readouterr().out
    assert f"-{altered}" in report
    assert f"+{shown}" in report
    assert "$ curl -s 127.0.0.1:8000/v1/moves" in report
