"""`python -m benchmarks`: its usage line, and unknown names refused with status 2."""

from __future__ import annotations

import pytest

from benchmarks.__main__ import main


def test_help_lists_the_benchmarks_and_runs_none(capsys: pytest.CaptureFixture[str]) -> None:
    """--help prints usage and the names, and exits 0 without running a benchmark."""
    assert 0 == main(["--help"])
    out = capsys.readouterr().out
    assert out.startswith("usage:")
    assert "csa" in out and "==" not in out


def test_unknown_name_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    """A name that is no benchmark exits 2 and names the known ones."""
    assert 2 == main(["no-such-bench"])
    assert "known:" in capsys.readouterr().out
