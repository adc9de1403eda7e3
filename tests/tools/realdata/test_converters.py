"""The real-data converters label values as the generated corpus does."""

from __future__ import annotations

from pathlib import Path

from refmanager.parse.tokens import label_runs
from tools.realdata import anystyle, grobid
from tools.realdata.anystyle import volume_pieces
from tools.realdata.labels import Piece, to_example, value_span


def _fields(text: str, labels: list[str]) -> list[tuple[str, str]]:
    return [(lab, text[a:b]) for lab, a, b in label_runs(labels) if lab != "O"]


def test_values_are_trimmed_to_what_the_parser_labels() -> None:
    cases = {
        ("issued", "(2011)."): "2011",
        ("author", "Heidegger M.,"): "Heidegger M.",
        ("author", "Taitt, David."): "Taitt, David",
        ("editor", "In O. C. A. and D. Card (Ed.),"): "O. C. A. and D. Card",
        ("container-title", "In: Handbook of labor economics"): "Handbook of labor economics",
        ("container-title", "J. Am. Chem. Soc."): "J. Am. Chem. Soc.",
        ("container-title", "Nature."): "Nature",
        ("title", "\u201cWhy do nets work?\u201d,"): "Why do nets work?",
        ("page", "(pp. 281-298)."): "281-298",
        ("page", "368 pp."): "368",
        ("page", "S. 12-34"): "12-34",
        ("page", "p 5"): "5",
        ("page", "S3-S5"): "S3-S5",
        ("page", "h2345"): "h2345",
        ("volume", "Vol. 4"): "4",
        ("DOI", "doi:10.1000/xyz.1"): "10.1000/xyz.1",
        ("URL", "Retrieved from http://x.org/a"): "http://x.org/a",
        ("ISBN", "ISBN 978-3-16-148410-0."): "978-3-16-148410-0",
    }
    for (label, text), want in cases.items():
        span = value_span(label, text)
        assert span is not None, (label, text)
        assert text[span[0] : span[1]] == want, (label, text)
    assert value_span("issued", "in press") is None


def test_whitespace_is_collapsed_and_labels_kept() -> None:
    ex = to_example(
        [
            Piece("[3] "),
            Piece("Smith,\n J.", "author"),
            Piece(" ,  "),
            Piece("Title  here.", "title"),
        ],
        "s",
    )
    assert ex.text == "[3] Smith, J. , Title here."
    assert _fields(ex.text, ex.labels) == [("author", "Smith, J."), ("title", "Title here")]


TEI = """<?xml version="1.0" encoding="UTF-8"?>
<tei xmlns="http://www.tei-c.org/ns/1.0"><listBibl>
<bibl><author>A. Smith and B. Jones</author>, <title level="a">A study of things</title>,
<lb/><title level="j">Phys. Rev. D</title> <biblScope unit="volume">58</biblScope>,
<biblScope type="pp">036006</biblScope> (<date>1998</date>)
[<idno type="arXiv">arXiv:hep-ph/9802387</idno>]. <idno type="PMID">PMID: 123</idno></bibl>
<bibl><editor>L. Wang</editor> (Editors), <title level="m">Proceedings of ICONIP</title>,
<orgName>MIT</orgName>, <pubPlace>Cambridge</pubPlace>, <note type="report">Tech. Rep.</note></bibl>
<bibl>nothing labelled here</bibl>
</listBibl></tei>"""


