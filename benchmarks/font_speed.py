"""Cost of refmanager.pdf.fonts: module import, tables, load_font and decode per font.

For the seed PDF and the dev PDFs: every font resource of every page (read with pypdf, its
streams decoded before timing), built with ``load_font`` in a fresh process per document
(first call, tables included) and again (warm), and how many raise FontUnsupported; plus
the import time of the module with compiled bytecode kept (as installed).

    .venv/bin/python -m benchmarks.font_speed [--runs 5]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from benchmarks._util import REPO, SHARED, median

_CHILD = r"""
import json, sys, time
from collections import Counter
from pypdf import PdfReader
path = sys.argv[1]
reader = PdfReader(path)
fonts, seen = [], set()
for page in reader.pages:
    res = page.get("/Resources")
    res = res.get_object() if res is not None else {}
    font_res = res.get("/Font")
    if font_res is None:
        continue
    for ref in font_res.get_object().values():
        key = getattr(ref, "idnum", id(ref))
        if key in seen:
            continue
        seen.add(key)
        d = ref.get_object()
        for k in ("/ToUnicode", "/Widths", "/Encoding", "/FontDescriptor", "/DescendantFonts"):
            x = d.get(k)
            if x is not None and hasattr(x.get_object(), "get_data"):
                x.get_object().get_data()
        fonts.append(d)
t0 = time.perf_counter()
import refmanager.pdf.fonts as F
t1 = time.perf_counter()
first, unsupported = [], Counter()
loaded = []
for d in fonts:
    t = time.perf_counter()
    try:
        loaded.append(F.load_font(d))
    except F.FontUnsupported as exc:
        unsupported[str(exc)] += 1
    first.append(time.perf_counter() - t)
warm = []
for d in fonts:
    t = time.perf_counter()
    try:
        F.load_font(d)
    except F.FontUnsupported:
        pass
    warm.append(time.perf_counter() - t)
sample = bytes(range(32, 127)) * 4
t = time.perf_counter()
for font in loaded:
    font.decode(sample)
decode = time.perf_counter() - t
print(json.dumps({"fonts": len(fonts), "import": t1 - t0, "first": first, "warm": warm,
                  "decode": decode / max(1, len(loaded)), "unsupported": dict(unsupported),
                  "glyph_list": "glyphs" in F._tables}))
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="import time runs")
    args = parser.parse_args()
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    with tempfile.TemporaryDirectory() as cache:
        env["PYTHONPYCACHEPREFIX"] = cache
        cmd = [sys.executable, "-X", "importtime", "-c", "import refmanager.pdf.fonts"]
        subprocess.run(cmd, env=env, cwd=REPO, check=True, capture_output=True)  # warm-up
        own = []
        for _ in range(args.runs):
            err = subprocess.run(
                cmd, env=env, cwd=REPO, check=True, capture_output=True, text=True
            ).stderr
            line = next(ln for ln in err.splitlines() if ln.endswith("refmanager.pdf.fonts"))
            own.append(int(line.split("|")[0].split(":")[1]) / 1000)
        print(f"import refmanager.pdf.fonts (self, bytecode kept): median {median(own):.2f} ms")
        paths = [SHARED / "seed" / "seed-pages.pdf", *sorted((SHARED / "bench/dev").glob("*.pdf"))]
        total_fonts = 0
        all_warm: list[float] = []
        unsupported: dict[str, int] = {}
        for path in paths:
            out = subprocess.run(
                [sys.executable, "-c", _CHILD, str(path)],
                env=env,
                cwd=REPO,
                check=True,
                capture_output=True,
                text=True,
            ).stdout
            row = json.loads(out)
            total_fonts += row["fonts"]
            all_warm.extend(row["warm"])
            for key, count in row["unsupported"].items():
                unsupported[key] = unsupported.get(key, 0) + count
            first_ms = sum(row["first"]) * 1e3
            print(
                f"{Path(path).name:24} {row['fonts']:3} fonts  first pass {first_ms:6.2f} ms"
                f" (tables included)  warm median {median(row['warm']) * 1e3:.3f} ms"
                f" max {max(row['warm'] or [0]) * 1e3:.3f} ms  decode(380 B) "
                f"{row['decode'] * 1e6:.0f} us  whole glyph list: {row['glyph_list']}"
            )
        print(
            f"all: {total_fonts} fonts, load_font warm median {median(all_warm) * 1e3:.3f} ms, "
            f"FontUnsupported: {sum(unsupported.values())} {unsupported}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
