"""``kifu_lark.dataset.sources``: what a list of sources names, sorted, and archives read in
place."""

from __future__ import annotations

import sys
import zipfile
from pathlib import Path

import pytest

from kifu_lark.dataset.sources import expand_sources, files_under, read_entries
from kifu_lark.errors import KifuError, MissingExtraError


def _tree(root: Path) -> None:
    for name in ("b/2.csa", "b/1.kif", "a.ki2", "notes.txt", "deep/x/3.csa"):
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text("PI\n+\n", encoding="utf-8")


def _rglob_files(folder: Path) -> list[tuple[str, str]]:
    """What the walk was written as: ``Path.rglob``, sorted, files only."""
    return [
        (child.as_posix(), child.relative_to(folder).as_posix())
        for child in sorted(folder.rglob("*"))
        if child.is_file()
    ]


def test_the_folder_walk_is_rglobs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``files_under`` lists what ``sorted(Path.rglob("*"))`` lists of files, in its order:
    names that sort differently as paths and as text (``a/…``, ``a-b``, ``a.b``), hidden
    files, links to files taken, links to folders not followed, broken links left out; from
    a relative folder, ``.`` and a name ending in ``/``."""
    for name in ("a/z.csa", "a-b/1.csa", "a.b", ".hidden/x.kif", "a/b/c/d.ki2", "B/1.csa"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("PI\n+\n", encoding="utf-8")
    (tmp_path / "link.csa").symlink_to(tmp_path / "a" / "z.csa")
    (tmp_path / "loop").symlink_to(tmp_path, target_is_directory=True)
    (tmp_path / "gone.csa").symlink_to(tmp_path / "missing.csa")
    assert list(files_under(tmp_path)) == _rglob_files(tmp_path)
    assert [r for _, r in files_under(tmp_path)][:3] == [".hidden/x.kif", "B/1.csa", "a/b/c/d.ki2"]
    monkeypatch.chdir(tmp_path)
    for folder in (Path("."), Path("a"), Path("a/")):
        assert list(files_under(folder)) == _rglob_files(folder)


def test_a_folder_gives_its_record_files_sorted(tmp_path: Path) -> None:
    """Record extensions only, recursively, in sorted order whatever the walk's order."""
    _tree(tmp_path)
    found = expand_sources([str(tmp_path)])
    names = [Path(s).relative_to(tmp_path).as_posix() for s, _ in found]
    assert ["a.ki2", "b/1.kif", "b/2.csa", "deep/x/3.csa"] == names
    assert all(member is None for _, member in found)


def test_globs_lists_and_repeats(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A glob, an @list (relative to its folder, comments skipped) and a file named twice
    give each entry once, sorted."""
    _tree(tmp_path)
    (tmp_path / "list.txt").write_text("# mine\nb/1.kif\n\na.ki2\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    found = expand_sources(["**/*.csa", "@list.txt", "a.ki2"])
    assert ["a.ki2", "b/1.kif", "b/2.csa", "deep/x/3.csa"] == [s for s, _ in found]


def test_archives_give_their_record_members(tmp_path: Path) -> None:
    """A zip's record members, sorted, each read from the archive in place."""
    archive = tmp_path / "a.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("z/2.csa", b"two")
        z.writestr("readme.txt", b"no")
        z.writestr("1.kif", b"one")
    found = expand_sources([str(archive)])
    assert [(str(archive), "1.kif"), (str(archive), "z/2.csa")] == found
    assert [b"one", b"two"] == [data for _, data in read_entries(found, str(tmp_path))]


def test_a_missing_member_or_file_is_an_os_error_not_a_stop(tmp_path: Path) -> None:
    """What cannot be read comes back as an OSError in its place; the rest is read."""
    archive = tmp_path / "a.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("1.kif", b"one")
    entries = [(str(archive), "1.kif"), (str(archive), "gone.kif"), ("missing.csa", None)]
    read = [data for _, data in read_entries(entries, str(tmp_path))]
    assert b"one" == read[0]
    assert [True, True] == [isinstance(d, OSError) for d in read[1:]]


@pytest.mark.parametrize("source", ["nowhere/", "nothing-*.csa", "@absent.txt"])
def test_sources_that_name_nothing_are_usage_errors(
    source: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A missing path, a glob without a match and an unreadable list: USAGE, with a hint."""
    monkeypatch.chdir(tmp_path)
    with pytest.raises(KifuError) as raised:
        expand_sources([source])
    assert "USAGE" == raised.value.code
    assert raised.value.hint


def test_a_7z_without_py7zr_names_the_extra(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without py7zr, a .7z source raises MissingExtraError naming kifu-lark[7z]."""
    monkeypatch.setitem(sys.modules, "py7zr", None)  # import py7zr now raises ImportError
    (tmp_path / "a.7z").write_bytes(b"7z")
    with pytest.raises(MissingExtraError) as raised:
        expand_sources([str(tmp_path / "a.7z")])
    assert ("MISSING_EXTRA", "7z") == (raised.value.code, raised.value.extra)
    assert "kifu-lark[7z]" in (raised.value.hint or "")
