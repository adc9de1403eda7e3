"""Figures of the round trips through real clients (issue 13): for every gold entry of the
dev bench and the seed, our export -> the client -> our import, and what changed; then
the other way for pandoc: our CSL-JSON -> pandoc's BibTeX/BibLaTeX -> our import.

Usage: .venv/bin/python -m benchmarks.client_round_trips [--details]
"""

from __future__ import annotations

import sys

from tests.formats.clients import CLIENTS, OTHER_WAY, Missing, gold_references, keyed


def main(argv: list[str]) -> int:
    refs = keyed(gold_references())
    for name, run in {**CLIENTS, **OTHER_WAY}.items():
        try:
            figures = run(refs)
        except Missing as why:
            print(f"{name}: skipped ({why})")
            continue
        print(figures.summary())
        if "--details" in argv:
            for key, field, before, after in figures.changed[:40]:
                print(f"    {key} {field}: {before!r} -> {after!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
