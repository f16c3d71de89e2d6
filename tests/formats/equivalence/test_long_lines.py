"""A long line that no move reads costs the readers' own cuts one pass over it, as it costs
the grammar's lexer one (issue 33, step 6; issue 37, item 18): each cut stops where the
moves stop instead of trying every character after. What the cuts give on lines that do
read is checked by the rest of the suite; the time itself is a benchmark's
(``python -m benchmarks shapes`` prints the long bad lines per format)."""

from __future__ import annotations

from kifu_lark.formats.csa import whole_record_patterns
from kifu_lark.formats.csa_moves import run_bound
from tests.formats.equivalence.cases import BY_NAME
from tests.formats.equivalence.checks import outcome
from tests.formats.equivalence.reader_internals import ki2_walk, kif_walk

LONG = 10_000


def test_kif_walk_matches_only_where_a_line_starts() -> None:
    """The KIF walk finds no move line inside another line: on a line of digits, or text
    before a move, it matches nothing, so ``split`` leaves the line whole."""
    _, walk, _, _ = kif_walk()
    for line in ("1" * LONG + "\n", "x1 ７六歩(77)\n", "1 ７六歩(77) " + "1 ７六歩(77)\n"):
        assert [m.start() for m in walk.finditer(line)] == [], line[:20]
    block = "1 ７六歩(77)\n2 ３四歩(33)\n*c\n*d\n&b\n3 ２六歩(27)\n"
    line_starts = [0, *(i + 1 for i, ch in enumerate(block[:-1]) if ch == "\n")]
    matches = list(walk.finditer(block))
    # every line read once, each match from a line's start: a comment line right after a
    # move line is taken with it, a later comment and a bookmark on their own
    assert "".join(m.group() for m in matches) == block
    assert [m.start() for m in matches] == [line_starts[i] for i in (0, 1, 3, 4, 5)]


def test_csa_moves_end_in_one_piece_where_no_move_starts() -> None:
    """The CSA run's ``findall`` gives the moves, then the rest of the text in one piece:
    a long line after the moves is not cut a character at a time."""
    _, _, moves, move_line, _ = whole_record_patterns("csa.lark")
    text = "+7776FU\n-3334FU\n" + "x" * LONG + "\n+2726FU\n"
    pieces = moves.findall(text)
    assert pieces[:2] == ["+7776FU\n", "-3334FU\n"]
    assert len(pieces) == 3 and move_line.fullmatch(pieces[2]) is None
    assert moves.findall("+7776FU\n-3334FU\n") == ["+7776FU\n", "-3334FU\n"]


def test_a_csa_run_is_bounded_by_the_next_record() -> None:
    """The whole-record reading of a CSA text of several records looks for each record's
    moves up to the next special or separator outside a comment, so that a record's rest
    never reaches into the records after it; a ``/`` or ``%`` in a comment is passed over,
    however many of them a line holds."""
    text = "+7776FU\n'a/b 100%\n-3334FU,'x/\n  ,/\nPI\n+\n%TORYO\n"
    assert text.index("  ,/") + 3 == run_bound(text, 0)
    assert text.index("%TORYO") == run_bound(text, text.index("PI"))
    slashes = "+7776FU\n'" + "/" * LONG + "%" * LONG + "\n"
    assert len(slashes) == run_bound(slashes, 0)
    ended = slashes + "\t/\n"
    assert len(slashes) + 1 == run_bound(ended, 0)
    assert len("+7776FU,") == run_bound("+7776FU,/\nPI\n+\n", 0)
    assert len("+7776FU,T3,") == run_bound("+7776FU,T3,%TORYO,'a/b\n", 0)


def test_ki2_walk_stops_at_the_first_text_no_move_reads() -> None:
    """The KI2 walk of a move line takes the moves, then the rest of the line as one empty
    pair: a move after text that is no move is not looked for."""
    walk = ki2_walk()
    assert walk.findall("▲７六歩　△３四歩") == [("▲７六歩", "▲７六歩"), ("　△３四歩", "△３四歩")]
    pieces = walk.findall("▲７六歩" + "x" * LONG + "△３四歩")
    assert pieces == [("▲７六歩", "▲７六歩"), ("", "")]


def test_a_long_bad_line_gives_the_grammars_error() -> None:
    """Whichever cut stops first, the error is the grammar's, at the same place."""
    texts = {
        "csa": "V2.2\nPI\n+\n+7776FU" + "x" * LONG + "\n",
        "kif": "手合割：平手\n手数----指手---------消費時間--\n" + "1" * LONG + "\n",
        "ki2": "手合割：平手\n▲７六歩" + "x" * LONG + "\n",
    }
    for name, text in texts.items():
        case = BY_NAME[name]
        found = outcome(case, text, True)
        assert found[0] == "error", name
        assert found == outcome(case, text, False), name
