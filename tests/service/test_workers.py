"""A worker process runs a function and hands back its result, its progress, its errors;
a cancel stops it."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator

import pytest

from refmanager.model import InputError
from refmanager.service.workers import Cancelled, Report, WorkerFailed, WorkerProcess


class FakeTask:
    def __init__(self, cancel_after: int | None = None) -> None:
        self.reports: list[tuple[int, int, str]] = []
        self.cancel_after = cancel_after

    @property
    def cancelled(self) -> bool:
        return self.cancel_after is not None and len(self.reports) >= self.cancel_after

    def check(self) -> None:
        if self.cancelled:
            raise Cancelled

    def progress(self, done: int, total: int, message: str = "") -> None:
        self.reports.append((done, total, message))

    def partial(self, value: object) -> None:
        raise AssertionError("not used")


def counted(n: int, report: Report, *, word: str = "step") -> tuple[int, int]:
    for i in range(n):
        report(i, n, f"{word} {i}")
        time.sleep(0.01)
    return n, os.getpid()


def refuses(report: Report) -> None:
    raise InputError("file.bib", "not a bibliography")


def breaks(report: Report) -> None:
    raise ZeroDivisionError("a bug")


def sleeps(seconds: float, report: Report) -> None:
    report(0, 1)
    time.sleep(seconds)  # never asks report again: stopped after the grace


@pytest.fixture
def worker() -> Iterator[WorkerProcess]:
    w = WorkerProcess()
    yield w
    w.close()


def test_runs_in_another_process_and_keeps_it(worker: WorkerProcess) -> None:
    task = FakeTask()
    n, pid = worker.call(counted, 3, task=task, word="part")
    assert n == 3 and pid != os.getpid()
    assert task.reports == [(0, 3, "part 0"), (1, 3, "part 1"), (2, 3, "part 2")]
    assert worker.call(counted, 1)[1] == pid  # the same process: what it loaded stays


def test_input_errors_come_back_as_themselves_and_bugs_as_worker_failed(
    worker: WorkerProcess,
) -> None:
    with pytest.raises(InputError) as refused:
        worker.call(refuses)
    assert (refused.value.source, refused.value.cause) == ("file.bib", "not a bibliography")
    with pytest.raises(WorkerFailed, match="ZeroDivisionError: a bug"):
        worker.call(breaks)
    assert worker.call(counted, 1)[0] == 1  # the process serves on


def test_cancel_stops_at_the_next_report(worker: WorkerProcess) -> None:
    task = FakeTask(cancel_after=2)
    with pytest.raises(Cancelled):
        worker.call(counted, 1000, task=task)
    assert len(task.reports) == 2
    assert worker.call(counted, 1)[0] == 1


def test_a_function_that_ignores_the_cancel_has_its_process_stopped(
    worker: WorkerProcess,
) -> None:
    first = worker.call(counted, 1)[1]
    start = time.monotonic()
    with pytest.raises(Cancelled):
        worker.call(sleeps, 60, task=FakeTask(cancel_after=1))
    assert time.monotonic() - start < 10
    assert worker.call(counted, 1)[1] != first  # a new process
