"""Use case: import files into the library: PDFs (their bibliographies, read and parsed),
folders of them, and BibTeX/RIS/CSL-JSON files (through ``service.exchange``).

``refmanager import`` and the window both call :func:`import_paths`.

Reading a PDF is the slow part, so it runs in worker processes (one per core by default)
started by ``forkserver`` (or ``spawn``), never ``fork``: the caller may run other threads
(the window does), and nothing of its state is copied. The workers run at a lower priority
than the caller. Each result is written here, one transaction per document, so an
interrupted import leaves whole documents or none. A PDF that cannot be read is kept as a
document marked ``failed`` with the reason (see docs/decisions/0011-import-use-case.md);
importing it again reads it again.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
from array import array
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from contextlib import suppress
from dataclasses import dataclass, field
from enum import Enum
from multiprocessing.context import BaseContext
from multiprocessing.queues import SimpleQueue
from pathlib import Path

from refmanager.library import Library, file_sha256
from refmanager.model import AlreadyInLibrary, DocumentMeta, InputError
from refmanager.service.exchange import IMPORT_SUFFIXES, FileProgress
from refmanager.service.extract import ExtractResult
from refmanager.service.reading import WORKER_BYTES
from refmanager.service.training import line_model_for
from refmanager.service.workers import Cancelled, WorkerProcess

PDF_SUFFIXES = frozenset({".pdf"})
BIB_SUFFIXES = IMPORT_SUFFIXES  # read by refmanager.formats (service.exchange.import_file)
# A folder is searched for these only: any .json file is not necessarily a bibliography.
FOLDER_SUFFIXES = frozenset({".pdf", ".bib", ".bibtex", ".biblatex", ".ris"})
WORKER_NICENESS = 10  # readers yield the CPU to the caller (the window, the terminal)
POLL_SECONDS = 0.1  # how often a cancel check is asked while workers read
DOCUMENT_FAILED = "failed"  # a document's status when its PDF could not be read


class ImportStatus(Enum):
    """What happened to one file of an import."""

    ADDED = "added"
    ALREADY = "already"  # the same content is in the library already
    FAILED = "failed"


@dataclass(slots=True)
class ImportItem:
    """What happened to one file.

    Attributes:
        path: the file.
        status: added, already (same content in the library) or failed.
        document_id: the PDF's document (new or existing; a PDF that could not be read is
            kept as a document marked failed); None for bibliography files.
        references: how many references were added.
        reference_ids: the references added without a document (bibliography files), as
            an array of ids: a million of them in a list would be walked item by item by
            every full pass of the collector while the window's undo stack keeps the
            import; a document's references go (and are undone) with the document.
        created: the document was created by this import (undoing the import deletes it).
        message: why it failed, or notes (no bibliography found), without the file name.
        problems: a bibliography file's skipped entries, each naming the file and line.
        skipped: how many of a bibliography file's entries (or lines, or undecodable
            lines) did not make it into the library.
    """

    path: Path
    status: ImportStatus
    document_id: int | None = None
    references: int = 0
    reference_ids: array[int] = field(default_factory=lambda: array("q"))
    created: bool = False
    message: str = ""
    problems: list[str] = field(default_factory=list)
    skipped: int = 0

    def lines(self) -> list[str]:
        """What to tell the user about this file, one line each, naming the file once."""
        if self.problems:
            return list(self.problems)
        return [f"{self.path}: {self.message}"] if self.message else []


@dataclass(slots=True)
class ImportReport:
    """What one import did: all its files, in the order they finished. The command line
    prints its :meth:`summary`; the window shows :meth:`describe` and keeps the report as
    its import command's undo state (``documents.imported``: ``snapshots`` hold what an
    undo deleted, for the redo)."""

    items: list[ImportItem] = field(default_factory=list)
    cancelled: bool = False
    snapshots: list[object] = field(default_factory=list)

    def count(self, status: ImportStatus) -> int:
        return sum(1 for item in self.items if item.status is status)

    @property
    def document_ids(self) -> list[int]:
        """The documents this import created (its undo deletes them)."""
        return [i.document_id for i in self.items if i.created and i.document_id is not None]

    @property
    def reference_ids(self) -> array[int]:
        """The references added without a document (bibliography files)."""
        ids: array[int] = array("q")
        for item in self.items:
            ids.extend(item.reference_ids)
        return ids

    @property
    def failed(self) -> list[str]:
        """What to tell the user about the files that failed, one line each."""
        return [line for i in self.items if i.status is ImportStatus.FAILED for line in i.lines()]

    @property
    def changed_anything(self) -> bool:
        return bool(self.document_ids) or any(item.reference_ids for item in self.items)

    def describe(self) -> str:
        """``2 documents, 120 references, 1 already there, 1 failed``: for a window."""
        parts = []
        if self.document_ids:
            n = len(self.document_ids)
            parts.append(f"{n} document{'' if n == 1 else 's'}")
        parts.append(f"{self.references} references")
        if self.count(ImportStatus.ALREADY):
            parts.append(f"{self.count(ImportStatus.ALREADY)} already there")
        if self.failed:
            parts.append(f"{len(self.failed)} failed")
        return ", ".join(parts)

    @property
    def references(self) -> int:
        return sum(item.references for item in self.items)

    @property
    def skipped(self) -> int:
        """Entries (or lines) of bibliography files that were not imported."""
        return sum(item.skipped for item in self.items)

    def summary(self) -> str:
        """``3 added (120 references), 1 already there, 1 failed; not imported: 2 entries
        (listed above)``: what was added and what was not."""
        text = (
            f"{self.count(ImportStatus.ADDED)} added ({self.references} references), "
            f"{self.count(ImportStatus.ALREADY)} already there, "
            f"{self.count(ImportStatus.FAILED)} failed"
        )
        failed = (i for i in self.items if i.status is ImportStatus.FAILED)
        kept = sum(1 for i in failed if i.document_id is not None)
        if kept:
            text += f" ({kept} kept in the library, marked failed)"
        if self.skipped:
            what = "entry or line" if self.skipped == 1 else "entries or lines"
            text += f"; not imported: {self.skipped} {what} (listed above)"
        return text + (" (cancelled)" if self.cancelled else "")


Progress = Callable[[int, int, ImportItem], None]
"""``progress(done, total, item)``: called once per file, as soon as it is finished."""
FileProgressCallback = Callable[[FileProgress], None]
"""``file_progress(state)``: called after each batch of a bibliography file is stored."""


def _importable(path: Path) -> bool:
    suffix = path.suffix.lower()
    return suffix in PDF_SUFFIXES or suffix in BIB_SUFFIXES


def collect_paths(paths: Iterable[Path]) -> tuple[list[Path], list[ImportItem]]:
    """The importable files under ``paths``, and a failed item for each path that does not
    exist or cannot be imported. Folders are searched recursively (sorted) for PDFs, .bib
    and .ris files; CSL-JSON files are imported when named explicitly."""
    found: list[Path] = []
    bad: list[ImportItem] = []
    seen: set[Path] = set()

    def add(path: Path) -> None:
        key = path.resolve()
        if key not in seen:
            seen.add(key)
            found.append(path)

    for path in paths:
        if path.is_dir():
            for child in sorted(path.rglob("*")):
                if child.is_file() and child.suffix.lower() in FOLDER_SUFFIXES:
                    add(child)
        elif path.is_file() and _importable(path):
            add(path)
        elif path.is_file():
            message = "not a PDF, .bib, .ris, .json or .csv file"
            bad.append(ImportItem(path, ImportStatus.FAILED, message=message))
        elif path.exists():  # a device (/dev/zero) or a pipe: never read (it may not end)
            message = "is not a file (a device or a pipe)"
            bad.append(ImportItem(path, ImportStatus.FAILED, message=message))
        else:
            bad.append(ImportItem(path, ImportStatus.FAILED, message="no such file or folder"))
    return found, bad


def read_pdf(
    path: Path, password: str | None = None, line_model: Path | None = None
) -> ExtractResult:
    """Read and parse one PDF's bibliography (no library involved: runs in a worker), with
    the library's own line model when it has one (``line_model``).

    Raises:
        InputError: the PDF cannot be read; any other failure is turned into one too
            (a bug while reading one file must not stop the others), so what comes back
            from a worker process is always picklable.
    """
    from refmanager.service.extract import extract_pdf

    try:
        return extract_pdf(path, password=password, line_model=line_model)
    except InputError:
        raise
    except MemoryError:
        raise InputError(str(path), "the PDF needs more memory than allowed") from None
    except Exception as exc:
        raise InputError(
            str(path), f"internal error while reading: {type(exc).__name__}: {exc}"
        ) from None


def default_jobs() -> int:
    """One worker per core this process may use."""
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1)


def _start_reader(pids: SimpleQueue[int]) -> None:
    """Worker initializer: say its process id (to be stopped by ``ReaderPool.stop_now``), and run
    below the caller's priority (where the OS allows it)."""
    pids.put(os.getpid())
    with suppress(AttributeError, OSError):
        os.nice(WORKER_NICENESS)


