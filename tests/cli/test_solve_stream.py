"""``bridgecli solve`` reads every format board by board: YAML, LIN and JSON that is not JSON
Lines go through the formats' streaming readers and give what the whole-text readers give."""

from __future__ import annotations

import io
import json
import os
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any

import pytest
from click.testing import CliRunner

from bridgecli.cli import cli
from bridgecli.core.board import Board
from bridgecli.core.errors import BridgeError
from bridgecli.formats import iter_records
from bridgecli.solver import dds
from bridgecli.solver import stream as solving

# four-card endings: North leads from AQ(xx) into West's K5, and so on
DEALS = ["N:AQ... JT... 43... K5...", "N:.AQ.. .JT.. .43.. .K5..", "N:..AQ. ..JT. ..43. ..K5.",
         "N:...AQ ...JT ...43 ...K5", "N:K5... AQ... JT... 43..."]
SEATS = "NESW"


def boards_as_dicts() -> list[dict[str, Any]]:
    return [{"board": n, "dealer": SEATS[(n - 1) % 4], "vulnerable": "None",
             "deal": dict(zip(SEATS, DEALS[n - 1][2:].split()))} for n in range(1, len(DEALS) + 1)]


def yaml_block(items: list[dict[str, Any]]) -> str:
    out = []
    for item in items:
        hands = "".join(f"    {s}: {h}\n" for s, h in item["deal"].items())
        out.append(f"- board: {item['board']}\n  dealer: {item['dealer']}\n  vulnerable: {item['vulnerable']}\n"
                   f"  deal:\n{hands}")
    return "".join(out)


def lin_lines(items: list[dict[str, Any]]) -> list[str]:
    # LIN's md: dealer digit (1 = South, 2 = West, 3 = North, 4 = East), hands S W N E
    digit = {"S": "1", "W": "2", "N": "3", "E": "4"}
    out = []
    for item in items:
        hands = ",".join("".join(f"{s}{cards}" for s, cards in zip("SHDC", item["deal"][seat].split(".")))
                         for seat in "SWNE")
        out.append(f"qx|o{item['board']}|md|{digit[item['dealer']]}{hands}|sv|0|pg||\n")
    return out


ITEMS = boards_as_dicts()
SHAPES: dict[str, tuple[str, str]] = {
    "yaml block list": ("yaml", yaml_block(ITEMS)),
    "yaml --- documents": ("yaml", "".join("---\n" + yaml_block([i])[2:].replace("\n  ", "\n") for i in ITEMS)),
    "yaml anchored list": ("yaml", yaml_block(ITEMS).replace("vulnerable: None", "vulnerable: &v None", 1)
                           .replace("vulnerable: None", "vulnerable: *v")),
    "yaml flow list": ("yaml", "[" + ", ".join(json.dumps(i) for i in ITEMS) + "]\n"),
    "yaml boards: mapping": ("yaml", "boards:\n" + "".join("  " + line + "\n"
                                                           for line in yaml_block(ITEMS).splitlines())),
    "lin a board a line": ("lin", "".join(lin_lines(ITEMS))),
    "lin on one line": ("lin", "".join(line.rstrip("\n") for line in lin_lines(ITEMS)) + "\n"),
    "json pretty-printed": ("json", "".join(json.dumps(i, indent=2) + "\n" for i in ITEMS)),
    "json array": ("json", json.dumps(ITEMS) + "\n"),
    "json boards object": ("json", json.dumps({"boards": ITEMS}, indent=1) + "\n"),
}


def described(items: Iterator[Board | BridgeError | object]) -> list[str]:
    out = []
    for item in items:
        if isinstance(item, Board):
            out.append(f"{item.number} {item.dealer} {item.deal.to_pbn() if item.deal else None}")
        elif isinstance(item, BridgeError):
            out.append(f"error {item.line} {item}")
    return out


def small_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    """The streaming readers get the text 64 bytes at a time (so that these small inputs span many pieces)."""
    import bridgecli.formats.stream as fstream

    whole: Callable[..., Iterator[str]] = fstream.text_chunks
    monkeypatch.setattr(fstream, "text_chunks", lambda fp, source, size=64: whole(fp, source, size=64))


