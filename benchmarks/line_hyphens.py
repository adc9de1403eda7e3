"""How often a hyphen at a line end is read right: a word broken (to be joined) or a
hyphenated compound (to be kept), on real reference strings held out by document.

    .venv/bin/python -m benchmarks.line_hyphens

The real labelled strings (``tools.realdata``, read in place from ``../shared/data``) are
dealt into five folds by document, as ``benchmarks.real_cv`` deals them. For every string
of a held-out document:

- each hyphenated compound it prints ("theorem-proving", two lower-case halves) is a line
  end that must keep its hyphen;
- each lower-case word of seven letters or more is broken once where a typesetter may
  break it (two letters or more on each side: TeX keeps three after the break, Word and
  some journals' systems two; the place drawn at random with a fixed seed) and must be
  joined.

The document's vocabulary is read from its other strings and the rest of this one (the
broken word or compound itself is not seen whole there, as at a real line end). Each
break is read ``without`` the known-words list (the document's words alone) and ``with`` a
list made as ``tools.realdata.words`` makes it (``words_of``) from the other folds' real
strings only (the shipped list also holds the generated strings), so no word of a
held-out document is known through it.
"""

from __future__ import annotations

import argparse
import random
import re
from collections import defaultdict

from benchmarks.real_cv import folds_of
from refmanager.pdf.textclean import breaks_a_word, vocabulary
from tools.realdata import real_strings
from tools.realdata.words import words_of

_COMPOUND = re.compile(r"(?<![\w-])([a-z]{2,})-([a-z]{2,})(?![\w-])")
_LONG_WORD = re.compile(r"(?<![\w-])([a-z]{7,})(?![\w-])")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--seed", type=int, default=3)
    args = ap.parse_args()
    real = real_strings()
    fold_of = folds_of([g for _, g in real], args.folds)
    by_group: dict[str, list[str]] = defaultdict(list)
    for ex, g in real:
        by_group[g].append(ex.text)
    rnd = random.Random(args.seed)
    # (reading, kind) -> [right, wrong]
    counts: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    empty: frozenset[str] = frozenset()
    for k in range(args.folds):
        known = frozenset(words_of(ex.text for ex, g in real if fold_of[g] != k))
        for g, texts in by_group.items():
            if fold_of[g] != k:
                continue
            for i, text in enumerate(texts):
                cases = [(m, False) for m in _COMPOUND.finditer(text)]
                cases += [(m, True) for m in _LONG_WORD.finditer(text)]
                for m, broken in cases:
                    if broken:
                        word = m.group(1)
                        cut = rnd.randint(2, len(word) - 2)
                        left, right = word[:cut], word[cut:]
                    else:
                        left, right = m.group(1), m.group(2)
                    rest = [*texts[:i], text[: m.start()] + " " + text[m.end() :], *texts[i + 1 :]]
                    vocab = vocabulary(rest)
                    kind = "word broken" if broken else "compound"
                    for reading, words in (("without", empty), ("with", known)):
                        joined = breaks_a_word(left, right, vocab, words)
                        counts[reading, kind][0 if joined == broken else 1] += 1
    print("line-end hyphens on real strings, documents held out (right / all):")
    for reading in ("without", "with"):
        parts = []
        wrong_all = 0
        for kind in ("compound", "word broken"):
            right, wrong = counts[reading, kind]
            parts.append(f"{kind} {right}/{right + wrong} ({right / max(1, right + wrong):.3f})")
            wrong_all += wrong
        print(f"  {reading:7} known words: " + ", ".join(parts) + f"; wrong {wrong_all}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
