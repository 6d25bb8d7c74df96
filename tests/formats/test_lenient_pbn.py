"""What real programs write that PBN does not allow, read as other readers read it
(issue #15, "Real files"): tag values without quotes (Table Manager)."""

from __future__ import annotations

import subprocess
import warnings
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgecli.cli import cli
from bridgecli.core.errors import BridgeError, ParseError, ReadWarning
from bridgecli.formats import pbn
from tests.conftest import bridgecli_cmd, subprocess_env

DEAL = "N:AKQJ.T98.765.432 T987.AKQ.432.765 65432.J76.AKQ.AK .5432.JT98.QJT98"


def _read(text: str) -> tuple[list[object], list[str]]:
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        recs: list[object] = list(pbn.iter_records(text, "t.pbn"))
    return recs, [str(w.message) for w in seen if issubclass(w.category, ReadWarning)]


# -- tag values without quotes ---------------------------------------------------------

TM_GAME = '[Event Random Deal #]\n[Date  "2-Aug-2023"]\n[Board "{n}"]\n[Deal "' + DEAL + '"]\n'


def test_an_unquoted_value_is_the_text_up_to_the_bracket_trimmed() -> None:
    recs, told = _read("% PBN 2.0\n" + TM_GAME.format(n=1))
    (b,) = recs
    assert not isinstance(b, BridgeError), b
    assert b.tag("Event") == "Random Deal #"  # type: ignore[attr-defined]
    assert b.tag("Date") == "2-Aug-2023"  # type: ignore[attr-defined]
    assert told == ["t.pbn:2: tag value without quotes, read as 'Random Deal #' (PBN 3.2 wants \"...\")"]


def test_one_warning_a_file_names_the_first_line_and_counts_the_rest() -> None:
    text = "\n".join(TM_GAME.format(n=n) for n in (1, 2, 3)) + '[Site   Club  room 2 ]\n'
    recs, told = _read(text)
    assert [r.tag("Event") for r in recs] == ["Random Deal #"] * 3  # type: ignore[attr-defined]
    assert recs[2].tag("Site") == "Club  room 2"  # type: ignore[attr-defined]
    assert told == ["t.pbn:1: tag value without quotes, read as 'Random Deal #' (PBN 3.2 wants \"...\") (3 more)"]


def test_quoted_files_give_no_warning() -> None:
    _, told = _read(f'[Event "x"]\n[Deal "{DEAL}"]\n')
    assert told == []


def test_written_back_with_quotes() -> None:
    recs, _ = _read(TM_GAME.format(n=1))
    text = pbn.dumps(recs)  # type: ignore[arg-type]
    assert '[Event "Random Deal #"]\n' in text
    assert _read(text) == (recs, [])


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("[Event]", "unexpected ']'"),  # no value at all
        ('[Event Random "Deal"]', "without quotes"),  # half quoted
        ("[Event Random Deal", "no closing ']'"),
        ("[Event Random {Deal}]", "without quotes"),
        ("[Event Random; Deal]", "without quotes"),
        ('[Event "Random Deal]', "unterminated string"),
    ],
)
def test_broken_tag_lines_stay_errors(line: str, words: str) -> None:
    recs, told = _read(f'[Board "3"]\n{line}\n')
    (e,) = recs
    assert isinstance(e, ParseError), e
    assert (e.line, e.board) == (2, "3")
    assert words in e.message, e.message
    assert told == []


def test_the_command_line_prints_the_warning_once_and_exits_0(tmp_path: Path) -> None:
    f = tmp_path / "tm.pbn"
    f.write_text("\n".join(TM_GAME.format(n=n) for n in (1, 2)))
    res = CliRunner().invoke(cli, ["convert", "--to", "pbn", str(f)])
    assert res.exit_code == 0, res.output
    assert '[Event "Random Deal #"]' in res.stdout
    assert res.stderr == (f"bridgecli: warning: {f}:1: tag value without quotes, read as 'Random Deal #' "
                          "(PBN 3.2 wants \"...\") (1 more)\n")
    # a real process: the same single line, no Python warning text
    proc = subprocess.run([*bridgecli_cmd(), "show", str(f)], capture_output=True, text=True,
                          env=subprocess_env(), timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr.splitlines() == [res.stderr.rstrip("\n")]
