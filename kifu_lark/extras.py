"""Optional libraries: imported where a feature needs them, with an error naming the extra
that installs them when they are missing (the core needs lark and attrs only). Any layer may
ask: the exports' dask and pyarrow, the pictures' resvg and Pillow."""

from __future__ import annotations

import importlib
from types import ModuleType

from kifu_lark.errors import MissingExtraError, Setting

__all__ = ["require"]


def require(module: str, extra: str, purpose: str | Setting) -> ModuleType:
    """Import ``module``, or say which ``kifu-lark[extra]`` to install for ``purpose`` (what
    needs it, or the setting that asks for it: ``engine='dask'``).

    Raises:
        MissingExtraError: (code ``MISSING_EXTRA``) when ``module`` cannot be imported.
    """
    try:
        return importlib.import_module(module)
    except ImportError as err:
        raise MissingExtraError(
            f"{purpose} needs {module.split('.')[0]}, which is not installed ({err})",
            extra=extra,
            settings=(purpose,) if isinstance(purpose, Setting) else (),
        ) from None
