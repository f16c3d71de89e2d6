"""What a file declares is what it holds: encoding declarations are syntax (never headers),
each writer declares the encoding it writes, CSA V2.2 is Shift_JIS with CRLF, CSA writes the
players before the other information, and handicaps some readers lack carry their position."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import kifu_lark
from kifu_lark.cli import main
from kifu_lark.errors import KifuEncodingError
from kifu_lark.model import Color, HeaderKey, Headers, handicap_position
from kifu_lark.model.handicap import NOT_EVERYWHERE

SJIS_KIF = (
    "#KIF version=2.0 encoding=Shift_JIS\n"
    "# ---- Kifu for Windows V7 棋譜ファイル ----\n"
    "棋戦：宣言の試験\n先手：甲\n後手：乙\n"
    "手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n"
).encode("cp932")


def _read(tmp_path: Path) -> kifu_lark.Game:
    path = tmp_path / "in.kif"
    path.write_bytes(SJIS_KIF)
    return kifu_lark.load(path)


def test_declaration_is_syntax_not_a_header(tmp_path: Path) -> None:
    """The #KIF line is not a header; the other # line is, and the encoding is known."""
    game = _read(tmp_path)
    assert [("#", " ---- Kifu for Windows V7 棋譜ファイル ----")] == [
        (k, v) for k, v in game.headers.entries if k == "#"
    ]
    assert "cp932" == game.encoding


@pytest.mark.parametrize(
    ("name", "codec", "declared"),
    [
        ("out.kifu", "utf-8", ["#KIF version=2.0 encoding=UTF-8"]),
        ("out.kif", "cp932", []),
        ("out.ki2u", "utf-8", ["#KIF version=2.0 encoding=UTF-8"]),
        ("out.ki2", "cp932", []),
    ],
)
def test_kif_and_ki2_declare_the_encoding_they_write(
    tmp_path: Path, name: str, codec: str, declared: list[str]
) -> None:
    """dump declares UTF-8 on the first line; Shift_JIS, the formats' default, is written
    undeclared (json-kifu-format's KI2 reader refuses any # line); either reads back."""
    game = _read(tmp_path)
    out = tmp_path / name
    kifu_lark.dump(game, out)
    lines = out.read_bytes().decode(codec).splitlines()
    assert declared == [line for line in lines if line.startswith("#KIF")]
    assert declared == lines[: len(declared)]
    assert game == kifu_lark.load(out)


def test_an_explicit_encoding_is_the_one_declared(tmp_path: Path) -> None:
    """A .kif written in UTF-8 on request declares UTF-8, not the extension's CP932."""
    out = tmp_path / "utf8.kif"
    kifu_lark.dump(_read(tmp_path), out, encoding="utf-8")
    assert out.read_bytes().decode("utf-8").startswith("#KIF version=2.0 encoding=UTF-8\n")


def test_dumps_to_a_string_declares_nothing(tmp_path: Path) -> None:
    """A str has no encoding yet: no declaration line (unless encoding= says which)."""
    game = _read(tmp_path)
    assert not kifu_lark.dumps(game, "kif").startswith("#KIF")
    assert kifu_lark.dumps(game, "kif", encoding="utf-8").startswith("#KIF version=2.0")
    assert not kifu_lark.dumps(game, "kif", encoding="cp932").startswith("#KIF")


def test_declaration_header_of_a_hand_built_game_is_not_copied(tmp_path: Path) -> None:
    """A '#' entry holding a declaration (kept by older versions) is not written again."""
    game = _read(tmp_path)
    game.headers = Headers([("#", "KIF version=2.0 encoding=Shift_JIS"), *game.headers.entries])
    out = tmp_path / "out.kifu"
    kifu_lark.dump(game, out)
    text = out.read_bytes().decode("utf-8")
    assert ["#KIF version=2.0 encoding=UTF-8"] == [
        x for x in text.splitlines() if x.startswith("#KIF")
    ]


def test_declaration_leaks_neither_into_csa_nor_jkf(tmp_path: Path) -> None:
    """CSA writes no $#:KIF line and JKF no "#" header holding the declaration."""
    game = _read(tmp_path)
    assert "KIF version" not in kifu_lark.dumps(game, "csa")
    header = json.loads(kifu_lark.dumps(game, "jkf"))["header"]
    assert "KIF version" not in json.dumps(header, ensure_ascii=False)


def test_csa_v3_declares_the_encoding_written(tmp_path: Path) -> None:
    """'CSA encoding= names UTF-8 by default and SHIFT_JIS for a CP932 file; both read."""
    game = _read(tmp_path)
    utf8, sjis = tmp_path / "u.csa", tmp_path / "s.csa"
    kifu_lark.dump(game, utf8)
    kifu_lark.dump(game, sjis, encoding="cp932")
    assert utf8.read_bytes().decode("utf-8").startswith("'CSA encoding=UTF-8\n")
    assert sjis.read_bytes().decode("cp932").startswith("'CSA encoding=SHIFT_JIS\n")
    assert kifu_lark.load(utf8).headers == kifu_lark.load(sjis).headers


