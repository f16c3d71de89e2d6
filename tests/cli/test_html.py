"""``kifu-lark html``: --help, exit status 0 (written), 1 (invalid record), 2 (usage, I/O),
and the page written whole through a temporary file renamed into place."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from kifu_lark.cli import main
from tests.conftest import FIXTURES

GOOD = "position startpos moves 7g7f 3c3d\n"


def test_help_names_the_keys(capsys: pytest.CaptureFixture[str]) -> None:
    """html --help exits 0 and says what -o takes and which keys the page has."""
    assert 0 == main(["html", "--help"])
    out = capsys.readouterr().out
    assert "-o OUT, --output OUT" in out and "f flips the board" in out


def test_writes_the_page_and_says_where(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Exit 0, one line on standard error, the page in place and nothing else beside it."""
    out = tmp_path / "pages" / "game.html"
    assert 0 == main(["html", str(FIXTURES / "kif/canonical/branches.kif"), "-o", str(out)])
    captured = capsys.readouterr()
    assert ("", f"wrote {out} (HTML)\n") == (captured.out, captured.err)
    assert ["game.html"] == [p.name for p in out.parent.iterdir()]
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "先手太郎" in page


def test_options_reach_the_page(tmp_path: Path) -> None:
    """--notation, --glyphs and --title are the page's."""
    rec, out = tmp_path / "g.usi", tmp_path / "g.html"
    rec.write_text(GOOD)
    args = ["--notation", "csa", "--glyphs", "letters", "--title", "T<1>"]
    assert 0 == main(["html", str(rec), "-o", str(out), *args])
    page = out.read_text(encoding="utf-8")
    assert "+7776FU" in page and "<title>T&lt;1&gt;</title>" in page and "DejaVu Sans" in page


def test_an_invalid_record_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A record that does not read: exit 1, the reader's message, no page."""
    rec, out = tmp_path / "bad.csa", tmp_path / "bad.html"
    rec.write_text("+7776XX\n")
    assert 1 == main(["html", str(rec), "-o", str(out)])
    assert "kifu-lark:" in capsys.readouterr().err
    assert not out.exists()


@pytest.mark.parametrize(
    "extra",
    [
        [],  # no -o
        ["-o", "{tmp}/g.html", "--game", "2"],
        ["-o", "{tmp}/g.html", "--notation", "pgn"],
        ["-o", "{tmp}/g.html", "--tolerate", "everything"],
        ["-o", "{tmp}/file/inside.html"],
    ],
)
def test_usage_and_io_errors_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: list[str]
) -> None:
    """No -o, a game the file lacks, an unknown notation or breach, an unwritable path."""
    rec = tmp_path / "g.usi"
    rec.write_text(GOOD)
    (tmp_path / "file").write_bytes(b"")
    args = [a.replace("{tmp}", str(tmp_path)) for a in extra]
    assert 2 == main(["html", str(rec), *args])
    assert capsys.readouterr().err


def test_a_failed_write_keeps_the_old_page(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The page goes to a temporary file renamed over the old one: a rename that fails
    leaves the old page as it was and no temporary file (exit 2, [IO])."""
    rec, out = tmp_path / "g.usi", tmp_path / "g.html"
    rec.write_text(GOOD)
    out.write_bytes(b"old")
    renamed: list[tuple[str, str]] = []

    def broken(src: str, dst: str) -> None:
        renamed.append((Path(src).name, Path(dst).name))
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken)
    assert 2 == main(["html", str(rec), "-o", str(out), "--overwrite"])
    assert "[IO]" in capsys.readouterr().err
    ((temporary, target),) = renamed
    assert temporary.startswith(".g.html.") and temporary.endswith(".part")
    assert "g.html" == target
    assert sorted([out, rec]) == sorted(tmp_path.iterdir())
    assert b"old" == out.read_bytes()


def test_an_existing_page_is_not_replaced_without_overwrite(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """As convert's one file: an output that exists is refused (exit 2, EXISTS, the option
    named) and left as it was; --overwrite replaces it (exit 0)."""
    rec, out = tmp_path / "g.usi", tmp_path / "g.html"
    rec.write_text(GOOD)
    out.write_bytes(b"old")
    assert 2 == main(["html", str(rec), "-o", str(out)])
    assert f"kifu-lark: {out} exists [EXISTS] (pass --overwrite to replace it)\n" == (
        capsys.readouterr().err
    )
    assert b"old" == out.read_bytes()
    assert sorted([out, rec]) == sorted(tmp_path.iterdir())
    assert 0 == main(["html", str(rec), "-o", str(out), "--overwrite"])
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


def test_convert_refuses_an_existing_file_alike(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The behaviour matched: convert with one file and an existing output exits 2 with
    EXISTS and leaves the file, as html does."""
    rec, out = tmp_path / "g.usi", tmp_path / "g.kif"
    rec.write_text(GOOD)
    out.write_bytes(b"old")
    assert 2 == main(["convert", str(rec), "-o", str(out)])
    assert "[EXISTS]" in capsys.readouterr().err
    assert b"old" == out.read_bytes()


def test_tactics_and_tsume_options_reach_the_page(tmp_path: Path) -> None:
    """By default the tactics are marked; --no-tactics leaves them out; a problem opens
    hidden, --no-tsume opens it as any record, --tsume makes any record a problem."""
    out = tmp_path / "g.html"

    def page(name: str, *options: str) -> str:
        assert 0 == main(["html", str(FIXTURES / name), "-o", str(out), "--overwrite", *options])
        return out.read_text(encoding="utf-8")

    assert 'class="kl-tac ' in page("demo/yagura.kifu")
    assert 'class="kl-tac ' not in page("demo/yagura.kifu", "--no-tactics")
    hidden = ' data-answer="hidden"'  # the root's attribute (the style sheet has no space)
    assert hidden in page("kif/quirks/tsume_rest.kifu")
    assert hidden not in page("kif/quirks/tsume_rest.kifu", "--no-tsume")
    assert hidden in page("demo/yagura.kifu", "--tsume")
