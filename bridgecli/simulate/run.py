"""A whole simulation: chunks out, results merged in order, stopping rules, records."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from bridgecli.core.errors import ParseError, RuleError
from bridgecli.dealer.generate import Predeal
from bridgecli.dealer.run import Spec

from .aggregate import Aggregator
from .contracts import SimContract
from .engine import CHUNK_SIZE, Question
from .stats import SCORINGS

#: Clusters merged before ``until_se`` may stop a run.
MIN_DEALS_FOR_SE = 30

VULS = ("None", "NS", "EW", "All")


def tasks(count: int | None, chunk_size: int) -> Iterator[tuple[int, int]]:
    """``(chunk index, deals)`` covering ``count`` deals (for ever when None)."""
    for k in itertools.count():
        if count is None:
            yield k, chunk_size
            continue
        size = min(chunk_size, count - k * chunk_size)
        if size <= 0:
            return
        yield k, size


def make_question(contracts: Sequence[str | SimContract] = (), lead: str | SimContract | None = None,
                  seed: int = 0, where: Sequence[str] = (), predeal: Predeal | None = None,
                  script: str | None = None, script_source: str | None = None,
                  symmetrize: Sequence[int] = (), max_tries: int = 10_000_000,
                  chunk_size: int = CHUNK_SIZE) -> Question:
    """Check the parts of a simulation and bundle them. Raises ParseError or RuleError."""
    from .contracts import SimContract

    cs = [c if isinstance(c, SimContract) else SimContract.from_str(c) for c in contracts]
    ld = lead if isinstance(lead, SimContract) or lead is None else SimContract.from_str(lead)
    if not cs and ld is None:
        raise ParseError("nothing to simulate: give a contract (4S:N) or a lead question (3NT:S)")
    fixed = (predeal or Predeal()).fixed
    if script is not None:
        from bridgecli.dealer.script import parse_script

        parsed = parse_script(script, script_source)
        base = parsed.predeal.fixed
        merged = list(base)
        for c, s in enumerate(fixed):
            if s >= 0:
                if merged[c] >= 0 and merged[c] != s:
                    from bridgecli.core.cards import DECK

                    raise ParseError(f"--predeal gives {str(DECK[c])!r} to another seat than the script's predeal")
                merged[c] = s
        fixed = tuple(merged)
    if ld is not None:
        held = sum(1 for s in fixed if s == int(ld.leader))
        if held != 13:
            raise RuleError(f"a lead question needs the opening leader's 13 cards: predeal "
                            f"{ld.leader.name.lower()}'s hand ({held} given)")
    seats = tuple(dict.fromkeys(int(s) for s in symmetrize))
    if seats:
        if len(seats) < 2:
            raise ParseError("--symmetrize permutes two or more seats (E,W or E,W,N)")
        for s in seats:
            if any(x == s for x in fixed):
                from bridgecli.core.cards import Seat

                raise RuleError(f"--symmetrize: {Seat(s).name.lower()} has predealt cards; "
                                "only unknown hands are permuted")
    spec = Spec(seed=seed, fixed=fixed, wheres=tuple(where), script=script, script_source=script_source,
                max_tries=max_tries)
    from bridgecli.dealer.run import compile_spec

    compile_spec(spec)  # a bad condition is reported here, not in a worker
    return Question(spec, tuple(str(c) for c in cs), None if ld is None else str(ld), seats, chunk_size)


def simulate_question(question: Question, n: int | None = 100, vul: str = "None", scoring: str = "imps",
                      until_se: float | None = None, jobs: int = 1, executor: str = "local",
                      on_chunk: Callable[[Aggregator, Any, dict[str, Any], int], None] | None = None
                      ) -> dict[str, Any]:
    """Run ``question`` on ``n`` deals (the cap with ``until_se``) and return the summary dict
    (:meth:`Aggregator.summary`, plus ``seed``, ``stopped``). ``on_chunk(aggregator, chunk, scores,
    first_deal)`` is called after each merged chunk (progress, records).

    ``stopped`` is ``count``, ``until-se``, or ``max-tries`` when a chunk tried ``max_tries``
    deals without filling up (the figures then cover the deals found).
    """
    from .executors import results

    if scoring not in SCORINGS:
        raise ParseError(f"unknown scoring {scoring!r} (imps, mp, total)")
    if vul not in VULS:
        raise ParseError(f"unknown vulnerability {vul!r} (None, NS, EW, All)")
    contracts = [SimContract.from_str(t) for t in question.contracts]
    lead = SimContract.from_str(question.lead) if question.lead else None
    agg = Aggregator(contracts, vul, scoring, lead, question.leader_cards())
    if until_se is not None and len(contracts) < 2 and lead is None:
        raise ParseError("--until-se bounds the payoffs' standard errors: give two contracts or a lead question")
    stopped = "count"
    stream = results(question, tasks(n, question.chunk_size), executor, jobs)
    try:
        for chunk in stream:
            first = agg.deals
            extra = agg.add(chunk)
            if on_chunk is not None:
                on_chunk(agg, chunk, extra, first)
            if chunk.short:
                stopped = "max-tries"
                break
            if until_se is not None and agg.deals >= MIN_DEALS_FOR_SE:
                ses = agg.payoff_ses()
                if ses and max(ses) < until_se:
                    stopped = "until-se"
                    break
    finally:
        close = getattr(stream, "close", None)
        if close is not None:
            close()
    out = agg.summary()
    out["seed"] = question.spec.seed
    out["stopped"] = stopped
    return out
