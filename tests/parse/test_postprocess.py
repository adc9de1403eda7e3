"""Post-processing rules of the parser on invented strings (none from bench or seed)."""

from __future__ import annotations

import pytest

from refmanager.model import Reference
from refmanager.parse import DEFAULT_MODEL, parse_reference
from refmanager.parse.csltype import infer_type
from refmanager.parse.parser import build_reference
from refmanager.parse.tokens import tokenize

needs_model = pytest.mark.skipif(not DEFAULT_MODEL.is_file(), reason="no shipped model")


def _build(raw: str, spec: list[tuple[str, str]]) -> Reference:
    """Build a reference from hand-given labels: (token text, label) for every token."""
    toks = tokenize(raw)
    assert [t.text for t in toks] == [text for text, _ in spec]
    labels = [label for _, label in spec]
    ref, _ = build_reference(raw, toks, labels, [0.9] * len(toks))
    return ref


def _labels_of(ref: Reference, raw: str, field: str) -> list[str]:
    return [raw[t.start : t.end] for t in ref.tokens if t.label == field]


def test_trailing_number_is_page_only_not_also_volume() -> None:
    raw = "Ode K. Sorting things. In: Proc. Data Conf. Oslo: ACM, 2018. 42."
    spec = [
        ("Ode", "author"), ("K", "author"), (".", "author"),
        ("Sorting", "title"), ("things", "title"), (".", "O"),
        ("In", "O"), (":", "O"),
        ("Proc", "container-title"), (".", "container-title"),
        ("Data", "container-title"), ("Conf", "container-title"), (".", "O"),
        ("Oslo", "publisher-place"), (":", "O"), ("ACM", "publisher"), (",", "O"),
        ("2018", "issued"), (".", "O"), ("42", "volume"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert ref.get("page") == "42"
    assert ref.get("volume") == ""
    assert "volume" not in ref.confidence
    assert _labels_of(ref, raw, "page") == ["42"]
    assert _labels_of(ref, raw, "volume") == []


def test_trailing_page_keeps_a_volume_labelled_elsewhere() -> None:
    raw = "Ode K. Sorting things. Data Letters 7, 2018. 42."
    spec = [
        ("Ode", "author"), ("K", "author"), (".", "author"),
        ("Sorting", "title"), ("things", "title"), (".", "O"),
        ("Data", "container-title"), ("Letters", "container-title"),
        ("7", "volume"), (",", "O"), ("2018", "issued"), (".", "O"), ("42", "O"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert (ref.get("volume"), ref.get("page")) == ("7", "42")


@needs_model
def test_lone_trailing_number_of_a_conference_paper() -> None:
    ref = parse_reference(
        "Wang QL, Zhou RT. A method for sorting things. In: Proc. of the 12th Int\u2019l Conf. "
        "on Data Things. Boston: IEEE, 2018. 42."
    )
    assert ref.get("page") == "42"
    assert ref.get("volume") == ""


@pytest.mark.parametrize(
    "word", ["Easy-to-use", "state-of-the-art", "end-to-end", "well\u2010known", "Jean-Luc"]
)
def test_hyphen_compound_is_one_token(word: str) -> None:
    toks = tokenize(f"A {word} idea, pp. 3-9, 2020-2021.")
    texts = [t.text for t in toks]
    assert word in texts
    # numbers and their ranges are still split at the hyphen
    assert texts[texts.index("3") : texts.index("3") + 3] == ["3", "-", "9"]
    assert texts[texts.index("2020") : texts.index("2020") + 3] == ["2020", "-", "2021"]


def test_hyphen_not_between_letters_still_splits() -> None:
    texts = [t.text for t in tokenize("Ode K.-L. -- A word- list -x")]
    assert texts == ["Ode", "K", ".", "-", "L", ".", "-", "-", "A", "word", "-", "list", "-", "x"]


@needs_model
def test_hyphen_compounds_stay_inside_the_title() -> None:
    raw = (
        "[12] Foolib Developers. Foolib: Easy-to-use and high-performance graph and tensor "
        "toolkit built on Barlib [Internet]. 2021. Available from: https://github.com/foo/foolib"
    )
    ref = parse_reference(raw)
    assert ref.get("title") == (
        "Foolib: Easy-to-use and high-performance graph and tensor toolkit built on Barlib"
    )
    assert ref.get("container-title") == ""


@needs_model
def test_state_of_the_art_in_a_quoted_title() -> None:
    ref = parse_reference(
        "R. Moss and T. Blake, \u201cFast end-to-end training of state-of-the-art speech "
        "models,\u201d in Proc. Interspeech, 2021, pp. 1\u20135."
    )
    assert ref.get("title") == "Fast end-to-end training of state-of-the-art speech models"
    assert ref.get("page") == "1\u20135"


def test_arxiv_preprint_without_journal_evidence_is_article() -> None:
    ref = Reference(raw="x")
    ref.set("title", "Sparse nets")
    ref.set("container-title", "Neural Computing")
    ref.set("number", "arXiv:2201.04567")
    assert infer_type(ref, "Sparse nets. Neural Computing, 2022. arXiv:2201.04567") == "article"
    ref.set("volume", "12")
    assert infer_type(ref, "Sparse nets. Neural Computing 12, 2022. arXiv:2201.04567") == (
        "article-journal"
    )
    ref.set("volume", "")
    ref.set("container-title", "Proc. of the Sparse Conference")
    assert infer_type(ref, "arXiv:2201.04567") == "paper-conference"


def test_preprint_title_cut_at_a_comma_is_merged_back() -> None:
    raw = "Ode K. Sparse nets, a survey of pruning. arXiv preprint arXiv:2201.04567, 2022."
    spec = [
        ("Ode", "author"), ("K", "author"), (".", "author"),
        ("Sparse", "container-title"), ("nets", "container-title"), (",", "O"),
        ("a", "title"), ("survey", "title"), ("of", "title"), ("pruning", "title"),
        (".", "O"), ("arXiv", "O"), ("preprint", "O"), ("arXiv:2201.04567", "number"),
        (",", "O"), ("2022", "issued"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert ref.get("title") == "Sparse nets, a survey of pruning"
    assert ref.get("container-title") == ""
    assert ref.type == "article"
    assert ref.get("genre") == "preprint"
    assert _labels_of(ref, raw, "title") == ["Sparse", "nets", ",", "a", "survey", "of", "pruning"]


def test_container_with_a_venue_cue_is_not_merged() -> None:
    raw = "Ode K. Proc. Nets, a survey. arXiv:2201.04567, 2022."
    spec = [
        ("Ode", "author"), ("K", "author"), (".", "author"),
        ("Proc", "container-title"), (".", "container-title"), ("Nets", "container-title"),
        (",", "O"), ("a", "title"), ("survey", "title"), (".", "O"),
        ("arXiv:2201.04567", "number"), (",", "O"), ("2022", "issued"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert ref.get("title") == "a survey"
    assert ref.get("container-title") == "Proc. Nets"


def test_a_url_whose_host_a_line_break_cut_is_joined() -> None:
    ref = parse_reference(
        "Okafor T (2011). Graph Kernels for Sparse Routing. Harbor Lane Press, Accra. "
        "URL http://www. graphkernels-project.org."
    )
    assert ref.get("URL") == "http://www.graphkernels-project.org"
    # a complete host is not joined with the next word
    ref = parse_reference(
        "Okafor T (2011). Graph Kernels. URL https://github.com/okafor/kernels. Version 2."
    )
    assert ref.get("URL") == "https://github.com/okafor/kernels"


def test_a_url_with_a_space_the_text_layer_put_after_its_scheme_is_read() -> None:
    ref = parse_reference(
        "Okafor T. Graph kernels, Phys. Rev. D 93 (2016) 085012. doi:10.1103/PhysRevD.93.085012."
        "URL https: //link.example.org/doi/10.1103/PhysRevD.93.085012"
    )
    assert ref.get("DOI") == "10.1103/PhysRevD.93.085012"
    assert ref.get("URL") == "https://link.example.org/doi/10.1103/PhysRevD.93.085012"


def test_a_printed_doi_link_gives_the_doi_and_keeps_the_link() -> None:
    ref = parse_reference(
        "Okafor T (2020). Graph Kernels. Zenodo. https://doi.org/10.5281/zenodo.35"
    )
    assert ref.get("DOI") == "10.5281/zenodo.35"
    assert ref.get("URL") == "https://doi.org/10.5281/zenodo.35"


def test_a_place_the_container_took_before_the_publisher_is_the_place() -> None:
    raw = "Ode K. Sorting things. In: Proc. Data Conf. Oslo: ACM, 2018."
    spec = [
        ("Ode", "author"), ("K", "author"), (".", "author"),
        ("Sorting", "title"), ("things", "title"), (".", "O"),
        ("In", "O"), (":", "O"),
        ("Proc", "container-title"), (".", "container-title"),
        ("Data", "container-title"), ("Conf", "container-title"), (".", "container-title"),
        ("Oslo", "container-title"), (":", "O"), ("ACM", "publisher"), (",", "O"),
        ("2018", "issued"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert ref.get("container-title") == "Proc. Data Conf."
    assert ref.get("publisher-place") == "Oslo" and ref.get("publisher") == "ACM"
    # a container that does not end in a place before ": publisher" is left alone
    raw = "Ode K. Sorting things. Data Systems, 4, 2018. ACM."
    spec = [
        ("Ode", "author"), ("K", "author"), (".", "author"),
        ("Sorting", "title"), ("things", "title"), (".", "O"),
        ("Data", "container-title"), ("Systems", "container-title"), (",", "O"),
        ("4", "volume"), (",", "O"), ("2018", "issued"), (".", "O"),
        ("ACM", "publisher"), (".", "O"),
    ]  # fmt: skip
    assert _build(raw, spec).get("container-title") == "Data Systems"


def test_a_container_right_before_the_edition_of_a_book_is_its_publisher() -> None:
    raw = "Ode K. (2002). Sorting Things. Harbor Lane Press, 2nd edition."
    spec = [
        ("Ode", "author"), ("K", "author"), (".", "author"),
        ("(", "O"), ("2002", "issued"), (")", "O"), (".", "O"),
        ("Sorting", "title"), ("Things", "title"), (".", "O"),
        ("Harbor", "container-title"), ("Lane", "container-title"),
        ("Press", "container-title"), (",", "O"),
        ("2", "edition"), ("nd", "edition"), ("edition", "edition"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert ref.get("publisher") == "Harbor Lane Press" and ref.get("container-title") == ""
    assert ref.type == "book"
    # with pages it is a chapter in an edition of a book: the container stays
    raw = "Ode K. Sorting. In Big Book, 2nd edition, pages 3-9. Press."
    spec = [
        ("Ode", "author"), ("K", "author"), (".", "author"),
        ("Sorting", "title"), (".", "O"), ("In", "O"),
        ("Big", "container-title"), ("Book", "container-title"), (",", "O"),
        ("2", "edition"), ("nd", "edition"), ("edition", "edition"), (",", "O"),
        ("pages", "O"), ("3", "page"), ("-", "page"), ("9", "page"), (".", "O"),
        ("Press", "publisher"), (".", "O"),
    ]  # fmt: skip
    assert _build(raw, spec).get("container-title") == "Big Book"


def test_software_datasets_and_web_pages_get_their_types() -> None:
    def kind(raw: str) -> str:
        return parse_reference(raw).type

    # a code host as the publisher
    ref = Reference()
    ref.set("title", "Graph kernels for JAX")
    ref.set("publisher", "GitHub repository")
    assert infer_type(ref, "Graph Face. Graph kernels for JAX. GitHub repository, 2020.") == (
        "software"
    )

    assert (
        kind(
            "R Core Team (2023). R: A language and environment for statistical computing. "
            "R package version 4.3.1. https://www.R-project.org/"
        )
        == "software"
    )
    assert (
        kind(
            "Smith, J. (2020). FastSort: Computer software (Version 2.3). Zenodo. "
            "https://doi.org/10.5281/zenodo.123456"
        )
        == "software"
    )
    assert (
        kind("Jones, A. (2019). City traffic counts [Data set]. https://data.example.org/traffic")
        == "dataset"
    )
    assert (
        kind(
            "Acme Corporation. Annual sustainability update. https://acme.example.com/"
            "update (accessed May 4, 2021)."
        )
        == "webpage"
    )


def _author_run(raw: str) -> str:
    """The author text of ``raw`` labelled as authors up to its container."""
    toks = tokenize(raw)
    cut = raw.index(":") if ":" in raw else raw.index(", Nucl")
    labels = ["author" if t.end <= cut else "container-title" for t in toks]
    ref, _ = build_reference(raw, toks, labels, [0.9] * len(toks))
    return " ".join(_labels_of(ref, raw, "author"))


def test_a_name_list_is_not_cut_at_an_initial_before_its_family_name() -> None:
    # "R. Jackiw:" is an initial and the family name it belongs to, not a title
    assert _author_run("L.D. Faddeev and R. Jackiw: Phys. Rev. Lett. 60 (1988) 1692.").endswith(
        "Jackiw"
    )
    # two-letter initials of Russian and German given names
    assert _author_run("A. Yu. Smirnov and Th. Cornelius, Nucl. Phys. A 49, 1 (1989)").endswith(
        "Cornelius"
    )


def test_a_container_that_is_only_an_arxiv_id_is_no_container() -> None:
    raw = "Ode K, Lin Q. Sparse nets. arXiv:2101.01234, 2021."
    spec = [(t.text, "O") for t in tokenize(raw)]
    labels = {"Ode": "author", "K": "author", ",": "author", "Lin": "author", "Q": "author"}
    spec = [(text, labels.get(text, lab)) for text, lab in spec]
    spec[6:9] = [("Sparse", "title"), ("nets", "title"), (".", "O")]
    spec[9] = ("arXiv:2101.01234", "container-title")
    spec[11] = ("2021", "issued")
    ref = _build(raw, spec)
    assert not ref.get("container-title")
    assert ref.get("number") == "arXiv:2101.01234"


def test_an_abbreviated_venue_keeps_the_period_of_its_last_word() -> None:
    raw = "Ode K. Sorting. In: Proc. of the Data Systems Conf. Oslo: ACM, 2018."
    toks = tokenize(raw)
    start = raw.index("Proc")
    end = raw.index("Conf") + 4
    labels = ["container-title" if start <= t.start < end else "O" for t in toks]
    ref, _ = build_reference(raw, toks, labels, [0.9] * len(toks))
    assert ref.get("container-title") == "Proc. of the Data Systems Conf."


def test_a_publisher_acronym_after_the_venue_is_the_publisher() -> None:
    raw = "Ode K. Sorting. In: Proc. of the Data Systems Conf. ACM, 2018. 1-9."
    toks = tokenize(raw)
    start, end = raw.index("Proc"), raw.index(", 2018")
    labels = ["container-title" if start <= t.start < end else "O" for t in toks]
    ref, _ = build_reference(raw, toks, labels, [0.9] * len(toks))
    assert ref.get("container-title") == "Proc. of the Data Systems Conf."
    assert ref.get("publisher") == "ACM"
    # a journal's single-letter section is no publisher
    raw = "Ode K. Sorting. Phys. Rev. Lett. B, 2018."
    toks = tokenize(raw)
    start, end = raw.index("Phys"), raw.index(", 2018")
    labels = ["container-title" if start <= t.start < end else "O" for t in toks]
    ref, _ = build_reference(raw, toks, labels, [0.9] * len(toks))
    assert not ref.get("publisher")


def test_a_lone_name_before_a_link_is_the_title_not_the_publisher() -> None:
    raw = "Widget Team. Gizmo. 2021. https://example.org/gizmo/"
    toks = tokenize(raw)
    labels = ["author", "author", "O", "publisher", "O", "issued", "O", "URL"]
    assert [t.text for t in toks][:7] == ["Widget", "Team", ".", "Gizmo", ".", "2021", "."]
    ref, _ = build_reference(raw, toks, labels, [0.9] * len(toks))
    assert ref.get("title") == "Gizmo" and not ref.get("publisher")


def test_a_title_with_a_colon_after_the_last_initials_is_cut_from_the_names() -> None:
    raw = "Ode K, Li S. Torch FSDP: Scaling sharded data. Data Syst, 2020."
    toks = tokenize(raw)
    cut = raw.index("Scaling")
    end = raw.index(". Data")
    labels = ["author" if t.end <= cut - 2 else "title" if t.start < end else "O" for t in toks]
    ref, _ = build_reference(raw, toks, labels, [0.9] * len(toks))
    assert ref.get("title").startswith("Torch FSDP")


def test_a_type_code_labelled_with_the_title_is_not_part_of_it() -> None:
    from refmanager.parse.values import clean_value

    assert clean_value("title", "中英文混排的自动切分[J]") == "中英文混排的自动切分"
    assert clean_value("title", "Sorting things [EB/OL]") == "Sorting things"
    assert clean_value("title", "Arrays [in Python]") == "Arrays [in Python]"


def test_a_particles_lower_case_initial_does_not_end_the_name_list() -> None:
    raw = "L. d. F. Costa and C. H. Comin, Graphs. 2017."
    names = ["L", ".", "d", ".", "F", ".", "Costa", "and", "C", ".", "H", ".", "Comin"]
    spec = [
        *((t, "author") for t in names),
        (",", "O"), ("Graphs", "title"), (".", "O"), ("2017", "issued"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert [a.family for a in ref.author] == ["Costa", "Comin"]
    assert ref.get("title") == "Graphs"


def test_a_country_code_ending_a_venue_is_not_its_publisher() -> None:
    raw = "Ode K. Kernels. Proc. Natl. Acad. Sci. USA 1990, 87, 9943."
    venue = ["Proc", ".", "Natl", ".", "Acad", ".", "Sci", ".", "USA"]
    spec = [
        ("Ode", "author"), ("K", "author"), (".", "author"),
        ("Kernels", "title"), (".", "O"),
        *((t, "container-title") for t in venue),
        ("1990", "issued"), (",", "O"), ("87", "volume"), (",", "O"), ("9943", "page"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert ref.get("container-title") == "Proc. Natl. Acad. Sci. USA"
    assert not ref.get("publisher")


def test_an_abbreviated_journal_after_an_unpunctuated_title_is_the_container() -> None:
    raw = "Ode K 1993 Logarithmic operators in field theory Nucl. Phys. B 410 535"
    spec = [
        ("Ode", "author"), ("K", "author"), ("1993", "issued"),
        *((w, "title") for w in ["Logarithmic", "operators", "in", "field", "theory", "Nucl"]),
        (".", "O"), ("Phys", "container-title"), (".", "container-title"),
        ("B", "container-title"), ("410", "volume"), ("535", "page"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert ref.get("title") == "Logarithmic operators in field theory"
    assert ref.get("container-title") == "Nucl. Phys. B"
    # Vancouver, without periods: "... cascade Genes Dev 1998;"
    raw = "Ode K. DNA damage activates a cascade Genes Dev 1998; 12:2831."
    spec = [
        ("Ode", "author"), ("K", "author"), (".", "O"),
        *((w, "title") for w in ["DNA", "damage", "activates", "a", "cascade", "Genes"]),
        ("Dev", "O"), ("1998", "issued"), (";", "O"), ("12", "volume"), (":", "O"),
        ("2831", "page"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert ref.get("title") == "DNA damage activates a cascade"
    assert ref.get("container-title") == "Genes Dev"


def test_a_title_ending_in_a_word_before_a_journal_in_words_keeps_it() -> None:
    raw = "Ode K. Estimation of Loose Layer. Journal of Geotechnics, 31, 41."
    spec = [
        ("Ode", "author"), ("K", "author"), (".", "O"),
        *((w, "title") for w in ["Estimation", "of", "Loose", "Layer"]), (".", "O"),
        *((w, "container-title") for w in ["Journal", "of", "Geotechnics"]),
        (",", "O"), ("31", "volume"), (",", "O"), ("41", "page"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert ref.get("title") == "Estimation of Loose Layer"
    assert ref.get("container-title") == "Journal of Geotechnics"


def test_a_number_ending_the_container_is_its_volume_unless_a_year() -> None:
    raw = "Ode K, Lett. Nuovo Cimento 30, 101 (1981)."
    spec = [
        ("Ode", "author"), ("K", "author"), (",", "O"),
        ("Lett", "container-title"), (".", "container-title"), ("Nuovo", "container-title"),
        ("Cimento", "container-title"), ("30", "container-title"), (",", "O"),
        ("101", "page"), ("(", "O"), ("1981", "issued"), (")", "O"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert ref.get("container-title") == "Lett. Nuovo Cimento"
    assert ref.get("volume") == "30"
    raw = "Ode K. Kernels. Proc. ICML 2019, 101."
    spec = [
        ("Ode", "author"), ("K", "author"), (".", "O"), ("Kernels", "title"), (".", "O"),
        ("Proc", "container-title"), (".", "container-title"), ("ICML", "container-title"),
        ("2019", "container-title"), (",", "O"), ("101", "page"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert ref.get("container-title") == "Proc. ICML 2019"
    assert not ref.get("volume")


def _author_then_title(raw: str, names: list[str], title: list[str]) -> Reference:
    """``raw`` tagged with ``names`` as the author run and ``title`` as the title, the rest
    unlabelled (the tagger's labelling of a first title word as a name)."""
    toks = tokenize(raw)
    labels = ["O"] * len(toks)
    for k in range(len(names)):
        labels[k] = "author"
    start = len(names)
    for k in range(start, start + len(title)):
        labels[k] = "title"
    assert [t.text for t in toks[: start + len(title)]] == names + title
    ref, _ = build_reference(raw, toks, labels, [0.9] * len(toks))
    return ref


def test_a_word_after_the_initials_of_a_family_first_list_starts_the_title() -> None:
    names = ["Renaud", "S", ",", "De", "Lorgeril", "M", ".", "Wine"]
    title = [",", "alcohol", "and", "platelets"]
    ref = _author_then_title("Renaud S, De Lorgeril M. Wine, alcohol and platelets.", names, title)
    assert [a.family for a in ref.author] == ["Renaud", "De Lorgeril"]
    assert ref.get("title") == "Wine, alcohol and platelets"


def test_a_capitalised_word_and_a_word_in_lower_case_after_one_initial_start_the_title() -> None:
    names = ["Ode", "K", ".", "Random", "walks", "."]
    ref = _author_then_title("Ode K. Random walks. Graph Tools. 2001;4:5-9.", names, ["Graph"])
    assert [a.family for a in ref.author] == ["Ode"]
    assert (ref.get("title") or "").startswith("Random walks")
    # a given name, its initial and the family name go on as a name list
    names = ["Kai", "P", ".", "Ode", "and", "Li", "Abe", "."]
    ref = _author_then_title("Kai P. Ode and Li Abe. Graph walks. 2001.", names, ["Graph"])
    assert [a.family for a in ref.author] == ["Ode", "Abe"]
    names = ["Abe", "K", ".", "Ode", "et", "al", "."]
    ref = _author_then_title("Abe K. Ode et al. Graph walks. 2001.", names, ["Graph"])
    assert ref.author and ref.author[0].family in ("Abe", "Ode")
    assert "Ode" not in (ref.get("title") or "")


def test_names_after_an_inverted_first_author_are_kept() -> None:
    names = ["Uitz", ",", "J", ".", ",", "H", ".", "Claustre", ",", "A", ".", "Morel"]
    names += [",", "and", "S", ".", "Hooker"]
    title = [",", "Vertical", "distribution"]
    ref = _author_then_title(
        "Uitz, J., H. Claustre, A. Morel, and S. Hooker, Vertical distribution.", names, title
    )
    assert [a.family for a in ref.author] == ["Uitz", "Claustre", "Morel", "Hooker"]
    names = ["Rubin", ",", "V", ".", ",", "Ford", ",", "W", ".", "K", ".", "Jr", "."]
    ref = _author_then_title("Rubin, V., Ford, W. K. Jr.: Rotation.", names, [":", "Rotation"])
    assert [a.family for a in ref.author] == ["Rubin", "Ford"]


def test_a_societys_acronym_after_a_journal_and_a_comma_is_the_publisher() -> None:
    raw = "Ode K. Walls. Journal of Applied Mechanics, ASME, 28, 455."
    venue = ["Journal", "of", "Applied", "Mechanics", ",", "ASME"]
    spec = [
        ("Ode", "author"), ("K", "author"), (".", "O"), ("Walls", "title"), (".", "O"),
        *((t, "container-title") for t in venue),
        (",", "O"), ("28", "volume"), (",", "O"), ("455", "page"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert ref.get("container-title") == "Journal of Applied Mechanics"
    assert ref.get("publisher") == "ASME"
    # a workshop held at a conference keeps the conference's acronym
    raw = "Ode K. Birds. In First Workshop on Visual Categorization, CVPR, 2011."
    venue = ["First", "Workshop", "on", "Visual", "Categorization", ",", "CVPR"]
    spec = [
        ("Ode", "author"), ("K", "author"), (".", "O"), ("Birds", "title"), (".", "O"),
        ("In", "O"), *((t, "container-title") for t in venue),
        (",", "O"), ("2011", "issued"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert ref.get("container-title") == "First Workshop on Visual Categorization, CVPR"


def test_a_lone_number_after_the_volume_and_a_comma_is_the_page() -> None:
    raw = "Ode K, Phys. Rev. Lett. 28, 5 (1997)."
    venue = ["Phys", ".", "Rev", ".", "Lett", "."]
    spec = [
        ("Ode", "author"), ("K", "author"), (",", "O"),
        *((t, "container-title") for t in venue),
        ("28", "volume"), (",", "O"), ("5", "issue"),
        ("(", "O"), ("1997", "issued"), (")", "O"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert (ref.get("volume"), ref.get("page"), ref.get("issue")) == ("28", "5", "")
    # ACM's "volume, issue (month year)" keeps its issue
    raw = "Ode K. Sharing. Proc. IEEE 63, 9 (September 1975)."
    spec = [
        ("Ode", "author"), ("K", "author"), (".", "O"), ("Sharing", "title"), (".", "O"),
        ("Proc", "container-title"), (".", "container-title"), ("IEEE", "container-title"),
        ("63", "volume"), (",", "O"), ("9", "issue"),
        ("(", "O"), ("September", "issued"), ("1975", "issued"), (")", "O"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert (ref.get("volume"), ref.get("issue")) == ("63", "9")


def test_a_journal_opening_with_j_or_spaced_periods_after_a_title_is_the_container() -> None:
    raw = "Ode K 2008 Generalised integrals of two kinds J. Phys. A 45 12"
    spec = [
        ("Ode", "author"), ("K", "author"), ("2008", "issued"),
        *((w, "title") for w in ["Generalised", "integrals", "of", "two", "kinds", "J"]),
        (".", "O"), ("Phys", "container-title"), (".", "container-title"),
        ("A", "container-title"), ("45", "volume"), ("12", "page"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert ref.get("title") == "Generalised integrals of two kinds"
    assert ref.get("container-title") == "J. Phys. A"
    # a formula ending the title is no abbreviation ("... semimetal TaP .Nat .Commun")
    raw = "Ode K. Chirality in the Weyl semimetal TaP .Nat .Commun .7 ,11615 (2016)."
    spec = [
        ("Ode", "author"), ("K", "author"), (".", "O"),
        *((w, "title") for w in ["Chirality", "in", "the", "Weyl", "semimetal", "TaP"]),
        (".", "O"), ("Nat", "container-title"), (".", "container-title"),
        ("Commun", "container-title"), (".", "O"), ("7", "volume"), (",", "O"),
        ("11615", "page"), ("(", "O"), ("2016", "issued"), (")", "O"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert ref.get("title") == "Chirality in the Weyl semimetal TaP"


def test_a_books_next_sentence_run_into_its_title_is_its_edition_version_or_publisher() -> None:
    def title_then(raw: str, title: list[str], rest: list[tuple[str, str]]) -> Reference:
        head = [("Ode", "author"), ("K", "author"), ("(", "O"), ("2002", "issued"), (")", "O")]
        return _build(raw, [*head, (".", "O"), *((w, "title") for w in title), *rest])

    ref = title_then(
        "Ode K (2002). Applied Statistics with S. 4th edition.",
        ["Applied", "Statistics", "with", "S", ".", "4", "th", "edition"],
        [(".", "O")],
    )
    assert (ref.get("title"), ref.get("edition")) == ("Applied Statistics with S", "4")
    ref = title_then(
        "Ode K (2002). kernels: Graph Kernels. R package version 1.2-3.",
        ["kernels", ":", "Graph", "Kernels", ".", "R", "package", "version", *"1.2-3"],
        [(".", "O")],
    )
    assert ref.get("title") == "kernels: Graph Kernels"
    assert ref.get("note") == "R package version 1.2-3"
    ref = title_then(
        "Ode K (2002). A Language for Computing. R Foundation for Computing, Vienna.",
        ["A", "Language", "for", "Computing", ".", "R", "Foundation", "for", "Computing"],
        [(",", "O"), ("Vienna", "publisher-place"), (".", "O")],
    )
    assert ref.get("title") == "A Language for Computing"
    assert ref.get("publisher") == "R Foundation for Computing"
    # a title with a sentence of its own stays whole
    ref = title_then(
        "Ode K (2002). Graph kernels. A survey of routing. J. Graphs 3, 1-9.",
        ["Graph", "kernels", ".", "A", "survey", "of", "routing"],
        [(".", "O"), ("J", "container-title"), (".", "container-title"),
         ("Graphs", "container-title"), ("3", "volume"), (",", "O"),
         ("1", "page"), ("-", "page"), ("9", "page"), (".", "O")],
    )  # fmt: skip
    assert ref.get("title") == "Graph kernels. A survey of routing"


def test_a_book_read_as_a_container_gives_its_title_and_publisher() -> None:
    raw = "Ode K (2002). Statistical Inference. Duxbury Thomson Learning."
    venue = ["Statistical", "Inference", ".", "Duxbury", "Thomson", "Learning"]
    spec = [
        ("Ode", "author"), ("K", "author"), ("(", "O"), ("2002", "issued"), (")", "O"),
        (".", "O"), *((w, "container-title") for w in venue), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert ref.get("title") == "Statistical Inference"
    assert ref.get("publisher") == "Duxbury Thomson Learning"
    assert not ref.get("container-title")


def test_a_sentence_opening_the_container_where_no_title_was_found_is_the_title() -> None:
    raw = "Ode K (1996). Sample Quantiles in Statistical Packages. The American Statistician, 50."
    venue = ["Sample", "Quantiles", "in", "Statistical", "Packages", ".", "The", "American"]
    spec = [
        ("Ode", "author"), ("K", "author"), ("(", "O"), ("1996", "issued"), (")", "O"),
        (".", "O"), *((w, "container-title") for w in [*venue, "Statistician"]),
        (",", "O"), ("50", "volume"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert ref.get("title") == "Sample Quantiles in Statistical Packages"
    assert ref.get("container-title") == "The American Statistician"
    # a physics journal abbreviated word by word is no sentence
    raw = "Ode K, Nucl. Instr. Meth. B, 196: 275 (2002)."
    venue = ["Nucl", ".", "Instr", ".", "Meth", ".", "B"]
    spec = [
        ("Ode", "author"), ("K", "author"), (",", "O"),
        *((w, "container-title") for w in venue), (",", "O"), ("196", "volume"), (":", "O"),
        ("275", "page"), ("(", "O"), ("2002", "issued"), (")", "O"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert not ref.get("title")
    assert ref.get("container-title") == "Nucl. Instr. Meth. B"


def test_a_title_run_ends_where_the_print_turns_from_italic_to_roman() -> None:
    raw = "Ode K (1981). Spatial Autocorrelation. Pion, London."
    spec = [
        ("Ode", "author"), ("K", "author"), ("(", "O"), ("1981", "issued"), (")", "O"),
        (".", "O"), ("Spatial", "title"), ("Autocorrelation", "title"), (".", "title"),
        ("Pion", "title"), (",", "O"), ("London", "publisher-place"), (".", "O"),
    ]  # fmt: skip
    toks = tokenize(raw)
    labels = [label for _, label in spec]
    italic = [(raw.index("Spatial"), raw.index(". Pion"), "italic")]
    ref, _ = build_reference(raw, toks, labels, [0.9] * len(toks), styles=italic)
    assert ref.get("title") == "Spatial Autocorrelation"
    assert ref.get("publisher") == "Pion"
    # without the print's styles (a string typed in) the last sentence of one or two
    # capitalised words before the place tells the publisher
    ref, _ = build_reference(raw, toks, labels, [0.9] * len(toks))
    assert ref.get("title") == "Spatial Autocorrelation"
    assert ref.get("publisher") == "Pion"


def test_names_opening_the_entry_before_ed_in_parentheses_are_editors() -> None:
    raw = "Ode, Kemi (ed.), Graph Kernels (Accra University Press, 1986)."
    spec = [
        ("Ode", "author"), (",", "author"), ("Kemi", "author"),
        ("(", "O"), ("ed", "O"), (".", "O"), (")", "O"), (",", "O"),
        ("Graph", "title"), ("Kernels", "title"), ("(", "O"),
        ("Accra", "publisher"), ("University", "publisher"), ("Press", "publisher"),
        (",", "O"), ("1986", "issued"), (")", "O"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert not ref.author
    assert [e.family for e in ref.editor] == ["Ode"]


def test_names_before_eds_after_a_comma_are_editors_but_a_films_director_is_not() -> None:
    raw = "Ode, K., and J. Mensah, eds. 2000. Graph Kernels. Accra: Harbor."
    names = ["Ode", ",", "K", ".", ",", "and", "J", ".", "Mensah"]
    spec = [
        *((t, "author") for t in names), (",", "O"), ("eds", "O"), (".", "O"),
        ("2000", "issued"), (".", "O"), ("Graph", "title"), ("Kernels", "title"), (".", "O"),
        ("Accra", "publisher-place"), (":", "O"), ("Harbor", "publisher"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert [e.family for e in ref.editor] == ["Ode", "Mensah"]
    raw = "Ode Kemi. Dir. Kofi Mensah. Harbor Pictures, 1999."
    spec = [
        ("Ode", "author"), ("Kemi", "author"), (".", "O"), ("Dir", "O"), (".", "O"),
        ("Kofi", "title"), ("Mensah", "title"), (".", "O"),
        ("Harbor", "publisher"), ("Pictures", "publisher"), (",", "O"), ("1999", "issued"),
        (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert not ref.editor


def test_a_title_opening_with_a_quotation_mark_runs_to_the_mark_that_closes_it() -> None:
    raw = 'Kemi Ode, "Graph Kernels (GK); Part 2," Acta Graphica, 12.'
    spec = [
        ("Kemi", "author"), ("Ode", "author"), (",", "O"), ('"', "O"), ("Graph", "title"),
        ("Kernels", "title"), ("(", "title"), ("GK", "title"), (")", "title"), (";", "O"),
        ("Part", "container-title"), ("2", "volume"), (",", "O"), ('"', "O"),
        ("Acta", "container-title"), ("Graphica", "container-title"), (",", "O"),
        ("12", "volume"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert ref.get("title") == "Graph Kernels (GK); Part 2"
    assert ref.get("container-title") == "Acta Graphica"
    # a title not opened by a quotation mark is left as the tagger ended it
    raw = "Kemi Ode, Graph Kernels (GK); Part 2, Acta Graphica, 12."
    spec = [s for s in spec if s[0] != '"']
    ref = _build(raw, spec)
    assert ref.get("title") == "Graph Kernels (GK)"


def test_capitalised_words_before_a_place_with_no_publisher_are_the_publisher() -> None:
    raw = "Ode, K. Graph Kernels. Accra-Verlag, Berlin, 1988."
    spec = [
        ("Ode", "author"), (",", "author"), ("K", "author"), (".", "author"),
        ("Graph", "title"), ("Kernels", "title"), (".", "O"), ("Accra-Verlag", "O"),
        (",", "O"), ("Berlin", "publisher-place"), (",", "O"), ("1988", "issued"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert ref.get("publisher") == "Accra-Verlag"
    # the Nature style: the tagger ran the publisher into the title after its parenthesis
    raw = "K. Ode, Graph Kernels (Tema House, Boston, 2005)."
    spec = [
        ("K", "author"), (".", "author"), ("Ode", "author"), (",", "O"), ("Graph", "title"),
        ("Kernels", "title"), ("(", "title"), ("Tema", "title"), ("House", "title"), (",", "O"),
        ("Boston", "publisher-place"), (",", "O"), ("2005", "issued"), (")", "O"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert ref.get("title") == "Graph Kernels"
    assert ref.get("publisher") == "Tema House"
    # a volume's numeral before the place is no publisher
    raw = "K. Ode, The Iliad. I, London 1902."
    spec = [
        ("K", "author"), (".", "author"), ("Ode", "author"), (",", "O"), ("The", "title"),
        ("Iliad", "title"), (".", "O"), ("I", "O"), (",", "O"), ("London", "publisher-place"),
        ("1902", "issued"), (".", "O"),
    ]  # fmt: skip
    assert not _build(raw, spec).get("publisher")


def test_a_phrase_of_hangul_words_in_the_name_list_is_the_title() -> None:
    raw = "김하늘, 박바다, 한국 문화 연구, 문화학보, 2014."
    spec = [
        ("김하늘", "author"), (",", "author"), ("박바다", "author"), (",", "author"),
        ("한국", "author"), ("문화", "author"), ("연구", "author"), (",", "O"),
        ("문화학보", "container-title"), (",", "O"), ("2014", "issued"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert [(a.family, a.given) for a in ref.author] == [("김", "하늘"), ("박", "바다")]
    assert ref.get("title") == "한국 문화 연구"


def test_a_title_cut_after_a_small_word_takes_the_containers_first_sentence() -> None:
    raw = "Ode K. A Theory of Graphs and Kernels for Data. Accra Press, 2020."
    spec = [
        ("Ode", "author"), ("K", "author"), (".", "O"), ("A", "title"), ("Theory", "title"),
        ("of", "title"), ("Graphs", "title"), ("and", "title"), ("Kernels", "container-title"),
        ("for", "container-title"), ("Data", "container-title"), (".", "container-title"),
        ("Accra", "container-title"), ("Press", "container-title"), (",", "O"),
        ("2020", "issued"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert ref.get("title") == "A Theory of Graphs and Kernels for Data"
    assert ref.get("publisher") == "Accra Press"  # (a press: the book's publisher)


def test_an_acronym_printed_as_the_titles_last_sentence_is_the_venue() -> None:
    raw = "Ode, K. Graph kernels for words. ACLW. 2011."
    spec = [
        ("Ode", "author"), (",", "author"), ("K", "author"), (".", "author"),
        ("Graph", "title"), ("kernels", "title"), ("for", "title"), ("words", "title"),
        (".", "title"), ("ACLW", "title"), (".", "O"), ("2011", "issued"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert ref.get("title") == "Graph kernels for words"
    assert ref.get("container-title") == "ACLW"
    # an abbreviation's period ends no sentence: "Sci. USA" stays as it was read
    raw = "Ode, K. Graph kernels in Proc. Acad. Sci. USA. 2011."
    spec = [
        ("Ode", "author"), (",", "author"), ("K", "author"), (".", "author"),
        ("Graph", "title"), ("kernels", "title"), ("in", "title"), ("Proc", "title"),
        (".", "title"), ("Acad", "title"), (".", "title"), ("Sci", "title"), (".", "title"),
        ("USA", "title"), (".", "O"), ("2011", "issued"), (".", "O"),
    ]  # fmt: skip
    assert not _build(raw, spec).get("container-title")


def test_a_short_last_sentence_of_the_title_before_the_numbers_is_the_journal() -> None:
    raw = "Ode, K. Lines and planes of closest approach. Oslo magazine of science, 2, 559-572."
    title = ["Lines", "and", "planes", "of", "closest", "approach", ".", "Oslo", "magazine", "of"]
    spec = [
        ("Ode", "author"), (",", "author"), ("K", "author"), (".", "author"),
        *((t, "title") for t in title), ("science", "title"), (",", "O"),
        ("2", "volume"), (",", "O"), ("559", "page"), ("-", "page"), ("572", "page"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert ref.get("title") == "Lines and planes of closest approach"
    assert ref.get("container-title") == "Oslo magazine of science"
    # with no numbers after it, a title's second sentence stays in the title
    raw = "Ode, K. Lines and planes of closest approach. A study of points, 2011."
    title = ["Lines", "and", "planes", "of", "closest", "approach", ".", "A", "study", "of"]
    spec = [
        ("Ode", "author"), (",", "author"), ("K", "author"), (".", "author"),
        *((t, "title") for t in title), ("points", "title"), (",", "O"),
        ("2011", "issued"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert ref.get("title") == "Lines and planes of closest approach. A study of points"
    assert not ref.get("container-title")


def test_words_before_the_volume_of_an_entry_without_title_or_journal_are_the_journal() -> None:
    # serial-title abbreviations the tagger ran into the names
    raw = "Ode K., Gen. Relat. Grav. 18 (1986) 1073."
    names = ["Ode", "K", ".", ",", "Gen", ".", "Relat", ".", "Grav"]
    spec = [
        *((t, "author") for t in names), (".", "O"), ("18", "volume"),
        ("(", "O"), ("1986", "issued"), (")", "O"), ("1073", "page"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert ref.get("container-title") == "Gen. Relat. Grav."
    assert [a.family for a in ref.author] == ["Ode"]
    # a word left unlabelled between the year and the volume
    raw = "Ode, K. 1997, PhPl, 4, 447"
    spec = [
        ("Ode", "author"), (",", "author"), ("K", "author"), (".", "author"),
        ("1997", "issued"), (",", "O"), ("PhPl", "O"), (",", "O"),
        ("4", "volume"), (",", "O"), ("447", "page"),
    ]  # fmt: skip
    assert _build(raw, spec).get("container-title") == "PhPl"
    # a number sign before the number: no volume of a journal
    raw = "Ode, K. Meeting #126, 2019"
    spec = [
        ("Ode", "author"), (",", "author"), ("K", "author"), (".", "author"),
        ("Meeting", "O"), ("#", "O"), ("126", "volume"), (",", "O"), ("2019", "issued"),
    ]  # fmt: skip
    assert not _build(raw, spec).get("container-title")


def test_a_second_title_after_in_and_the_editors_is_the_book() -> None:
    raw = "Ode, K. Walls. In P. Roe (ed.), Rooms of the world. Accra: Legon Press."
    spec = [
        ("Ode", "author"), (",", "author"), ("K", "author"), (".", "author"),
        ("Walls", "title"), (".", "O"), ("In", "O"), ("P", "editor"), (".", "editor"),
        ("Roe", "editor"), ("(", "O"), ("ed", "O"), (".", "O"), (")", "O"), (",", "O"),
        ("Rooms", "title"), ("of", "title"), ("the", "title"), ("world", "title"), (".", "O"),
        ("Accra", "publisher-place"), (":", "O"), ("Legon", "publisher"), ("Press", "publisher"),
        (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert ref.get("title") == "Walls"
    assert ref.get("container-title") == "Rooms of the world"
    # a book's own editor ("Edited by"): its next sentence is no container
    raw = "Ode, K. Walls. Edited by P. Roe. Critical edition. Accra: Legon Press."
    spec = [
        ("Ode", "author"), (",", "author"), ("K", "author"), (".", "author"),
        ("Walls", "title"), (".", "O"), ("Edited", "O"), ("by", "O"), ("P", "editor"),
        (".", "editor"), ("Roe", "editor"), (".", "O"), ("Critical", "title"), ("edition", "title"),
        (".", "O"), ("Accra", "publisher-place"), (":", "O"), ("Legon", "publisher"),
        ("Press", "publisher"), (".", "O"),
    ]  # fmt: skip
    assert not _build(raw, spec).get("container-title")


def test_two_numbers_read_as_pages_with_no_volume_are_volume_and_page() -> None:
    raw = "Ode K 2004 Phys. Rev. Lett. 93 172502"
    venue = ["Phys", ".", "Rev", ".", "Lett", "."]
    spec = [
        ("Ode", "author"), ("K", "author"), ("2004", "issued"),
        *((t, "container-title") for t in venue), ("93", "page"), ("172502", "page"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert (ref.get("volume"), ref.get("page")) == ("93", "172502")
    # after "p.", two numbers are pages however they are printed
    raw = "Ode K 2004 Walls. Rooms, p. 112 114"
    spec = [
        ("Ode", "author"), ("K", "author"), ("2004", "issued"), ("Walls", "title"),
        (".", "O"), ("Rooms", "container-title"), (",", "O"), ("p", "O"), (".", "O"),
        ("112", "page"), ("114", "page"),
    ]  # fmt: skip
    assert not _build(raw, spec).get("volume")


def test_a_title_the_tagger_ran_into_the_names_after_a_comma_is_the_title() -> None:
    raw = "Ode, K., Rooms and Walls, Legon Press (2002)."
    spec = [
        ("Ode", "author"), (",", "author"), ("K", "author"), (".", "author"), (",", "author"),
        ("Rooms", "author"), ("and", "author"), ("Walls", "author"), (",", "O"),
        ("Legon", "publisher"), ("Press", "publisher"), ("(", "O"), ("2002", "issued"),
        (")", "O"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert ref.get("title") == "Rooms and Walls"
    assert [a.family for a in ref.author] == ["Ode"]
    # a name with initials or a particle after the comma is a name
    for tail in (["Roe", "LF"], ["Leopold", "von"]):
        raw = "Ode, K., " + " ".join(tail) + ", Legon Press (2002)."
        spec = [
            ("Ode", "author"), (",", "author"), ("K", "author"), (".", "author"),
            (",", "author"), *((t, "author") for t in tail), (",", "O"),
            ("Legon", "publisher"), ("Press", "publisher"), ("(", "O"), ("2002", "issued"),
            (")", "O"), (".", "O"),
        ]  # fmt: skip
        assert not _build(raw, spec).get("title")


def test_a_title_case_phrase_after_a_sentence_case_title_and_a_comma_is_the_journal() -> None:
    raw = "Ode, K., 2015, Printing in space and its future, Virtual Physical Prototyping, Vol. 10."
    title = ["Printing", "in", "space", "and", "its", "future", ",", "Virtual", "Physical"]
    spec = [
        ("Ode", "author"), (",", "author"), ("K", "author"), (".", "author"), (",", "O"),
        ("2015", "issued"), (",", "O"), *((t, "title") for t in title),
        ("Prototyping", "title"), (",", "O"), ("Vol", "O"), (".", "O"), ("10", "volume"),
        (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert ref.get("title") == "Printing in space and its future"
    assert ref.get("container-title") == "Virtual Physical Prototyping"
    # a title in title case: nothing tells where it ends
    raw = "Ode, K., 2015, Printing In Space And Its Future, Virtual Physical Prototyping, 10."
    title = ["Printing", "In", "Space", "And", "Its", "Future", ",", "Virtual", "Physical"]
    spec = [
        ("Ode", "author"), (",", "author"), ("K", "author"), (".", "author"), (",", "O"),
        ("2015", "issued"), (",", "O"), *((t, "title") for t in title),
        ("Prototyping", "title"), (",", "O"), ("10", "volume"), (".", "O"),
    ]  # fmt: skip
    assert not _build(raw, spec).get("container-title")


def test_capitalised_words_glued_to_a_sentence_case_title_before_the_numbers_are_the_journal() -> (
    None
):
    raw = "Ode K. A review of trials of acupuncture for neck pain Rheumatology 38:143-147."
    title = ["A", "review", "of", "trials", "of", "acupuncture", "for", "neck", "pain"]
    spec = [
        ("Ode", "author"), ("K", "author"), (".", "O"), *((t, "title") for t in title),
        ("Rheumatology", "title"), ("38", "volume"), (":", "O"), ("143", "page"),
        ("-", "page"), ("147", "page"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert ref.get("title") == "A review of trials of acupuncture for neck pain"
    assert ref.get("container-title") == "Rheumatology"
    # a place after a preposition ends the title itself
    raw = "Ode K. A review of trials of acupuncture for neck pain in Ghana 38:143-147."
    title = ["A", "review", "of", "trials", "of", "acupuncture", "for", "neck", "pain", "in"]
    spec = [
        ("Ode", "author"), ("K", "author"), (".", "O"), *((t, "title") for t in title),
        ("Ghana", "title"), ("38", "volume"), (":", "O"), ("143", "page"),
        ("-", "page"), ("147", "page"), (".", "O"),
    ]  # fmt: skip
    assert not _build(raw, spec).get("container-title")


def test_a_container_before_a_publisher_with_no_title_or_numbers_is_the_books_title() -> None:
    raw = "Ode, K., The Early Rooms, Legon Press (1990)."
    spec = [
        ("Ode", "author"), (",", "author"), ("K", "author"), (".", "author"), (",", "O"),
        ("The", "container-title"), ("Early", "container-title"), ("Rooms", "container-title"),
        (",", "O"), ("Legon", "publisher"), ("Press", "publisher"), ("(", "O"),
        ("1990", "issued"), (")", "O"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert ref.get("title") == "The Early Rooms"
    assert not ref.get("container-title")
    # after "In", the container is a book the work is part of
    raw = "Ode, K., In The Early Rooms, Legon Press (1990)."
    spec = [
        ("Ode", "author"), (",", "author"), ("K", "author"), (".", "author"), (",", "O"),
        ("In", "O"), ("The", "container-title"), ("Early", "container-title"),
        ("Rooms", "container-title"), (",", "O"), ("Legon", "publisher"), ("Press", "publisher"),
        ("(", "O"), ("1990", "issued"), (")", "O"), (".", "O"),
    ]  # fmt: skip
    assert _build(raw, spec).get("container-title") == "The Early Rooms"


def test_a_note_between_the_names_and_the_proceedings_is_the_title() -> None:
    raw = "Ode K. Belief revision, revised. In Proc. IJCAI, 1995."
    spec = [
        ("Ode", "author"), ("K", "author"), (".", "O"), ("Belief", "note"), ("revision", "note"),
        (",", "note"), ("revised", "note"), (".", "O"), ("In", "O"), ("Proc", "container-title"),
        (".", "container-title"), ("IJCAI", "container-title"), (",", "O"), ("1995", "issued"),
        (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert ref.get("title") == "Belief revision, revised"
    assert not ref.get("note")


def test_a_note_after_a_dated_day_and_before_a_publisher_is_the_title() -> None:
    raw = "Ode, K. (2021, March 3). How to draw. The Daily Graph."
    spec = [
        ("Ode", "author"), (",", "author"), ("K", "author"), (".", "author"), ("(", "O"),
        ("2021", "issued"), (",", "O"), ("March", "O"), ("3", "O"), (")", "O"), (".", "O"),
        ("How", "note"), ("to", "note"), ("draw", "note"), (".", "O"), ("The", "publisher"),
        ("Daily", "publisher"), ("Graph", "publisher"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert ref.get("title") == "How to draw"
    assert not ref.get("note")


def test_a_name_after_the_type_code_before_a_colon_and_the_publisher_is_the_place() -> None:
    raw = "\u5218\u6d0b. \u56fe\u7684\u7814\u7a76[D]. \u57ce\u5e02: \u57ce\u5e02\u5927\u5b66, 2020."
    spec = [
        ("\u5218\u6d0b", "author"), (".", "O"), ("\u56fe\u7684\u7814\u7a76", "title"), ("[", "O"),
        ("D", "O"), ("]", "O"), (".", "O"), ("\u57ce\u5e02", "author"), (":", "O"),
        ("\u57ce\u5e02\u5927\u5b66", "publisher"), (",", "O"), ("2020", "issued"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert ref.get("publisher-place") == "\u57ce\u5e02"
    assert [a.family for a in ref.author] == ["\u5218"]


def test_a_title_opening_inside_a_bracket_takes_the_words_before_it() -> None:
    raw = "Graph Access Control (GAC) and Layers, Graph Standard 12, 2012."
    spec = [
        ("Graph", "container-title"), ("Access", "container-title"),
        ("Control", "container-title"), ("(", "O"), ("GAC", "title"), (")", "title"),
        ("and", "title"), ("Layers", "title"), (",", "O"), ("Graph", "number"),
        ("Standard", "number"), ("12", "number"), (",", "O"), ("2012", "issued"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert ref.get("title") == "Graph Access Control (GAC) and Layers"
    assert not ref.get("container-title")


def test_a_short_title_before_volume_page_and_bracketed_year_is_the_journal() -> None:
    raw = "K. Ode, Graphs 2, 79 (2018)."
    spec = [
        ("K", "author"), (".", "author"), ("Ode", "author"), (",", "O"), ("Graphs", "title"),
        ("2", "issue"), (",", "O"), ("79", "page"), ("(", "O"), ("2018", "issued"), (")", "O"),
        (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert (ref.get("container-title"), ref.get("volume")) == ("Graphs", "2")
    assert not ref.get("title") and not ref.get("issue")
    raw = "K. Ode, Proc. Nat. Graph. Soc. 86, 59-78 (1989)"
    spec = [
        ("K", "author"), (".", "author"), ("Ode", "author"), (",", "O"), ("Proc", "title"),
        (".", "title"), ("Nat", "title"), (".", "title"), ("Graph", "title"), (".", "title"),
        ("Soc", "title"), (".", "O"), ("86", "volume"), (",", "O"), ("59", "page"),
        ("-", "page"), ("78", "page"), ("(", "O"), ("1989", "issued"), (")", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert ref.get("container-title") == "Proc. Nat. Graph. Soc."
    assert not ref.get("title")


def test_in_press_where_the_year_stands_is_no_name() -> None:
    raw = "Ode, K., Abe, L., in press. Graph routing. Graph Letters."
    spec = [
        ("Ode", "author"), (",", "author"), ("K", "author"), (".", "author"), (",", "author"),
        ("Abe", "author"), (",", "author"), ("L", "author"), (".", "author"), (",", "author"),
        ("in", "author"), ("press", "author"), (".", "O"), ("Graph", "title"),
        ("routing", "title"), (".", "O"), ("Graph", "container-title"),
        ("Letters", "container-title"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert [a.family for a in ref.author] == ["Ode", "Abe"]
    assert ref.get("note") == "in press"


def test_title_and_journal_before_in_press_with_no_title_read() -> None:
    raw = "Ode K, Abe L. Graph routing. J Graphs. In press."
    spec = [
        ("Ode", "author"), ("K", "author"), (",", "author"), ("Abe", "author"), ("L", "author"),
        (".", "O"), ("Graph", "O"), ("routing", "O"), (".", "O"), ("J", "O"), ("Graphs", "O"),
        (".", "O"), ("In", "note"), ("press", "note"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert (ref.get("title"), ref.get("container-title")) == ("Graph routing", "J Graphs")


def test_volume_dot_issue_ending_the_container_before_the_year() -> None:
    raw = 'Ode, Kai. "Graph Walks." Graph Nano 5.1 (2010): 26-41.'
    spec = [
        ("Ode", "author"), (",", "author"), ("Kai", "author"), (".", "O"), ('"', "O"),
        ("Graph", "title"), ("Walks", "title"), (".", "O"), ('"', "O"),
        ("Graph", "container-title"), ("Nano", "container-title"), ("5", "container-title"),
        (".", "container-title"), ("1", "container-title"), ("(", "O"), ("2010", "issued"),
        (")", "O"), (":", "O"), ("26", "page"), ("-", "page"), ("41", "page"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert (ref.get("container-title"), ref.get("volume"), ref.get("issue")) == (
        "Graph Nano",
        "5",
        "1",
    )


def test_gosts_abbreviated_city_is_the_place() -> None:
    raw = "Оде К. Графы. М.: Наука, 2005."
    spec = [
        ("Оде", "author"), ("К", "author"), (".", "author"),
        ("Графы", "title"), (".", "O"), ("М", "author"),
        (".", "author"), (":", "O"), ("Наука", "publisher"),
        (",", "O"), ("2005", "issued"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert ref.get("publisher-place") == "М"
    assert [a.family for a in ref.author] == ["Оде"]
    raw = "Оде К. Графы (том). М., 1998."
    spec = [
        ("Оде", "author"), ("К", "author"), (".", "O"),
        ("Графы", "title"), ("(", "title"),
        ("том", "title"), (")", "title"), (".", "O"), ("М", "O"),
        (".", "O"), (",", "O"), ("1998", "issued"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert ref.get("publisher-place") == "М"
    assert not ref.get("container-title")


def test_spanish_and_portuguese_in_words_open_a_chapters_editors() -> None:
    raw = "Ode, K. (2010). Grafos. En M. Abe (Ed.), Manual de grafos (pp. 4-6). Madrid: Graf."
    spec = [
        ("Ode", "author"), (",", "author"), ("K", "author"), (".", "author"), ("(", "O"),
        ("2010", "issued"), (")", "O"), (".", "O"), ("Grafos", "title"), (".", "O"),
        ("En", "editor"), ("M", "editor"), (".", "editor"), ("Abe", "editor"), ("(", "O"),
        ("Ed", "O"), (".", "O"), (")", "O"), (",", "O"), ("Manual", "note"), ("de", "note"),
        ("grafos", "note"), ("(", "O"), ("pp", "O"), (".", "O"), ("4", "page"), ("-", "page"),
        ("6", "page"), (")", "O"), (".", "O"), ("Madrid", "publisher-place"), (":", "O"),
        ("Graf", "publisher"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert ref.get("container-title") == "Manual de grafos"
    assert [a.family for a in ref.editor] == ["Abe"]
    raw = "Ode, K. (2010). Grafos. Em M. Abe (Org.), Manual de grafos (pp. 4-6). Lisboa: Graf."
    spec = [
        ("Ode", "author"), (",", "author"), ("K", "author"), (".", "author"), ("(", "O"),
        ("2010", "issued"), (")", "O"), (".", "O"), ("Grafos", "title"), (".", "O"),
        ("Em", "container-title"), ("M", "container-title"), (".", "container-title"),
        ("Abe", "container-title"), ("(", "container-title"), ("Org", "container-title"),
        (".", "container-title"), (")", "container-title"), (",", "O"), ("Manual", "note"),
        ("de", "note"), ("grafos", "note"), ("(", "O"), ("pp", "O"), (".", "O"), ("4", "page"),
        ("-", "page"), ("6", "page"), (")", "O"), (".", "O"), ("Lisboa", "publisher-place"),
        (":", "O"), ("Graf", "publisher"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert ref.get("container-title") == "Manual de grafos"
    assert [(a.family, a.given) for a in ref.editor] == [("Abe", "M.")]


def test_french_collection_after_coll_is_the_series() -> None:
    raw = "Ode K., Les graphes, Paris, Graf, coll. \u00ab Poche \u00bb, 2010."
    spec = [
        ("Ode", "author"), ("K", "author"), (".", "author"), (",", "author"), ("Les", "author"),
        ("graphes", "author"), (",", "O"), ("Paris", "publisher-place"), (",", "O"),
        ("Graf", "publisher"), (",", "author"), ("coll", "author"), (".", "O"),
        ("\u00ab", "title"), ("Poche", "title"), ("\u00bb", "O"), (",", "O"),
        ("2010", "issued"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert ref.get("collection-title") == "Poche"
    assert ref.get("title") == "Les graphes"
    assert [a.family for a in ref.author] == ["Ode"]


def test_a_one_word_title_after_one_vancouver_name_in_a_vancouver_entry() -> None:
    raw = "Ode K. Graphs. Graph Rev. 2001;3:1-5."
    spec = [
        ("Ode", "author"), ("K", "author"), (".", "author"), ("Graphs", "author"), (".", "O"),
        ("Graph", "container-title"), ("Rev", "container-title"), (".", "O"),
        ("2001", "issued"), (";", "O"), ("3", "volume"), (":", "O"), ("1", "page"),
        ("-", "page"), ("5", "page"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert [(a.family, a.given) for a in ref.author] == [("Ode", "K")]
    assert ref.get("title") == "Graphs"
    # a given name, its initial and the family name in a style that prints no semicolon
    raw = "Kenji K. Ode. Graph Methods. Oslo: Graf, 2001."
    spec = [
        ("Kenji", "author"), ("K", "author"), (".", "author"), ("Ode", "author"), (".", "O"),
        ("Graph", "container-title"), ("Methods", "container-title"), (".", "O"),
        ("Oslo", "publisher-place"), (":", "O"), ("Graf", "publisher"), (",", "O"),
        ("2001", "issued"), (".", "O"),
    ]  # fmt: skip
    assert [a.family for a in _build(raw, spec).author] == ["Ode"]


def test_a_degree_after_the_names_comma_is_the_thesis_kind() -> None:
    raw = "K. Ode, M.Sc. thesis, University of Oslo, 2011."
    spec = [
        ("K", "author"), (".", "author"), ("Ode", "author"), (",", "author"), ("M", "author"),
        (".", "author"), ("Sc", "author"), (".", "genre"), ("thesis", "genre"), (",", "O"),
        ("University", "publisher"), ("of", "publisher"), ("Oslo", "publisher"), (",", "O"),
        ("2011", "issued"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert [a.family for a in ref.author] == ["Ode"]
    assert ref.get("genre") == "M.Sc. thesis"


def test_an_unlabelled_abbreviation_before_an_abbreviated_journal_is_its_first_word() -> None:
    raw = "K. Ode, On graphs. I, Publ. Math. Graphs 6 (1959), 290-297."
    spec = [
        ("K", "author"), (".", "author"), ("Ode", "author"), (",", "O"), ("On", "title"),
        ("graphs", "title"), (".", "O"), ("I", "O"), (",", "O"), ("Publ", "O"),
        (".", "collection-title"), ("Math", "container-title"), (".", "container-title"),
        ("Graphs", "container-title"), ("6", "volume"), ("(", "O"), ("1959", "issued"),
        (")", "O"), (",", "O"), ("290", "page"), ("-", "page"), ("297", "page"), (".", "O"),
    ]  # fmt: skip
    assert _build(raw, spec).get("container-title") == "Publ. Math. Graphs"


def test_a_body_and_its_title_read_as_one_publisher_or_the_report_read_as_genre() -> None:
    raw = "Graph Society. GraphChat. https://chat.example.org, 2023."
    spec = [
        ("Graph", "publisher"), ("Society", "publisher"), (".", "publisher"),
        ("GraphChat", "publisher"), (".", "O"), ("https://chat.example.org", "URL"), (",", "O"),
        ("2023", "issued"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert [a.literal for a in ref.author] == ["Graph Society"]
    assert ref.get("title") == "GraphChat"
    raw = "Graph Health Organization. Global graph report. Geneva; 2022."
    spec = [
        ("Graph", "author"), ("Health", "author"), ("Organization", "author"), (".", "O"),
        ("Global", "genre"), ("graph", "genre"), ("report", "genre"), (".", "O"),
        ("Geneva", "publisher"), (";", "O"), ("2022", "issued"), (".", "O"),
    ]  # fmt: skip
    assert _build(raw, spec).get("title") == "Global graph report"
    # a genre of genre words only stays the genre
    raw = "Graph Health Organization. Unpublished technical report. Geneva; 2022."
    spec = [(t, lab) for t, lab in spec]
    spec[4:7] = [("Unpublished", "genre"), ("technical", "genre"), ("report", "genre")]
    assert not _build(raw, spec).get("title")


def test_a_number_glued_to_the_containers_last_word_is_its_volume() -> None:
    raw = "Ode, K. Phase of light. Optica1 , 119- 124(2014 )."
    spec = [
        ("Ode", "author"), (",", "author"), ("K", "author"), (".", "author"),
        ("Phase", "title"), ("of", "title"), ("light", "title"), (".", "O"),
        ("Optica", "container-title"), ("1", "container-title"), (",", "O"), ("119", "page"),
        ("-", "page"), ("124", "page"), ("(", "O"), ("2014", "issued"), (")", "O"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert ref.get("container-title") == "Optica"
    assert ref.get("volume") == "1"
    # a meeting's year glued to its name stays in the name
    raw = "Ode, K. Phase. In Conference on Agents Agents98, 119- 124."
    spec = [
        ("Ode", "author"), (",", "author"), ("K", "author"), (".", "author"),
        ("Phase", "title"), (".", "O"), ("In", "O"), ("Conference", "container-title"),
        ("on", "container-title"), ("Agents", "container-title"), ("Agents", "container-title"),
        ("98", "container-title"), (",", "O"), ("119", "page"), ("-", "page"), ("124", "page"),
        (".", "O"),
    ]  # fmt: skip
    assert not _build(raw, spec).get("volume")


def test_a_number_after_an_issue_mark_or_volume_and_period_is_the_issue() -> None:
    raw = "Ode, K. Walls. Rooms, 2009, n\u00b0 1, pp. 91-106."
    spec = [
        ("Ode", "author"), (",", "author"), ("K", "author"), (".", "author"),
        ("Walls", "title"), (".", "O"), ("Rooms", "container-title"), (",", "O"),
        ("2009", "issued"), (",", "O"), ("n", "O"), ("\u00b0", "O"), ("1", "volume"), (",", "O"),
        ("pp", "O"), (".", "O"), ("91", "page"), ("-", "page"), ("106", "page"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert ref.get("issue") == "1" and not ref.get("volume")
    raw = "Ode, K. Walls. Film Rooms 40.1 (2004): 17."
    spec = [
        ("Ode", "author"), (",", "author"), ("K", "author"), (".", "author"),
        ("Walls", "title"), (".", "O"), ("Film", "container-title"), ("Rooms", "container-title"),
        ("40", "volume"), (".", "O"), ("1", "volume"), ("(", "O"), ("2004", "issued"),
        (")", "O"), (":", "O"), ("17", "page"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert (ref.get("volume"), ref.get("issue")) == ("40", "1")
    # an arXiv number is no volume and issue
    raw = "Ode, K. Walls. ArXiv, abs/2009.05021, 2020."
    spec = [
        ("Ode", "author"), (",", "author"), ("K", "author"), (".", "author"),
        ("Walls", "title"), (".", "O"), ("ArXiv", "container-title"), (",", "O"),
        ("abs", "volume"), ("/", "volume"), ("2009", "volume"), (".", "volume"),
        ("05021", "volume"), (",", "O"), ("2020", "issued"), (".", "O"),
    ]  # fmt: skip
    assert not _build(raw, spec).get("issue")


def test_a_range_of_years_read_as_pages_is_no_page() -> None:
    raw = "Ode, K. Motif Index of Rooms, Accra 1955-1958."
    spec = [
        ("Ode", "author"), (",", "author"), ("K", "author"), (".", "author"),
        ("Motif", "title"), ("Index", "title"), ("of", "title"), ("Rooms", "title"),
        (",", "O"), ("Accra", "publisher-place"), ("1955", "issued"), ("-", "page"),
        ("1958", "page"), (".", "O"),
    ]  # fmt: skip
    assert not _build(raw, spec).get("page")
    # after "pp.", pages that look like years are pages
    raw = "Ode, K. Motif Index of Rooms, pp. 1695-1705."
    spec = [
        ("Ode", "author"), (",", "author"), ("K", "author"), (".", "author"),
        ("Motif", "title"), ("Index", "title"), ("of", "title"), ("Rooms", "title"),
        (",", "O"), ("pp", "O"), (".", "O"), ("1695", "page"), ("-", "page"), ("1705", "page"),
        (".", "O"),
    ]  # fmt: skip
    assert _build(raw, spec).get("page") == "1695-1705"


def test_a_bracket_naming_the_language_is_a_note() -> None:
    raw = "Ode, K. A key to fishes of Accra (in Turkish). Rooms 12, 1-9."
    title = ["A", "key", "to", "fishes", "of", "Accra", "(", "in", "Turkish", ")"]
    spec = [
        ("Ode", "author"), (",", "author"), ("K", "author"), (".", "author"),
        *((t, "title") for t in title), (".", "O"), ("Rooms", "container-title"),
        ("12", "volume"), (",", "O"), ("1", "page"), ("-", "page"), ("9", "page"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert ref.get("title") == "A key to fishes of Accra"
    assert ref.get("note") == "in Turkish"


def test_a_quoted_title_ends_at_its_closing_mark() -> None:
    raw = "Ode, K. \u201cCriteria and Walls.\u201d The Claim of Rooms, pp. 3-36."
    title = ["Criteria", "and", "Walls", ".", "\u201d", "The", "Claim", "of", "Rooms"]
    spec = [
        ("Ode", "author"), (",", "author"), ("K", "author"), (".", "author"), ("\u201c", "O"),
        *((t, "title") for t in title), (",", "O"), ("pp", "O"), (".", "O"), ("3", "page"),
        ("-", "page"), ("36", "page"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert ref.get("title") == "Criteria and Walls"
    assert ref.get("container-title") == "The Claim of Rooms"
    # a quotation inside the title, and a title that goes on after its quote, stay whole
    raw = 'Ode, K. "On se verra" - Carnet de route. Accra, 2009.'
    title = ["On", "se", "verra", '"', "-", "Carnet", "de", "route"]
    spec = [
        ("Ode", "author"), (",", "author"), ("K", "author"), (".", "author"), ('"', "O"),
        *((t, "title") for t in title), (".", "O"), ("Accra", "publisher-place"), (",", "O"),
        ("2009", "issued"), (".", "O"),
    ]  # fmt: skip
    assert not _build(raw, spec).get("container-title")


def test_a_cjk_title_and_journal_read_as_one_title_are_split_and_marked_numbers_read() -> None:
    raw = "李涛(2009). 江南園林與嶺南園林的淵源. 南方建築. 40卷 21期: 33-35."
    spec = [
        ("李涛", "author"), ("(", "O"), ("2009", "issued"), (")", "O"), (".", "O"),
        ("江南園林與嶺南園林的淵源", "title"), (".", "title"), ("南方建築", "title"), (".", "O"),
        ("40", "O"), ("卷", "O"), ("21", "O"), ("期", "O"), (":", "O"), ("33", "page"),
        ("-", "page"), ("35", "page"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert ref.get("title") == "江南園林與嶺南園林的淵源"
    assert ref.get("container-title") == "南方建築"
    assert (ref.get("volume"), ref.get("issue")) == ("40", "21")
    # Hangul words, each a token of its own
    raw = "강민수(2012), 사회적 경제와 협동조합, 도시문제, (527), 19-24."
    spec = [
        ("강민수", "author"), ("(", "O"), ("2012", "issued"), (")", "O"), (",", "O"),
        ("사회적", "title"), ("경제와", "title"), ("협동조합", "title"), (",", "title"),
        ("도시문제", "title"), (",", "O"), ("(", "O"), ("527", "issue"), (")", "O"), (",", "O"),
        ("19", "page"), ("-", "page"), ("24", "page"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert ref.get("title") == "사회적 경제와 협동조합"
    assert ref.get("container-title") == "도시문제"


def test_a_meetings_name_with_its_two_digit_year_is_the_venue_not_a_volume() -> None:
    raw = "Ode, K. Rooms and walls. ACM SIGROOM\u201999, 1999."
    spec = [
        ("Ode", "author"), (",", "author"), ("K", "author"), (".", "author"),
        ("Rooms", "title"), ("and", "title"), ("walls", "title"), (".", "O"),
        ("ACM", "publisher"), ("SIGROOM", "publisher"), ("\u2019", "O"), ("99", "volume"),
        (",", "O"), ("1999", "issued"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert ref.get("container-title") == "ACM SIGROOM\u201999"
    assert not ref.get("volume") and not ref.get("publisher")


def test_a_value_that_opens_a_bracket_takes_the_bracket_that_closes_it() -> None:
    raw = "Ode, K. Graphs. PhD thesis, University of Accra (Legon), 2018."
    spec = [
        ("Ode", "author"), (",", "author"), ("K", "author"), (".", "author"),
        ("Graphs", "title"), (".", "O"), ("PhD", "genre"), ("thesis", "genre"), (",", "O"),
        ("University", "publisher"), ("of", "publisher"), ("Accra", "publisher"),
        ("(", "publisher"), ("Legon", "publisher"), (")", "O"), (",", "O"),
        ("2018", "issued"), (".", "O"),
    ]  # fmt: skip
    assert _build(raw, spec).get("publisher") == "University of Accra (Legon)"


def test_a_group_after_et_al_that_the_tagger_read_as_the_title_signs_the_paper() -> None:
    raw = "Ode K, Abe T, et al.; ALPHA Study Group. Graph kernels. Acta Graph. 2019;3:1-9."
    spec = [
        ("Ode", "author"), ("K", "author"), (",", "author"), ("Abe", "author"), ("T", "author"),
        (",", "author"), ("et", "author"), ("al", "author"), (".", "author"), (";", "O"),
        ("ALPHA", "title"), ("Study", "title"), ("Group", "title"), (".", "title"),
        ("Graph", "title"), ("kernels", "title"), (".", "O"), ("Acta", "container-title"),
        ("Graph", "container-title"), (".", "container-title"), ("2019", "issued"), (";", "O"),
        ("3", "volume"), (":", "O"), ("1", "page"), ("-", "page"), ("9", "page"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert ref.get("title") == "Graph kernels"
    assert [a.family or a.literal for a in ref.author] == ["Ode", "Abe", "ALPHA Study Group"]


def test_a_container_naming_a_press_before_a_place_with_no_pages_is_the_publisher() -> None:
    raw = "Ode K. Graph Kernels. Accra Foundation for Kernels, Legon, 2020."
    spec = [
        ("Ode", "author"), ("K", "author"), (".", "O"), ("Graph", "title"), ("Kernels", "title"),
        (".", "O"), ("Accra", "container-title"), ("Foundation", "container-title"),
        ("for", "container-title"), ("Kernels", "container-title"), (",", "O"),
        ("Legon", "publisher-place"), (",", "O"), ("2020", "issued"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert ref.get("publisher") == "Accra Foundation for Kernels"
    assert not ref.get("container-title")
    # a conference's proceedings stay the container
    raw = "Ode K. Graph Kernels. Proceedings of the Accra ACM Conference, Legon, 2020."
    spec = [
        ("Ode", "author"), ("K", "author"), (".", "O"), ("Graph", "title"), ("Kernels", "title"),
        (".", "O"), ("Proceedings", "container-title"), ("of", "container-title"),
        ("the", "container-title"), ("Accra", "container-title"), ("ACM", "container-title"),
        ("Conference", "container-title"), (",", "O"), ("Legon", "publisher-place"), (",", "O"),
        ("2020", "issued"), (".", "O"),
    ]  # fmt: skip
    assert _build(raw, spec).get("container-title") == "Proceedings of the Accra ACM Conference"


def test_a_volume_that_holds_a_name_where_there_is_no_container_is_the_venue() -> None:
    raw = "Ode K, Abe T: Graph kernels. Proc GKC 2019:1-10."
    spec = [
        ("Ode", "author"), ("K", "author"), (",", "author"), ("Abe", "author"), ("T", "author"),
        (":", "O"), ("Graph", "title"), ("kernels", "title"), (".", "O"), ("Proc", "O"),
        ("GKC", "volume"), ("2019", "volume"), (":", "O"), ("1", "page"), ("-", "page"),
        ("10", "page"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert ref.get("container-title") == "Proc GKC 2019"
    assert not ref.get("volume")
    # a supplement's or a part's volume stays a volume
    raw = "Ode K. Graph kernels. Acta Graph 2019;12 Suppl 2:1-10."
    spec = [
        ("Ode", "author"), ("K", "author"), (".", "O"), ("Graph", "title"), ("kernels", "title"),
        (".", "O"), ("Acta", "container-title"), ("Graph", "container-title"),
        ("2019", "issued"), (";", "O"), ("12", "volume"), ("Suppl", "volume"), ("2", "volume"),
        (":", "O"), ("1", "page"), ("-", "page"), ("10", "page"), (".", "O"),
    ]  # fmt: skip
    assert _build(raw, spec).get("container-title") == "Acta Graph"


def test_a_title_run_on_past_in_and_a_capitalised_word_ran_into_its_book() -> None:
    raw = "K. Ode, Graph kernels, in The Heritage of Accra (Legon, 1987), 1-9."
    spec = [
        ("K", "author"), (".", "author"), ("Ode", "author"), (",", "O"), ("Graph", "title"),
        ("kernels", "title"), (",", "title"), ("in", "title"), ("The", "title"),
        ("Heritage", "title"), ("of", "title"), ("Accra", "title"), ("(", "O"),
        ("Legon", "publisher-place"), (",", "O"), ("1987", "issued"), (")", "O"), (",", "O"),
        ("1", "page"), ("-", "page"), ("9", "page"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert ref.get("title") == "Graph kernels"
    assert ref.get("container-title") == "The Heritage of Accra"
    # a gene's or an acronym's capitals after "in" are the title's words
    raw = "K. Ode, Risks by position, in BRCA carriers. Acta Gen, 1987."
    spec = [
        ("K", "author"), (".", "author"), ("Ode", "author"), (",", "O"), ("Risks", "title"),
        ("by", "title"), ("position", "title"), (",", "title"), ("in", "title"),
        ("BRCA", "title"), ("carriers", "title"), (".", "O"), ("Acta", "container-title"),
        ("Gen", "container-title"), (",", "O"), ("1987", "issued"), (".", "O"),
    ]  # fmt: skip
    assert _build(raw, spec).get("title") == "Risks by position, in BRCA carriers"


def _by_runs(raw: str, runs: list[tuple[str, str]]) -> Reference:
    """Build a reference from hand-given runs: (text, label) pieces that make up ``raw`` in
    order (spaces between them belong to no piece); every token takes its piece's label."""
    labels: list[tuple[int, int, str]] = []
    pos = 0
    for text, label in runs:
        start = raw.index(text, pos)
        assert not raw[pos:start].strip(), raw[pos:start]
        labels.append((start, start + len(text), label))
        pos = start + len(text)
    assert not raw[pos:].strip()
    toks = tokenize(raw)
    token_labels = [next(lab for a, b, lab in labels if a <= t.start < b) for t in toks]
    ref, _ = build_reference(raw, toks, token_labels, [0.9] * len(toks))
    return ref


def test_a_journal_ending_the_title_is_found_past_the_date_and_a_volume_word() -> None:
    raw = "Ode K, Abe T. Graph kernels for small molecules. Acta Graphica. 2006;24(3):195-9."
    ref = _by_runs(
        raw,
        [("Ode K, Abe T", "author"), (".", "O"),
         ("Graph kernels for small molecules. Acta Graphica", "title"), (".", "O"),
         ("2006", "issued"), (";", "O"), ("24", "volume"), ("(", "O"), ("3", "issue"),
         ("):", "O"), ("195-9", "page"), (".", "O")],
    )  # fmt: skip
    assert ref.get("title") == "Graph kernels for small molecules"
    assert ref.get("container-title") == "Acta Graphica"
    raw = "Ode, K. (1996). Die Vielfalt der Graphen. Blätter zur Graphik, Nr. 253, 17-21."
    ref = _by_runs(
        raw,
        [("Ode, K.", "author"), ("(", "O"), ("1996", "issued"), (").", "O"),
         ("Die Vielfalt der Graphen. Blätter zur Graphik", "title"), (", Nr.", "O"),
         ("253", "volume"), (",", "O"), ("17-21", "page"), (".", "O")],
    )  # fmt: skip
    assert ref.get("container-title") == "Blätter zur Graphik"


def test_unlabelled_capitalised_words_between_title_and_numbers_are_the_journal() -> None:
    raw = "ODE, K. & ABE, T. 2013. Spinal graphs in a rat model. Pain, 154, 294-305."
    spec = [("ODE, K. & ABE, T.", "author"), ("2013", "issued"), (".", "O"),
            ("Spinal graphs in a rat model", "title"), (". Pain,", "O"), ("154", "volume"),
            (",", "O"), ("294-305", "page"), (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("container-title") == "Pain"
    # a report's kind, a preprint server or a chapter's "In" is no journal
    raw = "Ode, K. Graph kernels in practice. Report 1247, 1955."
    spec = [("Ode, K.", "author"), ("Graph kernels in practice", "title"), (". Report", "O"),
            ("1247", "volume"), (",", "O"), ("1955", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert not ref.get("container-title")
    assert ref.get("title") == "Graph kernels in practice"


def test_a_journal_glued_to_the_title_may_hold_small_words() -> None:
    raw = (
        "Ode K, Abe T. Inactivation of graph kernels by alcohols Journal of Graph Infection"
        " 28:137-48, 1994."
    )
    spec = [("Ode K, Abe T", "author"), (".", "O"),
            ("Inactivation of graph kernels by alcohols Journal of Graph Infection", "title"),
            ("28", "volume"), (":", "O"), ("137-48", "page"), (",", "O"), ("1994", "issued"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Inactivation of graph kernels by alcohols"
    assert ref.get("container-title") == "Journal of Graph Infection"


def test_a_volume_run_holding_a_bracketed_number_holds_the_issue() -> None:
    raw = "Ode K. Graph kernels. Lancet. 2020;396(10258):1204-1222."
    spec = [("Ode K", "author"), (".", "O"), ("Graph kernels", "title"), (".", "O"),
            ("Lancet", "container-title"), (".", "O"), ("2020", "issued"), (";", "O"),
            ("396(10258)", "volume"), (":", "O"), ("1204-1222", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("volume") == "396"
    assert ref.get("issue") == "10258"


def test_a_words_head_and_colon_left_between_date_and_title_open_the_title() -> None:
    raw = "Graph Core Team (2021). G: A Language for Graphs. Graph Foundation, Vienna."
    spec = [("Graph Core Team", "author"), ("(", "O"), ("2021", "issued"), (").", "O"),
            ("G:", "O"), ("A Language for Graphs", "title"), (".", "O"),
            ("Graph Foundation", "publisher"), (",", "O"), ("Vienna", "publisher-place"),
            (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("title") == "G: A Language for Graphs"
    # "In:" opens a container, not a title
    raw = "Ode K (2021). In: Graphs in practice. Oslo."
    spec = [("Ode K", "author"), ("(", "O"), ("2021", "issued"), (").", "O"), ("In:", "O"),
            ("Graphs in practice", "title"), (".", "O"), ("Oslo", "publisher-place"),
            (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("title") == "Graphs in practice"


def test_a_year_inside_the_title_is_part_of_it_where_the_date_comes_again() -> None:
    raw = "Graph Change 2014: Synthesis Report. Geneva: Panel; 2014."
    spec = [("Graph Change", "title"), ("2014", "issued"), (":", "O"),
            ("Synthesis Report", "title"), (".", "O"), ("Geneva", "publisher-place"),
            (":", "O"), ("Panel", "publisher"), (";", "O"), ("2014", "issued"),
            (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("title") == "Graph Change 2014: Synthesis Report"
    # with one date only, the year stays the date
    raw = "Graph Change 2014: Synthesis Report. Geneva: Panel."
    spec = [("Graph Change", "title"), ("2014", "issued"), (":", "O"),
            ("Synthesis Report", "title"), (".", "O"), ("Geneva", "publisher-place"),
            (":", "O"), ("Panel", "publisher"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.issued is not None and ref.issued.year == 2014
    assert ref.get("title") == "Graph Change"


def test_a_body_opening_the_title_of_an_entry_without_names_is_its_author() -> None:
    raw = "Graph Health Organization. Global graph report. Geneva: GHO; 2022."
    spec = [("Graph Health Organization. Global graph report", "title"), (".", "O"),
            ("Geneva", "publisher-place"), (":", "O"), ("GHO", "publisher"), (";", "O"),
            ("2022", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert [a.literal for a in ref.author] == ["Graph Health Organization"]
    assert ref.get("title") == "Global graph report"
    # a team named in lower case after "The"
    raw = "The graphs development team. graphs-dev/graphs: Graphs. Zenodo, 2020."
    spec = [("The graphs development team. graphs-dev/graphs: Graphs", "title"), (".", "O"),
            ("Zenodo", "publisher"), (",", "O"), ("2020", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert [a.literal for a in ref.author] == ["The graphs development team"]
    assert ref.get("title") == "graphs-dev/graphs: Graphs"
    # a title's first sentence that names no body stays the title's
    raw = "Graph Kernels Revisited. A Survey. Oslo: GHO; 2022."
    spec = [("Graph Kernels Revisited. A Survey", "title"), (".", "O"),
            ("Oslo", "publisher-place"), (":", "O"), ("GHO", "publisher"), (";", "O"),
            ("2022", "issued"), (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("title") == "Graph Kernels Revisited. A Survey"


def test_a_group_with_a_number_after_et_al_signs_the_paper() -> None:
    raw = "Ode K, Abe T, et al.; GKD 2019 Collaborators. Graph burden. Lancet. 2020;396:1-9."
    spec = [("Ode K, Abe T, et al.", "author"), (";", "O"),
            ("GKD 2019 Collaborators. Graph burden", "title"), (".", "O"),
            ("Lancet", "container-title"), (".", "O"), ("2020", "issued"), (";", "O"),
            ("396", "volume"), (":", "O"), ("1-9", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Graph burden"
    assert ref.author[-1].literal == "GKD 2019 Collaborators"


def test_a_second_title_run_shaped_place_colon_name_is_place_and_publisher() -> None:
    raw = "Graph Organization. Global graph report 2022. Geneva: Graph Organization; 2022."
    spec = [("Graph Organization", "author"), (".", "O"), ("Global graph report", "genre"),
            ("2022", "issued"), (".", "O"), ("Geneva: Graph Organization", "title"),
            (";", "O"), ("2022", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Global graph report 2022"
    assert ref.get("publisher-place") == "Geneva"
    assert ref.get("publisher") == "Graph Organization"


def test_a_series_with_its_volume_read_as_a_books_container_is_the_series() -> None:
    raw = "K. Ode, Graph topology, Graduate Texts in Graphs, vol. 33, Springer, Oslo, 1976."
    spec = [("K. Ode", "author"), (",", "O"), ("Graph topology", "title"), (",", "O"),
            ("Graduate Texts in Graphs", "container-title"), (", vol.", "O"), ("33", "volume"),
            (",", "O"), ("Springer", "publisher"), (",", "O"), ("Oslo", "publisher-place"),
            (",", "O"), ("1976", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("collection-title") == "Graduate Texts in Graphs"
    assert not ref.get("container-title")
    # a chapter "In" a book of a series keeps its container
    raw = "K. Ode, Graph topology, In: Studies in Graphs, vol. 33, Springer, 1976."
    spec = [("K. Ode", "author"), (",", "O"), ("Graph topology", "title"), (", In:", "O"),
            ("Studies in Graphs", "container-title"), (", vol.", "O"), ("33", "volume"),
            (",", "O"), ("Springer", "publisher"), (",", "O"), ("1976", "issued"),
            (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("container-title") == "Studies in Graphs"


def test_serial_abbreviations_ending_the_title_open_the_journal() -> None:
    raw = "K. Ode, et al., Graph kernels in vitro, Cosmet. Toilet. 118 (2003) 63-72."
    spec = [("K. Ode, et al.", "author"), (",", "O"),
            ("Graph kernels in vitro, Cosmet", "title"), (".", "O"),
            ("Toilet.", "container-title"), ("118", "volume"), ("(", "O"), ("2003", "issued"),
            (")", "O"), ("63-72", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Graph kernels in vitro"
    assert ref.get("container-title") == "Cosmet. Toilet."
    # a title's last word before its sentence's period stays in the title
    raw = "K. Ode. Graph kernels in the cell line CEM. Exp Cell Res 1997; 235:35-47."
    spec = [("K. Ode", "author"), (".", "O"), ("Graph kernels in the cell line CEM", "title"),
            (".", "O"), ("Exp Cell Res", "container-title"), ("1997", "issued"), (";", "O"),
            ("235", "volume"), (":", "O"), ("35-47", "page"), (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("title") == "Graph kernels in the cell line CEM"


def test_the_last_name_of_a_list_left_in_the_title_goes_back_to_the_authors() -> None:
    raw = "Ode M, Abe G, Claes AL, Brum S. Graph kernels of lean women. Int J Graphs 25:6-8, 2001."
    spec = [("Ode M, Abe G, Claes AL", "author"), (",", "O"),
            ("Brum S. Graph kernels of lean women", "title"), (".", "O"),
            ("Int J Graphs", "container-title"), ("25", "volume"), (":", "O"), ("6-8", "page"),
            (",", "O"), ("2001", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert [a.family for a in ref.author] == ["Ode", "Abe", "Claes", "Brum"]
    assert ref.get("title") == "Graph kernels of lean women"
    raw = "S. Ode, R. Abelson, F. Finelli On the Construction of Graphs, Phys. Rev. D 66 (2002)."
    spec = [("S. Ode, R. Abelson, F.", "author"),
            ("Finelli On the Construction of Graphs", "title"), (",", "O"),
            ("Phys. Rev. D", "container-title"), ("66", "volume"), ("(", "O"),
            ("2002", "issued"), (").", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert [a.family for a in ref.author] == ["Ode", "Abelson", "Finelli"]
    assert ref.get("title") == "On the Construction of Graphs"
    # a given name and its initial, then the family name, "and" and the next name
    raw = "Thomas N. Ode and Max Abelson. Semi-supervised graph kernels. In GKC, 2017."
    spec = [("Thomas N", "author"), (".", "O"),
            ("Ode and Max Abelson. Semi-supervised graph kernels", "title"), (". In", "O"),
            ("GKC", "container-title"), (",", "O"), ("2017", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert [a.family for a in ref.author] == ["Ode", "Abelson"]
    assert ref.get("title") == "Semi-supervised graph kernels"
    # a family-first list that ended on its own: the title's first word stays
    raw = "Ode M, Abe G. Graph kernels of lean women. Int J Graphs 25:6-8, 2001."
    spec = [("Ode M, Abe G", "author"), (".", "O"), ("Graph kernels of lean women", "title"),
            (".", "O"), ("Int J Graphs", "container-title"), ("25", "volume"), (":", "O"),
            ("6-8", "page"), (",", "O"), ("2001", "issued"), (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("title") == "Graph kernels of lean women"


def test_a_second_date_after_the_volume_and_a_comma_is_the_page() -> None:
    raw = "K. Ode, A. Abe, Graph Lett. 2010, 10, 1979."
    spec = [("K. Ode, A. Abe", "author"), (",", "O"), ("Graph Lett.", "container-title"),
            ("2010", "issued"), (",", "O"), ("10", "volume"), (",", "O"), ("1979", "issued"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("page") == "1979"
    assert ref.issued is not None and ref.issued.year == 2010
    # a decade glued to a word is no date: the last year is not taken for the page
    raw = "박성섭, 1930년대 농촌통제 강화, 한국연구, 60, 2017."
    spec = [("박성섭", "author"), (",", "O"), ("1930", "issued"), ("년대 농촌통제 강화", "title"),
            (",", "O"), ("한국연구", "container-title"), (",", "O"), ("60", "volume"), (",", "O"),
            ("2017", "issued"), (".", "O")]  # fmt: skip
    assert not _by_runs(raw, spec).get("page")


def test_a_bare_arxiv_identifier_is_the_number_as_printed() -> None:
    raw = "K. Ode, A. Abe, Phys. Rev. D92, 074504 (2015), 1503.03649"
    spec = [("K. Ode, A. Abe", "author"), (",", "O"), ("Phys. Rev. D", "container-title"),
            ("92", "volume"), (",", "O"), ("074504", "page"), ("(", "O"), ("2015", "issued"),
            ("),", "O"), ("1503.03649", "page")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("number") == "1503.03649"
    assert ref.get("page") == "074504"
    # a decimal number of another shape is no identifier
    raw = "K. Ode, Graph Lett. 92, 1999.1234 (2015)"
    spec = [("K. Ode", "author"), (",", "O"), ("Graph Lett.", "container-title"),
            ("92", "volume"), (",", "O"), ("1999.1234", "page"), ("(", "O"), ("2015", "issued"),
            (")", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert not ref.get("number")
    assert ref.get("page") == "1999.1234"


def test_words_no_title_is_made_of_are_no_title() -> None:
    raw = "Graph Kernels, 8(6): 996-1003, Nov-Dec 1995"
    spec = [("Graph Kernels", "container-title"), (",", "O"), ("8", "volume"), ("(", "O"),
            ("6", "issue"), ("):", "O"), ("996-1003", "page"), (", Nov-Dec", "O"),
            ("1995", "issued")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert not ref.get("title")
    assert ref.get("container-title") == "Graph Kernels"
    raw = "To appear in: Graph Communications, 12 (2010)"
    spec = [("To appear in:", "O"), ("Graph Communications", "container-title"), (",", "O"),
            ("12", "volume"), ("(", "O"), ("2010", "issued"), (")", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert not ref.get("title")
    assert ref.get("container-title") == "Graph Communications"


def test_a_month_or_a_volume_word_left_unlabelled_is_no_title() -> None:
    raw = "JOURNAL OF GRAPHS, June 1990, P. 2941-2947"
    spec = [("JOURNAL OF GRAPHS", "container-title"), (", June", "O"), ("1990", "issued"),
            (", P.", "O"), ("2941-2947", "page")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert not ref.get("title")
    assert ref.get("container-title") == "JOURNAL OF GRAPHS"
    raw = "Graph Organs, Band 20, Nr. 9 (1996), Seiten 986-990"
    spec = [("Graph Organs", "container-title"), (", Band", "O"), ("20", "volume"),
            (", Nr.", "O"), ("9", "issue"), ("(", "O"), ("1996", "issued"), ("), Seiten", "O"),
            ("986-990", "page")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert not ref.get("title")
    assert ref.get("container-title") == "Graph Organs"


def test_proc_left_unlabelled_before_the_container_opens_it() -> None:
    raw = "Ode, K. 1993. Graph kernels. In Proc. Nineteenth Conference on Graphs, Dublin. 6-9."
    spec = [("Ode, K.", "author"), ("1993", "issued"), (".", "O"), ("Graph kernels", "title"),
            (". In Proc.", "O"), ("Nineteenth Conference on Graphs", "container-title"),
            (",", "O"), ("Dublin", "publisher-place"), (".", "O"), ("6-9", "page"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("container-title") == "Proc. Nineteenth Conference on Graphs"
    raw = "K. Ode, Proceedings of the Graph Society 51, 793 (1948)."
    spec = [("K. Ode", "author"), (", Proceedings of the", "O"),
            ("Graph Society", "container-title"), ("51", "volume"), (",", "O"), ("793", "page"),
            ("(", "O"), ("1948", "issued"), (").", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("container-title") == "Proceedings of the Graph Society"


def test_group_names_after_the_name_list_are_no_title() -> None:
    raw = "Ode DW, Abe FR; Graph Society Committee on Kernels. Graph kernels. Graphs 2010;1:1-9."
    spec = [("Ode DW, Abe FR", "author"), (";", "O"),
            ("Graph Society Committee on Kernels. Graph kernels", "title"), (".", "O"),
            ("Graphs", "container-title"), ("2010", "issued"), (";", "O"), ("1", "volume"),
            (":", "O"), ("1-9", "page"), (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("title") == "Graph kernels"
    # a body's report named as the only title stays the title
    raw = "Ode DW; Graph Society Committee on Kernels, 2010."
    spec = [("Ode DW", "author"), (";", "O"), ("Graph Society Committee on Kernels", "title"),
            (",", "O"), ("2010", "issued"), (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("title") == "Graph Society Committee on Kernels"


def test_a_publisher_right_after_in_is_the_venue() -> None:
    raw = "Ode, K. and Abe, T. Attention to graphs. In GraphConf, 2017."
    spec = [("Ode, K. and Abe, T.", "author"), ("Attention to graphs", "title"),
            (". In", "O"), ("GraphConf", "publisher"), (",", "O"), ("2017", "issued"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("container-title") == "GraphConf"
    assert not ref.get("publisher")


def test_acms_issue_before_the_year_read_as_a_page_is_the_issue() -> None:
    raw = "K. Ode. 1983. Graph kernels. Science 220, 4598 (1983), 671-680."
    spec = [("K. Ode", "author"), (".", "O"), ("1983", "issued"), (".", "O"),
            ("Graph kernels", "title"), (".", "O"), ("Science", "container-title"),
            ("220", "volume"), (",", "O"), ("4598", "page"), ("(", "O"), ("1983", "issued"),
            ("),", "O"), ("671-680", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("issue") == "4598"
    assert ref.get("page") == "671-680"


def test_a_title_read_into_the_publisher_or_the_journal_is_cut_out() -> None:
    raw = "Ode, G. and Abe, R. (2002). Graph Inference. Duxbury Graph Learning, 2nd edition."
    spec = [("Ode, G. and Abe, R.", "author"), ("(", "O"), ("2002", "issued"), (").", "O"),
            ("Graph Inference. Duxbury Graph Learning", "publisher"), (",", "O"),
            ("2nd edition", "edition"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Graph Inference"
    assert ref.get("publisher") == "Duxbury Graph Learning"
    raw = "Ode, E. (2001). Graph Richness in Cats: Insularity or Density? Graphology, 123:143-151."
    spec = [("Ode, E.", "author"), ("(", "O"), ("2001", "issued"), (").", "O"),
            ("Graph Richness in Cats: Insularity or Density? Graphology", "container-title"),
            (",", "O"), ("123", "volume"), (":", "O"), ("143-151", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Graph Richness in Cats: Insularity or Density?"
    assert ref.get("container-title") == "Graphology"
    # a journal's abbreviations are no sentence
    raw = "K. Ode, Adv. Theor. Graph. Phys., 2, 231-252 (1998)."
    spec = [("K. Ode", "author"), (",", "O"), ("Adv. Theor. Graph. Phys.", "container-title"),
            (",", "O"), ("2", "volume"), (",", "O"), ("231-252", "page"), ("(", "O"),
            ("1998", "issued"), (").", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("container-title") == "Adv. Theor. Graph. Phys."


def test_a_container_with_only_a_place_after_it_is_the_books_title() -> None:
    raw = "Graph Core Team (2013). G: A Language for Graphs. Vienna, Austria."
    spec = [("Graph Core Team", "author"), ("(", "O"), ("2013", "issued"), (").", "O"),
            ("G: A Language for Graphs", "container-title"), (".", "O"),
            ("Vienna, Austria", "publisher-place"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "G: A Language for Graphs"
    assert not ref.get("container-title")


def test_a_place_read_into_the_publisher_is_split_off() -> None:
    raw = (
        "K. Ode. 2019. Graphs. In Proc. of GKC, pages 41-46, Minneapolis, Minnesota. Graph Society."
    )
    spec = [("K. Ode", "author"), (".", "O"), ("2019", "issued"), (".", "O"), ("Graphs", "title"),
            (". In", "O"), ("Proc. of GKC", "container-title"), (", pages", "O"),
            ("41-46", "page"), (",", "O"), ("Minneapolis, Minnesota. Graph Society", "publisher"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("publisher-place") == "Minneapolis, Minnesota"
    assert ref.get("publisher") == "Graph Society"


def test_the_book_after_a_chapters_editors_mark_is_the_container() -> None:
    raw = "K. Ode, 'Graph lore', in D.C. Abe (ed.), Graph Editing: A Guide, New York 1995."
    spec = [("K. Ode", "author"), (", '", "O"), ("Graph lore", "title"), ("', in", "O"),
            ("D.C. Abe", "editor"), ("(ed.),", "O"), ("Graph Editing", "publisher-place"),
            (":", "O"), ("A Guide", "publisher"), (",", "O"), ("New York", "publisher-place"),
            ("1995", "issued"), (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("container-title") == "Graph Editing: A Guide"
    # no chapter title: the book is the entry's title
    raw = "K. Ode, in: A. Abe (Eds.), Graph Lectures, North Holland, 1998, p.149."
    spec = [("K. Ode", "author"), (", in:", "O"), ("A. Abe", "editor"), ("(Eds.),", "O"),
            ("Graph Lectures", "title"), (",", "O"), ("North Holland", "publisher"), (",", "O"),
            ("1998", "issued"), (", p.", "O"), ("149", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Graph Lectures"
    assert not ref.get("container-title")


def test_a_second_title_after_a_quoted_title_is_the_book() -> None:
    raw = 'Ode, K. "Graphs in concepts." Theories of Graphs. Ed. A. Abe. Hillsdale: Erlbaum, 1993.'
    spec = [("Ode, K.", "author"), ('"', "O"), ("Graphs in concepts", "title"), ('."', "O"),
            ("Theories of Graphs", "title"), (". Ed.", "O"), ("A. Abe", "editor"), (".", "O"),
            ("Hillsdale", "publisher-place"), (":", "O"), ("Erlbaum", "publisher"), (",", "O"),
            ("1993", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Graphs in concepts"
    assert ref.get("container-title") == "Theories of Graphs"
    # a date between the two: a thesis's kind, not a book
    raw = 'Ode, K., "Graphs in concepts" (2009). Masters Theses. Paper 127.'
    spec = [("Ode, K.", "author"), (', "', "O"), ("Graphs in concepts", "title"), ('" (', "O"),
            ("2009", "issued"), (").", "O"), ("Masters Theses", "title"), (". Paper", "O"),
            ("127", "number"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert not ref.get("container-title")
    assert ref.get("title") == "Graphs in concepts"


def test_a_book_read_into_its_editors_after_in_is_the_container() -> None:
    raw = "Ode, K., 2009. Graph lore. In: A Manual of Graphs, Abe G.W and D.E. Walt Eds., Oslo."
    spec = [("Ode, K.", "author"), (",", "O"), ("2009", "issued"), (".", "O"),
            ("Graph lore", "title"), (". In:", "O"),
            ("A Manual of Graphs, Abe G.W and D.E. Walt", "editor"), ("Eds.,", "O"),
            ("Oslo", "publisher-place"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("container-title") == "A Manual of Graphs"
    assert [e.family for e in ref.editor] == ["Abe", "Walt"]


def test_the_words_after_a_journal_articles_type_code_are_the_journal() -> None:
    raw = "倪鹤鹏，刘亚男．基于机器视觉的分拣算法[J]．机器人，2016，38(1)：49-55."
    spec = [("倪鹤鹏，刘亚男", "author"), ("．", "O"), ("基于机器视觉的分拣算法", "title"),
            ("[J]．", "O"), ("机器人", "author"), ("，", "O"), ("2016", "issued"), ("，", "O"),
            ("38", "volume"), ("(", "O"), ("1", "issue"), (")：", "O"), ("49-55", "page"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("container-title") == "机器人"
    assert [a.family + a.given for a in ref.author] == ["倪鹤鹏", "刘亚男"]


def test_a_standards_or_reports_number_ending_the_title_is_the_number() -> None:
    raw = "Graph Committee. Graph rules: GB/T 7714—2015[S]. Beijing: Graph Press, 2015."
    spec = [("Graph Committee", "author"), (".", "O"),
            ("Graph rules: GB/T 7714—2015", "title"), ("[S].", "O"),
            ("Beijing", "publisher-place"), (":", "O"), ("Graph Press", "publisher"),
            (",", "O"), ("2015", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Graph rules"
    assert ref.get("number") == "GB/T 7714—2015"
    # a subtitle after the colon stays
    raw = "Ode K. Graph rules: a survey of 2015[R]. Oslo: GP, 2015."
    spec = [("Ode K", "author"), (".", "O"), ("Graph rules: a survey of 2015", "title"),
            ("[R].", "O"), ("Oslo", "publisher-place"), (":", "O"), ("GP", "publisher"),
            (",", "O"), ("2015", "issued"), (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("title") == "Graph rules: a survey of 2015"


def test_a_volume_with_its_own_title_belongs_to_the_title() -> None:
    raw = "K. Ode. 1997. The Art of Graphs, Volume 1: Fundamental Kernels. Addison-Wesley."
    spec = [("K. Ode", "author"), (".", "O"), ("1997", "issued"), (".", "O"),
            ("The Art of Graphs", "title"), (", Volume", "O"), ("1", "volume"), (":", "O"),
            ("Fundamental Kernels", "title"), (".", "O"), ("Addison-Wesley", "publisher"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "The Art of Graphs, Volume 1: Fundamental Kernels"
    assert not ref.get("volume")


def test_a_place_ending_the_container_before_the_publisher_is_the_place() -> None:
    raw = "Lin C Y. Graph kernels[C]//Graph Branches Out. Barcelona, Spain: ACL, 2004: 74-81."
    spec = [("Lin C Y", "author"), (".", "O"), ("Graph kernels", "title"), ("[C]//", "O"),
            ("Graph Branches Out. Barcelona", "container-title"), (",", "O"),
            ("Spain", "publisher-place"), (":", "O"), ("ACL", "publisher"), (",", "O"),
            ("2004", "issued"), (":", "O"), ("74-81", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("container-title") == "Graph Branches Out"
    assert ref.get("publisher-place") == "Barcelona, Spain"


def test_a_journals_series_letter_read_as_a_volume_is_part_of_its_name() -> None:
    raw = "Ode K (1994). Graph kernels. Journal of the Graph Society, Series B, 56, 363-375."
    spec = [("Ode K", "author"), ("(", "O"), ("1994", "issued"), (").", "O"),
            ("Graph kernels", "title"), (".", "O"),
            ("Journal of the Graph Society", "container-title"), (", Series B", "volume"),
            (",", "O"), ("56", "volume"), (",", "O"), ("363-375", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("container-title") == "Journal of the Graph Society, Series B"
    assert ref.get("volume") == "56"


def test_a_publisher_ending_the_title_before_the_place_is_the_publisher() -> None:
    raw = "A. D. Ode and J. K. Abe. Spatial Graphs. Pion, London, 1973."
    spec = [("A. D. Ode and J. K. Abe", "author"), (".", "O"),
            ("Spatial Graphs. Pion", "title"), (",", "O"), ("London", "publisher-place"),
            (",", "O"), ("1973", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Spatial Graphs"
    assert ref.get("publisher") == "Pion"


def test_a_roman_volume_ending_the_journals_name_is_the_volume() -> None:
    raw = "K. Ode. 1950. Graph Machinery. Mind LIX, 236 (1950), 433-460."
    spec = [("K. Ode", "author"), (".", "O"), ("1950", "issued"), (".", "O"),
            ("Graph Machinery", "title"), (".", "O"), ("Mind LIX", "container-title"),
            (",", "O"), ("236", "volume"), ("(", "O"), ("1950", "issued"), ("),", "O"),
            ("433-460", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("container-title") == "Mind"
    assert (ref.get("volume"), ref.get("issue")) == ("LIX", "236")


def test_a_body_read_as_the_container_before_the_title_is_the_author() -> None:
    raw = "Graph Face. Transformers: graph learning for JAX. GitHub repository, 2020."
    spec = [("Graph Face", "container-title"), (".", "O"),
            ("Transformers: graph learning for JAX", "title"), (".", "O"),
            ("GitHub repository", "publisher"), (",", "O"), ("2020", "issued"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert not ref.get("container-title")
    assert ref.author and ref.author[0].family == "Face"


@pytest.mark.parametrize(
    ("printed", "number"),
    [("2nd ed.", "2"), ("3. ed.", "3"), ("2. Aufl.", "2"), ("2e éd.", "2"), ("2ª ed.", "2"),
     ("Second edition", "2"), ("3rd edn", "3"), ("3.ª ed.", "3")],
)  # fmt: skip
def test_an_edition_is_its_number_in_every_language(printed: str, number: str) -> None:
    from refmanager.parse.values import clean_value

    assert clean_value("edition", printed) == number


def test_the_edition_word_after_the_number_is_the_edition_and_the_book_its_title() -> None:
    raw = "Ode, J./Abe, M. (Hrsg.) (2015): Handbuch der Graphen. 2. Aufl. Wiesbaden: Graph VS."
    spec = [("Ode, J./Abe, M.", "editor"), ("(Hrsg.) (", "O"), ("2015", "issued"),
            ("):", "O"), ("Handbuch der Graphen", "container-title"), (".", "O"),
            ("2", "edition"), (".", "O"), ("Aufl", "title"), (".", "O"),
            ("Wiesbaden", "publisher-place"), (":", "O"), ("Graph VS", "publisher"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Handbuch der Graphen"
    assert not ref.get("container-title")
    assert ref.get("edition") == "2"
    assert [n.family for n in ref.editor] == ["Ode", "Abe"]


def test_the_editors_mark_read_into_the_book_is_no_part_of_it() -> None:
    raw = "ODE, P. R. A teoria dos grafos. In: ABE, L. (Org.). Grafos e redes. Recife: Graf, 2016."
    spec = [("ODE, P. R", "author"), (".", "O"), ("A teoria dos grafos", "title"),
            (". In: ", "O"), ("ABE, L.", "editor"), ("(", "O"),
            ("Org.). Grafos e redes", "container-title"), (".", "O"),
            ("Recife", "publisher-place"), (":", "O"), ("Graf", "publisher"), (",", "O"),
            ("2016", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("container-title") == "Grafos e redes"


def test_the_book_after_a_french_chapters_editors_and_their_mark() -> None:
    raw = "Ode, P. « Les graphes ». Dans : Abe, A. (dir.), Graphes et société, Lyon, Graf, 2017."
    spec = [("Ode, P.", "author"), ("«", "O"), ("Les graphes", "title"), ("». Dans :", "O"),
            ("Abe, A.", "editor"), ("(dir.),", "O"),
            ("Graphes et société, Lyon, Graf", "publisher"), (",", "O"),
            ("2017", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("container-title") == "Graphes et société"


def test_abnt_issue_mark_inside_the_volume_and_the_journal_before_its_place() -> None:
    raw = "ODE, J. A. Grafos no Brasil. Revista de Grafos, Recife, v. 52, n. 3, p. 1-12, 2018."
    spec = [("ODE, J. A.", "author"), ("Grafos no Brasil. Revista de Grafos", "title"),
            (",", "O"), ("Recife", "publisher-place"), (", v.", "O"), ("52, n. 3", "volume"),
            (", p.", "O"), ("1-12", "page"), (",", "O"), ("2018", "issued"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Grafos no Brasil"
    assert ref.get("container-title") == "Revista de Grafos"
    assert (ref.get("volume"), ref.get("issue")) == ("52", "3")


def test_a_capital_letter_without_its_period_after_the_initials_opens_the_title() -> None:
    raw = "ODE, M. A escola e os grafos. Cadernos de Grafos, v. 47, n. 165, p. 812-830, 2017."
    spec = [("ODE, M. A escola e os grafos", "author"), (".", "O"),
            ("Cadernos de Grafos", "container-title"), (", v.", "O"), ("47", "volume"),
            (", n.", "O"), ("165", "issue"), (", p.", "O"), ("812-830", "page"), (",", "O"),
            ("2017", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "A escola e os grafos"
    assert [(n.family, n.given) for n in ref.author] == [("ODE", "M")]


def test_the_spanish_in_before_a_chapters_editors_is_no_part_of_their_names() -> None:
    raw = "Ode, J. (2017). El grafo. En M. Abe (Ed.), Grafos (pp. 45-68). Barcelona: Graf."
    spec = [("Ode, J.", "author"), ("(", "O"), ("2017", "issued"), (").", "O"),
            ("El grafo", "title"), (".", "O"), ("En M. Abe", "editor"), ("(Ed.),", "O"),
            ("Grafos", "container-title"), ("(pp.", "O"), ("45-68", "page"), (").", "O"),
            ("Barcelona", "publisher-place"), (":", "O"), ("Graf", "publisher"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert [(n.family, n.given) for n in ref.editor] == [("Abe", "M.")]


def test_italian_a_cura_di_marks_the_editors() -> None:
    raw = "Ode, M. (a cura di) (2014). Storia dei grafi. Milano: Graf."
    spec = [("Ode, M.", "author"), ("(a cura di) (", "O"), ("2014", "issued"), (").", "O"),
            ("Storia dei grafi", "title"), (".", "O"), ("Milano", "publisher-place"),
            (":", "O"), ("Graf", "publisher"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert not ref.author
    assert [n.family for n in ref.editor] == ["Ode"]


def test_one_name_written_family_first_ends_at_its_initials_period() -> None:
    raw = "Ode, T. Self-Organizing Graphs 2001 Graph Press Heidelberg"
    spec = [("Ode, T. Self-Organizing Graphs", "author"), ("2001", "issued"),
            ("Graph Press", "publisher"), ("Heidelberg", "publisher-place")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert [(n.family, n.given) for n in ref.author] == [("Ode", "T")]
    assert ref.get("title") == "Self-Organizing Graphs"


def test_several_names_written_family_first_then_given_first_are_one_list() -> None:
    raw = "Ode, R. Hal and John C. Abe. The Graph Organization. Graph Institute, 1962."
    spec = [("Ode, R. Hal and John C. Abe", "author"), (".", "O"),
            ("The Graph Organization", "title"), (".", "O"),
            ("Graph Institute", "publisher"), (",", "O"), ("1962", "issued"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "The Graph Organization"
    assert [n.family for n in ref.author] == ["Ode", "Abe"]


def test_an_issue_in_brackets_read_into_the_volume_without_its_closing_bracket() -> None:
    raw = "Ode J. Graphs. Lancet. 2019;393(10170):123-34."
    spec = [("Ode J", "author"), (".", "O"), ("Graphs", "title"), (".", "O"),
            ("Lancet", "container-title"), (".", "O"), ("2019", "issued"), (";", "O"),
            ("393(10170", "volume"), ("):", "O"), ("123-34", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("volume"), ref.get("issue")) == ("393", "10170")


def test_a_reports_title_read_as_its_genre() -> None:
    raw = "Ode, J. (2019). Graph report (Tech. Rep. No. 2019-04). Graph Institute."
    spec = [("Ode, J.", "author"), ("(", "O"), ("2019", "issued"), (").", "O"),
            ("Graph report", "genre"), ("(", "O"), ("Tech. Rep. No. 2019-04", "genre"),
            (").", "O"), ("Graph Institute", "publisher"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Graph report"


def test_a_programs_version_in_brackets_is_no_part_of_its_title() -> None:
    raw = "Ode, J. (2020). GraphKit (Version 2.3) [Computer software]. https://example.org/gk"
    spec = [("Ode, J.", "author"), ("(", "O"), ("2020", "issued"), (").", "O"),
            ("GraphKit (Version 2", "title"), (".3) [Computer software].", "O"),
            ("https://example.org/gk", "URL")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "GraphKit"
    assert ref.get("note") == "Version 2.3"


def test_a_long_version_in_brackets_is_no_part_of_its_title() -> None:
    raw = "Ode J, et al. GraphKit: graphs at scale (Version 2.4.1) [Computer software]. 2015."
    spec = [("Ode J, et al", "author"), (".", "O"),
            ("GraphKit: graphs at scale (Version 2.4", "title"),
            (".1) [Computer software].", "O"), ("2015", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "GraphKit: graphs at scale"
    assert ref.get("note") == "Version 2.4.1"


def test_a_version_after_the_title_is_a_note_not_pages() -> None:
    raw = "Ode J. graphkit: Graph Tools. R package version 1.1-7; 2014."
    spec = [("Ode J", "author"), (".", "O"), ("graphkit: Graph Tools", "title"), (".", "O"),
            ("R package version 1", "note"), (".", "O"), ("1-7", "page"), (";", "O"),
            ("2014", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("note") == "R package version 1.1-7"
    assert not ref.get("page")
    raw = "Ode Team. graphkit: graphs in Python, Version 1.3.2. https://example.org, 2023."
    spec = [("Ode Team", "author"), (".", "O"), ("graphkit: graphs in Python", "title"),
            (", Version 1.", "O"), ("3.2", "note"), (".", "O"),
            ("https://example.org", "URL"), (",", "O"), ("2023", "issued"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("note") == "Version 1.3.2"


def test_a_gbt_patents_applicant_read_into_the_title_is_its_author() -> None:
    raw = "图论科技有限公司. 一种图的存储方法: CN110123456A[P]. 2019-08-13."
    spec = [("图论科技有限公司. 一种图的存储方法: CN110123456A", "title"), ("[P].", "O"),
            ("2019", "issued"), ("-08-13.", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert [n.literal for n in ref.author] == ["图论科技有限公司"]
    assert ref.get("title") == "一种图的存储方法"
    # a title with no party before a full stop is left alone
    raw = "一种图的存储方法: CN110123456A[P]. 2019-08-13."
    spec = [("一种图的存储方法: CN110123456A", "title"), ("[P].", "O"), ("2019", "issued"),
            ("-08-13.", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("title") == "一种图的存储方法"


def test_a_gbt_body_after_the_double_slash_is_the_editor() -> None:
    raw = "李明. 图的研究[C]//中国图论学会. 第十届图论会议论文集. 北京: 图论出版社, 2020: 1-9."
    spec = [("李明", "author"), (".", "O"), ("图的研究", "title"), ("[C]//", "O"),
            ("中国图论学会. 第十届图论会议论文集", "container-title"), (".", "O"),
            ("北京", "publisher-place"), (":", "O"), ("图论出版社", "publisher"), (",", "O"),
            ("2020", "issued"), (":", "O"), ("1-9", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("container-title") == "第十届图论会议论文集"
    assert [n.literal for n in ref.editor] == ["中国图论学会"]


def test_a_bodys_name_printed_straight_before_the_title_is_the_author() -> None:
    # MDPI's style sets no stop after the names: a body's name runs into the title
    raw = "Graph Study Organization Global Graph Report 2020; GSO: Geneva, Switzerland, 2020."
    spec = [("Graph Study Organization Global Graph Report", "author"), ("2020", "issued"),
            (";", "O"), ("GSO", "publisher"), (":", "O"),
            ("Geneva, Switzerland", "publisher-place"), (",", "O"), ("2020", "issued"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert [n.literal for n in ref.author] == ["Graph Study Organization"]
    assert ref.get("title") == "Global Graph Report"
    raw = "Graph Core Team G: A Language for Graphs; Graph Foundation: Vienna, Austria, 2021."
    spec = [("Graph Core Team G", "author"), (":", "O"),
            ("A Language for Graphs; Graph Foundation", "title"), (":", "O"),
            ("Vienna, Austria", "publisher-place"), (",", "O"), ("2021", "issued"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert [n.literal for n in ref.author] == ["Graph Core Team"]
    assert ref.get("title") == "G: A Language for Graphs"
    assert ref.get("publisher") == "Graph Foundation"
    # a collaboration's name with its number, or a firm's form, is no title
    raw = "Graph Collaboration XIII, 2014, A&A, 561, A97"
    spec = [("Graph Collaboration XIII", "author"), (",", "O"), ("2014", "issued"), (",", "O"),
            ("A&A", "container-title"), (",", "O"), ("561", "volume"), (",", "O"),
            ("A97", "page")]  # fmt: skip
    assert not _by_runs(raw, spec).get("title")
    # a publishing house heading its journal's page is no author
    raw = "Graph Publishing Corporation Advances in Graph Engineering Volume 2010"
    spec = [("Graph Publishing Corporation Advances in Graph Engineering", "container-title"),
            ("Volume", "O"), ("2010", "volume")]  # fmt: skip
    assert not _by_runs(raw, spec).author


def test_mdpis_book_imprint_after_a_semicolon() -> None:
    raw = "Ode, J. Graph Report 2020; GSO: Geneva, Switzerland, 2020."
    spec = [("Ode, J", "author"), (".", "O"), ("Graph", "author"), ("Report", "genre"),
            ("2020", "issued"), (";", "O"), ("GSO", "publisher"), (":", "O"),
            ("Geneva, Switzerland", "publisher-place"), (",", "O"), ("2020", "issued"),
            (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("title") == "Graph Report 2020"
    raw = "Ode, J. The State of Graphs 2020; FAO: Rome, Italy, 2020."
    spec = [("Ode, J", "author"), (".", "O"), ("The State of Graphs", "title"),
            ("2020", "issued"), (";", "O"), ("FAO", "volume"), (":", "O"),
            ("Rome, Italy", "publisher-place"), (",", "O"), ("2020", "issued"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("publisher") == "FAO"
    assert not ref.get("volume")


def test_a_year_printed_straight_after_the_names_ends_them() -> None:
    # the American Anthropological Association's style: names, the year, no stop
    raw = "Ode, Jessica 1983 Graph Walks in Rivers. Graph Journal 64: 2329-2345."
    spec = [("Ode", "author"), (",", "O"), ("Jessica 1983 Graph Walks in Rivers", "title"),
            (".", "O"), ("Graph Journal", "container-title"), ("64", "volume"), (":", "O"),
            ("2329-2345", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert [(n.family, n.given) for n in ref.author] == [("Ode", "Jessica")]
    assert ref.get("title") == "Graph Walks in Rivers"
    assert ref.issued is not None and ref.issued.year == 1983
    raw = "Ode, Freya D., and Tariq T. Lee-Ode 2014 How Do Graphs Walk? Tech. Rep. Graph Lab."
    spec = [("Ode, Freya D., and Tariq T", "author"), (".", "O"),
            ("Lee-Ode 2014 How Do Graphs Walk?", "title"), ("Tech. Rep", "genre"),
            (".", "O"), ("Graph Lab", "publisher"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert [n.family for n in ref.author] == ["Ode", "Lee-Ode"]
    assert ref.get("title") == "How Do Graphs Walk?"
    # a title that follows a stop keeps its year: "..., Stone, C. Graph Trees 1984 Wadsworth"
    raw = "Ode, L., Lee, J. Graph and Regression Trees 1984 Wadsworth, California"
    spec = [("Ode, L., Lee, J", "author"), (".", "O"),
            ("Graph and Regression Trees", "title"), ("1984", "issued"),
            ("Wadsworth", "publisher"), (",", "O"),
            ("California", "publisher-place")]  # fmt: skip
    assert _by_runs(raw, spec).get("title") == "Graph and Regression Trees"


def test_a_month_and_year_in_brackets_read_into_the_volume_is_the_date() -> None:
    # Italian humanities: «Journal» volume/issue (month/year)
    raw = "Ode, J., Graph walks, «Graph Research» 521/12 (4/2015), pp. 1997-1999."
    spec = [("Ode, J.", "author"), (",", "O"), ("Graph walks", "title"), (", «", "O"),
            ("Graph Research", "container-title"), ("» 521/12 (4/2015)", "volume"),
            (", pp.", "O"), ("1997-1999", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("volume"), ref.get("issue")) == ("521", "12")
    assert ref.issued is not None and ref.issued.year == 2015


def test_an_electronic_article_number_after_the_volume_is_the_page() -> None:
    raw = "Ode, J. (2020). Graph rivers. Graph Research, 56(3), e2019WR025678."
    spec = [("Ode, J.", "author"), ("(", "O"), ("2020", "issued"), (").", "O"),
            ("Graph rivers", "title"), (".", "O"), ("Graph Research", "container-title"),
            (",", "O"), ("56", "volume"), ("(", "O"), ("3", "issue"), ("),", "O"),
            ("e2019WR025678", "note"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("page") == "e2019WR025678"
    assert not ref.get("note")
    # a note that is no article number stays one
    raw = "Ode, J. (2020). Graph rivers. Graph Research, 56(3), in press."
    spec = [("Ode, J.", "author"), ("(", "O"), ("2020", "issued"), (").", "O"),
            ("Graph rivers", "title"), (".", "O"), ("Graph Research", "container-title"),
            (",", "O"), ("56", "volume"), ("(", "O"), ("3", "issue"), ("),", "O"),
            ("in press", "note"), (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("note") == "in press"


def test_apas_book_ends_before_its_pages_in_brackets() -> None:
    raw = "Ode, J. (2017). Graph rivers. In K. Lee (Ed.), Graph waters (pp. 23-45). Graph Press."
    spec = [("Ode, J.", "author"), ("(", "O"), ("2017", "issued"), (").", "O"),
            ("Graph rivers", "title"), (". In", "O"), ("K. Lee", "editor"), ("(Ed.),", "O"),
            ("Graph waters", "publisher"), ("(pp.", "O"), ("23-45", "page"), (").", "O"),
            ("Graph Press", "publisher"), (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("container-title") == "Graph waters"


def test_an_italian_journal_after_in_and_its_guillemet() -> None:
    raw = "Ode, M. (2016), Il grafo e la città nuova, in «Rivista Grafica Italiana», 123, 2, p. 45."
    spec = [("Ode, M.", "author"), ("(", "O"), ("2016", "issued"), ("),", "O"),
            ("Il grafo e la città nuova, in «Rivista Grafica Italiana", "title"), ("»,", "O"),
            ("123", "volume"), (",", "O"), ("2", "issue"), (", p.", "O"), ("45", "page"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("container-title") == "Rivista Grafica Italiana"
    assert ref.get("title") == "Il grafo e la città nuova"


def test_vancouver_journal_words_read_into_a_title_without_a_stop() -> None:
    raw = "Ode R, Lee K. Graph walks in infancy and childhood Aust N Z J Graph 2000; 70:188-191."
    spec = [("Ode R, Lee K", "author"), (".", "O"),
            ("Graph walks in infancy and childhood Aust N", "title"),
            ("Z J Graph", "container-title"), ("2000", "issued"), (";", "O"), ("70", "volume"),
            (":", "O"), ("188-191", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Graph walks in infancy and childhood"
    assert ref.get("container-title") == "Aust N Z J Graph"
    raw = "Ode R, Lee K. What can graphs tell about the food web of soil? Graphology 2000; 81:852."
    spec = [("Ode R, Lee K", "author"), (".", "O"),
            ("What can graphs tell about the food web of soil? Graphology", "title"),
            ("2000", "issued"), (";", "O"), ("81", "volume"), (":", "O"), ("852", "page"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "What can graphs tell about the food web of soil?"
    assert ref.get("container-title") == "Graphology"
    # a title in title case keeps its last words
    raw = "Ode R. Graph Walks Through The Great Lakes Of Ohio Graph J 2000; 81:852."
    spec = [("Ode R", "author"), (".", "O"),
            ("Graph Walks Through The Great Lakes Of Ohio", "title"),
            ("Graph J", "container-title"), ("2000", "issued"), (";", "O"), ("81", "volume"),
            (":", "O"), ("852", "page"), (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("title") == "Graph Walks Through The Great Lakes Of Ohio"


def test_natures_publisher_in_brackets_after_the_title() -> None:
    raw = "Ode Team. G: A Language for Graphs (G Foundation for Graph Computing, 2021)."
    spec = [("Ode Team", "author"), (".", "O"),
            ("G: A Language for Graphs (G Foundation for Graph Computing", "title"),
            (",", "O"), ("2021", "issued"), (").", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "G: A Language for Graphs"
    assert ref.get("publisher") == "G Foundation for Graph Computing"
    raw = "Ode J. Graph Theory (Second Edition, 2010)."
    spec = [("Ode J", "author"), (".", "O"), ("Graph Theory (Second Edition", "title"),
            (",", "O"), ("2010", "issued"), (").", "O")]  # fmt: skip
    assert not _by_runs(raw, spec).get("publisher")


def test_a_body_opening_the_entry_read_as_the_publisher_is_the_author() -> None:
    raw = "Office for Graph Statistics (2021) Graph estimates for the UK. London: OGS."
    spec = [("Office for Graph Statistics", "publisher"), ("(", "O"), ("2021", "issued"),
            (")", "O"), ("Graph estimates for the UK", "title"), (".", "O"),
            ("London", "publisher-place"), (":", "O"), ("OGS", "publisher"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert [n.literal for n in ref.author] == ["Office for Graph Statistics"]
    assert ref.get("publisher") == "OGS"
    raw = "U.S. Graph Protection Agency. 2016. Graph indicators. Washington, DC."
    spec = [("U.S. Graph Protection Agency", "publisher"), (".", "O"), ("2016", "issued"),
            (".", "O"), ("Graph indicators", "title"), (".", "O"),
            ("Washington, DC", "publisher-place"), (".", "O")]  # fmt: skip
    assert [n.literal for n in _by_runs(raw, spec).author] == ["U.S. Graph Protection Agency"]
    # a publisher that is no body's name, alone, stays the publisher
    raw = "Graphbooks (2016) Graph indicators. Washington, DC."
    spec = [("Graphbooks", "publisher"), ("(", "O"), ("2016", "issued"), (")", "O"),
            ("Graph indicators", "title"), (".", "O"), ("Washington, DC", "publisher-place"),
            (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("publisher") == "Graphbooks"


def test_a_year_closing_the_imprint_is_the_date_not_a_page() -> None:
    raw = "Ode, J. Graph Rivers; Technical Report TR-7; Graph Institute: Boston, MA, USA, 2019."
    spec = [("Ode, J", "author"), (".", "O"), ("Graph Rivers", "title"), (";", "O"),
            ("Technical Report", "genre"), ("TR-7", "number"), (";", "O"),
            ("Graph Institute", "publisher"), (":", "O"), ("Boston, MA, USA", "publisher-place"),
            (",", "O"), ("2019", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert not ref.get("page")
    assert ref.issued is not None and ref.issued.year == 2019


def test_a_preprint_servers_number_and_natures_preprint_at() -> None:
    raw = "Ode J. Graph rivers. medRxiv 2020.04.01.20049999 [Preprint]. 2020."
    spec = [("Ode J", "author"), (".", "O"), ("Graph rivers", "title"), (".", "O"),
            ("medRxiv", "container-title"), ("2020", "issued"), (".", "O"), ("04", "volume"),
            (".01.20049999 [", "O"), ("Preprint", "genre"), ("].", "O"), ("2020", "issued"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("number") == "2020.04.01.20049999"
    assert not ref.get("volume")
    raw = "Ode, J. et al. Graph rivers. Preprint at bioRxiv https://doi.org/10.1101/1 (2020)."
    spec = [("Ode, J. et al", "author"), (".", "O"), ("Graph rivers", "title"), (".", "O"),
            ("Preprint at bioRxiv", "container-title"), ("https://doi.org/10.1101/1", "DOI"),
            ("(", "O"), ("2020", "issued"), (").", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("container-title") == "bioRxiv"


def test_ieees_year_after_the_meetings_place_read_as_the_volume_is_the_date() -> None:
    raw = "J. Ode, Graph rivers, in 2019 IEEE Conf. Graphs, Boston, MA, USA, 2019, pp. 1-9."
    spec = [("J. Ode", "author"), (",", "O"), ("Graph rivers", "title"), (", in", "O"),
            ("2019 IEEE Conf. Graphs", "container-title"), (",", "O"),
            ("Boston, MA, USA", "publisher-place"), (",", "O"), ("2019", "volume"),
            (", pp.", "O"), ("1-9", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.issued is not None and ref.issued.year == 2019
    assert not ref.get("volume")


def test_a_meetings_days_are_no_pages() -> None:
    raw = "Ode J. Graph rivers. In: Proc. Graph Conf.; 2019 Dec 9-12; Boston. p. 123-130."
    spec = [("Ode J", "author"), (".", "O"), ("Graph rivers", "title"), (". In:", "O"),
            ("Proc. Graph Conf.", "container-title"), (";", "O"), ("2019", "issued"),
            ("Dec 9-", "O"), ("12", "page"), (";", "O"), ("Boston", "publisher-place"),
            (". p.", "O"), ("123-130", "page"), (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("page") == "123-130"


def test_names_after_edited_by_left_unlabelled_are_the_editors() -> None:
    raw = 'Ode, Jane. 2019. "Graph Rivers." In The Graph Companion, edited by Ann Lee, 45-67.'
    spec = [("Ode, Jane", "author"), (".", "O"), ("2019", "issued"), ('. "', "O"),
            ("Graph Rivers", "title"), ('." In', "O"), ("The Graph Companion", "container-title"),
            (", edited by Ann Lee,", "O"), ("45-67", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert [(n.family, n.given) for n in ref.editor] == [("Lee", "Ann")]


def test_mlas_university_press_is_the_publisher() -> None:
    raw = "Ode, Jane. The Graph of Rivers. Oxford UP, 2019."
    spec = [("Ode, Jane", "author"), (".", "O"), ("The Graph of Rivers", "title"), (".", "O"),
            ("Oxford UP", "publisher-place"), (",", "O"), ("2019", "issued"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("publisher") == "Oxford UP"
    assert not ref.get("publisher-place")


def test_a_romance_issue_mark_in_one_word_marks_the_issue() -> None:
    raw = "Ode, Jean. Les graphes. Revue des graphes, vol. 12, n\u00ba 3, 2019, p. 45-67."
    spec = [("Ode, Jean", "author"), (".", "O"), ("Les graphes", "title"), (".", "O"),
            ("Revue des graphes", "container-title"), (", vol.", "O"), ("12", "volume"),
            (", n\u00ba", "O"), ("3", "volume"), (",", "O"), ("2019", "issued"), (", p.", "O"),
            ("45-67", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("volume"), ref.get("issue")) == ("12", "3")


def test_acms_issue_before_its_article_number() -> None:
    raw = "Jane Ode. 2020. Graph Rivers. ACM Graph Surv. 53, 4, Article 78 (July 2020), 35 pages."
    spec = [("Jane Ode", "author"), (".", "O"), ("2020", "issued"), (".", "O"),
            ("Graph Rivers", "title"), (".", "O"), ("ACM Graph Surv.", "container-title"),
            ("53", "volume"), (",", "O"), ("4", "issue"), (", Article 78 (July", "O"),
            ("2020", "issued"), ("), 35 pages.", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("volume"), ref.get("issue"), ref.get("page")) == ("53", "4", "78")


def test_ieees_quoted_title_before_presented_at() -> None:
    raw = 'J. Ode, "Graph rivers," presented at the 12th Graph Conf., Boston, MA, USA, 2019.'
    spec = [("J. Ode", "author"), (', "', "O"),
            ('Graph rivers," presented at the 12th Graph Conf', "title"), (".,", "O"),
            ("Boston, MA, USA", "publisher-place"), (",", "O"), ("2019", "issued"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Graph rivers"
    assert ref.get("container-title") == "12th Graph Conf"


def test_the_letter_after_the_year_is_no_part_of_the_title() -> None:
    raw = "Ode, J. et al. (2019a) Graph rivers. Graph Lett. 12: 45-67."
    spec = [("Ode, J. et al.", "author"), ("(", "O"), ("2019", "issued"),
            ("a) Graph rivers", "title"), (".", "O"), ("Graph Lett.", "container-title"),
            ("12", "volume"), (":", "O"), ("45-67", "page"), (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("title") == "Graph rivers"


def test_apas_ellipsis_before_the_last_author() -> None:
    raw = "Ode, J., Lee, K., . . . Black, E. (2019). Graph rivers. Graph Lett., 12, 45-67."
    spec = [("Ode, J., Lee, K., . . . Black, E.", "author"), ("(", "O"), ("2019", "issued"),
            (").", "O"), ("Graph rivers", "title"), (".", "O"),
            ("Graph Lett.", "container-title"), (",", "O"), ("12", "volume"), (",", "O"),
            ("45-67", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert [n.family for n in ref.author] == ["Ode", "Lee", "Black"]


def test_pubmeds_translated_title_in_brackets() -> None:
    raw = (
        "Ode J, Lee K. [Graph rivers in adults]. Zhonghua Tu Xue Za Zhi. 2019;12(3):45-67. Chinese."
    )
    spec = [("Ode J, Lee K", "author"), (". [", "O"),
            ("Graph rivers in adults]. Zhonghua Tu Xue Za Zhi", "title"), (".", "O"),
            ("2019", "issued"), (";", "O"), ("12", "volume"), ("(", "O"), ("3", "issue"),
            ("):", "O"), ("45-67", "page"), (".", "O"), ("Chinese", "publisher-place"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Graph rivers in adults"
    assert ref.get("container-title") == "Zhonghua Tu Xue Za Zhi"
    assert not ref.get("publisher-place")


def test_japanese_names_before_a_colon_and_a_title_in_brackets() -> None:
    raw = "山田太郎, 鈴木花子: 図の応用, 情報論文誌, Vol.60, No.3, pp.45-67 (2019)."
    spec = [("山田太郎", "author"), (",", "O"), ("鈴木花子: 図の応用", "title"), (",", "O"),
            ("情報論文誌", "container-title"), (", Vol.", "O"), ("60", "volume"), (", No.", "O"),
            ("3", "issue"), (", pp.", "O"), ("45-67", "page"), ("(", "O"), ("2019", "issued"),
            (").", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert [n.family for n in ref.author] == ["山田", "鈴木"]
    assert ref.get("title") == "図の応用"
    raw = "山田太郎 (2019)「図の応用」『情報処理』60(3), 45-67."
    spec = [("山田太郎", "author"), ("(", "O"), ("2019", "issued"), (")「", "O"),
            ("図の応用」『情報処理", "title"), ("』", "O"), ("60", "volume"), ("(", "O"),
            ("3", "issue"), ("),", "O"), ("45-67", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.get("container-title")) == ("図の応用", "情報処理")


def test_a_name_list_read_half_as_authors_half_as_editors_before_eds() -> None:
    raw = "Ode, Jon, Tim Lee, and Ann Roe, eds. Mapping the Graphs. London: Graph Press, 1993."
    spec = [("Ode, Jon, Tim Lee", "author"), (",", "O"), ("and Ann Roe", "editor"),
            (", eds.", "O"), ("Mapping the Graphs", "title"), (".", "O"),
            ("London", "publisher-place"), (":", "O"), ("Graph Press", "publisher"), (",", "O"),
            ("1993", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert not ref.author
    assert [n.family for n in ref.editor] == ["Ode", "Lee", "Roe"]
    # "(ed.)" after a title read into the names, or "ed. by", leaves them alone
    raw = "Ode, Jon, Graph Life, Ann Roe (ed.), 2 vols. (Bremen: Graph Verlag, 1986)."
    spec = [("Ode, Jon, Graph Life", "author"), (",", "O"), ("Ann Roe", "editor"),
            ("(ed.), 2 vols. (", "O"), ("Bremen", "publisher-place"), (":", "O"),
            ("Graph Verlag", "publisher"), (",", "O"), ("1986", "issued"),
            (").", "O")]  # fmt: skip
    assert _by_runs(raw, spec).author


def test_germans_hrsg_after_the_names_without_brackets() -> None:
    raw = "Ode, Christa & Irma Lee Hrsg. 2015. Graphen in der Schule. Stuttgart: Graph Verlag."
    spec = [("Ode, Christa & Irma Lee Hrsg", "author"), (".", "O"), ("2015", "issued"),
            (".", "O"), ("Graphen in der Schule", "title"), (".", "O"),
            ("Stuttgart", "publisher-place"), (":", "O"), ("Graph Verlag", "publisher"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert not ref.author
    assert [n.family for n in ref.editor] == ["Ode", "Lee"]
    # initials "HG" are no mark
    raw = "Ode S, Roe HG. Graph walks. J Graph 1992; 90: 1-9."
    spec = [("Ode S, Roe HG", "author"), (".", "O"), ("Graph walks", "title"), (".", "O"),
            ("J Graph", "container-title"), ("1992", "issued"), (";", "O"), ("90", "volume"),
            (":", "O"), ("1-9", "page"), (".", "O")]  # fmt: skip
    assert [n.family for n in _by_runs(raw, spec).author] == ["Ode", "Roe"]


def test_apas_title_read_as_the_genre_before_its_bracketed_description() -> None:
    raw = "Ode, J. (2019, May 1-3). Graph rivers: a look [Paper presentation]. Graph Conf, Boston."
    spec = [("Ode, J.", "author"), ("(", "O"), ("2019", "issued"), (", May 1-3).", "O"),
            ("Graph rivers: a look", "genre"), ("[", "O"), ("Paper presentation", "genre"),
            ("].", "O"), ("Graph Conf", "container-title"), (",", "O"),
            ("Boston", "publisher-place"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Graph rivers: a look"
    assert ref.get("genre") == "Paper presentation"


def test_apas_bracketed_descriptions_name_the_type() -> None:
    for description, kind in (("Video", "motion_picture"), ("Tweet", "post"),
                              ("Paper presentation", "speech"),
                              ("Unpublished manuscript", "manuscript")):  # fmt: skip
        raw = f"Ode, J. (2019). Graph rivers [{description}]. Graph Place."
        assert infer_type(Reference(raw=raw), raw) == kind, description


def test_a_university_read_as_the_place_is_the_publisher() -> None:
    raw = "B. Ode. Thèse de doctorat, 1984, Université de Graphes II, France."
    spec = [("B. Ode", "author"), (".", "O"), ("Thèse de doctorat", "genre"), (",", "O"),
            ("1984", "issued"), (",", "O"), ("Université de Graphes II, France", "publisher-place"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("publisher") == "Université de Graphes II"
    assert ref.get("publisher-place") == "France"
    # "University Park" is a town
    raw = "J. Ode, Graph Art, University Park 1999."
    spec = [("J. Ode", "author"), (",", "O"), ("Graph Art", "title"), (",", "O"),
            ("University Park", "publisher-place"), ("1999", "issued"), (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("publisher-place") == "University Park"


def test_ieees_venue_acronym_before_the_pages_read_as_the_publisher() -> None:
    raw = 'A. Ode, "Graph walks in deep nets," GRAPHS, pp. 1097-1105, 2012.'
    spec = [("A. Ode", "author"), (', "', "O"), ("Graph walks in deep nets", "title"),
            (',"', "O"), ("GRAPHS", "publisher"), (", pp.", "O"), ("1097-1105", "page"),
            (",", "O"), ("2012", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("container-title") == "GRAPHS"
    assert not ref.get("publisher")
    # a book's publisher in capitals, with no pages after it, stays the publisher
    raw = "Y. Ode, Advances in Graph Theory, AMS, (2002)"
    spec = [("Y. Ode", "author"), (",", "O"), ("Advances in Graph Theory", "title"), (",", "O"),
            ("AMS", "publisher"), (", (", "O"), ("2002", "issued"), (")", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("publisher") == "AMS"
    # nor is a publisher's own name before the pages a venue
    raw = "Y. Ode, Graph walks in deep nets, PMLR, pp. 1-9, 2012."
    spec = [("Y. Ode", "author"), (",", "O"), ("Graph walks in deep nets", "title"), (",", "O"),
            ("PMLR", "publisher"), (", pp.", "O"), ("1-9", "page"), (",", "O"),
            ("2012", "issued"), (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("publisher") == "PMLR"


def test_a_cjk_edition_mark_gives_the_edition() -> None:
    raw = "李明. 图论导论[M]. 第4版. 北京: 图论出版社, 2018."
    spec = [("李明", "author"), (".", "O"), ("图论导论", "title"), ("[M]. 第", "O"),
            ("4", "volume"), ("版", "author"), (".", "O"), ("北京", "publisher-place"),
            (":", "O"), ("图论出版社", "publisher"), (",", "O"), ("2018", "issued"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("edition") == "4"
    assert not ref.get("volume")
    assert [n.family for n in ref.author] == ["李"]


@pytest.mark.parametrize("gap", ["", " "])  # a PDF's text sets a space before the digits
def test_a_year_glued_between_a_cjk_title_and_its_type_code_is_the_titles(gap: str) -> None:
    raw = f"国家统计局. 图论年鉴{gap}2020[EB/OL]. (2020-09-15). http://example.org/nj."
    spec = [("国家统计局", "author"), (".", "O"), ("图论年鉴", "title"), ("2020", "issued"),
            ("[EB/OL]. (", "O"), ("2020", "issued"), ("-09-15).", "O"),
            ("http://example.org/nj", "URL"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == f"图论年鉴{gap}2020"


def test_an_ieee_thesis_keeps_its_department_in_the_institution() -> None:
    raw = (
        'J. Ode, "Graph theory," Ph.D. dissertation, Dept. Graph. Eng., Graph Univ., Boston, 2015.'
    )
    spec = [("J. Ode", "author"), (', "', "O"), ("Graph theory", "title"), (',"', "O"),
            ("Ph.D. dissertation", "genre"), (",", "O"),
            ("Dept. Graph. Eng.", "container-title"), (",", "O"), ("Graph Univ", "publisher"),
            (".,", "O"), ("Boston", "publisher-place"), (",", "O"), ("2015", "issued"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.type == "thesis"
    assert ref.get("publisher") == "Dept. Graph. Eng., Graph Univ"
    assert not ref.get("container-title")


def test_a_vancouver_thesis_title_read_as_its_genre() -> None:
    raw = "Ode J. Graph structures [dissertation]. Boston (MA): Graph University; 2015."
    spec = [("Ode J", "author"), (".", "O"), ("Graph structures [dissertation]", "genre"),
            (".", "O"), ("Boston (MA)", "publisher-place"), (":", "O"),
            ("Graph University", "publisher"), (";", "O"), ("2015", "issued"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.get("genre")) == ("Graph structures", "dissertation")
    assert ref.type == "thesis"


def test_a_patents_kind_and_number_in_brackets_after_the_title() -> None:
    raw = "Ode, J. (2012). Graph device (U.S. Patent No. 8,123,456). Graph Office."
    spec = [("Ode, J.", "author"), ("(", "O"), ("2012", "issued"), (").", "O"),
            ("Graph device (U.S", "title"), (".", "O"), ("Patent No.", "O"), ("8", "issue"),
            (",", "O"), ("123", "volume"), (",", "O"), ("456).", "O"),
            ("Graph Office", "publisher"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.get("genre")) == ("Graph device", "U.S. Patent")
    assert ref.get("number") == "8,123,456"
    assert not ref.get("volume") and not ref.get("issue")
    assert ref.type == "patent"


def test_a_standards_kind_and_number_in_brackets_after_the_title() -> None:
    raw = "Graph Body. (2015). Graph systems (ISO Standard No. 9001:2015)."
    spec = [("Graph Body", "author"), (". (", "O"), ("2015", "issued"), (").", "O"),
            ("Graph systems", "title"), ("(", "O"), ("ISO Standard", "publisher"),
            ("No.", "O"), ("9001", "issue"), (":2015).", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("genre"), ref.get("number")) == ("ISO Standard", "9001:2015")
    assert not ref.get("publisher") and not ref.get("issue")
    assert ref.type == "standard"


def test_apa_data_set_in_brackets_is_a_dataset() -> None:
    raw = "Graph Body. 2020. GraphDB (Version 3) [Data set]. Zenodo. https://doi.org/10.5281/z.12"
    spec = [("Graph Body", "author"), (".", "O"), ("2020", "issued"), (".", "O"),
            ("GraphDB", "title"), ("(Version 3) [", "O"), ("Data set", "medium"), ("].", "O"),
            ("Zenodo", "publisher"), (".", "O"),
            ("https://doi.org/10.5281/z.12", "DOI")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.type == "dataset"


def test_an_apa_article_number_after_the_volume_is_the_page() -> None:
    raw = "Ode, J. (2020). Graph methods. Journal of Graphs, 12, Article 104512."
    spec = [("Ode, J.", "author"), ("(", "O"), ("2020", "issued"), (").", "O"),
            ("Graph methods", "title"), (".", "O"), ("Journal of Graphs", "container-title"),
            (",", "O"), ("12", "volume"), (", Article 104512.", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("page") == "104512"


def test_a_year_opening_the_title_before_a_dash_is_the_date() -> None:
    raw = "ODE J., ABE K., 2020 – Graph methods. Bull. Soc. Graph. Fr., 12: 45-67."
    spec = [("ODE J., ABE K.", "author"), (",", "O"), ("2020 – Graph methods", "title"),
            (".", "O"), ("Bull. Soc. Graph. Fr.", "container-title"), (",", "O"),
            ("12", "volume"), (":", "O"), ("45-67", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Graph methods"
    assert ref.issued is not None and ref.issued.year == 2020


def test_an_upper_case_family_and_its_initial_end_before_a_capitalised_word() -> None:
    raw = "ODE L. Graphs, trees, and the order of nodes[J]. Graph Journal, 1978, 21(7): 558-565."
    spec = [("ODE L. Graphs", "author"), (",", "O"),
            ("trees, and the order of nodes", "title"), ("[J].", "O"),
            ("Graph Journal", "container-title"), (",", "O"), ("1978", "issued"), (",", "O"),
            ("21", "volume"), ("(", "O"), ("7", "issue"), ("):", "O"), ("558-565", "page"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Graphs, trees, and the order of nodes"
    assert [(n.family, n.given) for n in ref.author] == [("ODE", "L")]


def test_a_hyphenated_initial_opening_the_list_is_no_upper_case_family() -> None:
    raw = 'T-B. Ode, J. L. Abe, and B. Lee, "Graph wakes," Graph Review E 56, 4647-4655 (1997).'
    spec = [("T-B. Ode, J. L. Abe, and B. Lee", "author"), (', "', "O"),
            ("Graph wakes", "title"), (',"', "O"), ("Graph Review E", "container-title"),
            ("56", "volume"), (",", "O"), ("4647-4655", "page"), ("(", "O"),
            ("1997", "issued"), (").", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert [n.family for n in ref.author] == ["Ode", "Abe", "Lee"]


def test_a_group_with_a_version_number_after_the_names_is_no_title() -> None:
    raw = (
        "Ode J, Abe K, Graph 2.0 Contributors. Graph 2.0: Graph algorithms. Graph Methods, "
        "17:261-272, 2020."
    )
    spec = [("Ode J, Abe K", "author"), (",", "O"),
            ("Graph 2.0 Contributors. Graph 2.0: Graph algorithms", "title"), (".", "O"),
            ("Graph Methods", "container-title"), (",", "O"), ("17", "volume"), (":", "O"),
            ("261-272", "page"), (",", "O"), ("2020", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Graph 2.0: Graph algorithms"


def test_a_title_run_ending_with_the_entrys_last_period_after_the_names() -> None:
    # the tagger's title run takes the entry's last period: no token follows it (this
    # raised IndexError in the rule for a group's name before the title)
    raw = "Ode K, Abe L; Graph Study Group."
    spec = [("Ode K, Abe L", "author"), (";", "O"), ("Graph Study Group.", "title")]
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Graph Study Group"


def test_a_thesis_degree_read_into_the_title_is_the_genre_and_the_rest_the_institution() -> None:
    raw = "Ode, T. Graph Models of the Long Tail 2007 Ph.D Thesis Graduate School of Graphs"
    spec = [("Ode, T.", "author"),
            ("Graph Models of the Long Tail 2007 Ph.D Thesis Graduate School of Graphs",
             "title")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Graph Models of the Long Tail"
    assert ref.get("genre") == "Ph.D Thesis"
    assert ref.get("publisher") == "Graduate School of Graphs"
    assert ref.issued is not None and ref.issued.year == 2007
    assert ref.type == "thesis"


def test_a_working_paper_read_into_the_title_is_the_genre() -> None:
    raw = "Ode, Jane, 2012, Cash Holdings of Graph Firms, Working Paper, Graph University."
    spec = [("Ode, Jane", "author"), (",", "O"), ("2012", "issued"), (",", "O"),
            ("Cash Holdings of Graph Firms, Working Paper, Graph University", "title"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Cash Holdings of Graph Firms"
    assert (ref.get("genre"), ref.get("publisher")) == ("Working Paper", "Graph University")


def test_an_abnt_thesis_description_read_as_the_title() -> None:
    raw = (
        "ODE, A. B. Grafos e caminhos. 2019. Dissertação (Mestrado em Grafos) – Instituto "
        "de Grafos, Universidade de Grafos, Recife, 2019."
    )
    spec = [("ODE, A. B.", "author"), ("Grafos e caminhos. 2019.", "O"),
            ("Dissertação (Mestrado em Grafos) – Instituto de Grafos", "title"), (",", "O"),
            ("Universidade de Grafos", "publisher"), (",", "O"), ("Recife", "publisher-place"),
            (",", "O"), ("2019", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Grafos e caminhos"
    assert ref.get("genre") == "Dissertação (Mestrado em Grafos)"
    assert ref.get("publisher") == "Instituto de Grafos, Universidade de Grafos"
    assert ref.type == "thesis"


def test_an_abnt_journal_read_into_the_title_and_its_city_as_the_container() -> None:
    raw = "ODE, J. Redes e grafos. Revista Brasileira de Grafos, Recife, v. 23, e230045, 2018."
    spec = [("ODE, J.", "author"), ("Redes e grafos. Revista Brasileira de Grafos", "title"),
            (",", "O"), ("Recife", "container-title"), (", v.", "O"), ("23", "volume"),
            (",", "O"), ("e230045", "page"), (",", "O"), ("2018", "issued"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Redes e grafos"
    assert ref.get("container-title") == "Revista Brasileira de Grafos"
    assert ref.get("publisher-place") == "Recife"


def test_an_abnt_body_under_its_government_is_the_author() -> None:
    raw = "BRASIL. Ministério dos Grafos. Base Nacional de Grafos. Brasília, DF: MG, 2018."
    spec = [("BRASIL", "author"), (".", "O"),
            ("Ministério dos Grafos. Base Nacional de Grafos", "title"), (".", "O"),
            ("Brasília, DF", "publisher-place"), (":", "O"), ("MG", "publisher"), (",", "O"),
            ("2018", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Base Nacional de Grafos"
    assert [n.literal for n in ref.author] == ["BRASIL. Ministério dos Grafos"]


def test_a_title_read_into_the_access_note_before_retrieved() -> None:
    raw = "Ode, J. (2019). Graph toolkit. Retrieved March 3, 2021, from https://example.org/gt"
    spec = [("Ode, J.", "author"), ("(", "O"), ("2019", "issued"), (").", "O"),
            ("Graph toolkit. Retrieved March 3, 2021, from", "note"),
            ("https://example.org/gt", "URL")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Graph toolkit"
    assert ref.accessed is not None and ref.accessed.month == 3


def test_available_from_is_no_title() -> None:
    raw = "Ode J. Graph data. 2015. Available from: https://example.org/gd"
    spec = [("Ode J. Graph data", "author"), (".", "O"), ("2015", "issued"),
            (". Available from:", "O"), ("https://example.org/gd", "URL")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Graph data"  # (after the initials), not "Available from"


def test_a_venue_acronym_after_in_read_as_the_editors_is_the_venue() -> None:
    raw = "J. Ode, K. Abe, Scalable graph mining, in: ICDM, IEEE, 2019, pp. 123-132."
    spec = [("J. Ode, K. Abe", "author"), (",", "O"), ("Scalable graph mining", "title"),
            (", in:", "O"), ("ICDM", "editor"), (",", "O"), ("IEEE", "publisher"), (",", "O"),
            ("2019", "issued"), (", pp.", "O"), ("123-132", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("container-title") == "ICDM"
    assert not ref.editor


def test_a_title_with_a_word_no_name_holds_read_into_the_names() -> None:
    raw = "Ode Jonathan, L'Invention de l'histoire des graphes, Paris, Graf, 2001."
    spec = [("Ode Jonathan, L'Invention de l'histoire des graphes", "author"), (",", "O"),
            ("Paris", "publisher-place"), (",", "O"), ("Graf", "publisher"), (",", "O"),
            ("2001", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "L'Invention de l'histoire des graphes"
    assert len(ref.author) == 1


@pytest.mark.parametrize(
    "names",
    ["A. Ode, P. Abe, C. Gan -dorfer, D. Lee", "D. Ode, P. Abe, andM .Spannowsky, R. Lee"],
)
def test_a_broken_or_glued_name_is_no_title(names: str) -> None:
    raw = f"{names}, Phys. Rev. D 95, 034001 (2017)."
    spec = [(names, "author"), (",", "O"), ("Phys. Rev. D", "container-title"),
            ("95", "volume"), (",", "O"), ("034001", "page"), ("(", "O"), ("2017", "issued"),
            (").", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert not ref.get("title")


def test_a_chapters_editors_and_their_mark_read_into_the_book() -> None:
    raw = "ODE L., 2015, “La rete”, in P. B. ABEL (a cura di), Note di grafi, Cosenza: 107-144."
    spec = [("ODE L.", "author"), (",", "O"), ("2015", "issued"), (", “", "O"),
            ("La rete", "title"), ("”, in", "O"),
            ("P. B. ABEL (a cura di)", "container-title"), (",", "O"),
            ("Note di grafi", "container-title"), (", Cosenza:", "O"), ("107-144", "page"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("container-title") == "Note di grafi"
    assert [n.family for n in ref.editor] == ["ABEL"]


def test_an_editor_before_ed_read_into_the_book() -> None:
    raw = "Ode, Tim. 1988 The Graph. In What Is a Graph? Tim Abe, ed. Pp. 84–99. London: Graf."
    spec = [("Ode, Tim.", "author"), ("1988", "issued"), ("The Graph", "title"), (". In", "O"),
            ("What Is a Graph? Tim Abe", "container-title"), (", ed. Pp.", "O"),
            ("84–99", "page"), (".", "O"), ("London", "publisher-place"), (":", "O"),
            ("Graf", "publisher"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("container-title") == "What Is a Graph?"
    assert [n.family for n in ref.editor] == ["Abe"]


def test_the_translator_opening_the_journal_is_no_part_of_it() -> None:
    raw = (
        "Ode, Nicolas. “Notes on Graphs.” Trans. Nicholas Abe. Graph Inquiry 13.2 (1989): 287-292."
    )
    spec = [("Ode, Nicolas", "author"), (". “", "O"), ("Notes on Graphs", "title"),
            (".”", "O"), ("Trans. Nicholas Abe. Graph Inquiry", "container-title"),
            ("13", "volume"), (".", "O"), ("2", "issue"), ("(", "O"), ("1989", "issued"),
            ("):", "O"), ("287-292", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("container-title") == "Graph Inquiry"


def test_transactions_abbreviated_keep_their_name() -> None:
    raw = "E. Ode, The graph equation, Trans. Amer. Graph Soc. 366 (2014), 1179-1193."
    spec = [("E. Ode", "author"), (",", "O"), ("The graph equation", "title"), (",", "O"),
            ("Trans. Amer. Graph Soc.", "container-title"), ("366", "volume"), ("(", "O"),
            ("2014", "issued"), ("),", "O"), ("1179-1193", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("container-title") == "Trans. Amer. Graph Soc."


def test_a_reports_institution_read_as_its_container() -> None:
    raw = "[38] N. J. Ode, “Optimal graph guidance,” NASG, Tech. Rep., 1988."
    spec = [("[38]", "O"), ("N. J. Ode", "author"), (", “", "O"),
            ("Optimal graph guidance", "title"), (",”", "O"), ("NASG", "container-title"),
            (",", "O"), ("Tech. Rep.", "genre"), (",", "O"), ("1988", "issued"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("publisher") == "NASG"
    assert not ref.get("container-title")


def test_a_place_and_a_publisher_read_as_the_entrys_last_note() -> None:
    raw = "Ode, U. 1983. How is a graph formed? In M. Abe (eds), Graph Studies, 13-42. Haifa: Graf."
    spec = [("Ode, U.", "author"), ("1983", "issued"), (".", "O"),
            ("How is a graph formed?", "title"), ("In", "O"), ("M. Abe", "editor"),
            ("(eds),", "O"), ("Graph Studies", "container-title"), (",", "O"),
            ("13-42", "page"), (".", "O"), ("Haifa: Graf.", "note")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("publisher-place"), ref.get("publisher")) == ("Haifa", "Graf")


def test_a_note_with_a_colon_inside_the_entry_stays_a_note() -> None:
    raw = "Ode, P. (2006). Graphs. Graph Logic, Special Issue: Belief Change, 17(3), 213-29."
    spec = [("Ode, P.", "author"), ("(", "O"), ("2006", "issued"), (").", "O"),
            ("Graphs", "title"), (".", "O"), ("Graph Logic", "container-title"), (",", "O"),
            ("Special Issue: Belief Change", "note"), (",", "O"), ("17", "volume"),
            ("(", "O"), ("3", "issue"), ("),", "O"), ("213-29", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert not ref.get("publisher")


def test_iop_volume_and_page_read_as_one_volume() -> None:
    raw = "Ode C M 2005 Contemp. Graphs 46 277."
    spec = [("Ode C M", "author"), ("2005", "issued"), ("Contemp. Graphs", "container-title"),
            ("46 277", "volume"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("volume"), ref.get("page")) == ("46", "277")


def test_a_year_standing_alone_in_the_title_is_the_date_and_the_journal_follows() -> None:
    raw = "Ode, R. Graph recognition with feature maps 1990 Connection Graphs 2 83--101"
    spec = [("Ode, R.", "author"),
            ("Graph recognition with feature maps 1990 Connection Graphs", "title"),
            ("2", "volume"), ("83--101", "page")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Graph recognition with feature maps"
    assert ref.get("container-title") == "Connection Graphs"
    assert ref.issued is not None and ref.issued.year == 1990


@pytest.mark.parametrize(
    "title",
    ["Graph performance with full 2016 dataset using trees",
     "The Graph Policy Act of 1992 and its limits"],
)  # fmt: skip
def test_a_year_the_title_speaks_of_stays_in_it(title: str) -> None:
    raw = f"Ode, R. {title}. Graph Letters 12, 45-67."
    spec = [("Ode, R.", "author"), (title, "title"), (".", "O"),
            ("Graph Letters", "container-title"), ("12", "volume"), (",", "O"),
            ("45-67", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == title


def test_acs_year_read_as_the_volume() -> None:
    raw = "[5] E. Ode, J. Graph Soc. Am. 1982, 72, 899."
    spec = [("[5]", "O"), ("E. Ode", "author"), (",", "O"),
            ("J. Graph Soc. Am.", "container-title"), ("1982", "volume"), (",", "O"),
            ("72", "volume"), (",", "O"), ("899", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.issued is not None and ref.issued.year == 1982
    assert ref.get("volume") == "72"


def test_the_number_after_the_volume_is_the_page_when_the_year_follows_in_brackets() -> None:
    raw = "H. Ode, Graph Rev. D 29, 1763 (1984)."
    spec = [("H. Ode", "author"), (",", "O"), ("Graph Rev. D", "container-title"),
            ("29", "volume"), (",", "O"), ("1763", "issued"), ("(", "O"), ("1984", "issued"),
            (").", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("page") == "1763"
    assert ref.issued is not None and ref.issued.year == 1984


def test_a_year_after_since_inside_a_name_is_the_names() -> None:
    raw = (
        "Ode, P. “Graphs.” Graph Novelists: British Graphs since 1970. London: Graf, 2005: 160-179."
    )
    spec = [("Ode, P", "author"), (". “", "O"), ("Graphs", "title"), (".”", "O"),
            ("Graph Novelists: British Graphs since", "container-title"), ("1970", "issued"),
            (".", "O"), ("London", "publisher-place"), (":", "O"), ("Graf", "publisher"),
            (",", "O"), ("2005", "issued"), (":", "O"), ("160-179", "page"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("container-title") == "Graph Novelists: British Graphs since 1970"
    assert ref.issued is not None and ref.issued.year == 2005


def test_elsevier_physics_volume_read_as_a_page_before_the_bracketed_year() -> None:
    raw = "L. Ode, Graph hierarchy, Mon. Not. Graph Soc. 337 (2002) 488."
    spec = [("L. Ode", "author"), (",", "O"), ("Graph hierarchy", "title"), (",", "O"),
            ("Mon. Not. Graph Soc.", "container-title"), ("337", "page"), ("(", "O"),
            ("2002", "issued"), (")", "O"), ("488", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("volume"), ref.get("page")) == ("337", "488")


def test_a_korean_journal_before_its_volume_mark() -> None:
    raw = "장재형, '그래프 청구와 법리의 재검토', 그래프법학 제26권 2호, 그래프연구소, 2018."
    spec = [("장재형", "author"), (", '", "O"), ("그래프 청구와 법리의 재검토", "title"),
            ("',", "O"), ("그래프법학 제", "O"), ("26", "volume"), ("권", "O"), ("2", "issue"),
            ("호", "author"), (",", "O"), ("그래프연구소", "author"), (",", "O"),
            ("2018", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("container-title"), ref.get("volume")) == ("그래프법학", "26")
    assert ref.get("issue") == "2"


def test_a_german_container_after_in_read_as_a_second_title() -> None:
    raw = "Ode, Jan (2011): „Was ist ein Graph?“. In: Graphen und Praxis, Jg. 34, S. 141-154."
    spec = [("Ode, Jan", "author"), ("(", "O"), ("2011", "issued"), ("): „", "O"),
            ("Was ist ein Graph?", "title"), ("“.", "O"), ("In: Graphen und Praxis, Jg", "title"),
            (".", "O"), ("34", "volume"), (", S.", "O"), ("141-154", "page"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("container-title") == "Graphen und Praxis"
    assert ref.get("title") == "Was ist ein Graph?"


def test_a_given_name_read_into_the_title_before_its_colon() -> None:
    raw = "Ode, Anna: Graphen im Wandel. Berlin: Graf 2018."
    spec = [("Ode", "author"), (",", "O"), ("Anna: Graphen im Wandel", "title"), (".", "O"),
            ("Berlin", "publisher-place"), (":", "O"), ("Graf", "publisher"),
            ("2018", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Graphen im Wandel"
    assert [(n.family, n.given) for n in ref.author] == [("Ode", "Anna")]


# The cheap tests of the text before a rule read what its tokens read: a full-width bracket
# or colon is "(" or ":" to a token, and the version rule reads "VERSION" too.


def test_a_full_width_colon_after_a_given_name_read_into_the_title() -> None:
    raw = "Ode, Anna\uff1a Graphen im Wandel. Berlin\uff1a Graf 2018."
    spec = [("Ode", "author"), (",", "O"), ("Anna\uff1a Graphen im Wandel", "title"),
            (".", "O"), ("Berlin", "publisher-place"), ("\uff1a", "O"), ("Graf", "publisher"),
            ("2018", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert [(n.family, n.given) for n in ref.author] == [("Ode", "Anna")]


def test_a_volume_read_as_a_page_before_a_year_in_full_width_brackets() -> None:
    raw = "L. Ode, Graph hierarchy, Mon. Not. Graph Soc. 337\uff082002\uff09488."
    spec = [("L. Ode", "author"), (",", "O"), ("Graph hierarchy", "title"), (",", "O"),
            ("Mon. Not. Graph Soc.", "container-title"), ("337", "page"), ("\uff08", "O"),
            ("2002", "issued"), ("\uff09", "O"), ("488", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("volume"), ref.get("page")) == ("337", "488")


def test_a_programs_version_in_capitals_in_brackets_is_no_part_of_its_title() -> None:
    raw = "Ode, J. (2020). GraphKit (VERSION 2.3) [Computer software]. https://example.org/gk"
    spec = [("Ode, J.", "author"), ("(", "O"), ("2020", "issued"), (").", "O"),
            ("GraphKit (VERSION 2", "title"), (".3) [Computer software].", "O"),
            ("https://example.org/gk", "URL")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "GraphKit"
    assert ref.get("note") == "VERSION 2.3"


def test_a_title_read_as_a_genre_without_a_genres_word() -> None:
    raw = "Ode, L. & K. Abe (1984) Graph matters. Rowley, Mass.: Graph House."
    spec = [("Ode, L. & K. Abe", "author"), ("(", "O"), ("1984", "issued"), (")", "O"),
            ("Graph matters", "genre"), (".", "O"), ("Rowley, Mass", "publisher-place"),
            (".:", "O"), ("Graph House", "publisher"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Graph matters"
    assert not ref.get("genre")


def test_a_genre_named_by_its_words_stays_a_genre() -> None:
    raw = "Ode, Z., Abe, A., et al. 2015, ArXiv e-prints, arXiv:1505.07540"
    spec = [("Ode, Z., Abe, A., et al.", "author"), ("2015", "issued"), (",", "O"),
            ("ArXiv e-prints", "genre"), (",", "O"), ("arXiv:1505.07540", "number")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert not ref.get("title")


@pytest.mark.parametrize(
    ("raw", "imprint", "place", "publisher"),
    [
        ("Ode, Jan, Graphes et cycles, Paris, Minuit, 1979.", "Paris, Minuit", "Paris", "Minuit"),
        ("J. Ode, Teoria dei grafi (Brill, Leiden, 1995).", "Brill, Leiden", "Leiden", "Brill"),
        ("Ode, Jan, Graphes et cycles, Paris, PUF, 1979.", "Paris, PUF", "Paris", "PUF"),
    ],
)
def test_a_city_and_a_publisher_read_as_one_imprint_run(
    raw: str, imprint: str, place: str, publisher: str
) -> None:
    for label in ("publisher-place", "publisher"):
        head, tail = raw.split(imprint)
        spec = [(head, "author"), (imprint, label), (tail, "O")]
        ref = _by_runs(raw, spec)
        assert (ref.get("publisher-place"), ref.get("publisher")) == (place, publisher)


@pytest.mark.parametrize(
    "imprint",
    ["Boston, MA", "Vienna, Austria", "Santa Monica, Calif", "Brighton, United Kingdom",
     "The London, Edinburgh", "Graph House, Ode"],
)  # fmt: skip
def test_a_city_with_its_region_stays_one_place(imprint: str) -> None:
    raw = f"Ode, J. Graphs. {imprint}, 1979."
    ref = _by_runs(raw, [("Ode, J.", "author"), ("Graphs", "title"), (".", "O"),
                         (imprint, "publisher-place"), (", 1979.", "O")])  # fmt: skip
    assert ref.get("publisher-place") == imprint
    assert not ref.get("publisher")


@pytest.mark.parametrize(
    ("raw", "names", "title"),
    [
        ("Ode, Jan, The Graph Book, Oslo, 1979.", "Ode, Jan, The Graph Book", "The Graph Book"),
        ("Anna Ode, Il grafo, Roma, 1979.", "Anna Ode, Il grafo", "Il grafo"),
        ("Ode, Jan, La Graphie, Oslo, 1979.", "Ode, Jan, La Graphie", "La Graphie"),
    ],
)
def test_a_title_opening_with_an_article_read_into_the_names(
    raw: str, names: str, title: str
) -> None:
    tail = raw[len(names) :]
    ref = _by_runs(raw, [(names, "author"), (tail, "O")])
    assert ref.get("title") == title
    assert len(ref.author) == 1


@pytest.mark.parametrize(
    ("raw", "names", "last"),
    [
        ("Ode J, Abe S, Das K. Graphs. Oslo, 1979.", "Ode J, Abe S, Das K", "Das"),
        ("Ode, Jan, La Rocca, Anna. Graphs. Oslo, 1979.", "Ode, Jan, La Rocca, Anna", "La Rocca"),
        ("Ode, Jan, and The Graph Group. Graphs. 1979.", "Ode, Jan, and The Graph Group",
         "The Graph Group"),
    ],
)  # fmt: skip
def test_an_article_like_family_name_stays_in_the_names(raw: str, names: str, last: str) -> None:
    ref = _by_runs(raw, [(names, "author"), (raw[len(names) :], "O")])
    assert ref.author[-1].family == last or ref.author[-1].literal == last
    assert ref.get("title") in ("", "Graphs")


@pytest.mark.parametrize(
    ("raw", "names", "title"),
    [
        ("David Ode, Graph Theory (Boulder: Graph Press, 1998).", "David Ode, Graph Theory",
         "Graph Theory"),
        ("Ode, Jan, Graphen und Netze (Boulder: Graph Press, 1998).",
         "Ode, Jan, Graphen und Netze", "Graphen und Netze"),
    ],
)  # fmt: skip
def test_a_title_before_the_imprint_read_into_the_names(raw: str, names: str, title: str) -> None:
    spec = [(names, "author"), ("(", "O"), ("Boulder", "publisher-place"), (":", "O"),
            ("Graph Press", "publisher"), (",", "O"), ("1998", "issued"), (").", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == title
    assert len(ref.author) == 1


@pytest.mark.parametrize(
    "names", ["Ode, Jan, and Anna Abe", "Ode, J., Abe, K.", "Ode, Jan, Abe, Karl, Graph Studies"]
)
def test_names_before_the_imprint_stay_names(names: str) -> None:
    raw = f"{names} (Boulder: Graph Press, 1998)."
    spec = [(names, "author"), ("(", "O"), ("Boulder", "publisher-place"), (":", "O"),
            ("Graph Press", "publisher"), (",", "O"), ("1998", "issued"), (").", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == ""


@pytest.mark.parametrize(
    ("run", "label", "kept", "place"),
    [
        ("Graph Index of Folk Tales, Copenhagen", "title", "Graph Index of Folk Tales",
         "Copenhagen"),
        ("Graph Kiado, Budapest", "publisher", "Graph Kiado", "Budapest"),
        ("Roots of Graphs, Chapel Hill, NC", "title", "Roots of Graphs", "Chapel Hill, NC"),
    ],
)  # fmt: skip
def test_a_city_ending_a_run_is_the_place(run: str, label: str, kept: str, place: str) -> None:
    raw = f"Ode, J. {run}, 1955."
    spec = [("Ode, J.", "author"), (run, label), (", 1955.", "O")]
    ref = _by_runs(raw, spec)
    assert (ref.get(label), ref.get("publisher-place")) == (kept, place)


def test_a_city_inside_a_run_stays() -> None:
    raw = "Ode, J. Hanover, New Hampshire: A Graph Book, 1955."
    spec = [("Ode, J.", "author"), ("Hanover, New Hampshire: A Graph Book", "title"),
            (", 1955.", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Hanover, New Hampshire: A Graph Book"


@pytest.mark.parametrize("label", ["publisher", "publisher-place"])
def test_a_journal_ending_the_title_before_its_city_and_numbers(label: str) -> None:
    raw = "Ode, J. 1856. Graphes des arbres. Nouvelles Archives du Graphe, Paris 9: 1-5."
    spec = [("Ode, J.", "author"), ("1856", "issued"), (".", "O"),
            ("Graphes des arbres. Nouvelles Archives du Graphe", "title"),
            (",", "O"), ("Paris", label), ("9", "volume"), (":", "O"), ("1-5", "page"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Graphes des arbres"
    assert ref.get("container-title") == "Nouvelles Archives du Graphe"
    assert ref.get("publisher-place") == "Paris"
    assert not ref.get("publisher")


@pytest.mark.parametrize("label", ["publisher-place", "publisher", "collection-title"])
def test_a_journal_read_as_a_place_publisher_or_series_before_the_volume(label: str) -> None:
    raw = "Ode K. et al, 1999, Graph Letters, 24, 73-79"
    spec = [("Ode K. et al", "author"), (",", "O"), ("1999", "issued"), (",", "O"),
            ("Graph Letters", label), (",", "O"), ("24", "volume"), (",", "O"),
            ("73-79", "page")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("container-title") == "Graph Letters"
    assert not ref.get(label)


@pytest.mark.parametrize("place", ["Greenwich, Conn.", "Oslo"])
def test_a_place_before_the_volume_stays_a_place(place: str) -> None:
    raw = f"Ode K. et al, 1999, {place}, 24, 73-79"
    spec = [("Ode K. et al", "author"), (",", "O"), ("1999", "issued"), (",", "O"),
            (place, "publisher-place"), (",", "O"), ("24", "volume"), (",", "O"),
            ("73-79", "page")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("publisher-place") == place.rstrip(".")


def test_a_books_title_read_as_a_container_before_its_edition_read_as_a_note() -> None:
    raw = "J. D. Ode, Classical Graphs, 3rd edn. (Wiley, 1998)."
    spec = [("J. D. Ode", "author"), (",", "O"), ("Classical Graphs", "container-title"),
            (",", "O"), ("3rd edn", "note"), (". (", "O"), ("Wiley", "publisher"), (",", "O"),
            ("1998", "issued"), (").", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Classical Graphs"
    assert not ref.get("container-title")


def test_a_container_before_a_note_of_no_edition_stays_a_container() -> None:
    raw = "J. D. Ode, Classical Graphs, in press (Wiley, 1998)."
    spec = [("J. D. Ode", "author"), (",", "O"), ("Classical Graphs", "container-title"),
            (",", "O"), ("in press", "note"), ("(", "O"), ("Wiley", "publisher"), (",", "O"),
            ("1998", "issued"), (").", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("container-title") == "Classical Graphs"


def test_a_year_opening_the_title_before_the_date_printed_again() -> None:
    raw = "Ode JU, Abe TJ, et al. 2017 ACC consensus on graphs. J Graph 2017;69:871-98."
    spec = [("Ode JU, Abe TJ, et al.", "author"), ("2017", "issued"),
            ("ACC consensus on graphs", "title"), (".", "O"), ("J Graph", "container-title"),
            ("2017", "issued"), (";", "O"), ("69", "volume"), (":", "O"), ("871-98", "page"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "2017 ACC consensus on graphs"
    assert ref.issued is not None and ref.issued.year == 2017


def test_a_year_before_the_title_printed_once_is_the_date() -> None:
    raw = "Ode J, Abe T. 2017 Graph consensus. J Graph 69:871-98."
    spec = [("Ode J, Abe T.", "author"), ("2017", "issued"), ("Graph consensus", "title"),
            (".", "O"), ("J Graph", "container-title"), ("69", "volume"), (":", "O"),
            ("871-98", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Graph consensus"


def test_a_title_read_into_the_names_after_an_initials_period() -> None:
    raw = "Ode K. Grafos y sociedad. Madrid: Graf; 2014."
    spec = [("Ode K. Grafos y sociedad", "author"), (".", "O"),
            ("Madrid", "publisher-place"), (":", "O"), ("Graf", "publisher"), (";", "O"),
            ("2014", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Grafos y sociedad"
    assert [(n.family, n.given) for n in ref.author] == [("Ode", "K")]


def test_a_name_opening_with_an_initial_keeps_its_particle() -> None:
    raw = "C. Ode degli Abeti, Graph Rept. 590, 1 (2015)."
    spec = [("C. Ode degli Abeti", "author"), (",", "O"), ("Graph Rept.", "container-title"),
            ("590", "volume"), (",", "O"), ("1", "page"), ("(", "O"), ("2015", "issued"),
            (").", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert not ref.get("title")


def test_a_title_opening_with_an_article_and_a_word_in_lower_case() -> None:
    raw = "Ode, Kai, Les réseaux de l'empire, Paris, Graf, 2010."
    spec = [("Ode, Kai, Les réseaux de l'empire", "author"), (",", "O"),
            ("Paris", "publisher-place"), (",", "O"), ("Graf", "title"), (",", "O"),
            ("2010", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Les réseaux de l'empire"


def test_a_volume_and_issue_read_as_pages_before_the_marked_pages() -> None:
    raw = "Kai Ode, « Graphes », Annales GR, 65-2, 2010, p. 301-330."
    spec = [("Kai Ode", "author"), (", «", "O"), ("Graphes", "title"), ("»,", "O"),
            ("Annales GR", "container-title"), (",", "O"), ("65-2", "page"), (",", "O"),
            ("2010", "issued"), (", p.", "O"), ("301-330", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("volume"), ref.get("issue"), ref.get("page")) == ("65", "2", "301-330")


def test_pages_printed_twice_stay_pages() -> None:
    raw = "Kai Ode, Graphes, in Graph School 1989:97-120 (1989), pp. 97-120."
    spec = [("Kai Ode", "author"), (",", "O"), ("Graphes", "title"), (", in", "O"),
            ("Graph School", "container-title"), ("1989", "issued"), (":", "O"),
            ("97-120", "page"), ("(", "O"), ("1989", "issued"), ("), pp.", "O"),
            ("97-120", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert not ref.get("volume")


@pytest.mark.parametrize(
    ("raw", "names", "next_run", "label", "families"),
    [
        ("K. Ode, R. Abe and J. Sato Graph Lett. 63 (2001) 23.", "K. Ode, R",
         ". Abe and J. Sato Graph Lett.", "container-title", ["Ode", "Abe", "Sato"]),
        ("A. Ode, T. Abe: A graph system. In: Proc. Graphs, 2004.", "A. Ode, T.",
         "Abe: A graph system", "title", ["Ode", "Abe"]),
        ("ODE, V. C., AND ABE, G. R. A linear graph. In Proc. Graphs, 1995.",
         "ODE, V. C., AND ABE, G", ". R. A linear graph", "title", ["ODE", "ABE"]),
        # the last name's initials are two ("F. P."), or its family name is in capitals
        # after "et", or a middle name stands before it, or "and" lost its space
        ("G. Ode, J. Abe, F. P. Sato Graph kernels, Graph Lett. 93 (2016).",
         "G. Ode, J. Abe, F. P", ". Sato Graph kernels", "title", ["Ode", "Abe", "Sato"]),
        ("J. F. ODELL, B. F. ABEL et P. SATO. Graph kernels. Graph Lett. 12, 1 (1971).",
         "J. F. ODELL, B. F", ". ABEL et P. SATO. Graph kernels", "title",
         ["ODELL", "ABEL", "SATO"]),
        ("T. Ode, M. Abe, and W. Bruce Sato. Graph kernels. In Proc. Graphs, 1995.",
         "T. Ode, M. Abe, and W", ". Bruce Sato. Graph kernels", "title", ["Ode", "Abe", "Sato"]),
        ("Kai Ode, Tim Abe, Ian M. Sato II, and Rob Kern. Graph kernels. In Proc. Graphs, 1995.",
         "Kai Ode, Tim Abe, Ian M", ". Sato II, and Rob Kern. Graph kernels", "title",
         ["Ode", "Abe", "Sato", "Kern"]),
        ("K. Ode, R. Abe and J.J. de Sato, Graph Lett. 49, 2950 (1994).",
         "K. Ode, R. Abe and J", ".J. de Sato, Graph Lett.", "container-title",
         ["Ode", "Abe", "de Sato"]),
        ("Y.-W. Ode and Y.-J. Sato: Graph Lett. B 632 (2006) 427.",
         "Y.-W. Ode and Y.", "-J. Sato: Graph Lett. B", "container-title", ["Ode", "Sato"]),
        ("M. Ode, S. Abe, andT . Sato, Graph Lett. 95, 1 (2017).",
         "M. Ode, S. Abe, andT", ". Sato, Graph Lett.", "container-title", ["Ode", "Abe", "Sato"]),
        ("K. Ode Graph Lett. 3 (1995) 295.", "K", ". Ode Graph Lett.", "container-title", ["Ode"]),
        # "C. R." opens an abbreviated journal, not a name
        ("A. Ode, C. R. Acad. Sci. 30, 301 (1941).", "A. Ode, C. R",
         ". Acad. Sci.", "container-title", ["Ode"]),
        # a family name first ("van Ode, B.") is no name written given name first
        ("Abe, J.; van Ode, B.J .Graph Lett. 7, 166 (2012).", "Abe, J.; van Ode, B.J",
         ".Graph Lett.", "container-title", ["Abe", "van Ode"]),
    ],
)  # fmt: skip
def test_a_name_list_cut_at_an_initial_takes_the_rest_of_the_name(
    raw: str, names: str, next_run: str, label: str, families: list[str]
) -> None:
    head = raw[: raw.index(next_run) + len(next_run)]
    spec = [(names, "author"), (next_run, label), (raw[len(head) :], "O")]
    ref = _by_runs(raw, spec)
    assert [n.family for n in ref.author] == families


@pytest.mark.parametrize(
    ("raw", "names", "families"),
    [
        ("Ode, A., H. Abe, S. Sato. Graph kernels. Graph Lett. 12 (2003).",
         "Ode, A., H. Abe, S. Sato", ["Ode", "Abe", "Sato"]),
        ("Ode, Kai P., and Tim J. Sato 2012 Graphs: a survey. In Graph Studies.",
         "Ode, Kai P., and Tim J. Sato", ["Ode", "Sato"]),
    ],
)  # fmt: skip
def test_a_name_written_given_name_first_after_the_first_is_not_cut(
    raw: str, names: str, families: list[str]
) -> None:
    spec = [(names, "author"), (raw[len(names) :], "O")]
    ref = _by_runs(raw, spec)
    assert [n.family for n in ref.author] == families


def test_a_family_first_name_ending_on_its_initial_stays() -> None:
    raw = "Ode, K. Graph theory. Oslo: Graf, 1995."
    spec = [
        ("Ode, K", "author"),
        (".", "O"),
        ("Graph theory", "title"),
        (". Oslo: Graf, 1995.", "O"),
    ]
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Graph theory"


@pytest.mark.parametrize(
    ("run", "label", "publisher", "place"),
    [
        ("Little, Brown, and Company", "publisher-place", "Little, Brown, and Company", ""),
        ("Verlag Graf und Schule, Berlin", "container-title", "Verlag Graf und Schule", "Berlin"),
        ("Graf Books, Oslo", "publisher-place", "Graf Books", "Oslo"),
    ],
)
def test_a_publisher_read_as_a_place_or_a_container(
    run: str, label: str, publisher: str, place: str
) -> None:
    raw = f"Ode, K. Graph Cook Book. {run}, 1896."
    spec = [("Ode, K.", "author"), ("Graph Cook Book", "title"), (".", "O"), (run, label),
            (", 1896.", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("publisher"), ref.get("publisher-place")) == (publisher, place)


@pytest.mark.parametrize(
    ("run", "label"),
    [("Golden, CO", "publisher-place"), ("Communications of the ACM", "container-title"),
     ("Denver, CO", "publisher-place")],
)  # fmt: skip
def test_a_place_or_a_venue_stays(run: str, label: str) -> None:
    raw = f"Ode, K. Graph Cook Book. {run}, 1896."
    spec = [("Ode, K.", "author"), ("Graph Cook Book", "title"), (".", "O"), (run, label),
            (", 1896.", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get(label) == run
    assert not ref.get("publisher")


@pytest.mark.parametrize(
    ("journal", "between"), [("Graphischer Anzeiger", ", Bd."), ("Graph Letters", ",")]
)
def test_a_journal_after_the_title_read_as_the_publisher(journal: str, between: str) -> None:
    raw = f"Ode, K. 1901. Weitere Graphen. {journal}{between} 24, pp. 11."
    spec = [("Ode, K.", "author"), ("1901", "issued"), (".", "O"), ("Weitere Graphen", "title"),
            (".", "O"), (journal, "publisher"), (between, "O"), ("24", "volume"),
            (", pp.", "O"), ("11", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("container-title") == journal
    assert not ref.get("publisher")


def test_a_publisher_after_the_title_before_a_volume_stays() -> None:
    raw = "Ode, K. 1901. Weitere Graphen. Graf Press, 24, pp. 11."
    spec = [("Ode, K.", "author"), ("1901", "issued"), (".", "O"), ("Weitere Graphen", "title"),
            (".", "O"), ("Graf Press", "publisher"), (",", "O"), ("24", "volume"),
            (", pp.", "O"), ("11", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("publisher") == "Graf Press"


def test_a_cjk_title_and_journal_read_as_one_container() -> None:
    raw = "浅本晋吾 (2018). 撥水材の検討. 工学論文集, 29, 11-19."
    spec = [("浅本晋吾", "author"), ("(", "O"), ("2018", "issued"), (").", "O"),
            ("撥水材の検討. 工学論文集", "container-title"), (",", "O"), ("29", "volume"),
            (",", "O"), ("11-19", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "撥水材の検討"
    assert ref.get("container-title") == "工学論文集"


@pytest.mark.parametrize(
    ("tail", "spec_tail"),
    [
        ("1995 109(1), 129-135", [("1995", "issued"), ("109", "page"), ("(", "O"),
                                  ("1", "issue"), ("),", "O"), ("129-135", "page")]),
        ("1995 109 129--135", [("1995", "issued"), ("109 129--135", "page")]),
    ],
)  # fmt: skip
def test_a_volume_read_as_a_page_before_the_pages(
    tail: str, spec_tail: list[tuple[str, str]]
) -> None:
    raw = f"Ode, K. Graph models. Graph Research, {tail}"
    spec = [("Ode, K.", "author"), ("Graph models", "title"), (".", "O"),
            ("Graph Research", "container-title"), (",", "O"), *spec_tail]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("volume"), ref.get("page")) == ("109", "129-135")


def test_a_lone_page_before_a_bracketed_issue_stays_without_other_pages() -> None:
    raw = "Ode, K. Graph models. Graph Research, 1995 109(1)."
    spec = [("Ode, K.", "author"), ("Graph models", "title"), (".", "O"),
            ("Graph Research", "container-title"), (",", "O"), ("1995", "issued"),
            ("109", "page"), ("(", "O"), ("1", "issue"), (").", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("page") == "109"


def test_a_page_after_the_volume_where_an_arxiv_id_was_read_as_the_page() -> None:
    raw = "S. Ode, Prog. Graph Phys. 64, 1 (2010), 0908.3425"
    spec = [("S. Ode", "author"), (",", "O"), ("Prog. Graph Phys.", "container-title"),
            ("64", "volume"), (",", "O"), ("1", "issue"), ("(", "O"), ("2010", "issued"),
            ("),", "O"), ("0908.3425", "page")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("volume"), ref.get("issue"), ref.get("page")) == ("64", "", "1")
    assert ref.get("number") == "0908.3425"


@pytest.mark.parametrize(
    ("raw", "days"),
    [("Graph Meeting #107, Oslo, Norway, 26-30 August 2019.", "26-30"),
     ("Graph Workshop, Oslo, June 1-19, 2015.", "1-19")],
)  # fmt: skip
def test_a_range_of_days_next_to_a_month_is_no_page_range(raw: str, days: str) -> None:
    head, tail = raw.split(days)
    ref = _by_runs(raw, [(head, "title"), (days, "page"), (tail, "O")])
    assert not ref.get("page")


def test_an_issn_is_no_page_range() -> None:
    raw = "Ode K 2016 Graph Transactions 1-1 ISSN 0018-9464"
    spec = [("Ode K", "author"), ("2016", "issued"), ("Graph Transactions", "container-title"),
            ("1-1", "page"), ("ISSN", "O"), ("0018-9464", "page")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("page") == "1-1"


def test_pages_with_no_month_by_them_stay() -> None:
    raw = "Ode K. Graphs. Graph Letters 12, 26-30, 2019."
    spec = [("Ode K.", "author"), ("Graphs", "title"), (".", "O"),
            ("Graph Letters", "container-title"), ("12", "volume"), (",", "O"),
            ("26-30", "page"), (", 2019.", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("page") == "26-30"


def test_a_title_and_journal_read_as_one_container() -> None:
    raw = "D. V. Ode, A. T. Abe. Scalable Graph Interface. IEEE Graphs, 23(6): 74-77, 1990."
    spec = [("D. V. Ode, A. T. Abe", "author"), (".", "O"),
            ("Scalable Graph Interface. IEEE Graphs", "container-title"), (",", "O"),
            ("23", "volume"), ("(", "O"), ("6", "issue"), ("):", "O"), ("74-77", "page"),
            (", 1990.", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.get("container-title")) == (
        "Scalable Graph Interface",
        "IEEE Graphs",
    )


@pytest.mark.parametrize(
    "journal", ["Acc. Graph Res.", "Proceedings of the Graph Society. Series A"]
)
def test_an_abbreviated_or_series_journal_stays_one_container(journal: str) -> None:
    raw = f"J. P. Ode. {journal} 10, 265 (1977)."
    spec = [("J. P. Ode", "author"), (".", "O"), (journal, "container-title"),
            ("10", "volume"), (",", "O"), ("265", "page"), ("(1977).", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("container-title").rstrip(".") == journal.rstrip(".")
    assert not ref.get("title")


def test_a_title_after_a_name_with_initials_before_the_imprint() -> None:
    raw = "S. Ode, Graphengleichungen (Graf Publishing, New York, 1967)."
    spec = [("S. Ode, Graphengleichungen", "author"), ("(", "O"),
            ("Graf Publishing", "publisher"), (",", "O"), ("New York", "publisher-place"),
            (",", "O"), ("1967", "issued"), (").", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Graphengleichungen"
    assert [n.family for n in ref.author] == ["Ode"]


@pytest.mark.parametrize("pages", ["1–5", "3–9", "451–7"])
def test_a_range_left_unlabelled_after_the_issue_is_the_page(pages: str) -> None:
    raw = f"K. Ode. Graph theory. Graph Lett., 30(1):{pages}, 2009."
    first, last = pages.split("–")
    spec = [("K. Ode", "author"), (".", "O"), ("Graph theory", "title"), (".", "O"),
            ("Graph Lett.", "container-title"), (",", "O"), ("30", "volume"), ("(", "O"),
            ("1", "issue"), ("):", "O"), (first, "O"), ("–", "O"), (last, "O"), (",", "O"),
            ("2009", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("page") == pages


def test_a_range_of_days_after_a_month_stays_outside_the_pages() -> None:
    raw = "K. Ode. Graph theory. Graph Lett., 30, June 3–5, 2009."
    spec = [("K. Ode", "author"), (".", "O"), ("Graph theory", "title"), (".", "O"),
            ("Graph Lett.", "container-title"), (",", "O"), ("30", "volume"), (",", "O"),
            ("June", "O"), ("3", "O"), ("–", "O"), ("5", "O"), (",", "O"),
            ("2009", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert not ref.get("page")


def test_din_names_end_at_the_colon() -> None:
    raw = "Ode, Kenji S. ; Abe, Rui ; Sato, Jun: Graphen im Wandel. In: Graph Lett. Bd. 3 (2010)"
    spec = [("Ode, Kenji S. ; Abe, Rui ; Sato", "author"), (",", "O"),
            ("Jun: Graphen im Wandel", "title"),
            (". In:", "O"), ("Graph Lett. Bd.", "container-title"), ("3", "volume"), ("(", "O"),
            ("2010", "issued"), (")", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert [n.family for n in ref.author] == ["Ode", "Abe", "Sato"]
    assert ref.author[2].given == "Jun"
    assert ref.get("title") == "Graphen im Wandel"
    assert ref.get("container-title") == "Graph Lett."


def test_initials_then_a_word_open_the_title_not_a_din_name() -> None:
    raw = "Ode, T.J.; Abe, H.A. Vitamin D: An overview of graphs. Graph Lett. 2012, 70, 520–533."
    spec = [("Ode, T.J.; Abe, H.A.", "author"), ("Vitamin D: An overview of graphs", "title"),
            (".", "O"), ("Graph Lett.", "container-title"), ("2012", "issued"), (",", "O"),
            ("70", "volume"), (",", "O"), ("520–533", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Vitamin D: An overview of graphs"


def test_pages_after_their_german_mark_are_no_year() -> None:
    raw = "Ode, Kenji: Graphen. In: Graph Lett. Bd. 60 (2013), Nr. 9, S. 1903-1932"
    spec = [("Ode, Kenji", "author"), (":", "O"), ("Graphen", "title"), (". In:", "O"),
            ("Graph Lett.", "container-title"), ("Bd.", "O"), ("60", "volume"), ("(", "O"),
            ("2013", "issued"), ("), Nr.", "O"), ("9", "issue"), (", S.", "O"), ("1903", "issued"),
            ("-", "O"), ("1932", "page")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("page") == "1903-1932"
    assert ref.issued is not None and ref.issued.year == 2013


def test_pages_printed_with_a_word_mark_stay_pages() -> None:
    raw = "K. Ode, Graph Lett., pages 112 114, 2001."
    spec = [("K. Ode", "author"), (",", "O"), ("Graph Lett.", "container-title"),
            (", pages", "O"), ("112 114", "page"), (",", "O"), ("2001", "issued"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert not ref.get("volume")


def test_gost_title_ends_at_the_double_slash() -> None:
    raw = "Иванов И. И. Теория графов // Математический сборник. 2015. Т. 12, № 3. С. 45–67."
    spec = [("Иванов И. И.", "author"), ("Теория", "title"),
            ("графов // Математический сборник", "URL"), (".", "O"), ("2015", "issued"),
            (".", "O"), ("Т", "container-title"), (".", "O"), ("12", "volume"),
            (", № 3. С.", "O"), ("45–67", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Теория графов"
    assert ref.get("container-title") == "Математический сборник"
    assert ref.get("issue") == "3"


def test_gost_names_after_a_single_slash_and_the_place_before_the_year() -> None:
    raw = "Теория графов / И. И. Иванов, П. П. Петров // Труды конференции. СПб., 2019. С. 1–5."
    spec = [("Теория графов / И. И. Иванов, П. П. Петров // Труды конференции. СПб.", "author"),
            (",", "O"), ("2019", "issued"), (". С.", "O"), ("1–5", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Теория графов"
    assert [n.family for n in ref.author] == ["Иванов", "Петров"]
    assert ref.get("container-title") == "Труды конференции"
    assert ref.get("publisher-place") == "СПб"


@pytest.mark.parametrize(
    ("first", "second", "title", "journal"),
    [("山田太郎", "鈴木花子", "グラフ理論の応用", "情報処理学会論文誌"),
     ("김철수", "이영희", "그래프 이론의 응용", "한국정보과학회논문지")],
)  # fmt: skip
def test_cjk_names_end_at_the_first_full_stop(
    first: str, second: str, title: str, journal: str
) -> None:
    raw = f"{first}, {second}. {title}. {journal}, 2015, 56(3): 45-67."
    spec = [(first, "author"), (",", "O"), (f"{second}. {title}", "title"), (".", "O"),
            (journal, "container-title"), (", 2015, 56(3): 45-67.", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert len(ref.author) == 2
    assert ref.get("title") == title


def test_an_italian_book_title_ends_before_its_city_and_publisher() -> None:
    raw = "Rossi M., Bianchi L., Teoria dei grafi, Bologna, Il Mulino, 2010."
    spec = [("Rossi M., Bianchi L.", "author"), (",", "O"),
            ("Teoria dei grafi, Bologna, Il Mulino", "title"), (",", "O"), ("2010", "issued"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Teoria dei grafi"
    assert ref.get("publisher-place") == "Bologna"
    assert ref.get("publisher") == "Il Mulino"


def test_an_abnt_thesis_counts_its_leaves_before_the_genre() -> None:
    raw = (
        "SOUZA, M. Análise de grafos. 2018. 120 f. Dissertação (Mestrado em Matemática) – "
        "Universidade de São Paulo, São Paulo, 2018."
    )
    spec = [("SOUZA, M", "author"), (". Análise de grafos.", "O"), ("2018", "issued"),
            (".", "O"), ("120 f. Dissertação (Mestrado em Matemática)", "title"), ("–", "O"),
            ("Universidade de São Paulo", "publisher"), (",", "O"), ("São Paulo", "publisher"),
            (",", "O"), ("2018", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Análise de grafos"
    assert ref.get("genre") == "Dissertação (Mestrado em Matemática)"


def test_a_vancouver_title_in_title_case_after_the_initials() -> None:
    raw = "Ode K. Graph Colouring. Graph Press; 2019."
    spec = [("Ode K. Graph Colouring", "author"), (".", "O"), ("Graph Press", "publisher"),
            (";", "O"), ("2019", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert [n.family for n in ref.author] == ["Ode"]
    assert ref.get("title") == "Graph Colouring"


def test_names_written_given_first_are_no_vancouver_list() -> None:
    raw = "Kenji K. Ode and Rui Abe. Graph operators. Graph Lett. 12 (1972)."
    spec = [("Kenji K. Ode and Rui Abe", "author"), (".", "O"),
            ("Graph operators. Graph Lett.", "container-title"), ("12", "volume"), ("(", "O"),
            ("1972", "issued"), (").", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert [n.family for n in ref.author] == ["Ode", "Abe"]


@pytest.mark.parametrize(
    ("raw", "number"),
    [("Ode K. Method for colouring graphs. US Patent 9,876,543. 2018.", "9,876,543"),
     ("Ode K (2018) Method for colouring graphs. US Patent 9876543B2", "9876543B2")],
)  # fmt: skip
def test_a_patent_number_is_no_journal_and_volume(raw: str, number: str) -> None:
    head, tail = raw.split(" US Patent ")
    num = tail.split(".")[0] if "," in tail else tail
    spec = [(head, "title"), ("US Patent", "container-title"), (num, "volume")]
    rest = raw[raw.index(num) + len(num) :]
    if rest:
        spec.append((rest, "O"))
    ref = _by_runs(raw, spec)
    assert ref.get("number") == number
    assert ref.get("genre") == "US Patent"
    assert not ref.get("container-title") and not ref.get("volume")


@pytest.mark.parametrize("word", ["Dans", "En"])
def test_the_word_for_in_opening_the_container_is_no_part_of_it(word: str) -> None:
    raw = f"Ode, Kenji. 2016. « Graphes ». {word} 2016 Graph Symposium, 722-730."
    spec = [("Ode, Kenji", "author"), (".", "O"), ("2016", "issued"), (".", "O"),
            ("« Graphes »", "title"), (".", "O"),
            (f"{word} 2016 Graph Symposium", "container-title"),
            (",", "O"), ("722-730", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("container-title") == "2016 Graph Symposium"


def test_in_vivo_keeps_its_name() -> None:
    raw = "Ode K. Graph cells. In Vivo 12, 1-5 (2001)."
    spec = [("Ode K", "author"), (".", "O"), ("Graph cells", "title"), (".", "O"),
            ("In Vivo", "container-title"), ("12", "volume"), (",", "O"), ("1-5", "page"),
            ("(", "O"), ("2001", "issued"), (").", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("container-title") == "In Vivo"


def test_and_others_after_the_names_is_no_part_of_the_title() -> None:
    raw = "Ode K. и др. Graph colouring // Graph Letters. 2018. Т. 74. № 19. С. 711-720."
    spec = [("Ode K.", "author"), ("и др. Graph colouring", "title"), ("//", "O"),
            ("Graph Letters", "container-title"), (".", "O"), ("2018", "issued"),
            (". Т. 74. № 19. С.", "O"), ("711-720", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Graph colouring"
    assert ref.get("volume") == "74"
    assert ref.get("issue") == "19"


@pytest.mark.parametrize(
    ("imprint", "publisher", "place"),
    [("Westview Press Boulder, CO", "Westview Press", "Boulder, CO"),
     ("Carl Graf Verlag München", "Carl Graf Verlag", "München"),
     ("Graphen-Verlag Berlin", "Graphen-Verlag", "Berlin"),
     ("Graph Press NY", "Graph Press", "NY"),
     ("Graph Publishing Co", "Graph Publishing Co", "")],
)  # fmt: skip
def test_a_city_after_the_firm_word_is_the_place(imprint: str, publisher: str, place: str) -> None:
    raw = f"Ode, K. 1994. Graph dynamics. {imprint}."
    spec = [("Ode, K.", "author"), ("1994", "issued"), (".", "O"), ("Graph dynamics", "title"),
            (".", "O"), (imprint, "publisher"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("publisher"), ref.get("publisher-place")) == (publisher, place)


def test_a_firm_word_opening_the_place_is_the_publishers() -> None:
    raw = "K. Ode, Graph Theory, Springer Verlag Berlin 1990."
    spec = [("K. Ode", "author"), (",", "O"), ("Graph Theory", "title"), (",", "O"),
            ("Springer", "publisher"), ("Verlag Berlin", "publisher-place"), ("1990", "issued"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("publisher"), ref.get("publisher-place")) == ("Springer Verlag", "Berlin")


def test_a_journal_in_guillemets_ending_the_title_run() -> None:
    raw = "Ode, K., Graph Dynamics, «Nucleic Graph Research» (2024), pp. 866–876."
    spec = [("Ode, K.", "author"), (",", "O"),
            ("Graph Dynamics, «Nucleic Graph Research", "title"), ("» (", "O"),
            ("2024", "issued"), ("), pp.", "O"), ("866–876", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Graph Dynamics"
    assert ref.get("container-title") == "Nucleic Graph Research"


@pytest.mark.parametrize(
    ("printed", "volume", "issue"), [("57/1", "57", "1"), ("1990/1991", "1990/1991", "")]
)
def test_volume_and_issue_set_apart_by_a_slash(printed: str, volume: str, issue: str) -> None:
    raw = f"Ode, K., Graph Dynamics, «Graph Letters» {printed} (2000), pp. 156–193."
    spec = [("Ode, K.", "author"), (",", "O"), ("Graph Dynamics", "title"), (", «", "O"),
            ("Graph Letters", "container-title"), ("»", "O"), (printed, "volume"), ("(", "O"),
            ("2000", "issued"), ("), pp.", "O"), ("156–193", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("volume"), ref.get("issue")) == (volume, issue)


def test_a_korean_society_before_its_journal_is_the_publisher() -> None:
    raw = "오동, '그래프 연구,' 그래프학회, 그래프학회지, 제23권, 제1호, 2017, pp.26-32."
    spec = [("오동", "author"), (", '", "O"), ("그래프 연구", "title"), (",'", "O"),
            ("그래프학회, 그래프학회지", "container-title"), (", 제", "O"), ("23", "volume"),
            ("권, 제", "O"), ("1", "issue"), ("호,", "O"), ("2017", "issued"), (", pp.", "O"),
            ("26-32", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("publisher"), ref.get("container-title")) == ("그래프학회", "그래프학회지")


@pytest.mark.parametrize(
    ("tail", "journal", "volume", "issue"),
    [("그래프에 대하여 그래프연구-1.", "그래프연구", "1", ""),
     ("그래프에 대하여, 그래프학9-2호.", "그래프학", "9", "2"),
     ("그래프에 대하여, 그래프연구 25-2, 그래프대학교 그래프연구소.", "그래프연구", "25", "2")],
)  # fmt: skip
def test_a_korean_journal_glued_to_its_number(
    tail: str, journal: str, volume: str, issue: str
) -> None:
    raw = f"오동, 1988, {tail}"
    spec = [("오동", "author"), (",", "O"), ("1988", "issued"), (",", "O"),
            (tail.rstrip("."), "title"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "그래프에 대하여"
    assert (ref.get("container-title"), ref.get("volume"), ref.get("issue")) == (
        journal,
        volume,
        issue,
    )


@pytest.mark.parametrize(
    ("tail", "title", "volume"),
    [("Graph Sense, 2 vols.", "Graph Sense", "2 vols"),
     ("On Graph Doctrine, trans.", "On Graph Doctrine", "")],
)  # fmt: skip
def test_book_details_after_the_titles_last_comma(tail: str, title: str, volume: str) -> None:
    raw = f"Ode, K. {tail} New York: Graph Press, 1906."
    spec = [("Ode, K.", "author"), (tail[:-1], "title"), (".", "O"),
            ("New York", "publisher-place"), (":", "O"), ("Graph Press", "publisher"),
            (",", "O"), ("1906", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.get("volume")) == (title, volume)


@pytest.mark.parametrize("region", ["publisher", "publisher-place"])
def test_a_city_ending_the_title_before_its_region_is_the_place(region: str) -> None:
    raw = "Ode K: On the Stigma of Graphs Washington, D.C.: Graph Association 2005."
    spec = [("Ode K", "author"), (":", "O"), ("On the Stigma of Graphs Washington", "title"),
            (",", "O"), ("D.C.", region), (":", "O"), ("Graph Association", "publisher"),
            ("2005", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "On the Stigma of Graphs"
    assert ref.get("publisher-place") == "Washington, D.C"
    assert ref.get("publisher") == "Graph Association"


def test_a_venue_acronym_in_brackets_after_the_container_is_the_containers() -> None:
    raw = "K. Ode, “Graphs,” in Proc. 40th Int. Conf. Graph Learn. (ICGL), Honolulu, 2023."
    spec = [("K. Ode", "author"), (", “", "O"), ("Graphs", "title"), (",” in", "O"),
            ("Proc. 40th Int. Conf. Graph Learn.", "container-title"), ("(", "O"),
            ("ICGL", "publisher"), ("),", "O"), ("Honolulu", "publisher-place"), (",", "O"),
            ("2023", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("container-title") == "Proc. 40th Int. Conf. Graph Learn. (ICGL)"
    assert not ref.get("publisher")


def test_a_series_before_year_and_volume_is_the_journal() -> None:
    raw = "Ode K, Abe R. Graph transformers. Proceedings of Graph Research. 2023;202:1–10."
    spec = [("Ode K, Abe R", "author"), (".", "O"), ("Graph transformers", "title"), (".", "O"),
            ("Proceedings of Graph Research", "collection-title"), (".", "O"),
            ("2023", "issued"), (";", "O"), ("202", "volume"), (":", "O"), ("1–10", "page"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("container-title") == "Proceedings of Graph Research"


def test_pages_in_the_volume_after_its_issue() -> None:
    raw = "Ode K. Graph colouring. Sci Graphs. 2019;9(1):12345. Published 2019 Jan 2."
    spec = [("Ode K", "author"), (".", "O"), ("Graph colouring", "title"), (".", "O"),
            ("Sci Graphs", "container-title"), (".", "O"), ("2019", "issued"), (";", "O"),
            ("9(1):12345", "volume"), (". Published", "O"), ("2019", "issued"),
            ("Jan 2.", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("volume"), ref.get("issue"), ref.get("page")) == ("9", "1", "12345")


def test_an_article_numbers_letter_is_the_pages() -> None:
    raw = "Ode, K. (2019). Graph colouring. Journal of Graphs, 12, Article e1234."
    spec = [("Ode, K.", "author"), ("(", "O"), ("2019", "issued"), (").", "O"),
            ("Graph colouring", "title"), (".", "O"), ("Journal of Graphs", "container-title"),
            (",", "O"), ("12", "volume"), (", Article e", "O"), ("1234", "page"),
            (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("page") == "e1234"


def test_a_status_in_brackets_is_no_title() -> None:
    raw = "Ode, K. (forthcoming). Graph colouring. Graph Press."
    spec = [("Ode, K.", "author"), ("(", "O"), ("forthcoming)", "title"), (".", "O"),
            ("Graph colouring", "title"), (".", "O"), ("Graph Press", "publisher"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.get("note")) == ("Graph colouring", "forthcoming")


def test_the_journal_before_in_press() -> None:
    raw = "Ode K. Graph colouring. J Graphs. In press."
    spec = [("Ode K", "author"), (".", "O"), ("Graph colouring", "title"), (". J Graphs.", "O"),
            ("In press", "note"), (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("container-title") == "J Graphs"


def test_the_number_before_a_bracketed_issue_is_the_volume() -> None:
    raw = "Ode, K., 2019. Graph colouring. Journal of Graphs, [online] 12(3), pp.45–67."
    spec = [("Ode, K.", "author"), (",", "O"), ("2019", "issued"), (".", "O"),
            ("Graph colouring", "title"), (".", "O"), ("Journal of Graphs", "container-title"),
            (", [online] 12(", "O"), ("3", "issue"), ("), pp.", "O"), ("45–67", "page"),
            (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("volume") == "12"


def test_the_journal_before_its_bracketed_medium() -> None:
    raw = "Ode K. Graph colouring. J Graphs [Internet]. 2019;12(3):45–67."
    spec = [("Ode K", "author"), (".", "O"), ("Graph colouring", "title"), (". J Graphs [", "O"),
            ("Internet", "medium"), ("].", "O"), ("2019", "issued"), (";", "O"), ("12", "volume"),
            ("(", "O"), ("3", "issue"), ("):", "O"), ("45–67", "page"), (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("container-title") == "J Graphs"


def test_the_book_after_the_editors_mark_left_unlabelled() -> None:
    raw = "Ode K. (2019) Graph colouring. In: Sato J. (eds) Graph Theory. Springer, Cham"
    spec = [("Ode K.", "author"), ("(", "O"), ("2019", "issued"), (")", "O"),
            ("Graph colouring", "title"), (". In:", "O"), ("Sato J.", "editor"),
            ("(eds) Graph Theory.", "O"), ("Springer", "publisher"), (",", "O"),
            ("Cham", "publisher-place")]  # fmt: skip
    assert _by_runs(raw, spec).get("container-title") == "Graph Theory"


def test_a_two_word_title_before_an_abbreviated_journal_and_the_year() -> None:
    raw = "ODE K, ABE R. Graph colouring. J. Graphs, 2019, 12, 45-67."
    spec = [("ODE K, ABE R", "author"), (".", "O"),
            ("Graph colouring. J. Graphs", "container-title"), (",", "O"), ("2019", "issued"),
            (",", "O"), ("12", "volume"), (",", "O"), ("45-67", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.get("container-title")) == ("Graph colouring", "J. Graphs")


def test_a_dash_opening_the_title_or_the_journal_is_no_part_of_it() -> None:
    raw = "Ode K., Abe R., 2019. – Graph colouring. – J. Graphs, 12: 45–67."
    spec = [("Ode K., Abe R.", "author"), (",", "O"), ("2019", "issued"), (".", "O"),
            ("– Graph colouring", "title"), (".", "O"), ("– J. Graphs", "container-title"),
            (",", "O"), ("12", "volume"), (":", "O"), ("45–67", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.get("container-title")) == ("Graph colouring", "J. Graphs")


def test_an_edition_read_into_the_book_is_the_edition() -> None:
    raw = (
        "Ode K. Graph colouring. In: Abe R, editor. Handbook of graphs. 2nd ed. "
        "Boulder: Graph Press; 2019."
    )
    spec = [("Ode K", "author"), (".", "O"), ("Graph colouring", "title"), (". In:", "O"),
            ("Abe R", "editor"), (", editor.", "O"), ("Handbook of graphs. 2nd", "container-title"),
            ("ed.", "O"), ("Boulder", "publisher-place"), (":", "O"), ("Graph Press", "publisher"),
            (";", "O"), ("2019", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("container-title") == "Handbook of graphs"
    assert ref.get("edition") == "2"


def test_the_book_after_the_editors_mark_read_as_a_series() -> None:
    raw = "Ode K (2019) Graph colouring. In: Abe R (ed) Handbook of graphs. Graph Press, Boulder"
    spec = [("Ode K", "author"), ("(", "O"), ("2019", "issued"), (")", "O"),
            ("Graph colouring", "title"), (". In:", "O"), ("Abe R", "editor"), ("(ed)", "O"),
            ("Handbook of graphs", "collection-title"), (".", "O"), ("Graph Press", "publisher"),
            (",", "O"), ("Boulder", "publisher-place")]  # fmt: skip
    assert _by_runs(raw, spec).get("container-title") == "Handbook of graphs"


def test_days_after_an_abbreviated_month_are_no_pages() -> None:
    raw = "K. Ode, “Graph colouring,” presented at the Graph Conf., Boulder, Mar. 3–5, 2019."
    spec = [("K. Ode", "author"), (", “", "O"), ("Graph colouring", "title"), (",”", "O"),
            ("presented at the Graph Conf.", "container-title"), (",", "O"),
            ("Boulder", "publisher-place"), (", Mar.", "O"), ("3–5", "page"), (",", "O"),
            ("2019", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert not ref.get("page")
    assert ref.get("container-title") == "Graph Conf."


def test_a_day_after_a_month_is_no_volume() -> None:
    raw = "K. Ode, “Graph colouring,” Graph Blog, Mar. 3, 2019."
    spec = [("K. Ode", "author"), (", “", "O"), ("Graph colouring", "title"), (",”", "O"),
            ("Graph Blog", "container-title"), (", Mar.", "O"), ("3", "volume"), (",", "O"),
            ("2019", "issued"), (".", "O")]  # fmt: skip
    assert not _by_runs(raw, spec).get("volume")


@pytest.mark.parametrize("label", ["container-title", "title"])
def test_a_place_with_its_bracketed_region_before_the_publisher(label: str) -> None:
    raw = "Ode K. Graph theory. Grand Rapids (MI): Graph Press; 2019."
    spec = [("Ode K", "author"), (".", "O"), ("Graph theory", "title"), (".", "O"),
            ("Grand Rapids (MI)", label), (":", "O"), ("Graph Press", "publisher"), (";", "O"),
            ("2019", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("publisher-place") == "Grand Rapids (MI)"
    assert ref.get("title") == "Graph theory"


def test_a_title_opening_with_a_place_in_brackets_stays_the_title() -> None:
    raw = "Ode, R., Graphton (Canada): Implications for graph breccia. Graph Symposium, 1990."
    spec = [("Ode, R.", "author"), (",", "O"),
            ("Graphton (Canada): Implications for graph breccia", "title"), (".", "O"),
            ("Graph Symposium", "container-title"), (",", "O"), ("1990", "issued"),
            (".", "O")]  # fmt: skip
    assert not _by_runs(raw, spec).get("publisher-place")


def test_a_coordinators_mark_read_into_the_names() -> None:
    raw = "García, J. (Coord.). (2015). Teoría de grafos. Madrid: Síntesis."
    spec = [("García, J. (Coord", "author"), (".). (", "O"), ("2015", "issued"), (").", "O"),
            ("Teoría de grafos", "title"), (".", "O"), ("Madrid", "publisher-place"), (":", "O"),
            ("Síntesis", "publisher"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert [n.family for n in ref.editor] == ["García"]
    assert not ref.author


def test_a_books_title_read_as_a_note_after_the_date() -> None:
    raw = "Müller H., Schmidt P. (2015) Graphentheorie. Springer, Berlin Heidelberg."
    spec = [("Müller H., Schmidt P", "author"), (". (", "O"), ("2015", "issued"), (")", "O"),
            ("Graphentheorie", "note"), (".", "O"), ("Springer", "publisher"), (",", "O"),
            ("Berlin Heidelberg", "publisher-place"), (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("title") == "Graphentheorie"


def test_a_firm_ending_the_title_before_the_place_is_the_publisher() -> None:
    raw = "Kowalski J., Teoria grafów, Wydawnictwo Naukowe GRF, Warszawa 2015."
    spec = [("Kowalski J.", "author"), (",", "O"),
            ("Teoria grafów, Wydawnictwo Naukowe GRF, Warszawa", "title"), ("2015", "issued"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Teoria grafów"
    assert ref.get("publisher") == "Wydawnictwo Naukowe GRF"
    assert ref.get("publisher-place") == "Warszawa"


@pytest.mark.parametrize("edition", ["2. baskı", "2. wyd."])
def test_a_bracketed_edition_ending_the_title(edition: str) -> None:
    raw = f"Yılmaz, A. (2015). Çizge kuramı ({edition}). İstanbul: Bilim Yayınları."
    spec = [("Yılmaz, A.", "author"), ("(", "O"), ("2015", "issued"), (").", "O"),
            (f"Çizge kuramı ({edition})", "title"), (".", "O"), ("İstanbul", "publisher-place"),
            (":", "O"), ("Bilim Yayınları", "publisher"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Çizge kuramı"
    assert ref.get("edition") == "2"


def test_a_bracketed_edition_whose_word_the_title_left_out() -> None:
    raw = "Ode, A. (2010). Como elaborar grafos (5. Ed.). São Paulo: Atlas."
    spec = [("Ode, A.", "author"), ("(", "O"), ("2010", "issued"), (").", "O"),
            ("Como elaborar grafos (5", "title"), (". Ed.).", "O"),
            ("São Paulo", "publisher-place"), (":", "O"), ("Atlas", "publisher"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Como elaborar grafos"


@pytest.mark.parametrize(
    ("names", "journal"),
    [("K. Ode,", "Graph Lett."), ("K. Ode and R. Abe,", "Studies in colouring theory")],
)
def test_a_journal_read_as_the_title_of_an_article_printed_without_one(
    names: str, journal: str
) -> None:
    raw = f"{names} {journal}, 12, 345-350 (1990)."
    spec = [(names[:-1], "author"), (",", "O"), (journal, "title"), (",", "O"),
            ("12", "volume"), (",", "O"), ("345-350", "page"), ("(", "O"), ("1990", "issued"),
            (").", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("container-title") == journal
    assert ref.get("title") == ""


def test_a_long_title_before_the_numbers_stays_the_title() -> None:
    raw = "K. Ode, A quantum version of the colouring inequality 56 (9) 4668-4673."
    spec = [("K. Ode", "author"), (",", "O"), ("A quantum version of the colouring inequality",
            "title"), ("56", "volume"), ("(", "O"), ("9", "issue"), (")", "O"),
            ("4668-4673", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "A quantum version of the colouring inequality"


def test_a_books_imprint_read_as_the_container() -> None:
    raw = "Ode, Kenji. Graph Colouring in Practice. Edinburgh: R. Cadell, 1836."
    spec = [("Ode, Kenji", "author"), (".", "O"), ("Graph Colouring in Practice", "title"),
            (".", "O"), ("Edinburgh", "publisher-place"), (": R. Cadell", "container-title"),
            (",", "O"), ("1836", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("publisher-place"), ref.get("publisher")) == ("Edinburgh", "R. Cadell")
    assert ref.get("container-title") == ""
    raw = "Abe, Rui. Sparse Graphs for Beginners. São Paulo: Companhia das Grafos, 2012."
    spec = [("Abe, Rui", "author"), (".", "O"), ("Sparse Graphs for Beginners", "title"),
            (".", "O"), ("São Paulo: Companhia das Grafos", "container-title"), (",", "O"),
            ("2012", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    imprint = (ref.get("publisher-place"), ref.get("publisher"))
    assert imprint == ("São Paulo", "Companhia das Grafos")
    raw = "Ode K, Abe R. Colouring over integers. Athena Scientific, 2005."
    spec = [("Ode K, Abe R", "author"), (".", "O"), ("Colouring over integers", "title"),
            (".", "O"), ("Athena Scientific", "container-title"), (",", "O"), ("2005", "issued"),
            (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("publisher") == "Athena Scientific"


def test_a_books_imprint_ending_an_author_date_entry_read_as_the_container() -> None:
    raw = "Ode, Kenji. 1836. Graph Colouring in Practice. Edinburgh: R. Cadell."
    spec = [("Ode, Kenji", "author"), (".", "O"), ("1836", "issued"), (".", "O"),
            ("Graph Colouring in Practice", "title"), (".", "O"),
            ("Edinburgh: R. Cadell", "container-title"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("publisher-place"), ref.get("publisher")) == ("Edinburgh", "R. Cadell")
    raw = "Ode, Kenji. 1836. Graph Colouring in Practice. Graph Letters."
    spec = [("Ode, Kenji", "author"), (".", "O"), ("1836", "issued"), (".", "O"),
            ("Graph Colouring in Practice", "title"), (".", "O"),
            ("Graph Letters", "container-title"), (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("container-title") == "Graph Letters"


def test_a_place_and_colon_before_a_name_read_as_another_field_open_the_imprint() -> None:
    raw = "Abe R 1975 Graph Structure vol II (Reading, MA: Benjamin) ch 4"
    spec = [("Abe R", "author"), ("1975", "issued"), ("Graph Structure", "container-title"),
            ("vol", "O"), ("II", "volume"), ("(", "O"), ("Reading, MA", "publisher-place"),
            (":", "O"), ("Benjamin)", "title"), ("ch 4", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("publisher-place"), ref.get("publisher")) == ("Reading, MA", "Benjamin")
    raw = "Ode, Kenji. Sonnets of Graphs. 5th ed. San Francisco: Ode, Abe, & Ode, 1913."
    spec = [("Ode, Kenji", "author"), (".", "O"), ("Sonnets of Graphs", "title"), (".", "O"),
            ("5th ed", "edition"), (".", "O"), ("San Francisco", "publisher-place"), (":", "O"),
            ("Ode, Abe, & Ode", "editor"), (",", "O"), ("1913", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("publisher-place"), ref.get("publisher")) == (
        "San Francisco",
        "Ode, Abe, & Ode",
    )
    assert ref.editor == []
    raw = "Ode K 1983. How is a graph formed? Graph Studies, 13-42. Jerusalem: Magnes. (in Hebrew)"
    spec = [("Ode K", "author"), ("1983", "issued"), (".", "O"),
            ("How is a graph formed?", "title"), ("Graph Studies", "container-title"),
            (",", "O"), ("13-42", "page"), (".", "O"),
            ("Jerusalem: Magnes. (in Hebrew", "note"), (")", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("publisher-place"), ref.get("publisher")) == ("Jerusalem", "Magnes")
    raw = "Abe, Rui. Graph Kernels. 2. vyd. Bratislava: Graf Edition, 2007. 634 s."
    spec = [("Abe, Rui", "author"), (".", "O"), ("Graph Kernels", "title"),
            (". 2. vyd. Bratislava: Graf Edition,", "O"), ("2007", "issued"), (".", "O"),
            ("634", "page"), ("s.", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("publisher-place"), ref.get("publisher")) == ("Bratislava", "Graf Edition")


def test_a_place_and_colon_before_a_title_a_date_or_a_place_open_no_imprint() -> None:
    raw = "Abe R. Graph Theory. Berlin, Heidelberg: Springer Berlin Heidelberg, 2007."
    spec = [("Abe R", "author"), (".", "O"), ("Graph Theory", "title"), (".", "O"),
            ("Berlin, Heidelberg", "publisher-place"), (":", "O"), ("Springer", "publisher"),
            ("Berlin Heidelberg", "publisher-place"), (",", "O"), ("2007", "issued"),
            (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("publisher") == "Springer"
    raw = "Ode, Kenji. Graphs. Cambridge, MA: Graph School of Business, April, 1965."
    spec = [("Ode, Kenji", "author"), (".", "O"), ("Graphs", "title"), (".", "O"),
            ("Cambridge, MA", "publisher-place"), (":", "O"),
            ("Graph School of Business", "publisher"), (", April,", "O"), ("1965", "issued"),
            (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("publisher") == "Graph School of Business"
    raw = "Ode, Kenji. 1999. London: A Graph of the City."
    spec = [("Ode, Kenji", "author"), (".", "O"), ("1999", "issued"), (".", "O"),
            ("London: A Graph of the City", "title"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.get("publisher")) == ("London: A Graph of the City", "")


def test_a_firm_read_as_a_place_before_a_city_is_the_publisher() -> None:
    raw = "Ode K, Graph Theory of Noise, Vol. 1, Gordon and Graf, New York (1967)."
    spec = [("Ode K", "author"), (",", "O"), ("Graph Theory of Noise", "title"),
            (", Vol.", "O"), ("1", "volume"), (",", "O"), ("Gordon and Graf", "publisher-place"),
            (",", "O"), ("New York", "publisher-place"), ("(", "O"), ("1967", "issued"),
            (").", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("publisher"), ref.get("publisher-place")) == ("Gordon and Graf", "New York")
    raw = "Ode K, Graph Epics, Lewisburg, PA, 1976."
    spec = [("Ode K", "author"), (",", "O"), ("Graph Epics", "title"), (",", "O"),
            ("Lewisburg", "publisher-place"), (",", "O"), ("PA", "publisher-place"), (",", "O"),
            ("1976", "issued"), (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("publisher") == ""


def test_a_body_before_its_place_read_as_the_container_is_the_publisher() -> None:
    raw = (
        "Ode K, Graphs in flow, in: Graph Review, Vol. 41, Annual Graphs, Palo Alto, Calif. (2009)"
    )
    spec = [("Ode K", "author"), (",", "O"), ("Graphs in flow", "title"), (", in:", "O"),
            ("Graph Review", "container-title"), (", Vol.", "O"), ("41", "volume"), (",", "O"),
            ("Annual Graphs", "container-title"), (",", "O"),
            ("Palo Alto, Calif", "publisher-place"), (". (", "O"), ("2009", "issued"),
            (")", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("container-title"), ref.get("publisher")) == ("Graph Review", "Annual Graphs")
    raw = "Ode K. Graph statistics. Technical report, Graph Bureau of Kernels, Washington, 2013."
    spec = [("Ode K", "author"), (".", "O"), ("Graph statistics", "title"), (".", "O"),
            ("Technical report", "genre"), (",", "O"),
            ("Graph Bureau of Kernels", "container-title"), (",", "O"),
            ("Washington", "publisher-place"), (",", "O"), ("2013", "issued"),
            (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("publisher") == "Graph Bureau of Kernels"


def test_a_journal_or_a_title_before_a_place_stays_the_container() -> None:
    raw = "Ode K: Graphen. Sitzungsber, Preuss. Akad. Graph., Berlin (1915)"
    spec = [("Ode K", "author"), (":", "O"), ("Graphen", "title"), (".", "O"),
            ("Sitzungsber", "container-title"), (",", "O"),
            ("Preuss. Akad. Graph.", "container-title"), (",", "O"), ("Berlin", "publisher-place"),
            ("(", "O"), ("1915", "issued"), (")", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("publisher") == ""
    raw = "Ode K, The Graph in Homer. Two Studies in Form, Leiden 1987."
    spec = [("Ode K", "author"), (",", "O"), ("The Graph in Homer", "title"), (".", "O"),
            ("Two Studies in Form", "container-title"), (",", "O"), ("Leiden", "publisher-place"),
            ("1987", "issued"), (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("publisher") == ""


def test_a_body_ending_the_title_before_the_place_is_the_publisher() -> None:
    raw = "Ode K. 13th Symp. on Graphs, The Graph Institute, Pittsburgh, PA. 1971. p. 239."
    spec = [("Ode K", "author"), (".", "O"), ("13th Symp. on Graphs, The Graph Institute", "title"),
            (",", "O"), ("Pittsburgh, PA", "publisher-place"), (".", "O"), ("1971", "issued"),
            (". p.", "O"), ("239", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.get("publisher")) == (
        "13th Symp. on Graphs",
        "The Graph Institute",
    )
    raw = "Ode K, Top table: bistro, Graph Centre, Paris, Graph Review, Vol. 208, 2000, 87-91"
    spec = [("Ode K", "author"), (",", "O"), ("Top table: bistro, Graph Centre", "title"),
            (",", "O"), ("Paris", "publisher-place"), (",", "O"),
            ("Graph Review", "container-title"), (", Vol.", "O"), ("208", "volume"), (",", "O"),
            ("2000", "issued"), (",", "O"), ("87-91", "page")]  # fmt: skip
    assert _by_runs(raw, spec).get("publisher") == ""


def test_a_bracketed_imprint_read_as_other_fields_is_the_publisher_and_place() -> None:
    raw = "Ode K, A Graph Introduction to Kernels (Publish or Graf Inc., Houston, 1979)."
    spec = [("Ode K", "author"), (",", "O"),
            ("A Graph Introduction to Kernels (Publish or Graf Inc", "title"), (".,", "O"),
            ("Houston", "publisher-place"), (",", "O"), ("1979", "issued"),
            (").", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.get("publisher")) == (
        "A Graph Introduction to Kernels",
        "Publish or Graf Inc",
    )
    raw = "Ode K, Graph analysis, vol. 5 (Graf Hall Englewood Cliffs, NJ, 2002)."
    spec = [("Ode K", "author"), (",", "O"), ("Graph analysis", "title"), (", vol.", "O"),
            ("5", "volume"), ("(", "O"), ("Graf Hall Englewood Cliffs, NJ", "publisher-place"),
            (",", "O"), ("2002", "issued"), (").", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("publisher"), ref.get("publisher-place")) == (
        "Graf Hall",
        "Englewood Cliffs, NJ",
    )
    raw = "Abe R, Solid Graph Physics (Graf Learning; 1 edition, 1976)."
    spec = [("Abe R", "author"), (",", "O"),
            ("Solid Graph Physics (Graf Learning", "container-title"), (";", "O"),
            ("1 edition", "edition"), (",", "O"), ("1976", "issued"), (").", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.get("publisher")) == ("Solid Graph Physics", "Graf Learning")
    assert ref.get("container-title") == ""


def test_a_date_a_venue_or_a_placed_imprint_in_brackets_is_left_alone() -> None:
    raw = "Ode K, Graph sorting, Communications of the Graf 18 (April 1975), 216-219."
    spec = [("Ode K", "author"), (",", "O"), ("Graph sorting", "title"), (",", "O"),
            ("Communications of the Graf", "container-title"), ("18", "volume"), ("(", "O"),
            ("April", "O"), ("1975", "issued"), ("),", "O"), ("216-219", "page"),
            (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("publisher") == ""
    raw = "Ode K, 2015, in Proc. 34th Int. Graph Conference (IGC 2015), arXiv:1509.02896"
    spec = [("Ode K", "author"), (",", "O"), ("2015", "issued"), (", in", "O"),
            ("Proc. 34th Int. Graph Conference (IGC", "container-title"), ("2015", "issued"),
            ("),", "O"), ("arXiv:1509.02896", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("publisher") == ""


def test_of_two_imprints_each_with_its_place_the_first_printed_is_the_items() -> None:
    raw = "Ode K. 1928. Graphen. Leipzig: Barth. (Reprinted Darmstadt: Graf Verlag, 1965.)"
    spec = [("Ode K", "author"), (".", "O"), ("1928", "issued"), (".", "O"), ("Graphen", "title"),
            (".", "O"), ("Leipzig", "publisher-place"), (":", "O"), ("Barth", "publisher"),
            (". (Reprinted", "O"), ("Darmstadt", "publisher-place"), (":", "O"),
            ("Graf Verlag", "publisher"), (", 1965.)", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("publisher") == "Barth"
    raw = "Ode K, Graph Mechanics, Vol. 1, Nauka, Moscow (1965); transl., Dover, Mineola (2007)."
    spec = [("Ode K", "author"), (",", "O"), ("Graph Mechanics", "title"), (", Vol.", "O"),
            ("1", "volume"), (",", "O"), ("Nauka", "publisher"), (",", "O"),
            ("Moscow", "publisher-place"), ("(", "O"), ("1965", "issued"), ("); transl.,", "O"),
            ("Dover", "publisher"), (",", "O"), ("Mineola", "publisher-place"), ("(", "O"),
            ("2007", "issued"), (").", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("publisher") == "Nauka"
    raw = "Ode K, in Graph Essays, Graf Writers (New York: Library of Graphs, 1983), 427."
    spec = [("Ode K", "author"), (", in", "O"), ("Graph Essays", "container-title"), (",", "O"),
            ("Graf Writers", "publisher"), ("(", "O"), ("New York", "publisher-place"),
            (":", "O"), ("Library of Graphs", "publisher"), (",", "O"), ("1983", "issued"),
            ("),", "O"), ("427", "page"), (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("publisher") == "Library of Graphs"


def test_a_publisher_ending_the_book_after_in_is_the_publisher() -> None:
    raw = "Ode K. Graph sums. In Proceedings of the Annual Graph Symposium. ACM New York, 1990."
    spec = [("Ode K", "author"), (".", "O"), ("Graph sums", "title"), (". In", "O"),
            ("Proceedings of the Annual Graph Symposium. ACM New York", "container-title"),
            (",", "O"), ("1990", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("container-title"), ref.get("publisher"), ref.get("publisher-place")) == (
        "Proceedings of the Annual Graph Symposium",
        "ACM",
        "New York",
    )
    raw = "Ode K. Graph sums. In A. Abe, editor, Graphs and Kernels. Pitman (London), 1987."
    spec = [("Ode K", "author"), (".", "O"), ("Graph sums", "title"), (". In", "O"),
            ("A. Abe", "editor"), (", editor,", "O"),
            ("Graphs and Kernels. Pitman", "container-title"), ("(", "O"),
            ("London", "publisher-place"), ("),", "O"), ("1987", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("container-title"), ref.get("publisher")) == ("Graphs and Kernels", "Pitman")


def test_a_books_last_words_that_name_no_publisher_stay_the_books() -> None:
    raw = "Ode K. Graph sums. In Proceedings of the Graph Conference, Kernel Track, 1990."
    spec = [("Ode K", "author"), (".", "O"), ("Graph sums", "title"), (". In", "O"),
            ("Proceedings of the Graph Conference, Kernel Track", "container-title"), (",", "O"),
            ("1990", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    container = "Proceedings of the Graph Conference, Kernel Track"
    assert (ref.get("container-title"), ref.get("publisher")) == (container, "")
    raw = "Ode K. Graph sums. In Proc. Int. Conf. Graph Learn. Kernel Track, Honolulu, 2023."
    spec = [("Ode K", "author"), (".", "O"), ("Graph sums", "title"), (". In", "O"),
            ("Proc. Int. Conf. Graph Learn. Kernel Track", "container-title"), (",", "O"),
            ("Honolulu", "publisher-place"), (",", "O"), ("2023", "issued"),
            (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("publisher") == ""


def test_a_firm_ending_the_title_or_read_as_a_note_before_the_place_is_the_publisher() -> None:
    raw = "Ode K. Graph kinetics, 2 e éd. Graf Wiley, New York. 1976."
    spec = [("Ode K", "author"), (".", "O"), ("Graph kinetics", "title"), (",", "O"),
            ("2 e éd", "edition"), (". Graf Wiley,", "note"), ("New York", "publisher-place"),
            (".", "O"), ("1976", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("publisher"), ref.get("note")) == ("Graf Wiley", "")
    raw = "Ode K. Graphs and Kernels. Graf and Co., London, 1973."
    spec = [("Ode K", "author"), (".", "O"), ("Graphs and Kernels. Graf and Co", "title"),
            (".,", "O"), ("London", "publisher-place"), (",", "O"), ("1973", "issued"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.get("publisher").rstrip(".")) == (
        "Graphs and Kernels",
        "Graf and Co",
    )
    raw = "Ode K. Graphs and Kernels. The Moral Graph, London, 1973."
    spec = [("Ode K", "author"), (".", "O"), ("Graphs and Kernels. The Moral Graph", "title"),
            (",", "O"), ("London", "publisher-place"), (",", "O"), ("1973", "issued"),
            (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("publisher") == ""


def test_unlabelled_capitals_before_the_edition_are_the_publisher() -> None:
    raw = "Ode K. Graph and Kernel Dynamics. Graf-Heinemann, 3rd edition, 2012."
    spec = [("Ode K", "author"), (".", "O"), ("Graph and Kernel Dynamics", "title"),
            (". Graf-Heinemann,", "O"), ("3rd edition", "edition"), (",", "O"),
            ("2012", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("publisher") == "Graf-Heinemann"
    raw = "Ode K. Graph and Kernel Dynamics. In Kernel Studies, 3rd edition, 2012."
    spec = [("Ode K", "author"), (".", "O"), ("Graph and Kernel Dynamics", "title"),
            (". In Kernel Studies,", "O"), ("3rd edition", "edition"), (",", "O"),
            ("2012", "issued"), (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("publisher") == ""


def test_the_institution_after_a_thesis_or_report_kind_is_the_publisher() -> None:
    raw = "Ode K. Graph Models 2007 Ph.D Thesis Graduate School of Graphs, Kernel University"
    spec = [("Ode K.", "author"), ("Graph Models", "title"), ("2007", "issued"),
            ("Ph.D Thesis", "genre"), ("Graduate School of Graphs,", "O"),
            ("Kernel University", "publisher")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("publisher") == "Graduate School of Graphs, Kernel University"
    raw = "Ode K. 2005. The Graph Database. Technical report University of Graphs Honolulu, HI:"
    spec = [("Ode K", "author"), (".", "O"), ("2005", "issued"), (".", "O"),
            ("The Graph Database", "title"), (".", "O"),
            ("Technical report University of", "genre"),
            ("Graphs Honolulu, HI", "publisher-place"), (":", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("publisher"), ref.get("publisher-place")) == (
        "University of Graphs",
        "Honolulu, HI",
    )
    raw = "D. ODE. Thèse, Université de Graphes, Nancy. 1986."
    spec = [("D. ODE", "author"), (".", "O"), ("Thèse, Université de Graphes, Nancy", "title"),
            (".", "O"), ("1986", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("genre"), ref.get("publisher"), ref.get("publisher-place")) == (
        "Thèse",
        "Université de Graphes",
        "Nancy",
    )


def test_a_city_naming_the_institution_after_a_thesis_kind_stays_in_its_name() -> None:
    raw = "K. Ode, Graph sums, Ph.D. Thesis, University of Michigan, Ann Arbor, 1990."
    spec = [("K. Ode", "author"), (",", "O"), ("Graph sums", "title"), (",", "O"),
            ("Ph.D. Thesis", "genre"), (",", "O"), ("University of Michigan", "O"), (",", "O"),
            ("Ann Arbor", "publisher-place"), (",", "O"), ("1990", "issued"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("publisher"), ref.get("publisher-place")) == (
        "University of Michigan",
        "Ann Arbor",
    )


def test_a_city_opening_the_publisher_run_is_the_place() -> None:
    raw = "ODE, Kenji, The 4th graph, New York ; Oxford, Oxford Graph Press, 2014, 248p."
    spec = [("ODE, Kenji", "author"), (",", "O"), ("The 4th graph", "title"), (",", "O"),
            ("New York", "publisher-place"), (";", "O"),
            ("Oxford, Oxford Graph Press", "publisher"), (",", "O"), ("2014", "issued"),
            (",", "O"), ("248", "page"), ("p.", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("publisher") == "Oxford Graph Press"
    raw = "Ode K. Graphs. Paris, Gallimard, 1975."
    spec = [("Ode K", "author"), (".", "O"), ("Graphs", "title"), (".", "O"),
            ("Paris, Gallimard", "publisher"), (",", "O"), ("1975", "issued"),
            (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("publisher") == "Gallimard"


def test_a_body_read_as_a_second_title_before_its_place_is_the_publisher() -> None:
    raw = "GRAF (2010). Graph Design. American Association of Graph Officials, Washington D.C."
    spec = [("GRAF", "author"), ("(", "O"), ("2010", "issued"), (").", "O"),
            ("Graph Design", "title"), (".", "O"),
            ("American Association of Graph Officials", "title"), (",", "O"),
            ("Washington D.C", "publisher-place"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.get("publisher")) == (
        "Graph Design",
        "American Association of Graph Officials",
    )
    raw = "Ode K (2010). Graph Design. The Rise and Fall of Graphs, Washington D.C."
    spec = [("Ode K", "author"), ("(", "O"), ("2010", "issued"), (").", "O"),
            ("Graph Design", "title"), (".", "O"), ("The Rise and Fall of Graphs", "title"),
            (",", "O"), ("Washington D.C", "publisher-place"), (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("publisher") == ""


def test_a_firm_and_place_ending_an_unpunctuated_entry_are_the_imprint() -> None:
    raw = "Ode, K. Graph Maps 2001 Graf Heidelberg"
    spec = [("Ode, K.", "author"), ("Graph Maps", "title"), ("2001", "issued"),
            ("Graf", "container-title"), ("Heidelberg", "publisher-place")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("publisher"), ref.get("container-title")) == ("Graf", "")
    raw = "Ode, K. Graph maps. Graph Letters 2001 Heidelberg"
    spec = [("Ode, K.", "author"), ("Graph maps", "title"), (".", "O"),
            ("Graph Letters", "container-title"), ("2001", "issued"),
            ("Heidelberg", "publisher-place")]  # fmt: skip
    assert _by_runs(raw, spec).get("container-title") == "Graph Letters"


def test_a_journal_before_the_closing_year_stays_the_container() -> None:
    raw = "Ode K, Abe R. Colouring over integers. Graph Letters, 2005."
    spec = [("Ode K, Abe R", "author"), (".", "O"), ("Colouring over integers", "title"),
            (".", "O"), ("Graph Letters", "container-title"), (",", "O"), ("2005", "issued"),
            (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("container-title") == "Graph Letters"


def test_a_word_glued_to_the_titles_last_token_is_the_titles() -> None:
    raw = "Ode, K. Graph colouring in the 1990s (Graph Press, 2006)."
    spec = [("Ode, K.", "author"), ("Graph colouring in the 1990", "title"), ("s", "O"),
            ("(", "O"), ("Graph Press", "publisher"), (",", "O"), ("2006", "issued"),
            (").", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("title") == "Graph colouring in the 1990s"


def test_a_title_parted_by_unlabelled_words_is_one_title() -> None:
    raw = "Ode K. E-colouring and alpha-, beta-, and gamma-colourings of graphs. J Graphs 1998;"
    spec = [("Ode K", "author"), (".", "O"), ("E-colouring and alpha-", "title"), (",", "O"),
            ("beta-,", "O"), ("and gamma-colourings of graphs", "title"), (".", "O"),
            ("J Graphs", "container-title"), ("1998", "issued"), (";", "O")]  # fmt: skip
    title = "E-colouring and alpha-, beta-, and gamma-colourings of graphs"
    assert _by_runs(raw, spec).get("title") == title
    raw = "Ode K. Graph colouring. In Sparse graphs. Graph Press; 1998."
    spec = [("Ode K", "author"), (".", "O"), ("Graph colouring", "title"), (". In", "O"),
            ("Sparse graphs", "title"), (".", "O"), ("Graph Press", "publisher"), (";", "O"),
            ("1998", "issued"), (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("title") == "Graph colouring"


def test_a_translators_sentence_read_into_the_title() -> None:
    raw = "Ode, Kenji. Graph Stories. Translated by E. A. Goodland. New York: Graph House, 1984."
    spec = [("Ode, Kenji", "author"), (".", "O"),
            ("Graph Stories. Translated by E. A. Goodland", "title"), (".", "O"),
            ("New York", "publisher-place"), (":", "O"), ("Graph House", "publisher"), (",", "O"),
            ("1984", "issued"), (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("title") == "Graph Stories"
    # the tagger found no title before the translator's sentence
    raw = "Ode, Kenji. Steppenwolf. Übersetzt von Rui Abe. Leipzig: Graph Verlag, 1969."
    spec = [("Ode, Kenji", "author"), (". Steppenwolf.", "O"), ("Übersetzt von Rui Abe", "title"),
            (".", "O"), ("Leipzig", "publisher-place"), (":", "O"), ("Graph Verlag", "publisher"),
            (",", "O"), ("1969", "issued"), (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("title") == "Steppenwolf"


def test_the_collection_a_book_is_a_volume_of() -> None:
    raw = "Ode, Kenji. Der Graphenwolf. Vol. 4 of Gesammelte Graphen. Berlin: Graph Verlag, 1958."
    spec = [("Ode, Kenji", "author"), (".", "O"), ("Der Graphenwolf", "title"), (". Vol.", "O"),
            ("4", "volume"), ("of Gesammelte Graphen", "title"), (".", "O"),
            ("Berlin", "publisher-place"), (":", "O"), ("Graph Verlag", "publisher"), (",", "O"),
            ("1958", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.get("container-title")) == (
        "Der Graphenwolf",
        "Gesammelte Graphen",
    )
    # the tagger read the book's title as the names, and the collection as the title
    spec[2] = ("Der Graphenwolf", "O")
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.get("container-title")) == (
        "Der Graphenwolf",
        "Gesammelte Graphen",
    )
    raw = "K. Ode. Sparse Graphs, volume 82 of Graph Regional Conference Series in Mathematics."
    spec = [("K. Ode", "author"), (".", "O"), ("Sparse Graphs", "title"), (", volume", "O"),
            ("82", "volume"), ("of Graph Regional Conference", "title"),
            ("Series in Mathematics", "collection-title"), (".", "O")]  # fmt: skip
    series = "Graph Regional Conference Series in Mathematics"
    assert _by_runs(raw, spec).get("container-title") == series


def test_a_title_after_the_name_that_and_opens() -> None:
    raw = "ODE K., ABE R. et SATO T., Graphes de Rome, Paris, 2006."
    spec = [("ODE K., ABE R. et SATO T., Graphes de Rome", "author"), (",", "O"),
            ("Paris", "publisher-place"), (",", "O"), ("2006", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Graphes de Rome"
    assert [n.family for n in ref.author] == ["ODE", "ABE", "SATO"]
    # the last name printed family name first keeps its given name
    raw = "Ode, Kenji, and Abe, Rui, Graph Colouring Today, Paris, 2006."
    spec = [("Ode, Kenji, and Abe, Rui, Graph Colouring Today", "author"), (",", "O"),
            ("Paris", "publisher-place"), (",", "O"), ("2006", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Graph Colouring Today"
    assert [n.family for n in ref.author] == ["Ode", "Abe"]


def test_a_name_suffix_after_the_last_name_stays_a_name() -> None:
    raw = "Ode, K., Abe, R., and Sato, T., Jr., Graph colouring. Paris, 2006."
    spec = [("Ode, K., Abe, R., and Sato, T., Jr.", "author"), (",", "O"),
            ("Graph colouring", "title"), (".", "O"), ("Paris", "publisher-place"),
            (",", "O"), ("2006", "issued"), (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("title") == "Graph colouring"


def test_an_editors_sentence_read_into_the_book() -> None:
    raw = "Ode, Kenji 1981. “Graphs.” In: Graphs: Their Life. Ed. Rui Abe. Oxford: Graph Press."
    spec = [("Ode, Kenji", "author"), ("1981", "issued"), (". “", "O"), ("Graphs", "title"),
            (".” In:", "O"), ("Graphs: Their Life. Ed. Rui Abe", "container-title"), (".", "O"),
            ("Oxford", "publisher-place"), (":", "O"), ("Graph Press", "publisher"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("container-title") == "Graphs: Their Life"
    assert [n.family for n in ref.editor] == ["Abe"]
    raw = "K. Ode, Phil. Trans. Roy. Soc. London A, 342, 379-411 (1993)."
    spec = [("K. Ode", "author"), (",", "O"),
            ("Phil. Trans. Roy. Soc. London A", "container-title"), (",", "O"),
            ("342", "volume"), (",", "O"), ("379-411", "page"), ("(", "O"), ("1993", "issued"),
            (").", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("container-title") == "Phil. Trans. Roy. Soc. London A"


def test_a_parts_number_after_the_title_is_the_titles() -> None:
    raw = "K. Ode. Graph integral operators. II. Acta Graphica, 128(1):183–269, 1972."
    spec = [("K. Ode", "author"), (".", "O"), ("Graph integral operators", "title"),
            (".", "O"), ("II. Acta Graphica", "container-title"), (",", "O"), ("128", "volume"),
            ("(", "O"), ("1", "issue"), ("):", "O"), ("183–269", "page"), (",", "O"),
            ("1972", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.get("container-title")) == (
        "Graph integral operators. II",
        "Acta Graphica",
    )
    raw = "K. Ode. Graph rings. C. R. Acad. Sci. Paris 308:155-160."
    spec = [("K. Ode", "author"), (".", "O"), ("Graph rings", "title"), (".", "O"),
            ("C. R. Acad. Sci. Paris", "container-title"), ("308", "volume"), (":", "O"),
            ("155-160", "page"), (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("container-title") == "C. R. Acad. Sci. Paris"


def test_a_french_journal_after_the_title_before_the_month_and_issue() -> None:
    raw = "ODE, K. Soigner les graphes (dossier). Santé Graphique, septembre 2011, n°160. p. 25-93."
    spec = [("ODE, K.", "author"), ("Soigner les graphes (dossier)", "title"), (".", "O"),
            ("Santé Graphique", "title"), (", septembre", "O"), ("2011", "issued"),
            (", n°", "O"), ("160", "issue"), (". p.", "O"), ("25-93", "page"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.get("container-title")) == (
        "Soigner les graphes (dossier)",
        "Santé Graphique",
    )
    # the journal read into the title's run, the month into the journal's
    spec = [("ODE, K.", "author"), ("Soigner les graphes (dossier). Santé Graphique", "title"),
            (", septembre", "O"), ("2011", "issued"), (", n°", "O"), ("160", "issue"),
            (". p.", "O"), ("25-93", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.get("container-title")) == (
        "Soigner les graphes (dossier)",
        "Santé Graphique",
    )
    spec = [("ODE, K.", "author"), ("Soigner les graphes (dossier)", "title"), (".", "O"),
            ("Santé Graphique, septembre", "title"), ("2011", "issued"), (", n°", "O"),
            ("160", "issue"), (". p.", "O"), ("25-93", "page"), (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("container-title") == "Santé Graphique"


@pytest.mark.parametrize("month", ["Novembre-Décembre", "Juillet", "March 22"])
def test_the_dates_months_read_as_the_titles_opening(month: str) -> None:
    raw = f"Ode, K. (2012, {month}). Les graphes en transition. Revue du Graphe, 61, 418-424."
    spec = [("Ode, K.", "author"), ("(", "O"), ("2012", "issued"), (",", "O"),
            (f"{month}). Les graphes en transition", "title"), (".", "O"),
            ("Revue du Graphe", "container-title"), (",", "O"), ("61", "volume"), (",", "O"),
            ("418-424", "page"), (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("title") == "Les graphes en transition"


def test_a_bracketed_year_read_into_the_pages_is_the_date() -> None:
    raw = "K. Ode and R. Abe, Graph Materials, 6, 291 (2007)."
    spec = [("K. Ode and R. Abe", "author"), (",", "O"), ("Graph Materials", "container-title"),
            (",", "O"), ("6", "volume"), (",", "O"), ("291 (2007)", "page"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("page"), ref.issued.year if ref.issued else None) == ("291", 2007)
    # the date read before: the bracket leaves the pages all the same
    raw = "K. Ode, J. Graph Mech. 2004, P06002 (2004)."
    spec = [("K. Ode", "author"), (",", "O"), ("J. Graph Mech.", "container-title"),
            ("2004", "issued"), (",", "O"), ("P06002 (2004", "page"), (").", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("page") == "P06002"


def test_a_year_after_in_ending_the_title_is_the_titles() -> None:
    raw = "K. Ode, Graph colouring in 2010, Graph Lett. 72 (2012) 1849."
    spec = [("K. Ode", "author"), (",", "O"), ("Graph colouring", "title"), ("in", "O"),
            ("2010", "issued"), (",", "O"), ("Graph Lett.", "container-title"), ("72", "volume"),
            ("(", "O"), ("2012", "issued"), (")", "O"), ("1849", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Graph colouring in 2010"
    assert ref.issued is not None and ref.issued.year == 2012


def test_a_second_volume_after_the_volume_and_a_comma_is_the_page() -> None:
    raw = "K. Ode, J. Graph Phys. 1304, 123 (2013)."
    spec = [("K. Ode", "author"), (",", "O"), ("J. Graph Phys.", "container-title"),
            ("1304", "volume"), (",", "O"), ("123", "volume"), ("(", "O"), ("2013", "issued"),
            (").", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("volume"), ref.get("page")) == ("1304", "123")


@pytest.mark.parametrize(("initials", "rest"), [("C. R.", "Phys."), ("C. R.", "Acad. Sci.")])
def test_initials_that_open_the_journal_are_no_name(initials: str, rest: str) -> None:
    raw = f"K. Ode, {initials} {rest} 12, 34 (2010)."
    spec = [(f"K. Ode, {initials}", "author"), (rest, "container-title"), ("12", "volume"),
            (",", "O"), ("34", "page"), ("(", "O"), ("2010", "issued"), (").", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert [n.family for n in ref.author] == ["Ode"]
    assert ref.get("container-title") == f"{initials} {rest}"


def test_a_sites_name_ending_the_title_before_the_access_note() -> None:
    raw = "Ode, E. (2016, March 22). Black graphs, uncoloured. The Graphic. Retrieved from http://www.graphic.com/474822/"
    spec = [("Ode, E.", "author"), ("(", "O"), ("2016", "issued"), (", March 22).", "O"),
            ("Black graphs, uncoloured. The Graphic", "title"), (".", "O"),
            ("Retrieved from", "note"), ("http://www.graphic.com/474822/", "URL")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.get("container-title")) == (
        "Black graphs, uncoloured",
        "The Graphic",
    )


def test_a_vancouver_title_read_into_its_journal() -> None:
    raw = "Ode GM. Coeliac graphs in a diabetic child Lancet 1969; 1:1215-29."
    spec = [("Ode GM", "author"), (".", "O"),
            ("Coeliac graphs in a diabetic child Lancet", "container-title"), ("1969", "issued"),
            (";", "O"), ("1", "volume"), (":", "O"), ("1215-29", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.get("container-title")) == (
        "Coeliac graphs in a diabetic child",
        "Lancet",
    )
    raw = "Ode D. Graphs in skin cancer: p53, and tumor promotion J Invest Dermatol 1996; 1:136-42."
    spec = [("Ode D", "author"), (".", "O"), ("Graphs in skin cancer", "title"), (":", "O"),
            ("p53, and tumor promotion J Invest Dermatol", "container-title"), ("1996", "issued"),
            (";", "O"), ("1", "volume"), (":", "O"), ("136-42", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.get("container-title")) == (
        "Graphs in skin cancer: p53, and tumor promotion",
        "J Invest Dermatol",
    )


def test_mlas_review_of_a_book_names_no_field_of_the_entry() -> None:
    raw = (
        "Ode, Gail. “On the Graphbox.” Review of Graphs, by Richard Abeson. Boston Graphic, "
        "June 7, 1998, C1+."
    )
    spec = [("Ode, Gail", "author"), (".", "O"), ("“On the Graphbox.” Review of Graphs", "title"),
            (", by Richard Abeson.", "O"), ("Boston Graphic", "publisher"), (", June 7,", "O"),
            ("1998", "issued"), (",", "O"), ("C1+", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.get("container-title")) == ("On the Graphbox", "Boston Graphic")


@pytest.mark.parametrize(
    ("raw", "spec"),
    [
        ("V. P. Ode Graph Rev. D 52 4747 (1995)",
         [("V. P.", "O"), ("Ode Graph Rev. D", "container-title"), ("52", "volume"),
          ("4747", "page"), ("(", "O"), ("1995", "issued"), (")", "O")]),
        ("W. Press, “On graph conductors,” Graph Relativity 11 (2), (1979).",
         [("W. Press", "publisher"), (", “", "O"), ("On graph conductors", "title"),
          (",”", "O"), ("Graph Relativity", "container-title"), ("11", "volume"), ("(", "O"),
          ("2", "issue"), ("), (", "O"), ("1979", "issued"), (").", "O")]),
        ("M. von der Ode. A comparison of graph variants. In Graph Symposium, 1994.",
         [("M. von der Ode", "title"), (".", "O"), ("A comparison of graph variants", "title"),
          (". In", "O"), ("Graph Symposium", "container-title"), (",", "O"),
          ("1994", "issued"), (".", "O")]),
        ("Ode, F. et al. Negative graphs in the semimetal TaP. Nat. Graphs 7, 11615 (2016).",
         [("Ode, F. et al.", "editor"), ("Negative graphs in the semimetal TaP", "title"),
          (".", "O"), ("Nat. Graphs", "container-title"), ("7", "volume"), (",", "O"),
          ("11615", "page"), ("(", "O"), ("2016", "issued"), (").", "O")]),
    ],
)  # fmt: skip
def test_the_name_opening_the_entry_read_as_another_field_is_the_author(
    raw: str, spec: list[tuple[str, str]]
) -> None:
    ref = _by_runs(raw, spec)
    assert len(ref.author) == 1
    assert ref.author[0].family in ("Ode", "Press", "von der Ode")


def test_an_editor_opening_the_entry_stays_the_editor() -> None:
    raw = "Ode, F. (Ed.). Graphs in the semimetal. Graph Press, 2016."
    spec = [("Ode, F.", "editor"), ("(Ed.).", "O"), ("Graphs in the semimetal", "title"),
            (".", "O"), ("Graph Press", "publisher"), (",", "O"), ("2016", "issued"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert not ref.author
    assert [n.family for n in ref.editor] == ["Ode"]


def test_dashes_read_as_names_of_their_own_leave_the_names_after_them() -> None:
    raw = "--, K. B. Abe, and B. Sato, 2000: Graph activity. J. Graphs, 13, 229-235."
    spec = [("--", "author"), (",", "O"), ("K. B. Abe, and B. Sato", "author"), (",", "O"),
            ("2000", "issued"), (":", "O"), ("Graph activity", "title"), (".", "O"),
            ("J. Graphs", "container-title"), (",", "O"), ("13", "volume"), (",", "O"),
            ("229-235", "page"), (".", "O")]  # fmt: skip
    assert [n.family for n in _by_runs(raw, spec).author] == ["Abe", "Sato"]


def test_a_title_with_particles_after_one_name_written_out() -> None:
    raw = "Ode, Kenji, Saint Graphe d’Assise, 8 vols. (Paris: Graph Leduc, 1988–1992)."
    spec = [("Ode, Kenji, Saint Graphe d’Assise", "author"), (",", "O"), ("8", "volume"),
            ("vols. (", "O"), ("Paris", "publisher-place"), (":", "O"),
            ("Graph Leduc", "publisher"), (",", "O"), ("1988–1992", "issued"),
            (").", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert [n.family for n in ref.author] == ["Ode"]
    assert ref.get("title") == "Saint Graphe d’Assise"


@pytest.mark.parametrize(
    ("before", "head", "label"),
    [
        ("Ode K 2001 Graph kernels for small molecules", "Int", "title"),
        ("K. Ode, T. Abe,", "Eur", "author"),
        ("", "Atmos", "author"),
    ],
)
def test_a_journals_first_abbreviation_left_in_the_run_before_it(
    before: str, head: str, label: str
) -> None:
    raw = f"{before} {head}. Graph. Chem. Phys. 9, 33-41.".strip()
    spec = [(before, "author" if "," in before else "title")] if before else []
    if before and "2001" in before:
        spec = [("Ode K", "author"), ("2001", "issued"), (before[11:], "title")]
    spec += [(head, label), (".", "O"), ("Graph. Chem. Phys.", "container-title"),
             ("9", "volume"), (",", "O"), ("33-41", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("container-title") == f"{head}. Graph. Chem. Phys."
    if before:
        assert [n.family for n in ref.author] == ["Ode", "Abe"][: 1 + before.count(",") // 2]
    if "2001" in before:
        assert ref.get("title") == "Graph kernels for small molecules"


def test_a_word_ending_the_title_stays_before_a_journal_whose_first_word_is_whole() -> None:
    raw = "Ode K. Graphs and lower back pain. Pain. Practical Graph J. Med. 9, 33-41."
    spec = [("Ode K", "author"), (".", "O"), ("Graphs and lower back pain. Pain", "title"),
            (".", "O"), ("Practical Graph J. Med.", "container-title"), ("9", "volume"),
            (",", "O"), ("33-41", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("container-title") == "Practical Graph J. Med."


def test_a_journal_ending_the_title_takes_all_its_abbreviations() -> None:
    raw = "Ode K 2009 On the percolation of graphs and their crossings Nucl. Phys. B 810 503-26"
    spec = [("Ode K", "author"), ("2009", "issued"),
            ("On the percolation of graphs and their crossings Nucl. Phys. B", "title"),
            ("810", "volume"), ("503-26", "page")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.get("container-title")) == (
        "On the percolation of graphs and their crossings",
        "Nucl. Phys. B",
    )
    raw = "K. Ode, Sur les graphes de genre fini, C. R. Acad. Sci. Paris 45, 106-109."
    spec = [("K. Ode", "author"), (",", "O"),
            ("Sur les graphes de genre fini, C. R. Acad. Sci. Paris", "title"),
            ("45", "volume"), (",", "O"), ("106-109", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Sur les graphes de genre fini"


@pytest.mark.parametrize(
    ("names", "mark", "editors"),
    [
        ("K. L. Ode", "ed.", ["Ode"]),
        ("Karl Ode, T. R. Abe, and Lena Graf", "eds.", ["Ode", "Abe", "Graf"]),
        ("Karl Ode", "trans.", []),
    ],
)
def test_names_before_a_bracketed_editors_mark_are_no_part_of_the_title(
    names: str, mark: str, editors: list[str]
) -> None:
    raw = f"Roe, Anna, The Graph Letters, {names} ({mark}) (Oslo: Graph Press, 1979)."
    spec = [("Roe, Anna", "author"), (",", "O"), (f"The Graph Letters, {names}", "title"),
            (f"({mark}) (", "O"), ("Oslo", "publisher-place"), (":", "O"),
            ("Graph Press", "publisher"), (",", "O"), ("1979", "issued"), (").", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "The Graph Letters"
    assert [n.family for n in ref.editor] == editors


def test_a_title_ending_in_words_that_are_no_name_keeps_them_before_an_editors_mark() -> None:
    raw = "Roe, Anna, Letters to the Graph, Second Series (ed.) (Oslo: Graph Press, 1979)."
    spec = [("Roe, Anna", "author"), (",", "O"),
            ("Letters to the Graph, Second Series", "title"), ("(ed.) (", "O"),
            ("Oslo", "publisher-place"), (":", "O"), ("Graph Press", "publisher"), (",", "O"),
            ("1979", "issued"), (").", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Letters to the Graph, Second Series"


def test_names_before_a_bracketed_role_read_as_the_journal_or_book_are_not() -> None:
    raw = "Roe, Anna, “The Graph Scandal,” Karl Ode (trans.), Graphs, 24 (2003), pp. 3–22."
    spec = [("Roe, Anna", "author"), (", “", "O"), ("The Graph Scandal", "title"),
            (",”", "O"), ("Karl Ode", "container-title"), ("(trans.),", "O"),
            ("Graphs", "container-title"), (",", "O"), ("24", "volume"), ("(", "O"),
            ("2003", "issued"), ("), pp.", "O"), ("3–22", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("container-title") == "Graphs"
    raw = "ROE Anna, « Le graphe », Karl ODENBERG (dir.), Les graphes au pouvoir, Paris, 1985."
    spec = [("ROE Anna", "author"), (", «", "O"), ("Le graphe »", "title"), (",", "O"),
            ("Karl ODENBERG", "container-title"), ("(dir.),", "O"),
            ("Les graphes au pouvoir", "title"), (",", "O"), ("Paris", "publisher-place"),
            (",", "O"), ("1985", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert [n.family for n in ref.editor] == ["ODENBERG"]
    assert (ref.get("title"), ref.get("container-title")) == ("Le graphe", "Les graphes au pouvoir")


@pytest.mark.parametrize(
    ("pieces", "families", "field", "value"),
    [
        # "J. Phys. G" after names written initials first is the journal
        ([("M. Ode, W. Abe, J. Phys", "author"), (".", "O"), ("G", "container-title"),
          ("31", "volume"), ("(", "O"), ("2005", "issued"), (")", "O"), ("631", "page"),
          (".", "O")],
         ["Ode", "Abe"], "container-title", "J. Phys. G"),
        ([("J. Ode, Lect", "author"), (". Notes Graphs", "container-title"), ("629", "volume"),
          (",", "O"), ("1", "page"), ("(", "O"), ("2004", "issued"), (").", "O")],
         ["Ode"], "container-title", "Lect. Notes Graphs"),
        # one word after the names, and what follows it, is the title
        ([("C. W. Ode, K. S. Abe, J. A. Sato, Graphs", "author"), ("(", "O"),
          ("1973", "issued"), (").", "O")],
         ["Ode", "Abe", "Sato"], "title", "Graphs"),
        ([("J. Ode, H. Abe, D. Sato and U.A. Kern, Gauge/Graph Duality", "author"),
          (",", "O"), ("2011", "issued"), (".", "O")],
         ["Ode", "Abe", "Sato", "Kern"], "title", "Gauge/Graph Duality"),
    ],
)  # fmt: skip
def test_a_journal_or_title_read_into_initials_first_names_leaves_them(
    pieces: list[tuple[str, str]], families: list[str], field: str, value: str
) -> None:
    raw = "".join(text if text[:1] in ".,)" else " " + text for text, _ in pieces).strip()
    ref = _by_runs(raw, pieces)
    assert [n.family for n in ref.author] == families
    assert ref.get(field) == value


@pytest.mark.parametrize(
    ("raw", "names", "count"),
    [
        # a last name whose "and" lost its space, or "J. Green" before a title, stay names
        ("R. Ode, M. Abe, andI .W .Sato, Graph Lett. 83, 7 (2011).",
         "R. Ode, M. Abe, andI .W .Sato", 3),
        ("K. Ode, J. Green. New graphs for old. Graph Lett. 3 (1995).", "K. Ode, J. Green", 2),
    ],
)  # fmt: skip
def test_names_written_initials_first_keep_their_last_name(
    raw: str, names: str, count: int
) -> None:
    ref = _by_runs(raw, [(names, "author"), (raw[len(names) :], "O")])
    assert len(ref.author) == count


@pytest.mark.parametrize(
    ("raw", "names", "after", "field", "value"),
    [
        ("Ode et al Graphs, 81:727-736 (1995)", "Ode et al Graphs", [(",", "O"),
         ("81", "volume"), (":", "O"), ("727-736", "page"), ("(1995)", "O")],
         "container-title", "Graphs"),
        ("Ode et al The Graph Cell, 1 : 569-578, 1989", "Ode et al The", [
         ("Graph Cell", "container-title"), (",", "O"), ("1", "volume"), (":", "O"),
         ("569-578", "page"), (",", "O"), ("1989", "issued")],
         "container-title", "The Graph Cell"),
        ("Ode, et al., Graphs 13(3), 329-339 (1989)", "Ode, et al., Graphs", [
         ("13", "volume"), ("(3), 329-339 (1989)", "O")], "container-title", "Graphs"),
    ],
)  # fmt: skip
def test_words_after_et_al_read_into_the_names_leave_them(
    raw: str, names: str, after: list[tuple[str, str]], field: str, value: str
) -> None:
    ref = _by_runs(raw, [(names, "author"), *after])
    assert [n.family for n in ref.author] == ["Ode"]
    assert ref.get(field) == value


def test_names_after_et_al_stay_names() -> None:
    raw = "S. Ode et al.P. Abe, J. Sato, Graph Lett. 103, 35 (2009)."
    spec = [("S. Ode et al.P. Abe, J. Sato", "author"), (",", "O"),
            ("Graph Lett.", "container-title"), ("103", "volume"), (",", "O"), ("35", "page"),
            ("(2009).", "O")]  # fmt: skip
    assert len(_by_runs(raw, spec).author) >= 2


def test_the_titles_last_sentence_read_into_the_journal_is_the_titles() -> None:
    raw = (
        "Ode K, Abe T. A survey of graph colouring. The Oslo Graph Study. "
        "Arch Graph Med 1991; 151: 933-8."
    )
    spec = [("Ode K, Abe T", "author"), (".", "O"), ("A survey of graph colouring", "title"),
            (".", "O"), ("The Oslo Graph Study. Arch Graph Med", "container-title"),
            ("1991", "issued"), (";", "O"), ("151", "volume"), (":", "O"), ("933-8", "page"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.get("container-title")) == (
        "A survey of graph colouring. The Oslo Graph Study",
        "Arch Graph Med",
    )


@pytest.mark.parametrize("journal", ["Energy Environ. Sci.", "Class. Quantum Grav."])
def test_a_journals_abbreviations_are_no_sentence_of_the_title(journal: str) -> None:
    raw = f"Ode K. Graph kernels for solar cells. {journal} 12, 1910-1917."
    spec = [("Ode K", "author"), (".", "O"), ("Graph kernels for solar cells", "title"),
            (".", "O"), (journal, "container-title"), ("12", "volume"), (",", "O"),
            ("1910-1917", "page"), (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("container-title") == journal


def test_a_volume_before_a_bracketed_year_inside_the_pages_run() -> None:
    raw = "K. Ode, T. Abe, Graph. Rev. C 47 (1993) R2470."
    spec = [("K. Ode, T. Abe", "author"), (",", "O"), ("Graph. Rev. C", "container-title"),
            ("47 (1993) R2470", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("volume"), ref.get("page")) == ("47", "R2470")


def test_a_number_left_between_the_journal_and_a_bracketed_year_is_the_volume() -> None:
    raw = "Ode K. et al., GRAPHINST, 9 (2014) P03016."
    spec = [("Ode K. et al.", "author"), (",", "O"), ("GRAPHINST", "container-title"),
            (", 9 (", "O"), ("2014", "issued"), (") P", "O"), ("03016", "page"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("volume"), ref.get("page")) == ("9", "P03016")


@pytest.mark.parametrize(
    ("raw", "names", "family", "title"),
    [
        ("山田太郎, 図形の理論を考える, 図形研究, 2018.", "山田太郎, 図形の理論を考える", "山田",
         "図形の理論を考える"),
        ("李明, 从 图形 看理论的发展, 图形研究, 2018.", "李明, 从 图形 看理论的发展", "李",
         "从 图形 看理论的发展"),
        ("高橋 翼, 図形理論と日本の図形研究史, 図形研究, 2018.",
         "高橋 翼, 図形理論と日本の図形研究史", "高橋", "図形理論と日本の図形研究史"),
    ],
)  # fmt: skip
def test_a_cjk_phrase_in_the_names_is_the_title(
    raw: str, names: str, family: str, title: str
) -> None:
    spec = [(names, "author"), (",", "O"), ("图形研究" if "图" in raw else "図形研究",
            "container-title"), (", 2018.", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert len(ref.author) == 1 and ref.author[0].family.startswith(family)
    assert ref.get("title") == title


def test_cjk_names_between_commas_stay_names() -> None:
    raw = "山田太郎, 鈴木花子, 図形研究, 2018."
    spec = [("山田太郎, 鈴木花子", "author"), (",", "O"), ("図形研究", "container-title"),
            (", 2018.", "O")]  # fmt: skip
    assert [n.family for n in _by_runs(raw, spec).author] == ["山田", "鈴木"]


@pytest.mark.parametrize(
    ("raw", "body", "title"),
    [
        ("U.S. Graph Library of Kernels. The graph atlas, 2015.",
         "U.S. Graph Library of Kernels", "The graph atlas"),
        ("U.K. Board of Graph Standards. Annual graph report, 2019.",
         "U.K. Board of Graph Standards", "Annual graph report"),
    ],
)  # fmt: skip
def test_a_body_opening_with_a_countrys_initials_is_the_author(
    raw: str, body: str, title: str
) -> None:
    head = raw[: raw.index(",")]
    spec = [(raw[:2], "O"), (head[2:], "title"), (raw[len(head) :], "O")]
    ref = _by_runs(raw, spec)
    assert [n.literal for n in ref.author] == [body]
    assert ref.get("title") == title


@pytest.mark.parametrize(
    ("raw", "names", "title"),
    [
        ("Kai Ode: Graphen. In: H. Abe (Hrsg.) Handbuch der Graphen. Graf, Berlin 1984.",
         "Kai Ode: Graphen", "Graphen"),
        ("Mia Ode: On Graph Names. Journal of Graph Studies, Vol. 21, 2017, 214-254",
         "Mia Ode: On Graph Names", "On Graph Names"),
    ],
)  # fmt: skip
def test_words_after_a_colon_in_the_names_are_the_title(raw: str, names: str, title: str) -> None:
    ref = _by_runs(raw, [(names, "author"), (raw[len(names) :], "O")])
    assert [n.family for n in ref.author] == ["Ode"]
    assert ref.get("title") == title


@pytest.mark.parametrize("label", ["container-title", "note"])
def test_a_subtitle_after_the_colon_read_as_another_field_is_the_titles(label: str) -> None:
    raw = "Ode, K. (2006). The Graph Project: Creation of a Corpus of Graphs. Oslo: Graph Press."
    spec = [("Ode, K.", "author"), ("(", "O"), ("2006", "issued"), (").", "O"),
            ("The Graph Project", "title"), (":", "O"), ("Creation of a Corpus of Graphs", label),
            (".", "O"), ("Oslo", "publisher-place"), (":", "O"), ("Graph Press", "publisher"),
            (".", "O")]  # fmt: skip
    if label == "container-title":  # (a container is the subtitle only where no imprint follows)
        spec = spec[:8]
        raw = raw[: raw.index(" Oslo")]
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "The Graph Project: Creation of a Corpus of Graphs"


def test_a_journal_or_a_note_after_the_titles_colon_stays() -> None:
    raw = "Ode, K. (2006). Graphs: Graph Letters 12, 3-4."
    spec = [("Ode, K.", "author"), ("(", "O"), ("2006", "issued"), (").", "O"),
            ("Graphs", "title"), (":", "O"), ("Graph Letters", "container-title"),
            ("12", "volume"), (",", "O"), ("3-4", "page"), (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("container-title") == "Graph Letters"
    raw = "Ode, K. (2006). Graphs: Unpublished doctoral dissertation. Oslo: Graph University."
    spec = [("Ode, K.", "author"), ("(", "O"), ("2006", "issued"), (").", "O"),
            ("Graphs", "title"), (":", "O"), ("Unpublished doctoral dissertation", "note"),
            (".", "O"), ("Oslo", "publisher-place"), (":", "O"),
            ("Graph University", "publisher"), (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("title") == "Graphs"


def test_an_edition_read_as_the_title_after_the_book_read_as_the_container() -> None:
    raw = "Ode, Graph Systems, 3rd Ed. (Wiley & Sons 1994)"
    spec = [("Ode", "author"), (",", "O"), ("Graph Systems", "container-title"), (", 3", "O"),
            ("rd Ed", "title"), (". (", "O"), ("Wiley & Sons", "publisher"), ("1994", "issued"),
            (")", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.get("container-title")) == ("Graph Systems", "")
    raw = "Ode, K. Self-Organizing Graphs, 3rd edn 2001 Springer Heidelberg"
    spec = [("Ode, K.", "author"), ("Self-Organizing Graphs, 3rd edn", "title"),
            ("2001", "issued"), ("Springer", "publisher"),
            ("Heidelberg", "publisher-place")]  # fmt: skip
    assert _by_runs(raw, spec).get("title") == "Self-Organizing Graphs"


@pytest.mark.parametrize("journal", ["GRAPHJ", "Phys. Rev. Lett."])
def test_a_title_and_an_abbreviated_journal_after_its_comma_read_as_one_container(
    journal: str,
) -> None:
    raw = f"K. Ode and T. Abe, Soft Graphs, {journal} 05 (2014) 146."
    spec = [("K. Ode and T. Abe", "author"), (",", "O"),
            (f"Soft Graphs, {journal}", "container-title"), ("05", "volume"), ("(", "O"),
            ("2014", "issued"), (")", "O"), ("146", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.get("container-title")) == ("Soft Graphs", journal)


def test_a_journal_with_a_comma_of_its_own_stays_one_container() -> None:
    raw = "K. Ode, Chaos, Solitons and Fractals 12 (2014) 146."
    spec = [("K. Ode", "author"), (",", "O"),
            ("Chaos, Solitons and Fractals", "container-title"), ("12", "volume"), ("(", "O"),
            ("2014", "issued"), (")", "O"), ("146", "page"), (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("container-title") == "Chaos, Solitons and Fractals"


@pytest.mark.parametrize("label", ["author", "publisher", "title"])
def test_a_journal_cited_alone_with_its_numbers_is_the_container(label: str) -> None:
    raw = "Int. J. Graphs (2009) 23, 1587–1597."
    spec = [("Int. J. Graphs", label), ("(", "O"), ("2009", "issued"), (")", "O"),
            ("23", "volume"), (",", "O"), ("1587–1597", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("container-title") == "Int. J. Graphs"


def test_names_before_the_date_and_a_journal_read_as_a_place_stay_names() -> None:
    raw = "Ode K.Y., 1998, Graphs, 23 (5), 594."
    spec = [("Ode K.Y.", "author"), (",", "O"), ("1998", "issued"), (",", "O"),
            ("Graphs", "publisher-place"), (",", "O"), ("23", "volume"), ("(", "O"),
            ("5", "issue"), ("),", "O"), ("594", "page"), (".", "O")]  # fmt: skip
    assert [n.family for n in _by_runs(raw, spec).author] == ["Ode"]


def test_a_venue_acronym_and_the_year_ending_the_entry_read_as_the_publisher() -> None:
    raw = "K. Ode and T. Abe, “From graphs to regions,” GRPR, 2009."
    spec = [("K. Ode and T. Abe", "author"), (", “", "O"), ("From graphs to regions", "title"),
            (",” ", "O"), ("GRPR", "publisher"), (",", "O"), ("2009", "issued"),
            (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("container-title") == "GRPR"
    raw = raw.replace("GRPR", "AMS")
    spec[4] = ("AMS", "publisher")
    ref = _by_runs(raw, spec)
    assert (ref.get("publisher"), ref.get("container-title")) == ("AMS", "")


def test_a_journal_read_as_the_publisher_before_the_year_and_its_volume() -> None:
    raw = 'Ode Karl, "Graph Norms", Graph Quarterly, 1999, vol. 27, pp. 529-559.'
    spec = [("Ode Karl", "author"), (', "', "O"), ("Graph Norms", "title"),
            ('",', "O"), ("Graph Quarterly", "publisher"), (",", "O"), ("1999", "issued"),
            (", vol.", "O"), ("27", "volume"), (", pp.", "O"), ("529-559", "page"),
            (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("container-title") == "Graph Quarterly"


@pytest.mark.parametrize(
    ("imprint", "publisher", "place"),
    [
        ("Graph Press, 2006", "Graph Press", ""),
        ("Graph-Hill, New York, 1997", "Graph-Hill", "New York"),
    ],
)
def test_a_bracketed_imprint_after_a_books_title(imprint: str, publisher: str, place: str) -> None:
    raw = f"K. Ode and T. Abe, Digital Graph Processing ({imprint})."
    words, year = imprint.rsplit(", ", 1)
    spec = [("K. Ode and T. Abe", "author"), (",", "O"), ("Digital Graph Processing", "title"),
            ("(", "O"), (words, "publisher-place"), (",", "O"), (year, "issued"),
            (").", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("publisher"), ref.get("publisher-place")) == (publisher, place)


def test_a_place_alone_in_brackets_after_a_title_stays_the_place() -> None:
    raw = "K. Ode, Digital Graph Processing (New York, 1997)."
    spec = [("K. Ode", "author"), (",", "O"), ("Digital Graph Processing", "title"),
            ("(", "O"), ("New York", "publisher-place"), (",", "O"), ("1997", "issued"),
            (").", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("publisher"), ref.get("publisher-place")) == ("", "New York")


def test_a_word_for_in_opening_a_books_title_is_no_part_of_it() -> None:
    raw = "K. ODE. Dans Graph kinetics. Éditeur : L. A. Abe. Graph Press, Paris. 1977."
    spec = [("K. ODE", "author"), (".", "O"), ("Dans Graph kinetics", "title"), (".", "O"),
            ("Éditeur :", "O"), ("L. A. Abe", "editor"), (".", "O"),
            ("Graph Press", "publisher"), (",", "O"), ("Paris", "publisher-place"), (".", "O"),
            ("1977", "issued"), (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("title") == "Graph kinetics"
    raw = "Ode, Karl, editor. In the Embrace of the Graph. Graph Press, 2011."
    spec = [("Ode, Karl", "editor"), (", editor.", "O"),
            ("In the Embrace of the Graph", "title"), (".", "O"), ("Graph Press", "publisher"),
            (",", "O"), ("2011", "issued"), (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("title") == "In the Embrace of the Graph"


@pytest.mark.parametrize(
    ("raw", "names", "families"),
    [
        ('Kai Ode and Tim Abe (Graph Telephone and Telegraph). "Graph kernels," Proc. 8th GC.',
         "Kai Ode and Tim Abe (Graph Telephone and Telegraph)", ["Ode", "Abe"]),
        ("Ode I(GRAPH Collaboration). Graph Conf. Proc., 2006, 870: 712.",
         "Ode I(GRAPH Collaboration)", ["Ode"]),
        ("K. Ode, T. Abe ( GRAPHS), Graph Lett. 12, 75 (2016).", "K. Ode, T. Abe ( GRAPHS)",
         ["Ode", "Abe"]),
    ],
)  # fmt: skip
def test_words_in_brackets_ending_the_names_are_no_name(
    raw: str, names: str, families: list[str]
) -> None:
    ref = _by_runs(raw, [(names, "author"), (raw[len(names) :], "O")])
    assert [n.family for n in ref.author] == families


def test_a_year_parting_the_title_and_the_journal_read_as_one_run() -> None:
    raw = "Ode, M. The Strength of Weak Graphs 1973 American Journal of Graphs 78 1360--1380"
    spec = [("Ode, M.", "author"),
            ("The Strength of Weak Graphs 1973 American Journal of Graphs", "container-title"),
            ("78", "volume"), ("1360--1380", "page")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.get("container-title")) == (
        "The Strength of Weak Graphs",
        "American Journal of Graphs",
    )
    assert ref.issued is not None and ref.issued.year == 1973


def test_a_titles_in_read_as_a_books_before_an_abbreviated_journal() -> None:
    raw = "K. Ode and T. Abe, Graph Safety in Perturbative Graphs, Phys. Rev. D 91 (2015) 111501."
    spec = [("K. Ode and T. Abe", "author"), (",", "O"), ("Graph Safety", "title"), ("in", "O"),
            ("Perturbative Graphs, Phys. Rev. D", "container-title"), ("91", "volume"),
            ("(", "O"), ("2015", "issued"), (")", "O"), ("111501", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.get("container-title")) == (
        "Graph Safety in Perturbative Graphs",
        "Phys. Rev. D",
    )


def test_names_written_out_alone_in_a_title_run_before_the_title_are_the_authors() -> None:
    raw = "Kai-Lu Ode, Tim-Yo Abe, Ola-Ta Sato and Ana Kern, 'Graph kernels for users,' Graph Lett."
    spec = [("Kai-Lu Ode, Tim-Yo Abe", "author"), (",", "O"),
            ("Ola-Ta Sato and Ana Kern", "title"), (", '", "O"),
            ("Graph kernels for users", "title"), (",' Graph Lett.", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert [n.family for n in ref.author] == ["Ode", "Abe", "Sato", "Kern"]
    assert ref.get("title") == "Graph kernels for users"
    # a title in capitalised words with "and" after a list that has its "and" stays a title
    raw = (
        "R. Ode, F. Abe, and L. Sato, Graph Description and Simulation Tool. Oslo, 1994. Long Note."
    )
    spec = [("R. Ode, F. Abe, and L. Sato", "author"), (",", "O"),
            ("Graph Description and Simulation Tool", "title"), (".", "O"),
            ("Oslo", "publisher-place"), (",", "O"), ("1994", "issued"), (".", "O"),
            ("Long Note", "title"), (".", "O")]  # fmt: skip
    assert [n.family for n in _by_runs(raw, spec).author] == ["Ode", "Abe", "Sato"]


@pytest.mark.parametrize(
    ("spec", "families"),
    [
        # an unlabelled comma parts the run
        ([("Ana Maria Ode", "author"), (",", "O"), ("Tim Abe, Li Sato, and Kai Kern", "author"),
          (".", "O"), ("Graph kernels", "title"), (". In GKC, 2015.", "O")],
         ["Ode", "Abe", "Sato", "Kern"]),
        # a name inside the list read as an editor's
        ([("Ana B Ode", "author"), (",", "O"), ("Tim E Abe", "editor"),
          (", and Kai T Kern", "author"), (".", "O"), ("Graph kernels", "title"),
          (". Graph Lett. 111(24):8788.", "O")],
         ["Ode", "Abe", "Kern"]),
        # the list's last names read as the editors', the date after them
        ([("ODELL S., ABEL B., SATO A.", "author"), (",", "O"), ("KERN B. & LOTT M.", "editor"),
          (",", "O"), ("(", "O"), ("2013", "issued"), (")", "O"),
          ("Analyse des graphes", "title"), (".", "O")],
         ["ODELL", "ABEL", "SATO", "KERN", "LOTT"]),
        # a body and the names after it stay as read
        ([("GRAPH Collaboration", "author"), (",", "O"), ("K. Ode et al.", "author"),
          (",", "O"), ("Graph kernels", "title"), (", Graph Lett. 9 (2016) 1.", "O")],
         ["GRAPH Collaboration"]),
    ],
)  # fmt: skip
def test_a_name_list_parted_by_a_comma_is_one_list(
    spec: list[tuple[str, str]], families: list[str]
) -> None:
    raw = "".join(text if text[:1] in ".,)" else " " + text for text, _ in spec).strip()
    ref = _by_runs(raw, spec)
    assert [n.family or n.literal for n in ref.author] == families


def test_an_mla_films_credits() -> None:
    raw = "The Graph. Dir. Karl Ode. Perf. Anna Roe. Graph Pictures, Santa Monica, Calif., 1996."
    spec = [("The Graph", "author"), (". Dir.", "O"), ("Karl Ode", "title"), (". Perf.", "O"),
            ("Anna Roe. Graph Pictures", "note"), (",", "O"),
            ("Santa Monica, Calif", "publisher-place"), (".,", "O"), ("1996", "issued"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.get("publisher"), ref.get("publisher-place")) == (
        "The Graph",
        "Graph Pictures",
        "Santa Monica, Calif",
    )
    assert [n.family for n in ref.author] == ["Ode"]


@pytest.mark.parametrize(
    ("spec", "families"),
    [
        ([("Ode KI, Abe S, Sato D", "author"), (",", "O"), ("Kern N Graphs", "container-title"),
          ("1992", "issued"), ("; 31, pages 5-9.", "O")],
         ["Ode", "Abe", "Sato", "Kern"]),
        ([("Ode J-CJ, Abe C, Sato D", "author"), (",", "O"),
          ("Kern MJ: Graph kernels in cells", "title"), (". Graph Lett 1999; 3:1-9.", "O")],
         ["Ode", "Abe", "Sato", "Kern"]),
    ],
)  # fmt: skip
def test_the_last_vancouver_names_read_as_the_next_field_are_the_lists(
    spec: list[tuple[str, str]], families: list[str]
) -> None:
    raw = "".join(text if text[:1] in ".,;)" else " " + text for text, _ in spec).strip()
    ref = _by_runs(raw, spec)
    assert [n.family for n in ref.author] == families


@pytest.mark.parametrize(
    ("spec", "family"),
    [
        ([("김영수. 그래프 이론의 응용", "title"), (".", "O"), ("그래프연구", "container-title"),
          (", 41(4). 157-182 (2003).", "O")], "김"),
        ([("李明华", "title"), ("2016", "title"), (". 图形理论研究", "title"), (".", "O")], "李"),
    ],
)  # fmt: skip
def test_a_lone_cjk_name_opening_the_entry_is_the_author(
    spec: list[tuple[str, str]], family: str
) -> None:
    raw = "".join(text if text[:1] in ".,;)" else " " + text for text, _ in spec).strip()
    ref = _by_runs(raw, spec)
    assert [n.family for n in ref.author] == [family]


@pytest.mark.parametrize(
    ("spec", "families"),
    [
        ([("Odell D. T graph kernels of cells", "title"), (".", "O"),
          ("Annu Graph Rev", "container-title"), ("1996; 14:259-274.", "O")], ["Odell"]),
        ([("Odeyemi J", "publisher"), ("2016", "issued"), ("PhD Thesis University of Oslo", "O")],
         ["Odeyemi"]),
        ([("Odeyemi J et al", "O"), ("2017", "issued"), ("Graph Lett. 48 343", "O")],
         ["Odeyemi"]),
        # a journal's name: "Karnataka J. Agric. Sci." is no name
        ([("Oslo J. Chem. Sci.", "container-title"), (",19(4): 2006", "O")], []),
        ([("Oslo J. of Graphs", "container-title"), (", Vol. 35, No. 9, 1999", "O")], []),
    ],
)  # fmt: skip
def test_a_lone_vancouver_name_opening_the_entry_is_the_author(
    spec: list[tuple[str, str]], families: list[str]
) -> None:
    raw = "".join(text if text[:1] in ".,;)" else " " + text for text, _ in spec).strip()
    ref = _by_runs(raw, spec)
    assert [n.family for n in ref.author] == families


@pytest.mark.parametrize(
    ("raw", "names", "families"),
    [
        ("Ode, Kai J. Graphs, a Brazilian Graph County, 1850–1900. Oslo: Graf, 1957.",
         "Ode, Kai J. Graphs", ["Ode"]),
        ("Abe, Tim A. Graphs, kernels, and the cell. Graf Press, 1996.", "Abe, Tim A. Graphs",
         ["Abe"]),
    ],
)  # fmt: skip
def test_one_name_written_family_first_with_a_middle_initial_ends_at_its_stop(
    raw: str, names: str, families: list[str]
) -> None:
    ref = _by_runs(raw, [(names, "author"), (raw[len(names) :], "O")])
    assert [n.family for n in ref.author] == families
    assert next(n.given for n in ref.author).startswith(names.split(", ")[1][:3])


@pytest.mark.parametrize(("word", "genre"), [("Diss", "Diss"), ("Print", "")])
def test_a_one_word_kind_or_medium_sentence_ending_the_title(word: str, genre: str) -> None:
    raw = f"Ode, Karl. Foundations of Graphs: Primary Scenes. {word}. University of Oslo, 2005."
    spec = [("Ode, Karl", "author"), (".", "O"),
            (f"Foundations of Graphs: Primary Scenes. {word}", "title"), (".", "O"),
            ("University of Oslo", "publisher"), (",", "O"), ("2005", "issued"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.get("genre")) == ("Foundations of Graphs: Primary Scenes", genre)


@pytest.mark.parametrize(("last", "journal"), [("Graphica", "Graphica"), ("Berlin", "")])
def test_one_word_after_a_title_case_titles_last_comma_before_the_volume(
    last: str, journal: str
) -> None:
    raw = f"M. C. Ode, Donors, Their Graphs, and Religious Innovation, {last}, 66, 1991, 27-42."
    spec = [("M. C. Ode", "author"), (",", "O"),
            (f"Donors, Their Graphs, and Religious Innovation, {last}", "title"), (",", "O"),
            ("66", "volume"), (",", "O"), ("1991", "issued"), (",", "O"), ("27-42", "page"),
            (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("container-title") == journal


def test_a_books_title_cut_at_a_lower_case_in() -> None:
    raw = "Karl Ode, White Graphs: Colouring and the economy of graphs in South Africa (1989)."
    spec = [("Karl Ode", "author"), (",", "O"),
            ("White Graphs: Colouring and the economy of graphs", "title"), ("in", "O"),
            ("South Africa", "container-title"), ("(", "O"), ("1989", "issued"),
            (").", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "White Graphs: Colouring and the economy of graphs in South Africa"


@pytest.mark.parametrize("joint", [", ", " "])
def test_a_titles_list_read_as_the_editors(joint: str) -> None:
    head = "Graphs and Romance: Studies in" + ("" if joint == " " else " Brown")
    raw = f"Ode, Karl. {head}{joint}Cooper, Hawthorne, and Melville. Oslo: Graph Press, 1989."
    spec = [("Ode, Karl", "author"), (".", "O"), (head, "title")]
    if joint == ", ":
        spec.append((",", "O"))
    spec += [("Cooper, Hawthorne, and Melville", "editor"), (".", "O"),
             ("Oslo", "publisher-place"), (":", "O"), ("Graph Press", "publisher"), (",", "O"),
             ("1989", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == f"{head}{joint}Cooper, Hawthorne, and Melville"
    assert not ref.editor


def test_an_encyclopedias_name_before_the_bracketed_pages_is_the_book() -> None:
    raw = (
        "Ode, K. (1980). Graphs and Graphing. World graph encyclopedia. (pp. 150-155). "
        "Chicago: Graph Book."
    )
    spec = [("Ode, K.", "author"), ("(", "O"), ("1980", "issued"), (").", "O"),
            ("Graphs and Graphing. World graph encyclopedia", "title"), (". (pp.", "O"),
            ("150-155", "page"), (").", "O"), ("Chicago", "publisher-place"), (":", "O"),
            ("Graph Book", "publisher"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.get("container-title")) == (
        "Graphs and Graphing",
        "World graph encyclopedia",
    )


@pytest.mark.parametrize(("last", "publisher"), [("Crown", "Crown"), ("A Novel", "")])
def test_a_publishers_sentence_ending_an_author_date_entry(last: str, publisher: str) -> None:
    raw = f"Ode, Karl and Anna Roe. 1992. Changing graphs: The world’s money. {last}."
    spec = [("Ode, Karl and Anna Roe", "author"), (".", "O"), ("1992", "issued"), (".", "O"),
            (f"Changing graphs: The world’s money. {last}", "title"), (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("publisher") == publisher


@pytest.mark.parametrize(
    ("raw", "journal", "spec"),
    [
        (
            "Ode K. Graph walking. Graph Ther. May 2005 10(2) 164-171.",
            "Graph Ther.",
            [("Ode K", "author"), (".", "O"), ("Graph walking", "title"), (".", "O"),
             ("Graph Ther. May", "container-title"), ("2005", "issued"), ("10", "volume"),
             ("(", "O"), ("2", "issue"), (")", "O"), ("164-171", "page"), (".", "O")],
        ),
        (
            'Ode, Karl. "Graph Shopping." New Grapher 15 Feb. 1993: 48-51.',
            "New Grapher",
            [("Ode, Karl", "author"), ('. "', "O"), ("Graph Shopping", "title"), ('."', "O"),
             ("New Grapher 15", "container-title"), ("Feb.", "O"), ("1993", "issued"),
             (":", "O"), ("48-51", "page"), (".", "O")],
        ),
        (
            "Ode K. Graph walking. Journal of graphs. 2011 44(4) 644-9.",
            "Journal of graphs",
            [("Ode K", "author"), (".", "O"), ("Graph walking", "title"), (".", "O"),
             ("Journal of graphs. 2011 44(4)", "container-title"), ("644-9", "page"),
             (".", "O")],
        ),
    ],
)  # fmt: skip
def test_the_date_read_into_the_journals_run(
    raw: str, journal: str, spec: list[tuple[str, str]]
) -> None:
    ref = _by_runs(raw, spec)
    assert ref.get("container-title") == journal


def test_a_year_in_a_venues_name_stays_where_the_date_is_read() -> None:
    raw = "Ode, K. 2003 Graph laws 2003 GRAPHCON 2003. LNCS 2825, 316-331."
    spec = [("Ode, K.", "author"), ("2003", "issued"), ("Graph laws", "title"),
            ("2003", "O"), ("GRAPHCON 2003", "container-title"), (".", "O"),
            ("LNCS", "collection-title"), ("2825", "volume"), (",", "O"), ("316-331", "page"),
            (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("container-title") == "GRAPHCON 2003"


def test_a_journal_parted_by_a_comma_read_as_a_second_title() -> None:
    raw = 'Ode, K. 2010. "Graph Resilience." Graphs: Science, Practice, Policy. 6(2): 1-12.'
    spec = [("Ode, K.", "author"), ("2010", "issued"), ('. "', "O"), ("Graph Resilience", "title"),
            ('."', "O"), ("Graphs: Science", "container-title"), (",", "O"),
            ("Practice, Policy", "title"), (".", "O"), ("6", "volume"), ("(", "O"),
            ("2", "issue"), ("):", "O"), ("1-12", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.get("container-title")) == (
        "Graph Resilience",
        "Graphs: Science, Practice, Policy",
    )


@pytest.mark.parametrize(
    ("raw", "spec"),
    [
        (
            "Ode, W. and Abe, S., Speech and graph dialog, Vol. 770, Springer, 2004.",
            [("Ode, W. and Abe, S.", "author"), (",", "O"),
             ("Speech and graph dialog", "container-title"), (", Vol.", "O"), ("770", "volume"),
             (",", "O"), ("Springer", "publisher"), (",", "O"), ("2004", "issued"), (".", "O")],
        ),
        (
            "Ode Jr., C. F. The Hydrolysis of Graphs, 1976, New York: Wiley Interscience.",
            [("Ode Jr., C. F.", "author"), ("The Hydrolysis of Graphs", "container-title"),
             (",", "O"), ("1976", "issued"), (",", "O"), ("New York", "publisher-place"),
             (":", "O"), ("Wiley Interscience", "publisher"), (".", "O")],
        ),
    ],
)  # fmt: skip
def test_a_books_title_read_as_a_container_before_its_volume_or_year(
    raw: str, spec: list[tuple[str, str]]
) -> None:
    ref = _by_runs(raw, spec)
    book = next(text for text, label in spec if label == "container-title")
    assert (ref.get("title"), ref.get("container-title")) == (book, "")


def test_apas_title_first_read_as_the_names() -> None:
    raw = "Good graphs. (1996, September). Graph University Magazine, 44(1), p. 8"
    spec = [("Good graphs", "author"), (". (", "O"), ("1996", "issued"), (", September).", "O"),
            ("Graph University Magazine", "container-title"), (",", "O"), ("44", "volume"),
            ("(", "O"), ("1", "issue"), ("), p.", "O"), ("8", "page")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.author) == ("Good graphs", [])


def test_names_before_the_bracketed_date_stay_names() -> None:
    raw = "Ode, K., & van der Berg, A. (1996). Graphs. Graph Magazine, 44(1), 8."
    spec = [("Ode, K., & van der Berg, A.", "author"), ("(", "O"), ("1996", "issued"),
            (").", "O"), ("Graphs", "title"), (".", "O"), ("Graph Magazine", "container-title"),
            (",", "O"), ("44", "volume"), ("(", "O"), ("1", "issue"), ("),", "O"),
            ("8", "page"), (".", "O")]  # fmt: skip
    assert [n.family for n in _by_runs(raw, spec).author] == ["Ode", "van der Berg"]


def test_a_book_and_its_translators_sentence_read_as_editors() -> None:
    raw = "Ode, Karl de. Grafoíma. Translated by E. A. Abe. New York: Graph House, 1984."
    spec = [("Ode, Karl de", "author"), (".", "O"),
            ("Grafoíma. Translated by E. A. Abe", "editor"), (".", "O"),
            ("New York", "publisher-place"), (":", "O"), ("Graph House", "publisher"),
            (",", "O"), ("1984", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.editor) == ("Grafoíma", [])


def test_one_vancouver_name_ends_at_the_stop_after_its_initials() -> None:
    raw = "Odell MP. Graphomycin. Graph Clin Proc 1991; 66:1165-1170."
    ref = _by_runs(raw, [("Odell MP. Graphomycin", "author"), (raw[21:], "O")])
    assert [n.family for n in ref.author] == ["Odell"]
    # two names parted by stops stay two names
    raw = "Ode DL. Abel JH. Graph kernels in cadets. J Graph Ther. 2004 34 3."
    ref = _by_runs(raw, [("Ode DL. Abel JH", "author"), (raw[15:], "O")])
    assert len(ref.author) == 2


def test_a_title_with_and_after_a_list_written_family_comma_initials_is_cut() -> None:
    raw = "Ode, L., Abel, J., Sato, R., Kern, C. Graphs and Regression Trees 1984 Graf, Oslo"
    names = "Ode, L., Abel, J., Sato, R., Kern, C. Graphs and Regression Trees"
    ref = _by_runs(raw, [(names, "author"), (raw[len(names) :], "O")])
    assert [n.family for n in ref.author] == ["Ode", "Abel", "Sato", "Kern"]
    # given names first, "and" before the last: the list goes on
    raw = "H. Ode, A. Abel and S. B. Kern. Graph kernels. Graf, Oslo, 2001."
    names = "H. Ode, A. Abel and S. B. Kern"
    ref = _by_runs(raw, [(names, "author"), (raw[len(names) :], "O")])
    assert [n.family for n in ref.author] == ["Ode", "Abel", "Kern"]


def test_a_bracket_closed_after_the_names_run_and_a_bodys_acronym() -> None:
    raw = "Ode I(GRAPH Collaboration). Graph Conf. Proc., 2006, 870: 712."
    names = "Ode I(GRAPH Collaboration"
    ref = _by_runs(raw, [(names, "author"), (raw[len(names) :], "O")])
    assert [n.family for n in ref.author] == ["Ode"]
    raw = "Graph Research Council (GRC), 2010, Graph worlds. Oslo: Graf."
    ref = _by_runs(raw, [("Graph Research Council (GRC)", "author"), (raw[28:], "O")])
    assert [n.literal for n in ref.author] == ["Graph Research Council (GRC)"]


@pytest.mark.parametrize(
    ("imprint", "publisher", "place"),
    [
        ("Graph Hamilton: London", "Graph Hamilton", "London"),
        ("Garden City, N.Y.: Graphday, Doran", "Graphday, Doran", "Garden City, N.Y"),
        ("Grafton, Mifflin & Co.: Boston & New York", "Grafton, Mifflin & Co", "Boston & New York"),
    ],
)
def test_a_place_and_a_publisher_around_a_colon_in_one_run(
    imprint: str, publisher: str, place: str
) -> None:
    raw = f"Ode, Karl. (1995). Trust in graphs. {imprint}, 1995."
    spec = [("Ode, Karl", "author"), (". (", "O"), ("1995", "issued"), (").", "O"),
            ("Trust in graphs", "title"), (".", "O"), (imprint, "publisher-place"), (",", "O"),
            ("1995", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("publisher"), ref.get("publisher-place")) == (publisher, place)


def test_a_series_with_the_pages_after_it_is_the_periodical() -> None:
    raw = (
        "Ode, P. (1983). Graph juncture. University of Oslo Occasional Papers in Graphs, 8, 76-105."
    )
    spec = [("Ode, P.", "author"), ("(", "O"), ("1983", "issued"), (").", "O"),
            ("Graph juncture", "title"), (".", "O"),
            ("University of Oslo Occasional Papers in Graphs", "collection-title"), (",", "O"),
            ("8", "volume"), (",", "O"), ("76-105", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("container-title") == "University of Oslo Occasional Papers in Graphs"


@pytest.mark.parametrize(
    ("raw", "spec"),
    [
        (
            "Ode, Anna. “How to Fix a Graph.” New Graph Times, November 2, 1997, sec. 4, 1+.",
            [("Ode, Anna", "author"), (". “", "O"), ("How to Fix a Graph", "title"), (".”", "O"),
             ("New Graph Times", "publisher-place"), (", November 2,", "O"),
             ("1997", "issued"), (", sec.", "O"), ("4", "volume"), (",", "O"), ("1+", "page"),
             (".", "O")],
        ),
        (
            'Ode, Karl. "Great Graphs." Graphweek 27 May 2002.',
            [("Ode, Karl", "author"), ('. "', "O"), ("Great Graphs", "title"), ('."', "O"),
             ("Graphweek 27 May 2002", "note"), (".", "O")],
        ),
    ],
)  # fmt: skip
def test_mlas_periodical_before_its_date(raw: str, spec: list[tuple[str, str]]) -> None:
    ref = _by_runs(raw, spec)
    assert ref.get("container-title") == spec[4][0].split(" 27")[0]


@pytest.mark.parametrize(
    ("middle", "book", "editors"),
    [
        ("In Famulus Graphi, ed. Gerald Abe", "Famulus Graphi", ["Abe"]),
        ("in D.R. Ode, ed, Graph-Alignment: Concepts", "Graph-Alignment: Concepts", ["Ode"]),
        ("In Structural and Statistical Graph Recognition, eds. Terry Roe and Adnan Amin",
         "Structural and Statistical Graph Recognition", ["Roe", "Amin"]),
    ],
)  # fmt: skip
def test_a_book_and_its_editors_read_as_editors(middle: str, book: str, editors: list[str]) -> None:
    raw = f"Ode, Karl. “Graph Biscop.” {middle}. London, 1976. Pp. 3–29."
    word = middle.split(" ", 1)[0]
    spec = [("Ode, Karl", "author"), (". “", "O"), ("Graph Biscop", "title"), (".”", "O"),
            (word, "O"), (middle[len(word) + 1 :], "editor"), (".", "O"),
            ("London", "publisher-place"), (",", "O"), ("1976", "issued"), (". Pp.", "O"),
            ("3–29", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("container-title"), [x.family for x in ref.editor]) == (book, editors)


@pytest.mark.parametrize(("roman", "volume"), [("LXV", "LXV"), ("MIX", "MIX"), ("XIVV", "")])
def test_a_roman_volume_after_the_journal_read_as_the_publisher(roman: str, volume: str) -> None:
    raw = f'Ode, A. "Elements of a Graph." Psychological Graphs, {roman}, 1958, pp. 151-166.'
    spec = [("Ode, A.", "author"), ('"', "O"), ("Elements of a Graph", "title"), ('."', "O"),
            ("Psychological Graphs", "container-title"), (",", "O"), (roman, "publisher"),
            (",", "O"), ("1958", "issued"), (", pp.", "O"), ("151-166", "page"),
            (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("volume") == volume


def test_a_quoted_title_read_as_a_container_before_in_and_the_journal() -> None:
    raw = "Ode, Karl (1997), 'Die Graph-Schicht der Generation,' in Berliner Graphen, Vol. 7."
    spec = [("Ode, Karl", "author"), ("(", "O"), ("1997", "issued"), ("), '", "O"),
            ("Die Graph-Schicht der Generation", "container-title"), (",' in", "O"),
            ("Berliner Graphen", "container-title"), (", Vol.", "O"), ("7", "volume"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.get("container-title")) == (
        "Die Graph-Schicht der Generation",
        "Berliner Graphen",
    )


def test_a_collaboration_opening_the_entry_is_no_journal() -> None:
    raw = "G2K Collab. (K. Ode et al.), Graph. Rev. Lett. 107, 041801 (2011)."
    spec = [("G2K", "container-title"), ("Collab", "author"), (". (", "O"),
            ("K. Ode et al.", "author"), ("),", "O"), ("Graph. Rev. Lett.", "container-title"),
            ("107", "volume"), (",", "O"), ("041801", "page"), ("(", "O"), ("2011", "issued"),
            (").", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("container-title") == "Graph. Rev. Lett."


@pytest.mark.parametrize(
    ("spec", "families"),
    [
        # the family name before the comma and the initials that open the run
        ([("Graph kernels for cells", "title"), ("Odell", "title"), (",", "O"),
          ("M., C. Abel, J. Sato and C. Kern", "author"), ("2003 Graph Lett., 3: 1-9", "O")],
         ["Odell", "Abel", "Sato", "Kern"]),
        ([("Cite:", "O"), ("Odell", "publisher"), (", P.A., Abel, M.S., Sato, K.M.", "author"),
          ("2009. Graph kernels.", "O")],
         ["Odell", "Abel", "Sato"]),
        # a Vancouver name before the comma
        ([("Graph kernels at the cell level", "title"), (".", "O"),
          ("Odell G", "container-title"), (", Abel NJW, Sato PE, Kern RM", "author"),
          (". Graph Lett. 2019.", "O")],
         ["Odell", "Abel", "Sato", "Kern"]),
        # the initials before the family name that opens the run
        ([("M.-Q.", "O"), ("Odell, H.-Y. Abel, J. G. Sato, and C. Kern", "author"),
          (", Graph notes, Graph Lett. B629 (2005) 27.", "O")],
         ["Odell", "Abel", "Sato", "Kern"]),
        # initials written before their family name: the title's word stays the title's
        ([("Graph Theory and Statistics", "title"), (",", "O"), ("V. E. Odell", "author"),
          (", Graf Books, 1968.", "O")],
         ["Odell"]),
    ],
)  # fmt: skip
def test_the_first_name_left_before_the_names_run_is_the_lists(
    spec: list[tuple[str, str]], families: list[str]
) -> None:
    raw = "".join(text if text[:1] in ".,;)" else " " + text for text, _ in spec).strip()
    ref = _by_runs(raw, spec)
    assert [n.family for n in ref.author] == families


def test_a_name_written_in_capitals_first_after_a_comma_goes_on_with_the_list() -> None:
    raw = "ODELL Yi-Shi, ABEL Mo-Lin. Sci. Graph., 1979, 11: 1072"
    spec = [("ODELL Yi-Shi", "author"), (",", "O"),
            ("ABEL Mo-Lin. Sci. Graph.", "container-title"), (", 1979, 11: 1072", "O")]  # fmt: skip
    assert [n.family for n in _by_runs(raw, spec).author] == ["ODELL", "ABEL"]
    # a body in capitals is no name
    raw = "GRAPH Collaboration, GRAPH Insertable Layer Report, GR-TDR-19, 2010."
    spec = [("GRAPH Collaboration", "author"), (",", "O"),
            ("GRAPH Insertable Layer Report", "title"), (", GR-TDR-19, 2010.", "O")]  # fmt: skip
    assert [n.literal for n in _by_runs(raw, spec).author] == ["GRAPH Collaboration"]


def test_a_lone_page_after_an_issue_mark_is_the_issue() -> None:
    raw = 'Ode K.: Graph akcje. „Gazeta Grafowa" 1997, nr 29.'
    spec = [("Ode K.", "author"), (":", "O"), ("Graph akcje", "title"), ('. „', "O"),
            ("Gazeta Grafowa", "container-title"), ('"', "O"), ("1997", "issued"),
            (", nr", "O"), ("29", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("issue"), ref.get("page")) == ("29", "")


def test_a_journal_after_the_titles_closing_quotation_mark() -> None:
    raw = "ODE, Karl, « Graphie », Formes, n°20, décembre 1931, p. 107."
    spec = [("ODE, Karl", "author"), (",", "O"), ("« Graphie », Formes", "title"),
            (", n°", "O"), ("20", "volume"), (", décembre", "O"), ("1931", "issued"),
            (", p.", "O"), ("107", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.get("container-title")) == ("Graphie", "Formes")


def test_one_initial_alone_before_a_headings_words_is_no_name() -> None:
    raw = "B. Positions and Honors Positions and Employment 1998-2000 Fellow, Division of Graphs"
    spec = [("B.", "author"), ("Positions and Honors Positions and Employment", "title"),
            ("1998-2000", "issued"), ("Fellow, Division of Graphs", "publisher")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert "Positions" not in [n.family for n in ref.author]
    assert ref.get("title").startswith("Positions and Honors")


def test_a_family_name_in_capitals_and_its_initial_end_at_the_stop() -> None:
    raw = "ODELL, F. L'Oiseau-Graphe se pose à Oslo. Lien graphe, 25/04/2013, pp. 16-18."
    names = "ODELL, F. L'Oiseau-Graphe se pose à Oslo"
    spec = [(names, "author"), (".", "O"), ("Lien graphe", "container-title"),
            (", 25/04/2013, pp. 16-18.", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert [n.family for n in ref.author] == ["ODELL"]


def test_a_group_whose_name_lost_its_space_opening_the_entry_is_the_author() -> None:
    raw = "GraphCollaboration .2014b ,A&A ,571 ,A20"
    spec = [("GraphCollaboration", "container-title"), (".", "O"), ("2014", "issued"),
            ("b ,", "O"), ("A&A", "container-title"), (",", "O"), ("571", "volume"),
            (",", "O"), ("A20", "page")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert [n.family or n.literal for n in ref.author] == ["GraphCollaboration"]
    assert ref.get("container-title") == "A&A"


@pytest.mark.parametrize(
    ("raw", "spec", "field", "value"),
    [
        ("塩津, '市町村合併の実証分析,' 会計検査研究, 第20號, pp.65-86, 2001.",
         [("塩津", "author"), (", '", "O"), ("市町村合併の実証分析", "title"), (",'", "O"),
          ("会計検査研究", "container-title"), (", 第20號, pp.", "O"), ("65-86", "page"),
          (",", "O"), ("2001", "issued"), (".", "O")], "issue", "20"),
        ("松掛 暢, 宇宙基本法 阪南論集 45巻 1号 (阪南大学学会, 2009).",
         [("松掛 暢", "author"), (",", "O"), ("宇宙基本法", "title"),
          ("阪南論集", "container-title"), ("45巻", "container-title"), ("1", "issue"),
          ("号 (", "O"), ("阪南大学学会", "publisher"), (",", "O"), ("2009", "issued"),
          (").", "O")], "volume", "45"),
    ],
)  # fmt: skip
def test_japanese_number_marks(
    raw: str, spec: list[tuple[str, str]], field: str, value: str
) -> None:
    assert _by_runs(raw, spec).get(field) == value


def test_a_cjk_society_after_the_journals_numbers_is_the_publisher() -> None:
    raw = "藤島亥治郎, 1930, 朝鮮建築史論, 建築雑誌 44(535), 日本建築学会, pp.1373-1376."
    spec = [("藤島亥治郎", "author"), (",", "O"), ("1930", "issued"), (",", "O"),
            ("朝鮮建築史論", "title"), (",", "O"), ("建築雑誌", "container-title"),
            ("44", "volume"), ("(", "O"), ("535", "issue"), ("),", "O"),
            ("日本建築学会", "container-title"), (", pp.", "O"), ("1373-1376", "page"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("container-title"), ref.get("publisher")) == ("建築雑誌", "日本建築学会")


def test_a_cjk_page_mark_read_into_the_pages_is_no_part_of_them() -> None:
    raw = "李文华, 2010, '关于中国生态补偿的思考', 资源科学, 第791-795页."
    spec = [("李文华", "author"), (",", "O"), ("2010", "issued"), (", '", "O"),
            ("关于中国生态补偿的思考", "title"), ("',", "O"), ("资源科学", "container-title"),
            (", 第", "O"), ("791-795页", "page"), (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("page") == "791-795"


@pytest.mark.parametrize(
    ("journal", "label", "rest"),
    [("마을", "O", ", 5, 15-27."), ("현장과학교육", "volume", ", 9(2), 72-84.")],
)
def test_a_korean_journal_after_the_title_before_its_numbers(
    journal: str, label: str, rest: str
) -> None:
    raw = f"구자인. (2020). 왜 마을농업인가. {journal}{rest}"
    volume = rest.strip(", ").split(",")[0].split("(")[0]
    spec = [
        ("구자인", "author"),
        (". (", "O"),
        ("2020", "issued"),
        (").", "O"),
        ("왜 마을농업인가", "title"),
        (".", "O"),
        (journal, label),
        (",", "O"),
        (volume, "volume"),
    ]
    spec += [(rest[rest.index(volume) + len(volume) :], "O")]
    ref = _by_runs(raw, spec)
    assert (ref.get("container-title"), ref.get("volume")) == (journal, volume)


def test_a_body_before_a_comma_opening_the_title_is_the_author() -> None:
    raw = "Graf Panel on Kernels in the Cell Chain, Scientific Opinion on Graphs. Graf J, 8, 1570."
    title = "Graf Panel on Kernels in the Cell Chain, Scientific Opinion on Graphs"
    spec = [(title, "title"), (". Graf J, 8, 1570.", "O")]
    ref = _by_runs(raw, spec)
    assert [n.literal for n in ref.author] == ["Graf Panel on Kernels in the Cell Chain"]
    assert ref.get("title") == "Scientific Opinion on Graphs"


def test_a_bodys_part_after_the_body_and_a_comma_signs_with_it() -> None:
    raw = "Graph Bar Association, Commission on Kernels in the Cell. (2016) A Glance at Graphs."
    spec = [("Graph Bar Association", "publisher"), (",", "O"),
            ("Commission on Kernels in the Cell", "title"), (". (", "O"), ("2016", "issued"),
            (")", "O"), ("A Glance at Graphs", "title"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert [n.literal for n in ref.author] == [
        "Graph Bar Association",
        "Commission on Kernels in the Cell",
    ]
    assert ref.get("title") == "A Glance at Graphs"


@pytest.mark.parametrize(
    ("tail", "label"),
    [(", 2213.", "issued"), ("518 , doi:10.1234/graph.518", "volume")],
)
def test_the_last_number_after_the_bracketed_date_is_the_page(tail: str, label: str) -> None:
    raw = f"K. Ode, Graph Lett. 41 (1987){tail}"
    page = tail.strip(" ,.").split()[0]
    spec = [("K. Ode", "author"), (",", "O"), ("Graph Lett.", "container-title"),
            ("41", "volume"), ("(", "O"), ("1987", "issued"), (")", "O")]  # fmt: skip
    if tail.startswith(","):
        spec += [(",", "O")]
    spec += [(page, label)]
    rest = tail[tail.index(page) + len(page) :]
    if "doi" in rest:
        spec += [(",", "O"), ("doi:", "O"), ("10.1234/graph.518", "DOI")]
    elif rest.strip():
        spec += [(rest.strip(), "O")]
    ref = _by_runs(raw, spec)
    assert (ref.get("volume"), ref.get("page")) == ("41", page)
    assert ref.issued is not None and ref.issued.year == 1987


@pytest.mark.parametrize(
    ("numbers", "expected"),
    [
        ("38 1983 1392-1410", ("38", "", "1392-1410", 1983)),
        ("17 L42", ("17", "", "L42", None)),
        ("41 3 126-131", ("41", "3", "126-131", None)),
    ],
)
def test_bare_numbers_read_into_the_pages_are_the_volume_year_and_issue(
    numbers: str, expected: tuple[str, str, str, int | None]
) -> None:
    raw = f"K. Ode, Graphes et noyaux, Annales G.R.C. {numbers}."
    spec = [("K. Ode", "author"), (",", "O"), ("Graphes et noyaux", "title"), (",", "O"),
            ("Annales G.R.C.", "container-title"), (numbers, "page"), (".", "O")]  # fmt: skip
    if expected[3] is None:
        raw = f"K. Ode (1983) Graphes et noyaux, Annales G.R.C. {numbers}."
        spec[1:2] = [("(", "O"), ("1983", "issued"), (")", "O")]
    ref = _by_runs(raw, spec)
    assert (ref.get("volume"), ref.get("issue"), ref.get("page")) == expected[:3]
    assert ref.issued is not None and ref.issued.year == 1983


def test_numbers_after_the_page_mark_stay_the_pages() -> None:
    raw = "K. Ode, Graphes et noyaux, La revue, p. 112 114."
    spec = [("K. Ode", "author"), (",", "O"), ("Graphes et noyaux", "title"), (",", "O"),
            ("La revue", "container-title"), (", p.", "O"), ("112 114", "page"),
            (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("page") == "112 114"


@pytest.mark.parametrize("gap", ["", " "])
def test_the_words_after_a_type_codes_double_slash_are_the_container(gap: str) -> None:
    raw = f"[4] 图一, 图二. 图核方法综述[C]//{gap}第十届全国图论会议论文集. 上海: 图论出版社, 2021: 56-67."  # noqa: E501
    title = f"图核方法综述[C]//{gap}第十届全国图论会议论文集"
    spec = [("[4]", "O"), ("图一, 图二", "author"), (".", "O"), (title, "title"), (".", "O"),
            ("上海", "publisher-place"), (":", "O"), ("图论出版社", "publisher"), (",", "O"),
            ("2021", "issued"), (":", "O"), ("56-67", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "图核方法综述"
    assert ref.get("container-title") == "第十届全国图论会议论文集"


@pytest.mark.parametrize(
    ("journal", "number", "date", "field"),
    [
        ("Graph Studies", "8", "1942", "volume"),
        ("Journal of Graphs,", "34", "January 1987", "volume"),
        ("JHEP", "09", "2007", "issue"),  # (numbered by the month: September's issue)
    ],
)
def test_the_one_number_before_the_bracketed_date_is_the_volume(
    journal: str, number: str, date: str, field: str
) -> None:
    raw = f"K. Ode, Graph kernels, {journal} {number} ({date}), 103-178."
    spec = [("K. Ode", "author"), (",", "O"), ("Graph kernels", "title"), (",", "O"),
            (journal.rstrip(","), "container-title")]  # fmt: skip
    if journal.endswith(","):
        spec += [(",", "O")]
    month, _, year = date.rpartition(" ")
    spec += [(number, "issue"), ("(", "O")]
    if month:
        spec += [(month, "O")]
    spec += [(year, "issued"), ("),", "O"), ("103-178", "page"), (".", "O")]
    ref = _by_runs(raw, spec)
    assert ref.get(field) == number
    assert ref.get("issue" if field == "volume" else "volume") == ""


@pytest.mark.parametrize(
    ("mark", "number", "field"), [("vol.", "2072", "volume"), ("no.", "1802", "issue")]
)
def test_a_marked_number_read_as_a_date_before_the_date_is_the_volume_or_issue(
    mark: str, number: str, field: str
) -> None:
    raw = f"K. Ode, Graph kernels, Graph Proceedings, {mark} {number}, pp. 45-57, 1984."
    spec = [("K. Ode", "author"), (",", "O"), ("Graph kernels", "title"), (",", "O"),
            ("Graph Proceedings", "container-title"), (f", {mark}", "O"), (number, "issued"),
            (", pp.", "O"), ("45-57", "page"), (",", "O"), ("1984", "issued"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get(field) == number
    assert ref.issued is not None and ref.issued.year == 1984


@pytest.mark.parametrize(("span", "label"), [("1832–1858", "issued"), ("1561-2", "page")])
def test_a_range_of_years_ending_a_title_is_its_period(span: str, label: str) -> None:
    raw = f"Graf, Ode. Letters and Graphs, {span}. London: Graph Press, 1989."
    spec = [("Graf, Ode", "author"), (".", "O"), ("Letters and Graphs", "title"), (",", "O"),
            (span, label), (".", "O"), ("London", "publisher-place"), (":", "O"),
            ("Graph Press", "publisher"), (",", "O"), ("1989", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == f"Letters and Graphs, {span}"
    assert ref.to_csl()["issued"] == {"date-parts": [[1989]]}
    assert not ref.get("page")


def test_a_range_of_years_in_a_books_title_before_its_subtitle() -> None:
    raw = "Ode, L. Graphs. In Trees, 1943-1955: Forests and Graphs, ed. K. Graf (Oslo: GP, 2001)."
    spec = [("Ode, L", "author"), (".", "O"), ("Graphs", "title"), (". In", "O"),
            ("Trees", "container-title"), (",", "O"), ("1943", "issued"), ("-1955:", "O"),
            ("Forests and Graphs", "container-title"), (", ed.", "O"), ("K. Graf", "editor"),
            ("(", "O"), ("Oslo", "publisher-place"), (":", "O"), ("GP", "publisher"), (",", "O"),
            ("2001", "issued"), (").", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("container-title") == "Trees, 1943-1955: Forests and Graphs"
    assert ref.to_csl()["issued"] == {"date-parts": [[2001]]}


def test_a_journals_pages_that_look_like_years_stay_pages() -> None:
    raw = "Ode, L. Graphs and trees. Graph Journal, 12, 1871-1880, 1999."
    spec = [("Ode, L", "author"), (".", "O"), ("Graphs and trees", "title"), (".", "O"),
            ("Graph Journal", "container-title"), (",", "O"), ("12", "volume"), (",", "O"),
            ("1871-1880", "page"), (",", "O"), ("1999", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("page") == "1871-1880"


@pytest.mark.parametrize(("tail", "issue"), [("11. 10. PMID:123456.", "10"), ("11. 10-19.", "")])
def test_the_number_after_the_volume_and_a_period_is_the_issue(tail: str, issue: str) -> None:
    raw = f'Ode, Kai (2010). "Graph kernels". In: Graph Biology {tail}'
    spec = [("Ode, Kai", "author"), ("(", "O"), ("2010", "issued"), (").", "O"),
            ('"', "O"), ("Graph kernels", "title"), ('". In:', "O"),
            ("Graph Biology", "container-title"), ("11", "volume"), (".", "O")]  # fmt: skip
    if issue:
        spec += [("10", "O"), (". PMID:", "O"), ("123456", "note"), (".", "O")]
    else:
        spec += [("10-19", "O"), (".", "O")]
    ref = _by_runs(raw, spec)
    assert (ref.get("volume"), ref.get("issue")) == ("11", issue)


def test_a_lists_last_name_after_and_left_unlabelled_is_the_lists() -> None:
    raw = "Graf, Maria, Karl Ode, and Jan Roe, Sparse Graphs and Trees, Oslo, 1990."
    spec = [("Graf, Maria, Karl Ode", "author"), (", and Jan Roe,", "O"),
            ("Sparse Graphs and Trees", "title"), (",", "O"), ("Oslo", "publisher-place"),
            (",", "O"), ("1990", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert [n.family for n in ref.author] == ["Graf", "Ode", "Roe"]
    assert ref.get("title") == "Sparse Graphs and Trees"


@pytest.mark.parametrize(
    ("pages", "mark", "expected"),
    [
        ("277497 -529", "", ("277", "497-529")),
        ("40212 -8", "", ("40", "212-8")),
        ("10231-5", "pp. ", ("", "10231-5")),  # (the page's mark: pages as printed)
        ("1750132-9", "", ("", "1750132-9")),  # (an article's number)
    ],
)
def test_a_volume_glued_to_the_first_page_is_parted_from_it(
    pages: str, mark: str, expected: tuple[str, str]
) -> None:
    raw = f"Ode K 2008 Graph kernels Commun. Graph Theory {mark}{pages}"
    spec = [("Ode K", "author"), ("2008", "issued"), ("Graph kernels", "title"),
            ("Commun. Graph Theory", "container-title")]  # fmt: skip
    if mark:
        spec += [(mark.strip(), "O")]
    ref = _by_runs(raw, [*spec, (pages, "page")])
    assert (ref.get("volume"), ref.get("page")) == expected


def test_the_number_opening_the_entry_before_its_names_is_no_page() -> None:
    raw = "32-Ode K, Abe T. Graph kernels. Graph Res. 2009; 108(1): 81-9."
    spec = [("32", "page"), ("-Ode K, Abe T", "author"), (".", "O"), ("Graph kernels", "title"),
            (".", "O"), ("Graph Res.", "container-title"), ("2009", "issued"), (";", "O"),
            ("108", "volume"), ("(", "O"), ("1", "issue"), ("):", "O"), ("81-9", "page"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("volume"), ref.get("page")) == ("108", "81-9")
    assert [n.family for n in ref.author] == ["Ode", "Abe"]


@pytest.mark.parametrize(
    ("numbers", "expected"),
    [
        ([("1704", "issue"), (",", "O"), ("134", "volume"), ("(", "O"), ("2017", "issued"),
          (").", "O")], ("1704", "", "134")),
        ([("0505", "issue"), ("(", "O"), ("2005", "issued"), (")", "O"), ("066", "page"),
          (".", "O")], ("0505", "", "066")),
        # two digits: the month's issue
        ([("09", "issue"), ("(", "O"), ("2007", "issued"), (")", "O"), ("126", "page"),
          (".", "O")], ("", "09", "126")),
    ],
)  # fmt: skip
def test_a_journal_numbered_by_the_month_has_its_year_and_month_for_the_volume(
    numbers: list[tuple[str, str]], expected: tuple[str, str, str]
) -> None:
    tail = " ".join(text for text, _ in numbers).replace(" ,", ",")
    raw = f"K. Ode, Graph kernels, JHEP {tail}"
    spec = [("K. Ode", "author"), (",", "O"), ("Graph kernels", "title"), (",", "O"),
            ("JHEP", "container-title"), *numbers]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("volume"), ref.get("issue"), ref.get("page")) == expected


def test_a_bracketed_range_of_years_inside_a_title_is_the_titles() -> None:
    raw = "Ode, L. Graph kernels in the village (2005-2008). Graph Journal, 12, 94-95. 2010."
    spec = [("Ode, L", "author"), (".", "O"), ("Graph kernels in the village", "title"),
            ("(", "O"), ("2005-2008", "page"), (").", "O"), ("Graph Journal", "container-title"),
            (",", "O"), ("12", "volume"), (",", "O"), ("94-95", "page"), (".", "O"),
            ("2010", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Graph kernels in the village (2005-2008)"
    assert (ref.get("page"), ref.to_csl()["issued"]) == ("94-95", {"date-parts": [[2010]]})


@pytest.mark.parametrize(
    ("raw", "spec", "title", "journal", "year"),
    [
        (
            "Graf L. Trends in graph kernels—Oslo, 1996. Graph Wkly Rep 1997;46:661-7.",
            [
                ("Graf L", "author"),
                (".", "O"),
                ("Trends in graph kernels—Oslo", "title"),
                (",", "O"),
                ("1996", "issued"),
                (".", "O"),
                ("Graph Wkly Rep", "container-title"),
                ("1997", "issued"),
                (";", "O"),
                ("46", "volume"),
                (":", "O"),
                ("661-7", "page"),
                (".", "O"),
            ],
            "Trends in graph kernels—Oslo, 1996",
            "Graph Wkly Rep",
            1997,
        ),
        (
            "Graf L. Graph surgery. Graphol 2000 2015;68:333-68.",
            [
                ("Graf L", "author"),
                (".", "O"),
                ("Graph surgery", "title"),
                (".", "O"),
                ("Graphol", "container-title"),
                ("2000 2015", "issued"),
                (";", "O"),
                ("68", "volume"),
                (":", "O"),
                ("333-68", "page"),
                (".", "O"),
            ],
            "Graph surgery",
            "Graphol 2000",
            2015,
        ),
    ],
)
def test_a_year_before_a_vancouver_date_is_part_of_a_name(
    raw: str, spec: list[tuple[str, str]], title: str, journal: str, year: int
) -> None:
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.get("container-title")) == (title, journal)
    assert ref.to_csl()["issued"] == {"date-parts": [[year]]}


def test_the_number_after_the_series_mark_is_the_journals_not_the_volume() -> None:
    raw = "Ode, K. 1909. Graphes. Bulletin de la Société des Graphes, ser. 2, 1(3): 120-132."
    spec = [("Ode, K.", "author"), ("1909", "issued"), (".", "O"), ("Graphes", "title"),
            (".", "O"), ("Bulletin de la Société des Graphes", "container-title"),
            (", ser.", "O"), ("2", "volume"), (",", "O"), ("1", "volume"), ("(", "O"),
            ("3", "issue"), ("):", "O"), ("120-132", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("volume"), ref.get("issue")) == ("1", "3")
    assert ref.get("container-title") == "Bulletin de la Société des Graphes, ser. 2"


@pytest.mark.parametrize(
    ("meeting", "runs"),
    [
        (
            "3rd International Conference on Graphs, ICG 2015",
            [
                ("3rd International Conference on Graphs", "container-title"),
                (",", "O"),
                ("ICG", "publisher"),
                ("2015", "issued"),
            ],
        ),
        (
            "Advances in Graph Systems 30: Annual Conference on Graph Systems 2017",
            [
                (
                    "Advances in Graph Systems 30: Annual Conference on Graph Systems",
                    "container-title",
                ),
                ("2017", "issued"),
            ],
        ),
    ],
)
def test_dblps_meeting_acronym_and_year_are_the_proceedings_name(
    meeting: str, runs: list[tuple[str, str]]
) -> None:
    raw = (
        f"Ana Ode and Li Graf. Sparse kernels. In {meeting}, Oslo, Norway, May 7-9, 2015,"
        " pages 1-9, 2015."
    )
    spec = [("Ana Ode and Li Graf", "author"), (".", "O"), ("Sparse kernels", "title"),
            (". In", "O"), *runs, (",", "O"), ("Oslo, Norway", "publisher-place"),
            (", May 7-9,", "O"), ("2015", "issued"), (", pages", "O"), ("1-9", "page"),
            (",", "O"), ("2015", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("container-title") == meeting
    assert not ref.get("publisher")


@pytest.mark.parametrize(
    ("numbers", "expected"),
    [
        ([("88", "volume"), ("(", "O"), ("2013", "issued"), (")", "O"), ("10", "volume"),
          (",", "O"), ("105030", "page"), (".", "O")], ("88", "10", "105030")),
        ([("18", "volume"), (",", "O"), ("4", "volume"), ("(", "O"), ("April", "O"),
          ("1975", "issued"), ("), pages", "O"), ("216-217", "page"), (".", "O")],
         ("18", "4", "216-217")),
    ],
)  # fmt: skip
def test_a_lone_second_volume_between_the_volume_and_the_page_is_the_issue(
    numbers: list[tuple[str, str]], expected: tuple[str, str, str]
) -> None:
    tail = " ".join(text for text, _ in numbers)
    raw = f"K. Ode, Graph kernels, Graph Rev. {tail}"
    spec = [("K. Ode", "author"), (",", "O"), ("Graph kernels", "title"), (",", "O"),
            ("Graph Rev.", "container-title"), *numbers]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("volume"), ref.get("issue"), ref.get("page")) == expected


@pytest.mark.parametrize(
    ("names", "families"),
    [("Ilya Grafov and Frank Oder", ["Grafov", "Oder"]), ("Celeste Grafova", ["Grafova"])],
)
def test_names_written_out_opening_a_title_run_are_the_authors(
    names: str, families: list[str]
) -> None:
    raw = f"{names}. Decoupled graph decay. In Conference on Graphs, 2019."
    spec = [(f"{names}. Decoupled graph decay", "title"), (". In", "O"),
            ("Conference on Graphs", "container-title"), (",", "O"), ("2019", "issued"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert [n.family for n in ref.author] == families
    assert ref.get("title") == "Decoupled graph decay"


def test_a_short_title_before_its_subtitle_stays_the_title() -> None:
    raw = "Graph Theory. Notes. Oslo: GP, 2019."
    spec = [("Graph Theory. Notes", "title"), (".", "O"), ("Oslo", "publisher-place"),
            (":", "O"), ("GP", "publisher"), (", ", "O"), ("2019", "issued"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert not ref.author


def test_a_lone_number_after_the_bracketed_issue_and_a_colon_is_the_page() -> None:
    raw = "J. Ode. Graph kernels. Journal of Graphs, 12(3):45, 2019."
    spec = [("J. Ode", "author"), (".", "O"), ("Graph kernels", "title"), (".", "O"),
            ("Journal of Graphs", "container-title"), (",", "O"), ("12", "volume"), ("(", "O"),
            ("3", "issue"), ("):", "O"), ("45", "volume"), (",", "O"), ("2019", "issued"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("volume"), ref.get("issue"), ref.get("page")) == ("12", "3", "45")


@pytest.mark.parametrize(
    ("tail", "spec", "volume"),
    [
        ("Volume II. Bologna: Graf, 1998.",
         [("Volume II", "title"), (".", "O"), ("Bologna", "publisher-place"), (":", "O"),
          ("Graf", "publisher"), (",", "O"), ("1998", "issued"), (".", "O")], "II"),
        ("Graphes, T. 5, Paris, 1998.",
         [("Graphes", "container-title"), (", T. 5,", "O"), ("Paris", "publisher-place"),
          (",", "O"), ("1998", "issued"), (".", "O")], "5"),
        # a volume's own title after its number stays the title's
        ("Volume 3: Sorting. Bologna: Graf, 1998.",
         [("Volume 3: Sorting", "title"), (".", "O"), ("Bologna", "publisher-place"),
          (":", "O"), ("Graf", "publisher"), (",", "O"), ("1998", "issued"), (".", "O")], ""),
    ],
)  # fmt: skip
def test_a_number_after_its_volume_mark_read_as_another_field_is_the_volume(
    tail: str, spec: list[tuple[str, str]], volume: str
) -> None:
    raw = f"Ode, Kai. Lettere di grafi; {tail}"
    runs = [("Ode, Kai", "author"), (".", "O"), ("Lettere di grafi", "title"), (";", "O")]
    ref = _by_runs(raw, [*runs, *spec])
    assert ref.get("volume") == volume


@pytest.mark.parametrize("volume", ["101B", "275 C"])
def test_a_lone_number_after_a_lettered_volume_and_a_comma_is_the_page(volume: str) -> None:
    raw = f"K. Ode, Graph Lett. {volume}, 139 (1981)."
    spec = [("K. Ode", "author"), (",", "O"), ("Graph Lett.", "container-title"),
            (volume, "volume"), (",", "O"), ("139", "volume"), ("(", "O"), ("1981", "issued"),
            (").", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("volume"), ref.get("page")) == (volume, "139")


def test_a_titles_last_words_after_its_in_read_as_the_journal_are_the_titles() -> None:
    raw = "Ode K, Graf L. Graph kernels and trees in Oslo and Bergen. Graph Care 2000;38:261-71."
    spec = [("Ode K, Graf L", "author"), (".", "O"), ("Graph kernels and trees", "title"),
            ("in", "O"), ("Oslo and Bergen. Graph Care", "container-title"), ("2000", "issued"),
            (";", "O"), ("38", "volume"), (":", "O"), ("261-71", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Graph kernels and trees in Oslo and Bergen"
    assert ref.get("container-title") == "Graph Care"


@pytest.mark.parametrize("note", ["Last accessed 2019-11-22", "(ac-cessed May 24, 2020)"])
def test_an_access_note_the_tagger_reads_on_into_the_url_is_none_of_it(note: str) -> None:
    raw = f"Graph Group. 2019. Graph API Specs. https://graph.example.org/api {note}."
    spec = [("Graph Group", "author"), (". 2019.", "O"), ("Graph API Specs", "title"),
            (".", "O"), (f"https://graph.example.org/api {note}", "URL"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("URL") == "https://graph.example.org/api"


def test_a_range_of_years_after_the_publisher_is_no_page() -> None:
    raw = "Ode, Kai. Graphes. 3 vols. Paris: Graf & Fils, 1974–1978."
    spec = [("Ode, Kai", "author"), (".", "O"), ("Graphes", "title"), (".", "O"),
            ("3 vols", "volume"), (".", "O"), ("Paris", "publisher-place"), (":", "O"),
            ("Graf & Fils", "publisher"), (",", "O"), ("1974–1978", "page"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("page") == ""
    assert ref.issued is not None and ref.issued.year == 1974


def test_pages_that_look_like_years_after_the_publisher_stay_where_the_entry_is_dated() -> None:
    raw = "Kai Ode. 2020. Graph kernels. In Graph Conference. GRAF, 1597–1607."
    spec = [("Kai Ode", "author"), (".", "O"), ("2020", "issued"), (".", "O"),
            ("Graph kernels", "title"), (". In", "O"), ("Graph Conference", "container-title"),
            (".", "O"), ("GRAF", "publisher"), (",", "O"), ("1597–1607", "page"),
            (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("page") == "1597–1607"


@pytest.mark.parametrize(("pages", "label"), [("39", "O"), ("28, 29", "volume")])
def test_the_numbers_after_the_bracketed_imprint_are_the_pages(pages: str, label: str) -> None:
    raw = f"Kai Ode, Graph Communities, rev. ed. (London: Graf, 1991), {pages}."
    spec = [("Kai Ode", "author"), (",", "O"), ("Graph Communities", "title"),
            (", rev. ed. (", "O"), ("London", "publisher-place"), (":", "O"),
            ("Graf", "publisher"), (",", "O"), ("1991", "issued"), ("),", "O"),
            (pages, label), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("page"), ref.get("volume")) == (pages, "")


def test_names_left_unlabelled_before_the_quoted_title_are_the_authors() -> None:
    raw = 'Jane Grafova "Sparse kernels on graphs" Journal of Graphs, Vol. 12 (2019), pp. 45-67'
    spec = [('Jane Grafova "', "O"), ("Sparse kernels on graphs", "title"), ('"', "O"),
            ("Journal of Graphs", "container-title"), (", Vol.", "O"), ("12", "volume"),
            ("(", "O"), ("2019", "issued"), ("), pp.", "O"), ("45-67", "page")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert [n.family for n in ref.author] == ["Grafova"]


@pytest.mark.parametrize(
    ("raw", "spec", "expected"),
    [
        ("Ode K. Graph kernels: p53 and trees. Graph Res 1996; 1:136-142.",
         [("Ode K", "author"), (".", "O"), ("Graph kernels:", "title"), ("p53", "page"),
          ("and trees", "title"), (".", "O"), ("Graph Res", "container-title"),
          ("1996", "issued"), (";", "O"), ("1", "volume"), (":", "O"), ("136-142", "page"),
          (".", "O")], ("136-142", 1996)),
        ("K. Ode, 'Graph studies 1978-1983', GS 83 (1989-1990), pp. 393-461.",
         [("K. Ode", "author"), (", '", "O"), ("Graph studies 1978-1983", "title"),
          ("',", "O"), ("GS", "container-title"), ("83", "volume"), ("(", "O"),
          ("1989-1990", "page"), ("), pp.", "O"), ("393-461", "page"), (".", "O")],
         ("393-461", 1989)),
        # the first pages are printed where pages are: the later ones are no reason to drop them
        ("K. Ode, Graph Rev. 94:102301, 2005; Erratum, 96:039901.",
         [("K. Ode", "author"), (",", "O"), ("Graph Rev.", "container-title"), ("94", "volume"),
          (":", "O"), ("102301", "page"), (",", "O"), ("2005", "issued"),
          ("; Erratum,", "O"), ("96", "volume"), (":", "O"), ("039901", "page"), (".", "O")],
         ("102301", 2005)),
    ],
)  # fmt: skip
def test_page_runs_before_the_marked_pages_are_no_pages(
    raw: str, spec: list[tuple[str, str]], expected: tuple[str, int]
) -> None:
    ref = _by_runs(raw, spec)
    assert ref.get("page") == expected[0]
    assert ref.issued is not None and ref.issued.year == expected[1]


def test_a_bracketed_month_read_into_the_volume_is_the_dates() -> None:
    raw = 'Ode, K. "Graph kernels," Graphica, Vol. XV (April, 1947), 12-19.'
    spec = [("Ode, K", "author"), ('. "', "O"), ("Graph kernels", "title"), (',"', "O"),
            ("Graphica", "container-title"), (", Vol.", "O"), ("XV (April", "volume"),
            (",", "O"), ("1947", "issued"), ("),", "O"), ("12-19", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("volume") == "XV"
    assert ref.to_csl()["issued"] == {"date-parts": [[1947, 4]]}


@pytest.mark.parametrize(
    ("numbers", "expected"),
    [
        ([("54", "volume"), (",", "O"), ("385", "O")], ("54", "", "385")),
        ([("354", "volume"), ("(", "O"), ("9191", "issue"), (")", "O"), (",", "O"),
          ("1713", "issue")], ("354", "9191", "1713")),
    ],
)  # fmt: skip
def test_the_last_number_after_the_volume_and_a_comma_is_the_page(
    numbers: list[tuple[str, str]], expected: tuple[str, str, str]
) -> None:
    tail = " ".join(text for text, _ in numbers).replace(" )", ")").replace(" ,", ",")
    raw = f"Ode et al. (Graphs, 1999, {tail})"
    spec = [("Ode et al.", "author"), ("(", "O"), ("Graphs", "container-title"), (",", "O"),
            ("1999", "issued"), (",", "O"), *numbers, (")", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("volume"), ref.get("issue"), ref.get("page")) == expected


def test_a_journals_pages_that_look_like_years_before_the_bracketed_date_stay_pages() -> None:
    raw = "Y. Ode, Graph kernels. Frontiers in Graphs, 2030–2061 (1990)."
    spec = [("Y. Ode", "author"), (",", "O"), ("Graph kernels", "title"), (".", "O"),
            ("Frontiers in Graphs", "container-title"), (",", "O"), ("2030–2061", "page"),
            ("(", "O"), ("1990", "issued"), (").", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("container-title"), ref.get("page")) == ("Frontiers in Graphs", "2030–2061")


def test_a_proceedings_pages_that_look_like_years_stay_pages() -> None:
    raw = "Ode, L.: Graphs, in: 2009 Conference on Graphs, 1682–1717, 2009."
    spec = [("Ode, L.", "author"), (":", "O"), ("Graphs", "title"), (", in:", "O"),
            ("2009 Conference on Graphs", "container-title"), (",", "O"), ("1682–1717", "page"),
            (",", "O"), ("2009", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("container-title"), ref.get("page")) == (
        "2009 Conference on Graphs",
        "1682–1717",
    )


@pytest.mark.parametrize(
    ("bracket", "genre", "number"),
    [
        ("Policy Brief 2012-01PBL", "Policy Brief", "2012-01PBL"),
        ("Graph Statistics special report", "Graph Statistics special report", ""),
    ],
)
def test_a_bracket_naming_the_kind_of_work_closing_the_title_is_its_genre(
    bracket: str, genre: str, number: str
) -> None:
    raw = f"Ode, C. M. (2012). Why graphs matter ({bracket}). Oslo: Graph Press."
    spec = [("Ode, C. M.", "author"), ("(", "O"), ("2012", "issued"), (").", "O"),
            (f"Why graphs matter ({bracket})", "title"), (".", "O"),
            ("Oslo", "publisher-place"), (":", "O"), ("Graph Press", "publisher"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Why graphs matter"
    assert (ref.get("genre"), ref.get("number")) == (genre, number)


def test_a_books_series_after_volume_of_read_as_the_title_is_its_container() -> None:
    raw = "Graf L, Ode K (eds.) (2002). The Graph Problem, volume 12 of Graph Optimization. Kluwer."
    spec = [("Graf L, Ode K", "editor"), ("(eds.) (", "O"), ("2002", "issued"), (").", "O"),
            ("The Graph Problem", "container-title"), (", volume", "O"), ("12", "volume"),
            ("of Graph Optimization", "title"), (".", "O"), ("Kluwer", "publisher"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "The Graph Problem"
    assert (ref.get("container-title"), ref.get("volume")) == ("Graph Optimization", "12")


def test_a_part_of_a_numbered_book_in_a_series_is_a_chapter() -> None:
    raw = "Ode K. Sparse kernels. In Graphs, volume 12 of Notes in Graphs, pages 45-67. GP, 2019."
    ref = Reference(raw=raw)
    for field, value in (("title", "Sparse kernels"), ("container-title", "Graphs"),
                         ("volume", "12"), ("collection-title", "Notes in Graphs"),
                         ("page", "45-67"), ("publisher", "GP")):  # fmt: skip
        ref.set(field, value)
    assert infer_type(ref, raw) == "chapter"
    ref.set("publisher", "")  # a journal's volume, pages and no publisher
    assert infer_type(ref, raw) == "article-journal"


def test_a_bracket_of_the_titles_own_words_stays_the_title() -> None:
    raw = "Ode S. Graph Kernels for Trees (Invited Paper). Graph Systems 2019;12:1-9."
    spec = [("Ode S", "author"), (".", "O"), ("Graph Kernels for Trees (Invited Paper)", "title"),
            (".", "O"), ("Graph Systems", "container-title"), ("2019", "issued"), (";", "O"),
            ("12", "volume"), (":", "O"), ("1-9", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Graph Kernels for Trees (Invited Paper)"


def test_a_sentence_read_as_a_second_name_after_family_given_is_the_title() -> None:
    raw = "Grafova, Maureen, Sacred Graphs. Kernels and trees in Spain, Oslo, 1989."
    spec = [("Grafova, Maureen, Sacred Graphs", "author"), (".", "O"),
            ("Kernels and trees in Spain", "title"), (",", "O"), ("Oslo", "publisher-place"),
            (",", "O"), ("1989", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert [n.family for n in ref.author] == ["Grafova"]
    assert ref.get("title") == "Sacred Graphs. Kernels and trees in Spain"


def test_lower_case_words_read_as_a_second_name_after_family_given_are_the_title() -> None:
    raw = "GRAFOVA, Jana, K charakteru grafů v české teorii, GRAF B 18, 1971, 31-44."
    spec = [("GRAFOVA, Jana, K charakteru grafů v české teorii", "author"), (",", "O"),
            ("GRAF B", "container-title"), ("18", "volume"), (",", "O"),
            ("1971", "issued"), (",", "O"), ("31-44", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert [n.family for n in ref.author] == ["GRAFOVA"]
    assert ref.get("title") == "K charakteru grafů v české teorii"


def test_a_title_and_its_translator_read_as_names_after_family_given() -> None:
    raw = "Grafieu, Pierre, Homo Graphicus, Peter Odier (trans.) (Oslo University Press, 1988)."
    spec = [("Grafieu, Pierre, Homo Graphicus, Peter Odier", "author"), ("(trans.) (", "O"),
            ("Oslo University Press", "publisher"), (",", "O"), ("1988", "issued"),
            (").", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert [n.family for n in ref.author] == ["Grafieu"]
    assert ref.get("title") == "Homo Graphicus"


def test_the_access_note_after_the_title_is_no_periodical() -> None:
    raw = "Odell, K. (2021). Ponds in towns. Retrieved June 3, 2023, from https://example.org/p"
    spec = [("Odell, K.", "author"), ("(", "O"), ("2021", "issued"), (").", "O"),
            ("Ponds in towns", "title"), (".", "O"),
            ("Retrieved June 3, 2023, from", "note"), ("https://example.org/p", "URL")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("container-title") == ""
    assert ref.get("title") == "Ponds in towns"


def test_the_institution_in_apa_s_thesis_bracket_ends_at_the_bracket() -> None:
    raw = (
        "Odell, T. (2017). Graphs in meadows [Doctoral dissertation, University of Oslo]. "
        "GraphWorks."
    )
    spec = [("Odell, T.", "author"), ("(", "O"), ("2017", "issued"), (").", "O"),
            ("Graphs in meadows", "title"), ("[", "O"), ("Doctoral dissertation", "genre"),
            (",", "O"), ("University of Oslo", "publisher"), ("].", "O"),
            ("GraphWorks", "publisher"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("publisher") == "University of Oslo"
    assert ref.get("genre") == "Doctoral dissertation"


def test_a_one_word_journal_before_a_dated_vancouver_issue_ends_the_title() -> None:
    raw = "Odell K, Varga P. Graph timing in teams. Graphs. 2019 Mar 1;42(3):zsy245."
    spec = [("Odell K, Varga P", "author"), (".", "O"),
            ("Graph timing in teams. Graphs", "title"), (".", "O"), ("2019", "issued"),
            ("Mar 1;", "O"), ("42", "volume"), ("(", "O"), ("3", "issue"), ("):", "O"),
            ("zsy245", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Graph timing in teams"
    assert ref.get("container-title") == "Graphs"


def test_a_letter_glued_to_a_lone_page_is_no_issue_mark() -> None:
    raw = "Odell J, Varga P. Graphs in teams. BMJ 2015;350:h2345."
    spec = [("Odell J, Varga P", "author"), (".", "O"), ("Graphs in teams", "title"),
            (".", "O"), ("BMJ", "container-title"), ("2015", "issued"), (";", "O"),
            ("350", "volume"), (":h", "O"), ("2345", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("page") == "h2345"
    assert ref.get("issue") == ""


@pytest.mark.parametrize(
    ("city", "publisher"),
    [("Medellín", "Editorial Lumbre"), ("Roma-Bari", "Cardillo"), ("Rennes", "PUQ")],
)
def test_a_city_of_the_six_languages_and_its_publisher_read_as_one_place(
    city: str, publisher: str
) -> None:
    raw = f"Graffo, Ilda, Le reti dei grafi, {city}, {publisher}, 2004."
    spec = [("Graffo, Ilda", "author"), (",", "O"), ("Le reti dei grafi", "title"), (",", "O"),
            (f"{city}, {publisher}", "publisher-place"), (",", "O"), ("2004", "issued"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("publisher-place") == city
    assert ref.get("publisher") == publisher


@pytest.mark.parametrize(
    "container",
    ["Actas del II Congreso de Grafos", "Atti del Convegno sui grafi", "Actes du colloque de Lyon",
     "Anais do Simpósio de Grafos", "Tagungsband der Graphentagung", "Memorias del Encuentro"],
)  # fmt: skip
def test_proceedings_named_in_the_six_languages_are_a_conference_paper(container: str) -> None:
    ref = Reference(raw="x")
    ref.set("title", "Grafi sparsi")
    ref.set("container-title", container)
    ref.set("publisher", "Edizioni Grafo")
    assert infer_type(ref, f"Ode, K. Grafi sparsi. In: {container}. Edizioni Grafo.") == (
        "paper-conference"
    )


@pytest.mark.parametrize(
    "container", ["Actes de la recherche sur les graphes", "Atti della Società"]
)
def test_a_journal_opening_with_actes_or_atti_is_no_proceedings(container: str) -> None:
    ref = Reference(raw="x")
    ref.set("container-title", container)
    ref.set("volume", "12")
    assert infer_type(ref, f"Ode, K. Grafi. {container} 12, 2001.") == "article-journal"


@pytest.mark.parametrize(
    "raw",
    ["Odier, Karl: Graphen im Wald. Diss. Universität Graphstadt, 2011.",
     "Odier, Karline, Les graphes, mémoire de master, Université de Graphe, 2019.",
     "Odda, Carla, I grafi, tesi di dottorato, Università di Grafo, 2014.",
     "ODA, K. Grafos. 2021. Trabalho de Conclusão de Curso (Graduação) – Universidade do Grafo."],
)  # fmt: skip
def test_theses_named_in_the_six_languages_are_theses(raw: str) -> None:
    ref = Reference(raw="x")
    ref.set("title", "Graphen")
    assert infer_type(ref, raw) == "thesis"


@pytest.mark.parametrize(
    "note",
    ["Disponível em: https://grafo.example.br/a. Acesso em: 3 maio 2020.",
     "Online verfügbar unter https://graph.example.de/a, zuletzt geprüft am 12.03.2019.",
     "Recuperado de https://grafo.example.es/a", "Disponible sur : https://graphe.example.fr/a"],
)  # fmt: skip
def test_web_notes_in_the_six_languages_make_a_web_page(note: str) -> None:
    ref = Reference(raw="x")
    ref.set("title", "Grafos")
    ref.set("URL", "https://grafo.example/a")
    assert infer_type(ref, f"ODA, K. Grafos. {note}") == "webpage"


@pytest.mark.parametrize("mark", ["éd.", "éds.", "Hgg."])
def test_an_editors_mark_read_into_the_names_opening_the_entry_makes_them_editors(
    mark: str,
) -> None:
    raw = f"Odier, Guy ({mark}), Les graphes anciens, Graphe, Éditions Arête, 2001."
    spec = [(f"Odier, Guy ({mark})", "author"), (",", "O"), ("Les graphes anciens", "title"),
            (",", "O"), ("Graphe", "publisher-place"), (",", "O"),
            ("Éditions Arête", "publisher"), (",", "O"), ("2001", "issued"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert [n.family for n in ref.editor] == ["Odier"]
    assert not ref.author


def test_a_bracketed_compilers_mark_keeps_a_lone_name_from_the_authors() -> None:
    raw = "Odero, R. (Comp.). (2006). Antología de grafos. Grafia: Editorial Arista."
    spec = [("Odero, R.", "editor"), ("(Comp.). (", "O"), ("2006", "issued"), (").", "O"),
            ("Antología de grafos", "title"), (".", "O"), ("Grafia", "publisher-place"),
            (":", "O"), ("Editorial Arista", "publisher"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert [n.family for n in ref.editor] == ["Odero"]
    assert not ref.author


def test_german_u_a_closing_the_names_is_their_et_al() -> None:
    raw = "Kante, R., Knoten, S. u. a. (2017): Graphen im Wald. In: Graphenblatt 69 (5), S. 12–19."
    spec = [("Kante, R., Knoten, S. u", "author"), (".", "O"), ("a", "page"), (". (", "O"),
            ("2017", "issued"), ("):", "O"), ("Graphen im Wald", "title"), (". In:", "O"),
            ("Graphenblatt", "container-title"), ("69", "volume"), ("(", "O"), ("5", "issue"),
            ("), S.", "O"), ("12–19", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert [(n.family, n.given) for n in ref.author] == [("Kante", "R."), ("Knoten", "S.")]
    assert ref.get("page") == "12–19"


def test_the_editor_mark_before_the_place_and_colon_is_no_part_of_the_place() -> None:
    raw = '[2] K. Odell, "Graph drawing," in Graph Book, B. Lind, Ed. Oslo, Norway: Odeon, 2018.'
    spec = [("[2]", "O"), ("K. Odell", "author"), (', "', "O"), ("Graph drawing", "title"),
            (',"', "O"), ("in", "O"), ("Graph Book", "container-title"), (",", "O"),
            ("B. Lind", "editor"), (", Ed.", "O"), ("Oslo, Norway", "publisher"), (":", "O"),
            ("Odeon", "publisher"), (",", "O"), ("2018", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("publisher-place") == "Oslo, Norway"
    assert ref.get("publisher") == "Odeon"


def test_a_word_cut_from_the_names_before_a_bracketed_year_is_the_only_title() -> None:
    raw = "[9] K. Odell. GraphKit. (2021). GitHub. [Online]. Available: https://example.org/gk"
    spec = [("[9]", "O"), ("K. Odell. GraphKit", "author"), (". (", "O"), ("2021", "issued"),
            (").", "O"), ("GitHub", "publisher"), (". [Online]. Available:", "O"),
            ("https://example.org/gk", "URL")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert [n.family for n in ref.author] == ["Odell"]
    assert ref.get("title") == "GraphKit"
    assert ref.get("publisher") == "GitHub"


def test_a_report_s_department_read_as_the_container_is_the_publisher() -> None:
    raw = (
        '[3] K. Odell, "Graph tools," Dept. Graph Eng., Oslo Univ., Oslo, Norway, Tech. Rep. 12,'
        " 2019."
    )
    spec = [("[3]", "O"), ("K. Odell", "author"), (', "', "O"), ("Graph tools", "title"),
            (',"', "O"), ("Dept. Graph Eng.", "container-title"), (",", "O"),
            ("Oslo Univ", "publisher"), (".,", "O"), ("Oslo, Norway", "publisher-place"),
            (",", "O"), ("Tech. Rep.", "genre"), ("12", "volume"), (",", "O"),
            ("2019", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("container-title") == ""
    assert ref.get("publisher") == "Dept. Graph Eng., Oslo Univ"
    assert ref.type == "report"


def test_an_edition_read_as_a_note_is_the_edition() -> None:
    raw = "Odell, K. (2019) The logic of graphs. 2nd edn. Oslo: Graph Press."
    spec = [("Odell, K.", "author"), ("(", "O"), ("2019", "issued"), (")", "O"),
            ("The logic of graphs", "title"), (".", "O"), ("2nd edn.", "note"),
            ("Oslo", "publisher-place"), (":", "O"), ("Graph Press", "publisher"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("edition") == "2"
    assert ref.get("note") == ""


def test_a_short_title_and_an_abbreviated_journal_read_as_one_title_run() -> None:
    raw = "Odell K. et al. Graph routing. Graph Stud. 12, 104567 (2019)."
    spec = [("Odell K. et al", "author"), (".", "O"), ("Graph routing. Graph Stud", "title"),
            (".", "O"), ("12", "volume"), (",", "O"), ("104567", "page"), ("(", "O"),
            ("2019", "issued"), (").", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Graph routing"
    assert ref.get("container-title") == "Graph Stud"


def test_an_edition_in_words_read_as_a_note_is_the_edition() -> None:
    raw = "[8] K. Odell, Graph Routing, second ed., Odeon, Oslo, 2019."
    spec = [("[8]", "O"), ("K. Odell", "author"), (",", "O"), ("Graph Routing", "title"),
            (",", "O"), ("second ed.", "note"), (",", "O"), ("Odeon", "publisher"), (",", "O"),
            ("Oslo", "publisher-place"), (",", "O"), ("2019", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("edition") == "2"
    assert ref.get("note") == ""


@pytest.mark.parametrize(
    ("editors", "expected"),
    [("图伟, 论明", [("图", "伟"), ("论", "明")]), ("图论学会", ["图论学会"]),
     ("ODE J, ABE K, eds", [("ODE", "J"), ("ABE", "K")])],
)  # fmt: skip
def test_gbt_editors_read_into_the_book_after_the_double_slash(
    editors: str, expected: list[object]
) -> None:
    raw = f"图强. 稀疏图的研究[C]//{editors}. 图论年会论文集. 北京: 图论出版社, 2015: 45-52."
    spec = [("图强", "author"), (".", "O"), ("稀疏图的研究", "title"), ("[C]//", "O"),
            (f"{editors}. 图论年会论文集", "container-title"), (".", "O"),
            ("北京", "publisher-place"), (":", "O"), ("图论出版社", "publisher"), (",", "O"),
            ("2015", "issued"), (":", "O"), ("45-52", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("container-title") == "图论年会论文集"
    got = [n.literal or (n.family, n.given) for n in ref.editor]
    assert got == expected


def test_a_book_part_after_gbt_m_double_slash_is_a_chapter() -> None:
    raw = "图强. 稀疏图[M]//图伟. 图论丛刊: 第3辑. 北京: 图论出版社, 2008: 12-30."
    spec = [("图强", "author"), (".", "O"), ("稀疏图", "title"), ("[M]//", "O"),
            ("图伟. 图论丛刊", "author"), (": 第3辑.", "O"), ("北京", "publisher-place"),
            (":", "O"), ("图论出版社", "publisher"), (",", "O"), ("2008", "issued"), (":", "O"),
            ("12-30", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("container-title") == "图论丛刊: 第3辑"
    assert [(n.family, n.given) for n in ref.editor] == [("图", "伟")]
    assert ref.type == "chapter"


def test_a_title_before_the_gbt_type_code_read_as_the_container_is_the_title() -> None:
    raw = "图论统计局. 图论统计年鉴2019[M]. 北京: 图论出版社, 2019."
    spec = [("图论统计局", "author"), (".", "O"), ("图论统计年鉴2019", "container-title"),
            ("[M].", "O"), ("北京", "publisher-place"), (":", "O"), ("图论出版社", "publisher"),
            (",", "O"), ("2019", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "图论统计年鉴2019"
    assert not ref.get("container-title")


@pytest.mark.parametrize(
    ("title_run", "genre"),
    [("Les graphes anciens, mémoire de master", "mémoire de master"),
     ("I grafi antichi, tesi di dottorato", "tesi di dottorato"),
     ("Los grafos antiguos (Tesis doctoral)", "Tesis doctoral")],
)  # fmt: skip
def test_a_thesis_kind_of_the_six_languages_ending_the_title_is_the_genre(
    title_run: str, genre: str
) -> None:
    raw = f"Odier, Anne, {title_run}, Université de Graphe, 2019."
    spec = [("Odier, Anne", "author"), (",", "O"), (title_run, "title"), (",", "O"),
            ("Université de Graphe", "publisher"), (",", "O"), ("2019", "issued"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == title_run.split(",", maxsplit=1)[0].split(" (", maxsplit=1)[0]
    assert ref.get("genre") == genre
    assert ref.get("publisher") == "Université de Graphe"


def test_a_thesis_kind_after_the_title_frees_the_institution_read_as_the_place() -> None:
    raw = "Odda, A. (2017). Analisi dei grafi. Tesi di laurea magistrale, Politecnico di Grafo."
    spec = [("Odda, A.", "author"), ("(", "O"), ("2017", "issued"), (").", "O"),
            ("Analisi dei grafi. Tesi di laurea magistrale", "title"), (",", "O"),
            ("Politecnico di Grafo", "publisher-place"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Analisi dei grafi"
    assert ref.get("genre") == "Tesi di laurea magistrale"
    assert ref.get("publisher") == "Politecnico di Grafo"
    assert ref.type == "thesis"


def test_a_bracketed_thesis_kind_before_the_institution_is_the_genre() -> None:
    raw = "Odero, C. (2016). Los grafos [Tesis de maestría, Universidad del Grafo]."
    spec = [("Odero, C.", "author"), ("(", "O"), ("2016", "issued"), (").", "O"),
            ("Los grafos [Tesis de maestría", "title"), (",", "O"),
            ("Universidad del Grafo", "publisher"), ("].", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Los grafos"
    assert ref.get("genre") == "Tesis de maestría"
    assert ref.get("publisher") == "Universidad del Grafo"


def test_a_title_holding_a_thesis_word_mid_sentence_keeps_it() -> None:
    raw = "Odier, Anne, La mémoire des graphes anciens, Graphe, 2019."
    spec = [("Odier, Anne", "author"), (",", "O"), ("La mémoire des graphes anciens", "title"),
            (",", "O"), ("Graphe", "publisher-place"), (",", "O"), ("2019", "issued"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "La mémoire des graphes anciens"


def test_a_status_opening_the_container_is_no_part_of_the_journal() -> None:
    raw = "K. Odell. Graph routing. Submitted to J. Graph Theory, 1993."
    spec = [("K. Odell", "author"), (".", "O"), ("Graph routing", "title"), (".", "O"),
            ("Submitted to J. Graph Theory", "container-title"), (",", "O"),
            ("1993", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("container-title") == "J. Graph Theory"


def test_the_first_word_after_the_medium_left_out_of_the_publisher_is_its_own() -> None:
    raw = "Odell, K. (2019). Graph routing. [online] Odeon Graph Society. Available at: https://example.org/r"
    spec = [("Odell, K.", "author"), ("(", "O"), ("2019", "issued"), (").", "O"),
            ("Graph routing", "title"), (". [online] Odeon", "O"), ("Graph Society", "publisher"),
            (". Available at:", "O"), ("https://example.org/r", "URL")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("publisher") == "Odeon Graph Society"


def test_the_book_after_in_and_the_editors_read_as_a_note_is_the_container() -> None:
    raw = (
        "Odell, K. (2019). Graph routing. In B. Lind (Ed.), Graphs in use (pp. 45-67). Oslo: Odeon."
    )
    spec = [("Odell, K.", "author"), ("(", "O"), ("2019", "issued"), (").", "O"),
            ("Graph routing", "title"), (". In", "O"), ("B. Lind", "editor"), ("(Ed.),", "O"),
            ("Graphs in use", "note"), ("(pp.", "O"), ("45-67", "page"), (").", "O"),
            ("Oslo", "publisher-place"), (":", "O"), ("Odeon", "publisher"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("container-title") == "Graphs in use"
    assert ref.type == "chapter"


def test_a_sentence_case_journal_after_the_closing_quote_before_its_marked_number() -> None:
    raw = "Odier, Luc, « Les graphes en question », Revue française des graphes, n° 152, 2008."
    spec = [("Odier, Luc", "author"), (",", "O"),
            ("« Les graphes en question », Revue française des graphes", "title"), (",", "O"),
            ("n°", "O"), ("152", "volume"), (",", "O"), ("2008", "issued"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Les graphes en question"
    assert ref.get("container-title") == "Revue française des graphes"


def test_a_journal_after_the_quoted_title_read_as_names_before_its_marked_number() -> None:
    raw = "Odero, Elena, “Los grafos negros”, Cuadernos de Grafos, núm. 720, 2010, pp. 67-80."
    spec = [("Odero, Elena", "author"), (", “", "O"), ("Los grafos negros", "title"),
            ("”,", "O"), ("Cuadernos de Grafos, núm", "author"), (".", "O"), ("720", "volume"),
            (",", "O"), ("2010", "issued"), (", pp.", "O"), ("67-80", "page"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert [n.family for n in ref.author] == ["Odero"]
    assert ref.get("container-title") == "Cuadernos de Grafos"
    assert ref.get("issue") == "720"


def test_the_ordinal_sign_of_n_o_is_no_part_of_the_issue() -> None:
    raw = "Odero, O. Los grafos. Revista de Grafos, 2011, vol. 20, n.º 1, p. 55-74."
    spec = [("Odero, O.", "author"), ("Los grafos", "title"), (".", "O"),
            ("Revista de Grafos", "container-title"), (",", "O"), ("2011", "issued"),
            (", vol.", "O"), ("20", "volume"), (", n.", "O"), ("º 1", "issue"), (", p.", "O"),
            ("55-74", "page"), (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("issue") == "1"


def test_a_lone_bracketed_number_after_the_journal_is_its_issue() -> None:
    raw = "Odero, I. (2021). Grafos en Canarias. Estudios de Grafos, (215), 89-110."
    spec = [("Odero, I.", "author"), ("(", "O"), ("2021", "issued"), (").", "O"),
            ("Grafos en Canarias", "title"), (".", "O"), ("Estudios de Grafos", "container-title"),
            (", (", "O"), ("215", "volume"), ("),", "O"), ("89-110", "page"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("volume"), ref.get("issue")) == ("", "215")


@pytest.mark.parametrize(
    ("imprint", "edition_runs"),
    [("3. Aufl.", [("3", "volume"), (".", "O"), ("Aufl", "O"), (".", "O")]),
     ("4. Auflage.", [("4", "volume"), (". Auflage.", "O")]),
     ("4a ed.,", [("4a ed", "note"), (".,", "O")]),
     ("5. ed. rev. e atual.", [("5", "O"), (". ed.", "O"), ("rev. e atual", "edition"),
                               (".", "O")]),
     ("2., überarb. Aufl.", [("2", "edition"), (".,", "O"), ("überarb. Aufl", "container-title"),
                             (".", "O")])],
)  # fmt: skip
def test_an_editions_number_before_its_word_in_the_six_languages(
    imprint: str, edition_runs: list[tuple[str, str]]
) -> None:
    raw = f"Odier, Karl: Graphen im Wald. {imprint} Graphstadt: Kante 2008."
    spec = [("Odier, Karl", "author"), (":", "O"), ("Graphen im Wald", "title"), (".", "O"),
            *edition_runs, ("Graphstadt", "publisher-place"), (":", "O"), ("Kante", "publisher"),
            ("2008", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("edition") == imprint[0]
    assert ref.get("title") == "Graphen im Wald"
    assert not ref.get("container-title")
    assert not ref.get("volume")


def test_an_edition_word_before_by_is_the_editors_mark() -> None:
    raw = "Odier, Karl. Graphs. 2. Ed. by Anne Kante. Graphtown: Edge, 2001."
    spec = [("Odier, Karl", "author"), (".", "O"), ("Graphs", "title"), (".", "O"),
            ("2", "volume"), (". Ed. by", "O"), ("Anne Kante", "editor"), (".", "O"),
            ("Graphtown", "publisher-place"), (":", "O"), ("Edge", "publisher"), (",", "O"),
            ("2001", "issued"), (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("edition") == ""


def test_a_series_number_in_brackets_after_the_journal_is_the_journal_s() -> None:
    raw = "[8] K. Odell, Graph routing, Ann. of Graphs (2) 189 (2019) 45–67."
    spec = [("[8]", "O"), ("K. Odell", "author"), (",", "O"), ("Graph routing", "title"),
            (",", "O"), ("Ann. of Graphs", "container-title"), ("(", "O"),
            ("2) 189", "volume"), ("(", "O"), ("2019", "issued"), (")", "O"),
            ("45–67", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("container-title") == "Ann. of Graphs (2)"
    assert ref.get("volume") == "189"


def test_in_and_a_language_ending_the_entry_unbracketed_is_a_note() -> None:
    raw = "Odell, K. Graph maps 2006 Journal of Graph Systems 8 29--39 in Norwegian"
    spec = [("Odell, K.", "author"), ("Graph maps", "title"), ("2006", "issued"),
            ("Journal of Graph Systems 8", "container-title"), ("29--39", "page"),
            ("in Norwegian", "container-title")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("note") == "in Norwegian"
    assert "Norwegian" not in ref.get("container-title")


def test_a_one_word_title_before_a_bracketed_medium_read_into_the_names() -> None:
    raw = "Odell K. Routing [Internet]. Oslo: Graph Society; 2021. Available from: https://example.org/r"
    spec = [("Odell K. Routing", "author"), ("[Internet].", "O"), ("Oslo", "publisher-place"),
            (":", "O"), ("Graph Society", "title"), (";", "O"), ("2021", "issued"),
            (". Available from:", "O"), ("https://example.org/r", "URL")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert [n.family for n in ref.author] == ["Odell"]
    assert ref.get("title") == "Routing"
    assert ref.get("publisher") == "Graph Society"


def test_a_publisher_opening_with_a_lower_case_article_after_the_city() -> None:
    raw = "Graffo, Marco (a cura di), Storia dei grafi, Bologna, il Grafo, 2010."
    spec = [("Graffo, Marco", "editor"), ("(a cura di),", "O"), ("Storia dei grafi", "title"),
            (",", "O"), ("Bologna, il Grafo", "publisher-place"), (",", "O"), ("2010", "issued"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("publisher-place"), ref.get("publisher")) == ("Bologna", "il Grafo")


@pytest.mark.parametrize(
    "imprint_runs",
    [[("Studi sui grafi, Firenze, Arco", "publisher-place")],
     [("Studi sui grafi", "publisher"), (",", "O"), ("Firenze, Arco", "publisher-place")]],
)  # fmt: skip
def test_the_book_after_the_editors_read_into_the_imprint(
    imprint_runs: list[tuple[str, str]],
) -> None:
    raw = "Graffo, Paolo, «I grafi di Dante», in Arco, Sara (a cura di), Studi sui grafi, "
    raw += "Firenze, Arco, 2005, pp. 101-120."
    spec = [("Graffo, Paolo", "author"), (", «", "O"), ("I grafi di Dante", "title"),
            ("», in", "O"), ("Arco, Sara (a cura di)", "editor"), (",", "O"), *imprint_runs,
            (",", "O"), ("2005", "issued"), (", pp.", "O"), ("101-120", "page"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("container-title") == "Studi sui grafi"
    assert (ref.get("publisher-place"), ref.get("publisher")) == ("Firenze", "Arco")
    assert ref.type == "chapter"


def test_an_unlabelled_sentence_after_the_names_before_in_and_the_editors_is_the_title() -> None:
    raw = (
        "ODA, Luís. O grafo e a aresta. In: ARCO, Milena (org.). Grafos urbanos. Grafia: Nó, 2005."
    )
    spec = [("ODA, Luís", "author"), (". O grafo e a aresta. In:", "O"), ("ARCO, Milena", "editor"),
            ("(org.).", "O"), ("Grafos urbanos", "title"), (".", "O"),
            ("Grafia", "publisher-place"), (":", "O"), ("Nó", "publisher"), (",", "O"),
            ("2005", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "O grafo e a aresta"
    assert ref.get("container-title") == "Grafos urbanos"
    assert ref.type == "chapter"


def test_an_unlabelled_sentence_before_the_journal_is_the_title_not_the_access_note() -> None:
    raw = "ODA, Bruna. Ética dos grafos. Revista Grafos Hoje, v. 3, n. 1, 2019. "
    raw += "Disponível em: https://grafos.example.br/12. Acesso em: 10 ago. 2020."
    spec = [("ODA, Bruna", "author"), (". Ética dos grafos.", "O"),
            ("Revista Grafos Hoje", "container-title"), (", v.", "O"), ("3", "volume"),
            (", n.", "O"), ("1", "issue"), (",", "O"), ("2019", "issued"), (".", "O"),
            ("Disponível em", "title"), (":", "O"), ("https://grafos.example.br/12", "URL"),
            (". Acesso em: 10 ago. 2020.", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Ética dos grafos"
    assert ref.get("container-title") == "Revista Grafos Hoje"


@pytest.mark.parametrize(
    ("raw", "head"),
    [("B. D. ODE et 1. D. ABE. Graph Journal 24, 413 (1971).", "B. D. ODE"),
     ("Grafo, Maxim (Alexei Kante), et al., eds. Graph Journal 24, 413 (1971).", "Grafo, Maxim")],
)  # fmt: skip
def test_names_left_unlabelled_after_the_names_are_no_title(raw: str, head: str) -> None:
    from refmanager.parse.runs import _unlabelled_sentence_after_the_names

    toks = tokenize(raw)
    journal = raw.index("Graph Journal")
    labels = [
        "author" if t.end <= len(head) else "container-title" if t.start >= journal else "O"
        for t in toks
    ]
    before = list(labels)
    _unlabelled_sentence_after_the_names(toks, labels)
    assert labels == before


def test_a_one_word_title_read_into_the_journal_after_the_date_is_the_title() -> None:
    raw = "de Souza, A. B. (2019). Roteamento. Estudos de Grafos, 12, 45-67."
    spec = [("de Souza, A. B.", "author"), ("(", "O"), ("2019", "issued"), (").", "O"),
            ("Roteamento. Estudos de Grafos", "container-title"), (",", "O"), ("12", "volume"),
            (",", "O"), ("45-67", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Roteamento"
    assert ref.get("container-title") == "Estudos de Grafos"


def test_an_abbreviated_journal_after_the_names_keeps_its_first_word() -> None:
    raw = "B. Odell et X. Lind. Can. J. Graphs 66, 2188 (1988)."
    spec = [("B. Odell et X. Lind", "author"), (".", "O"),
            ("Can. J. Graphs", "container-title"), ("66", "volume"), (",", "O"),
            ("2188", "page"), ("(", "O"), ("1988", "issued"), (").", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("container-title") == "Can. J. Graphs"


@pytest.mark.parametrize(
    ("series", "read_as"),
    [("Collection Arêtes", "publisher"), ("Coleção Estudos de Grafos, 4", "container-title"),
     ("Schriftenreihe Graphen, Bd. 8", "publisher")],
)  # fmt: skip
def test_a_series_in_brackets_closing_a_book_is_its_collection(series: str, read_as: str) -> None:
    raw = f"Odier, Yves. Les graphes. Graphe : Éditions Arête, 2007. ({series})."
    spec = [("Odier, Yves", "author"), (".", "O"), ("Les graphes", "title"), (".", "O"),
            ("Graphe", "publisher-place"), (":", "O"), ("Éditions Arête", "publisher"),
            (",", "O"), ("2007", "issued"), (". (", "O"), (series, read_as),
            (").", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("collection-title") == series
    assert ref.get("publisher") == "Éditions Arête"
    assert ref.type == "book"


@pytest.mark.parametrize("bracket", ["GTB", "Leiden", "Unpublished Doctor's Dissertation"])
def test_an_acronym_a_place_or_a_kind_in_brackets_closing_a_book_is_no_series(
    bracket: str,
) -> None:
    raw = f"Odier, Yves. Les graphes. Graphe : Éditions Arête, 2007. ({bracket})."
    spec = [("Odier, Yves", "author"), (".", "O"), ("Les graphes", "title"), (".", "O"),
            ("Graphe", "publisher-place"), (":", "O"), ("Éditions Arête", "publisher"),
            (",", "O"), ("2007", "issued"), (". (", "O"), (bracket, "note"),
            (").", "O")]  # fmt: skip
    assert not _by_runs(raw, spec).get("collection-title")


@pytest.mark.parametrize(
    ("raw", "title_run"),
    [("Odier, Odile, Les graphes, trad. de l'anglais par Anne Arc, Graphe, Arête, 2004.",
      "Les graphes, trad. de l'anglais par Anne Arc"),
     ("Kante, Christa: Graphen. Aus dem Englischen von Max Knoten. Graphstadt: Arc 2016.",
      "Graphen. Aus dem Englischen von Max Knoten")],
)  # fmt: skip
def test_a_translators_sentence_in_french_or_german_is_no_part_of_the_title(
    raw: str, title_run: str
) -> None:
    head = raw[: raw.index(title_run)].rstrip(" ,:")
    rest = raw[raw.index(title_run) + len(title_run) :]
    spec = [(head, "author"), (raw[len(head)], "O"), (title_run, "title"), (rest, "O")]
    ref = _by_runs(raw, spec)
    assert ref.get("title") == title_run.split(",", maxsplit=1)[0].split(".", maxsplit=1)[0]


@pytest.mark.parametrize(
    "lead", ["Online verfügbar unter", "Disponível em:", "Disponible en:", "Recuperado de"]
)
def test_an_access_notes_lead_ending_the_title_is_no_part_of_it(lead: str) -> None:
    raw = f"Kante, Heike (2018): Graphen im Wandel. {lead} https://graph.example.de/a.pdf"
    spec = [("Kante, Heike", "author"), ("(", "O"), ("2018", "issued"), ("):", "O"),
            (f"Graphen im Wandel. {lead.rstrip(':')}", "title"), (":" if ":" in lead else "", "O"),
            ("https://graph.example.de/a.pdf", "URL")]  # fmt: skip
    spec = [(t, lab) for t, lab in spec if t]
    assert _by_runs(raw, spec).get("title") == "Graphen im Wandel"


@pytest.mark.parametrize(
    ("note", "date"),
    [("zuletzt geprüft am 12.03.2019", (2019, 3, 12)), ("Zugriff am 5.11.2020", (2020, 11, 5)),
     ("Recuperado el 10 de junio de 2020", (2020, 6, 10)),
     ("Acesso em: 2 fev. 2020", (2020, 2, 2)), ("访问于 2001-07-08", (2001, 7, 8)),
     ("访问日期：2020-01-05", (2020, 1, 5))],
)  # fmt: skip
def test_access_dates_in_the_six_languages(note: str, date: tuple[int, int, int]) -> None:
    from refmanager.parse.parser import access_date

    found = access_date(f"Kante, H. Graphen. https://graph.example.de/a.pdf, {note}.")
    assert found is not None
    got = found[0]
    assert (got.year, got.month, got.day) == date


def test_the_day_of_an_access_date_read_as_the_edition_is_dropped() -> None:
    raw = "ODA, M. Grafos. 2019. Disponível em: https://grafo.example.br/1. Acesso em: 2 fev. 2020."
    spec = [("ODA, M", "author"), (".", "O"), ("Grafos", "title"), (".", "O"), ("2019", "issued"),
            (". Disponível em:", "O"), ("https://grafo.example.br/1", "URL"), (". Acesso em:", "O"),
            ("2 fev", "edition"), (". 2020.", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert not ref.get("edition")
    assert ref.accessed is not None and ref.accessed.day == 2


@pytest.mark.parametrize(
    "dated",
    ["2019 Jan-Feb;12(1):45-67.", "2019 [cited 2020 Jan 5];12(1):45-67."],
)
def test_the_journal_ending_the_title_before_a_vancouver_date_with_months_or_brackets(
    dated: str,
) -> None:
    raw = f"Odell K. Effects of graph routing on admissions. Graph Stud. {dated}"
    title = "Effects of graph routing on admissions. Graph Stud"
    a = raw.index(dated)
    spec = [("Odell K", "author"), (".", "O"), (title, "title"), (".", "O"),
            ("2019", "issued"), (raw[a + 4 : raw.index(";12")], "O"), (";", "O"),
            ("12", "volume"), ("(", "O"), ("1", "issue"), ("):", "O"), ("45-67", "page"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Effects of graph routing on admissions"
    assert ref.get("container-title") == "Graph Stud"


def test_the_journal_ending_the_title_before_jama_s_published_online() -> None:
    raw = "Odell K. Effects of graph routing on care. Graph Stud. Published online March 3, 2019."
    spec = [("Odell K", "author"), (".", "O"),
            ("Effects of graph routing on care. Graph Stud", "title"),
            (". Published online March 3,", "O"), ("2019", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Effects of graph routing on care"
    assert ref.get("container-title") == "Graph Stud"


def test_the_letter_glued_to_the_first_page_is_the_page_s() -> None:
    raw = "Odell K. Graph routing in care. Graph Stud. 2019;12(suppl 2):S45–S67."
    spec = [("Odell K", "author"), (".", "O"), ("Graph routing in care", "title"), (".", "O"),
            ("Graph Stud", "container-title"), (".", "O"), ("2019", "issued"), (";", "O"),
            ("12", "volume"), ("(suppl", "O"), ("2", "issue"), ("):S", "O"), ("45–S67", "page"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("page") == "S45–S67"


def test_a_german_page_mark_read_into_the_publisher_is_the_pages() -> None:
    raw = "Kante, Lena (2012): Graphen. In: Knoten, Tim (Hg.): Netze. Graphstadt: Arc, S. 11–29."
    spec = [("Kante, Lena", "author"), ("(", "O"), ("2012", "issued"), ("):", "O"),
            ("Graphen", "title"), (". In:", "O"), ("Knoten, Tim", "editor"), ("(Hg.):", "O"),
            ("Netze", "container-title"), (".", "O"), ("Graphstadt", "publisher-place"),
            (":", "O"), ("Arc, S", "publisher"), (".", "O"), ("11–29", "page"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("publisher"), ref.get("page")) == ("Arc", "11–29")


def test_a_press_named_after_its_city_after_the_city() -> None:
    raw = "Arête, Pierre (dir.), Atlas des graphes, Rennes, Presses universitaires de Rennes, 2011."
    spec = [("Arête, Pierre", "editor"), ("(dir.),", "O"), ("Atlas des graphes", "title"),
            (",", "O"), ("Rennes, Presses universitaires de Rennes", "publisher"), (",", "O"),
            ("2011", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("publisher-place"), ref.get("publisher")) == (
        "Rennes",
        "Presses universitaires de Rennes",
    )


def test_a_thesis_kind_opening_the_imprint_is_the_genre() -> None:
    raw = "Knoten, Hannes (2015): Digitale Graphen. Masterarbeit, Hochschule Graphstadt."
    spec = [("Knoten, Hannes", "author"), ("(", "O"), ("2015", "issued"), ("):", "O"),
            ("Digitale Graphen", "title"), (".", "O"), ("Masterarbeit,", "publisher"),
            ("Hochschule Graphstadt", "publisher-place"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("genre"), ref.get("publisher")) == ("Masterarbeit", "Hochschule Graphstadt")
    assert ref.type == "thesis"


def test_a_journal_read_partly_as_names_after_the_quoted_title() -> None:
    raw = "Odero, Lucía, “Grafos y ciencia”, Revista de Estudios de Grafos, núm. 33, 2012."
    spec = [("Odero, Lucía", "author"), (", “", "O"), ("Grafos y ciencia", "title"), ("”,", "O"),
            ("Revista", "container-title"), ("de Estudios de Grafos, núm", "author"), (".", "O"),
            ("33", "volume"), (",", "O"), ("2012", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("container-title") == "Revista de Estudios de Grafos"
    assert ref.get("issue") == "33"
    assert [n.family for n in ref.author] == ["Odero"]


def test_a_series_read_as_the_title_leaves_the_unlabelled_title_its_place() -> None:
    raw = "ODA, D. Grafos familiares. Grafia: Editora Arco, 2013. (Coleção Campo, 3)."
    spec = [("ODA, D.", "author"), ("Grafos familiares.", "O"), ("Grafia", "publisher-place"),
            (":", "O"), ("Editora Arco", "publisher"), (",", "O"), ("2013", "issued"),
            (". (", "O"), ("Coleção Campo", "title"), (",", "O"), ("3", "edition"),
            (").", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Grafos familiares"
    assert ref.get("collection-title") == "Coleção Campo, 3"
    assert not ref.get("edition")


def test_the_letter_glued_to_a_lone_page_after_the_volume_is_the_page_s() -> None:
    raw = "ODEL collaboration, The ODEL experiment, 2008 JGRAPH 3 S08002."
    spec = [("ODEL collaboration", "author"), (",", "O"), ("The ODEL experiment", "title"),
            (",", "O"), ("2008", "issued"), ("JGRAPH", "container-title"), ("3", "volume"),
            ("S", "O"), ("08002", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("page") == "S08002"


def test_abnt_journal_in_the_title_before_its_city_read_as_the_place() -> None:
    raw = (
        "ODA, Tiago. Redes de grafos. Revista Brasileira de Grafos, Brasília, n. 25, p. 1-9, 2018."
    )
    spec = [("ODA, Tiago", "author"), (".", "O"),
            ("Redes de grafos. Revista Brasileira de Grafos", "title"), (",", "O"),
            ("Brasília", "publisher-place"), (", n.", "O"), ("25", "volume"), (", p.", "O"),
            ("1-9", "page"), (",", "O"), ("2018", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Redes de grafos"
    assert ref.get("container-title") == "Revista Brasileira de Grafos"
    assert (ref.get("volume"), ref.get("issue")) == ("", "25")


def test_abnt_journal_city_read_as_a_second_part_of_the_journal() -> None:
    raw = "ODA, M. Grafos da água. Engenharia de Grafos, Rio de Janeiro, v. 22, n. 4, p. 1-9, 2017."
    spec = [("ODA, M.", "author"), ("Grafos da água", "title"), (".", "O"),
            ("Engenharia de Grafos", "container-title"), (",", "O"),
            ("Rio de Janeiro", "container-title"), (", v.", "O"), ("22", "volume"), (", n.", "O"),
            ("4", "issue"), (", p.", "O"), ("1-9", "page"), (",", "O"), ("2017", "issued"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("container-title") == "Engenharia de Grafos"


def test_the_title_read_into_the_access_note_after_apa_s_no_date() -> None:
    raw = "Odell, K. (n.d.). Graph routing. Retrieved March 3, 2020, from https://example.org/r"
    spec = [("Odell, K.", "author"), ("(n.d.).", "O"),
            ("Graph routing. Retrieved March 3", "note"), (",", "O"), ("2020", "issued"),
            (", from", "O"), ("https://example.org/r", "URL")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Graph routing"


def test_a_patent_s_roles_after_the_names_are_no_part_of_the_title() -> None:
    raw = (
        "Odell K, inventor; Graph Corp, assignee. Graph routing device. US patent 9,876,543. 2018."
    )
    spec = [("Odell K", "author"), (",", "O"),
            ("inventor; Graph Corp, assignee. Graph routing device", "title"), (".", "O"),
            ("US patent", "genre"), ("9,876,543", "number"), (".", "O"), ("2018", "issued"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Graph routing device"


@pytest.mark.parametrize(
    ("imprint", "place", "publisher"),
    [("Tübingen: Kante Knoten (Studien zum Graph, 12).", "Tübingen", "Kante Knoten"),
     ("Paderborn u. a.: Knoten 2003.", "Paderborn u. a", "Knoten"),
     ("München: C. H. Kante 2008.", "München", "C. H. Kante")],
)  # fmt: skip
def test_german_place_and_publisher_read_into_the_title(
    imprint: str, place: str, publisher: str
) -> None:
    raw = f"Knoten, Michael (2013): Recht und Graph. {imprint}"
    spec = [("Knoten, Michael", "author"), ("(", "O"), ("2013", "issued"), ("):", "O"),
            (f"Recht und Graph. {imprint.rstrip('.')}", "title"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Recht und Graph"
    assert (ref.get("publisher-place"), ref.get("publisher")) == (place, publisher)


def test_a_month_before_the_year_after_the_place_is_no_publisher() -> None:
    raw = 'Kante, Andrew. "Graph posters." Poster presented at the Graph Meeting. Graz: July 2013.'
    spec = [("Kante, Andrew", "author"), ('. "', "O"), ("Graph posters", "title"), ('." ', "O"),
            ("Poster presented at the Graph Meeting", "note"),
            (". Graz: July 2013.", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("publisher") != "July"


@pytest.mark.parametrize(
    ("sentence", "names"),
    [("Hrsg. von Karl Knoten", ["Knoten"]), ("Hg. v. Anna Kante", ["Kante"]),
     ("Éd. par Jean Arête", ["Arête"]), ("A cura di Sara Grafo", ["Grafo"])],
)  # fmt: skip
def test_a_sentence_naming_the_editors_after_the_title(sentence: str, names: list[str]) -> None:
    raw = f"Knoten, Grete: Theorie der Graphen. {sentence}. Graphstadt: Arc 2003."
    spec = [("Knoten, Grete", "author"), (":", "O"),
            (f"Theorie der Graphen. {sentence}", "title"), (".", "O"),
            ("Graphstadt", "publisher-place"), (":", "O"), ("Arc", "publisher"),
            ("2003", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Theorie der Graphen"
    assert [n.family for n in ref.editor] == names


def test_a_french_collection_after_the_publisher() -> None:
    raw = "Arête, Marie, Le théâtre des graphes, Paris, Classiques Arc, coll. « Études », 2010."
    spec = [("Arête, Marie", "author"), (",", "O"), ("Le théâtre des graphes", "title"),
            (",", "O"), ("Paris", "publisher-place"), (",", "O"),
            ("Classiques Arc, coll. « Études", "title"), ("»,", "O"), ("2010", "issued"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("publisher"), ref.get("collection-title")) == ("Classiques Arc", "Études")
    assert ref.get("title") == "Le théâtre des graphes"


def test_the_italian_anno_after_the_journal_is_its_volume() -> None:
    raw = "Nodo, L., «I grafi nel dopoguerra», Rivista dei grafi, a. XII, n. 3, 1983, pp. 1-9."
    spec = [("Nodo, L.", "author"), (", «", "O"), ("I grafi nel dopoguerra", "title"), ("»,", "O"),
            ("Rivista dei grafi, a.", "container-title"), ("XII, n. 3", "volume"), (",", "O"),
            ("1983", "issued"), (", pp.", "O"), ("1-9", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("container-title") == "Rivista dei grafi"
    assert (ref.get("volume"), ref.get("issue")) == ("XII", "3")


def test_italian_place_and_publisher_in_the_title_before_a_series() -> None:
    raw = "Nodo, Elena (2012), Il grafo femminile, Milano, Arcangeli (Collana di grafi, 45)."
    spec = [("Nodo, Elena", "author"), ("(", "O"), ("2012", "issued"), ("),", "O"),
            ("Il grafo femminile, Milano, Arcangeli", "title"), ("(", "O"),
            ("Collana di grafi", "container-title"), (", 45).", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Il grafo femminile"
    assert (ref.get("publisher-place"), ref.get("publisher")) == ("Milano", "Arcangeli")


def test_a_french_ordinal_edition_read_as_the_page() -> None:
    raw = "Arête, Pascal, Les graphes locaux, Paris, Arc, 2e éd., 2018."
    spec = [("Arête, Pascal", "author"), (",", "O"), ("Les graphes locaux", "title"), (",", "O"),
            ("Paris", "publisher-place"), (",", "O"), ("Arc", "publisher"), (",", "O"),
            ("2e", "page"), ("éd", "author"), (".,", "O"), ("2018", "issued"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("edition"), ref.get("page")) == ("2", "")


def test_a_roman_volume_after_a_comma_ending_the_journal() -> None:
    raw = "Nodo, E., «Il grafo del Settecento», Lettere e Grafi, LXII, 2010, n. 2, pp. 1-9."
    spec = [("Nodo, E.", "author"), (", «", "O"), ("Il grafo del Settecento", "title"), ("»,", "O"),
            ("Lettere e Grafi, LXII", "container-title"), (",", "O"), ("2010", "issued"),
            (", n.", "O"), ("2", "issue"), (", pp.", "O"), ("1-9", "page"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("container-title"), ref.get("volume")) == ("Lettere e Grafi", "LXII")


def test_a_hyphened_given_name_before_the_colon_is_the_authors() -> None:
    raw = "Knoten, Karl-Heinz: Die Reform der Graphen. In: Graphenblatt 62 (2013), S. 88–97."
    spec = [("Knoten", "author"), (",", "O"), ("Karl-Heinz: Die Reform der Graphen", "title"),
            (". In:", "O"), ("Graphenblatt", "container-title"), ("62", "volume"), ("(", "O"),
            ("2013", "issued"), ("), S.", "O"), ("88–97", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert [(n.family, n.given) for n in ref.author] == [("Knoten", "Karl-Heinz")]
    assert ref.get("title") == "Die Reform der Graphen"


def test_abnt_same_authors_line_after_in_before_the_book() -> None:
    raw = "ODA, Paulo. A aresta. In: ______. Ensaios sobre grafos. Grafia: Arco, 2011. p. 9-28."
    spec = [("ODA, Paulo", "author"), (".", "O"), ("A aresta", "title"), (". In: ______.", "O"),
            ("Ensaios sobre grafos", "title"), (".", "O"), ("Grafia", "publisher-place"),
            (":", "O"), ("Arco", "publisher"), (",", "O"), ("2011", "issued"), (". p.", "O"),
            ("9-28", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.get("container-title")) == ("A aresta", "Ensaios sobre grafos")
    assert ref.type == "chapter"


def test_abnt_event_after_in_is_the_proceedings() -> None:
    raw = "ODA, T. S. Redes de grafos. In: SIMPÓSIO BRASILEIRO DE GRAFOS, 35., 2017, Grafia. "
    raw += "Anais [...]. Porto Alegre: SBG, 2017. p. 120-133."
    spec = [("ODA, T. S.", "author"), ("Redes de grafos", "title"), (". In:", "O"),
            ("SIMPÓSIO BRASILEIRO DE GRAFOS", "editor"), (", 35., ", "O"), ("2017", "issued"),
            (",", "O"), ("Grafia. Anais", "container-title"), ("[...].", "O"),
            ("Porto Alegre", "publisher-place"), (":", "O"), ("SBG", "publisher"), (",", "O"),
            ("2017", "issued"), (". p.", "O"), ("120-133", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("container-title") == "SIMPÓSIO BRASILEIRO DE GRAFOS"
    assert not ref.editor
    assert ref.type == "paper-conference"


def test_the_editor_mark_read_into_the_opening_names_makes_them_the_editors() -> None:
    raw = "Lind, Ben, ed. Graph Routing: A Reader. Oslo: Graph Press, 2019."
    spec = [("Lind, Ben, ed", "author"), (".", "O"), ("Graph Routing: A Reader", "title"),
            (".", "O"), ("Oslo", "publisher-place"), (":", "O"), ("Graph Press", "publisher"),
            (",", "O"), ("2019", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert not ref.author
    assert [n.family for n in ref.editor] == ["Lind"]


@pytest.mark.parametrize("same", ["in Id.,", "in Idem,", "In: ______."])
def test_the_book_after_a_word_standing_for_the_same_author(same: str) -> None:
    raw = (
        f"Nodo, Giulia, «Il grafo in città», {same} Parole e grafi, Torino, Arco, 2008, pp. 17-40."
    )
    head, _, tail = raw.partition(same)
    spec = [("Nodo, Giulia", "author"), (", «", "O"), ("Il grafo in città", "title"), ("»,", "O"),
            (same, "O"), ("Parole e grafi", "title"), (",", "O"), ("Torino", "publisher-place"),
            (",", "O"), ("Arco", "publisher"), (",", "O"), ("2008", "issued"), (", pp.", "O"),
            ("17-40", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.get("container-title")) == ("Il grafo in città", "Parole e grafi")
    assert ref.type == "chapter"
    del head, tail


def test_editors_after_dans_read_as_names_before_their_mark() -> None:
    raw = "Arête, Sylvie, « Les graphes », dans Nœud, Anne et Arc, Luc (dir.), Les arêtes, "
    raw += "Paris, Sommet, 2016, p. 55-78."
    spec = [("Arête, Sylvie", "author"), (", «", "O"), ("Les graphes", "title"), ("», dans", "O"),
            ("Nœud, Anne et Arc, Luc", "author"), ("(dir.),", "O"), ("Les arêtes", "title"),
            (",", "O"), ("Paris", "publisher-place"), (",", "O"), ("Sommet", "publisher"),
            (",", "O"), ("2016", "issued"), (", p.", "O"), ("55-78", "page"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert [n.family for n in ref.author] == ["Arête"]
    assert [n.family for n in ref.editor] == ["Nœud", "Arc"]
    assert ref.get("container-title") == "Les arêtes"
    assert ref.type == "chapter"


def test_the_institution_in_a_thesis_bracket_read_as_the_place() -> None:
    raw = "Nodo, L. M. (2017). Los grafos urbanos [Tesis de doctorado, Universidad del Grafo]. "
    raw += "Repositorio Arista."
    spec = [("Nodo, L. M.", "author"), ("(", "O"), ("2017", "issued"), (").", "O"),
            ("Los grafos urbanos", "title"), ("[", "O"), ("Tesis de doctorado", "genre"),
            (",", "O"), ("Universidad del Grafo", "publisher-place"), ("].", "O"),
            ("Repositorio Arista", "publisher"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("publisher") == "Universidad del Grafo"
    assert not ref.get("publisher-place")


def test_abnt_given_names_read_as_the_title_before_the_unlabelled_title() -> None:
    raw = "ARESTA, Ana Maria. Grafos e escola. 4. ed. Grafia: Arco, 2009."
    spec = [("ARESTA", "author"), (",", "O"), ("Ana Maria", "title"),
            (". Grafos e escola.", "O"), ("4. ed", "edition"), (".", "O"),
            ("Grafia", "publisher-place"), (":", "O"), ("Arco", "publisher"), (",", "O"),
            ("2009", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert [(n.family, n.given) for n in ref.author] == [("ARESTA", "Ana Maria")]
    assert ref.get("title") == "Grafos e escola"


def test_a_place_and_a_year_with_no_publisher_make_a_book() -> None:
    ref = Reference(raw="x")
    ref.set("title", "Kleine Geschichte der Graphen")
    ref.set("publisher-place", "Köln")
    assert infer_type(ref, "Knoten, Martin: Kleine Geschichte der Graphen, Köln 2004.") == "book"
    raw = "GRAPH-05, December 8-10, 2005, Hong Kong"
    assert infer_type(ref, raw) == "document"  # (a meeting's days: an event)


def test_a_city_ending_the_thesis_genre_before_the_colon_is_the_place() -> None:
    raw = "Arête, Anne. Les graphes. Thèse de doctorat : Géographie. Toulouse : Université du "
    raw += "Graphe, 2016."
    spec = [("Arête, Anne", "author"), (".", "O"), ("Les graphes", "title"), (".", "O"),
            ("Thèse de doctorat : Géographie. Toulouse", "genre"), (":", "O"),
            ("Université du Graphe", "publisher"), (",", "O"), ("2016", "issued"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("genre"), ref.get("publisher-place")) == (
        "Thèse de doctorat : Géographie",
        "Toulouse",
    )


def test_et_al_typed_without_its_period_opening_the_title_is_the_names() -> None:
    raw = "Odell K, Lind B, et al Graph routing in dense networks. J Graphs 2019;12(3):45-67"
    spec = [("Odell K, Lind B", "author"), (",", "O"),
            ("et al Graph routing in dense networks", "title"), (".", "O"),
            ("J Graphs", "container-title"), ("2019", "issued"), (";", "O"), ("12", "volume"),
            ("(", "O"), ("3", "issue"), ("):", "O"), ("45-67", "page")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Graph routing in dense networks"
    assert [n.family for n in ref.author] == ["Odell", "Lind"]


def test_the_month_in_apa_s_date_bracket_read_as_the_title_is_the_date_s() -> None:
    raw = "Gallo, P. N. (2003, août). Graph routing in dense networks. [preprint]."
    spec = [("Gallo, P. N.", "author"), ("(", "O"), ("2003", "issued"), (",", "O"),
            ("août)", "title"), (".", "O"), ("Graph routing in dense networks", "title"),
            (". [", "O"), ("preprint", "genre"), ("].", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Graph routing in dense networks"


def test_the_access_lead_read_into_the_container_before_the_url_is_no_part_of_it() -> None:
    raw = "Jones, P. E. (2023). Graph routing. GitHub. Repéré à https://example.org/graph/routing"
    spec = [("Jones, P. E.", "author"), ("(", "O"), ("2023", "issued"), (").", "O"),
            ("Graph routing", "title"), (".", "O"), ("GitHub. Repéré à", "container-title"),
            ("https://example.org/graph/routing", "URL")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("container-title") == "GitHub"


@pytest.mark.parametrize("read_as", ["container-title", "publisher"])
def test_a_title_read_as_another_run_before_the_edition(read_as: str) -> None:
    raw = "Kante, K./Knoten, M. (2014): Graphenmärkte und Regeln, 2. Aufl., Graphstadt."
    spec = [("Kante, K./Knoten, M.", "author"), ("(", "O"), ("2014", "issued"), ("):", "O"),
            ("Graphenmärkte und Regeln", read_as), (",", "O"), ("2", "edition"),
            (". Aufl.,", "O"), ("Graphstadt", "publisher-place"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Graphenmärkte und Regeln"
    assert not ref.get("publisher") and not ref.get("container-title")


@pytest.mark.parametrize(("opener", "closer"), [("\u201e", "\u201c"), ("\u00bb", "\u00ab")])
def test_a_german_quoted_title_read_into_the_container_ends_at_its_close(
    opener: str, closer: str
) -> None:
    raw = (
        f"Odell, K. (2016). {opener}Flüsse der Graphen{closer}. Zeitschrift für Graphen, 12, 45–67."
    )
    spec = [("Odell, K.", "author"), ("(", "O"), ("2016", "issued"), (").", "O"),
            (opener, "O"),
            (f"Flüsse der Graphen{closer}. Zeitschrift für Graphen", "container-title"),
            (",", "O"), ("12", "volume"), (",", "O"), ("45–67", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Flüsse der Graphen"
    assert ref.get("container-title") == "Zeitschrift für Graphen"


@pytest.mark.parametrize("clause", ["sous la direction de", "herausgegeben von", "edited by"])
def test_the_editors_clause_after_the_book_read_into_it_gives_the_editors(clause: str) -> None:
    raw = f"Odell, Karen. 2016. « Rivers ». Dans The Graph Book, {clause} Dana Kerr, 233-250."
    spec = [("Odell, Karen", "author"), (".", "O"), ("2016", "issued"), (". «", "O"),
            ("Rivers", "title"), ("». Dans", "O"),
            (f"The Graph Book, {clause} Dana Kerr", "container-title"), (",", "O"),
            ("233-250", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("container-title") == "The Graph Book"
    assert [n.family for n in ref.editor] == ["Kerr"]


def test_a_thesis_kind_read_as_a_note_is_the_genre() -> None:
    raw = "[6] K. Odell, “Graph routing,” M.S. thesis, Dept. Comput. Sci., Univ. Oslo, Oslo, 2019."
    spec = [("[6]", "O"), ("K. Odell", "author"), (", “", "O"), ("Graph routing", "title"),
            (",” M.", "O"), ("S. thesis", "note"), (",", "O"),
            ("Dept. Comput. Sci.", "container-title"), (",", "O"), ("Univ. Oslo", "publisher"),
            (",", "O"), ("Oslo", "publisher-place"), (",", "O"), ("2019", "issued"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("genre") == "M.S. thesis"
    assert ref.type == "thesis"
    assert ref.get("container-title") == ""


def test_ieee_s_early_access_closing_the_journal_is_no_part_of_it() -> None:
    raw = "[2] K. Odell, “Graph routing,” IEEE Trans. Graphs, early access, Mar. 3, 2019."
    spec = [("[2]", "O"), ("K. Odell", "author"), (", “", "O"), ("Graph routing", "title"),
            (",”", "O"), ("IEEE Trans. Graphs, early access", "container-title"),
            (", Mar. 3,", "O"), ("2019", "issued"), (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("container-title") == "IEEE Trans. Graphs"


def test_ams_s_book_after_the_title_before_a_series_and_its_volume() -> None:
    raw = "[4] K. Odell, Graph routing, Topics in graphs, Lecture Notes in Graphs, vol. 22, 2019."
    spec = [("[4]", "O"), ("K. Odell", "author"), (",", "O"),
            ("Graph routing, Topics in graphs", "title"), (",", "O"),
            ("Lecture Notes in Graphs", "container-title"), (", vol.", "O"), ("22", "volume"),
            (",", "O"), ("2019", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Graph routing"
    assert ref.get("container-title") == "Topics in graphs"
    assert ref.get("collection-title") == "Lecture Notes in Graphs"


def test_elsevier_s_presented_at_sentence_closing_the_proceedings_is_no_part_of_them() -> None:
    raw = "Odell, K., 2019. Routing, in: Graph Conference Proceedings. Presented at the ICG, Oslo."
    spec = [("Odell, K.", "author"), (",", "O"), ("2019", "issued"), (".", "O"),
            ("Routing", "title"), (", in:", "O"),
            ("Graph Conference Proceedings. Presented at the ICG", "container-title"),
            (",", "O"), ("Oslo", "publisher-place"), (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("container-title") == "Graph Conference Proceedings"


def test_an_abbreviated_journal_after_the_title_s_last_comma_is_the_journal() -> None:
    raw = "Odell K., Lind B., Graph routing in dense networks, Graph Stud., 2019, 12(3), 45–67."
    spec = [("Odell K., Lind B.", "author"), (",", "O"),
            ("Graph routing in dense networks, Graph Stud", "title"), (".,", "O"),
            ("2019", "issued"), (",", "O"), ("12", "volume"), ("(", "O"), ("3", "issue"),
            ("),", "O"), ("45–67", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Graph routing in dense networks"
    assert ref.get("container-title") == "Graph Stud"


def test_the_meeting_after_apa_s_talk_description_read_as_a_note_is_the_container() -> None:
    raw = "Odell, K. (2019). Graph routing [Paper presentation]. 12th Graph Congress, Oslo, Norway."
    spec = [("Odell, K.", "author"), ("(", "O"), ("2019", "issued"), (").", "O"),
            ("Graph routing", "title"), ("[", "O"), ("Paper presentation", "note"), ("].", "O"),
            ("12th Graph Congress", "note"), (",", "O"), ("Oslo, Norway", "publisher-place"),
            (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("container-title") == "12th Graph Congress"


@pytest.mark.parametrize(
    ("place", "publisher", "rest"),
    [("Graf, Belmont, CA", "Graf", "Belmont, CA"),
     ("GRAFSOC, Philadelphia, PA", "GRAFSOC", "Philadelphia, PA"),
     ("Garden City, N.Y., USA", None, "Garden City, N.Y., USA"),
     ("Palo Alto, California, USA", None, "Palo Alto, California, USA"),
     ("Portland, OR), NY", None, "Portland, OR), NY")],
)  # fmt: skip
def test_a_publisher_before_a_town_and_its_region_read_as_the_place(
    place: str, publisher: str | None, rest: str
) -> None:
    raw = f"Ode, K. Graph Cook Book. {place}, 1984."
    spec = [("Ode, K.", "author"), ("Graph Cook Book", "title"), (".", "O"),
            (place, "publisher-place"), (",", "O"), ("1984", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("publisher") or None, ref.get("publisher-place")) == (publisher, rest)


def test_a_firm_read_as_the_container_before_a_town_and_its_region_is_the_publisher() -> None:
    raw = "Ode, K. (1939). Graph analysis. Kerr Brothers, Ann Arbor, Michigan."
    spec = [("Ode, K.", "author"), ("(", "O"), ("1939", "issued"), (").", "O"),
            ("Graph analysis", "title"), (".", "O"), ("Kerr Brothers", "container-title"),
            (",", "O"), ("Ann Arbor, Michigan", "publisher-place"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("publisher"), ref.get("publisher-place")) == (
        "Kerr Brothers",
        "Ann Arbor, Michigan",
    )
    assert not ref.get("container-title")


@pytest.mark.parametrize(
    ("title", "journal"),
    [("What is a good graph? Graphs", "Graphs"),
     ("Is routing hard? J. Graph Theory", "J. Graph Theory")],
)  # fmt: skip
def test_a_journal_after_the_title_s_question_mark(title: str, journal: str) -> None:
    raw = f"Ode, K. (1994). {title}, 18(3):231–258."
    spec = [("Ode, K.", "author"), ("(", "O"), ("1994", "issued"), (").", "O"),
            (title, "title"), (",", "O"), ("18", "volume"), ("(", "O"), ("3", "issue"),
            ("):", "O"), ("231–258", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("container-title") == journal
    assert ref.get("title") == title[: -len(journal) - 1]


def test_a_title_s_question_mark_before_a_lower_case_word_keeps_the_title() -> None:
    raw = "Ode, K. (2012). Do graphs grow? refining the hypothesis, 18(3):231–258."
    spec = [("Ode, K.", "author"), ("(", "O"), ("2012", "issued"), (").", "O"),
            ("Do graphs grow? refining the hypothesis", "title"), (",", "O"), ("18", "volume"),
            ("(", "O"), ("3", "issue"), ("):", "O"), ("231–258", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Do graphs grow? refining the hypothesis"


@pytest.mark.parametrize(
    "status", ["Accepted for publication on 2008-03-28", "Forthcoming", "In press"]
)
def test_a_status_after_the_journal_s_name_is_a_note(status: str) -> None:
    raw = f"Ode K (2008). “Graph routing.” Journal of Graphs. {status}."
    spec = [("Ode K", "author"), ("(", "O"), ("2008", "issued"), (").", "O"), ("“", "O"),
            ("Graph routing", "title"), (".”", "O"),
            (f"Journal of Graphs. {status}", "container-title"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("container-title") == "Journal of Graphs"
    assert ref.get("note") == status


def test_an_isbn_read_as_the_pages_is_no_field_but_the_isbn() -> None:
    raw = "Ode K (2001). Graph Routing. Graf University Press. ISBN 978-0198507659."
    spec = [("Ode K", "author"), ("(", "O"), ("2001", "issued"), (").", "O"),
            ("Graph Routing", "title"), (".", "O"), ("Graf University Press.", "publisher"),
            ("ISBN", "O"), ("978-0198507659", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("page"), ref.get("ISBN")) == ("", "978-0198507659")
    assert ref.get("publisher") == "Graf University Press"


@pytest.mark.parametrize("label", ["container-title", "title"])
def test_a_book_title_opening_with_in_right_after_the_date(label: str) -> None:
    raw = "Ode K (2001). In All Graphs: Routing and Inference. Graf Press."
    title = "All Graphs: Routing and Inference"
    spec = [("Ode K", "author"), ("(", "O"), ("2001", "issued"), (").", "O"), ("In", "O"),
            (title, label), (".", "O"), ("Graf Press", "publisher"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "In " + title
    assert not ref.get("container-title")


@pytest.mark.parametrize(
    ("raw", "spec"),
    [("Ode K (2001). In B. Lind (ed.), Graph Routing. Graf Press.",
      [("Ode K", "author"), ("(", "O"), ("2001", "issued"), (").", "O"), ("In", "O"),
       ("B. Lind", "editor"), ("(ed.),", "O"), ("Graph Routing", "container-title"), (".", "O"),
       ("Graf Press", "publisher"), (".", "O")]),
     ("Ode K (2001). In Proceedings of the Graph Conference. Oslo.",
      [("Ode K", "author"), ("(", "O"), ("2001", "issued"), (").", "O"), ("In", "O"),
       ("Proceedings of the Graph Conference", "container-title"), (".", "O"),
       ("Oslo", "publisher-place"), (".", "O")])],
)  # fmt: skip
def test_in_before_editors_or_proceedings_opens_the_container(
    raw: str, spec: list[tuple[str, str]]
) -> None:
    ref = _by_runs(raw, spec)
    assert ref.get("container-title") and not ref.get("title")


def test_apa_s_software_title_left_unlabelled_before_its_description() -> None:
    raw = "Ode, K. (2019). GraphKit [Computer software]. Graph Inc."
    spec = [("Ode, K.", "author"), ("(", "O"), ("2019", "issued"), (").", "O"),
            ("GraphKit [Computer software].", "O"), ("Graph Inc.", "publisher")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "GraphKit"
    assert infer_type(ref, raw) == "software"


def test_a_package_named_outright_is_software_without_a_link() -> None:
    raw = "Ode K (2018). graphs: Graph Routing Tools. R package version 0.3.23."
    ref = Reference()
    ref.set("title", "graphs: Graph Routing Tools")
    ref.set("note", "R package version 0.3.23")
    assert infer_type(ref, raw) == "software"
    ref.set("container-title", "Journal of Graph Software")
    assert infer_type(ref, raw) != "software"


def test_names_given_back_to_the_authors_leave_their_period_out_of_the_title() -> None:
    raw = "[19] Kari Ode, Lena Graf, and Jan Roe. Non-stationary graphs. Graph Press, 1999."
    spec = [("[19]", "O"), ("Kari Ode", "author"), (",", "O"),
            ("Lena Graf, and Jan Roe. Non-stationary graphs", "title"), (".", "O"),
            ("Graph Press", "publisher"), (",", "O"), ("1999", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert [n.family for n in ref.author] == ["Ode", "Graf", "Roe"]
    assert ref.get("title") == "Non-stationary graphs"


@pytest.mark.parametrize("version", ["0.9.12", "1.8-10"])
def test_a_package_s_version_read_into_the_title_and_a_number_is_a_note(version: str) -> None:
    raw = f"Ode K (2019). graphkit: Graph Routing API. R package version {version}, URL https://x.org."
    last = version.replace("-", ".").split(".")[-1]
    spec = [("Ode K", "author"), ("(", "O"), ("2019", "issued"), (").", "O"),
            ("graphkit: Graph Routing API. R package", "title"),
            (f"version {version[: -len(last) - 1]}", "O"), (version[-len(last) - 1], "O"),
            (last, "number"), (",", "O"), ("URL", "O"), ("https://x.org", "URL"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "graphkit: Graph Routing API"
    assert ref.get("note") == f"R package version {version}"
    assert not ref.get("number")


@pytest.mark.parametrize(
    ("bracket", "date"),
    [("Nov. 2010", [2010, 11]), ("May 2010", [2010, 5]), ("März 2018c", [2018, 3])],
)
def test_a_month_before_the_year_in_the_date_bracket_is_the_date(
    bracket: str, date: list[int]
) -> None:
    raw = f"Graf, Hans ({bracket}): Graphentheorie im Alltag, in: Graphenkurier 3, S. 45–50."
    spec = [("Graf, Hans", "author"), ("(", "O"), (f"{bracket}):", "title"),
            ("Graphentheorie im Alltag", "title"), (", in:", "O"),
            ("Graphenkurier", "container-title"), ("3", "volume"), (", S.", "O"),
            ("45–50", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Graphentheorie im Alltag"
    assert ref.to_csl()["issued"]["date-parts"][0][: len(date)] == date


@pytest.mark.parametrize("label", ["volume", "note", "number"])
def test_a_german_journal_s_issue_over_the_year_and_its_year_count(label: str) -> None:
    raw = "Graf, Hans (2010): Graphentheorie, in: Graphenkurier 3 / 2010 (22. Jg.), S. 45–50."
    journal = "container-title" if label == "volume" else label
    spec = [("Graf, Hans", "author"), ("(", "O"), ("2010", "issued"), ("):", "O"),
            ("Graphentheorie", "title"), (", in:", "O"), ("Graphenkurier", journal),
            ("3 / 2010 (22. Jg.", label), ("), S.", "O"), ("45–50", "page"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("container-title"), ref.get("issue"), ref.get("volume")) == (
        "Graphenkurier",
        "3",
        "22",
    )


def test_a_month_in_another_language_near_the_year_is_the_date_s_but_not_in_the_journal() -> None:
    raw = "Ode, K. (2014, Avril). Graphes citoyens. Graphes économiques, 334, 40-41."
    spec = [("Ode, K.", "author"), ("(", "O"), ("2014", "issued"), (", Avril).", "O"),
            ("Graphes citoyens", "title"), (".", "O"), ("Graphes économiques", "container-title"),
            (",", "O"), ("334", "volume"), (",", "O"), ("40-41", "page"), (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).to_csl()["issued"]["date-parts"] == [[2014, 4]]
    raw = "Ode K. Graph routing. Mayo Graph Proc 1999; 74:928-935."
    spec = [("Ode K", "author"), (".", "O"), ("Graph routing", "title"), (".", "O"),
            ("Mayo Graph Proc", "container-title"), ("1999", "issued"), (";", "O"),
            ("74", "volume"), (":", "O"), ("928-935", "page"), (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).to_csl()["issued"]["date-parts"] == [[1999]]


def test_a_natural_order_family_name_before_u_a_is_the_names() -> None:
    raw = "Karla J. Odell u. a. „Graphen im Alltag“. In: Graphenkurier 14.1 (1998), S. 17–30."
    spec = [("Karla J", "author"), (".", "O"), ("Odell u. a. „Graphen im Alltag", "title"),
            ("“.", "O"), ("In:", "O"), ("Graphenkurier", "container-title"), ("14", "volume"),
            (".", "O"), ("1", "issue"), ("(", "O"), ("1998", "issued"), ("), S.", "O"),
            ("17–30", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert [n.family for n in ref.author] == ["Odell"]
    assert ref.get("title") == "Graphen im Alltag"


@pytest.mark.parametrize("journal_label", ["genre", "title", "O"])
def test_biblatex_s_volume_dot_number_after_in_gives_the_journal(journal_label: str) -> None:
    raw = "Karla Odell. “Graph routing”. In: Graphs 14.1 (1998), pp. 17–30."
    spec = [("Karla Odell", "author"), (".", "O"), ("“", "O"), ("Graph routing", "title"),
            ("”.", "O"), ("In:", "O"), ("Graphs 14", journal_label), (".", "O"), ("1", "issue"),
            ("(", "O"), ("1998", "issued"), ("), pp.", "O"), ("17–30", "page"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("container-title"), ref.get("volume"), ref.get("issue")) == (
        "Graphs",
        "14",
        "1",
    )


@pytest.mark.parametrize(
    ("mark", "place"), [("Ed. by", "Durham and London"), ("Hrsg. von", "Durham und London")]
)
def test_biblatex_s_editors_after_the_book(mark: str, place: str) -> None:
    raw = (
        f"Karla Odell. “On Graphs”. In: Graph Modernities. {mark} Dilip Kerr. Graph Studies 9. "
        f"{place}: Graph University Press, 2001, pp. 1–23."
    )
    spec = [("Karla Odell", "author"), (".", "O"), ("“", "O"), ("On Graphs", "title"),
            ("”.", "O"), ("In:", "O"),
            (f"Graph Modernities. {mark} Dilip Kerr. Graph Studies", "container-title"),
            ("9", "edition"), (".", "O"), (place, "container-title"), (":", "O"),
            ("Graph University Press", "publisher"), (",", "O"), ("2001", "issued"),
            (", pp.", "O"), ("1–23", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("container-title") == "Graph Modernities"
    assert [n.family for n in ref.editor] == ["Kerr"]
    assert not ref.get("edition")


def test_german_quotation_marks_read_as_english_ones_by_the_tagger() -> None:
    from refmanager.parse.parser import _with_english_quotes

    toks = tokenize("Odell, K. „Graphen“. In: „Kurier“ 12. Polish „Grafy”.")
    marks = [t.text for t in _with_english_quotes(toks) if t.text in "\u201c\u201d\u201e"]
    assert marks == ["\u201c", "\u201d", "\u201c", "\u201d", "\u201c", "\u201d"]
    assert next(t.text for t in toks if t.text in "\u201c\u201d\u201e") == "\u201e"


@pytest.mark.parametrize(
    ("tail", "second", "fields"),
    [("Graph Letters 39, 5 (Jan. 2010), 1714–1747.", "volume", ("39", "5", "1714–1747")),
     ("Graph Letters, 39, 5, (Jan. 2010), 1714–1747.", "page", ("39", "5", "1714–1747")),
     ("Graph Letters 3, 1, Article 4 (Jan.-March 2005).", "volume", ("3", "1", "4")),
     ("Graph Letters, 6, 4, (Dec. 2010).", "page", ("6", "4", ""))],
)  # fmt: skip
def test_the_acm_reference_format_s_volume_issue_and_article(
    tail: str, second: str, fields: tuple[str, str, str]
) -> None:
    raw = f"Karla Odell. 2010. Graph routing at scale. {tail}"
    body = tail[len("Graph Letters") :]
    volume, issue = fields[0], fields[1]
    start = body.index(volume)
    mid = body.index(issue, start + len(volume))
    spec = [("Karla Odell", "author"), (".", "O"), ("2010", "issued"), (".", "O"),
            ("Graph routing at scale", "title"), (".", "O"),
            ("Graph Letters", "container-title"), (body[:start], "O"), (volume, "volume"),
            (body[start + len(volume) : mid], "O"), (issue, second),
            (body[mid + len(issue) :], "O")]  # fmt: skip
    spec = [(text, label) for text, label in spec if text.strip()]
    ref = _by_runs(raw, spec)
    assert (ref.get("volume"), ref.get("issue")) == (volume, issue)


def test_physics_volume_and_page_before_a_bare_year_stay() -> None:
    raw = "K. Odell, Graph Lett. 89, 2495 (1967); 89, 7017 (1967)."
    spec = [("K. Odell", "author"), (",", "O"), ("Graph Lett.", "container-title"),
            ("89", "volume"), (",", "O"), ("2495", "page"), ("(", "O"), ("1967", "issued"),
            (");", "O"), ("89", "volume"), (",", "O"), ("7017", "page"), ("(", "O"),
            ("1967", "issued"), (").", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("page"), ref.get("issue")) == ("2495", "")


@pytest.mark.parametrize("between", ["", "."])
def test_an_acm_book_title_before_its_edition_read_as_a_container(between: str) -> None:
    raw = f"Karla Odell. 2001. Graph Networking{between} (2nd. ed.). Graf, New York, NY."
    spec = [("Karla Odell", "author"), (".", "O"), ("2001", "issued"), (".", "O"),
            ("Graph Networking", "container-title"), (between, "O"), ("(2nd. ed.).", "O"),
            ("Graf", "publisher"), (",", "O"), ("New York, NY", "publisher-place"),
            (".", "O")]  # fmt: skip
    spec = [(text, label) for text, label in spec if text]
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Graph Networking"
    assert (ref.get("container-title"), ref.get("edition")) == ("", "2")


def test_acm_s_article_number_in_proceedings_is_no_volume() -> None:
    raw = (
        "Karla Odell. 2019. Graph routing. In Proceedings of GraphConf. ACM, Article 12, 10 pages."
    )
    spec = [("Karla Odell", "author"), (".", "O"), ("2019", "issued"), (".", "O"),
            ("Graph routing", "title"), (". In", "O"),
            ("Proceedings of GraphConf", "container-title"), (".", "O"), ("ACM", "publisher"),
            (", Article", "O"), ("12", "volume"), (",", "O"), ("10 pages", "note"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("volume"), ref.get("page")) == ("", "12")


@pytest.mark.parametrize(
    ("key", "author"), [("GRAPHSOC", "GRAPHSOC"), ("Graph Society", "Graph Society")]
)
def test_acm_s_key_and_year_opening_an_entry_without_author(key: str, author: str) -> None:
    raw = f"[20] {key} 2004. Graph Routing Committee. In Proceedings of GraphConf, 21–22."
    spec = [("[20]", "O"), (f"{key} 2004. Graph Routing Committee", "title"), (". In", "O"),
            ("Proceedings of GraphConf", "container-title"), (",", "O"), ("21–22", "page"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Graph Routing Committee"
    assert [n.literal or n.family for n in ref.author] == [author]
    assert ref.to_csl()["issued"]["date-parts"] == [[2004]]


def test_a_patent_word_in_a_journal_article_s_title_is_no_patent() -> None:
    ref = Reference()
    ref.set("title", "The patent holder's dilemma: Buy, sell, or troll?")
    ref.set("container-title", "Graph Letters")
    ref.set("volume", "50")
    raw = "K. Odell. 2007. The patent holder's dilemma: Buy, sell, or troll? Graph Letters 50, 1."
    assert infer_type(ref, raw) == "article-journal"


def test_nlm_s_conference_paper_book_meeting_date_and_place() -> None:
    raw = (
        "Kerr D. Graph routing. In: Odell K, editors. Graph programs. GraphConf 2002: "
        "Proceedings of the 5th Graph Conference; 2002 Apr 3-5; Kinsdale, Ireland. "
        "Berlin: Graf; 2002. p. 182-91."
    )
    spec = [("Kerr D", "author"), (".", "O"), ("Graph routing", "title"), (". In:", "O"),
            ("Odell K", "editor"), (", editors.", "O"),
            ("Graph programs. GraphConf", "container-title"), ("2002", "issued"), (":", "O"),
            ("Proceedings of the 5th Graph Conference", "container-title"), (";", "O"),
            ("2002", "issued"), ("Apr 3", "O"), ("-", "O"), ("5", "issue"), (";", "O"),
            ("Kinsdale, Ireland. Berlin", "publisher-place"), (":", "O"),
            ("Graf", "publisher"), (";", "O"), ("2002", "issued"), (". p.", "O"),
            ("182-91", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("container-title") == (
        "Graph programs. GraphConf 2002: Proceedings of the 5th Graph Conference"
    )
    assert (ref.get("issue"), ref.get("publisher-place")) == ("", "Berlin")


@pytest.mark.parametrize("medium", ["videocassette", "monograph on the Internet"])
def test_nlm_s_medium_ends_the_title_before_place_and_publisher(medium: str) -> None:
    raw = f"Kerr D. Graph routing in clinics [{medium}]. Secaucus (NJ): Graph Education; 2002."
    spec = [("Kerr D", "author"), (".", "O"),
            (f"Graph routing in clinics [{medium}]. Secaucus (NJ): Graph Education", "title"),
            (";", "O"), ("2002", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.get("medium")) == ("Graph routing in clinics", medium)
    assert (ref.get("publisher-place"), ref.get("publisher")) == (
        "Secaucus (NJ)",
        "Graph Education",
    )


def test_a_bracket_of_the_title_that_names_no_medium_stays() -> None:
    raw = "Hume, K. A Treatise of Graphs [selections]. In The Age of Graphs. Oslo: Graf, 1961."
    spec = [("Hume, K.", "author"), ("A Treatise of Graphs [selections]", "title"),
            (". In", "O"), ("The Age of Graphs", "container-title"), (".", "O"),
            ("Oslo", "publisher-place"), (":", "O"), ("Graf", "publisher"), (",", "O"),
            ("1961", "issued"), (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("title") == "A Treatise of Graphs [selections]"


@pytest.mark.parametrize(
    "group", ["WHO Graph Consultation", "GBD 2019 Graphs and Routes Collaborators"]
)
def test_a_vancouver_group_author_read_as_the_title_s_first_sentence(group: str) -> None:
    raw = f"{group}. Routing in 204 graphs. Lancet. 2004;363(9403):157-63."
    spec = [(f"{group}. Routing in 204 graphs", "title"), (".", "O"), ("Lancet", "container-title"),
            (".", "O"), ("2004", "issued"), (";", "O"), ("363", "volume"), ("(", "O"),
            ("9403", "issue"), ("):", "O"), ("157-63", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ([n.literal for n in ref.author], ref.get("title")) == ([group], "Routing in 204 graphs")


def test_a_group_name_ending_in_its_body_s_word_after_another_stays_whole() -> None:
    raw = "Graph Prevention Program Research Group. Routing in clinics. Graphs. 2002;40(5):679-86."
    spec = [("Graph Prevention Program Research Group", "author"), (".", "O"),
            ("Routing in clinics", "title"), (".", "O"), ("Graphs", "container-title"),
            (".", "O"), ("2002", "issued"), (";", "O"), ("40", "volume"), ("(", "O"),
            ("5", "issue"), ("):", "O"), ("679-86", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert [n.literal for n in ref.author] == ["Graph Prevention Program Research Group"]
    assert ref.get("title") == "Routing in clinics"


def test_nlm_s_home_page_title_opening_the_entry_before_its_medium() -> None:
    raw = (
        "Graph Certified [database on the Internet]. Evanston (IL): The Graph Board. c2000 - "
        "[cited 2001 Mar 8]. Available from: http://graphs.org/search"
    )
    spec = [("Graph Certified", "author"), ("[", "O"), ("database on the Internet", "note"),
            ("].", "O"), ("Evanston (IL): The Graph Board", "title"), (". c", "O"),
            ("2000", "issued"), ("- [cited 2001 Mar 8]. Available from:", "O"),
            ("http://graphs.org/search", "URL")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.get("medium")) == ("Graph Certified", "database on the Internet")
    assert (ref.get("publisher-place"), ref.get("publisher")) == (
        "Evanston (IL)",
        "The Graph Board",
    )
    assert not ref.author


def test_nlm_s_country_code_after_the_publisher_is_the_publisher_s() -> None:
    raw = "Odell K. Graph routing. Bethesda (MD): National Library of Graphs (US); 2002."
    spec = [("Odell K", "author"), (".", "O"), ("Graph routing", "title"), (".", "O"),
            ("Bethesda (MD)", "publisher-place"), (":", "O"),
            ("National Library of Graphs", "publisher"), ("(", "O"), ("US", "container-title"),
            (");", "O"), ("2002", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("publisher"), ref.get("container-title")) == (
        "National Library of Graphs (US)",
        "",
    )


def test_nlm_s_book_of_proceedings_meeting_date_and_place() -> None:
    raw = (
        "Harnden P, editors. Graph tumours V. Proceedings of the 5th Graph Conference; "
        "2001 Sep 13-15; Leeds, UK. New York: Graf; 2002."
    )
    spec = [("Harnden P", "editor"), (", editors.", "O"),
            ("Graph tumours V. Proceedings of the 5th Graph Conference", "title"), (";", "O"),
            ("2001", "issued"), ("Sep 13-15;", "O"), ("Leeds, UK", "publisher-place"),
            (".", "O"), ("New York", "publisher-place"), (":", "O"), ("Graf", "publisher"),
            (";", "O"), ("2002", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("publisher-place") == "New York"
    assert ref.to_csl()["issued"]["date-parts"] == [[2002]]


def test_nlm_s_town_and_state_before_the_publisher_are_the_place() -> None:
    raw = "Odell K. Graph pregnancy. 2nd ed. White Plains (NY): Graph Services; 2001."
    spec = [("Odell K", "author"), (".", "O"), ("Graph pregnancy", "title"), (".", "O"),
            ("2nd ed", "edition"), (".", "O"), ("White Plains", "container-title"), ("(", "O"),
            ("NY)", "publisher-place"), (":", "O"), ("Graph Services", "publisher"), (";", "O"),
            ("2001", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("publisher-place"), ref.get("container-title")) == ("White Plains (NY)", "")


def test_apa_s_article_number_report_number_and_meeting() -> None:
    raw = "Odell, K. (2018). Graph routing. Graph ONE, 13(3), Article e0193972."
    spec = [("Odell, K.", "author"), ("(", "O"), ("2018", "issued"), (").", "O"),
            ("Graph routing", "title"), (".", "O"), ("Graph ONE", "container-title"), (",", "O"),
            ("13", "volume"), ("(", "O"), ("3", "issue"), ("),", "O"),
            ("Article e0193972", "page"), (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("page") == "e0193972"
    raw = "Graph Institute. (2019). Taking graphs (GI Publication No. 18-2059). Graph Press."
    spec = [("Graph Institute", "author"), (". (", "O"), ("2019", "issued"), (").", "O"),
            ("Taking graphs", "title"), ("(", "O"), ("GI Publication", "publisher"),
            ("No.", "O"), ("18", "volume"), ("-2059).", "O"), ("Graph Press", "publisher"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("genre"), ref.get("number"), ref.get("volume")) == (
        "GI Publication",
        "18-2059",
        "",
    )
    raw = "Odell, K. (2019, August 8–11). Graph talk [Conference presentation]. GA 2019 Meet, Oslo."
    spec = [("Odell, K.", "author"), ("(", "O"), ("2019", "issued"), (", August 8–11).", "O"),
            ("Graph talk", "title"), ("[", "O"), ("Conference presentation", "genre"),
            ("].", "O"), ("GA 2019 Meet", "title"), (",", "O"),
            ("Oslo", "publisher-place"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.get("container-title")) == ("Graph talk", "GA 2019 Meet")


@pytest.mark.parametrize(("name", "label"), [("The Graph Times", "container-title"),
                                             ("The Hague", "publisher-place")])  # fmt: skip
def test_apa_s_periodical_read_as_the_place(name: str, label: str) -> None:
    raw = f"Odell, K. (2019, March 22). Can we route graphs? {name}. https://graphs.org/a"
    spec = [("Odell, K.", "author"), ("(", "O"), ("2019", "issued"), (", March 22).", "O"),
            ("Can we route graphs?", "title"), (name, "publisher-place"), (".", "O"),
            ("https://graphs.org/a", "URL")]  # fmt: skip
    assert _by_runs(raw, spec).get(label) == name


def test_lncs_proceedings_name_keeps_its_year() -> None:
    raw = (
        "2. Odell, K.: Graph routing. In: Kerr, D. (eds.) Graph-Par 2006. LNCS, vol. 4128, "
        "pp. 1148–1158. Springer, Heidelberg (2006)."
    )
    spec = [("2.", "O"), ("Odell, K.", "author"), (":", "O"), ("Graph routing", "title"),
            (". In:", "O"), ("Kerr, D.", "editor"), ("(eds.)", "O"),
            ("Graph-Par", "container-title"), ("2006", "issued"), (".", "O"),
            ("LNCS", "collection-title"), (", vol.", "O"), ("4128", "volume"), (", pp.", "O"),
            ("1148–1158", "page"), (".", "O"), ("Springer", "publisher"), (",", "O"),
            ("Heidelberg", "publisher-place"), ("(", "O"), ("2006", "issued"),
            (").", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("container-title") == "Graph-Par 2006"


def test_a_lone_page_after_german_s_at_the_end_is_the_page() -> None:
    raw = "Graf, Hans (2011): Graphen rechnen, in: Graphenkurier 3 / 2011 (23. Jg.), S. 79."
    spec = [("Graf, Hans", "author"), ("(", "O"), ("2011", "issued"), ("):", "O"),
            ("Graphen rechnen", "title"), (", in:", "O"), ("Graphenkurier", "container-title"),
            ("3", "issue"), ("/ 2011 (", "O"), ("23", "volume"),
            (". Jg.), S. 79.", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("page") == "79"


@pytest.mark.parametrize(
    "meeting", ["the 3rd Symposium on Graphs", "the Annual Meeting of the Graph Society"]
)
def test_paper_presented_at_opening_the_meeting_is_no_part_of_it(meeting: str) -> None:
    raw = f"Odell, K. (2019). Graph routing. Paper presented at {meeting}, Oslo, Norway."
    spec = [("Odell, K.", "author"), ("(", "O"), ("2019", "issued"), (").", "O"),
            ("Graph routing", "title"), (".", "O"),
            (f"Paper presented at {meeting}", "container-title"), (",", "O"),
            ("Oslo, Norway", "publisher-place"), (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("container-title") == meeting.removeprefix("the ")


def test_nlm_s_thesis_title_and_its_bracketed_kind_read_as_one_genre() -> None:
    raw = "Odell K. Graph routing [dissertation]. Oslo (Norway): University of Graphs; 2019."
    spec = [("Odell K", "author"), (".", "O"), ("Graph routing [dissertation", "genre"),
            ("].", "O"), ("Oslo (Norway)", "title"), (":", "O"),
            ("University of Graphs", "publisher"), (";", "O"), ("2019", "issued"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.get("genre")) == ("Graph routing", "dissertation")
    assert ref.get("publisher-place") == "Oslo (Norway)"


def test_ama_s_software_name_before_its_version() -> None:
    raw = "GraphKit. Version 2.3. Graph Society; 2020. Accessed May 4, 2021."
    spec = [("GraphKit", "author"), (".", "O"), ("Version 2.3", "title"), (".", "O"),
            ("Graph Society", "publisher"), (";", "O"), ("2020", "issued"),
            (". Accessed May 4,", "O"), ("2021", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.get("note"), ref.author) == ("GraphKit", "Version 2.3", [])


def test_springer_s_book_head_before_its_subtitle_after_the_editors_mark() -> None:
    raw = (
        "Kerr D (1990) Routing. In: Lind B (ed) Graph theory: methods and uses. Graf, Oslo, pp 1–10"
    )
    spec = [("Kerr D", "author"), ("(", "O"), ("1990", "issued"), (")", "O"), ("Routing", "title"),
            (". In:", "O"), ("Lind B", "editor"), ("(ed) Graph theory:", "O"),
            ("methods and uses", "container-title"), (".", "O"), ("Graf", "publisher"),
            (",", "O"), ("Oslo", "publisher-place"), (", pp", "O"), ("1–10", "page")]  # fmt: skip
    assert _by_runs(raw, spec).get("container-title") == "Graph theory: methods and uses"


def test_data_sets_in_the_plural_name_a_dataset() -> None:
    ref = Reference()
    ref.set("title", "Global graph monitoring data sets")
    ref.set("DOI", "10.6084/m9.figshare.853801")
    raw = "Odell K (2014) Global graph monitoring data sets. figshare https://doi.org/10.6084/m9.figshare.853801"
    assert infer_type(ref, raw) == "dataset"


def test_a_title_opening_with_editors_read_as_the_editors_mark() -> None:
    raw = "Odell, K. (2006). Editors’ introduction. Journal of Graphs, 50, 99-100."
    spec = [("Odell, K.", "author"), ("(", "O"), ("2006", "issued"), (").", "O"),
            ("Editors’", "O"), ("introduction. Journal of Graphs", "container-title"),
            (",", "O"), ("50", "volume"), (",", "O"), ("99-100", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.get("container-title")) == (
        "Editors’ introduction",
        "Journal of Graphs",
    )


def test_a_person_s_initials_opening_the_title_read_as_a_journal() -> None:
    raw = "Odell, K. (in press). J. B. S. Kerr’s contribution to graph tests. Graph Science."
    spec = [("Odell, K.", "author"), ("(", "O"), ("in press", "note"), (").", "O"),
            ("J. B.", "container-title"), ("S. Kerr’s contribution to graph tests", "title"),
            (".", "O"), ("Graph Science", "container-title"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.get("container-title")) == (
        "J. B. S. Kerr’s contribution to graph tests",
        "Graph Science",
    )


def test_nlm_s_newspaper_ending_the_title_before_its_date_and_section() -> None:
    raw = "Odell K. Graph routing lowers costs. The Graph Post. 2002 Aug 12;Sect. A:2 (col. 4)."
    spec = [("Odell K", "author"), (".", "O"),
            ("Graph routing lowers costs. The Graph Post", "title"), (".", "O"),
            ("2002", "issued"), ("Aug 12;", "O"), ("Sect. A:2 (col", "note"),
            (". 4).", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.get("container-title")) == (
        "Graph routing lowers costs",
        "The Graph Post",
    )


def test_a_patent_s_roles_read_with_the_names() -> None:
    raw = "Odell KA, inventor; Graph Surgical R&D Inc., assignee. Graph router. US patent US 1234."
    spec = [("Odell KA, inventor; Graph Surgical R&D Inc", "author"), (".,", "O"),
            ("assignee. Graph router", "title"), (".", "O"), ("US patent", "genre"),
            ("US 1234", "number"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ([n.family for n in ref.author], ref.get("title")) == (["Odell"], "Graph router")


def test_a_patent_s_number_read_at_the_end_of_its_genre() -> None:
    raw = "Odell K, inventor; Graph Corp, assignee. Graph router. United States patent US 1234567."
    spec = [("Odell K", "author"), (", inventor; Graph Corp, assignee.", "O"),
            ("Graph router", "title"), (".", "O"), ("United States patent US 1234567", "genre"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("genre"), ref.get("number")) == ("United States patent", "US 1234567")


def test_vancouver_s_supplement_read_into_the_volume() -> None:
    raw = "Odell K. Graph routing. Graphs. 2002;42 Suppl 2:S93-9."
    spec = [("Odell K", "author"), (".", "O"), ("Graph routing", "title"), (".", "O"),
            ("Graphs", "container-title"), (".", "O"), ("2002", "issued"), (";", "O"),
            ("42 Suppl 2", "volume"), (":", "O"), ("S93-9", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("volume"), ref.get("issue")) == ("42", "2")


def test_a_version_after_the_title_s_comma_is_a_note() -> None:
    raw = "Odell K. GraphKit, version 2.114; Graph Soft Ltd.: Cambridge, 2009."
    spec = [("Odell K", "author"), (".", "O"), ("GraphKit, version 2.", "O"), ("114", "volume"),
            (";", "O"), ("Graph Soft Ltd", "publisher"), (".:", "O"),
            ("Cambridge", "publisher-place"), (",", "O"), ("2009", "issued"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.get("note"), ref.get("volume")) == (
        "GraphKit",
        "version 2.114",
        "",
    )


def test_a_date_printed_year_month_day_read_as_pages_is_the_date() -> None:
    raw = "K. Odell, Graph router, French Patent 8 812 345, 1989-06-21."
    spec = [("K. Odell", "author"), (",", "O"), ("Graph router", "title"), (",", "O"),
            ("French Patent", "genre"), ("8 812 345", "number"), (",", "O"),
            ("1989-06-21", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("page") == ""
    assert ref.issued is not None
    assert (ref.issued.year, ref.issued.month, ref.issued.day) == (1989, 6, 21)


def test_a_meeting_s_days_printed_as_a_range_of_dates_are_the_date() -> None:
    raw = "K. Odell, Graph routing, in Proc. Graph Conf., Oslo, 2004-03-07/2004-03-11, pp. 1-9."
    spec = [("K. Odell", "author"), (",", "O"), ("Graph routing", "title"), (", in", "O"),
            ("Proc. Graph Conf.", "container-title"), (",", "O"), ("Oslo", "publisher-place"),
            (",", "O"), ("2004-03-07", "issued"), ("/2004-03", "DOI"), ("-11", "issue"),
            (", pp.", "O"), ("1-9", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("issue"), ref.get("DOI")) == ("", "")
    assert ref.issued is not None
    assert (ref.issued.year, ref.issued.month, ref.issued.day) == (2004, 3, 7)


def test_a_meeting_s_two_digit_year_after_its_name_ends_the_container() -> None:
    raw = "K. Odell, Graph routing, in Proc. IEEE Graphcom '04, Oslo, 2004, pp. 1-9."
    spec = [("K. Odell", "author"), (",", "O"), ("Graph routing", "title"), (", in", "O"),
            ("Proc. IEEE Graphcom", "container-title"), ("'", "O"), ("04", "volume"),
            (",", "O"), ("Oslo", "publisher-place"), (",", "O"), ("2004", "issued"),
            (", pp.", "O"), ("1-9", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("container-title"), ref.get("volume")) == ("Proc. IEEE Graphcom '04", "")


def test_the_number_after_a_report_s_kind_is_the_report_s_number() -> None:
    raw = "Odell, Kay. Graph Routing. Tech. rep. 98-17. Austin, Tex.: Graph University, 2001."
    spec = [("Odell, Kay", "author"), (".", "O"), ("Graph Routing", "title"), (".", "O"),
            ("Tech. rep", "genre"), (".", "O"), ("98-17", "page"), (".", "O"),
            ("Austin, Tex", "publisher-place"), (".:", "O"), ("Graph University", "publisher"),
            (",", "O"), ("2001", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("number"), ref.get("page")) == ("98-17", "")
    raw = "Odell, K. (1999a). Graph Routing. Working Paper 412, Graph University."
    spec = [("Odell, K.", "author"), ("(", "O"), ("1999a", "issued"), (").", "O"),
            ("Graph Routing", "title"), (".", "O"), ("Working Paper", "container-title"),
            ("412", "number"), (",", "O"), ("Graph University", "publisher"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("genre"), ref.get("number"), ref.get("container-title")) == (
        "Working Paper",
        "412",
        "",
    )


def test_names_in_brackets_after_an_editors_mark_are_the_editors_of_the_book_before() -> None:
    raw = (
        "Odell, K. Graph routing. in Graph Theory (eds Abe, L. & Berg, Y.) 45-67 "
        "(Graph Press, 1999)."
    )
    spec = [("Odell, K.", "author"), ("Graph routing", "title"), (". in", "O"),
            ("Graph Theory", "editor"), ("(eds", "O"), ("Abe, L. & Berg, Y.", "container-title"),
            (")", "O"), ("45-67", "page"), ("(", "O"), ("Graph Press", "publisher"), (",", "O"),
            ("1999", "issued"), (").", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert [n.family for n in ref.editor] == ["Abe", "Berg"]
    assert (ref.get("container-title"), ref.get("title")) == ("Graph Theory", "Graph routing")
    raw = "Graph Handbook, Vol. B, 3rd ed., (Ed.: M. Abe), Graph Press, Oslo, 2008."
    spec = [("Graph Handbook", "container-title"), (", Vol.", "O"), ("B", "volume"),
            (",", "O"), ("3rd ed", "edition"), (".,", "O"), ("(Ed.:", "O"), ("M. Abe)", "editor"),
            (",", "O"), ("Graph Press", "publisher"), (",", "O"), ("Oslo", "publisher-place"),
            (",", "O"), ("2008", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert [(n.family, n.given) for n in ref.editor] == [("Abe", "M.")]
    assert (ref.get("title"), ref.get("volume")) == ("Graph Handbook", "B")


def test_an_editors_sentence_after_a_book_with_no_in_edits_the_title() -> None:
    raw = "Odell, Kay. Collected Graphs. Ed. by R. Abe. 4 vols. London: Graph Press, 1975."
    spec = [("Odell, Kay", "author"), (".", "O"), ("Collected Graphs", "container-title"),
            (". Ed. by R. Abe.", "O"), ("4 vols", "volume"), (".", "O"),
            ("London", "publisher-place"), (":", "O"), ("Graph Press", "publisher"), (",", "O"),
            ("1975", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.get("container-title")) == ("Collected Graphs", "")
    assert [(n.family, n.given) for n in ref.editor] == [("Abe", "R.")]


def test_a_number_after_a_page_mark_read_as_the_volume_is_the_pages() -> None:
    raw = "K. Odell, Graph Circuits. Oslo: Graph Press, 1964, p. 464, (in Norwegian)."
    spec = [("K. Odell", "author"), (",", "O"), ("Graph Circuits", "title"), (".", "O"),
            ("Oslo", "publisher-place"), (":", "O"), ("Graph Press", "publisher"), (",", "O"),
            ("1964", "issued"), (", p.", "O"), ("464", "volume"), (", (", "O"),
            ("in Norwegian", "note"), (").", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("page"), ref.get("volume")) == ("464", "")


def test_a_journal_s_series_read_into_the_journal() -> None:
    raw = "Odell, Kay (1958). “Graph Trade.” In: Graph Quarterly. 3rd ser. 15, pp. 168–190."
    spec = [("Odell, Kay", "author"), ("(", "O"), ("1958", "issued"), ("). “", "O"),
            ("Graph Trade", "title"), (".” In:", "O"),
            ("Graph Quarterly. 3rd ser. 15", "container-title"), (", pp.", "O"),
            ("168–190", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("container-title"), ref.get("collection-title"), ref.get("volume")) == (
        "Graph Quarterly",
        "3rd ser.",
        "15",
    )
    raw = "Odell, Kay (1991). “Graph Tales.” In: Graph Review. New ser. 93.1, pp. 9–27."
    spec = [("Odell, Kay", "author"), ("(", "O"), ("1991", "issued"), ("). “", "O"),
            ("Graph Tales", "title"), (".” In:", "O"),
            ("Graph Review. New ser. 93", "container-title"), (".", "O"), ("1", "issue"),
            (", pp.", "O"), ("9–27", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("container-title"), ref.get("volume"), ref.get("issue")) == (
        "Graph Review",
        "93",
        "1",
    )


def test_a_body_opening_the_entry_before_its_date_is_the_author() -> None:
    raw = "Graph Nations. 1964. Yearbook of Graph Statistics, 1963. New York."
    spec = [("Graph Nations", "publisher"), (".", "O"), ("1964", "issued"), (".", "O"),
            ("Yearbook of Graph Statistics", "title"), (", 1963.", "O"),
            ("New York", "publisher-place"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert [n.literal or n.family for n in ref.author] == ["Graph Nations"]
    assert (ref.get("publisher"), ref.get("title")) == ("", "Yearbook of Graph Statistics")


def test_ieee_s_book_read_into_its_editors() -> None:
    raw = (
        "W. Odell, “Graph sensing,” in Graph Test and Measurement, D. Abe, Ed. "
        "Englewood Cliffs, NJ: Graph Hall, 1998."
    )
    spec = [("W. Odell", "author"), (", “", "O"), ("Graph sensing", "title"), (",” in", "O"),
            ("Graph Test and Measurement, D. Abe", "editor"), (", Ed.", "O"),
            ("Englewood Cliffs, NJ", "publisher-place"), (":", "O"), ("Graph Hall", "publisher"),
            (",", "O"), ("1998", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("container-title") == "Graph Test and Measurement"
    assert [(n.family, n.given) for n in ref.editor] == [("Abe", "D.")]
    assert ref.get("publisher-place") == "Englewood Cliffs, NJ"


def test_a_range_of_years_cut_after_its_first_is_the_date() -> None:
    raw = "Odell, Kay. 1984–1986a. Collected Graphs. Oslo: Graph Press."
    spec = [("Odell, Kay", "author"), (".", "O"), ("1984", "issued"),
            ("–1986a. Collected Graphs", "title"), (".", "O"), ("Oslo", "publisher-place"),
            (":", "O"), ("Graph Press", "publisher"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Collected Graphs"
    assert ref.issued is not None and ref.issued.year == 1984


def test_names_closed_by_eds_edited_the_book_after_them_the_title() -> None:
    raw = "Odell, Kay, and Lee Abe, eds. 2014. Readings in Graphs. Oslo: Graph Press."
    spec = [("Odell, Kay, and Lee Abe", "editor"), (", eds.", "O"), ("2014", "issued"),
            (".", "O"), ("Readings in Graphs", "container-title"), (".", "O"),
            ("Oslo", "publisher-place"), (":", "O"), ("Graph Press", "publisher"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.get("container-title")) == ("Readings in Graphs", "")
    assert [n.family for n in ref.editor] == ["Odell", "Abe"]
    raw = "Odell, Kay, and Lee Abe, comps. 2011. Killer Graphs. Oslo: Graph Press."
    spec = [("Odell, Kay, and Lee Abe", "author"), (",", "O"), ("comps", "title"), (".", "O"),
            ("2011", "issued"), (".", "O"), ("Killer Graphs", "title"), (".", "O"),
            ("Oslo", "publisher-place"), (":", "O"), ("Graph Press", "publisher"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), [n.family for n in ref.editor], ref.author) == (
        "Killer Graphs",
        ["Odell", "Abe"],
        [],
    )


def test_chicago_s_edited_by_after_the_book_with_no_in() -> None:
    raw = "The Graph Style Guide. 2003. Compiled by Tim Abe. London: Graph Books."
    spec = [("The Graph Style Guide", "container-title"), (".", "O"), ("2003", "issued"),
            (".", "O"), ("Compiled by Tim Abe", "title"), (".", "O"),
            ("London", "publisher-place"), (":", "O"), ("Graph Books", "publisher"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.get("container-title")) == ("The Graph Style Guide", "")
    assert [(n.family, n.given) for n in ref.editor] == [("Abe", "Tim")]
    raw = "Odell, Kay. Collected Graphs. Edited by R. Abe. London: Graph Press, 1975."
    spec = [("Odell, Kay", "author"), (".", "O"), ("Collected Graphs", "container-title"),
            (". Edited by", "O"), ("R. Abe", "editor"), (".", "O"), ("London", "publisher-place"),
            (":", "O"), ("Graph Press", "publisher"), (",", "O"), ("1975", "issued"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.get("container-title")) == ("Collected Graphs", "")


def test_apa_s_bracketed_description_read_into_the_title_s_end() -> None:
    raw = "Graph Team. (2004). G: Graph computing [Computer software manual]. Oslo: Graph Press."
    spec = [("Graph Team", "author"), (". (", "O"), ("2004", "issued"), (").", "O"),
            ("G: Graph computing [Computer software manual]", "title"), (".", "O"),
            ("Oslo", "publisher-place"), (":", "O"), ("Graph Press", "publisher"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.get("genre")) == (
        "G: Graph computing",
        "Computer software manual",
    )
    raw = "Odell, K. (2000). Graph study [Review of the book Graphs]. Graph Review, 45, 48–49."
    spec = [("Odell, K.", "author"), ("(", "O"), ("2000", "issued"), (").", "O"),
            ("Graph study [Review of the book Graphs]", "title"), (".", "O"),
            ("Graph Review", "container-title"), (",", "O"), ("45", "volume"), (",", "O"),
            ("48–49", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.get("note")) == ("Graph study", "Review of the book Graphs")


def test_chicago_s_chapter_number_before_in_is_no_volume() -> None:
    raw = "Odell, Kay. 1997. “Graph Lobes.” Chap. 7 in The Graph Brain. Oslo: Graph Press."
    spec = [("Odell, Kay", "author"), (".", "O"), ("1997", "issued"), (". “", "O"),
            ("Graph Lobes", "title"), (".” Chap.", "O"), ("7", "volume"), ("in", "O"),
            ("The Graph Brain", "container-title"), (".", "O"), ("Oslo", "publisher-place"),
            (":", "O"), ("Graph Press", "publisher"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("volume"), ref.get("container-title")) == ("", "The Graph Brain")


def test_a_post_s_time_of_day_is_no_volume_or_pages() -> None:
    raw = "Odell, Kay. 2015. “Graph day.” Twitter, April 22, 2015, 11:10 a.m. https://x.org/s/59."
    spec = [("Odell, Kay", "author"), (".", "O"), ("2015", "issued"), (". “", "O"),
            ("Graph day", "title"), (".”", "O"), ("Twitter", "container-title"),
            (", April 22,", "O"), ("2015", "issued"), (",", "O"), ("11", "volume"), (":", "O"),
            ("10 a", "page"), (".m.", "O"), ("https://x.org/s/59", "URL"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("volume"), ref.get("page")) == ("", "")


def test_single_quoted_words_inside_a_title_do_not_cut_it() -> None:
    raw = "Odell K (2021). graphs: Routing to ’Graph’ or ’Mesh’ Nodes. R package version 0.3.9."
    spec = [("Odell K", "author"), ("(", "O"), ("2021", "issued"), (").", "O"),
            ("graphs: Routing to", "title"), ("’", "O"),
            ("Graph’ or ’Mesh’ Nodes", "container-title"), (".", "O"),
            ("R package version 0.3.9", "note"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.get("container-title")) == (
        "graphs: Routing to ’Graph’ or ’Mesh’ Nodes",
        "",
    )


def test_a_package_s_name_and_colon_left_before_the_title_open_it() -> None:
    raw = "Odell K (2021). graphs: Interface to Graph Routing. R package version 1.2."
    spec = [("Odell K", "author"), ("(", "O"), ("2021", "issued"), ("). graphs:", "O"),
            ("Interface to Graph Routing", "title"), (".", "O"),
            ("R package version 1.2", "note"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "graphs: Interface to Graph Routing"


def test_a_title_s_lower_case_last_words_read_into_the_journal() -> None:
    raw = "Odell K. Graph sequence: a platform for investigating biology Graphs 1998; 282:20-28."
    spec = [("Odell K", "author"), (".", "O"),
            ("Graph sequence: a platform for investigating", "title"),
            ("biology Graphs", "container-title"), ("1998", "issued"), (";", "O"),
            ("282", "volume"), (":", "O"), ("20-28", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.get("container-title")) == (
        "Graph sequence: a platform for investigating biology",
        "Graphs",
    )


def test_a_page_range_s_end_read_as_the_issue() -> None:
    raw = "Odell K, Abe L. Graph trial. N Engl J Graphs. 2010;362(19):1791-9. PMID: 20453149."
    spec = [("Odell K, Abe L", "author"), (".", "O"), ("Graph trial", "title"), (".", "O"),
            ("N Engl J Graphs", "container-title"), (".", "O"), ("2010", "issued"), (";", "O"),
            ("362", "volume"), ("(", "O"), ("19", "issue"), ("):", "O"), ("1791-", "page"),
            ("9", "issue"), (".", "O"), ("PMID: 20453149", "note"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("page"), ref.get("issue")) == ("1791-9", "19")


def test_mla_s_publisher_before_the_closing_year() -> None:
    raw = "Odell, Kay, and Lee Abe. Analysing Graph Routes. Graphell, 1997."
    spec = [("Odell, Kay, and Lee Abe", "author"), (".", "O"),
            ("Analysing Graph Routes. Graphell", "container-title"), (",", "O"),
            ("1997", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.get("publisher"), ref.get("container-title")) == (
        "Analysing Graph Routes",
        "Graphell",
        "",
    )
    raw = "Odell, Kay. The Rope, the Graph, and the Mesh. U of Graphland P, 1994."
    spec = [("Odell, Kay", "author"), (".", "O"),
            ("The Rope, the Graph, and the Mesh. U of Graphland P", "title"), (",", "O"),
            ("1994", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.get("publisher")) == (
        "The Rope, the Graph, and the Mesh",
        "U of Graphland P",
    )
    raw = "Odell, Kay. Graph Sense. Edited by Claudia Abe, Graphton, 2001."
    spec = [("Odell, Kay", "author"), (".", "O"), ("Graph Sense", "title"), (". Edited by", "O"),
            ("Claudia Abe", "editor"), (",", "O"), ("Graphton", "publisher-place"), (",", "O"),
            ("2001", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("publisher"), ref.get("publisher-place")) == ("Graphton", "")
    # a city before the year stays the place
    raw = "Odell, Kay. Graph Sense. Oslo, 2001."
    spec = [("Odell, Kay", "author"), (".", "O"), ("Graph Sense", "title"), (".", "O"),
            ("Oslo", "publisher-place"), (",", "O"), ("2001", "issued"), (".", "O")]  # fmt: skip
    assert _by_runs(raw, spec).get("publisher-place") == "Oslo"


def test_mla_s_edited_by_ends_at_the_comma_before_the_publisher() -> None:
    raw = "Odell, Kay. The Collected Graphs of Kay Odell. Edited by Judith Abe, Graph UP, 2002."
    spec = [("Odell, Kay", "author"), (".", "O"),
            ("The Collected Graphs of Kay Odell", "container-title"), (". Edited by", "O"),
            ("Judith Abe", "editor"), (",", "O"), ("Graph UP", "publisher"), (",", "O"),
            ("2002", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.get("container-title")) == (
        "The Collected Graphs of Kay Odell",
        "",
    )


def test_mla_s_publisher_read_into_the_editors() -> None:
    raw = "Odell, Kay. “Graph Routing.” Graph Stories, edited by Lee Abe, Graph UP, 2001, pp. 4–6."
    spec = [("Odell, Kay", "author"), (". “", "O"), ("Graph Routing", "title"), (".”", "O"),
            ("Graph Stories", "container-title"), (", edited by", "O"),
            ("Lee Abe, Graph UP", "editor"), (",", "O"), ("2001", "issued"), (", pp.", "O"),
            ("4–6", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ([n.family for n in ref.editor], ref.get("publisher")) == (["Abe"], "Graph UP")


def test_mla_s_role_after_the_names_is_no_name() -> None:
    raw = "Odell, Kay, translator. The Graph Book. Graph Books, 2010."
    spec = [("Odell, Kay, translator", "author"), (".", "O"), ("The Graph Book", "title"),
            (".", "O"), ("Graph Books", "publisher"), (",", "O"), ("2010", "issued"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert [(n.family, n.given) for n in ref.author] == [("Odell", "Kay")]


def test_acm_s_meeting_acronym_and_year_read_as_the_pages() -> None:
    raw = (
        "Kay Odell. 2007. Graph routes. In Proceedings of the Graph Workshop (GW ’07). Graph Press."
    )
    spec = [("Kay Odell", "author"), (".", "O"), ("2007", "issued"), (".", "O"),
            ("Graph routes", "title"), (". In", "O"),
            ("Proceedings of the Graph Workshop (GW", "container-title"), ("’", "O"),
            ("07", "page"), (").", "O"), ("Graph Press", "publisher"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("page") == ""
    assert ref.get("container-title").endswith("(GW ’07)")


def test_a_version_with_a_letter_glued_on_is_one_note() -> None:
    raw = "Odell, Kay. “A Package for Graphs.” Version 2.16d. Graph Archive Network (2016)."
    spec = [("Odell, Kay", "author"), (". “", "O"), ("A Package for Graphs", "title"),
            (".”", "O"), ("Version 2.16", "note"), ("d", "page"), (".", "O"),
            ("Graph Archive Network", "container-title"), ("(", "O"), ("2016", "issued"),
            (").", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("note"), ref.get("page")) == ("Version 2.16d", "")


def test_a_link_ends_where_a_field_s_label_opens_the_next_sentence() -> None:
    raw = "Kay Odell. “Graph tests”. Graphs 1, 1 (2017). url: https://g.org/x-1. code: kodell/gk."
    spec = [("Kay Odell", "author"), (". “", "O"), ("Graph tests", "title"), ("”.", "O"),
            ("Graphs", "container-title"), ("1", "volume"), (",", "O"), ("1", "page"),
            ("(", "O"), ("2017", "issued"), ("). url:", "O"),
            ("https://g.org/x-1. code: kodell/gk", "URL"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("URL"), ref.get("note")) == ("https://g.org/x-1", "kodell/gk")


def test_acm_s_medium_sentence_after_the_title() -> None:
    raw = "Kay Odell. 2003. Graph man. Video. In Graph Video Review. Graph Press, 4."
    spec = [("Kay Odell", "author"), (".", "O"), ("2003", "issued"), (".", "O"),
            ("Graph man. Video", "title"), (". In", "O"),
            ("Graph Video Review", "container-title"), (".", "O"), ("Graph Press", "publisher"),
            (",", "O"), ("4", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.get("genre")) == ("Graph man", "Video")


@pytest.mark.parametrize(
    ("tail", "label"),
    [("doi:10.1007/978-3-030-00000-0 12.", "page"),
     ("https://doi.org/10.1007/978-3-030-00000-0 2", "URL")],
)  # fmt: skip
def test_a_springer_chapter_s_number_cut_off_its_doi(tail: str, label: str) -> None:
    raw = f"Odell K. Graph routing. In: Abe L (ed) Graphs. Graph Press, Oslo, pp 12-30. {tail}"
    ident = tail.split(maxsplit=1)[0]
    kind = "URL" if ident.startswith("http") else "DOI"
    spec = [("Odell K", "author"), (".", "O"), ("Graph routing", "title"), (". In:", "O"),
            ("Abe L", "editor"), ("(ed)", "O"), ("Graphs", "container-title"), (".", "O"),
            ("Graph Press", "publisher"), (",", "O"), ("Oslo", "publisher-place"),
            (", pp", "O"), ("12-30", "page"), (".", "O")]  # fmt: skip
    if kind == "DOI":
        spec += [("doi:", "O"), (ident[4:], "DOI"), (tail.split()[1][:-1], label), (".", "O")]
    else:
        spec += [(ident, "URL"), (tail.split()[1], label)]
    ref = _by_runs(raw, spec)
    number = tail.split()[1].rstrip(".")
    assert ref.get("DOI") == f"10.1007/978-3-030-00000-0_{number}"
    assert ref.get("page") == "12-30"


@pytest.mark.parametrize("volume", ["volume 3", "vol. 3"])
def test_a_book_in_a_series_read_as_a_container_is_the_title(volume: str) -> None:
    raw = f"K. Odell. Graph Methods in Routing, {volume} of Studies in Graphs. Graph Press, 1991."
    spec = [("K. Odell", "author"), (".", "O"), ("Graph Methods in Routing", "container-title"),
            (",", "O"), (volume.split(maxsplit=1)[0], "O"), ("3", "volume"), ("of", "O"),
            ("Studies in Graphs", "collection-title"), (".", "O"), ("Graph Press", "publisher"),
            (",", "O"), ("1991", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.get("container-title")) == ("Graph Methods in Routing", "")
    assert ref.get("collection-title") == "Studies in Graphs"


def test_a_chapter_s_book_before_its_series_volume_stays_the_container() -> None:
    raw = "K. Odell. In A. Abe, editor, Graph Methods, volume 3 of Graphs, pages 1-9. Graph Press."
    spec = [("K. Odell", "author"), (". In", "O"), ("A. Abe", "editor"), (", editor,", "O"),
            ("Graph Methods", "container-title"), (", volume", "O"), ("3", "volume"),
            ("of", "O"), ("Graphs", "collection-title"), (", pages", "O"), ("1-9", "page"),
            (".", "O"), ("Graph Press", "publisher"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("container-title") == "Graph Methods"


def test_a_chapter_s_mark_and_number_after_the_book_are_no_title_or_volume() -> None:
    raw = (
        "E. Ode, in Graph Routing, edited by K. Abe (Graph Press, Oslo, 1994), Chap. 7, pp. 65-70."
    )
    spec = [("E. Ode", "author"), (", in", "O"), ("Graph Routing", "container-title"),
            (", edited by", "O"), ("K. Abe", "editor"), ("(", "O"), ("Graph Press", "publisher"),
            (",", "O"), ("Oslo", "publisher-place"), (",", "O"), ("1994", "issued"),
            ("), Chap.", "O"), ("7", "volume"), (", pp.", "O"),
            ("65-70", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.get("volume")) == ("", "")
    assert ref.get("container-title") == "Graph Routing"


@pytest.mark.parametrize("month", ["März", "févr.", "Oktober"])
def test_a_month_ending_the_title_before_the_year_is_the_date_s(month: str) -> None:
    raw = f"[4] Kai Odell. Graphen mit Stil, {month} 2003. https://example.org/graphen."
    spec = [("[4]", "O"), ("Kai Odell", "author"), (".", "O"),
            (f"Graphen mit Stil, {month}", "title"), ("2003", "issued"), (".", "O"),
            ("https://example.org/graphen", "URL"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Graphen mit Stil"


@pytest.mark.parametrize(
    ("body", "field", "after"),
    [("Graph Data Committee.", "title", "Reference model for graphs"),
     ("Graph Energy Agency", "container-title", "Graph Outlook 2020")],
)  # fmt: skip
def test_a_body_opening_the_entry_before_the_bracketed_year_is_the_author(
    body: str, field: str, after: str
) -> None:
    raw = f"{body} (2020). {after}. Graph Press, Oslo."
    spec = [(body.rstrip("."), field), ("." if body.endswith(".") else "(", "O")]
    if body.endswith("."):
        spec.append(("(", "O"))
    spec += [("2020", "issued"), (").", "O"), (after, "title"), (".", "O"),
             ("Graph Press", "publisher"), (",", "O"), ("Oslo", "publisher-place"),
             (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert [n.literal for n in ref.author] == [body.rstrip(".")]
    assert ref.get("title") == after


def test_a_report_s_title_read_as_its_genre_after_the_bracketed_date() -> None:
    raw = "World Graph Organization. (2020). Global graph report 2020: Data. https://example.org/r"
    spec = [("World Graph Organization", "author"), (". (", "O"), ("2020", "issued"),
            (").", "O"), ("Global graph report", "genre"), ("2020", "issued"), (":", "O"),
            ("Data", "title"), (".", "O"), ("https://example.org/r", "URL")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Global graph report 2020: Data"
    assert ref.get("genre") == ""


def test_a_title_and_publisher_read_as_one_container_after_the_bracketed_date() -> None:
    raw = "United Graphs. (2019). World graph prospects 2019: Highlights. United Graphs."
    spec = [("United Graphs", "author"), (". (", "O"), ("2019", "issued"), (").", "O"),
            ("World graph prospects 2019: Highlights. United Graphs", "container-title"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "World graph prospects 2019: Highlights"
    assert (ref.get("publisher"), ref.get("container-title")) == ("United Graphs", "")


@pytest.mark.parametrize(
    ("title", "journal", "numbers"),
    [("Graph Models: an Application to Hepatitis C", "Statistics in Graphs", "29(11):1161–1174"),
     ("New criteria and factorizations of 2 ± 1", "Annals of Graphs", "29:620–647")],
)  # fmt: skip
def test_a_journal_after_a_title_ending_with_a_letter_or_number_is_the_journal(
    title: str, journal: str, numbers: str
) -> None:
    volume, rest = numbers.split(":")
    raw = f"[18] M. J. Ode and K. Abe. {title}. {journal}, {numbers}, 2010."
    spec = [("[18]", "O"), ("M. J. Ode and K. Abe", "author"), (".", "O"),
            (f"{title}. {journal}", "title"), (",", "O")]  # fmt: skip
    if "(" in volume:
        vol, issue = volume.rstrip(")").split("(")
        spec += [(vol, "volume"), ("(", "O"), (issue, "issue"), ("):", "O")]
    else:
        spec += [(volume, "volume"), (":", "O")]
    spec += [(rest, "page"), (",", "O"), ("2010", "issued"), (".", "O")]
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.get("container-title")) == (title, journal)


def test_hyperref_s_back_references_are_no_volume_or_pages() -> None:
    raw = "[20] K. Ode. graphs: Graph Tools, 2014. R package. Cited on pages 3, 9, and 10."
    spec = [("[20]", "O"), ("K. Ode", "author"), (".", "O"), ("graphs: Graph Tools", "title"),
            (",", "O"), ("2014", "issued"), (".", "O"), ("R package", "genre"),
            (". Cited on pages", "O"), ("3", "volume"), (",", "O"), ("9", "page"),
            (", and 10.", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("volume"), ref.get("page")) == ("", "")
    assert ref.get("title") == "graphs: Graph Tools"


def test_pagebackref_s_bare_page_numbers_after_the_entry_are_not_its_pages() -> None:
    raw = "[7] K. Ode. Graph routing, II. J. Graphs, 320(2):443–494, 2008. 166, 356, 359, 465"
    spec = [("[7]", "O"), ("K. Ode", "author"), (".", "O"), ("Graph routing, II", "title"),
            (".", "O"), ("J. Graphs", "container-title"), (",", "O"), ("320", "volume"),
            ("(", "O"), ("2", "issue"), ("):", "O"), ("443–494", "volume"), (",", "O"),
            ("2008", "issued"), (".", "O"), ("166, 356, 359", "volume"), (",", "O"),
            ("465", "page")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("volume"), ref.get("page")) == ("320", "443–494")


def test_numbers_after_an_abbreviation_s_period_are_no_back_references() -> None:
    raw = "Ode K 2007 Opt. Graphs 32, 2632, 2640"
    spec = [("Ode K", "author"), ("2007", "issued"), ("Opt. Graphs", "container-title"),
            ("32", "volume"), (",", "O"), ("2632, 2640", "page")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("volume"), ref.get("page")) == ("32", "2632, 2640")


def test_a_short_title_and_its_journal_read_as_one_container_are_parted() -> None:
    raw = "R. Ode and J. Abe. Querying grafmed. R News, 2(2):28–31, June 2002."
    spec = [("R. Ode and J. Abe", "author"), (".", "O"),
            ("Querying grafmed. R News", "container-title"), (",", "O"), ("2", "volume"),
            ("(", "O"), ("2", "issue"), ("):", "O"), ("28–31", "page"), (", June", "O"),
            ("2002", "issued"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.get("container-title")) == ("Querying grafmed", "R News")


def test_a_journal_s_abbreviations_are_not_parted_as_a_title() -> None:
    raw = "R. Ode. Proc. Natl. Graph Sci. Graph News, 2:28–31, 2002."
    spec = [("R. Ode", "author"), (".", "O"),
            ("Proc. Natl. Graph Sci. Graph News", "container-title"), (",", "O"),
            ("2", "volume"), (":", "O"), ("28–31", "page"), (",", "O"), ("2002", "issued"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") != "Proc"


def test_a_book_s_title_read_as_the_container_before_its_publisher_is_the_title() -> None:
    raw = "Ode, W. N. and Abe, B. D. (2002). Modern Applied Graphs with S. New York: Springer."
    spec = [("Ode, W. N. and Abe, B. D.", "author"), ("(", "O"), ("2002", "issued"),
            (").", "O"), ("Modern Applied Graphs", "container-title"), ("with S.", "O"),
            ("New York", "publisher-place"), (":", "O"), ("Springer", "publisher"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.get("container-title")) == ("Modern Applied Graphs with S", "")


def test_a_thesis_s_institution_ending_the_entry_leaves_its_full_stop() -> None:
    raw = "Ode J (2004). Graph Routing. Ph.D. thesis, University of Oslo."
    spec = [("Ode J", "author"), ("(", "O"), ("2004", "issued"), (").", "O"),
            ("Graph Routing", "title"), (".", "O"), ("Ph.D. thesis", "note"), (",", "O"),
            ("University of Oslo", "publisher"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("publisher") == "University of Oslo"


def test_an_imprint_and_a_translator_read_as_editors_after_the_title() -> None:
    raw = "Ode J (1981). Graph Processing. Walter de Graaf, Berlin. Translated by Kai Abe."
    spec = [("Ode J", "author"), ("(", "O"), ("1981", "issued"), (").", "O"),
            ("Graph Processing", "title"), (".", "O"),
            ("Walter de Graaf, Berlin. Translated by Kai Abe", "editor"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("publisher"), ref.get("publisher-place")) == ("Walter de Graaf", "Berlin")
    assert ref.editor == []


def test_a_book_s_title_read_as_its_imprint_after_the_date_s_comma() -> None:
    raw = "Ode, K., and Abe, T. (2010), Graph Routing for Statistics, New York: Springer."
    spec = [("Ode, K., and Abe, T.", "author"), ("(", "O"), ("2010", "issued"), ("),", "O"),
            ("Graph Routing for Statistics, New York", "publisher-place"), (":", "O"),
            ("Springer", "publisher"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == "Graph Routing for Statistics"
    assert (ref.get("publisher-place"), ref.get("publisher")) == ("New York", "Springer")


@pytest.mark.parametrize(
    ("raw", "names", "title"),
    [("Kai Ode, Tony Abe, and Doug Sato. lex & yacc. Graph Media, 2012.",
      "Kai Ode, Tony Abe, and Doug Sato. lex & yacc", "lex & yacc"),
     ("Kai Ode. graphs: Companion to Applied Graphs, 2009.", "Kai Ode. graphs",
      "graphs: Companion to Applied Graphs")],
)  # fmt: skip
def test_a_lower_case_title_read_into_the_names_ends_them(raw: str, names: str, title: str) -> None:
    spec = [(names, "author")]
    rest = raw[len(names) :]
    if rest.startswith(":"):
        sub = rest[1:].split(",")[0].strip()
        spec += [(":", "O"), (sub, "container-title"), (",", "O"), ("2009", "issued"),
                 (".", "O")]  # fmt: skip
    else:
        spec += [(".", "O"), ("Graph Media", "publisher"), (",", "O"), ("2012", "issued"),
                 (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("title") == title
    assert ref.author[0].family == "Ode"


def test_a_short_title_and_its_journal_read_as_one_container_before_vancouver_s_year() -> None:
    raw = "Park DH, Ode K. Graph routing. J Graphs. 2011;12:45-67."
    spec = [("Park DH, Ode K", "author"), (".", "O"),
            ("Graph routing. J Graphs", "container-title"), (".", "O"), ("2011", "issued"),
            (";", "O"), ("12", "volume"), (":", "O"), ("45-67", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.get("container-title")) == ("Graph routing", "J Graphs")


@pytest.mark.parametrize(
    ("after", "journal"),
    [(" 2011;364(3):45-67.", "N Engl J Graphs"), (", 36:45-67.", "N Graphs Res.")],
)
def test_nlm_s_journal_leaves_the_period_before_the_year(after: str, journal: str) -> None:
    name = journal.rstrip(".")
    raw = f"Ode K, Abe T. Graph routing. {name}.{after}"
    spec = [("Ode K, Abe T", "author"), (".", "O"), ("Graph routing", "title"), (".", "O"),
            (f"{name}.", "container-title")]  # fmt: skip
    if after.startswith(" 2011"):
        spec += [("2011", "issued"), (";", "O"), ("364", "volume"), ("(", "O"), ("3", "issue"),
                 ("):", "O"), ("45-67", "page"), (".", "O")]  # fmt: skip
    else:
        spec += [(",", "O"), ("36", "volume"), (":", "O"), ("45-67", "page"), (".", "O")]
    ref = _by_runs(raw, spec)
    assert ref.get("container-title") == journal


def test_the_acs_style_s_book_and_its_editors_around_the_semicolon() -> None:
    raw = "Ode, K. Graph Kernels. In Graph Methods; Sato, R., Lind, P., Eds.; Graph Society: Oslo."
    spec = [("Ode, K.", "author"), ("Graph Kernels", "title"), (". In", "O"),
            ("Graph Methods; Sato", "container-title"), (",", "O"), ("R., Lind, P.", "editor"),
            (", Eds.;", "O"), ("Graph Society", "publisher"), (":", "O"),
            ("Oslo", "publisher-place"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("container-title") == "Graph Methods"
    assert [n.family for n in ref.editor] == ["Sato", "Lind"]


def test_an_ieee_report_s_institution_place_and_lettered_number() -> None:
    raw = 'K. Ode, "Graph routing," Graph Labs, Oslo, Norway, Tech. Rep. GL-TR-2011-04, 2011.'
    spec = [("K. Ode", "author"), (', "', "O"), ("Graph routing", "title"), (',"', "O"),
            ("Graph Labs, Oslo, Norway", "container-title"), (",", "O"),
            ("Tech. Rep. GL-TR-2011-04", "genre"), (",", "O"), ("2011", "issued"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("publisher"), ref.get("publisher-place")) == ("Graph Labs", "Oslo, Norway")
    assert (ref.get("genre"), ref.get("number")) == ("Tech. Rep", "GL-TR-2011-04")


@needs_model
def test_a_day_between_the_month_and_the_year_is_no_volume() -> None:
    ref = parse_reference('K. Ode, "Graph routing," U.S. Patent 7 123 456, Mar. 3, 2011.')
    assert (ref.get("volume"), ref.get("number")) == ("", "7 123 456")


@needs_model
def test_an_ieee_report_read_as_a_second_title_is_its_institution() -> None:
    raw = 'K. Ode, "Graph routing," Graph Labs, Oslo, Norway, Tech. Rep. GL-TR-2011-04, 2011.'
    ref = parse_reference(raw)
    assert (ref.get("publisher"), ref.get("publisher-place")) == ("Graph Labs", "Oslo, Norway")


def test_ieee_s_presented_at_before_a_second_title_made_the_container() -> None:
    raw = 'K. Ode, "Graph routing," presented at the Graph Conf., Oslo, 2011.'
    spec = [("K. Ode", "author"), (', "', "O"), ("Graph routing", "title"), (',"', "O"),
            ("presented at the Graph Conf.", "title"), (", Oslo,", "O"), ("2011", "issued"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("container-title") == "Graph Conf."


def test_a_volume_of_a_series_or_work_with_its_imprint_is_a_book() -> None:
    raw = "Ode, Kai. Graph Routing. Vol. 2 of The History of Graphs. Oslo: Graph Press, 2011."
    ref = Reference(raw=raw)
    ref.set("title", "Graph Routing")
    ref.set("container-title", "The History of Graphs")
    ref.set("volume", "2")
    ref.set("publisher", "Graph Press")
    ref.set("publisher-place", "Oslo")
    assert infer_type(ref, raw) == "book"
    ref.set("page", "45-67")
    assert infer_type(ref, raw) == "article-journal"


def test_a_translator_s_sentence_read_as_a_container_is_none() -> None:
    raw = "Ode, Kai. 1999. Crossing Graphs. Translated and edited by Ann Abe. New York: Verso."
    spec = [("Ode, Kai", "author"), (".", "O"), ("1999", "issued"), (".", "O"),
            ("Crossing Graphs", "title"), (".", "O"), ("Translated", "container-title"),
            ("and edited by", "O"), ("Ann Abe", "editor"), (".", "O"),
            ("New York", "publisher-place"), (":", "O"), ("Verso", "publisher"),
            (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("container-title") == ""
    assert ref.get("title") == "Crossing Graphs"


@pytest.mark.parametrize(
    ("publisher", "expected"),
    [("Chapman & Hall.", "Chapman & Hall"), ("Graph Books.", "Graph Books"),
     ("Wiley & Sons, Inc.", "Wiley & Sons, Inc."), ("Amer. Math. Soc.", "Amer. Math. Soc.")],
)  # fmt: skip
def test_the_entry_s_full_stop_read_into_the_publisher(publisher: str, expected: str) -> None:
    raw = f"Ode, K. (1996) Graph modelling. London: {publisher}"
    spec = [("Ode, K.", "author"), ("(", "O"), ("1996", "issued"), (")", "O"),
            ("Graph modelling", "title"), (".", "O"), ("London", "publisher-place"), (":", "O"),
            (publisher, "publisher")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert ref.get("publisher") == expected


def test_a_book_read_into_the_title_before_its_bracketed_editors() -> None:
    raw = "Ode, K. (1996) Graph modelling. Graph Methods in Practice (eds K. Abe), pp. 3–19."
    spec = [("Ode, K.", "author"), ("(", "O"), ("1996", "issued"), (")", "O"),
            ("Graph modelling. Graph Methods in Practice", "title"), ("(eds", "O"),
            ("K. Abe", "editor"), ("), pp.", "O"), ("3–19", "page"), (".", "O")]  # fmt: skip
    ref = _by_runs(raw, spec)
    assert (ref.get("title"), ref.get("container-title")) == (
        "Graph modelling",
        "Graph Methods in Practice",
    )


@pytest.mark.parametrize(
    ("raw", "number", "title"),
    [("[5] GB/T 7714—2015 信息与文献 参考文献著录规则[S]. 北京: 中国标准出版社, 2015.",
      "GB/T 7714—2015", "信息与文献 参考文献著录规则"),
     ("ISO 690:2010 Graph documentation — Guidelines for graphs. Geneva: ISO, 2010.",
      "ISO 690:2010", "Graph documentation — Guidelines for graphs"),
     ("DIN 31 635: Umschrift der Graphen. Berlin: Beuth, 1982.", "DIN 31 635",
      "Umschrift der Graphen")],
)  # fmt: skip
@needs_model
def test_a_standard_s_designation_opening_the_entry(raw: str, number: str, title: str) -> None:
    ref = parse_reference(raw)
    assert (ref.get("number"), ref.get("title")) == (number, title)


def test_names_opening_the_entry_read_as_editors_with_no_mark_are_its_authors() -> None:
    raw = "Ode K., Abe L. et Ito S., Graphes de Rome, Paris, 2006."
    spec = [
        ("Ode", "editor"), ("K", "editor"), (".", "editor"), (",", "editor"), ("Abe", "editor"),
        ("L", "editor"), (".", "editor"), ("et", "editor"), ("Ito", "editor"), ("S", "editor"),
        (".", "editor"), (",", "O"), ("Graphes", "title"), ("de", "title"), ("Rome", "title"),
        (",", "O"), ("Paris", "publisher-place"), (",", "O"), ("2006", "issued"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert [a.family for a in ref.author] == ["Ode", "Abe", "Ito"]
    assert not ref.editor
    # a mark anywhere in the entry keeps them its editors
    raw = "Ode K., Abe L. et Ito S., Graphes de Rome, éd. revue, Paris, 2006."
    spec = [(t, lab) for t, lab in spec]
    spec[15:15] = [(",", "O"), ("éd", "edition"), (".", "edition"), ("revue", "edition")]
    ref = _build(raw, spec)
    assert [a.family for a in ref.editor][-2:] == ["Abe", "Ito"]


def test_a_government_body_cut_after_its_country_s_letters_is_the_author() -> None:
    raw = "U.S. Department of Graphs. Graph statistics annual report 2012. Washington, 2013."
    spec = [
        ("U", "author"), (".", "author"), ("S", "author"), (".", "author"),
        ("Department", "author"), ("of", "title"), ("Graphs", "title"), (".", "title"),
        ("Graph", "title"), ("statistics", "title"), ("annual", "title"), ("report", "title"),
        ("2012", "title"), (".", "O"), ("Washington", "publisher-place"), (",", "O"),
        ("2013", "issued"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert [a.literal for a in ref.author] == ["U.S. Department of Graphs"]
    assert ref.get("title") == "Graph statistics annual report 2012"
    # initials before a name are no country ("U. S. Ode")
    raw = "U. S. Ode. Graph statistics. Washington, 2013."
    spec = [
        ("U", "author"), (".", "author"), ("S", "author"), (".", "author"), ("Ode", "author"),
        (".", "O"), ("Graph", "title"), ("statistics", "title"), (".", "O"),
        ("Washington", "publisher-place"), (",", "O"), ("2013", "issued"), (".", "O"),
    ]  # fmt: skip
    assert [a.family for a in _build(raw, spec).author] == ["Ode"]


def test_a_title_s_head_before_its_colon_read_as_the_last_name_is_the_title() -> None:
    raw = "de Ode T., Black Graph: Trees and Forests, New York, 2003."
    spec = [
        ("de", "author"), ("Ode", "author"), ("T", "author"), (".", "author"), (",", "author"),
        ("Black", "author"), ("Graph", "author"), (":", "O"), ("Trees", "title"),
        ("and", "title"), ("Forests", "title"), (",", "O"), ("New", "publisher-place"),
        ("York", "publisher-place"), (",", "O"), ("2003", "issued"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert [a.family for a in ref.author] == ["de Ode"]
    assert ref.get("title") == "Black Graph: Trees and Forests"
    # names written out alike keep their last one
    raw = "Kai Ode, Black Graph: Trees and Forests, New York, 2003."
    spec = [("Kai", "author"), ("Ode", "author"), *spec[4:]]
    assert [a.family for a in _build(raw, spec).author] == ["Ode", "Graph"]


def test_a_book_s_next_sentence_is_not_cut_after_letters_abbreviation() -> None:
    raw = "A. Ode, Graph Park: Duluth, U.S. Steel, and the Forging of a Company Town, Oslo 2007"
    spec = [
        ("A", "author"), (".", "author"), ("Ode", "author"), (",", "O"), ("Graph", "title"),
        ("Park", "title"), (":", "title"), ("Duluth", "title"), (",", "title"), ("U", "title"),
        (".", "title"), ("S", "title"), (".", "title"), ("Steel", "title"), (",", "title"),
        ("and", "title"), ("the", "title"), ("Forging", "title"), ("of", "title"),
        ("a", "title"), ("Company", "title"), ("Town", "title"), (",", "O"),
        ("Oslo", "publisher-place"), ("2007", "issued"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert ref.get("title") == "Graph Park: Duluth, U.S. Steel, and the Forging of a Company Town"


def test_a_journal_s_first_abbreviation_left_unlabelled_in_capitals_or_as_a_lone_j() -> None:
    raw = "W. T. ODE. ACC. Chem. Res. 6, 410 (1973);"
    spec = [
        ("W", "author"), (".", "author"), ("T", "author"), (".", "author"), ("ODE", "author"),
        (".", "O"), ("ACC", "O"), (".", "O"), ("Chem", "container-title"),
        (".", "container-title"), ("Res", "container-title"), (".", "container-title"),
        ("6", "volume"), (",", "O"), ("410", "page"), ("(", "O"), ("1973", "issued"),
        (")", "O"), (";", "O"),
    ]  # fmt: skip
    assert _build(raw, spec).get("container-title") == "ACC. Chem. Res."
    raw = "Ode MF, Abe RJ. Effects of graphs. J Am Diet Assoc 2001; 101:28-34."
    spec = [
        ("Ode", "author"), ("MF", "author"), (",", "author"), ("Abe", "author"),
        ("RJ", "author"), (".", "O"), ("Effects", "title"), ("of", "title"),
        ("graphs", "title"), (".", "O"), ("J", "O"), ("Am", "container-title"),
        ("Diet", "container-title"), ("Assoc", "container-title"), ("2001", "issued"),
        (";", "O"), ("101", "volume"), (":", "O"), ("28", "page"), ("-", "page"),
        ("34", "page"), (".", "O"),
    ]  # fmt: skip
    assert _build(raw, spec).get("container-title") == "J Am Diet Assoc"


def test_a_city_ending_a_chapter_s_book_before_the_year_is_the_imprint() -> None:
    raw = "Ode, K.: Graphen. In: Abe, L. (Hrsg.): Handbuch der Graphen. Göttingen 2008, S. 1-9."
    spec = [
        ("Ode", "author"), (",", "author"), ("K", "author"), (".", "author"), (":", "O"),
        ("Graphen", "title"), (".", "O"), ("In", "O"), (":", "O"), ("Abe", "editor"),
        (",", "editor"), ("L", "editor"), (".", "editor"), ("(", "O"), ("Hrsg", "O"),
        (".", "O"), (")", "O"), (":", "O"), ("Handbuch", "container-title"),
        ("der", "container-title"), ("Graphen", "container-title"), (".", "container-title"),
        ("Göttingen", "container-title"), ("2008", "issued"), (",", "O"), ("S", "O"),
        (".", "O"), ("1", "page"), ("-", "page"), ("9", "page"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert ref.get("container-title") == "Handbuch der Graphen"
    assert ref.get("publisher-place") == "Göttingen"
    # a firm before its comma is the publisher
    raw = raw.replace("Göttingen", "Luchterhand, Berlin")
    spec[22:23] = [
        ("Luchterhand", "container-title"), (",", "container-title"), ("Berlin", "container-title")
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert ref.get("publisher") == "Luchterhand"
    assert ref.get("publisher-place") == "Berlin"
    # a book of several sentences keeps its last one
    raw = "Ode, K.: Graphen. In: Ders.: Werke. Bd. 3: Der Graph. Erzählungen. Zürich 1999, 1-9."
    spec = [
        ("Ode", "author"), (",", "author"), ("K", "author"), (".", "author"), (":", "O"),
        ("Graphen", "title"), (".", "O"), ("In", "O"), (":", "O"), ("Ders", "container-title"),
        (".", "container-title"), (":", "container-title"), ("Werke", "container-title"),
        (".", "container-title"), ("Bd", "container-title"), (".", "container-title"),
        ("3", "container-title"), (":", "container-title"), ("Der", "container-title"),
        ("Graph", "container-title"), (".", "container-title"),
        ("Erzählungen", "container-title"), (".", "container-title"),
        ("Zürich", "container-title"), ("1999", "issued"), (",", "O"), ("1", "page"),
        ("-", "page"), ("9", "page"), (".", "O"),
    ]  # fmt: skip
    assert not _build(raw, spec).get("publisher")


def test_the_last_given_name_before_the_colon_ending_german_names_is_the_author_s() -> None:
    raw = "Ode, Kai, Abe, Lars und Ito, Marc: Integrierte Graphen. In: Weber, B. (Hrg.): Handbuch."
    spec = [
        ("Ode", "author"), (",", "author"), ("Kai", "author"), (",", "author"),
        ("Abe", "author"), (",", "author"), ("Lars", "author"), ("und", "author"),
        ("Ito", "author"), (",", "O"), ("Marc", "title"), (":", "title"),
        ("Integrierte", "title"), ("Graphen", "title"), (".", "O"), ("In", "O"), (":", "O"),
        ("Weber", "editor"), (",", "editor"), ("B", "editor"), (".", "editor"), ("(", "O"),
        ("Hrg", "container-title"), (".", "container-title"), (")", "container-title"),
        (":", "container-title"), ("Handbuch", "container-title"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert [(a.family, a.given) for a in ref.author][-1] == ("Ito", "Marc")
    assert ref.get("title") == "Integrierte Graphen"
    assert ref.get("container-title") == "Handbuch"


def test_names_in_a_bracket_closed_by_the_editors_mark_are_the_book_s_editors() -> None:
    raw = "K. Ode, ``Graph routing,'' in Optics East (M. F. Ito and K. Sato, eds.), pp. 82--96."
    spec = [
        ("K", "author"), (".", "author"), ("Ode", "author"), (",", "O"), ("`", "title"),
        ("`", "title"), ("Graph", "title"), ("routing", "title"), (",", "O"), ("'", "O"),
        ("'", "O"), ("in", "O"), ("Optics", "editor"), ("East", "editor"), ("(", "editor"),
        ("M", "editor"), (".", "editor"), ("F", "editor"), (".", "editor"), ("Ito", "editor"),
        ("and", "editor"), ("K", "editor"), (".", "editor"), ("Sato", "editor"), (",", "O"),
        ("eds", "O"), (".", "O"), (")", "O"), (",", "O"), ("pp", "O"), (".", "O"),
        ("82", "page"), ("-", "page"), ("-", "page"), ("96", "page"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert ref.get("container-title") == "Optics East"
    assert [a.family for a in ref.editor] == ["Ito", "Sato"]


def test_the_first_editors_names_read_into_the_book_before_them_are_the_editors() -> None:
    raw = "Ode, Kai 2012 Graphs. In New Graphs. B.J. Ito and C.P. Abe, eds. Pp. 1-14. Oslo: Graph."
    spec = [
        ("Ode", "author"), (",", "author"), ("Kai", "author"), ("2012", "issued"),
        ("Graphs", "title"), (".", "O"), ("In", "O"), ("New", "container-title"),
        ("Graphs", "container-title"), (".", "container-title"), ("B", "container-title"),
        (".", "O"), ("J", "editor"), (".", "editor"), ("Ito", "editor"), ("and", "editor"),
        ("C", "editor"), (".", "editor"), ("P", "editor"), (".", "editor"), ("Abe", "editor"),
        (",", "O"), ("eds", "O"), (".", "O"), ("Pp", "O"), (".", "O"), ("1", "page"),
        ("-", "page"), ("14", "page"), (".", "O"), ("Oslo", "publisher-place"), (":", "O"),
        ("Graph", "publisher"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert ref.get("container-title") == "New Graphs"
    assert [(a.family, a.given) for a in ref.editor] == [("Ito", "B.J."), ("Abe", "C.P.")]


def test_a_chemical_name_s_locants_opening_the_title_are_the_title_s() -> None:
    raw = "Ode P, Abe T. 1,25-dihydroxygraph D3 stimulates cells. J Graph Res (1987) 80:425-429."
    spec = [
        ("Ode", "author"), ("P", "author"), (",", "author"), ("Abe", "author"), ("T", "author"),
        (".", "O"), ("1", "volume"), (",", "O"), ("25", "title"), ("-", "title"),
        ("dihydroxygraph", "title"), ("D", "title"), ("3", "title"), ("stimulates", "title"),
        ("cells", "title"), (".", "O"), ("J", "container-title"), ("Graph", "container-title"),
        ("Res", "container-title"), ("(", "O"), ("1987", "issued"), (")", "O"),
        ("80", "volume"), (":", "O"), ("425", "page"), ("-", "page"), ("429", "page"),
        (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert ref.get("title") == "1,25-dihydroxygraph D3 stimulates cells"
    assert ref.get("volume") == "80"


def test_a_title_s_last_part_read_into_a_one_word_journal_is_the_title_s() -> None:
    raw = "Ode S. 2016. Graphs of G1P Trees, G3P Trees, and Forests Having Lipids. Archaea. 2016:1."
    spec = [
        ("Ode", "author"), ("S", "author"), (".", "O"), ("2016", "issued"), (".", "O"),
        ("Graphs", "title"), ("of", "title"),
        ("G", "title"), ("1", "title"), ("P", "title"), ("Trees", "title"), (",", "O"),
        ("G", "container-title"), ("3", "container-title"), ("P", "container-title"),
        ("Trees", "container-title"), (",", "container-title"), ("and", "container-title"),
        ("Forests", "container-title"), ("Having", "container-title"),
        ("Lipids", "container-title"), (".", "container-title"), ("Archaea", "container-title"),
        (".", "O"), ("2016", "issued"), (":", "O"), ("1", "page"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert ref.get("title") == "Graphs of G1P Trees, G3P Trees, and Forests Having Lipids"
    assert ref.get("container-title") == "Archaea"


def test_a_lone_page_between_the_journal_and_the_bracketed_year_is_the_volume() -> None:
    raw = "Ode, Kai, Graph algebras. Math. Z. 278 (2014),663 -703."
    spec = [
        ("Ode", "author"), (",", "author"), ("Kai", "author"), (",", "O"), ("Graph", "title"),
        ("algebras", "title"), (".", "O"), ("Math", "container-title"),
        (".", "container-title"), ("Z", "container-title"), (".", "O"), ("278", "page"),
        ("(", "O"), ("2014", "issued"), (")", "O"), (",", "O"), ("663", "page"),
        ("-", "page"), ("703", "page"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert ref.get("volume") == "278"
    assert ref.get("page") == "663-703"


def test_the_serial_number_after_issn_and_its_colon_is_no_page_range() -> None:
    raw = "Graphics 35.4 (2011): Graph Media. issn: 0097-8493."
    spec = [
        ("Graphics", "container-title"), ("35", "volume"), (".", "O"), ("4", "issue"),
        ("(", "O"), ("2011", "issued"), (")", "O"), (":", "O"), ("Graph", "title"),
        ("Media", "title"), (".", "O"), ("issn", "O"), (":", "O"), ("0097", "page"),
        ("-", "page"), ("8493", "page"), (".", "O"),
    ]  # fmt: skip
    assert not _build(raw, spec).get("page")


def test_a_given_name_and_initial_after_and_in_a_chicago_list_keep_the_family_name() -> None:
    raw = "Ode, M. A. and Kai H. Abe. “Graph routing.” In: J. Graphs 12 (2006), pp. 1–9."
    spec = [
        ("Ode", "author"), (",", "author"), ("M", "author"), (".", "author"), ("A", "author"),
        (".", "author"), ("and", "author"), ("Kai", "author"), ("H", "author"),
        (".", "author"), ("Abe", "author"), (".", "O"), ("“", "O"), ("Graph", "title"),
        ("routing", "title"), (".", "O"), ("”", "O"), ("In", "O"), (":", "O"),
        ("J", "container-title"), (".", "container-title"), ("Graphs", "container-title"),
        ("12", "volume"), ("(", "O"), ("2006", "issued"), (")", "O"), (",", "O"), ("pp", "O"),
        (".", "O"), ("1", "page"), ("–", "page"), ("9", "page"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert [(a.family, a.given) for a in ref.author] == [("Ode", "M. A."), ("Abe", "Kai H.")]
    assert ref.get("title") == "Graph routing"


def test_a_government_s_department_after_the_country_s_name_stays_in_the_author() -> None:
    raw = "Norway. Department of Graphs. (1999). Graph report. Oslo: Author."
    spec = [
        ("Norway", "author"), (".", "author"), ("Department", "author"), ("of", "author"),
        ("Graphs", "author"), (".", "O"), ("(", "O"), ("1999", "issued"), (")", "O"),
        (".", "O"), ("Graph", "title"), ("report", "title"), (".", "O"),
        ("Oslo", "publisher-place"), (":", "O"), ("Author", "publisher"), (".", "O"),
    ]  # fmt: skip
    ref = _build(raw, spec)
    assert [a.literal for a in ref.author] == ["Norway. Department of Graphs"]
    assert ref.get("title") == "Graph report"
