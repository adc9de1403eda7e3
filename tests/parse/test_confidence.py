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


class _FakeTagger:
    """Marginals that favour "title" on every token (a rule relabelled the tagger's O)."""

    def probability(self, labels: list[str]) -> float:
        return 0.5

    def marginal(self, label: str, i: int) -> float:
        return 0.9 if label == "title" else 0.1


def test_a_field_a_rule_relabelled_is_judged_by_the_marginals_of_its_own_label() -> None:
    from refmanager.model import Reference, Token
    from refmanager.parse.confidence import _entry, _own_features
    from refmanager.parse.tagger import Tagging

    raw = "Sparse routing. 2020."
    ref = Reference(raw=raw, tokens=[Token(0, 6, "title"), Token(7, 14, "title")])
    ref.set("title", "Sparse routing")
    tagging = Tagging(_FakeTagger(), ["O", "O"], [0.1, 0.1])
    names, reals = _own_features("title", 0.1, tagging, _entry(ref))
    lm = dict(reals)["lm"]
    assert lm > 0.3  # logit(0.9) / 5, not logit(0.1) / 5 (the tagger's own O)
    assert "relabelled=all|title" in names
    assert "next=$|title" in names and "prev=^|title" in names


def test_values_that_fail_their_field_s_shape_are_evidence() -> None:
    from refmanager.parse.confidence import evidence
    from refmanager.parse.parser import parse_uncalibrated

    ref, _, tagging = parse_uncalibrated(GOOD)
    _, fields = evidence(ref, tagging)
    names = {name for name, _ in fields["page"]}
    assert "shape=range|page" in names
    assert "shape=num|volume" in {name for name, _ in fields["volume"]}
    assert "e:type=article-journal" in names


def test_the_app_scores_the_features_the_calibration_was_fitted_on() -> None:
    from refmanager.parse.confidence import calibrate, evidence
    from refmanager.parse.parser import parse_uncalibrated

    weights = _weights()
    assert weights is not None
    for text in (GOOD, ARXIV, "Table 3: Mean accuracy of the tuned models over five runs."):
        ref, _, tagging = parse_uncalibrated(text)
        entry, fields = evidence(ref, tagging)
        want = {key: score(weights["field"], feats) for key, feats in fields.items()}
        calibrate(ref, tagging)
        for key, p in want.items():
            assert ref.confidence[key] == pytest.approx(p, abs=1e-12), key
        field_probs = list(want.values())
        row = score(weights["row"], row_features(entry, field_probs))
        assert ref.confidence[ROW] == pytest.approx(min(row, *field_probs), abs=1e-12)


def test_a_thesis_followed_by_its_english_version_is_one_bilingual_entry() -> None:
    from refmanager.parse.confidence import _bilingual

    thesis = (
        "张伟．基于视觉的零件识别方法研究[D]．哈尔滨：东北工业大学，2016．"
        "Zhang W. Research on vision based part recognition[D]. Harbin: "
        "Northeast University of Technology, 2016."
    )
    assert _bilingual(thesis)  # one number (the year) and the same type code
    # a Chinese entry whose journal is printed in English is no translation
    assert not _bilingual("王芳．图像分割方法[J]．Pattern Recognition Letters，2019，40(2)：1-9．")
    # nor a Chinese thesis followed by another, English, entry of another year
    assert not _bilingual(thesis.replace("2016.", "2011.").replace("[D]. Harbin", ". Harbin"))


def test_an_entry_that_starts_inside_a_cut_reference_says_so() -> None:
    from refmanager.parse.confidence import evidence
    from refmanager.parse.parser import parse_uncalibrated

    def starts(text: str) -> set[str]:
        ref, _, tagging = parse_uncalibrated(text)
        entry, _ = evidence(ref, tagging)
        return {name for name, _ in entry if name.startswith("start=")}

    assert starts("S, Lee AB, Park C. Gene maps in rice. Plant J 1999; 12: 33-41.") == {
        "start=initial,"
    }
    assert starts("German). Klin Wochenschr 1998; 47: 838-843.") == {"start=closer"}
    assert starts("2 vols. Paris: Hachette, 1988.") == {"start=digit"}
    assert starts(GOOD) == set()
    assert starts("[4] S. Lee, A. Park, Gene maps (rice), Plant J. 12 (1999) 33.") == set()
