from __future__ import annotations

import re

import pytest

from refmanager.parse import parse_reference
from refmanager.parse.tokens import (
    ARXIV_RE,
    KIND_URL,
    KIND_WORD,
    label_runs,
    split_label,
    tokenize,
)


def test_identifiers_are_single_tokens() -> None:
    text = "See https://example.org/a/b. and doi:10.1000/xyz.12(3)4, arXiv:2101.00001v2."
    toks = tokenize(text)
    kinds = {t.text: t.kind for t in toks}
    assert kinds["https://example.org/a/b"] == "url"
    assert kinds["10.1000/xyz.12(3)4"] == "doi"
    assert kinds["arXiv:2101.00001v2"] == "arxiv"
    for t in toks:
        assert text[t.start : t.end] == t.text


def test_an_address_or_doi_ends_at_a_full_width_mark_or_cjk_stop() -> None:
    text = "http://graph.example.cn/a.htm，访问于 2001-07-08。DOI:10.13328/j.cnki.005678，2020。"
    kinds = {t.text: t.kind for t in tokenize(text)}
    assert kinds["http://graph.example.cn/a.htm"] == "url"
    assert kinds["10.13328/j.cnki.005678"] == "doi"
    assert kinds["访问于"] == "cjk"


def test_cjk_runs_and_punctuation() -> None:
    toks = tokenize("张三. 深度学习[J]")
    assert [t.text for t in toks] == ["张三", ".", "深度学习", "[", "J", "]"]


def test_labels() -> None:
    assert split_label("[12] Smith J.") == ("12", 5)
    assert split_label("[Kim et al., 2020] Kim, J.")[0] == "Kim et al., 2020"
    assert split_label("3. Smith J.") == ("3", 3)
    assert split_label("Smith J. 2020.") == ("", 0)
    assert split_label("[J] odd") == ("", 0)


def test_a_compound_entrys_part_marker_is_no_part_of_the_first_field() -> None:
    # "[12] a) A. Ode, ...; b) B. Abe, ...": the entry, and a part cut from it, start at
    # the name (decision 0053).
    assert split_label("[12] a) A. Ode, J. Chem. 2001") == ("12", 8)
    assert split_label("3. (a) A. Ode, J. Chem. 2001") == ("3", 7)
    assert split_label("b) B. Abe, Org. Lett. 2002") == ("", 3)
    assert split_label("b )B. Abe, Org. Lett. 2002") == ("", 3)
    # Not before a word in lower case, nor without the bracket.
    assert split_label("b) and so on, 2002") == ("", 0)
    assert split_label("a Study of things, 2002") == ("", 0)


def test_full_width_punctuation_reads_as_ascii_with_spans_on_the_printed_characters() -> None:
    raw = "李明，陈静．基于 CRF 的方法［J］．计算机学报，2019，42（5）：101-110．"
    toks = tokenize(raw)
    punct = [t for t in toks if t.kind == "other"]
    assert [t.text for t in punct][:4] == [",", ".", "[", "]"]
    assert {raw[t.start : t.end] for t in punct} == set("，．［］（）：-")
    # a DOI's trimmed tail is still read from the whole string
    doi = tokenize("（2019）．doi:10.1000/xyz.")
    assert [t.text for t in doi][-2:] == ["10.1000/xyz", "."]


def test_a_chinese_entry_in_full_width_punctuation_is_parsed_field_by_field() -> None:
    ref = parse_reference(
        "李明，陈静．基于 CRF 的文献解析方法［J］．计算机学报，2019，42（5）：101-110．"
    )
    assert ref.get("title") == "基于 CRF 的文献解析方法"
    assert ref.get("container-title") == "计算机学报"
    assert (ref.get("volume"), ref.get("issue"), ref.get("page")) == ("42", "5", "101-110")


def test_label_runs_are_the_runs_of_equal_labels_in_order() -> None:
    assert label_runs([]) == []
    assert label_runs(["O"]) == [("O", 0, 1)]
    assert label_runs(["author", "author", "O", "title", "title", "O", "O"]) == [
        ("author", 0, 2),
        ("O", 2, 3),
        ("title", 3, 5),
        ("O", 5, 7),
    ]
    # a label that comes back is a run of its own each time
    assert label_runs(["title", "O", "title"]) == [("title", 0, 1), ("O", 1, 2), ("title", 2, 3)]


