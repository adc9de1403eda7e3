"""Writing a user's file safely: never into the library, whole or not at all, with the
mode and the link it had. Every command and the window write a user's file through
:func:`user_file` (or :func:`user_text_file`), and check its name first, before any other
work, with :func:`check_user_file`.

- A target inside the library's folder (its database, its ``files/``) is refused:
  writing there would destroy the library.
- The content goes to a temporary file ``.NAME.XXXXXXXX.tmp`` beside the real target,
  renamed over it only when everything was written, so a failed write never leaves half a
  file. The writer holds a lock on its temporary file; a leftover of an earlier write that
  was killed before its rename (no lock on it any more) is deleted by the next write to
  the same target.

What the user sees stays as it was:

- a new file gets the mode any new file of theirs gets (0666 less the umask), not the
  0600 of a temporary file;
- a file that is replaced keeps its mode (and its owner and group, where allowed);
- a symlink stays a symlink: the file it points to is the one replaced (atomically, beside
  that file), so a ``refs.bib`` linked into a LaTeX project keeps working;
- a pipe or a device (``/dev/stdout``) is written into, never replaced by a file.
"""

from __future__ import annotations

import fcntl
import io
import os
import re
import stat
import tempfile
import time
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


def check_user_file(target: Path, library_folder: Path | None) -> None:
    """Refuse ``target`` before any work is done: inside ``library_folder`` (symlinks
    followed), a folder, or in a folder that does not exist.

    Raises:
        InputError: saying why, naming the file.
    """
    if library_folder is not None and inside(target, library_folder):
        raise InputError(
            str(target),
            f"this is inside the library folder {library_folder}; writing here would "
            "overwrite the library's own files: choose a file outside it",
        )
    real = real_target(target)
    if real.is_dir():
        raise InputError(str(target), "is a folder; give a file name")
    if not real.parent.is_dir():
        raise InputError(str(target), f"cannot write: no folder {real.parent}")


@contextmanager
def user_file(
    target: Path, library_folder: Path | None, *, private: bool = False
) -> Iterator[BinaryIO]:
    """A binary stream whose content replaces ``target`` when the block ends without error
    (:func:`check_user_file` first). A ``private`` file (a password file) is given mode
    0600 whatever it had.

    Raises:
        InputError: the target is refused, its folder cannot be written, or writing failed
            (the target is left as it was).
    """
    check_user_file(target, library_folder)
    with _atomic_binary_file(target, private) as stream:
        yield stream


@contextmanager
def user_text_file(
    target: Path, library_folder: Path | None, encoding: str = "utf-8", *, private: bool = False
) -> Iterator[TextIO]:
    """:func:`user_file` as text in ``encoding`` (newlines written as given)."""
    with user_file(target, library_folder, private=private) as raw:
        text = io.TextIOWrapper(raw, encoding=encoding, newline="", write_through=False)
        try:
            yield text
            text.flush()
        finally:
            text.detach()


# A leftover younger than this may be a write that has made its file and not locked it yet.
_LEFTOVER_AGE = 2.0


def leftover_pattern(name: str) -> re.Pattern[str]:
    """The names of the temporary files a write of ``name`` makes (``tempfile.mkstemp``'s
    eight random characters between the name and ``.tmp``)."""
    return re.compile(r"\." + re.escape(name) + r"\.[a-z0-9_]{8}\.tmp")


def remove_leftovers(real: Path) -> list[Path]:
    """Delete the temporary files of earlier writes of ``real`` that were killed before
    their rename: regular files of this user, not locked by a writer, not brand new.
    Returns those deleted."""
    pattern = leftover_pattern(real.name)
    removed: list[Path] = []
    try:
        names = [n for n in os.listdir(real.parent) if pattern.fullmatch(n)]
    except OSError:
        return removed
    for name in names:
        path = real.parent / name
        try:
            fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
        except OSError:
            continue
        try:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode) or info.st_uid != os.geteuid():
                continue
            if time.time() - info.st_mtime < _LEFTOVER_AGE:
                continue
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:  # a write still running holds it
                continue
            with suppress(OSError):
                path.unlink()
                removed.append(path)
        finally:
            os.close(fd)
    return removed


@contextmanager
def _atomic_binary_file(target: Path, private: bool = False) -> Iterator[BinaryIO]:
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
    if private:
        mode = 0o600
    remove_leftovers(real)
    try:
        handle, tmp_name = tempfile.mkstemp(prefix=f".{real.name}.", suffix=".tmp", dir=real.parent)
    except OSError as exc:
        raise InputError(str(target), f"cannot write here: {exc.strerror or exc}") from None
    tmp = Path(tmp_name)
    try:
        fcntl.flock(handle, fcntl.LOCK_EX)  # released when this process ends, killed or not
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
