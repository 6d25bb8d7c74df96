"""``bridgecli score``: single results, batch stdin, IMPs, events; exit codes and messages."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgecli.cli import cli
from tests.cli._boards import SCORED_PBN_HEAD, TEAMS_CSV
from tests.conftest import bridgecli_cmd, subprocess_env


def run(runner: CliRunner, *args: str, input: str | None = None):  # type: ignore[no-untyped-def]
    return runner.invoke(cli, ["score", *args], input=input)


@pytest.mark.parametrize(
    ("args", "out"),
    [
        (["4S=", "--vul", "none"], "420"),
        (["4S", "="], "420"),
        (["4S", "-1"], "-50"),
        (["4S", "-1", "--vul", "both"], "-100"),
        (["4SX-1", "--vul", "both"], "-200"),
        (["4SX", "-1", "--vul", "ns"], "-200"),
        (["4SX", "-1", "--vul", "ew"], "-100"),
        (["4SX", "-1", "--vul", "ew", "--declarer", "E"], "-200"),
        (["3NT="], "400"),
        (["3N", "10", "--vul", "all"], "630"),
        (["4♠+1"], "450"),
        (["4s", "10"], "420"),
        (["3NTXX", "=", "--vul", "-"], "800"),
        (["3NTXX", "=", "--vul", "n-s"], "1000"),
        (["pass"], "0"),
        (["--vul", "both", "6NTXX", "13"], "2510"),
        (["4SX-1", "--ns", "--declarer", "E", "--vul", "both"], "200"),
        (["3NT+1", "--ns", "-d", "W", "--vul", "ew"], "-630"),
        (["4SXS-2", "--ns"], "-300"),
        (["4SX", "-4", "--scoring", "oldmp"], "-700"),
    ],
)
def test_single_results(runner: CliRunner, args: list[str], out: str) -> None:
    r = run(runner, *args)
    assert (r.exit_code, r.stdout, r.stderr) == (0, out + "\n", "")


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["9S"], "'9S'"),
        (["4S+4"], "14 tricks"),
        (["4Q"], "'4Q'"),
        (["4S=", "--vul", "maybe"], "'maybe'"),
        (["4S", "-11"], "-1 tricks"),
        (["4S=", "--ns"], "--ns needs --declarer"),
        (["4SXN=", "--declarer", "E"], "declarer"),
        (["4S=", "--bogus"], "'--bogus'"),
        (["4S=", "--scoring", "bogus"], "unknown scoring"),
        (["--imps", "x"], "not a score"),
        (["--imps", "1", "2", "3"], "--imps"),
    ],
)
def test_bad_input_exit_2_one_line(runner: CliRunner, args: list[str], needle: str) -> None:
    r = run(runner, *args)
    assert r.exit_code == 2
    assert r.stdout == ""
    assert r.stderr.startswith("bridgecli: error: ") and r.stderr.count("\n") == 1
    assert needle in r.stderr


def test_json_breakdown(runner: CliRunner) -> None:
    r = run(runner, "2DX", "10", "--vul", "both", "--declarer", "W", "--json")
    assert r.exit_code == 0, r.stderr
    rec = json.loads(r.stdout)
    assert rec["score"] == 580 and rec["ns"] == -580
    assert (rec["trick_score"], rec["partscore_bonus"], rec["insult"], rec["overtricks"]) == (80, 50, 50, 400)
    assert rec["made"] is True and rec["result"] == 10 and rec["over_under"] == 2 and rec["vulnerable"] == "All" and rec["declarer_vulnerable"] is True
    r = run(runner, "4SX-4", "--json")
    rec = json.loads(r.stdout)
    assert (rec["undertricks"], rec["score"], rec["made"], rec["ns"]) == (-800, -800, False, None)


@pytest.mark.parametrize(
    ("args", "out"), [(["620", "-100"], "12"), (["-100", "620"], "-12"), (["50"], "2"), (["+420", "420"], "0")]
)
def test_imps(runner: CliRunner, args: list[str], out: str) -> None:
    r = run(runner, "--imps", *args)
    assert (r.exit_code, r.stdout, r.stderr) == (0, out + "\n", "")


def test_imps_json(runner: CliRunner) -> None:
    r = run(runner, "--imps", "620", "-100", "--json")
    assert json.loads(r.stdout) == {"difference": 720, "imps": 12}


BATCH = "4S=\n3NT-1 --vul both\n\n4SX -1 --vul both --declarer E --ns\n'4S' \"=\"\n--imps 620 -100\n4S 10\n"


def test_batch_dash(runner: CliRunner) -> None:
    r = run(runner, "-", input=BATCH)
    assert r.exit_code == 0, r.stderr
    assert r.stdout == "420\n-100\n\n200\n420\n12\n420\n"


def test_batch_no_args_reads_stdin_and_inherits_options(runner: CliRunner) -> None:
    r = run(runner, "--vul", "both", input="4S=\n4S= --vul none\n3NT+1 --declarer E --ns\n4S=\n")
    assert (r.exit_code, r.stdout) == (0, "620\n420\n-630\n620\n")


def test_batch_json_lines(runner: CliRunner) -> None:
    r = run(runner, "-", "--json", input="4S=\n3NT-1\n")
    recs = [json.loads(line) for line in r.stdout.splitlines()]
    assert [x["score"] for x in recs] == [420, -50]


def test_batch_bad_line_exit_2_names_line(runner: CliRunner) -> None:
    r = run(runner, "-", input="4S=\n4S=\n4Q\n5C=\n")
    assert r.exit_code == 2
    assert r.stdout == "420\n420\n"
    assert r.stderr == "bridgecli: error: <stdin>:3: not a contract: '4Q'\n"


def test_batch_keep_going(runner: CliRunner) -> None:
    r = run(runner, "-", "--keep-going", input="4S=\n4Q\n5C=\n4S= --vul x\n4S= --event f.csv\n- \n")
    assert r.exit_code == 1
    assert r.stdout == "420\nerror\n400\nerror\nerror\nerror\n"
    lines = r.stderr.splitlines()
    assert [ln.split(":")[3] for ln in lines] == ["2", "4", "5", "6"]


def test_batch_odd_quoting(runner: CliRunner) -> None:
    r = run(runner, "-", "--keep-going", input="''\n'4S' ''\n\"\n4S \"\"\n")
    assert r.stdout == "error\n420\nerror\n420\n"
    assert r.exit_code == 1 and "cannot split" in r.stderr


def test_batch_cache_gives_same_answers(runner: CliRunner) -> None:
    text = "4S=\n4Q\n" * 3
    r = run(runner, "-", "--keep-going", input=text)
    assert r.stdout == "420\nerror\n" * 3 and r.exit_code == 1


def test_subprocess_negative_result_is_not_an_option() -> None:
    p = subprocess.run([*bridgecli_cmd(), "score", "4S", "-1"], capture_output=True, text=True,
                       env=subprocess_env(), timeout=60, check=False)
    assert (p.returncode, p.stdout, p.stderr) == (0, "-50\n", "")


def test_subprocess_batch_keep_going() -> None:
    p = subprocess.run([*bridgecli_cmd(), "score", "-", "--keep-going", "--vul", "both"],
                       input="4S=\n9S\n4SX-1 --declarer E --ns\n", capture_output=True, text=True,
                       env=subprocess_env(), timeout=60, check=False)
    assert p.returncode == 1
    assert p.stdout == "620\nerror\n200\n"
    assert p.stderr == "bridgecli: error: <stdin>:2: not a contract: '9S' (levels go from 1 to 7)\n"


def test_subprocess_batch_answers_before_input_ends() -> None:
    """Each line is answered while stdin is still open (as behind tail -f)."""
    p = subprocess.Popen([*bridgecli_cmd(), "score", "-"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         text=True, env=subprocess_env())
    assert p.stdin is not None and p.stdout is not None
    import threading

    guard = threading.Timer(60, p.kill)  # a missing flush must fail the test, not hang it
    guard.start()
    try:
        p.stdin.write("4S=\n")
        p.stdin.flush()
        assert p.stdout.readline() == "420\n"
        p.stdin.write("3NT= --vul both\n")
        p.stdin.flush()
        assert p.stdout.readline() == "600\n"
    finally:
        p.stdin.close()
        p.wait(timeout=60)
        guard.cancel()
    assert p.returncode == 0


VULS = ["none", "ns", "ew", "both"]
SWAP = {"none": "none", "ns": "ew", "ew": "ns", "both": "both"}


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 7), st.sampled_from(["C", "D", "H", "S", "NT"]), st.sampled_from(["", "X", "XX"]),
       st.integers(0, 13), st.sampled_from(VULS))
def test_sides_mirror(level: int, strain: str, dbl: str, tricks: int, vul: str) -> None:
    runner = CliRunner()
    contract = f"{level}{strain}{dbl}"
    north = runner.invoke(cli, ["score", contract, str(tricks), "--vul", vul, "--declarer", "N", "--ns"])
    east = runner.invoke(cli, ["score", contract, str(tricks), "--vul", SWAP[vul], "--declarer", "E", "--ns"])
    plain = runner.invoke(cli, ["score", contract, str(tricks), "--vul", vul])
    assert north.exit_code == east.exit_code == plain.exit_code == 0
    n, e, p = int(north.stdout), int(east.stdout), int(plain.stdout)
    assert n == -e == p
    assert (p > 0) == (tricks >= level + 6)
    assert (p < 0) == (tricks < level + 6)


EVENT_CSV = """board,ns,ew,contract,declarer,result,lead
1,1,11,4S,N,=,HK
1,2,12,4S,N,+1,
1,3,13,3NT,S,-1,
1,4,14,2S,N,+2,
2,1,12,3NT,N,=,
2,2,13,3NT,N,9,
2,3,14,4H,E,-1,
"""


def test_event_csv_pairs_json(runner: CliRunner, tmp_path: Path) -> None:
    f = tmp_path / "trav.csv"
    f.write_text(EVENT_CSV)
    r = run(runner, "--event", str(f), "--json")
    assert r.exit_code == 0, r.stderr
    recs = [json.loads(line) for line in r.stdout.splitlines()]
    results = [x for x in recs if x["record"] == "result"]
    pairs = {x["pair"]: x for x in recs if x["record"] == "pair"}
    assert [x["score_ns"] for x in results] == [420, 450, -50, 170, 600, 600, 50]
    assert [x["mp_ns"] for x in results[:4]] == [4, 6, 0, 2]
    assert results[4]["mp_ns"] == pytest.approx(13 / 3)
    assert results[0]["lead"] == "HK" and results[0]["over_under"] == 0 and results[1]["over_under"] == 1
    assert pairs[2]["percentage"] == pytest.approx(100 * (6 + 13 / 3) / 12)
    assert pairs[2]["rank"] == "1" and pairs[14]["rank"] == "1"
    assert pairs[1]["butler"] == 5 + 5  # board 2 datum 420: 600 - 420 = 180 -> 5


def test_event_csv_table(runner: CliRunner, tmp_path: Path) -> None:
    f = tmp_path / "trav.csv"
    f.write_text(EVENT_CSV)
    r = run(runner, "--event", str(f))
    assert r.exit_code == 0, r.stderr
    assert "Pair (NS)" in r.stdout and "Pair (EW)" in r.stdout and "Butler" in r.stdout
    assert "86.11" in r.stdout  # pair 2


def test_event_team_match(runner: CliRunner, tmp_path: Path) -> None:
    f = tmp_path / "teams.csv"
    f.write_text(TEAMS_CSV)
    r = run(runner, "--event", str(f), "--json")
    assert r.exit_code == 0, r.stderr
    recs = [json.loads(line) for line in r.stdout.splitlines()]
    assert [x["imps_home"] for x in recs if x["record"] == "board"] == [10, -12, 0]
    match = recs[-1]
    assert (match["home"], match["home_imps"], match["visitors_imps"]) == ("A1 + A2", 10, 12)
    r = run(runner, "--event", str(f))
    assert "A1 + A2" in r.stdout and r.exit_code == 0


def test_event_yaml_traveller(runner: CliRunner, tmp_path: Path) -> None:
    f = tmp_path / "trav.yaml"
    f.write_text("results:\n"
                 "  - {board: 1, ns: 1, ew: 2, contract: 4SX-1, declarer: N}\n"
                 "  - {board: 1, ns: 3, ew: 4, contract: 4S, declarer: N, result: 10}\n")
    r = run(runner, "--event", str(f), "--json")
    assert r.exit_code == 0, r.stderr
    recs = [json.loads(line) for line in r.stdout.splitlines()]
    assert [(x["score_ns"], x["mp_ns"]) for x in recs if x["record"] == "result"] == [(-100, 0), (420, 2)]


def test_event_bad_row_names_line(runner: CliRunner, tmp_path: Path) -> None:
    f = tmp_path / "bad.csv"
    f.write_text("board,ns,ew,contract,declarer,result\n1,1,2,4S,N,=\n1,3,4,4Q,N,=\n")
    r = run(runner, "--event", str(f))
    assert r.exit_code == 2
    assert r.stderr == f"bridgecli: error: {f}:3: not a contract: '4Q'\n"


def test_event_score_mismatch_exit_1(runner: CliRunner, tmp_path: Path) -> None:
    f = tmp_path / "bad.csv"
    f.write_text("board,ns,ew,contract,declarer,result,score\n1,1,2,4S,N,=,400\n")
    r = run(runner, "--event", str(f))
    assert r.exit_code == 1
    assert "420" in r.stderr


def test_event_output_file(runner: CliRunner, tmp_path: Path) -> None:
    f = tmp_path / "trav.csv"
    f.write_text(EVENT_CSV)
    out = tmp_path / "out.txt"
    r = run(runner, "--event", str(f), "-o", str(out))
    assert r.exit_code == 0 and r.stdout == ""
    assert "Pair (NS)" in out.read_text()


def test_no_args_on_terminal_is_usage_error(runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    import bridgecli.formats.inputs as mod

    monkeypatch.setattr(mod, "stdin_is_terminal", lambda: True)
    r = run(runner)
    assert r.exit_code == 2 and r.stdout == ""
    assert "give CONTRACT" in r.stderr


def test_fast_path_parses_like_click() -> None:
    """The batch fast path and click's own parse give the same output for every line."""
    import click

    from bridgecli.cli.common.options import batch_line_parser
    from bridgecli.cli.score import BATCH_REFUSED, score
    from bridgecli.results.line_scores import LineScorer

    lines = ["4S=", "4S -1", "4SX -1 --vul both", "--vul ns 3NT+1 --declarer E", "3NT+1 -d E --ns",
             "4S= --json --vul ew", "--imps 620 -100", "6NTXX 13 --vul both --declarer W --ns",
             "pass --vul both", "7C -3 --scoring oldmp"]
    with click.Context(score, info_name="score") as ctx:
        ctx.params.update({p.name: p.get_default(ctx) for p in score.params})
        scorer = LineScorer(ctx.params, __import__("bridgecli.core.notation", fromlist=["ENGLISH"]).ENGLISH,
                            batch_line_parser(ctx, BATCH_REFUSED))
        for line in lines:
            tokens = line.split()
            assert scorer.simple_options(tokens) is not None
            assert scorer.evaluate(line) == scorer.with_options(tokens), line


