"""Optional libraries of the exports (dask, pyarrow, py7zr): :func:`kifu_lark.extras.require`,
which names the extra that installs a missing one."""

from __future__ import annotations

from kifu_lark.extras import require

__all__ = ["require"]
