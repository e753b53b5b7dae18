"""The script that compares the pure-Python and the compiled engine (``compare_engines.py``).

CI runs its ``play`` on the same generated files with each engine and fails on any
difference; that is only meaningful if a run is repeatable, and if a difference is seen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import compare_engines

if TYPE_CHECKING:
    from pathlib import Path

    import pytest


def test_the_same_files_are_written_and_played_alike_twice(tmp_path: Path) -> None:
    """Invariant: the files written are the same every time, and two runs of ``play`` in one
    process give the same digest lines (every random choice flows from the seeds)."""
    first = compare_engines.write(tmp_path / "a", files=30)
    second = compare_engines.write(tmp_path / "b", files=30)
    assert [p.name for p in first] == [p.name for p in second]
    assert [p.read_bytes() for p in first] == [p.read_bytes() for p in second]
    digests = compare_engines.digests(tmp_path / "a")
    assert len(digests) == len(first) >= 30
    assert compare_engines.digests(tmp_path / "a") == digests
    assert compare_engines.digests(tmp_path / "b") == digests
    # Some files are refused and some play: both kinds of line are compared.
    assert any("\trefused:" in line for line in digests)
    assert any("\t0:" in line for line in digests)


def test_a_different_digest_is_named_by_file_and_seed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A tampered digest fails ``compare``, which names the file and the seed."""
    lines = ["v0000.toml\t0:aaaa\t1:bbbb", 'v0001.toml\trefused:"VariantError: x"']
    tampered = ["v0000.toml\t0:aaaa\t1:cccc", 'v0001.toml\trefused:"VariantError: x"']
    assert compare_engines.differences(lines, lines) == []
    assert compare_engines.differences(lines, tampered) == ["v0000.toml seed 1: bbbb != cccc"]
    assert compare_engines.differences(lines, lines[:1]) == ["v0001.toml: only in the first run"]
    (tmp_path / "a.txt").write_text("\n".join(lines) + "\n", "utf-8")
    (tmp_path / "b.txt").write_text("\n".join(tampered) + "\n", "utf-8")
    args = ["compare", str(tmp_path / "a.txt"), str(tmp_path / "b.txt")]
    assert compare_engines.main(args) == 1
    assert "v0000.toml seed 1: bbbb != cccc" in capsys.readouterr().out
    assert compare_engines.main([*args[:2], str(tmp_path / "a.txt")]) == 0