BOARDS_PBN = SCORED_PBN_HEAD + """[Board "4"]
[Dealer "W"]
[Vulnerable "None"]
[Scoring "MP;OldMP"]
[Declarer "S"]
[Contract "4SX"]
[Result "6"]
"""


def test_file_table_and_json(runner: CliRunner, tmp_path: Path) -> None:
    f = tmp_path / "b.pbn"
    f.write_text(BOARDS_PBN)
    r = run(runner, str(f), "--json")
    assert r.exit_code == 0, r.stderr
    recs = [json.loads(line) for line in r.stdout.splitlines()]
    # board 2: E declares 3NTX not vulnerable, down 2: 300 to N-S; board 4 scored OldMP: down 4 = 700
    assert [x["ns"] for x in recs] == [420, 300, 0, -700]
    assert recs[1]["result"] == 7 and recs[1]["over_under"] == -2 and recs[1]["declarer"] == "E"
    r = run(runner, str(f), "--fmt", "plain")
    assert r.exit_code == 0 and "3NTX" in r.stdout and "Board" in r.stdout
    r = run(runner, str(f), "--json", "--scoring", "duplicate")
    assert [json.loads(line)["ns"] for line in r.stdout.splitlines()][3] == -800


def test_file_output_writes_score_tags(runner: CliRunner, tmp_path: Path) -> None:
    f = tmp_path / "b.pbn"
    f.write_text(BOARDS_PBN)
    out = tmp_path / "scored.pbn"
    r = run(runner, str(f), "-o", str(out))
    assert r.exit_code == 0, r.stderr
    text = out.read_text()
    assert '[Score "NS 420"]' in text and '[Score "NS 300"]' in text and '[Score "NS 0"]' in text
    assert '[Score "EW 700"]' in text
    # scoring the written file again finds the same scores and no disagreement
    r = run(runner, str(out), "--json")
    assert [json.loads(line)["ns"] for line in r.stdout.splitlines()] == [420, 300, 0, -700]
    assert r.stderr == ""