class ReaderPool(ProcessPoolExecutor):
    """Worker processes for reading PDFs; ``pids`` receives each one's process id as it
    starts, so that a cancelled import stops them at once (:meth:`stop_now`)."""

    def __init__(self, workers: int, context: BaseContext) -> None:
        self.pids: SimpleQueue[int] = context.SimpleQueue()
        super().__init__(
            max_workers=workers,
            mp_context=context,
            initializer=_start_reader,
            initargs=(self.pids,),
        )

    def stop_now(self) -> None:
        """Stop without waiting for the PDFs being read (its workers are still this
        process's unreaped children, so their ids name no other process)."""
        while not self.pids.empty():
            with suppress(ProcessLookupError, PermissionError):
                os.kill(self.pids.get(), signal.SIGTERM)
        self.shutdown(wait=False, cancel_futures=True)


def reader_pool(workers: int) -> ReaderPool | None:
    """Worker processes for reading PDFs, safe to start from a process running threads
    (a GUI): ``forkserver`` where available, else ``spawn``; low priority. None when this
    system cannot start processes (the PDFs are then read in the calling thread)."""
    methods = multiprocessing.get_all_start_methods()
    method = "forkserver" if "forkserver" in methods else "spawn"
    try:
        return ReaderPool(workers, multiprocessing.get_context(method))
    except (OSError, ValueError, NotImplementedError):
        return None


