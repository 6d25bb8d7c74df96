"""``bridgecli validate-auction``: inline auctions, board files, output and exit codes."""

from __future__ import annotations

import json
from typing import Any

import pytest
from click.testing import CliRunner

from bridgecli.checks.auctions import check_records, verdict_json, verdict_json_line
from bridgecli.cli import cli
from bridgecli.core.board import AnnotatedCall, Board
from bridgecli.core.calls import parse_call
from bridgecli.core.cards import Seat, Strain, Vulnerability
from bridgecli.core.contract import Contract, Risk
from bridgecli.core.errors import ParseError
from bridgecli.core.notation import ENGLISH
from bridgecli.render.auctions import verdict_text, write_checks


def run(runner: CliRunner, *args: str, input: str | None = None) -> Any:
    return runner.invoke(cli, ["validate-auction", *args], input=input)


# -- inline ------------------------------------------------------------------


def test_inline_complete(runner: CliRunner) -> None:
    r = run(runner, "--dealer", "N", "--calls", "1NT P 3NT P P P")
    assert r.exit_code == 0
    assert r.stdout == "Auction: 3NT by N\n"
    assert r.stderr == ""


def test_inline_any_case_symbols_and_synonyms(runner: CliRunner) -> None:
    # E 1♠, S Dbl, W Rdbl, N pass, E pass, S pass -> 1SXX by East
    r = run(runner, "--dealer", "east", "--calls", "1♠ Dbl Rdbl pass p PASS")
    assert r.exit_code == 0
    assert r.stdout == "Auction: 1SXX by E\n"


def test_inline_one_n_is_notrump(runner: CliRunner) -> None:
    r = run(runner, "--dealer", "S", "--calls", "1n x redbl p p p", "--json")
    assert r.exit_code == 0
    assert json.loads(r.stdout)["contract"] == "1NTXX"


def test_inline_json_keys(runner: CliRunner) -> None:
    r = run(runner, "--dealer", "W", "--calls", "P 1H P 4H P P P", "--json")
    assert r.exit_code == 0
    obj = json.loads(r.stdout)
    assert obj["board"] is None
    assert obj["legal"] is True and obj["complete"] is True
    assert obj["contract"] == "4H" and obj["declarer"] == "N"
    assert obj["calls"] == 7
    assert "error" not in obj
    assert r.stdout.count("\n") == 1


def test_inline_illegal_text_and_exit_1(runner: CliRunner) -> None:
    # W 1H, N P, E 1S, S P, W 1D: insufficient
    r = run(runner, "--dealer", "W", "--calls", "1H P 1S P 1D")
    assert r.exit_code == 1
    assert r.stdout == "Auction: illegal call 5 (W) '1D': insufficient, 1S was the last bid (Law 27)\n"


def test_inline_illegal_json_error(runner: CliRunner) -> None:
    # N 1H, E P, S X: South doubles partner
    r = run(runner, "--dealer", "N", "--calls", "1H P X P", "--json")
    assert r.exit_code == 1
    obj = json.loads(r.stdout)
    assert obj["legal"] is False and obj["complete"] is False and obj["contract"] is None
    assert obj["calls"] == 4
    err = obj["error"]
    assert (err["index"], err["seat"], err["call"], err["reason"]) == (2, "S", "X", "double-own-side")


@pytest.mark.parametrize(
    "dealer, calls, index, reason",
    [
        ("N", "X", 0, "double-nothing"),
        ("N", "1C X P X", 3, "double-doubled"),
        ("N", "1C P XX", 2, "redouble-undoubled"),
        ("N", "1C X P XX", 3, "redouble-own-double"),
        ("N", "1C X XX P P XX", 5, "redouble-redoubled"),
        ("N", "P P P P P", 4, "after-close"),
        ("E", "2C 1NT", 1, "insufficient"),
    ],
)
def test_inline_reasons(runner: CliRunner, dealer: str, calls: str, index: int, reason: str) -> None:
    r = run(runner, "--dealer", dealer, "--calls", calls, "--json")
    assert r.exit_code == 1
    err = json.loads(r.stdout)["error"]
    assert (err["index"], err["reason"]) == (index, reason)


