"""The viewer's browser fixtures (tests/render/browser.py), for every test of this folder."""

from tests.render.browser import browser, page

__all__ = ["browser", "page"]
