"""Use cases the window needs that are small enough to live in one place: opening the library,
importing one file, linking a click on a page to a reference, re-parsing, correcting a field
(with its training example), reassigning a span of raw text, pasting references.

The window (``refmanager.gui``) imports only this layer; it never reaches the library, the
PDF reader or the parser directly. The types it handles are re-exported here.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from refmanager.library.library import Library, file_sha256, get_field, set_field
from refmanager.library.query import FIELDS as QUERY_FIELDS
from refmanager.library.query import compile_query
from refmanager.library.records import (
    SORT_COLUMNS,
    DeletedReferences,
    DocumentRecord,
    DuplicateCandidate,
    FieldChange,
    MergeRecord,
    ReferenceRow,
    StoredReference,
    TagInfo,
)
from refmanager.model import DocumentMeta, Entry, InputError, Reference, Token
from refmanager.service.extract import ExtractResult

__all__ = [
    "SORT_COLUMNS",
    "DeletedReferences",
    "DocumentRecord",
    "DuplicateCandidate",
    "FieldChange",
    "Library",
    "MergeRecord",
    "ReferenceRow",
    "StoredReference",
    "TableExtras",
    "TagInfo",
    "get_field",
]

# CSL fields without an indexed column that the table can still sort on (json_extract).
CSL_SORT_FIELDS = ("volume", "issue", "page")
BIB_SUFFIXES = (".bib", ".bibtex", ".biblatex", ".ris", ".json", ".csljson", ".jsonl")


def open_library(folder: Path) -> Library:
    """Open (creating if needed) the library in ``folder``.

    Raises:
        InputError: the folder is not usable as a library.
    """
    from refmanager.service.library_ops import open_library as open_folder

    return open_folder(folder)


def query_help() -> str:
    """The search language, one line per field, for the window's help."""
    lines = [
        "Free words search titles, authors and venues (prefix match, accents ignored).",
        'Use quotes for a phrase: "flash attention". Combine with AND (implicit), OR, '
        "NOT or -, and parentheses.",
        "",
    ]
    lines += [f"{name}:  {text}" for name, text in QUERY_FIELDS.items()]
    return "\n".join(lines)


# --------------------------------------------------------------------------- import


@dataclass(slots=True)
class FileOutcome:
    """What importing one file did."""

    path: Path
    document_id: int | None = None
    reference_ids: list[int] = field(default_factory=list)
    already: bool = False
    error: str = ""
    notes: list[str] = field(default_factory=list)


@dataclass(slots=True)
class PdfReading:
    """A PDF's bibliography read and parsed, ready to store: what :func:`read_pdf` returns.

    Plain data, so it can come back from another process (the window reads PDFs in a
    process pool, keeping its own interpreter free for the user).
    """

    path: Path
    result: ExtractResult | None = None
    error_cause: str = ""  # an InputError's cause when the PDF could not be read


def read_pdf(path: Path) -> PdfReading:
    """Read and parse a PDF's bibliography (no library involved; safe in a worker process)."""
    from refmanager.service.extract import extract_pdf

    try:
        return PdfReading(path, extract_pdf(path))
    except InputError as exc:
        return PdfReading(path, None, exc.cause)
    except MemoryError:
        return PdfReading(path, None, "the PDF needs more memory than allowed")
    except Exception as exc:  # a bug while reading one file must not stop the others
        return PdfReading(path, None, f"internal error while reading: {type(exc).__name__}: {exc}")


def import_file(lib: Library, path: Path, reading: PdfReading | None = None) -> FileOutcome:
    """Import one PDF (its bibliography, parsed) or one BibTeX/RIS/CSL-JSON file.

    ``reading`` is the PDF already read by :func:`read_pdf` (elsewhere); without it the PDF
    is read here. A bad file is reported in ``error`` (one line naming it and the cause),
    not raised; a PDF that cannot be read is still kept, marked failed, so the user sees it.
    """
    out = FileOutcome(path)
    try:
        suffix = path.suffix.lower()
        if suffix in BIB_SUFFIXES:
            _import_bibliography(lib, path, out)
            return out
        if not path.is_file():
            raise InputError(str(path), "no such file")
        sha = file_sha256(path)
        existing = lib.document_id_for_hash(sha)
        if existing is not None:
            out.document_id = existing
            out.already = True
            return out
        if reading is None:
            reading = read_pdf(path)
        result = reading.result
        if result is None:
            out.error = str(InputError(str(path), reading.error_cause))
            out.document_id = lib.add_document(
                DocumentMeta(title=path.stem), [], file=path, sha256=sha,
                status="failed", message=reading.error_cause,
            )
            return out
        status = "ok" if result.references else "partial"
        out.notes = list(result.notes)
        out.document_id = lib.add_document(
            result.meta, result.references, file=path, sha256=sha, status=status,
            message="; ".join(result.notes),
        )
        out.reference_ids = [s.id for s in lib.references_of(out.document_id)]
    except InputError as exc:
        out.error = str(exc)
    except OSError as exc:
        out.error = f"{path}: {exc.strerror or exc}"
    return out


