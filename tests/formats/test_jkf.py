"""The JKF reader and writer: fields, presets, forks, specials, errors and the JSON Schema."""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kifu_lark
from kifu_lark.errors import (
    IllegalMoveError,
    InvalidRecordError,
    KifuError,
    KifuSyntaxError,
    LossyWriteWarning,
    UnsupportedFeatureError,
)
from kifu_lark.formats.jkf_write import PRESETS
from kifu_lark.formats.registry import detect_format, format_for_path, get_format
from kifu_lark.model import (
    MINISHOGI,
    Color,
    Game,
    HeaderKey,
    Headers,
    Node,
    PieceKind,
    Position,
    Special,
    SpecialKind,
    Time,
    handicap_position,
)
from kifu_lark.model.handicap import NOT_EVERYWHERE
from tests.conftest import FIXTURES, corpus_dir
from tests.strategies import games

_SCHEMA = Path("json-kifu-format") / "specification" / "json-kifu-format.schema.json"


def _record(*elements: dict[str, Any], **top: Any) -> str:
    return json.dumps({"header": {}, **top, "moves": [{}, *elements]}, ensure_ascii=False)


def _move(frm: str | None, to: str, color: int, piece: str, **extra: Any) -> dict[str, Any]:
    """A JKF move element from CSA-style squares ("77" → x 7, y 7)."""
    move: dict[str, Any] = {"to": {"x": int(to[0]), "y": int(to[1])}, "color": color}
    if frm is not None:
        move["from"] = {"x": int(frm[0]), "y": int(frm[1])}
    move["piece"] = piece
    move.update(extra)
    return {"move": move}


def _game(*usi: str, start: Position | None = None) -> Game:
    """A game along the main line ``usi`` (moves or ``resign``)."""
    text = "position " + ("startpos" if start is None else "sfen " + start.sfen())
    text += " moves " + " ".join(usi) if usi else ""
    return kifu_lark.loads(text, "usi")


def _written(game: Game) -> dict[str, Any]:
    result: dict[str, Any] = json.loads(kifu_lark.dumps(game, "jkf"))
    return result


def _validator() -> Any:
    jsonschema = pytest.importorskip("jsonschema", reason="jsonschema is a test extra")
    root = corpus_dir()
    if root is None or not (root / _SCHEMA).is_file():
        pytest.skip("the JKF schema comes from ../shared/corpus, which is absent")
    schema = json.loads((root / _SCHEMA).read_text(encoding="utf-8"))
    return jsonschema.Draft202012Validator(schema)


# --- registry ---------------------------------------------------------------------------------


def test_format_is_registered_by_name_alias_and_extension() -> None:
    """jkf is found by name, by the json-kifu alias and by the .jkf extension."""
    assert get_format("jkf") is get_format("json-kifu")
    assert format_for_path("game.jkf") is get_format("jkf")


def test_detect_recognises_a_jkf_record() -> None:
    """A JSON object with moves is detected as JKF."""
    assert detect_format(_record()).name == "jkf"


# --- reading ----------------------------------------------------------------------------------


def test_reads_moves_captures_and_same() -> None:
    """Board moves, a promotion and a 同 move without ``to`` read as the moves they are."""
    text = _record(
        _move("77", "76", 0, "FU"),
        _move("33", "34", 1, "FU"),
        _move("88", "22", 0, "KA", promote=True),
        {"move": {"same": True, "color": 1, "piece": "GI"}},
    )
    game = kifu_lark.loads(text, "jkf")
    assert ["7g7f", "3c3d", "8h2b+", "3a2b"] == [n.move.usi() for n in game.mainline() if n.move]
    last = game.mainline()[-1].move
    assert last is not None
    assert PieceKind.HORSE is last.captured


def test_ki2_style_move_without_origin_resolves_with_relative() -> None:
    """A board move with ``relative`` and no ``from`` is resolved by the rules engine."""
    game = kifu_lark.loads(_record(_move(None, "58", 0, "KI", relative="R")), "jkf")
    assert "4i5h" == game.mainline()[0].move.usi()  # type: ignore[union-attr]


