"""The viewer page in a real browser: Debian's Chromium, headless, driven by Selenium through
chromium-driver, the network blocked (tests/render/browser.py). Stepping with the keys shows
the library's own position at every ply (data-sfen), variations switch and come back, the
board flips, the script API sets the ply, hostile comments stay text, and the page logs no
error and requests nothing.

Without Chromium, chromium-driver or Selenium the tests skip and say which is missing;
``KIFU_LARK_REQUIRE_BROWSER=1`` (set by ``.ci/run``, which installs them) makes that a
failure instead.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import kifu_lark
from kifu_lark.model.game import Game
from tests.conftest import FIXTURES
from tests.render.browser import attribute, keys, press, sfens, state
from tests.render.test_viewer import tree_order

HOSTILE = '</script><img src=x onerror="window.__pwned=1">'


@pytest.mark.parametrize(
    "name",
    [
        "kif/canonical/branches.kif",
        "ki2/canonical/branches.ki2",
        "kif/canonical/handicap.kifu",
        "kif/canonical/minishogi.kifu",
        "kif/canonical/tsume_diagram.kif",
        "demo/yagura.kifu",
        "viewer/random300.kifu",
    ],
)
def test_keys_step_through_the_librarys_positions(page: Any, name: str) -> None:
    """→ then j to the end, each ply's data-sfen the library's; End stays, ← and k back,
    Home to the start."""
    game = kifu_lark.load(FIXTURES / name)
    driver = page(game)
    expected = sfens(game)
    assert ("0", expected[0], "false") == state(driver)
    for ply, sfen in enumerate(expected[1:], start=1):
        press(driver, keys().ARROW_RIGHT if ply % 2 else "j")
        assert (str(ply), sfen) == state(driver)[:2]
    press(driver, keys().ARROW_RIGHT, keys().END)
    assert (str(len(expected) - 1), expected[-1]) == state(driver)[:2]
    for ply in range(len(expected) - 2, -1, -1):
        press(driver, keys().ARROW_LEFT if ply % 2 else "k")
        assert (str(ply), expected[ply]) == state(driver)[:2]
    press(driver, keys().END, keys().HOME)
    assert ("0", expected[0]) == state(driver)[:2]


def test_a_variation_switched_to_and_back(page: Any) -> None:
    """branches.kif: at move 1, ↓ takes the variation ▲２六歩 and → follows it; back at its
    first move ↑ returns to ▲７六歩, and → follows the main line again."""
    game = kifu_lark.load(FIXTURES / "kif/canonical/branches.kif")
    driver = page(game)
    variation = game.root.children[1]
    press(driver, keys().ARROW_RIGHT, keys().ARROW_DOWN)
    assert ("1", sfens(game, variation)[1]) == state(driver)[:2]
    for ply, sfen in enumerate(sfens(game, variation)[2:], start=2):
        press(driver, keys().ARROW_RIGHT)
        assert (str(ply), sfen) == state(driver)[:2]
    press(driver, keys().HOME, keys().END)  # the line shown is the variation's still
    assert sfens(game, variation)[-1] == state(driver)[1]
    press(driver, keys().HOME, keys().ARROW_RIGHT, keys().ARROW_UP)
    main = sfens(game)
    assert ("1", main[1]) == state(driver)[:2]
    press(driver, keys().ARROW_RIGHT, keys().ARROW_RIGHT)
    assert ("3", main[3]) == state(driver)[:2]


def test_shift_arrows_switch_variations_at_a_branch(page: Any) -> None:
    """branches.kif: at move 1 Shift+→ shows the other alternative, the variation's ▲２六歩
    (its node, its position), Shift+→ again ▲７六歩 (two alternatives: it wraps round),
    Shift+← the variation; before a branch Shift+→ chooses what → plays and stays put; where
    no branch is, Shift+←/→ change nothing (they do not step)."""
    game = kifu_lark.load(FIXTURES / "kif/canonical/branches.kif")
    order = {id(node): str(i) for i, node in enumerate(tree_order(game))}
    main, variation = game.root.children

    def shown() -> tuple[str, str, str | None]:
        return (*state(driver)[:2], attribute(driver, "data-node"))

    def at(node: Any) -> tuple[str, str, str | None]:
        return (str(node.ply), game.position_at(node).sfen(), order[id(node)])

    driver = page(game)
    press(driver, keys().ARROW_RIGHT)
    assert at(main) == shown()
    press(driver, keys().ARROW_RIGHT, shift=True)
    assert at(variation) == shown()
    press(driver, keys().ARROW_RIGHT, shift=True)
    assert at(main) == shown()
    press(driver, keys().ARROW_LEFT, shift=True)
    assert at(variation) == shown()
    press(driver, keys().ARROW_RIGHT)  # on along the variation: △８四歩, before a branch
    before = variation.next
    assert before is not None and 2 == len(before.children)
    assert at(before) == shown()
    press(driver, keys().ARROW_RIGHT, shift=True)  # → will play the other alternative
    assert at(before) == shown()
    press(driver, keys().ARROW_RIGHT)
    assert at(before.children[1]) == shown()

    driver = page(game)
    press(driver, keys().ARROW_RIGHT, keys().ARROW_RIGHT)
    plain = main.next
    assert plain is not None and 1 == len(main.children) == len(plain.children)
    for key in (keys().ARROW_RIGHT, keys().ARROW_LEFT):
        press(driver, key, shift=True)
        assert at(plain) == shown()


def test_tactics_are_marked_on_their_moves(page: Any) -> None:
    """yagura.kifu: each tactic the library finds on the main line is a badge (▲ or △ and
    its name) on the move where it first holds, and no other move has one; its name among
    the headers shows that move when clicked."""
    from kifu_lark.tactics import find

    game = kifu_lark.load(FIXTURES / "demo/yagura.kifu")
    found = find(game)
    assert {"先手", "後手"} == {f.side.kanji for f in found}  # both sides have some
    order = {id(node): str(i) for i, node in enumerate(tree_order(game))}
    expected: dict[str, list[str]] = {}
    for f in found:
        label = ("▲" if f.side.kanji == "先手" else "△") + f.name
        expected.setdefault(order[id(f.node)], []).append(label)
    driver = page(game)
    badges = {
        button.get_attribute("data-n"): [
            badge.text for badge in button.find_elements("css selector", ".kl-tac")
        ]
        for button in driver.find_elements("css selector", ".kl-mv")
    }
    assert expected == {n: texts for n, texts in badges.items() if texts}
    last = found[-1]
    (row,) = [
        row
        for row in driver.find_elements("css selector", ".kl-headers .kl-tactics")
        if row.find_element("css selector", "dt").text == f"{last.side.kanji}の{last.category}"
    ]
    (name,) = [b for b in row.find_elements("css selector", ".kl-jump") if b.text == last.name]
    name.click()
    assert (str(last.ply), game.position_at(last.node).sfen()) == state(driver)[:2]


def test_a_problem_opens_with_its_answer_hidden(page: Any) -> None:
    """tsume_rest.kifu (手合割：詰将棋), asked to open at its end: the page shows the start,
    the moves, comments and result hidden; the keys, a click on the board's controls and
    the script API take no step; the button shows the answer, and then → steps."""
    game = kifu_lark.load(FIXTURES / "kif/quirks/tsume_rest.kifu")
    expected = sfens(game)
    driver = page(game, ply=99)
    assert ("0", expected[0]) == state(driver)[:2]
    assert "hidden" == attribute(driver, "data-answer")
    for selector in (".kl-moves", ".kl-result", ".kl-comments", "[data-do=next]"):
        assert not driver.find_element("css selector", selector).is_displayed(), selector
    assert driver.find_element("css selector", ".kl-hidden-note").is_displayed()
    assert "a show the answer" in driver.find_element("css selector", ".kl-keys").text
    press(driver, keys().ARROW_RIGHT, "j", keys().END, keys().ARROW_DOWN)
    press(driver, keys().ARROW_RIGHT, shift=True)
    assert ("0", expected[0]) == state(driver)[:2]
    assert 0 == driver.execute_script("return window.kifuLark.go(1)")
    assert 0 == driver.execute_script("return window.kifuLark.last().ply")
    button = driver.find_element("css selector", "[data-do=answer]")
    button.click()
    assert "shown" == attribute(driver, "data-answer")
    assert not button.is_displayed()
    assert driver.find_element("css selector", ".kl-moves").is_displayed()
    assert game.root.comments == [driver.find_element("css selector", ".kl-comments").text]
    press(driver, keys().ARROW_RIGHT)
    assert ("1", expected[1]) == state(driver)[:2]
    shown = driver.find_element("css selector", ".kl-comments").text
    assert game.mainline()[0].comments == [shown]


@pytest.mark.parametrize(
    ("name", "tsume", "hidden"),
    [
        ("csa/tsume_rest.csa", None, True),  # no header: only the attacked side has a king
        ("demo/yagura.kifu", True, True),  # asked for
        ("kif/quirks/tsume_rest.kifu", False, False),  # asked not to
    ],
)
def test_the_answer_key_and_the_tsume_switch(
    page: Any, name: str, tsume: bool | None, hidden: bool
) -> None:
    """A problem known by its start, or any record with tsume=True, opens hidden and `a`
    shows the answer; tsume=False opens a problem as any record, stepping at once."""
    game = kifu_lark.load(FIXTURES / name)
    expected = sfens(game)
    driver = page(game, tsume=tsume)
    assert ("hidden" if hidden else None) == attribute(driver, "data-answer")
    press(driver, keys().ARROW_RIGHT)
    assert ("0" if hidden else "1") == state(driver)[0]
    press(driver, "a")
    assert ("shown" if hidden else None) == attribute(driver, "data-answer")
    press(driver, keys().END)
    assert (str(len(expected) - 1), expected[-1]) == state(driver)[:2]


def test_clicking_a_move_jumps_there_and_marks_it(page: Any) -> None:
    """A click on the variation's ▲６五角打 shows its position, highlighted in the list, its
    comment shown, its last move marked (a drop: the square reached only)."""
    game = kifu_lark.load(FIXTURES / "kif/canonical/branches.kif")
    driver = page(game)
    (button,) = [
        b for b in driver.find_elements("css selector", ".kl-mv") if "６五角打" in b.text
    ]
    button.click()
    target = next(n for n in game.root.walk() if n.move is not None and n.move.to.csa() == "65")
    assert ("5", game.position_at(target).sfen()) == state(driver)[:2]
    assert "kl-current" in (button.get_attribute("class") or "").split()
    assert "別の打ち場所" == driver.find_element("css selector", ".kl-comments").text
    marked = driver.find_elements("css selector", ".kl-view-black rect.last-move")
    assert [("to", "65")] == [
        (m.get_attribute("class").split()[-1], m.get_attribute("data-square")) for m in marked
    ]


def test_the_board_flips_with_f_and_the_button(page: Any) -> None:
    """f shows the view from white's side (its pieces drawn, the other view hidden): file 1
    on the left; the button flips back."""
    game = kifu_lark.load(FIXTURES / "demo/yagura.kifu")
    driver = page(game)
    press(driver, "f")
    assert "true" == state(driver)[2]
    white = driver.find_element("css selector", ".kl-view-white")
    assert white.is_displayed()
    assert not driver.find_element("css selector", ".kl-view-black").is_displayed()
    pieces = white.find_elements("css selector", "use.kl-piece")
    assert 40 == len(pieces)
    x = {p.get_attribute("data-square"): float(p.get_attribute("x")) for p in pieces}
    assert x["19"] < x["99"]  # file 1 is on the left from white's side
    driver.find_element("css selector", "[data-do=flip]").click()
    assert "false" == state(driver)[2]
    black = driver.find_element("css selector", ".kl-view-black")
    pieces = black.find_elements("css selector", "use.kl-piece")
    x = {p.get_attribute("data-square"): float(p.get_attribute("x")) for p in pieces}
    assert x["99"] < x["19"]


def test_the_script_api_sets_the_ply(page: Any) -> None:
    """window.kifuLark.go(n) shows ply n of the line shown (clamped at its ends)."""
    game = kifu_lark.load(FIXTURES / "demo/yagura.kifu")
    driver = page(game)
    expected = sfens(game)
    assert 7 == driver.execute_script("return window.kifuLark.go(7)")
    assert ("7", expected[7]) == state(driver)[:2]
    assert len(expected) - 1 == driver.execute_script("return window.kifuLark.go(10000)")
    assert 0 == driver.execute_script("return window.kifuLark.go(-3)")
    shown = driver.execute_script("window.kifuLark.flip(true); return window.kifuLark.state()")
    assert {"ply": 0, "sfen": expected[0], "flipped": True, "node": 0} == shown


def test_hostile_comments_and_headers_stay_text(page: Any) -> None:
    """A comment and a header holding </script><img onerror=…> show as written; no image is
    made and nothing runs."""
    game = kifu_lark.loads("position startpos moves 7g7f 3c3d", "usi")
    game.headers["先手"] = HOSTILE
    game.mainline()[0].comments = [HOSTILE]
    driver = page(game)
    press(driver, keys().ARROW_RIGHT)
    assert HOSTILE == driver.find_element("css selector", ".kl-comments").text
    assert HOSTILE in driver.find_element("css selector", ".kl-headers").text
    assert [] == driver.find_elements("css selector", "img")
    assert driver.execute_script("return window.__pwned === undefined")


def test_the_board_fits_a_phone(page: Any, browser: Any) -> None:
    """At a phone's width the board scales down to the screen: no sideways scrolling."""
    browser.set_window_size(390, 844)
    try:
        driver = page(kifu_lark.load(FIXTURES / "demo/yagura.kifu"))
        width = driver.execute_script("return document.documentElement.clientWidth")
        board = driver.find_element("css selector", ".kl-view-black svg").rect["width"]
        scroll = driver.execute_script("return document.documentElement.scrollWidth")
        assert 0 < board <= width and scroll <= width
    finally:
        browser.set_window_size(1100, 900)


