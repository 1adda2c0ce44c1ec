"""Files of records and summaries: written whole or not at all, read within bounds.

Every record and summary the command line and simulations save goes through
`write_atomic`, and `gamenight replay` reads through `read_text`. Their failures raise
`FileError`, a `ValueError` whose message is one line naming the file.
"""

from __future__ import annotations

import os
import secrets
import stat
from pathlib import Path

from gamenight.kernel.errors import N_, GamenightError

PARTIAL = ".partial"
"""The suffix of the temporary file a write goes to before it takes the file's name."""


class FileError(GamenightError, ValueError):
    """A file that cannot be written or read; the message is one line naming it."""


def write_atomic(path: str | Path, text: str) -> None:
    """Write `text` (UTF-8) to `path`, whole or not at all.

    The text goes to a new temporary file in the same folder (``.NAME.RANDOM.partial``),
    which then takes the name `path` at once (`os.replace`). So no reader ever sees half
    a file; a failed or interrupted write (a read-only folder, a full disk, Ctrl-C) leaves
    no file behind, nor changes the one there; and a symlink planted at `path` is
    replaced by the file, never written through.
    """
    path = Path(path)
    temporary = path.with_name(f".{path.name}.{secrets.token_hex(4)}{PARTIAL}")
    try:
        # O_EXCL: a new file, never one planted there (nor a symlink's target).
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    except OSError as exc:
        raise FileError(
            N_("{file}: cannot write: {reason}"), file=path, reason=exc.strerror or exc
        ) from None
    try:
        with open(fd, "w", encoding="utf-8") as file:
            file.write(text)
        os.replace(temporary, path)
    except BaseException as exc:
        temporary.unlink(missing_ok=True)
        if isinstance(exc, OSError):
            raise FileError(
                N_("{file}: cannot write: {reason}"), file=path, reason=exc.strerror or exc
            ) from None
        raise


def remove_partial(folder: str | Path, names: str = "*") -> None:
    """Remove the temporary files that writes of files `names` (a glob pattern) left in
    `folder` when their process was killed before it could."""
    for leftover in Path(folder).glob(f".{names}.*{PARTIAL}"):
        leftover.unlink(missing_ok=True)


def read_text(path: str | Path, limit: int) -> str:
    """The UTF-8 text of the regular file `path`, of at most `limit` bytes.

    A FIFO, a device (``/dev/zero``), a folder, a larger file or one that is not UTF-8
    raises `FileError`, without waiting on the FIFO or reading past `limit`.
    """
    path = Path(path)
    try:
        # O_NONBLOCK: opening a FIFO does not wait for a writer; no effect on a file.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with open(fd, "rb") as file:
            info = os.fstat(file.fileno())
            if not stat.S_ISREG(info.st_mode):
                raise FileError(N_("{file}: cannot read: not a regular file"), file=path)
            data = file.read(limit + 1)
    except OSError as exc:
        raise FileError(
            N_("{file}: cannot read: {reason}"), file=path, reason=exc.strerror or exc
        ) from None
    if len(data) > limit:
        raise FileError(
            N_("{file}: cannot read: larger than the limit of {limit} bytes"),
            file=path,
            limit=f"{limit:,}",
        )
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise FileError(N_("{file}: not a text file"), file=path) from None
