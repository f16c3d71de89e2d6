"""Loading grammars and turning lark's exceptions into :class:`KifuSyntaxError`.

This is the only module that catches lark exceptions: readers call :func:`parse` (or
:func:`convert_lark_error` around their own parser use) and see only ``KifuError``.
"""

from __future__ import annotations

import functools
import hashlib
import re
import threading
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar, cast

from lark import (
    Lark,
    Transformer,
    Tree,
    UnexpectedCharacters,
    UnexpectedEOF,
    UnexpectedInput,
    UnexpectedToken,
)
from lark.exceptions import LarkError, VisitError
from lark.lexer import PatternRE, PatternStr, TerminalDef
from lark.load_grammar import FromPackageLoader

from kifu_lark.errors import KifuError, KifuSyntaxError
from kifu_lark.formats.engine import cache
from kifu_lark.formats.engine.tokens import cut, expand

__all__ = ["cut", "expand"]  # the readers' cut of a run token and of a head, compiled with _tokens

T = TypeVar("T")

GRAMMAR_PACKAGE = "kifu_lark.grammars"
#: Loader for ``%import`` of our grammars from a third party's grammar.
GRAMMAR_LOADER = FromPackageLoader(GRAMMAR_PACKAGE)


_NAMED_GROUP = re.compile(r"\(\?P<(\w+)>")


def uncapture(regex: str, keep: Iterable[str] = ()) -> str:
    """``regex`` with its named groups made non-capturing, except those named in ``keep``:
    the same language, and a group the regex engine does not set costs it nothing."""
    kept = frozenset(keep)
    return _NAMED_GROUP.sub(lambda m: m.group() if m.group(1) in kept else "(?:", regex)


_REST_OF_LINE = r"[^\r\n]*\r?\n"


def rest_of_line(regex: str) -> str:
    """``regex``, a one-line terminal's that ends with the rest of its line and the line
    break (``[^\r\n]*\r?\n``), ending with ``.*\n`` instead: on a text with no ``\r``
    (one a reader's ``normalise`` gave, with ``\n`` for every line break) it takes the same
    lines. The regex engine loops over ``.`` with no test of a character class a
    character, which a line of engine analysis makes worth it."""
    # lark writes the breaks of a terminal's pattern as they are, or escaped
    for rest in (_REST_OF_LINE, "[^\r\n]*\r?\n"):
        if regex.endswith(rest):
            return regex[: -len(rest)] + r".*\n"
    raise AssertionError(f"not a terminal ending with the rest of its line: {regex!r}")


def _uncaptured(terminal: TerminalDef) -> None:
    """Make the named groups inside ``terminal``'s regex non-capturing.

    Readers take a line apart with a terminal's named groups (:func:`terminal_regex` builds
    its own lexer for that); the parser's lexer only needs where a token ends. Inside a
    possessive repeat (``MOVES_BLOCK``: a whole run of move lines, matched without keeping a
    backtracking point per line) capturing groups trip a CPython ``re`` bug ("The span of
    capturing group is wrong", seen on 3.11.7), and they cost time everywhere else.
    """
    pattern = terminal.pattern
    if isinstance(pattern, PatternRE) and "(?P<" in pattern.value:
        terminal.pattern = PatternRE(uncapture(pattern.value), pattern.flags)


class _Scanning:
    """The ``edit_terminals`` of :func:`scanning`: a class, so that the parser cache can
    name what it does."""

    def __init__(self, name: str, scan: str) -> None:
        self.name = name
        self.scan = scan

    def __call__(self, terminal: TerminalDef) -> None:
        _uncaptured(terminal)
        if terminal.name == self.name:
            exact = terminal.pattern
            room = len(exact.value) - len(self.scan) - len("(?#)")
            if room < 0:
                raise AssertionError(f"{self.name} is shorter than its scan: pad the other way")
            terminal.pattern = PatternRE(self.scan + "(?#" + "-" * room + ")", exact.flags)