def test_notebook_frames_step_on_their_own(browser: Any, tmp_path: Path) -> None:
    """Two games' _repr_html_ put into one host page as a notebook does (innerHTML): each
    frame opens at its game's end and steps with the keys, the other frame unmoved."""
    first = kifu_lark.load(FIXTURES / "demo/yagura.kifu")
    second = kifu_lark.load(FIXTURES / "kif/canonical/branches.kif")
    host = tmp_path / "notebook.html"
    host.write_text(
        "<!DOCTYPE html><meta charset='utf-8'><div id='a'></div><div id='b'></div>",
        encoding="utf-8",
    )
    browser.get_log("browser")
    browser.get(host.as_uri())
    browser.execute_script(
        "document.getElementById('a').innerHTML = arguments[0];"
        "document.getElementById('b').innerHTML = arguments[1];",
        first._repr_html_(),
        second._repr_html_(),
    )
    frames = browser.find_elements("css selector", "iframe.kifu-lark-viewer")
    assert 2 == len(frames)
    for frame, game in zip(frames, (first, second), strict=True):
        browser.switch_to.frame(frame)
        try:
            expected = sfens(game)
            assert (str(len(expected) - 1), expected[-1]) == state(browser)[:2]
            browser.find_element("css selector", "[data-do=prev]").click()
            press(browser, keys().ARROW_LEFT)
            assert (str(len(expected) - 3), expected[-3]) == state(browser)[:2]
        finally:
            browser.switch_to.default_content()
    browser.switch_to.frame(frames[0])
    try:
        assert sfens(first)[-3] == state(browser)[1]  # the second frame's steps left it be
    finally:
        browser.switch_to.default_content()
    assert [] == [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]


