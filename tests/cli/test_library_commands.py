"""The library commands end to end: import, search, tag, duplicates, reparse, check."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from refmanager.cli.main import main
from refmanager.library import Library
from refmanager.model import Reference
from tests.service.test_importing import ENTRIES, make_pdf


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return tmp_path / "lib"


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_import_then_search_tag_check(
    folder: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pdf = make_pdf(tmp_path / "paper.pdf", "A paper", ENTRIES)
    code, out, _ = _run(capsys, "import", str(pdf), "--tag", "new", "--library", str(folder))
    assert code == 0 and out.strip() == "1 added (3 references), 0 already there, 0 failed"
    code, out, _ = _run(
        capsys, "import", str(pdf), str(tmp_path / "nope.pdf"), "--library", str(folder)
    )
    assert code == 1 and "1 already there, 1 failed" in out

    code, out, _ = _run(capsys, "search", "knuth", "--library", str(folder))
    assert code == 0 and len(out.splitlines()) == 1
    code, out, _ = _run(
        capsys, "search", "tag:new", "--format", "csl-json", "--library", str(folder)
    )
    items = json.loads(out)
    assert code == 0 and len(items) == 3 and all("_raw" in item for item in items)
    code, _, err = _run(capsys, "search", "(broken", "--library", str(folder))
    assert code == 2 and "never closed" in err and "Traceback" not in err
    code, _, err = _run(capsys, "search", "zzzqqq", "--library", str(folder))
    assert code == 1 and "no reference matches" in err

    code, out, _ = _run(capsys, "tag", "add", "classic", "knuth", "--library", str(folder))
    assert code == 0 and "tagged 1 reference" in out
    code, out, _ = _run(capsys, "tag", "rename", "classic", "old", "--library", str(folder))
    assert code == 0
    code, out, _ = _run(capsys, "tag", "list", "--library", str(folder))
    assert "old" in out and "new" in out
    code, out, _ = _run(capsys, "tag", "add", "fresh", "knuth", "--library", str(folder))
    code, out, _ = _run(capsys, "tag", "rename", "fresh", "old", "--library", str(folder))
    assert code == 0  # onto an existing tag: merged (as in the window), no --merge needed
    code, out, _ = _run(capsys, "tag", "list", "--library", str(folder))
    assert "fresh" not in out
    code, out, _ = _run(capsys, "tag", "remove", "old", "--library", str(folder))
    assert "removed 'old' from 1 reference" in out

    code, out, _ = _run(capsys, "check", "--library", str(folder))
    assert code == 0 and "integrity: ok" in out and "references: 3" in out


def test_duplicates_and_merge_exact(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with Library.open(folder) as lib:
        a = Reference.from_csl(
            {
                "title": "Deep learning",
                "DOI": "10.1038/nature14539",
                "author": [{"family": "LeCun"}],
                "issued": 2015,
            }
        )
        b = Reference.from_csl(
            {
                "title": "Deep learning.",
                "DOI": "10.1038/nature14539",
                "author": [{"family": "LeCun"}],
                "issued": 2015,
                "container-title": "Nature",
            }
        )
        c = Reference.from_csl(
            {
                "title": "Attention is all you need",
                "author": [{"family": "Vaswani"}],
                "issued": 2017,
            }
        )
        d = Reference.from_csl(
            {
                "title": "Attention is all you need!",
                "author": [{"family": "Vaswani"}],
                "issued": 2017,
            }
        )
        lib.references.add_references([a, b, c, d])
    code, out, _ = _run(capsys, "duplicates", "--library", str(folder))
    assert code == 0
    assert "DOI equal" in out and "same first author" in out
    code, out, _ = _run(capsys, "duplicates", "--merge-exact", "--library", str(folder))
    assert "merged 1 groups of exact duplicates (1 entries hidden)" in out
    assert "DOI equal" not in out and "similar:" in out


def test_reparse_command(folder: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pdf = make_pdf(tmp_path / "paper.pdf", "A paper", ENTRIES)
    _run(capsys, "import", str(pdf), "--library", str(folder))
    code, out, _ = _run(capsys, "reparse", "knuth", "--library", str(folder))
    assert code == 0 and out.strip() == "re-parsed 1 reference"


def test_missing_library_is_a_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = _run(capsys, "search", "x", "--library", str(tmp_path / "none"))
    assert code == 2 and "no refmanager library here" in err


def test_import_names_a_bibliography_file_once_per_problem(
    folder: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bib = tmp_path / "refs.bib"
    bib.write_text(
        "@article{good, author = {Dao, Tri}, title = {FlashAttention}, year = 2022}\n\n"
        "@article{broken, title = {no closing brace,\n  year = 2000\n",
        encoding="utf-8",
    )
    code, out, err = _run(capsys, "import", str(bib), "--library", str(folder))
    # something was skipped: the exit status says so, and the last line says what
    assert code == 1
    assert out.strip().splitlines()[-1] == (
        "1 added (1 references), 0 already there, 0 failed; "
        "not imported: 1 entry or line (listed above)"
    )
    problems = [line for line in err.splitlines() if str(bib) in line]
    assert problems and all(line.count(str(bib)) == 1 for line in problems)
    assert any(f"{bib}:3: " in line for line in problems)


def test_import_keeps_an_unreadable_pdf_marked_failed(
    folder: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.pdf"
    bad.write_bytes(b"not a pdf")
    code, out, err = _run(capsys, "import", str(bad), "--library", str(folder))
    assert code == 1 and "1 failed (1 kept in the library, marked failed)" in out
    assert err.count(str(bad)) == 1 and "Traceback" not in err
    with Library.open(folder, create=False) as lib:
        [doc] = lib.documents.documents()
        assert doc.status == "failed" and doc.message


def test_the_whole_parser_is_built_whatever_the_command() -> None:
    # one parser holds every sub-command (main() used to wire only the one asked for)
    from refmanager.cli.arguments import COMMANDS, build_parser

    parser = build_parser()
    for name in COMMANDS:
        args = parser.parse_args([name, *_minimal(name)])
        assert args.command == name


def _minimal(name: str) -> list[str]:
    """The fewest arguments each sub-command takes."""
    needs = {
        "extract": ["a.pdf"],
        "export": ["-o", "out.bib"],
        "import": ["a.bib"],
        "search": ["x"],
        "tag": ["list"],
        "collection": ["list"],
        "correct": ["1", "title=T"],
        "share": ["postgresql://h/db"],
        "join": ["postgresql://h/db"],
    }
    return needs.get(name, [])
