"""The CSA reader and writer: every line type, the mapping to the model, and the writer's
choices (V3.0/V2.2, PI or P rows, refusals)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import kifu_lark
from kifu_lark.errors import (
    IllegalMoveError,
    KifuError,
    KifuSyntaxError,
    LossyWriteWarning,
    UnsupportedFeatureError,
)
from kifu_lark.model.color import Color
from kifu_lark.model.game import Game, Node, fill_times
from kifu_lark.model.handicap import handicap_position
from kifu_lark.model.headers import HeaderKey, Headers
from kifu_lark.model.move import Special, SpecialKind, Time
from kifu_lark.model.piece import PieceKind
from tests.strategies import positions

HEAD = "V2.2\nPI\n+\n"


def usi(game: Game) -> list[str]:
    return [n.move.usi() for n in game.mainline() if n.move is not None]


def test_headers_map_to_standard_keys_and_keep_unknown_ones_in_order() -> None:
    """N+/N-/$EVENT… become HeaderKey members; $X_FOO stays verbatim, in file order."""
    text = "V3.0\nN+黒\n$X_FOO:1\nN-白\n$EVENT:棋戦\n$TIME:600+10+0\n$OPENING:YAGURA\nPI\n+\n"
    game = kifu_lark.loads(text, "csa")
    expected = [
        (HeaderKey.BLACK, "黒"),
        ("X_FOO", "1"),
        (HeaderKey.WHITE, "白"),
        (HeaderKey.EVENT, "棋戦"),
        ("TIME", "600+10+0"),
        (HeaderKey.OPENING, "YAGURA"),
    ]
    assert expected == game.headers.entries


def test_unknown_and_non_csa_standard_keys_are_written_back() -> None:
    """A verbatim key goes out as $KEY:value; a standard key CSA lacks as $<ENUM NAME>."""
    game = Game(headers=Headers([("X_BAR", "a:b"), (HeaderKey.TITLE, "名人戦")]))
    text = kifu_lark.dumps(game, "csa")
    assert "$X_BAR:a:b\n$TITLE:名人戦\n" in text
    assert game.headers.entries == kifu_lark.loads(text, "csa").headers.entries


def test_note_keeps_line_breaks_escaped() -> None:
    """$NOTE writes a line break as \\n and a backslash as \\\\, and reads them back."""
    game = Game(headers=Headers([(HeaderKey.NOTE, "a\\b\nc")]))
    text = kifu_lark.dumps(game, "csa")
    assert "$NOTE:a\\\\b\\nc\n" in text
    assert "a\\b\nc" == kifu_lark.loads(text, "csa").headers[HeaderKey.NOTE]


def test_header_with_line_break_is_refused() -> None:
    """A header value other than $NOTE cannot hold a line break."""
    with pytest.raises(UnsupportedFeatureError):
        kifu_lark.dumps(Game(headers=Headers([(HeaderKey.SITE, "a\nb")])), "csa")


def test_comments_attach_to_the_move_they_follow() -> None:
    """'* comments read as their text, '** keeps one '*', plain ' lines keep their
    apostrophe; root before the first move. Each is written back as it was."""
    text = "'head\nV2.2\nPI\n+\n'*start\n+7776FU\n'*after\n'** 30 +2726FU\n-3334FU,'tail, kept\n"
    game = kifu_lark.loads(text, "csa")
    assert ["'head", "start"] == game.root.comments
    first, second = game.mainline()
    assert ["after", "* 30 +2726FU"] == first.comments
    assert ["'tail, kept"] == second.comments
    written = kifu_lark.dumps(game, "csa", version="2.2")
    for line in ("'head", "'*start", "'*after", "'** 30 +2726FU", "'tail, kept"):
        assert line in written.splitlines()
    assert game == kifu_lark.loads(written, "csa")


def test_a_kif_remark_is_written_as_a_remark_line() -> None:
    """A KIF ``#`` line (Kifu for Windows' banner) is a remark: CSA writes it as the remark
    line ``'#…``, not as a header ``$#``, and reads that line back as the remark, which KIF
    writes as the ``#`` line it was (issue 37)."""
    banner = " ---- Kifu for Windows V7 V7.70 棋譜ファイル ----"
    kif = f"#{banner}\n#summary:x\n先手：A\n手数----指手--\n   1 ７六歩(77)\n"
    game = kifu_lark.loads(kif, "kif")
    written = kifu_lark.dumps(game, "csa").splitlines()
    assert ["N+A", f"'#{banner}", "'#summary:x"] == written[2:5]
    again = kifu_lark.loads("\n".join(written), "csa")
    remarks = [("#", banner), ("#", "summary:x")]
    assert [(HeaderKey.BLACK, "A"), *remarks] == again.headers.entries
    assert [] == again.root.comments
    assert f"\n#{banner}\n#summary:x\n" in kifu_lark.dumps(again, "kif")