def test_missing_origin_is_a_drop_when_the_piece_is_in_hand() -> None:
    """No ``from`` and the piece in hand: a drop (written so, and read back so)."""
    start = Position.from_sfen("4k4/9/9/9/9/9/9/9/4K4 b G 1")
    written = _written(_game("G*5b", start=start))
    assert "from" not in written["moves"][1]["move"]
    game = kifu_lark.loads(json.dumps(written), "jkf")
    assert "G*5b" == game.mainline()[0].move.usi()  # type: ignore[union-attr]


def test_missing_origin_is_a_board_move_when_nothing_is_in_hand() -> None:
    """json-kifu-format's KI2 parser leaves ``from`` out of plain moves: 7六歩 is 7g7f."""
    game = kifu_lark.loads(_record(_move(None, "76", 0, "FU")), "jkf")
    assert "7g7f" == game.mainline()[0].move.usi()  # type: ignore[union-attr]


def test_specials_and_illegal_action_signs() -> None:
    """+ILLEGAL_ACTION is black's foul: with black to move that is black's loss."""
    game = kifu_lark.loads(_record({"special": "+ILLEGAL_ACTION"}), "jkf")
    assert Special(SpecialKind.ILLEGAL_LOSS, Color.BLACK) == game.mainline()[0].special
    game = kifu_lark.loads(_record({"special": "-ILLEGAL_ACTION"}), "jkf")
    assert Special(SpecialKind.ILLEGAL_WIN, Color.BLACK) == game.mainline()[0].special


def test_bare_illegal_action_is_a_win_of_the_side_to_move() -> None:
    """json-kifu-format's bare ILLEGAL_ACTION (KIF 反則勝ち) reads as 反則勝ち."""
    game = kifu_lark.loads(_record({"special": "ILLEGAL_ACTION"}), "jkf")
    assert Special(SpecialKind.ILLEGAL_WIN, Color.BLACK) == game.mainline()[0].special


def test_times_read_as_seconds() -> None:
    """now and total (with hours) become seconds."""
    element = _move("77", "76", 0, "FU")
    element["time"] = {"now": {"h": 1, "m": 2, "s": 3}, "total": {"h": 2, "m": 0, "s": 1}}
    game = kifu_lark.loads(_record(element), "jkf")
    assert Time(3723.0, 7201.0) == game.mainline()[0].time


def test_headers_keep_order_standard_keys_and_repeats() -> None:
    """Standard KIF keys become HeaderKey members; others and repeats are kept verbatim."""
    text = '{"header": {"先手": "A", "場所": "B", "X": "1", "X": "2"}, "moves": [{}]}'
    game = kifu_lark.loads(text, "jkf")
    expected = [(HeaderKey.BLACK, "A"), (HeaderKey.SITE, "B"), ("X", "1"), ("X", "2")]
    assert expected == game.headers.entries


def test_comment_lines_and_bookmark() -> None:
    """A comment string holding a newline is split into lines; ``&x`` is a bookmark."""
    element = _move("77", "76", 0, "FU")
    element["comments"] = ["a\nb", "&mark"]
    node = kifu_lark.loads(_record(element), "jkf").mainline()[0]
    assert (["a", "b"], "mark") == (node.comments, node.bookmark)


def test_schema_singular_comment_on_the_first_element() -> None:
    """moves[0] may hold the schema's singular ``comment``."""
    text = '{"header": {}, "moves": [{"comment": "hello"}]}'
    assert ["hello"] == kifu_lark.loads(text, "jkf").root.comments


@pytest.mark.parametrize("preset", sorted(PRESETS.values()))
def test_every_preset_reads_and_writes_back(preset: str) -> None:
    """Each preset reads to its handicap position and is written back by name, except the
    ones some readers lack (written as OTHER with the position, which reads back the same)."""
    game = kifu_lark.loads(_record(initial={"preset": preset}), "jkf")
    name = {v: k for k, v in PRESETS.items()}[preset]
    assert handicap_position(name) == game.start
    initial = _written(game)["initial"]
    if name in NOT_EVERYWHERE:
        assert "OTHER" == initial["preset"]
        assert game.start == kifu_lark.loads(kifu_lark.dumps(game, "jkf"), "jkf").start
    else:
        assert {"preset": preset} == initial


