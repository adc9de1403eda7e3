"""Writing a user's file safely: whole or not at all, with the mode and the link it had.

``atomic_text_file(target)`` writes to a temporary file beside the real target and renames
it over the target only when everything was written, so a failed write never leaves half a
file. What the user sees stays as it was:

- a new file gets the mode any new file of theirs gets (0666 less the umask), not the
  0600 of a temporary file;
- a file that is replaced keeps its mode (and its owner and group, where allowed);
- a symlink stays a symlink: the file it points to is the one replaced (atomically, beside
  that file), so a ``refs.bib`` linked into a LaTeX project keeps working;
- a pipe or a device (``/dev/stdout``) is written into, never replaced by a file.
"""

from __future__ import annotations

import io
import os
import stat
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import BinaryIO, TextIO

from refmanager.model import InputError


def current_umask() -> int:
    """The process's umask (read from ``/proc`` where it is, else set and restored)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def real_target(path: Path) -> Path:
    """Where writing ``path`` lands: the end of its symlinks (the path itself when none)."""
    return Path(os.path.realpath(path))


def inside(path: Path, folder: Path) -> bool:
    """Whether ``path`` (symlinks followed) is ``folder`` or lies anywhere inside it."""
    real = real_target(path)
    base = real_target(folder)
    return real == base or base in real.parents


@contextmanager
def atomic_binary_file(target: Path) -> Iterator[BinaryIO]:
    """A binary stream whose content replaces ``target`` when the block ends without error.

    Raises:
        InputError: the folder cannot be written, or writing failed (the target is left
            as it was).
    """
    real = real_target(target)
    try:
        info = os.stat(real)
    except FileNotFoundError:
        mode = 0o666 & ~current_umask()
        owner: tuple[int, int] | None = None
    except OSError as exc:
        raise InputError(str(target), f"cannot write: {exc.strerror or exc}") from None
    else:
        if stat.S_ISDIR(info.st_mode):
            raise InputError(str(target), "is a folder; give a file name")
        if not stat.S_ISREG(info.st_mode):
            # a pipe or a device (/dev/stdout): written into, never replaced by a file
            with _opened(target, real) as stream:
                yield stream
            return
        mode = stat.S_IMODE(info.st_mode)
        owner = (info.st_uid, info.st_gid)
    try:
        handle, tmp_name = tempfile.mkstemp(prefix=f".{real.name}.", suffix=".tmp", dir=real.parent)
    except OSError as exc:
        raise InputError(str(target), f"cannot write here: {exc.strerror or exc}") from None
    tmp = Path(tmp_name)
    try:
        with os.fdopen(handle, "wb") as stream:
            yield stream
            stream.flush()
            if owner is not None and hasattr(os, "fchown"):
                with suppress(OSError):  # only root may give a file away: best effort
                    os.fchown(stream.fileno(), *owner)
            os.fchmod(stream.fileno(), mode)
        os.replace(tmp, real)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise InputError(str(target), f"cannot write: {exc.strerror or exc}") from None
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


@contextmanager
def _opened(target: Path, real: Path) -> Iterator[BinaryIO]:
    try:
        stream = open(real, "wb")  # noqa: SIM115 - closed below, errors named
    except OSError as exc:
        raise InputError(str(target), f"cannot write: {exc.strerror or exc}") from None
    try:
        with stream:
            yield stream
    except OSError as exc:
        raise InputError(str(target), f"cannot write: {exc.strerror or exc}") from None


@contextmanager
def atomic_text_file(target: Path, encoding: str = "utf-8") -> Iterator[TextIO]:
    """:func:`atomic_binary_file` as text in ``encoding`` (newlines written as given)."""
    with atomic_binary_file(target) as raw:
        text = io.TextIOWrapper(raw, encoding=encoding, newline="", write_through=False)
        try:
            yield text
            text.flush()
        finally:
            text.detach()
