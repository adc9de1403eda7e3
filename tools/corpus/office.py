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
import zipfile
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


# How a word processor sets the list's paragraphs (the ODT paragraph properties of every
# entry); pandoc's own ODT (``None``) gives them its body text style (space below each,
# no indent).
PARAGRAPHS: dict[str, dict[str, str]] = {
    # Word's default: space after each paragraph (8 pt), lines at 108%, no indent, no label.
    "spacing": {
        "fo:margin-left": "0cm",
        "fo:text-indent": "0cm",
        "fo:margin-top": "0cm",
        "fo:margin-bottom": "0.282cm",
        "fo:line-height": "108%",
    },
    # Google Docs' hanging indent (0.5 in): no space between paragraphs, lines at 115%.
    "hanging": {
        "fo:margin-left": "1.27cm",
        "fo:text-indent": "-1.27cm",
        "fo:margin-top": "0cm",
        "fo:margin-bottom": "0cm",
        "fo:line-height": "115%",
    },
    # Word's Bibliography style: a hanging indent and space after.
    "hanging-spacing": {
        "fo:margin-left": "1.27cm",
        "fo:text-indent": "-1.27cm",
        "fo:margin-top": "0cm",
        "fo:margin-bottom": "0.282cm",
        "fo:line-height": "108%",
    },
}
_ENTRY_STYLE = "RefmanagerEntry"


def set_paragraphs(odt: Path, kind: str) -> None:
    """Give every paragraph of the ODT's bibliography (pandoc's ``refs`` section) the
    properties of ``kind`` (:data:`PARAGRAPHS`), in place."""
    with zipfile.ZipFile(odt) as src:
        parts = {info.filename: (info, src.read(info)) for info in src.infolist()}
    content = parts["content.xml"][1].decode("utf-8")
    start = content.find('<text:section text:name="refs">')
    if start < 0:
        raise GoldError("pandoc's ODT holds no refs section")
    end = _section_end(content, start)
    refs = re.sub(
        r'(<text:p text:style-name=")[^"]*(")', rf"\g<1>{_ENTRY_STYLE}\g<2>", content[start:end]
    )
    props = " ".join(f'{k}="{v}"' for k, v in PARAGRAPHS[kind].items())
    style = (
        f'<style:style style:name="{_ENTRY_STYLE}" style:family="paragraph" '
        f'style:parent-style-name="Text_20_body"><style:paragraph-properties {props} '
        'fo:text-align="start" /></style:style>'
    )
    content = content[:start] + refs + content[end:]
    if "<office:automatic-styles/>" in content:
        content = content.replace(
            "<office:automatic-styles/>",
            f"<office:automatic-styles>{style}</office:automatic-styles>",
        )
    else:
        content = content.replace(
            "</office:automatic-styles>", style + "</office:automatic-styles>", 1
        )
    parts["content.xml"] = (parts["content.xml"][0], content.encode("utf-8"))
    tmp = odt.with_name(odt.name + ".part")
    with zipfile.ZipFile(tmp, "w") as out:
        for info, data in parts.values():  # "mimetype" first and stored, as read
            out.writestr(info, data)
    tmp.replace(odt)


def _section_end(content: str, start: int) -> int:
    """Where the ``<text:section>`` opened at ``start`` closes (sections nest: pandoc puts
    each entry in one of its own)."""
    depth = 0
    for m in re.finditer(r"<text:section[ >]|</text:section>", content[start:]):
        depth += -1 if m.group(0).startswith("</") else 1
        if depth == 0:
            return start + m.end()
    raise GoldError("pandoc's refs section does not close")


def render(work: Path, style: str, paragraphs: str | None = None) -> list[str]:
    """``doc.md`` (with ``refs.json``) in ``work`` to ``doc.pdf`` through an ODT file, the
    list's paragraphs set as ``paragraphs`` says (:data:`PARAGRAPHS`; pandoc's own style
    when None); returns each entry's text as pandoc's citeproc printed it."""
    common = ["pandoc", "doc.md", "--citeproc", "--bibliography", "refs.json", "--csl", style]
    tree = _run([*common, "-t", "json"], work)
    entries = _entries(json.loads(tree.stdout).get("blocks", [])) or []
    if not entries:
        raise GoldError("pandoc printed no bibliography entries")
    _run([*common, "-s", "-o", "doc.odt"], work)
    if paragraphs is not None:
        set_paragraphs(work / "doc.odt", paragraphs)
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
