"""kifu_lark.render.html: one page per record, nothing to fetch, every node's SFEN worked out
by the library, record text escaped; the browser's side is in test_viewer_browser.py."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

import kifu_lark
from benchmarks import realistic
from kifu_lark.errors import UnknownFormatError
from kifu_lark.model.game import Game, Node
from kifu_lark.render import html
from tests.conftest import FIXTURES

#: Records with variations, comments, a handicap, a board-diagram start and 5x5 minishogi.
RECORDS = [
    "kif/canonical/branches.kif",
    "ki2/canonical/branches.ki2",
    "kif/canonical/handicap.kifu",
    "kif/canonical/minishogi.kifu",
    "kif/canonical/tsume_diagram.kif",
    "kif/quirks/fork_marks.kifu",
    "demo/yagura.kifu",
    "viewer/random300.kifu",
]
HOSTILE = '</script><img src=x onerror="window.__pwned=1">'


def page_data(page: str) -> dict[str, Any]:
    """The JSON block the page's script reads."""
    match = re.search(r'<script type="application/json" id="kifu-lark-data">(.*?)</script>', page)
    assert match is not None
    data: dict[str, Any] = json.loads(match.group(1))
    return data


def tree_order(game: Game) -> list[Node]:
    """The tree's nodes as the page numbers them: the root, then each move followed by the
    variations replacing it, then the move after it."""
    out: list[Node] = [game.root]

    def line(node: Node | None, first_of_line: bool) -> None:
        while node is not None:
            out.append(node)
            parent = node.parent
            if parent is not None and parent.children[0] is node and not first_of_line:
                for other in parent.children[1:]:
                    line(other, True)
            first_of_line = False
            node = node.next

    line(game.root.next, False)
    return out


@pytest.mark.parametrize("name", RECORDS)
def test_every_node_holds_the_librarys_position(name: str) -> None:
    """Node i of the page's data is node i of the tree, with its parent and its SFEN."""
    game = kifu_lark.load(FIXTURES / name)
    nodes = page_data(html(game))["nodes"]
    order = tree_order(game)
    assert len(order) == len(nodes)
    index = {id(node): i for i, node in enumerate(order)}
    for i, node in enumerate(order):
        parent = -1 if node.parent is None else index[id(node.parent)]
        assert (parent, game.position_at(node).sfen()) == (nodes[i]["p"], nodes[i]["s"])


def test_the_first_variation_opens_after_the_move_it_replaces() -> None:
    """branches.kif: move 1, then the variation from move 1 (▲２六歩 …), then △３四歩."""
    page = html(kifu_lark.load(FIXTURES / "kif/canonical/branches.kif"))
    texts = re.findall(r'<span class="kl-no">\d*</span>([^<]*)', page)
    assert ["開始局面", "▲７六歩(77)", "▲２六歩(27)", "△８四歩(83)"] == texts[:4]
    assert '<span class="kl-vh">変化 1手</span>' in page
    assert "まで5手で先手の勝ち" in page


def test_notation_follows_the_record_unless_asked() -> None:
    """A KIF record lists KIF's words; a CSA record KI2's; notation= chooses."""
    kif = kifu_lark.load(FIXTURES / "demo/yagura.kifu")
    csa = kifu_lark.loads("+7776FU\n-3334FU\n", "csa")
    assert "▲７六歩(77)" in html(kif)
    assert "▲７六歩<" in html(csa)
    assert "+7776FU" in html(csa, notation="csa")
    with pytest.raises(UnknownFormatError):
        html(csa, notation="pgn")


def test_headers_and_result_are_shown() -> None:
    """Players, event, date, handicap, time control; the result as KIF's まで line."""
    page = html(kifu_lark.load(FIXTURES / "demo/yagura.kifu"))
    for shown in ("先手太郎", "後手花子", "kifu-lark demo", "2026/11/21", "平手", "各1時間"):
        assert shown in page
    assert '<p class="kl-result">まで30手で後手の勝ち</p>' in page
    handicap = html(kifu_lark.load(FIXTURES / "kif/canonical/handicap.kifu"))
    assert "<dt>手合割</dt><dd>香落ち</dd>" in handicap


def test_record_text_is_escaped_everywhere() -> None:
    """A comment, a header and a title holding markup stay text: no tag, no closed script."""
    game = kifu_lark.loads("position startpos moves 7g7f 3c3d", "usi")
    game.headers["先手"] = HOSTILE
    game.headers["棋戦"] = "<b>&amp;"
    game.mainline()[0].comments = [HOSTILE, "\u2028"]
    page = html(game, title=HOSTILE)
    assert "<img" not in page
    assert 2 == page.lower().count("</script")  # the data block's and the script's own
    assert "&lt;b&gt;&amp;amp;" in page
    assert [HOSTILE, "\u2028"] == page_data(page)["nodes"][1]["c"]


