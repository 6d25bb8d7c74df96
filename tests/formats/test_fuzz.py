"""Garbage in: every reader yields boards or BridgeErrors, never another exception."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgecli.core import Board, BridgeError
from bridgecli.formats import json_format, lin, yaml_format

from .test_lin import SAMPLE
from .test_yaml import TWO

JSON_LINE = '{"board": 1, "dealer": "N", "deal": {"N": "AKQ.JT9.876.5432"}, "auction": ["1C!", {"call": "X", "note": 1}]}\n'


def _mutations(seed_text: str) -> st.SearchStrategy[str]:
    """The seed text with a slice replaced by random text (often structural characters)."""
    noise = st.text(alphabet=st.sampled_from(list("|,:-[]{}\"'!#&*\n \t\\0123456789SHDCAKQJTxN.%~?")) | st.characters(),
                    max_size=12)
    return st.tuples(st.integers(0, len(seed_text)), st.integers(0, 12), noise).map(
        lambda t: seed_text[: t[0]] + t[2] + seed_text[t[0] + t[1]:]
    )


def _check(reader: object, text: str) -> None:
    for rec in reader(text, source="fuzz"):  # type: ignore[operator]
        assert isinstance(rec, (Board, BridgeError))
        if isinstance(rec, BridgeError):
            assert rec.source == "fuzz"
            assert rec.line is None or rec.line >= 1


_fuzz = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@_fuzz
@given(st.one_of(_mutations(TWO), st.text(max_size=60)))
def test_yaml_never_raises(text: str) -> None:
    _check(yaml_format.iter_records, text)


@_fuzz
@given(st.one_of(_mutations(JSON_LINE * 3), st.text(max_size=60)))
def test_json_never_raises(text: str) -> None:
    _check(json_format.iter_records, text)


@_fuzz
@given(st.one_of(_mutations(SAMPLE * 2), st.text(max_size=60)))
def test_lin_never_raises(text: str) -> None:
    _check(lin.iter_records, text)
