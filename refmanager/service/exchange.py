"""Use cases: import a BibTeX/RIS/CSL-JSON file into the library; export references.

The CLI (``refmanager export``, ``refmanager import`` for .bib/.ris/.json) and the window
both call these.

The file formats are imported by the functions that read or write a file: a window
imports this module for its records and reads and writes a large file in a worker
process (decision 0045).
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from refmanager.library import Library, file_sha256
from refmanager.model import InputError, Problem, Reference
from refmanager.model.links import export_safe
from refmanager.model.options import EXTENSIONS, SUFFIX, WRITE_FORMATS
from refmanager.service.files import check_user_file, user_text_file
from refmanager.service.reading import read_parts
from refmanager.service.workers import Report

# File name endings `refmanager import` hands to import_file rather than to PDF extraction.
IMPORT_SUFFIXES: frozenset[str] = frozenset(EXTENSIONS)
BATCH = 2000  # references loaded from SQLite at a time while exporting
BATCH_REFERENCES = 10_000  # references stored per transaction while importing a file
# A file expected to hold at least this many references (judged from its first part), and
# at least as many as the library, is imported with most indexes set aside and built again
# at its end (``lib.imports.defer_indexes``): one sort each instead of scattered inserts.
LARGE_IMPORT = 100_000


MAX_PROBLEMS = 1000  # problems kept per file; past that they are only counted


@dataclass(slots=True)
class FileProgress:
    """How far the import of one bibliography file has got (after each batch).

    Attributes:
        path: the file.
        bytes_done, bytes_total: how much of the file has been read.
        references: references stored from it so far (an interrupted import's included).
    """

    path: Path
    bytes_done: int
    bytes_total: int
    references: int


@dataclass(slots=True)
class FileImport:
    """What importing one bibliography file did.

    Attributes:
        path: the file.
        format: ``bibtex``, ``ris`` or ``csl-json``.
        reference_ids: the new references' ids, in file order (an array: a million ids
            in a list are a million items the collector walks in each full pass).
        problems: entries skipped (with their line) and repairs made (the first
            ``MAX_PROBLEMS``; ``more_problems`` counts the others, ``skipped`` those
            that lost something of the file).
        already: the same file (same content) was imported before; nothing was added.
        resumed: references an interrupted import of this file had stored already (this
            import went on after them).
        cancelled: stopped between two batches, on request (the batches stored stay, and
            importing the file again goes on from there).
    """

    path: Path
    format: str
    reference_ids: array[int] = field(default_factory=lambda: array("q"))
    problems: list[Problem] = field(default_factory=list)
    already: bool = False
    resumed: int = 0
    cancelled: bool = False
    more_problems: int = 0
    skipped: int = 0

    @property
    def added(self) -> int:
        return len(self.reference_ids)

    def note(self, problems: Iterable[Problem]) -> None:
        """Count and keep (up to ``MAX_PROBLEMS``) problems met reading the file."""
        for problem in problems:
            if problem.skipped:
                self.skipped += 1
            if len(self.problems) < MAX_PROBLEMS:
                self.problems.append(problem)
            else:
                self.more_problems += 1

    def messages(self) -> list[str]:
        """One line per problem, naming the file and the line: ``refs.bib:12: ...``."""
        lines = [
            f"{self.path}:{p.line}: {p.message}" if p.line else f"{self.path}: {p.message}"
            for p in self.problems
        ]
        if self.more_problems:
            lines.append(f"{self.path}: ... and {self.more_problems} more problems")
        return lines


def import_file(
    library: Library,
    path: Path | str,
    tag: str | None = None,
    progress: Callable[[FileProgress], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> FileImport:
    """Add every readable entry of a .bib, .ris or CSL-JSON file to ``library``.

    The file is read a part at a time (``formats.open_records``; a large file in a worker
    process, ``service.reading``) and stored in batches of ``BATCH_REFERENCES``, each in
    one transaction with the count of the file's references stored so far: a crash leaves
    whole batches, and importing the same file again goes on after them (the file is known
    by its content hash). A file imported whole before is not imported again
    (``already``). Malformed entries are skipped and reported in ``problems``;
    ``progress`` is called after each batch, ``cancelled`` asked between batches.

    Raises:
        InputError: the file cannot be read, holds no BibTeX, RIS or CSL-JSON at all, or
            is a CSL-JSON document broken somewhere (nothing is added then; the message
            gives the line and column).
    """
    from refmanager.formats.parts import open_records

    path = Path(path)
    stream = open_records(path, EXTENSIONS.get(path.suffix.lower()), chunk=BATCH_REFERENCES)
    summary = FileImport(path=path, format=stream.format)
    try:
        sha = file_sha256(path)
    except OSError as exc:
        raise InputError(str(path), f"cannot read the file ({exc.strerror})") from None
    run = library.imports.begin_import(sha, path.name, stream.format)
    if run.finished is not None:
        summary.already = True
        return summary
    summary.resumed = skip = run.added
    judged = False  # whether the file is a large import (told by its first references)
    try:
        with read_parts(stream) as parts:
            for part in parts:
                summary.note(part.problems)
                forms = part.forms
                if forms and not judged:
                    judged = True
                    expected = len(forms) * stream.source.size / max(1, part.bytes_read)
                    if _large(library, expected - skip):
                        library.imports.defer_indexes()
                if skip:
                    drop = min(skip, len(forms))
                    forms, skip = forms[drop:], skip - drop
                if forms:
                    summary.reference_ids.extend(library.imports.add_import_forms(run, forms, tag))
                if progress is not None:
                    size = stream.source.size
                    progress(FileProgress(path, part.bytes_read, size, run.added))
                if cancelled is not None and cancelled():
                    summary.cancelled = True
                    return summary
    except InputError:
        if not run.added:
            library.imports.forget_import(run)
        raise
    finally:
        library.imports.restore_indexes()
    library.imports.finish_import(run)
    return summary


def import_file_in_folder(folder: Path, path: Path, tag: str | None, report: Report) -> FileImport:
    """:func:`import_file` on a connection of its own to the library in ``folder``, each
    batch's ``FileProgress`` handed to ``report`` as a partial result, stopped cleanly
    between batches when the caller cancelled: how a window imports a large file in a
    worker process, so that neither reading nor storing runs in the window's process."""

    def progress(state: FileProgress) -> None:
        if not report.cancelled:
            report(state.bytes_done, state.bytes_total, "", state)

    with Library.open(folder, create=False) as lib:
        return import_file(
            lib, path, tag=tag, progress=progress, cancelled=lambda: report.cancelled
        )


