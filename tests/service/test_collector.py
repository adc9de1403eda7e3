"""The cyclic garbage collector is paused inside the block and restored after it."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from refmanager.service.collector import GilSharing, cycle_collector_paused


@pytest.fixture
def collector_on() -> Iterator[None]:
    was = gc.isenabled()
    gc.enable()
    yield
    if not was:
        gc.disable()


def test_paused_inside_and_enabled_after(collector_on: None) -> None:
    with cycle_collector_paused():
        assert not gc.isenabled()
    assert gc.isenabled()


def test_enabled_again_when_the_block_raises(collector_on: None) -> None:
    with pytest.raises(ValueError), cycle_collector_paused():
        raise ValueError("boom")
    assert gc.isenabled()


def test_left_off_when_it_was_off_before(collector_on: None) -> None:
    gc.disable()
    try:
        with cycle_collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_gil_sharing_sleeps_once_its_period_has_passed() -> None:
    # a background parse calls it after every reference; it sleeps (which hands the GIL to
    # the window's thread for sure) only when `every` seconds have passed since its last sleep
    clock = [100.0]
    slept: list[float] = []
    share = GilSharing(every=0.02, pause=0.001, clock=lambda: clock[0], sleep=slept.append)
    share()
    clock[0] += 0.01
    share()
    assert slept == []
    clock[0] += 0.011
    share()
    assert slept == [0.001]
    share()
    assert slept == [0.001]  # the period starts again after the sleep
    clock[0] += 0.02
    share()
    assert slept == [0.001, 0.001]
