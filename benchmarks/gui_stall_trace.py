"""Where the window's event-loop stalls come from during a re-parse (the diagnostic behind
``gui_ops.py``'s figure).

    .venv/bin/python benchmarks/gui_stall_trace.py --keep /tmp/big   # the library gui_ops built
    nice .venv/bin/python benchmarks/gui_stall_trace.py --import FILE.json   # an import instead

The GUI thread beats a heart every millisecond (a 1 ms QTimer). A watchdog thread wakes
every millisecond too (``--every``; it competes for the GIL, which changes what it sees).
While the heartbeat is later than ``--late`` ms it takes the stack of every thread
(``sys._current_frames``, public API, fine in a diagnostic); each stall is printed with
those samples (innermost frame first), the passes of the cyclic collector and the window's
refreshes that overlapped it, and per thread how long it ran on a CPU and waited for one
(Linux's schedstat: the machine's load). Apart from stalls, the watchdog notes each time it
woke more than 8 ms late for a reason other than waiting for a CPU: it waited for the GIL,
and the stack of the thread that held it, taken just after, says where (a C call that does
not release the GIL shows as the line that made it).

What it found (decision 0028): the one long hold was the cyclic collector's pass when a
change ended (the collector was then deferred there; since decision 0032 the re-parse
runs in a worker process), as long as the objects
the change left alive: a re-parse's undo of 1,000 decoded references, some 60,000. After
that, what is left is the machine's load, and the collector's passes over the parser's
token cache (``refmanager.parse.features``), whose entries hold lists it tracks.
"""

from __future__ import annotations

