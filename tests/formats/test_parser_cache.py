"""The parser cache (kifu_lark/formats/engine/cache.py): parsers and terminals loaded from it
read every fixture as freshly built ones do; its files are private, reused, rebuilt when
damaged, and never used from a folder others may write to."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from kifu_lark.formats.engine import cache
from tests.conftest import FIXTURES, ROOT

# Reads every fixture file and pickles what it gives (games, or the error's dict) to argv[1].
_READ_ALL = """
import pickle, sys
from pathlib import Path
import kifu_lark
from kifu_lark.errors import KifuError
found = []
for path in sorted(Path(sys.argv[2]).rglob("*")):
    if not path.is_file() or path.suffix in (".json", ".expect", ".err"):
        continue
    try:
        found.append((path.name, kifu_lark.load_all(path)))
    except KifuError as err:
        found.append((path.name, err.to_dict()))
with open(sys.argv[1], "wb") as handle:
    pickle.dump(found, handle)
"""


def _read_all(tmp_path: Path, name: str, cache_folder: str) -> list[object]:
    out = tmp_path / f"{name}.pickle"
    env = {**os.environ, cache.CACHE_ENV: cache_folder}
    subprocess.run(
        [sys.executable, "-c", _READ_ALL, str(out), str(FIXTURES)],
        check=True,
        cwd=ROOT,
        env=env,
        capture_output=True,
    )
    with open(out, "rb") as handle:
        found: list[object] = pickle.load(handle)
    return found


def test_parsers_from_the_cache_read_every_fixture_alike(tmp_path: Path) -> None:
    """Every fixture reads to the same games and errors without the cache, while it is
    filled, and from it; the second run writes nothing new."""
    folder = tmp_path / "cache"
    plain = _read_all(tmp_path, "plain", "off")
    assert not folder.exists()
    filling = _read_all(tmp_path, "filling", str(folder))
    files = {p.name: p.stat().st_mtime_ns for p in folder.iterdir()}
    assert any(n.startswith("parser-") for n in files)
    assert any(n.startswith("terminals-") for n in files)
    assert oct(folder.stat().st_mode & 0o777) == oct(0o700)
    cached = _read_all(tmp_path, "cached", str(folder))
    assert {p.name: p.stat().st_mtime_ns for p in folder.iterdir()} == files
    assert len(plain) > 500
    assert plain == filling
    assert plain == cached


def test_a_damaged_cache_file_is_built_again(tmp_path: Path) -> None:
    """A file that does not unpickle to a parser is ignored and replaced by a good one."""
    folder = tmp_path / "cache"
    script = "import kifu_lark; print(len(kifu_lark.loads('PI\\n+\\n+7776FU\\n', 'csa').line()))"
    env = {**os.environ, cache.CACHE_ENV: str(folder)}
    first = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True)
    assert first.returncode == 0, first.stderr
    damaged = sorted(folder.iterdir())
    assert damaged
    for path in damaged:
        path.write_bytes(b"not a pickle")
    again = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True)
    assert again.returncode == 0, again.stderr
    assert again.stdout == first.stdout
    assert all(path.read_bytes() != b"not a pickle" for path in damaged)
    assert not [p for p in folder.iterdir() if p.name.endswith(".tmp")]


@pytest.mark.parametrize("value", ["off", "0", ""])
def test_the_cache_can_be_turned_off(monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    monkeypatch.setenv(cache.CACHE_ENV, value)
    assert cache.folder() is None
    assert cache.path_for("parser", "anything") is None


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="file modes are POSIX's")
def test_a_folder_others_may_write_to_is_not_used(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o777)
    monkeypatch.setenv(cache.CACHE_ENV, str(shared))
    assert cache.folder() is None
    shared.chmod(0o700)
    assert cache.folder() == shared


def test_the_default_folder_follows_xdg(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv(cache.CACHE_ENV, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert cache.folder() == tmp_path / "kifu-lark"
    assert (tmp_path / "kifu-lark").is_dir()


def test_file_names_differ_by_what_was_built(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv(cache.CACHE_ENV, str(tmp_path))
    names = {
        cache.path_for("parser", repr(("csa.lark", "start", []))),
        cache.path_for("parser", repr(("msk.lark", "start", []))),
        cache.path_for("terminals", repr(("csa.lark", "start", []))),
    }
    assert len(names) == 3


def test_a_derived_value_is_computed_once_and_again_when_its_source_changes(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """``parsing.derived`` keeps a value by its name and its module's text: a second process
    would load it; an edited module, or a kept value of the wrong shape, computes it again."""
    from kifu_lark.formats.engine import parsing

    monkeypatch.setenv(cache.CACHE_ENV, str(tmp_path / "cache"))
    source = tmp_path / "module.py"
    source.write_text("first")
    calls: list[int] = []

    def compute() -> tuple[str, ...]:
        calls.append(1)
        return ("a", "b")

    def fits(value: object) -> bool:
        return isinstance(value, tuple) and all(isinstance(v, str) for v in value)

    assert parsing.derived("test", compute, fits, str(source)) == ("a", "b")
    assert parsing.derived("test", compute, fits, str(source)) == ("a", "b")
    assert len(calls) == 1
    source.write_text("second")
    assert parsing.derived("test", compute, fits, str(source)) == ("a", "b")
    assert len(calls) == 2
    for kept in (tmp_path / "cache").glob("derived-*"):
        cache.save_data(kept, ["not", 2])
    assert parsing.derived("test", compute, fits, str(source)) == ("a", "b")
    assert len(calls) == 3
    assert parsing.derived("test", compute, fits, str(tmp_path / "missing.py")) == ("a", "b")
    assert len(calls) == 4


def test_no_cache_without_a_home_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Where no home folder is known, no cache (rather than a folder ``~`` made in the
    current one); a relative KIFU_LARK_CACHE is the folder it names from here."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv(cache.CACHE_ENV, raising=False)
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    with monkeypatch.context() as no_home:
        no_home.setattr(os.path, "expanduser", lambda path: path)  # as when none is known
        assert cache.folder() is None
        no_home.setenv(cache.CACHE_ENV, "~/folder")
        assert cache.folder() is None
    assert list(tmp_path.iterdir()) == []
    monkeypatch.setenv(cache.CACHE_ENV, "relative/folder")
    assert cache.folder() == tmp_path / "relative" / "folder"