def test_a_comment_entry_holding_a_line_break_is_written_with_a_warning() -> None:
    """An entry is one line; a hand-built one holding CR or LF is written as its lines, and
    the warning says so (issue 37)."""
    game = kifu_lark.loads("PI\n+\n+7776FU\n", "csa")
    game.mainline()[0].comments[:] = ["a\rb", "c"]
    with pytest.warns(LossyWriteWarning, match="written as 2 lines"):
        written = kifu_lark.dumps(game, "csa")
    assert ["a", "b", "c"] == kifu_lark.loads(written, "csa").mainline()[0].comments


def test_a_comment_starting_with_an_apostrophe_star_survives() -> None:
    """A comment that happens to start with '* is written after '* (not as a plain line)."""
    game = kifu_lark.loads("PI\n+\n+7776FU\n", "csa")
    game.mainline()[0].comments[:] = ["'*x", "'", "''y"]
    again = kifu_lark.loads(kifu_lark.dumps(game, "csa"), "csa")
    assert ["'*x", "'", "''y"] == again.mainline()[0].comments


def test_comma_joined_statements_read_as_separate_lines() -> None:
    """`+2726FU,T12,-3334FU,T6` is four statements."""
    joined = kifu_lark.loads(HEAD + "+2726FU,T12,-3334FU,T6\n", "csa")
    lines = kifu_lark.loads(HEAD + "+2726FU\nT12\n-3334FU\nT6\n", "csa")
    assert lines == joined
    assert [Time(12, 12), Time(6, 6)] == [n.time for n in joined.mainline()]


@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"])
def test_line_ends_and_trailing_blanks_do_not_matter(newline: str) -> None:
    """LF, CRLF, CR, trailing blanks and a missing final line end read the same."""
    text = newline.join(["V2.2", "PI  ", "+ ", "+7776FU  ", "T3\t", "%TORYO"])
    game = kifu_lark.loads(text, "csa")
    assert ["7g7f"] == usi(game)
    assert SpecialKind.RESIGN == game.mainline()[-1].special.kind  # type: ignore[union-attr]


def test_several_records_separated_by_slash() -> None:
    """loads_all returns one game per record; each has its own headers and start."""
    text = "V3.0\nN+a\nPI\n+\n+7776FU\n/\nN+b\nPI82HI\n-\n-3334FU\n"
    games = kifu_lark.loads_all(text, "csa")
    assert ["a", "b"] == [g.headers[HeaderKey.BLACK] for g in games]
    assert ["平手", "飛車落ち"] == [g.handicap for g in games]


def test_standard_boards_are_recognised_as_handicaps() -> None:
    """A PI with removals and full P1..P9 rows both name their handicap."""
    rows = kifu_lark.dumps(Game(start=handicap_position("角落ち")), "csa")  # type: ignore[arg-type]
    assert "PI22KA\n-\n" in rows
    assert "角落ち" == kifu_lark.loads(rows, "csa").handicap
    assert "二枚落ち" == kifu_lark.loads("PI82HI22KA\n-\n", "csa").handicap


def test_placements_with_hands_and_al() -> None:
    """P-/P+ place pieces one by one, 00 puts them in hand, 00AL gives the rest."""
    game = kifu_lark.loads("P-51OU\nP+59OU\nP+00KI00FU\nP-00AL\n+\n", "csa")
    assert "4k4/9/9/9/9/9/9/9/4K4 b GP2r2b3g4s4n4l17p 1" == game.start.sfen()


def test_custom_start_is_written_as_rows_and_hands() -> None:
    """A start that is not a subset of the usual one is written P1..P9 then P+/P- hands."""
    start = kifu_lark.loads("P-51OU\nP+59OU\nP+00KI00KI\nP-00FU\n-\n", "csa").start
    text = kifu_lark.dumps(Game(start=start), "csa")
    assert "P1 *  *  *  * -OU *  *  *  * \n" in text
    assert "P+00KI00KI\nP-00FU\n-\n" in text
    assert start == kifu_lark.loads(text, "csa").start


