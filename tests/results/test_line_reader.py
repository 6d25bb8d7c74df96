"""The readers of result lines (issue #32): line ends, wide charsets, long lines, inputs
with no result, read in bounded pieces."""

from __future__ import annotations

import io
from collections.abc import Callable

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from bridgecli.cli import cli
from bridgecli.core.errors import ParseError
from bridgecli.formats.result_lines import MAX_LINE, iter_text_lines, text_or_lines
from bridgecli.results.line_scores import iter_lines, read_head


def reader(data: bytes, size: int) -> Callable[[], bytes]:
    stream = io.BytesIO(data)
    return lambda: stream.read(size)


@given(st.lists(st.sampled_from(["4S=", "", "3NT-1 -d E", "# c", "pass", " "]), max_size=12),
       st.sampled_from(["\n", "\r\n", "\r"]), st.integers(1, 9), st.booleans())
def test_lines_whatever_the_line_end_and_the_reads(lines: list[str], end: str, size: int, last_end: bool) -> None:
    text = end.join(lines) + (end if last_end and lines else "")
    expected = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if expected and expected[-1] == "":
        expected.pop()  # the end of the last line starts no line
    assert list(iter_lines(reader(text.encode(), size))) == expected


def test_cr_lf_split_between_two_reads_is_one_line_end() -> None:
    parts = iter([b"4S=\r", b"\n3NT=\r", b"\r\n", b""])
    assert list(iter_lines(lambda: next(parts))) == ["4S=", "3NT=", ""]


def test_a_line_over_the_limit_is_refused_at_its_number() -> None:
    data = b"4S=\n\n" + b"x" * (MAX_LINE + 1) + b"\n"
    with pytest.raises(ParseError) as exc:
        list(iter_lines(reader(data, 1 << 16)))
    assert (exc.value.line, exc.value.source) == (3, "<stdin>")
    # in one read (a head of several lines) too
    with pytest.raises(ParseError) as exc:
        list(iter_lines(reader(b"", 1), head=data, ended=True))
    assert exc.value.line == 3


def test_text_lines_over_the_limit_refused_a_multibyte_line_by_its_bytes() -> None:
    ok = "é" * (MAX_LINE // 2)
    assert list(iter_text_lines([ok[:1000], ok[1000:] + "\nx\n"])) == [ok, "x"]
    with pytest.raises(ParseError) as exc:
        list(iter_text_lines(["a\n", ok, "é\n"], source="f.txt"))
    assert (exc.value.source, exc.value.line) == ("f.txt", 2)


def test_read_head_holds_a_bounded_run_of_blank_input() -> None:
    head, ended = read_head(reader(b"\n" * (4 << 20) + b"4S=\n", 1 << 16))
    assert not ended and len(head) <= 1 << 17 and not head.strip()
    head, ended = read_head(reader(b"\n\n4S=\n3NT=\n", 3))
    assert head.strip().startswith(b"4S=") and not ended


def test_text_or_lines_blank_input_is_a_text() -> None:
    assert text_or_lines(["\n \n"]) == "\n \n"
    assert list(text_or_lines(["\n4S= -d N\n", "pass\n"])) == ["", "4S= -d N", "pass"]
    boards = list(text_or_lines(['\n[Board "1"]\n']))  # boards: read one at a time
    assert [b.number for b in boards] == [1]  # type: ignore[union-attr]


@pytest.mark.parametrize("data", [b"", b"\n\n", b"# lang: pl\n", b"# a\n  # b\n\n"])
def test_score_stdin_with_no_result_exits_2(data: bytes) -> None:
    r = CliRunner().invoke(cli, ["score", "-"], input=data)
    assert r.exit_code == 2
    assert r.stderr == "bridgecli: error: <stdin>: no results (only blank lines and comments)\n"


def test_score_stdin_a_bad_line_is_a_result_with_keep_going() -> None:
    r = CliRunner().invoke(cli, ["score", "-", "--keep-going"], input="# a\n4S+9\n")
    assert (r.exit_code, r.stdout) == (1, "\nerror\n")


def test_score_stdin_cr_only_line_ends() -> None:
    r = CliRunner().invoke(cli, ["score", "-"], input=b"4S=\r3NT-1 --vul both\r\r4H+1\r")
    assert (r.exit_code, r.stdout) == (0, "420\n-100\n\n450\n")


@pytest.mark.parametrize("encoding", ["utf-32-le", "utf-32-be"])
def test_utf32_is_called_utf32(encoding: str, tmp_path) -> None:  # type: ignore[no-untyped-def]
    data = "\ufeff4S=\n".encode(encoding)
    message = "UTF-32 text (a byte-order mark): save it as UTF-8 (iconv -f UTF-32 -t UTF-8)"
    r = CliRunner().invoke(cli, ["score", "-"], input=data)
    assert (r.exit_code, r.stderr) == (2, f"bridgecli: error: <stdin>:1: {message}\n")
    path = tmp_path / "u.pbn"
    path.write_bytes('\ufeff[Board "1"]\n'.encode(encoding))
    r = CliRunner().invoke(cli, ["show", str(path)])
    assert (r.exit_code, r.stderr) == (2, f"bridgecli: error: {path}:1: {message}\n")
    r = CliRunner().invoke(cli, ["rubber", "-"], input=data)
    assert (r.exit_code, r.stderr) == (2, f"bridgecli: error: <stdin>:1: {message}\n")