def already_imported(lib: Library, path: Path) -> bool:
    """Whether a file with this content is in the library already."""
    try:
        return lib.document_id_for_hash(file_sha256(path)) is not None
    except OSError:
        return False


def _import_bibliography(lib: Library, path: Path, out: FileOutcome) -> None:
    """A BibTeX, RIS or CSL-JSON file's items, as references without a document
    (``service.exchange.import_file``); skipped entries become notes."""
    from refmanager.service.exchange import import_file as import_bibliography

    summary = import_bibliography(lib, path)
    out.reference_ids = summary.reference_ids
    out.notes = summary.messages()


# --------------------------------------------------------------------------- reading


def locate(lib: Library, document_id: int, page: int, x: float, y: float) -> int | None:
    """The reference of ``document_id`` whose box on ``page`` holds the point (PDF points)."""
    best: tuple[float, int] | None = None
    for stored in lib.references_of(document_id):
        target = stored.merged_into if stored.merged_into is not None else stored.id
        for loc in stored.reference.location:
            if loc.page != page:
                continue
            x0, y0, x1, y1 = loc.bbox
            lo_x, hi_x = min(x0, x1) - 2, max(x0, x1) + 2
            lo_y, hi_y = min(y0, y1) - 2, max(y0, y1) + 2
            if lo_x <= x <= hi_x and lo_y <= y <= hi_y:
                area = (hi_x - lo_x) * (hi_y - lo_y)
                if best is None or area < best[0]:
                    best = (area, target)
    return best[1] if best else None


def search_ids_by_field(
    lib: Library, query: str, name: str, descending: bool, *, offset: int, limit: int
) -> list[int]:
    """One page of ids matching ``query``, sorted on a CSL field kept only in the JSON
    (volume, issue, page): numbers in numeric order, then text. Not indexed: this reads
    every matching row, so it is for the table's occasional sort, not for hot paths.
    """
    if name not in CSL_SORT_FIELDS:
        raise InputError("sort", f"cannot sort on {name!r}")
    compiled = compile_query(query)
    direction = "DESC" if descending else "ASC"
    path = f"$.{name}"
    value = "(SELECT json_extract(d.csl, ?) FROM ref_data d WHERE d.id = r.id)"
    sql = (
        "SELECT r.id, " + value + " AS v FROM refs r "
        "WHERE r.merged_into IS NULL AND (" + compiled.where + ") "
        "ORDER BY CAST(v AS INTEGER) " + direction + ", v " + direction + ", "
        "r.id " + direction + " LIMIT ? OFFSET ?"
    )
    try:
        rows = lib.conn.execute(sql, (path, *compiled.params, limit, offset)).fetchall()
    except sqlite3.OperationalError as exc:
        raise InputError("sort", f"cannot sort on {name}: {exc}") from None
    return [int(r[0]) for r in rows]


@dataclass(slots=True, frozen=True)
class TableExtras:
    """What the references table shows beyond ``ReferenceRow`` (read without parsing the
    whole item: no names, no tokens)."""

    volume: str
    issue: str
    page: str
    doi: str
    number: str  # citation number or printed label
    fragment: bool
    confidence: dict[str, float]
    tags: tuple[str, ...]


_EXTRAS_SQL = (
    "SELECT d.id, d.csl ->> '$.volume', d.csl ->> '$.issue', d.csl ->> '$.page', "
    "d.csl ->> '$.DOI', d.csl ->> '$.citation-number', d.csl ->> '$._label', "
    "d.csl ->> '$._fragment', d.csl -> '$._confidence', "
    "(SELECT group_concat(t.name, char(31)) FROM ref_tags rt JOIN tags t ON t.id = rt.tag_id "
    "WHERE rt.ref_id = d.id) FROM ref_data d WHERE d.id IN ({marks})"
)


