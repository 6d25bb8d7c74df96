"""Reading a file a piece at a time (issue #19): the same records as reading it whole,
the first board before the input ends, flat memory."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from bridgecli.core.board import Board
from bridgecli.core.errors import BridgeError, ParseError
from bridgecli.formats import iter_records, read_boards, write_boards
from bridgecli.formats.pbn import games
from bridgecli.formats.stream import iter_file, text_chunks
from tests.conftest import SAMPLES, bridgecli_cmd, subprocess_env

REALWORLD = Path(__file__).resolve().parents[2].parent / "shared" / "corpus" / "realworld"
STREAMED = {".pbn": "pbn", ".json": "json", ".lin": "lin", ".yaml": "yaml"}


def _key(rec: Board | BridgeError) -> object:
    if isinstance(rec, BridgeError):
        return ("error", type(rec).__name__, str(rec), rec.line, rec.board)
    return ("board", rec)


def _pieces(text: str, size: int) -> list[str]:
    return [text[i:i + size] for i in range(0, len(text), size)] or [""]


def _files() -> list[Path]:
    files = sorted(p for p in SAMPLES.rglob("*") if p.suffix in STREAMED)
    if REALWORLD.is_dir():
        files += sorted(p for p in REALWORLD.iterdir() if p.suffix in STREAMED)[:25]
    return files


@pytest.mark.parametrize("path", _files(), ids=lambda p: p.name)
def test_pieces_read_as_the_whole_text(path: Path) -> None:
    fmt = STREAMED[path.suffix]
    raw = path.read_bytes()
    if b"\x00" in raw:
        pytest.skip("binary")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        text = raw.decode("latin-1")
    text = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    whole = [_key(r) for r in iter_records(text, fmt, source="f")]
    for size in (1, 7, 100, 4096):
        assert [_key(r) for r in iter_file(_pieces(text, size), fmt, source="f")] == whole, size


def _boards(n: int) -> list[Board]:
    sample = read_boards((SAMPLES / "valid" / "club_session.pbn").read_text("utf-8"), "pbn")
    return [sample[i % len(sample)].replace(number=i + 1) for i in range(n)]


@pytest.mark.parametrize("fmt", ["pbn", "json", "lin", "yaml"])
def test_first_board_comes_before_the_input_ends(fmt: str) -> None:
    text = write_boards(_boards(600), fmt)
    if fmt == "lin":
        text = text.replace("\n", "")  # every board on one line
    consumed = [0]

    def feed() -> Iterator[str]:
        for piece in _pieces(text, 500):
            consumed[0] += 1
            yield piece

    records = iter_file(feed(), fmt, source="gen")
    first = next(records)
    assert isinstance(first, Board) and first.number == 1
    assert consumed[0] < len(_pieces(text, 500)) // 2  # most of the input not read yet
    rest = list(records)
    assert [b.number for b in rest] == list(range(2, 601))  # type: ignore[union-attr]


def _chunks(data: bytes, size: int = 5) -> list[str]:
    return list(text_chunks(io.BufferedReader(io.BytesIO(data)), "t", size=size))  # type: ignore[arg-type]


def test_text_chunks_bom_crlf_and_cr_across_pieces() -> None:
    data = "\ufeff[Board \"1\"]\r\n\r\n[Event \"é\"]\r[Site \"x\"]\r\n".encode()
    assert "".join(_chunks(data, 1)) == '[Board "1"]\n\n[Event "é"]\n[Site "x"]\n'
    assert "".join(_chunks(data, 3)) == "".join(_chunks(data, 1000))


def test_text_chunks_latin1_file_decided_for_the_whole_file(tmp_path: Path) -> None:
    # the only non-ASCII byte comes late: the whole file is Latin-1, as it is read whole
    path = tmp_path / "l1.pbn"
    path.write_bytes(b"[Event \"" + b"a" * 5000 + b"\"]\n[Site \"Krak\xf3w\"]\n")
    with open(path, "rb") as fp:
        text = "".join(text_chunks(fp, "l1", size=64))
    assert text.endswith('[Site "Kraków"]\n')
    # and a UTF-8 file with a sequence cut between pieces stays UTF-8
    path.write_bytes(("x" * 63 + "ó\n").encode())
    with open(path, "rb") as fp:
        assert "".join(text_chunks(fp, "u8", size=64)) == "x" * 63 + "ó\n"


def test_text_chunks_nul_reported_on_its_line() -> None:
    with pytest.raises(ParseError) as info:
        _chunks(b"a\nb\nc\nd\x00\n", 3)
    assert info.value.line == 4


def test_lin_errors_keep_their_lines_when_streamed() -> None:
    text = "pn|a,b,c,d|md|3SAKQ,,,|\nthis is not lin\nqx|o2|md|9SAK|\n"
    whole = [_key(r) for r in iter_records(text, "lin", source="f")]
    assert [_key(r) for r in iter_file(_pieces(text, 3), "lin", source="f")] == whole
    assert any(k[0] == "error" and k[3] == 2 for k in whole)  # type: ignore[index]


def _peak_rss_mb(args: list[str]) -> float:
    with open(os.devnull, "wb") as null:
        proc = subprocess.Popen([*bridgecli_cmd(), *args], stdout=null, stderr=subprocess.PIPE,
                                env=subprocess_env())
        _, status, usage = os.wait4(proc.pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    return usage.ru_maxrss / 1024


@pytest.mark.skipif(not hasattr(os, "wait4"), reason="needs os.wait4")
def test_convert_memory_does_not_grow_with_the_file(tmp_path: Path) -> None:
    # 2,000 and 20,000 boards with auctions and play: reading the file whole held
    # about 8 KB a board (some 140 MB more for the bigger one)
    board_texts = [write_boards([b], "json") for b in _boards(13)]
    sizes = {}
    for n in (2_000, 20_000):
        path = tmp_path / f"b{n}.jsonl"
        with open(path, "w", encoding="utf-8") as fp:
            fp.writelines(board_texts[i % 13].replace(f'"board": {i % 13 + 1},', f'"board": {i + 1},', 1) for i in range(n))
        sizes[n] = _peak_rss_mb(["convert", str(path), "--to", "pbn"])
    assert sizes[20_000] < sizes[2_000] + 20, sizes


def test_stdin_is_read_in_pieces_too() -> None:
    text = write_boards(_boards(30), "lin").replace("\n", "")
    proc = subprocess.run([*bridgecli_cmd(), "convert", "-", "--from", "lin", "--to", "json"], input=text.encode(),
                          capture_output=True, env=subprocess_env(), timeout=120, check=False)
    assert proc.returncode == 0, proc.stderr
    assert [b.number for b in read_boards(proc.stdout.decode(), "json")] == list(range(1, 31))


if __name__ == "__main__":  # pragma: no cover
    sys.exit(pytest.main([__file__, "-q"]))


PBN_TRICKY = """% PBN 2.1
[Event "Club"]
[Board "1"]
[Dealer "N"]
[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]

