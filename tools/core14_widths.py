"""Write refmanager/pdf/data/core14.json: the glyph widths of the PDF standard-14 fonts.

A PDF may name one of these fonts without giving its widths (/Widths). The numbers are
Adobe's font metrics (AFM files, as TeX Live ships them); each glyph is keyed by its
Unicode text (the Adobe Glyph List, glyphlist.txt), which is how refmanager.pdf.fonts looks
them up. Development only:

    .venv/bin/python tools/core14_widths.py [--afm DIR] [--glyphlist FILE]
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

_TEXLIVE = Path("/usr/share/texlive/texmf-dist/fonts")
_FILES = {
    "courier": ["pcrr8a", "pcrb8a", "pcrro8a", "pcrbo8a"],
    "helvetic": ["phvr8a", "phvb8a", "phvro8a", "phvbo8a"],
    "times": ["ptmr8a", "ptmb8a", "ptmri8a", "ptmbi8a"],
    "symbol": ["psyr"],
    "zapfding": ["pzdr"],
}
OUT = Path(__file__).resolve().parent.parent / "refmanager" / "pdf" / "data" / "core14.json"


def glyph_list(path: Path) -> dict[str, str]:
    names: dict[str, str] = {}
    for line in path.read_text(encoding="ascii").splitlines():
        if line.startswith("#") or ";" not in line:
            continue
        name, codes = line.split(";", 1)
        names[name] = "".join(chr(int(c, 16)) for c in codes.split())
    return names


def read_afm(path: Path, names: dict[str, str]) -> tuple[str, bool, dict[str, int]]:
    font_name, fixed = "", False
    widths: dict[str, int] = {}
    for line in path.read_text(encoding="latin-1").splitlines():
        if line.startswith("FontName "):
            font_name = line.split()[1]
        elif line.startswith("IsFixedPitch "):
            fixed = line.split()[1] == "true"
        elif line.startswith("C "):
            fields = dict(
                part.strip().split(" ", 1) for part in line.split(";") if " " in part.strip()
            )
            text = names.get(fields.get("N", ""))
            if text is not None and "WX" in fields:
                widths.setdefault(text, int(float(fields["WX"])))
    return font_name, fixed, widths


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--afm", type=Path, default=_TEXLIVE / "afm" / "adobe")
    ap.add_argument(
        "--glyphlist", type=Path, default=_TEXLIVE / "map" / "glyphlist" / "glyphlist.txt"
    )
    args = ap.parse_args()
    names = glyph_list(args.glyphlist)
    out: dict[str, dict[str, object]] = {}
    for folder, files in _FILES.items():
        for stem in files:
            font_name, fixed, widths = read_afm(args.afm / folder / f"{stem}.afm", names)
            out[font_name] = {"fixed": fixed, "widths": widths}
    OUT.write_text(json.dumps(out, ensure_ascii=False, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{OUT}: {len(out)} fonts")


if __name__ == "__main__":
    main()
