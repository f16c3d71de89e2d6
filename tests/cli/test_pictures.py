"""``kifu-lark show --png/--svg`` and ``kifu-lark animate``: the files written are the
library's pictures, an existing file is replaced only with --overwrite, and options that
cannot apply are usage errors (exit 2)."""

from __future__ import annotations

from pathlib import Path

import pytest

import kifu_lark
from kifu_lark.cli import main
from kifu_lark.cli.animate import _choices, line_node
from kifu_lark.render import animate, png
from kifu_lark.render.animation import AnimationFormat
from kifu_lark.render.svg import board_size
from tests.render.images import FIXTURES, decode, frames, need_images_extra, same_pixels

GOOD = "position startpos moves 7g7f 3c3d 2g2f\n"


@pytest.fixture
def rec(tmp_path: Path) -> Path:
    path = tmp_path / "g.usi"
    path.write_text(GOOD)
    return path


def test_show_png_is_the_librarys_picture(
    rec: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """show --png OUT --ply 2 --glyphs letters --flip --style book: the PNG png() draws
    with those options; one line on standard error says where."""
    need_images_extra()
    out = tmp_path / "b.png"
    args = ["--ply", "2", "--glyphs", "letters", "--flip", "--style", "book"]
    assert 0 == main(["show", str(rec), "--png", str(out), *args])
    assert ("", f"wrote {out} (PNG)\n") == capsys.readouterr()[:2]
    game = kifu_lark.load(rec)
    expected = png(game, 2, glyphs="letters", flipped=True, style="book")
    assert same_pixels(decode(expected).convert("RGB"), decode(out.read_bytes()).convert("RGB"))
    assert expected != png(game, 2, glyphs="letters", flipped=True)


def test_show_size_sets_the_width(rec: Path, tmp_path: Path) -> None:
    """--size 300: a PNG 300 pixels wide."""
    need_images_extra()
    out = tmp_path / "b.png"
    assert 0 == main(["show", str(rec), "--png", str(out), "--size", "300"])
    width, height = decode(out.read_bytes()).size
    full_w, full_h = board_size(9, 9)
    assert 300 == width and abs(full_h * 300 / full_w - height) <= 1


def test_show_svg_book_style_has_no_marks(rec: Path, tmp_path: Path) -> None:
    """--svg with --style book: no last-move rectangle and no piece shapes; the game style
    has both."""
    book, game = tmp_path / "book.svg", tmp_path / "game.svg"
    assert 0 == main(["show", str(rec), "--svg", str(book), "--style", "book"])
    assert 0 == main(["show", str(rec), "--svg", str(game)])
    assert 'class="last-move' in game.read_text() and 'class="koma"' in game.read_text()
    assert 'class="last-move' not in book.read_text()
    assert 'class="koma"' not in book.read_text()


@pytest.mark.parametrize("output", ["--svg", "--png"])
def test_an_existing_file_is_kept_without_overwrite(
    output: str, rec: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An output that exists: exit 2, [EXISTS] naming --overwrite, the file as it was;
    with --overwrite (or --force, as convert says it) it is replaced."""
    if output == "--png":
        need_images_extra()
    out = tmp_path / "b.out"
    out.write_bytes(b"keep me")
    assert 2 == main(["show", str(rec), output, str(out)])
    (line,) = capsys.readouterr().err.splitlines()
    assert f"kifu-lark: {out} exists [EXISTS] (pass --overwrite to replace it)" in line
    assert b"keep me" == out.read_bytes()
    assert 0 == main(["show", str(rec), output, str(out), "--overwrite"])
    assert b"keep me" != out.read_bytes()
    out.write_bytes(b"keep me")
    assert 0 == main(["show", str(rec), output, str(out), "--force"])
    assert b"keep me" != out.read_bytes()
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".part")]


def test_an_existing_png_refuses_the_svg_beside_it(
    rec: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--svg NEW --png EXISTING: refused before anything is written, so NEW is not made."""
    svg, existing = tmp_path / "new.svg", tmp_path / "old.png"
    existing.write_bytes(b"old")
    assert 2 == main(["show", str(rec), "--svg", str(svg), "--png", str(existing)])
    assert "[EXISTS]" in capsys.readouterr().err
    assert not svg.exists() and b"old" == existing.read_bytes()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--flip"], "--flip sets how a picture is drawn"),
        (["--style", "book"], "--style sets how a picture is drawn"),
        (["--size", "300"], "--size sets how a picture is drawn"),
        (["--svg", "{out}.svg", "--size", "300"], "--size sets a PNG picture's width"),
        (["--svg", "{out}.svg", "--style", "book", "--moves", "77"], "marks nothing"),
        (["--png", "{out}.png", "--size", "20"], "give 64 to 4096 pixels"),
        (["--png", "{out}.png", "--style", "print"], "invalid choice: 'print'"),
    ],
)
def test_show_picture_options_that_cannot_apply(
    args: list[str],
    message: str,
    rec: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A picture option without a picture, --size on an SVG, marks in a book diagram, a
    size or style out of range: exit 2 naming it, nothing written."""
    argv = ["show", str(rec), *(a.format(out=tmp_path / "out") for a in args)]
    assert 2 == main(argv)
    assert message in capsys.readouterr().err
    assert ["g.usi"] == [p.name for p in tmp_path.iterdir()]


@pytest.mark.parametrize(("suffix", "kind"), [(".gif", "GIF"), (".png", "PNG"), (".apng", "PNG")])
def test_animate_writes_the_format_its_suffix_names(
    suffix: str, kind: str, rec: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """animate -o OUT.gif / .png / .apng: that format, moves + 1 frames, the library's."""
    need_images_extra()
    out = tmp_path / f"game{suffix}"
    assert 0 == main(["animate", str(rec), "-o", str(out), "--glyphs", "letters"])
    assert capsys.readouterr().err.startswith(f"wrote {out} (")
    image = decode(out.read_bytes())
    assert kind == image.format and 4 == getattr(image, "n_frames", 1)
    fmt: AnimationFormat = "gif" if suffix == ".gif" else "apng"
    assert out.read_bytes() == animate(kifu_lark.load(rec), fmt, glyphs="letters")


def test_animate_options_reach_the_frames(rec: Path, tmp_path: Path) -> None:
    """--format apng on a .bin name, --delay, --end-delay, --size, --flip."""
    need_images_extra()
    out = tmp_path / "game.bin"
    args = ["--format", "apng", "--delay", "300", "--end-delay", "800", "--size", "200"]
    assert 0 == main(["animate", str(rec), "-o", str(out), *args, "--flip"])
    decoded = list(frames(out.read_bytes()))
    assert [300, 300, 300, 800] == [duration for _, duration in decoded]
    assert all(200 == frame.size[0] for frame, _ in decoded)
    game = kifu_lark.load(rec)
    alone = decode(png(game, width=200, flipped=True)).convert("RGB")
    assert same_pixels(alone, decoded[-1][0])


def test_animate_delays_from_the_records_times(tmp_path: Path) -> None:
    """--delay-from times --time-scale 2: the minishogi record's 1-4 s moves."""
    need_images_extra()
    out = tmp_path / "mini.gif"
    path = FIXTURES / "kif" / "canonical" / "minishogi.kifu"
    args = ["--delay-from", "times", "--time-scale", "2", "--glyphs", "letters"]
    assert 0 == main(["animate", str(path), "-o", str(out), *args])
    assert [2000, 4000, 5000, 5000, 3000] == [d for _, d in frames(out.read_bytes())]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-o", "{out}.mp4"], "no animation format for the suffix '.mp4'"),
        (["-o", "{out}"], "no animation format for the suffix '(none)'"),
        (["-o", "{out}.gif", "--delay", "5"], "give 20 to 60000 ms"),
        (["-o", "{out}.gif", "--time-scale", "0"], "give a number above 0"),
        (["-o", "{out}.gif", "--game", "2"], "holds 1 game(s)"),
        (["-o", "{out}.gif", "--size", "9000"], "give 64 to 4096 pixels"),
    ],
)
def test_animate_refuses_what_cannot_be_done(
    args: list[str],
    message: str,
    rec: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """An unknown suffix, delays and sizes out of range, a game the file lacks: exit 2,
    nothing written."""
    argv = ["animate", str(rec), *(a.format(out=tmp_path / "out") for a in args)]
    assert 2 == main(argv)
    assert message in capsys.readouterr().err
    assert ["g.usi"] == [p.name for p in tmp_path.iterdir()]


def test_animate_keeps_an_existing_file(
    rec: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An animation that exists: exit 2, [EXISTS], untouched; --overwrite replaces it."""
    need_images_extra()
    out = tmp_path / "game.gif"
    out.write_bytes(b"old")
    assert 2 == main(["animate", str(rec), "-o", str(out)])
    assert "[EXISTS]" in capsys.readouterr().err and b"old" == out.read_bytes()
    assert 0 == main(["animate", str(rec), "-o", str(out), "--overwrite"])
    assert "GIF" == decode(out.read_bytes()).format


def test_animate_help(capsys: pytest.CaptureFixture[str]) -> None:
    """animate --help names the formats, the delays and the extra."""
    assert 0 == main(["animate", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    for words in ("--delay MS", "--delay-from {times}", "--end-delay MS", "--size PX"):
        assert words in text
    # argparse may wrap the lines at the hyphen of kifu-lark
    assert "pipinstall'kifu-lark[images]'" in "".join(text.split()) and "--overwrite" in text


SHELT = FIXTURES / "msf" / "listed_order.msf"


def test_show_png_draws_a_shelt_record_too(tmp_path: Path) -> None:
    """show --png on a シェルト record: its own picture as PNG; --flip and --style, which
    draw a shogi board, are refused (exit 2)."""
    need_images_extra()
    out = tmp_path / "s.png"
    assert 0 == main(["show", str(SHELT), "--png", str(out), "--size", "200"])
    image = decode(out.read_bytes())
    assert "PNG" == image.format and 200 == image.size[0]
    colours = image.convert("RGB").getcolors(maxcolors=1 << 16)
    assert colours is not None and len(colours) > 10
    for option in (["--flip"], ["--style", "book"]):
        assert 2 == main(["show", str(SHELT), "--png", str(tmp_path / "t.png"), *option])
    assert not (tmp_path / "t.png").exists()


BRANCHES = FIXTURES / "kif" / "canonical" / "branches.kif"


@pytest.mark.parametrize(
    ("choice", "moves"),
    [
        ("4:2", ["7g7f", "3c3d", "8h2b+", "8b2b", "7i8h"]),
        ("4:1", ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"]),
        ("1:2", ["2g2f", "8c8d", "2f2e"]),
        ("6:2", ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e", "7a6b"]),  # past the 投了 at 6
        ("4:2,5:1", ["7g7f", "3c3d", "8h2b+", "8b2b", "7i8h"]),
    ],
)
def test_animate_line_follows_a_variation(choice: str, moves: list[str], tmp_path: Path) -> None:
    """--line PLY:N takes the N-th move written at move PLY, then first continuations: the
    animation is the API's of that line (frames = its moves + 1)."""
    need_images_extra()
    game = kifu_lark.load(BRANCHES)
    node = line_node(game, _choices(choice))
    assert moves == [n.move.usi() for n in game.line(node) if n.move is not None]
    out = tmp_path / "line.png"
    assert 0 == main(["animate", str(BRANCHES), "-o", str(out), "--line", choice])
    assert len(moves) + 1 == getattr(decode(out.read_bytes()), "n_frames", 1)
    assert out.read_bytes() == animate(game, "apng", line=node)


@pytest.mark.parametrize(
    ("choice", "message"),
    [
        ("4:3", "--line 4:3: move 4 has 2 alternative(s) there"),
        ("9:1", "--line 9:1: the line ends before move 9 [USAGE] (the line has 5 moves)"),
        ("4:2,6:2", "the line ends before move 6"),
        ("4-2", "'4-2': give PLY:N"),
        ("0:1", "'0:1': give PLY:N"),
        ("5:1,4:2", "give each move once, in increasing order"),
    ],
)
def test_animate_line_that_is_not_there(
    choice: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A move past the line's end, an alternative that is not written, a malformed
    --line: exit 2 naming it, nothing written."""
    out = tmp_path / "line.gif"
    assert 2 == main(["animate", str(BRANCHES), "-o", str(out), "--line", choice])
    assert message in capsys.readouterr().err
    assert not out.exists()
