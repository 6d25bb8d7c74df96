"""The shapes read a board at a time (issue #19): YAML flow lists, ``boards:`` mappings and
documents, JSON ``boards`` objects and pretty-printed objects, CSV travellers. Each is
checked against reading the whole text at once (the YAML and CSV references live here,
the package has only the streaming readers), on good input and on input cut or changed
at random points."""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from bridgecli.core.board import Board
from bridgecli.core.errors import BridgeError, ParseError
from bridgecli.core.events import TableResult
from bridgecli.formats import json_format as J
from bridgecli.formats import traveller
from bridgecli.formats import yaml_format as Y
from bridgecli.formats import yaml_nodes as N
from bridgecli.formats.stream import iter_file
from tests.conftest import SAMPLES, bridgecli_cmd, subprocess_env

from .strategies import boards

_fuzz = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _key(rec: Board | BridgeError) -> object:
    if isinstance(rec, BridgeError):
        return ("error", type(rec).__name__, str(rec), rec.line, rec.column, rec.board)
    return ("board", rec)


def _pieces(text: str, size: int) -> list[str]:
    return [text[i:i + size] for i in range(0, len(text), size)] or [""]


def _streamed(text: str, fmt: str, size: int) -> list[object]:
    return [_key(r) for r in iter_file(_pieces(text, size), fmt, source="f")]


def _sample() -> list[Board]:
    return J.loads((SAMPLES / "valid" / "club_session.json").read_text("utf-8"))


def _dicts(bs: list[Board]) -> list[dict[str, Any]]:
    return [json.loads(J.dump_board(b)) for b in bs]


# -- YAML ----------------------------------------------------------------------------


def _yaml_whole(text: str, source: str = "f") -> Iterator[Board | BridgeError]:
    """The reference: each YAML document composed whole by yaml's own composer, checked
    (nesting, aliases) before any of its boards is read; the first syntax error ends it."""
    if not text.strip():
        yield ParseError("empty input: no boards", source=source, line=1)
        return
    checked = N.check_events(text, source, 0)
    if isinstance(checked, ParseError):
        yield checked
        return
    loader = N.loader_class()(text)
    try:
        while True:
            try:
                if not loader.check_node():
                    return
                root = loader.get_node()
            except (yaml.YAMLError, ValueError, RecursionError) as e:
                yield N.yaml_error(e, source, 0, 1)
                return
            bomb = N.alias_bomb(root, source, 0) if checked else None
            if bomb is not None:
                yield bomb
                return
            for node in N.board_nodes(root, source, 0):
                yield node if isinstance(node, BridgeError) else N.board_from_node(loader, node, source, 0)
    finally:
        loader.dispose()


def _yaml_shapes(bs: list[Board]) -> dict[str, str]:
    data = _dicts(bs)
    block = Y.dumps(bs)
    return {
        "flow": yaml.safe_dump(data, default_flow_style=True, sort_keys=False, allow_unicode=True, width=60),
        "flow-one-line": yaml.safe_dump(data, default_flow_style=True, sort_keys=False, width=10**9),
        "boards-block": "# a traveller\nboards:\n" + block,
        "boards-indented": "boards:\n" + "".join("  " + ln + "\n" for ln in block.splitlines()),
        "boards-flow": yaml.safe_dump({"boards": data}, default_flow_style=True, sort_keys=False),
        "documents": "".join("---\n" + yaml.safe_dump(d, sort_keys=False, allow_unicode=True) for d in data),
    }


def _doc_level(rec: object) -> bool:
    """Whether a record is an error that ends the reading of a whole document."""
    if not (isinstance(rec, tuple) and rec[0] == "error"):
        return False
    return rec[1] == "YamlSyntaxError" or any(
        s in str(rec[2]) for s in ("nested more than", "aliases expand", "an alias refers", "cannot read this text"))


