"""Files kept up to date: a ``.bib`` (or RIS, CSL-JSON, CSV) a LaTeX or pandoc document
cites from, rewritten whenever what it covers changes (as Better BibTeX's auto-export).

``keep_updated`` writes the file and records it in the library (``auto_exports``);
a :class:`Watcher` (run by ``refmanager watch`` and by the window while it is open) keeps
every recorded file in step: it polls SQLite's ``data_version`` (which moves when any
other connection commits) a few times a second and, when it moved, renders each file
again and rewrites it atomically if its bytes changed. Keys do not move between
rewrites (``service.citekeys``), so a document's citations keep working.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from refmanager.library import AutoExport, Library
from refmanager.model import InputError
from refmanager.service.exchange import check_format, iter_references
from refmanager.service.files import check_user_file, user_file
from refmanager.service.opening import open_library

POLL_SECONDS = 0.25  # how often a watcher looks for changes
RECHECK_SECONDS = 2.0  # how often it also looks whether a file was deleted or changed


@dataclass(slots=True, frozen=True)
class Rewrite:
    """What one pass did to one kept file: rewritten, or the error that stopped it."""

    path: Path
    written: bool
    error: InputError | None = None


def keep_updated(library: Library, fmt: str, path: Path | str, query: str = "") -> AutoExport:
    """Record ``path`` as kept up to date in ``fmt`` with the references ``query`` matches,
    and write it now. Setting up the same path again replaces its format and query.

    Raises:
        InputError: unknown format, a malformed query, a file in the library's folder, a
            library open read-only, or the file cannot be written.
    """
    check_format(fmt)
    target = Path(path).expanduser().absolute()
    check_user_file(target, library.folder)
    library.search.count(query)  # a malformed query fails here, before anything is recorded
    library.exports.add_auto_export(str(target), fmt, query)
    kept = next(e for e in library.exports.auto_exports() if e.path == str(target))
    update(library, kept)
    return kept


def kept_files(library: Library) -> list[AutoExport]:
    """The files kept up to date."""
    return library.exports.auto_exports()


def stop_keeping(library: Library, path: Path | str) -> bool:
    """Stop keeping ``path`` up to date (the file stays); whether it was kept."""
    return library.exports.remove_auto_export(str(Path(path).expanduser().absolute()))


def render(library: Library, kept: AutoExport) -> bytes:
    """The bytes the kept file should hold now."""
    from refmanager.formats import format_string

    ids = library.search.search_ids(kept.query)
    text = format_string(kept.format, iter_references(library, ids))
    return text.encode("utf-8-sig" if kept.format == "csv" else "utf-8")


def update(library: Library, kept: AutoExport) -> bool:
    """Rewrite one kept file if what it should hold changed; whether it was rewritten.

    Raises:
        InputError: the query no longer compiles, the path leads into the library's folder
            now, or the file cannot be written.
    """
    target = Path(kept.path)
    check_user_file(target, library.folder)  # again: the path may be a link by now
    data = render(library, kept)
    try:
        if target.read_bytes() == data:
            return False
    except OSError:
        pass  # missing or unreadable: written anew
    with user_file(target, library.folder) as out:
        out.write(data)
    if not library.read_only:
        library.exports.auto_export_written(kept.id)
    return True


def update_all(library: Library) -> list[Rewrite]:
    """:func:`update` every kept file; one :class:`Rewrite` each (errors are reported, the
    other files are still updated)."""
    done: list[Rewrite] = []
    for kept in library.exports.auto_exports():
        try:
            done.append(Rewrite(Path(kept.path), update(library, kept)))
        except InputError as exc:
            done.append(Rewrite(Path(kept.path), False, exc))
    return done


class Watcher:
    """Keeps a library's kept files up to date while it runs, on a connection of its own.

    ``run`` blocks (the ``watch`` command); ``start``/``stop`` run it on a thread (the
    window). ``on_pass`` receives what each pass that did something did (files rewritten,
    errors not reported before); it is called on the watcher's thread.
    """

    def __init__(
        self,
        folder: Path,
        *,
        poll: float = POLL_SECONDS,
        on_pass: Callable[[list[Rewrite]], None] | None = None,
    ) -> None:
        self.folder = folder
        self.poll = poll
        self.on_pass = on_pass
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._errors: dict[Path, str] = {}  # the last error reported for each file

    def run(self) -> None:
        """Watch until :meth:`stop` (or KeyboardInterrupt)."""
        with open_library(self.folder, create=False) as library:
            seen: int | None = None
            checked = 0.0
            while not self._stop.is_set():
                version = library.exports.data_version()
                now = time.monotonic()
                if version != seen or now - checked >= RECHECK_SECONDS:
                    seen, checked = version, now
                    try:
                        done = update_all(library)
                    except sqlite3.Error as exc:  # locked past the timeout, I/O error: next pass
                        error = InputError(str(self.folder), f"cannot read the library: {exc}")
                        done = [Rewrite(self.folder, False, error)]
                        seen = None  # try again on the next pass
                    news = self._news(done)
                    if self.on_pass is not None and news:
                        self.on_pass(news)
                self._stop.wait(self.poll)

    def _news(self, done: list[Rewrite]) -> list[Rewrite]:
        """The rewrites of a pass, and its errors unless the same one was reported for the
        same file last time (a file that cannot be written is said once, not every pass)."""
        news: list[Rewrite] = []
        for rewrite in done:
            message = str(rewrite.error) if rewrite.error is not None else ""
            if message and self._errors.get(rewrite.path) == message:
                continue
            self._errors[rewrite.path] = message
            if rewrite.written or message:
                news.append(rewrite)
        return news

    def start(self) -> None:
        """Run on a background (daemon) thread."""
        if self._thread is not None:
            return
        self._stop.clear()
        self._thread = threading.Thread(target=self._run_quietly, name="auto-export", daemon=True)
        self._thread.start()

    def _run_quietly(self) -> None:
        try:
            self.run()
        except InputError as exc:  # the library went away or cannot be read
            if self.on_pass is not None:
                self.on_pass([Rewrite(self.folder, False, exc)])

    def stop(self, timeout: float = 10.0) -> None:
        """Ask the watcher to stop, and wait for its thread."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout)
            self._thread = None