@pytest.mark.parametrize("shape", SHAPES)
def test_every_shape_gives_the_boards_of_the_whole_text(shape: str, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    fmt, text = SHAPES[shape]
    small_chunks(monkeypatch)
    expected = described(iter_records(text, fmt, source="f"))
    assert len(expected) == len(DEALS) and not any(e.startswith("error") for e in expected), expected
    path = tmp_path / f"in.{fmt}"
    path.write_text(text)
    with path.open("rb") as fp:
        assert described(solving.read_pieces(fp, None, "f")) == expected  # told from the content
    with path.open("rb") as fp:
        assert described(solving.read_pieces(fp, fmt, "f")) == expected


@pytest.mark.parametrize("fmt", ["yaml", "lin", "json"])
def test_boards_come_before_the_rest_is_read(fmt: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from bridgecli.formats import yaml_format
    from bridgecli.formats.lin import read as lin_read

    small_chunks(monkeypatch)
    monkeypatch.setattr(lin_read, "_LOW", 256)  # the readers' own look-ahead, cut down to this input's size
    monkeypatch.setattr(yaml_format, "_PIECE", 256)
    many = ITEMS * 100
    if fmt == "yaml":
        data = yaml_block(many).encode()
    elif fmt == "lin":
        data = ("".join(line.rstrip("\n") for line in lin_lines(many)) + "\n").encode()
    else:
        data = json.dumps({"boards": many}, indent=1).encode()
    fp = io.BytesIO(data)
    items = solving.read_pieces(fp, fmt, "f")
    first = next(items)
    assert isinstance(first, Board) and first.number == 1
    assert fp.tell() < len(data) // 20  # only the start has been read
    assert sum(isinstance(x, Board) for x in items) == len(many) - 1


def test_errors_keep_the_file_lines(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    small_chunks(monkeypatch)
    text = yaml_block(ITEMS).replace("dealer: E", "dealer: Q")  # board 2, on line 10
    assert text.splitlines()[9] == "  dealer: Q"
    path = tmp_path / "in.yaml"
    path.write_text(text)
    with path.open("rb") as fp:
        got = described(solving.read_pieces(fp, None, "f"))
    assert got == described(iter_records(text, "yaml", source="f"))
    assert [g.split()[1] for g in got if g.startswith("error")] == ["10"]


def piped(data: bytes) -> IO[bytes]:
    """A pipe's read end with ``data`` written into it from a thread (then closed)."""
    r, w = os.pipe()

    def feed() -> None:
        with os.fdopen(w, "wb") as out:
            out.write(data)

    threading.Thread(target=feed, daemon=True).start()
    return os.fdopen(r, "rb")


@pytest.mark.parametrize("shape", ["yaml block list", "lin on one line", "json pretty-printed"])
def test_a_pipe_gives_what_the_file_gives(shape: str, monkeypatch: pytest.MonkeyPatch) -> None:
    fmt, text = SHAPES[shape]
    small_chunks(monkeypatch)
    with piped(("\n\n" + text).encode()) as fp:  # blank lines first: the first line looked at is the third
        got = described(solving.read_pieces(fp, None, "f"))
    assert got == described(iter_records("\n\n" + text, fmt, source="f"))


def test_a_pipe_of_pbn_and_json_lines_is_still_cut_by_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(solving, "BATCH", 2)
    pieces: list[tuple[str, int]] = []
    whole = solving._chunks

    def spy(*args: Any, **kwargs: Any) -> Iterator[tuple[str, int, str | None, bool]]:
        for piece in whole(*args, **kwargs):
            pieces.append((piece[0], piece[1]))
            yield piece

    monkeypatch.setattr(solving, "_chunks", spy)
    lines = "".join(json.dumps(i) + "\n" for i in ITEMS)
    with piped(("\n" + lines).encode()) as fp:
        got = described(solving.read_pieces(fp, None, "f"))
    assert got == described(iter_records("\n" + lines, "json", source="f"))
    assert [offset for _, offset in pieces] == [0, 3, 5]  # two objects a piece; the blank line stays in the first


def test_only_white_space_says_no_boards(runner: CliRunner, tmp_path: Path) -> None:
    if not dds.available():
        pytest.skip("the DDS solver (endplay) is not installed")
    path = tmp_path / "empty.yaml"
    path.write_text("\n  \n")
    result = runner.invoke(cli, ["solve", str(path), "--json"])
    assert result.exit_code == 2
    assert result.stderr == f"bridgecli: error: {path}:1: empty input: no boards\n"  # the YAML reader's word


@pytest.mark.skipif(not dds.available(), reason="the DDS solver (endplay) is not installed")
@pytest.mark.parametrize("shape", ["yaml anchored list", "lin on one line", "json boards object"])
def test_solve_answers_every_shape_as_it_answers_pbn(shape: str, runner: CliRunner, tmp_path: Path) -> None:
    fmt, text = SHAPES[shape]
    pbn = "\n".join(f'[Board "{i["board"]}"]\n[Dealer "{i["dealer"]}"]\n[Vulnerable "None"]\n'
                    f'[Deal "{DEALS[i["board"] - 1]}"]\n' for i in ITEMS)
    path = tmp_path / f"in.{fmt}"
    path.write_text(text)
    from_pbn = runner.invoke(cli, ["solve", "-", "--json", "-j", "1"], input=pbn)
    got = runner.invoke(cli, ["solve", str(path), "--json", "-j", "1"])
    assert from_pbn.exit_code == got.exit_code == 0, got.stderr
    assert [json.loads(line)["board"] for line in got.stdout.splitlines()] == [1, 2, 3, 4, 5]
    # the same boards and findings (what else each format carries, LIN's Room tag, is kept as a tag)
    def solved(text: str) -> list[dict]:
        return [{k: v for k, v in json.loads(line).items() if k != "tags"} for line in text.splitlines()]

    assert solved(got.stdout) == solved(from_pbn.stdout)