def table_extras(lib: Library, ref_ids: Sequence[int]) -> dict[int, TableExtras]:
    """Volume, issue, pages, number, per-field confidence and tags of a page of rows, in one
    query (SQLite's JSON operators), so a page of the table costs milliseconds at any size.
    """
    out: dict[int, TableExtras] = {}
    ids = list(ref_ids)
    for start in range(0, len(ids), 500):
        chunk = ids[start : start + 500]
        sql = _EXTRAS_SQL.format(marks=",".join("?" * len(chunk)))
        for row in lib.conn.execute(sql, chunk).fetchall():
            number = row[5] if row[5] is not None else (row[6] or "")
            try:
                conf = {str(k): float(v) for k, v in json.loads(row[8] or "{}").items()}
            except (TypeError, ValueError):
                conf = {}
            out[int(row[0])] = TableExtras(
                volume=str(row[1] or ""),
                issue=str(row[2] or ""),
                page=str(row[3] or ""),
                doi=str(row[4] or ""),
                number=str(number),
                fragment=bool(row[7]),
                confidence=conf,
                tags=tuple(sorted(row[9].split("\x1f"))) if row[9] else (),
            )
    return out


# --------------------------------------------------------------------------- changing


@dataclass(slots=True)
class Correction:
    """A field change and the training example stored with it (for undo)."""

    change: FieldChange
    correction_id: int | None


def correct_field(lib: Library, ref_id: int, name: str, value: str) -> Correction:
    """Set a field as the user corrected it, and keep the corrected item as a training
    example for the parser (``library_ops.store_correction``), in one transaction."""
    from refmanager.service.library_ops import store_correction

    with lib.transaction():
        change = lib.set_field(ref_id, name, value)
        correction_id = store_correction(lib, ref_id)
    return Correction(change, correction_id)


def undo_correction(lib: Library, correction: Correction) -> None:
    with lib.transaction():
        lib.undo_field_change(correction.change)
        if correction.correction_id is not None:
            lib.delete_correction(correction.correction_id)


@dataclass(slots=True)
class SpanChange:
    """What :func:`assign_span` replaced, for :func:`undo_span`."""

    previous: StoredReference
    correction_id: int | None


def assign_span(lib: Library, ref_id: int, name: str, start: int, end: int) -> SpanChange:
    """Give the raw text ``[start, end)`` to field ``name``: the field takes that text and the
    tokens inside the span take its label ("O": no field, only the tokens change). The result
    is kept as a training example; the change returned is for :func:`undo_span`.
    """
    previous = lib.reference(ref_id)
    ref = Reference.from_csl(json.loads(json.dumps(previous.reference.to_csl())))
    raw = ref.raw
    start, end = max(0, min(start, len(raw))), max(0, min(end, len(raw)))
    if end <= start:
        raise InputError("selection", "select some raw text first")
    text = " ".join(raw[start:end].split()).strip(" ,.;:")
    if name == "issued":
        digits = "".join(c for c in text if c.isdigit())
        text = digits[:4] if len(digits) >= 4 else text
    if name != "O":
        set_field(ref, name, text)
    ref.tokens = _relabel(ref.tokens, start, end, name, raw)
    ref.confidence[name] = 1.0
    edited = set(previous.edited)
    if name != "O":
        edited.add(name)
    updated = StoredReference(
        id=previous.id,
        document_id=previous.document_id,
        position=previous.position,
        reference=ref,
        edited=frozenset(edited),
        work_id=previous.work_id,
        merged_into=previous.merged_into,
        tags=list(previous.tags),
    )
    from refmanager.service.library_ops import store_correction

    with lib.transaction():
        lib.restore_reference(updated)
        correction_id = store_correction(lib, ref_id)
    return SpanChange(previous, correction_id)


def undo_span(lib: Library, change: SpanChange) -> None:
    with lib.transaction():
        lib.restore_reference(change.previous)
        if change.correction_id is not None:
            lib.delete_correction(change.correction_id)


