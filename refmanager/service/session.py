"""A front end's session on one library: everything a window reads and changes.

It owns the calling thread's connection, turns library records into the plain records of
:mod:`refmanager.service.views`, and makes each change as an undoable :class:`Change`
(``do`` returns what ``undo`` needs; ``changes`` says what it touched). Slow reads and
imports take a :class:`Task` (progress, partial results, cancellation) and open their own
connection on the thread that runs them. No Qt here: ``tests/service/test_session.py``
drives it directly.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeVar

from refmanager.library import (
    DeletedDocument,
    DeletedReferences,
    DeletedTag,
    Library,
    MergeRecord,
    ReferenceRow,
    stored_sha,
)
from refmanager.model import Attachment, InputError
from refmanager.service import (
    attachments,
    auto_export,
    citations,
    editing,
    exchange,
    fixing,
    importing,
    library_ops,
    page_links,
    training,
)
from refmanager.service.views import (
    STRUCTURE,
    TAGS,
    Change,
    Changes,
    DocumentEntry,
    DuplicatePair,
    ImportSummary,
    PrunePlan,
    RefInfo,
    SearchEntry,
    TableRow,
    TagEntry,
    plural,
)
from refmanager.service.workers import Cancelled, Task, WorkerProcess

__all__ = ["Cancelled", "Session", "Task"]

DOCUMENTS_SHOWN = 500  # the sidebar lists this many documents, newest first
DUPLICATES_SHOWN = 2000
SLOW_ROWS = 500  # tagging more references than this runs off the GUI thread
T = TypeVar("T")
POLL_SECONDS = 0.2
STEPS_PER_FILE = 1000  # an import's progress steps per file (a file's batches move within it)


def number_of(position: int, fragment: bool, printed: str) -> str:
    """The number a reference shows: its printed number or label, or its place in the list."""
    if fragment:
        return "…"  # the tail of an entry whose start is not in the document
    return printed or str(position + 1)


def describe_row(row: ReferenceRow) -> str:
    year = f" ({row.year})" if row.year else ""
    return f"{row.author}{year}. {row.title}. {row.venue}".strip(". ")


class Session:
    """One library opened for a front end, on the calling thread's connection."""

    def __init__(self, folder: Path, read_only: bool | None = None) -> None:
        """Open the library in ``folder``: read-only when it cannot be written (a read-only
        medium or folder), or when ``read_only`` is true."""
        self.folder = folder
        self.lib = library_ops.open_library(folder, read_only=read_only)
        # Every other connection opens the way the first did.
        self._read_only = True if self.lib.read_only else read_only
        self.use_processes = True  # read PDFs in worker processes when importing several
        self._reader_lib: Library | None = None  # the background reader's connection
        self._writer_lib: Library | None = None  # the background writer's connection
        self._watcher: auto_export.Watcher | None = None
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

    def keep_updated(self, fmt: str, path: Path, query: str = "") -> None:
        """:func:`auto_export.keep_updated` (rewritten by the watcher of
        :meth:`start_auto_export`)."""
        auto_export.keep_updated(self.lib, fmt, path, query)

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
        return library_ops.open_library(self.folder, read_only=self._read_only)

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
        if self.lib.read_only:
            with self.lib.transaction():  # refused at once: no transaction is begun
                pass

    # -- the table's row source ---------------------------------------------------------------
    def count(self, query: str) -> int:
        return self.lib.search.count(query)

    def rows(
        self, query: str, order_by: str, descending: bool, offset: int, limit: int
    ) -> list[TableRow]:
        return table_rows(self.lib, query, order_by, descending, offset=offset, limit=limit)

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
        """:meth:`rows` read on the (background) reader's connection."""
        return table_rows(self.reader(), query, order_by, descending, offset=offset, limit=limit)

    def count_in_reader(self, query: str) -> int:
        return self.reader().search.count(query)

    def documents_in_reader(self) -> int:
        return self.reader().documents.document_count()

    # -- reading ------------------------------------------------------------------------------
    def search_ids(self, query: str) -> list[int]:
        return self.lib.search.search_ids(query)

    def total(self) -> int:
        return self.lib.search.count("")

    def document_count(self) -> int:
        return self.lib.documents.document_count()

    def attachments(self, ref_id: int) -> list[Attachment]:
        """The links of one reference (``service.attachments``; nothing is opened)."""
        return attachments.attachments_of(self.lib, [ref_id]).get(ref_id, [])

    def stored(self, ref_id: int) -> RefInfo | None:
        """A reference for the editor (None when it is gone)."""
        try:
            s = self.lib.references.reference(ref_id)
        except KeyError:
            return None
        ref = s.reference
        printed = ref.label if ref.citation_number is None else str(ref.citation_number)
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
        out = []
        for d in self.lib.documents.documents(limit=DOCUMENTS_SHOWN):
            authors = ", ".join(n.sort_key() for n in d.meta.authors[:3])
            if len(d.meta.authors) > 3:
                authors += " et al."
            out.append(
                DocumentEntry(
                    d.id,
                    d.display_title,
                    authors,
                    d.meta.year,
                    d.reference_count,
                    d.status,
                    d.message,
                )
            )
        return out

    def document_path(self, document_id: int) -> Path | None:
        try:
            return self.lib.documents.file_path(document_id)
        except KeyError:
            return None

    def tags(self) -> list[TagEntry]:
        return [
            TagEntry(t.name, t.reference_count + t.document_count, t.colour)
            for t in self.lib.tags.tags()
        ]

    def saved_searches(self) -> list[SearchEntry]:
        return [SearchEntry(s.name, s.query) for s in self.lib.saved_searches.saved_searches()]

    def save_search(self, name: str, query: str) -> None:
        self.lib.saved_searches.save_search(name, query)

    def delete_saved_search(self, name: str) -> None:
        self.lib.saved_searches.delete_saved_search(name)

    def suggest(self, query: str) -> list[str]:
        try:
            return [s.text for s in self.lib.search.suggest(query, limit=3)]
        except InputError:
            return []

    @staticmethod
    def query_help() -> str:
        return library_ops.query_help()

    def locate(self, document_id: int, page: int, x: float, y: float) -> int | None:
        return page_links.reference_at(self.lib, document_id, page, x, y)

    # -- changes (each an undoable Change) ----------------------------------------------------
    def edit_field(self, ref_id: int, name: str, value: str) -> Change[editing.Correction]:
        """Set a field as the user typed it (kept as a training example for the parser).

        Raises:
            InputError: the value cannot be stored in that field.
        """
        if name == "issued" and value and not value[:4].isdigit():
            raise InputError("year", f"'{value}' is not a year")
        label = name.replace("container-title", "container").replace("issued", "year")
        return Change(
            f"edit {label}",
            lambda lib: editing.correct_field(lib, ref_id, name, value),
            editing.undo_correction,
            Changes.of_rows([ref_id]) | Changes(duplicates=True),
        )

    def assign_span(
        self, ref_id: int, name: str, start: int, end: int
    ) -> Change[editing.Correction]:
        """Give a span of the raw text to a field."""
        return Change(
            f"assign text to {name}",
            lambda lib: editing.assign_span(lib, ref_id, name, start, end),
            editing.undo_correction,
            Changes.of_rows([ref_id]) | Changes(duplicates=True),
        )

    def reparse(self, ids: Sequence[int]) -> Change[list[dict[str, Any]]]:
        clean = list(ids)
        return Change(
            f"re-parse {plural(len(clean), 'reference')}",
            lambda lib: self.worker.call(editing.reparse_in_folder, lib.folder, clean),
            editing.restore_references,
            Changes.of_rows(clean) | Changes(duplicates=True),
            slow=True,
        )

    def tag(self, ids: Sequence[int], tag: str, add: bool = True) -> Change[list[int]]:
        """Add (or remove) a tag on references; undo takes it from those it changed only."""
        chosen = list(ids)

        def apply(lib: Library, refs: list[int], on: bool) -> list[int]:
            if on:
                return lib.tags.tag_references(refs, tag)
            return lib.tags.untag_references(refs, tag)

        return Change(
            f"{'tag' if add else 'untag'} {len(chosen)} as {tag}",
            lambda lib: apply(lib, chosen, add),
            lambda lib, changed: apply(lib, changed, not add),
            Changes(rows=frozenset(chosen), sidebar=True),
            slow=len(chosen) > SLOW_ROWS,
        )

    def set_tag_colour(self, tag: str, colour: str) -> Change[str]:
        return Change(
            f"colour tag {tag}",
            lambda lib: lib.tags.set_tag_colour(tag, colour),
            lambda lib, previous: lib.tags.set_tag_colour(tag, previous),
            TAGS,
        )

    def rename_tag(self, old: str, new: str) -> Change[None]:
        return Change(
            f"rename tag {old}",
            lambda lib: lib.tags.rename_tag(old, new),
            lambda lib, _none: lib.tags.rename_tag(new, old),
            TAGS,
        )

    def delete_tag(self, tag: str) -> Change[DeletedTag]:
        return Change(
            f"delete tag {tag}",
            lambda lib: lib.tags.delete_tag(tag),
            lambda lib, snapshot: lib.tags.restore_tag(snapshot),
            TAGS,
        )

    def delete(self, ids: Sequence[int]) -> Change[DeletedReferences]:
        """Delete references; the undo gives them back with their tags, marks and notes."""
        chosen = list(ids)
        return Change(
            f"delete {plural(len(chosen), 'reference')}",
            lambda lib: lib.references.delete_references(chosen),
            lambda lib, snapshot: lib.references.restore_references(snapshot),
            STRUCTURE,
            slow=True,
        )

    def set_note(self, ref_id: int, text: str) -> Change[str]:
        """Write the user's note on a reference (an empty text removes it)."""
        return Change(
            "edit note",
            lambda lib: lib.notes.set_note(ref_id, text),
            lambda lib, previous: lib.notes.set_note(ref_id, previous),
            Changes.of_rows([ref_id]),
        )

    def merge(
        self, keep: int, others: Sequence[int], choices: dict[str, int]
    ) -> Change[MergeRecord]:
        """Merge ``others`` into ``keep``; ``choices`` maps a field to the reference id whose
        value wins."""
        rest = list(others)
        return Change(
            "merge duplicates",
            lambda lib: lib.duplicates.merge_references(keep, rest, choices),
            lambda lib, record: lib.duplicates.undo_merge(record),
            STRUCTURE,
            slow=True,
        )

    def not_duplicate(self, a: int, b: int) -> Change[None]:
        return Change(
            "mark not a duplicate",
            lambda lib: lib.duplicates.mark_not_duplicate(a, b),
            lambda lib, _none: lib.duplicates.unmark_not_duplicate(a, b),
            Changes(duplicates=True),
        )

    def add_texts(self, texts: Sequence[str]) -> Change[list[int]]:
        """Pasted reference strings parsed and added without a document."""
        chosen = list(texts)
        return Change(
            f"paste {plural(len(chosen), 'reference')}",
            lambda lib: self.worker.call(editing.add_texts_in_folder, lib.folder, chosen),
            lambda lib, ids: lib.references.delete_references(ids),
            STRUCTURE,
            slow=True,
        )

    def remove_document(self, document_id: int) -> Change[DeletedDocument]:
        return Change(
            "remove document",
            lambda lib: lib.documents.delete_document(document_id),
            lambda lib, snapshot: lib.documents.restore_document(snapshot),
            replace(STRUCTURE, documents=frozenset([document_id])),
            slow=True,
        )

    def imported(self, summary: ImportSummary) -> Change[ImportSummary]:
        """The undo of an import that already ran (its ``do`` is the redo)."""
        return Change(
            f"import {summary.describe()}",
            lambda lib: _redo_import(lib, summary),
            _undo_import,
            replace(STRUCTURE, documents=frozenset(summary.document_ids)),
            slow=True,
        )

    # -- fixing an extraction (see service.fixing) --------------------------------------------
    def extract_between(
        self, document_id: int, start: fixing.Mark, end: fixing.Mark
    ) -> Change[fixing.Extracted]:
        """Read the document's list again between the user's marks (replaces its references)."""
        return Change(
            "extract between the marks",
            lambda lib: fixing.extract_between(lib, document_id, start, end),
            fixing.undo_extract,
            replace(STRUCTURE, documents=frozenset([document_id])),
            slow=True,
        )

    def merge_rows(self, ids: Sequence[int]) -> Change[fixing.Joined]:
        """Two rows into one entry: the two given, or one and the next in its document."""
        chosen = list(dict.fromkeys(ids))
        if len(chosen) not in (1, 2):
            raise InputError("merge", "choose one row (to merge with the next) or two rows")

        def do(lib: Library) -> fixing.Joined:
            second = chosen[1] if len(chosen) == 2 else fixing.next_in_document(lib, chosen[0])
            return fixing.join(lib, chosen[0], second)

        return Change("merge rows into one entry", do, fixing.undo_join, STRUCTURE, slow=True)

    def split_row(self, ref_id: int, offset: int) -> Change[fixing.Split]:
        """Cut a row in two at ``offset`` in its raw text."""
        return Change(
            "split the entry",
            lambda lib: fixing.split(lib, ref_id, offset),
            fixing.undo_split,
            STRUCTURE,
            slow=True,
        )

    def not_reference(self, ids: Sequence[int]) -> Change[fixing.Rejected]:
        """Remove rows that are not references (kept as negative examples for layout)."""
        chosen = list(dict.fromkeys(ids))
        return Change(
            f"mark {plural(len(chosen), 'row')} not a reference",
            lambda lib: fixing.reject(lib, chosen),
            fixing.undo_reject,
            STRUCTURE,
            slow=True,
        )

    # -- import (worker thread) ---------------------------------------------------------------
    @staticmethod
    def importable(paths: Sequence[Path]) -> list[Path]:
        """The files an import of ``paths`` would read (folders searched)."""
        return importing.collect_paths(paths)[0]

    def import_files(self, paths: Sequence[Path], task: Task) -> ImportSummary:
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
            )
        task.check()
        return ImportSummary.of(report)

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
        def progress(done: int, total: int) -> None:
            task.check()
            task.progress(done, total, "Comparing references")

        with self.open_connection() as lib:
            found = lib.duplicates.find_duplicates(progress=progress)
            ids = sorted({c.a for c in found} | {c.b for c in found})
            rows = {r.id: r for r in lib.search.rows(ids)}
        out = []
        for c in found[:DUPLICATES_SHOWN]:
            a, b = rows.get(c.a), rows.get(c.b)
            if a is not None and b is not None:
                out.append(
                    DuplicatePair(c.a, c.b, c.score, c.reasons, describe_row(a), describe_row(b))
                )
        return out

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

    # -- the library's files --------------------------------------------------------------------
    def prune_plan(self, restorable: Iterable[object] = ()) -> PrunePlan:
        """The library's own stored files no document refers to: what :meth:`prune_files`
        would delete, shown to the user to agree to first.

        ``restorable``: the undo tokens of the changes a front end can still undo or redo
        (a window's undo stack). The stored file of a deleted document one of them would
        bring back is kept out of ``delete`` (it is in ``kept``): the undo restores the
        document's row, and its PDF must still be there.
        """
        keep = {str(d.row.get("sha256")) for d in restorable_documents(restorable)}
        plan = library_ops.prune_plan(self.lib)
        return PrunePlan(
            delete=[p for p in plan if stored_sha(p.name) not in keep],
            kept=[p for p in plan if stored_sha(p.name) in keep],
        )

    def prune_files(self, agreed: Sequence[Path]) -> list[Path]:
        """:func:`library_ops.prune_files`. Not undoable: ask first."""
        return library_ops.prune_files(self.lib, agreed)

    def bibtex(self, ids: Sequence[int]) -> str:
        """The references as an export writes them (their stable keys), for the clipboard."""
        return exchange.format_library_references(self.lib, ids, "bibtex")

    def citations(self, ids: Sequence[int]) -> str:
        return citations.citations(s.reference for s in self.lib.references.references(list(ids)))


