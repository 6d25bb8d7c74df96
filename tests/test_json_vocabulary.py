"""One meaning a key (issue #28 item 2): every key the commands write with ``--json`` and the
library's ``to_dict()`` gives is in the key table of docs/KEYS.md, with a type the table
allows. A key the table does not list, or a value of another type, fails here."""

from __future__ import annotations

import json
import re
import shlex
from collections.abc import Iterator
from typing import Any

import pytest

import bridgecli as bc
from bridgecli.cli import cli
from bridgecli.formats import schema

from .conftest import ROOT

EXAMPLES = ROOT / "docs" / "examples"
TABLE = ROOT / "docs" / "KEYS.md"

#: type words of the table -> the JSON types they allow
TYPES: dict[str, tuple[type, ...]] = {
    "int": (int,), "float": (float, int), "str": (str,), "bool": (bool,), "list": (list,),
    "object": (dict,), "map": (dict,),
}

#: the commands walked (run in the examples folder); solve needs the dds extra
COMMANDS = [
    "score 4SX -1 --vul both --json", "score pass --json", "score 3NT= --declarer E --json",
    "score club.pbn --json", "score --event teams.csv --json", "score --event session-results.csv --json",
    "play club.pbn --json", "play club.pbn --json --tricks",
    "validate-auction club.pbn --json", "validate-auction auctions.pbn --json",
    "validate-auction broken.pbn --json --keep-going", "validate-auction --dealer N --calls '1H P' --json --legal-calls",
    "show club.pbn --json", "convert club.pbn --to json", "convert boards.pbn --to json",
    "convert record.pbn --to json", "convert irregular.pbn --to json", "deal -n 2 --seed 1 --format json",
    "rubber chicago.txt --chicago --json", "rubber short.txt --json", "results session.yaml --json",
    "rubber variants/szlem-rubber.yaml --variant szlem --json",
    "simulate --contract 4S:N --contract 3NT:N -n 12 --seed 1 --json",
    "simulate --contract 3NT:N --lead 3NT:N --predeal 'E:KQJ2.Q98.K62.J93' -n 6 --seed 1 --json",
    "solve club.pbn --json", "solve club.pbn --json --leads",
    "play --variant szlem variants/szlem.yaml --json", "validate-auction --variant szlem variants/szlem.yaml --json",
    "play --variant nullo variants/nullo.yaml --json", "play --variant chinese variants/chinese.yaml --json",
    "play --variant booby variants/booby.yaml --json", "play --variant two-handed variants/two-handed.yaml --json",
    "score --variant szlem 24DX 9 --json", "score --variant nullo 2NL= --json",
    "rubber --variant booby variants/booby-evening.txt --json",
]


def table() -> dict[str, set[str]]:
    """key -> the type words its row allows (a row: | `key` | types | meaning | PBN | LIN |)."""
    rows: dict[str, set[str]] = {}
    for line in TABLE.read_text(encoding="utf-8").splitlines():
        m = re.match(r"\|\s*`([a-z_0-9]+)`\s*\|\s*([^|]+)\|", line)
        if m:
            assert m.group(1) not in rows, f"{m.group(1)!r} has two rows"
            rows[m.group(1)] = {w for w in re.split(r"[\s,/]+", m.group(2).replace("`", "")) if w in TYPES}
    return rows


def walk(value: Any, path: str = "") -> Iterator[tuple[str, Any, str]]:
    """(key, value, path) of every key of ``value``, not entering a ``map`` (its keys are data)."""
    if isinstance(value, list):
        for item in value:
            yield from walk(item, path + "[]")
    elif isinstance(value, dict):
        rows = KEYS
        for key, item in value.items():
            yield key, item, path
            if "map" in rows.get(key, set()) and isinstance(item, dict):
                continue
            yield from walk(item, f"{path}.{key}")


KEYS = table()


