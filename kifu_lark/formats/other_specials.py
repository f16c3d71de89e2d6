"""Special words no :class:`~kifu_lark.model.move.SpecialKind` names (指し直し …).

KIF and KI2 read such a word where a special stands (the grammar's ``OTHER_SPECIAL``, in a
move line or at the end of the ``まで…`` line) as an ``OTHER`` special that keeps the word,
and write it back as that word. A word they would read otherwise (a known word, one with
blanks, one starting the way a move does) is refused rather than written into something
else.
"""

from __future__ import annotations

import functools
import re

from kifu_lark.errors import UnsupportedFeatureError
from kifu_lark.formats.engine.parsing import terminal_regex
from kifu_lark.formats.japanese import SPECIAL_NAMES, summary_word
from kifu_lark.model.move import Special


@functools.cache
def _word_regex() -> re.Pattern[str]:
    return terminal_regex("kif.lark", "SPECIAL_WORD")


def holds_word(word: str) -> bool:
    """Whether KIF and KI2 read ``word`` back as an ``OTHER`` special with that word."""
    return word not in SPECIAL_NAMES and _word_regex().fullmatch(word) is not None


def summary_special(text: str) -> str | None:
    """The word of a ``まで…`` line ending with a special no kind names (``まで75手で
    指し直し`` → ``指し直し``); ``None`` when the line says something else."""
    word = summary_word(text)
    return word if word is not None and holds_word(word) else None


def written_word(special: Special, format: str) -> str:
    """The word KIF or KI2 writes for an ``OTHER`` special.

    Raises:
        UnsupportedFeatureError: for a word that would not read back as itself.
    """
    word = special.word
    assert word is not None, "an OTHER special has its word"
    if not holds_word(word):
        raise UnsupportedFeatureError(
            f"{format} cannot write the special word {word!r}: it would not read back as it",
            format=format,
            text=word,
            hint="a special word of its own is kana and kanji, starting with neither a "
            "numeral, 同, 成 nor a piece name, and is no word a special kind has",
        )
    return word
