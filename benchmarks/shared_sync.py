"""A shared library on PostgreSQL (issue 23, item 8): publish, first sync, live latency,
five members editing at once.

    .venv/bin/python benchmarks/shared_sync.py [--refs 100000] [--seconds 60] [--edits 10]

Starts a throwaway PostgreSQL cluster (tests/pgcluster.py: initdb in a temporary folder, a
free port on 127.0.0.1, stopped at the end), then:

1. builds a library of ``--refs`` synthetic references (10% tagged, 1% with a note) and
   publishes it (``service.sharing.share``). Target: 60 s for 100,000.
2. a new member joins it, in a process of its own (``sharing.join``): time and that
   process's peak memory. Target: 60 s, 500 MB.
3. latency: that member's library open in a real window (offscreen), syncing live; another
   member (a process running ``LiveSync`` as its window would) changes one title ``--edits``
   times; the time from its commit to the new title in the first window's table. Target: 1 s.
4. five members edit one shared library (1,000 references) for ``--seconds``: four
   processes running ``LiveSync`` and changing fields, notes and tags every 0.3 s (and
   adding a reference now and then), and a window doing the same through its undo commands.
   A 5 ms timer on the window's thread measures its longest stall. At the end every member
   syncs until nothing waits; checked: each member's changes reached the server exactly once,
   every member equals the server. Targets: no lost change, no stall over 100 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import random
import resource
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("XDG_CONFIG_HOME", tempfile.mkdtemp(prefix="refmanager-bench-config-"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from refmanager.library import Library
from refmanager.model import Reference
from refmanager.service import editing, sharing

SCRIPT = Path(__file__).resolve()
FIELDS = ("volume", "page", "publisher", "note", "tag")


def make_refs(start: int, n: int) -> list[Reference]:
    return [
        Reference.from_csl(
            {
                "type": "article-journal",
                "title": f"A study of topic {i} and its consequences",
                "author": [{"family": f"Author{i % 997}", "given": "A."}],
                "issued": {"date-parts": [[1950 + i % 70]]},
                "container-title": f"Journal of Studies {i % 50}",
                "volume": str(i % 50),
                "page": f"{i % 300}-{i % 300 + 12}",
                "DOI": f"10.1000/bench.{i}",
            }
        )
        for i in range(start, start + n)
    ]


def build(folder: Path, n: int) -> None:
    with Library.open(folder) as lib:
        for start in range(0, n, 10_000):
            ids = lib.references.add_references(make_refs(start, min(10_000, n - start)))
            lib.tags.tag_references(ids[::10], f"topic-{start // 10_000}")
            for ref_id in ids[::100]:
                lib.notes.set_note(ref_id, f"note on {ref_id}")


# ------------------------------------------------------------ child processes


def child_join(folder: str, url: str) -> None:
    start = time.perf_counter()
    report = sharing.join(Path(folder), url)
    elapsed = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"seconds": elapsed, "peak_mb": peak, "pulled": report.pulled}), flush=True)


def _edit(lib: Library, rng: random.Random, tag: str, n: int) -> None:
    """One random change: a field, a note, a tag, or (1 in 20) a new reference."""
    ids = [r[0] for r in lib.conn.execute("SELECT id FROM refs ORDER BY random() LIMIT 1")]
    if rng.random() < 0.05 or not ids:
        lib.references.add_references([Reference.from_csl({"title": f"{tag} new paper {n}"})])
        return
    what = rng.choice(FIELDS)
    if what == "note":
        lib.notes.set_note(ids[0], f"{tag} note {n}")
    elif what == "tag":
        lib.tags.tag_references(ids, f"{tag}-tag-{n % 7}")
    else:
        lib.references.set_field(ids[0], what, f"{tag} {n}")


def child_member(folder: str, seconds: float, seed: int) -> None:
    """A member editing while its LiveSync (as its window runs it) keeps it in step."""
    rng = random.Random(seed)
    states: list[str] = []
    live = sharing.LiveSync(Path(folder), lambda s: states.append(s.status))
    live.start()
    end = time.monotonic() + seconds
    n = 0
    with Library.open(folder) as lib:
        while time.monotonic() < end:
            _edit(lib, rng, f"m{seed}", n)
            n += 1
            time.sleep(0.3)
    time.sleep(2.0)
    live.stop()
    print(json.dumps({"edits": n}), flush=True)


def child_editor(folder: str, uid: str) -> None:
    """Another member's window: LiveSync running; on each line of stdin, change the title of
    ``uid`` and print the commit time."""
    live = sharing.LiveSync(Path(folder), lambda _s: None)
    live.start()
    time.sleep(1.0)
    with Library.open(folder) as lib:
        local_id = lib.sync.rows.local_of(uid)
        assert local_id is not None
        print("ready", flush=True)
        for line in sys.stdin:
            title = line.strip()
            if not title:
                break
            lib.references.set_field(local_id, "title", title)
            print(time.time(), flush=True)
    live.stop()


def child_idle_window(folder: str, seconds: float) -> None:
    """A control: a window on a library that is not shared, doing nothing, at the same
    time as the five members edit; its longest stall is what the machine's load alone
    costs a window."""
    from PySide6.QtWidgets import QApplication

    Library.open(folder).close()
    app, _win = window(Path(folder))
    assert isinstance(app, QApplication)
    meter = StallMeter()
    meter.start()
    wait_until(app, lambda: False, seconds)
    print(json.dumps({"stall": meter.stop(), "busiest": meter.busiest}), flush=True)


# ------------------------------------------------------------ the measurements


class StallMeter:
    """A 5 ms timer on the window's thread; the longest gap between its ticks (``worst``),
    and the most CPU the window's thread used between two ticks (``busiest``: its own work,
    without the time the machine gave to other processes)."""

    def __init__(self) -> None:
        from PySide6.QtCore import QTimer

        self.timer = QTimer()
        self.timer.setInterval(5)
        self.timer.timeout.connect(self._tick)
        self.last = time.perf_counter()
        self.last_cpu = time.thread_time()
        self.worst = 0.0
        self.busiest = 0.0

    def _tick(self) -> None:
        now, cpu = time.perf_counter(), time.thread_time()
        self.worst = max(self.worst, now - self.last - 0.005)
        self.busiest = max(self.busiest, cpu - self.last_cpu)
        self.last, self.last_cpu = now, cpu

    def start(self) -> None:
        self.last, self.last_cpu = time.perf_counter(), time.thread_time()
        self.worst = self.busiest = 0.0
        self.timer.start()

    def stop(self) -> float:
        self.timer.stop()
        return self.worst


def wait_until(app: object, condition: object, timeout: float) -> bool:
    from PySide6.QtWidgets import QApplication

    assert isinstance(app, QApplication) and callable(condition)
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        app.processEvents()
        if condition():
            return True
        time.sleep(0.002)
    return False


def window(folder: Path) -> tuple[object, object]:
    from refmanager.gui.app import create_app
    from refmanager.gui.main_window import MainWindow

    app = create_app()
    win = MainWindow(folder)
    win.resize(1200, 800)
    win.show()
    return app, win


def latency(tmp: Path, folder_b: Path, edits: int, refs: int) -> None:
    from refmanager.gui.main_window import MainWindow

    app, win = window(folder_b)
    assert isinstance(win, MainWindow)
    wait_until(app, lambda: win.sharing.label.text() == "Shared: up to date", 60)
    first = win.model.row_at(0)
    assert first is not None
    uid = win.session.lib.sync.rows.uid_of("ref", first.id)
    folder_a = tmp / "alice"
    meter = StallMeter()
    with subprocess.Popen(
        [sys.executable, str(SCRIPT), "--child-editor", str(folder_a), str(uid)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    ) as editor:
        assert editor.stdin is not None and editor.stdout is not None
        assert editor.stdout.readline().strip() == "ready"
        delays: list[float] = []
        meter.start()
        stamps: queue.Queue[float] = queue.Queue()
        lines = editor.stdout

        def read_stamps() -> None:
            for line in lines:
                if line.strip():
                    stamps.put(float(line))

        reader = threading.Thread(target=read_stamps, daemon=True)
        reader.start()  # the window's thread never waits on the other member's pipe
        for n in range(edits):
            title = f"Edited title {n}"
            editor.stdin.write(title + "\n")
            editor.stdin.flush()

            def shown(expected: str = title) -> bool:
                row = win.model.row_at(win.model.row_of_id(first.id), wait=False)
                return row is not None and row.title == expected

            if not wait_until(app, shown, 30):
                print(f"  edit {n}: not shown within 30 s")
                continue
            seen = time.time()
            delays.append(seen - stamps.get(timeout=30))
            wait_until(app, lambda: False, 0.3)
        stall = meter.stop()
        editor.stdin.write("\n")
        editor.stdin.flush()
    win.sharing.stop()
    win.close()
    delays.sort()
    print(
        f"3. edit -> other member's window ({refs:,} references, {len(delays)} edits): "
        f"median {delays[len(delays) // 2]:.3f} s, max {delays[-1]:.3f} s "
        f"(target 1 s); longest window stall meanwhile {stall * 1000:.0f} ms "
        f"(its thread's most CPU between ticks {meter.busiest * 1000:.0f} ms)"
    )


def five_members(cluster: object, tmp: Path, seconds: float) -> None:
    from refmanager.gui.main_window import MainWindow
    from tests.pgcluster import Cluster

    assert isinstance(cluster, Cluster)
    cluster.create_database("lab5", "alice")
    url = {u: cluster.url(u, PASSWORD[u], "lab5") for u in PASSWORD}
    owner = tmp / "five-0"
    build(owner, 1000)
    sharing.share(owner, url["alice"])
    with Library.open(owner) as lib:
        sharing.add_member(lib, "bob", "editor")
    folders = [owner]
    for i in range(1, 5):
        folders.append(tmp / f"five-{i}")
        sharing.join(folders[-1], url["bob"])
    app, win = window(owner)
    assert isinstance(win, MainWindow)
    wait_until(app, lambda: win.sharing.label.text() == "Shared: up to date", 60)
    meter = StallMeter()
    meter.start()
    wait_until(app, lambda: False, 5.0)
    idle = meter.stop()
    print(
        f"   (the same window idle for 5 s on this machine first: longest stall "
        f"{idle * 1000:.0f} ms)"
    )
    children = [
        subprocess.Popen(
            [sys.executable, str(SCRIPT), "--child-member", str(f), str(seconds), str(i)],
            stdout=subprocess.PIPE,
            text=True,
        )
        for i, f in enumerate(folders[1:], start=1)
    ]
    control = subprocess.Popen(
        [sys.executable, str(SCRIPT), "--child-idle-window", str(tmp / "control"), str(seconds)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    rng = random.Random(0)
    meter.start()
    end = time.monotonic() + seconds
    n = 0
    slowest_edit = 0.0
    from PySide6.QtWidgets import QApplication

    assert isinstance(app, QApplication)
    while time.monotonic() < end:
        ids = [r[0] for r in win.session.lib.conn.execute("SELECT id FROM refs LIMIT 1000")]
        change = editing.edit_field(rng.choice(ids), rng.choice(FIELDS[:3]), f"w {n}")
        began = time.perf_counter()
        win.commands.run(change)
        slowest_edit = max(slowest_edit, time.perf_counter() - began)
        n += 1
        stop_at = time.monotonic() + 0.3
        while time.monotonic() < stop_at:
            app.processEvents()
            time.sleep(0.002)
    stall = meter.stop()
    edits = [n]
    for child in children:
        out, _ = child.communicate()
        edits.append(json.loads(out.strip().splitlines()[-1])["edits"])
    out, _ = control.communicate()
    idle_stall = json.loads(out.strip().splitlines()[-1])["stall"]
    win.sharing.stop()
    win.close()
    # every member syncs until nothing waits anywhere
    for _ in range(3):
        for folder in folders:
            with Library.open(folder) as lib:
                sharing.sync(lib)
    lost, twice, differ, conflicts = 0, 0, 0, 0
    import psycopg

    with psycopg.connect(url["alice"]) as conn:
        for folder in folders:
            with Library.open(folder) as lib:
                state = lib.sync.membership()
                assert state is not None
                made = state.next_seq - 1
                row = conn.execute(
                    "SELECT count(*), count(DISTINCT member_seq) FROM refmanager.changes "
                    "WHERE member_id = %s",
                    (state.member,),
                ).fetchone()
                assert row is not None
                lost += made - int(row[1])
                twice += int(row[0]) - int(row[1])
                differ += len(sharing.agrees(lib))
                conflicts = len(lib.sync.conflicts())
    print(
        f"4. five members editing for {seconds:.0f} s: {sum(edits)} edits "
        f"({', '.join(map(str, edits))}); changes lost {lost}, sent twice {twice}; "
        f"members differing from the server {differ}; same-field conflicts kept {conflicts}; "
        f"longest window stall {stall * 1000:.0f} ms (target 100 ms), its thread's most CPU "
        f"between two 5 ms ticks {meter.busiest * 1000:.0f} ms, its own slowest edit "
        f"{slowest_edit * 1000:.0f} ms; meanwhile a window on an unshared library in a "
        f"process of its own, doing nothing, stalled up to {idle_stall * 1000:.0f} ms"
    )


PASSWORD = {"alice": "bench-alice", "bob": "bench-bob"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--refs", type=int, default=100_000)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--edits", type=int, default=10)
    parser.add_argument("--child-join", nargs=2)
    parser.add_argument("--child-member", nargs=3)
    parser.add_argument("--child-editor", nargs=2)
    parser.add_argument("--child-idle-window", nargs=2)
    args = parser.parse_args()
    if args.child_join:
        return child_join(*args.child_join)
    if args.child_member:
        folder, seconds, seed = args.child_member
        return child_member(folder, float(seconds), int(seed))
    if args.child_editor:
        return child_editor(*args.child_editor)
    if args.child_idle_window:
        return child_idle_window(args.child_idle_window[0], float(args.child_idle_window[1]))

    from tests.pgcluster import Cluster

    with tempfile.TemporaryDirectory(prefix="refmanager-shared-bench-") as name:
        tmp = Path(name)
        os.environ["PGPASSFILE"] = str(tmp / "pgpass")
        cluster = Cluster()
        try:
            cluster.create_role("alice", PASSWORD["alice"], createrole=True)
            cluster.create_role("bob", PASSWORD["bob"])
            cluster.create_database("lab", "alice")
            url_a = cluster.url("alice", PASSWORD["alice"], "lab")
            url_b = cluster.url("bob", PASSWORD["bob"], "lab")
            print(f"load average before: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
            build(tmp / "alice", args.refs)
            start = time.perf_counter()
            report = sharing.share(tmp / "alice", url_a)
            print(
                f"1. publish {args.refs:,} references: {time.perf_counter() - start:.1f} s "
                f"({report.pushed:,} changes; target 60 s)"
            )
            with Library.open(tmp / "alice") as lib:
                sharing.add_member(lib, "bob", "editor")
            out = subprocess.run(
                [sys.executable, str(SCRIPT), "--child-join", str(tmp / "bob"), url_b],
                check=True,
                capture_output=True,
                text=True,
            ).stdout
            joined = json.loads(out.strip().splitlines()[-1])
            print(
                f"2. a new member's first sync: {joined['seconds']:.1f} s, peak memory "
                f"{joined['peak_mb']:.0f} MB ({joined['pulled']:,} items; targets 60 s, 500 MB)"
            )
            latency(tmp, tmp / "bob", args.edits, args.refs)
            five_members(cluster, tmp, args.seconds)
            print(f"load average after: {os.getloadavg()[0]:.1f}")
        finally:
            cluster.remove()


if __name__ == "__main__":
    main()