@functools.cache
def scanning(name: str, scan: str) -> Callable[[TerminalDef], None]:
    """``edit_terminals`` for a reader's scanning parser: terminal ``name`` (a run the reader
    cuts with the grammar's own line terminals anyway) matched with ``scan``, a looser pattern
    that takes at least what the terminal takes from the same place. It is padded with a
    ``(?#…)`` comment to the terminal's own length: lark orders the terminals it tries by
    priority, width and then pattern length. The reader must check its cuts cover each run
    whole and read the text again with the grammar as it is when they do not (the CSA and KIF
    readers' ``_SCAN``). Cached: the parser cache knows the function by identity."""
    return _Scanning(name, scan)


def _edit_key(edit: object) -> str | None:
    """What an ``edit_terminals`` option does, for the name of a cached parser; ``None`` for
    a function the cache cannot name (the parser is then built every run)."""
    if edit is None:
        return "as written"
    if edit is _uncaptured:
        return "uncaptured"
    if isinstance(edit, _Scanning):
        return repr(("scanning", edit.name, edit.scan))
    return None


# Options a parser loaded from the cache takes again (lark does not keep them in it), and
# the plain values the cache can name.
_GIVEN_ON_LOAD = frozenset({"transformer", "propagate_positions"})
_PLAIN_OPTIONS = frozenset({"parser", "lexer", "propagate_positions", "maybe_placeholders"})


def _cache_key(grammar: str, start: str, options: dict[str, Any]) -> str | None:
    """The cache's description of a parser build; ``None`` when it cannot be cached (not an
    LALR parser, or an option the cache cannot name)."""
    if options.get("parser") != "lalr":
        return None
    named: list[tuple[str, str]] = []
    for name, value in sorted(options.items()):
        if name == "edit_terminals":
            key = _edit_key(value)
            if key is None:
                return None
            named.append((name, key))
        elif name == "transformer":
            continue  # callbacks built from it on load, as on a build
        elif callable(value) or name not in _PLAIN_OPTIONS:
            return None
        else:
            named.append((name, repr(value)))
    return repr((grammar, start, named))



def _build(grammar: str, start: str, options: dict[str, Any]) -> Lark:
    """``grammar``'s parser: from the cache when it holds it (kifu_lark/formats/engine/
    cache.py), else built and put there."""
    key = _cache_key(grammar, start, options)
    path = None if key is None else cache.path_for("parser", key)
    if path is not None:
        data = cache.load(path)
        if data is not None:
            given = {k: v for k, v in options.items() if k in _GIVEN_ON_LOAD}
            try:
                loaded: Lark = Lark.__new__(Lark)._load(data, **given)
            except Exception:  # a file of another build: built again below
                pass
            else:
                return loaded
    built = Lark.open_from_package(GRAMMAR_PACKAGE, grammar, start=start, **options)
    if path is not None:
        cache.save(path, lambda handle: built.save(handle, _GIVEN_ON_LOAD))
    return built


# Parsers are built once, by one thread at a time: lark's grammar loading is not meant to run
# twice at once, and two threads asking for the same parser get the same one.
_BUILDING = threading.RLock()


def parser(grammar: str, start: str = "start", **options: Any) -> Lark:
    """The LALR parser of ``grammar`` (a file in ``kifu_lark.grammars``), built once.

    A built parser is shared by every thread: lark keeps the state of a parse in objects of
    that parse (its lexer and parser states), and our callbacks keep none. The one thing lark
    builds in a parser on first use is each lexer's scanner; two threads there at once each
    build an equal one and either is kept, which is harmless as long as no ``lexer_callbacks``
    are passed (a concurrent first build could chain one twice). They are not all built up
    front: a format's first read builds only the scanners it uses.
    """
    key = (grammar, start, *sorted(options.items()))
    try:
        return _PARSERS[key]
    except KeyError:
        pass
    with _BUILDING:
        if key not in _PARSERS:
            opts: dict[str, Any] = {
                "parser": "lalr",
                "propagate_positions": False,
                "maybe_placeholders": False,
                "edit_terminals": _uncaptured,
            }
            opts.update(options)
            _PARSERS[key] = _build(grammar, start, opts)
        return _PARSERS[key]


