"""Result lines are read a piece at a time (issue #32): ``score -`` and ``rubber`` keep
their memory flat on long inputs, and a line too long to be a result is refused at
its number without being held.

Real processes (peak RSS is a process's), each input generated small and ten times
bigger; the bounds are loose (a loaded machine, other Python versions): what they
catch is growth with the input, which was hundreds of MB at these sizes."""

from __future__ import annotations

import subprocess
import sys
import threading

from bridgecli.formats.result_lines import MAX_LINE

from ..conftest import subprocess_env

#: Runs a command and writes its exit code and peak RSS (kB) to stderr's last line. The
#: command is its child, not pytest's: a child's peak RSS starts at its parent's (Linux keeps
#: the high-water mark of the memory it was forked from), and pytest's is large.
PEAK = ("import os, sys; pid = os.posix_spawn(sys.argv[1], sys.argv[1:], os.environ); _, s, u = os.wait4(pid, 0);"
        " sys.stderr.write(f'{os.waitstatus_to_exitcode(s)} {u.ru_maxrss}')")


def run(args: list[str], data: bytes) -> tuple[int, float, str]:
    """(exit code, peak RSS in MB, stderr) of ``bridgecli ARGS`` fed ``data`` on stdin."""
    proc = subprocess.Popen([sys.executable, "-c", PEAK, sys.executable, "-m", "bridgecli", *args],
                            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            env=subprocess_env())
    assert proc.stdin is not None and proc.stderr is not None

    def feed() -> None:
        try:
            proc.stdin.write(data)  # type: ignore[union-attr]
            proc.stdin.close()  # type: ignore[union-attr]
        except BrokenPipeError:  # the command refused the input before reading it all
            pass

    feeder = threading.Thread(target=feed)
    feeder.start()
    err = proc.stderr.read().decode()
    proc.wait()
    feeder.join()
    err, _, last = err.rpartition("\n") if "\n" in err else ("", "", err)
    code, rss = last.split()
    return int(code), int(rss) / 1024, err + "\n" if err else ""


def flat(small: float, big: float) -> bool:
    """Peak RSS of the 10x input within 25% (and 15 MB) of the 1x input's."""
    return big <= small * 1.25 + 15


def test_score_stdin_blank_lines_flat() -> None:
    # 50 MB of blank lines reached 976 MB: the look for the first line held them all
    n = 300_000
    code, small, err = run(["score", "-"], b"\n" * n + b"4S=\n")
    assert (code, err) == (0, "")
    code, big, err = run(["score", "-"], b"\n" * (10 * n) + b"4S=\n")
    assert (code, err) == (0, "")
    assert flat(small, big), (small, big)


def test_score_stdin_lines_flat() -> None:
    lines = b"4S= -d N\n3NT-1 -d E --vul both\n# a comment\n\n"
    code, small, _ = run(["score", "-"], lines * 20_000)
    assert code == 0
    code, big, _ = run(["score", "-"], lines * 200_000)
    assert code == 0
    assert flat(small, big), (small, big)


def test_rubber_stdin_lines_flat_in_the_text() -> None:
    # the text is not held: ten times the comment lines, the same memory (the sheet of the
    # results grows with them, so the results stay few here)
    comments = b"# " + b"x" * 60 + b"\n"
    head = b"4S= -d N\n3NT= -d S\n"
    code, small, _ = run(["rubber", "-"], head + comments * 40_000)
    assert code == 0
    code, big, _ = run(["rubber", "-"], head + comments * 400_000)
    assert code == 0
    assert flat(small, big), (small, big)


def test_a_long_line_is_refused_at_its_number_without_being_held() -> None:
    size = 40 << 20
    for args in (["score", "-"], ["rubber", "-"]):
        code, peak, err = run(args, b"4S= -d N\n\n" + b"#" * size + b"\n4S= -d E\n")
        assert code == 2
        assert err == f"bridgecli: error: <stdin>:3: line longer than {MAX_LINE:,} bytes: not a result line\n"
        assert peak < 30 + size / (1 << 20) / 2, peak  # held whole, it would be 40 MB (and more) over the start


def test_a_line_of_the_limit_is_read_one_more_byte_refused() -> None:
    for args in (["score", "-"], ["rubber", "-"]):
        line = b"#" * MAX_LINE + b"\n"  # the limit counts the line without its end
        code, _, err = run(args, b"4S= -d N\n" + line)
        assert (code, err) == (0, "")
        code, _, err = run(args, b"4S= -d N\n#" + line)
        assert code == 2 and err.startswith("bridgecli: error: <stdin>:2: line longer than"), err


def test_rubber_sheet_flat_in_the_results() -> None:
    # 600,000 result lines reached 1.2 GB: the session kept every rubber and the sheet was
    # built whole; now each rubber's sheet is written as it ends (two 7NT= make a rubber)
    lines = b"7NT= -d N\n4S= -d E\n7NT= -d N\n"
    code, small, _ = run(["rubber", "-"], lines * 1_000)
    assert code == 0
    code, big, _ = run(["rubber", "-"], lines * 10_000)
    assert code == 0
    assert flat(small, big), (small, big)


def test_rubber_of_boards_flat() -> None:
    # a file of boards was read whole before its rubbers were scored; now a board at a time
    # (each board's comment makes the file big without making its sheet so)
    game = ('[Board "{n}"]\n[Declarer "N"]\n[Contract "7NT"]\n[Result "13"]\n'
            "{{" + "x" * 2000 + "}}\n\n")
    text = "".join(game.format(n=n) for n in range(1, 301)).encode()
    code, small, err = run(["rubber", "-", "--from", "pbn"], text)
    assert (code, err) == (0, ""), err
    code, big, err = run(["rubber", "-", "--from", "pbn"], text * 10)
    assert (code, err) == (0, ""), err
    assert flat(small, big), (small, big)