@pytest.mark.parametrize("shape", list(_yaml_shapes(_sample()[:1])))
def test_yaml_shapes_read_as_whole_documents(shape: str) -> None:
    bs = _sample()
    text = _yaml_shapes(bs)[shape]
    whole = [_key(r) for r in _yaml_whole(text)]
    assert whole == [("board", b) for b in bs]
    assert [_key(r) for r in Y.iter_records(text, "f")] == whole
    for size in (1, 17, 4096):
        assert _streamed(text, "yaml", size) == whole, size


@_fuzz
@given(st.lists(boards(), min_size=1, max_size=3), st.sampled_from(sorted(_yaml_shapes([]))), st.data())
def test_yaml_shape_cut_anywhere_gives_the_first_error_of_the_whole(bs: list[Board], shape: str,
                                                                      data: st.DataObject) -> None:
    text = _yaml_shapes(bs)[shape]
    good = [_key(r) for r in _yaml_whole(text)]
    assert _streamed(text, "yaml", 1 << 20) == good
    cut = text[:data.draw(st.integers(0, len(text)))]
    assume(not Y._is_block_list(cut))
    whole = [_key(r) for r in _yaml_whole(cut)]
    got = _streamed(cut, "yaml", data.draw(st.integers(1, 200)))
    fatal = [r for r in whole if _doc_level(r)]
    if not fatal:
        assert got == whole
        return
    # a syntax error at the cut: the same error, after the boards read before it
    assert got[-1] == fatal[0]
    assert not any(_doc_level(r) for r in got[:-1])
    assert got[:-1] == good[:len(got) - 1]


_YAML_NOISE = st.sampled_from(["[", "]", "{", "}", ",", ":", "- ", "\n", "\n- ", " ", "#", "'", '"', "x", "\t",
                               "boards:", "---\n", "null", "!!int", "[" * 210])


@_fuzz
@given(st.lists(boards(), min_size=1, max_size=3), st.sampled_from(sorted(_yaml_shapes([]))),
       st.lists(st.tuples(st.floats(0, 1), _YAML_NOISE), max_size=3), st.integers(1, 300))
def test_yaml_shape_changed_anywhere_reads_as_the_whole(bs: list[Board], shape: str,
                                                        edits: list[tuple[float, str]], size: int) -> None:
    text = _yaml_shapes(bs)[shape]
    for where, what in edits:
        at = int(where * len(text))
        text = text[:at] + what + text[at:]
    assume(not Y._is_block_list(text))  # a block list is read as before (tests/formats/test_stream.py)
    whole = [_key(r) for r in _yaml_whole(text)]
    got = _streamed(text, "yaml", size)
    fatal = [r for r in whole if _doc_level(r)]
    if not fatal:
        assert got == whole
    else:  # the error that ends the reading comes at its place, after what reads before it
        assert [r for r in got if _doc_level(r)] == [got[-1]] and got[-1] == fatal[0]


def test_yaml_block_list_with_a_document_marker_or_anchor_still_reads() -> None:
    text = "- board: 1\n  tags: &t {Event: Cup}\n---\n- board: 2\n  tags: {Event: Cup}\n"
    whole = [_key(r) for r in _yaml_whole(text)]
    assert [k[0] for k in whole] == ["board", "board"]
    assert _streamed(text, "yaml", 7) == whole


def _bomb_tags() -> str:
    levels = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for prev, name in zip("abcdefgh", "bcdefghi"):
        levels.append(f"{name}: &{name} [" + ",".join([f"*{prev}"] * 9) + "]")
    return "{" + ", ".join(levels) + "}"