def test_inline_unknown_token_exit_2_with_position(runner: CliRunner) -> None:
    r = run(runner, "--dealer", "N", "--calls", "1NT P 8C P")
    assert r.exit_code == 2
    assert r.stdout == ""
    assert r.stderr == "bridgecli: error: unknown call '8C' in --calls (call 3, column 7)\n"


def test_inline_incomplete_is_legal_unless_required(runner: CliRunner) -> None:
    # S 1H, W P, N 2H: East to call
    r = run(runner, "--dealer", "S", "--calls", "1H P 2H")
    assert r.exit_code == 0
    assert r.stdout == "Auction: incomplete after 3 calls, E to call\n"
    r = run(runner, "--dealer", "S", "--calls", "1H P 2H", "--require-complete", "--json")
    assert r.exit_code == 1
    obj = json.loads(r.stdout)
    assert obj["legal"] is True and obj["complete"] is False and obj["ok"] is False


def test_inline_legal_calls(runner: CliRunner) -> None:
    # S 1H, W X: North (bidder's side) may pass, redouble or bid 1S and up
    r = run(runner, "--dealer", "S", "--calls", "1H X", "--legal-calls")
    assert r.exit_code == 0
    assert r.stdout == "Auction: incomplete after 2 calls, N to call; legal calls: Pass XX 1S-7NT\n"
    r = run(runner, "--dealer", "S", "--calls", "1H X", "--legal-calls", "--json")
    legal = json.loads(r.stdout)["legal_calls"]
    assert legal[:4] == ["Pass", "XX", "1S", "1NT"] and legal[-1] == "7NT" and len(legal) == 2 + 32


def test_inline_legal_calls_absent_when_complete(runner: CliRunner) -> None:
    r = run(runner, "--dealer", "S", "--calls", "P P P P", "--legal-calls", "--json")
    obj = json.loads(r.stdout)
    assert obj["contract"] == "Pass" and obj["declarer"] is None and "legal_calls" not in obj


def test_inline_alerts_notes_and_ap(runner: CliRunner) -> None:
    r = run(runner, "--dealer", "N", "--calls", "1C! =1= 1H $2 1S AP")
    assert r.exit_code == 0
    assert r.stdout == "Auction: 1S by S\n"
    r = run(runner, "--dealer", "N", "--calls", "AP", "--json")
    assert json.loads(r.stdout)["calls"] == 4


@pytest.mark.parametrize("lang, calls, n", [
    ("pl", "1BA pas 3BA pasy", 6),        # pasy: the passes that close, as show writes them in Polish
    ("pl", "1BA pas 3BA PASY", 6),
    ("pl", "pasy", 4),                    # nothing bid: four passes
    ("hu", "1SZ passz 3SZ mind passz", 6),
    ("en", "1NT P 3NT All Pass", 6),
    ("en", "1NT P 3NT all   pass", 6),
])
def test_inline_all_pass_words(runner: CliRunner, lang: str, calls: str, n: int) -> None:
    r = runner.invoke(cli, ["--lang", lang, "validate-auction", "--dealer", "N", "--calls", calls, "--json"])
    assert r.exit_code == 0, r.stderr
    record = json.loads(r.stdout)
    assert record["calls"] == n and record["complete"] is True


def test_inline_all_pass_words_are_whole_words(runner: CliRunner) -> None:
    r = runner.invoke(cli, ["--lang", "pl", "validate-auction", "--dealer", "N", "--calls", "1BA pas 3BA pasyy"])
    assert r.exit_code == 2 and "'pasyy'" in r.stderr
    r = run(runner, "--dealer", "N", "--calls", "1NT P 3NT All")
    assert r.exit_code == 2 and "'All'" in r.stderr


def test_inline_usage_errors(runner: CliRunner) -> None:
    assert run(runner, "--calls", "P").exit_code == 2
    assert run(runner, "--dealer", "N").exit_code == 2
    r = run(runner, "--dealer", "Q", "--calls", "P")
    assert r.exit_code == 2 and "not a seat" in r.stderr
    assert run(runner, "somefile.pbn", "--dealer", "N", "--calls", "P").exit_code == 2


