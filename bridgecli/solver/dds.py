"""The DDS double-dummy solver, as shipped by the optional ``endplay`` package.

This is the only module of bridgecli that touches endplay. It loads just
endplay's ctypes binding (``endplay._dds``) from its file, without running
``endplay/__init__.py``, which would import the whole package and matplotlib
(about half a second). Nothing here is imported before ``solve`` runs.

DDS limits a call to ``MAXNOOFBOARDS`` (200) boards; ``CalcAllTables`` counts
one board a strain, so full tables go 40 deals a call. Larger inputs are cut
into calls of that size here.

Each DDS call runs in a helper thread while the calling thread waits
(:func:`_call`): a call of 40 deals takes half a minute on two cores, and a
signal handler cannot run in a thread held by C code, so Ctrl-C would wait for
it. :func:`busy` tells whether a call is still running (one left by an interrupt).
"""

from __future__ import annotations

import importlib.util
import os
import sys
import threading
from collections.abc import Callable, Sequence
from types import MappingProxyType, ModuleType
from typing import Any

from bridgecli.core.cards import DECK, SEATS, Card, Rank, Seat, Strain, Suit
from bridgecli.core.ddtable import DDS_STRAINS, DDTable, position_size
from bridgecli.core.deal import Deal
from bridgecli.core.errors import BridgeError

#: The one-line hint shown when the solver is not installed (for a bridgecli installed from
#: a package index; :func:`install_hint` words it for the way this bridgecli was installed).
INSTALL_HINT = "solve needs the DDS solver: pip install 'bridgecli[dds]'"

#: The requirement of the ``dds`` extra (pyproject.toml).
ENDPLAY_REQUIREMENT = "endplay>=0.5.12"


def install_hint() -> str:
    """How to get the solver, for the way the running bridgecli was installed:

    * installed from a package index (wheel or sdist): ``pip install 'bridgecli[dds]'``;
    * an editable install of a checkout (PEP 660; ``direct_url.json`` says editable):
      ``pip install -e 'CHECKOUT[dds]'``;
    * run from a checkout that is not the installed one (``python -m bridgecli``):
      ``pip install 'endplay>=0.5.12'``, the package of the extra.
    """
    import json
    from importlib import metadata
    from pathlib import Path
    from urllib.parse import unquote, urlparse

    from bridgecli.version import package_dir

    here = package_dir()
    # every bridgecli on the path: an editable install also leaves a bridgecli.egg-info in
    # its checkout, which has no direct_url.json and is no installation of its own
    try:
        dists = list(metadata.distributions(name="bridgecli"))
    except (ValueError, OSError):
        dists = []
    for dist in dists:
        if str(getattr(dist, "_path", "")).endswith(".egg-info"):
            continue  # build metadata in a source tree, not an installation
        try:
            direct = json.loads(dist.read_text("direct_url.json") or "null")
            installed = Path(str(dist.locate_file("bridgecli"))).resolve()
        except (ValueError, OSError):
            continue
        if isinstance(direct, dict) and (direct.get("dir_info") or {}).get("editable"):
            url = urlparse(str(direct.get("url", "")))
            root = Path(unquote(url.path)).resolve() if url.scheme == "file" else None
            if root is not None and (root / "bridgecli") == here:
                return f"solve needs the DDS solver: pip install -e '{root}[dds]'"
        elif installed == here:
            return INSTALL_HINT
    return f"solve needs the DDS solver: pip install '{ENDPLAY_REQUIREMENT}'"

#: The DDS binding, loaded on first use and then kept (a cache of one module).
_DDS: ModuleType | None = None
#: The thread of the DDS call under way, if any (see :func:`_call`).
_running: threading.Thread | None = None

# DDS numbers suits spades 0 .. clubs 3 and holds a hand as rank bit masks (bit r for rank r)
_DDS_SUIT = MappingProxyType({Suit.SPADES: 0, Suit.HEARTS: 1, Suit.DIAMONDS: 2, Suit.CLUBS: 3})
_SUIT_OF_DDS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_DDS_TRUMP = MappingProxyType({strain: i for i, strain in enumerate(DDS_STRAINS)})
_CARD_BITS: MappingProxyType[Card, tuple[int, int]] = MappingProxyType(
    {c: (_DDS_SUIT[c.suit], 1 << int(c.rank)) for c in DECK})


class SolverMissingError(BridgeError):
    """The DDS solver (package ``endplay``) is not installed or cannot be loaded."""