def test_file_bad_board(runner: CliRunner, tmp_path: Path) -> None:
    f = tmp_path / "bad.pbn"
    f.write_text('[Board "1"]\n[Declarer "N"]\n[Contract "9S"]\n[Result "10"]\n\n'
                 '[Board "2"]\n[Vulnerable "All"]\n[Declarer "N"]\n[Contract "4S"]\n[Result "10"]\n')
    r = run(runner, str(f))
    assert r.exit_code == 2 and r.stdout == ""
    assert r.stderr.startswith(f"bridgecli: error: {f}:3: ") and "'9S'" in r.stderr
    r = run(runner, str(f), "--keep-going", "--json")
    assert r.exit_code == 1
    assert [json.loads(line)["ns"] for line in r.stdout.splitlines()] == [620]


EVENT_PBN = """[Board "1"]
[Vulnerable "None"]
[Room "Open"]
[North "Ann"]
[South "Bob"]
[East "Cy"]
[West "Di"]
[Declarer "N"]
[Contract "4S"]
[Result "10"]

[Board "1"]
[Vulnerable "None"]
[Room "Closed"]
[North "Ed"]
[South "Flo"]
[East "Gus"]
[West "Hal"]
[Declarer "N"]
[Contract "4S"]
[Result "9"]

[Board "2"]
[Vulnerable "NS"]
[Room "Open"]
[North "Ann"]
[South "Bob"]
[East "Cy"]
[West "Di"]
[Declarer "W"]
[Contract "4HX"]
[Result "8"]

[Board "2"]
[Vulnerable "NS"]
[Room "Closed"]
[North "Ed"]
[South "Flo"]
[East "Gus"]
[West "Hal"]
[Declarer "S"]
[Contract "4S"]
[Result "10"]
"""


