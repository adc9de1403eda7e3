"""GB/T 7714 document type codes: the ``[J]``, ``[M]``, ``[EB/OL]`` a Chinese reference
prints after its title, and the CSL type each stands for.

A code is a domain rule every layer shares: the field parser reads the item's type from
it, and the list's layout step must not take a line that opens with one (a continuation
line such as "[J/OL]. 计算机学报, 2021") for an entry's bracketed label.
"""

from __future__ import annotations

import re

# A code in a text, with its optional carrier suffix ("/OL" online, "/CD", "/MT", "/DK").
TYPE_CODE_RE = re.compile(r"\[(J|C|M|D|R|S|P|N|G|Z|A|EB|DB|CP|DS|CM|K)(?:/(?:OL|CD|MT|DK))?\]")

GBT_TYPES: dict[str, str] = {
    "J": "article-journal",
    "C": "paper-conference",
    "M": "book",
    "D": "thesis",
    "R": "report",
    "S": "standard",
    "P": "patent",
    "N": "article-newspaper",
    "G": "book",
    "A": "chapter",
    "EB": "webpage",
    "DB": "dataset",
    "CP": "software",
    "K": "book",
    "Z": "document",
}


def is_type_code(label: str) -> bool:
    """Whether ``label``, the text between a pair of brackets, is a type code."""
    return TYPE_CODE_RE.fullmatch(f"[{label.strip()}]") is not None