def restorable_documents(tokens: Iterable[object]) -> Iterator[DeletedDocument]:
    """The deleted documents that undoing or redoing the changes of these undo tokens would
    bring back: a removed document (its undo), an undone import's documents (its redo)."""
    for token in tokens:
        if isinstance(token, DeletedDocument):
            yield token
        elif isinstance(token, ImportSummary):
            yield from restorable_documents(token.snapshots)
        elif isinstance(token, (tuple, list)):
            yield from restorable_documents(token)


def _undo_import(lib: Library, summary: ImportSummary) -> None:
    # notes written since the import come back with a redo (in the snapshots)
    with lib.transaction():
        summary.snapshots = [
            lib.documents.delete_document(d) for d in reversed(summary.document_ids)
        ]
        if summary.reference_ids:
            summary.snapshots.append(lib.references.delete_references(summary.reference_ids))


def _redo_import(lib: Library, summary: ImportSummary) -> ImportSummary:
    with lib.transaction():
        for snap in reversed(summary.snapshots):
            if isinstance(snap, DeletedReferences):
                lib.references.restore_references(snap)
            elif isinstance(snap, DeletedDocument):
                lib.documents.restore_document(snap)
    summary.snapshots = []
    return summary


def table_rows(
    lib: Library, query: str, order_by: str, descending: bool, *, offset: int, limit: int
) -> list[TableRow]:
    """A page of the references table as display rows.

    Raises:
        InputError: a malformed query.
    """
    page = library_ops.table_page(lib, query, order_by, descending, offset=offset, limit=limit)
    out: list[TableRow] = []
    for row, x in page:
        out.append(
            TableRow(
                id=row.id,
                number=number_of(row.position, bool(x and x.fragment), x.number if x else ""),
                authors=row.author,
                year="" if row.year is None else str(row.year),
                title=row.title,
                container=row.venue,
                volume=x.volume if x else "",
                issue=x.issue if x else "",
                pages=x.page if x else "",
                doi=x.doi if x and x.doi else row.doi,
                tags=list(x.tags) if x else [],
                confidence=row.confidence,
                field_confidence=dict(x.confidence) if x else {},
                edited=row.edited,
                document_id=row.document_id,
                fragment=bool(x and x.fragment),
                source=row.document_title,
            )
        )
    return out
