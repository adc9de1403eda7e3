"""Compound entries: the works printed under one number, each its own reference
(decision 0053); where the evidence is not strong, the entry stays whole."""

from __future__ import annotations

from pathlib import Path

import pytest

from refmanager.model import Location, Reference
from refmanager.parse import parse_text
from refmanager.service.compound import candidate_cuts, split_compounds, works


def _entry(raw: str) -> Reference:
    ref, _ = parse_text(raw)
    ref.location = [Location(3, (72.0, 400.0, 300.0, 430.0))]
    return ref


def _families(ref: Reference) -> list[str]:
    return [n.family for n in ref.author]


LETTERED = (
    "[12] a) K. Tanabe, M. Ferreira, J. Am. Chem. Soc. 2001, 123, 4512-4519; "
    "b) L. Okafor, P. Lindqvist, Org. Lett. 2002, 4, 1001-1004."
)


def test_a_lettered_entry_gives_each_work_its_row_cited_by_the_entrys_number() -> None:
    parts = works(_entry(LETTERED))
    assert [p.label for p in parts] == ["12a", "12b"]
    assert [p.citation_number for p in parts] == [12, 12]
    assert [p.id for p in parts] == ["ref-12a", "ref-12b"]
    assert _families(parts[0]) == ["Tanabe", "Ferreira"]
    assert _families(parts[1]) == ["Okafor", "Lindqvist"]
    assert parts[0].get("container-title").startswith("J. Am. Chem. Soc")
    assert parts[1].get("container-title").startswith("Org. Lett")
    assert parts[0].raw == LETTERED[: LETTERED.index("; b)")]
    assert parts[1].raw.startswith("b) L. Okafor")
    # The page boxes are the entry's: the PDF view shows where the work is printed.
    assert all(p.location == [Location(3, (72.0, 400.0, 300.0, 430.0))] for p in parts)


def test_a_part_cut_off_parses_again_alike_from_its_raw_text_and_label() -> None:
    part = works(_entry(LETTERED))[1]
    again, _ = parse_text(part.raw, label=part.label)
    assert _families(again) == ["Okafor", "Lindqvist"]
    assert again.citation_number == 12


def test_works_apart_by_a_semicolon_each_opening_with_a_name_are_cut() -> None:
    raw = (
        "[3] J. G. Hartmann and G. A. Pellegrini, Z. Phys. C 46, 93 (1990); "
        "F. J. Okonkwo and R. L. Sandvik, Phys. Rev. D 41, 142 (1990)."
    )
    parts = works(_entry(raw))
    assert [p.label for p in parts] == ["3a", "3b"]
    assert _families(parts[1]) == ["Okonkwo", "Sandvik"]
    assert parts[1].raw.startswith("F. J. Okonkwo")


def test_given_names_written_out_open_a_work_after_a_semicolon() -> None:
    raw = (
        "[2] Wolfram A. Hartmann et al. \u201cA ligand for coupling\u201d. In: Angew. Chem. "
        "Int. Ed. 36.20 (1997), pp. 2162-2187; \u00d6zlem Aksoy et al. \u201cEffect of "
        "immobilization\u201d. In: Dalton Trans. 3.4 (2011), pp. 300-310; Myung S. Yun et "
        "al. \u201cPincer complexes\u201d. In: Organometallics 28.4 (2009), pp. 1212-1217."
    )
    parts = works(_entry(raw))
    assert [p.label for p in parts] == ["2a", "2b", "2c"]
    assert [p.raw.split(" et al.")[0] for p in parts[1:]] == [
        "\u00d6zlem Aksoy",
        "Myung S. Yun",
    ]


def test_the_same_authors_next_work_after_a_semicolon_gets_their_names() -> None:
    raw = (
        "[6] K. Tanabe and L. Okafor, Nucl. Phys. B 559 (1999) 539; "
        "Nucl. Phys. B 543 (1999) 533; ibid. 561 (2000) 12."
    )
    parts = works(_entry(raw))
    assert [p.label for p in parts] == ["6a", "6b", "6c"]
    assert all(_families(p) == ["Tanabe", "Okafor"] for p in parts)
    assert [p.get("page") for p in parts] == ["539", "533", "12"]
    # "ibid.": the journal of the work before.
    assert parts[2].get("container-title") == parts[1].get("container-title")
    assert parts[1].confidence["author"] <= 0.8


def test_no_names_are_handed_on_from_a_part_that_is_itself_two_works() -> None:
    # "...; Phys. Rev. Lett. 4 (1960), 380." is the same year in another journal (it may
    # be an edition of the work before), and no cut is found before "Gerard 't Okafor": the
    # part before "; Nucl. Phys. B 35" holds three years, and its authors are not handed on.
    raw = (
        "[5] Y. Tanabe, Phys. Rev. 117 (1960), 648; Phys. Rev. Lett. 4 (1960), 380. "
        "Gerard 't Okafor, Nucl. Phys. B 33 (1971), 173; Nucl. Phys. B 35 (1971), 167."
    )
    ref = _entry(raw)
    assert works(ref) == [ref]
    # Where the names are found, the same authors' next work is cut and gets them.
    parts = works(_entry(raw.replace("Gerard 't", "G. 't")))
    assert [p.raw[:14] for p in parts] == ["[5] Y. Tanabe,", "G. 't Okafor, ", "Nucl. Phys. B "]
    assert _families(parts[2]) == _families(parts[1])