@pytest.mark.parametrize(
    ("sign", "kind"),
    [("+", SpecialKind.ILLEGAL_LOSS), ("-", SpecialKind.ILLEGAL_WIN)],
)
def test_illegal_action_names_the_fouling_side(sign: str, kind: SpecialKind) -> None:
    """%±ILLEGAL_ACTION is a loss for the side to move when it fouled, else a win."""
    game = kifu_lark.loads(HEAD + f"%{sign}ILLEGAL_ACTION\n", "csa")
    assert Special(kind, Color.BLACK) == game.mainline()[0].special
    assert f"%{sign}ILLEGAL_ACTION\n" in kifu_lark.dumps(game, "csa")


@pytest.mark.parametrize(
    "name",
    [
        "TORYO",
        "CHUDAN",
        "SENNICHITE",
        "TIME_UP",
        "ILLEGAL_MOVE",
        "JISHOGI",
        "KACHI",
        "HIKIWAKE",
        "MAX_MOVES",
        "MATTA",
        "TSUMI",
        "FUZUMI",
        "ERROR",
    ],
)
def test_every_special_reads_and_writes(name: str) -> None:
    """Each %NAME maps to the SpecialKind of that value and is written back the same."""
    game = kifu_lark.loads(HEAD + f"+7776FU\n%{name}\nT2\n", "csa")
    last = game.mainline()[-1]
    assert (Special(SpecialKind(name), Color.WHITE), Time(2)) == (last.special, last.time)
    assert f"%{name}\nT2\n" in kifu_lark.dumps(game, "csa")


def test_a_special_without_csa_code_is_refused() -> None:
    """封じ手 has no % code: the writer says so instead of writing something else."""
    game = Game()
    game.root.add_variation(special=Special(SpecialKind.SEALED, Color.BLACK))
    with pytest.raises(UnsupportedFeatureError, match="SEALED"):
        kifu_lark.dumps(game, "csa")


def test_decimal_times_in_v3_and_rounded_in_v22() -> None:
    """V3.0 keeps milliseconds; V2.2 rounds to whole seconds (half up)."""
    game = kifu_lark.loads(HEAD + "+7776FU\nT1.5\n-3334FU\nT0.125\n+2726FU\nT2.\n", "csa")
    assert [1.5, 0.125, 2.0] == [n.time.spent for n in game.mainline()]  # type: ignore[union-attr]
    v3 = kifu_lark.dumps(game, "csa")
    v22 = kifu_lark.dumps(game, "csa", version="2.2")
    assert v3.startswith("'CSA encoding=UTF-8\nV3.0\n") and "T1.5\n" in v3 and "T0.125\n" in v3
    assert v22.startswith("V2.2\n") and "T2\n-3334FU\nT0\n" in v22


@pytest.mark.parametrize("version", ["3.0", "2.2"])
def test_a_time_of_ten_digits_is_refused_where_it_is_written(version: str) -> None:
    """A move's time of 10**9 s or more (KIF (16666667:0)) is refused, naming the move: CSA
    readers, ours among them, take at most 9 digits. 999 999 999 s is written and read."""
    game = kifu_lark.loads(HEAD + "+7776FU\n-3334FU\n", "csa")
    black, white = game.mainline()
    black.time, white.time = Time(999_999_999), Time(1_000_000_020)
    with pytest.raises(UnsupportedFeatureError) as refused:
        kifu_lark.dumps(game, "csa", version=version)
    assert ("UNSUPPORTED", "csa") == (refused.value.code, refused.value.format)
    assert "move 2" in str(refused.value) and "1000000020" in str(refused.value)
    white.time = Time(999_999_999.25)  # V2.2 rounds to 999999999
    back = kifu_lark.loads(kifu_lark.dumps(game, "csa", version=version), "csa")
    last = 999_999_999 if version == "2.2" else 999_999_999.25
    assert [999_999_999, last] == [
        n.time.spent for n in back.mainline()  # type: ignore[union-attr]
    ]
    white.time = Time(999_999_999.5)  # rounded up to 10 digits in V2.2, kept in V3.0
    if version == "2.2":
        with pytest.raises(UnsupportedFeatureError):
            kifu_lark.dumps(game, "csa", version=version)
    else:
        assert "T999999999.5\n" in kifu_lark.dumps(game, "csa", version=version)