def test_event_pbn_teams_and_pairs(runner: CliRunner, tmp_path: Path) -> None:
    f = tmp_path / "match.pbn"
    f.write_text(EVENT_PBN)
    r = run(runner, "--event", str(f), "--json")
    assert r.exit_code == 0, r.stderr
    recs = [json.loads(line) for line in r.stdout.splitlines()]
    # board 1: 420 v -50 = 470 -> 10; board 2: 300 v 620 = -320 -> -8
    assert [x["imps_home"] for x in recs if x["record"] == "board"] == [10, -8]
    assert recs[-1]["home"] == "Ann & Bob + Gus & Hal" and recs[-1]["visitors_imps"] == 8
    f2 = tmp_path / "pairs.pbn"
    f2.write_text("\n".join(line for line in EVENT_PBN.splitlines() if not line.startswith("[Room")) + "\n")
    r = run(runner, "--event", str(f2), "--json")
    assert r.exit_code == 0, r.stderr
    recs = [json.loads(line) for line in r.stdout.splitlines()]
    res = [x for x in recs if x["record"] == "result"]
    # board 1 datum (420 - 50) / 2 = 185 -> 190: 230 -> 6 IMPs
    assert [(x["mp_ns"], x["datum"], x["butler_ns"], x["cross_imps_ns"]) for x in res[:2]] == [
        (2, 190, 6, 10), (0, 190, -6, -10)]
    pairs = {x["pair"]: x for x in recs if x["record"] == "pair"}
    assert pairs["Ann & Bob"]["percentage"] == 50 and pairs["Ann & Bob"]["rank"] == "1="


