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
from kifu_lark.model.headers import ROTATED
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
    assert "残り全部" not in game.headers  # how the hand was written: not a header
    assert 2 == len(game.mainline())


@pytest.mark.parametrize("word", ["残り全部", "残りすべて", "残り全て", "残りの駒全部"])
def test_every_spelling_of_the_rest_reads(word: str) -> None:
    """The spellings programs write read alike."""
    text = TSUME.read_text(encoding="utf-8").replace("残り全部", word)
    game = kifu_lark.loads(text, "kif")
    assert _tsume().start == game.start


def test_kif_writes_the_tsume_back() -> None:
    """KIF writes 盤面回転 and the problem's headers back, and the defender's hand as its
    pieces (other programs' KIF readers, tsshogi's and json-kifu-format's, take no 残り全部);
    the comment before the header block stays the comment on the start."""
    game = _tsume()
    text = kifu_lark.dumps(game, "kif")
    for line in ("作品名：一手の習作", "作者：テスト作者", "発表誌：テスト会報", "手合割：詰将棋"):
        assert line + "\n" in text
    assert "盤面回転\n後手の持駒：飛二　角二　金二　銀四　桂四　香三　歩十八" in text
    assert ["一手詰の習作（前書き）"] == game.root.comments
    assert game == kifu_lark.loads(text, "kif")
    assert game.headers[ROTATED] == ""


def test_csa_writes_the_rest_as_its_pieces() -> None:
    """CSA writes the defender's hand as its pieces (other programs' CSA readers, cshogi's,
    take no P-00AL), with the problem's headers as $ lines; the pieces read back."""
    game = _tsume()
    text = kifu_lark.dumps(game, "csa")
    assert "00AL" not in text
    white_hand = next(line for line in text.splitlines() if line.startswith("P-"))
    assert 18 == white_hand.count("00FU")
    assert "$作品名:一手の習作\n" in text
    back = kifu_lark.loads(text, "csa")
    assert game.start == back.start
    assert game.headers.entries == back.headers.entries


def test_csa_00al_reads_as_the_pieces() -> None:
    """A CSA record's P-00AL gives the defender the rest of the set, which KIF writes as
    pieces."""
    game = kifu_lark.load(FIXTURES / "csa" / "tsume_rest.csa")
    assert game.start.rest_of_set(Color.WHITE) == game.start.hand(Color.WHITE)
    kif = kifu_lark.dumps(game, "kif")
    assert "残り全部" not in kif
    assert game.start == kifu_lark.loads(kif, "kif").start


def test_jkf_writes_the_pieces_and_keeps_the_headers() -> None:
    """JKF has no short form: the hand is written as pieces, the marker is no header; the
    problem's headers are kept."""
    game = _tsume()
    data = json.loads(kifu_lark.dumps(game, "jkf"))
    assert 18 == data["initial"]["data"]["hands"][1]["FU"]
    header = data["header"]
    assert "残り全部" not in header
    assert ("一手の習作", "テスト作者", "テスト会報", "詰将棋") == (
        header["作品名"],
        header["作者"],
        header["発表誌"],
        header["手合割"],
    )
    assert game.start == kifu_lark.loads(kifu_lark.dumps(game, "jkf"), "jkf").start


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
    """BOD reads 盤面回転 and 残り全部 as KIF does, and writes them as KIF does."""
    game = _tsume()
    game.root.children.clear()  # BOD holds the final position: here, the start
    text = kifu_lark.dumps(game, "bod")
    assert "盤面回転\n後手の持駒：飛二" in text
    back = kifu_lark.loads(text, "bod")
    assert (game.start, game.headers) == (back.start, back.headers)


def test_an_empty_rest_is_an_empty_hand() -> None:
    """When the board holds every piece, 残り全部 gives nothing, and KIF writes なし."""
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
    assert "後手の持駒：なし\n" in kifu_lark.dumps(game, "kif")


def _full_board() -> Game:
    """The usual start drawn as a diagram (a kept 手合割 makes the writer draw it)."""
    game = Game()
    game.headers.add("手合割", "その他")
    return game
