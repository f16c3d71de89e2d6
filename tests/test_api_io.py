"""load/loads/dump/dumps behave as Python users expect of json-like functions."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest

import kifu_lark
from kifu_lark.dataset.records import read_games
from kifu_lark.errors import KifuError, KifuFileNotFoundError, KifuIOError

KIF = "先手：羽生\n手数----指手--\n   1 ７六歩(77)\n   2 ３四歩(33)\n"
TWO_PAWNS = "position sfen 4k4/9/9/9/9/4P4/9/9/4K4 b P 1 moves P*5c"


def _usi(game: kifu_lark.Game) -> list[str]:
    return [node.move.usi() for node in game.mainline() if node.move is not None]


@pytest.mark.parametrize("encoding", ["utf-8", "cp932", "euc-jp"])
def test_loads_reads_bytes_in_any_encoding(encoding: str) -> None:
    """loads(bytes) detects the encoding, reads the record and records the encoding."""
    game = kifu_lark.loads(KIF.encode(encoding))
    assert ["7g7f", "3c3d"] == _usi(game)
    assert "羽生" == game.headers["先手"]
    assert encoding == game.encoding


def test_loads_bytes_with_a_given_encoding() -> None:
    """encoding= decodes bytes as told; a str is read as it is and has no encoding."""
    assert "cp932" == kifu_lark.loads(KIF.encode("cp932"), "kif", encoding="shift_jis").encoding
    assert kifu_lark.loads(KIF, "kif").encoding is None


@pytest.mark.parametrize("mode", ["rb", "r"])
def test_load_reads_a_file_object(tmp_path: Path, mode: str) -> None:
    """load() takes a binary or text file object, its name giving the format."""
    path = tmp_path / "game.kif"
    path.write_bytes(KIF.encode("cp932"))
    with open(path, mode, encoding=None if mode == "rb" else "cp932") as fp:
        game = kifu_lark.load(fp)
    assert ["7g7f", "3c3d"] == _usi(game)
    assert "cp932" == game.encoding


def test_load_reads_an_in_memory_stream() -> None:
    """io.BytesIO and io.StringIO without a name: the format is detected from the text."""
    assert ["7g7f", "3c3d"] == _usi(kifu_lark.load(io.BytesIO(KIF.encode("utf-8"))))
    assert ["7g7f", "3c3d"] == _usi(kifu_lark.load(io.StringIO(KIF)))
    assert 2 == len(kifu_lark.load_all(io.StringIO("+7776FU\n/\n+2726FU\n"), "csa"))


def test_a_missing_file_is_a_file_not_found_error(tmp_path: Path) -> None:
    """A missing path raises FileNotFoundError (also a KifuError with code IO)."""
    missing = tmp_path / "nope.kif"
    with pytest.raises(FileNotFoundError) as caught:
        kifu_lark.load(missing)
    err = caught.value
    assert isinstance(err, KifuFileNotFoundError) and isinstance(err, KifuError)
    assert (str(missing), "IO", 2) == (err.filename, err.code, err.errno)


def test_a_folder_is_an_os_error(tmp_path: Path) -> None:
    """Reading a folder raises an OSError that is a KifuIOError, not FileNotFoundError."""
    with pytest.raises(OSError) as caught:
        kifu_lark.load(tmp_path, "kif")
    assert isinstance(caught.value, KifuIOError)
    assert not isinstance(caught.value, FileNotFoundError)


def test_wrong_argument_types_are_type_errors() -> None:
    """loads(file) and load(bytes) say which function to use instead."""
    with pytest.raises(TypeError, match="use load"):
        kifu_lark.loads(io.StringIO(KIF))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="use loads"):
        kifu_lark.load(KIF.encode())  # type: ignore[arg-type]


def test_a_misspelled_writer_option_is_a_type_error() -> None:
    """dumps(…, verison=) names the option, a close match and the writer's options."""
    game = kifu_lark.loads(KIF, "kif")
    with pytest.raises(TypeError) as caught:
        kifu_lark.dumps(game, "csa", verison="2.2")
    message = str(caught.value)
    assert "'verison'" in message and "did you mean 'version'?" in message
    assert "V2.2" in kifu_lark.dumps(game, "csa", version="2.2")
    with pytest.raises(TypeError, match="the kif writer takes no options of its own"):
        kifu_lark.dumps(game, "kif", version="2.2")
    with pytest.raises(TypeError, match="mainline_only"):
        kifu_lark.dumps(game, "kif", mainlineonly=True)


def test_every_declared_writer_option_is_accepted() -> None:
    """The options formats declare pass the check (their values are the writers' business)."""
    game = kifu_lark.loads(KIF, "kif")
    values: dict[str, Any] = {"version": "2.2", "dialect": "schema", "applet": False}
    for fmt in kifu_lark.formats():
        declared = kifu_lark.get_format(fmt).write_options
        if declared and fmt != "msk":
            kifu_lark.dumps(game, fmt, **{name: values[name] for name in declared})


def test_a_misspelled_reader_option_is_a_type_error(tmp_path: Path) -> None:
    """loads/load refuse an option no reader takes, naming it (tolerance misspelled)."""
    with pytest.raises(TypeError, match="did you mean 'tolerate'"):
        kifu_lark.loads(KIF, "kif", tolerance={"two_pawns"})
    path = tmp_path / "g.kif"
    path.write_text(KIF, encoding="utf-8")
    with pytest.raises(TypeError, match="load\\(\\) got an unexpected keyword argument 'x'"):
        kifu_lark.load(path, x=1)
    with pytest.raises(TypeError, match="dump\\(\\) got an unexpected keyword argument"):
        kifu_lark.dump(kifu_lark.load(path), tmp_path / "g.csa", verison="2.2")
    assert not (tmp_path / "g.csa").exists()


