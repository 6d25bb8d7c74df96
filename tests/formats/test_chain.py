"""PBN -> YAML -> JSON -> LIN -> PBN: deals, auctions (alerts, notes), plays and results survive."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from bridgecli.core import Board
from bridgecli.formats import json_format, lin, pbn, yaml_format

from .strategies import lin_boards

# tags LIN cannot carry, with unicode, quotes and backslashes in their values
_values = st.text(alphabet="abcXYZ09 \"\\'üé♠♥-:;,.", min_size=1, max_size=12).map(str.strip).filter(bool)
_extra_tags = st.fixed_dictionaries(
    {},
    optional={
        "Event": _values,
        "Site": _values,
        "Date": st.just("2024.03.01"),
        "Scoring": st.sampled_from(["IMP", "MP", "Rubber"]),
        "Annotator": _values,
        "MyClubTag": _values,
    },
)

_LIN_TAGS = ("South", "West", "North", "East", "Room")
# tags LIN's vugraph header vg| carries: comma-separated, so a comma becomes a space
_VG_TAGS = ("Event", "Stage", "Scoring", "HomeTeam", "VisitTeam")


@st.composite
def chain_boards(draw: Any) -> Board:
    """A board LIN can carry, plus tags only PBN, YAML and JSON keep."""
    b: Board = draw(lin_boards())
    tags = dict(b.tags)
    tags.update(draw(_extra_tags))
    return b.replace(tags=tags)


def _lin_part(b: Board) -> Board:
    tags = {k: v for k, v in b.tags.items() if k in _LIN_TAGS}
    for k in _VG_TAGS:
        v = " ".join(b.tags.get(k, "").replace(",", " ").split())
        if v:
            tags[k] = v
    return b.replace(tags=tags)


@settings(max_examples=40, deadline=None)
@given(st.lists(chain_boards(), min_size=1, max_size=3))
def test_pbn_yaml_json_lin_pbn(bs: list[Board]) -> None:
    from_pbn = pbn.loads(pbn.dumps(bs))
    assert from_pbn == bs
    from_yaml = yaml_format.loads(yaml_format.dumps(from_pbn))
    assert from_yaml == bs
    from_json = json_format.loads(json_format.dumps(from_yaml))
    assert from_json == bs
    from_lin = lin.loads(lin.dumps(from_json))
    assert from_lin == [_lin_part(b) for b in bs]
    back = pbn.loads(pbn.dumps(from_lin))
    assert back == from_lin
    for old, new in zip(bs, back):
        assert (new.deal, new.auction, new.auction_notes, new.play, new.play_leader) == (
            old.deal, old.auction, old.auction_notes, old.play, old.play_leader
        )
        assert (new.contract, new.result, new.number, new.dealer, new.vulnerability) == (
            old.contract, old.result, old.number, old.dealer, old.vulnerability
        )


def test_chain_on_a_hand_made_board() -> None:
    from .test_lin import SAMPLE

    (b,) = lin.loads(SAMPLE)
    b = b.replace(tags={**b.tags, "Event": 'Thursday "pairs" — Zoë'})
    text = pbn.dumps([b])
    assert '[Event "Thursday \\"pairs\\" — Zoë"]' in text
    y = yaml_format.loads(yaml_format.dumps(pbn.loads(text)))
    j = json_format.loads(json_format.dumps(y))
    assert j == [b]
    assert pbn.loads(pbn.dumps(lin.loads(lin.dumps(j)))) == [_lin_part(b)]


def test_registry_and_sniffing_know_the_written_formats() -> None:
    from bridgecli import formats

    from .test_lin import SAMPLE

    boards = lin.loads(SAMPLE)
    for fmt in ("yaml", "json", "lin"):
        text = formats.write_boards(boards, fmt)
        assert formats.sniff(text) == fmt
        assert formats.read_boards(text, fmt, source=f"x.{fmt}") == boards
        assert "".join(formats.iter_write(boards, fmt)) == text
