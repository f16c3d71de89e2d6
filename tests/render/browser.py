"""Debian's Chromium, headless, driven by Selenium through chromium-driver with the network
blocked: for the viewer's browser tests (tests/render/conftest.py makes :func:`browser` and
:func:`page` their fixtures) and for ``python -m tests.render.screenshots``.

Without Chromium, chromium-driver or Selenium the tests skip and say which is missing;
``KIFU_LARK_REQUIRE_BROWSER=1`` (set by ``.ci/run``, which installs them) makes that a
failure instead.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from kifu_lark.model.game import Game, Node
from kifu_lark.render import html

BROWSERS = ("chromium", "chromium-browser", "google-chrome")
#: The window the tests open pages in (CSS pixels; one device pixel each).
WINDOW = (1100, 900)


def missing() -> str | None:
    """What the browser tests lack (Selenium, Chromium, chromedriver), or ``None``."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "Selenium"
    if not any(shutil.which(name) for name in BROWSERS):
        return "Chromium"
    if shutil.which("chromedriver") is None:
        return "chromedriver (Debian's chromium-driver)"
    return None


def launch(width: int = WINDOW[0], height: int = WINDOW[1]) -> Any:
    """A headless Chromium that can reach no network: every host resolves to nothing, every
    request goes to a closed proxy, and the DevTools protocol blocks http(s) and ws(s)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    binary = next(found for name in BROWSERS if (found := shutil.which(name)))
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for flag in (
        "--headless=new",
        "--no-sandbox",  # CI runs as root, where Chromium's sandbox cannot start
        "--disable-gpu",
        "--disable-dev-shm-usage",
        f"--window-size={width},{height}",
        "--force-device-scale-factor=1",
        "--hide-scrollbars",
        "--proxy-server=127.0.0.1:9",
        "--host-resolver-rules=MAP * ~NOTFOUND",
        "--no-first-run",
        "--disable-background-networking",
    ):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service(str(shutil.which("chromedriver"))))
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd(
        "Network.setBlockedURLs", {"urls": ["http://*", "https://*", "ws://*", "wss://*"]}
    )
    return driver


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """One browser for the session's viewer tests (skipped, or failed under
    KIFU_LARK_REQUIRE_BROWSER=1, when a piece is missing)."""
    lacking = missing()
    if lacking is not None:
        reason = f"the browser tests need {lacking} (apt-get install -y chromium "
        reason += "chromium-driver; pip install selenium, in the test extra)"
        if os.environ.get("KIFU_LARK_REQUIRE_BROWSER") == "1":
            pytest.fail(reason + "; KIFU_LARK_REQUIRE_BROWSER=1 says they must run")
        pytest.skip(reason)
    driver = launch()
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture
def page(browser: Any, tmp_path: Path) -> Iterator[Callable[..., Any]]:
    """Opens a game's page from disk (``html``'s keyword arguments pass through); after the
    test, checks the console held no error and the page requested nothing."""

    def open_page(game: Game, **options: Any) -> Any:
        path = tmp_path / "game.html"
        path.write_text(html(game, **options), encoding="utf-8")
        browser.get_log("browser")  # what earlier pages logged
        browser.get(path.as_uri())
        return browser

    yield open_page
    errors = [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
    assert [] == errors
    requested = browser.execute_script(
        "return performance.getEntriesByType('resource').map(e => e.name)"
    )
    assert [] == requested


def state(driver: Any) -> tuple[str, str, str]:
    """(data-ply, data-sfen, data-flipped) of the page's root element (read in one call:
    the 300-move game reads it at every step)."""
    ply, sfen, flipped = driver.execute_script(
        "const r = document.getElementById('kifu-lark');"
        "return ['data-ply', 'data-sfen', 'data-flipped'].map((a) => r.getAttribute(a));"
    )
    return ply, sfen, flipped


def attribute(driver: Any, name: str) -> str | None:
    """An attribute of the page's root element (``data-node``, ``data-answer`` …)."""
    value: str | None = driver.find_element("id", "kifu-lark").get_attribute(name)
    return value


def press(driver: Any, *keys: str, shift: bool = False) -> None:
    """Press each key in turn (with Shift held, when asked)."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    for key in keys:
        chain = ActionChains(driver)
        if shift:
            chain = chain.key_down(Keys.SHIFT).send_keys(key).key_up(Keys.SHIFT)
        else:
            chain = chain.send_keys(key)
        chain.perform()


def sfens(game: Game, line: Node | None = None) -> list[str]:
    """The SFEN of every position along a line (the main line by default), the start first."""
    return [position.sfen() for _, position in game.positions(line)]


def keys() -> Any:
    """Selenium's key names (imported once a test runs: Selenium may be missing)."""
    from selenium.webdriver.common.keys import Keys

    return Keys
