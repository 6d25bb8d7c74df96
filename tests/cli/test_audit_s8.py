"""Session 8 audit of the promises every command keeps: the findings that were bugs.

- An error that echoes a long line (a 5 MB line of a PBN file) took ~120 bytes a
  character in ``cut_quoted``'s regular expression: 640 MB for that file.
- Names and comments from a file went to the terminal as they were: an escape sequence
  in a player's name cleared the screen or retitled the window under ``show`` and ``rubber``
  (and in their warnings).
"""

from __future__ import annotations

import sys
import tracemalloc
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgecli.cli import cli
from bridgecli.core.errors import cut_quoted, visible
from tests.conftest import ROOT

SAMPLE = ROOT / "sample_deals" / "valid" / "club_session.pbn"
ESCAPE = "\x1b]0;pwned\x07\x1b[2J"


@pytest.mark.skipif(sys.version_info < (3, 11), reason="possessive repeats need Python 3.11")
def test_cut_quoted_of_a_long_value_takes_little_memory() -> None:
    message = "unexpected text %r before the first tag" % ("A" * 2_000_000)
    tracemalloc.start()
    try:
        out = cut_quoted(message)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert out == "unexpected text '" + "A" * 77 + "\u2026' before the first tag"
    assert peak < 20_000_000, peak  # 240 MB before


@pytest.mark.parametrize("message, expected", [
    ("bad 'a\\'b' and \"c\\\"d\"", "bad 'a\\'b' and \"c\\\"d\""),  # escaped quotes stay inside
    ("x '" + "\\\\" * 60 + "' y", "x '" + "\\\\" * 38 + "\u2026' y"),  # never half an escape
    ("north's " + "'" + "b" * 100 + "'", "north's '" + "b" * 77 + "\u2026'"),
    ("'" + "c" * 100 + "\nmore'", "'" + "c" * 100 + "\nmore'"),  # a quote ends at its line
])
def test_cut_quoted_still_cuts_the_same(message: str, expected: str) -> None:
    assert cut_quoted(message) == expected


def test_visible_escapes_control_characters_only() -> None:
    assert visible("Nowak, Anna\tŚ\n") == "Nowak, Anna\tŚ\n"
    assert visible("a\x1b[2Jb\x07\x7f\x9f\r") == "a\\x1b[2Jb\\x07\\x7f\\x9f\\x0d"


def _hostile_names(tmp_path: Path) -> str:
    text = SAMPLE.read_text(encoding="utf-8").replace("Kowalski, Jan", ESCAPE + "Kowalski")
    path = tmp_path / "names.pbn"
    path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("args", [["show", "-b", "1"], ["show", "-b", "1", "--color"], ["rubber"]])
def test_no_escape_sequence_from_a_file_reaches_the_terminal(runner: CliRunner, tmp_path: Path,
                                                             args: list[str]) -> None:
    r = runner.invoke(cli, [*args, _hostile_names(tmp_path)])
    assert r.exit_code in (0, 1), r.output
    assert "\x07" not in r.stdout and "\x1b]" not in r.stdout and "\x1b[2J" not in r.stdout
    assert "\\x1b]0;pwned\\x07\\x1b[2JKowalski" in r.stdout
    # rubber warns that the partnerships repeat, naming the players
    assert "\x1b" not in r.stderr and "\x07" not in r.stderr


def test_rubber_variant_json_keeps_a_c1_control_in_a_name(runner: CliRunner) -> None:
    import json

    # the variant sheet's JSON keeps non-ASCII as is: a C1 control made "\\x9b" broke the JSON
    r = runner.invoke(cli, ["rubber", "--variant", "booby", "--json", "--players", "An\x9bn,Bob,Cid"],
                      input="4NL= -d N\n")
    assert r.exit_code == 0, r.stderr
    assert "An\x9bn" in [p["name"] for p in json.loads(r.stdout)["players"]]


def test_rubber_json_keeps_the_name_as_given(runner: CliRunner, tmp_path: Path) -> None:
    import json

    r = runner.invoke(cli, ["rubber", "--json", _hostile_names(tmp_path)])
    names = [p["name"] for p in json.loads(r.stdout)["players"]]
    assert ESCAPE + "Kowalski" in names


# -- UTF-16 text (Notepad's "Unicode") was called binary data -----------------------------


