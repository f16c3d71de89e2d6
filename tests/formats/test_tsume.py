"""Tsume (詰将棋) records (issue 37, item 16): 手合割：詰将棋, the defender's hand written as
"the rest of the pieces" (KIF 残り全部, CSA P-00AL), 作品名/作者/発表誌, 盤面回転 and comment
lines before the header block."""

from __future__ import annotations

import json

import pytest

import kifu_lark
from kifu_lark.errors import KifuError
from kifu_lark.model import Color, Game, PieceKind
from kifu_lark.model.hand import Hand
from kifu_lark.model.headers import REST_HAND, ROTATED
from kifu_lark.model.position import Position
from tests.conftest import FIXTURES

TSUME = FIXTURES / "kif" / "quirks" / "tsume_comment_first.kifu"
#: The pieces the defender holds in the fixture: the set but both kings, the gold on 5三, the
#: lance on 1一 and the attacker's gold in hand.
REST = "2r2b2g4s4n3l18p"


def _tsume() -> Game:
    return kifu_lark.load(TSUME)


def test_the_rest_of_the_pieces_is_counted_into_the_hand() -> None:
    """後手の持駒：残り全部 gives the defender every piece on neither the board nor the
    attacker's hand; no attacking king is needed, and the moves are checked as usual."""
    game = _tsume()
    assert f"4k3l/9/4G4/9/9/9/9/9/9 b G{REST} 1" == game.start.sfen()
    assert "後手" == game.headers[REST_HAND]
    assert 2 == len(game.mainline())


@pytest.mark.parametrize("word", ["残り全部", "残りすべて", "残り全て", "残りの駒全部"])
def test_every_spelling_of_the_rest_reads(word: str) -> None:
    """The spellings programs write read alike; KIF writes 残り全部 back."""
    text = TSUME.read_text(encoding="utf-8").replace("残り全部", word)
    game = kifu_lark.loads(text, "kif")
    assert _tsume().start == game.start
    assert "後手の持駒：残り全部\n" in kifu_lark.dumps(game, "kif")


def test_kif_writes_the_tsume_back() -> None:
    """KIF writes 盤面回転, 残り全部 and the problem's headers back; the comment before the
    header block stays the comment on the start."""
    game = _tsume()
    text = kifu_lark.dumps(game, "kif")
    for line in ("作品名：一手の習作", "作者：テスト作者", "発表誌：テスト会報", "手合割：詰将棋"):
        assert line + "\n" in text
    assert "盤面回転\n後手の持駒：残り全部\n" in text
    assert ["一手詰の習作（前書き）"] == game.root.comments
    assert game == kifu_lark.loads(text, "kif")
    assert game.headers[ROTATED] == ""


def test_csa_writes_the_rest_as_00al_and_reads_it_back() -> None:
    """CSA writes the defender's hand as P-00AL after the attacker's, and reads it back
    (headers kept as $ lines)."""
    game = _tsume()
    text = kifu_lark.dumps(game, "csa")
    assert "P+00KI\nP-00AL\n" in text
    assert "$作品名:一手の習作\n" in text
    back = kifu_lark.loads(text, "csa")
    assert (game.start, game.headers.entries) == (back.start, back.headers.entries)
    assert "後手の持駒：残り全部\n" in kifu_lark.dumps(back, "kif")


def test_csa_00al_reads_as_the_rest_in_kif() -> None:
    """A CSA record's P-00AL is written by KIF as 残り全部."""
    game = kifu_lark.load(FIXTURES / "csa" / "tsume_rest.csa")
    assert "後手" == game.headers[REST_HAND]
    assert "後手の持駒：残り全部\n" in kifu_lark.dumps(game, "kif")