@pytest.mark.parametrize(
    "raw",
    [
        # Vancouver: a semicolon between the year and the volume.
        "[4] Tanabe K, Ferreira M. Titles of things. N Engl J Med. 2001;345:1021-7.",
        # Authors set apart by semicolons (ACS): the first "part" holds no year.
        "[5] Tanabe, K.; Ferreira, M.; Okafor, L. J. Am. Chem. Soc. 2001, 123, 4512.",
        # The same work's other edition (the same year in another journal), an erratum.
        "[7] K. Tanabe, Angew. Chem. Int. Ed. 2012, 51, 1044; Angew. Chem. 2012, 124, 1206.",
        "[6] K. Tanabe, Phys. Rev. B 12, 3401 (1990); 13, 5602(E) (1991).",
        "[8] K. Tanabe, Phys. Rev. Lett. 8, 261 (1962), and references therein.",
        "[9] K. Tanabe, Phys. Rev. D 67, 054007 (2003); erratum ibid. D 72, 099901 (2005).",
        # A section heading after the list ("B. Positions and Honors"): no name the parser
        # reads there.
        "[4] Hunt, M. C. (2009). Imaging in adults. Gerontology, 46(3), 122-145. "
        "B. Positions and Honors Positions and Employment 1998-2000 Fellow, Division of "
        "Research, Bethesda, MD 2000-2002 Lecturer, Department of Psychology",
        # A place and a state before a publisher: no name.
        "[10] M. Merleau, Language and mind, 1973. Cambridge, MA: Harvard University Press.",
        # GB/T 7714 prints a Chinese entry, then the same work in English.
        "[12] 王明, 陈静. 面向文献的实体识别[J]. 计算机学报, 2019, 42(5): 101-110. "
        "WANG M, CHEN J. Entity recognition for literature[J]. Chinese Journal of "
        "Computers, 2019, 42(5): 101-110 (in Chinese).",
        # A translation: the same year and pages.
        "[13] A. B. Sokolov, Zh. Eksp. Teor. Fiz. 25, 544 (1977). "
        "A. B. Sokolov, Sov. Phys. JETP 25, 544 (1977).",
        # A Chinese list's full-width semicolon.
        "[11] 张三, 李四. 标题[J]. 计算机学报, 2001, 24(3): 45-67；"
        "王五. 标题二[J]. 软件学报, 2002, 13(1): 1-9.",
    ],
)
def test_an_entry_without_strong_evidence_of_two_works_stays_whole(raw: str) -> None:
    ref = _entry(raw)
    assert works(ref) == [ref]


def test_an_entry_without_a_number_or_a_fragment_stays_whole() -> None:
    raw = LETTERED.replace("[12] ", "")
    unlabelled = _entry(raw)
    assert works(unlabelled) == [unlabelled]
    keyed = _entry(LETTERED.replace("[12]", "[TF01]"))
    assert works(keyed) == [keyed]
    tail = _entry(LETTERED)
    tail.fragment = True
    assert works(tail) == [tail]


def test_the_next_entrys_number_left_inside_an_entry_is_no_cut() -> None:
    raw = (
        "13. Marsh LL, Okafor N. A title about fitness. PLoS Pathog. 2009;5(8):e1000541. "
        "14. Chen MJ, Ko KS. Another title about costs. Antimicrob Agents. 2015;59:6763-73."
    )
    assert all(not raw[c.at - 4 :].startswith("14. ") for c in candidate_cuts(raw, "13")[0])


def test_split_compounds_keeps_the_order_and_the_whole_entries() -> None:
    whole = _entry("[11] K. Tanabe, Phys. Rev. B 12, 3401 (1990).")
    refs = split_compounds([whole, _entry(LETTERED)])
    assert [r.label for r in refs] == ["11", "12a", "12b"]


def test_without_the_reference_ness_weights_nothing_is_cut(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from refmanager.service import refness

    monkeypatch.setattr(refness, "WEIGHTS_FILE", tmp_path / "none.json")
    monkeypatch.setattr(refness, "shipped_model", lambda: refness._model(tmp_path / "none.json"))
    ref = _entry(LETTERED)
    assert works(ref) == [ref]


def test_works_one_after_another_in_a_list_without_punctuation_are_cut() -> None:
    # IOP's lists: names, initials and the year without commas ("Lee Y-H, Yang W-L and
    # Zhang Y-Z 2010"); a work opens so after the page of the one before.
    raw = (
        "[2] Karlsson V P 1992 J. Sov. Laser Res. 13 188 Karlsson V P and Okafor L 1994 "
        "J. Phys. A: Math. Gen. 27 153"
    )
    parts = works(_entry(raw))
    assert [p.raw for p in parts] == [
        "[2] Karlsson V P 1992 J. Sov. Laser Res. 13 188",
        "Karlsson V P and Okafor L 1994 J. Phys. A: Math. Gen. 27 153",
    ]
    # An entry that does not open so is not cut there.
    whole = _entry("[3] V. P. Karlsson, J. Sov. Laser Res. 13 188 Karlsson V P 1994 text")
    assert works(whole) == [whole]
