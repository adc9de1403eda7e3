"""The window stays live while it changes or exports a big library: the longest event-loop
stall during a 100,000-reference export and a 1,000-reference re-parse (and its undo), and
a re-parse of the rows in view at the end of the table sorted by author.

    .venv/bin/python benchmarks/gui_ops.py                  # 100,000 references
    .venv/bin/python benchmarks/gui_ops.py --keep /tmp/big  # build once, reuse after

A timer asks the event loop to run every millisecond; the longest gap between two of its
runs is the longest time the window could not repaint or answer a click. Target (issue
12): under 100 ms. The export runs as a background job in a worker process of its own
(references streamed a batch at a time, each batch reported; the benchmark prints the
thread that waits for it), the re-parse through the change helper
(``refmanager.gui.commands``) in the session's worker process, its undo on the writer
thread. Runs offscreen.

On a shared machine part of a stall is threads waiting for a CPU (Linux's schedstat says
how long): the GUI thread, or the worker while it holds the GIL. Each line gives that part
of the longest stall, and the count of stalls over the target without it; the "nothing
running" line shows what the machine's load alone costs. Each
line also gives the longest pass of Python's cyclic collector in the window's process in
the step (it holds the GIL, so the window waits as long; the re-parse and the export run
in worker processes, decision 0032) and how many objects the collector tracks after the
step (what a full pass scans: a re-parse's undo kept as decoded references grew it by
some 60,000 per 1,000 references), and the GUI thread's CPU time in the window's refresh
after the change (what it reads again on that thread; not slowed by other processes).
"""

from __future__ import annotations

