"""The image builds the compiled search kernel: setup.py copied, a compiler in the build stage."""

from tests.deploy.dockerfile import copy_sources, dockerignore_patterns, instructions, is_ignored


def test_builder_stage_has_what_the_kernel_build_needs() -> None:
    items = instructions()
    runtime_at = [i for i, item in enumerate(items) if item.keyword == "FROM"][1]
    builder = items[:runtime_at]
    assert "setup.py" in copy_sources(builder)
    assert "build-essential" in " ".join(item.args for item in builder if item.keyword == "RUN")


def test_host_builds_of_the_kernel_stay_out_of_the_image() -> None:
    patterns = dockerignore_patterns()
    assert is_ignored("service/search/kernel/_kernel.cpython-311-x86_64-linux-gnu.so", patterns)
    assert is_ignored("service/search/kernel/_kernel.c", patterns)
    assert not is_ignored("service/search/kernel/_kernel.pyx", patterns)