def test_output_file(runner: CliRunner, tmp_path: Any) -> None:
    out = tmp_path / "out.txt"
    r = run(runner, "--dealer", "N", "--calls", "1C P P X P P P", "-o", str(out))
    assert r.exit_code == 0 and r.stdout == ""
    assert out.read_text() == "Auction: 1CX by N\n"


def test_illegal_output_file_still_written(runner: CliRunner, tmp_path: Any) -> None:
    out = tmp_path / "out.txt"
    r = run(runner, "--dealer", "N", "--calls", "X", "-o", str(out))
    assert r.exit_code == 1
    assert out.read_text().startswith("Auction: illegal call 1 (N) 'X': ")


# -- boards (through the command's internal functions) --------------------------


def board(number: int, calls: str, contract: Contract | None = None, **kw: Any) -> Board:
    return Board(number=number, auction=tuple(AnnotatedCall(parse_call(t)) for t in calls.split()),
                 contract=contract, **kw)


BOARDS: list[Any] = [
    # board 1: dealer N, None vul
    board(1, "1NT P 3NT P P P", Contract(3, Strain.NOTRUMP, Risk.UNDOUBLED, Seat.NORTH)),
    # board 2: dealer E, NS vul: E 1S, S X, W P, N P, E P -> 1SX by E, tags say 1S
    board(2, "1S X P P P", Contract(1, Strain.SPADES, Risk.UNDOUBLED, Seat.EAST)),
    # board 3: dealer S, EW vul: S 1H, W 1S, N 1H insufficient
    board(3, "1H 1S 1H"),
    ParseError("not a call: 'ZZ'", source="f.pbn", line=40, board="4"),
    # board 5: dealer N, NS vul; open auction
    board(5, "1C P"),
    # board 6: dealer E, EW vul; passed out
    board(6, "P P P P", Contract.passed_out()),
    Board(number=7),
    # board 8: W dealer, None vul; 4S by W (W 1S, N P, E 4S), tag declarer E is wrong
    board(8, "1S P 4S P P P", Contract(4, Strain.SPADES, Risk.UNDOUBLED, Seat.EAST)),
    # no number and no dealer, auction given
    Board(auction=(AnnotatedCall(parse_call("P")),)),
]


def test_boards_text() -> None:
    lines = [verdict_text(v, ENGLISH) for v in check_records(BOARDS)]
    assert lines == [
        "Board 1: 3NT by N, neither vulnerable",
        "Board 2: 1SX by E, N-S vulnerable; mismatch: tags say 1S by E",
        "Board 3: illegal call 3 (N) '1H': insufficient, 1S was the last bid (Law 27)",
        "Board 4: unreadable record (f.pbn:40): not a call: 'ZZ'",
        "Board 5: incomplete after 2 calls, S to call, N-S vulnerable",
        "Board 6: passed out, E-W vulnerable",
        "Board 7: no auction recorded, both vulnerable",
        "Board 8: 4S by W, neither vulnerable; mismatch: tags say 4S by E",
        "Record 9: unreadable record: no dealer (no Dealer tag and no board number), cannot judge the auction",
    ]


def test_boards_json_and_exit_codes() -> None:
    verdicts = list(check_records(BOARDS))
    objs = [verdict_json(v) for v in verdicts]
    assert [o["board"] for o in objs] == [1, 2, 3, 4, 5, 6, 7, 8, None]
    assert [o["ok"] for o in objs] == [True, False, False, False, True, True, True, False, False]
    assert [v.status for v in verdicts] == [0, 1, 1, 2, 0, 0, 0, 1, 2]
    # one shape with play --json: what the record says and why, only when it disagrees
    assert objs[1]["mismatch"] == {"recorded": {"contract": "1S", "declarer": "E"},
                                   "message": "the tags say 1S by E, the auction reaches 1SX by E"}
    assert "recorded" not in objs[1]
    assert objs[1]["legal"] is True and objs[1]["contract"] == "1SX"
    assert objs[2]["error"]["index"] == 2 and objs[2]["error"]["reason"] == "insufficient"
    assert objs[3]["error"]["reason"] == "unknown-call" and objs[3]["error"]["line"] == 40
    assert objs[5]["contract"] == "Pass" and "mismatch" not in objs[5]
    assert objs[7]["declarer"] == "W"
    assert objs[8]["error"]["reason"] == "unreadable"
    for o in objs:
        json.dumps(o)
        assert {"board", "legal", "complete", "contract", "declarer", "calls"} <= set(o)


