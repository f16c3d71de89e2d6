"""KIF and KI2 for the equivalence suite: the same head and board diagram, then moves
written the KIF way (a numbered line a move) or the KI2 way (several moves a line)."""

from __future__ import annotations

import functools
import re
from typing import Any

from benchmarks import realistic
from kifu_lark.formats import ki2_read, kif_read
from kifu_lark.formats.japanese_head import head_lines
from tests.formats.equivalence import reader_internals
from tests.formats.equivalence.case import OPTIONS, Case, Long, Parts, plans
from tests.formats.equivalence.checks import located

# Every seed the per-reader tests drew from, so that each real-shaped record they read is read.
_KIF_PLANS = ((20, 321, 40), (10, 500, 8), (10, 700, None))
_KI2_PLANS = ((8, 654, 40), *_KIF_PLANS)


@functools.cache
def _kif_real() -> list[str]:
    texts = [realistic.kif_text(p) for p in plans(*_KIF_PLANS)]
    return texts + [realistic.kif_text(p, analysis=True) for p in realistic.plans(3, 321, 40)]


@functools.cache
def _ki2_real() -> list[str]:
    games = plans(*_KI2_PLANS)  # cut(0): a game ended before its first move
    return list(dict.fromkeys(realistic.ki2_text(q) for p in games for q in (p, p.cut(0))))


DIAGRAM = (
    "後手の持駒：なし\n"
    "  ９ ８ ７ ６ ５ ４ ３ ２ １\n"
    "+---------------------------+\n"
    "|v香v桂v銀v金v玉v金v銀v桂v香|一\n"
    "| ・v飛 ・ ・ ・ ・ ・v角 ・|二\n"
    "|v歩v歩v歩v歩v歩v歩v歩v歩v歩|三\n"
    "| ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n"
    "| ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n"
    "| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n"
    "| 歩 歩 歩 歩 歩 歩 歩 歩 歩|七\n"
    "| ・ 角 ・ ・ ・ ・ ・ 飛 ・|八\n"
    "| 香 桂 銀 金 玉 金 銀 桂 香|九\n"
    "+---------------------------+\n"
    "先手の持駒：なし\n"
    "先手番\n"
)

#: A tsume diagram (issue 37, item 16): the display flag, the defender's hand written as the
#: rest of the pieces, no attacking king.
TSUME = (
    "盤面回転\n"
    "後手の持駒：残り全部\n"
    "  ９ ８ ７ ６ ５ ４ ３ ２ １\n"
    "+---------------------------+\n"
    "| ・ ・ ・ ・v玉 ・ ・ ・ ・|一\n"
    + "| ・ ・ ・ ・ ・ ・ ・ ・ ・|二\n"
    + "| ・ ・ ・ ・ 歩 ・ ・ ・ ・|三\n"
    + "| ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n" * 6
    + "+---------------------------+\n"
    "先手の持駒：金\n"
)

#: Lines that damage a diagram.
DIAGRAM_LINES = (
    "+---------------------------+\n",
    "| ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n",
    "  ９ ８ ７ ６ ５ ４ ３ ２ １\n",
    "先手の持駒：歩二\n",
    "後手番\n",
    "手数＝0\n",
    "盤面回転\n",
    "後手の持駒：残り全部\n",
    "先手の持駒：残りの駒全部\n",
)


