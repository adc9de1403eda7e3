from __future__ import annotations

from refmanager.parse.tokens import split_label, tokenize


def test_identifiers_are_single_tokens() -> None:
    text = "See https://example.org/a/b. and doi:10.1000/xyz.12(3)4, arXiv:2101.00001v2."
    toks = tokenize(text)
    kinds = {t.text: t.kind for t in toks}
    assert kinds["https://example.org/a/b"] == "url"
    assert kinds["10.1000/xyz.12(3)4"] == "doi"
    assert kinds["arXiv:2101.00001v2"] == "arxiv"
    for t in toks:
        assert text[t.start : t.end] == t.text


def test_cjk_runs_and_punctuation() -> None:
    toks = tokenize("张三. 深度学习[J]")
    assert [t.text for t in toks] == ["张三", ".", "深度学习", "[", "J", "]"]


def test_labels() -> None:
    assert split_label("[12] Smith J.") == ("12", 5)
    assert split_label("[Kim et al., 2020] Kim, J.")[0] == "Kim et al., 2020"
    assert split_label("3. Smith J.") == ("3", 3)
    assert split_label("Smith J. 2020.") == ("", 0)
    assert split_label("[J] odd") == ("", 0)
