"""``bridgecli.formats.inputs``: FILE or stdin read as records or text, and decoded."""

from __future__ import annotations

from pathlib import Path

import pytest

import bridgecli as bc
from bridgecli.formats import inputs

from ..conftest import SAMPLES

CLUB = SAMPLES / "valid" / "club_session.pbn"


def test_read_records_streams_a_file_and_closes_it(tmp_path: Path) -> None:
    records, source, fmt = inputs.read_records(str(CLUB), None)
    first = next(records)
    assert (source, fmt) == (str(CLUB), "pbn")
    assert isinstance(first, bc.Board) and first.number == 1
    records.close()  # stopping early still closes the file


def test_an_empty_file_gives_no_records_when_asked(tmp_path: Path) -> None:
    empty = tmp_path / "empty.pbn"
    empty.write_text("  \n", encoding="utf-8")
    records, _source, fmt = inputs.read_records(str(empty), None, skip_empty=True)
    assert list(records) == [] and fmt == ""


def test_decode_bytes_utf8_latin1_and_binary() -> None:
    assert inputs.decode_bytes("\ufeffBöard".encode(), "x") == "Böard"  # BOM dropped
    assert inputs.decode_bytes("Böard".encode("latin-1"), "x") == "Böard"  # PBN's own charset
    with pytest.raises(bc.ParseError) as info:
        inputs.decode_bytes(b"line 1\nline 2 \x00", "x.pbn")
    assert info.value.line == 2


def test_read_text_of_a_latin1_file(tmp_path: Path) -> None:
    path = tmp_path / "names.txt"
    path.write_bytes("[North \"Müller\"]\n".encode("latin-1"))
    assert inputs.read_text(str(path)) == ('[North "Müller"]\n', str(path))