@given(st.lists(st.integers(0, 10**7), min_size=1, max_size=5))
def test_millisecond_times_survive_v3(millis: list[int]) -> None:
    """Any time in milliseconds is written and read back exactly by V3.0."""
    game = kifu_lark.loads(HEAD + "+7776FU\n-3334FU\n+2726FU\n-8384FU\n+2625FU\n", "csa")
    for node, ms in zip(game.mainline(), millis, strict=False):
        node.time = Time(ms / 1000)
    fill_times(game.root)  # as the reader fills them
    assert game == kifu_lark.loads(kifu_lark.dumps(game, "csa"), "csa")


def test_unknown_version_option_is_a_usage_error() -> None:
    """version= accepts 3.0 or 2.2 only."""
    with pytest.raises(KifuError) as info:
        kifu_lark.dumps(Game(), "csa", version="4.0")
    assert "USAGE" == info.value.code


def test_branches_are_refused_unless_mainline_only() -> None:
    """CSA has no variations: refuse them, or drop them when asked."""
    game = kifu_lark.loads(HEAD + "+7776FU\n", "csa")
    board_move = kifu_lark.loads(HEAD + "+2726FU\n", "csa").mainline()[0].move
    game.root.add(Node(move=board_move))
    with pytest.raises(UnsupportedFeatureError):
        kifu_lark.dumps(game, "csa")
    assert "+7776FU\n" == kifu_lark.dumps(game, "csa", mainline_only=True)[-8:]


def test_record_stopping_mid_game_and_info_after_moves() -> None:
    """No special at the end is fine; $END_TIME after the moves is a header."""
    game = kifu_lark.loads(HEAD + "+7776FU\n-3334FU\n$END_TIME:2024/01/01\n", "csa")
    assert ["7g7f", "3c3d"] == usi(game)
    assert "2024/01/01" == game.headers[HeaderKey.END_TIME]


def test_no_position_lines_means_the_usual_start() -> None:
    """A record with only a turn line (将棋ウォーズ style) starts from 平手."""
    assert "平手" == kifu_lark.loads("N+a\n+\n+7776FU\n", "csa").handicap


def test_moves_are_validated_with_location() -> None:
    """An illegal move names line, column, ply, rule and the move as written."""
    with pytest.raises(IllegalMoveError) as info:
        kifu_lark.loads(HEAD + "+7776FU,-3334FU,+7674FU\n", "csa")
    err = info.value
    expected = ("csa", 4, 17, 3, "BAD_MOVEMENT", "+7674FU")
    assert expected == (err.format, err.line, err.column, err.ply, err.code, err.text)


def test_syntax_errors_name_the_statement_and_its_shape() -> None:
    """A malformed move says so, with the expected shape as the hint."""
    with pytest.raises(KifuSyntaxError) as info:
        kifu_lark.loads(HEAD + "+7776FU\n-33FU\n", "csa")
    err = info.value
    assert (5, 1) == (err.line, err.column)
    assert "malformed move" in err.message and err.hint and "+7776FU" in err.hint
    assert err.source_line == "-33FU"


def test_lenient_mode_lets_a_wrong_turn_through() -> None:
    """tolerate=['wrong_turn'] plays the move and records a warning."""
    game = kifu_lark.loads(HEAD + "+7776FU\n+2726FU\n", "csa", tolerate=["wrong_turn"])
    assert ["7g7f", "2g2f"] == usi(game)
    assert ["WRONG_TURN"] == [w.code for w in game.warnings]


def test_drop_and_promotion_are_read_from_origin_and_piece() -> None:
    """00 origin is a drop; a promoted code on an unpromoted piece is a promotion."""
    game = kifu_lark.loads(HEAD + "+7776FU\n-3334FU\n+8822UM\n-3122GI\n+0045KA\n", "csa")
    promo, drop = game.mainline()[2].move, game.mainline()[4].move
    assert (True, PieceKind.BISHOP, PieceKind.BISHOP) == (promo.promote, promo.captured, drop.piece)  # type: ignore[union-attr]
    assert drop is not None and drop.is_drop


def test_other_board_sizes_are_refused() -> None:
    """A 5x5 game is MSK's, not CSA's."""
    with pytest.raises(UnsupportedFeatureError):
        kifu_lark.dumps(kifu_lark.loads("V2.1-55\nPI\n+\n", "msk"), "csa")