_PARSERS: dict[tuple[Any, ...], Lark] = {}


def lexer_only(grammar: str) -> Lark:
    """``grammar``'s lexer-only build: every terminal kept (even those only used inside
    others), their named groups made non-capturing as in :func:`parser`'s parsers. Cheaper
    than an LALR parser; a reader that needs only terminals' patterns takes them from
    :func:`terminal_defs`, which keeps them in the parser cache."""
    return parser(grammar, parser=None, lexer="basic")


@functools.cache
def terminal_defs(grammar: str, edited: bool = True) -> dict[str, TerminalDef]:
    """Every terminal of ``grammar`` (even those only used inside others) by name: with
    their named groups made non-capturing as in :func:`parser`'s parsers (``edited``), or
    as written. Kept in the parser cache (kifu_lark/formats/engine/cache.py)."""
    path = cache.path_for("terminals", repr((grammar, edited)))
    if path is not None:
        data = cache.load(path)
        if isinstance(data, list) and all(isinstance(t, TerminalDef) for t in data):
            return {t.name: t for t in data}
    options: dict[str, Any] = {} if edited else {"edit_terminals": None}
    terminals = list(parser(grammar, parser=None, lexer="basic", **options).terminals)
    if path is not None:
        cache.save_data(path, terminals)
    return {t.name: t for t in terminals}


def derived(
    name: str, compute: Callable[[], T], fits: Callable[[object], bool], source: str
) -> T:
    """A value computed from the shipped grammars alone (patterns made of their terminals) by
    ``compute``, in the module file ``source``, kept in the parser cache: the file's text is
    part of the cached file's name, so a changed computation is never served stale.
    ``fits`` tells a value of the right shape from a damaged one."""
    path = None
    try:
        code = Path(source).read_bytes()
    except OSError:  # an install without the module's source: computed every run
        code = None
    if code is not None:
        path = cache.path_for("derived", f"{name}\0{hashlib.sha256(code).hexdigest()}")
    if path is not None:
        data = cache.load(path)
        if data is not None and fits(data):
            return cast(T, data)
    value = compute()
    if path is not None:
        cache.save_data(path, value)
    return value


@functools.cache
def terminal_regex(grammar: str, name: str) -> re.Pattern[str]:
    """The compiled regex of terminal ``name`` of ``grammar`` (every terminal kept, even
    those only used inside others), so readers take lines apart with the grammar's own
    definition rather than a second parser."""
    # edited=False: the named groups stay (the parsers' lexers drop them)
    return re.compile(terminal_defs(grammar, edited=False)[name].pattern.to_regexp())


def terminal_pattern(grammar: str, name: str) -> str:
    """The regex of terminal ``name`` of ``grammar`` as :func:`parser`'s parsers match it:
    a pattern made of terminals builds no LALR parser of its own."""
    return terminal_defs(grammar)[name].pattern.to_regexp()


@functools.cache
def pieces_pattern(
    grammar: str, names: tuple[str, ...], after: str | None = None
) -> re.Pattern[str]:
    """A regex matching any one of the terminals ``names`` of ``grammar`` (in that order,
    each as the group of its name), followed by terminal ``after`` when given: what cuts a
    run token (a run of those terminals) back into them."""
    alternatives = "|".join(f"(?P<{name}>{terminal_pattern(grammar, name)})" for name in names)
    tail = "" if after is None else f"(?:{terminal_pattern(grammar, after)})"
    return re.compile(f"(?:{alternatives}){tail}")


def parse(lark: Lark, text: str, format: str) -> Tree[Any]:
    """Parse ``text``; lark errors become :class:`KifuSyntaxError`."""
    try:
        return lark.parse(text)
    except LarkError as err:
        raise convert_lark_error(err, text, format, lark) from None


