"""Use cases: import a bibliography file into the library; export references; the CLI."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from refmanager.cli.main import main
from refmanager.library import Library
from refmanager.model import Date, InputError, Name, Reference
from refmanager.service.exchange import export, format_for, format_references, import_file

BIB = r"""@string{jmlr = {Journal of Machine Learning Research}}
@article{dao2022flashattention,
  author = {Dao, Tri and R{\'e}, Christopher},
  title = {{FlashAttention}: Fast and Memory-Efficient Exact Attention},
  journal = jmlr, year = 2022, doi = {10.5555/x_y}}

@article{broken, title = {no closing brace,
  year = 2000

@book{dao2022flashattention,
  author = {{OpenAI}}, title = {Same key, other work}, year = {2023}}
"""


@pytest.fixture
def library(tmp_path: Path) -> Iterator[Library]:
    lib = Library.open(tmp_path / "lib")
    yield lib
    lib.close()


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_import_keeps_valid_entries_duplicated_keys_and_reports_broken(
    library: Library, tmp_path: Path
) -> None:
    path = _write(tmp_path, "refs.bib", BIB)
    summary = import_file(library, path, tag="from-bib")
    assert summary.format == "bibtex"
    assert summary.added == 2
    stored = library.references.references(summary.reference_ids)
    first, second = (s.reference for s in stored)
    assert first.get("title") == "FlashAttention: Fast and Memory-Efficient Exact Attention"
    assert first.author[1] == Name(family="Ré", given="Christopher")
    assert first.get("container-title") == "Journal of Machine Learning Research"
    assert second.author == [Name(literal="OpenAI")]
    assert all(s.tags == ["from-bib"] for s in stored)
    messages = summary.messages()
    assert any(m.startswith(f"{path}:7: malformed") for m in messages)
    assert any("used again" in m for m in messages)


def test_a_batch_is_all_or_nothing_and_importing_again_finishes_it(
    library: Library, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from refmanager.library.tags import TagStore

    path = _write(tmp_path, "refs.bib", BIB)

    def fail(self: TagStore, ids: list[int], name: str) -> list[int]:
        raise RuntimeError("disk full while tagging")

    with monkeypatch.context() as patched:
        patched.setattr(TagStore, "tag_references", fail)
        with pytest.raises(RuntimeError):
            import_file(library, path, tag="t")
    assert library.search.count("") == 0  # the batch's references went with its tags
    summary = import_file(library, path, tag="t")
    assert summary.added == library.search.count("") == library.search.count("tag:t") > 0
    again = import_file(library, path, tag="t")
    assert again.already and again.added == 0 and library.search.count("") == summary.added


def test_import_of_unreadable_file_raises_input_error(library: Library, tmp_path: Path) -> None:
    with pytest.raises(InputError):
        import_file(library, _write(tmp_path, "x.json", "{not json"))
    assert library.search.count("") == 0


def test_import_ris_and_csl_json(library: Library, tmp_path: Path) -> None:
    ris = _write(tmp_path, "a.ris", "TY  - JOUR\nAU  - Doe, Jane\nTI  - R\nPY  - 2001\nER  - \n")
    csl = _write(tmp_path, "a.json", json.dumps([{"title": "J", "author": "Org", "issued": 5}]))
    assert import_file(library, ris).added == 1
    summary = import_file(library, csl)
    assert summary.added == 1
    assert summary.problems  # the repairs are reported
    assert library.search.count("") == 2


def _seed(library: Library) -> list[int]:
    refs = []
    for index, (family, year) in enumerate([("Dao", 2022), ("Müller", 2019), ("Dao", 2022)]):
        ref = Reference("article-journal", author=[Name(family=family, given="A")])
        ref.issued = Date(year)
        ref.set("title", f"Flash {index} & more")
        refs.append(ref)
    ids = library.references.add_references(refs)
    library.tags.tag_references(ids[:1], "to-read")
    return ids


def test_export_to_file_by_query_and_by_ids(library: Library, tmp_path: Path) -> None:
    ids = _seed(library)
    out = tmp_path / "out.bib"
    assert export(library, "bibtex", out, query="author:dao") == 2
    text = out.read_text("utf-8")
    assert text.count("@article{") == 2
    assert "dao2022flash," in text and "dao2022flasha," in text
    assert r"\&" in text
    assert "keywords = {to-read}" in text
    assert export(library, "csl-json", out, ids=[ids[1]]) == 1
    assert json.loads(out.read_text("utf-8"))[0]["author"][0]["family"] == "Müller"
    assert not list(tmp_path.glob(".out.bib.*"))  # no temporary file left behind


def test_export_to_a_stream_and_csv_bom(library: Library, tmp_path: Path) -> None:
    _seed(library)
    stream = io.StringIO()
    assert export(library, "ris", stream) == 3
    assert stream.getvalue().count("ER  - ") == 3
    csv_path = tmp_path / "out.csv"
    export(library, "csv", csv_path)
    assert csv_path.read_bytes().startswith(b"\xef\xbb\xbfkey,type,")


def test_failed_export_leaves_no_half_written_file(library: Library, tmp_path: Path) -> None:
    _seed(library)
    out = tmp_path / "keep.bib"
    out.write_text("previous content", encoding="utf-8")
    with pytest.raises(InputError):
        export(library, "bibtex", out, query='title:"unclosed')
    with pytest.raises(InputError):
        export(library, "docx", out)
    assert out.read_text("utf-8") == "previous content"
    with pytest.raises(InputError):
        export(library, "bibtex", tmp_path / "no-such-dir" / "x.bib")


@pytest.mark.parametrize("name", ["library.sqlite", "library.sqlite-wal", "files/x.pdf", "."])
def test_export_onto_the_library_is_refused(library: Library, name: str) -> None:
    _seed(library)
    database = library.db_path.read_bytes()
    with pytest.raises(InputError, match="inside the library folder"):
        export(library, "bibtex", library.folder / name)
    assert library.db_path.read_bytes() == database
    assert library.search.count() == 3


def test_export_onto_a_link_into_the_library_is_refused(library: Library, tmp_path: Path) -> None:
    _seed(library)
    link = tmp_path / "refs.bib"
    link.symlink_to(library.db_path)
    with pytest.raises(InputError, match="inside the library folder"):
        export(library, "bibtex", link)
    assert library.search.count() == 3


def test_export_keeps_modes_and_links(library: Library, tmp_path: Path) -> None:
    _seed(library)
    real = tmp_path / "real.bib"
    real.write_text("old", encoding="utf-8")
    real.chmod(0o664)
    link = tmp_path / "refs.bib"
    link.symlink_to(real)
    export(library, "bibtex", link)
    assert link.is_symlink() and "@article{" in real.read_text("utf-8")
    assert real.stat().st_mode & 0o777 == 0o664


HOSTILE_CSL = """[
 {"id": "x1", "type": "article-journal", "title": "T", "URL": "javascript:alert(1)",
  "DOI": "javascript:alert(1)//10.1/x", "file": "/etc/shadow"},
 {"id": "x2", "type": "article-journal", "title": "U", "URL": "file:///etc/passwd",
  "DOI": "not a doi"},
 {"id": "x3", "type": "article-journal", "title": "V", "URL": "https://example.org/a",
  "DOI": "https://doi.org/10.1000/182"}
]"""
HOSTILE_BIB = r"""@article{a, title = {W}, url = {javascript:alert(1)}, doi = {<script>},
  file = {:/etc/shadow:PDF}}
"""


@pytest.mark.parametrize("fmt", ["bibtex", "biblatex", "ris", "csl-json", "csv"])
def test_non_web_links_and_non_dois_do_not_reach_exports(
    library: Library, tmp_path: Path, fmt: str
) -> None:
    import_file(library, _write(tmp_path, "hostile.json", HOSTILE_CSL))
    import_file(library, _write(tmp_path, "hostile.bib", HOSTILE_BIB))
    out = tmp_path / "out"
    assert export(library, fmt, out) == 4
    text = out.read_text("utf-8-sig")
    for bad in ("javascript", "/etc/shadow", "/etc/passwd", "not a doi", "<script>"):
        assert bad not in text
    assert "https://example.org/a" in text and "10.1000/182" in text
    assert "doi.org/10.1000/182" not in text  # the DOI written bare


def test_keys_stay_unique_across_the_batches_an_export_reads(
    library: Library, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from refmanager.service import exchange

    monkeypatch.setattr(exchange, "BATCH", 2)  # references are read 2 at a time
    same = Reference(type="article-journal", author=[Name("Dao", "Tri")], issued=Date(2022))
    same.set("title", "FlashAttention")
    library.references.add_references([same] * 7)
    out = tmp_path / "same.bib"
    assert export(library, "bibtex", out) == 7
    lines = out.read_text("utf-8").splitlines()
    keys = [line.split("{", 1)[1].rstrip(",") for line in lines if line.startswith("@")]
    assert keys == ["dao2022flashattention"] + [f"dao2022flashattention{c}" for c in "abcdef"]


class _FailingStream(io.StringIO):
    def write(self, text: str) -> int:
        raise OSError("disk full")


def test_format_helpers() -> None:
    assert format_for("x.bib", None) == "bibtex"
    assert format_for("x.json", None) == "csl-json"
    assert format_for("x.bib", "biblatex") == "biblatex"
    with pytest.raises(InputError):
        format_for("x.doc", None)
    ref = Reference()
    ref.set("title", "T")
    assert format_references([ref], "bibtex").startswith("@misc{anont,")
    with pytest.raises(InputError):
        format_references([ref], "yaml")


def test_export_command(
    library: Library, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _seed(library)
    folder = str(library.folder)
    assert main(["export", "--library", folder, "author:müller", "-o", "-", "-f", "ris"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("TY  - JOUR") and "Müller, A" in out
    target = tmp_path / "all.json"
    assert main(["export", "--library", folder, "-o", str(target)]) == 0
    assert len(json.loads(target.read_text("utf-8"))) == 3
    assert "exported 3 references" in capsys.readouterr().err
    assert main(["export", "--library", folder, "-o", str(tmp_path / "x.odt")]) == 2
    assert "--format" in capsys.readouterr().err
    assert main(["export", "--library", str(tmp_path / "nolib"), "-o", "-", "-f", "ris"]) == 2


def test_a_large_file_goes_in_batches_with_progress(
    library: Library, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from refmanager.service import exchange
    from refmanager.service.exchange import FileProgress

    monkeypatch.setattr(exchange, "BATCH_REFERENCES", 10)
    items = [{"id": f"i{n}", "title": f"Item {n}", "DOI": f"10.1/{n % 7}"} for n in range(35)]
    path = _write(tmp_path, "many.json", json.dumps(items, indent=1))
    seen: list[FileProgress] = []
    summary = import_file(library, path, progress=seen.append)
    assert summary.added == 35 and list(summary.reference_ids) == sorted(summary.reference_ids)
    assert [s.references for s in seen] == [10, 20, 30, 35]
    assert [s.bytes_done for s in seen][-1] == path.stat().st_size == seen[0].bytes_total
    # the same DOI in different batches: one work
    works = {library.references.reference(i).work_id for i in summary.reference_ids}
    assert len(works) == 7


def test_a_large_import_sets_indexes_aside_and_builds_them_again(
    library: Library, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from refmanager.service import exchange

    monkeypatch.setattr(exchange, "BATCH_REFERENCES", 10)
    monkeypatch.setattr(exchange, "LARGE_IMPORT", 5)  # a small file is read in one block:
    # its first part (10 references) is all it is expected to hold
    every = set(_index_names(library))
    deferred: list[int] = []
    seen = lambda _: deferred.append(len(library.imports.deferred_indexes()))  # noqa: E731
    items = [{"id": f"i{n}", "title": f"Item {n}", "DOI": f"10.1/{n % 7}"} for n in range(35)]
    path = _write(tmp_path, "many.json", json.dumps(items, indent=1))
    summary = import_file(library, path, progress=seen)
    assert summary.added == 35 and all(deferred)  # set aside while the batches went in
    assert set(_index_names(library)) == every and not library.imports.deferred_indexes()
    assert len({library.references.reference(i).work_id for i in summary.reference_ids}) == 7
    assert library.search.count("title:item") == 35
    small = _write(tmp_path, "few.json", json.dumps(items[:15]))  # fewer than the library
    deferred.clear()
    assert import_file(library, small, progress=seen).added == 15 and not any(deferred)


def _index_names(library: Library) -> list[str]:
    rows = library.conn.execute("SELECT name FROM sqlite_master WHERE type = 'index'")
    return [row[0] for row in rows]


def _items_in_batches_of_ten(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A CSL-JSON file of 25 items ("Item 0" ..), imported 10 references a batch."""
    from refmanager.service import exchange

    monkeypatch.setattr(exchange, "BATCH_REFERENCES", 10)
    items = [{"id": f"i{n}", "title": f"Item {n}"} for n in range(25)]
    return _write(tmp_path, "many.json", json.dumps(items))


def test_a_cancelled_import_goes_on_where_it_stopped(
    library: Library, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _items_in_batches_of_ten(tmp_path, monkeypatch)
    first = import_file(library, path, cancelled=lambda: True)  # stops after one batch
    assert first.cancelled and first.added == 10 == library.search.count("")
    rest = import_file(library, path)
    assert rest.resumed == 10 and rest.added == 15 and library.search.count("") == 25
    titles = [library.references.reference(i).reference.get("title") for i in rest.reference_ids]
    assert titles == [f"Item {n}" for n in range(10, 25)]


def test_a_broken_json_document_adds_nothing(library: Library, tmp_path: Path) -> None:
    path = _write(tmp_path, "cut.json", '[{"title": "A"},\n{"title": "B"},\n{"title": "C')
    with pytest.raises(InputError, match="line 3, column 11"):
        import_file(library, path)
    assert library.search.count("") == 0
    fixed = _write(tmp_path, "cut.json", '[{"title": "A"},\n{"title": "B"}]')
    assert import_file(library, fixed).added == 2


def test_deleting_what_an_import_added_lets_the_file_be_imported_again(
    library: Library, tmp_path: Path
) -> None:
    path = _write(tmp_path, "a.json", json.dumps([{"title": "A"}, {"title": "B"}]))
    first = import_file(library, path)
    library.references.delete_references(first.reference_ids)  # the window's undo of the import
    again = import_file(library, path)
    assert not again.already and again.added == 2


# RIS as EndNote and Zotero write attachments: L1 holds a local file, not a web link.
ATTACHMENTS_RIS = """TY  - JOUR
TI  - Written by EndNote
PY  - 2019
L1  - internal-pdf://2345678901/Tan-2019-paper.pdf
UR  - https://example.org/tan
ER  -

TY  - JOUR
TI  - Written by Zotero
PY  - 2023
L1  - /home/user/Zotero/storage/ABCD1234/Wang - 2023 - Attention Again.pdf
ER  -
"""


@pytest.mark.parametrize("fmt", ["bibtex", "biblatex", "ris", "csl-json", "csv"])
def test_attachments_other_tools_wrote_never_leave_as_links(
    library: Library, tmp_path: Path, fmt: str
) -> None:
    data = Path(__file__).resolve().parents[1] / "formats" / "data"
    for name in ("jabref.bib", "zotero-bbt.bib"):
        import_file(library, data / name)
    import_file(library, _write(tmp_path, "attachments.ris", ATTACHMENTS_RIS))
    out = tmp_path / "out"
    export(library, fmt, out)
    text = out.read_text("utf-8-sig")
    for local in (
        "internal-pdf",
        "/home/user",
        "Zotero/storage",
        "tan2019.pdf",
        "mueller2020.pdf",
        "supp.zip",
    ):
        assert local not in text
    assert "https://example.org/tan" in text


def test_a_file_keeps_its_order_across_batches_and_when_resumed(
    library: Library, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _items_in_batches_of_ten(tmp_path, monkeypatch)
    import_file(library, path, cancelled=lambda: True)  # one batch, then the rest
    import_file(library, path)
    rows = library.search.search("", order_by="document", limit=100)
    assert [row.position for row in rows] == list(range(25))
    assert [row.title for row in rows] == [f"Item {n}" for n in range(25)]


def test_export_leaves_out_a_fragment_with_nothing_to_cite(
    library: Library, tmp_path: Path
) -> None:
    # a page-top leftover: the tail of an entry, only a DOI, a number and pages
    tail = Reference(type="document", fragment=True)
    tail.set("DOI", "10.1000/xyz")
    tail.set("number", "4")
    tail.set("page", "1-9")
    named = Reference(type="article-journal", fragment=True)
    named.set("title", "The end of a title")
    whole = Reference(type="article-journal", author=[Name(family="Roy", given="A")])
    whole.set("title", "Whole")
    library.references.add_references([tail, named, whole])
    out = tmp_path / "refs.bib"
    assert export(library, "bibtex", out) == 2
    text = out.read_text(encoding="utf-8")
    assert "10.1000/xyz" not in text
    assert "@misc" not in text
    assert "The end of a title" in text and "Whole" in text


def test_csl_json_keys_starting_with_nul_do_not_break_later_exports(
    library: Library, tmp_path: Path
) -> None:
    items = [
        {"id": "\u0000a", "citation-key": "\u0000a", "type": "book", "title": "One"},
        {
            "id": "\u0000b",
            "citation-key": "\u0000b",
            "type": "book",
            "title": "Two",
            "container-title": "Ven\u0000ue",
        },
    ]
    path = _write(tmp_path, "nul.json", json.dumps(items))
    import_file(library, path)
    import_file(library, _write(tmp_path, "again.json", json.dumps(items)))
    out = tmp_path / "all.bib"
    assert export(library, "bibtex", out) == 2
    assert export(library, "bibtex", out) == 2  # and again, once the keys are stored
    assert "\x00" not in out.read_text(encoding="utf-8")
