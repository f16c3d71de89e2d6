"""KIF reader and writer: moves, specials, comments, headers, handicaps, branches, encodings."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import kifu_lark
from kifu_lark.errors import (
    IllegalMoveError,
    InvalidRecordError,
    KifuEncodingError,
    KifuSyntaxError,
)
from kifu_lark.formats import kif_read
from kifu_lark.formats.japanese import (
    SPECIAL_NAMES,
    SPECIAL_WORDS,
    kanji_number,
    kanji_numeral,
    read_summary,
    write_summary,
    zen_number,
)
from kifu_lark.formats.kif_write import KIF_SPECIALS
from kifu_lark.model.color import Color
from kifu_lark.model.game import Game, Node
from kifu_lark.model.handicap import HANDICAPS, handicap_position
from kifu_lark.model.headers import HeaderKey
from kifu_lark.model.move import SpecialKind, Time
from kifu_lark.model.piece import PieceKind
from kifu_lark.model.position import Position
from kifu_lark.model.variant import MINISHOGI
from tests.conftest import FIXTURES, ROOT
from tests.formats.equivalence import reader_internals
from tests.formats.equivalence.case import all_texts
from tests.formats.equivalence.cases import BY_NAME
from tests.formats.equivalence.checks import run_tokens
from tests.strategies import special_of

HEAD = "手合割：平手\n手数----指手---------消費時間--\n"


def read(text: str) -> Game:
    """Read one KIF text."""
    return kifu_lark.loads(text, "kif")


def usi_line(game: Game) -> list[str]:
    """The main line as USI moves (specials by name)."""
    return [
        n.move.usi() if n.move is not None else n.special.kind.name  # type: ignore[union-attr]
        for n in game.mainline()
    ]


# --- moves ----------------------------------------------------------------------------------


def test_digits_full_width_ascii_and_kanji_name_the_same_square() -> None:
    """７六, 76 and 7六 are the same destination."""
    for spelling in ("７六", "76", "7六", "７6"):
        game = read(HEAD + f"   1 {spelling}歩(77)\n")
        assert ["7g7f"] == usi_line(game)


def test_same_with_or_without_a_space() -> None:
    """同　, 同 and 同 followed directly by the piece all mean the previous destination."""
    for same in ("同　", "同 ", "同"):
        game = read(HEAD + "1 ７六歩(77)\n2 ３四歩(33)\n3 ２二角成(88)\n" + f"4 {same}銀(31)\n")
        assert ["7g7f", "3c3d", "8h2b+", "3a2b"] == usi_line(game)


def test_piece_aliases_and_promoted_names() -> None:
    """王 竜 成銀/全 成桂/圭 成香/杏 read as the pieces they name."""
    diagram = (
        "後手の持駒：なし\n"
        "+---------------------------+\n"
        "| ・ ・ ・ ・v王 ・ ・ ・ ・|一\n"
        "| ・ ・ ・ ・ ・ ・ ・ ・ ・|二\n"
        "| ・ ・ ・ ・ ・ ・ ・ ・ ・|三\n"
        "| 全 圭 杏 全 圭 杏 ・ ・ ・|四\n"
        "| ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n"
        "| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n"
        "| ・ ・ ・ ・ ・ ・ ・ ・ ・|七\n"
        "| ・ ・ ・ ・ ・ ・ ・ 竜 ・|八\n"
        "| ・ ・ ・ ・ 王 ・ ・ ・ ・|九\n"
        "+---------------------------+\n"
        "先手の持駒：なし\n"
        "手数----指手---------消費時間--\n"
    )
    moves = [
        "1 ９三全(94)",
        "2 ５二王(51)",
        "3 ８三圭(84)",
        "4 ５一玉(52)",
        "5 ７三杏(74)",
        "6 ５二王(51)",
        "7 ６三成銀(64)",
        "8 ５一王(52)",
        "9 ５三成桂(54)",
        "10 ６一玉(51)",
        "11 ４三成香(44)",
        "12 ７一玉(61)",
        "13 ２二竜(28)",
        "14 ８一玉(71)",
        "15 ２一龍(22)",
    ]
    game = read(diagram + "\n".join(moves) + "\n")
    kinds = [n.move.piece for n in game.mainline() if n.move is not None]
    assert [
        PieceKind.PROM_SILVER,
        PieceKind.KING,
        PieceKind.PROM_KNIGHT,
        PieceKind.KING,
        PieceKind.PROM_LANCE,
        PieceKind.KING,
        PieceKind.PROM_SILVER,
        PieceKind.KING,
        PieceKind.PROM_KNIGHT,
        PieceKind.KING,
        PieceKind.PROM_LANCE,
        PieceKind.KING,
        PieceKind.DRAGON,
        PieceKind.KING,
        PieceKind.DRAGON,
    ] == kinds
    text = kifu_lark.dumps(game, "kif")
    assert "６三成銀(64)" in text and "５三成桂(54)" in text and "２一龍(22)" in text


def test_promote_decline_and_drop() -> None:
    """成 promotes, 不成 and nothing decline, 打 drops."""
    game = read(HEAD + "1 ７六歩(77)\n2 ３四歩(33)\n3 ２二角不成(88)\n4 同　銀(31)\n5 ４五角打\n")
    moves = [n.move for n in game.mainline()]
    assert moves[2] is not None and not moves[2].promote
    assert moves[4] is not None and moves[4].is_drop
    again = read(HEAD + "1 ７六歩(77)\n2 ３四歩(33)\n3 ２二角成(88)\n").mainline()[2].move
    assert again is not None and again.promote


def test_origin_is_checked_against_the_board() -> None:
    """A wrong origin is an IllegalMoveError with line and column of the move."""
    with pytest.raises(IllegalMoveError) as info:
        read(HEAD + "   1 ７六歩(78)\n")
    assert (3, 6) == (info.value.line, info.value.column)


def test_times_minutes_past_59_and_missing_times() -> None:
    """( m:ss/hh:mm:ss) reads as seconds; minutes may pass 59; the time column is optional."""
    game = read(
        HEAD + "1 ７六歩(77) (75:30/01:16:37)\n2 ３四歩(33)\n3 ２六歩(27) (00:31 / 00:00:31)\n"
    )
    times = [n.time for n in game.mainline()]
    assert [Time(4530.0, 4597.0), None, Time(31.0, 31.0)] == times
    assert "(75:30/01:16:37)" in kifu_lark.dumps(game, "kif")


# --- specials and the summary ---------------------------------------------------------------


@pytest.mark.parametrize("word", sorted(SPECIAL_NAMES))
def test_every_special_word_is_read(word: str) -> None:
    """Each special word becomes its SpecialKind, colored with the side to move."""
    game = read(HEAD + f"   1 ７六歩(77)\n   2 {word}\n")
    special = game.mainline()[-1].special
    assert special is not None
    assert (SPECIAL_NAMES[word], Color.WHITE) == (special.kind, special.color)


@pytest.mark.parametrize("kind", [k for k in SpecialKind if k in KIF_SPECIALS])
def test_every_special_kind_survives_write_and_read(kind: SpecialKind) -> None:
    """Writing a special and reading it back gives the same kind, and the まで line agrees."""
    game = read(HEAD + "   1 ７六歩(77)\n")
    game.mainline()[-1].add_variation(special=special_of(kind, Color.WHITE))
    text = kifu_lark.dumps(game, "kif")
    assert f"   2 {SPECIAL_WORDS.get(kind, '指し直し')}" in text
    assert game == read(text)
    summary = read_summary(text.rstrip("\n").rsplit("\n", 1)[-1])
    assert summary is not None and summary[0] == 1


def test_summary_results() -> None:
    """まで lines name the special and the side to move."""
    assert (64, SpecialKind.RESIGN, Color.WHITE) == read_summary("まで64手で先手の勝ち")
    assert (7, SpecialKind.MATE, Color.WHITE) == read_summary("まで7手詰")
    assert (3, SpecialKind.INTERRUPT, Color.WHITE) == read_summary("まで3手で中断")
    timed_out = read_summary("まで9手で時間切れにより後手の勝ち")
    assert (9, SpecialKind.TIME_UP, Color.BLACK) == timed_out
    assert (5, SpecialKind.ILLEGAL_WIN, Color.BLACK) == read_summary("まで5手で先手の反則勝ち")
    assert "まで12手で後手の勝ち" == write_summary(12, SpecialKind.RESIGN, Color.BLACK, False)
    assert "まで4手で上手の勝ち" == write_summary(4, SpecialKind.RESIGN, Color.BLACK, True)


def test_summary_without_special_line_adds_the_special() -> None:
    """A まで line after a line without special adds the special it names."""
    game = read(HEAD + "   1 ７六歩(77)\n   2 ３四歩(33)\nまで2手で後手の勝ち\n")
    special = game.mainline()[-1].special
    assert special is not None
    assert (SpecialKind.RESIGN, Color.BLACK) == (special.kind, special.color)


# --- comments, bookmarks, # lines, headers --------------------------------------------------


def test_comments_bookmarks_and_hash_lines() -> None:
    """* comments go to the move above (or the start), ** keeps its star, & is a bookmark,
    # lines are header entries before the moves and comments after; the encoding
    declaration is syntax, not a header."""
    text = (
        "#KIF version=2.0 encoding=UTF-8\n#備考\n棋戦：テスト\n手数----指手---------消費時間--\n"
        "*開始\n   1 ７六歩(77)\n*一手目\n**エンジン\n&しおり\n#区切り\n   2 ３四歩(33)\n"
    )
    game = read(text)
    first = game.mainline()[0]
    assert ["開始"] == game.root.comments
    assert ["一手目", "*エンジン", "#区切り"] == first.comments
    assert "しおり" == first.bookmark
    assert [("#", "備考"), (HeaderKey.EVENT, "テスト")] == game.headers.entries
    assert game == read(kifu_lark.dumps(game, "kif"))


def test_headers_keep_order_and_values_as_written() -> None:
    """Unknown keys stay verbatim and in order; trailing blanks are trimmed."""
    text = "自由項目：値　\n先手：甲\n持ち時間：各2時間\n" + HEAD
    game = read(text)
    expected = [("自由項目", "値"), (HeaderKey.BLACK, "甲"), (HeaderKey.TIME_LIMIT, "各2時間")]
    assert expected == game.headers.entries


# --- handicaps and diagrams -----------------------------------------------------------------


@pytest.mark.parametrize("name", [n for n, sfen in HANDICAPS.items() if sfen])
def test_every_handicap_name_sets_its_position(name: str) -> None:
    """手合割 gives the start position and is written back as a name."""
    game = read(f"手合割：{name}\n手数----指手---------消費時間--\n")
    assert handicap_position(name) == game.start
    assert HeaderKey.BLACK not in game.headers and "手合割" not in game.headers
    assert f"手合割：{name}\n" in kifu_lark.dumps(game, "kif")


def test_diagram_wins_over_a_disagreeing_handicap() -> None:
    """A board diagram after 手合割 sets the start; the disagreeing 手合割 is kept."""
    source = ROOT / "fixtures" / "kif" / "canonical" / "tsume_diagram.kif"
    body = source.read_bytes().decode("cp932")
    game = read("手合割：平手\n" + body)
    assert "4k4/9/4P4/9/9/9/9/9/4K4 b G2P 1" == game.start.sfen()
    assert "平手" == game.headers.get("手合割")
    assert game == read(kifu_lark.dumps(game, "kif"))


def test_handicap_games_name_players_shitate_uwate() -> None:
    """下手/上手 read as BLACK/WHITE and are written so for a handicap start."""
    game = read("手合割：角落ち\n上手：甲\n下手：乙\n手数----指手---------消費時間--\n")
    assert [(HeaderKey.WHITE, "甲"), (HeaderKey.BLACK, "乙")] == game.headers.entries
    assert "上手：甲\n下手：乙\n" in kifu_lark.dumps(game, "kif")


def test_minishogi_diagram_reads_and_writes() -> None:
    """A 5x5 diagram gives a minishogi game; the writer draws the 5x5 diagram back."""
    path = ROOT / "fixtures" / "kif" / "canonical" / "minishogi.kifu"
    game = kifu_lark.load(path, "kif")
    assert MINISHOGI == game.start.variant
    assert Position.initial(MINISHOGI) == game.start
    assert "  ５ ４ ３ ２ １\n+---------------+\n" in kifu_lark.dumps(game, "kif")


# --- branches -------------------------------------------------------------------------------


def _lines(node: Node) -> list[list[str]]:
    """Every line from ``node`` as USI lists, variations depth first."""
    out: list[list[str]] = []
    for child in node.children:
        line = [child.move.usi() if child.move else child.special.kind.name]  # type: ignore[union-attr]
        rest = _lines(child)
        out += [line + tail for tail in rest] if rest else [line]
    return out


def test_branches_at_last_move_at_special_and_starting_with_same() -> None:
    """The branches fixture rebuilds variations at the last move, at the special and a
    variation whose first move is 同."""
    game = kifu_lark.load(ROOT / "fixtures" / "kif" / "canonical" / "branches.kif", "kif")
    fifth = game.mainline()[4]
    assert [["RESIGN"], ["7a6b", "INTERRUPT"]] == _lines(fifth)
    fourth = game.mainline()[3]
    assert ["B*4e", "B*6e"] == [c.move.usi() for c in fourth.children if c.move]
    third = game.mainline()[2]
    assert ["3a2b", "8b2b"] == [c.move.usi() for c in third.children if c.move]
    assert [["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e", "RESIGN"]] == _lines(game.root)[:1]


def test_seed_six_variations_rebuild_and_write_in_the_same_order() -> None:
    """The 柿木形式V4 example (reference seed 001) reads into its tree and is written
    back with the same 変化 order and moves."""
    seeds = ROOT.parent / "shared" / "seeds"
    found = sorted(seeds.glob("001_*.txt")) if seeds.is_dir() else []
    if not found:
        pytest.skip("../shared/seeds is absent")
    seed = found[0].read_text(encoding="utf-8")
    record = seed[seed.index("手数----") : seed.index("一本道")]
    game = read(record)
    assert 7 == len(_lines(game.root))
    written = kifu_lark.dumps(game, "kif")

    def moves_only(text: str) -> list[str]:
        norm = unicodedata.normalize("NFKC", text)
        return [
            "".join(line.split()).split("(0")[0]
            for line in norm.splitlines()
            if (line.strip() and line.strip()[0].isdigit()) or line.startswith("変化")
        ]

    assert moves_only(record) == moves_only(written)


def test_mainline_only_drops_variations_and_marks() -> None:
    """mainline_only writes no 変化 section and no + mark."""
    game = kifu_lark.load(ROOT / "fixtures" / "kif" / "canonical" / "branches.kif", "kif")
    text = kifu_lark.dumps(game, "kif", mainline_only=True)
    assert "変化" not in text and ")+" not in text


# --- encodings ------------------------------------------------------------------------------


def test_dump_writes_cp932_for_kif_and_utf8_for_kifu(tmp_path: Path) -> None:
    """dump picks the encoding from the extension; load detects it."""
    game = read(HEAD + "   1 ７六歩(77)\n*コメント\n")
    kifu_lark.dump(game, tmp_path / "a.kif")
    kifu_lark.dump(game, tmp_path / "a.kifu")
    assert "コメント".encode("cp932") in (tmp_path / "a.kif").read_bytes()
    assert "コメント".encode() in (tmp_path / "a.kifu").read_bytes()
    assert game == kifu_lark.load(tmp_path / "a.kif")
    assert "cp932" == kifu_lark.load(tmp_path / "a.kif").encoding


def test_dump_refuses_text_cp932_cannot_hold(tmp_path: Path) -> None:
    """A comment outside CP932 cannot go to a .kif file (but can to .kifu)."""
    game = read(HEAD + "   1 ７六歩(77)\n*絵文字🙂\n")
    with pytest.raises(KifuEncodingError):
        kifu_lark.dump(game, tmp_path / "a.kif")
    kifu_lark.dump(game, tmp_path / "a.kifu")
    assert game == kifu_lark.load(tmp_path / "a.kifu")


def test_bom_and_declared_encoding() -> None:
    """A BOM is skipped; a UTF-8 .kif declared by #KIF encoding=UTF-8 is read as UTF-8."""
    assert ["7g7f"] == usi_line(read("\ufeff" + HEAD + "1 ７六歩(77)\n"))
    data = ("#KIF version=2.0 encoding=UTF-8\n" + HEAD + "1 ７六歩(77)\n").encode()
    text, used = kifu_lark.textio.decode(data)
    assert "utf-8" == used and ["7g7f"] == usi_line(read(text))


