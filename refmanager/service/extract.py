"""Use case: read a PDF's bibliography and parse each entry into a CSL item."""

from __future__ import annotations

from refmanager.model import Entry, Reference

TYPE_CHECKING = False  # typing is not imported at run time (start-up, see 0015)


if TYPE_CHECKING:
    import os

    from refmanager.model import DocumentMeta


class ExtractResult:
    """What one PDF gave: its own metadata, its references in order, and notes for the user.

    (A plain slotted class: the dataclass module and decorator cost start-up time.)
    """

    __slots__ = ("meta", "notes", "path", "references")

    def __init__(
        self,
        path: str | os.PathLike[str],
        meta: DocumentMeta,
        references: list[Reference],
        notes: list[str] | None = None,
    ) -> None:
        self.path = path
        self.meta = meta
        self.references = references
        self.notes: list[str] = [] if notes is None else notes

    __hash__ = None  # type: ignore[assignment]  # mutable: unhashable, as the dataclass was

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, ExtractResult)
        return (self.path, self.meta, self.references, self.notes) == (
            other.path,
            other.meta,
            other.references,
            other.notes,
        )

    def __repr__(self) -> str:
        return (
            f"ExtractResult(path={self.path!r}, meta={self.meta!r}, "
            f"references={self.references!r}, notes={self.notes!r})"
        )


def entry_to_reference(entry: Entry, index: int) -> Reference:
    """An unparsed reference: just what extraction knows (raw text, label, location)."""
    ref = Reference(
        raw=entry.raw,
        label=entry.label,
        location=list(entry.locations),
        fragment=entry.fragment,
    )
    if entry.fragment:
        ref.id = f"fragment-{index + 1}"  # never the id of a labelled entry ("ref-22")
    else:
        ref.id = f"ref-{entry.label}" if entry.label else f"ref-{index + 1}"
    if entry.label.isdigit():
        ref.citation_number = int(entry.label)
    return ref


def extract_pdf(
    path: str | os.PathLike[str], password: str | None = None, parse: bool = True, meta: bool = True
) -> ExtractResult:
    """Read ``path``'s bibliography; with ``parse``, fill the CSL fields of each entry.

    Without ``meta`` the document's own metadata is left empty (only its page count), and
    the first page is not read for it.

    Raises:
        InputError: the file is not a readable PDF (named, with the cause).
    """
    from refmanager.pdf import read_bibliography

    bib = read_bibliography(path, password=password, meta=meta)
    refs: list[Reference] = []
    if parse:
        from refmanager.parse import parse_entries

        refs = parse_entries(bib.entries)
    else:
        refs = [entry_to_reference(e, i) for i, e in enumerate(bib.entries)]
    return ExtractResult(path=path, meta=bib.meta, references=refs, notes=list(bib.notes))
