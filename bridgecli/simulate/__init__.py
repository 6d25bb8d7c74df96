"""Double-dummy simulation: which contract, which lead, how often it makes, with error bars.

:func:`simulation` is the library form of ``bridgecli simulate`` (``bc.simulation``; the
name ``simulate`` at the top level is this package)::

    import bridgecli as bc

    result = bc.simulation(["4S:N", "3NT:N"], n=200, seed=1, payoff="imps",
                           where="hcp(north) + hcp(south) >= 25")
    result.contracts["4S:N"].make        # percent of deals 4S makes, a float
    result["payoffs"]["matrix"][0][1]   # {"mean": ..., "se": ...}: 4S against 3NT in IMPs

Modules: :mod:`.contracts` (``4S:N``), :mod:`.stats` (means, standard errors,
payoffs), :mod:`.engine` (one chunk: deal, symmetrize, solve), :mod:`.aggregate`
(merging chunks), :mod:`.run` (a whole run, its chunks on an executor of
:mod:`bridgecli.executors`: local processes, Dask), :mod:`.report`, :mod:`.svg`, :mod:`.records` (output).
Needs the DDS solver (``pip install 'bridgecli[dds]'``) to run.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bridgecli.core.board import Board
    from bridgecli.core.deal import Deal
    from bridgecli.dealer.plain import Predeal

    from .contracts import SimContract
    from .result import Simulation

__all__ = ["simulate", "simulation"]


def simulation(contracts: str | Sequence[str | SimContract] = (), *, lead: str | SimContract | None = None,
             n: int | None = 100, seed: int = 0, where: str | Sequence[str] = (),
             predeal: str | Sequence[str] | Predeal | None = None, script: str | None = None, vul: str = "None",
             payoff: str = "imps", symmetrize: Sequence[int | str] = (), until_se: float | None = None,
             jobs: int = 1, executor: str = "local", max_tries: int = 10_000_000,
             deals: Iterable[Deal | Board] | None = None, worker_timeout: float | None = None,
             scoring: str | None = None) -> Simulation:
    """Simulate ``n`` deals (the most with ``until_se``) and return every figure: a
    :class:`~bridgecli.simulate.result.Simulation`, the object ``bridgecli simulate --json``
    prints (a dict; see docs/commands/simulate.md and docs/KEYS.md) with typed views:
    ``result.contracts["4S:N"].make`` is the make percentage as a float, ``.to_dict()`` the
    plain dict. ``result.stopped`` says why it stopped (:data:`.run.STOP_REASONS`).

    Args:
        contracts: ``4S:N``-style texts (or one), compared with each other.
        lead: A contract whose opening leads are compared (the leader's 13 cards predealt).
        n: Deals (the most, with ``until_se``; None: all the ``deals`` given, or with ``until_se``).
        seed: The seed: the same numbers for any ``jobs`` or ``executor``.
        where: Conditions of the ``dealer`` language, ANDed, as ``deal`` takes them.
        predeal: Cards given first, as ``deal`` takes them (``"N:AKJ32.K2.Q32.A32"``,
            ``"south=SAKQ,HA"``, several in a list), or a :class:`~bridgecli.dealer.plain.Predeal`.
        script: The text of a dealer input file (its condition and predeal).
        vul: ``none``, ``NS``, ``EW`` or ``all`` (any case; ``both`` too).
        payoff: What the payoffs count: ``imps``, ``mp`` or ``total`` (``--scoring``).
        scoring: The older name of ``payoff`` (before 0.2.0); give one of them.
        symmetrize: Seats (``"E"``, ``"west"`` or 0 North .. 3 West) whose hands are also permuted.
        until_se: Stop once every payoff's standard error is below this.
        jobs: Local worker processes.
        executor: ``local``, ``dask-local:N`` or ``dask://HOST:PORT``.
        max_tries: Deals a chunk may try to find its deals.
        deals: Deals (or boards, such as :func:`bridgecli.read` gives) to evaluate instead of
            dealing, as ``simulate FILE`` does: ``n`` of them at most (None: all), those that meet
            ``where``; a lead question takes the leader's hand of the first. No ``predeal`` or
            ``script`` then.
        worker_timeout: Seconds a Dask scheduler with no worker is waited on (default 60).

    Returns:
        The figures, a :class:`~bridgecli.simulate.result.Simulation`.

    Raises:
        ParseError: bad arguments (a contract, condition, predeal, seat, vulnerability).
        RuleError: a question the deals cannot answer, or a deal given without four full hands.
        SimulationInterrupted: Ctrl-C (a KeyboardInterrupt), with the figures so far as ``summary``.
        ExecutorError: the executor cannot run (Dask missing, no scheduler, no worker in time).
        SolverMissingError: the DDS solver is not installed.
    """
    from bridgecli.core.errors import ParseError
    from bridgecli.dealer.plain import Predeal
    from bridgecli.dealer.predeal import parse_predeal
    from bridgecli.dealer.session import seat_of, vul_of

    from .result import Simulation
    from .run import given_chunks, make_question, simulate_question, with_leader_hand

    if scoring is not None:
        if payoff != "imps" and payoff != scoring:
            raise ParseError(f"payoff {payoff!r} and scoring {scoring!r} differ: give payoff alone")
        payoff = scoring

    if predeal is None or isinstance(predeal, Predeal):
        fixed = predeal
    else:
        fixed = Predeal()
        for text in (predeal,) if isinstance(predeal, str) else predeal:
            seat, cards = parse_predeal(text)
            fixed = fixed.with_cards(seat, cards)
    given = None
    if deals is not None:
        if fixed is not None or script is not None:
            raise ParseError("deals given: no predeal or script (they would deal hands)")
        given, fixed = with_leader_hand(deals, lead)
    question = make_question((contracts,) if isinstance(contracts, str) else contracts, lead, seed=seed,
                             where=(where,) if isinstance(where, str) else where, predeal=fixed, script=script,
                             symmetrize=tuple(seat_of(s) for s in symmetrize), max_tries=max_tries)
    vul = vul_of(vul)
    chunks = None if given is None else given_chunks(given, question, n)
    return Simulation(simulate_question(question, n, vul, payoff, until_se, jobs, executor,
                                        deals=chunks, worker_timeout=worker_timeout))


simulate = simulation
"""The package's older name of :func:`simulation` (``bc.simulation``: the top-level name
``simulate`` is this package)."""
