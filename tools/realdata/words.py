"""The word list the PDF reader uses to tell a word broken at a line end from a hyphenated
compound (development only).

    .venv/bin/python -m tools.realdata.words

Writes ``refmanager/pdf/data/words.txt.gz``: every word printed whole (letters only, two
or more, lower case, not part of a hyphenated or glued token) in the real labelled strings
(``tools.realdata.real_strings``, read in place from ``../shared/data``) and in the
generated strings shipped with the parser (``refmanager/parse/data/base-examples.jsonl.gz``),
and its manifest (the command, the inputs with their SHA-256, the count).
``python -m benchmarks.line_hyphens`` measures the list by documents held out.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import re
import sys
from collections.abc import Iterable
from pathlib import Path

from tools.realdata import DATA, real_strings

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "refmanager/pdf/data/words.txt.gz"
BASE = ROOT / "refmanager/parse/data/base-examples.jsonl.gz"
# A word standing alone: letters only, with no hyphen, letter or digit glued on either side.
_WHOLE = re.compile(r"(?<![\w\-\u2010])([^\W\d_]{2,})(?![\w\-\u2010])")


def words_of(texts: Iterable[str]) -> set[str]:
    """The lower-cased words printed whole in ``texts``, in lower case or with a capital
    first letter only (not acronyms, not words in capitals)."""
    out: set[str] = set()
    for text in texts:
        for word in _WHOLE.findall(text):
            if word.islower() or (word[:1].isupper() and word[1:].islower()):
                out.add(word.lower())
    return out


def _base_texts() -> list[str]:
    """The text of every generated example shipped with the parser."""
    with gzip.open(BASE, "rt", encoding="utf-8") as f:
        return [json.loads(line)["text"] for line in f if line.strip()]


def _sha256(path: Path) -> str:
    """The SHA-256 of ``path``'s bytes, in hex (for the manifest)."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def main() -> int:
    texts = [ex.text for ex, _ in real_strings()] + _base_texts()
    words = sorted(words_of(texts))
    OUT.parent.mkdir(parents=True, exist_ok=True)
    # mtime 0: the same words give the same bytes
    with OUT.open("wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as f:
        f.write(("\n".join(words) + "\n").encode("utf-8"))
    inputs = sorted((DATA / "grobid" / "citation" / "corpus").glob("*.xml"))
    inputs.append(DATA / "anystyle" / "core.xml")
    manifest = {
        "file": str(OUT.relative_to(ROOT)),
        "sha256": _sha256(OUT),
        "command": ".venv/bin/python -m tools.realdata.words",
        "words": len(words),
        "inputs": {
            **{str(Path("../shared/data") / p.relative_to(DATA)): _sha256(p) for p in inputs},
            str(BASE.relative_to(ROOT)): _sha256(BASE),
        },
        "measured_by": ".venv/bin/python -m benchmarks.line_hyphens",
    }
    OUT.with_name(OUT.name + ".manifest.json").write_text(
        json.dumps(manifest, indent=1) + "\n", encoding="utf-8"
    )
    print(f"{len(words)} words -> {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
