"""The window's one door to the library: a thin adapter over ``refmanager.service``.

It owns the main thread's library connection, turns service records into what the widgets
show (``TableRow``, sidebar entries), and returns undo tokens for the window's commands.
Background work (import, duplicates) opens its own connection in the worker thread.
"""

from __future__ import annotations

import multiprocessing
import os
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass, field
from pathlib import Path

from refmanager.gui.jobs import JobContext
from refmanager.gui.sidebar import DocumentEntry, SearchEntry, TagEntry
from refmanager.gui.table_model import PAGE_SIZE, PageRequest, TableRow
from refmanager.model import InputError, Reference
from refmanager.service import gui_support as svc


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
class ImportProgress:
    """One file done (sent from the worker as a partial result)."""

    path: Path
    document_id: int | None
    added: int
    error: str = ""
    notes: list[str] = field(default_factory=list)


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


PROCESS_POOL_MIN = 2  # PDFs in one import before reading them in other processes


def _process_pool(pdf_count: int) -> ProcessPoolExecutor | None:
    """Worker processes for reading PDFs (spawned: no Qt state is copied), or None."""
    workers = max(1, min(2, os.cpu_count() or 1, pdf_count))
    try:
        return ProcessPoolExecutor(
            workers,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=os.nice,  # readers run at a lower priority than the window
            initargs=(10,),
        )
    except (OSError, ValueError):
        return None  # no processes here: read in the worker thread instead


