"""Use cases on the library: open, import PDFs (in parallel), search, tags, duplicates,
re-parse, check, corrections. The CLI calls these; the window can too.

PDF extraction is the slow part, so ``import_paths`` runs it in worker processes (one per
core by default) and writes each document from this process, one transaction per document:
an interrupted import leaves whole documents or none.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
import threading
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from refmanager.library import (
    CheckReport,
    DuplicateCandidate,
    Library,
    MergeRecord,
    ReferenceRow,
    Suggestion,
    TagInfo,
    file_sha256,
)
from refmanager.model import InputError

PDF_SUFFIXES = frozenset({".pdf"})
# Bibliography files go to refmanager.service.exchange (the formats engineer's use case).
BIB_SUFFIXES = frozenset({".bib", ".bibtex", ".ris", ".json", ".csljson"})
# A folder is searched for these only: any .json file is not necessarily a bibliography.
FOLDER_SUFFIXES = frozenset({".pdf", ".bib", ".bibtex", ".ris"})

Progress = Callable[[int, int, str], None]


def open_library(folder: Path, create: bool = True) -> Library:
    """Open (creating it if needed) the library in ``folder``.

    Raises:
        InputError: not usable as a library (not a folder, a newer library, not SQLite).
    """
    return Library.open(folder, create=create)


# --------------------------------------------------------------------------- import


@dataclass(slots=True)
class ImportItem:
    """What happened to one file.

    Attributes:
        path: the file.
        status: ``added``, ``already`` (same content already in the library) or ``failed``.
        document_id: the document (new or existing); None for bibliography files and failures.
        references: how many references were added.
        message: why it failed, or notes (no bibliography found, entries skipped).
    """

    path: Path
    status: str
    document_id: int | None = None
    references: int = 0
    message: str = ""


@dataclass(slots=True)
class ImportReport:
    """All files of one import, in the order they finished."""

    items: list[ImportItem] = field(default_factory=list)

    def count(self, status: str) -> int:
        return sum(1 for item in self.items if item.status == status)

    @property
    def references(self) -> int:
        return sum(item.references for item in self.items)

    def summary(self) -> str:
        """``3 added (120 references), 1 already there, 1 failed``."""
        return (
            f"{self.count('added')} added ({self.references} references), "
            f"{self.count('already')} already there, {self.count('failed')} failed"
        )


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
            bad.append(ImportItem(path, "failed", message="not a PDF, .bib, .ris or .json file"))
        else:
            bad.append(ImportItem(path, "failed", message="no such file or folder"))
    return found, bad


def _extract(path: str, password: str | None) -> tuple[str, Any, str]:
    """Worker: extract one PDF; ``(path, ExtractResult or None, error message)``."""
    from refmanager.service.extract import extract_pdf

    try:
        return path, extract_pdf(Path(path), password=password), ""
    except InputError as exc:
        return path, None, exc.cause
    except MemoryError:
        return path, None, "the PDF needs more memory than allowed"
    except Exception as exc:  # a bug in extraction must not stop the other files
        return path, None, f"internal error while reading: {type(exc).__name__}: {exc}"


def default_jobs() -> int:
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1)


def import_paths(
    lib: Library,
    paths: Sequence[Path],
    *,
    tag: str | None = None,
    jobs: int | None = None,
    progress: Progress | None = None,
    password: str | None = None,
) -> ImportReport:
    """Import PDFs (and folders of them; .bib/.ris/.json files through the formats use case).

    PDFs whose content is already in the library are reported ``already`` without being
    read. The others are extracted by ``jobs`` worker processes (default: one per core) and
    written here, each document in its own transaction, tagged with ``tag``.
    ``progress(done, total, path)`` is called after each file.
    """
    files, bad = collect_paths(paths)
    report = ImportReport(items=list(bad))
    total = len(files)
    done = 0

    def step(item: ImportItem) -> None:
        nonlocal done
        report.items.append(item)
        done += 1
        if progress is not None:
            progress(done, total, str(item.path))

    pending: list[tuple[Path, str]] = []
    for path in files:
        if path.suffix.lower() in BIB_SUFFIXES:
            step(_import_bibliography(lib, path, tag))
            continue
        try:
            sha = file_sha256(path)
        except OSError as exc:
            step(ImportItem(path, "failed", message=exc.strerror or str(exc)))
            continue
        existing = lib.document_id_for_hash(sha)
        if existing is not None:
            step(ImportItem(path, "already", document_id=existing))
            continue
        if any(sha == other for _, other in pending):
            step(ImportItem(path, "already", message="same content as another file given"))
            continue
        pending.append((path, sha))
    if not pending:
        return report
    _extract_and_store(lib, pending, tag=tag, jobs=jobs, password=password, step=step)
    if report.count("added"):
        lib.optimize()  # keep the planner's statistics in step with the library's growth
    return report


def _extract_and_store(
    lib: Library,
    pending: list[tuple[Path, str]],
    *,
    tag: str | None,
    jobs: int | None,
    password: str | None,
    step: Callable[[ImportItem], None],
) -> None:
    workers = max(1, min(jobs or default_jobs(), len(pending)))
    by_path = {str(p): (p, sha) for p, sha in pending}
    if workers == 1:
        for path, _sha in pending:
            step(_store(lib, *by_path[str(path)], _extract(str(path), password), tag))
        return
    # fork starts fast, but forking a process that runs other threads (the window) can
    # deadlock the child: spawn then
    single = threading.active_count() == 1
    context = multiprocessing.get_context(
        "fork" if single and sys.platform.startswith("linux") else "spawn"
    )
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        futures: list[Future[tuple[str, Any, str]]] = [
            pool.submit(_extract, str(path), password) for path, _ in pending
        ]
        try:
            for future in as_completed(futures):
                outcome = future.result()
                path, sha = by_path[outcome[0]]
                step(_store(lib, path, sha, outcome, tag))
        except BaseException:
            for future in futures:
                future.cancel()
            raise


def _store(
    lib: Library, path: Path, sha: str, outcome: tuple[str, Any, str], tag: str | None
) -> ImportItem:
    """Write one extracted PDF (one transaction); a failure becomes a failed item."""
    _, result, error = outcome
    if result is None:
        return ImportItem(path, "failed", message=error)
    refs = list(result.references)
    notes = list(result.notes)
    status = "ok" if refs else "partial"
    if not refs and not notes:
        notes.append("no bibliography found")
    try:
        doc_id = lib.add_document(
            result.meta,
            refs,
            file=path,
            sha256=sha,
            status=status,
            message="; ".join(notes),
            tags=[tag] if tag else [],
        )
    except InputError as exc:
        if "already in the library" in exc.cause:  # another writer got there first
            return ImportItem(path, "already", document_id=lib.document_id_for_hash(sha))
        return ImportItem(path, "failed", message=exc.cause)
    except OSError as exc:
        return ImportItem(path, "failed", message=f"cannot copy into the library: {exc.strerror}")
    return ImportItem(path, "added", doc_id, len(refs), "; ".join(notes))


def _import_bibliography(lib: Library, path: Path, tag: str | None) -> ImportItem:
    try:
        from refmanager.service.exchange import import_file
    except ImportError:
        return ImportItem(path, "failed", message="importing bibliography files is not available")
    try:
        summary = import_file(lib, path, tag=tag)
    except InputError as exc:
        return ImportItem(path, "failed", message=exc.cause)
    messages = summary.messages()
    status = "added" if summary.added or not messages else "failed"
    return ImportItem(path, status, None, summary.added, "; ".join(messages))


# --------------------------------------------------------------------------- search


@dataclass(slots=True)
class SearchResult:
    """One page of a search, the total, and suggestions when nothing matched."""

    rows: list[ReferenceRow]
    total: int
    suggestions: list[Suggestion] = field(default_factory=list)


def search(
    lib: Library,
    query: str,
    *,
    order_by: str = "added",
    descending: bool = False,
    offset: int = 0,
    limit: int = 100,
) -> SearchResult:
    """Search; when nothing matches a non-empty query, close titles and authors are offered.

    Raises:
        InputError: a malformed query (the message says what is wrong).
    """
    total = lib.count(query)
    rows = lib.search(query, order_by, descending, offset, limit) if total else []
    suggestions = lib.suggest(query) if not total and query.strip() else []
    return SearchResult(rows, total, suggestions)


# --------------------------------------------------------------------------- tags


def tag_add(lib: Library, tag: str, query: str) -> int:
    """Tag every reference matching ``query``; how many were newly tagged."""
    return len(lib.tag_references(lib.search_ids(query), tag))


def tag_remove(lib: Library, tag: str, query: str = "") -> int:
    """Remove a tag from the references matching ``query`` (all by default); how many."""
    ids = lib.search_ids(query) if query.strip() else lib.tagged_references(tag)
    return len(lib.untag_references(ids, tag))


def tag_rename(lib: Library, old: str, new: str, merge: bool = False) -> None:
    """Rename a tag; with ``merge``, an existing ``new`` tag absorbs it."""
    if merge and any(t.name.casefold() == new.casefold() for t in lib.tags()):
        lib.merge_tags([old], new)
    else:
        lib.rename_tag(old, new)


def tag_list(lib: Library) -> list[TagInfo]:
    return lib.tags()


# --------------------------------------------------------------------------- duplicates


@dataclass(slots=True)
class DuplicateGroup:
    """References proposed as one work: the pairs found and their rows."""

    rows: list[ReferenceRow]
    candidates: list[DuplicateCandidate]

    @property
    def exact(self) -> bool:
        return all(c.exact for c in self.candidates)


def group_candidates(candidates: Sequence[DuplicateCandidate]) -> list[list[DuplicateCandidate]]:
    """Pairs joined into groups (connected components), biggest first."""
    parent: dict[int, int] = {}

    def find(x: int) -> int:
        parent.setdefault(x, x)
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for c in candidates:
        ra, rb = find(c.a), find(c.b)
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)
    groups: dict[int, list[DuplicateCandidate]] = {}
    for c in candidates:
        groups.setdefault(find(c.a), []).append(c)
    return sorted(groups.values(), key=lambda g: (-len(g), min(c.a for c in g)))


def find_duplicates(
    lib: Library,
    exact_only: bool = False,
    limit: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> tuple[list[DuplicateGroup], int]:
    """Groups of references that look like one work (up to ``limit`` groups), and how many
    groups there are in all."""
    candidates = lib.find_duplicates(exact_only=exact_only, progress=progress)
    grouped = group_candidates(candidates)
    out: list[DuplicateGroup] = []
    for group in grouped[:limit] if limit is not None else grouped:
        ids = sorted({c.a for c in group} | {c.b for c in group})
        out.append(DuplicateGroup(lib.rows(ids), group))
    return out, len(grouped)


def _filled(lib: Library, ids: Sequence[int]) -> int:
    """The reference of ``ids`` with the most fields (ties: the oldest)."""
    stored = lib.references(list(ids))
    return max(stored, key=lambda s: (len(s.reference.to_csl()), -s.id)).id


def merge_exact(lib: Library) -> list[MergeRecord]:
    """Merge every group of exact duplicates (same DOI, arXiv id or ISBN) in one transaction;
    the reference with the most fields is kept and empty fields are filled from the others.
    Returns the merge records (``lib.undo_merge`` each, in reverse, to undo)."""
    groups = group_candidates(lib.find_duplicates(exact_only=True))
    records: list[MergeRecord] = []
    with lib.transaction():
        for group in groups:
            ids = sorted({c.a for c in group} | {c.b for c in group})
            keep = _filled(lib, ids)
            records.append(lib.merge_references(keep, [i for i in ids if i != keep]))
    return records


# --------------------------------------------------------------------------- re-parse


def reparse(
    lib: Library,
    query: str = "",
    batch: int = 500,
    progress: Callable[[int, int], None] | None = None,
) -> int:
    """Parse again the references matching ``query`` (all by default) from their raw text,
    with the library's own model when it has one. Fields the user edited are kept.
    Each batch is one transaction. Returns how many references were re-parsed."""
    from refmanager.service.gui_support import reparse as reparse_ids

    ids = lib.search_ids(query, order_by="id")
    done = 0
    for start in range(0, len(ids), batch):
        done += len(reparse_ids(lib, ids[start : start + batch]))
        if progress is not None:
            progress(min(start + batch, len(ids)), len(ids))
    return done


# --------------------------------------------------------------------------- corrections


def store_correction(lib: Library, ref_id: int) -> int | None:
    """Keep a reference's current fields as a labelled example for the parser (raw text +
    corrected CSL item); None when it has no raw text to learn from."""
    stored = lib.reference(ref_id)
    ref = stored.reference
    if not ref.raw:
        return None
    item = ref.to_csl()
    for key in ("_confidence", "_location", "_tokens"):
        item.pop(key, None)
    return lib.add_correction(ref.raw, item, ref_id)


# --------------------------------------------------------------------------- check


def check(lib: Library, prune: bool = False, repair_index: bool = False) -> CheckReport:
    """Integrity check, files missing or orphaned, counts. ``prune`` deletes orphan files;
    ``repair_index`` rebuilds the search index first."""
    if repair_index:
        lib.rebuild_search_index()
    report = lib.check()
    lib.optimize()
    if prune and report.orphan_files:
        lib.prune_orphan_files()
    return report
