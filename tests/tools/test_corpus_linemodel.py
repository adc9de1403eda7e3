"""The shipped line model's data tools: packing, tidying the gold, the base sample, training."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

from refmanager.pdf.linefeatures import stored_row
from refmanager.pdf.linetrain import read_packed, rows_of
from refmanager.pdf.zones import tag_lines
from tests.pdf.test_linemodel import _doc
from tools.corpus.linemodel import pack, train


def _stored(doc_id: str, lines: list[tuple[str, float, str]]) -> dict[str, object]:
    """A stored document of ``(text, size, label)`` lines, one under the other."""
    rows = [
        [1, 0, 72.0, 300.0, 700.0 - 12 * i, size, 0.0, 0.0, text, label]
        for i, (text, size, label) in enumerate(lines)
    ]
    return {
        "id": doc_id,
        "family": "f",
        "style": "bst:f",
        "page_sizes": {"1": 792.0},
        "lines": rows,
    }


def test_training_learns_the_document_and_tags_it(tmp_path: Path) -> None:
    rows, labels = _doc()
    doc = {
        "id": "00001",
        "family": "test",
        "style": "bst:test",
        "page_sizes": {"1": 792.0},
        "lines": [[*stored_row(r), lab] for r, lab in zip(rows, labels, strict=True)],
    }
    folder = tmp_path / "lines"
    folder.mkdir()
    with gzip.open(folder / "00001.json.gz", "wt", encoding="utf-8") as fh:
        json.dump(doc, fh)
    packed = tmp_path / "lines.jsonl.gz"
    assert pack(folder, packed) == 1
    [back] = list(read_packed(packed))
    assert rows_of(back)[1] == labels
    model = tmp_path / "m.crfsuite"
    assert train([back] * 3, model, iterations=50) == 3
    lines = [r for r in rows]
    assert tag_lines(lines, {1: 792.0}, model) == labels


def test_the_base_sample_takes_every_family_in_turn() -> None:
    from tools.corpus.linemodel import base_sample

    docs = [{"id": f"{f}{i}", "family": f} for f in ("a", "b", "c") for i in range(4)]
    docs += [{"id": "d0", "family": "d"}]
    picked = [d["id"] for d in base_sample(docs, 6)]
    assert picked == ["a0", "b0", "c0", "d0", "a1", "b1"]
    assert len(base_sample(docs, 100)) == len(docs)


def test_pack_merges_a_packed_file_tidies_letter_headings_and_drops_key_only_lists(
    tmp_path: Path,
) -> None:
    from tools.corpus.linemodel import write_packed

    entry = "A. Author. A title of the entry. Journal, 2001."
    lettered = _stored(
        "00001",
        [
            ("References", 12, "head"),
            ("A", 17, "in"),
            (entry, 10, "start"),
            ("B", 17, "in"),
            (entry, 10, "start"),
            ("that goes on.", 10, "in"),
        ],
    )
    keys_only = _stored("00002", [("References", 12, "head"), ("k1", 10, "start")] * 2)
    packed = tmp_path / "lines.jsonl.gz"
    write_packed([lettered], packed)
    folder = tmp_path / "lines"
    folder.mkdir()
    for doc in (keys_only, _stored("00001", [(entry, 10, "other")] * 2)):
        with gzip.open(folder / f"{doc['id']}.json.gz", "wt", encoding="utf-8") as fh:
            json.dump(doc, fh)
    with gzip.open(folder / "00003.json.gz", "wt", encoding="utf-8") as fh:
        json.dump(_stored("00003", [("References", 12, "head"), (entry, 10, "start")]), fh)

    assert pack(folder, packed, merge=packed) == 2
    docs = {d["id"]: d for d in read_packed(packed)}
    assert sorted(docs) == ["00001", "00003"]  # 00002's entries are only keys
    # The packed 00001 is kept over the build's copy, its letter headings set apart.
    assert rows_of(docs["00001"])[1] == ["head", "other", "start", "other", "start", "in"]


def test_tidy_gives_a_split_label_to_its_entry_and_keeps_only_the_heading() -> None:
    from tools.corpus.linemodel import tidy

    entry = "A. Author. A title of the entry. Journal, 2001."
    rows = [
        # page 1: body text, then a footnote the list's start mark came before
        [1, 0, 72.0, 300.0, 700.0, 10.0, 0.0, 0.0, "Body text of the paper.", "other"],
        [1, 0, 72.0, 300.0, 100.0, 8.0, 0.0, 0.0, "1 A footnote at the foot.", "head"],
        [1, 0, 300.0, 306.0, 60.0, 10.0, 0.0, 0.0, "1", "furn"],
        # page 2: the heading; each entry's label a piece of its own left of its text
        [2, 0, 72.0, 160.0, 700.0, 12.0, 1.0, 0.0, "Bibliography", "head"],
        [2, 0, 72.0, 90.0, 680.0, 10.0, 0.0, 0.0, "[1]", "head"],
        [2, 0, 100.0, 300.0, 680.0, 10.0, 0.0, 0.0, entry, "start"],
        [2, 0, 72.0, 90.0, 668.0, 10.0, 0.0, 0.0, "[2]", "in"],
        [2, 0, 100.0, 300.0, 668.0, 10.0, 0.0, 0.0, entry, "start"],
        # another column's line on the same baseline is not a label
        [2, 0, 72.0, 300.0, 656.0, 10.0, 0.0, 0.0, entry, "in"],
        [2, 0, 310.0, 540.0, 656.0, 10.0, 0.0, 0.0, entry, "start"],
    ]
    doc = tidy({"id": "1", "lines": rows})
    assert [r[9] for r in doc["lines"]] == [
        "other", "other", "furn", "head", "start", "in", "start", "in", "in", "start",
    ]  # fmt: skip
    # A heading left at the foot of the page before the list stays the heading.
    foot = [
        [1, 0, 72.0, 160.0, 90.0, 12.0, 1.0, 0.0, "References", "head"],
        [2, 0, 72.0, 300.0, 700.0, 10.0, 0.0, 0.0, entry, "start"],
    ]
    assert [r[9] for r in tidy({"id": "2", "lines": foot})["lines"]] == ["head", "start"]
    # A bare page number at the foot of a page is furniture; an entry's last line that is
    # only a number, one line below the rest, is not.
    numbers = [
        [1, 0, 72.0, 300.0, 700.0, 10.0, 0.0, 0.0, entry, "start"],
        [1, 0, 72.0, 300.0, 688.0, 10.0, 0.0, 0.0, entry, "in"],
        [1, 0, 300.0, 306.0, 660.0, 10.0, 0.0, 0.0, "7", "in"],
        [2, 0, 72.0, 300.0, 700.0, 10.0, 0.0, 0.0, entry, "start"],
        [2, 0, 72.0, 100.0, 688.0, 10.0, 0.0, 0.0, "1993", "in"],
    ]
    assert [r[9] for r in tidy({"id": "3", "lines": numbers})["lines"]] == [
        "start", "in", "furn", "start", "in",
    ]  # fmt: skip


def test_tidy_ends_the_list_before_footnotes_and_the_next_columns_text() -> None:
    from tools.corpus.linemodel import tidy

    def row(col: int, y: float, size: float, text: str, label: str) -> list[object]:
        return [1, col, 72.0 + 240 * (col - 1), 300.0 + 240 * (col - 1), y, size, 0, 0, text, label]

    entry = "A. Author. A title of the entry. Journal, 2001."
    lines = [
        row(1, 700, 10, entry, "start"),
        row(1, 688, 10, entry, "in"),
        row(1, 90, 8, "1 A footnote in small type at the foot of the column.", "in"),
        row(2, 700, 10, "goes on in the next column.", "in"),  # the entry's own tail
        row(2, 688, 10, entry, "start"),
        row(2, 676, 10, "and ends at the column's foot.", "in"),
    ]
    assert [r[9] for r in tidy({"id": "1", "lines": lines})["lines"]] == [
        "start", "in", "other", "in", "start", "in",
    ]  # fmt: skip
    # An appendix in the next column, its heading in other type than the entries.
    spill = [
        row(1, 700, 10, entry, "start"),
        row(1, 688, 10, entry, "in"),
        row(2, 700, 8, "APPENDIX", "in"),
        row(2, 688, 10, "Text of the appendix.", "in"),
    ]
    assert [r[9] for r in tidy({"id": "2", "lines": spill})["lines"]] == [
        "start", "in", "other", "other",
    ]  # fmt: skip


def test_a_chinese_document_read_without_its_chinese_is_not_usable() -> None:
    from tools.corpus.linemodel import usable

    read = _stored(
        "00004",
        [
            ("参考文献", 12, "head"),
            ("[1] 张三, 李四. 软件缺陷预测方法研究[J]. 软件学报, 2020.", 10, "start"),
        ],
    )
    misread = _stored(
        "00005",
        [
            ("\x01\x02\x03\x04", 12, "head"),
            ("[1] \x05\x06, \x07\x08. \x0e\x0f\x10[J]. 2020.", 10, "start"),
        ],
    )
    for doc in (read, misread):
        doc["style"] = "gbt:numerical-zh"
    assert usable(read)
    assert not usable(misread)
    # Text in other styles is not held to a share of Chinese.
    misread["style"] = "bst:plain"
    assert usable(misread)


def test_documents_a_style_misprinted_or_mismarked_are_not_usable() -> None:
    from tools.corpus.linemodel import usable

    entry = "A. Author. A title of the entry. Journal, 2001."
    assert usable(_stored("00006", [("References", 12, "head"), (entry, 10, "start")]))
    hashes = _stored(
        "00007",
        [("References", 12, "head"), ("family=Wu, familyi=W., given=Mary, giveni=M.", 10, "start")],
    )
    assert not usable(hashes)
    keys = _stored(
        "00010",
        [
            ("References", 12, "head"),
            ("[1] k5Choi, B.choi b @Choi, B. 2021. A title.", 10, "start"),
            ("[2] k1Karlsson, K.karlsson k @Karlsson, K. 1971. Another title.", 10, "start"),
            ("[3] k6Ali, L.ali l @Ali, L., Nasser, A.nasser a @Nasser, A. 2008.", 10, "start"),
        ],
    )
    assert not usable(keys)
    # A word to a line: no paper sets its list so.
    words = _stored(
        "00008",
        [("References", 12, "head"), ("1. Author,", 10, "start"), *[("word", 10, "in")] * 9],
    )
    assert not usable(words)
    mismarked = _stored("00009", [("References", 12, "head"), (entry, 10, "start")])
    mismarked["style"] = "bbx:reading"
    assert not usable(mismarked)


def test_tidy_takes_a_float_caption_inside_the_list_out_of_the_entry() -> None:
    from tools.corpus.linemodel import tidy

    entry = "A. Author. A title of the entry. Journal, 2001."
    doc = _stored(
        "00011",
        [
            ("References", 12, "head"),
            (entry, 10, "start"),
            ("Table 1: Accuracy of the models as reported by the", 10, "in"),
            ("authors of the study.", 10, "in"),
            ("Method Accuracy Recall", 10, "other"),
            ("Baseline 85.09 10.72", 10, "other"),
            (entry, 10, "start"),
            ("and the entry goes on.", 10, "in"),
        ],
    )
    labels = [r[9] for r in tidy(doc)["lines"]]
    assert labels == ["head", "start", "other", "other", "other", "other", "start", "in"]


def test_adding_documents_writes_only_them_in_a_new_shard(tmp_path: Path) -> None:
    from tools.corpus.linemodel import add_shard, read_corpus

    rows, labels = _doc()
    corpus = tmp_path / "data"
    corpus.mkdir()
    build = tmp_path / "lines"
    build.mkdir()

    def stored(doc_id: str) -> None:
        doc = {
            "id": doc_id,
            "family": "test",
            "style": "bst:test",
            "page_sizes": {"1": 792.0},
            "lines": [[*stored_row(r), lab] for r, lab in zip(rows, labels, strict=True)],
        }
        with gzip.open(build / f"{doc_id}.json.gz", "wt", encoding="utf-8") as fh:
            json.dump(doc, fh)

    stored("00001")
    assert pack(build, corpus / "lines.jsonl.gz") == 1
    first = (corpus / "lines.jsonl.gz").read_bytes()
    stored("00002")
    shard, count = add_shard([build], corpus)
    assert shard == corpus / "lines-001.jsonl.gz" and count == 1
    assert [d["id"] for d in read_packed(shard)] == ["00002"]
    assert (corpus / "lines.jsonl.gz").read_bytes() == first  # never rewritten
    assert [d["id"] for d in read_corpus(corpus)] == ["00001", "00002"]
    assert add_shard([build], corpus) == (None, 0)


def test_train_writes_the_models_manifest_with_every_shard_read(tmp_path: Path) -> None:
    from tools.corpus.linemodel import main
    from tools.manifest import manifest_path, sha256

    rows, labels = _doc()
    corpus = tmp_path / "data"
    corpus.mkdir()
    build = tmp_path / "lines"
    build.mkdir()
    doc = {
        "id": "00001",
        "family": "test",
        "style": "bst:test",
        "page_sizes": {"1": 792.0},
        "lines": [[*stored_row(r), lab] for r, lab in zip(rows, labels, strict=True)],
    }
    with gzip.open(build / "00001.json.gz", "wt", encoding="utf-8") as fh:
        json.dump(doc, fh)
    assert pack(build, corpus / "lines.jsonl.gz") == 1
    doc["id"] = "00002"
    with gzip.open(build / "00002.json.gz", "wt", encoding="utf-8") as fh:
        json.dump(doc, fh)
    from tools.corpus.linemodel import add_shard

    add_shard([build], corpus)
    model = tmp_path / "m.crfsuite"
    argv = ["train", str(corpus), "--model", str(model), "--iterations", "20"]
    assert main(argv) == 0
    data = json.loads(manifest_path(model).read_text(encoding="utf-8"))
    assert data["sha256"] == sha256(model)
    assert data["command"] == ".venv/bin/python -m tools.corpus.linemodel " + " ".join(argv)
    assert sorted(Path(p).name for p in data["inputs"]) == ["lines-001.jsonl.gz", "lines.jsonl.gz"]
    assert data["inputs"][next(p for p in data["inputs"] if p.endswith("lines-001.jsonl.gz"))] == (
        sha256(corpus / "lines-001.jsonl.gz")
    )
    assert data["settings"]["documents"] == 2


def test_the_shipped_line_model_has_its_manifest_over_every_shard() -> None:
    from refmanager.pdf.zones import MODEL_PATH
    from tools.corpus.linemodel import CORPUS, shards
    from tools.manifest import manifest_path, sha256

    data = json.loads(manifest_path(MODEL_PATH).read_text(encoding="utf-8"))
    assert data["model"] == "refmanager/pdf/data/lines.crfsuite"
    assert data["sha256"] == sha256(MODEL_PATH)
    assert data["command"].startswith(".venv/bin/python -m tools.corpus.linemodel train")
    assert data["inputs"] == {f"tools/corpus/data/{p.name}": sha256(p) for p in shards(CORPUS)}
