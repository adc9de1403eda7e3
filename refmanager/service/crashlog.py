"""Where an unexpected error's details go: a private, per-user folder, never ``/tmp``.

A fixed name in a shared folder lets another user plant a symlink there and have the
log overwrite any file of ours. The log folder is the platform's per-user state folder
(``~/.local/state/refmanager/crash`` on Linux), created with mode 0700 and refused when
it is a symlink, belongs to someone else or is open to others; each log is a new file
made with ``O_CREAT | O_EXCL | O_NOFOLLOW``, so nothing already there is ever written.
"""

from __future__ import annotations

import os
import stat
import time
from contextlib import suppress
from pathlib import Path

KEEP = 20  # crash logs kept; older ones are removed when a new one is written


def crash_log_folder() -> Path:
    """The folder crash logs are written to (it may not exist yet)."""
    from platformdirs import user_state_path  # (only when a crash is written)

    return user_state_path("refmanager", appauthor=False) / "crash"


def _private_folder(folder: Path) -> None:
    """Create ``folder`` (0700) or check that the one there is ours and closed to others.

    Raises:
        OSError: it is a symlink or not a folder, another user owns it, or others may
            write to it.
    """
    folder.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    with suppress(FileExistsError):
        folder.mkdir(mode=0o700)
    info = os.lstat(folder)
    if not stat.S_ISDIR(info.st_mode):
        raise OSError(f"{folder} is not a folder (a symlink?)")
    if hasattr(os, "getuid") and info.st_uid != os.getuid():
        raise OSError(f"{folder} belongs to another user")
    if info.st_mode & 0o077:
        os.chmod(folder, 0o700)


def write_crash_log(text: str) -> Path:
    """Write ``text`` to a new crash log file; its path.

    Raises:
        OSError: the folder is unsafe or the file cannot be written.
    """
    folder = crash_log_folder()
    _private_folder(folder)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    for attempt in range(100):
        path = folder / f"crash-{stamp}-{os.getpid()}-{attempt}.log"
        try:
            fd = os.open(path, flags, 0o600)
        except FileExistsError:
            continue
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
        _remove_old(folder)
        return path
    raise OSError(f"no new crash log name free in {folder}")


def _remove_old(folder: Path) -> None:
    logs = sorted(
        (p for p in folder.glob("crash-*.log") if p.is_file() and not p.is_symlink()),
        key=lambda p: p.stat().st_mtime,
    )
    for old in logs[:-KEEP]:
        with suppress(OSError):
            old.unlink()
