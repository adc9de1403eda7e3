"""File links read from and written to each format (decision 0022), on files written the
way JabRef, Zotero, Better BibTeX, Mendeley and EndNote write them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from refmanager.formats import read_file, read_string, to_bibtex, to_csl_json, to_ris
from refmanager.formats.filelinks import file_field, parse_file_field
from refmanager.formats.parts import open_records
from refmanager.model import Attachment, Reference
from refmanager.model.links import export_safe

DATA = Path(__file__).parent / "data"


def _by_key(path: Path) -> dict[str, Reference]:
    return {r.get("citation-key"): r for r in read_file(path).references}


def test_jabref_links_keep_description_path_and_type_resolved_against_the_bib_folder() -> None:
    refs = _by_key(DATA / "jabref.bib")
    (tan,) = refs["tan2019efficientnet"].attachments
    assert tan == Attachment("papers/tan2019.pdf", str(DATA / "papers/tan2019.pdf"), "PDF", "")
    full, supplement = refs["mueller2020"].attachments
    assert (full.title, full.target, full.kind) == ("Full Text", "mueller2020.pdf", "PDF")
    assert (supplement.title, supplement.kind) == ("Supplement", "ZIP")
    assert supplement.resolved == str(DATA / "mueller2020-supp.zip")
    assert refs["icml2019"].attachments == ()  # a crossref parent's links are its own


def test_better_bibtex_bare_absolute_path() -> None:
    refs = _by_key(DATA / "zotero-bbt.bib")
    (link,) = refs["wangAttentionAgain2023"].attachments
    path = "/home/user/Zotero/storage/ABCD1234/Wang - 2023 - Attention Again.pdf"
    assert link == Attachment(path, path)


def test_jabref_file_directory_escaped_windows_drive_and_urls() -> None:
    refs = _by_key(DATA / "jabref5-groups.bib")
    windows, slides = refs["vaswani2017"].attachments
    assert windows.target == "C:\\Users\\ana\\papers\\vaswani2017.pdf"  # \\: and \\\\ undone
    assert windows.resolved == windows.target  # absolute already
    assert slides.resolved == str(DATA / "pdfs/talks/vaswani-slides.pdf")  # fileDirectory
    local, online = refs["he2016"].attachments
    assert local.resolved == str(DATA / "pdfs/he2016.pdf")
    assert (online.target, online.kind, online.resolved) == (
        "https://arxiv.org/pdf/1512.03385",
        "URL",
        "",
    )
    assert online.is_url


@pytest.mark.parametrize(
    ("field", "expected"),
    [
        # Zotero's own BibTeX export (with "Export Files": relative to the export)
        (
            "Full Text PDF:files/12/Lee - 2020.pdf:application/pdf",
            [("Full Text PDF", "files/12/Lee - 2020.pdf", "application/pdf")],
        ),
        # Zotero's own export, without files: its storage folder
        (
            "Snapshot:/home/u/Zotero/storage/QW12ER34/page.html:text/html;"
            "Full Text:/home/u/Zotero/storage/ZX98CV76/a.pdf:application/pdf",
            [
                ("Snapshot", "/home/u/Zotero/storage/QW12ER34/page.html", "text/html"),
                ("Full Text", "/home/u/Zotero/storage/ZX98CV76/a.pdf", "application/pdf"),
            ],
        ),
        # Better BibTeX: bare paths, ; between them
        ("/a/one.pdf;/a/two.pdf", [("", "/a/one.pdf", ""), ("", "/a/two.pdf", "")]),
        # Mendeley Desktop: $\backslash$ for the backslash escaping the drive's colon
        (
            ":C$\\backslash$:/Users/ana/Mendeley Desktop/Lee - 2020.pdf:pdf",
            [("", "C:/Users/ana/Mendeley Desktop/Lee - 2020.pdf", "pdf")],
        ),
        # an unescaped Windows drive, as older tools write it
        (":C:\\papers\\a.pdf:PDF", [("", "C:\\papers\\a.pdf", "PDF")]),
        # an escaped ; inside a file name
        (":odd\\;name.pdf:PDF", [("", "odd;name.pdf", "PDF")]),
    ],
)
def test_file_field_syntaxes(field: str, expected: list[tuple[str, str, str]]) -> None:
    assert [(a.title, a.target, a.kind) for a in parse_file_field(field)] == expected


def test_file_field_written_back_reads_the_same() -> None:
    links = [
        Attachment("C:\\odd;dir\\a:b.pdf", kind="PDF", title="Full: Text"),
        Attachment("https://example.org/a.pdf", kind="URL"),
    ]
    assert parse_file_field(file_field(links)) == links


def test_ris_l1_and_l4_are_links_not_the_url() -> None:
    text = (
        "TY  - JOUR\nTI  - Growth\nUR  - https://example.org/paper\n"
        "L1  - internal-pdf://1234567890/Smith-2020.pdf\n"  # EndNote
        "L1  - storage/ABCD1234/Smith - 2020.pdf\n"  # Zotero, relative to the export
        "L4  - figures/fig1.png\nER  - \n"
    )
    (ref,) = read_string(text, "ris").references
    assert ref.get("URL") == "https://example.org/paper"
    assert [(a.target, a.kind) for a in ref.attachments] == [
        ("internal-pdf://1234567890/Smith-2020.pdf", ""),
        ("storage/ABCD1234/Smith - 2020.pdf", ""),
        ("figures/fig1.png", "figure"),
    ]


def test_ris_file_resolved_against_its_folder(tmp_path: Path) -> None:
    path = tmp_path / "zotero.ris"
    endnote = (DATA / "endnote.ris").read_text(encoding="utf-8")
    path.write_text(endnote.replace("ER  -", "L1  - files/3/doe.pdf\nER  -", 1), encoding="utf-8")
    (part,) = open_records(path)
    first = part.references[0]
    assert [a.resolved for a in first.attachments] == [str(tmp_path / "files/3/doe.pdf")]
    internal = Attachment("internal-pdf://9/x.pdf")
    assert read_string("TY  - GEN\nL1  - internal-pdf://9/x.pdf\nER  - \n", "ris").references[
        0
    ].attachments == (internal,)  # a URL: never resolved as a path


def test_csl_json_file_variable() -> None:
    item = {"id": "a", "type": "book", "title": "T", "file": "Full Text:pdfs/a.pdf:PDF"}
    (ref,) = read_string(json.dumps([item]), "csl-json").references
    assert "file" not in ref.fields
    assert ref.attachments == (Attachment("pdfs/a.pdf", kind="PDF", title="Full Text"),)


def _with_links() -> Reference:
    ref = Reference(type="book", id="k")
    ref.set("title", "T")
    ref.set("citation-key", "k")
    ref.attachments = (
        Attachment("a.pdf", "/lib/a.pdf", "PDF", "Full Text"),
        Attachment("fig.png", "/lib/fig.png", "figure"),
    )
    return ref


def test_each_format_writes_links_in_its_own_syntax_and_reads_them_back() -> None:
    bib = to_bibtex([_with_links()])
    assert "file = {Full Text:/lib/a.pdf:PDF;:/lib/fig.png:figure}" in bib
    (back,) = read_string(bib, "bibtex").references
    assert [a.target for a in back.attachments] == ["/lib/a.pdf", "/lib/fig.png"]
    ris = to_ris([_with_links()])
    assert "L1  - /lib/a.pdf\n" in ris and "L4  - /lib/fig.png\n" in ris
    (back,) = read_string(ris, "ris").references
    assert [(a.target, a.kind) for a in back.attachments] == [
        ("/lib/a.pdf", ""),
        ("/lib/fig.png", "figure"),
    ]
    (item,) = json.loads(to_csl_json([_with_links()]))
    assert item["file"] == "Full Text:/lib/a.pdf:PDF;:/lib/fig.png:figure"


def test_export_safe_takes_the_links_off() -> None:
    ref = _with_links()
    assert "attachments" in export_safe(ref)
    assert ref.attachments == ()
    assert "file" not in to_bibtex([ref]) and "L1" not in to_ris([ref])


# --------------------------------------------------------------------------- groups


def test_jabref5_groups_are_paths_in_the_tree() -> None:
    refs = _by_key(DATA / "jabref5-groups.bib")
    assert refs["vaswani2017"].groups == ("Deep learning/Transformers", "Reading list")
    assert refs["he2016"].groups == ("Deep learning/CNN",)
    assert refs["vaswani2017"].get("keyword") == "Transformers, Reading list"  # as before
    flat = _by_key(DATA / "jabref.bib")
    assert flat["tan2019efficientnet"].groups == ("Vision", "To read")
    assert flat["doe2018"].groups == ()


def test_jabref3_tree_members_and_nesting() -> None:
    refs = _by_key(DATA / "jabref3.bib")
    assert refs["knuth1984"].groups == ("Typesetting", "Classics")
    assert refs["lamport1994"].groups == ("Typesetting",)
    nested = (
        "@article{a, title = {A}}\n@article{b, title = {B}}\n"
        "@comment{jabref-meta: groupstree:\n0 AllEntriesGroup:;\n"
        "1 ExplicitGroup:Theory\\;0\\;a\\;;\n2 ExplicitGroup:Graphs\\;0\\;a\\;b\\;;\n"
        "1 KeywordGroup:Kw\\;0\\;keywords\\;x\\;0\\;0\\;;\n}\n"
    )
    got = {r.id: r.groups for r in read_string(nested, "bibtex").references}
    assert got == {"a": ("Theory", "Theory/Graphs"), "b": ("Theory/Graphs",)}


def test_groups_tree_at_the_end_reaches_every_part() -> None:
    parts = list(open_records(DATA / "jabref5-groups.bib", chunk=1))
    assert len([p for p in parts if p.references]) == 2
    groups = [r.groups for p in parts for r in p.references]
    assert groups == [("Deep learning/Transformers", "Reading list"), ("Deep learning/CNN",)]
