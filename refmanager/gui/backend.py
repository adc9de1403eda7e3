"""The window's one door to the library: a thin adapter over ``refmanager.service``.

It owns the main thread's library connection, turns service records into what the widgets
show (``TableRow``, sidebar entries), and returns undo tokens for the window's commands.
Every use case it runs is a service function the CLI calls too; background work (import,
duplicates) opens its own connection in the worker thread.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass, field
from pathlib import Path

from refmanager.gui.jobs import JobContext
from refmanager.gui.sidebar import DocumentEntry, SearchEntry, TagEntry
from refmanager.gui.table_model import PAGE_SIZE, PageRequest, TableRow
from refmanager.library import DeletedReferences, Library, MergeRecord, ReferenceRow
from refmanager.model import InputError, Reference
from refmanager.service import (
    citations,
    editing,
    exchange,
    importing,
    library_ops,
    page_links,
    training,
)
from refmanager.service.importing import ImportItem


@dataclass(slots=True)
class RefInfo:
    """A whole reference for the entry editor and the PDF link."""

    id: int
    reference: Reference
    document_id: int | None
    edited: frozenset[str]
    tags: list[str]
    heading: str


@dataclass(slots=True, frozen=True)
class DuplicatePair:
    a: int
    b: int
    score: float
    reasons: tuple[str, ...]
    left_text: str
    right_text: str


@dataclass(slots=True)
class ImportSummary:
    """What an import job did; also the undo state of its command."""

    document_ids: list[int] = field(default_factory=list)
    reference_ids: list[int] = field(default_factory=list)  # added without a document
    already: list[Path] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    references_added: int = 0
    token: object | None = None
    snapshots: list[object] = field(default_factory=list)

    @classmethod
    def of(cls, report: importing.ImportReport) -> ImportSummary:
        """The window's view of an import: what to undo and what to say."""
        out = cls()
        for item in report.items:
            out.references_added += item.references
            if item.status == "already":
                out.already.append(item.path)
            elif item.status == importing.FAILED:
                out.failed.extend(item.lines())
            if item.created and item.document_id is not None:
                out.document_ids.append(item.document_id)
            out.reference_ids.extend(item.reference_ids)
        return out

    def describe(self) -> str:
        parts = []
        if self.document_ids:
            n = len(self.document_ids)
            parts.append(f"{n} document{'s' if n > 1 else ''}")
        parts.append(f"{self.references_added} references")
        if self.already:
            parts.append(f"{len(self.already)} already there")
        if self.failed:
            parts.append(f"{len(self.failed)} failed")
        return ", ".join(parts)


def _number(row_position: int, ref: Reference | None) -> str:
    if ref is not None and ref.fragment:
        return "…"  # the tail of an entry whose start is not in the document
    if ref is not None:
        if ref.citation_number is not None:
            return str(ref.citation_number)
        if ref.label:
            return ref.label
    return str(row_position + 1)