def import_paths(
    lib: Library,
    paths: Sequence[Path],
    *,
    tag: str | None = None,
    jobs: int | None = None,
    password: str | None = None,
    progress: Progress | None = None,
    cancelled: Callable[[], bool] | None = None,
    file_progress: FileProgressCallback | None = None,
    work_apart: bool = False,
) -> ImportReport:
    """Import PDFs, folders of them, and bibliography files.

    With ``work_apart`` (a window's import) the reading runs out of the caller's process:
    every PDF is read by a worker process (one PDF too, unless ``jobs`` is 1), and a
    bibliography file of ``reading.WORKER_BYTES`` or more is read and stored by a worker
    process on its own connection (``exchange.import_file_in_folder``). So the caller's
    process never loads the PDF reader or the parser, nor holds their objects.

    PDFs whose content is already in the library are reported ``already`` without being
    read (unless their document is marked failed: those are read again). The others are
    read by ``jobs`` worker processes (default: one per core; 1 reads them here) and
    written here as they finish, each document in its own transaction, tagged with
    ``tag``. ``progress(done, total, item)`` is called after each file (on this thread).
    ``cancelled()`` is asked between files and while waiting: when it says so, the
    workers are stopped and the report so far comes back with ``cancelled`` set
    (the documents already written stay). A bibliography file is stored in batches (see
    ``service.exchange.import_file``): ``file_progress`` is told after each one, and
    ``cancelled()`` is asked between them.
    """
    files, bad = collect_paths(paths)
    report = ImportReport()
    total = len(files) + len(bad)

    def step(item: ImportItem) -> None:
        report.items.append(item)
        if progress is not None:
            progress(len(report.items), total, item)

    def stop() -> bool:
        if cancelled is not None and cancelled():
            report.cancelled = True
        return report.cancelled

    for item in bad:
        step(item)
    pending: list[_Pending] = []
    hashes: set[str] = set()
    for path in files:
        if stop():
            return report
        if path.suffix.lower() in BIB_SUFFIXES:
            apart = work_apart and _size(path) >= WORKER_BYTES
            step(_import_bibliography(lib, path, tag, file_progress, stop, apart=apart))
            continue
        try:
            sha = file_sha256(path)
        except OSError as exc:
            step(ImportItem(path, ImportStatus.FAILED, message=exc.strerror or str(exc)))
            continue
        existing = lib.documents.document_id_for_hash(sha)
        retry: int | None = None
        if existing is not None:
            if lib.documents.document(existing).status != DOCUMENT_FAILED:
                step(ImportItem(path, ImportStatus.ALREADY, document_id=existing))
                continue
            retry = existing  # its reading failed before: read it again
        if sha in hashes:
            step(
                ImportItem(path, ImportStatus.ALREADY, message="same content as another file given")
            )
            continue
        hashes.add(sha)
        pending.append(_Pending(path, sha, retry))
    if pending:
        _Run(lib, tag, password, step, stop).read_and_store(pending, jobs, work_apart)
    if report.count(ImportStatus.ADDED):
        lib.optimize()  # keep the planner's statistics in step with the library's growth
    return report


