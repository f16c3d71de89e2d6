"""Special words no kind names (issue 37, item 15): KIF and KI2 keep them as read and write
them back; JKF folds them into CHUDAN and CSA refuses them, each saying what is lost."""

from __future__ import annotations

import json
import warnings
from pathlib import Path

import pytest

import kifu_lark
from kifu_lark.cli import main
from kifu_lark.errors import KifuSyntaxError, LossyWriteWarning, UnsupportedFeatureError
from kifu_lark.model import Color, Game, Special, SpecialKind

HEAD = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)   ( 0:01/00:00:01)\n"


def _last(game: Game) -> Special | None:
    return game.mainline()[-1].special


@pytest.mark.parametrize("word", ["指し直し", "封じ手開封", "持将棋宣言", "投了済み", "ほげ"])
def test_kif_keeps_a_special_word_it_does_not_know(word: str) -> None:
    """A word in a move line's special place reads as an OTHER special keeping the word,
    and KIF writes it back as that word (move line and まで line)."""
    game = kifu_lark.loads(HEAD + f"   2 {word}   ( 0:02/00:00:02)\n", "kif")
    assert Special(SpecialKind.OTHER, Color.WHITE, word) == _last(game)
    text = kifu_lark.dumps(game, "kif")
    assert f"   2 {word}" in text
    assert text.endswith(f"まで1手で{word}\n")
    assert game == kifu_lark.loads(text, "kif")


def test_a_kif_summary_word_it_does_not_know_is_the_special() -> None:
    """A まで line ending in such a word, after moves without a special, is that special."""
    game = kifu_lark.loads(HEAD + "まで1手で指し直し\n", "kif")
    assert Special(SpecialKind.OTHER, Color.WHITE, "指し直し") == _last(game)


def test_ki2_keeps_a_special_word_it_does_not_know() -> None:
    """KI2 reads the word from the まで line (before: silently dropped) and from a move
    (``△指し直し``), and writes the まで line back as read."""
    text = "手合割：平手\n▲７六歩    △３四歩\nまで2手で先手の判定勝ち\n"
    game = kifu_lark.loads(text, "ki2")
    assert Special(SpecialKind.OTHER, Color.BLACK, "先手の判定勝ち") == _last(game)
    assert text == kifu_lark.dumps(game, "ki2")
    moved = kifu_lark.loads("手合割：平手\n▲７六歩    △指し直し\n", "ki2")
    assert Special(SpecialKind.OTHER, Color.WHITE, "指し直し") == _last(moved)
    assert kifu_lark.dumps(moved, "ki2").endswith("まで1手で指し直し\n")


def test_kif_and_ki2_convert_the_word_both_ways() -> None:
    """KIF → KI2 keeps the word (KI2 holds no times: the KIF has none)."""
    game = kifu_lark.loads(HEAD.replace("   ( 0:01/00:00:01)", "") + "   2 指し直し\n", "kif")
    assert game == kifu_lark.loads(kifu_lark.dumps(game, "ki2"), "ki2")


@pytest.mark.parametrize("line", ["   2 歩打", "   2 七六歩", "   2 同歩成(", "   2 ７六歩x"])
def test_a_mistyped_move_stays_a_syntax_error(line: str) -> None:
    """Only a word no move can start with is a special: a mistyped move is still refused."""
    with pytest.raises(KifuSyntaxError):
        kifu_lark.loads(HEAD + line + "\n", "kif")


def test_jkf_folds_the_word_into_chudan_and_says_so() -> None:
    """The JKF schema lists its specials: the word is written CHUDAN with a warning naming it."""
    game = kifu_lark.loads(HEAD + "   2 指し直し\n", "kif")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        text = kifu_lark.dumps(game, "jkf")
    assert {"special": "CHUDAN"} == json.loads(text)["moves"][-1]
    lossy = [w.message for w in caught if isinstance(w.message, LossyWriteWarning)]
    assert [("jkf", "OTHER", "INTERRUPT")] == [(w.format, w.kind, w.written) for w in lossy]
    assert "指し直し" in str(lossy[0])


def test_csa_refuses_the_word_and_names_it() -> None:
    """CSA's % words are a closed list: the writer refuses, naming the word; the reader
    refuses a % word outside the list as before."""
    game = kifu_lark.loads(HEAD + "   2 指し直し\n", "kif")
    with pytest.raises(UnsupportedFeatureError, match="指し直し"):
        kifu_lark.dumps(game, "csa")
    with pytest.raises(KifuSyntaxError, match="unknown special"):
        kifu_lark.loads("V2.2\nPI\n+\n+7776FU\n%SASHINAOSHI\n", "csa")


@pytest.mark.parametrize("word", ["７六歩", "投了", "two words", "resign"])
def test_a_word_that_would_read_back_otherwise_is_refused(word: str) -> None:
    """KIF and KI2 refuse a word they would read back as something else."""
    game = kifu_lark.loads(HEAD, "kif")
    game.mainline()[-1].add_variation(special=Special(SpecialKind.OTHER, Color.WHITE, word))
    for fmt in ("kif", "ki2"):
        with pytest.raises(UnsupportedFeatureError, match="read back"):
            kifu_lark.dumps(game, fmt)


def test_the_word_belongs_to_other_only() -> None:
    """An OTHER special has a word; the other kinds have none."""
    with pytest.raises(ValueError, match="word"):
        Special(SpecialKind.OTHER, Color.BLACK)
    with pytest.raises(ValueError, match="word"):
        Special(SpecialKind.RESIGN, Color.BLACK, "投了")


def test_validate_accepts_a_record_ending_with_the_word(tmp_path: Path) -> None:
    """``kifu-lark validate`` (strict rules) takes a record ending with such a word."""
    path = tmp_path / "game.kifu"
    path.write_text(HEAD + "   2 指し直し\n", encoding="utf-8")
    assert 0 == main(["validate", str(path)])


def test_a_summary_word_starting_with_a_known_one_is_a_word_of_its_own() -> None:
    """``まで1手で封じ手開封`` is that word, not 封じ手 with text after it."""
    game = kifu_lark.loads("手合割：平手\n▲７六歩\nまで1手で封じ手開封\n", "ki2")
    assert Special(SpecialKind.OTHER, Color.WHITE, "封じ手開封") == _last(game)
