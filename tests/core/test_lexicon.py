"""core.lexicon, the reading layer under the value types: its numbers are the value types'
numbers, every Language reads with its tokens, and the value types parse without loading
the language tables."""

from __future__ import annotations

import subprocess
import sys

import pytest

from bridgecli.core import lexicon
from bridgecli.core.calls import DOUBLE, PASS, REDOUBLE, Bid, parse_call
from bridgecli.core.cards import Card, Hand, Rank, Seat, Strain, Suit, Vulnerability
from bridgecli.core.contract import Contract, Risk
from bridgecli.core.errors import ParseError
from bridgecli.core.notation import LANGUAGES, get_language

from ..conftest import subprocess_env


def test_the_numbers_are_the_value_types_numbers() -> None:
    assert (lexicon.CLUBS, lexicon.DIAMONDS, lexicon.HEARTS, lexicon.SPADES) == tuple(Suit)
    assert (lexicon.NOTRUMP, lexicon.NULLO) == (Strain.NOTRUMP, Strain.NULLO)
    assert (lexicon.TEN, lexicon.JACK, lexicon.QUEEN, lexicon.KING, lexicon.ACE) == tuple(Rank)[8:]
    assert (lexicon.NORTH, lexicon.EAST, lexicon.SOUTH, lexicon.WEST) == tuple(Seat)
    assert (lexicon.VUL_NONE, lexicon.VUL_NS, lexicon.VUL_EW, lexicon.VUL_ALL) == (
        Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW, Vulnerability.ALL)
    assert (lexicon.UNDOUBLED, lexicon.DOUBLED, lexicon.REDOUBLED) == tuple(Risk)
    assert lexicon.SUIT_SYMBOLS == "".join(s.symbol for s in Suit)


def test_every_language_reads_the_tokens_of_its_lexicon_table() -> None:
    assert set(LANGUAGES) == set(lexicon.TOKENS)
    for code, lang in LANGUAGES.items():
        table = lexicon.TOKENS[code]
        for name in ("ranks", "suits", "seats", "vulnerability", "notrump", "nullo", "passout"):
            assert getattr(lang, name) == getattr(table, name), (code, name)
        assert lang.calls == {tok: (PASS, DOUBLE, REDOUBLE)[c] for tok, c in table.calls.items()}


def test_the_tokens_speak_their_languages_messages() -> None:
    pl = get_language("pl")
    with pytest.raises(ParseError, match="karta '♠A' dwa razy"):
        pl.parse_hand("AA.-.-.-")  # Polish quotes cards with symbols
    with pytest.raises(ParseError, match="card 'SA' twice"):
        Hand.from_pbn("AA.-.-.-")


@pytest.mark.parametrize("text, value", [
    # English first, then the tokens Polish and Hungarian agree on (Law-free notation facts)
    ("10h", Card(Suit.HEARTS, Rank.TEN)), ("♠W", Card(Suit.SPADES, Rank.JACK)),
    ("kontra", DOUBLE), ("Pass", PASS), ("xx", REDOUBLE), ("7nt", Bid(7, Strain.NOTRUMP)),
    ("Észak", Seat.NORTH), ("Zachód", Seat.WEST), ("obie", Vulnerability.ALL),
])
def test_the_value_types_read_foreign_tokens_the_languages_agree_on(text: str, value: object) -> None:
    parse = {Card: Card.from_str, Seat: Seat.from_str, Vulnerability: Vulnerability.from_str}.get(
        type(value), parse_call)  # type: ignore[call-overload]
    assert parse(text) == value


def test_contracts_read_through_the_lexicon() -> None:
    assert Contract.from_str("4SX by E") == Contract(4, Strain.SPADES, Risk.DOUBLED, Seat.EAST)
    assert Contract.from_str("3NTXXS") == Contract(3, Strain.NOTRUMP, Risk.REDOUBLED, Seat.SOUTH)
    assert Contract.from_str("passed out") == Contract.passed_out()
    with pytest.raises(ParseError, match="levels go from 1 to 7"):
        Contract.from_str("8S")


def test_the_value_types_parse_without_the_language_tables() -> None:
    code = ("import sys\n"
            "from bridgecli.core.cards import Card, Seat\n"
            "from bridgecli.core.calls import parse_call\n"
            "from bridgecli.core.contract import Contract\n"
            "Card.from_str('♠W'); Seat.from_str('Észak'); parse_call('kontra'); Contract.from_str('4SX by E')\n"
            "print('bridgecli.core.notation' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=subprocess_env(),
                         timeout=60, check=True).stdout
    assert out.strip() == "False"
