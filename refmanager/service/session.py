"""A front end's session on one library: the connections, the reads a window shows, and
the slow use cases that run on a worker thread.

It owns the calling thread's connection, a background reader's and a background writer's,
and the worker process the window's re-parses and pastes run in (``service.workers``). It
turns library records into the plain records of :mod:`refmanager.service.views`. The
changes themselves are module functions of the service that return an undoable
:class:`Change` (``tags.rename_tag``, ``editing.reparse``, ``duplicates.merge``, ...): the
window runs them through its undo stack (``gui/commands.py``), a script or a test through
:meth:`Session.run`. Slow reads and imports take a :class:`Task` (progress, partial results,
cancellation) and open their own connection on the thread that runs them. No Qt here:
``tests/service/test_session.py`` drives it directly.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TypeVar

from refmanager.library import Library
from refmanager.service import (
    auto_export,
    collections,
    duplicates,
    exchange,
    importing,
    outside_changes,
    training,
)
from refmanager.service.opening import open_library
from refmanager.service.search import number_of, table_rows
from refmanager.service.views import (
    Change,
    Changes,
    CollectionEntry,
    DocumentEntry,
    DuplicatePair,
    RefInfo,
    SearchEntry,
    SidebarContents,
    TableRow,
    TagEntry,
)
from refmanager.service.workers import Cancelled, Task, WorkerProcess

__all__ = ["Cancelled", "Session", "Task"]

DOCUMENTS_SHOWN = 500  # the sidebar lists this many documents, newest first
T = TypeVar("T")
STEPS_PER_FILE = 1000  # an import's progress steps per file (a file's batches move within it)


def sidebar_documents(lib: Library) -> list[DocumentEntry]:
    """The sidebar's documents, newest first."""
    out = []
    for d in lib.documents.documents(limit=DOCUMENTS_SHOWN):
        authors = ", ".join(n.sort_key() for n in d.meta.authors[:3])
        if len(d.meta.authors) > 3:
            authors += " et al."
        out.append(
            DocumentEntry(
                d.id, d.display_title, authors, d.meta.year, d.reference_count, d.status, d.message
            )
        )
    return out


def sidebar_tags(lib: Library) -> list[TagEntry]:
    """The sidebar's tags with their counts."""
    return [
        TagEntry(t.name, t.reference_count + t.document_count, t.colour) for t in lib.tags.tags()
    ]


def sidebar_searches(lib: Library) -> list[SearchEntry]:
    """The sidebar's saved searches."""
    return [SearchEntry(s.name, s.query) for s in lib.saved_searches.saved_searches()]


class LibraryReads:
    """What a window shows of the library, read on one connection: the background
    reader's (:meth:`Session.reads`) or a job's own (:meth:`Session.own_reads`). In a
    library of a million references counting them, or a tag's, takes tens of
    milliseconds: never on the GUI thread while an import runs or when it ends."""

    def __init__(self, lib: Library) -> None:
        self.lib = lib

    def count(self, query: str) -> int:
        return self.lib.search.count(query)

    def document_count(self) -> int:
        return self.lib.documents.document_count()

    def rows(
        self, query: str, order_by: str, descending: bool, offset: int, limit: int
    ) -> list[TableRow]:
        return table_rows(self.lib, query, order_by, descending, offset=offset, limit=limit)

    def sidebar(self) -> SidebarContents:
        return SidebarContents(
            sidebar_documents(self.lib),
            sidebar_tags(self.lib),
            sidebar_searches(self.lib),
            collections.collection_tree(self.lib),
        )


