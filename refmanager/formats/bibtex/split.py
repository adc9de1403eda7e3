"""Reading, stage 1: the text split into blocks by ``bibtexparser.parse_string`` with an
empty parse stack (each later stage is ours, run on the raw values).

Entries bibtexparser sets aside (a key used twice: ``DuplicateBlockKeyBlock``; a field
given twice: ``DuplicateFieldKeyBlock``) are kept like the others; a block that failed
to parse becomes a Problem saying why.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bibtexparser.entrypoint import parse_string
from bibtexparser.model import (
    DuplicateBlockKeyBlock,
    DuplicateFieldKeyBlock,
    Entry,
    ExplicitComment,
    ParsingFailedBlock,
    Preamble,
    String,
)

from refmanager.formats.bibtex.vocab import SPACES
from refmanager.model import Problem


@dataclass(slots=True)
class Blocks:
    """The entries, ``@string`` definitions and ``@preamble``s of a text, in file order,
    with their 1-based lines; JabRef's ``@comment{jabref-meta: ...}`` texts; and the
    problems met splitting it."""

    items: list[tuple[int, Entry | String | Preamble]] = field(default_factory=list)
    jabref_meta: list[str] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)


def split(text: str) -> Blocks:
    """The blocks of a BibTeX/BibLaTeX text (raw values: delimiters and macros kept)."""
    out = Blocks()
    for block in parse_string(text, parse_stack=[]).blocks:
        line = _line_of(block)
        if isinstance(block, (DuplicateBlockKeyBlock, DuplicateFieldKeyBlock)):
            inner = block.ignore_error_block
            if isinstance(inner, Entry):
                if isinstance(block, DuplicateBlockKeyBlock):
                    out.problems.append(
                        Problem(line, f"citation key {inner.key} used again; both entries kept")
                    )
                out.items.append((line, inner))
        elif isinstance(block, ParsingFailedBlock):
            head = (block.raw or "").strip().splitlines()[:1]
            what = f"entry {head[0][:60]}" if head else "entry"
            out.problems.append(
                Problem(line, f"malformed {what} skipped: {_failure_reason(block)}", skipped=True)
            )
        elif isinstance(block, (String, Entry, Preamble)):
            out.items.append((line, block))
        elif isinstance(block, ExplicitComment) and block.comment.startswith("jabref-meta:"):
            out.jabref_meta.append(block.comment.removeprefix("jabref-meta:").strip())
    return out


def _line_of(block: object) -> int:
    line = getattr(block, "start_line", None)
    return line + 1 if isinstance(line, int) else 0


def _failure_reason(block: ParsingFailedBlock) -> str:
    message = str(block.error)
    if "bibtex:" in message:
        message = message.split("bibtex:", 1)[1]
    message = SPACES.sub(" ", message).strip().rstrip(".")
    if message:
        return message
    raw = block.raw or ""
    if raw.count("{") != raw.count("}"):
        return "unbalanced braces (a { without its }, or the reverse)"
    if raw.count('"') % 2:
        return "a quoted value is not closed"
    return "not a valid entry (check the commas and = signs)"
