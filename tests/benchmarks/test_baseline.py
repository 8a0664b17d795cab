"""The baseline tree's check that its compiled kernel was really built."""

from pathlib import Path

from tests.benchmarks.baseline import kernel_built

MODULE = "_kernel.cpython-311-x86_64-linux-gnu.so"


def test_a_tree_without_a_built_kernel_is_built_again(tmp_path: Path) -> None:
    kernel = tmp_path / "service" / "search" / "kernel"
    kernel.mkdir(parents=True)
    assert not kernel_built(tmp_path)  # never compiled
    (kernel / MODULE).write_bytes(b"")
    assert not kernel_built(tmp_path)  # restored empty: would search on the pure kernel
    (kernel / MODULE).write_bytes(b"\x7fELF")
    assert kernel_built(tmp_path)
