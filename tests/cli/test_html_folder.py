"""``kifu-lark html FOLDER -o OUTDIR``: a page per record mirroring the folder, an
index.html listing players, date, result, moves and tactics with links, files written through
temporary names, nothing existing replaced without --overwrite, exit status 0/1/2."""

from __future__ import annotations

import os
import re
import shutil
from html import unescape
from pathlib import Path

import pytest

import kifu_lark
from kifu_lark.cli import main
from kifu_lark.render import html
from kifu_lark.render.viewer import result_line
from kifu_lark.tactics import find
from tests.conftest import FIXTURES

TWO_GAMES = "PI\n+\n+7776FU\n-3334FU\n/\nPI\n+\n+2726FU\n"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """Three records: yagura.kifu and yagura_v3.csa at the top, branches.kif in sub/."""
    src = tmp_path / "records"
    (src / "sub").mkdir(parents=True)
    shutil.copy(FIXTURES / "demo/yagura.kifu", src)
    shutil.copy(FIXTURES / "csa/canonical/yagura_v3.csa", src)
    shutil.copy(FIXTURES / "kif/canonical/branches.kif", src / "sub")
    return src


def files(root: Path) -> list[str]:
    """Every file below ``root``, relative, sorted (temporary files would show here)."""
    return sorted(p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file())