import argparse
import gc
import itertools
import os
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("XDG_CONFIG_HOME", tempfile.mkdtemp(prefix="refmanager-bench-config-"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

TARGET_MS = 100.0


class Collections:
    """The passes of Python's cyclic collector, timed (a ``gc.callbacks`` hook)."""

    def __init__(self) -> None:
        self.passes: list[float] = []  # ms each
        self._start = 0.0
        gc.callbacks.append(self._on_gc)

    def _on_gc(self, phase: str, _info: dict[str, int]) -> None:
        if phase == "start":
            self._start = time.perf_counter()
        else:
            self.passes.append((time.perf_counter() - self._start) * 1000)

    def since(self, mark: int) -> str:
        """The longest pass after the ``mark``-th, and the objects tracked now."""
        longest = max(self.passes[mark:], default=0.0)
        return f"longest collector pass {longest:.0f} ms, {len(gc.get_objects()):,} objects tracked"


class CpuWaits:
    """How long each thread of this process has waited for a CPU so far (Linux's
    schedstat; nothing elsewhere), read through files kept open: cheap enough to read at
    every run of the event loop."""

    def __init__(self) -> None:
        self._files: dict[str, int] = {}
        self.gui = str(threading.main_thread().native_id)

    def read(self) -> dict[str, int]:
        """ns waited per thread id."""
        out = {}
        try:
            tasks = os.listdir("/proc/self/task")
        except OSError:
            return {}
        for tid in tasks:
            if tid not in self._files:
                try:
                    self._files[tid] = os.open(f"/proc/self/task/{tid}/schedstat", os.O_RDONLY)
                except OSError:
                    continue
            try:
                out[tid] = int(os.pread(self._files[tid], 100, 0).split()[1])
            except (OSError, IndexError, ValueError):
                continue
        return out

    def in_gap(self, before: dict[str, int], after: dict[str, int]) -> float:
        """Seconds of a gap the load explains: the GUI thread's wait for a CPU plus the
        longest wait of another thread (the one holding the GIL, when it was preempted)."""
        waits = {tid: after[tid] - before.get(tid, after[tid]) for tid in after}
        gui = waits.pop(self.gui, 0)
        return (gui + max(waits.values(), default=0)) / 1e9


@dataclass(slots=True)
class Watched:
    seconds: float
    longest_ms: float  # the longest gap between two runs of the event loop
    queued_ms: float  # of it, what threads waiting for a CPU explain (the machine's load)
    over: int  # gaps of TARGET_MS or more
    over_unqueued: int  # the same, less what waits for a CPU explain

    def line(self) -> str:
        verdict = "ok" if self.longest_ms < TARGET_MS else "OVER"
        return (
            f"{self.seconds:.2f} s, longest event-loop stall {self.longest_ms:.0f} ms "
            f"(target < {TARGET_MS:.0f} ms: {verdict}; {self.queued_ms:.0f} ms of it threads "
            f"waiting for a CPU; {self.over} stalls of {TARGET_MS:.0f} ms or more, "
            f"{self.over_unqueued} less the waits for a CPU)"
        )


def watch(app: object, busy: Callable[[], bool], limit: float = 600.0) -> Watched:
    """Run the event loop until ``busy()`` is False and measure its gaps."""
    from PySide6.QtCore import QTimer

    waits = CpuWaits()
    ticks: list[tuple[float, dict[str, int]]] = []  # when the loop ran; the threads' CPU waits

    def tick() -> None:
        ticks.append((time.perf_counter(), waits.read()))

    timer = QTimer()
    timer.setInterval(1)
    timer.timeout.connect(tick)
    start = time.perf_counter()
    tick()
    timer.start()
    while busy() and time.perf_counter() - start < limit:
        app.processEvents()  # type: ignore[attr-defined]
        time.sleep(0.0005)
    timer.stop()
    app.processEvents()  # type: ignore[attr-defined]
    took = time.perf_counter() - start
    gaps = [
        (b - a, min(b - a, waits.in_gap(qa, qb))) for (a, qa), (b, qb) in itertools.pairwise(ticks)
    ]
    longest, queued = max(gaps, default=(took, 0.0))
    return Watched(
        took,
        longest * 1000,
        queued * 1000,
        sum(1 for gap, _ in gaps if gap * 1000 >= TARGET_MS),
        sum(1 for gap, wait in gaps if (gap - wait) * 1000 >= TARGET_MS),
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=100_000, help="references (default 100,000)")
    parser.add_argument("--reparse", type=int, default=1000, help="references to re-parse")
    parser.add_argument("--keep", metavar="DIR", help="build (or reuse) the library in DIR")
    args = parser.parse_args(argv)
    tmp = Path(tempfile.mkdtemp(prefix="refmanager-guiops-"))
    folder = Path(args.keep) if args.keep else tmp / "library"
    if not (folder / "library.sqlite").exists():
        from benchmarks.library_scale import _generate_in_child

        took = _generate_in_child(folder, args.n, max(1, round(args.n / 33.3)), 2000)
        print(f"generated {args.n:,} references in {took:.1f} s")

    from PySide6.QtCore import Qt

    from refmanager.gui.app import create_app
    from refmanager.gui.main_window import MainWindow
    from refmanager.service import editing, exchange
    from refmanager.service.views import Changes

    app = create_app()
    window = MainWindow(folder)
    window.resize(1400, 880)
    window.show()
    app.processEvents()
    total = window.session.lib.search.count("")
    results: list[tuple[str, Watched, str]] = []
    collector = Collections()
    refresh_cpu = [0.0]  # the GUI thread's CPU seconds in the window's refresh after changes
    refresh = window.commands.refresh

    def timed_refresh(changes: Changes) -> None:
        start = time.thread_time()
        refresh(changes)
        refresh_cpu[0] += time.thread_time() - start

    window.commands.refresh = timed_refresh  # type: ignore[method-assign]

    def step(name: str, busy: Callable[[], bool]) -> None:
        mark, refresh_cpu[0] = len(collector.passes), 0.0
        watched = watch(app, busy)
        results.append(
            (
                name,
                watched,
                f"{collector.since(mark)}; the window's refresh "
                f"{refresh_cpu[0] * 1000:.0f} ms of the GUI thread's CPU",
            )
        )

    # the same measure with nothing running: what the machine's load alone costs
    idle_until = time.perf_counter() + 3.0

    def idle() -> bool:
        return time.perf_counter() < idle_until

    step("nothing running (the machine's own load)", idle)
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")

    target = tmp / "export.bib"
    export_threads: list[str] = []
    session_export = window.session.export

    def export(*args: Any, **kwargs: Any) -> int:  # where the window's export runs
        export_threads.append(threading.current_thread().name)
        return session_export(*args, **kwargs)

    window.session.export = export  # type: ignore[method-assign]
    job = window.exports.export("bibtex", target, ids=None, query="")
    reports: list[tuple[int, int]] = []
    job.progressed.connect(lambda done, of, _message: reports.append((done, of)))
    step(f"export {total:,} references to BibTeX", lambda: job.running)
    batches = sum(1 for done, of in reports if of and done < of)
    print(
        f"export ran on thread {export_threads[0]!r} (the GUI thread is "
        f"{threading.main_thread().name!r}), {batches} batches of {exchange.BATCH:,} "
        f"references, each reported ({len(reports)} progress reports)"
    )

    every = window.session.lib.search.search_ids("")
    for label, ids in (
        ("re-parse {n:,} references (first: loads the parser)", every[: args.reparse]),
        ("re-parse {n:,} other references (parser loaded)", every[args.reparse : 2 * args.reparse]),
    ):
        window.commands.run(editing.reparse(ids, window.session.worker))
        step(label.format(n=len(ids)), window.commands.busy)
    window.undo_stack.undo()
    step(f"undo the last re-parse ({len(ids):,})", window.commands.busy)

    # the rows in view at the end of the table sorted by author: the pages the window
    # reads again after the change are the deepest, slowest ones
    model = window.model
    window.table.sortByColumn(1, Qt.SortOrder.AscendingOrder)
    window.table.scrollToBottom()
    last = model.rowCount() - 1
    step("sort by author, scroll to the end", lambda: model.row_at(last, wait=False) is None)
    shown = [model.row_at(r) for r in range(last - 199, last + 1)]
    window.commands.run(
        editing.reparse([r.id for r in shown if r is not None], window.session.worker)
    )
    step(
        "re-parse the 200 rows in view at the end, sorted by author",
        lambda: window.commands.busy() or model.loading(),
    )

    for name, watched, collected in results:
        print(f"{name}: {watched.line()}; {collected}")
    print(f"exported file: {target.stat().st_size / 1e6:.1f} MB")
    window.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