def diagram_cases(moves: str) -> tuple[tuple[str, bool, str], ...]:
    """Records with a diagram before ``moves`` (a move section): the parts as writers place
    them are taken whole, any other order goes to lark."""
    rows = DIAGRAM.splitlines(keepends=True)
    no_columns = "".join(row for row in rows if "９" not in row)
    bare = "".join(row for row in rows if "持駒" not in row and "番" not in row)
    spaced = DIAGRAM.replace("１\n", "１\n\n").replace("+\n|v香", "+\n\n|v香")
    gap = DIAGRAM.replace("|四\n", "|四\n\n")
    turn_first = "".join([*rows[:-2], rows[-1], rows[-2]])
    # Kifu for Windows writes a diagram some moves into a game with its move count there
    counted = DIAGRAM.replace("先手番\n", "手数＝12  ▲７六歩  まで\n先手番\n")
    return (
        ("先手：a\n" + DIAGRAM + moves, True, "a diagram"),
        (DIAGRAM + moves, True, "no head"),
        ("先手：a\n" + no_columns + moves, True, "no column numbers"),
        ("先手：a\n" + bare + moves, True, "no hands, no side to move"),
        ("先手：a\n" + spaced + "\n" + moves, True, "blank lines between the parts"),
        ("先手：a\n" + DIAGRAM + "後手：b\n*a comment\n" + moves, True, "head after"),
        ("先手：a\n" + gap + moves, False, "a blank line between ranks"),
        ("先手：a\n" + turn_first + moves, False, "parts in another order"),
        ("先手：a\n" + DIAGRAM + "手数＝0\n" + moves, False, "a move count after the turn"),
        ("先手：a\n" + counted + moves, True, "a move count before the turn"),
        ("先手：a\n" + counted.replace("先手番\n", "") + moves, True, "a move count, no turn"),
        ("先手：a\n" + DIAGRAM.replace("|一", "|x") + moves, False, "not a rank line"),
        ("先手：a\n" + DIAGRAM.replace("|五\n", "|五\n先手番\n") + moves, False, "turn inside"),
        ("*a note\n作品名：a\n手合割：詰将棋\n" + TSUME + moves, True, "a tsume diagram"),
        ("作品名：a\n" + TSUME.replace("後手の持駒：残り全部", "後手の持駒：残りすべて") + moves,
         True, "the rest, otherwise spelled"),
        ("作品名：a\n" + TSUME.replace("盤面回転\n", "") + "盤面回転\n" + moves, False,
         "the display flag after the diagram"),
    )


def _tree_located(tree: Any) -> list[Any]:
    return [("tree", str(tree.data)), *located(tree.children)]


_KIF_MOVES = "手数----指手---------消費時間--\n   1 ７六歩(77)   ( 0:01/00:00:01)\n"
_KIF_CASES = (
    ("先手：a\n" + _KIF_MOVES + "まで1手で中断\n", True, "head, moves, summary"),
    (_KIF_MOVES, True, "no head"),
    ("先手：a\n\n" + _KIF_MOVES + "\n\nまで1手で中断\n\n", True, "blank lines between"),
    ("先手：a\n" + _KIF_MOVES + "まで1手で中断：x\n", False, "a header line, to lark"),
    ("先手：a\n" + _KIF_MOVES + "まで1手で中断\n終了日時：2024/01/01\n", False, "an end time"),
    ("\ufeff先手：a\n" + _KIF_MOVES, False, "a BOM"),
    ("先手：a\n" + _KIF_MOVES + "変化：1手\n   1 ２六歩(27)\n", True, "variations"),
    ("先手：a\n" + _KIF_MOVES.split("\n", 1)[1], False, "no moves header"),
    # a special word no kind names (issue 37, item 15), on its move line or the まで line
    ("先手：a\n" + _KIF_MOVES + "   2 指し直し\nまで1手で指し直し\n", True, "an unknown special"),
    ("先手：a\n" + _KIF_MOVES + "まで1手で指し直し\n", True, "an unknown まで word"),
    # what a まで line declares, kept when it disagrees; two specials before variations
    ("先手：a\n" + _KIF_MOVES + "まで3手で後手の勝ち\n", True, "a まで line that disagrees"),
    ("先手：a\n" + _KIF_MOVES + "   2 不詰\n   3 中断\n\n変化：2手\n   2 ３四歩(33)\n"
     "\n変化：1手\n   1 ２六歩(27)\n", True, "two specials, then variations"),
    *diagram_cases(_KIF_MOVES),
)

_KIF_ODD = (
    "  12 not a move\n",
    "*a lone\rCR\n",  # the walk takes a comment's rest as `.*` (normalise: no CR)
    "&a lone\rCR\n",
    "*two\r\r\n",
    "3\n",
    "*a comment\n",
    "&bookmark\n",
    "  5 ７六歩(77)   ( 0:01/00:00:01)+\n",
    "  7 同　歩(76)\n",
    "  9 投了\n",
    "  9 指し直し\n",
    "  9 投了済み\n",
    "  9 歩打\n",
    "まで10手で指し直し\n",
    "1 2 3 : 4\n",
    "手数----指手---------消費時間--\n",
    "変化：3手\n",
    "\n",
    "   \n",
    "まで10手で先手の勝ち\n",
    "終了日時：2024/01/01\n",
    "*comment\n",
    "   5 ５五歩(56)\n",
    "#KIF version=2.0 encoding=UTF-8\n",
    *DIAGRAM_LINES,
)