def _evaluated_yagura() -> Game:
    """yagura.kifu (it has times) with evaluations on some moves: within the edge, beyond
    it, a mate for white; the others have none."""
    from kifu_lark import Evaluation

    game = kifu_lark.load(FIXTURES / "demo/yagura.kifu")
    line = game.mainline()
    for step, evaluation in {
        1: Evaluation(score=80),
        2: Evaluation(score=-35),
        5: Evaluation(score=450),
        9: Evaluation(score=3100),
        12: Evaluation(score=-700),
        20: Evaluation(mate=-9),
    }.items():
        line[step - 1].evaluation = evaluation
    return game


def test_the_evaluation_graph_as_drawn(page: Any) -> None:
    """One point per evaluated move, in step order, each drawn on screen at its height:
    (zero rule - point) / (zero rule - top rule) is the value / 2000, clipped, a mate at
    the edge."""
    driver = page(_evaluated_yagura())
    drawn = driver.execute_script(
        """
        const svg = document.querySelector("svg.kl-eval");
        const mid = (e) => { const r = e.getBoundingClientRect(); return r.top + r.height / 2; };
        const [top, zero] = [...svg.querySelectorAll("line")].map(mid);
        return [...svg.querySelectorAll("circle.kl-point")].map(
          (c) => [Number(c.dataset.ply), (zero - mid(c)) / (zero - top)]);
        """
    )
    expected = [(1, 0.04), (2, -0.0175), (5, 0.225), (9, 1.0), (12, -0.35), (20, -1.0)]
    assert [ply for ply, _ in expected] == [ply for ply, _ in drawn]
    for (_, height), (_, seen) in zip(expected, drawn, strict=True):
        assert abs(height - seen) < 0.01


