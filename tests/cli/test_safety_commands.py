"""Careless commands and hostile input end in a clear line, and the library is unharmed."""

from __future__ import annotations

from pathlib import Path

import pytest

from refmanager.cli.main import main
from refmanager.library import Library
from refmanager.model import Reference


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    folder = tmp_path / "lib"
    with Library.open(folder) as lib:
        lib.references.add_references(
            [
                Reference.from_csl(
                    {"type": "book", "title": "Kept", "issued": {"date-parts": [[1999]]}}
                )
            ]
        )
    return folder


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_export_onto_the_library_database_is_refused(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    database = (folder / "library.sqlite").read_bytes()
    code, _, err = _run(
        capsys,
        "export",
        "-f",
        "bibtex",
        "-o",
        str(folder / "library.sqlite"),
        "--library",
        str(folder),
    )
    assert code == 2
    assert "inside the library folder" in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1
    assert (folder / "library.sqlite").read_bytes() == database
    code, out, _ = _run(capsys, "search", "kept", "--library", str(folder))
    assert code == 0 and "Kept" in out


@pytest.mark.parametrize(
    "query", ["year:>=99999999999999999999", "(" * 400 + "kept" + ")" * 400, "work:" + "9" * 30]
)
def test_overflowing_searches_are_one_line(
    folder: Path, capsys: pytest.CaptureFixture[str], query: str
) -> None:
    code, _, err = _run(capsys, "search", query, "--library", str(folder))
    assert code == 2 and "Traceback" not in err and "internal error" not in err
    assert len(err.strip().splitlines()) == 1


def test_forty_nots_search(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "search", "NOT " * 40 + "kept", "--library", str(folder))
    assert code == 0 and "Kept" in out


def test_check_names_orphans_and_prune_spares_the_user_s_files(
    folder: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from refmanager.model import DocumentMeta

    pdf = tmp_path / "paper.pdf"
    pdf.write_bytes(b"%PDF-1.4 a paper")
    with Library.open(folder) as lib:
        doc = lib.documents.add_document(DocumentMeta(), [], file=pdf)
        stored = lib.documents.file_path(doc)
        lib.documents.delete_document(doc)
    assert stored is not None
    files = folder / "files"
    (files / "tax2023.pdf").write_bytes(b"taxes")
    (files / "cv.odt").write_bytes(b"cv")

    code, _, err = _run(capsys, "check", "--library", str(folder))
    assert code == 0
    assert f"orphan file: {stored}" in err
    assert "1 orphan file(s) found" in err
    assert str(files / "tax2023.pdf") in err and str(files / "cv.odt") in err
    assert "never pruned" in err
    assert stored.exists()

    code, _, err = _run(capsys, "check", "--prune", "--library", str(folder))
    assert code == 0
    assert err.index(f"deleting: {stored}") < err.index("1 orphan file(s) deleted")
    assert not stored.exists()
    assert (files / "tax2023.pdf").read_bytes() == b"taxes"
    assert (files / "cv.odt").read_bytes() == b"cv"