def test_boards_require_complete_and_legal_calls() -> None:
    verdicts = list(check_records(BOARDS[4:7], require_complete=True, legal_calls=True))
    assert [v.ok for v in verdicts] == [False, True, False]
    assert verdicts[0].legal_calls is not None and verdicts[0].legal_calls[:2] == (parse_call("P"), parse_call("1D"))
    assert verdicts[1].legal_calls is None


def test_board_dealer_tag_beats_board_number() -> None:
    b = Board(number=1, dealer=Seat.WEST, vulnerability=Vulnerability.ALL,
              auction=tuple(AnnotatedCall(parse_call(t)) for t in ["1H", "P", "P", "P"]))
    (v,) = check_records([b])
    assert verdict_text(v, ENGLISH) == "Board 1: 1H by W, both vulnerable"


def test_json_line_is_json_dumps_of_verdict_json() -> None:
    extra = [
        board(9, "P P P"),
        Board(number=10, dealer=Seat.SOUTH, auction=()),
        Board(dealer=Seat.EAST, auction=tuple(AnnotatedCall(parse_call(t)) for t in ["1NT", "P", "P", "P"])),
        board(12, "1C X XX P P P", Contract(1, Strain.CLUBS, Risk.REDOUBLED)),
    ]
    for options in ({}, {"require_complete": True}, {"legal_calls": True}):
        for v in check_records(BOARDS + extra, **options):
            assert verdict_json_line(v) == json.dumps(verdict_json(v), ensure_ascii=False)


# -- files -------------------------------------------------------------------------

PBN_TEXT = """% PBN 2.1
[Event "club"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Declarer "N"]
[Contract "3NT"]
[Result "9"]
[Auction "N"]
1NT Pass 3NT Pass
Pass Pass

[Event "club"]
[Board "2"]
[Dealer "E"]
[Vulnerable "NS"]
[Declarer "E"]
[Contract "1S"]
[Auction "E"]
1S X Pass Pass
Pass

[Event "club"]
[Board "3"]
[Dealer "S"]
[Vulnerable "EW"]
[Auction "S"]
1H 1S 1H Pass

[Event "club"]
[Board "4"]
[Dealer "W"]
[Vulnerable "All"]
[Auction "W"]
1C =1= Pass 1H Pass
[Note "1:could be short"]

[Event "club"]
[Board "5"]
[Dealer "N"]
[Vulnerable "NS"]
[Auction "N"]
1C Pass 1Q Pass

[Event "club"]
[Board "6"]
[Dealer "E"]
[Vulnerable "EW"]
[Declarer ""]
[Contract "Pass"]
[Auction "E"]
AP
"""


def test_pbn_file_text(runner: CliRunner, tmp_path: Any) -> None:
    path = tmp_path / "club.pbn"
    path.write_text(PBN_TEXT)
    r = run(runner, str(path))
    assert r.exit_code == 2  # board 5 has a token that is not a call
    assert r.stdout.splitlines() == [
        "Board 1: 3NT by N, neither vulnerable",
        # E 1S, S X, W P, N P, E P: the tags forget the double
        "Board 2: 1SX by E, N-S vulnerable; mismatch: tags say 1S by E",
        # S 1H, W 1S, N 1H: insufficient
        "Board 3: illegal call 3 (N) '1H': insufficient, 1S was the last bid (Law 27)",
        "Board 4: incomplete after 4 calls, W to call, both vulnerable",
        f"Board 5: unreadable record ({path}:43): not a call: '1Q'",
        "Board 6: passed out, E-W vulnerable",
    ]
    assert r.stderr == ""


