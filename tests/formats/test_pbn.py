"""Tests of the PBN 2.1 reader and writer (bridgecli.formats.pbn).

Expected values come from the PBN 2.1 standard (see shared reference PBN.md),
not from running the code.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgecli.core import (
    DECK,
    DOUBLE,
    PASS,
    REDOUBLE,
    SEATS,
    STRAINS,
    AnnotatedCall,
    Bid,
    Board,
    BridgeError,
    Card,
    Contract,
    Deal,
    Hand,
    InvalidDealError,
    ParseError,
    PlayedCard,
    Risk,
    Seat,
    Strain,
    Vulnerability,
)
from bridgecli.core.board import STRUCTURED_TAGS, Section
from bridgecli.core.calls import ALL_BIDS
from bridgecli.formats import pbn

DATA = Path(__file__).parent / "data"

SPEC_DEAL = "N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85"


def C(text: str) -> Card:
    return Card.from_str(text)


def one(text: str) -> Board:
    boards = pbn.loads(text)
    assert len(boards) == 1
    return boards[0]


def err(text: str) -> BridgeError:
    recs = list(pbn.iter_records(text, source="t.pbn"))
    errors = [r for r in recs if isinstance(r, BridgeError)]
    assert errors, recs
    return errors[0]


# --- the worked example of the standard (PBN.md §11) --------------------------


def test_spec_example_reads() -> None:
    text = (DATA / "spec_example.pbn").read_text()
    b = one(text)
    assert b.number == 1
    assert b.dealer is Seat.NORTH
    assert b.vulnerability is Vulnerability.NONE
    assert b.deal == Deal.from_pbn(SPEC_DEAL)
    assert b.contract == Contract(5, Strain.HEARTS, Risk.DOUBLED, Seat.SOUTH)
    assert b.result == 9
    assert b.tags["Event"] == "International Amsterdam Airport Schiphol Bridgetournament"
    assert b.player(Seat.WEST) == "Podgor"
    assert b.tags["Scoring"] == "IMP"
    assert len(b.auction or ()) == 15
    assert b.auction[2] == AnnotatedCall(Bid(3, Strain.HEARTS), note=1)  # type: ignore[index]
    assert b.auction[4] == AnnotatedCall(Bid(4, Strain.NOTRUMP), note=2)  # type: ignore[index]
    assert b.calls[5] == DOUBLE and b.calls[-1] == PASS
    assert b.auction_notes == {1: "non-forcing 6-9 points, 6-card", 2: "two colors: clubs and diamonds"}
    assert b.play_leader is Seat.WEST
    assert b.play is not None and len(b.play) == 7
    assert b.play[0][0] == PlayedCard(C("SK"), note=1)
    assert b.play[1] == tuple(PlayedCard(C(t)) for t in ("C5", "C2", "C6", "CK"))
    assert b.play[6] == (PlayedCard(None),) * 3 + (PlayedCard(C("H2")),)
    assert b.play_end == "*"
    assert b.play_notes == {1: "highest of series"}
    assert b.auction_end == ""


def test_spec_example_is_canonical() -> None:
    text = (DATA / "spec_example.pbn").read_text()
    assert pbn.dumps(pbn.loads(text)) == text


def test_crlf_reads_the_same_and_writes_crlf() -> None:
    text = (DATA / "spec_example.pbn").read_text()
    crlf = text.replace("\n", "\r\n")
    assert pbn.loads(crlf) == pbn.loads(text)
    assert pbn.dumps(pbn.loads(text), crlf=True) == crlf


def test_load_and_dump_file_objects() -> None:
    text = (DATA / "spec_example.pbn").read_text()
    boards = pbn.load(io.StringIO(text))
    buf = io.StringIO()
    pbn.dump(boards, buf)
    assert buf.getvalue() == text
    assert "".join(pbn.iter_dumps(boards)) == text


# --- games, comments, directives ------------------------------------------------


def test_empty_input_yields_no_boards() -> None:
    assert pbn.loads("") == []
    assert pbn.loads("\n\n  \n") == []
    assert pbn.loads("% PBN 2.1\n% EXPORT\n") == []
    assert pbn.loads("; only a comment\n{ and a\n\nbrace comment }\n") == []


def test_games_split_on_semi_empty_lines() -> None:
    text = '[Board "1"]\n[Dealer "N"]\n \t\n[Board "2"]\n\n\n[Board "3"]\n'
    assert [b.number for b in pbn.loads(text)] == [1, 2, 3]


def test_blank_line_inside_brace_comment_does_not_split() -> None:
    text = '[Board "1"]\n{ a comment\n\nstill the comment }\n[Dealer "E"]\n'
    b = one(text)
    assert b.number == 1 and b.dealer is Seat.EAST


def test_comments_and_several_tags_per_line() -> None:
    text = (
        '[Event "x"] ; end-of-line comment [Site "no"]\n'
        '[Board "7"] [Dealer "s"] {brace} [Vulnerable "both"]\n'
        '[ West\n  "Smith" ]\n'
        '%directive line\n'
        '[Deal "n:- - - -"]\n'
    )
    b = one(text)
    assert b.tags == {"Event": "x", "West": "Smith"}
    assert b.number == 7 and b.dealer is Seat.SOUTH and b.vulnerability is Vulnerability.ALL
    assert b.deal == Deal((None, None, None, None))


def test_indented_tags_and_directives_inside_a_game() -> None:
    text = '  [Board "4"]\n\t[Dealer "W"]\n[Auction "W"]\n  1C Pass\n%%!R 1234\n  Pass Pass\n  [Event "e"]\n'
    b = one(text)
    assert b.number == 4 and b.dealer is Seat.WEST and b.tags == {"Event": "e"}
    assert b.calls == [Bid(1, Strain.CLUBS), PASS, PASS, PASS]


def test_escapes_in_strings() -> None:
    b = one('[Event "say \\"hi\\" \\\\ back"]\n[Board "1"]\n')
    assert b.tags["Event"] == 'say "hi" \\ back'
    assert pbn.loads(pbn.dumps([b])) == [b]


def test_backslash_escapes_round_trip() -> None:
    for value in ("a\\2R", "\\", "x\\\\y", '\\"', 'q"', "\\\\\\"):
        b = Board(number=1, tags={"Event": value})
        assert pbn.loads(pbn.dumps([b])) == [b], value
    assert '[Hdr "A\\2R"]' in pbn.dumps([Board(tags={"Hdr": "A\\2R"})])


def test_vulnerability_synonyms() -> None:
    for word, vul in (("None", Vulnerability.NONE), ("love", Vulnerability.NONE), ("-", Vulnerability.NONE),
                      ("ns", Vulnerability.NS), ("EW", Vulnerability.EW), ("Both", Vulnerability.ALL),
                      ("all", Vulnerability.ALL)):
        assert one(f'[Vulnerable "{word}"]\n').vulnerability is vul


def test_repeated_tag_first_wins() -> None:
    b = one('[Event "a"]\n[Event "b"]\n[Board "2"]\n[Board "3"]\n')
    assert b.tags["Event"] == "a" and b.number == 2


def test_unknown_tags_kept_in_order() -> None:
    b = one('[Zeta "1"]\n[Board "1"]\n[Alpha "2"]\n[DoubleDummyTricks "746b5747b55862758627"]\n')
    assert list(b.tags) == ["Zeta", "Alpha", "DoubleDummyTricks"]


def test_question_mark_in_mandatory_tag_means_unknown() -> None:
    b = one('[Event "?"]\n[Site ""]\n[Board "?"]\n[Dealer "?"]\n[Room "?"]\n')
    assert b.tags == {"Site": "", "Room": "?"}
    assert b.number is None and b.dealer is None


# --- inheritance (§4.8) ------------------------------------------------------------


def test_hash_inheritance() -> None:
    text = (
        '[Event "##Autumn regional"]\n[Site "Gatlinburg"]\n[Board "1"]\n[West "Smith"]\n\n'
        '[Board "2"]\n[Site "#"]\n[West "#"]\n\n'
        '[Board "3"]\n[Event "Other"]\n[West "##"]\n\n'
        '[Board "4"]\n'
    )
    b1, b2, b3, b4 = pbn.loads(text)
    assert b1.tags["Event"] == "Autumn regional" and b1.tags["Site"] == "Gatlinburg"
    assert b2.tags == {"Site": "Gatlinburg", "West": "Smith", "Event": "Autumn regional"}
    assert b3.tags["Event"] == "Other" and b3.tags["West"] == ""
    assert b4.tags == {"Event": "Autumn regional", "West": ""}


def test_hash_without_earlier_value_is_empty() -> None:
    assert one('[Board "1"]\n[Annotator "#"]\n').tags["Annotator"] == ""


def test_inheritance_forbidden_for_deal() -> None:
    e = err('[Board "1"]\n[Deal "' + SPEC_DEAL + '"]\n\n[Board "2"]\n[Deal "#"]\n')
    assert isinstance(e, ParseError) and e.line == 5 and e.board == "2"
    assert "Deal" in e.message


# --- auction (§3.5) -----------------------------------------------------------------


def auction_of(text: str, dealer: str = "N") -> Board:
    return one(f'[Board "1"]\n[Dealer "{dealer}"]\n{text}\n')


def test_auction_lower_case_and_ap() -> None:
    b = auction_of('[Auction "N"]\n1nt pass 3nt AP')
    assert b.calls == [Bid(1, Strain.NOTRUMP), PASS, Bid(3, Strain.NOTRUMP), PASS, PASS, PASS]


def test_auction_ap_alone_is_passed_out() -> None:
    assert auction_of('[Auction "N"]\nAP').calls == [PASS] * 4
    assert auction_of('[Auction "N"]\nPass AP').calls == [PASS] * 4
    assert auction_of('[Auction "N"]\n1S Pass AP').calls == [Bid(1, Strain.SPADES)] + [PASS] * 3


def test_auction_fillers_before_dealer() -> None:
    b = auction_of('[Auction "W"]\n- 1D 1S 3H\nPass Pass Pass', dealer="N")
    assert b.calls == [Bid(1, Strain.DIAMONDS), Bid(1, Strain.SPADES), Bid(3, Strain.HEARTS)] + [PASS] * 3


def test_auction_seat_must_meet_dealer() -> None:
    e = err('[Board "5"]\n[Dealer "N"]\n[Auction "E"]\n1D Pass\n')
    assert isinstance(e, ParseError) and e.line == 3 and e.board == "5"


def test_auction_alerts_notes_and_nags() -> None:
    b = auction_of('[Auction "N"]\n1C! 1D =1= $1 X ? XX $13 $20 *\n[Note "1:michaels"]')
    assert b.auction == (
        AnnotatedCall(Bid(1, Strain.CLUBS), alert=True),
        AnnotatedCall(Bid(1, Strain.DIAMONDS), alert=True, note=1),
        AnnotatedCall(DOUBLE, nags=(2,)),
        AnnotatedCall(REDOUBLE, nags=(13, 20)),
    )
    assert b.auction_notes == {1: "michaels"}


def test_auction_end_marks() -> None:
    assert auction_of('[Auction "N"]\n1S Pass *').auction_end == "*"
    b = auction_of('[Auction "N"]\n1S +')
    assert b.auction_end == "+" and b.calls == [Bid(1, Strain.SPADES)]


def test_alert_written_as_nag_1() -> None:
    b = auction_of('[Auction "N"]\n1C! Pass')
    text = pbn.dumps([b])
    assert '[Auction "N"]\n1C $1 Pass\n' in text
    assert pbn.loads(text) == [b]


def test_auction_written_from_dealer_four_a_line() -> None:
    b = auction_of('[Auction "W"]\n- - 1C Pass\n1H =1= Pass 1NT Pass\nPass Pass\n[Note "1:4+"]', dealer="E")
    text = pbn.dumps([b])
    assert '[Auction "E"]\n1C Pass 1H =1= Pass\n1NT Pass Pass Pass\n[Note "1:4+"]\n' in text


# --- play (§3.6) --------------------------------------------------------------------


def test_play_rows_suffixes_and_plus() -> None:
    b = one('[Board "1"]\n[Play "E"]\nc2 CA! ck c3\n+ - - DQ\n')
    assert b.play_leader is Seat.EAST
    assert b.play == (
        (PlayedCard(C("C2")), PlayedCard(C("CA"), nags=(7,)), PlayedCard(C("CK")), PlayedCard(C("C3"))),
        (PlayedCard(None), PlayedCard(None), PlayedCard(None), PlayedCard(C("DQ"))),
    )
    assert b.play_end == "+"
    assert pbn.loads(pbn.dumps([b])) == [b]


def test_plus_in_the_middle_of_a_trick_holds_a_column() -> None:
    b = one('[Play "E"]\nD3 DA S5 D4\nS3 C3 +  SA\n')
    assert b.play is not None
    assert b.play[1] == (PlayedCard(C("S3")), PlayedCard(C("C3")), PlayedCard(None), PlayedCard(C("SA")))
    assert b.play_end == "+"
    text = pbn.dumps([b])
    assert text.endswith("[Play \"E\"]\nD3 DA S5 D4\nS3 C3 - SA\n+\n")
    assert pbn.loads(text) == [b]
    c = one('[Play "E"]\nD3 DA S5 D4\n+\n')
    assert c.play == ((PlayedCard(C("D3")), PlayedCard(C("DA")), PlayedCard(C("S5")), PlayedCard(C("D4"))),)


def test_play_card_after_star_is_an_error() -> None:
    e = err('[Board "1"]\n[Play "E"]\nC2 CA CK C3\n*\nD2\n')
    assert isinstance(e, ParseError) and e.line == 5


def test_played_cards_columns_follow_leader() -> None:
    b = one('[Board "1"]\n[Play "S"]\nH2 H3 H4 H5\n')
    assert b.played_cards == [(Seat.SOUTH, C("H2")), (Seat.WEST, C("H3")), (Seat.NORTH, C("H4")),
                              (Seat.EAST, C("H5"))]


# --- contract, declarer, result -----------------------------------------------------


def test_passed_out_board() -> None:
    b = one('[Board "1"]\n[Declarer ""]\n[Contract "Pass"]\n[Result ""]\n')
    assert b.contract == Contract.passed_out() and b.result is None


def test_contract_not_recorded() -> None:
    b = one('[Board "1"]\n[Declarer ""]\n[Contract ""]\n[Result ""]\n')
    assert b.contract is None and b.result is None and b.tags == {}


def test_result_side_forms() -> None:
    b = one('[Declarer "E"]\n[Contract "3NT"]\n[Result "NS 4 EW 9"]\n')
    assert b.result == 9
    b = one('[Declarer "N"]\n[Contract "3ntxx"]\n[Result "NS 10"]\n')
    assert b.result == 10 and b.contract == Contract(3, Strain.NOTRUMP, Risk.REDOUBLED, Seat.NORTH)


def test_result_that_does_not_fit_is_kept_as_tag() -> None:
    b = one('[Declarer "N"]\n[Contract "4S"]\n[Result "EW 3"]\n')
    assert b.result is None and b.tags["Result"] == "EW 3"
    assert pbn.loads(pbn.dumps([b])) == [b]


def test_end_position_contract_kept_as_tag() -> None:
    b = one('[Declarer "S"]\n[Contract "H"]\n')
    assert b.contract is None and b.tags == {"Contract": "H", "Declarer": "S"}
    assert pbn.loads(pbn.dumps([b])) == [b]


# --- sections -----------------------------------------------------------------------


def test_table_section_kept() -> None:
    text = (
        '[Board "1"]\n[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]\n'
        'N NT  9\nN  S 10\n[ScoreTable "Table;Name"]\n1 "Smith, J"\n'
    )
    b = one(text)
    assert b.sections == (
        Section("OptimumResultTable", "Declarer;Denomination\\2R;Result\\2R", ("N NT  9", "N  S 10")),
        Section("ScoreTable", "Table;Name", ('1 "Smith, J"',)),
    )
    assert pbn.loads(pbn.dumps([b])) == [b]


# --- errors -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "line", "kind", "words"),
    [
        ('[Board "3"]\n[Event "never closed\n', 2, ParseError, "unterminated string"),
        ('[Board "3"]\n[Event "x"\n[Site "y"]\n', 3, ParseError, "unterminated tag"),
        ('[Board "3"]\n[Event "x"\n', 2, ParseError, "unterminated tag"),
        ('[Board "3"]\n{ open comment\n', 2, ParseError, "unterminated comment"),
        ('[Board "3"]\n[Deal "N:AKQ.AKQ.AKQ.AKQ"]\n', 2, ParseError, "four hands"),
        ('[Board "3"]\n[Deal "X:- - - -"]\n', 2, ParseError, "seat"),
        ('[Board "3"]\n[Deal "N:AKQJT98765432.A.. - - -"]\n', 2, InvalidDealError, "14"),
        ('[Board "3"]\n[Deal "N:A... A... - -"]\n', 2, InvalidDealError, "SA"),
        ('[Board "3"]\n[Deal "N:AKZ... - - -"]\n', 2, ParseError, "Z"),
        ('[Board "3"]\n[Dealer "Q"]\n', 2, ParseError, "unknown seat 'Q'"),
        ('[Board "3"]\n[Declarer "X"]\n[Contract "4S"]\n', 2, ParseError, "unknown seat"),
        ('[Board "3"]\n[Vulnerable "maybe"]\n', 2, ParseError, "maybe"),
        ('[Board "3"]\n[Contract "8S"]\n', 2, ParseError, "8S"),
        ('[Board "3"]\n[Result "14"]\n', 2, ParseError, "14"),
        ('[Board "3"]\n[Result "lots"]\n', 2, ParseError, "lots"),
        ('[Board "-3"]\n', 1, ParseError, "positive integer"),  # ("x3" is a label)
        ('[Board "3"]\n[Dealer "N"]\n[Auction "N"]\n1C 1D\n2Q\n', 5, ParseError, "2Q"),
        ('[Board "3"]\n[Dealer "N"]\n[Auction "N"]\n1C - 1D\n', 4, ParseError, "'-'"),
        ('[Board "3"]\n[Dealer "N"]\n[Auction "N"]\n=1= 1C\n', 4, ParseError, "annotation"),
        ('[Board "3"]\n[Play "N"]\nSA SK S1 SQ\n', 3, ParseError, "S1"),
        ('[Board "3"]\n[Play "Z"]\n', 2, ParseError, "unknown seat"),
        ('[Board "3"]\n[Note "no number"]\n', 2, ParseError, "note"),
        ('[Board "3"]\n[Event "x"]\nstray words here\n', 3, ParseError, "stray"),
        ('garbage line\n[Board "3"]\n', 1, ParseError, "garbage"),
        ('[Board "3"]\n]\n', 2, ParseError, "']'"),
        ('[Board "3"]\n[Bad-Name "x"]\n', 2, ParseError, "Bad-Name"),
    ],
)
def test_errors_located(text: str, line: int, kind: type, words: str) -> None:
    e = err(text)
    assert isinstance(e, kind), e
    assert e.source == "t.pbn"
    assert e.line == line, (e.line, e.message)
    assert words.lower() in e.message.lower(), e.message
    if '[Board "3"]' in text.split("\n")[0]:
        assert e.board == "3"
    with pytest.raises(kind):
        pbn.loads(text)


def test_bad_game_in_the_middle() -> None:
    good = '[Board "{n}"]\n[Dealer "N"]\n[Deal "' + SPEC_DEAL + '"]\n'
    games = [good.format(n=n) for n in range(1, 6)]
    games[2] = '[Board "3"]\n[Dealer "N"]\n[Deal "N:AKQ"]\n'
    text = "\n".join(games)
    recs = list(pbn.iter_records(text, source="s.pbn"))
    assert len(recs) == 5
    bad = recs[2]
    assert isinstance(bad, ParseError)
    assert (bad.source, bad.line, bad.board) == ("s.pbn", 11, "3")
    assert [r.number for r in recs if isinstance(r, Board)] == [1, 2, 4, 5]


def test_unterminated_string_spoils_only_its_game() -> None:
    text = '[Board "1"]\n\n[Board "2"]\n[Event "oops]\n[Site "x"]\n\n[Board "3"]\n'
    recs = list(pbn.iter_records(text))
    assert isinstance(recs[0], Board) and isinstance(recs[2], Board)
    assert isinstance(recs[1], ParseError) and recs[1].line == 4 and recs[1].board == "2"


@pytest.mark.parametrize("lead", ["\n\n", "\n\n\n", "\n \n", "% c\n\n\n"])
def test_errors_after_blank_lines_at_the_start_are_located(lead: str) -> None:
    # the blank lines (and commentary) before the first game are lines too
    text = lead + '[Board "1"]\n\n[Board "2"]\n[Dealer "Q"]\n'
    line = lead.count("\n") + 4
    assert text.split("\n")[line - 1] == '[Dealer "Q"]'
    recs = list(pbn.iter_records(text, source="t.pbn"))
    assert isinstance(recs[0], Board) and isinstance(recs[1], ParseError) and recs[1].line == line
    (e,) = pbn.iter_records(lead + '[Board "2"]\n[Dealer "Q"]\n', source="t.pbn")
    assert isinstance(e, ParseError) and e.line == lead.count("\n") + 2


def test_writer_rejects_line_breaks_and_bad_names() -> None:
    with pytest.raises(ParseError):
        pbn.dumps([Board(tags={"Event": "two\nlines"})])
    with pytest.raises(ParseError):
        pbn.dumps([Board(tags={"Bad Name": "x"})])
    for value in ("#", "##x"):
        with pytest.raises(ParseError):
            pbn.dumps([Board(tags={"Event": value})])
    assert '[Event "#1 seed"]' in pbn.dumps([Board(tags={"Event": "#1 seed"})])


# --- round trips (hypothesis) -------------------------------------------------------

_TEXT = st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=12).filter(
    lambda s: not s.startswith("#")
)
_TAG_NAME = st.from_regex(r"[A-Z][A-Za-z0-9_]{0,8}", fullmatch=True).filter(
    lambda n: n not in STRUCTURED_TAGS and not n.endswith("Table")
)


@st.composite
def deals(draw: st.DrawFn) -> Deal:
    order = draw(st.permutations(range(52)))
    hands: list[Hand | None] = [Hand(DECK[i] for i in order[13 * k:13 * k + 13]) for k in range(4)]
    for k in range(4):
        if draw(st.integers(0, 9)) == 0:
            hands[k] = None
    return Deal(tuple(hands))  # type: ignore[arg-type]


_NAGS = st.lists(st.integers(2, 255), max_size=2, unique=True).map(lambda x: tuple(sorted(x)))
_CALLS = st.sampled_from(ALL_BIDS + (PASS, DOUBLE, REDOUBLE))
_ANN_CALLS = st.one_of(
    st.builds(AnnotatedCall, _CALLS, st.booleans(), st.one_of(st.none(), st.integers(1, 32)), _NAGS),
    # PBN 3.9 irregularities: a skipped turn, an accepted insufficient bid
    st.just(AnnotatedCall(PASS, irregular="S")),
    st.builds(AnnotatedCall, st.sampled_from(ALL_BIDS), st.booleans(), st.none(), _NAGS, st.just("I")),
)
_CARDS = st.one_of(st.none(), st.sampled_from(DECK))
_PLAYED = st.one_of(
    _CARDS.map(PlayedCard),
    st.builds(PlayedCard, _CARDS, st.one_of(st.none(), st.integers(1, 32)),
              st.lists(st.integers(0, 255), max_size=2, unique=True).map(lambda x: tuple(sorted(x)))),
    st.builds(PlayedCard, st.sampled_from(DECK), st.none(), st.just(()), st.sampled_from(["R", "L"])),
)
# commentary before the first tag (its order there is kept)
_COMMENTS = st.lists(st.one_of(
    _TEXT.filter(lambda t: "}" not in t).map(lambda t: "{" + t + "}"),
    _TEXT.map(lambda t: "%" + " ".join(t.split())).filter(lambda t: not re.match(r"%\s*(PBN\s|EXPORT|IMPORT)", t, re.IGNORECASE)),
), max_size=2).map(lambda xs: tuple(("", x) for x in xs))
_NOTES = st.dictionaries(st.integers(1, 32), _TEXT, max_size=3)


@st.composite
def plays(draw: st.DrawFn) -> tuple[tuple[PlayedCard, ...], ...]:
    n = draw(st.integers(0, 13))
    rows = [tuple(draw(st.lists(_PLAYED, min_size=4, max_size=4))) for _ in range(n)]
    if n < 13 and draw(st.booleans()):
        rows.append(tuple(draw(st.lists(_PLAYED, min_size=1, max_size=3))))
    return tuple(rows)


_CONTRACTS = st.one_of(
    st.none(),
    st.just(Contract.passed_out()),
    st.builds(Contract, st.integers(1, 7), st.sampled_from(STRAINS), st.sampled_from(list(Risk)),
              st.one_of(st.none(), st.sampled_from(SEATS))),
)
_ROW = st.lists(st.from_regex(r"[A-Za-z0-9+\-.:]{1,5}", fullmatch=True), min_size=1, max_size=4).map(" ".join)


@st.composite
def sections(draw: st.DrawFn) -> tuple[Section, ...]:
    names = draw(st.lists(st.sampled_from(["OptimumResultTable", "ScoreTable", "ActionTable", "XTable"]),
                          unique=True, max_size=2))
    # a name outside PBN's table list is a section only with rows ([XTable ""] alone is a tag)
    return tuple(
        Section(n, draw(_TEXT), tuple(draw(st.lists(_ROW, min_size=n == "XTable", max_size=3))))
        for n in sorted(names)
    )


@st.composite
def boards(draw: st.DrawFn) -> Board:
    play = draw(st.one_of(st.none(), plays()))
    auction = draw(st.one_of(st.none(), st.lists(_ANN_CALLS, max_size=14).map(tuple)))
    tags = draw(st.dictionaries(_TAG_NAME, _TEXT, max_size=4))
    tags = {k: v for k, v in tags.items() if not (v == "?" and k in pbn.MTS_TAGS)}
    return Board(
        number=draw(st.one_of(st.none(), st.integers(1, 999))),
        dealer=draw(st.one_of(st.none(), st.sampled_from(SEATS))),
        vulnerability=draw(st.one_of(st.none(), st.sampled_from(list(Vulnerability)))),
        deal=draw(st.one_of(st.none(), deals())),
        auction=auction,
        auction_end=draw(st.sampled_from(["", "*", "+"])) if auction is not None else "",
        auction_notes=draw(_NOTES),
        play=play,
        play_leader=draw(st.one_of(st.none(), st.sampled_from(SEATS))) if play is not None else None,
        play_end=draw(st.sampled_from(["", "*", "+"])) if play is not None else "",
        play_notes=draw(_NOTES) if play is not None else {},
        contract=draw(_CONTRACTS),
        result=draw(st.one_of(st.none(), st.integers(0, 13))),
        tags=tags,
        sections=draw(sections()),
        comments=draw(_COMMENTS),
    )


@settings(max_examples=80, deadline=None)
@given(st.lists(boards(), max_size=3))
def test_round_trip_boards(bs: list[Board]) -> None:
    text = pbn.dumps(bs)
    assert pbn.loads(text) == bs
    assert pbn.dumps(pbn.loads(text)) == text
    assert pbn.loads(pbn.dumps(bs, crlf=True)) == bs
    # a brace comment sends the whole text through the line-by-line reader; it is
    # kept on the first board, before its first tag (PBN 3.8: converters keep comments)
    kept = [b.replace(comments=(("", "{ comment }"), *b.comments)) if i == 0 else b for i, b in enumerate(bs)]
    assert pbn.loads("{ comment }\n" + text) == kept


# --- files in tests/formats/data ------------------------------------------------------


def test_import_style_file_to_canonical() -> None:
    boards = pbn.loads((DATA / "import_style.pbn").read_text())
    expected = (DATA / "import_style.expected.pbn").read_text()
    assert pbn.dumps(boards) == expected
    assert pbn.loads(expected) == boards


def test_import_style_file_details() -> None:
    b5, b6 = pbn.loads((DATA / "import_style.pbn").read_text())
    assert b5.dealer is Seat.NORTH and b5.vulnerability is Vulnerability.NS
    assert b5.auction[2] == AnnotatedCall(Bid(3, Strain.HEARTS), alert=True)  # type: ignore[index]
    assert b5.auction[-4:] == (AnnotatedCall(DOUBLE),) + (AnnotatedCall(PASS),) * 3  # type: ignore[index]
    assert b5.contract == Contract(5, Strain.HEARTS, Risk.DOUBLED, Seat.SOUTH) and b5.result == 9
    assert len(b5.play or ()) == 3 and b5.play_end == "*"
    assert b6.tags == {"Room": "Closed", "Event": "Spring Teams", "Site": "Utrecht"}


def test_composer_style_file() -> None:
    b1, b2 = pbn.loads((DATA / "composer_style.pbn").read_text())
    assert b1.vulnerability is Vulnerability.NONE
    assert b1.tags["Site"] == "" and b1.tags["West"] == "West+Player"
    assert b1.auction[0] == AnnotatedCall(Bid(1, Strain.CLUBS), alert=True, note=1)  # type: ignore[index]
    assert b1.auction[4] == AnnotatedCall(Bid(1, Strain.NOTRUMP), alert=True, note=2)  # type: ignore[index]
    assert b1.auction_notes == {1: "could be short", 2: "15-17"}
    assert b1.play is not None and b1.play[-1] == (PlayedCard(None),) * 4 and b1.play_end == "*"
    assert b1.contract == Contract(3, Strain.NOTRUMP, Risk.UNDOUBLED, Seat.NORTH) and b1.result == 10
    assert b1.tags["DoubleDummyTricks"] == "746b5747b55862758627"
    assert b1.tags["OptimumScore"] == "NS 430"
    assert b1.sections == (
        Section("OptimumResultTable", "Declarer;Denomination\\2R;Result\\2R", ("N NT 10", "N  S  9", "E NT  3")),
    )
    # "#" takes the value of the previous game
    assert b2.tags["Event"] == "Club Pairs" and b2.tags["West"] == "West+Player" and b2.tags["Site"] == ""
    assert b2.deal == Deal((None, None, None, None))
    assert b2.contract == Contract.passed_out() and b2.calls == [PASS] * 4
    assert pbn.loads(pbn.dumps([b1, b2])) == [b1, b2]


def test_one_bad_file() -> None:
    recs = list(pbn.iter_records((DATA / "one_bad.pbn").read_text(), source="one_bad.pbn"))
    assert [r.number for r in recs if isinstance(r, Board)] == [1, 3]
    bad = recs[1]
    assert isinstance(bad, InvalidDealError)
    assert (bad.source, bad.line, bad.board) == ("one_bad.pbn", 7, "2")
    assert "CA" in bad.message


# --- never a traceback ------------------------------------------------------------------

_PBN_CHARS = st.sampled_from(list('[]{};"%\\#$=!?*+-^ \t\n\r:.') + list("NESWnesw AKQJT98765432 CDHSX Pass AP"))


@settings(max_examples=200, deadline=None)
@given(st.lists(_PBN_CHARS, max_size=200).map("".join))
def test_random_text_gives_boards_or_errors(text: str) -> None:
    for rec in pbn.iter_records(text, source="f"):
        assert isinstance(rec, (Board, BridgeError))
        if isinstance(rec, BridgeError):
            assert rec.source == "f" and rec.line is not None


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_damaged_spec_file_gives_boards_or_errors(data: st.DataObject) -> None:
    text = (DATA / "composer_style.pbn").read_text()
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, len(text)))
        j = data.draw(st.integers(i, min(len(text), i + 5)))
        text = text[:i] + data.draw(st.lists(_PBN_CHARS, max_size=4).map("".join)) + text[j:]
    n_lines = text.replace("\r\n", "\n").replace("\r", "\n").count("\n") + 1
    for rec in pbn.iter_records(text, source="f"):
        assert isinstance(rec, (Board, BridgeError))
        if isinstance(rec, BridgeError):
            assert rec.line is not None and 1 <= rec.line <= n_lines, (rec.line, rec)


def test_features_file() -> None:
    b1, b2, b3 = pbn.loads((DATA / "features.pbn").read_text(), source="features.pbn")
    assert b1.tags == {"Event": "Winter Open", "Site": "Leiden", "Date": "2023.01.??", "West": "", "North": "",
                       "East": "", "South": "", "Scoring": "IMP"}
    assert b1.calls[-3:] == [PASS] * 3 and len(b1.calls) == 10
    assert b1.play_end == "+" and b1.play_leader is Seat.EAST and len(b1.play or ()) == 1
    assert b2.tags == b1.tags
    assert b2.auction == (AnnotatedCall(Bid(1, Strain.CLUBS), nags=(13,)), AnnotatedCall(DOUBLE))
    assert b2.auction_end == "+"
    assert b2.sections[0].rows == ('1 "Ann ; Bob"      420', '2 "Cid ; Dee"   -50')
    assert b3.sections == (Section("ScoreTable", "Rank\\2R;Names\\20L;Score\\4R", ("1 x 1",)),)
    assert b3.tags["Contract"] == "H" and b3.contract is None
    assert b3.play is not None and b3.play[0][0] == PlayedCard(C("C5"), nags=(200,))
    assert b3.play[0][3] == PlayedCard(C("CK"), nags=(14,))
    assert pbn.loads(pbn.dumps([b1, b2, b3])) == [b1, b2, b3]


def test_two_games_with_no_blank_line_between_them_are_said() -> None:
    # two files joined ((deal -n 2; deal -n 1) | show -): the second game's tags repeat the
    # first's in one game; PBN 3.4 ignores a repeated tag, and that is no longer silent
    import warnings

    game = '[Board "{n}"]\n[Deal "N:AKQJ.AKQ.AKQ.AKQ 5432.5432.5432.5 T987.T987.T9.T98 6.J6.J876.J76432"]\n'
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        boards = pbn.loads(game.format(n=1) + "% PBN 2.1\n" + game.format(n=2))
    assert [b.number for b in boards] == [1]
    assert any("second Board tag '2'" in str(w.message) for w in caught)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert [b.number for b in pbn.loads(game.format(n=1) + game.format(n=1))] == [1]
    assert not caught  # the same value again: nothing to say
