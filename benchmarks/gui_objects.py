"""How many objects Python's cyclic collector tracks in the window's process: at rest on an
empty library, after importing and opening the seed PDF, and during a big CSL-JSON import.

    nice .venv/bin/python benchmarks/gui_objects.py                 # 1,000,000 references
    nice .venv/bin/python benchmarks/gui_objects.py --n 200000
    nice .venv/bin/python benchmarks/gui_objects.py --n 0           # no big import

A full (generation 2) pass of the collector walks every object it tracks, holding the GIL,
so the window's event loop waits as long as the pass takes, whichever thread ran it
(``benchmarks/gui_import_stall.py``). This counts those objects (``gc.get_objects()``), by
type and by where they were made: the package whose code allocated them, read from
``tracemalloc``'s traceback of each object (the innermost frame outside the standard
library and importlib; ``stdlib`` when there is none; ``?`` when it has none at all, made
by the interpreter's own start or by C code no Python frame called). The script runs
itself again with ``PYTHONTRACEMALLOC`` set so that tracing starts with the interpreter. A C
extension's objects count for the module that imported it (PySide6's for
``refmanager.gui``); ``benchmarks`` is this script's own. It also times one full pass at each
stage (the median of five, CPU time of this thread), and says which of the heavy
libraries the process has imported. Runs offscreen; tracing slows the window down, so no
timing other than the collector's is printed.

The window opens a new library (the default library of a first start is empty), then
imports the seed PDF (``../shared/seed/seed-pages.pdf``) the way a drop does and shows its
first reference, with the PDF, then imports the CSL-JSON file (``benchmarks/import_speed.py``'s
data) the way ``gui_import_stall.py`` does, counting every 0.25 s while it runs.
"""

from __future__ import annotations