class Backend:
    """Everything the window reads and writes, on the main thread's connection."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.lib = library_ops.open_library(folder)
        self.use_processes = True  # read PDFs in worker processes when importing several
        self._reader_lib: Library | None = None  # the background reader's connection
        self._total: int | None = None

    def close(self) -> None:
        """Close the connections (call when no background reader runs any more)."""
        if self._reader_lib is not None:
            self._reader_lib.close()
            self._reader_lib = None
        self.lib.close()

    # -- the table's row source ---------------------------------------------------------------
    def count(self, query: str) -> int:
        return self.lib.count(query)

    def rows(
        self, query: str, order_by: str, descending: bool, offset: int, limit: int
    ) -> list[TableRow]:
        return self._rows(self.lib, query, order_by, descending, offset=offset, limit=limit)

    def reader(self) -> Library:
        """The background reader's own connection, opened on first use and kept.

        Only the window's single reader thread calls this, one job at a time (a
        ``threading.local`` would not do: PySide6 gives each run of a pool thread a fresh
        Python thread state, so the connection would be opened again for every page).
        """
        if self._reader_lib is None:
            self._reader_lib = library_ops.open_library(self.folder)
        return self._reader_lib

    def read_page(self, request: PageRequest) -> list[TableRow]:
        """A page of the table read on the calling (background) thread."""
        return self._rows(
            self.reader(),
            request.query,
            request.order_by,
            request.descending,
            offset=request.offset,
            limit=PAGE_SIZE,
        )

    def count_in_reader(self, query: str) -> int:
        return self.reader().count(query)

    @staticmethod
    def _rows(
        lib: Library, query: str, order_by: str, descending: bool, *, offset: int, limit: int
    ) -> list[TableRow]:
        page = library_ops.table_page(lib, query, order_by, descending, offset=offset, limit=limit)
        out: list[TableRow] = []
        for row, x in page:
            number = str(row.position + 1)
            if x is not None and x.fragment:
                number = "…"  # the tail of an entry whose start is not in the document
            elif x is not None and x.number:
                number = x.number
            out.append(
                TableRow(
                    id=row.id,
                    number=number,
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
                )
            )
        return out

    # -- reading ------------------------------------------------------------------------------
    def search_ids(self, query: str) -> list[int]:
        return self.lib.search_ids(query)

    def total(self) -> int:
        return self.lib.count("")

    def document_count(self) -> int:
        return self.lib.document_count()

    def stored(self, ref_id: int) -> RefInfo | None:
        try:
            s = self.lib.reference(ref_id)
        except KeyError:
            return None
        heading = f"Reference {_number(s.position, s.reference)}"
        if s.document_id is not None:
            try:
                doc = self.lib.document(s.document_id)
                heading += f" of “{doc.display_title}”"
            except KeyError:
                pass
        if s.edited:
            heading += f" · edited: {', '.join(sorted(s.edited))}"
        if s.tags:
            heading += f" · tags: {', '.join(s.tags)}"
        return RefInfo(s.id, s.reference, s.document_id, s.edited, s.tags, heading)

    def documents(self) -> list[DocumentEntry]:
        out = []
        for d in self.lib.documents(limit=500):
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
        return self.lib.file_path(document_id)

    def tags(self) -> list[TagEntry]:
        return [
            TagEntry(t.name, t.reference_count + t.document_count, t.colour)
            for t in self.lib.tags()
        ]

    def saved_searches(self) -> list[SearchEntry]:
        return [SearchEntry(s.name, s.query) for s in self.lib.saved_searches()]

    def save_search(self, name: str, query: str) -> None:
        self.lib.save_search(name, query)

    def suggest(self, query: str) -> list[str]:
        try:
            return [s.text for s in self.lib.suggest(query, limit=3)]
        except InputError:
            return []

    def query_help(self) -> str:
        return library_ops.query_help()

    def locate(self, document_id: int, page: int, x: float, y: float) -> int | None:
        return page_links.reference_at(self.lib, document_id, page, x, y)

    # -- editing (each returns an undo token) -------------------------------------------------
    @staticmethod
    def check_field(name: str, value: str) -> None:
        if name == "issued" and value and not value[:4].isdigit():
            raise InputError("year", f"'{value}' is not a year")

    def set_field(self, ref_id: int, name: str, value: str) -> object:
        return editing.correct_field(self.lib, ref_id, name, value)

    def undo_field(self, token: object) -> None:
        assert isinstance(token, editing.Correction)
        editing.undo_correction(self.lib, token)

    def assign_span(self, ref_id: int, name: str, start: int, end: int) -> object:
        return editing.assign_span(self.lib, ref_id, name, start, end)

    def undo_assign(self, token: object) -> None:
        assert isinstance(token, editing.SpanChange)
        editing.undo_span(self.lib, token)

    def reparse(self, ids: list[int]) -> object:
        return editing.reparse(self.lib, ids)

    def undo_reparse(self, token: object) -> None:
        assert isinstance(token, list)
        editing.restore_references(self.lib, token)

    def tag(self, ids: list[int], tag: str, add: bool) -> object:
        if add:
            return (tag, True, self.lib.tag_references(ids, tag))
        return (tag, False, self.lib.untag_references(ids, tag))

    def undo_tag(self, token: object) -> None:
        assert isinstance(token, tuple)
        tag, added, changed = token
        if added:
            self.lib.untag_references(changed, tag)
        else:
            self.lib.tag_references(changed, tag)

    def set_tag_colour(self, tag: str, colour: str) -> object:
        return (tag, self.lib.set_tag_colour(tag, colour))

    def undo_tag_colour(self, token: object) -> None:
        assert isinstance(token, tuple)
        self.lib.set_tag_colour(token[0], token[1])

    def rename_tag(self, old: str, new: str) -> object:
        self.lib.rename_tag(old, new)
        return (old, new)

    def undo_rename_tag(self, token: object) -> None:
        assert isinstance(token, tuple)
        self.lib.rename_tag(token[1], token[0])

    def delete_tag(self, tag: str) -> object:
        return self.lib.delete_tag(tag)

    def restore_tag(self, token: object) -> None:
        self.lib.restore_tag(token)  # type: ignore[arg-type]

    def delete_saved_search(self, name: str) -> None:
        self.lib.delete_saved_search(name)

    def delete(self, ids: list[int]) -> object:
        return self.lib.delete_references(ids)

    def restore(self, token: object) -> None:
        assert isinstance(token, DeletedReferences)
        self.lib.restore_references(token)

    def merge(self, keep: int, others: list[int], choices: dict[str, int]) -> object:
        """Merge ``others`` into ``keep``; ``choices`` maps a field to the reference id whose
        value wins."""
        return self.lib.merge_references(keep, others, choices)

    def undo_merge(self, token: object) -> None:
        assert isinstance(token, MergeRecord)
        self.lib.undo_merge(token)

    def not_duplicate(self, a: int, b: int) -> object:
        self.lib.mark_not_duplicate(a, b)
        return (a, b)

    def undo_not_duplicate(self, token: object) -> None:
        assert isinstance(token, tuple)
        self.lib.unmark_not_duplicate(token[0], token[1])

    def add_texts(self, texts: list[str]) -> object:
        return editing.add_texts(self.lib, texts)

    def remove_added(self, token: object) -> object:
        assert isinstance(token, list)
        return self.lib.delete_references(token)

    def remove_document(self, document_id: int) -> object:
        return self.lib.delete_document(document_id)

    def restore_document(self, token: object) -> None:
        self.lib.restore_document(token)  # type: ignore[arg-type]

    # -- import (worker thread) ---------------------------------------------------------------
    def importable(self, paths: Sequence[Path]) -> list[Path]:
        """The files an import of ``paths`` would read (folders searched)."""
        return importing.collect_paths(paths)[0]

    def import_files(self, paths: list[Path], ctx: JobContext) -> ImportSummary:
        """Import files and folders on the calling (worker) thread, on its own connection,
        through the one import use case (``service.importing``): PDFs are read in worker
        processes (none of that work holds this process's GIL, so the window stays
        responsive) and each file is handed to the window (``ctx.partial``, an
        ``ImportItem``) as soon as it is stored.
        """

        def progress(done: int, total: int, item: importing.ImportItem) -> None:
            ctx.partial(item)
            ctx.progress(done, total, f"Imported {item.path.name} ({done}/{total})")

        lib = library_ops.open_library(self.folder)
        try:
            ctx.progress(0, 0, "Reading")
            report = importing.import_paths(
                lib,
                paths,
                jobs=None if self.use_processes else 1,
                progress=progress,
                cancelled=lambda: ctx.cancelled,
            )
        finally:
            lib.close()
        ctx.check()  # cancelled: the documents already stored stay
        summary = ImportSummary.of(report)
        summary.token = object()
        return summary

    def undo_import(self, summary: ImportSummary) -> None:
        summary.snapshots = [self.lib.delete_document(d) for d in reversed(summary.document_ids)]
        if summary.reference_ids:
            summary.snapshots.append(self.lib.delete_references(summary.reference_ids))

    def redo_import(self, summary: ImportSummary) -> object:
        for snap in reversed(summary.snapshots):
            if isinstance(snap, DeletedReferences):
                self.lib.restore_references(snap)
            else:
                self.lib.restore_document(snap)  # type: ignore[arg-type]
        summary.snapshots = []
        return summary.token

    # -- training (worker thread, in a process of its own) -----------------------------------
    def retrain(self, ctx: JobContext) -> tuple[int, dict[str, float]]:
        """Train the library's parser model on its corrections, in a separate process (the
        corpus is generated in Python: minutes of work that must not hold the window's GIL).
        """
        ctx.progress(0, 0, "Training the parser with your corrections (about a minute)")
        with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
            future = pool.submit(training.retrain_library, self.folder)
            try:
                while True:
                    ctx.check()
                    try:
                        return future.result(timeout=0.2)  # an InputError comes back as one
                    except FutureTimeout:
                        continue
            except BaseException:
                for proc in list(getattr(pool, "_processes", {}).values()):
                    proc.terminate()  # Cancel: stop the trainer now, not at its end
                raise

    # -- duplicates (worker thread) -----------------------------------------------------------
    def find_duplicates(self, ctx: JobContext) -> list[DuplicatePair]:
        lib = library_ops.open_library(self.folder)
        try:

            def progress(done: int, total: int) -> None:
                ctx.check()
                ctx.progress(done, total, "Comparing references")

            found = lib.find_duplicates(progress=progress)
            ids = sorted({c.a for c in found} | {c.b for c in found})
            rows = {r.id: r for r in lib.rows(ids)}
            out = []
            for c in found[:2000]:
                a, b = rows.get(c.a), rows.get(c.b)
                if a is None or b is None:
                    continue
                out.append(DuplicatePair(c.a, c.b, c.score, c.reasons, _describe(a), _describe(b)))
            return out
        finally:
            lib.close()

    # -- export and clipboard -----------------------------------------------------------------
    def export(self, fmt: str, path: Path, ids: list[int] | None = None, query: str = "") -> int:
        return exchange.export(self.lib, fmt, path, ids=ids, query=query)

    def bibtex(self, ids: list[int]) -> str:
        refs = [s.reference for s in self.lib.references(ids)]
        return exchange.format_references(refs, "bibtex")

    def citations(self, ids: list[int]) -> str:
        return citations.citations(s.reference for s in self.lib.references(ids))


def _describe(row: ReferenceRow) -> str:
    year = f" ({row.year})" if row.year else ""
    return f"{row.author}{year}. {row.title}. {row.venue}".strip(". ")


__all__ = ["Backend", "DuplicatePair", "ImportItem", "ImportSummary"]
