"""The name-list labels of rendered strings (``render._extend_names``)."""

from __future__ import annotations

import random
from typing import Any

from tools.fieldcorpus.records import RecordGenerator
from tools.fieldcorpus.render import Sample, _extend_names, house_render


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


def _house_names(variant: str, seed: int) -> int:
    """How many of twelve authors a house style prints (each name labelled once)."""
    rec = RecordGenerator(seed).record()
    rec["author"] = [{"family": f"Fam{chr(65 + i)}", "given": "Ann"} for i in range(12)]
    sample = house_render(rec, random.Random(seed), variant)
    return sum(1 for i in range(12) if f"FAM{chr(65 + i)}" in sample.text.upper())


def test_the_journal_style_sometimes_prints_every_name_gbt_never() -> None:
    cnj = {_house_names("cnj", seed) for seed in range(40)}
    gbt = {_house_names("gbt", seed) for seed in range(40)}
    assert cnj == {3, 6, 12}
    assert gbt == {3, 6}


def test_a_label_glued_to_the_first_initial_stays_out_of_the_list() -> None:
    s = _sample("5M. Guo and K. Moore, A title, Journal, 2019, 4, 1-2.", ["Guo", "Moore"])
    _extend_names(s, RECORD, "author")
    assert _author(s) == "M. Guo and K. Moore"
    assert s.labels[0] == "O"