def test_csa_v22_is_shift_jis_with_lf(tmp_path: Path) -> None:
    """version="2.2": CP932 bytes, LF line ends (as floodgate and cshogi write; V2.2 leaves
    line ends to the system), no declaration; names read back."""
    game = _read(tmp_path)
    out = tmp_path / "v22.csa"
    kifu_lark.dump(game, out, version="2.2")
    data = out.read_bytes()
    text = data.decode("cp932")
    assert text.startswith("V2.2\nN+甲\nN-乙\n")
    assert "\r" not in text
    assert "CSA encoding" not in text
    back = kifu_lark.load(out)
    assert ("甲", "乙") == (back.headers.get(HeaderKey.BLACK), back.headers.get(HeaderKey.WHITE))


def test_python_shogi_reads_our_csa_v22(tmp_path: Path) -> None:
    """python-shogi, which takes no CRLF record, reads our V2.2 bytes decoded as they are."""
    shogi_csa = pytest.importorskip("shogi.CSA")
    out = tmp_path / "v22.csa"
    kifu_lark.dump(_read(tmp_path), out, version="2.2")
    parsed = shogi_csa.Parser.parse_str(out.read_bytes().decode("cp932"))[0]
    assert ["7g7f", "3c3d"] == parsed["moves"]


def test_csa_v22_refuses_what_shift_jis_cannot_hold(tmp_path: Path) -> None:
    """A player name CP932 cannot hold is refused, located, rather than written as mojibake."""
    game = _read(tmp_path)
    game.headers = Headers([(HeaderKey.BLACK, "雪だるま☃"), (HeaderKey.WHITE, "乙")])
    with pytest.raises(KifuEncodingError) as caught:
        kifu_lark.dump(game, tmp_path / "bad.csa", version="2.2")
    assert (2, "☃") == (caught.value.line, caught.value.text)
    assert not (tmp_path / "bad.csa").exists()


def test_csa_writes_players_before_other_information(tmp_path: Path) -> None:
    """N+ then N- come before $ lines whatever the header order (the standard's template)."""
    game = _read(tmp_path)
    entries: list[tuple[HeaderKey | str, str]] = [
        (HeaderKey.EVENT, "棋戦"),
        (HeaderKey.WHITE, "乙"),
        ("X_NOTE", "x"),
    ]
    game.headers = Headers([*entries, (HeaderKey.BLACK, "甲")])
    lines = kifu_lark.dumps(game, "csa").splitlines()
    assert ["N+甲", "N-乙", "$EVENT:棋戦", "$X_NOTE:x"] == lines[2:6]


@pytest.mark.parametrize("name", sorted(NOT_EVERYWHERE))
def test_handicaps_some_readers_lack_carry_their_position(name: str) -> None:
    """KIF/KI2 write 手合割 and the diagram, JKF the OTHER preset with the board; each reads
    back to the handicap's position."""
    start = handicap_position(name)
    assert start is not None and start.turn is Color.WHITE
    game = kifu_lark.loads(f"position sfen {start.sfen()} moves 5a4b", "usi")
    for fmt in ("kif", "ki2"):
        text = kifu_lark.dumps(game, fmt)
        assert f"手合割：{name}" in text and "+---------------------------+" in text
        assert start == kifu_lark.loads(text, fmt).start
    jkf = kifu_lark.dumps(game, "jkf")
    assert "OTHER" == json.loads(jkf)["initial"]["preset"]
    assert start == kifu_lark.loads(jkf, "jkf").start


def test_common_handicaps_keep_their_name_only() -> None:
    """香落ち, which every reader knows, is written by name alone."""
    start = handicap_position("香落ち")
    assert start is not None
    game = kifu_lark.loads(f"position sfen {start.sfen()} moves 3c3d", "usi")
    assert "+---" not in kifu_lark.dumps(game, "kif")
    assert {"preset": "KY"} == json.loads(kifu_lark.dumps(game, "jkf"))["initial"]


def test_cli_convert_declares_the_encoding_it_writes(tmp_path: Path) -> None:
    """convert x.kif -o y.kifu writes UTF-8 declared as UTF-8."""
    src = tmp_path / "in.kif"
    src.write_bytes(SJIS_KIF)
    out = tmp_path / "out.kifu"
    assert 0 == main(["convert", str(src), "-o", str(out)])
    assert out.read_bytes().decode("utf-8").startswith("#KIF version=2.0 encoding=UTF-8\n")