_KIF_TRICKY = (
    "176歩(77)\n",  # the number gives back a digit to the destination
    "   5 ４五角打     ( 0:10/00:31)\n",  # no hours: minutes:seconds
    "   9 詰み\n",
    "   9 詰\n",
    "   9 封じ手開封 ( 0:01/00:00:03)+\n",
    "  10 同 銀(31)+\n",
    "   3 ２二角成(88) ( 0:05/00:00:21)+ \n",
    "   1 ７六歩(77:12)\n",
    # diagram ranks: a prefix before no piece, a frame in a cell's place, a numeral and blanks
    "|v香+歩^金 ・v|一 \n",
    "|v香 歩|十\n",
    "| ・ ・ ・||\n",
    "  | ・V杏 と|九\u3000\r\n",
)

# Pieces of move lines, right and wrong, so that drawn lines reach the places where a
# possessive mark could differ from plain backtracking.
_KIF_PIECES = (
    " ", "  ", "\t", "　", "1", "17", "7", "76", "０", "７", "六", "九", "同", "同　", "歩",
    "銀", "成", "成銀", "不成", "生", "と", "(77)", "(7", "打", "(", ")", " ( 0:16/00:00:16)",
    "( 0:03/ 0:00:19)", "(1:02/0:03)", "0:16", ":", "/", "00", "+", "投了", "詰", "詰み", "み",
    "千日手", "王手千日手", "中断", "指し直し", "済み", "ほげ",
)  # fmt: skip

#: The shapes neither whole-record pattern takes (lark's parser reads them).
_NOT_WHOLE = frozenset(
    {
        "a comment after the end",
        "a BOM",
        "game information after the end",
    }
)
# ("a second record or a variation" is, in KIF and KI2, a 変化 section: taken whole)

KIF_CASE = Case(
    name="kif",
    declaration=kif_read.DECLARATION,
    read=kif_read.read_kif,
    build=kif_read.builder(OPTIONS),
    suffixes=(".kif", ".kifu"),
    located=_tree_located,
    whole_scans=True,
    real=_kif_real,
    diagram_mark="+---",
    parts=Parts(
        head="先手：a\n後手：b\n",
        moves="手数----指手---------消費時間--\n"
        "   1 ７六歩(77)   ( 0:01/00:00:01)\n   2 ３四歩(33)   ( 0:02/00:00:02)\n",
        next_moves="   3 ２六歩(27)   ( 0:03/00:00:04)\n",
        end="まで3手で中断\n",
        comment="*a note\n",
        info="終了日時：2024/01/01\n",
        more="変化：3手\n   3 ６八銀(79)\n",
    ),
    not_whole=_NOT_WHOLE | {"the head alone", "no moves"},  # no moves header
    whole_cases=_KIF_CASES,
    odd_lines=_KIF_ODD,
    scan_only_lines=(
        "  12 not a move\n",
        "3\n",
        "1 2 3 : 4\n",
        "  5 ７六歩(77)  x\n",
    ),
    scanned_share=0.75,
    head_runs=("HEAD_BLOCK",),
    head_pieces=lambda: head_lines("kif.lark"),
    run_lines=("PLY_LINE", "COMMENT_LINE", "BOOKMARK_LINE"),
    reader_cut=reader_internals.kif_block_lines,
    row_cut=None,
    marked=("MOVES_BLOCK", "HEAD_BLOCK"),
    marked_groups=("PLY_LINE", "bod__RANK_LINE"),
    starts="\n",
    kin=(),
    tricky=_KIF_TRICKY,
    pieces=_KIF_PIECES,
    memos=reader_internals.kif_memos,
    long=Long(
        re.compile(r"^\s*\d+ "),
        lambda line: re.sub(r"^(\s*\d+ ).*$", r"\1５五王", line),
        "  12 not a move",
        3 * reader_internals.KIF_CHUNK,
    ),
)

