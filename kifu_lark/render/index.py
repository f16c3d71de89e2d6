"""The ``index.html`` of a folder of viewer pages (``kifu-lark html FOLDER -o OUTDIR``):
:func:`index_html` lists the records, one row each, with a link to its page.

Like the pages, the index is one file with nothing to fetch, and every text from the
records reaches it through :func:`html.escape`; the links are relative, so the folder
can be moved or opened from disk as a whole.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape
from urllib.parse import quote

from attrs import frozen

from kifu_lark.model.game import Game
from kifu_lark.model.headers import HeaderKey
from kifu_lark.render.marks import TacticMark, index_text
from kifu_lark.render.viewer import result_line

__all__ = ["IndexRow", "index_html", "index_row"]


@frozen
class IndexRow:
    """One record as the index lists it.

    Attributes:
        href: its page, relative to the index, with ``/`` between folders (not yet
            URL-quoted).
        black, white: the players (``""`` when the record names none).
        date: when it started (開始日時, else 終了日時), as the record wrote it.
        result: KIF's まで line (``まで64手で先手の勝ち``).
        moves: the moves of the main line (specials not counted).
        tactics: the main line's tactics, ``▲矢倉 ▲矢倉囲い △雁木`` (``""``: none found, or
            none looked for).
    """

    href: str
    black: str
    white: str
    date: str
    result: str
    moves: int
    tactics: str = ""


def index_row(href: str, game: Game, marks: Iterable[TacticMark] = ()) -> IndexRow:
    """What the index says of ``game``, whose page is at ``href``, with the tactics
    ``marks`` (:func:`kifu_lark.render.marks.tactic_marks`) found in it."""
    headers = game.headers
    return IndexRow(
        href=href,
        black=headers.get(HeaderKey.BLACK) or "",
        white=headers.get(HeaderKey.WHITE) or "",
        date=headers.get(HeaderKey.START_TIME) or headers.get(HeaderKey.END_TIME) or "",
        result=result_line(game),
        moves=sum(1 for node in game.mainline() if node.move is not None),
        tactics=index_text(marks, game),
    )


def index_html(rows: Sequence[IndexRow], *, title: str = "kifu-lark") -> str:
    """The index page: a table of ``rows`` in the order given (page, 先手, 後手, 日時,
    結果, 手数, 戦法・囲い), each page's name a link to it."""
    body = "".join(
        "<tr>"
        f'<td><a href="{escape(quote(row.href))}">{escape(row.href)}</a></td>'
        f"<td>{escape(row.black)}</td><td>{escape(row.white)}</td>"
        f"<td>{escape(row.date)}</td><td>{escape(row.result)}</td>"
        f'<td class="n">{row.moves}</td><td class="kl-tactics">{escape(row.tactics)}</td>'
        "</tr>"
        for row in rows
    )
    return _INDEX.format(title=escape(title), count=len(rows), rows=body)


_INDEX = """<!DOCTYPE html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="kifu-lark">
<title>{title}</title>
<style>
body {{ font-family: system-ui, "Hiragino Sans", "Noto Sans CJK JP", "Yu Gothic", "Meiryo",
  sans-serif; color: #111; background: #fff; margin: 0 auto; padding: 8px; max-width: 1040px; }}
h1 {{ font-size: 1.25rem; }}
.kl-index-wrap {{ overflow-x: auto; }}
table {{ border-collapse: collapse; width: 100%; }}
th, td {{ border-bottom: 1px solid #ccc; padding: 4px 8px; text-align: left; }}
th {{ background: #f4f4f4; }}
td.n {{ text-align: right; }}
a {{ color: #1f4e9c; }}
</style>
</head>
<body>
<h1>{title}</h1>
<p>{count} records</p>
<div class="kl-index-wrap">
<table class="kl-index">
<thead><tr><th>page</th><th>先手</th><th>後手</th><th>日時</th><th>結果</th><th>手数</th><th>戦法・囲い</th></tr>
</thead>
<tbody>{rows}</tbody>
</table>
</div>
</body>
</html>
"""