def load() -> ModuleType:
    """endplay's ctypes binding of DDS, loaded once. Raises SolverMissingError."""
    global _DDS
    if _DDS is not None:
        return _DDS
    module = sys.modules.get("endplay._dds")
    if module is None:
        try:
            spec = importlib.util.find_spec("endplay")
        except (ImportError, ValueError):
            spec = None
        locations = list(spec.submodule_search_locations or ()) if spec is not None else []
        path = os.path.join(locations[0], "_dds", "__init__.py") if locations else ""
        if not path or not os.path.exists(path):
            raise SolverMissingError(install_hint())
        sub = importlib.util.spec_from_file_location(
            "endplay._dds", path, submodule_search_locations=[os.path.dirname(path)])
        if sub is None or sub.loader is None:
            raise SolverMissingError(install_hint())
        module = importlib.util.module_from_spec(sub)
        sys.modules["endplay._dds"] = module
        try:
            sub.loader.exec_module(module)
        except (RuntimeError, OSError) as exc:
            del sys.modules["endplay._dds"]
            first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            raise SolverMissingError(f"the DDS library of endplay could not be loaded: {first}") from exc
    _DDS = module
    return module


def _call(fn: Callable[..., Any], *args: Any) -> Any:
    """``fn(*args)`` (a DDS function) run in a helper thread while this one waits.

    A DDS call takes seconds and holds the thread that makes it until it
    returns, so a signal handler in that thread could not run meanwhile. Waiting
    here instead, Ctrl-C (or SIGTERM) raises at once; the call is left running
    (:func:`busy`) and the process is expected to end without waiting for it.
    DDS is not re-entrant: a call left running is waited for before the next.
    """
    global _running
    _wait()
    done = threading.Event()
    outcome: list[Any] = []

    def run() -> None:
        try:
            outcome.append((True, fn(*args)))
        except Exception as exc:  # noqa: BLE001 - raised again in the waiting thread
            outcome.append((False, exc))
        finally:
            done.set()

    thread = threading.Thread(target=run, name="dds", daemon=True)
    _running = thread
    thread.start()
    done.wait()  # a signal interrupts the wait; _running then stays set
    _running = None
    if not outcome:
        raise RuntimeError(f"the DDS call {getattr(fn, '__name__', fn)} ended without a result")
    ok, value = outcome[0]
    if not ok:
        raise value
    return value


call = _call
"""``call(fn, *args)``: a DDS function of :func:`load`'s binding run as :func:`_call` runs it
(in a helper thread, so that a signal is handled at once), for the batch callers of
:mod:`bridgecli.simulate`."""


def _wait() -> None:
    """Wait for a DDS call left running by an interrupt (library use: the caller went on)."""
    global _running
    if _running is not None:
        _running.join()
        _running = None


def busy() -> bool:
    """True while a DDS call runs in its thread (one left running by an interrupt, too)."""
    return _running is not None and _running.is_alive()


def available() -> bool:
    """True when the solver can be loaded."""
    try:
        load()
    except SolverMissingError:
        return False
    return True


def set_threads(threads: int) -> None:
    """Let DDS use ``threads`` threads (0: as many as it finds cores)."""
    _wait()
    load().SetMaxThreads(max(0, int(threads)))


def max_boards() -> int:
    """Boards DDS takes in one call (``MAXNOOFBOARDS``)."""
    return int(load().MAXNOOFBOARDS)


def _fill_deal(dl: Any, deal: Deal, strain: Strain, leader: Seat) -> None:
    """Set a DDS ``deal`` struct: trump, leader, no cards yet on the table, the hands."""
    dl.trump = _DDS_TRUMP[strain]
    dl.first = int(leader)
    for j in range(3):
        dl.currentTrickSuit[j] = 0
        dl.currentTrickRank[j] = 0
    _remain_cards(deal, dl.remainCards)


def _remain_cards(deal: Deal, target: Any) -> None:
    """Fill a DDS ``[hand][suit]`` bit-mask array from ``deal``."""
    for seat in SEATS:
        masks = [0, 0, 0, 0]
        hand = deal[seat]
        assert hand is not None
        for card in hand.cards:
            suit, bit = _CARD_BITS[card]
            masks[suit] |= bit
        row = target[seat]
        for s in range(4):
            row[s] = masks[s]