def _relabel(tokens: list[Token], start: int, end: int, label: str, raw: str) -> list[Token]:
    """Tokens with ``[start, end)`` labelled ``label`` (tokens cut at the span's edges)."""
    out: list[Token] = []
    for tok in tokens:
        if tok.end <= start or tok.start >= end:
            out.append(tok)
            continue
        if tok.start < start:
            out.append(Token(tok.start, start, tok.label))
        if tok.end > end:
            out.append(Token(end, tok.end, tok.label))
    # one token per word of the span
    pos = start
    for word in raw[start:end].split():
        at = raw.index(word, pos)
        out.append(Token(at, at + len(word), label))
        pos = at + len(word)
    out.sort(key=lambda t: (t.start, t.end))
    return out


def reparse(lib: Library, ref_ids: Sequence[int]) -> list[StoredReference]:
    """Run the parser again on references (fields the user edited are kept); returns the
    previous states for undo. The library's own retrained model is used when it has one.
    """
    from refmanager.service.parsing import model_for
    from refmanager.service.parsing import reparse as parse_again

    stored = [s for s in lib.references(list(ref_ids)) if s.reference.raw]
    fresh = parse_again([s.reference for s in stored], model_for(lib.folder))
    previous: list[StoredReference] = []
    with lib.transaction():
        for s, new in zip(stored, fresh, strict=True):
            if s.reference.citation_number is not None:
                new.citation_number = s.reference.citation_number
            previous.append(lib.replace_reference(s.id, new, keep_edited=True))
    return previous


def retrain_for_library(folder: Path) -> tuple[int, dict[str, float], str]:
    """Train the library's own parser model with its stored corrections (slow: minutes).

    Returns how many corrections were used, the training figures, and "" or why it could
    not train (an InputError's cause: the error itself does not cross process boundaries).
    New imports and re-parses use that model from then on. Safe in a worker process.
    """
    from refmanager.service.parsing import library_model_path, stored_corrections, train

    try:
        corrections = stored_corrections(folder)
        if not corrections:
            return 0, {}, "no corrections yet: edit some fields first"
        return len(corrections), train(library_model_path(folder), corrections), ""
    except InputError as exc:
        return 0, {}, exc.cause


def restore_references_state(lib: Library, previous: Sequence[StoredReference]) -> None:
    with lib.transaction():
        for s in previous:
            lib.restore_reference(s)


def add_texts(lib: Library, texts: Sequence[str]) -> list[int]:
    """Reference strings (pasted) parsed and added without a document; their ids."""
    from refmanager.parse import parse_entries
    from refmanager.service.parsing import model_for

    refs = parse_entries([Entry(raw=t) for t in texts if t.strip()], model_for(lib.folder))
    return lib.add_references(refs)


def export(
    lib: Library, fmt: str, path: Path, ids: Sequence[int] | None = None, query: str = ""
) -> int:
    """Write references (``ids``, else those matching ``query``) to ``path``; their number
    (``service.exchange.export``: atomic file, tags as keywords).

    Raises:
        InputError: unknown format, bad query, or the file cannot be written.
    """
    from refmanager.service.exchange import export as export_references

    return export_references(lib, fmt, path, query=query, ids=ids)


def format_references(refs: Sequence[Reference], fmt: str) -> str:
    """References as text for the clipboard: ``citation`` (one formatted line each) or any
    export format (``bibtex``, ``ris``, ``csl-json``...)."""
    if fmt == "citation":
        return "\n".join(citation(r) for r in refs) + "\n"
    from refmanager.service.exchange import format_references as render

    return render(refs, fmt)


def citation(ref: Reference) -> str:
    """One reference as a plain formatted citation (authors, year, title, container...)."""
    names = [n.display() for n in ref.author]
    if len(names) > 3:
        names = [*names[:3], "et al."]
    parts = [", ".join(names)] if names else []
    if ref.year is not None:
        parts.append(f"({ref.year})")
    head = " ".join(parts)
    title = ref.get("title")
    where = ref.get("container-title") or ref.get("publisher")
    volume = ref.get("volume")
    if volume and ref.get("issue"):
        volume += f"({ref.get('issue')})"
    if ref.get("page"):
        volume = f"{volume}: {ref.get('page')}" if volume else ref.get("page")
    pieces = [p for p in (head, title, ", ".join(x for x in (where, volume) if x)) if p]
    text = ". ".join(pieces)
    if ref.get("DOI"):
        text += f". https://doi.org/{ref.get('DOI')}"
    elif ref.get("URL"):
        text += f". {ref.get('URL')}"
    return (text or ref.raw).rstrip(".") + "."