def index_rows(out: Path) -> list[list[str]]:
    """The index's table as text, one list per row: href, then the cells."""
    page = (out / "index.html").read_text(encoding="utf-8")
    rows = re.findall(r"<tr><td><a href=\"([^\"]*)\">.*?</a></td>(.*?)</tr>", page)
    return [[unescape(h)] + [unescape(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", rest)]
            for h, rest in rows]


def test_pages_mirror_the_folder_and_the_index_lists_them(
    folder: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Exit 0; one page per record (the library's page of it), the index beside them with
    a row per record: link, players, date, result, moves, tactics (black's then white's, as
    find() gives them); nothing else written."""
    out = tmp_path / "pages"
    assert 0 == main(["html", str(folder), "-o", str(out)])
    assert "3 files, 3 pages written, 0 failed" in capsys.readouterr().err
    assert ["index.html", "sub/branches.html", "yagura.html", "yagura_v3.html"] == files(out)
    expected = []
    for name, page in (
        ("sub/branches.kif", "sub/branches.html"),
        ("yagura.kifu", "yagura.html"),
        ("yagura_v3.csa", "yagura_v3.html"),
    ):
        game = kifu_lark.load(folder / name)
        assert html(game) == (out / page).read_text(encoding="utf-8")
        moves = sum(1 for node in game.mainline() if node.move is not None)
        date = game.headers.get("開始日時") or ""
        black, white = game.headers.get("先手") or "", game.headers.get("後手") or ""
        found = sorted(find(game), key=lambda f: f.side.kanji != "先手")
        tactics = " ".join(("▲" if f.side.kanji == "先手" else "△") + f.name for f in found)
        expected.append([page, black, white, date, result_line(game), str(moves), tactics])
    assert expected == index_rows(out)
    assert "先手太郎" == expected[0][1] and expected[0][3]  # the fixtures name both
    assert "▲" in expected[1][6] and "△" in expected[1][6]  # yagura: both sides' tactics


def test_nothing_existing_is_replaced_without_overwrite(
    folder: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A second run refuses every page and the index (exit 2, each named, --overwrite
    suggested) and leaves them as they were; with --overwrite it replaces them (exit 0)."""
    out = tmp_path / "pages"
    assert 0 == main(["html", str(folder), "-o", str(out)])
    (out / "yagura.html").write_text("mine", encoding="utf-8")
    (out / "index.html").write_text("my index", encoding="utf-8")
    capsys.readouterr()
    assert 2 == main(["html", str(folder), "-o", str(out)])
    err = capsys.readouterr().err
    assert 4 == err.count("[EXISTS] (pass --overwrite to replace it)")
    assert "0 pages written, 3 failed; index not written" in err
    assert "mine" == (out / "yagura.html").read_text(encoding="utf-8")
    assert "my index" == (out / "index.html").read_text(encoding="utf-8")
    assert 0 == main(["html", str(folder), "-o", str(out), "--overwrite"])
    assert (out / "yagura.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert 3 == len(index_rows(out))
    assert ["index.html", "sub/branches.html", "yagura.html", "yagura_v3.html"] == files(out)


def test_no_tactics_and_tsume_reach_every_page(folder: Path, tmp_path: Path) -> None:
    """--no-tactics: pages without marks, an empty tactics column; --tsume: every page opens
    as a problem (and looks for no tactics)."""
    out = tmp_path / "pages"
    assert 0 == main(["html", str(folder), "-o", str(out), "--no-tactics"])
    assert [""] * 3 == [row[6] for row in index_rows(out)]
    game = kifu_lark.load(folder / "yagura.kifu")
    assert html(game, tactics=False) == (out / "yagura.html").read_text(encoding="utf-8")
    assert "kl-tac" in html(game)
    problems = tmp_path / "problems"
    assert 0 == main(["html", str(folder), "-o", str(problems), "--tsume"])
    assert [""] * 3 == [row[6] for row in index_rows(problems)]
    assert html(game, tsume=True) == (problems / "yagura.html").read_text(encoding="utf-8")


def test_an_invalid_record_exits_1_and_the_others_are_written(
    folder: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A record that does not read is reported, left out of the index, exit 1."""
    (folder / "bad.csa").write_text("+7776XX\n")
    out = tmp_path / "pages"
    assert 1 == main(["html", str(folder), "-o", str(out)])
    err = capsys.readouterr().err
    assert f"{folder / 'bad.csa'}: csa:1:2:" in err and "4 files, 3 pages written, 1 failed" in err
    assert ["sub/branches.html", "yagura.html", "yagura_v3.html"] == [
        row[0] for row in index_rows(out)
    ]


def test_a_file_of_several_games_gives_a_page_each(tmp_path: Path) -> None:
    """m.csa holding two games: m-1.html and m-2.html, both listed; --game 2 writes the
    second alone, as m.html."""
    src = tmp_path / "records"
    src.mkdir()
    (src / "m.csa").write_text(TWO_GAMES)
    out = tmp_path / "pages"
    assert 0 == main(["html", str(src), "-o", str(out)])
    assert ["index.html", "m-1.html", "m-2.html"] == files(out)
    assert [["m-1.html", "2"], ["m-2.html", "1"]] == [[r[0], r[5]] for r in index_rows(out)]
    single = tmp_path / "second"
    assert 0 == main(["html", str(src), "-o", str(single), "--game", "2"])
    assert [["m.html", "1"]] == [[r[0], r[5]] for r in index_rows(single)]


@pytest.mark.parametrize("name", ["index.kif", "empty"])
def test_usage_errors_exit_2_and_write_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    """A record whose page would be the index, and a folder holding no record."""
    src = tmp_path / "records"
    src.mkdir()
    if name != "empty":
        shutil.copy(FIXTURES / "kif/canonical/branches.kif", src / name)
    out = tmp_path / "pages"
    assert 2 == main(["html", str(src), "-o", str(out)])
    assert capsys.readouterr().err
    assert not out.exists()


def test_a_failed_rename_leaves_no_temporary_file(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every file goes through a temporary name: when renaming fails (a full disk), the
    run exits 2 and the output folder holds no temporary file and no half page."""
    out = tmp_path / "pages"

    def broken(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken)
    assert 2 == main(["html", str(folder), "-o", str(out)])
    assert [] == files(out)


def test_inputs_whose_pages_would_collide_keep_their_extension(tmp_path: Path) -> None:
    """X.kif and X.kifu: X.kif.html and X.kifu.html, as convert names its outputs."""
    src = tmp_path / "records"
    src.mkdir()
    shutil.copy(FIXTURES / "kif/canonical/branches.kif", src / "x.kif")
    shutil.copy(FIXTURES / "demo/yagura.kifu", src / "x.kifu")
    out = tmp_path / "pages"
    assert 0 == main(["html", str(src), "-o", str(out)])
    assert ["index.html", "x.kif.html", "x.kifu.html"] == files(out)