def test_jkf_writes_the_pieces_and_keeps_the_headers() -> None:
    """JKF has no short form: the hand is written as pieces, the marker is no header; the
    problem's headers are kept."""
    game = _tsume()
    data = json.loads(kifu_lark.dumps(game, "jkf"))
    assert 18 == data["initial"]["data"]["hands"][1]["FU"]
    header = data["header"]
    assert REST_HAND not in header
    assert ("一手の習作", "テスト作者", "テスト会報", "詰将棋") == (
        header["作品名"],
        header["作者"],
        header["発表誌"],
        header["手合割"],
    )
    assert game.start == kifu_lark.loads(kifu_lark.dumps(game, "jkf"), "jkf").start


def test_a_hand_that_is_no_longer_the_rest_is_written_as_pieces() -> None:
    """The short form stands for the pieces only while the hand holds exactly the rest."""
    game = _tsume()
    hand = game.start.hand(Color.WHITE).remove(PieceKind.PAWN)
    game.start = game.start.with_hand(Color.WHITE, hand)
    assert "後手の持駒：残り全部" not in kifu_lark.dumps(game, "kif")
    assert "00AL" not in kifu_lark.dumps(game, "csa")


def test_the_rest_beyond_the_set_is_refused_at_the_hand_line() -> None:
    """A board and hand holding more than the set leave no rest: an error at the line."""
    text = TSUME.read_text(encoding="utf-8").replace("先手の持駒：金", "先手の持駒：金四")
    with pytest.raises(KifuError) as caught:
        kifu_lark.loads(text, "kif")
    assert caught.value.line is not None


def test_rest_of_set_counts_board_and_other_hand() -> None:
    """Position.rest_of_set leaves out kings, what stands on the board (promoted pieces as
    their base kind) and the other side's hand."""
    position = Position.from_sfen("4k4/9/4+P4/9/9/9/9/9/4K4 b G 1")
    rest = position.rest_of_set(Color.WHITE)
    expected = {PieceKind.ROOK: 2, PieceKind.BISHOP: 2, PieceKind.GOLD: 3, PieceKind.SILVER: 4}
    expected |= {PieceKind.KNIGHT: 4, PieceKind.LANCE: 4, PieceKind.PAWN: 17}
    assert Hand.of(expected) == rest


def test_the_display_flag_is_kept() -> None:
    """A 盤面回転 line (dropped before) is the ROTATED entry, written back by KIF and KI2."""
    text = TSUME.read_text(encoding="utf-8").replace("残り全部", "なし")
    game = kifu_lark.loads(text, "kif")
    assert "" == game.headers[ROTATED]
    for fmt in ("kif", "ki2"):
        written = kifu_lark.dumps(game, fmt)
        assert "盤面回転\n後手の持駒：なし\n" in written
        assert game.headers == kifu_lark.loads(written, fmt).headers


def test_bod_keeps_the_tsume_diagram() -> None:
    """BOD reads and writes 盤面回転 and 残り全部 as KIF does."""
    game = _tsume()
    game.root.children.clear()  # BOD holds the final position: here, the start
    text = kifu_lark.dumps(game, "bod")
    assert "盤面回転\n後手の持駒：残り全部\n" in text
    back = kifu_lark.loads(text, "bod")
    assert (game.start, game.headers) == (back.start, back.headers)


def test_an_empty_rest_is_written_back_as_read() -> None:
    """When the board holds every piece, 残り全部 gives nothing, and KIF writes it back so."""
    game = kifu_lark.loads(
        "後手の持駒：残り全部\n"
        + "\n".join(
            line
            for line in kifu_lark.dumps(_full_board(), "kif").splitlines()
            if not line.startswith("後手の持駒")
        )
        + "\n",
        "kif",
    )
    assert not game.start.hand(Color.WHITE)
    assert "後手の持駒：残り全部\n" in kifu_lark.dumps(game, "kif")


def _full_board() -> Game:
    """The usual start drawn as a diagram (a kept 手合割 makes the writer draw it)."""
    game = Game()
    game.headers.add("手合割", "その他")
    return game
