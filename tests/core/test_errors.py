"""core.errors: echoed values in messages are cut, and never formatted whole."""

from __future__ import annotations

import datetime

from hypothesis import given, settings
from hypothesis import strategies as st

from bridgecli.core.errors import ECHO_LIMIT, cut_quoted, short_repr

_TEXT = st.one_of(st.text(max_size=12), st.text(alphabet="ab'\"\\\n\u00e9\U0001f600", max_size=200))
_SCALARS = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), _TEXT,
                     st.dates(min_value=datetime.date(1900, 1, 1)))
_VALUES = st.recursive(_SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=30), st.tuples(inner), st.tuples(inner, inner),
    st.dictionaries(st.one_of(st.text(max_size=5), st.integers()), inner, max_size=8)), max_leaves=120)


@settings(max_examples=120, deadline=None)
@given(_VALUES, st.sampled_from(["", "tags.Site: expected a string, got list "]))
def test_a_message_reads_as_with_the_whole_repr(value: object, before: str) -> None:
    # the same message as when the whole value was formatted, then cut
    assert cut_quoted(before + short_repr(value)) == cut_quoted(before + repr(value))


def test_a_short_value_is_its_repr() -> None:
    for value in ("x" * (ECHO_LIMIT - 2), "it's", ['say "hi"', (1,), ()], {"k": [None, 1.5]}):
        assert short_repr(value) == repr(value)


def test_a_huge_value_is_not_formatted_whole() -> None:
    big = ["A" * 1_000_000] * 20_000  # 20 GB as text
    text = short_repr(big)
    assert text.startswith("['AAA") and len(text) < 20 * ECHO_LIMIT
    nested: list[object] = []
    nested.append(nested)
    assert short_repr(nested) == repr(nested)