class Session:
    """One library opened for a front end, on the calling thread's connection."""

    def __init__(self, folder: Path, read_only: bool | None = None) -> None:
        """Open the library in ``folder``: read-only when it cannot be written (a read-only
        medium or folder), or when ``read_only`` is true."""
        self.folder = folder
        self.lib = open_library(folder, read_only=read_only)
        # Every other connection opens the way the first did.
        self._read_only = True if self.lib.read_only else read_only
        self.use_processes = True  # read PDFs in worker processes (False: on the thread)
        self._reader_lib: Library | None = None  # the background reader's connection
        self._writer_lib: Library | None = None  # the background writer's connection
        self._watcher: auto_export.Watcher | None = None
        self._outside = outside_changes.OutsideChanges()  # read on the reader's connection
        self._auto_export_problems: list[str] = []
        # re-parse and paste run here, out of the front end's process (parser and writing)
        self.worker = WorkerProcess("refmanager-parser")

    def start_auto_export(self) -> None:
        """Keep the library's kept-up-to-date files (``export --keep-updated``) in step
        while the session is open, on a thread and connection of their own; the problems
        met are kept for :meth:`auto_export_problems`."""
        if self._watcher is None:
            self._watcher = auto_export.Watcher(self.folder, on_pass=self._auto_exported)
            self._watcher.start()

    def _auto_exported(self, done: list[auto_export.Rewrite]) -> None:  # the watcher's thread
        self._auto_export_problems.extend(str(r.error) for r in done if r.error is not None)

    def auto_export_problems(self) -> list[str]:
        """The problems the kept-up-to-date files met since last asked (then forgotten)."""
        problems, self._auto_export_problems = self._auto_export_problems, []
        return problems

    def close(self) -> None:
        """Close the connections (call when no background reader runs any more)."""
        if self._watcher is not None:
            self._watcher.stop()
            self._watcher = None
        self.worker.close()
        for background in (self._reader_lib, self._writer_lib):
            if background is not None:
                background.close()
        self._reader_lib = self._writer_lib = None
        self.lib.close()

    def writer(self) -> Library:
        """The background writer's own connection (slow changes), opened on first use and
        kept; only the one writer thread calls this."""
        if self._writer_lib is None:
            self._writer_lib = self.open_connection()
        return self._writer_lib

    def run(self, change: Change[T]) -> T:
        """Make ``change`` on this thread's connection (what a script or a test does)."""
        return change.do(self.lib)

    def open_connection(self) -> Library:
        """Another connection to the library, for a worker thread (the caller closes it)."""
        return open_library(self.folder, read_only=self._read_only)

    @property
    def read_only(self) -> bool:
        """Whether the library is open read-only: it can be searched, read and exported;
        every change is refused."""
        return self.lib.read_only

    def check_writable(self) -> None:
        """Refuse a change before it starts when the library is open read-only.

        Raises:
            InputError: the library is open read-only (the library's own message).
        """
        if self.lib.read_only or self.lib.sync.refusing():
            with self.lib.transaction():  # refused at once: no transaction is begun
                pass

    # -- the table's row source (``gui.table_model``'s RowSource and ViewSource) --------------
    def count(self, query: str) -> int:
        return self.lib.search.count(query)

    def rows(
        self, query: str, order_by: str, descending: bool, offset: int, limit: int
    ) -> list[TableRow]:
        return table_rows(self.lib, query, order_by, descending, offset=offset, limit=limit)

    def count_in_reader(self, query: str) -> int:
        return self.reader().search.count(query)

    # -- reads the window shows ----------------------------------------------------------------
    def reader(self) -> Library:
        """The background reader's own connection, opened on first use and kept.

        Only one reader thread calls this, one job at a time.
        """
        if self._reader_lib is None:
            self._reader_lib = self.open_connection()
        return self._reader_lib

    def read_rows(
        self, query: str, order_by: str, descending: bool, offset: int, limit: int
    ) -> list[TableRow]:
        """A page of the references table, read on the (background) reader's connection."""
        return table_rows(self.reader(), query, order_by, descending, offset=offset, limit=limit)

    def reads(self) -> LibraryReads:
        """What the window shows, read on the background reader's connection."""
        return LibraryReads(self.reader())

    @contextlib.contextmanager
    def own_reads(self) -> Iterator[LibraryReads]:
        """What the window shows, read on a connection of the calling thread's own (a job's,
        at its end), closed after."""
        lib = self.open_connection()
        try:
            yield LibraryReads(lib)
        finally:
            lib.close()

    # -- changes made by other processes (see service.outside_changes) --------------------------
    def data_version(self) -> int:
        """:func:`outside_changes.moved` on this thread's connection (cheap: poll it)."""
        return outside_changes.moved(self.lib)

    def outside_changes(self) -> Changes:
        """What changed since last seen, read on the background reader's connection."""
        return self._outside.changes(self.reader())

    def catch_up_outside(self) -> None:
        """Take the library as seen now (after the front end's own change), on the
        background reader's connection."""
        self._outside.catch_up(self.reader())

    def stored(self, ref_id: int) -> RefInfo | None:
        """A reference for the editor (None when it is gone)."""
        try:
            s = self.lib.references.reference(ref_id)
        except KeyError:
            return None
        ref = s.reference
        printed = ref.label or ("" if ref.citation_number is None else str(ref.citation_number))
        heading = f"Reference {number_of(s.position, ref.fragment, printed)}"
        if s.document_id is not None:
            try:
                doc = self.lib.documents.document(s.document_id)
                heading += f" of “{doc.display_title}”"
            except KeyError:
                pass
        if s.edited:
            heading += f" · edited: {', '.join(sorted(s.edited))}"
        if s.tags:
            heading += f" · tags: {', '.join(s.tags)}"
        return RefInfo(
            s.id, s.reference, s.document_id, s.edited, s.tags, heading, self.lib.notes.note(ref_id)
        )

    def documents(self) -> list[DocumentEntry]:
        """The sidebar's documents, newest first."""
        return sidebar_documents(self.lib)

    def document_path(self, document_id: int) -> Path | None:
        """A document's stored PDF (None when the document or its file is gone)."""
        try:
            return self.lib.documents.file_path(document_id)
        except KeyError:
            return None

    def tags(self) -> list[TagEntry]:
        """The sidebar's tags with their counts."""
        return sidebar_tags(self.lib)

    def collections(self) -> list[CollectionEntry]:
        """The collections, parents before children (``collections.collection_tree``)."""
        return collections.collection_tree(self.lib)

    def saved_searches(self) -> list[SearchEntry]:
        """The sidebar's saved searches."""
        return sidebar_searches(self.lib)

    def sidebar(self) -> SidebarContents:
        """Everything the sidebar lists, read on this thread's connection."""
        return LibraryReads(self.lib).sidebar()

    # -- import (worker thread) ---------------------------------------------------------------
    def import_files(self, paths: Sequence[Path], task: Task) -> importing.ImportReport:
        """Import files and folders on the calling (worker) thread, on its own connection,
        through the one import use case (``service.importing``). Each file is handed over
        (``task.partial``, an ``ImportItem``) as soon as it is stored, and each batch of a
        bibliography file as it is stored (an ``exchange.FileProgress``). Progress counts
        ``STEPS_PER_FILE`` steps a file, so a big .bib moves the bar batch by batch.

        Raises:
            Cancelled: the user cancelled (the documents already stored stay).
        """

        found, bad = importing.collect_paths(paths)
        total = len(found) + len(bad)
        files_done = 0

        def progress(done: int, total: int, item: importing.ImportItem) -> None:
            nonlocal files_done
            files_done = done
            task.partial(item)
            message = f"Imported {item.path.name} ({done}/{total})"
            task.progress(done * STEPS_PER_FILE, total * STEPS_PER_FILE, message)

        def file_progress(state: exchange.FileProgress) -> None:
            # a batch of a bibliography file is stored: its rows can be shown, and the bar
            # moves on by the part of the file read (the current file is files_done + 1)
            task.partial(state)
            part = state.bytes_done / state.bytes_total if state.bytes_total > 0 else 0.0
            step = min(STEPS_PER_FILE - 1, int(part * STEPS_PER_FILE))
            task.progress(
                files_done * STEPS_PER_FILE + step,
                total * STEPS_PER_FILE,
                f"Importing {state.path.name}: {state.references:,} references stored",
            )

        with self.open_connection() as lib:
            task.progress(0, 0, "Reading")
            report = importing.import_paths(
                lib,
                list(paths),
                jobs=None if self.use_processes else 1,
                progress=progress,
                cancelled=lambda: task.cancelled,
                file_progress=file_progress,
                work_apart=True,  # PDFs and large files are read in worker processes
            )
        task.check()
        return report

    # -- training (worker thread, in a process of its own) -----------------------------------
    def retrain(self, task: Task) -> tuple[int, dict[str, float]]:
        """Train the library's parser model on its field corrections and its line model on
        its layout corrections, in a separate process (a minute or two of work that must not
        hold the window's GIL). Cancel stops the trainer at once.
        """
        task.progress(0, 0, "Training with your corrections (a minute or two)")
        trainer = WorkerProcess("refmanager-trainer")
        try:
            return trainer.call(training.retrain_reported, self.folder, task=task)
        finally:
            trainer.close()

    # -- duplicates (worker thread) -----------------------------------------------------------
    def find_duplicates(self, task: Task) -> list[DuplicatePair]:
        """:func:`duplicates.find_pairs` on a connection of the calling (worker) thread."""

        def progress(done: int, total: int) -> None:
            task.check()
            task.progress(done, total, "Comparing references")

        with self.open_connection() as lib:
            return duplicates.find_pairs(lib, progress)

    # -- export and clipboard -----------------------------------------------------------------
    def export(
        self,
        fmt: str,
        path: Path,
        ids: Sequence[int] | None = None,
        query: str = "",
        task: Task | None = None,
    ) -> int:
        """Write references (``ids``, else those matching ``query``) to ``path``; how many.

        With a ``task`` it runs in a worker process of its own, on its own connection
        (formatting a large export is seconds of CPU the window's process keeps), streams
        the references a batch at a time, reports each batch and stops at Cancel.

        Raises:
            InputError: unknown format, malformed query, or the file cannot be written.
        """
        chosen = None if ids is None else list(ids)
        if task is None:
            return exchange.export(self.lib, fmt, path, ids=chosen, query=query)
        task.progress(0, 0, f"Exporting to {path.name}")
        exporter = WorkerProcess("refmanager-exporter")
        try:
            return exporter.call(
                exchange.export_in_folder,
                self.folder,
                fmt,
                path,
                ids=chosen,
                query=query,
                task=task,
            )
        finally:
            exporter.close()
