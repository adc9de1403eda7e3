"""Write refmanager/pdf/data/cid/Adobe-<Ordering>.json.gz: the text of each CID of Adobe's
character collections (GB1, CNS1, Japan1, Korea1, KR).

A composite font with an Identity encoding and no /ToUnicode (XeTeX's embedded Fandol,
Noto CJK or Source Han fonts, say) shows CIDs of a character collection named by its
descendant's /CIDSystemInfo; the PDF reference (9.10.2) has a reader map them to Unicode
through Adobe's predefined ``Adobe-<Ordering>-UCS2`` CMap. pypdf does not ship those
CMaps, so refmanager does, as data written by this script from the copies TeX Live
(texlive-lang-cjk's adobemapping) or poppler-data install. Development only:

    .venv/bin/python tools/cid_unicode.py [--cmaps DIR]
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
from pathlib import Path

_DEFAULT = Path("/usr/share/texlive/texmf-dist/fonts/cmap/adobemapping/ToUnicode")
ORDERINGS = ("GB1", "CNS1", "Japan1", "Korea1", "KR")
OUT = Path(__file__).resolve().parent.parent / "refmanager" / "pdf" / "data" / "cid"

_BLOCK = re.compile(rb"begin(bfchar|bfrange)(.*?)end\1", re.S)
_HEX = re.compile(rb"<([0-9A-Fa-f]*)>|\[|\]")


def _text(digits: bytes) -> str:
    return bytes.fromhex(digits.decode("ascii")).decode("utf-16-be", "surrogatepass")


def read_cmap(data: bytes) -> dict[int, str]:
    """CID -> text of a ToUnicode-style CMap (bfchar and bfrange blocks)."""
    table: dict[int, str] = {}
    for kind, body in _BLOCK.findall(data):
        tokens = [m.group(1) if m.group(1) is not None else m.group(0) for m in _HEX.finditer(body)]
        i = 0
        while i < len(tokens):
            if kind == b"bfchar":
                table[int(tokens[i], 16)] = _text(tokens[i + 1])
                i += 2
                continue
            lo, hi = int(tokens[i], 16), int(tokens[i + 1], 16)
            if tokens[i + 2] == b"[":
                end = tokens.index(b"]", i + 3)
                for cid, dst in zip(range(lo, hi + 1), tokens[i + 3 : end], strict=False):
                    table[cid] = _text(dst)
                i = end + 1
            else:
                first = bytes.fromhex(tokens[i + 2].decode("ascii"))
                base = int.from_bytes(first, "big")
                for offset, cid in enumerate(range(lo, hi + 1)):
                    value = (base + offset).to_bytes(len(first), "big")
                    table[cid] = value.decode("utf-16-be", "surrogatepass")
                i += 3
    return table


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cmaps", type=Path, default=_DEFAULT)
    args = ap.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    for ordering in ORDERINGS:
        source = args.cmaps / f"Adobe-{ordering}-UCS2"
        if not source.exists():
            print(f"skipped {ordering}: no {source}")
            continue
        table = read_cmap(source.read_bytes())
        # Runs of CIDs whose texts are consecutive single characters: [cid, code point, n];
        # the rest as [cid, text].
        runs: list[list[int]] = []
        other: list[list[int | str]] = []
        for cid in sorted(table):
            text = table[cid]
            if len(text) == 1:
                last = runs[-1] if runs else None
                if last and last[0] + last[2] == cid and last[1] + last[2] == ord(text):
                    last[2] += 1
                else:
                    runs.append([cid, ord(text), 1])
            else:
                other.append([cid, text])
        data = {"ordering": ordering, "source": source.name, "runs": runs, "texts": other}
        path = OUT / f"Adobe-{ordering}.json.gz"
        payload = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        path.write_bytes(gzip.compress(payload, 9, mtime=0))
        print(f"{path.name}: {len(table)} CIDs, {path.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
