"""MSK: the 5五将棋 (minishogi) record format "V2.1-55", CSA on a 5x5 board.

Everything but the grammar's board and piece terminals (``grammars/msk.lark``), the version
line and the list of specials is CSA's: see :mod:`kifu_lark.formats.csa`. Times are whole
seconds (decimals are read, and rounded on writing).
"""

from __future__ import annotations

import re

from kifu_lark.formats.base import Format
from kifu_lark.formats.csa import capabilities, reader
from kifu_lark.formats.csa_dialect import CSA_SPECIALS, Dialect
from kifu_lark.formats.csa_write import writer
from kifu_lark.model.move import SpecialKind
from kifu_lark.model.variant import MINISHOGI

MSK = Dialect(
    "msk",
    "msk.lark",
    MINISHOGI,
    "V2.1-55",
    {k: v for k, v in CSA_SPECIALS.items() if v is not SpecialKind.MAX_MOVES},
    illegal_action=False,
)


def _detect(text: str) -> float:
    return 0.95 if re.search(r"^V2\.1-55[ \t]*\r?$", text[:2000], re.MULTILINE) else 0.0


FORMAT = Format(
    name="msk",
    description="MSK 5五将棋 record (V2.1-55, CSA on a 5x5 board)",
    extensions=(".msk",),
    reader=reader(MSK),
    writer=writer(MSK),
    grammar="msk.lark",
    variants=frozenset({"minishogi"}),
    capabilities=capabilities(MSK, 1.0),
    detect=_detect,
)