@given(positions())
def test_any_start_position_round_trips(start: object) -> None:
    """Every reachable position is written (PI or rows + hands) and read back equal."""
    game = Game(start=start)  # type: ignore[arg-type]
    for turn in (Color.BLACK, Color.WHITE):
        game.start = type(game.start)(
            game.start.variant, game.start.board, game.start.hands, turn, 1
        )
        assert game.start == kifu_lark.loads(kifu_lark.dumps(game, "csa"), "csa").start


def test_detection_tells_csa_from_msk() -> None:
    """Format detection picks csa for CSA text and msk for V2.1-55 text."""
    assert "csa" == kifu_lark.loads("V2.2\nPI\n+\n+7776FU\n").format
    assert "msk" == kifu_lark.loads("V2.1-55\nPI\n+\n+3534GI\n").format


def test_times_read_with_running_totals_as_kif_times_are() -> None:
    """CSA gives the time spent only: the reader adds each side's running total, so the
    same game read from CSA and from KIF has the same times, and CSA → KIF writes both."""
    csa = kifu_lark.loads(HEAD + "+7776FU\nT14\n-3334FU\nT5\n+2726FU\nT3\n", "csa")
    kif = kifu_lark.loads(
        "手数----指手---------消費時間--\n"
        "   1 ７六歩(77)   ( 0:14/00:00:14)\n"
        "   2 ３四歩(33)   ( 0:05/00:00:05)\n"
        "   3 ２六歩(27)   ( 0:03/00:00:17)\n",
        "kif",
    )
    assert [Time(14, 14), Time(5, 5), Time(3, 17)] == [n.time for n in csa.mainline()]
    assert [n.time for n in kif.mainline()] == [n.time for n in csa.mainline()]
    assert "   3 ２六歩(27)   ( 0:03/00:00:17)" in kifu_lark.dumps(csa, "kif").splitlines()


_LINE_END = st.sampled_from(["\n", ",", " \n", "\t,\n", "\n\n", ",\n", ", ,\n \n"])
_GAME = "7g7f 3c3d 2g2f 8c8d 2f2e 8d8e 6i7h 4a3b 2e2d 2c2d 2h2d P*2c 2d2h 8e8f"


@given(
    decorations=st.lists(
        st.tuples(
            st.one_of(st.none(), st.integers(0, 999), st.sampled_from(["1.5", "0.25", "7."])),
            _LINE_END,
            _LINE_END,
            st.lists(st.sampled_from(["'", "'*x", "'T3 ,x", "'**", "' a'b "]), max_size=2),
        ),
        min_size=14,
        max_size=14,
    )
)
def test_each_move_gets_its_time_comments_and_place(
    decorations: list[tuple[int | str | None, str, str, list[str]]],
) -> None:
    """A legal game written with random times, statement ends and comments: every node gets
    the time and comments written after its move, and the line and column of its move."""
    moves = kifu_lark.loads(f"position startpos moves {_GAME}", "usi").mainline()
    text = "PI\n+\n"
    where: list[tuple[int, int]] = []
    for node, (time, end, end2, comments) in zip(moves, decorations, strict=True):
        assert node.move is not None
        line = text.count("\n") + 1
        where.append((line, len(text) - text.rfind("\n")))
        text += node.move.csa() + end + (f"T{time}{end2}" if time is not None else "")
        text += "".join(comment + "\n" for comment in comments)
    game = kifu_lark.loads(text + "%TORYO\n", "csa")
    read = game.mainline()[:-1]
    for node, (time, _, _, comments), place in zip(read, decorations, where, strict=True):
        expected = None if time is None else float(time)
        assert expected == (None if node.time is None else node.time.spent)
        assert [c[2:] if c.startswith("'*") else c for c in comments] == node.comments
        assert place == (node.line, node.column)


def test_comments_inside_a_run_stay_with_their_move() -> None:
    """Comments after a move (engine lines, commas, quotes, a T) belong to that move; its
    time is read before them."""
    text = (
        "PI\n+\n+7776FU\nT12\n'** 113 -3334FU\n' a'b T9 \n"
        "-3334FU,T3,'*one\n  ,'two\n+2726FU\n'T\n%TORYO\n"
    )
    game = kifu_lark.loads(text, "csa")
    first, second, third, end = game.mainline()
    assert ["* 113 -3334FU", "' a'b T9 "] == first.comments and first.time is not None
    assert 12 == first.time.spent
    assert ["one", "'two"] == second.comments and second.time is not None
    assert 3 == second.time.spent
    assert ["'T"] == third.comments and third.time is None
    assert end.special is not None