_KI2_MOVES = "▲７六歩    △３四歩\n▲２六歩\n"
_KI2_CASES = (
    ("先手：a\n" + _KI2_MOVES + "まで3手で中断\n", True, "head, moves, summary"),
    ("先手：a\n" + _KI2_MOVES + "まで9手で後手の勝ち\n", True, "a まで line that disagrees"),
    (_KI2_MOVES, True, "no head"),
    ("先手：a\n\n" + _KI2_MOVES + "\n\nまで3手で中断\n\n", True, "blank lines between"),
    ("先手：a\n*a comment\n\n" + _KI2_MOVES + "*on move 3\n", True, "comments"),
    ("先手：a\n" + _KI2_MOVES + "まで3手で中断：x\n", False, "a header line, to lark"),
    ("先手：a\n▼x：y\n" + _KI2_MOVES, True, "a header line in the head"),
    # after the moves: the scan takes it into the block (the reader's walk refuses it)
    ("先手：a\n" + _KI2_MOVES + "▼x：y\n", True, "a header line after the moves"),
    ("先手：a\n" + _KI2_MOVES + "まで3手で中断\n終了日時：2024/01/01\n", False, "an end time"),
    ("\ufeff先手：a\n" + _KI2_MOVES, False, "a BOM"),
    ("先手：a\n" + _KI2_MOVES + "変化：3手\n▲２五歩\n", True, "variations"),
    ("先手：a\n" + _KI2_MOVES + "まで3手で中断\n-----\nx\n", False, "a footer"),
    ("先手：a\n\nまで0手で中断\n", True, "ended before its first move: no block"),
    ("先手：a\n" + _KI2_MOVES + "まで3手で指し直し\n", True, "an unknown まで word"),
    ("先手：a\n" + _KI2_MOVES + "▲指し直し\n", True, "an unknown special move"),
    ("先手：a\n後手：b\n", True, "the head alone"),
    ("まで0手で後手の勝ち\n", True, "the summary alone"),
    ("\n", True, "nothing"),
    ("先手：a\nまで0手で中断：x\n", True, "a header line: the head's, as lark reads it"),
    *diagram_cases(_KI2_MOVES),
)

_KI2_ODD = (
    "▲７六歩 x\n",
    "▲７六歩△\n",
    "▲９九歩成\n",
    "▼x：y\n",
    "△同　歩    ▲同　銀\n",
    "▲７六歩   \n",
    "   ▲２六歩　\r\n",
    "*a comment\n",
    "&a bookmark\n",
    "*a lone\rCR\n",
    "&a lone\rCR\n",
    "▲投了\n",
    "▲指し直し\n",
    "△投了済み    ▲７六歩\n",
    "まで10手で指し直し\n",
    "▲\n",
    "▲５五角打    △５四歩 *\n",
    "まで10手で先手の勝ち\n",
    "\n",
    "終了日時：2024/01/01\n",
    "*comment\n",
    "変化：3手\n",
    "▲５五歩\n",
    "-------\n",
    "#KIF version=2.0 encoding=UTF-8\n",
    *DIAGRAM_LINES,
)

KI2_CASE = Case(
    name="ki2",
    declaration=ki2_read.DECLARATION,
    read=ki2_read.read_ki2,
    build=ki2_read.builder(OPTIONS),
    suffixes=(".ki2", ".ki2u"),
    located=_tree_located,
    whole_scans=True,
    real=_ki2_real,
    diagram_mark="+---",
    parts=Parts(
        head="先手：a\n",
        moves="▲７六歩    △３四歩\n",
        next_moves="▲２六歩\n",
        end="まで3手で中断\n",
        comment="*a note\n",
        info="終了日時：2024/01/01\n",
        more="変化：3手\n▲６八銀\n",
    ),
    not_whole=_NOT_WHOLE,
    whole_cases=_KI2_CASES,
    odd_lines=_KI2_ODD,
    scan_only_lines=("*a lone\rCR\n", "&a lone\rCR\n", "▼x：y\n", "▲７六歩 x\n"),
    scanned_share=0.5,
    head_runs=("HEAD_BLOCK",),
    head_pieces=lambda: head_lines("ki2.lark"),
    run_lines=("MOVE_LINE", "COMMENT_LINE", "BOOKMARK_LINE"),
    reader_cut=None,
    row_cut=None,
    marked=("MOVES_BLOCK", "HEAD_BLOCK"),
    marked_groups=("bod__RANK_LINE",),
    starts="\n",
    kin=(),
    tricky=("▲７六歩△３四歩▲２六歩\n", "   ▲２六歩　\r\n", "▲５二金右上成    △同　玉\n"),
    pieces=("▲", "△", "☗", "７六", "同", "　", " ", "歩", "金", "右", "上", "成", "不成", "打"),
    memos=reader_internals.ki2_memos,
    long=Long(re.compile(r"[▲△]"), lambda line: "▲５五王", "▲７六歩 x"),
)
