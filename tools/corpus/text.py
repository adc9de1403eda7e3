# ruff: noqa: E501 - LaTeX source and prose templates are kept whole, as they are printed
"""Invented running text for the pages around the list: body paragraphs that cite,
appendices, biographies, affiliation blocks, journal footers, footnotes, tables.

All of it is made from the record generator's word lists; nothing is copied from a
benchmark document.
"""

from __future__ import annotations

import random

from refmanager.formats.bibtex.vocab import MONTH_NAMES
from tools.fieldcorpus.records import (
    FAMILY,
    GIVEN,
    INSTITUTIONS,
    JOURNALS,
    PLACES,
    SUBJECT_WORDS,
    ZH_TITLE_PARTS,
    ZH_UNIVERSITIES,
)

_GLUE = (
    "we show that",
    "in contrast to",
    "building on",
    "as reported by",
    "it follows that",
    "we observe that",
    "which suggests that",
    "compared with",
    "following",
    "unlike earlier work on",
)


class Text:
    """Random prose and page furniture; ``tex`` is False for plain text (pandoc)."""

    def __init__(self, rng: random.Random, zh: bool = False) -> None:
        self.rng = rng
        self.zh = zh
        self.words = [w for ws in SUBJECT_WORDS.values() for w in ws]

    def sentence(self, cites: list[str] | None = None) -> str:
        r = self.rng
        if self.zh:
            parts = [r.choice(ZH_TITLE_PARTS) for _ in range(r.randint(3, 7))]
            text = "，".join(parts) + "。"
        else:
            words = [r.choice(self.words) for _ in range(r.randint(6, 16))]
            words.insert(r.randint(1, len(words) - 1), r.choice(_GLUE))
            text = " ".join(words)
            text = text[0].upper() + text[1:] + "."
        if cites:
            cite = "\\cite{" + ",".join(cites) + "}"
            text = text[:-1] + "~" + cite + text[-1]
        return text

    def paragraph(self, keys: list[str], sentences: tuple[int, int] = (3, 8)) -> str:
        r = self.rng
        out = []
        for _ in range(r.randint(*sentences)):
            cites = (
                r.sample(keys, k=min(len(keys), r.randint(1, 3)))
                if keys and r.random() < 0.4
                else None
            )
            out.append(self.sentence(cites))
        return " ".join(out)

    def person(self) -> str:
        return f"{self.rng.choice(GIVEN)} {self.rng.choice(FAMILY)}"

    def title(self) -> str:
        words = [self.rng.choice(self.words) for _ in range(self.rng.randint(4, 9))]
        return " ".join(words).capitalize()

    def section_title(self) -> str:
        words = [self.rng.choice(self.words) for _ in range(self.rng.randint(1, 4))]
        return " ".join(words).capitalize()

    def date(self) -> str:
        r = self.rng
        return f"{r.randint(1, 28)} {r.choice(MONTH_NAMES)} {r.randint(1995, 2025)}"

    def affiliation(self) -> list[str]:
        """Author address lines, as printed after some lists."""
        r = self.rng
        out = []
        for _ in range(r.randint(1, 4)):
            name = self.person()
            if self.zh:
                out.append(
                    f"{name}，{r.choice(ZH_UNIVERSITIES)}，邮箱：{name.split()[-1].lower()}@example.cn"
                )
                continue
            dept = f"Department of {self.section_title()}"
            place = r.choice(PLACES)
            mail = f"{name.split()[-1].lower()}@{r.choice(['uni', 'inst', 'lab'])}.example.org"
            out.append(
                f"{name}\\\\ {dept}\\\\ {r.choice(INSTITUTIONS)}\\\\ {place}\\\\ E-mail: \\texttt{{{mail}}}"
            )
        return out

    def journal_footer(self) -> str:
        r = self.rng
        journal = r.choice(JOURNALS)
        return (
            f"{journal}, published by the {r.choice(INSTITUTIONS)}. "
            f"Volume {r.randint(1, 90)}, Issue {r.randint(1, 12)}, {r.choice(MONTH_NAMES)} {r.randint(1995, 2025)}. "
            f"Submitted {self.date()}; Accepted {self.date()}."
        )

    def received(self) -> str:
        return f"Received {self.date()}; revised {self.date()}; accepted {self.date()}."

    def biography(self) -> tuple[str, str]:
        r = self.rng
        name = self.person()
        degree = r.choice(["B.S.", "M.S.", "Ph.D.", "B.Eng.", "M.Sc."])
        body = (
            f"received the {degree} degree in {self.section_title().lower()} from the "
            f"{r.choice(INSTITUTIONS)} in {r.randint(1990, 2022)}. "
            f"{'She' if r.random() < 0.5 else 'He'} is currently a "
            f"{r.choice(['professor', 'research scientist', 'lecturer', 'postdoctoral fellow'])} "
            f"with the {r.choice(INSTITUTIONS)}. " + self.paragraph([], (2, 4))
        )
        return name, body

    def table(self) -> tuple[str, str]:
        """A small results table (LaTeX tabular) and its caption."""
        r = self.rng
        cols = r.randint(3, 5)
        head = " & ".join(
            ["Method"] + [self.rng.choice(self.words).capitalize() for _ in range(cols - 1)]
        )
        rows = [head + " \\\\ \\hline"]
        for _ in range(r.randint(2, 5)):
            cells = [self.rng.choice(self.words).capitalize()] + [
                f"{r.uniform(0, 99):.2f}" for _ in range(cols - 1)
            ]
            rows.append(" & ".join(cells) + " \\\\")
        tab = (
            "\\begin{tabular}{l"
            + "r" * (cols - 1)
            + "}\\hline\n"
            + "\n".join(rows)
            + "\n\\hline\\end{tabular}"
        )
        caption = self.sentence()
        return tab, caption