@pytest.mark.parametrize("text", [
    "boards:\n- board: 1\n  tags:\n    X: " + _bomb_tags() + "\n",
    "[{board: 1, tags: {X: " + _bomb_tags() + "}}]\n",
    "\n\n[{board: 1}, {board: 2, tags: {X: " + _bomb_tags() + "}}]\n",
    "---\nboard: 1\n---\nboard: 2\ntags:\n  X: " + _bomb_tags() + "\n",
])
def test_yaml_alias_bomb_refused_in_every_shape(text: str) -> None:
    whole = [_key(r) for r in _yaml_whole(text)]
    assert "aliases expand to more than 100,000" in str(whole[-1][2])  # type: ignore[index]
    for size in (5, 1 << 20):
        got = _streamed(text, "yaml", size)
        assert got[-1] == whole[-1] and all(k[0] == "board" for k in got[:-1])


@pytest.mark.parametrize("text", [
    "[{board: 1}, &x {board: 2, tags: {X: *x}}]\n",
    "boards: [{board: 1, tags: &t {X: [*t]}}]\n",
    "[{board: 1, tags: {X: *nowhere}}]\n",
    "[{board: 1, tags: &t {X: 1}}, {board: 2, tags: &t {X: 2}}]\n",
    "[{board: 1, tags: &t {X: a}}, {board: 2, tags: *t}, {board: 3, tags: {Y: *t}}]\n",
])
def test_yaml_aliases_in_a_flow_list_as_in_the_whole(text: str) -> None:
    whole = [_key(r) for r in _yaml_whole(text)]
    got = _streamed(text, "yaml", 3)
    if any(_doc_level(r) for r in whole):
        assert got[-1] == whole[-1]
    else:
        assert got == whole


def test_yaml_nesting_too_deep_in_a_flow_list() -> None:
    text = "[{board: 1},\n {board: 2, tags: {X: " + "[" * 250 + "]" * 250 + "}}]\n"
    whole = [_key(r) for r in _yaml_whole(text)]
    assert len(whole) == 1 and "nested more than 200 deep" in str(whole[0][2]) and whole[0][3] == 2  # type: ignore[index]
    got = _streamed(text, "yaml", 10)
    assert got[0][0] == "board" and got[1:] == whole  # type: ignore[index]


def test_yaml_lone_surrogate_is_refused_as_in_the_whole() -> None:
    text = "[{board: 1}, {board: 2, tags: {X: '\ud800'}}]\n"
    whole = [_key(r) for r in Y.documents(text, "f", 0)]
    assert [_key(r) for r in Y.iter_records(text, "f")] == whole
    assert "surrogates not allowed" in str(whole[0][2])  # type: ignore[index]


def test_yaml_flow_list_first_board_before_the_input_ends() -> None:
    text = yaml.safe_dump(_dicts(_sample()) * 20, default_flow_style=True, sort_keys=False, width=60)
    consumed = [0]

    def feed() -> Iterator[str]:
        for piece in _pieces(text, 500):
            consumed[0] += 1
            yield piece

    records = iter_file(feed(), "yaml", source="gen")
    assert isinstance(next(records), Board)
    assert consumed[0] < len(_pieces(text, 500)) // 10


# -- JSON ----------------------------------------------------------------------------


def _json_shapes(bs: list[Board]) -> dict[str, str]:
    data = _dicts(bs)
    return {
        "object-pretty": json.dumps({"boards": data}, indent=2, ensure_ascii=False),
        "object-lines": '{"boards": [\n' + ",\n".join(json.dumps(d) for d in data) + "\n]}\n",
        "object-one-line": "\ufeff" + json.dumps({"boards": data}),
        "pretty-objects": "".join(json.dumps(d, indent=2) + "\n" for d in data),
        "mixed": "".join(json.dumps(d, indent=2 if i % 2 else None) + "\n" for i, d in enumerate(data)),
        "array": json.dumps(data, indent=1),
    }


_JSON_NOISE = st.sampled_from(["x", "}", "{", "]", "[", ",", ":", '"', "\n", "\n{", "1", "-", "tru", " ", "\\",
                               '"board": 1, ', '"boards": [', "[" * 100])