def test_forks_become_variations_in_order() -> None:
    """Each fork line is a variation of the move it replaces, after the main move."""
    first = _move("77", "76", 0, "FU")
    first["forks"] = [[_move("27", "26", 0, "FU")], [_move("57", "56", 0, "FU")]]
    game = kifu_lark.loads(_record(first, _move("33", "34", 1, "FU")), "jkf")
    assert ["7g7f", "2g2f", "5g5f"] == [c.move.usi() for c in game.root.children if c.move]
    assert 1 == len(game.root.children[0].children)


# --- errors -----------------------------------------------------------------------------------


def test_json_syntax_error_has_line_and_column() -> None:
    """A JSON error is a KifuSyntaxError at the json module's line and column."""
    with pytest.raises(KifuSyntaxError) as info:
        kifu_lark.loads('{"header": {},\n "moves": [{} {}]}', "jkf")
    assert (2, 15) == (info.value.line, info.value.column)


def test_bad_field_is_located() -> None:
    """A field of the wrong type is an InvalidRecordError located at its value."""
    with pytest.raises(InvalidRecordError) as info:
        kifu_lark.loads('{"header": {},\n "moves": [{}, {"move": {"color": 3, "to": {}}}]}', "jkf")
    assert ("BAD_FIELD", 2, 35) == (info.value.code, info.value.line, info.value.column)


def test_illegal_move_is_located_at_its_element() -> None:
    """An illegal move names its rule, its ply and the element's line."""
    text = '{"header": {}, "moves": [{},\n  {"move": {"from": {"x": 7, "y": 7}, ' \
        '"to": {"x": 7, "y": 5}, "color": 0, "piece": "FU"}}]}'
    with pytest.raises(IllegalMoveError) as info:
        kifu_lark.loads(text, "jkf")
    assert ("BAD_MOVEMENT", 1, 2, 3) == (
        info.value.code, info.value.ply, info.value.line, info.value.column
    )


def test_unknown_top_level_field_is_refused() -> None:
    """The schema allows header, initial and moves only."""
    with pytest.raises(InvalidRecordError):
        kifu_lark.loads('{"header": {}, "moves": [{}], "version": 2}', "jkf")


# --- writing ----------------------------------------------------------------------------------


def test_written_moves_are_normalized() -> None:
    """from, capture, same, promote (true and declined) are written."""
    moves = _written(_game("7g7f", "3c3d", "8h2b", "3a2b"))["moves"]
    assert {
        "color": 0, "from": {"x": 8, "y": 8}, "to": {"x": 2, "y": 2}, "piece": "KA",
        "promote": False, "capture": "KA",
    } == moves[3]["move"]
    assert {"same": True, "capture": "KA"}.items() <= moves[4]["move"].items()


def test_relative_is_written_when_two_pieces_can_move() -> None:
    """Two golds can reach 5八: the one from 4九 is written with relative R (右)."""
    move = _written(_game("4i5h"))["moves"][1]["move"]
    assert "R" == move["relative"]


def test_missing_total_is_the_running_sum() -> None:
    """The schema needs total: a time without one gets the mover's running sum."""
    game = _game("7g7f", "3c3d", "2g2f")
    for node, spent in zip(game.mainline(), (5.0, 7.0, 65.0), strict=True):
        node.time = Time(spent, None)
    times = [m["time"] for m in _written(game)["moves"][1:]]
    assert {"h": 0, "m": 1, "s": 10} == times[2]["total"]
    assert {"m": 1, "s": 5} == times[2]["now"]


def test_bookmark_is_written_as_an_ampersand_comment() -> None:
    """A bookmark becomes a comment starting with &, as json-kifu-format writes KIF & lines."""
    game = _game("7g7f")
    game.mainline()[0].bookmark = "here"
    assert ["&here"] == _written(game)["moves"][1]["comments"]