def test_batch_output_file(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "scores.txt"
    r = run(runner, "-", "-o", str(out), input="4S=\n3NT=\n")
    assert (r.exit_code, r.stdout) == (0, "")
    assert out.read_text() == "420\n400\n"
    r = run(runner, "-", "-o", str(out), input="4S=\n4Q\n")
    assert r.exit_code == 2
    assert out.read_text() == "420\n400\n"  # a failed run leaves the old file alone


WORDS = ["4S", "3NT", "=", "+1", "-1", "-13", "10", "--vul", "both", "--declarer", "E", "-d", "--ns", "--json",
         "--imps", "620", "-", "x.pbn", "--event", "pass", "7NTXX", "'", '"', "--vul=ns", "-o", "--bogus", "♠", "0"]


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=20), st.lists(st.sampled_from(WORDS), max_size=6).map(" ".join)))
def test_batch_line_never_crashes(line: str) -> None:
    """Any line gives an output or a one-line BridgeError, never a traceback."""
    import click

    from bridgecli.cli.common.options import batch_line_parser
    from bridgecli.cli.score import BATCH_REFUSED, score
    from bridgecli.core.errors import BridgeError
    from bridgecli.core.notation import ENGLISH
    from bridgecli.results.line_scores import LineScorer

    with click.Context(score, info_name="score") as ctx:
        ctx.params.update({p.name: p.get_default(ctx) for p in score.params})
        scorer = LineScorer(ctx.params, ENGLISH, batch_line_parser(ctx, BATCH_REFUSED))
        try:
            out = scorer(line)
        except BridgeError as exc:
            assert "\n" not in str(exc)
        else:
            assert "\n" not in out


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(WORDS), min_size=1, max_size=6))
def test_command_line_never_crashes(words: list[str]) -> None:
    runner = CliRunner()
    cwd = os.getcwd()
    with tempfile.TemporaryDirectory() as tmp:  # the words may name -o files
        os.chdir(tmp)
        try:
            r = runner.invoke(cli, ["score", *words], input="")
        finally:
            os.chdir(cwd)
    assert r.exit_code in (0, 1, 2), (words, r.exception)
    assert r.exception is None or isinstance(r.exception, SystemExit), (words, repr(r.exception))
    if r.exit_code:
        assert r.stderr.count("\n") == 1 or r.stderr.startswith(("Usage:", "Error:")), (words, r.stderr)


def _derived_pbn() -> str:
    """N holds the spades, E the hearts, S the diamonds, W the clubs; N bids 7S and ruffs
    the heart lead, then draws trumps: 13 tricks, with no Contract or Result tag."""
    ranks = "AKQJT98765432"
    rows = [f"H{ranks[i]} D{ranks[i]} C{ranks[i]} S{ranks[12 - i]}" for i in range(13)]
    return ('[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
            '[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]\n'
            '[Auction "N"]\n7S Pass Pass Pass\n[Play "E"]\n' + "\n".join(rows) + "\n")


def test_file_contract_from_auction_tricks_from_play(runner: CliRunner, tmp_path: Path) -> None:
    f = tmp_path / "derived.pbn"
    f.write_text(_derived_pbn())
    r = run(runner, str(f), "--json")
    assert r.exit_code == 0, r.stderr
    rec = json.loads(r.stdout)
    # 7S by N, 13 tricks, not vulnerable: 210 + 300 + 1000 (RULES.md §3)
    assert (rec["contract"], rec["declarer"], rec["result"], rec["ns"]) == ("7S", "N", 13, 1510)
    out = tmp_path / "scored.pbn"
    assert run(runner, str(f), "-o", str(out)).exit_code == 0
    text = out.read_text()
    assert '[Contract "7S"]' in text and '[Result "13"]' in text and '[Score "NS 1510"]' in text


def test_file_illegal_auction_is_a_rule_error(runner: CliRunner, tmp_path: Path) -> None:
    f = tmp_path / "illegal.pbn"
    f.write_text('[Board "1"]\n[Dealer "N"]\n[Auction "N"]\n1S 1H Pass Pass\nPass\n')
    r = run(runner, str(f))
    assert r.exit_code == 1 and r.stdout == ""
    assert "insufficient" in r.stderr and r.stderr.count("\n") == 1


