"""tools.fieldcorpus.calibrate: a field the hand labels lack is judged neither way."""

from __future__ import annotations

from refmanager.parse.parser import parse_uncalibrated
from refmanager.parse.train import Example
from tools.fieldcorpus.calibrate import judge, row_observations, unlabelled_fields
from tools.realdata.calibrate import fit_both

ENTRY = "Roe, A. (2001). A study of small things. Journal of Stuff, 12, 33-45."


def _labelled(text: str, spans: dict[str, str]) -> Example:
    labels = ["O"] * len(text)
    for value, label in spans.items():
        a = text.index(value)
        labels[a : a + len(value)] = [label] * len(value)
    return Example(text, labels)


# the pages are printed but left unlabelled, as hand labels now and then leave a field out
SPANS = {
    "Roe, A.": "author",
    "2001": "issued",
    "A study of small things": "title",
    "Journal of Stuff": "container-title",
    "12": "volume",
}


def test_a_field_the_labels_lack_is_neither_right_nor_wrong() -> None:
    ex = _labelled(ENTRY, SPANS)
    ref, _, _ = parse_uncalibrated(ENTRY)
    assert ref.get("page") == "33-45"
    assert unlabelled_fields(ex, ref) == {"page"}
    strict, strict_row = judge(ex, ref)
    assert strict["page"] is False and strict_row is False
    right, row = judge(ex, ref, unlabelled_fields(ex, ref))
    assert "page" not in right
    assert all(right.values()) and row is True


def test_a_string_that_is_no_reference_has_every_field_judged() -> None:
    junk = Example(ENTRY, ["JUNK"] * len(ENTRY))
    ref, _, _ = parse_uncalibrated(ENTRY)
    assert unlabelled_fields(junk, ref) == frozenset()
    assert not any(judge(junk, ref)[0].values())


def test_the_row_reads_the_fields_judged_neither_way() -> None:
    entry = [("bias", 1.0)]
    judged = {"title": ([("f=title", 1.0)], True)}
    low = [("f=page", 1.0)]
    weights = {"f=title": 4.0, "f=page": -4.0}
    (with_page, _), (without, _) = row_observations(
        [(entry, judged, True, [low]), (entry, judged, True, [])], weights
    )
    assert dict(with_page)["minp"] < dict(without)["minp"]


def test_the_field_model_is_not_fitted_on_fields_judged_neither_way() -> None:
    entry = [("bias", 1.0)]
    obs = [
        (entry, {"title": ([("f=title", 1.0)], i % 3 > 0)}, i % 3 > 0, [[("f=page", 1.0)]])
        for i in range(30)
    ]
    field_w, row_w = fit_both(obs)
    assert "f=title" in field_w and "f=page" not in field_w
    assert row_w