def transform(transformer: Transformer[Any, Any], tree: Tree[Any], text: str, format: str) -> Any:
    """Run ``transformer`` over ``tree``; a ``KifuError`` it raises comes out unwrapped (lark
    wraps it in ``VisitError``), any other lark error as :class:`KifuSyntaxError`."""
    try:
        return transformer.transform(tree)
    except LarkError as err:
        raise convert_lark_error(err, text, format) from None


_WORDS = {"NL": "line break", "NEWLINE": "line break", "WS": "space", "LINE": "a line"}


def expected_words(names: set[str], lark: Lark | None = None) -> list[str]:
    """The terminals ``names`` as a reader says them: a fixed text quoted (``'+'``), a named
    terminal in words (``HEADER_LINE`` → ``header line``), ``$END`` as ``end of input``.
    ``lark`` (the parser) tells fixed texts from patterns; without it names are used."""
    words: list[str] = []
    for name in sorted(names):
        pattern = None
        if lark is not None:
            try:
                pattern = lark.get_terminal(name).pattern
            except KeyError:
                pattern = None
        if name == "$END":
            word = "end of input"
        elif isinstance(pattern, PatternStr):
            word = repr(pattern.value)
        else:
            # ``common__SQUARE`` (imported) → ``square``; ``__ANON_3`` keeps its pattern.
            bare = name.lstrip("_").rsplit("__", 1)[-1]
            if bare.startswith("ANON") and pattern is not None:
                word = f"text like /{pattern.value[:24]}/"
            else:
                word = _WORDS.get(bare, bare.lower().replace("_", " "))
        if word not in words:
            words.append(word)
    return words


def convert_lark_error(
    err: LarkError, text: str, format: str, lark: Lark | None = None
) -> KifuError:
    """The ``KifuError`` for a lark exception raised while parsing ``text`` (``lark``, the
    parser, words the expected terminals)."""
    if isinstance(err, VisitError) and isinstance(err.orig_exc, KifuError):
        return err.orig_exc
    if isinstance(err, UnexpectedInput):
        line = getattr(err, "line", None)
        column = getattr(err, "column", None)
        if line is not None and line < 1:
            line = column = None
        lines = text.splitlines()
        if line is None and lines:
            line, column = len(lines), len(lines[-1]) + 1
        source_line = lines[line - 1] if line is not None and 0 < line <= len(lines) else None
        expected: set[str] = set()
        offending: str | None = None
        if isinstance(err, UnexpectedToken):
            expected = set(err.accepts or err.expected)
            offending = str(err.token) if err.token.type != "$END" else None
            message = (
                f"unexpected {err.token.type.lower()} {offending!r}"
                if offending
                else "unexpected end of input"
            )
        elif isinstance(err, UnexpectedCharacters):
            expected = set(err.allowed or ())
            offending = err.char
            message = f"unexpected character {offending!r}"
        elif isinstance(err, UnexpectedEOF):
            expected = set(err.expected or ())
            message = "unexpected end of input"
        else:
            message = "syntax error"
        if source_line is not None and offending is None and column is not None:
            offending = source_line[column - 1 : column + 19] or None
        hint = f"check the line against the {format} format (docs/formats.md)"
        if expected:
            shown = expected_words(expected, lark)
            hint = "expected " + ", ".join(shown[:8]) + (" …" if len(shown) > 8 else "")
        return KifuSyntaxError(
            message,
            format=format,
            line=line,
            column=column,
            text=offending,
            hint=hint,
            source_line=source_line,
        )
    if isinstance(err, VisitError):  # a reader's bug, reached by some text: say where
        meta = getattr(err.obj, "meta", None)
        line = getattr(err.obj, "line", None) or getattr(meta, "line", None)
        column = getattr(err.obj, "column", None) or getattr(meta, "column", None)
        lines = text.splitlines()
        return KifuSyntaxError(
            f"cannot read this {err.rule or 'text'}: {err.orig_exc}",
            format=format,
            line=line,
            column=column,
            hint="check the values here (a number too large?)",
            source_line=lines[line - 1] if line and 0 < line <= len(lines) else None,
        )
    return KifuSyntaxError(str(err), format=format, hint="check the text against the format")