# --- numerals -------------------------------------------------------------------------------


def test_numerals() -> None:
    """Kanji and full-width numbers convert both ways."""
    assert [1, 10, 18, 2, 102, 12] == [
        kanji_number(t) for t in ("一", "十", "十八", "二", "百二", "１２")
    ]
    assert ["二", "十", "十八", "二十"] == [kanji_numeral(n) for n in (2, 10, 18, 20)]
    assert "１２" == zen_number(12)


def test_fork_marks_are_checked_against_the_variations() -> None:
    """A + mark with no variation after it is reported on game.warnings; files without
    any mark are not checked."""
    marked = read(HEAD + "   1 ７六歩(77)   +\n   2 ３四歩(33)   +\n\n変化：1手\n   1 ５六歩(57)\n")
    assert [("FORK_MARK", 2)] == [(w.code, w.ply) for w in marked.warnings]
    unmarked = read(HEAD + "   1 ７六歩(77)\n   2 ３四歩(33)\n\n変化：1手\n   1 ５六歩(57)\n")
    assert [] == unmarked.warnings


_NESTED = (
    "   1 ７六歩(77)   +\n   2 ３四歩(33)   +\n   3 ２六歩(27)\n\n"
    "変化：2手\n   2 ８四歩(83)   +\n   3 ２六歩(27)\n\n"
    "変化：2手\n   2 ４四歩(43)\n\n"
    "変化：1手\n   1 ２六歩(27)\n"
)


