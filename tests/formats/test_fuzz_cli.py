"""A fast slice of tools/fuzz.py: mutated sample files through every reader, in process.

Each case must end with exit 0, 1 or 2 and no escaped exception, never reach the
group's safety net, never exit 0 on a card dealt twice, and a clean convert to
PBN, YAML or JSON must read back as the same boards. The long run is
``python tools/fuzz.py --cases 20000 --seed S``.
"""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
CASES = 3000
SEED = 20261201


def _fuzz() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bridgecli_fuzz", ROOT / "tools" / "fuzz.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bridgecli_fuzz"] = module
    spec.loader.exec_module(module)
    return module


fuzz = _fuzz()


def test_card_twice_breaks_every_sample() -> None:
    # the construction the exit-0 check relies on: one card in two hands, another missing
    for seed in fuzz.seeds():
        if not seed.name.startswith("valid/"):
            continue
        broken = fuzz.card_twice(seed.data, random.Random(1))
        assert broken is not None and broken != seed.data, seed.name
        assert len(broken) == len(seed.data)


@pytest.mark.parametrize("name", sorted(fuzz.MUTATIONS))
def test_each_mutation_changes_something(name: str) -> None:
    data = (ROOT / "sample_deals" / "valid" / "club_session.pbn").read_bytes()
    assert any(fuzz.MUTATIONS[name](data, random.Random(k)) != data for k in range(5))


def test_the_checks_can_fail(tmp_path: Path) -> None:
    # a valid file marked as broken exits 0: the check must say so
    seed = next(s for s in fuzz.seeds() if s.name == "valid/club_session.pbn")
    case = fuzz.Case(0, seed, seed.data, ["none"], True, ("show", "{}"))
    assert fuzz.check(case, str(tmp_path)) == ["exit 0 on a card dealt twice"]
    broken = fuzz.card_twice(seed.data, random.Random(2))
    assert broken is not None
    assert fuzz.check(fuzz.Case(0, seed, broken, ["card-twice"], True, ("show", "{}")), str(tmp_path)) == []


def test_fuzz_slice() -> None:
    findings = [f.describe(SEED) for f in fuzz.run(SEED, CASES, timeout=30)]
    assert findings == []


@pytest.mark.parametrize("name", sorted(fuzz.BOMBS))
def test_each_bomb_grows_its_file(name: str) -> None:
    make, exts = fuzz.BOMBS[name]
    seed = next(s for s in fuzz.seeds() if s.name.startswith("valid/") and (exts is None or s.ext in exts))
    for k in range(5):
        data = make(seed.data, random.Random(k), 20_000)
        assert len(data) > len(seed.data), (name, k)


def test_bombs_leave_the_other_cases_as_they_were() -> None:
    pool = fuzz.seeds()
    for i in range(200):
        plain, mixed = fuzz.make_case(SEED, i, pool), fuzz.make_case(SEED, i, pool, 0.2)
        assert mixed.data == plain.data or mixed.steps[0] in fuzz.BOMBS


def test_the_cpu_check_can_fail(tmp_path: Path) -> None:
    seed = next(s for s in fuzz.seeds() if s.name == "valid/club_session.pbn")
    case = fuzz.Case(0, seed, seed.data, ["none"], False, ("validate-auction", "{}"))
    assert fuzz.check(case, str(tmp_path), cpu=0.0)[0].startswith("cpu time ")


def test_fuzz_bombs_slice() -> None:
    # size and time bombs, smaller than the long run's (which goes to 300,000 and 1,100,000 lines)
    findings = [f.describe(SEED) for f in fuzz.run(SEED, 60, timeout=60, cpu=10, size=1.0, max_size=30_000)]
    assert findings == []