def test_an_accent_typed_as_a_combining_mark_stays_in_its_word() -> None:
    import unicodedata

    text = unicodedata.normalize("NFD", "Debussy, Claude, Pelléas et Mélisande-Gräfin (1985).")
    words = [t.text for t in tokenize(text) if t.kind == KIND_WORD]
    assert words == [
        unicodedata.normalize("NFD", w)
        for w in ("Debussy", "Claude", "Pelléas", "et", "Mélisande-Gräfin")
    ]


def test_may_hold_reads_the_letters_case_folding_reads_as_ascii() -> None:
    """The quick test before a case-insensitive search says False only where the search
    finds nothing: a core in any case, or a letter re's case folding reads as "i" or "s"
    that ``str.lower`` keeps (dotless i, dotted capital I, long s), says True."""
    from refmanager.parse.tokens import may_hold

    cores = ("cited", "consult")
    assert may_hold("Ode J. [CITED 2021 Jun 1]", cores)
    assert may_hold("Consulté le 4 mai 2021", cores)
    assert not may_hold("Ode J. Graph learning. 2021.", cores)
    assert not may_hold("Ode J. Graph learning \u2013 a survey. 2021.", cores)
    for text in ("c\u0131ted 2021", "c\u0130ted 2021", "con\u017fulted 2021"):
        assert re.search("cited|consulted", text, re.IGNORECASE), text
        assert may_hold(text, cores), text


def test_a_bare_number_is_a_label_only_before_an_initial() -> None:
    assert split_label("12 J.B. Ode, and S. Abe, Graph Lett., 2014, 136, 1234.") == ("12", 3)
    assert split_label("9 S.-M. Ode, Graph Lett. 3, 12 (2001).") == ("9", 2)
    assert split_label("100 Years of Graphs. Graph Press, 1999.") == ("", 0)
    assert split_label("5 Ode, K. Graphs. 2001.") == ("", 0)


def test_an_aip_entry_keeps_its_first_authors_initial() -> None:
    ref = parse_reference("5 N. Ode, A. T. Abe, and S. Sato, Graph Lett. 74(19), 711–720 (2018).")
    assert ref.label == "5"
    assert (ref.author[0].given, ref.author[0].family) == ("N.", "Ode")


def test_a_superscript_label_glued_to_the_initial_is_a_label() -> None:
    assert split_label("12H. Ode, in Proc. of the Graph Conference, 2019.") == ("12", 2)
    assert split_label("9S.-Y. Ode, Graph Lett., 2001, 3, 12.") == ("9", 1)
    assert split_label("3D printing of graphs. Graph Press, 2001.") == ("", 0)


# The token pattern as it was written with a named group around each kind: the tokens
# must not change with the pattern's form.
_GROUPED = re.compile(
    r"(?P<url>(?:https?|ftp) ?: ?//[^\s<>\"\u201c\u201d]+|www\.[^\s<>\"]+\.[a-z]{2,}[^\s<>\"]*)"
    r"|(?P<doi>10\.\d{4,9}/[^\s\"<>\u201c\u201d]+)"
    r"|(?P<arxiv>ar[Xx]iv:\s?(?:\d{4}\.\d{4,5}|[a-z\-]+(?:\.[A-Z]{2})?/\d{7})(?:v\d+)?)"
    r"|(?P<cjk>[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+)"
    r"|(?P<word>[^\W\d_]+(?:[\u0300-\u036f]+[^\W\d_]*)*"
    r"(?:['\u2019\-\u2010][^\W\d_]+(?:[\u0300-\u036f]+[^\W\d_]*)*)*)"
    r"|(?P<num>\d+)"
    r"|(?P<other>\S)"
)


def test_each_kind_of_token_is_named_by_an_empty_group_after_it() -> None:
    """No group is entered and left around each alternative at every place: an empty
    group at the end of each names its kind, and each opens with what the matcher checks
    before it tries it (a character or a set of them)."""
    from refmanager.parse.tokens import _TOKEN_RE

    for text, kind in [("word", "word"), ("12", "num"), ("http://a.b", "url"), (",", "other")]:
        m = _TOKEN_RE.match(text)
        assert m is not None and m.group() == text and m.group(m.lastindex or 0) == ""
        assert tokenize(text)[0].kind == kind