def test_pbn_file_json(runner: CliRunner, tmp_path: Any) -> None:
    path = tmp_path / "club.pbn"
    path.write_text(PBN_TEXT)
    r = run(runner, str(path), "--json")
    assert r.exit_code == 2
    objs = [json.loads(line) for line in r.stdout.splitlines()]
    assert [o["board"] for o in objs] == [1, 2, 3, 4, 5, 6]
    assert [o["ok"] for o in objs] == [True, False, False, True, False, True]
    assert objs[0]["contract"] == "3NT" and objs[0]["declarer"] == "N" and objs[0]["calls"] == 6
    assert objs[1]["mismatch"]["recorded"] == {"contract": "1S", "declarer": "E"}
    assert objs[2]["error"] == {"index": 2, "seat": "N", "call": "1H", "reason": "insufficient",
                                "message": "illegal call 3 (N) '1H': insufficient, 1S was the last bid (Law 27)"}
    assert objs[3]["complete"] is False and objs[3]["legal"] is True
    assert objs[4]["error"]["reason"] == "unknown-call" and objs[4]["error"]["line"] == 43
    assert objs[5]["contract"] == "Pass" and objs[5]["calls"] == 4


def test_pbn_stdin_require_complete_without_bad_record(runner: CliRunner) -> None:
    text = PBN_TEXT.replace("1C Pass 1Q Pass", "1C Pass 1D Pass")
    r = run(runner, "-", input=text)
    assert r.exit_code == 1
    lines = r.stdout.splitlines()
    assert lines[4] == "Board 5: incomplete after 4 calls, N to call, N-S vulnerable"
    only_legal = "\n\n".join(g for i, g in enumerate(text.split("\n\n")) if i in (0, 3, 4, 5))
    assert run(runner, "-", input=only_legal).exit_code == 0
    r = run(runner, "-", "--require-complete", input=only_legal)
    assert r.exit_code == 1
    assert [json.loads(x)["ok"] for x in run(runner, "-", "--require-complete", "--json",
                                             input=only_legal).stdout.splitlines()] == [True, False, False, True]


def test_pbn_legal_calls(runner: CliRunner) -> None:
    game = PBN_TEXT.split("\n\n")[3]
    r = run(runner, "-", "--legal-calls", input=game)
    # W 1C, N P, E 1H, S P: West may pass, bid 1S up, not double partner
    assert r.stdout == "Board 4: incomplete after 4 calls, W to call, both vulnerable; legal calls: Pass 1S-7NT\n"


@pytest.mark.parametrize("fmt, name", [("json", "club.jsonl"), ("yaml", "club.yaml")])
def test_json_and_yaml_input_give_the_same_verdicts(runner: CliRunner, tmp_path: Any, fmt: str, name: str) -> None:
    from bridgecli.formats import read_boards, write_boards

    text = PBN_TEXT.replace("1C Pass 1Q Pass", "1C Pass 1D Pass")
    boards = read_boards(text, "pbn")
    path = tmp_path / name
    path.write_text(write_boards(boards, fmt))
    from_pbn = run(runner, "-", "--json", input=text)
    from_other = run(runner, str(path), "--json")
    assert from_other.exit_code == from_pbn.exit_code == 1
    assert from_other.stdout == from_pbn.stdout
    assert run(runner, "-", "--from", fmt, input=path.read_text()).stdout == run(runner, "-", input=text).stdout
    # the old name of --from still works, unlisted
    assert run(runner, "-", "--format", fmt, input=path.read_text()).stdout == run(runner, "-", input=text).stdout


def test_from_is_the_input_format_option_and_format_a_hidden_alias(runner: CliRunner) -> None:
    help_text = run(runner, "--help").stdout
    assert "--from [pbn|yaml|json|lin]" in help_text and "--format" not in help_text
    r = run(runner, "-", "--from", "pbn", "--format", "yaml", input=PBN_TEXT)
    assert r.exit_code == 2 and "--from and --format (its old name) say different formats" in r.stderr
    good = PBN_TEXT.replace("1C Pass 1Q Pass", "1C Pass 1D Pass")
    r = run(runner, "-", "--from", "pbn", "--format", "PBN", input=good)
    assert r.exit_code in (0, 1) and r.stderr == "" and r.stdout.startswith("Board 1:")


def test_spec_example_file(runner: CliRunner) -> None:
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "formats" / "data" / "spec_example.pbn"
    r = run(runner, str(path))
    assert r.exit_code == 0
    assert r.stdout == "Board 1: 5HX by S, neither vulnerable\n"


