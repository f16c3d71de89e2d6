"""The notes (備考) about a whole line: 入玉 and 相入玉 where the kings reach the far camp,
checked against a replay on the public Board; the style notes on a known opening."""

from __future__ import annotations

import kifu_lark
from kifu_lark import tactics
from kifu_lark.board import Board
from kifu_lark.model.color import Color
from kifu_lark.model.game import Game
from tests.conftest import FIXTURES
from tests.tactics.expect import claims

#: 44 plies in which neither king moves (legal, no capture, no check).
STILL = (
    "8g8f 1c1d 3i4h 3a4b 4h3i 2c2d 1i1h 4c4d 4i5h 2a1c 9i9h 1a1b 3i4h 9a9b 7g7f 7a6b 8h9i "
    "8c8d 8i7g 5c5d 4h3i 1d1e 3g3f 2b3a 7i6h 6a5b 3i3h 6c6d 3f3e 1e1f 8f8e 5b5c 7f7e 3c3d "
    "6i7i 3a2b 3h3g 5c5b 2h4h 5d5e 4h2h 6b5c 9i8h 1c2e"
)

#: Both kings walk up the board (white's enters first), the other moves anything legal.
WALK_TEXT = (
    "6i5h 3a3b 5i4h 5a4b 4h3h 7c7d 2h1h 4b5a 3h2h 5a4b 7g7f 8b7b 4g4f 8a7c 3g3f 7c6e 2h3g "
    "8c8d 3g2f 6e7g 2f1e 4c4d 4i4h 4b4c 4f4e 4c3d 7i7h 3d4e 8h7i 4e3f 7h6i 3f2g 5h6h 9a9b "
    "6i5h 5c5d 9g9f 1c1d 1e2e 3b4c 6h7h 7b6b 7f7e 1a1b 1g1f 6c6d 7i8h 2a1c 2e1d 4c3d 5h4g "
    "9c9d 4g5h 6b6c P*4f 9b9c 1h1g 2g2f 8i9g P*1a 4h3h 6a5b 9f9e 6c8c 5h6i 2f3e 1g1h 8c6c "
    "2i1g 5b4c 1g2e 3d4e 1d2c"
)
WALK = WALK_TEXT.split()


def _game(moves: list[str]) -> Game:
    return kifu_lark.loads("position startpos moves " + " ".join(moves), "usi")


def _entries(moves: list[str]) -> dict[str, int]:
    """The ply at which each side's king first stands in the opponent's three ranks, by
    replaying on the Board (not the matcher)."""
    board, first = Board(), dict[str, int]()
    for ply, usi in enumerate(moves, 1):
        move = board.push_usi(usi)
        piece = board.piece_at(move.to)
        assert piece is not None
        far = move.to.rank if move.color is Color.BLACK else 10 - move.to.rank
        if piece.kind.name == "KING" and far <= 3:
            first.setdefault(move.color.kanji, ply)
    return first


def _notes(game: Game) -> dict[tuple[str, str], int]:
    return {(f.side.kanji, f.name): f.ply for f in tactics.find(game) if f.category == "備考"}


def test_each_king_that_enters_the_far_camp_is_noted_and_both_make_ai_nyugyoku() -> None:
    entries = _entries(WALK)
    assert 2 == len(entries)
    notes = _notes(_game(WALK))
    for side, ply in entries.items():
        assert ply == notes[(side, "入玉")]
        assert max(entries.values()) == notes[(side, "相入玉")]


def test_one_king_in_is_no_ai_nyugyoku() -> None:
    """The same line cut before the later king enters: 入玉 for one side only."""
    entries = _entries(WALK)
    later = max(entries.values())
    (first_side,) = [side for side, ply in entries.items() if ply < later]
    notes = _notes(_game(WALK[: later - 1]))
    assert {(first_side, "入玉")} == {key for key in notes if key[1] in ("入玉", "相入玉")}


