"""Batch double-dummy calls for simulations, straight from dealer ``owner`` arrays.

The DDS binding comes from :func:`bridgecli.solver.dds.load`; this module
only fills its structs from numpy columns (no :class:`~bridgecli.core.deal.Deal`
objects on the way) and asks for the strains a simulation needs, through
``CalcAllTables``'s trump filter, or for one declarer a strain through
``SolveAllBoardsBin`` when that is less work.
"""

from __future__ import annotations

import ctypes
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from bridgecli.core.kernel import OPENING_LEADER
from bridgecli.solver import dds as _solver

# DDS strain numbers: spades 0, hearts 1, diamonds 2, clubs 3, notrump 4; ours: clubs 0 .. notrump 4
_DDS_STRAIN = (3, 2, 1, 0, 4)
# card index c = 13 * suit + rank - 2 (clubs 0): DDS suit and rank bit of each
_SUIT_OF_CARD = np.array([3 - c // 13 for c in range(52)], dtype=np.int64)
_BIT_OF_CARD = np.array([1 << (c % 13 + 2) for c in range(52)], dtype=np.int64)


def hand_masks(owner: npt.NDArray[np.uint8]) -> npt.NDArray[np.int64]:
    """``(n, 4, 4)`` DDS rank masks ``[deal][seat][dds suit]`` of the ``(52, n)`` owner array."""
    n = owner.shape[1]
    out = np.zeros((n, 4, 4), dtype=np.int64)
    cols = np.arange(n)
    for c in range(52):
        out[cols, owner[c].astype(np.int64), _SUIT_OF_CARD[c]] += _BIT_OF_CARD[c]
    return out


def _put(target: Any, masks: npt.NDArray[np.int64]) -> None:
    rows = masks.tolist()
    for h in range(4):
        dst = target[h]
        src = rows[h]
        dst[0], dst[1], dst[2], dst[3] = src[0], src[1], src[2], src[3]


def tables(owner: npt.NDArray[np.uint8], strains: Sequence[int], per_call: int | None = None) -> npt.NDArray[np.int8]:
    """Declarer's double-dummy tricks ``[deal][seat][strain]`` (our strain order, clubs 0 .. NT 4)
    for the strains in ``strains``; the other cells are -1. One ``CalcAllTables`` call
    solves up to 200 / len(strains) deals."""
    dds = _solver.load()
    n = owner.shape[1]
    out = np.full((n, 4, 5), -1, dtype=np.int8)
    wanted = sorted(set(strains))
    if n == 0 or not wanted:
        return out
    masks = hand_masks(owner)
    trump_filter = [1] * 5
    for s in wanted:
        trump_filter[_DDS_STRAIN[s]] = 0
    limit = min(int(dds.MAXNOOFBOARDS) // len(wanted), int(dds.MAXNOOFTABLES) * 5)
    per_call = limit if per_call is None else max(1, min(limit, per_call // len(wanted)))
    for start in range(0, n, per_call):
        stop = min(n, start + per_call)
        deals = dds.ddTableDeals()
        deals.noOfTables = stop - start
        for k in range(stop - start):
            _put(deals.ddTableDeal[k].cards, masks[start + k])
        res = dds.ddTablesRes()
        pres = dds.allParResults()
        _solver.call(dds.CalcAllTables, deals, -1, (ctypes.c_int * 5)(*trump_filter), res, pres)
        for k in range(stop - start):
            rt = res.results[k].resTable
            for s in wanted:
                row = rt[_DDS_STRAIN[s]]
                out[start + k, :, s] = (row[0], row[1], row[2], row[3])
    return out


def declarer_tricks(owner: npt.NDArray[np.uint8], jobs: Sequence[tuple[int, int]],
                    per_call: int | None = None) -> npt.NDArray[np.int8]:
    """Declarer's double-dummy tricks ``[deal][job]`` for (strain, declarer seat) jobs,
    one ``SolveAllBoardsBin`` board a job and deal (declarer's left-hand opponent on lead).

    ``per_call`` boards go to DDS at once (its limit by default): small calls let
    Ctrl-C through between them."""
    dds = _solver.load()
    n = owner.shape[1]
    out = np.zeros((n, len(jobs)), dtype=np.int8)
    if n == 0 or not jobs:
        return out
    masks = hand_masks(owner)
    flat = [(d, j) for d in range(n) for j in range(len(jobs))]
    per_call = int(dds.MAXNOOFBOARDS) if per_call is None else max(1, min(int(dds.MAXNOOFBOARDS), per_call))
    for start in range(0, len(flat), per_call):
        chunk = flat[start:start + per_call]
        bo = dds.boards()
        bo.noOfBoards = len(chunk)
        for k, (d, j) in enumerate(chunk):
            strain, declarer = jobs[j]
            dl = bo.deals[k]
            dl.trump = _DDS_STRAIN[strain]
            dl.first = OPENING_LEADER[declarer]
            for t in range(3):
                dl.currentTrickSuit[t] = 0
                dl.currentTrickRank[t] = 0
            _put(dl.remainCards, masks[d])
            bo.target[k] = -1
            bo.solutions[k] = 1
            bo.mode[k] = 1
        solved = dds.solvedBoards()
        _solver.call(dds.SolveAllBoardsBin, bo, solved)
        for k, (d, j) in enumerate(chunk):
            fut = solved.solvedBoard[k]
            out[d, j] = 13 - int(fut.score[0])
    return out