def test_clicking_a_chart_shows_that_move(page: Any) -> None:
    """A click on the graph's point of move 12 shows ply 12 (the cursor on it, the point
    marked); a click on the time chart's bar of move 7 shows ply 7; a click between points
    shows the nearest step."""
    game = _evaluated_yagura()
    driver = page(game)
    expected = sfens(game)
    point = driver.find_element("css selector", "svg.kl-eval circle[data-ply='12']")
    point.click()
    assert ("12", expected[12]) == state(driver)[:2]
    assert "kl-on" in (point.get_attribute("class") or "").split()
    cursor = driver.find_element("css selector", "svg.kl-eval .kl-cursor")
    assert abs(float(cursor.get_attribute("x1")) - float(point.get_attribute("cx"))) < 0.01
    driver.find_element("css selector", "svg.kl-time rect.kl-bar[data-ply='7']").click()
    assert ("7", expected[7]) == state(driver)[:2]
    from selenium.webdriver.common.action_chains import ActionChains

    graph = driver.find_element("css selector", "svg.kl-eval")
    x0, dx = (float(graph.get_attribute(name)) for name in ("data-x0", "data-dx"))
    scale = graph.rect["width"] / 600  # the viewBox's width
    offset = (x0 + 16 * dx) * scale - graph.rect["width"] / 2  # step 16: no point there
    ActionChains(driver).move_to_element_with_offset(graph, round(offset), 30).click().perform()
    assert ("16", expected[16]) == state(driver)[:2]