def test_grobid_tei_maps_onto_the_parser_labels(tmp_path: Path) -> None:
    path = tmp_path / "paper.training.references.tei.xml"
    path.write_text(TEI, encoding="utf-8")
    rows = list(grobid.read_file(path))
    assert len(rows) == 2  # the string with no label is left out
    (first, group), (second, _) = rows
    assert group == "grobid:paper.training.references.tei.xml"
    assert "\n" not in first.text and "  " not in first.text
    assert _fields(first.text, first.labels) == [
        ("author", "A. Smith and B. Jones"),
        ("title", "A study of things"),
        ("container-title", "Phys. Rev. D"),
        ("volume", "58"),
        ("page", "036006"),
        ("issued", "1998"),
        ("number", "arXiv:hep-ph/9802387"),
        ("note", "PMID: 123"),
    ]
    # a level="m" title with no article title is the work's own title (a book)
    assert _fields(second.text, second.labels) == [
        ("editor", "L. Wang"),
        ("title", "Proceedings of ICONIP"),
        ("publisher", "MIT"),
        ("publisher-place", "Cambridge"),
        ("genre", "Tech. Rep"),
    ]


def test_citations_file_is_cut_into_blocks(tmp_path: Path) -> None:
    bibl = '<bibl><author>A. B</author>, <title level="a">T</title></bibl>'
    path = tmp_path / "citations.xml"
    path.write_text(f"<citations>{bibl * (grobid.BLOCK + 1)}</citations>", encoding="utf-8")
    groups = [g for _, g in grobid.read_file(path)]
    assert groups[0] == "grobid:citations.xml#0" and groups[-1] == "grobid:citations.xml#1"


XML = """<?xml version="1.0" encoding="UTF-8"?><dataset>
<sequence><citation-number>20.</citation-number><author>Kocar BD, et al.</author>
<date>(2008)</date><title>Arsenic release.</title><journal>Appl Geochem</journal>
<volume>23(11):3059-3071</volume></sequence>
<sequence><author>Solon, G.</author><date>(1999).</date><title>Mobility.</title>
<editor>In O. Ashenfelter (Ed.),</editor><container-title>Handbook</container-title>
<volume>vol. 57, no. 12,</volume><pages>pp. 1761-1800).</pages>
<location>London:</location><publisher>Elsevier.</publisher><translator>T. Person</translator>
</sequence></dataset>"""


def test_anystyle_maps_onto_the_parser_labels(tmp_path: Path) -> None:
    path = tmp_path / "core.xml"
    path.write_text(XML, encoding="utf-8")
    (first, g1), (second, g2) = anystyle.read_file(path)
    assert g1 == g2 == "anystyle#0"
    assert first.text.startswith("20. Kocar BD, et al. (2008) Arsenic release.")
    assert _fields(first.text, first.labels) == [
        ("author", "Kocar BD, et al."),
        ("issued", "2008"),
        ("title", "Arsenic release"),
        ("container-title", "Appl Geochem"),
        ("volume", "23"),
        ("issue", "11"),
        ("page", "3059-3071"),
    ]
    assert _fields(second.text, second.labels) == [
        ("author", "Solon, G."),
        ("issued", "1999"),
        ("title", "Mobility"),
        ("editor", "O. Ashenfelter"),
        ("container-title", "Handbook"),
        ("volume", "57"),
        ("issue", "12"),
        ("page", "1761-1800"),
        ("publisher-place", "London"),
        ("publisher", "Elsevier"),
    ]


def test_an_anystyle_volume_segment_gives_its_year_volume_and_issue_apart() -> None:
    def labelled(text: str) -> list[tuple[str, str]]:
        return [(p.text, p.label) for p in volume_pieces(text) if p.label not in ("", "O")]

    # Vancouver: the year before the volume; AnyStyle has no issue or date label there
    assert labelled("2012;30(15):") == [("2012", "issued"), ("30", "volume"), ("15", "issue")]
    assert labelled("13.2") == [("13", "volume"), ("2", "issue")]
    assert labelled("30, 2") == [("30", "volume"), ("2", "issue")]
    assert labelled("63, (16).") == [("63", "volume"), ("16", "issue")]
    assert labelled("v.13 n.4,") == [("13", "volume"), ("4", "issue")]
    assert labelled("n° 82,") == [("82", "issue")]
    # what it cannot read stays one volume piece
    assert labelled("2 vols.") == [("2 vols.", "volume")]