def test_the_tokens_are_those_of_a_group_around_each_kind() -> None:
    from refmanager.parse.tokens import _KINDS, _TOKEN_RE

    texts = [
        "Smith, J. A. (2020). State-of-the-art “models”: a survey. J. Mach. Learn. 12(3), 4–5.",
        "ftp : //ftp.example.org/x, http ://a.b/c?d=1; https://doi.org/10.1000/x.y (2019)",
        "www.example.co.uk/path. doi:10.1234/abc.def arXiv:hep-th/9901001v2 ArXiv:2101.00001",
        "O’Neil and d’Alembert, Pelle\u0301as-et-Me\u0301lisande, naïve—résumé_x 3rd 1990s",
        "张三，李四. 深度学习[J]. 2020, 43(1): 1-10. 김철수 （１９９９）",
        "  -- , and __ ‐hy‐phen ' quoted ' a‐b a-'b 10.12/x 10.1/x ar Xiv www.x",
    ]
    for text in texts:
        got = [(m.span(), _KINDS[m.lastindex or 0]) for m in _TOKEN_RE.finditer(text)]
        assert got == [(m.span(), m.lastgroup) for m in _GROUPED.finditer(text)]
        assert len(got) > 5


def test_a_tokens_kind_is_the_modules_own_string() -> None:
    # (the same object: a comparison with it is told by identity, not character by character)
    from refmanager.parse import tokens

    text = "Ode, J. 12 http://a.org/b doi:10.1000/x arXiv:2101.00001 \u6df1\u5ea6"
    kinds = {t.kind for t in tokenize(text)}
    own = [tokens.KIND_URL, tokens.KIND_DOI, tokens.KIND_ARXIV, tokens.KIND_CJK, KIND_WORD]
    own += [tokens.KIND_NUM, tokens.KIND_PUNCT]
    assert len(kinds) == 7
    assert all(any(kind is k for k in own) for kind in kinds)


def test_an_address_printed_without_its_scheme_is_one_url_token() -> None:
    # MLA 9 prints web addresses without "https://"
    text = '"Graph standards." Graph Society, 2021, graphsociety.org/standards/2021.'
    toks = tokenize(text)
    urls = [t.text for t in toks if t.kind == KIND_URL]
    assert urls == ["graphsociety.org/standards/2021"]
    assert toks[-1].text == "."


def test_a_host_continuing_an_address_a_line_break_cut_is_no_address_of_its_own() -> None:
    text = "Graph Globe, http://www. graphglobe.com/business/2007/x.html"
    toks = tokenize(text)
    assert [t.text for t in toks if t.kind == KIND_URL] == ["http://www"]
    assert [t.text for t in tokenize("Graphs, e.g. 12/3 and a.b/c")].count("a.b/c") == 0


def test_a_scheme_a_line_break_cut_from_its_bare_address_joins_it() -> None:
    text = "Graphs (2024) [https:// graphs.org/abs/2511.12425]."
    urls = [t for t in tokenize(text) if t.kind == KIND_URL]
    assert [t.text for t in urls] == ["https://graphs.org/abs/2511.12425"]
    assert text[urls[0].start : urls[0].end] == "https:// graphs.org/abs/2511.12425"


def test_a_non_breaking_hyphen_in_a_range_reads_as_a_hyphen() -> None:
    # French word processors print page ranges with U+2011 ("559‑578")
    text = "Actes du colloque, 559\u2011578."
    toks = tokenize(text)
    dash = toks[-3]
    assert (dash.text, text[dash.start : dash.end]) == ("-", "\u2011")


@pytest.mark.parametrize(
    ("text", "identifier"),
    [("Preprint at https://arxiv.org/abs/1901.01234", "1901.01234"),
     ("https://arxiv.org/pdf/1901.01234v2.pdf", "1901.01234v2"),
     ("Preprint at https://arxiv.org/abs/quant-ph/0208066v1", "quant-ph/0208066v1"),
     ("arXiv preprint arXiv:1901.01234", "1901.01234")],
)  # fmt: skip
def test_an_arxiv_identifier_in_its_abstract_s_address(text: str, identifier: str) -> None:
    m = ARXIV_RE.search(text)
    assert m is not None and m.group(1) == identifier