import argparse
import gc
import os
import shutil
import sys
import tempfile
import threading
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("XDG_CONFIG_HOME", tempfile.mkdtemp(prefix="refmanager-bench-config-"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


@dataclass(slots=True)
class Stall:
    start: float
    end: float = 0.0
    watchdog_late_ms: float = 0.0  # the longest the watchdog itself woke late in it
    samples: Counter[str] = field(default_factory=Counter)
    before: dict[str, tuple[int, int]] = field(default_factory=dict)  # schedstat at the last beat
    after: dict[str, tuple[int, int]] = field(default_factory=dict)


def schedstat() -> dict[str, tuple[int, int]]:
    """Per thread of this process: ns it ran on a CPU, ns it waited for one (Linux). Every
    task is read: a Qt worker thread that never called into ``threading`` is named by its
    thread id."""
    names = {t.native_id: t.name for t in threading.enumerate()}
    names[threading.main_thread().native_id] = "GUI"
    out: dict[str, tuple[int, int]] = {}
    try:
        tasks = [int(tid) for tid in os.listdir("/proc/self/task")]
    except OSError:
        return out
    for native_id in tasks:
        try:
            run, wait, _ = Path(f"/proc/self/task/{native_id}/schedstat").read_text().split()
        except (OSError, ValueError):
            continue
        out[names.get(native_id, f"thread {native_id}")] = (int(run), int(wait))
    return out


def cpu_in(stall: Stall) -> str:
    """Per thread, in the stall: ms on a CPU / ms waiting for a CPU (the machine's load)."""
    parts = []
    for name, (run, wait) in stall.after.items():
        run0, wait0 = stall.before.get(name, (run, wait))
        if run - run0 > 1e6 or wait - wait0 > 1e6:
            parts.append(f"{name} ran {(run - run0) / 1e6:.0f}/queued {(wait - wait0) / 1e6:.0f}")
    return "; ".join(parts) or "no thread ran"


GIL_WAIT_MS = 8.0


def own_queue_ns() -> int:
    """How long this thread has waited for a CPU, in ns (Linux)."""
    return int(Path("/proc/thread-self/schedstat").read_text().split()[1])


def stack_of(frame: object, depth: int) -> str:
    summary = traceback.extract_stack(frame)[-depth:]  # type: ignore[arg-type]
    return " <- ".join(f"{Path(f.filename).name}:{f.lineno} {f.name}" for f in reversed(summary))


class Watchdog(threading.Thread):
    def __init__(self, late_ms: float, depth: int, every_ms: float = 1.0) -> None:
        super().__init__(name="watchdog", daemon=True)
        self.every = every_ms / 1000
        self.heartbeat = time.perf_counter()
        self.late = late_ms / 1000
        self.depth = depth
        self.stalls: list[Stall] = []
        self.stop = threading.Event()
        self.gui_ident = threading.main_thread().ident
        self._gc_start: dict[int, float] = {}
        self.collections: list[tuple[float, float, int, str]] = []  # start, end, gen, thread
        # the watchdog's own late wake-ups that were not the CPU's queue: it waited for the
        # GIL; (when, ms, what the other threads were doing just after)
        self.gil_waits: list[tuple[float, float, list[str]]] = []

    def beat(self) -> None:
        self.heartbeat = time.perf_counter()

    def on_gc(self, phase: str, info: dict[str, int]) -> None:
        thread = threading.get_ident()
        if phase == "start":
            self._gc_start[thread] = time.perf_counter()
        else:
            start = self._gc_start.pop(thread, time.perf_counter())
            name = "GUI" if thread == self.gui_ident else threading.current_thread().name
            self.collections.append((start, time.perf_counter(), info["generation"], name))

    def gc_in(self, start: float, end: float) -> str:
        """The collections that overlapped [start, end]: generation, thread, ms."""
        return (
            ", ".join(
                f"gen{gen} on {who} {1000 * (b - a):.0f} ms"
                for a, b, gen, who in self.collections
                if b >= start and a <= end
            )
            or "none"
        )

    def run(self) -> None:
        current: Stall | None = None
        names = {t.ident: t.name for t in threading.enumerate()}
        last = schedstat()
        while not self.stop.is_set():
            queued = own_queue_ns()
            asked = time.perf_counter()
            time.sleep(self.every)
            now = time.perf_counter()
            woke_late = (now - asked - self.every) * 1000
            gil_ms = woke_late - (own_queue_ns() - queued) / 1e6
            if gil_ms > GIL_WAIT_MS:
                others = [
                    f"[{names.get(ident, ident)}] {stack_of(frame, self.depth)}"
                    for ident, frame in sys._current_frames().items()
                    if ident not in (self.ident, self.gui_ident)
                ]
                self.gil_waits.append((asked, gil_ms, others))
            beat = self.heartbeat
            if now - beat > self.late:
                if current is None or current.start != beat:
                    current = Stall(beat, before=last)
                    self.stalls.append(current)
                current.watchdog_late_ms = max(current.watchdog_late_ms, woke_late)
                for ident, frame in sys._current_frames().items():
                    if ident == self.ident:
                        continue
                    who = "GUI" if ident == self.gui_ident else names.get(ident, str(ident))
                    current.samples[f"[{who}] {stack_of(frame, self.depth)}"] += 1
            else:
                names = {t.ident: t.name for t in threading.enumerate()}
                if now - beat < 0.003:
                    last = schedstat()
                if current is not None:
                    current.end = beat
                    current.after = last
                    current = None


def report(dog: Watchdog, started: float, refreshes: list[tuple[float, float]]) -> None:
    """Each stall since ``started`` with its samples, then the watchdog's GIL waits."""
    for stall in [s for s in dog.stalls if s.start >= started]:
        end = stall.end or time.perf_counter()
        print(
            f"-- stall {1000 * (end - stall.start):.0f} ms at +{stall.start - started:.2f} s; "
            f"watchdog woke up to {stall.watchdog_late_ms:.0f} ms late; "
            f"collections: {dog.gc_in(stall.start, end)}; window's refresh: "
            + (
                ", ".join(
                    f"{1000 * (b - a):.0f} ms"
                    for a, b in refreshes
                    if b >= stall.start and a <= end
                )
                or "none"
            )
        )
        print(f"   CPU ms in it: {cpu_in(stall)}")
        for stack, count in stall.samples.most_common(6):
            print(f"   {count:3d}  {stack}")
    waits = [w for w in dog.gil_waits if w[0] >= started]
    print(
        f"-- the watchdog waited for the GIL {len(waits)} times over {GIL_WAIT_MS:.0f} ms; "
        "the longest:"
    )
    for when, ms, others in sorted(waits, key=lambda w: -w[1])[:8]:
        print(f"   {ms:4.0f} ms at +{when - started:.2f} s:")
        for stack in others:
            if "threading.py" not in stack.split(" <- ")[0]:  # not a thread that waits
                print(f"         {stack}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--keep", metavar="DIR", help="a library gui_ops built (re-parse)")
    parser.add_argument(
        "--import",
        dest="import_file",
        metavar="FILE",
        type=Path,
        help="instead of re-parsing, import FILE into a new library through the window"
        " (gui_import_stall.py's path: ImportController.import_paths)",
    )
    parser.add_argument("--reparse", type=int, default=1000, help="references to re-parse")
    parser.add_argument("--late", type=float, default=30.0, help="a stall, in ms (30)")
    parser.add_argument("--depth", type=int, default=6, help="frames per sample (6)")
    parser.add_argument("--rounds", type=int, default=2, help="re-parses (first loads the model)")
    parser.add_argument(
        "--every", type=float, default=1.0, help="ms between the watchdog's looks (1)"
    )
    args = parser.parse_args(argv)
    if (args.keep is None) == (args.import_file is None):
        parser.error("give --keep DIR (re-parse) or --import FILE")

    from PySide6.QtCore import QTimer

    from refmanager.gui.app import create_app
    from refmanager.gui.main_window import MainWindow
    from refmanager.service import editing
    from refmanager.service.views import Changes

    app = create_app()
    folder = (
        Path(args.keep)
        if args.keep
        else Path(tempfile.mkdtemp(prefix="refmanager-trace-")) / "library"
    )
    window = MainWindow(folder)
    window.resize(1400, 880)
    window.show()
    app.processEvents()
    dog = Watchdog(args.late, args.depth, args.every)
    gc.callbacks.append(dog.on_gc)
    timer = QTimer()
    timer.setInterval(1)
    timer.timeout.connect(dog.beat)
    timer.start()
    dog.start()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    refreshes: list[tuple[float, float]] = []  # the window's refresh after each change
    refresh = window.commands.refresh

    def timed_refresh(changes: Changes) -> None:
        start = time.perf_counter()
        refresh(changes)
        refreshes.append((start, time.perf_counter()))

    window.commands.refresh = timed_refresh  # type: ignore[method-assign]
    if args.import_file is not None:
        started = time.perf_counter()
        job = window.imports.import_paths([args.import_file])
        assert job is not None, "the window refused the import"
        ended: float | None = None
        while ended is None or time.perf_counter() - ended < 3.0:  # the end's refresh too
            app.processEvents()
            time.sleep(0.0005)
            if ended is None and not job.running:
                ended = time.perf_counter()
        print(f"\n== import of {args.import_file.name}: {ended - started:.1f} s")
        report(dog, started, refreshes)
    every = window.session.lib.search.search_ids("") if args.keep else []
    for round_ in range(args.rounds if args.keep else 0):
        ids = every[round_ * args.reparse : (round_ + 1) * args.reparse]
        started = time.perf_counter()
        window.commands.run(editing.reparse(ids, window.session.worker))
        while window.commands.busy():
            app.processEvents()
            time.sleep(0.0005)
        app.processEvents()
        took = time.perf_counter() - started
        print(f"\n== re-parse {len(ids):,} (round {round_ + 1}): {took:.2f} s")
        report(dog, started, refreshes)
    dog.stop.set()
    timer.stop()
    window.close()
    if args.import_file is not None:  # the library this run made (a million references: GBs)
        shutil.rmtree(folder.parent, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