@pytest.mark.parametrize("bom, codec", [(b"\xff\xfe", "utf-16-le"), (b"\xfe\xff", "utf-16-be")])
@pytest.mark.parametrize("args", [["show"], ["convert", "--to", "json"], ["validate-auction"], ["score"]])
def test_utf16_with_a_byte_order_mark_is_named(runner: CliRunner, tmp_path: Path, bom: bytes, codec: str,
                                                args: list[str]) -> None:
    path = tmp_path / "notepad.pbn"
    path.write_bytes(bom + SAMPLE.read_text(encoding="utf-8").encode(codec))
    r = runner.invoke(cli, [*args, str(path)])
    assert r.exit_code == 2
    assert r.stderr == f"bridgecli: error: {path}:1: UTF-16 text (a byte-order mark): save it as UTF-8 (iconv -f UTF-16 -t UTF-8)\n"


def test_utf16_from_a_pipe_is_named(tmp_path: Path) -> None:
    import subprocess

    from tests.conftest import bridgecli_cmd, subprocess_env

    data = b"\xff\xfe" + SAMPLE.read_text(encoding="utf-8").encode("utf-16-le")
    p = subprocess.run([*bridgecli_cmd(), "show", "-"], input=data, capture_output=True, env=subprocess_env(),
                       timeout=60)
    assert p.returncode == 2
    assert p.stderr.decode() == "bridgecli: error: <stdin>:1: UTF-16 text (a byte-order mark): save it as UTF-8 (iconv -f UTF-16 -t UTF-8)\n"


