"""The documentation: a short README whose links lead somewhere, the MkDocs site in docs/ built
with warnings as errors and every page in its nav, the tables generated from the code kept
current, and console examples that scripts/doc_examples.py can run."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from markdown.extensions.toc import slugify

from scripts import doc_examples, endpoints_table

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
DOCS = ROOT / "docs"
CONFIG = ROOT / "mkdocs.yml"
# The venv's mkdocs, beside the interpreter running the tests.
MKDOCS = Path(sys.executable).with_name("mkdocs")
README_MAX_LINES = 250
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$")
EXTERNAL = ("http://", "https://", "mailto:")


def config() -> dict[str, Any]:
    loaded = yaml.safe_load(CONFIG.read_text(encoding="utf-8"))
    assert isinstance(loaded, dict)
    return loaded


def nav_pages(entries: Any) -> Iterator[str]:
    """Every page a nav names, at any depth."""
    if isinstance(entries, str):
        yield entries
    elif isinstance(entries, list):
        for entry in entries:
            yield from nav_pages(entry)
    elif isinstance(entries, dict):
        for value in entries.values():
            yield from nav_pages(value)


def anchors(page: Path) -> set[str]:
    """The heading anchors of a Markdown page, as MkDocs (and GitHub, for these headings) make
    them; headings inside fenced blocks are not headings."""
    found, fenced = set(), False
    for line in page.read_text(encoding="utf-8").split("\n"):
        if line.startswith("```"):
            fenced = not fenced
            continue
        match = None if fenced else HEADING.match(line)
        if match:
            found.add(slugify(match.group(1).replace("`", ""), "-"))
    return found


def relative_links(page: Path) -> list[str]:
    """The links of a Markdown page that are not URLs, outside code blocks and code spans."""
    links, fenced = [], False
    for line in page.read_text(encoding="utf-8").split("\n"):
        if line.startswith("```"):
            fenced = not fenced
            continue
        if fenced:
            continue
        text = re.sub(r"`[^`]*`", "", line)
        links += [t for t in LINK.findall(text) if not t.startswith(EXTERNAL)]
    return links


def console_blocks(page: Path) -> list[list[str]]:
    """The lines of every ```console block of a page."""
    lines = page.read_text(encoding="utf-8").split("\n")
    blocks = []
    for i, line in enumerate(lines):
        if line == "```console":
            end = lines.index("```", i + 1)
            blocks.append(lines[i + 1 : end])
    return blocks


def test_the_readme_is_short() -> None:
    lines = README.read_text(encoding="utf-8").count("\n")
    assert lines <= README_MAX_LINES, f"README.md has {lines} lines; move detail to docs/"


def test_every_relative_link_of_the_readme_leads_to_a_file() -> None:
    links = relative_links(README)
    assert links, "the README links to the docs"
    for link in links:
        target, _, anchor = link.partition("#")
        path = (README.parent / target) if target else README
        assert path.is_file(), f"README.md links to {link}: no such file"
        if anchor and path.suffix == ".md":
            assert anchor in anchors(path), f"README.md links to {link}: no such heading"


def test_every_docs_page_is_in_the_nav() -> None:
    named = set(nav_pages(config()["nav"]))
    pages = {page.relative_to(DOCS).as_posix() for page in DOCS.rglob("*.md")}
    assert pages - named == set(), "pages missing from the nav of mkdocs.yml"
    assert named - pages == set(), "the nav of mkdocs.yml names pages that do not exist"


# Every page a reader meets: the README, the site's pages and the deploy folder's README.
PAGES = (README, *sorted(DOCS.rglob("*.md")), *sorted((ROOT / "deploy").rglob("*.md")))
# Files once cited that live outside the repository, on the machine the project was written
# on: its rules text and design notes, and the folder of reference pages and benchmarks beside
# the checkout. The rules are docs/rules.md now; no reader of a clone can open those.
OUTSIDE = re.compile(r"\bRULES\.md\b|\bDESIGN\.md\b|(?<![\w-])shared/|/work/")
# A code span that is one path and nothing else (no command around it).
PATH_SPAN = re.compile(r"`(\.\./[^`\s]*)`")
# The nav's groups, one for each kind of reader, in order, each with a page it must hold.
NAV_GROUPS = {
    "Build a game app": ("api.md", "rules.md", "scorekeeping.md"),
    "Integrate a platform": ("records-and-review.md", "insights.md", "jobs.md"),
    "Operate": ("operations.md", "deployment.md"),
    "Contribute": ("architecture.md", "benchmarks.md", "performance-log.md"),
}


