"""Writing files without losing data: a file appears whole or not at all."""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

from kifu_lark.errors import KifuError, Setting


def _new_file_mode() -> int:
    # What open() would give a new file: 0o666 less the umask. The umask can only be read
    # by setting it, so it is read once, at import, not while other threads create files.
    umask = os.umask(0o022)
    os.umask(umask)
    return 0o666 & ~umask


_NEW_FILE_MODE = _new_file_mode()
#: How a temporary file is created: new (never an existing file or a link's target).
_CREATE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
_CREATE |= getattr(os, "O_BINARY", 0)


def write_atomically(path: str | os.PathLike[str], data: bytes, *, overwrite: bool = True) -> None:
    """Write ``data`` to ``path`` through a temporary file in the same folder, renamed over
    ``path`` once complete: an interrupted write leaves no half file, and a reader never sees
    one. The file gets the permissions of the file it replaces, or those a new file gets.
    With ``overwrite=False`` an existing ``path`` is refused (``EXISTS``).

    Raises:
        KifuError: ``EXISTS`` when ``path`` exists and may not be overwritten; ``IO`` when
            the folder cannot be made or written (a file where a folder should be, no
            permission, a name too long …), with the system's reason.
    """
    with atomic_file(path, overwrite=overwrite) as out:
        out.write(data)


@contextlib.contextmanager
def atomic_file(path: str | os.PathLike[str], *, overwrite: bool = True) -> Iterator[BinaryIO]:
    """A binary file to write ``path``'s content into, piece by piece: a temporary file in
    the same folder, renamed over ``path`` when the block ends without an exception and
    removed when it raises. As :func:`write_atomically`, which it serves.

    Raises:
        KifuError: as :func:`write_atomically`.
    """
    target = Path(path)
    tmp: str | None = None
    try:
        if not overwrite and target.exists():
            asked = Setting("overwrite", True, writing=True)
            raise KifuError(
                f"{target} exists",
                code="EXISTS",
                hint=f"pass {asked} to replace it",
                settings=(asked,),
            )
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
        except FileExistsError:  # a file stands where the folder would: say so, as open does
            raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR)) from None
        while True:
            # The name is held before the file exists: however a signal cuts this short,
            # the finally below knows what to remove.
            tmp = _temporary_name(target)
            try:
                fd = os.open(tmp, _CREATE, 0o600)
                break
            except FileExistsError:  # another's: not ours to remove
                tmp = None
        with os.fdopen(fd, "wb") as out:
            yield out
        # The temporary file is private (0600): give it the mode the file it replaces had,
        # or the one a plain write would give a new file.
        try:
            mode = target.stat().st_mode & 0o7777
        except FileNotFoundError:
            mode = _NEW_FILE_MODE
        os.chmod(tmp, mode)
        os.replace(tmp, target)
        tmp = None
    except OSError as err:
        reason = err.strerror or str(err)
        raise KifuError(
            f"cannot write {target}: {reason}",
            code="IO",
            text=str(target),
            hint="check that the folder exists, is a folder and is writable",
        ) from None
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


def _temporary_name(target: Path) -> str:
    """A name for ``target``'s temporary file beside it: ``.NAME.RANDOM.part``, hidden, and
    short enough for any file system."""
    return str(target.parent / f".{target.name[:64]}.{secrets.token_hex(8)}.part")