% a note for board 2

{ a comment

with a blank line inside }

[Event "#"]
[Board "2"]
[Dealer "E"]
[Deal "#"]
{ after the deal }

[Event "#"]
[Board "3"]
[Dealer "Q"]

[Board "4"]
[Auction "N"]
1C Pass Pass {last} Pass
"""


def test_pbn_comments_inheritance_and_errors_at_every_cut() -> None:
    whole = [_key(r) for r in iter_records(PBN_TRICKY, "pbn", source="f")]
    assert len(whole) == 4 and whole[2][0] == "error"
    for size in range(1, 60):
        assert [_key(r) for r in iter_file(_pieces(PBN_TRICKY, size), "pbn", source="f")] == whole, size


def test_yaml_anchor_streams_the_rest_by_events() -> None:
    boards = write_boards(_boards(3), "yaml")
    assert "- board: 3\n  dealer: S\n" in boards
    text = boards.replace("- board: 3\n  dealer: S\n", "- board: 3\n  dealer: &d S\n") + "- board: 9\n  dealer: *d\n"
    whole = [_key(r) for r in iter_records(text, "yaml", source="f")]
    assert len(whole) == 4 and all(k[0] == "board" for k in whole)
    assert [_key(r) for r in iter_file(_pieces(text, 50), "yaml", source="f")] == whole


def _aliased(n: int) -> str:
    """A block list of ``n`` boards: board 5 anchors its dealer and its tags, every later
    board aliases them."""
    items = write_boards(_boards(n), "yaml").split("\n- board: ")
    out = []
    for k, item in enumerate(items):
        item = item if k == 0 else "- board: " + item
        if k == 4:
            item = item.replace("\n  dealer: ", "\n  dealer: &d ", 1).replace("\n  tags:\n", "\n  tags: &t\n", 1)
        elif k > 4:
            head, _, _ = item.partition("\n  tags:\n")
            item = head.replace("\n  dealer: N\n", "\n  dealer: *d\n", 1) + "\n  tags: *t\n"
        out.append(item if item.endswith("\n") else item + "\n")
    return "".join(out)


def test_yaml_aliases_across_runs_and_pieces_read_as_the_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    import yaml

    from bridgecli.formats import schema, yaml_format

    monkeypatch.setattr(yaml_format, "_PIECE", 300)  # many runs before the anchor
    text = _aliased(40)
    want = [schema.from_dict(d) for d in yaml.safe_load(text)]
    assert want[30].tags == want[4].tags and want[30].dealer == want[4].dealer
    assert [_key(r) for r in iter_records(text, "yaml", source="f")] == [("board", b) for b in want]
    for size in (7, 333, 1 << 20):
        assert [_key(r) for r in iter_file(_pieces(text, size), "yaml", source="f")] == [("board", b) for b in want]


def test_yaml_aliases_are_counted_a_board_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    from bridgecli.formats import yaml_events

    # every board aliasing the same tags adds more than the cap in all, never in one board
    monkeypatch.setattr(yaml_events, "MAX_ALIAS_NODES", 40)
    text = _aliased(30)
    assert all(k[0] == "board" for k in (_key(r) for r in iter_file(_pieces(text, 100), "yaml", source="f")))
    bomb = text + "- board: 99\n  tags: {A: [*t, *t, *t, *t, *t, *t, *t, *t, *t, *t]}\n"
    got = [_key(r) for r in iter_file(_pieces(bomb, 100), "yaml", source="f")]
    assert [k[0] for k in got] == ["board"] * 30 + ["error"] and "alias bomb" in str(got[-1][2])  # type: ignore[index]


def test_yaml_block_list_documents_stream_with_their_own_anchors() -> None:
    text = _aliased(8)
    cut = text.index("- board: 7\n")
    docs = text[:cut] + "---\n" + text[cut:]  # boards 7 and 8 alias what the first document anchors
    got = [_key(r) for r in iter_file(_pieces(docs, 50), "yaml", source="f")]
    assert [k[0] for k in got] == ["board"] * 6 + ["error"]
    first_alias = docs[:docs.index(": *", cut)].count("\n") + 1
    assert "found undefined alias" in str(got[-1][2]) and got[-1][3] == first_alias  # type: ignore[index]
    assert got == [_key(r) for r in iter_records(docs, "yaml", source="f")]


def test_yaml_syntax_error_after_an_anchor_ends_the_reading_at_its_place() -> None:
    text = _aliased(12)
    bad = text.replace("- board: 9\n  dealer: *d\n", "- board: 9\n  dealer: [*d\n", 1)
    got = [_key(r) for r in iter_file(_pieces(bad, 64), "yaml", source="f")]
    assert [k[0] for k in got] == ["board"] * 8 + ["error"] and "yaml syntax error" in str(got[-1][2])  # type: ignore[index]
    # before the first anchor, a syntax error still costs only its item
    early = text.replace("- board: 2\n  dealer: E\n", "- board: 2\n  dealer: [E\n", 1)
    assert early != text
    got = [_key(r) for r in iter_file(_pieces(early, 64), "yaml", source="f")]
    assert [k[0] for k in got] == ["board", "error"] + ["board"] * 10


def test_yaml_list_read_in_small_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    from bridgecli.formats import yaml_format

    monkeypatch.setattr(yaml_format, "_PIECE", 300)
    text = write_boards(_boards(30), "yaml").replace("- board: 17\n", "- board: 17\n  dealer: [\n", 1)
    whole = [_key(r) for r in iter_records(text, "yaml", source="f")]
    assert sum(k[0] == "error" for k in whole) == 1 and len(whole) == 30  # type: ignore[index]
    for size in (50, 1000):
        assert [_key(r) for r in iter_file(_pieces(text, size), "yaml", source="f")] == whole


def test_pbn_last_cut_from_the_tail_as_from_the_whole_piece(monkeypatch: pytest.MonkeyPatch) -> None:
    # _last_cut looks at a piece's tail first: with tails of every size, each cut is the
    # one the search over the whole piece takes (blank runs of spaces, commentary before a
    # game, brace comments with blank lines), or 0 where that finds none

    texts = [PBN_TRICKY, PBN_TRICKY.replace("\n\n", "\n \t\n\n"), "[Board \"1\"]\n\n\n[Board \"2\"]\n", "% x\n\n[B \"1\"]\n"]
    for text in texts:
        for start in range(0, len(text), 7):
            want = games._last_cut_from(text, max(0, start - 1000))
            for tail in range(1, len(text) + 2):
                monkeypatch.setattr(games, "_CUT_TAIL", tail)
                assert games._last_cut(text, start) == want, (text, start, tail)
