"""``bridgecli.executors.streaming_gc``: the collector tuned around a streaming loop, and put back."""

from __future__ import annotations

import pytest

from bridgecli import executors


def test_streaming_gc_raises_the_young_threshold_and_restores_it() -> None:
    import gc

    before = gc.get_threshold()
    frozen = gc.get_freeze_count()
    with executors.streaming_gc():
        inside = gc.get_threshold()
        assert inside[0] >= executors.STREAMING_GC_THRESHOLD
        assert inside[1:] == before[1:]
        assert gc.isenabled()
        assert gc.get_freeze_count() > frozen  # what was alive on entry is frozen
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == frozen


def test_streaming_gc_nests_and_restores_after_an_exception() -> None:
    import gc

    before = gc.get_threshold()
    frozen = gc.get_freeze_count()
    with pytest.raises(KeyError), executors.streaming_gc():
        with executors.streaming_gc():
            assert gc.get_threshold()[0] >= executors.STREAMING_GC_THRESHOLD
        assert gc.get_threshold()[0] >= executors.STREAMING_GC_THRESHOLD  # the inner block left it alone
        raise KeyError("x")
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == frozen


def test_streaming_gc_still_collects_cycles() -> None:
    import gc
    import weakref

    class Node:
        pass

    with executors.streaming_gc():
        a, b = Node(), Node()
        a.other, b.other = b, a  # type: ignore[attr-defined]
        alive = weakref.ref(a)
        del a, b
        gc.collect()
        assert alive() is None


def test_streaming_gc_interrupted_on_entry_leaves_the_collector_as_it_was(monkeypatch: pytest.MonkeyPatch) -> None:
    """A Ctrl-C landing while the block sets the collector up leaves nothing changed, and
    the next block still acts (it is no nested block of the one that never began)."""
    import gc

    before = gc.get_threshold()
    frozen = gc.get_freeze_count()
    real = gc.set_threshold

    def interrupted(*args: int) -> None:
        monkeypatch.setattr(gc, "set_threshold", real)  # once
        raise KeyboardInterrupt

    monkeypatch.setattr(gc, "set_threshold", interrupted)
    with pytest.raises(KeyboardInterrupt), executors.streaming_gc():
        pass
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == frozen
    with executors.streaming_gc():
        assert gc.get_threshold()[0] >= executors.STREAMING_GC_THRESHOLD
    assert gc.get_threshold() == before


def test_streaming_gc_leaves_a_frozen_collector_as_it_found_it() -> None:
    """Objects a caller froze before the block stay frozen, and the block freezes no more
    of its own: the frozen set after the block is the one before it."""
    import gc

    gc.freeze()
    try:
        made = [[i] for i in range(1000)]  # alive on entry, not frozen
        frozen = gc.get_freeze_count()
        with executors.streaming_gc():
            assert gc.get_threshold()[0] >= executors.STREAMING_GC_THRESHOLD
        assert gc.get_freeze_count() == frozen
        del made
    finally:
        gc.unfreeze()