def _forked_by_walk(game: Game) -> set[int]:
    """The nodes a later sibling follows, as the walk over every node finds them."""
    return {
        id(node)
        for node in game.root.walk()
        if node.parent is not None
        and node.parent.variations
        and node.parent.variations[-1] is not node
    }


def test_nested_variations_marked_rightly_give_no_warning() -> None:
    """Marks that agree with nested variations warn of nothing; a mark taken off one warns
    there, and the quick search of the forked nodes finds those the walk finds."""
    game = read(HEAD + _NESTED)
    assert [] == game.warnings
    assert _forked_by_walk(game) == {id(n) for n in kif_read._forked(game.root)}
    assert 3 == len(_forked_by_walk(game))
    unmarked = read(HEAD + _NESTED.replace("８四歩(83)   +", "８四歩(83)"))
    assert [("FORK_MARK", 2)] == [(w.code, w.ply) for w in unmarked.warnings]
    demo = kifu_lark.load(FIXTURES / "demo" / "yagura.kifu")
    assert _forked_by_walk(demo) == {id(n) for n in kif_read._forked(demo.root)}
    assert _forked_by_walk(demo)


@pytest.mark.parametrize(
    ("line", "column", "text"),
    [
        ("   2 ３四歩(3)   ( 0:00/00:00:00)", 9, "(3)"),
        ("   2 ３四Ｘ   ( 0:00/00:00:00)", 6, "３四Ｘ"),
        ("   2 ３四歩(33)   ( 0:00/00:0x:00)", 16, "( 0:00/00:0x"),
        ("   2 投了 z", 9, "z"),
    ],
)
def test_a_bad_move_line_points_at_the_part_that_does_not_read(
    line: str, column: int, text: str
) -> None:
    """The move, the time and what trails them are matched with the grammar's terminals:
    the error's column is where that stops."""
    record = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)   ( 0:00/00:00:00)\n"
    with pytest.raises(KifuSyntaxError) as caught:
        kifu_lark.loads(record + line + "\n", "kif")
    assert (4, column) == (caught.value.line, caught.value.column)
    assert caught.value.text is not None and caught.value.text.startswith(text)