def test_missing_file_exit_2(runner: CliRunner, tmp_path: Any) -> None:
    r = run(runner, str(tmp_path / "nope.pbn"))
    assert r.exit_code == 2
    assert r.stdout == ""
    assert r.stderr.startswith("bridgecli: error: ")


def test_parallel_workers_give_the_same_output(runner: CliRunner, tmp_path: Any) -> None:
    path = tmp_path / "club.pbn"
    text = "% PBN 2.1\n\n" + PBN_TEXT + "\n% between games\n\n" + PBN_TEXT.replace('[Board "', '[Board "1')
    path.write_text(text)
    for extra in ([], ["--json"], ["--legal-calls", "--require-complete"]):
        one = run(runner, str(path), "--jobs", "1", *extra)
        two = run(runner, str(path), "--jobs", "3", *extra)
        assert one.exit_code == two.exit_code == 2
        assert one.stdout == two.stdout
        assert len(one.stdout.splitlines()) == 12
    records = [json.loads(x)["record_number"] for x in run(runner, str(path), "-j", "2", "--json").stdout.splitlines()]
    assert records == list(range(1, 13))


def test_parallel_redoes_a_batch_when_the_record_plan_is_wrong(monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    from bridgecli.checks import auctions as va
    from bridgecli.checks.auctions import files

    text = PBN_TEXT.replace("1C Pass 1Q Pass", "1C Pass 1D Pass")
    expected = io.StringIO()
    assert write_checks(expected, va.check_auctions(text), as_json=True) == (1, 6)
    monkeypatch.setattr(files, "_directives_only", lambda chunk: "Board \"2\"" in chunk)  # a wrong plan
    monkeypatch.setattr(files, "TASK_GAMES", 2)  # three batches for two workers
    out = io.StringIO()
    assert write_checks(out, va.check_auctions(text, jobs=2), as_json=True) == (1, 6)
    assert out.getvalue() == expected.getvalue()
    assert [json.loads(x)["record_number"] for x in out.getvalue().splitlines()] == [1, 2, 3, 4, 5, 6]


def test_pbn_with_comments_and_crlf_reads_the_same(runner: CliRunner) -> None:
    plain = run(runner, "-", input=PBN_TEXT)
    commented = PBN_TEXT.replace('[Board "3"]', '[Board "3"]\n{ a comment }').replace("\n", "\r\n")
    r = run(runner, "-", input=commented)
    assert r.exit_code == plain.exit_code == 2
    # the comment moves board 5's bad token down one line
    assert r.stdout == plain.stdout.replace("(<stdin>:43)", "(<stdin>:44)")


# -- the sample sessions --------------------------------------------------------


def test_sample_session_same_in_every_format(runner: CliRunner, samples: Any) -> None:
    outputs = set()
    for name in ("club_session.pbn", "club_session.json", "club_session.yaml", "club_session.lin"):
        r = run(runner, str(samples / "valid" / name), "--json", "--require-complete")
        assert r.exit_code == 0, (name, r.stderr)
        objs = [json.loads(x) for x in r.stdout.splitlines()]
        assert [o["board"] for o in objs] == list(range(1, 19))
        assert all(o["legal"] and o["complete"] and "mismatch" not in o for o in objs)
        outputs.add(r.stdout)
    assert len(outputs) == 1


@pytest.mark.parametrize("name", ["bad_call.pbn", "bad_deal_string.pbn", "bad_syntax.json", "bad_syntax.yaml",
                                  "card_twice.lin", "card_twice.pbn", "empty.pbn", "fourteen_cards.pbn",
                                  "garbage.pbn", "one_bad_board.pbn", "unknown_seat.pbn",
                                  "unterminated_tag.pbn"])
def test_invalid_samples_exit_2_without_traceback(runner: CliRunner, samples: Any, name: str) -> None:
    r = run(runner, str(samples / "invalid" / name))
    assert r.exit_code == 2
    assert "Traceback" not in r.stderr
    assert r.stdout or r.stderr.startswith("bridgecli: error: ")


def test_one_bad_board_reported_and_the_rest_checked(runner: CliRunner, samples: Any) -> None:
    path = samples / "invalid" / "one_bad_board.pbn"
    r = run(runner, str(path))
    lines = r.stdout.splitlines()
    assert len(lines) == 18
    assert lines[5] == f"Board 6: unreadable record ({path}:183): east holds 14 cards, more than 13"


def test_empty_input_is_an_error(runner: CliRunner) -> None:
    r = run(runner, "-", "--from", "pbn", input="")
    assert r.exit_code == 2
    assert r.stderr == "bridgecli: error: <stdin>: no boards\n"


# -- the quick lines of a run (render.auctions.write_records) against the full path ------

QUICK_CASES = """% boards the quick path must hand to the full one, and some it writes itself
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Declarer "S"]
[Contract "4H"]
[Auction "N"]
Pass 1H! Pass 4H =1=
Pass Pass Pass
[Note "1:to play"]

[Board "2"]
[Dealer "E"]
[Auction "E"]
1S Pass 1S Pass

[Board "3"]
[Dealer "S"]
[Auction "S"]
1C Pass X Pass

[Board "4"]
[Dealer "W"]
[Auction "W"]
Pass Pass Pass Pass
1C

[Board "5"]
[Dealer "N"]
[Auction "N"]
1C ^I 1C Pass Pass
Pass

[Board "6"]
[Dealer "E"]
[Declarer "W"]
[Contract "2D"]
[Auction "E"]
1D Pass 2D Pass
Pass Pass

[Board "7"]
[Dealer "S"]
[Contract "Pass"]
[Auction "S"]
AP

[Board "8"]
[Dealer "W"]
[Auction "W"]
1NT Pass

[Board "9"]
[Dealer "N"]
[Auction "N"]
1C X XX Pass
Pass Pass

[Board "10"]
[Dealer "E"]
[Auction "E"]
1H Pass XX Pass

[Board "11"]
[Auction "N"]
1S Pass 2S AP

[Board "12"]
[Dealer "S"]
[Auction "S"]
1C Pass Pass Pass
Pass
"""


def _both_ways(source: Any, as_json: bool, **options: Any) -> tuple[tuple[str, int], tuple[str, int]]:
    import io

    from bridgecli.checks.auctions import check_auctions

    quick, full = io.StringIO(), io.StringIO()
    got = write_checks(quick, check_auctions(source, **options), as_json=as_json)
    # iterating gives the verdicts: every board down the full path
    want = write_checks(full, iter(list(check_auctions(source, **options))), as_json=as_json)
    return (quick.getvalue(), got[0]), (full.getvalue(), want[0])


@pytest.mark.parametrize("as_json", [False, True])
@pytest.mark.parametrize("options", [{}, {"require_complete": True}, {"legal_calls": True}])
def test_quick_lines_are_the_full_paths(as_json: bool, options: dict[str, Any]) -> None:
    quick, full = _both_ways(QUICK_CASES, as_json, **options)
    assert quick == full
    assert quick[0].count("\n") == 12
    quick, full = _both_ways(PBN_TEXT, as_json, **options)
    assert quick == full
    quick, full = _both_ways(list(BOARDS), as_json, **options)
    assert quick == full


@pytest.mark.filterwarnings("ignore")
def test_quick_lines_of_every_sample_and_realworld_file(samples: Any) -> None:
    corpus = samples.parent.parent / "shared" / "corpus" / "realworld"
    # the corpus files up to 120 KB (the suite's time; the big ones are compared by hand)
    files = sorted(samples.rglob("*.pbn")) + sorted(p for p in corpus.rglob("*.pbn") if p.stat().st_size < 120_000)
    if not corpus.is_dir():
        pytest.skip(f"no realworld corpus at {corpus}: samples only")  # pragma: no cover
    for path in files:
        for as_json in (False, True):
            try:
                quick, full = _both_ways(str(path), as_json, jobs=1)
            except ParseError:  # a file that is no text (a sample of bad input): refused both ways
                with pytest.raises(ParseError):
                    _write_full(str(path), as_json)
                continue
            assert quick == full, path


def _write_full(source: str, as_json: bool) -> None:
    import io

    from bridgecli.checks.auctions import check_auctions

    write_checks(io.StringIO(), list(check_auctions(source, jobs=1)), as_json=as_json)
