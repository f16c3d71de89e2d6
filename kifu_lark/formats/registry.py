"""The format registry: built-in notations and third-party plugins, by name and extension.

Built-ins are listed in :data:`BUILTIN_MODULES`; each module exports ``FORMAT`` (or
``FORMATS``, a list). Third parties register through the entry-point group
``kifu_lark.formats``, whose objects are a ``Format`` or a list of them.
"""

from __future__ import annotations

import difflib
import functools
import importlib
from importlib.metadata import entry_points

from kifu_lark.errors import Setting, UnknownFormatError
from kifu_lark.formats.base import Format

#: Modules of ``kifu_lark.formats`` that define the built-in formats, in listing order.
BUILTIN_MODULES: tuple[str, ...] = (
    "usi",
    "jkf",
    "ksbp",
    "ki2",
    "kif",
    "bod",
    "csa",
    "msk",
    "shelt",
)
ENTRY_POINT_GROUP = "kifu_lark.formats"


def _formats_of(obj: object) -> list[Format]:
    if isinstance(obj, Format):
        return [obj]
    if isinstance(obj, list | tuple) and all(isinstance(f, Format) for f in obj):
        return list(obj)
    raise TypeError(f"not a Format or a list of Formats: {obj!r}")


@functools.cache
def _registry() -> tuple[Format, ...]:
    found: dict[str, Format] = {}
    for module_name in BUILTIN_MODULES:
        module = importlib.import_module(f"kifu_lark.formats.{module_name}")
        for fmt in _formats_of(getattr(module, "FORMATS", None) or module.FORMAT):
            found[fmt.name] = fmt
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        for fmt in _formats_of(ep.load()):
            found.setdefault(fmt.name, fmt)  # a plugin never shadows a built-in
    return tuple(found.values())


@functools.cache
def _by_name() -> dict[str, Format]:
    """Every format by its name and aliases (a name wins over another format's alias): built
    once, as every read asks for its format by name."""
    known: dict[str, Format] = {}
    for fmt in _registry():
        known[fmt.name] = fmt
        for alias in fmt.aliases:
            known.setdefault(alias, fmt)
    return known


def all_formats() -> list[Format]:
    """Every registered format, built-ins first."""
    return list(_registry())


def record_extensions() -> set[str]:
    """Every file extension some registered format reads."""
    return {ext for f in all_formats() for ext in f.extensions}


def get_format(name: str) -> Format:
    """The format called ``name`` (or one of its aliases), case-insensitive.

    Raises:
        UnknownFormatError: with the closest known name as a hint.
    """
    key = name.strip().lower().lstrip(".")
    known = _by_name()
    found = known.get(key)
    if found is not None:
        return found
    by_ext = [f for f in _registry() if "." + key in f.extensions]
    if by_ext:
        return by_ext[0]
    close = difflib.get_close_matches(key, list(known), n=1)
    raise UnknownFormatError(
        f"unknown format {name!r}",
        closest=close[0] if close else None,
        hint=None if close else "known: " + ", ".join(f.name for f in _registry()),
    )


def format_for_path(path: str) -> Format | None:
    """The format whose extensions include ``path``'s, if any."""
    lower = path.lower()
    best: Format | None = None
    best_len = 0
    for fmt in _registry():
        for ext in fmt.extensions:
            if lower.endswith(ext) and len(ext) > best_len:
                best, best_len = fmt, len(ext)
    return best


def detect_format(text: str) -> Format:
    """The format a text is most likely written in.

    Raises:
        UnknownFormatError: when no format recognises the text.
    """
    scored = [(fmt.detect(text), i, fmt) for i, fmt in enumerate(_registry())]
    score, _, fmt = max(scored, key=lambda t: (t[0], -t[1]))
    if score <= 0:
        asked = Setting("format")
        raise UnknownFormatError(
            "cannot tell the format of this text",
            hint=f"name it with {asked} (known: " + ", ".join(f.name for f in _registry()) + ")",
            settings=(asked,),
        )
    return fmt