def _large(library: Library, expected: float) -> bool:
    """Whether an import expected to add this many references is a large one: at least
    ``LARGE_IMPORT``, and at least as many as the library holds."""
    return expected >= LARGE_IMPORT and expected >= library.search.count()


def select_ids(
    library: Library, query: str | None = None, ids: Sequence[int] | None = None
) -> list[int]:
    """``ids`` as given, else the references matching ``query`` (all when empty)."""
    if ids is not None:
        return list(ids)
    return library.search.search_ids(query or "")


def iter_references(
    library: Library,
    ids: Sequence[int],
    with_attachments: bool = False,
    on_batch: Callable[[int, int], None] | None = None,
) -> Iterator[Reference]:
    """The references of ``ids`` in that order, loaded a batch at a time.

    ``on_batch(done, total)`` is called before each batch is read and once at the end: a
    front end shows progress there, and stops the export by raising (``Cancelled``).

    Each gets its stable citation key (``service.citekeys``: the key it was first written
    with). A reference's tags are added to its ``keyword`` variable (as Zotero exports
    tags), so they travel with the file. Links that are not
    web links, DOIs that are not DOIs and local file paths are left out (``model.links``);
    only ``with_attachments`` (the user asked: ``export --with-attachments``) adds the
    references' attachments, which each format writes in its own syntax (decision 0022).
    A fragment with nothing to cite (:func:`nothing_to_cite`) is left out.
    """
    from refmanager.service.citekeys import StableKeys  # (the formats' key patterns)

    keys = StableKeys(library)
    for start in range(0, len(ids), BATCH):
        if on_batch is not None:
            on_batch(start, len(ids))
        rows = [
            row
            for row in library.references.export_rows(ids[start : start + BATCH])
            if not nothing_to_cite(row[1])
        ]
        keys.apply([(ref_id, ref) for ref_id, ref, _ in rows])
        links = (
            library.attachments.attachments_of([r[0] for r in rows], merged=True)
            if with_attachments
            else {}
        )
        for ref_id, ref, tags in rows:
            export_safe(ref)
            if ref_id in links:
                ref.attachments = tuple(links[ref_id])
            if tags:
                have = [k.strip() for k in ref.get("keyword").split(",") if k.strip()]
                ref.set("keyword", ", ".join([*have, *(t for t in tags if t not in have)]))
            yield ref
    if on_batch is not None:
        on_batch(len(ids), len(ids))