def test_a_comment_starting_with_an_ampersand_is_no_bookmark_when_read_back() -> None:
    """A KIF comment ``*&x`` is written ``&&x`` and reads back as that comment, beside the
    bookmark ``&y`` (issue 37)."""
    kif = "手数----指手--\n*&root\n   1 ７六歩(77)\n*&x\n*plain\n&y\n"
    game = kifu_lark.loads(kif, "kif")
    first = game.mainline()[0]
    assert (["&root"], ["&x", "plain"], "y") == (game.root.comments, first.comments, first.bookmark)
    written = _written(game)
    assert ["&&x", "plain", "&y"] == written["moves"][1]["comments"]
    again = kifu_lark.loads(kifu_lark.dumps(game, "jkf"), "jkf")
    back = again.mainline()[0]
    assert (game.root.comments, first.comments) == (again.root.comments, back.comments)
    assert (None, "y") == (again.root.bookmark, back.bookmark)


def test_a_bookmark_starting_with_an_ampersand_is_written_with_a_warning() -> None:
    """``&&x`` is the escaped comment ``&x``: a bookmark ``&x`` cannot be told from it."""
    game = _game("7g7f")
    game.mainline()[0].bookmark = "&x"
    with pytest.warns(LossyWriteWarning, match="bookmark '&x'"):
        written = _written(game)
    assert ["&&x"] == written["moves"][1]["comments"]


@pytest.mark.parametrize("breaks", ["\r", "\r\n", "\n"])
def test_a_comment_string_splits_at_any_line_break(breaks: str) -> None:
    """CR, CRLF and LF inside a JKF comment string all end a line: no CR reaches the model,
    so CSA and KIF write the lines the JKF text shows (issue 37)."""
    element = _move("77", "76", 0, "FU")
    element["comments"] = [f"a{breaks}b"]
    game = kifu_lark.loads(_record(element), "jkf")
    assert ["a", "b"] == game.mainline()[0].comments
    with warnings.catch_warnings():
        warnings.simplefilter("error", LossyWriteWarning)
        csa = kifu_lark.dumps(game, "csa")
    assert ["a", "b"] == kifu_lark.loads(csa, "csa").mainline()[0].comments
    assert ["a", "b"] == kifu_lark.loads(kifu_lark.dumps(game, "kif"), "kif").mainline()[0].comments


def test_a_file_remark_is_left_out_with_a_warning() -> None:
    """A KIF ``#`` line is a remark, no header: JKF has no place for it (issue 37)."""
    kif = "# ---- Kifu for Windows V7 棋譜ファイル ----\n先手：A\n手数----指手--\n   1 ７六歩(77)\n"
    game = kifu_lark.loads(kif, "kif")
    with pytest.warns(LossyWriteWarning, match="# line ' ---- Kifu for Windows V7") as caught:
        written = _written(game)
    assert {"先手": "A"} == written["header"]
    warning = caught[0].message
    assert isinstance(warning, LossyWriteWarning)
    assert ("jkf", "REMARK", None) == (warning.format, warning.kind, warning.written)


def test_folded_and_refused_specials() -> None:
    """封じ手 is written as CHUDAN; 不戦勝 has no JKF name and is refused."""
    game = _game("7g7f")
    game.mainline()[0].add(Node(special=Special(SpecialKind.SEALED, Color.WHITE)))
    assert {"special": "CHUDAN"} == _written(game)["moves"][2]
    game.mainline()[-1].special = Special(SpecialKind.DEFAULT_WIN, Color.WHITE)
    with pytest.raises(UnsupportedFeatureError):
        kifu_lark.dumps(game, "jkf")


def test_max_moves_written_by_shogihome_is_read_as_max_moves() -> None:
    """ShogiHome's ``MAX_MOVES`` (手数制限, outside the schema) reads as that special."""
    game = kifu_lark.loads(_record(_move("77", "76", 0, "FU"), {"special": "MAX_MOVES"}), "jkf")
    assert Special(SpecialKind.MAX_MOVES, Color.WHITE) == game.mainline()[-1].special


