"""The record viewer's page (``kifu_lark.render.html``, issue 36): its size and the time to
make it for a 150-move record, with Kifu for Windows' analysis comment on every move and
without, and its first paint in headless Chromium when Chromium, chromium-driver and
Selenium are there. Target (issue 36): under 300 KB, first paint under a second.

Records: ``benchmarks.realistic`` plans of 150 moves (players, times, 投了)."""

from __future__ import annotations

import functools
import shutil
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import kifu_lark
from benchmarks import realistic
from kifu_lark.render import html


def first_paint(page: str) -> float | None:
    """Milliseconds from navigation to the first paint of ``page`` opened from disk in
    headless Chromium (the best of three loads); ``None`` without a browser."""
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        return None
    binary, driver_path = shutil.which("chromium"), shutil.which("chromedriver")
    if binary is None or driver_path is None:
        return None
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1100,900"):
        options.add_argument(flag)
    driver = webdriver.Chrome(options=options, service=Service(driver_path))
    try:
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "game.html"
            path.write_text(page, encoding="utf-8")
            times = []
            for _ in range(3):
                driver.get(path.as_uri())
                paint = driver.execute_script(
                    "const e = performance.getEntriesByName('first-paint');"
                    "return e.length ? e[0].startTime : null"
                )
                if paint is not None:
                    times.append(float(paint))
            return min(times) if times else None
    finally:
        driver.quit()


def best_of(times: int, make: Callable[[], object]) -> float:
    """The shortest of ``times`` runs of ``make``, in seconds."""
    runs = []
    for _ in range(times):
        started = time.perf_counter()
        make()
        runs.append(time.perf_counter() - started)
    return min(runs)


def main() -> None:
    """A 150-move record's page, with and without analysis comments."""
    plan = realistic.plan(1, plies=150)
    for label, analysis in (("with analysis comments", True), ("plain", False)):
        game = kifu_lark.loads(realistic.kif_text(plan, analysis=analysis), "kif")
        page = html(game)  # the tactic files are read once a process, by the first page
        made = best_of(3, functools.partial(html, game))
        plain = best_of(3, functools.partial(html, game, tactics=False))
        paint = first_paint(page)
        painted = "no browser" if paint is None else f"first paint {paint:.0f} ms"
        print(
            f"viewer page, 150 moves {label}: {len(page.encode('utf-8')) / 1000:.0f} KB, "
            f"made in {made * 1000:.0f} ms ({plain * 1000:.0f} ms without tactics), {painted}",
            flush=True,
        )
