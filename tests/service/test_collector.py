"""The cyclic garbage collector is paused inside the block and restored after it."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from refmanager.service.collector import cycle_collector_paused


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
