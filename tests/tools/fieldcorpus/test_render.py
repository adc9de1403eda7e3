"""The name-list labels of rendered strings (``render._extend_names``)."""

from __future__ import annotations

from typing import Any

from tools.fieldcorpus.render import Sample, _extend_names


def _sample(text: str, families: list[str]) -> Sample:
    """``text`` with each family name labelled "author" (what the markers give)."""
    labels = ["O"] * len(text)
    pos = 0
    for family in families:
        at = text.index(family, pos)
        labels[at : at + len(family)] = ["author"] * len(family)
        pos = at + len(family)
    return Sample(text, labels)


def _author(sample: Sample) -> str:
    idx = [i for i, lab in enumerate(sample.labels) if lab == "author"]
    return sample.text[idx[0] : idx[-1] + 1]


RECORD: dict[str, Any] = {
    "author": [
        {"family": "Guo", "given": "Mei"},
        {"family": "Deng", "given": "Min-Jun"},
        {"family": "Shazeer", "given": "Mingyu"},
        {"family": "Moore", "given": "Karl"},
    ]
}


def test_a_list_cut_by_et_al_keeps_its_last_initials() -> None:
    s = _sample("Guo M, Deng M-J, et al. A title. Journal 2019;4:1-2.", ["Guo", "Deng"])
    _extend_names(s, RECORD, "author")
    assert _author(s) == "Guo M, Deng M-J, et al."
    s = _sample("Guo, M.; Deng, M.-J.; et al. A title. 2019.", ["Guo", "Deng"])
    _extend_names(s, RECORD, "author")
    assert _author(s) == "Guo, M.; Deng, M.-J.; et al."


def test_given_names_of_any_name_and_translated_et_al() -> None:
    s = _sample("SHAZEER Mingyu vd., “A title”, Journal, 1976.", ["SHAZEER"])
    _extend_names(s, RECORD, "author")
    assert _author(s) == "SHAZEER Mingyu vd."


def test_an_author_date_label_before_the_list_is_not_the_list() -> None:
    s = _sample("Guo 2005, GUO M. A title. Press, 2005.", ["Guo", "GUO"])
    _extend_names(s, RECORD, "author")
    assert _author(s) == "GUO M."
    assert set(s.labels[: s.text.index("GUO")]) == {"O"}


def test_a_title_word_after_the_list_stays_out() -> None:
    s = _sample("Moore K. Kernel methods. Journal, 2001.", ["Moore"])
    _extend_names(s, RECORD, "author")
    assert _author(s) == "Moore K."


def test_an_acronym_opening_the_title_is_not_taken_for_initials() -> None:
    record: dict[str, Any] = {
        "author": [
            {"family": "Zhao", "given": "Jun"},
            {"family": "Park", "given": "Ari"},
            {"family": "Xu", "given": "Lei"},
        ]
    }
    s = _sample("Zhao J, Park A, Xu L. JAX: composable programs. 2018.", ["Zhao", "Park", "Xu"])
    _extend_names(s, record, "author")
    assert _author(s) == "Zhao J, Park A, Xu L."
