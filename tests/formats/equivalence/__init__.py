"""One equivalence suite for every format that declares fast ways (``engine.Declaration``:
CSA, MSK, KIF, KI2; the cases in ``cases.py``). The fast ways read a text exactly as the
grammar as written does:

- ``test_tokens.py``: the tokens they make are lark's (type, text, offset, line, column);
- ``test_games.py``: the games equal the grammar path's, and errors are always its own;
- ``test_patterns.py``: the scan and the possessive marks keep the grammar's language;
- ``test_damaged.py``: all of these on hypothesis-damaged texts.

Each is checked on the fixtures, the corpus (``../shared/corpus``; skipped, saying so, when
absent), real-shaped records, the record shapes every format writes and each format's own
literal cases. The formats are reached through their declaration; the few private names of
the readers the suite needs are in ``reader_internals.py``.
"""

import pytest

# the shared checks report a failed assert as a test module does
pytest.register_assert_rewrite("tests.formats.equivalence.checks")