import argparse
import collections
import gc
import os
import statistics
import sys
import sysconfig
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("XDG_CONFIG_HOME", tempfile.mkdtemp(prefix="refmanager-bench-config-"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

FRAMES = 16  # traceback depth kept per allocation: enough to get out of the stdlib
HEAVY = ("pypdf", "pycrfsuite", "citeproc", "lxml", "bibtexparser", "rapidfuzz", "psycopg")
STDLIB = (sysconfig.get_paths()["stdlib"], sysconfig.get_paths()["platstdlib"])
SAMPLE_SECONDS = 0.25
AFTER_SECONDS = 3.0


def origin(filename: str) -> str | None:
    """``refmanager.gui``, ``pypdf``, ...: the package a file belongs to; None for the
    standard library and importlib's frozen modules."""
    if filename.startswith("<") or "/__editable___" in filename:  # importlib, the finder
        return None
    if "shibokensupport/" in filename or filename.endswith("signature_bootstrap.py"):
        return "shiboken6"  # PySide6's own support code (embedded in its library)
    if "site-packages/" in filename:
        return filename.split("site-packages/", 1)[1].split("/", 1)[0].removesuffix(".py")
    if "/refmanager/" in filename:
        parts = filename.rsplit("/refmanager/", 1)[1].split("/")
        return "refmanager." + parts[0].removesuffix(".py") if len(parts) > 1 else "refmanager"
    if "/benchmarks/" in filename:
        return "benchmarks"
    if filename.startswith(STDLIB):
        return None
    return filename


def made_by(obj: object) -> str:
    trace = tracemalloc.get_object_traceback(obj)
    if trace is None:
        return "?"
    for frame in reversed(trace):  # innermost first
        found = origin(frame.filename)
        if found is not None:
            return found
    return "stdlib"


class Counts:
    """One count of the tracked objects, by type and by origin."""

    def __init__(self, with_origins: bool = True) -> None:
        gc.collect()
        objects = gc.get_objects()
        self.total = len(objects)
        self.types = collections.Counter(type(o).__name__ for o in objects)
        self.origins = (
            collections.Counter(made_by(o) for o in objects)
            if with_origins
            else collections.Counter()
        )
        del objects
        self.full_pass_ms = full_pass_ms()
        self.heavy = [name for name in HEAVY if name in sys.modules]


def full_pass_ms(runs: int = 5) -> float:
    """The median CPU time of a full collection, in ms (nothing left to free: the walk)."""
    times = []
    for _ in range(runs):
        start = time.thread_time()
        gc.collect()
        times.append((time.thread_time() - start) * 1000)
    return statistics.median(times)


def show(label: str, counts: Counts, before: Counts | None = None, top: int = 12) -> None:
    print(
        f"{label}: {counts.total:,} objects tracked; a full pass {counts.full_pass_ms:.1f} ms CPU"
    )
    print(f"  heavy libraries loaded: {', '.join(counts.heavy) or 'none'}")
    for name, counter, old in (
        ("by origin", counts.origins, before.origins if before else None),
        ("by type", counts.types, before.types if before else None),
    ):
        if not counter:
            continue
        if old is None:
            rows = counter.most_common(top)
            print(f"  {name}: " + ", ".join(f"{k} {v:,}" for k, v in rows))
        else:
            diff = collections.Counter(counter)
            diff.subtract(old)
            grown = [(k, v) for k, v in diff.most_common() if v != 0]
            grown.sort(key=lambda kv: -abs(kv[1]))
            print(f"  {name}, change: " + ", ".join(f"{k} {v:+,}" for k, v in grown[:top]))


def wait(app: object, until: Callable[[], bool], limit: float = 120.0) -> None:
    from PySide6.QtWidgets import QApplication

    assert isinstance(app, QApplication)
    end = time.perf_counter() + limit
    while not until() and time.perf_counter() < end:
        app.processEvents()
        time.sleep(0.005)


def settle(app: object, seconds: float) -> None:
    end = time.perf_counter() + seconds
    wait(app, lambda: time.perf_counter() >= end, seconds + 1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=1_000_000, help="CSL-JSON references (0: none)")
    parser.add_argument("--cache", type=Path, default=None, help="import_speed.py's data cache")
    args = parser.parse_args(argv)
    if not tracemalloc.is_tracing():  # traced from the interpreter's start: run again so
        os.environ["PYTHONTRACEMALLOC"] = str(FRAMES)
        os.execv(sys.executable, [sys.executable, *sys.argv])
    os.environ.pop("PYTHONTRACEMALLOC", None)  # the window's worker processes: untraced

    seed = Path(__file__).resolve().parents[2] / "shared" / "seed" / "seed-pages.pdf"
    folder = Path(tempfile.mkdtemp(prefix="refmanager-guiobjects-")) / "library"

    from refmanager.gui.app import create_app
    from refmanager.gui.main_window import MainWindow

    app = create_app()
    window = MainWindow(folder)
    window.resize(1400, 880)
    window.show()
    settle(app, 2.0)
    rest = Counts()
    show("at rest on an empty library", rest)

    if seed.is_file():
        seed_job = window.imports.import_paths([seed])
        assert seed_job is not None, "the window refused the seed PDF"
        wait(app, lambda: not seed_job.running)
        settle(app, 1.0)
        window.table.selectRow(0)
        wait(app, lambda: window.pdf.path is not None and not window.pdf.checking(), 60.0)
        settle(app, 2.0)
        opened = Counts()
        show(f"after importing and opening {seed.name}", opened, rest)
    else:
        print(f"(no seed PDF at {seed}: that stage is left out)")
        opened = rest

    if args.n:
        # imported only now: the data's module (and what it imports) is this script's own
        from benchmarks.import_speed import DEFAULT_CACHE, dataset

        data = dataset(args.cache or DEFAULT_CACHE, "csl", args.n)
        opened = Counts()  # counted again, with it
        samples: list[int] = []
        peak: Counts | None = None
        job = window.imports.import_paths([data])
        assert job is not None, "the window refused the import"
        next_sample = time.perf_counter()
        ended: float | None = None
        collections_before = [s["collections"] for s in gc.get_stats()]
        while ended is None or time.perf_counter() - ended < AFTER_SECONDS:
            app.processEvents()
            time.sleep(0.002)
            if time.perf_counter() >= next_sample:
                samples.append(len(gc.get_objects()))
                if peak is None or samples[-1] > peak.total + 2000:
                    peak = Counts(with_origins=True)
                next_sample = time.perf_counter() + SAMPLE_SECONDS
            if ended is None and not job.running:
                ended = time.perf_counter()
        passes = [
            s["collections"] - b for s, b in zip(gc.get_stats(), collections_before, strict=True)
        ]
        total = window.session.lib.search.count("")
        print(
            f"during the import of {data.name} ({total:,} references in the library): "
            f"{len(samples)} counts, median {statistics.median(samples):,}, "
            f"most {max(samples):,} objects tracked; the collector ran "
            f"{passes[0]:,} / {passes[1]:,} / {passes[2]:,} passes of generation 0 / 1 / 2 "
            f"(this script's own full passes included)"
        )
        if peak is not None:
            show("  at the most", peak, opened)
        show("after the import", Counts(), opened)
    window.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
