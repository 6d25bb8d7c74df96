"""Many regular play records replayed at once, with numpy: the batch form of
:func:`bridgecli.core.play.replay.replay_indices`.

A record here is what the int lane reads: the four hands as dealt (52-bit card masks,
North, East, South, West) and the record's card indices (``13 * suit + rank - 2``, a
byte a card), row after row, its columns from the opening leader. :func:`replay_many`
gives, for each record, the seats of the trick winners and the tricks E-W won, or None
when the record is not regular (hands of different sizes or sharing a card, a card not
held, a card played twice, a revoke, an index out of range): the caller then replays
that one the full way, which tells what is wrong.

The tricks are walked in order, each step for every record at once: the suit led is the
leader's card's suit, a card weighs its rank plus the kernel's weight for a trump or for
the suit led (:data:`~bridgecli.core.kernel.STRENGTH`), and the heaviest card's column
leads the next trick. Ownership, repeats and
revokes (Law 44C: a card off the suit led while its player still held that suit, i.e.
played it later or kept it) are array tests over the whole batch. numpy is imported by
the first call with records only.

:func:`replayed_ahead` is the lane of ``play``: it reads records a batch ahead and hands
each on with its replay, in order, once a first batch is full. :func:`worked_ahead` is
the same lane for ``score FILE``, whose one call a batch (:func:`replay_packed` inside)
gives each record what it needs instead of a Replay.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from itertools import chain
from typing import TYPE_CHECKING, Any, TypeVar

from .. import fastpaths
from ..kernel import BB_SUITS, LED_WEIGHT, NO_TRUMP, OPENING_LEADER, TRUMP_WEIGHT, trump_of

if TYPE_CHECKING:
    from ..board import Board
    from ..contract import Contract
    from .replay import Replay

#: The most rows a record may have (and the rows of the arrays).
ROWS = 13
#: Records replayed a batch at a time by :func:`replayed_ahead`; fewer records than this in
#: all are replayed one by one (numpy is not imported for them).
BATCH = 1024
#: A batch with fewer records to replay than this is left to the caller, board by board (a
#: file of LIN or YAML boards, of boards without play, does not load numpy).
FEW = 64

T = TypeVar("T")
P = TypeVar("P")
#: What :func:`~bridgecli.core.play.replay_indices` takes: the board, its contract, the
#: hands as masks, the record's card indices.
Job = tuple["Board", "Contract", Sequence[int], bytes]


def replay_many(hands: Sequence[Sequence[int]], flats: Sequence[bytes], leaders: Sequence[int],
                trumps: Sequence[int]) -> list[tuple[list[int], int] | None]:
    """Replay regular four-handed play records, all at once.

    Args:
        hands: Each record's four hands as dealt (North, East, South, West), 52-bit masks.
        flats: Each record's card indices, row after row, columns from the leader; a
            whole number of rows of four, 1 to 13 rows (the caller checks that).
        leaders: Each record's opening leader (0-3: N, E, S, W), its first column.
        trumps: Each record's trump suit (0-3: clubs to spades), 4 or more for notrump.

    Returns:
        For each record, (the seat of each trick's winner, the tricks E-W won), or None
        when the record is not regular. Never raises for a record's content.
    """
    bad, winners, rows, ew = _replayed(hands, flats, leaders, trumps)
    return [None if b else (w if r == ROWS else w[:r], e) for b, w, r, e in zip(bad, winners, rows, ew)]


def _replayed(hands: Sequence[Sequence[int]], flats: Sequence[bytes], leaders: Sequence[int],
              trumps: Sequence[int]) -> tuple[list[bool], list[list[int]], list[int], list[int]]:
    """:func:`replay_many`'s work, as plain lists of the same length: whether each record is
    not regular, the seat of the winner of each of its 13 rows (the rows past the record's
    own are padding), its rows, and the tricks E-W won."""
    n = len(flats)
    if n == 0:
        return [], [], [], []
    import numpy as np

    hand = np.fromiter(chain.from_iterable(hands), dtype=np.uint64, count=4 * n).reshape(n, 4)
    rows = np.fromiter(map(len, flats), dtype=np.intp, count=n) >> 2
    # the records padded to 13 rows (the padding is masked out by ``valid``)
    raw = np.frombuffer(b"".join([f.ljust(4 * ROWS, b"\0") for f in flats]), dtype=np.uint8).reshape(n, 4 * ROWS)
    bad, winners, ew = _replay_arrays(np, hand, raw, rows, leaders, trumps)
    return bad.tolist(), winners.T.tolist(), rows.tolist(), ew.tolist()


def replay_packed(hands: Sequence[Sequence[int]], flat: bytes, counts: Sequence[int], leaders: Sequence[int],
                  trumps: Sequence[int]) -> tuple[list[bool], list[int], list[int]]:
    """:func:`replay_many` of records given together, for a caller that needs each record's
    tricks, not their winners: the card indices of every record one after the other in
    ``flat`` (``counts``: the cards of each, a whole number of rows of four, 1 to 13 rows;
    the caller checks that), the other arguments as :func:`replay_many` takes them.

    Returns three lists, an entry a record: whether it is not regular (then the other
    two say nothing), its rows (tricks played), the tricks E-W won. Never raises for a
    record's content.
    """
    n = len(counts)
    if n == 0:
        return [], [], []
    import numpy as np

    hand = np.fromiter(chain.from_iterable(hands), dtype=np.uint64, count=4 * n).reshape(n, 4)
    size = np.asarray(counts, dtype=np.intp)
    # the records padded to 13 rows, in one step: each record's cards fill the start of its row
    raw = np.zeros((n, 4 * ROWS), dtype=np.uint8)
    raw[np.arange(4 * ROWS)[None, :] < size[:, None]] = np.frombuffer(flat, dtype=np.uint8)
    rows = size >> 2
    bad, _, ew = _replay_arrays(np, hand, raw, rows, leaders, trumps)
    return bad.tolist(), rows.tolist(), ew.tolist()


def _replay_arrays(np: Any, hand: Any, raw: Any, rows: Any, leaders: Sequence[int],
                   trumps: Sequence[int]) -> tuple[Any, Any, Any]:
    """The work of :func:`_replayed` and :func:`replay_packed`, on arrays: the hands as dealt
    (``[record, seat]``, uint64), the card indices padded with 0 to 13 rows (``[record, 4 *
    13]``, uint8), the rows of each record. Returns, as arrays: whether each record is not
    regular, the seat of the winner of each row (``[row, record]``; past a record's rows,
    padding) and the tricks E-W won."""
    n = len(rows)
    u64 = np.uint64
    # trick by trick: [trick, record, column]
    # (the padding is 0; a row's maximum only when some index is out of range)
    bad = raw.max(axis=1) > 51 if raw.max() > 51 else np.zeros(n, dtype=bool)
    cards = np.ascontiguousarray(np.minimum(raw, 51).reshape(n, ROWS, 4).transpose(1, 0, 2))
    valid = np.arange(ROWS)[:, None] < rows[None, :]  # (13, n): the rows the record has
    valid4 = valid[:, :, None]
    suit = cards // 13
    rank = cards - suit * np.uint8(13)  # (numpy's ``%`` of small ints is many times slower)
    bits = np.where(valid4, np.left_shift(u64(1), cards.astype(u64)), u64(0))

    # the hands: one size (at most 13), disjoint
    size = _bit_count(np, hand[:, 0]).astype(np.intp)
    every = hand[:, 0] | hand[:, 1] | hand[:, 2] | hand[:, 3]
    bad |= (_bit_count(np, hand) != size[:, None]).any(axis=1)
    bad |= (_bit_count(np, every) != 4 * size) | (size > ROWS)
    # each column's cards: distinct cards of its player's hand
    first = np.asarray(leaders, dtype=np.intp)
    seat = (first[:, None] + np.arange(4)) & 3  # (n, 4): the seat of each column
    held = np.take_along_axis(hand, seat, axis=1)  # (n, 4): each column's hand as dealt
    played = np.bitwise_or.reduce(bits, axis=0)  # (n, 4)
    bad |= (_bit_count(np, played) != rows[:, None]).any(axis=1)  # a card twice
    bad |= ((played & ~held) != 0).any(axis=1)  # a card not held

    # the tricks in order: the leader's card gives the suit led, the heaviest card's
    # column leads the next trick (the kernel's weights: the rank, plus TRUMP_WEIGHT for
    # a trump, LED_WEIGHT for the suit led; a trump led weighs as the suit led)
    trump = np.asarray(trumps, dtype=np.uint8)
    base = np.where(suit == trump[None, :, None], rank + np.uint8(TRUMP_WEIGHT), rank)
    follow = rank + np.uint8(LED_WEIGHT)
    at = np.arange(n) * 4
    lead = np.zeros(n, dtype=np.intp)  # the leading column
    led = np.empty((ROWS, n), dtype=np.uint8)
    wins = np.empty((ROWS, n), dtype=np.intp)
    for t in range(ROWS):
        row_suit = suit[t]
        this = row_suit.ravel()[at + lead]
        led[t] = this
        lead = np.where(row_suit == this[:, None], follow[t], base[t]).argmax(axis=1)
        wins[t] = lead

    # revokes: off the suit led while still holding it (the cards of this trick and
    # later ones, and the cards kept after the record: the hand less the earlier tricks)
    gone = np.empty_like(bits)  # [t]: the cards played before trick t
    gone[0] = 0
    for t in range(1, ROWS):
        np.bitwise_or(gone[t - 1], bits[t - 1], out=gone[t])
    suit_bits = np.array(BB_SUITS, dtype=u64)[led]  # (13, n)
    kept = (held[None, :, :] & ~gone & suit_bits[:, :, None]) != 0  # still holds the suit led
    kept &= suit != led[:, :, None]
    kept &= valid4
    bad |= kept.any(axis=0).any(axis=1)

    winners = (first[None, :] + wins) & 3
    ew = ((winners & 1).astype(bool) & valid).sum(axis=0)
    return bad, winners, ew


def replay_jobs(jobs: Sequence[Job | None]) -> list[Replay | None]:
    """:func:`~bridgecli.core.play.replay_indices` of each job (None for None), the records
    that can be regular replayed together by :func:`replay_many`: the same answers. Never raises."""
    from .replay import finish_regular

    out: list[Replay | None] = []
    for job, found in zip(jobs, _replay_specs(list(map(_spec, jobs)))):
        out.append(None if found is None or job is None else finish_regular(job[0], job[1], job[3], *found))
    return out


#: What :func:`replay_many` takes of one record: its hands, card indices, leader and trump.
Spec = tuple[Sequence[int], bytes, int, int]


def _spec(job: Job | None) -> Spec | None:
    """What :func:`replay_many` replays ``job`` from, or None when the record is not of
    the kind :func:`~bridgecli.core.play.replay_indices` replays (no declarer, a pass-out,
    not whole rows, 0 or more than 13 rows, a first column other than the opening leader)."""
    if job is None:
        return None
    board, contract, hand, flat = job
    declarer = contract.declarer
    n = len(flat)
    if declarer is None or contract.is_passout or n & 3 or not 0 < n <= 4 * ROWS or len(hand) != 4:
        return None
    first = OPENING_LEADER[declarer]  # the record's first column
    leader = board.play_leader
    if leader is not None and leader != first:
        return None
    trump = trump_of(contract.strain)
    return hand, flat, first, 4 if trump == NO_TRUMP else trump


def _replay_specs(specs: Sequence[Spec | None]) -> list[tuple[list[int], int, int] | None]:
    """:func:`replay_many` of the records given (None for None): (winners' seats, E-W's
    tricks, opening leader) of each regular one."""
    picked = [spec for spec in specs if spec is not None]
    if not picked:
        return [None] * len(specs)
    done = iter(replay_many(*zip(*picked)))
    out: list[tuple[list[int], int, int] | None] = []
    for spec in specs:
        got = None if spec is None else next(done)
        out.append(None if got is None else (*got, spec[2]))  # type: ignore[index]
    return out


def _bit_count(np: Any, a: Any) -> Any:
    """The set bits of each element of the uint64 array ``a``: numpy's ``bitwise_count``
    (numpy 2.0 on), else the bits of its bytes unpacked and added (numpy 1.x)."""
    count = getattr(np, "bitwise_count", None)
    if count is not None:
        return count(a)
    a = np.ascontiguousarray(a, dtype=np.uint64)
    return np.unpackbits(a.view(np.uint8).reshape(*a.shape, 8), axis=-1).sum(axis=-1, dtype=np.intp)


R = TypeVar("R")


def replayed_ahead(records: Iterable[T], job: Callable[[T, P], Job | None],
                   prepare: Callable[[list[T]], Sequence[P]], ahead: bool = True
                   ) -> Iterator[tuple[T, Replay | None]]:
    """Each record of ``records``, in order, with its replay by :func:`replay_jobs` (None:
    not replayed here; the caller then replays it its own way).

    ``job`` gives what a record is replayed from, or None, given the record and what
    ``prepare`` found for it (``prepare`` looks at a whole batch of records at once: the
    work best done for many together); neither may raise, nor may ``prepare`` warn.
    Records are read :data:`BATCH` ahead and replayed a batch at a time, once a first
    batch is full (and has at least :data:`FEW` records to replay); a shorter input is
    passed on without a replay and without numpy.

    Reading ahead does not move what reading does among what the caller does with the
    records: a warning shown while reading a record (a reader warns of what it read
    leniently when its input ends), or while ``job`` looks at it, is held and shown just
    before that record is passed on (after the records read before it); when reading
    raises, the records read before are passed on first. Which warnings are shown is
    decided as they are issued, by the warning filters and each place's registry, as
    without reading ahead (a warning the default filter showed once is not shown again
    by a second read): only the call of :func:`warnings.showwarning` waits.
    ``ahead=False``, and the fast lanes switched off (:mod:`bridgecli.core.fastpaths`), pass
    every record on as it is read, without a replay (input that
    comes slowly, such as a pipe from a program still at work: what a record gives is
    due as soon as it is read).
    """
    if not ahead or not fastpaths.ON:  # (a fast lane: fastpaths.LANES)
        return _each(records)
    return _ahead(records, job, prepare)


def _each(records: Iterable[T]) -> Iterator[tuple[T, None]]:
    """Each record as it is read, without a replay."""
    for rec in records:
        yield rec, None


def _ahead(records: Iterable[T], job: Callable[[T, P], Job | None], prepare: Callable[[list[T]], Sequence[P]]
           ) -> Iterator[tuple[T, Replay | None]]:
    """:func:`replayed_ahead` reading ahead."""
    from .replay import finish_regular

    for pending, said, batched in _batches(records):
        jobs: list[Job | None] = [None] * len(pending)
        found: list[tuple[list[int], int, int] | None] = [None] * len(pending)
        looked: list[tuple[Any, ...]] = []  # the warnings shown while ``job`` looked at the records
        upto = [0] * len(pending)  # upto[k]: those shown up to record k
        if batched:
            specs: list[Spec | None] = []
            try:
                prepared: Sequence[P | None] = prepare(pending)
            except Exception:  # noqa: BLE001  (a bug: each record then goes its caller's way)
                prepared = [None] * len(pending)
            with _held_warnings() as looked:
                for k, rec in enumerate(pending):
                    try:
                        made = job(rec, prepared[k])  # type: ignore[arg-type]
                    except Exception:  # noqa: BLE001  (a bug: the caller's own path meets it in its place)
                        made = None
                    jobs[k] = made
                    specs.append(None if made is None else _spec(made))
                    upto[k] = len(looked)
            if len(specs) - specs.count(None) >= FEW:
                found = _replay_specs(specs)
        shown = seen = 0
        for k, rec in enumerate(pending):
            while shown < len(said) and said[shown][0] <= k:  # (those shown while reading pending[k])
                shown = _warn_again(said, shown, shown + 1, at=1)
            if upto[k] != seen:
                seen = _warn_again(looked, seen, upto[k])
            got = found[k]
            if got is None:
                yield rec, None
            else:
                board, contract, _, flat = jobs[k]  # type: ignore[misc]
                yield rec, finish_regular(board, contract, flat, *got)
        _warn_again(said, shown, len(said), at=1)


def worked_ahead(records: Iterable[T], work: Callable[[list[T]], Sequence[R | None] | None],
                 ahead: bool = True) -> Iterator[tuple[T, R | None]]:
    """Each record of ``records``, in order, with what ``work`` made of it in a batch (None:
    nothing; the caller then works the record its own way): the lane of
    :func:`replayed_ahead` for a caller whose ``work`` takes a whole batch of records in one
    call (it finds their play records, replays them together, and finishes each), for the
    fewest steps a record.

    ``work`` gives an entry a record of the list it is given, or None for none at all; it
    may neither raise nor warn. Records are read :data:`BATCH` ahead and worked a batch at
    a time once a first batch is full; a shorter input is passed on with None for each,
    and so is every record with ``ahead=False`` or the fast lanes off. Warnings shown while reading, and an
    error reading raises, come in their places, as :func:`replayed_ahead` says.
    """
    if not ahead or not fastpaths.ON:  # (a fast lane: fastpaths.LANES)
        return _each(records)
    return _worked(records, work)


def _worked(records: Iterable[T], work: Callable[[list[T]], Sequence[R | None] | None]
            ) -> Iterator[tuple[T, R | None]]:
    """:func:`worked_ahead` reading ahead."""
    for pending, said, batched in _batches(records):
        found: Sequence[R | None] | None = None
        if batched:
            try:
                found = work(pending)
            except Exception:  # noqa: BLE001  (a bug: each record then goes its caller's way)
                found = None
        if found is None:
            found = [None] * len(pending)
        if not said:
            yield from zip(pending, found)
        else:
            start = 0
            for k, rec in enumerate(pending):
                while start < len(said) and said[start][0] <= k:
                    _warn_again(said, start, start + 1, at=1)
                    start += 1
                yield rec, found[k]
            _warn_again(said, start, len(said), at=1)


def _batches(records: Iterable[T]) -> Iterator[tuple[list[T], list[tuple[Any, ...]], bool]]:
    """``records`` read :data:`BATCH` at a time (:func:`_read_batch`): each batch with the
    warnings held while reading it and whether to work it as a batch (a first batch was full
    and nothing went wrong reading). An error reading is raised once its batch is handed on
    (the caller asks for the next one), so it comes in its place."""
    it = iter(records)
    batched = False
    while True:
        pending, said, failed = _read_batch(it, BATCH)
        if not pending and not said and failed is None:
            return
        batched = failed is None and (batched or len(pending) >= BATCH)
        yield pending, said, batched
        if failed is not None:
            raise failed
        if len(pending) < BATCH:
            return


def _read_batch(it: Iterator[T], size: int) -> tuple[list[T], list[tuple[Any, ...]], Exception | None]:
    """Up to ``size`` records of ``it``; the warnings shown while reading them, held (each
    with the number of records read before it: :func:`_held_warnings`); and what stopped the
    read, if anything (raised again by the caller, in its place)."""
    pending: list[T] = []
    failed: Exception | None = None
    with _held_warnings(pending) as said:
        try:
            for rec in it:
                pending.append(rec)
                if len(pending) >= size:
                    break
        except Exception as exc:  # noqa: BLE001  (raised again by the caller, in its place)
            failed = exc
    return pending, said, failed


@contextmanager
def _held_warnings(read: list[Any] | None = None) -> Iterator[list[tuple[Any, ...]]]:
    """Inside the block, each warning the filters let through is held in the list given (the
    arguments of :func:`warnings.showwarning`; with ``read``, after the length ``read`` had
    then) instead of shown. The filters and their registries are left alone:
    :func:`warnings.catch_warnings` would mark them changed, and each place's registry (the
    default filter's "once a place") would start again."""
    import warnings

    held: list[tuple[Any, ...]] = []

    def hold(message: Warning | str, category: type[Warning], *args: Any, **kw: Any) -> None:
        if read is None:
            held.append((message, category, args, kw))
        else:
            held.append((len(read), message, category, args, kw))

    shown = warnings.showwarning
    warnings.showwarning = hold
    try:
        yield held
    finally:
        warnings.showwarning = shown


def _warn_again(said: list[tuple[Any, ...]], start: int, end: int, at: int = 0) -> int:
    """Show the warnings held in ``said[start:end]`` (by :func:`_held_warnings`; ``at``: where
    the arguments start in each entry); returns ``end``."""
    import warnings

    for held in said[start:end]:
        message, category, args, kw = held[at:]
        warnings.showwarning(message, category, *args, **kw)
    return end


__all__ = ["BATCH", "FEW", "ROWS", "replay_jobs", "replay_many", "replay_packed", "replayed_ahead", "worked_ahead"]
