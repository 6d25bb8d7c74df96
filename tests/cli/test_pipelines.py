"""Pipelines (issue #28): every command that writes boards, in every format it writes, piped
into every command that reads boards: the boards read, and what the first command added
(the double-dummy table and par of solve, the Score tags of score) survives the trip.

In process (CliRunner), on one or two deals; DDS only where solve and simulate are the point.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgecli.cli import cli
from bridgecli.solver import dds

ROOT = Path(__file__).resolve().parents[2]
CLUB = (ROOT / "docs" / "examples" / "club.pbn").read_text(encoding="utf-8")
HAS_DDS = dds.available()
BOARD_FORMATS = ("pbn", "yaml", "json", "lin")


def _runner() -> CliRunner:
    try:
        return CliRunner(mix_stderr=False)  # type: ignore[call-arg]
    except TypeError:
        return CliRunner()


def run(args: list[str], stdin: str = "") -> tuple[int, str, str]:
    res = _runner().invoke(cli, args, input=stdin)
    return res.exit_code, res.stdout, res.stderr


@cache
def deals(fmt: str, n: int = 2) -> str:
    code, out, err = run(["deal", "-n", str(n), "--seed", "1", "--format", fmt])
    assert code == 0, err
    return out


#: name -> (arguments, stdin, what it added: "" / "par" (solve) / "score" (score))
WRITERS: dict[str, tuple[list[str], str, str]] = {}
for _f in (*BOARD_FORMATS, "text"):
    WRITERS[f"deal {_f}"] = (["deal", "-n", "2", "--seed", "1", "--format", _f], "", "")
for _f in BOARD_FORMATS:
    WRITERS[f"convert {_f}"] = (["convert", "-", "--to", _f], "@deals", "")
    WRITERS[f"score --to {_f}"] = (["score", "-", "--to", _f], CLUB, "score")
    WRITERS[f"solve --to {_f}"] = (["solve", "-", "--to", _f], "@one", "par")
    WRITERS[f"play --complete --to {_f}"] = (["play", "-", "--complete", "--to", _f], CLUB, "")
WRITERS["show --json"] = (["show", "-", "--json"], "@deals", "")
WRITERS["solve --json"] = (["solve", "-", "--json"], "@one", "par")
WRITERS["solve (a pipe)"] = (["solve", "-"], "@one", "par")

#: name -> arguments of a command reading boards from stdin
READERS: dict[str, list[str]] = {
    "show": ["show", "-"],
    "show --brief": ["show", "-", "--brief"],
    "convert": ["convert", "-", "--to", "json"],
    "validate-auction": ["validate-auction", "-"],
    "play": ["play", "-"],
    "score": ["score", "-"],
    "solve": ["solve", "-", "--json", "-j", "1"],
    "simulate": ["simulate", "-", "--contract", "4S:N", "-j", "1"],
}


@cache
def written(name: str) -> str:
    args, stdin, _ = WRITERS[name]
    stdin = {"@deals": deals("pbn"), "@one": deals("pbn", 1)}.get(stdin, stdin)
    code, out, err = run(args, stdin)
    assert code == 0, f"{name}: {err}"
    assert out.strip()
    return out


def _needs_dds(*names: str) -> None:
    if not HAS_DDS and any(n.startswith(("solve", "simulate")) for n in names):
        pytest.skip("the DDS solver (endplay) is not installed")


#: The writers solve reads in the matrix: one of each format and shape (DDS on each costs
#: half a second on a loaded machine; reading depends on the format, not on who wrote it).
SOLVE_READS = ("deal pbn", "deal yaml", "deal json", "deal lin", "deal text", "solve --json", "score --to json")
PAIRS = [(w, r) for w in WRITERS for r in READERS if r not in ("solve", "simulate") or w in SOLVE_READS]


@pytest.mark.parametrize(("writer", "reader"), PAIRS)
def test_every_writer_pipes_into_every_reader(writer: str, reader: str) -> None:
    _needs_dds(writer, reader)
    code, out, err = run(READERS[reader], written(writer))
    assert code == 0, f"{writer} | {reader}: {err}"
    assert "error" not in err
    assert out.strip() or reader == "play"  # play says on stderr that no board has a play record


@pytest.mark.parametrize("writer", [w for w, (_, _, added) in WRITERS.items() if added])
def test_what_the_first_command_added_survives(writer: str) -> None:
    _needs_dds(writer)
    added = WRITERS[writer][2]
    text = written(writer)
    if writer.endswith("lin"):
        pytest.skip("LIN has no place for tags (docs/FORMATS.md, What LIN cannot carry)")
    code, out, err = run(["convert", "-", "--to", "json"], text)
    assert code == 0, err
    boards = [json.loads(line) for line in out.splitlines()]
    if added == "par":
        # solve's findings are schema fields, read back from every format that carries them
        assert all(set(b["dd"]) == {"N", "E", "S", "W"} and "score" in b["par"] for b in boards)
        code, out, _ = run(["show", "-", "--brief"], text)
        assert code == 0 and "Par: " in out and " makes " in out
    else:
        # club.pbn: 4H= by S not vulnerable, 3NTX-2 by E vulnerable (Law 77): 420 and 300 to N-S
        assert [b["tags"]["Score"] for b in boards] == ["NS 420", "NS 300"]


# -- the pipes the project's checks run ------------------------------------------------


def test_text_deals_read_by_show() -> None:
    code, out, err = run(["show", "-"], deals("text"))
    assert code == 0, err
    assert out.count("Board ") == 2 and "Dealer: East" in out  # board 2's dealer, from its number


@pytest.mark.skipif(not HAS_DDS, reason="the DDS solver (endplay) is not installed")
def test_solve_json_read_by_show() -> None:
    code, solved, err = run(["solve", "-", "--json"], deals("json"))
    assert code == 0, err
    code, out, err = run(["show", "-"], solved)
    assert code == 0, err
    assert out.count("Par: ") == 2 and out.count("makes") == 2


def test_converted_yaml_read_by_validate_auction() -> None:
    code, yaml_text, err = run(["convert", "-", "--to", "yaml"], deals("pbn"))
    assert code == 0, err
    code, out, err = run(["validate-auction", "-"], yaml_text)
    assert code == 0, err
    assert out.count("no auction recorded") == 2


# -- what readers refuse, and say so ---------------------------------------------------


@pytest.mark.parametrize(("args", "kind"), [(["score", "-", "--json"], "score"), (["play", "-", "--json"], "play"),
                                           (["simulate", "-", "--contract", "4S:N", "-j", "1", "--json"], "simulate")])
def test_a_report_is_refused_as_not_boards(args: list[str], kind: str) -> None:
    _needs_dds(*args)
    code, report, err = run(args, CLUB)
    assert code == 0, err
    code, _, err = run(["show", "-"], report)
    assert code == 2
    assert f"this is a {kind} report (its 'record' key), not boards" in err


# -- show derives the contract from the auction ----------------------------------------


def test_show_derives_contract_and_declarer_from_the_auction() -> None:
    # North passes, East passes, South opens 1H, West overcalls 4S, three passes: 4S by West
    board = ('[Board "1"]\n[Dealer "N"]\n[Deal "N:T3.T965.8.AKQJ98 J7.K8742.654.752 62.AQJ3.AKT73.43 '
             'AKQ9854..QJ92.T6"]\n[Auction "N"]\nPass Pass 1H 4S\nPass Pass Pass\n')
    code, out, err = run(["--lang", "en", "show", "-", "--ascii"], board)
    assert code == 0, err
    assert "Contract: 4S by W" in out
    code, out, _ = run(["show", "-", "--brief", "--ascii"], board)
    assert out.split()[4:7] == ["4S", "by", "W"]


# -- score: FILE of result lines, comments, -o ------------------------------------------


def test_score_file_of_result_lines_with_comments(tmp_path: Path) -> None:
    path = tmp_path / "results.txt"
    path.write_text("4S=\n6NT= -d W # slam!\n# a comment\n3NT-1 --vul both\n", encoding="utf-8")
    code, out, err = run(["score", str(path)])
    assert code == 0, err
    # 4S= 420; 6NT= not vulnerable 990 (Law 77); a comment line: an empty line; 3NT-1 vulnerable -100
    assert out == "420\n990\n\n-100\n"
    code, _, err = run(["score", "missing.txt"])  # a name with an extension is a FILE: no "not a contract"
    assert code == 2 and "missing.txt: no such file" in err


def test_rubber_reads_a_comment_after_a_result() -> None:
    code, out, err = run(["rubber", "-"], "4S= -d N # game\n")
    assert code == 0, err
    assert "4S by N" in out


def test_score_file_minus_o_writes_what_stdout_gets(tmp_path: Path) -> None:
    src = tmp_path / "club.pbn"
    src.write_text(CLUB, encoding="utf-8")
    code, table, _ = run(["score", str(src)])
    assert code == 0
    code, out, err = run(["score", str(src), "-o", str(tmp_path / "scores.txt")])
    assert code == 0 and out == "", err
    assert (tmp_path / "scores.txt").read_text(encoding="utf-8") == table
    code, out, err = run(["score", str(src), "-o", str(tmp_path / "scored.pbn")])
    assert code == 0 and out == "", err
    assert '[Score "NS 420"]' in (tmp_path / "scored.pbn").read_text(encoding="utf-8")
    code, out, err = run(["score", str(src), "--to", "pbn"])
    assert code == 0 and out == (tmp_path / "scored.pbn").read_text(encoding="utf-8")
    code, _, err = run(["score", "4S=", "--to", "pbn"])
    assert code == 2 and "--to writes the boards of a FILE back" in err


@pytest.mark.skipif(not HAS_DDS, reason="the DDS solver (endplay) is not installed")
def test_solve_writes_nothing_into_a_pipe_when_no_board_can_be_read() -> None:
    code, out, err = run(["solve", "-"], "[Board \"1\"]\n[Deal \"N:AKQ\"]\n")
    assert code == 2 and "four hands expected" in err
    assert out == ""  # not even the PBN header


def test_score_file_of_result_lines_minus_o_as_the_same_lines_on_stdin(tmp_path: Path) -> None:
    path = tmp_path / "results.txt"
    path.write_text("4S= -d N\n# a comment\n", encoding="utf-8")
    for name in ("stdin.json", "file.json"):
        args = ["score", "-" if name == "stdin.json" else str(path), "-o", str(tmp_path / name)]
        code, out, err = run(args, path.read_text(encoding="utf-8"))
        assert code == 0 and out == "", err
    lines = (tmp_path / "file.json").read_text(encoding="utf-8").splitlines()
    assert lines == (tmp_path / "stdin.json").read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[0])["score"] == 420 and lines[1] == "null"  # 4S= not vulnerable (Law 77); a comment
    code, _, err = run(["score", str(path), "-o", str(tmp_path / "scored.pbn")])  # no boards to write back
    assert code == 2 and "score does not write pbn" in err
    assert not (tmp_path / "scored.pbn").exists()