def _wait(future: Future[svc.PdfReading], ctx: JobContext) -> svc.PdfReading | None:
    """The reading, checking for Cancel meanwhile; None if the pool failed (read here)."""
    while True:
        ctx.check()
        try:
            return future.result(timeout=0.05)
        except FutureTimeout:
            continue
        except Exception:  # a broken pool (a killed worker): fall back to reading here
            return None


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
        self.lib = svc.open_library(folder)
        self.use_processes = True  # read PDFs in a process pool when importing several
        self._reader_lib: svc.Library | None = None  # the background reader's connection
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

    def reader(self) -> svc.Library:
        """The background reader's own connection, opened on first use and kept.

        Only the window's single reader thread calls this, one job at a time (a
        ``threading.local`` would not do: PySide6 gives each run of a pool thread a fresh
        Python thread state, so the connection would be opened again for every page).
        """
        if self._reader_lib is None:
            self._reader_lib = svc.open_library(self.folder)
        return self._reader_lib

    def read_page(self, request: PageRequest) -> list[TableRow]:
        """A page of the table read on the calling (background) thread."""
        return self._rows(
            self.reader(), request.query, request.order_by, request.descending,
            offset=request.offset, limit=PAGE_SIZE,
        )

    def count_in_reader(self, query: str) -> int:
        return self.reader().count(query)

    @staticmethod
    def _rows(
        lib: svc.Library, query: str, order_by: str, descending: bool, *, offset: int, limit: int
    ) -> list[TableRow]:
        if order_by in svc.CSL_SORT_FIELDS:
            ids = svc.search_ids_by_field(
                lib, query, order_by, descending, offset=offset, limit=limit
            )
            rows = lib.rows(ids)
        else:
            key = order_by if order_by in svc.SORT_COLUMNS else "position"
            rows = lib.search(query, key, descending, offset, limit)
        extras = svc.table_extras(lib, [r.id for r in rows])
        out: list[TableRow] = []
        for row in rows:
            x = extras.get(row.id)
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
                    d.id, d.display_title, authors, d.meta.year, d.reference_count, d.status,
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
        return svc.query_help()

    def locate(self, document_id: int, page: int, x: float, y: float) -> int | None:
        return svc.locate(self.lib, document_id, page, x, y)

    # -- editing (each returns an undo token) -------------------------------------------------
    @staticmethod
    def check_field(name: str, value: str) -> None:
        if name == "issued" and value and not value[:4].isdigit():
            raise InputError("year", f"'{value}' is not a year")

    def set_field(self, ref_id: int, name: str, value: str) -> object:
        return svc.correct_field(self.lib, ref_id, name, value)

    def undo_field(self, token: object) -> None:
        assert isinstance(token, svc.Correction)
        svc.undo_correction(self.lib, token)

    def assign_span(self, ref_id: int, name: str, start: int, end: int) -> object:
        return svc.assign_span(self.lib, ref_id, name, start, end)

    def undo_assign(self, token: object) -> None:
        assert isinstance(token, svc.SpanChange)
        svc.undo_span(self.lib, token)

    def reparse(self, ids: list[int]) -> object:
        return svc.reparse(self.lib, ids)

    def undo_reparse(self, token: object) -> None:
        assert isinstance(token, list)
        svc.restore_references_state(self.lib, token)

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
        assert isinstance(token, svc.DeletedReferences)
        self.lib.restore_references(token)

    def merge(self, keep: int, others: list[int], choices: dict[str, int]) -> object:
        """Merge ``others`` into ``keep``; ``choices`` maps a field to the reference id whose
        value wins."""
        return self.lib.merge_references(keep, others, choices)

    def undo_merge(self, token: object) -> None:
        assert isinstance(token, svc.MergeRecord)
        self.lib.undo_merge(token)

    def not_duplicate(self, a: int, b: int) -> object:
        self.lib.mark_not_duplicate(a, b)
        return (a, b)

    def undo_not_duplicate(self, token: object) -> None:
        assert isinstance(token, tuple)
        self.lib.unmark_not_duplicate(token[0], token[1])

    def add_texts(self, texts: list[str]) -> object:
        return svc.add_texts(self.lib, texts)

    def remove_added(self, token: object) -> object:
        assert isinstance(token, list)
        return self.lib.delete_references(token)

    def remove_document(self, document_id: int) -> object:
        return self.lib.delete_document(document_id)

    def restore_document(self, token: object) -> None:
        self.lib.restore_document(token)  # type: ignore[arg-type]

    # -- import (worker thread) ---------------------------------------------------------------
    def import_files(self, files: list[Path], ctx: JobContext) -> ImportSummary:
        """Import files in the given order on the calling (worker) thread, on its own
        connection. With two PDFs or more, the PDFs are read and parsed in a pool of
        processes (both cores, and none of that work holds this process's GIL, so the window
        stays responsive); the worker thread only stores the results.
        """
        summary = ImportSummary()
        lib = svc.open_library(self.folder)
        pool = None
        futures: dict[Path, Future[svc.PdfReading]] = {}
        try:
            pdfs = [p for p in files if p.suffix.lower() == ".pdf" and p.is_file()]
            if len(pdfs) >= PROCESS_POOL_MIN and self.use_processes:
                pool = _process_pool(len(pdfs))
            if pool is not None:
                for path in pdfs:
                    if not svc.already_imported(lib, path):
                        futures[path] = pool.submit(svc.read_pdf, path)
            for i, path in enumerate(files):
                ctx.check()
                ctx.progress(i, len(files), f"Reading {path.name} ({i + 1}/{len(files)})")
                reading = _wait(futures[path], ctx) if path in futures else None
                outcome = svc.import_file(lib, path, reading)
                if outcome.error:
                    summary.failed.append(outcome.error)
                if outcome.already:
                    summary.already.append(path)
                elif outcome.document_id is not None:
                    summary.document_ids.append(outcome.document_id)
                    summary.references_added += len(outcome.reference_ids)
                elif outcome.reference_ids:
                    summary.reference_ids.extend(outcome.reference_ids)
                    summary.references_added += len(outcome.reference_ids)
                ctx.partial(
                    ImportProgress(
                        path,
                        None if outcome.already else outcome.document_id,
                        len(outcome.reference_ids),
                        outcome.error,
                        [n if str(path) in n else f"{path.name}: {n}" for n in outcome.notes],
                    )
                )
            ctx.progress(len(files), len(files), "Import done")
        finally:
            if pool is not None:
                pool.shutdown(wait=False, cancel_futures=True)
            lib.close()
        summary.token = object()
        return summary

    def undo_import(self, summary: ImportSummary) -> None:
        summary.snapshots = [self.lib.delete_document(d) for d in reversed(summary.document_ids)]
        if summary.reference_ids:
            summary.snapshots.append(self.lib.delete_references(summary.reference_ids))

    def redo_import(self, summary: ImportSummary) -> object:
        for snap in reversed(summary.snapshots):
            if isinstance(snap, svc.DeletedReferences):
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
        ctx.progress(0, 0, "Training the parser with your corrections (a few minutes)")
        with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
            future = pool.submit(svc.retrain_for_library, self.folder)
            try:
                while True:
                    ctx.check()
                    try:
                        used, figures, problem = future.result(timeout=0.2)
                    except FutureTimeout:
                        continue
                    if problem:
                        raise InputError(str(self.folder), problem)
                    return used, figures
            except BaseException:
                for proc in list(getattr(pool, "_processes", {}).values()):
                    proc.terminate()  # Cancel: stop the trainer now, not at its end
                raise

    # -- duplicates (worker thread) -----------------------------------------------------------
    def find_duplicates(self, ctx: JobContext) -> list[DuplicatePair]:
        lib = svc.open_library(self.folder)
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
                out.append(
                    DuplicatePair(c.a, c.b, c.score, c.reasons, _describe(a), _describe(b))
                )
            return out
        finally:
            lib.close()

    # -- export and clipboard -----------------------------------------------------------------
    def export(self, fmt: str, path: Path, ids: list[int] | None = None, query: str = "") -> int:
        return svc.export(self.lib, fmt, path, ids=ids, query=query)

    def bibtex(self, ids: list[int]) -> str:
        return svc.format_references([s.reference for s in self.lib.references(ids)], "bibtex")

    def citations(self, ids: list[int]) -> str:
        return svc.format_references([s.reference for s in self.lib.references(ids)], "citation")


def _describe(row: svc.ReferenceRow) -> str:
    year = f" ({row.year})" if row.year else ""
    return f"{row.author}{year}. {row.title}. {row.venue}".strip(". ")


__all__ = ["Backend", "DuplicatePair", "ImportProgress", "ImportSummary"]
