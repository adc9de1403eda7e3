"""Which PDFs the window's PDF view may show: each new file is first drawn by a throwaway
process (:mod:`refmanager.gui.pdf_probe`) watched for memory and time (issue 26 defect 3).

QtPdf draws pages in the window's own process, and a tiny hostile file (a form that draws
itself, a Flate bomb, a page of millions of operators) made it take gigabytes in seconds.
The probe draws every page small with the same renderer; it is stopped when its resident
memory passes :data:`MAX_RSS_BYTES` or a page takes longer than :data:`PAGE_SECONDS`, and
the file is then refused. The verdict is kept per file (path, size, modification time) for
the session: the library's files never change, so a file is checked once.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

from PySide6.QtCore import QObject, QProcess, QProcessEnvironment, QTimer, Signal

from refmanager.gui.pdf_probe import EXIT_UNREADABLE

MAX_RSS_BYTES = 700 * 1024 * 1024  # the probe's resident memory: stopped beyond it
PAGE_SECONDS = 15.0  # one page drawn small: stopped beyond it
POLL_MS = 50

Key = tuple[str, int, int]


def _key(path: Path) -> Key | None:
    try:
        info = path.stat()
    except OSError:
        return None
    return (str(path.resolve()), info.st_size, info.st_mtime_ns)


def _rss(pid: int) -> int:
    """Resident memory of process ``pid`` in bytes (0 when it cannot be read)."""
    try:
        with open(f"/proc/{pid}/statm", encoding="ascii") as fh:
            return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


class PdfSafety(QObject):
    """Checks PDFs one at a time in a probe process; ``judged(path, problem)`` says the
    verdict ("" when the file may be shown, else why not, in words for the user)."""

    judged = Signal(str, str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._verdicts: dict[Key, str] = {}
        self._process: QProcess | None = None
        self._path: Path | None = None
        self._key: Key | None = None
        self._pages = 0
        self._last_page = 0.0
        self._stopped = ""
        self._timer = QTimer(self)
        self._timer.setInterval(POLL_MS)
        self._timer.timeout.connect(self._watch)

    def verdict(self, path: Path) -> str | None:
        """ "" (safe), why not, or None when ``path`` was not checked yet."""
        key = _key(path)
        return self._verdicts.get(key) if key is not None else None

    def checking(self) -> Path | None:
        return self._path

    def check(self, path: Path) -> None:
        """Check ``path`` (a check under way for another file is stopped)."""
        self.stop()
        self._key = _key(path)
        if self._key is None:
            self.judged.emit(str(path), "the file cannot be read")
            return
        process = QProcess(self)
        env = QProcessEnvironment.systemEnvironment()
        env.insert("QT_QPA_PLATFORM", "offscreen")
        process.setProcessEnvironment(env)
        process.setProgram(sys.executable)
        process.setArguments(["-m", "refmanager.gui.pdf_probe", str(path)])
        process.readyReadStandardOutput.connect(self._progress)
        process.finished.connect(self._finished)
        self._process, self._path = process, path
        self._pages, self._last_page, self._stopped = 0, time.monotonic(), ""
        process.start()
        self._timer.start()

    def stop(self) -> None:
        """Stop the check under way, if any (no verdict is kept for it)."""
        process, self._process, self._path = self._process, None, None
        self._timer.stop()
        if process is not None:
            process.finished.disconnect(self._finished)
            process.kill()
            process.waitForFinished(2000)
            process.deleteLater()

    def _progress(self) -> None:
        if self._process is None:
            return
        lines = bytes(self._process.readAllStandardOutput().data()).split()
        if lines:
            self._pages = max(self._pages, *(int(x) for x in lines if x.isdigit()), 0)
            self._last_page = time.monotonic()

    def _watch(self) -> None:
        process = self._process
        if process is None or self._stopped:
            return
        pid = int(process.processId())
        if pid and _rss(pid) > MAX_RSS_BYTES:
            self._stopped = (
                f"page {self._pages + 1} takes more than {MAX_RSS_BYTES >> 20} MB to draw"
            )
        elif time.monotonic() - self._last_page > PAGE_SECONDS:
            self._stopped = f"page {self._pages + 1} takes more than {PAGE_SECONDS:.0f} s to draw"
        if self._stopped:
            process.kill()

    def _finished(self, code: int, status: QProcess.ExitStatus) -> None:
        process, path, key = self._process, self._path, self._key
        self._timer.stop()
        self._progress()
        if process is None or path is None or key is None:
            return
        if self._stopped:
            problem = self._stopped
        elif status == QProcess.ExitStatus.CrashExit or code < 0:
            problem = f"drawing page {self._pages + 1} crashes the renderer"
        elif code == EXIT_UNREADABLE:
            problem = ""  # QtPdf cannot open it at all: the view says why itself
        elif code != 0:
            problem = f"page {self._pages + 1} cannot be drawn within the memory and time limits"
        else:
            problem = ""
        self._process, self._path = None, None
        process.deleteLater()
        self._verdicts[key] = problem
        self.judged.emit(str(path), problem)