def test_repeated_move_number_reads_as_the_next_move_with_a_warning() -> None:
    """A move number repeated (hand-edited files) reads as the next move, as Kifu for JS
    reads it, and says so on ``game.warnings``."""
    game = kifu_lark.load(FIXTURES / "kif" / "repeated_move_number.kifu")
    assert ["7g7f", "3c3d", "2g2f", "8c8d", "2f2e"] == [
        n.move.usi() for n in game.mainline() if n.move is not None
    ]
    assert [("BAD_MOVE_NUMBER", 4, 6)] == [(w.code, w.ply, w.line) for w in game.warnings]


def test_skipped_move_number_is_an_error_saying_how_to_fix_it() -> None:
    """A number that skips ahead is refused, with the number expected and where a
    variation belongs."""
    text = "手数----指手---------消費時間--\n   1 ７六歩(77)\n   3 ３四歩(33)\n"
    with pytest.raises(InvalidRecordError) as caught:
        kifu_lark.loads(text, "kif")
    err = caught.value
    assert ("BAD_MOVE_NUMBER", 3, 4) == (err.code, err.line, err.column)
    assert err.hint is not None and "変化：3手" in err.hint


def test_the_walk_finds_where_each_line_of_a_block_starts() -> None:
    """The walk keeps no line's length: where a line starts is worked out when a table
    misses or a line is wrong, going forward from the last line asked for. Asked line after
    line, or skipping lines, it gives where each line of every block of the fixtures and the
    corpus starts."""
    case = BY_NAME["kif"]
    texts = [case.declaration.normalise(text) for text in all_texts(case)]
    blocks = [block for text in texts for block in run_tokens(case, text, ["MOVES_BLOCK"])]
    assert blocks
    for block in blocks:
        assert block.line is not None
        offsets = [0]
        for piece in block.splitlines(keepends=True)[:-1]:
            offsets.append(offsets[-1] + len(piece))
        every = reader_internals.kif_line_starts(block, block.line)
        assert offsets == [every.at(block.line + i) for i in range(len(offsets))]
        some = reader_internals.kif_line_starts(block, block.line)
        for i in range(0, len(offsets), 3):
            assert offsets[i] == some.at(block.line + i)
            assert offsets[i] == some.at(block.line + i)  # asked again: the same line