def test_the_page_fetches_nothing() -> None:
    """No src=, href= or url() outside the page itself: only #fragment references."""

    class Links(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.found: list[str] = []

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            for key, value in attrs:
                if key in ("src", "href", "xlink:href") and not (value or "").startswith("#"):
                    self.found.append(f"{tag} {key}={value}")

    page = html(kifu_lark.load(FIXTURES / "kif/canonical/branches.kif"))
    links = Links()
    links.feed(page)
    assert [] == links.found
    assert "url(" not in page and "@import" not in page and "http://www.w3.org/2000/svg" in page


def test_assets_cannot_close_their_own_elements() -> None:
    """The shipped script and style sheet hold no </script or </style."""
    root = Path(kifu_lark.__file__).parent / "render"
    for name in ("viewer.js", "viewer.css"):
        text = (root / name).read_text(encoding="utf-8").lower()
        assert "</script" not in text and "</style" not in text


def test_a_150_move_record_with_evaluations_stays_small() -> None:
    """The issue's bound: a 150-move record with an analysis comment per move under 300 KB."""
    text = realistic.kif_text(realistic.plan(1, plies=150), analysis=True)
    game = kifu_lark.loads(text, "kif")
    assert 150 <= len([n for n in game.mainline() if n.move is not None])
    assert len(html(game).encode("utf-8")) < 300_000


def test_a_record_with_no_move_is_a_page_too() -> None:
    """The start position alone: one node, the result まで0手."""
    page = html(kifu_lark.loads("position startpos", "usi"))
    assert 1 == len(page_data(page)["nodes"])
    assert "まで0手" in page


def badges(page: str) -> dict[int, list[str]]:
    """The tactics' badges of each move button that has any, by the button's index."""
    found: dict[int, list[str]] = {}
    buttons = r'<button type="button" class="kl-mv[^"]*" data-n="(\d+)">(.*?)</button>'
    for number, inner in re.findall(buttons, page):
        labels = re.findall(r'<span class="kl-tac kl-tac-[bw]"[^>]*>([^<]*)</span>', inner)
        if labels:
            found[int(number)] = labels
    return found


def test_tactics_are_marked_on_each_lines_moves() -> None:
    """Main line 7g7f 3c3d 2g2f, a variation 2h6h at move 3: the main line's tactics are
    on its moves as find() gives them; the variation's move carries what find() gives along
    the variation on that move (振り飛車 among them, which the main line has not);
    tactics=False marks none."""
    from kifu_lark.model.move import Move
    from kifu_lark.tactics import find

    game = kifu_lark.loads("position startpos moves 7g7f 3c3d 2g2f", "usi")
    second = game.mainline()[1]
    variation = second.add_variation(Move.from_usi("2h6h", game.position_at(second)))
    order = {id(node): i for i, node in enumerate(tree_order(game))}
    expected: dict[int, list[str]] = {}
    own = [f for f in find(game, variation) if f.node is variation]  # the line's own move
    for found in [*find(game), *own]:
        label = ("▲" if found.side.kanji == "先手" else "△") + found.name
        expected.setdefault(order[id(found.node)], []).append(label)
    assert "振り飛車" not in {f.name for f in find(game)}
    assert "▲振り飛車" in expected[order[id(variation)]]
    assert expected == badges(html(game))
    assert {} == badges(html(game, tactics=False))


def test_the_main_lines_tactics_are_among_the_headers() -> None:
    """yagura.kifu: a row 先手の戦法 … per side and category with the names find() gives,
    each a button holding the index of the move where it first holds."""
    from kifu_lark.tactics import find

    game = kifu_lark.load(FIXTURES / "demo/yagura.kifu")
    order = {id(node): i for i, node in enumerate(tree_order(game))}
    expected: dict[str, list[tuple[str, str]]] = {}
    for found in find(game):
        key = f"{found.side.kanji}の{found.category}"
        expected.setdefault(key, []).append((str(order[id(found.node)]), found.name))
    rows = re.findall(r'<div class="kl-tactics"><dt>([^<]*)</dt><dd>(.*?)</dd></div>', html(game))
    jump = r'<button type="button" class="kl-jump" data-n="(\d+)">([^<]*)</button>'
    shown = {term: re.findall(jump, dd) for term, dd in rows}
    assert expected and expected == shown


@pytest.mark.parametrize(
    ("name", "problem"),
    [
        ("kif/quirks/tsume_rest.kifu", True),  # 手合割：詰将棋
        ("kif/quirks/tsume_comment_first.kifu", True),
        ("ki2/tsume_rest.ki2u", True),
        ("csa/tsume_rest.csa", True),  # no header: only the side not to move has a king
        ("kif/canonical/tsume_diagram.kif", False),  # a diagram with both kings, no header
        ("kif/canonical/handicap.kifu", False),
        ("kif/canonical/minishogi.kifu", False),
        ("demo/yagura.kifu", False),
    ],
)
def test_problems_open_with_the_answer_hidden(name: str, problem: bool) -> None:
    """A problem's page carries data-answer="hidden" and marks no tactics; another record's
    carries none; tsume= forces either way."""
    from kifu_lark.render.tsume import is_problem

    game = kifu_lark.load(FIXTURES / name)
    assert problem == is_problem(game)
    attribute = ' data-answer="hidden"'
    assert problem == (attribute in html(game))
    assert attribute in html(game, tsume=True)
    assert attribute not in html(game, tsume=False)
    if problem:
        assert {} == badges(html(game))


def test_a_notebook_shows_a_problem_hidden_but_a_board_where_it_stands() -> None:
    """Game._repr_html_ of a problem opens it hidden (escaped once more in the frame's
    srcdoc); Board._repr_html_ of a board set up from it and played on never does."""
    game = kifu_lark.load(FIXTURES / "kif/quirks/tsume_rest.kifu")
    hidden = " data-answer=&quot;hidden&quot;"  # the style sheet's selectors have no space
    assert hidden in game._repr_html_()
    board = kifu_lark.Board.from_sfen(game.start.sfen())
    board.push_usi("G*5b")
    assert hidden not in board._repr_html_()