def test_a_king_one_rank_short_of_the_camp_is_not_noted() -> None:
    """Cut just before black's king enters: it stands on the fourth rank from the far edge,
    one short of the camp, and no 入玉 is noted for black."""
    cut = WALK[: _entries(WALK)["先手"] - 1]
    board = Board()
    ranks = []
    for usi in cut:
        move = board.push_usi(usi)
        piece = board.piece_at(move.to)
        if piece is not None and piece.kind.name == "KING" and move.color is Color.BLACK:
            ranks.append(move.to.rank)
    assert 4 == min(ranks)
    assert ("先手", "入玉") not in _notes(_game(cut))


def test_the_style_notes_of_a_ranging_rook_game() -> None:
    """The docs' example: black swings its rook to 6八 (振り飛車), white stays (居飛車)."""
    text = (
        "7g7f 3c3d 6g6f 8c8d 2h6h 8d8e 8h7g 7a7b 5i4h 5a4b 4h3h 7b8c 3h2h 8c8d 3i3h 4b3b "
        "6i5h 6a5b 9g9f 9c9d 1g1f 1c1d 5h4h 4a4b 4g4f 5c5d"
    )
    notes = _notes(_game(text.split()))
    assert 5 == notes[("先手", "振り飛車")]
    assert ("後手", "居飛車") in notes and ("先手", "居飛車") not in notes
    assert notes[("先手", "対抗形")] == notes[("後手", "対抗形")]
    # each side facing the other's style, on the same move
    assert notes[("先手", "対居飛車")] == notes[("後手", "対振り飛車")] == notes[("先手", "対抗形")]
    assert ("先手", "対振り飛車") not in notes and ("後手", "対居飛車") not in notes
    assert not any(name in ("入玉", "相入玉") for _, name in notes)


def test_the_new_notes_are_listed() -> None:
    listed = {n.name for n in tactics.names() if n.category == "備考"}
    assert {"入玉", "相入玉"} <= listed


def test_both_kings_never_moving_is_ai_igyoku() -> None:
    """居玉 (a note, or the 囲い file of that name when it fires first) for both sides."""
    moves = STILL.split()
    found = {(f.side.kanji, f.name) for f in tactics.find(_game(moves))}
    notes = _notes(_game(moves))
    for side in ("先手", "後手"):
        assert (side, "居玉") in found
        assert len(moves) == notes[(side, "相居玉")]
    # one king step at the end of the same line: no 相居玉, and no 居玉 note for that side
    stepped = _notes(_game([*moves[:-1], "5a6a"]))
    assert ("後手", "居玉") not in stepped
    assert not any(name == "相居玉" for _, name in stepped)


def _claimed(name: str, side: str, tactic: str) -> int:
    """The ply a fixture's hand-checked .expect gives a side's tactic."""
    (ply,) = [
        c.ply for c in claims(FIXTURES / "tactics" / name) if (c.side, c.name) == (side, tactic)
    ]
    assert ply is not None
    return ply


def test_anaguma_notes_follow_the_castles() -> None:
    """居飛車穴熊's game: 先手 builds 居飛車穴熊, 後手 振り飛車穴熊 (its .expect); its near miss:
    only 後手 does."""
    black = _claimed("居飛車穴熊.kif", "先手", "居飛車穴熊")
    white = _claimed("居飛車穴熊.kif", "後手", "振り飛車穴熊")
    notes = _notes(kifu_lark.load(FIXTURES / "tactics" / "居飛車穴熊.kif"))
    assert (black, white) == (notes[("先手", "穴熊")], notes[("後手", "穴熊")])
    assert (white, black) == (notes[("先手", "対穴熊")], notes[("後手", "対穴熊")])
    assert max(black, white) == notes[("先手", "相穴熊")] == notes[("後手", "相穴熊")]
    near = _notes(kifu_lark.load(FIXTURES / "tactics" / "居飛車穴熊-near.kif"))
    white = _claimed("居飛車穴熊-near.kif", "後手", "振り飛車穴熊")
    assert {("後手", "穴熊"): white, ("先手", "対穴熊"): white} == {
        key: ply for key, ply in near.items() if "穴熊" in key[1]
    }
