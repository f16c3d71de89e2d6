"""A CSA start position written as the nine P1…P9 rows of the usual start (floodgate) is
recognised once per text of those rows, then looked up: reading it again gives the same
game, the same errors at the same places, and other boards are never taken for it."""

from __future__ import annotations

import pytest

import kifu_lark
from kifu_lark.errors import KifuError
from kifu_lark.formats import csa_start
from kifu_lark.model.position import Position

# as floodgate writes them: an empty cell is " * ", so some rows end in a blank
ROWS = "".join(
    line + "\n"
    for line in (
        "P1-KY-KE-GI-KI-OU-KI-GI-KE-KY",
        "P2 * -HI *  *  *  *  * -KA * ",
        "P3-FU-FU-FU-FU-FU-FU-FU-FU-FU",
        "P4 *  *  *  *  *  *  *  *  * ",
        "P5 *  *  *  *  *  *  *  *  * ",
        "P6 *  *  *  *  *  *  *  *  * ",
        "P7+FU+FU+FU+FU+FU+FU+FU+FU+FU",
        "P8 * +KA *  *  *  *  * +HI * ",
        "P9+KY+KE+GI+KI+OU+KI+GI+KE+KY",
    )
)


def record(rows: str = ROWS, headers: str = "N+a\nN-b\n", moves: str = "+7776FU\n-3334FU\n") -> str:
    return f"V2.2\n{headers}{rows}+\n{moves}%TORYO\n"


@pytest.fixture(autouse=True)
def _forget() -> None:
    csa_start._USUAL_ROWS.clear()


def remembered(rows: str) -> bool | None:
    """What the table holds for ``rows``: its key is the text from the first row to the end
    of the last (a row's token ends before the blanks after it)."""
    return csa_start._USUAL_ROWS.get(("csa.lark", rows[rows.index("P1") :].rstrip()))


def read(text: str) -> kifu_lark.Game:
    return kifu_lark.loads(text, "csa")


def test_the_rows_are_remembered_and_read_alike_again() -> None:
    first = read(record())
    assert remembered(ROWS) is True
    again = read(record())
    assert again == first
    assert again.start == Position.initial()
    assert [n.move.usi() for n in again.mainline() if n.move] == ["7g7f", "3c3d"]


def test_remembered_rows_move_nothing_else_in_the_record() -> None:
    # the same rows further down: the moves' lines and columns, and an error's, as when read cold
    headers = "N+a\nN-b\n$EVENT:x\n'a note\n"
    bad = record(headers=headers, moves="+7776FU\n-3334FU\n+5554FU\n")  # no piece on 55
    with pytest.raises(KifuError) as cold:
        read(bad)
    read(record())  # remembered
    with pytest.raises(KifuError) as warm:
        read(bad)
    assert (warm.value.line, warm.value.column, warm.value.code) == (
        cold.value.line,
        cold.value.column,
        cold.value.code,
    )
    csa_start._USUAL_ROWS.clear()
    good = record(headers=headers)
    cold_lines = [n.line for n in read(good).mainline()]
    assert [n.line for n in read(good).mainline()] == cold_lines == [16, 17, 18]


@pytest.mark.parametrize(
    ("rows", "usual"),
    [
        (ROWS.replace("P7+FU+FU", "P7 * +FU"), False),  # a pawn fewer
        (ROWS.replace("P8 * +KA *  *  *  *  * +HI", "P8 * +HI *  *  *  *  * +KA"), False),
        (ROWS.replace("P4", "'a comment\nP4"), True),  # the usual rows, a comment among them
    ],
    ids=["a pawn fewer", "bishop and rook swapped", "comment among the rows"],
)
def test_only_the_usual_rows_are_remembered(rows: str, usual: bool) -> None:
    # other boards are not kept: a game's middle is a new text each time, and would push the
    # usual rows out of the table
    for _ in range(2):
        game = read(record(rows=rows))
        assert remembered(rows) is (True if usual else None)
        assert (game.start == Position.initial()) is usual
        assert game.root.comments == (["'a comment"] if "comment" in rows else [])


def test_eight_rows_of_the_usual_start_are_not_it() -> None:
    rows = "".join(ROWS.splitlines(keepends=True)[:8])
    for _ in range(2):
        game = read(record(rows=rows))
        assert remembered(rows) is None
        assert game.start != Position.initial()
