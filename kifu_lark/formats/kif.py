"""KIF / KIFU (柿木形式, Kifu for Windows) records with 変化 variations.

``grammars/kif.lark`` gives one terminal per line and one ``MOVES_BLOCK`` per run of move
lines (each with the ``*`` comment and ``&`` bookmark lines after it); the reader walks a
block with the grammar's own ``PLY_LINE``, ``COMMENT_LINE`` and ``BOOKMARK_LINE`` regexes
and hands each move to :class:`GameBuilder`, which validates it. ``変化：N手`` goes back on
the line read last to move N-1 (``GameBuilder.back_to``), as Kifu for Windows' file order requires.

Decisions worth knowing:

- ``手合割`` is position data: it sets the start position and is not kept as a header, except
  when its value does not name that position (a following board diagram wins, an unknown
  name such as 詰将棋) - then it is kept verbatim, and the writer draws a diagram.
- ``#`` lines before the first move are file remarks, kept as header entries with key
  ``"#"`` (``model.headers.REMARK``; value: the text after ``#``). KIF, KI2 and BOD write them
  back as ``#`` lines, CSA as remark lines ``'#…``; JKF has no place for them and leaves them
  out with a ``LossyWriteWarning``. The ``#KIF version=… encoding=…`` declaration is syntax,
  not a remark. ``#`` lines among the moves become comments of the current node, ``#``
  included, so nothing is dropped.
- ``*`` lines are comments (``**`` lines keep their second ``*``); ``&`` lines bookmarks.
- The ``まで…`` line repeats the special move; when a line has no special move, the
  summary's result is added as one.
- Players are ``HeaderKey.BLACK``/``WHITE`` whether written 先手/後手 or 下手/上手; the
  writer uses 下手/上手 for handicap starts.
- ``手数：N`` is a header like the others: tsume records give the problem's length so
  (``手数：9``, ``手数：7手``; Kakinoki lists it with 作品名 and 作者), written back as read. It is
  not the ``手数＝N`` of a copied board, the number of moves played before the diagram.
- Move numbers are checked (1 for the first move, or continuing a diagram's ``手数＝N``);
  ``+`` marks are redundant and only checked: a mismatch with the variations read becomes a
  ``FORK_MARK`` warning on ``game.warnings`` (files without any mark are not checked).
- Line breaks: LF, CRLF, CR and the CR CR LF of some old files are all accepted.
"""

from __future__ import annotations

from kifu_lark.formats.base import Format
from kifu_lark.formats.kif_read import read_kif
from kifu_lark.formats.kif_write import CAPABILITIES, write_kif


def _detect(text: str) -> float:
    head = text[:8000]
    if "手数----指手" in head or "手数－－－－指手" in head:
        return 0.95
    if "変化：" in head or "手合割：" in head or "先手：" in head:
        # KI2 shares headers; KIF move lines carry an origin like (77) or 打
        if ")" in head and "(" in head:
            return 0.7
        return 0.3
    return 0.0


FORMAT = Format(
    name="kif",
    description="KIF/KIFU (Kakinoki, Kifu for Windows): variations, comments, times, BOD",
    extensions=(".kif", ".kifu"),
    reader=read_kif,
    writer=write_kif,
    aliases=("kakinoki", "kifu"),
    grammar="kif.lark",
    variants=frozenset({"any"}),
    capabilities=CAPABILITIES,
    detect=_detect,
    encodings={".kif": "cp932", ".kifu": "utf-8"},
)
