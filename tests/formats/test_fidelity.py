"""What other tools write comes in whole, and what we write reads in them without warnings
(issue 13). The files under data/ are written the way those tools write them: pandoc 2.17
``-t bibtex`` / ``-t biblatex`` output of ``zotero.json`` (a Better BibTeX CSL-JSON export),
a JabRef 5 library, a Better BibTeX ``.bib``, and RIS from Zotero and EndNote."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from refmanager.formats import read_file, read_string, to_bibtex, to_csl_json, to_ris
from refmanager.model import Date, InputError, Name, Reference

DATA = Path(__file__).parent / "data"


def _by_key(path: Path) -> dict[str, Reference]:
    return {ref.get("citation-key"): ref for ref in read_file(path).references}


# --------------------------------------------------------------------------- types, keys


def test_csl_json_ids_are_kept_as_citation_keys() -> None:
    refs = read_file(DATA / "zotero.json").references
    assert refs[0].get("citation-key") == "smithDeepLearning2020"
    text = to_bibtex(refs)
    assert "@article{smithDeepLearning2020," in text
    assert [item["id"] for item in json.loads(to_csl_json(refs))][:2] == [
        "smithDeepLearning2020",
        "doeThesis2019",
    ]


def test_a_numeric_or_uri_id_is_not_a_key() -> None:
    text = '[{"id": "http://zotero.org/users/1/items/AB", "type": "book", "title": "T"},'
    text += ' {"id": "17", "type": "book", "title": "U"}]'
    assert [r.get("citation-key") for r in read_string(text, "csl-json").references] == ["", ""]


def test_masters_thesis_round_trips_as_masters_thesis() -> None:
    refs = _by_key(DATA / "jabref.bib")
    assert refs["doe2018"].type == "thesis"
    assert refs["doe2018"].get("genre") == "Master’s thesis"
    assert refs["roe2017"].get("genre") == "PhD thesis"  # @phdthesis gets a genre
    for biblatex in (False, True):
        text = to_bibtex([refs["doe2018"], refs["roe2017"]], biblatex=biblatex)
        assert "@mastersthesis{doe2018," in text
        assert "@phdthesis{roe2017," in text
        assert "type =" not in text  # the entry type says it
        back = read_string(text, "bibtex").references
        assert [r.get("genre") for r in back] == ["Master’s thesis", "PhD thesis"]


def test_biblatex_thesis_type_keys_are_read_as_words() -> None:
    text = "@thesis{a, type = {mathesis}, title = {T}}\n@report{b, type = {techreport}}"
    refs = read_string(text, "bibtex").references
    assert refs[0].get("genre") == "Master’s thesis"
    assert refs[1].type == "report" and refs[1].get("genre") == ""


def test_misc_is_a_document_not_an_article() -> None:
    refs = _by_key(DATA / "pandoc-bibtex.bib")
    assert refs["someDocument2017"].type == "document"
    # pandoc wrote @misc for a preprint too: its arXiv number says what it is
    assert refs["wangPreprint2023"].type == "article"
    document = refs["someDocument2017"]
    assert read_string(to_bibtex([document]), "bibtex").references[0].type == "document"


def test_ris_document_items_stay_documents() -> None:
    for name in ("zotero.ris", "endnote.ris"):
        refs = read_file(DATA / name).references
        assert "document" in [r.type for r in refs]
    ours = [Reference(type="document", id="d"), Reference(type="article", id="a")]
    ours[0].set("title", "D")
    ours[1].set("title", "A")
    assert [r.type for r in read_string(to_ris(ours), "ris").references] == [
        "document",
        "article",
    ]


# --------------------------------------------------------------------------- names


def test_and_others_keeps_et_al() -> None:
    ref = _by_key(DATA / "jabref.bib")["mueller2020"]
    assert ref.author[-1] == Name(literal="others")
    text = to_bibtex([ref])
    assert "and others}" in text and "{others}" not in text
    item = json.loads(to_csl_json([ref]))[0]
    assert item["author"][-1] == {"literal": "others"}  # what pandoc writes for it


def test_noopsort_is_dropped_from_names() -> None:
    ref = _by_key(DATA / "jabref.bib")["mueller2020"]
    assert [n.family for n in ref.author[:2]] == ["Müller", "Zzyzx"]
    own = read_string(
        '@preamble{"\\def\\sortas#1{}"}\n@book{b, author = {{\\sortas{b}}Abel, A}}', "bibtex"
    )
    assert own.references[0].author[0].family == "Abel"


# --------------------------------------------------------------------------- crossref


def test_crossref_child_inherits_from_its_parent() -> None:
    refs = _by_key(DATA / "jabref.bib")
    child = refs["tan2019efficientnet"]
    assert child.type == "paper-conference"
    assert child.get("container-title") == (
        "Proceedings of the 36th International Conference on Machine Learning"
    )
    assert child.get("publisher") == "PMLR"
    assert child.get("publisher-place") == "Long Beach, California"
    assert [n.family for n in child.editor] == ["Chaudhuri", "Salakhutdinov"]
    assert child.get("volume") == "97"
    assert child.year == 2019
    assert child.get("title").startswith("EfficientNet")  # its own title, not the parent's
    assert "icml2019" in refs  # the parent stays an entry of its own


def test_a_crossref_to_nothing_is_reported() -> None:
    result = read_string("@inproceedings{c, title = {T}, crossref = {nowhere}}", "bibtex")
    assert any("nowhere" in p.message for p in result.problems)


# --------------------------------------------------------------------------- files, groups


def test_file_links_become_attachments_and_groups_stay_keywords() -> None:
    result = read_file(DATA / "jabref.bib")
    assert not [p for p in result.problems if "file" in p.message]
    ref = {r.get("citation-key"): r for r in result.references}["tan2019efficientnet"]
    assert ref.get("keyword") == "Vision, To read"
    assert "file" not in ref.fields
    assert [a.target for a in ref.attachments] == ["papers/tan2019.pdf"]
    bbt = read_file(DATA / "zotero-bbt.bib")
    links = [a.target for r in bbt.references for a in r.attachments]
    assert any("Zotero/storage/ABCD1234" in t for t in links)


# --------------------------------------------------------------------------- writing


def _conference(**fields: str) -> Reference:
    ref = Reference(type="paper-conference", id="c", issued=Date(2021))
    ref.author = [Name(family="Lee", given="Kim")]
    for name, value in {"title": "Fast things", "container-title": "Proc", **fields}.items():
        ref.set(name.replace("_", "-"), value)
    return ref


def test_no_issue_field_where_pandoc_drops_it() -> None:
    ref = _conference(issue="7")
    misc = Reference(type="document", id="m")
    misc.set("title", "T")
    misc.set("issue", "4")
    for biblatex in (False, True):
        text = to_bibtex([ref, misc], biblatex=biblatex)
        assert "issue =" not in text
        assert "number = {7}" in text and "number = {4}" in text


def test_arxiv_ids_are_eprints_in_biblatex() -> None:
    refs = _by_key(DATA / "zotero-bbt.bib")
    preprint = refs["wangAttentionAgain2023"]
    assert preprint.type == "article"  # Better BibTeX's @misc for a preprint
    assert preprint.get("number") == "arXiv:2301.01234"
    text = to_bibtex([preprint], biblatex=True)
    assert "eprint = {2301.01234}" in text and "eprinttype = {arxiv}" in text
    assert "number =" not in text
    assert read_string(text, "bibtex").references[0].get("number") == "arXiv:2301.01234"


def test_biblatex_reports_have_a_type() -> None:
    report = Reference(type="report", id="r")
    report.set("title", "T")
    text = to_bibtex([report], biblatex=True)
    assert "type = {techreport}" in text
    assert read_string(text, "bibtex").references[0].get("genre") == ""


def test_greek_and_micro_are_written_as_utf8() -> None:
    ref = read_file(DATA / "zotero.json").references[1]
    assert "µ" in ref.get("title") and "α" in ref.get("title")
    text = to_bibtex([ref])
    assert "µ" in text and "α" in text
    assert "ensuremath" not in text and "textmu" not in text
    bbt = _by_key(DATA / "zotero-bbt.bib")["smithDeepLearningEscherichia2020"]
    assert "5 µm" in bbt.get("title")  # {\textmu} read as the letter


def test_csl_rich_text_is_written_as_latex_styles() -> None:
    ref = read_file(DATA / "zotero.json").references[0]
    text = to_bibtex([ref])
    assert "\\textit{{Escherichia} coli}" in text  # the capital protected inside
    assert "ensuremath" not in text
    assert read_string(text, "bibtex").references[0].get("title") == ref.get("title")
    bbt = _by_key(DATA / "zotero-bbt.bib")["smithDeepLearningEscherichia2020"]
    assert bbt.get("title").startswith("Deep Learning for <i>Escherichia Coli</i>")


def test_en_dashes_in_page_ranges_are_kept() -> None:
    ref = read_file(DATA / "zotero.json").references[0]
    assert ref.get("page") == "101–115"
    assert "pages = {101--115}" in to_bibtex([ref])
    assert read_string(to_bibtex([ref]), "bibtex").references[0].get("page") == "101–115"
    assert read_string(to_ris([ref]), "ris").references[0].get("page") == "101–115"
    assert json.loads(to_csl_json([ref]))[0]["page"] == "101–115"
    assert _by_key(DATA / "jabref.bib")["mueller2020"].get("page") == "101–115"
    assert read_file(DATA / "zotero.ris").references[0].get("page") == "101–115"
    hyphen = _conference(page="5-9")
    assert "pages = {5-9}" in to_bibtex([hyphen])
    assert read_string(to_bibtex([hyphen]), "bibtex").references[0].get("page") == "5-9"


def test_jabref_library_reads_whole() -> None:
    refs = _by_key(DATA / "jabref.bib")
    article = refs["mueller2020"]
    assert article.get("container-title") == "IEEE Transactions on Pattern Analysis"
    assert article.issued == Date(2020, 3)
    assert article.get("title") == "Protected Title with École and naïve"


def test_pandoc_files_read_whole() -> None:
    for name in ("pandoc-bibtex.bib", "pandoc-biblatex.bib"):
        result = read_file(DATA / name)
        assert len(result.references) == 8
        assert result.problems == []
        refs = {r.get("citation-key"): r for r in result.references}
        assert refs["smithDeepLearning2020"].get("title") == (
            "Deep Learning for <i>Escherichia Coli</i> Growth"
        )
        assert refs["smithDeepLearning2020"].get("page") == "101–115"
        assert "µ-Scale α" in refs["doeThesis2019"].get("title")


# --------------------------------------------------------------------------- limits


def test_a_string_bomb_stops_quickly_with_a_message_naming_the_file() -> None:
    path = DATA / "string-bomb.bib"
    assert path.stat().st_size < 700
    start = time.monotonic()
    with pytest.raises(InputError) as caught:
        read_file(path)
    assert time.monotonic() - start < 10
    assert caught.value.source == str(path)
    assert "@string" in caught.value.cause


def test_big_values_written_out_are_not_expansion_limited() -> None:
    title = "word " * 150_000  # 750 kB typed out, no macro
    result = read_string("@book{b, title = {" + title + "}}", "bibtex")
    assert len(result.references[0].get("title")) > 700_000
    assert result.problems == []


def test_deeply_nested_styles_and_braces_are_read() -> None:
    deep = "\\textit{" * 50 + "x" + "}" * 50
    braces = "{" * 3000 + "\\'e" + "}" * 3000
    text = "@book{a, title = {" + deep + "}}\n@book{b, title = {" + braces + "}}"
    refs = read_string(text, "bibtex").references
    assert "x" in refs[0].get("title")
    assert len(refs) == 2


def test_jabref_3_group_trees_become_keywords() -> None:
    refs = _by_key(DATA / "jabref3.bib")
    assert refs["knuth1984"].get("keyword") == "Typesetting, Classics"
    assert refs["lamport1994"].get("keyword") == "Typesetting"
    assert refs["lamport1994"].get("title") == "LaTeX: A Document Preparation System"


def test_pandoc_csl_json_of_a_misc_is_a_document() -> None:
    """pandoc -f bibtex -t csljson gives a @misc the type "" (no type)."""
    item = '[{"id": "someDocument2017", "type": "", "title": "Notes"}]'
    result = read_string(item, "csl-json")
    assert result.references[0].type == "document"
    assert result.references[0].get("citation-key") == "someDocument2017"