def page_id(page: Path) -> str:
    return page.relative_to(ROOT).as_posix()


@pytest.mark.parametrize("page", PAGES, ids=page_id)
def test_no_page_links_to_a_file_outside_the_repository(page: Path) -> None:
    """Links and bare relative paths lead to files of the repository, from the page's folder."""
    text = page.read_text(encoding="utf-8")
    targets = [link.partition("#")[0] for link in relative_links(page)]
    targets += PATH_SPAN.findall(text)
    for target in filter(None, targets):
        path = (page.parent / target).resolve()
        assert path.is_relative_to(ROOT), f"{page_id(page)} leads outside the repository: {target}"
        assert path.exists(), f"{page_id(page)} leads to {target}: no such file"


@pytest.mark.parametrize("page", PAGES, ids=page_id)
def test_no_page_cites_a_file_outside_the_repository(page: Path) -> None:
    cited = [
        f"{page_id(page)}:{number}: {line.strip()}"
        for number, line in enumerate(page.read_text(encoding="utf-8").split("\n"), 1)
        if OUTSIDE.search(line)
    ]
    assert not cited, "cites a file outside the repository (the rules: docs/rules.md):\n" + (
        "\n".join(cited)
    )


def test_the_nav_is_grouped_by_reader() -> None:
    """Home, then one group for each kind of reader: every other page in exactly one group."""
    nav = config()["nav"]
    assert nav[0] == {"Home": "index.md"}
    groups: dict[str, list[str]] = {}
    for entry in nav[1:]:
        assert isinstance(entry, dict) and len(entry) == 1, f"not a group: {entry}"
        ((name, pages),) = entry.items()
        assert isinstance(pages, list), f"{name} is a page, not a group"
        groups[name] = list(nav_pages(pages))
    assert list(groups) == list(NAV_GROUPS)
    for name, required in NAV_GROUPS.items():
        assert set(required) <= set(groups[name]), (name, set(required) - set(groups[name]))
    grouped = [page for pages in groups.values() for page in pages]
    assert len(grouped) == len(set(grouped)), "a page is in two groups"


def test_the_site_is_built_strictly() -> None:
    settings = config()
    assert settings["strict"] is True
    validation = settings["validation"]
    assert validation["nav"]["omitted_files"] == "warn"
    assert validation["links"]["not_found"] == "warn"
    assert validation["links"]["unrecognized_links"] == "warn"


def test_the_site_builds_with_warnings_as_errors(tmp_path: Path) -> None:
    if not MKDOCS.exists():
        if os.environ.get("CI") == "true":
            pytest.fail(f"{MKDOCS} is missing: make setup installs mkdocs (requirements.lock)")
        pytest.skip(f"mkdocs is not installed at {MKDOCS}: run make setup")
    site = tmp_path / "site"
    result = subprocess.run(
        [str(MKDOCS), "build", "--strict", "--config-file", str(CONFIG), "--site-dir", str(site)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert (site / "index.html").is_file()
    assert (site / "api" / "index.html").is_file()


def test_the_endpoints_table_is_current(capsys: pytest.CaptureFixture[str]) -> None:
    assert endpoints_table.main(["--check"]) == 0, capsys.readouterr().out


def test_the_endpoints_table_lists_every_declaration() -> None:
    table = endpoints_table.table()
    assert "`adviseMove`" in table
    assert "| GET | `/problems` |" in table
    rows = [line for line in table.splitlines() if line.startswith(("| GET", "| POST", "| DELETE"))]
    assert len(rows) >= len(endpoints_table.OPERATIONS) + len(endpoints_table.OTHER_ENDPOINTS)


@pytest.mark.parametrize(
    "page",
    [README, *sorted(DOCS.glob("*.md"))],
    ids=lambda page: page.relative_to(ROOT).as_posix(),
)
def test_console_examples_can_be_rerun(page: Path) -> None:
    """Each console block is commands and their outputs as doc_examples.py reads them, and
    the script's default run covers the page."""
    blocks = console_blocks(page)
    for block in blocks:
        examples = doc_examples.parse_block(block)
        assert examples, f"{page.name}: an empty console block"
    if blocks:
        assert page in doc_examples.with_examples()
