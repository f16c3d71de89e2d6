"""The three ways a format's text is read, built from the format's declaration.

A reader reads the usual record fast and every other text exactly:

1. the **whole-record pattern**: a usual record matched at once by a pattern made of the
   grammar's own terminals, each placed where lark's lexer would take it (no parser runs);
2. the **scanning parse**: lark's parser with the format's run terminal (a run of move
   lines) matched by a looser pattern that takes at least what the terminal takes, the run
   then cut by the grammar's own line terminals;
3. the **grammar as written**, which is the reference: every error comes from it, and any
   text the first two ways do not read exactly (:class:`Inexact`) or refuse is read again
   this way, so that the error said, and which error comes first, are the grammar's.

A format declares what the ways need (:class:`Declaration`); :func:`read` runs them. The
reader's own callback (``build``) turns what was parsed into games; it raises
:class:`Inexact` where a fast way's cut does not cover what the grammar took.
``scan=False`` reads with the grammar as written only: the equivalence tests compare both.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from attrs import frozen
from lark import Lark, Transformer

from kifu_lark.errors import KifuError, KifuSyntaxError
from kifu_lark.formats.engine import parsing

__all__ = ["Declaration", "Inexact", "read", "read_fast"]

T = TypeVar("T")


class Inexact(Exception):
    """A fast way's cut does not cover what the grammar takes (a run holds a line that is
    not the run's lines alone): the text is read again with the grammar as written."""


def _same(err: KifuSyntaxError) -> KifuSyntaxError:
    return err


def _final_line_end(text: str) -> str:
    return text if text.endswith("\n") else text + "\n"


@frozen
class Declaration:
    """What the engine needs to read a format's text.

    Attributes:
        name: the format's name, as errors give it.
        grammar: its grammar, a ``.lark`` file in ``kifu_lark.grammars``.
        normalise: the text as the grammar reads it (line ends, a final line break).
        transformer: callbacks the parser calls as it parses (no tree is built), or
            ``None`` for the parse tree.
        run: the terminal the scanning parse matches with ``scan`` (``None``: no scanning
            parse).
        scan: the looser pattern of ``run``: it takes at least what ``run`` takes, from the
            same place (see :func:`kifu_lark.formats.engine.parsing.scanning`).
        whole: the whole-record match: what the parser would give for a usual record
            (tokens located as lark's), or ``None`` for any other text.
        explain: a clearer :class:`KifuSyntaxError` for the grammar's (the usual
            mistakes).
    """

    name: str
    grammar: str
    normalise: Callable[[str], str] = _final_line_end
    transformer: Transformer[Any, Any] | None = None
    run: str | None = None
    scan: str | None = None
    whole: Callable[[str], Any] | None = None
    explain: Callable[[KifuSyntaxError], KifuSyntaxError] = _same

    def parser(self) -> Lark:
        """The grammar as written (built once)."""
        if self.transformer is None:
            return parsing.parser(self.grammar)
        return parsing.parser(self.grammar, transformer=self.transformer)

    def scanner(self) -> Lark:
        """The scanning parser: ``run`` matched with ``scan`` (built once)."""
        if self.run is None or self.scan is None:
            raise ValueError(f"{self.name} declares no run to scan")
        edit = parsing.scanning(self.run, self.scan)
        if self.transformer is None:
            return parsing.parser(self.grammar, edit_terminals=edit)
        return parsing.parser(self.grammar, transformer=self.transformer, edit_terminals=edit)


def read(
    declaration: Declaration,
    text: str,
    build: Callable[[str, Any, bool], T],
    scan: bool = True,
) -> T:
    """Read ``text`` the fastest way that reads it exactly: ``build(text, parsed,
    scanning)`` makes the result from what was parsed (``scanning`` is true on the fast
    ways, where it must raise :class:`Inexact` for a cut that does not cover its run).

    Raises:
        KifuError: the grammar's error, or ``build``'s, for a text the grammar as written
            does not read.
    """
    text = declaration.normalise(text)
    if scan:
        found = read_fast(declaration, text, build)
        if found is not None:
            return found
    try:
        parsed = parsing.parse(declaration.parser(), text, declaration.name)
    except KifuSyntaxError as err:
        raise declaration.explain(err) from None
    return build(text, parsed, False)


def read_fast(
    declaration: Declaration, text: str, build: Callable[[str, Any, bool], T]
) -> T | None:
    """``text`` (normalised) read by the fast ways alone: the whole-record match, else the
    scanning parse; ``None`` where the grammar as written must read it (a cut that does not
    cover its run, or a text refused: the error, and which comes first, are the grammar's)."""
    try:
        parsed = declaration.whole(text) if declaration.whole is not None else None
        if parsed is None and declaration.run is not None:
            parsed = parsing.parse(declaration.scanner(), text, declaration.name)
        return None if parsed is None else build(text, parsed, True)
    except (KifuError, Inexact):
        return None