def test_no_chart_for_a_record_without_evaluations_or_times(page: Any) -> None:
    """branches.ki2 holds neither: the page shows no chart."""
    driver = page(kifu_lark.load(FIXTURES / "ki2/canonical/branches.ki2"))
    assert [] == driver.find_elements("css selector", ".kl-charts, svg.kl-chart")


def test_the_folders_index_links_to_its_pages(browser: Any, tmp_path: Path) -> None:
    """kifu-lark html FOLDER: the index, opened from disk, lists each record's players and
    moves; its link opens the record's page, which steps as every page does."""
    import shutil

    from kifu_lark.cli import main

    src, out = tmp_path / "records", tmp_path / "pages"
    (src / "sub").mkdir(parents=True)
    shutil.copy(FIXTURES / "kif/canonical/branches.kif", src / "sub")
    shutil.copy(FIXTURES / "demo/yagura.kifu", src)
    assert 0 == main(["html", str(src), "-o", str(out)])
    browser.get_log("browser")
    browser.get((out / "index.html").as_uri())
    rows = [
        [cell.text for cell in row.find_elements("css selector", "td")]
        for row in browser.find_elements("css selector", "table.kl-index tbody tr")
    ]
    players = ["先手太郎", "後手花子"]
    expected = [["sub/branches.html", *players], ["yagura.html", *players]]
    assert expected == [row[:3] for row in rows]
    assert ["5", "30"] == [row[5] for row in rows]
    browser.find_element("link text", "sub/branches.html").click()
    game = kifu_lark.load(FIXTURES / "kif/canonical/branches.kif")
    assert ("0", sfens(game)[0]) == state(browser)[:2]
    press(browser, keys().END)
    assert sfens(game)[-1] == state(browser)[1]
    assert [] == [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]
