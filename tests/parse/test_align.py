"""User corrections become labelled training examples."""

from __future__ import annotations

from pathlib import Path

from refmanager.model import Date, Name, Reference
from refmanager.parse import Example, align_labels, example_from_correction, train_model
from refmanager.parse.train import fully_aligned, token_labels


def corrected() -> tuple[str, Reference]:
    raw = "[5] Moreau L, Okafor CN. Tidal energy storage. Energy Letters, 2018, 7(2): 33-41."
    ref = Reference(raw=raw)
    ref.author = [Name(family="Moreau", given="L"), Name(family="Okafor", given="CN")]
    ref.set("title", "Tidal energy storage")
    ref.set("container-title", "Energy Letters")
    ref.set("volume", "7")
    ref.set("issue", "2")
    ref.set("page", "33–41")  # corrected with an en-dash while the text has a hyphen
    ref.issued = Date(year=2018)
    return raw, ref


def test_align_labels_marks_each_value() -> None:
    raw, ref = corrected()
    labels = align_labels(raw, ref)
    assert len(labels) == len(raw)

    def span(label: str) -> str:
        idx = [i for i, lab in enumerate(labels) if lab == label]
        return raw[idx[0] : idx[-1] + 1]

    assert span("author") == "Moreau L, Okafor CN"
    assert span("title") == "Tidal energy storage"
    assert span("container-title") == "Energy Letters"
    assert span("issued") == "2018"
    assert span("page") == "33-41"
    assert labels[0] == "O"  # the printed label is not a field


def test_token_labels_from_example() -> None:
    raw, ref = corrected()
    ex = example_from_correction(raw, ref)
    toks, labels = token_labels(ex.text, ex.labels)
    assert toks[0].text == "Moreau"
    assert labels[0] == "author"
    assert dict(zip((t.text for t in toks), labels, strict=True))["Letters"] == "container-title"
    again = Example.from_json(ex.to_json())
    assert again.labels == ex.labels


def test_train_model_writes_a_usable_model(tmp_path: Path) -> None:
    raw, ref = corrected()
    ex = example_from_correction(raw, ref)
    path = tmp_path / "m.crfsuite"
    stats = train_model([ex] * 3, path, max_iterations=20, min_freq=1)
    assert path.is_file() and stats["examples"] == 3
    from refmanager.parse import parse_reference

    out = parse_reference(raw, path)
    assert out.get("title") == "Tidal energy storage"


def test_align_year_inside_a_longer_value_stays_there() -> None:
    raw = "Diallo, X.: Inference networks. In: 2017 ACM SIGKDD Conference, 2017, S. 489–496"
    ref = Reference(raw=raw)
    ref.author = [Name(family="Diallo", given="X.")]
    ref.set("title", "Inference networks")
    ref.set("container-title", "2017 ACM SIGKDD Conference")
    ref.set("page", "489–496")
    ref.issued = Date(year=2017)
    labels = align_labels(raw, ref)
    first = raw.index("2017")
    second = raw.index("2017", first + 1)
    assert set(labels[first : first + 4]) == {"container-title"}
    assert set(labels[second : second + 4]) == {"issued"}


def test_align_volume_after_the_container_and_abbreviation_period() -> None:
    raw = "9 N. Smith, “Design study”, Future Gener. Comput. Syst. 9(1), 18–64 (2007)."
    ref = Reference(raw=raw)
    ref.author = [Name(family="Smith", given="N.")]
    ref.set("title", "Design study")
    ref.set("container-title", "Future Gener. Comput. Syst")
    ref.set("volume", "9")
    ref.set("issue", "1")
    labels = align_labels(raw, ref)
    assert labels[0] == "O"
    vol = raw.index("9(1)")
    assert labels[vol] == "volume"
    end = raw.index("Syst.") + len("Syst.")
    assert labels[end - 1] == "container-title"


def test_accents_the_pdf_text_lost_still_align() -> None:
    from refmanager.model import Name, Reference
    from refmanager.parse.train import example_from_correction, fully_aligned

    raw = (
        "Bagaria, A. and Guntert, P. (2012). Protein structure validation by \u00a8 generalized "
        "linear model. Bioinformatics, 13:1."
    )
    ref = Reference(raw=raw)
    ref.author = [Name(family="Bagaria", given="A."), Name(family="G\u00fcntert", given="P.")]
    ref.set("title", "Protein structure validation by generalized linear model")
    ref.set("container-title", "Bioinformatics")
    ex = example_from_correction(raw, ref)
    assert fully_aligned(ex, ref)
    title = "".join(c for c, lab in zip(raw, ex.labels, strict=True) if lab == "title")
    assert title.startswith("Protein structure validation by") and title.endswith("model")
    ref.set("publisher", "Nowhere Press")  # a value the text does not show
    assert not fully_aligned(example_from_correction(raw, ref), ref)


def test_a_series_letter_printed_against_the_volume_aligns() -> None:
    # "Ann. Sci. Lett. B" and "12" printed "B12": the tokenizer reads "B" and "12", and
    # the correction aligns with both rather than being left out as unaligned
    raw = "K. Lindqvist, Ann. Sci. Lett. B12, 345 (1999)."
    ref = Reference(raw=raw)
    ref.author = [Name(family="Lindqvist", given="K.")]
    ref.set("container-title", "Ann. Sci. Lett. B")
    ref.set("volume", "12")
    ref.set("page", "345")
    ref.issued = Date(year=1999)
    example = example_from_correction(raw, ref)
    assert fully_aligned(example, ref)
    toks, labels = token_labels(raw, example.labels)
    got = {t.text: lab for t, lab in zip(toks, labels, strict=True)}
    assert got["B"] == "container-title" and got["12"] == "volume" and got["345"] == "page"


def test_a_value_inside_a_longer_word_or_number_still_does_not_align() -> None:
    # the letter-digit boundary is a second choice: a value standing apart comes first,
    # and a value never ends inside a word or inside a number
    raw = "T. Okoye, Rev. Mod. Cells 2, 7 (2001); see also ICRC2 and 27."
    ref = Reference(raw=raw)
    ref.set("container-title", "Rev. Mod. Cells")
    ref.set("volume", "2")
    ref.set("page", "7")
    labels = align_labels(raw, ref)
    assert raw[labels.index("volume")] == "2" and labels.index("volume") == raw.index("2,")
    assert [i for i, lab in enumerate(labels) if lab == "page"] == [raw.index("7 (")]