def nothing_to_cite(ref: Reference) -> bool:
    """A fragment (the tail of an entry whose start is not in the document, such as a
    page-top leftover) with no title, no names and no venue: only numbers and
    identifiers, which no citation can show. It stays in the library; exports leave it
    out rather than write ``@misc{anona}`` holding a DOI and pages."""
    return (
        ref.fragment
        and not (ref.author or ref.editor)
        and not any(ref.get(name) for name in ("title", "container-title", "publisher"))
    )


def format_library_references(library: Library, ids: Sequence[int], fmt: str) -> str:
    """References of the library as text in ``fmt``, as an export writes them (stable keys,
    tags as keywords, only safe links): for the clipboard."""
    from refmanager.formats import format_string

    check_format(fmt)
    return format_string(fmt, iter_references(library, list(ids)))


def format_references(refs: Iterable[Reference], fmt: str) -> str:
    """References as text in one of ``WRITE_FORMATS`` (for ``parse``/``search --format``),
    without what ``model.links.export_safe`` removes (from the references given)."""
    from refmanager.formats import format_string

    check_format(fmt)
    return format_string(fmt, _export_safe(refs))


def _export_safe(refs: Iterable[Reference]) -> Iterator[Reference]:
    for ref in refs:
        export_safe(ref)
        yield ref


def export(
    library: Library,
    fmt: str,
    out: Path | str | TextIO,
    query: str | None = None,
    ids: Sequence[int] | None = None,
    *,
    with_attachments: bool = False,
    on_batch: Callable[[int, int], None] | None = None,
) -> int:
    """Write references (``ids``, else those matching ``query``) in ``fmt``; their number.
    Their attachments (local file paths among them) are written only ``with_attachments``.
    ``on_batch`` as for :func:`iter_references` (what it raises stops the export; a file
    is then left as it was).

    ``out`` is a path (written to a temporary file beside it, then renamed, so a failed
    export never leaves a half-written file; a new file gets the umask's mode, a replaced
    one keeps its mode, a symlink keeps pointing to the file written; ``-`` means standard
    output) or an open text stream. A path in the library's own folder is refused. CSV
    files get a UTF-8 byte order mark so that spreadsheets read accents.

    Raises:
        InputError: unknown format, malformed query, the file is in the library's folder,
            or it cannot be written.
    """
    from refmanager.formats import write_format

    check_format(fmt)
    if isinstance(out, (str, Path)) and str(out) == "-":
        out = sys.stdout
    if isinstance(out, (str, Path)):
        check_user_file(Path(out), library.folder)  # before any work
    chosen = select_ids(library, query, ids)
    refs = iter_references(library, chosen, with_attachments=with_attachments, on_batch=on_batch)
    written = [0]

    def counted(refs: Iterator[Reference]) -> Iterator[Reference]:
        for ref in refs:
            written[0] += 1
            yield ref

    if not isinstance(out, (str, Path)):
        write_format(fmt, counted(refs), out)
        return written[0]
    encoding = "utf-8-sig" if fmt == "csv" else "utf-8"
    with user_text_file(Path(out), library.folder, encoding) as stream:
        write_format(fmt, counted(refs), stream)
    return written[0]


def export_in_folder(
    folder: Path,
    fmt: str,
    path: Path,
    report: Report,
    *,
    ids: Sequence[int] | None = None,
    query: str = "",
) -> int:
    """:func:`export` on a connection of its own to the library in ``folder``, each batch
    told to ``report`` (which stops it when the user cancelled: the file is then left as it
    was): how a worker process exports (``WorkerProcess.call``)."""
    message = f"Exporting to {path.name}"
    with Library.open(folder, create=False) as lib:
        return export(
            lib,
            fmt,
            path,
            ids=ids,
            query=query,
            on_batch=lambda done, total: report(done, total, message),
        )


def format_for(path: str, fmt: str | None) -> str:
    """The export format: ``fmt`` when given, else from the file name's ending."""
    if fmt:
        return fmt
    suffix = Path(path).suffix.lower()
    for name, ending in SUFFIX.items():
        if ending == suffix:
            return name
    raise InputError(path, f"say which format with --format ({', '.join(WRITE_FORMATS)})")


def check_format(fmt: str) -> None:
    """Raise InputError unless ``fmt`` is one of ``WRITE_FORMATS``."""
    if fmt not in WRITE_FORMATS:
        raise InputError(fmt, f"unknown format; use one of {', '.join(WRITE_FORMATS)}")
