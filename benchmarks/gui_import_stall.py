"""The window stays live while it imports a big bibliography file: the longest event-loop
stall during a CSL-JSON import through the window's own import path.

    nice .venv/bin/python benchmarks/gui_import_stall.py               # 1,000,000 references
    nice .venv/bin/python benchmarks/gui_import_stall.py --n 200000

The window opens an empty library (offscreen), then imports a generated CSL-JSON file
(benchmarks/import_speed.py's data, kept under /work/corpus-cache/import-bench) the way a
drop or File > Import does (``ImportController.import_paths``: a background job; rows
appear batch by batch; at the end the import becomes one undoable command). A timer asks
the event loop to run every millisecond; the longest gap between two of its runs is the
longest time the window could not repaint or answer a click. The watch goes on for a few
seconds after the job ends, so the table refresh and the undo command are counted too.
Target (issue 11): under 100 ms.

On a machine shared with other jobs a gap also counts waiting for a core, so each gap's
CPU time is printed too: the window's thread's (work done on it) and the whole process's
(with the import thread holding the GIL). The second verdict counts only the part of each
gap in which the process ran.
"""

from __future__ import annotations

import argparse
import gc
import itertools
import os
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("XDG_CONFIG_HOME", tempfile.mkdtemp(prefix="refmanager-bench-config-"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.import_speed import DEFAULT_CACHE, dataset

TARGET_MS = 100.0
AFTER_SECONDS = 3.0  # watched after the job ends: the last refresh and the undo command


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=1_000_000, help="CSL-JSON references")
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE)
    args = parser.parse_args(argv)
    data = dataset(args.cache, "csl", args.n)
    folder = Path(tempfile.mkdtemp(prefix="refmanager-guiimport-")) / "library"

    from PySide6.QtCore import QTimer

    from refmanager.gui.app import create_app
    from refmanager.gui.main_window import MainWindow

    app = create_app()
    window = MainWindow(folder)
    window.resize(1400, 880)
    window.show()
    app.processEvents()

    # (wall clock, this thread's CPU time, the process's) at each run of the timer. In a
    # gap, work on the window's thread shows as its CPU time; the import thread holding
    # the GIL as the process's; neither, as waiting for a core (a busy machine)
    ticks: list[tuple[float, float, float]] = []
    timer = QTimer()
    timer.setInterval(1)

    def tick() -> None:
        ticks.append((time.perf_counter(), time.thread_time(), time.process_time()))

    timer.timeout.connect(tick)
    # the cyclic collector's passes (start, end, generation, on the window's thread): a
    # pass holds the GIL, whichever thread runs it
    passes: list[tuple[float, float, int, bool]] = []
    began: dict[int, float] = {}

    def on_gc(phase: str, info: dict[str, int]) -> None:
        thread = threading.get_ident()
        if phase == "start":
            began[thread] = time.perf_counter()
        elif thread in began:
            on_gui = thread == threading.main_thread().ident
            passes.append((began.pop(thread), time.perf_counter(), info["generation"], on_gui))

    gc.callbacks.append(on_gc)
    start = time.perf_counter()
    tick()
    timer.start()
    job = window.imports.import_paths([data])
    assert job is not None, "the window refused the import"
    ended: float | None = None
    while ended is None or time.perf_counter() - ended < AFTER_SECONDS:
        app.processEvents()
        time.sleep(0.0005)
        if ended is None and not job.running:
            ended = time.perf_counter()
    timer.stop()
    gc.callbacks.remove(on_gc)
    cpu = time.process_time()
    took = ended - start
    gaps = sorted(
        (
            (b[0] - a[0], b[0] - start, b[1] - a[1], b[2] - a[2])
            for a, b in itertools.pairwise(ticks)
        ),
        reverse=True,
    )
    stall = gaps[0][0] * 1000 if gaps else took * 1000
    verdict = "ok" if stall < TARGET_MS else "OVER"
    total = window.session.lib.search.count("")
    print(
        f"import of {data.name} through the window: {took:.1f} s, {total:,} references in "
        f"the library (process CPU {cpu:.1f} s)"
    )
    print(f"longest event-loop stall {stall:.0f} ms (target < {TARGET_MS:.0f} ms: {verdict})")
    # the part of each gap the process ran (on a busy machine the rest was spent waiting
    # for a core, which no code of the window can help)
    ran = max((min(gap[0], gap[3]) for gap in gaps), default=0.0) * 1000
    verdict = "ok" if ran < TARGET_MS else "OVER"
    print(
        f"longest stall counting only the time the process ran in it: {ran:.0f} ms "
        f"(target < {TARGET_MS:.0f} ms: {verdict})"
    )
    over = sum(1 for gap in gaps if gap[0] * 1000 >= TARGET_MS)
    print(f"gaps of {TARGET_MS:.0f} ms or more: {over}; the longest (CPU used in the gap):")
    for gap, at, window_cpu, process_cpu in gaps[:8]:
        ended_at, began_at = start + at, start + at - gap
        collected = ", ".join(
            f"gen{gen} {'on the window' if on_gui else 'elsewhere'} {(b - a) * 1000:.0f} ms"
            for a, b, gen, on_gui in passes
            if b >= began_at and a <= ended_at and (gen == 2 or b - a > 0.005)
        )
        print(
            f"  {gap * 1000:.0f} ms at {at:.1f} s (window's thread {window_cpu * 1000:.0f} ms, "
            f"whole process {process_cpu * 1000:.0f} ms"
            + (f"; collector: {collected})" if collected else ")")
        )
    full = [b - a for a, b, gen, _ in passes if gen == 2]
    print(
        f"the collector's full passes in the window's process: {len(full)}, the longest "
        f"{max(full, default=0) * 1000:.0f} ms"
    )
    window.close()
    shutil.rmtree(folder.parent, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
