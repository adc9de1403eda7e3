"""Calibrated confidence: probabilities in [0, 1], a row confidence, junk scored low."""

from __future__ import annotations

import pytest

from refmanager.parse import DEFAULT_MODEL, parse_reference
from refmanager.parse.confidence import ROW, _weights, row_features, score, sigmoid

pytestmark = pytest.mark.skipif(
    not DEFAULT_MODEL.is_file() or _weights() is None, reason="no shipped model or calibration"
)

GOOD = (
    "[4] K. Mensah and L. Moreau, \u201cSparse routing for elastic training clusters,\u201d "
    "IEEE Transactions on Computers, vol. 71, no. 4, pp. 812\u2013825, 2022."
)


def test_fields_and_row_are_probabilities() -> None:
    ref = parse_reference(GOOD)
    assert ROW in ref.confidence
    for key, value in ref.confidence.items():
        assert 0.0 <= value <= 1.0, key
    fields = [v for k, v in ref.confidence.items() if k not in ("type", ROW)]
    assert ref.confidence[ROW] <= min(fields)
    assert ref.confidence["title"] > 0.8


def test_text_that_is_no_reference_is_not_sure() -> None:
    good = parse_reference(GOOD).confidence[ROW]
    for text in (
        "Department of Statistics, University of Tromsø, Norway. E-mail: a.b@example.org",
        "Table 3: Mean accuracy of the tuned models over five runs.",
        "0.12 0.56 13.2 0.004 1.50",
    ):
        ref = parse_reference(text)
        assert ref.confidence.get(ROW, 0.0) < min(0.5, good), text


def test_score_is_a_logistic_model() -> None:
    assert sigmoid(0.0) == 0.5
    assert score({"a": 2.0, "b": -1.0}, [("a", 1.0), ("b", 2.0), ("c", 5.0)]) == 0.5
    assert sigmoid(-800.0) == 0.0 and sigmoid(800.0) == 1.0
    feats = row_features([("bias", 1.0)], [0.9, 0.5])
    assert ("minb=1", 1.0) in feats


ARXIV = "[7] Okafor CN, Silva R. Graph kernels for sparse routing at scale. arXiv:2301.04567, 2023."


def test_a_preprint_genre_derived_from_an_arxiv_id_is_judged_by_that_id() -> None:
    from refmanager.parse.parser import parse_uncalibrated
    from refmanager.parse.train import Example
    from tools.fieldcorpus.calibrate import judge

    ref, _, _ = parse_uncalibrated(ARXIV)
    assert ref.get("genre") == "preprint" and "genre" not in {t.label for t in ref.tokens}
    labels = ["O"] * len(ARXIV)
    a = ARXIV.index("arXiv:")
    labels[a : a + len("arXiv:2301.04567")] = ["number"] * len("arXiv:2301.04567")
    right, _ = judge(Example(ARXIV, labels), ref)
    assert right["genre"] is True
    junk = Example(ARXIV, ["JUNK"] * len(ARXIV))
    assert judge(junk, ref)[0]["genre"] is False


def test_a_right_preprint_row_is_not_sunk_by_its_derived_genre() -> None:
    ref = parse_reference(ARXIV)
    assert ref.get("genre") == "preprint"
    assert ref.confidence["genre"] > 0.5
    assert ref.confidence[ROW] > 0.3