def check(obj: Any, where: str) -> None:
    for key, value, path in walk(obj):
        assert key in KEYS, f"{where}: key {key!r} (at {path or 'top'}) is not in docs/KEYS.md"
        if value is None:
            continue
        allowed = tuple(t for w in KEYS[key] for t in TYPES[w])
        ok = isinstance(value, allowed) and not (isinstance(value, bool) and bool not in allowed)
        assert ok, f"{where}: {key!r} (at {path or 'top'}) is {type(value).__name__}, the table says {sorted(KEYS[key])}"


@pytest.mark.parametrize("command", COMMANDS)
def test_every_key_of_every_command_is_in_the_table(runner, command, monkeypatch) -> None:
    if command.startswith(("solve", "simulate")):
        pytest.importorskip("endplay", reason="needs the dds extra")
    monkeypatch.chdir(EXAMPLES)
    res = runner.invoke(cli, shlex.split(command))
    assert res.exit_code in (0, 1) or (res.exit_code == 2 and res.stdout), res.stderr
    lines = [line for line in res.stdout.splitlines() if line.strip()]
    assert lines
    text = res.stdout if command.startswith(("simulate", "rubber")) else None
    for obj in [json.loads(text)] if text is not None else map(json.loads, lines):
        check(obj, command)


def test_every_key_of_the_librarys_dicts_is_in_the_table() -> None:
    boards = list(bc.read(EXAMPLES / "club.pbn"))
    for scored in bc.score_boards(boards):
        check(scored.to_dict(), "ScoredBoard.to_dict()")
    for verdict in bc.check_auctions(boards):
        check(verdict.to_dict(), "AuctionVerdict.to_dict()")
    for played in bc.check_play(boards):
        check(played.to_dict(), "PlayCheck.to_dict()")
    for board in boards:
        check(schema.to_dict(board), "schema.to_dict(board)")
    for source in ("teams.csv", "session-results.csv"):
        for record in bc.score_event(EXAMPLES / source).records():
            check(record, "Event.records()")


def test_the_table_has_one_row_a_key_and_a_type_each() -> None:
    assert len(KEYS) > 50
    assert all(KEYS.values()), [k for k, v in KEYS.items() if not v]


def test_mismatch_has_one_shape_in_every_command(runner, tmp_path, monkeypatch) -> None:
    """``mismatch`` (issue #28): present only when the record disagrees with itself, then
    an object of ``recorded`` (what the record says) and ``message``, in ``validate-auction``,
    ``play`` and a variant's ``play``; absent when the record agrees."""
    club = (EXAMPLES / "club.pbn").read_text(encoding="utf-8")
    first = club.index('[Board "2"]')
    wrong = tmp_path / "wrong.pbn"
    # board 1: 4H by S is bid, the tags say 4S; its 3 tricks played give declarer more than 1 trick
    wrong.write_text(club[:first].replace('[Contract "4H"]', '[Contract "4S"]').replace('[Result "10"]', '[Result "0"]'))

    def mismatch(*args: str) -> Any:
        res = runner.invoke(cli, list(args))
        assert res.exit_code == 1, res.output
        obj = json.loads(res.stdout.splitlines()[0])
        check(obj, " ".join(args))
        return obj["mismatch"]

    got = mismatch("validate-auction", str(wrong), "--json")
    assert set(got) == {"recorded", "message"} and got["recorded"] == {"contract": "4S", "declarer": "S"}
    got = mismatch("play", str(wrong), "--json")
    assert set(got) == {"recorded", "message"} and got["recorded"] == 0 and isinstance(got["message"], str)
    monkeypatch.chdir(EXAMPLES)
    variant = (EXAMPLES / "variants" / "two-handed.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "two-handed.yaml"
    bad.write_text(variant.replace("  play_leader: S\n", "  play_leader: S\n  result: 0\n", 1))
    assert "result: 0" in bad.read_text()
    got = mismatch("play", "--variant", "two-handed", str(bad), "--json")
    assert set(got) == {"recorded", "message"} and got["recorded"] == 0
    for command in ("validate-auction club.pbn --json", "play club.pbn --json",
                    "play --variant two-handed variants/two-handed.yaml --json"):
        res = runner.invoke(cli, shlex.split(command))
        assert all("mismatch" not in json.loads(line) for line in res.stdout.splitlines()), command
