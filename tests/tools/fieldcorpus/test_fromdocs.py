"""Strings of the document corpus's PDFs labelled by the records they print."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

from refmanager.parse.train import Example
from tests.pdf.pdfbuild import Text, column, write_pdf
from tools.fieldcorpus.build import doc_family, doc_training_strings
from tools.fieldcorpus.fromdocs import document_examples

RECORDS: list[dict[str, Any]] = [
    {
        "id": "k1",
        "type": "article-journal",
        "author": [{"family": "Okafor", "given": "Chidi"}, {"family": "Brandt", "given": "Lena"}],
        "title": "Sparse routing for elastic training clusters",
        "container-title": "Journal of Cluster Studies",
        "volume": "12",
        "page": "45-67",
        "issued": {"date-parts": [[2019]]},
    },
    {
        "id": "k2",
        "type": "book",
        "author": [{"family": "Mensah", "given": "Kofi"}],
        "title": "Rainfall models of the western Sahel",
        "publisher": "Harbor Lane Press",
        "issued": {"date-parts": [[2012]]},
    },
    {"id": "k3", "type": "book", "title": "A record the page does not print at all"},
]


def test_entries_are_labelled_by_the_record_whose_title_they_print(tmp_path: Path) -> None:
    lines = [
        "References",
        "[1] C. Okafor and L. Brandt. Sparse routing for elastic training clusters. Journal",
        "    of Cluster Studies, 12:45-67, 2019.",
        "[2] K. Mensah. Rainfall models of the western Sahel. Harbor Lane Press, 2012.",
        "[3] J. Doe. Something no record holds. Nowhere, 2001.",
    ]
    pdf = write_pdf(tmp_path / "doc.pdf", [[Text(72, 780, "A Paper", 16), *column(72, 740, lines)]])
    examples = document_examples(pdf, RECORDS, "bst:plain")
    assert len(examples) == 2
    first, second = examples
    assert first.source == "bst:plain"
    title = first.text.index("Sparse")
    assert first.labels[title] == "title" and first.labels[first.text.index("Journal")] == (
        "container-title"
    )
    assert second.labels[second.text.index("Harbor")] == "publisher"
    assert second.labels[second.text.index("Mensah")] == "author"


def test_training_strings_keep_held_out_families_apart(tmp_path: Path) -> None:
    assert doc_family("csl:apa-6th-edition") == "csl:apa"
    assert doc_family("bst:plainnat") == "bst:plainnat"
    path = tmp_path / "docs.jsonl.gz"
    sources = [f"bst:style{i}" for i in range(40)]
    with gzip.open(path, "wt", encoding="utf-8") as fh:
        for source in sources:
            for _ in range(3):
                ex = Example("Okafor C. A title. 2019.", ["O"] * 24, [], source)
                fh.write(json.dumps(ex.to_json()) + "\n")
    train = doc_training_strings(path)
    held = doc_training_strings(path, heldout=True)
    assert len(train) + len(held) == 120 and held and train
    assert not {e.source for e in train} & {e.source for e in held}
    capped = doc_training_strings(path, 10)
    assert len(capped) == 10 and len({e.source for e in capped}) == 10