def test_a_nul_byte_without_a_byte_order_mark_is_still_binary(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "nul.pbn"
    path.write_bytes(SAMPLE.read_bytes().replace(b'[Board "2"]', b'[Board "2\x00"]'))
    r = runner.invoke(cli, ["show", str(path)])
    assert r.exit_code == 2 and "binary data (a NUL byte), not a text file" in r.stderr


# -- a file name too long to open: the reason was cut off the line -------------------------


@pytest.mark.parametrize("args", [["show"], ["score", "--event"], ["deal", "--script"]])
def test_a_file_name_too_long_keeps_its_reason(runner: CliRunner, args: list[str]) -> None:
    name = "k" * 3000 + ".pbn"
    r = runner.invoke(cli, [*args, name])
    assert r.exit_code == 2
    line = r.stderr.strip()
    assert "\n" not in line and len(line) < 160, line
    assert line.startswith("bridgecli: error: " + "k" * 40 + "\u2026")
    assert line.endswith("k.pbn: file name too long"), line


# -- a file mostly UTF-8 with one byte that is not: read as Latin-1 without a word ---------

_DEAL = b'[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]\n'
_MIXED = b'[Event "Caf\xe9"]\n[Board "1"]\n[North "Szab\xc3\xb3"]\n' + _DEAL  # e-acute in Latin-1, o-acute in UTF-8
_MIXED_WARNING = ("bridgecli: warning: {src}:3: UTF-8 text (bytes c3 b3) in a file that is not all UTF-8: "
                  "read as Latin-1, it reads '\u00c3\u00b3' (save the file in one charset)\n")


@pytest.mark.parametrize("args", [["convert", "--to", "json"], ["show"], ["validate-auction"]])
def test_utf8_text_in_a_latin1_file_is_warned_about(runner: CliRunner, tmp_path: Path, args: list[str]) -> None:
    path = tmp_path / "mixed.pbn"
    path.write_bytes(_MIXED)
    r = runner.invoke(cli, [*args, str(path)])
    assert r.exit_code == 0
    assert r.stderr == _MIXED_WARNING.format(src=path)
    if args[0] == "convert":  # read as PBN's charset says, each byte a letter: the warning says why
        assert '"North": "Szab\u00c3\u00b3"' in r.stdout and '"Event": "Caf\u00e9"' in r.stdout


def test_utf8_text_in_a_latin1_pipe_is_warned_about(runner: CliRunner) -> None:
    r = runner.invoke(cli, ["convert", "--to", "json", "-"], input=_MIXED)
    assert r.exit_code == 0 and r.stderr == _MIXED_WARNING.format(src="<stdin>")


@pytest.mark.parametrize("data", [
    b'[Event "Caf\xe9"]\n[North "Szab\xf3"]\n' + _DEAL,  # all Latin-1
    b'[Event "Caf\xc3\xa9"]\n[North "Szab\xc3\xb3"]\n' + _DEAL,  # all UTF-8
])
def test_one_charset_is_not_warned_about(runner: CliRunner, tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "one.pbn"
    path.write_bytes(data)
    r = runner.invoke(cli, ["convert", "--to", "json", str(path)])
    assert r.exit_code == 0 and r.stderr == ""
    assert '"North": "Szab\u00f3"' in r.stdout


@pytest.mark.parametrize(("event", "charset"), [
    ("Tournoi \u00abCAF\u00c9\u00bb", "latin-1"),  # E-acute, then a guillemet
    ("MISTRZOSTWA POLSKI: P\u00d3\u0141FINA\u0141", "cp1250"),  # O-acute, L-stroke
    ("P\u00d3\u0141FINA\u0141", "iso8859-2"),  # (the same bytes as in Windows-1250)
])
def test_latin1_or_cp1250_text_that_looks_like_utf8_is_not_warned_about(runner: CliRunner, tmp_path: Path,
                                                                        event: str, charset: str) -> None:
    path = tmp_path / "one.pbn"
    path.write_bytes(f'[Event "{event}"]\n'.encode(charset) + _DEAL)
    r = runner.invoke(cli, ["convert", str(path), "--to", "json"])
    assert r.exit_code == 0 and f'"Event": "{event}"' in r.stdout
    # no word of UTF-8; the Polish letter L-stroke says Windows-1250 (issue #31), and so it is said
    assert "UTF-8 text" not in r.stderr
    assert ("read as Windows-1250" in r.stderr) == (charset != "latin-1") and r.stderr.count("\n") <= 1


def test_decode_bytes_warns_of_utf8_in_latin1_too() -> None:
    import warnings

    from bridgecli.core.errors import ReadWarning
    from bridgecli.formats.inputs import decode_bytes

    with warnings.catch_warnings(record=True) as got:
        warnings.simplefilter("always")
        assert decode_bytes(b"x\n\xe9\ny \xe2\x82\xac\n", "f.pbn") == "x\n\u00e9\ny \u00e2\u0082\u00ac\n"
    assert [(w.category, str(w.message)) for w in got] == [
        (ReadWarning, ("f.pbn:3: UTF-8 text (bytes e2 82 ac) in a file that is not all UTF-8: "
                       "read as Latin-1, it reads '\u00e2\\x82\u00ac' (save the file in one charset)"))]


# -- score: a FILE known by its extension only; --json batches not JSON Lines; UTF-16 lines --


def test_score_reads_a_file_with_no_extension(runner: CliRunner, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    expected = runner.invoke(cli, ["score", str(SAMPLE)])
    assert expected.exit_code == 0 and "Board" in expected.stdout
    (tmp_path / "session").write_bytes(SAMPLE.read_bytes())
    (tmp_path / "3NT=").write_bytes(SAMPLE.read_bytes())
    monkeypatch.chdir(tmp_path)
    for args in ([str(tmp_path / "session")], ["./session"], ["session", "--from", "pbn"]):
        r = runner.invoke(cli, ["score", *args])
        assert (r.exit_code, r.stdout) == (0, expected.stdout), args
    r = runner.invoke(cli, ["score", "3NT="])  # a contract, though a file has its name: no "/" in it
    assert (r.exit_code, r.stdout) == (0, "400\n")


def test_score_reads_a_fifo(tmp_path: Path) -> None:
    import os
    import subprocess

    from tests.conftest import bridgecli_cmd, subprocess_env

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    p = subprocess.Popen([*bridgecli_cmd(), "score", str(fifo)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         env=subprocess_env())
    fifo.write_bytes(SAMPLE.read_bytes())
    out, err = p.communicate(timeout=60)
    assert p.returncode == 0, err
    assert out.decode().splitlines()[0].split() == ["Board", "Vul", "Contract", "By", "Result", "Tricks", "NS", "EW"]


def test_score_batch_json_is_json_lines_line_for_line(runner: CliRunner) -> None:
    import json

    r = runner.invoke(cli, ["score", "-", "--json", "--keep-going"], input="4S=\n4Q\n\n# c\n3NT-1\n")
    assert r.exit_code == 1
    rows = [json.loads(line) for line in r.stdout.splitlines()]
    assert len(rows) == 5  # a line out for each line in
    assert (rows[0]["contract"], rows[0]["score"]) == ("4S", 420)  # 4S made, not vulnerable: 120 + 300
    assert rows[1] == {"line": 2, "error": "not a contract: '4Q'"}
    assert rows[2] is None and rows[3] is None  # a blank line, a comment line
    assert (rows[4]["contract"], rows[4]["score"]) == ("3NT", -50)
    assert r.stderr == "bridgecli: error: <stdin>:2: not a contract: '4Q'\n"


def test_score_batch_of_utf16_lines_is_named() -> None:
    import subprocess

    from tests.conftest import bridgecli_cmd, subprocess_env

    p = subprocess.run([*bridgecli_cmd(), "score", "-"], input=b"\xff\xfe" + "4S=\n3NT-1\n".encode("utf-16-le"),
                       capture_output=True, env=subprocess_env(), timeout=60)
    assert p.returncode == 2 and p.stdout == b""
    assert p.stderr.decode() == ("bridgecli: error: <stdin>:1: UTF-16 text (a byte-order mark): "
                                 "save it as UTF-8 (iconv -f UTF-16 -t UTF-8)\n")


# -- JSON: a long key and a number of too many digits ------------------------------------


def test_a_long_unknown_key_is_cut_short(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "key.json"
    path.write_text('{"board": 1, "' + "k" * 3000 + '": 1}\n', encoding="utf-8")
    r = runner.invoke(cli, ["show", str(path)])
    assert r.exit_code == 2
    line = r.stderr.strip()
    assert line.startswith(f"bridgecli: error: {path}:1: board 1: " + "k" * 39 + "\u2026: unknown key 'k"), line
    assert "(known: board, dealer" in line and len(line) < 500


def test_a_number_of_too_many_digits_is_said_without_pythons_advice(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_text('{"board": 1, "result": ' + "9" * 5000 + "}\n", encoding="utf-8")
    r = runner.invoke(cli, ["show", str(path)])
    assert r.exit_code == 2
    assert "5000 digits" in r.stderr and "sys.set_int_max_str_digits" not in r.stderr


# -- play: boards with no play record had no line and no word when some others had one ---


def test_play_counts_the_boards_with_no_play_record(runner: CliRunner, tmp_path: Path) -> None:
    deal = '[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]\n'
    bare = "".join(f'\n[Board "{n}"]\n[Dealer "N"]\n[Vulnerable "None"]\n{deal}' for n in (90, 91))
    path = tmp_path / "mixed.pbn"
    path.write_text(SAMPLE.read_text(encoding="utf-8") + bare, encoding="utf-8")
    whole = runner.invoke(cli, ["play", str(SAMPLE)])
    assert whole.exit_code == 0 and "play record" not in whole.stderr
    total = runner.invoke(cli, ["show", "--json", str(SAMPLE)]).stdout.count("\n") + 2
    r = runner.invoke(cli, ["play", str(path)])
    assert r.stdout == whole.stdout  # the two boards with no play have no line ...
    assert r.stderr.endswith(f"bridgecli: note: {path}: 2 of {total} boards have no play record\n")  # ... but a word


def test_solve_warns_of_mixed_charsets_once_naming_a_file_line(runner: CliRunner, tmp_path: Path) -> None:
    # solve decodes its pieces of ~40 boards one by one: the warning came once a piece,
    # its line counted from the piece's start
    path = tmp_path / "mixed100.pbn"
    boards = [f'[Board "{n}"]\n[North "Szab\u00f3"]\n'.encode() + (b'[Event "Caf\xe9"]\n' if n == 100 else b"")
              + _DEAL + b"\n" for n in range(1, 101)]
    path.write_bytes(b"".join(boards))
    r = runner.invoke(cli, ["solve", "--json", "-j", "1", str(path)])
    assert r.exit_code == 0 and r.stdout.count("\n") == 100
    warned = [line for line in r.stderr.splitlines() if "not all UTF-8" in line]
    assert len(warned) == 1, r.stderr
    at = int(warned[0].split(f"{path}:")[1].split(":")[0])
    assert path.read_bytes().split(b"\n")[at - 1] == b'[North "Szab\xc3\xb3"]'