@_fuzz
@given(st.lists(boards(), max_size=4), st.sampled_from(sorted(_json_shapes([]))),
       st.lists(st.tuples(st.floats(0, 1), _JSON_NOISE), max_size=3), st.floats(0, 1), st.integers(1, 300))
def test_json_shapes_cut_or_changed_read_as_the_whole(bs: list[Board], shape: str, edits: list[tuple[float, str]],
                                                      cut: float, size: int) -> None:
    text = _json_shapes(bs)[shape]
    assert _streamed(text, "json", size) == [_key(r) for r in J.iter_records(text, "f")]
    for where, what in edits:
        at = int(where * len(text))
        text = text[:at] + what + text[at:]
    text = text[:int(cut * len(text) * 1.2)]
    assert _streamed(text, "json", size) == [_key(r) for r in J.iter_records(text, "f")]


@pytest.mark.parametrize("shape", list(_json_shapes(_sample()[:1])))
def test_json_shapes_read_board_by_board(shape: str) -> None:
    bs = _sample()
    text = _json_shapes(bs)[shape]
    assert [_key(r) for r in J.iter_records(text, "f")] == [("board", b) for b in bs]
    for size in (1, 7, 4096):
        assert _streamed(text, "json", size) == [("board", b) for b in bs]


def test_json_boards_object_with_more_keys_or_data_after_it() -> None:
    for text in ('{"boards": [{"board": 1}], "event": "x"}\n', '{"boards": [{"board": 1}]}\n{"board": 2}\n',
                 '{"boards": [{"board": 1}\n{"board": 2}]}', '{"boards": []}', '{ "boards" :\n [\n]\n}\n',
                 '{"boards": [1', '{"boards": [{"board": 1, "board": 2}]}'):
        whole = [_key(r) for r in J.iter_records(text, "f")]
        for size in (1, 3, 100):
            assert _streamed(text, "json", size) == whole, (text, size)



@pytest.mark.parametrize("text", [
    # after a bad object reading goes on at the next line that starts with "{" (stream_diff seed 11, case 2217)
    '{"board": 1, "play": [["C5", }\n2"DJ"]]}\n{"board": 3}\n',
    '{"board": 1} {"board": }\n 2\n{"board": 3}\n',
    # a first line that looks like a whole object but is not: the object goes on
    '{"board": 1, "tags": {"Event": "x"}\n}\n{"board": 2}\n',
    # a "boards" key on a later line is a board's (unknown) key, not a boards object
    '{"board": 1}\n{"boards": [{"board": 2}]}\n',
])
def test_json_lines_cut_after_a_line_read_as_the_whole(text: str) -> None:
    whole = [_key(r) for r in J.iter_records(text, "f")]
    for size in (1, 3, 7, 13, 100):
        assert _streamed(text, "json", size) == whole, size

# -- CSV travellers ------------------------------------------------------------------


def _csv_whole(text: str) -> list[TableResult]:
    """The reference: every row read first (a malformed one raised), then each turned into its result."""
    reader = csv.reader(io.StringIO(text, newline=None))
    header: list[str] | None = None
    rows: list[tuple[int | None, dict[str, str]]] = []
    while True:
        try:
            fields = next(reader, None)
        except csv.Error as exc:
            raise ParseError(f"csv error: {exc}", source="t", line=max(reader.line_num, 1)) from None
        if fields is None:
            break
        if not any(f.strip() for f in fields) or fields[0].lstrip().startswith("#"):
            continue
        if header is None:
            header = fields
            continue
        if len(fields) > len(header):
            raise ParseError(f"{len(fields)} fields but the header has {len(header)}", source="t",
                             line=reader.line_num)
        rows.append((reader.line_num, dict(zip(header, fields))))
    if header is None:
        raise ParseError("empty traveller: no header line", source="t", line=1)
    return traveller.results_from_rows(rows, "t")


def _outcome(read: Any) -> object:
    try:
        return ("results", read())
    except BridgeError as e:
        return ("error", type(e).__name__, str(e), e.line)


