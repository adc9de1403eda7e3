"""Documents made by LibreOffice: pandoc writes the paper (CSL-formatted by its citeproc)
as an ODT file, LibreOffice (``soffice --headless``) prints it to PDF.

There are no TeX marks here; the gold comes from the text. Pandoc also writes the same
bibliography as its JSON tree, which gives every entry's text; :func:`label_by_text`
then finds the heading and, in order, the lines that spell each entry (see
:mod:`tools.corpus.gold` for the labels).
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

from refmanager.pdf.layout import Line
from tools.corpus.gold import GoldError

TIMEOUT = 120


def available() -> bool:
    return shutil.which("soffice") is not None


def _inline_text(node: Any) -> str:
    """The plain text of a pandoc JSON inline (or list of them)."""
    if isinstance(node, list):
        return "".join(_inline_text(n) for n in node)
    if not isinstance(node, dict):
        return ""
    kind, content = node.get("t"), node.get("c")
    if kind == "Str":
        return str(content)
    if kind in ("Space", "SoftBreak", "LineBreak"):
        return " "
    if kind in ("Code", "Math", "RawInline"):
        return str(content[-1]) if isinstance(content, list) else ""
    if kind in ("Link", "Image", "Span", "Quoted", "Cite"):
        return _inline_text(
            content[1] if isinstance(content, list) else []
        )  # [attributes or kind, inlines, ...]
    if isinstance(content, list):
        return _inline_text(content)
    return ""


def _entries(blocks: list[Any]) -> list[str] | None:
    for block in blocks:
        if block.get("t") != "Div":
            continue
        (ident, _, _), children = block["c"]
        if ident == "refs":
            out = []
            for child in children:
                if child.get("t") == "Div":
                    paras = child["c"][1]
                    out.append(" ".join(_inline_text(b.get("c", [])) for b in paras))
            return out
        found = _entries(children)
        if found is not None:
            return found
    return None


def render(work: Path, style: str) -> list[str]:
    """``doc.md`` (with ``refs.json``) in ``work`` to ``doc.pdf`` through an ODT file;
    returns each entry's text as pandoc's citeproc printed it."""
    common = ["pandoc", "doc.md", "--citeproc", "--bibliography", "refs.json", "--csl", style]
    tree = _run([*common, "-t", "json"], work)
    entries = _entries(json.loads(tree.stdout).get("blocks", [])) or []
    if not entries:
        raise GoldError("pandoc printed no bibliography entries")
    _run([*common, "-s", "-o", "doc.odt"], work)
    profile = (work / "lo-profile").resolve()
    _run(
        [
            "soffice",
            f"-env:UserInstallation=file://{profile}",
            "--headless",
            "--convert-to",
            "pdf",
            "doc.odt",
        ],
        work,
    )
    if not (work / "doc.pdf").exists():
        raise GoldError("LibreOffice wrote no PDF")
    return entries


def _run(cmd: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    try:
        res = subprocess.run(
            cmd,
            cwd=cwd,
            capture_output=True,
            text=True,
            errors="replace",
            timeout=TIMEOUT,
            check=False,
        )
    except subprocess.TimeoutExpired:
        raise GoldError(f"{cmd[0]} timed out") from None
    if res.returncode != 0:
        raise GoldError(f"{cmd[0]}: " + res.stderr.strip()[:200])
    return res


def _norm(text: str) -> str:
    return re.sub(r"[\W_]+", "", text.lower())


def _page_number(lines: list[Line], i: int) -> bool:
    """The page number LibreOffice prints in the footer: a lone number, its page's first
    or last line."""
    ln = lines[i]
    if not re.fullmatch(r"\s*\d{1,4}\s*", ln.text):
        return False
    first = i == 0 or lines[i - 1].page != ln.page
    last = i + 1 == len(lines) or lines[i + 1].page != ln.page
    return first or last


def _after_footnotes(lines: list[Line], keys: list[str], i: int, rest: str) -> int:
    """Where the list goes on when the lines from ``i`` to its page's end are not part of
    it (the page's footnotes, left ``other``): the next page's first line that is not its
    number, if it spells ``rest``; else ``i`` (no match)."""
    j = i
    while j < len(lines) and lines[j].page == lines[i].page:
        j += 1
    if j - i > 12:
        return i
    while j < len(lines) and _page_number(lines, j):
        j += 1
    return j if j < len(lines) and keys[j] and rest.startswith(keys[j]) else i


def label_by_text(lines: list[Line], heading: str, entries: list[str]) -> list[str]:
    """One label per line: ``head`` for the heading, ``start``/``in`` for the lines that
    spell each entry in turn, ``furn`` for the page numbers in the footers, ``other`` for
    the rest. A document whose lines do not spell its entries is rejected.
    """
    keys = [_norm(ln.text) for ln in lines]
    want = _norm(heading)
    heads = [i for i, k in enumerate(keys) if k == want]
    first = _norm(entries[0])
    # The heading is the one right before the first entry's first line.
    head = next(
        (
            i
            for i in reversed(heads)
            if i + 1 < len(lines) and keys[i + 1] and first.startswith(keys[i + 1])
        ),
        None,
    )
    if head is None:
        raise GoldError("the list's heading is not followed by its first entry")
    labels = ["furn" if _page_number(lines, i) else "other" for i in range(len(lines))]
    labels[head] = "head"
    i = head + 1
    for n, entry in enumerate(entries):
        rest = _norm(entry)
        if not rest:
            raise GoldError(f"entry {n + 1} has no text")
        kind = "start"
        while rest:
            while i < len(lines) and labels[i] == "furn":
                i += 1  # the page's number, between two lines of the list
            if i < len(lines) and not (keys[i] and rest.startswith(keys[i])):
                i = _after_footnotes(lines, keys, i, rest)
            if i >= len(lines) or not keys[i] or not rest.startswith(keys[i]):
                raise GoldError(f"entry {n + 1} is not spelled by the lines after it")
            labels[i] = kind
            kind = "in"
            rest = rest[len(keys[i]) :]
            i += 1
    return labels