def test_tolerate_takes_one_name_as_a_string() -> None:
    """tolerate="two_pawns" means that one breach, as {"two_pawns"} does."""
    with pytest.raises(KifuError):
        kifu_lark.loads(TWO_PAWNS, "usi")
    game = kifu_lark.loads(TWO_PAWNS, "usi", tolerate="two_pawns")
    assert ["TWO_PAWNS"] == [issue.code for issue in game.warnings]
    with pytest.raises(KifuError, match="cannot tolerate 'two_pawn'"):
        kifu_lark.loads(TWO_PAWNS, "usi", tolerate="two_pawn")


def test_a_read_pauses_the_collector_and_leaves_it_as_it_found_it() -> None:
    """The collector is off while a text is read, on again after a read that succeeds or
    fails, and left off when the caller had turned it off."""
    import gc

    import attrs

    from kifu_lark.formats import registry

    seen: list[bool] = []
    usi = registry.get_format("usi")

    def reader(text: str, options: Any) -> list[kifu_lark.Game]:
        seen.append(gc.isenabled())
        return usi.reader(text, options)

    watched = attrs.evolve(usi, reader=reader)
    was = gc.isenabled()
    try:
        gc.enable()
        kifu_lark.loads("position startpos moves 7g7f", watched)
        with pytest.raises(KifuError):
            kifu_lark.loads("position startpos moves 7g7f 7g7f", watched)
        assert gc.isenabled()
        gc.disable()
        kifu_lark.loads("position startpos moves 7g7f", watched)
        assert not gc.isenabled()
    finally:
        if was:
            gc.enable()
    assert [False, False, False] == seen


@pytest.mark.parametrize("encoding", ["utf-8", "cp932"])
def test_tolerate_truncated_reads_a_record_cut_inside_a_character(
    tmp_path: Path, encoding: str
) -> None:
    """Bytes cut inside the last line's character: refused (TRUNCATED, located) unless
    tolerate="truncated", which reads the complete lines and warns, for loads and load."""
    whole = KIF + "   3 ２六歩(27)\n"
    data = whole.encode(encoding)
    data = data[: data.rindex("歩".encode(encoding)) + 1]
    with pytest.raises(KifuError) as caught:
        kifu_lark.loads(data)
    assert ("TRUNCATED", 5, 8) == (caught.value.code, caught.value.line, caught.value.column)
    (tmp_path / "cut.kif").write_bytes(data)
    for game in (
        kifu_lark.loads(data, tolerate="truncated"),
        kifu_lark.load(tmp_path / "cut.kif", tolerate=["truncated", "two_pawns"]),
    ):
        assert ["7g7f", "3c3d"] == _usi(game)
        assert encoding == game.encoding
        assert [("TRUNCATED", 5, 8)] == [(w.code, w.line, w.column) for w in game.warnings]


def test_a_cut_record_with_a_wrong_declaration_warns_of_both() -> None:
    """tolerate="truncated" on a record whose ``#KIF encoding=`` its bytes contradict: the
    declaration's warning first, the cut's last, in loads, load of a binary file object and
    the dataset's read_games."""
    data = ("#KIF version=2.0 encoding=EUC-JP\n" + KIF + "   3 ２六歩(27)\n").encode()
    data = data[: data.rindex("歩".encode()) + 1]
    for games in (
        [kifu_lark.loads(data, tolerate="truncated")],
        [kifu_lark.load(io.BytesIO(data), "kif", tolerate="truncated")],
        read_games(data, "cut.kif", tolerate=["truncated"]),
    ):
        (game,) = games
        assert ["7g7f", "3c3d"] == _usi(game) and "utf-8" == game.encoding
        assert [("DECLARED_ENCODING", 1), ("TRUNCATED", 6)] == [
            (w.code, w.line) for w in game.warnings
        ]


MULTI = Path(__file__).parent.parent / "fixtures" / "csa" / "multi.csa"


@pytest.mark.parametrize("how", ["path", "str", "binary file", "text"])
def test_one_game_of_several_is_returned_with_a_warning(how: str) -> None:
    """load and loads of a text of three CSA games warn, naming load_all or loads_all and
    the file, and return the first game; the warning points at the caller's line."""
    with pytest.warns(kifu_lark.MultipleGamesWarning) as caught:
        if how == "path":
            game = kifu_lark.load(MULTI)
        elif how == "str":
            game = kifu_lark.load(str(MULTI))
        elif how == "binary file":
            with MULTI.open("rb") as f:
                game = kifu_lark.load(f)
        else:
            game = kifu_lark.loads(MULTI.read_text(encoding="utf-8"))
    (warning,) = caught
    assert isinstance(warning.message, kifu_lark.KifuWarning)
    assert 3 == warning.message.count  # type: ignore[attr-defined]
    text = str(warning.message)
    assert ("loads_all()" if how == "text" else "load_all()") in text
    assert ("the text" if how == "text" else str(MULTI)) in text
    assert __file__ == warning.filename
    assert kifu_lark.load_all(MULTI)[0] == game


def test_one_game_is_returned_without_a_warning(recwarn: pytest.WarningsRecorder) -> None:
    """A text of one game gives no MultipleGamesWarning."""
    kifu_lark.loads(KIF)
    kifu_lark.load(io.BytesIO(KIF.encode("utf-8")), "kif")
    assert [] == [w for w in recwarn if issubclass(w.category, kifu_lark.MultipleGamesWarning)]
