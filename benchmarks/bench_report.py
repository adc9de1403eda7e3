"""End-to-end figures on the shared sets: entries, fields, instance accuracy, calibration.

    .venv/bin/python -m benchmarks.bench_report [--shared ../shared] [--sets seed,dev,realdev]

Runs ``../shared/bench/score.py`` and ``../shared/bench/calibration.py`` with this
checkout's ``refmanager extract {pdf} --format csl-json`` on each set and prints one line
per set: reference detection F1, field micro F1, instance accuracy, the expected
calibration error and AUROC of the field confidences, and the share of wrong fields among
those shown as sure (>= 0.9). The sets are only measured, never trained on.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

_PATTERNS = {
    "entries": r"Reference detection .*F1 ([\d.]+)",
    "fields": r"micro-average(?:\s+\d+){3}\s+[\d.]+\s+[\d.]+\s+([\d.]+)",
    "instance": r"Instance accuracy .*?: ([\d.]+)",
    "ECE": r"ECE ([\d.]+)",
    "AUROC": r"AUROC ([\d.]+)",
    "wrong-sure": r"wrong among sure \(>= 0.9\) ([\d.]+)",
}


def _run(script: Path, folder: Path, refmanager: str) -> str:
    cmd = [
        sys.executable,
        str(script),
        "--set",
        str(folder),
        "--cmd",
        f"{refmanager} extract {{pdf}} --format csl-json",
    ]
    return subprocess.run(cmd, capture_output=True, text=True, check=False).stdout


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--shared", type=Path, default=Path("../shared"))
    ap.add_argument("--sets", default="seed,dev,realdev")
    args = ap.parse_args(argv)
    refmanager = str(Path(sys.executable).with_name("refmanager"))
    bench = args.shared / "bench"
    print(f"{'set':8} " + " ".join(f"{k:>10}" for k in _PATTERNS))
    for name in args.sets.split(","):
        folder = args.shared / "seed" if name == "seed" else bench / name
        text = _run(bench / "score.py", folder, refmanager) + _run(
            bench / "calibration.py", folder, refmanager
        )
        values = []
        for pattern in _PATTERNS.values():
            m = re.search(pattern, text)
            values.append(m.group(1) if m else "-")
        print(f"{name:8} " + " ".join(f"{v:>10}" for v in values), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