_ROWS = st.lists(st.sampled_from([
    "1,1,2,3NT,N,=,SQ", "1,3,4,4SX,E,-1,", "2,1,2,pass,,,", "2,3,4,\"2H\nS\",,+1,", "3,1,2,1NT,W,7,",
    "3,3,4,4S,N,", "4,1,2,7C,Q,=,", "", "# note", "4,3,4,3NT,N,=,SQ,extra", "5,1,,3NT,N,=,", "x,\"open",
]), max_size=8)
_CSV_NOISE = st.sampled_from(["\r", "\n", "\r\n", '"', ",", "x", "\x00", "4S"])


@_fuzz
@given(_ROWS, st.lists(st.tuples(st.floats(0, 1), _CSV_NOISE), max_size=2), st.integers(1, 50),
       st.sampled_from(["\n", "\r\n", "\r"]))
def test_csv_traveller_read_by_rows_as_the_whole(rows: list[str], edits: list[tuple[float, str]], size: int,
                                                  newline: str) -> None:
    text = newline.join(["Board,NS,EW,Contract,By,Result,Lead", *rows]) + newline
    for where, what in edits:
        at = int(where * len(text))
        text = text[:at] + what + text[at:]
    expected = _outcome(lambda: _csv_whole(text))
    assert _outcome(lambda: traveller.read_csv(_pieces(text, size), "t")) == expected
    assert _outcome(lambda: traveller.loads_csv(text, "t")) == expected


def test_csv_a_bad_row_then_a_malformed_one_reports_the_malformed_one() -> None:
    # as when every row was read first: the row with too many fields, not the bad contract
    text = "board,ns,ew,contract,declarer,result\n1,1,2,9NT,N,=\n2,1,2,3NT,N,=,x\n"
    with pytest.raises(ParseError) as info:
        traveller.read_csv(_pieces(text, 4), "t")
    assert info.value.line == 3 and "fields but the header" in str(info.value)


# -- memory ----------------------------------------------------------------------------


def _peak_rss_mb(args: list[str]) -> float:
    with open(os.devnull, "wb") as null:
        proc = subprocess.Popen([*bridgecli_cmd(), *args], stdout=null, stderr=subprocess.PIPE,
                                env=subprocess_env())
        _, status, usage = os.wait4(proc.pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    return usage.ru_maxrss / 1024


@pytest.mark.skipif(not hasattr(os, "wait4"), reason="needs os.wait4")
@pytest.mark.parametrize(("shape", "sizes"), [("yaml-flow", (300, 3000)), ("json-object", (1000, 10000))])
def test_memory_does_not_grow_with_these_shapes(tmp_path: Path, shape: str, sizes: tuple[int, int]) -> None:
    # read whole, a flow YAML list held about 45 KB a board, a JSON boards object about 8 KB.
    # Each board's text is written as made: a child's peak RSS counts its parent's at the fork
    marked = [dict(d, board=424242) for d in _dicts([b for b in _sample() if b.play])]
    if shape == "yaml-flow":
        texts = [yaml.safe_dump(d, default_flow_style=True, sort_keys=False, width=10**9).strip() for d in marked]
        head, sep, tail = "[", ",\n ", "]\n"
    else:
        texts = [json.dumps(d) for d in marked]
        head, sep, tail = '{"boards": [\n', ",\n", "\n]}\n"
    peaks = {}
    for n in sizes:
        path = tmp_path / f"b{n}.{shape.split('-')[0]}"
        with open(path, "w", encoding="utf-8") as fp:
            fp.write(head)
            fp.writelines((sep if i else "") + texts[i % len(texts)].replace("424242", str(i + 1)) for i in range(n))
            fp.write(tail)
        peaks[n] = _peak_rss_mb(["convert", str(path), "--to", "pbn"])
    assert peaks[sizes[1]] < peaks[sizes[0]] + 15, peaks
