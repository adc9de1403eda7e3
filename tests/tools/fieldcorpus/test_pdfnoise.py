"""PDF-like damage keeps every character's label; junk and fragments are labelled JUNK."""

from __future__ import annotations

import random

from refmanager.parse.train import Example
from tools.fieldcorpus.junk import JUNK, fragment, junk_example, merged
from tools.fieldcorpus.pdfnoise import (
    break_identifier,
    drop_final_stop,
    ligatures,
    small_caps_names,
)
from tools.fieldcorpus.records import RecordGenerator
from tools.fieldcorpus.render import Sample
from tools.fieldcorpus.stylecorpus import family_of

TEXT = "Smith J. Final fields. Journal 3, 1-9. doi:10.1016/j.ins.2019.01.002."


def _sample() -> Sample:
    labels = ["O"] * len(TEXT)

    def mark(value: str, label: str) -> None:
        a = TEXT.index(value)
        labels[a : a + len(value)] = [label] * len(value)

    mark("Smith J", "author")
    mark("Final fields", "title")
    mark("Journal", "container-title")
    mark("10.1016/j.ins.2019.01.002", "DOI")
    return Sample(TEXT, labels)


def _field(sample: Sample, label: str) -> str:
    return "".join(c for c, lab in zip(sample.text, sample.labels, strict=True) if lab == label)


def test_broken_doi_stays_labelled() -> None:
    broken = break_identifier(_sample(), random.Random(1))
    doi = _field(broken, "DOI")
    assert " " in doi and doi.replace(" ", "") == "10.1016/j.ins.2019.01.002"
    assert len(broken.text) == len(broken.labels) == len(TEXT) + 1


def test_ligatures_small_caps_and_final_stop() -> None:
    lig = ligatures(_sample())
    assert "\ufb01" in lig.text and len(lig.text) == len(lig.labels)
    assert _field(lig, "title") == "Final \ufb01elds"
    caps = small_caps_names(_sample())
    assert _field(caps, "author") == "SMITH J"
    assert drop_final_stop(_sample()).text == TEXT[:-1]


def test_family_is_the_skeleton() -> None:
    assert family_of(_sample()).startswith("{author}. {title}. {container-title} 3, 1-9.")


def test_junk_fragments_and_merged_entries() -> None:
    rng = random.Random(2)
    ex = junk_example(RecordGenerator(2), rng)
    assert ex.text and set(ex.labels) == {JUNK}
    whole = Example(TEXT, list(_sample().labels))
    tail = fragment(whole, rng)
    assert TEXT.endswith(tail.text) and set(tail.labels) == {JUNK}
    both = merged(whole, whole)
    assert both.labels[: len(TEXT)] == whole.labels and both.labels[-1] == JUNK


def test_small_capitals_keep_one_label_per_character() -> None:
    text = "Weiß, J. A title."
    sample = Sample(text, ["author"] * 8 + ["O"] * (len(text) - 8))
    out = small_caps_names(sample)
    assert out.text == "WEIß, J. A title."
    assert len(out.labels) == len(out.text)