def test_max_moves_is_folded_unless_the_shogihome_dialect_is_asked() -> None:
    """The default writer keeps to the schema (CHUDAN); ``dialect="shogihome"`` keeps the word."""
    game = kifu_lark.loads(_record(_move("77", "76", 0, "FU"), {"special": "MAX_MOVES"}), "jkf")
    assert {"special": "CHUDAN"} == _written(game)["moves"][2]
    text = kifu_lark.dumps(game, "jkf", dialect="shogihome")
    assert {"special": "MAX_MOVES"} == json.loads(text)["moves"][2]
    assert kifu_lark.loads(text, "jkf") == game


def test_unknown_dialect_is_a_usage_error() -> None:
    """A misspelled dialect is refused with the choices, not ignored."""
    with pytest.raises(KifuError) as caught:
        kifu_lark.dumps(_game("7g7f"), "jkf", dialect="shogi-home")
    err = caught.value
    assert ("USAGE", "dialect is one of: schema, shogihome") == (err.code, err.hint)


def test_every_special_tsshogi_writes_is_read() -> None:
    """Each special name ShogiHome's JKF writer emits reads (schema names plus MAX_MOVES)."""
    names = ["TORYO", "CHUDAN", "SENNICHITE", "TIME_UP", "ILLEGAL_MOVE", "+ILLEGAL_ACTION",
             "-ILLEGAL_ACTION", "JISHOGI", "KACHI", "HIKIWAKE", "MAX_MOVES", "MATTA", "TSUMI",
             "FUZUMI", "ERROR"]
    for name in names:
        game = kifu_lark.loads(_record(_move("77", "76", 0, "FU"), {"special": name}), "jkf")
        assert game.mainline()[-1].special is not None, name


def test_minishogi_is_refused() -> None:
    """JKF boards are 9x9."""
    with pytest.raises(UnsupportedFeatureError):
        kifu_lark.dumps(Game(start=Position.initial(MINISHOGI)), "jkf")


def test_mainline_only_drops_forks() -> None:
    """mainline_only writes no forks."""
    game = _game("7g7f")
    game.root.add(Node(move=_game("2g2f").mainline()[0].move))
    assert "forks" in _written(game)["moves"][1]
    text = kifu_lark.dumps(game, "jkf", mainline_only=True)
    assert "forks" not in json.loads(text)["moves"][1]


def test_custom_start_is_written_as_other_with_data() -> None:
    """A start that is no preset is written as OTHER with board[x-1][y-1] and both hands."""
    start = Position.from_sfen("4k4/9/9/9/9/9/9/9/4K4 w 2Pg 1")
    initial = _written(Game(headers=Headers(), start=start))["initial"]
    assert "OTHER" == initial["preset"]
    assert 1 == initial["data"]["color"]
    assert {"color": 1, "kind": "OU"} == initial["data"]["board"][4][0]
    assert 2 == initial["data"]["hands"][0]["FU"]
    assert 1 == initial["data"]["hands"][1]["KI"]


# --- the JSON Schema --------------------------------------------------------------------------


_GOOD_FIXTURES = sorted(
    p for p in (FIXTURES / "jkf").glob("**/*.jkf") if "errors" not in p.parts
)


@pytest.mark.parametrize("path", _GOOD_FIXTURES, ids=lambda p: p.name)
def test_fixture_written_back_validates_against_the_schema(path: Path) -> None:
    """Every readable fixture, written by us, validates against the corpus JKF schema."""
    validator = _validator()
    game = kifu_lark.load(path, "jkf")
    errors = [e.message for e in validator.iter_errors(_written(game))]
    assert [] == errors


@settings(max_examples=30)
@given(data=st.data())
def test_generated_game_validates_against_the_schema(data: st.DataObject) -> None:
    """Random legal games with comments, times, specials and custom starts validate."""
    validator = _validator()
    game = data.draw(games(get_format("jkf"), max_branches=0))
    assert [] == [e.message for e in validator.iter_errors(_written(game))]
