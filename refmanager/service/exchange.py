"""Use cases: import a BibTeX/RIS/CSL-JSON file into the library; export references.

The CLI (``refmanager export``, ``refmanager import`` for .bib/.ris/.json) and the window
both call these.
"""

from __future__ import annotations

import gc
import sys
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from refmanager.formats import (
    EXTENSIONS,
    SUFFIX,
    WRITE_FORMATS,
    Problem,
    format_string,
    read_file,
    write_format,
)
from refmanager.library import Library
from refmanager.model import InputError, Reference
from refmanager.model.links import export_safe
from refmanager.service.files import atomic_text_file, inside

# File name endings `refmanager import` hands to import_file rather than to PDF extraction.
IMPORT_SUFFIXES: frozenset[str] = frozenset(EXTENSIONS)
BATCH = 2000  # references loaded from SQLite at a time while exporting


@dataclass(slots=True)
class ImportSummary:
    """What importing one bibliography file did.

    Attributes:
        path: the file.
        format: ``bibtex``, ``ris`` or ``csl-json``.
        reference_ids: the new references' ids, in file order.
        problems: entries skipped (with their line) and repairs made.
    """

    path: Path
    format: str
    reference_ids: list[int] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)

    @property
    def added(self) -> int:
        return len(self.reference_ids)

    def messages(self) -> list[str]:
        """One line per problem, naming the file and the line: ``refs.bib:12: ...``."""
        return [
            f"{self.path}:{p.line}: {p.message}" if p.line else f"{self.path}: {p.message}"
            for p in self.problems
        ]


def import_file(library: Library, path: Path | str, tag: str | None = None) -> ImportSummary:
    """Add every readable entry of a .bib, .ris or .json file to ``library``.

    All the references (and the tag) go in one transaction: a crash or an error leaves the
    library as it was. Malformed entries are skipped and reported in ``problems``.

    Raises:
        InputError: the file cannot be read, or holds no BibTeX, RIS or CSL-JSON at all.
    """
    path = Path(path)
    result = read_file(path)
    summary = ImportSummary(path=path, format=result.format, problems=list(result.problems))
    if not result.references:
        return summary
    with library.transaction():
        summary.reference_ids = library.add_references(result.references)
        if tag:
            library.tag_references(summary.reference_ids, tag)
    return summary


def select_ids(
    library: Library, query: str | None = None, ids: Sequence[int] | None = None
) -> list[int]:
    """``ids`` as given, else the references matching ``query`` (all when empty)."""
    if ids is not None:
        return list(ids)
    return library.search_ids(query or "")


def iter_references(
    library: Library, ids: Sequence[int], tags_as_keywords: bool = True
) -> Iterator[Reference]:
    """The references of ``ids`` in that order, loaded a batch at a time.

    With ``tags_as_keywords`` a reference's tags are added to its ``keyword`` variable
    (as Zotero exports tags), so they travel with the file. Links that are not web links,
    DOIs that are not DOIs and local file paths are left out (``model.links``).
    """
    for start in range(0, len(ids), BATCH):
        for ref, tags in library.references_for_export(ids[start : start + BATCH]):
            export_safe(ref)
            if tags_as_keywords and tags:
                have = [k.strip() for k in ref.get("keyword").split(",") if k.strip()]
                ref.set("keyword", ", ".join([*have, *(t for t in tags if t not in have)]))
            yield ref


def format_references(refs: Iterable[Reference], fmt: str) -> str:
    """References as text in one of ``WRITE_FORMATS`` (for ``parse``/``search --format``),
    without what ``model.links.export_safe`` removes (from the references given)."""
    _check_format(fmt)
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
) -> int:
    """Write references (``ids``, else those matching ``query``) in ``fmt``; their number.

    ``out`` is a path (written to a temporary file beside it, then renamed, so a failed
    export never leaves a half-written file; a new file gets the umask's mode, a replaced
    one keeps its mode, a symlink keeps pointing to the file written; ``-`` means standard
    output) or an open text stream. A path in the library's own folder is refused. CSV
    files get a UTF-8 byte order mark so that spreadsheets read accents.

    Raises:
        InputError: unknown format, malformed query, the file is in the library's folder,
            or it cannot be written.
    """
    _check_format(fmt)
    chosen = select_ids(library, query, ids)
    refs = iter_references(library, chosen)
    if isinstance(out, (str, Path)) and str(out) == "-":
        out = sys.stdout
    if not isinstance(out, (str, Path)):
        with _cycle_collector_paused():
            write_format(fmt, refs, out)
        return len(chosen)
    target = Path(out)
    refuse_library_file(library, target)
    encoding = "utf-8-sig" if fmt == "csv" else "utf-8"
    with atomic_text_file(target, encoding) as stream, _cycle_collector_paused():
        write_format(fmt, refs, stream)
    return len(chosen)


def refuse_library_file(library: Library, target: Path) -> None:
    """Refuse to write an export over the library's own files (its database, its ``files/``).

    Raises:
        InputError: ``target`` (symlinks followed) lies in the library's folder.
    """
    if inside(target, library.folder):
        raise InputError(
            str(target),
            f"this is inside the library folder {library.folder}; exporting here would "
            "overwrite the library's own files: choose a file outside it",
        )


@contextmanager
def _cycle_collector_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector while an export runs.

    An export makes millions of short-lived objects (decoded JSON, references, entries)
    that hold no reference cycles, so reference counting frees them all; the cyclic
    collector would only rescan everything alive in the process, again and again (1 to
    3 s of a 100,000-reference export, more the more the process holds). It is enabled
    again afterwards, unless it was off before.
    """
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def format_for(path: str, fmt: str | None) -> str:
    """The export format: ``fmt`` when given, else from the file name's ending."""
    if fmt:
        return fmt
    suffix = Path(path).suffix.lower()
    for name, ending in SUFFIX.items():
        if ending == suffix:
            return name
    raise InputError(path, f"say which format with --format ({', '.join(WRITE_FORMATS)})")


def _check_format(fmt: str) -> None:
    if fmt not in WRITE_FORMATS:
        raise InputError(fmt, f"unknown format; use one of {', '.join(WRITE_FORMATS)}")