def solve_tables(deals: Sequence[Deal]) -> list[DDTable]:
    """Double-dummy tables of ``deals`` (full deals or endings between tricks), in order.

    Full deals go through ``CalcAllTables`` 40 a call; endings, whose tables
    ``CalcAllTables`` does not count right, through ``SolveAllBoardsBin``, one
    board a declarer and strain. Raises RuleError (via
    :func:`~bridgecli.core.ddtable.position_size`) for a deal that is not a
    position between tricks with four known hands.
    """
    dds = load()
    sizes = [position_size(d) for d in deals]
    out: list[DDTable | None] = [None] * len(deals)
    full = [i for i, n in enumerate(sizes) if n == 13]
    per_call = int(dds.MAXNOOFBOARDS) // len(DDS_STRAINS)
    for start in range(0, len(full), per_call):
        chunk = full[start:start + per_call]
        tables = dds.ddTableDeals()
        tables.noOfTables = len(chunk)
        for k, i in enumerate(chunk):
            _remain_cards(deals[i], tables.ddTableDeal[k].cards)
        res = dds.ddTablesRes()
        pres = dds.allParResults()
        _call(dds.CalcAllTables, tables, -1, [0, 0, 0, 0, 0], res, pres)
        for k, i in enumerate(chunk):
            rt = res.results[k].resTable
            out[i] = DDTable.from_dds([[rt[s][h] for h in range(4)] for s in range(5)])
    endings = [i for i, n in enumerate(sizes) if n < 13]
    if endings:
        jobs = [(deals[i], strain, declarer.lho) for i in endings for declarer in SEATS for strain in DDS_STRAINS]
        scores = _solve_boards([(d, s, lead) for d, s, lead in jobs], solutions=1)
        k = 0
        for i in endings:
            cells: dict[tuple[Seat, Strain], int] = {}
            for declarer in SEATS:
                for strain in DDS_STRAINS:
                    cells[declarer, strain] = sizes[i] - max(score for _, score in scores[k])
                    k += 1
            out[i] = DDTable.from_cells(cells, total=sizes[i])
    return [t for t in out if t is not None]


def _solve_boards(jobs: Sequence[tuple[Deal, Strain, Seat]], solutions: int) -> list[list[tuple[Card, int]]]:
    """``SolveAllBoardsBin`` on (position, strain, player on lead) jobs, 200 a call.

    Returns, for each job, (card, tricks for the side on lead) pairs: every
    card of the leader with ``solutions=3``, one best card with ``solutions=1``.
    """
    dds = load()
    results: list[list[tuple[Card, int]]] = []
    per_call = int(dds.MAXNOOFBOARDS)
    for start in range(0, len(jobs), per_call):
        chunk = jobs[start:start + per_call]
        bo = dds.boards()
        bo.noOfBoards = len(chunk)
        for k, (deal, strain, leader) in enumerate(chunk):
            _fill_deal(bo.deals[k], deal, strain, leader)
            bo.target[k] = -1
            bo.solutions[k] = solutions
            bo.mode[k] = 1
        solved = dds.solvedBoards()
        _call(dds.SolveAllBoardsBin, bo, solved)
        for k in range(len(chunk)):
            results.append(_future_cards(solved.solvedBoard[k]))
    return results


def _future_cards(fut: Any) -> list[tuple[Card, int]]:
    """Expand a DDS ``futureTricks``: each listed card and the lower cards it stands for."""
    out: list[tuple[Card, int]] = []
    for i in range(fut.cards):
        score = int(fut.score[i])
        if score < 0:
            continue
        suit = _SUIT_OF_DDS[fut.suit[i]]
        ranks = [int(fut.rank[i])] + [r for r in range(2, 15) if fut.equals[i] & (1 << r)]
        for r in ranks:
            out.append((Card(suit, Rank(r)), score))
    return out


def solve_leads(jobs: Sequence[tuple[Deal, Strain, Seat]]) -> list[list[tuple[Card, int]]]:
    """For each (deal, strain, declarer): every opening lead and the tricks the defence then takes.

    Leads are sorted by tricks for the defence, best first, then by card.
    Raises RuleError for a deal that is not a position between tricks.
    """
    for deal, _, _ in jobs:
        position_size(deal)
    raw = _solve_boards([(deal, strain, declarer.lho) for deal, strain, declarer in jobs], solutions=3)
    return [sorted(r, key=lambda cs: (-cs[1], -cs[0].suit, -cs[0].rank)) for r in raw]


def analyse_play(deal: Deal, strain: Strain, leader: Seat, cards: Sequence[Card]) -> list[int]:
    """Declarer's double-dummy tricks (for the whole deal) before the play and after each card.

    ``deal`` is the position the play starts from (a full deal or an ending
    between tricks), ``leader`` the player on lead (declarer's left-hand
    opponent), ``cards`` the cards played in time order. Returns
    ``len(cards) + 1`` numbers, fewer when the play reaches the last trick
    (DDS does not analyse its forced cards). Raises RuleError for a deal that is not a
    position between tricks; DDS rejects cards not held (DDSError).
    """
    dds = load()
    position_size(deal)
    dl = dds.deal()
    _fill_deal(dl, deal, strain, leader)
    trace = dds.playTraceBin()
    trace.number = len(cards)
    for i, card in enumerate(cards):
        trace.suit[i] = _DDS_SUIT[card.suit]
        trace.rank[i] = int(card.rank)
    solved = dds.solvedPlay()
    _call(dds.AnalysePlayBin, dl, trace, solved, 0)
    return [int(solved.tricks[i]) for i in range(solved.number)]
