"""Fixtures: a fresh library in a temporary folder and a few realistic references."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from refmanager.library import Library
from refmanager.model import Date, DocumentMeta, Name, Reference


def make_ref(
    title: str,
    authors: list[tuple[str, str]],
    year: int | None,
    *,
    venue: str = "",
    doi: str = "",
    kind: str = "article-journal",
    raw: str = "",
) -> Reference:
    ref = Reference(
        type=kind,
        author=[Name(family=f, given=g) for f, g in authors],
        issued=Date(year) if year else None,
        raw=raw or f"{authors[0][0] if authors else ''}. {title}. {venue}, {year}.",
    )
    ref.set("title", title)
    ref.set("container-title", venue)
    ref.set("DOI", doi)
    return ref


FLASH = make_ref(
    "FlashAttention: Fast and Memory-Efficient Exact Attention with IO-Awareness",
    [("Dao", "Tri"), ("Fu", "Daniel Y."), ("Ermon", "Stefano")],
    2022,
    venue="Advances in Neural Information Processing Systems",
    doi="10.48550/arXiv.2205.14135",
    kind="paper-conference",
)
ATTENTION = make_ref(
    "Attention is all you need",
    [("Vaswani", "Ashish"), ("Shazeer", "Noam")],
    2017,
    venue="NeurIPS",
    kind="paper-conference",
)
MULLER = make_ref(
    "Über die Grundlagen der Mengenlehre",
    [("Müller", "Jürgen")],
    1998,
    venue="Mathematische Annalen",
)
CJK = make_ref("深度学习在自然语言处理中的应用", [("王", "小明")], 2020, venue="计算机学报")
BOOK = make_ref("The Art of Computer Programming", [("Knuth", "Donald E.")], 1968, kind="book")


@pytest.fixture
def lib(tmp_path: Path) -> Iterator[Library]:
    library = Library.open(tmp_path / "lib")
    yield library
    library.close()


@pytest.fixture
def filled(lib: Library) -> Library:
    """A library with one document citing five works."""
    lib.documents.add_document(
        DocumentMeta(title="A survey of things", year=2023),
        [FLASH, ATTENTION, MULLER, CJK, BOOK],
        sha256="a" * 64,
        file_name="survey.pdf",
    )
    return lib


def copy_ref(ref: Reference, **changes: str) -> Reference:
    """A copy of ``ref`` with some fields changed (``container_title=`` for container-title)."""
    out = Reference.from_csl(ref.to_csl())
    for name, value in changes.items():
        out.set(name.replace("_", "-"), value)
    return out


def two_documents(lib: Library) -> None:
    """Two documents citing overlapping works (same DOI, same title, a lost diacritic)."""
    lib.documents.add_document(
        DocumentMeta(title="one"), [FLASH, ATTENTION, MULLER], sha256="1" * 64
    )
    lib.documents.add_document(
        DocumentMeta(title="two"),
        [
            copy_ref(FLASH, container_title="NeurIPS"),  # same DOI
            copy_ref(ATTENTION, title="Attention is all you need."),  # no DOI, same title
            copy_ref(MULLER, title="Uber die Grundlagen der Mengenlehre"),  # diacritic lost
            make_ref("A different paper entirely", [("Vaswani", "Ashish")], 2017),
            BOOK,
        ],
        sha256="2" * 64,
    )


def cited_by(lib: Library, ref_id: int) -> int:
    """How many documents of the library cite the work of reference ``ref_id``."""
    row = lib.conn.execute(
        "SELECT count(DISTINCT r2.document_id) FROM refs r JOIN refs r2 ON r2.work_id = r.work_id "
        "WHERE r.id = ?",
        (ref_id,),
    ).fetchone()
    return int(row[0])


def not_duplicate(lib: Library, a: int, b: int) -> bool:
    """Whether the pair is marked "not duplicates" (stored in either order, as ``(lo, hi)``)."""
    lo, hi = sorted((a, b))
    sql = "SELECT 1 FROM not_duplicates WHERE a = ? AND b = ?"
    return lib.conn.execute(sql, (lo, hi)).fetchone() is not None