@given(
    st.text(alphabet=st.sampled_from("*&a解析 \t\u3000"), max_size=12),
    st.text(alphabet=st.sampled_from("*&a解析 \t\u3000"), max_size=12),
)
def test_comment_and_bookmark_lines_cut_by_the_walk_read_as_their_text(
    comment: str, bookmark: str
) -> None:
    """The move block's walk takes a ``*`` line's and a ``&`` line's text in its own groups:
    what ``comment_text`` gives of the comment line, the bookmark line after its mark."""
    from kifu_lark.formats.japanese import comment_text

    line = "*" + comment + "\n"
    text = f"手数----指手---------消費時間--\n   1 ７六歩(77)\n{line}&{bookmark}\n   2 ３四歩(33)\n"
    game = kifu_lark.loads(text, "kif")
    first = game.mainline()[0]
    assert (list(first.comments), first.bookmark) == ([comment_text(line)], bookmark)
    assert game.mainline()[1].move is not None


_DIAGRAM_AT_20 = (
    kifu_lark.dumps(kifu_lark.loads("sfen 4k4/9/9/9/9/9/9/9/4K4 b G 1", "usi"), "kif").split(
        "手数----"
    )[0]
    + "手数＝20\n手数----指手---------消費時間--\n"
)


@pytest.mark.parametrize(("first", "second"), [(21, 22), (1, 2), (21, 2), (1, 22)])
def test_moves_after_a_diagrams_move_number_read_numbered_either_way(
    first: int, second: int
) -> None:
    """After 手数＝20 the moves may be numbered on from it (21, 22, as Kifu for Windows
    writes them) or from 1, each line either way: all read, without a warning."""
    text = _DIAGRAM_AT_20 + f"{first:>4} １九金打\n{second:>4} ４一玉(51)\n"
    game = kifu_lark.loads(text, "kif")
    assert ["G*1i", "5a4a"] == [n.move.usi() for n in game.mainline() if n.move is not None]
    assert [] == list(game.warnings)


@pytest.mark.parametrize("second", [23, 3, 20])
def test_a_number_that_follows_neither_count_after_a_diagram_is_refused(second: int) -> None:
    """After 手数＝20 and move 21, a number that is neither the next of the line (22, or 2)
    nor the one before repeated is a ``BAD_MOVE_NUMBER`` error on its line."""
    text = _DIAGRAM_AT_20 + f"  21 １九金打\n{second:>4} ４一玉(51)\n"
    with pytest.raises(InvalidRecordError) as caught:
        kifu_lark.loads(text, "kif")
    assert "BAD_MOVE_NUMBER" == caught.value.code
    assert text.count("\n") == caught.value.line
