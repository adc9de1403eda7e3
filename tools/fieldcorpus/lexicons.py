"""Word lists the parser's features read, built from public lists (development only).

    .venv/bin/python -m tools.fieldcorpus.lexicons

Writes ``refmanager/parse/data/serial-abbreviations.txt``: the abbreviations of the ISSN
International Centre's List of Title Word Abbreviations (LTWA, the ISO 4 word list that
journal abbreviations such as "Nucl. Phys." and "J Biol Chem" are made of), as shipped by
pyiso4 (MIT; the 'train' extra). Each abbreviation once, lower case, without its period;
abbreviations of one letter ("J.", "A.") are left out, since they read as initials too,
and so are those the list also names as whole words ("model", "method") and function words.
The output is committed; rerun this when pyiso4's list changes.
"""

from __future__ import annotations

import csv
import io
import sys
from importlib import resources
from pathlib import Path

from refmanager.model.words import word_list

OUT = Path(__file__).resolve().parents[2] / "refmanager/parse/data/serial-abbreviations.txt"
LTWA = "LTWA_20210702.csv"


def serial_abbreviations(table: str) -> list[str]:
    """The abbreviations of an LTWA table (tab-separated: word, abbreviations, languages):
    sorted, lower case, without the period, of two letters or more."""
    out: set[str] = set()
    words: set[str] = set()  # whole words the list names ("method", "model")
    rows = csv.reader(io.StringIO(table), delimiter="\t")
    next(rows, None)  # the header
    for row in rows:
        if len(row) < 2:
            continue
        if not row[0].endswith("-"):
            words.add(row[0].strip().lower())
        for part in row[1].split(","):
            word = part.strip().lower()
            if not word.endswith(".") or word == "n.a.":
                continue  # "n.a.": the word is not abbreviated
            word = word[:-1]
            if len(word) >= 2 and " " not in word:
                out.add(word)
    function_words = word_list("key-function-words") | word_list("title-stopwords")
    return sorted(out - words - function_words)


def main() -> int:
    table = resources.files("pyiso4").joinpath(LTWA).read_text("utf-8")
    words = serial_abbreviations(table)
    header = f"# serial-title word abbreviations: {LTWA} from pyiso4 (MIT), by {__name__}\n"
    OUT.write_text(header + "\n".join(words) + "\n", encoding="utf-8")
    print(f"{len(words)} abbreviations -> {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