@dataclass(slots=True)
class _Pending:
    path: Path
    sha: str
    retry: int | None  # the failed document this PDF is read again for
    attempts: int = 0


class _Run:
    """One import's PDFs: read (in worker processes or here) and stored as they finish."""

    def __init__(
        self,
        lib: Library,
        tag: str | None,
        password: str | None,
        step: Callable[[ImportItem], None],
        stop: Callable[[], bool],
    ) -> None:
        self.lib = lib
        self.line_model = line_model_for(lib.folder)
        self.tags = [tag] if tag else []
        self.password = password
        self.step = step
        self.stop = stop

    def read_and_store(self, pending: list[_Pending], jobs: int | None, apart: bool) -> None:
        """Read in ``jobs`` worker processes (at most one per PDF; ``apart``: in one even
        for a single PDF), or here when ``jobs`` is 1 or no process can start."""
        workers = max(1, min(jobs or default_jobs(), len(pending)))
        pool = reader_pool(workers) if workers > 1 or (apart and jobs != 1) else None
        queue = list(pending)
        while queue and pool is not None:
            pool, queue = self._with_pool(pool, workers, queue)
        self.read_here(queue)  # no processes here (or none any more)

    def _with_pool(
        self, pool: ReaderPool, workers: int, queue: list[_Pending]
    ) -> tuple[ReaderPool | None, list[_Pending]]:
        """Read ``queue`` in ``pool`` until done or cancelled: ``(None, [])``. When the
        pool breaks (a worker killed, out of memory), the files it was reading get one
        more try: ``(a fresh pool, them)``; when processes cannot start at all, ``(None,
        the files left)`` (they are read here)."""
        outstanding: dict[Future[ExtractResult], _Pending] = {}
        try:
            for job in queue:
                job.attempts += 1
                future = pool.submit(read_pdf, job.path, self.password, self.line_model)
                outstanding[future] = job
        except (OSError, RuntimeError, BrokenProcessPool):
            pool.stop_now()
            return None, queue
        retry: list[_Pending] = []
        try:
            while outstanding and not self.stop():
                done, _ = wait(outstanding, timeout=POLL_SECONDS, return_when=FIRST_COMPLETED)
                for future in done:
                    job = outstanding.pop(future)
                    try:
                        result = future.result()
                    except InputError as exc:
                        self.step(self.store_failure(job, exc.cause))
                    except BrokenProcessPool:
                        retry.append(job)
                    else:
                        self.step(self.store(job, result))
                if retry:  # every reading not finished is lost with the pool
                    retry += outstanding.values()
                    outstanding.clear()
        finally:
            if outstanding or retry:
                pool.stop_now()  # cancelled, broken, or an error: stop reading now
            else:
                pool.shutdown(wait=True)
        if self.stop():
            return None, []
        again = [job for job in retry if job.attempts < 2]
        for job in retry:
            if job.attempts >= 2:
                self.step(self.store_failure(job, "the reading process stopped (out of memory?)"))
        if not again:
            return None, []
        fresh = reader_pool(workers)
        if fresh is None:
            for job in again:
                self.step(self.store_failure(job, "the reading process stopped"))
            return None, []
        return fresh, again

    def read_here(self, pending: Sequence[_Pending]) -> None:
        for job in pending:
            if self.stop():
                return
            try:
                result = read_pdf(job.path, self.password, self.line_model)
            except InputError as exc:
                self.step(self.store_failure(job, exc.cause))
            else:
                self.step(self.store(job, result))

    def store(self, job: _Pending, result: ExtractResult) -> ImportItem:
        """Write one PDF read (one transaction)."""
        lib, path = self.lib, job.path
        refs = list(result.references)
        notes = list(result.notes)
        if not refs and not notes:
            notes.append("no bibliography found")
        status = "ok" if refs else "partial"
        message = "; ".join(notes)
        try:
            if job.retry is not None:
                lib.documents.complete_document(
                    job.retry, result.meta, refs, status=status, message=message
                )
                return ImportItem(path, ImportStatus.ADDED, job.retry, len(refs), message=message)
            doc_id = lib.documents.add_document(
                result.meta,
                refs,
                file=path,
                sha256=job.sha,
                status=status,
                message=message,
                tags=self.tags,
            )
        except AlreadyInLibrary:  # another writer got there first
            return ImportItem(
                path, ImportStatus.ALREADY, document_id=lib.documents.document_id_for_hash(job.sha)
            )
        except InputError as exc:
            return ImportItem(path, ImportStatus.FAILED, message=exc.cause)
        except KeyError:
            return ImportItem(
                path, ImportStatus.FAILED, message="its document was deleted while reading"
            )
        except OSError as exc:
            cause = f"cannot copy into the library: {exc.strerror or exc}"
            return ImportItem(path, ImportStatus.FAILED, message=cause)
        return ImportItem(
            path, ImportStatus.ADDED, doc_id, len(refs), created=True, message=message
        )

    def store_failure(self, job: _Pending, cause: str) -> ImportItem:
        """Keep a PDF that could not be read as a document marked failed, with the cause,
        so the user sees it (and can open it); importing it again reads it again."""
        lib, path = self.lib, job.path
        if job.retry is not None:
            lib.documents.set_document_status(job.retry, DOCUMENT_FAILED, cause)
            return ImportItem(path, ImportStatus.FAILED, job.retry, message=cause)
        try:
            doc_id = lib.documents.add_document(
                DocumentMeta(title=path.stem),
                [],
                file=path,
                sha256=job.sha,
                status=DOCUMENT_FAILED,
                message=cause,
                tags=self.tags,
            )
        except AlreadyInLibrary:
            return ImportItem(
                path, ImportStatus.ALREADY, document_id=lib.documents.document_id_for_hash(job.sha)
            )
        except InputError:
            return ImportItem(path, ImportStatus.FAILED, message=cause)
        except OSError:
            return ImportItem(path, ImportStatus.FAILED, message=cause)
        return ImportItem(path, ImportStatus.FAILED, doc_id, created=True, message=cause)


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