def test_score_imports_nothing_heavy() -> None:
    """`bridgecli score 4S=` loads click and the scoring core only (start-up time)."""
    code = ("import sys\n"
            "from bridgecli.cli import cli\n"
            "cli.main(['score', '4S=', '--vul', 'none'], standalone_mode=False)\n"
            # the package bridgecli.formats (its light top, the input helpers, the result lines) is
            # on the path; its readers and writers, and the boards they make, are not
            "heavy = ('yaml', 'tabulate', 'numpy', 'json', 'csv', 'shlex', 'endplay', 'bridgecli.formats.pbn',\n"
            "         'bridgecli.formats.yaml_format', 'bridgecli.formats.json_format', 'bridgecli.formats.lin',\n"
            "         'bridgecli.formats.stream', 'bridgecli.formats.oneline', 'bridgecli.core.deal',\n"
            "         'bridgecli.core.play', 'bridgecli.core.auction', 'bridgecli.core.event')\n"
            "print(sorted(m for m in sys.modules if m.startswith(heavy)))\n")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=subprocess_env(),
                       timeout=60, check=False)
    assert p.returncode == 0, p.stderr
    assert p.stdout.splitlines() == ["420", "[]"]


_SCORED_BOARD = ('[Board "3"]\n[Dealer "S"]\n[Vulnerable "EW"]\n'
                 '[Deal "N:AKQJ.T98.765.432 T987.AKQ.432.765 65432.J76.AKQ.AK .5432.JT98.QJT98"]\n'
                 '[Declarer "N"]\n[Contract "2HX"]\n[Result "7"]\n[Score "{score}"]\n')


def test_equal_score_tag_written_the_other_way_is_no_warning(runner: CliRunner, tmp_path: Path) -> None:
    # 2HX-1 by N, not vulnerable: N-S -100, which PBN may write as "NS -100" or "EW 100"
    p = tmp_path / "b.pbn"
    p.write_text(_SCORED_BOARD.format(score="NS -100"), encoding="utf-8")
    r = runner.invoke(cli, ["score", str(p)])
    assert r.exit_code == 0 and r.stderr == ""
    p.write_text(_SCORED_BOARD.format(score="NS -200"), encoding="utf-8")
    r = runner.invoke(cli, ["score", str(p)])
    assert r.exit_code == 0 and "Score was 'NS -200', now 'EW 100'" in r.stderr


def test_dash_with_from_reads_boards_from_stdin(runner: CliRunner) -> None:
    r = runner.invoke(cli, ["score", "-", "--from", "pbn", "--json"], input=_SCORED_BOARD.format(score="EW 100"))
    assert r.exit_code == 0, r.stderr
    obj = json.loads(r.stdout)
    assert (obj["board"], obj["contract"], obj["result"]) == (3, "2HX", 7)


def test_batch_ignores_a_byte_order_mark(runner: CliRunner) -> None:
    r = runner.invoke(cli, ["score", "-"], input="\ufeff4S=\n3NT\n")
    assert r.exit_code == 0, r.stderr
    assert r.stdout == "420\n400\n"


def test_unknown_table_style_is_a_usage_error(runner: CliRunner, tmp_path: Path) -> None:
    p = tmp_path / "b.pbn"
    p.write_text(_SCORED_BOARD.format(score="EW 100"), encoding="utf-8")
    r = runner.invoke(cli, ["score", str(p), "--fmt", "bogus"])
    assert r.exit_code == 2 and r.stdout == "" and "unknown table style 'bogus'" in r.stderr
    r = runner.invoke(cli, ["score", str(p), "--fmt", "github"])
    assert r.exit_code == 0 and r.stdout.startswith("|")


def test_event_rule_error_names_the_file_and_line(runner: CliRunner, tmp_path: Path) -> None:
    p = tmp_path / "teams.csv"
    p.write_text("board,room,ns,ew,contract,declarer,result\n1,open,A1,B1,4S,N,=\n1,open,B2,A2,4S,N,=\n",
                 encoding="utf-8")
    r = runner.invoke(cli, ["score", "--event", str(p)])
    assert r.exit_code == 1 and r.stdout == ""
    assert r.stderr == f"bridgecli: error: {p}:3: board 1: two results in the open room\n"


# -- issue 15: boards that cannot be scored, board files on stdin ------------------------------

_DEAL_15 = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"


def _board_15(number: int, extra: str) -> str:
    return (f'[Event "t"]\n[Board "{number}"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
            f'[Deal "{_DEAL_15}"]\n{extra}\n')


