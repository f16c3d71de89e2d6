"""One rule for every format: a position never holds more of a kind than the variant's set
(board and both hands together). Each reader refuses it with a located BAD_POSITION, instead
of an IndexError from the engine or a record no other reader accepts."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

import kifu_lark
from kifu_lark.errors import InvalidRecordError
from kifu_lark.model import MINISHOGI, STANDARD, Color, Hand, Piece, PieceKind, Position
from kifu_lark.model.piece import HAND_KINDS
from kifu_lark.model.piece_count import over_the_set, piece_set
from kifu_lark.model.variant import Variant

_BOARD = (
    "  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n"
    "| ・ ・ ・ ・v玉 ・ ・ ・ ・|一\n"
    + "".join(f"| ・ ・ ・ ・ ・ ・ ・ ・ ・|{r}\n" for r in "二三四五六七八")
    + "| ・ ・ ・ ・ 玉 ・ ・ ・ ・|九\n+---------------------------+\n"
)

CASES = {
    "csa 40 golds": ("csa", "V2.2\nPI\nP-" + "00KI" * 40 + "\n+\n+7776FU\n", (3, 1)),
    "csa 3 rooks": ("csa", "V2.2\nPI\nP+00HI00HI00HI\n+\n+7776FU\n", (3, 1)),
    "msk 3 golds": ("msk", "V2.1-55\nPI\nP+00KI00KI00KI\n+\n+5453FU\n", (3, 1)),
    "kif 金三 on 平手": ("kif", "先手の持駒：金三\n手数----指手--\n   1 ７六歩(77)\n", (1, 1)),
    "bod 金十八": ("bod", "後手の持駒：金十八\n" + _BOARD + "先手の持駒：なし\n", (1, 1)),
    "sfen 40G": ("sfen", "4k4/9/9/9/9/9/9/9/4K4 b 40G 1\n", (1, 1)),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_more_than_the_set_is_a_located_bad_position(case: str) -> None:
    """Refused where the position is written, naming the kind and the set's count."""
    fmt, text, where = CASES[case]
    with pytest.raises(InvalidRecordError) as caught:
        kifu_lark.loads(text, fmt)
    err = caught.value
    assert ("BAD_POSITION", where) == (err.code, (err.line, err.column))
    assert "where the set has" in err.message


def test_jkf_hands_beyond_the_set_are_located_at_the_initial_data() -> None:
    """JKF `initial.data` with two rooks in each hand (each count valid, four in all) is
    refused at that object."""
    empty = kifu_lark.loads("4k4/9/9/9/9/9/9/9/4K4 b - 1", "sfen")
    data = json.loads(kifu_lark.dumps(empty, "jkf"))
    data["initial"]["data"]["hands"][0]["HI"] = 2
    data["initial"]["data"]["hands"][1]["HI"] = 2
    with pytest.raises(InvalidRecordError) as caught:
        kifu_lark.loads(json.dumps(data, indent=1), "jkf")
    assert "BAD_POSITION" == caught.value.code and caught.value.line is not None


def test_the_sets_are_those_of_the_usual_starts() -> None:
    """Standard: 18 pawns … 2 kings; 5x5: two of each kind it uses, no knight."""
    assert 18 == piece_set(STANDARD)[PieceKind.PAWN]
    assert 2 == piece_set(STANDARD)[PieceKind.KING]
    assert {2} == set(piece_set(MINISHOGI).values())
    assert PieceKind.KNIGHT not in piece_set(MINISHOGI)


@given(pawns=st.integers(0, 40), golds=st.integers(0, 10))
def test_sfen_hands_read_or_are_refused_never_crash(pawns: int, golds: int) -> None:
    """Any hand count reads when within the set and is a BAD_POSITION beyond it."""
    text = f"4k4/9/9/9/9/9/9/9/4K4 b {pawns}P{golds}G 1"
    within = pawns <= 18 and golds <= 4
    try:
        position = kifu_lark.loads(text, "sfen").start
    except InvalidRecordError as err:
        assert not within and "BAD_POSITION" == err.code
    else:
        assert within and Position.from_sfen(text) == position


def _first_over_plainly(
    variant: Variant, board: list[Piece | None], hands: list[Hand]
) -> tuple[PieceKind, int, int] | None:
    """The first kind over the set, counted piece by piece with the model's own words: the
    kind, how many the position holds, how many the set has; ``None`` within the set."""
    held = dict(piece_set(variant))
    for piece in board:
        if piece is not None:
            base = piece.kind.unpromoted()
            held[base] = held.get(base, 0) - 1
    for hand in hands:
        for kind, n in hand.items():
            held[kind] = held.get(kind, 0) - n
    for kind, left in held.items():
        if left < 0:
            have = piece_set(variant).get(kind, 0)
            return kind, have - left, have
    return None


_PIECES = st.sampled_from([Piece(kind, color) for kind in PieceKind for color in Color])


@given(
    variant=st.sampled_from([STANDARD, MINISHOGI]),
    board=st.lists(st.one_of(st.none(), _PIECES), max_size=81),
    hands=st.lists(
        st.dictionaries(st.sampled_from(HAND_KINDS), st.integers(1, 20), max_size=4),
        min_size=2,
        max_size=2,
    ),
)
def test_what_is_over_the_set_is_counted_kind_by_kind(
    variant: Variant, board: list[Piece | None], hands: list[dict[PieceKind, int]]
) -> None:
    """``over_the_set`` (which counts the kinds in a list by index) names what a count
    piece by piece names, the first kind over first, on any board and hands."""
    made = [Hand.of(h) for h in hands]
    said = over_the_set(variant, tuple(board), (made[0], made[1]))
    over = _first_over_plainly(variant, board, made)
    if over is None:
        assert said is None
    else:
        kind, held, have = over
        assert said is not None
        assert said.startswith(f"{held} {kind.kanji} ({kind.value}) ")
        assert said.endswith(f"where the set has {have}")