@dataclass(slots=True)
class _Callbacks:
    """A :class:`Task` made of an import's callbacks, for a file stored in a worker."""

    progress_of: FileProgressCallback | None
    asked: Callable[[], bool] | None

    @property
    def cancelled(self) -> bool:
        return self.asked is not None and self.asked()

    def check(self) -> None:
        if self.cancelled:
            raise Cancelled

    def progress(self, done: int, total: int, message: str = "") -> None:
        pass  # the FileProgress (a partial) says it

    def partial(self, value: object) -> None:
        if self.progress_of is not None and isinstance(value, FileProgress):
            self.progress_of(value)


def _import_bibliography(
    lib: Library,
    path: Path,
    tag: str | None,
    progress: FileProgressCallback | None = None,
    cancelled: Callable[[], bool] | None = None,
    *,
    apart: bool = False,
) -> ImportItem:
    """A BibTeX, RIS or CSL-JSON file's items, as references without a document; with
    ``apart``, read and stored in a worker process."""
    from refmanager.service.exchange import import_file, import_file_in_folder

    try:
        if apart:
            worker = WorkerProcess("refmanager-importer", daemon=False)
            try:
                task = _Callbacks(progress, cancelled)
                summary = worker.call(import_file_in_folder, lib.folder, path, tag, task=task)
            finally:
                worker.close()
        else:
            summary = import_file(lib, path, tag=tag, progress=progress, cancelled=cancelled)
    except InputError as exc:
        return ImportItem(path, ImportStatus.FAILED, message=exc.cause)
    if summary.already:
        return ImportItem(path, ImportStatus.ALREADY, message="this file was imported before")
    # summary.messages() name the file and the line already: kept apart from ``message``
    problems = summary.messages()
    reasons = [f"line {p.line}: {p.message}" if p.line else p.message for p in summary.problems]
    if summary.resumed:
        reasons.insert(0, f"went on after the {summary.resumed} references stored before")
    added = summary.added or summary.resumed or not problems
    status = ImportStatus.ADDED if added else ImportStatus.FAILED
    return ImportItem(
        path,
        status,
        None,
        summary.added,
        reference_ids=summary.reference_ids,
        message="; ".join(reasons),
        problems=problems,
        skipped=summary.skipped,
    )