def test_board_without_declarer_is_reported_not_left_blank(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "nodecl.pbn"
    path.write_text(_board_15(1, '[Contract "4S"]\n[Result "10"]') + "\n"
                    + _board_15(2, '[Declarer "N"]\n[Contract "4S"]\n[Result "10"]'))
    result = run(runner, str(path))
    assert result.exit_code == 1
    assert result.stdout == ""
    assert "board 1: cannot score 4S with result 10: no declarer" in result.stderr
    going = run(runner, str(path), "--keep-going", "--json")
    assert going.exit_code == 1
    [row] = [json.loads(line) for line in going.stdout.splitlines()]
    assert row["board"] == 2 and row["ns"] == 420  # 4S= not vulnerable: 120 + 300
    assert "board 1:" in going.stderr


def test_board_file_with_a_contract_but_no_result_is_not_an_error(runner: CliRunner, tmp_path: Path) -> None:
    # a bidding problem or a play in progress records no result: nothing to score, nothing wrong
    path = tmp_path / "quiz.pbn"
    path.write_text(_board_15(1, '[Declarer "N"]\n[Contract "4S"]'))
    result = run(runner, str(path), "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["ns"] is None


# North declares 3NT, East leads: North wins the first four tricks (HA, SA, SK, SQ).
_PLAY_15 = '[Play "E"]\nHJ H6 H2 HA\nS7 S3 S2 SA\nS8 S4 D2 SK\nS9 S5 C2 SQ'


@pytest.mark.parametrize("result_tag, ok", [("3", False), ("4", True), ("13", True)])
def test_result_below_the_tricks_won_in_play_is_a_mismatch(runner: CliRunner, tmp_path: Path, result_tag: str,
                                                           ok: bool) -> None:
    path = tmp_path / "claim.pbn"
    path.write_text(_board_15(1, f'[Declarer "N"]\n[Contract "3NT"]\n[Result "{result_tag}"]\n{_PLAY_15}'))
    result = run(runner, str(path), "--json")
    if ok:
        assert result.exit_code == 0, result.stderr
        # 3NT by N not vulnerable: 4 tricks is down 5 (-250); 13 tricks is +4 (100 + 300 + 4 x 30 = 520)
        assert json.loads(result.stdout)["ns"] == {"4": -250, "13": 520}[result_tag]
    else:
        assert result.exit_code == 1
        assert result.stdout == ""
        assert "board 1: result 3 cannot follow from the play: declarer has already won 4 tricks" in result.stderr


def test_board_file_on_stdin_is_scored_as_a_file(runner: CliRunner) -> None:
    text = "% PBN 2.1\n% EXPORT\n" + _board_15(7, '[Declarer "E"]\n[Contract "2H"]\n[Result "7"]')
    result = run(runner, "-", "--json", input=text)
    assert result.exit_code == 0, result.stderr
    # the Vulnerable tag says None: 2H by E down 1 not vulnerable is 50 to N-S
    row = json.loads(result.stdout)
    assert row["board"] == 7 and row["ns"] == 50 and row["vulnerable"] == "None"
    piped = run(runner, "--json", input=text)  # no argument and piped input: the same
    assert piped.exit_code == 0 and json.loads(piped.stdout) == {**row}
    lines = run(runner, "-", input="\n4S=\n3NT-1 --vul both\n")
    assert lines.exit_code == 0 and lines.stdout == "\n420\n-100\n"


def test_board_file_on_stdin_in_a_real_pipe() -> None:
    text = "% PBN 2.1\n" + _board_15(1, '[Declarer "S"]\n[Contract "4H"]\n[Result "12"]')
    proc = subprocess.run([*bridgecli_cmd(), "score", "-", "--json"], input=text, capture_output=True, text=True,
                          env=subprocess_env(), timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["ns"] == 480  # 4H+2 not vulnerable: 120 + 60 + 300


def test_event_with_adjusted_scores(runner: CliRunner, tmp_path: Path) -> None:
    csv = tmp_path / "adj.csv"
    csv.write_text("board,ns,ew,contract,declarer,result,score\n"
                   "1,1,11,4S,N,=,\n1,2,12,4S,N,+1,\n1,3,13,3NT,S,=,\n1,4,14,,,,A+/A-\n1,5,15,A,,,\n")
    result = run(runner, "--event", str(csv), "--json")
    assert result.exit_code == 0, result.stderr
    recs = {r["pair_ns"]: r for r in map(json.loads, result.stdout.splitlines()) if r["record"] == "result"}
    # top 8 (5 tables); A+/A-: 60% and 40% of 8; the three real scores factored up by 5/3
    assert (recs[4]["mp_ns"], recs[4]["mp_ew"], recs[4]["adjusted"]) == (4.8, 3.2, "A+/A-")
    assert recs[4]["score_ns"] is None and recs[1]["score_ns"] == 420
    assert recs[2]["mp_ns"] == pytest.approx(22 / 3)
    text = run(runner, "--event", str(csv))
    row = next(line for line in text.stdout.splitlines() if line.split()[:3] == ["1", "4", "14"])
    assert row.split()[3:5] == ["A+", "A-"]  # each side's own score in the +NS / +EW columns


def test_team_event_with_an_adjusted_room(runner: CliRunner, tmp_path: Path) -> None:
    csv = tmp_path / "teams.csv"
    csv.write_text("board,room,ns,ew,contract,declarer,result,score\n"
                   "1,open,A1,B1,4S,N,=,\n1,closed,B2,A2,,,,A-/A+\n")
    result = run(runner, "--event", str(csv), "--json")
    assert result.exit_code == 0, result.stderr
    board, match = map(json.loads, result.stdout.splitlines())
    # closed room: home sits E-W and got A+ (+3 IMPs), the visitors N-S A- (-3): the board is
    # 3 IMPs to the home team, counted once (Law 86)
    assert board["imps_home"] == 3 and "imps_visitors" not in board
    assert board["closed"]["adjusted"] == "A-/A+" and board["closed"]["ns"] is None
    assert (match["home_imps"], match["visitors_imps"]) == (3, 0)


def test_an_adjusted_team_board_counts_once(runner: CliRunner) -> None:
    # board 1: 420 against -50 is 470 = 10 IMPs to home; board 2: the closed room's N-S
    # (visitors) average plus, E-W (home) average minus: 3 IMPs to the visitors, margin 7
    text = ("board,room,ns,ew,contract,declarer,result,score\n1,open,A1,B1,4S,N,=,\n1,closed,B2,A2,4S,N,-1,\n"
            "2,open,A1,B1,3NT,N,=,\n2,closed,B2,A2,,,,A+/A-\n")
    result = run(runner, "--event", "-", "--json", input=text)
    assert result.exit_code == 0, result.stderr
    *boards, match = map(json.loads, result.stdout.splitlines())
    assert [b["imps_home"] for b in boards] == [10, -3]
    assert (match["home_imps"], match["visitors_imps"]) == (10, 3)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from([*WORDS, "--vul=ew", "-dE", "-dW", "--", "--declarer=S", "--ns=1", "--scoring=oldmp",
                                 "4SX-1"]), max_size=6).map(" ".join))
def test_library_option_parse_agrees_with_click(line: str) -> None:
    """Without click (``bc.score_lines``), a line's options read as the command reads them."""
    import click

    from bridgecli.cli.common import add_lang_option
    from bridgecli.cli.common.options import batch_line_parser
    from bridgecli.cli.score import BATCH_REFUSED, score
    from bridgecli.core.errors import BridgeError
    from bridgecli.core.notation import ENGLISH
    from bridgecli.results.line_scores import LineScorer

    add_lang_option(score)  # as the group does when it loads the command

    def outcome(scorer: LineScorer) -> str | None:
        try:
            return scorer(line)
        except BridgeError:
            return None

    with click.Context(score, info_name="score") as ctx:
        ctx.params.update({p.name: p.get_default(ctx) for p in score.params})
        assert outcome(LineScorer(ctx.params, ENGLISH)) == outcome(LineScorer(ctx.params, ENGLISH,
                                                                               batch_line_parser(ctx, BATCH_REFUSED))), line


def test_file_rows_printed_a_part_at_a_time_leave_out_a_board_the_writer_refuses(
        runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # a part of the table is printed once the writer has taken its last board, as before
    # session 8: board 2 (a play, no auction) cannot be written as LIN, so its row is not printed
    import bridgecli.cli.score as score_cli

    monkeypatch.setattr(score_cli, "TABLE_ROWS", 1)
    f = tmp_path / "b.pbn"
    f.write_text('[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Declarer "N"]\n[Contract "4S"]\n[Result "10"]\n'
                 '[Auction "N"]\n1S Pass 4S Pass\nPass Pass\n\n'
                 '[Board "2"]\n[Dealer "E"]\n[Vulnerable "NS"]\n'
                 '[Deal "N:QT3.AJ5.J2.AK742 J54.98.AT7.QT865 A987.Q64.KQ43.J3 K62.KT732.9865.9"]\n'
                 '[Declarer "E"]\n[Contract "3NTX"]\n[Result "7"]\n[Play "S"]\nSA S2 S3 S4\n')
    r = run(runner, str(f), "-o", str(tmp_path / "out.lin"))
    assert r.exit_code == 2 and "LIN needs the auction" in r.stderr
    # -o FILE.lin gets the boards instead of stdout (issue #28): no table on stdout, and the
    # failed run leaves no file
    assert r.stdout == "" and not (tmp_path / "out.lin").exists()
    r = run(runner, str(f), "-o", str(tmp_path / "out.txt"))  # the table, a part (a row) at a time
    assert r.exit_code == 0 and r.stdout == ""
    text = (tmp_path / "out.txt").read_text()
    assert text.count("Contract") == 2 and "4S" in text and "3NTX" in text


def test_a_score_table_without_scores_is_scored_from_its_contracts(runner: CliRunner, tmp_path: Path) -> None:
    # a ScoreTable as Bridgewebs writes it: pairs, contract, declarer and tricks, no score columns
    pbn = tmp_path / "bridgewebs.pbn"
    pbn.write_text('[Board "1"]\n[Dealer "N"]\n[Vulnerable "EW"]\n'
                   '[Deal "N:AKQJ.AKQ.AKQ.AKQ 5432.5432.5432.5 T987.T987.T9.T98 6.J6.J876.J76432"]\n'
                   '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R"]\n'
                   ' 1  2 4S   N 10\n 3  4 4S   N  9\n 5  6 3NT  S 10\n 7  8 Pass -  -\n')
    result = run(runner, "--event", str(pbn), "--json")
    assert result.exit_code == 0, result.stderr
    scores = {r["pair_ns"]: r["score_ns"] for r in map(json.loads, result.stdout.splitlines()) if r["record"] == "result"}
    # N-S not vulnerable: 4S= 420, 4S-1 -50, 3NT+1 430, passed out 0 (Law 77)
    assert scores == {1: 420, 3: -50, 5: 430, 7: 0}
