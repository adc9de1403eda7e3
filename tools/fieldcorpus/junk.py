"""Text that a list finder may wrongly hand over as a reference, labelled as such.

Body sentences, affiliation blocks, e-mail lines, journal footers and headers, figure and
table captions, appendix headings, author biographies, rows of numbers; and the pieces
over- or under-splitting makes: the tail of a reference cut off its head, two references
run together. Every character that is not part of a real field is labelled ``JUNK``, so
any field the parser finds there is wrong. Used to calibrate the confidence, never to
train the tagger.
"""

from __future__ import annotations

import random

from refmanager.parse.train import Example
from tools.fieldcorpus.records import (
    GENERAL,
    INSTITUTIONS,
    JOURNALS,
    PLACES,
    SUBJECT_WORDS,
    RecordGenerator,
)

JUNK = "JUNK"
_MONTHS = ("January", "March", "May", "June", "August", "October", "December")


def _words(rng: random.Random, n: int) -> str:
    vocab = SUBJECT_WORDS[rng.choice(list(SUBJECT_WORDS))] + GENERAL
    return " ".join(rng.choice(vocab) for _ in range(n))


def junk_text(gen: RecordGenerator, rng: random.Random) -> str:
    """One piece of text that is not a reference."""
    person = gen.person()
    name = f"{person['given']} {person['family']}"
    year = rng.randint(1995, 2025)
    kind = rng.randrange(9)
    pick = rng.choice
    n = rng.randint
    if kind == 0:
        cite = pick(["(see Section 3)", f"[{n(1, 60)}]", f"({person['family']}, {year})", ""])
        verb = pick(["show", "study", "propose"])
        return (
            f"In this {pick(['paper', 'section', 'work'])} we {verb} {_words(rng, n(4, 12))}. "
            f"{_words(rng, n(6, 16)).capitalize()} {cite}."
        )
    if kind == 1:
        inst = pick(INSTITUTIONS)
        place = pick(PLACES)
        mail = f"{person['given'].lower().split()[0]}.{person['family'].lower()}@example.org"
        return pick(
            [
                f"{name}, Department of {_words(rng, 1).title()}, {inst}, {place}",
                f"{inst}, {place}. E-mail: {mail}",
                f"{name} {mail}",
                f"Affiliation: {inst}. Address: {n(1, 999)} Main Street, {place}",
            ]
        )
    if kind == 2:
        journal = pick(JOURNALS)
        publisher = pick(["Elsevier B.V.", "Springer Nature", "Wiley"])
        first = n(1, 900)
        return pick(
            [
                f"{journal} {n(1, 90)} ({year}) {first}\u2013{first + n(5, 40)}",
                f"\u00a9 {year} The Authors. Published by {publisher}",
                f"Received {n(1, 28)} {pick(_MONTHS)} {year}; accepted "
                f"{n(1, 28)} {pick(_MONTHS)} {year + 1}",
                f"{journal}, Volume {n(1, 90)}, Issue {n(1, 12)}. "
                f"Submitted {year}-0{n(1, 9)}-1{n(0, 9)}; Published {year + 1}",
                f"http://www.{journal.split()[0].lower()}.org/ doi:10.{n(1000, 9999)}/x{n(10, 99)}",
            ]
        )
    if kind == 3:
        label = rng.choice(["Figure", "Fig.", "Table"])
        return f"{label} {rng.randint(1, 12)}: {_words(rng, rng.randint(4, 14)).capitalize()}."
    if kind == 4:
        return rng.choice(
            [
                f"Appendix {rng.choice('ABC')}. {_words(rng, rng.randint(1, 4)).title()}",
                f"{rng.randint(1, 9)}.{rng.randint(1, 9)} {_words(rng, rng.randint(1, 4)).title()}",
                "Acknowledgements",
                f"Page {rng.randint(1, 60)} of {rng.randint(60, 90)}",
            ]
        )
    if kind == 5:
        return (
            f"{name} received the {rng.choice(['Ph.D.', 'M.Sc.', 'B.S.'])} degree in "
            f"{_words(rng, 2)} from {rng.choice(INSTITUTIONS)} in {year}. "
            f"{pick(['He', 'She', 'They'])} {pick(['is', 'was'])} a researcher working on "
            f"{_words(rng, n(2, 6))}."
        )
    if kind == 6:
        return " ".join(
            f"{rng.random() * rng.choice([1, 10, 100]):.{rng.randint(1, 3)}f}"
            for _ in range(rng.randint(3, 12))
        )
    if kind == 7:
        return f"{_words(rng, rng.randint(8, 25)).capitalize()}."
    return (
        f"{_words(rng, rng.randint(3, 9)).capitalize()}, {year}. {_words(rng, rng.randint(3, 9))}"
    )


def junk_example(gen: RecordGenerator, rng: random.Random) -> Example:
    text = junk_text(gen, rng)
    return Example(text, [JUNK] * len(text), [], "junk")


def fragment(example: Example, rng: random.Random) -> Example:
    """The tail of a reference cut off from its head (over-splitting): nothing in it counts."""
    text = example.text
    spaces = [
        i for i, ch in enumerate(text) if ch == " " and 0.25 * len(text) < i < 0.8 * len(text)
    ]
    if not spaces:
        return Example(text, [JUNK] * len(text), [], "fragment")
    cut = rng.choice(spaces) + 1
    tail = text[cut:]
    return Example(tail, [JUNK] * len(tail), [], "fragment")


def merged(first: Example, second: Example) -> Example:
    """Two references run together (under-splitting): only the first one's fields count."""
    text = first.text.rstrip() + " " + second.text
    labels = first.labels[: len(first.text.rstrip())] + [JUNK] * (len(second.text) + 1)
    return Example(text, labels, [], "merged")
