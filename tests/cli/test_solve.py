"""``bridgecli solve``: output modes, errors, streaming input; expected values from DDS's test data."""

from __future__ import annotations

import json
import select
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgecli.cli import cli
from bridgecli.core.cards import Seat, Strain
from bridgecli.solver import dds
from tests.conftest import subprocess_env
from tests.solver.ddsdata import cases

HINT = "bridgecli: error: solve needs the DDS solver: pip install 'bridgecli[dds]'\n"

needs_dds = pytest.mark.skipif(not dds.available(), reason="the DDS solver (endplay) is not installed")

CASE = cases()[0]  # dealer N, EW vulnerable: par EW 620 in 4S by East (DDS: "-620" "4S-E")
BOARD1 = f"""[Event "solve test"]
[Board "1"]
[Dealer "N"]
[Vulnerable "EW"]
[Deal "{CASE.deal.to_pbn()}"]
"""
ENDING = """[Board "2"]
[Dealer "E"]
[Vulnerable "NS"]
[Deal "N:AQ... JT... 43... K5..."]
"""
UNKNOWN = """[Board "3"]
[Dealer "S"]
[Vulnerable "None"]
[Deal "N:AQ... JT... 43... -"]
"""


def pbn_dd_string(table: dict[tuple[Seat, Strain], int]) -> str:
    # PBN.md §9: declarers N, S, E, W; strains NT, S, H, D, C; base-14 digits
    order_seats = (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST)
    order_strains = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
    return "".join("0123456789abcd"[table[s, t]] for s in order_seats for t in order_strains)


def test_help(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["solve", "--help"])
    assert result.exit_code == 0
    for option in ("--jobs", "--processes", "--json", "--output", "--to", "--leads", "--progress"):
        assert option in result.stdout


def test_missing_solver_exits_2_with_hint(runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    def missing() -> None:
        raise dds.SolverMissingError(dds.INSTALL_HINT)

    monkeypatch.setattr(dds, "load", missing)
    result = runner.invoke(cli, ["solve", "-"], input=BOARD1)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == HINT


def test_missing_endplay_in_a_real_process() -> None:
    # endplay made unimportable: solve gives the hint, other commands do not notice
    code = ("import sys; sys.modules['endplay'] = None; sys.argv = ['bridgecli'] + sys.argv[1:]; "
            "from bridgecli.cli import main; main()")
    run = subprocess.run([sys.executable, "-c", code, "solve", "-"], input=BOARD1, capture_output=True, text=True,
                         env=subprocess_env(), check=False)
    assert run.returncode == 2
    assert run.stdout == ""
    # the tests run this checkout: the editable install of it, or a checkout beside the installed one
    root = Path(__file__).resolve().parents[2]
    assert run.stderr == ("bridgecli: error: solve needs the DDS solver: "
                          + (f"pip install -e '{root}[dds]'" if _editable_root() == root
                             else "pip install 'endplay>=0.5.12'") + "\n")
    run = subprocess.run([sys.executable, "-c", code, "--help"], capture_output=True, text=True, env=subprocess_env(),
                         check=False)
    assert run.returncode == 0 and "solve" in run.stdout


def _editable_root() -> Path | None:
    """The checkout an editable install of bridgecli points at (PEP 610 direct_url.json), if any."""
    from importlib import metadata
    from urllib.parse import unquote, urlparse

    # every bridgecli on the path: the checkout's own bridgecli.egg-info (left by an editable
    # install) has no direct_url.json
    for dist in metadata.distributions(name="bridgecli"):
        info = json.loads(dist.read_text("direct_url.json") or "null")
        if isinstance(info, dict) and (info.get("dir_info") or {}).get("editable"):
            return Path(unquote(urlparse(info["url"]).path)).resolve()
    return None


class _FakeDist:
    def __init__(self, direct_url: str | None, site: Path) -> None:
        self.direct_url, self.site = direct_url, site

    def read_text(self, name: str) -> str | None:
        return self.direct_url if name == "direct_url.json" else None

    def locate_file(self, path: str) -> Path:
        return self.site / path


def test_install_hint_fits_the_installation(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from importlib import metadata

    import bridgecli

    package = Path(bridgecli.__file__).resolve().parent
    root = package.parent

    def installed(dist: object):
        def distributions(name: str) -> list[object]:
            assert name == "bridgecli"
            return [] if dist is None else [dist]
        return distributions

    # a wheel from PyPI: the running package is the installed one
    monkeypatch.setattr(metadata, "distributions", installed(_FakeDist(None, root)))
    assert dds.install_hint() == "solve needs the DDS solver: pip install 'bridgecli[dds]'"
    # pip install -e of this checkout
    editable = json.dumps({"url": root.as_uri(), "dir_info": {"editable": True}})
    monkeypatch.setattr(metadata, "distributions", installed(_FakeDist(editable, tmp_path)))
    assert dds.install_hint() == f"solve needs the DDS solver: pip install -e '{root}[dds]'"
    # an editable install of another checkout, or none: this source tree runs by python -m
    other = json.dumps({"url": tmp_path.as_uri(), "dir_info": {"editable": True}})
    monkeypatch.setattr(metadata, "distributions", installed(_FakeDist(other, tmp_path)))
    assert dds.install_hint() == "solve needs the DDS solver: pip install 'endplay>=0.5.12'"
    monkeypatch.setattr(metadata, "distributions", installed(None))
    assert dds.install_hint() == "solve needs the DDS solver: pip install 'endplay>=0.5.12'"
    # a wheel installed elsewhere while this checkout runs
    monkeypatch.setattr(metadata, "distributions", installed(_FakeDist(None, tmp_path)))
    assert dds.install_hint() == "solve needs the DDS solver: pip install 'endplay>=0.5.12'"
    # pip install -e leaves bridgecli.egg-info in the checkout, found first on the path: not an install
    build = _FakeDist(None, root)
    build._path = root / "bridgecli.egg-info"  # type: ignore[attr-defined]
    monkeypatch.setattr(metadata, "distributions",
                        lambda name: [build, _FakeDist(editable, tmp_path)])
    assert dds.install_hint() == f"solve needs the DDS solver: pip install -e '{root}[dds]'"


def test_nothing_else_imports_endplay() -> None:
    root = Path(__file__).resolve().parents[2] / "bridgecli"
    users = sorted(str(p.relative_to(root)) for p in root.rglob("*.py") if "endplay" in p.read_text()
                   and "import" in p.read_text())
    importers = [u for u in users if any(line.lstrip().startswith(("import endplay", "from endplay"))
                                         for line in (root / u).read_text().splitlines())]
    assert importers == []  # dds.py loads only endplay's binding file, by path
    assert "solver/dds.py" in users


@needs_dds
def test_text_output(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["solve", "-", "--table"], input=BOARD1)
    assert result.exit_code == 0, result.stderr
    assert result.stderr == ""
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["Board", "1", "Dealer", "N", "Vul", "EW"]
    # strains in the order hand records print them, as show and the HTML sheet do
    assert lines[1].split() == ["NT", "S", "H", "D", "C", "makes"]
    t = CASE.table
    rows = {line.split()[0]: line.split()[1:] for line in lines[2:6]}
    assert list(rows) == ["N", "S", "E", "W"]
    for seat in Seat:
        cells = [str(t[seat, s]) for s in (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS,
                                           Strain.CLUBS)]
        assert rows[seat.letter][:5] == cells
    assert rows["N"][5:] == ["1H"]
    assert rows["E"][5:] == ["1NT", "4S", "2D", "2C"]
    assert lines[6] == "Par: EW 620 (4S= E)"  # issue #31: par written one way, as show writes it


@needs_dds
def test_json_output(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["solve", "-", "--json"], input=BOARD1 + "\n" + ENDING)
    assert result.exit_code == 0, result.stderr
    first, second = [json.loads(line) for line in result.stdout.splitlines()]
    # a board of the schema (issue #28): the findings are its dd and par fields, read back by every reader
    assert list(first) == ["board", "dealer", "vulnerable", "deal", "dd", "par", "tags"]
    assert first["board"] == 1 and first["dealer"] == "N" and first["vulnerable"] == "EW"
    assert first["dd"] == {seat.letter: {s.letter: CASE.table[seat, s] for s in
                                         (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES, Strain.NOTRUMP)}
                           for seat in Seat}
    assert first["par"] == {"score": -620, "contract": "E 4S="}
    # the finesse ending: NS take 2 unless North leads (West declaring); no par for an ending
    assert "par" not in second and second["deal"]["N"] == "AQ..."
    assert second["dd"]["N"]["NT"] == 2 and second["dd"]["W"]["S"] == 1 and second["dd"]["E"]["H"] == 0


@needs_dds
def test_write_back_pbn(runner: CliRunner, tmp_path: Path) -> None:
    from bridgecli.formats import pbn

    out = tmp_path / "session.pbn"
    result = runner.invoke(cli, ["solve", "-", "-o", str(out)], input=BOARD1)
    assert result.exit_code == 0, result.stderr
    assert result.stdout == ""
    text = out.read_text()
    assert f'[DoubleDummyTricks "{pbn_dd_string(CASE.table)}"]' in text
    assert '[OptimumScore "EW 620"]' in text
    assert '[ParContract "E 4S="]' in text  # only East takes ten tricks: 4S= is 620 vulnerable
    assert '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]' in text
    assert "\nE  S 10\n" in text
    [board] = pbn.loads(text)
    assert board.tags["Event"] == "solve test"
    [section] = board.sections
    assert len(section.rows) == 20


@needs_dds
def test_write_back_replaces_old_tags(runner: CliRunner) -> None:
    stale = BOARD1 + '[DoubleDummyTricks "00000000000000000000"]\n[OptimumScore "NS 0"]\n'
    result = runner.invoke(cli, ["solve", "-", "--to", "pbn"], input=stale)
    assert result.exit_code == 0, result.stderr
    assert result.stdout.count("[DoubleDummyTricks") == 1
    assert "00000000000000000000" not in result.stdout
    assert result.stdout.count("[OptimumScore") == 1


@needs_dds
def test_write_back_yaml_and_json(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["solve", "-", "--to", "json"], input=BOARD1)
    assert result.exit_code == 0, result.stderr
    board = json.loads(result.stdout)
    from bridgecli.formats import read_boards

    assert board["dd"]["E"]["S"] == 10 and board["par"] == {"score": -620, "contract": "E 4S="}
    [back] = read_boards(result.stdout, "json")  # the fields are the solver's PBN tags again
    assert back.tags["DoubleDummyTricks"] == pbn_dd_string(CASE.table) and back.tags["OptimumScore"] == "EW 620"
    result = runner.invoke(cli, ["solve", "-", "--to", "yaml"], input=BOARD1)
    assert result.exit_code == 0, result.stderr
    [back] = read_boards(result.stdout, "yaml")
    assert back.tags["DoubleDummyTricks"] == pbn_dd_string(CASE.table)


@needs_dds
def test_leads_of_the_boards_contract(runner: CliRunner) -> None:
    # the DDS file's FUT line: North's leads in clubs, i.e. against West's club contract
    board = BOARD1 + '[Declarer "W"]\n[Contract "5C"]\n[Result "11"]\n'
    result = runner.invoke(cli, ["solve", "-", "--json", "--leads"], input=board)
    assert result.exit_code == 0, result.stderr
    [la] = json.loads(result.stdout)["leads"]
    assert la["contract"] == "5C" and la["declarer"] == "W" and la["leader"] == "N"
    assert la["tricks"] == {str(card): t for card, t in CASE.leads.items()}


@needs_dds
def test_leads_of_the_par_contract_in_text(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["solve", "-", "--leads", "--table"], input=BOARD1)
    assert result.exit_code == 0, result.stderr
    [line] = [ln for ln in result.stdout.splitlines() if ln.startswith("Leads")]
    assert line.startswith("Leads v 4S by E (S leads), defence tricks ")


@needs_dds
def test_unsolvable_board_is_reported_and_the_rest_solved(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["solve", "-", "--json"], input=ENDING + "\n" + UNKNOWN + "\n" + ENDING)
    assert result.exit_code == 1
    assert len(result.stdout.splitlines()) == 2
    assert result.stderr == ("bridgecli: error: <stdin>: board 3: the west hand is unknown: "
                             "double-dummy analysis needs all four hands\n")


@needs_dds
def test_unsolvable_board_is_written_back_unchanged(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["solve", "-", "--to", "pbn"], input=UNKNOWN + "\n" + ENDING)
    assert result.exit_code == 1
    assert result.stdout.count("[Board ") == 2
    assert result.stdout.count("[OptimumResultTable") == 1


@needs_dds
def test_unequal_hands_error(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["solve", "-"], input='[Board "7"]\n[Deal "N:AQ... JT... 43... K..."]\n')
    assert result.exit_code == 1
    assert "board 7: hands of unequal size (N 2, E 2, S 2, W 1)" in result.stderr


@needs_dds
def test_malformed_input_exits_2(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["solve", "-"], input='[Board "1"]\n[Deal "N:AKQ.x.x.x"]\n')
    assert result.exit_code == 2
    assert result.stderr.startswith("bridgecli: error: <stdin>:2")


@needs_dds
def test_processes_keep_input_order(runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    import bridgecli.solver.stream as solve_mod

    monkeypatch.setattr(solve_mod, "BATCH", 1)
    monkeypatch.setattr(solve_mod, "JOB_BATCH", 1)
    endings = "\n".join(ENDING.replace('"2"', f'"{n}"') for n in range(1, 6))
    plain = runner.invoke(cli, ["solve", "-", "--json", "-j", "1"], input=endings)
    spread = runner.invoke(cli, ["solve", "-", "--json", "-j", "2", "--processes"], input=endings)
    assert plain.exit_code == spread.exit_code == 0
    assert [json.loads(x)["board"] for x in spread.stdout.splitlines()] == [1, 2, 3, 4, 5]
    assert spread.stdout == plain.stdout


@needs_dds
def test_progress_on_stderr(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["solve", "-", "--json", "--progress"], input=ENDING)
    assert result.exit_code == 0
    assert result.stderr.splitlines()[-1].startswith("solve: done, 1 boards in ")
    assert len(result.stdout.splitlines()) == 1


def test_json_and_to_exclude_each_other(runner: CliRunner) -> None:
    if not dds.available():
        pytest.skip("the DDS solver (endplay) is not installed")
    result = runner.invoke(cli, ["solve", "-", "--json", "--to", "pbn"], input=ENDING)
    assert result.exit_code == 2
    assert "--json and --to" in result.stderr


# -- chunked reading (no solver needed) --------------------------------------


def test_pbn_input_is_read_in_pieces_with_file_line_numbers(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import bridgecli.solver.stream as solve_mod

    monkeypatch.setattr(solve_mod, "BATCH", 2)
    games = ["% PBN 2.1\n% EXPORT\n"]
    for n in range(1, 6):
        games.append(f'[Board "{n}"]\n[Deal "N:AQ... JT... 43... K5..."]\n')
    games[2] = games[2] + "{a comment\n\nwith a blank line}\n"
    bad = '[Board "6"]\n[Deal "N:AQ... JT... 43..."]\n'
    text = games[0] + "\n".join(games[1:]) + "\n" + bad
    path = tmp_path / "in.pbn"
    path.write_text(text)
    pieces = list(solve_mod._chunks(path.open("rb"), "pbn", str(path), 2))
    assert len(pieces) == 3
    assert all(p[0].startswith("% PBN 2.1\n% EXPORT\n") for p in pieces)
    items = list(solve_mod.read_pieces(path.open("rb"), None, str(path)))
    assert [getattr(b, "number", None) for b in items[:5]] == [1, 2, 3, 4, 5]
    err = items[5]
    bad_line = text.splitlines().index('[Deal "N:AQ... JT... 43..."]') + 1
    assert getattr(err, "line", None) == bad_line


def test_json_lines_input_is_read_in_pieces(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import bridgecli.solver.stream as solve_mod

    monkeypatch.setattr(solve_mod, "BATCH", 2)
    lines = [json.dumps({"board": n, "deal": "N:AQ... JT... 43... K5..."}) for n in range(1, 6)]
    path = tmp_path / "in.json"
    path.write_text("\n".join(lines) + "\n")
    pieces = list(solve_mod._chunks(path.open("rb"), None, str(path), 2))
    assert [p[1] for p in pieces] == [0, 2, 4]
    items = list(solve_mod.read_pieces(path.open("rb"), None, str(path)))
    assert [getattr(b, "number", None) for b in items] == [1, 2, 3, 4, 5]


@needs_dds
@pytest.mark.parametrize("west_card,dd", [("SK", 0), ("S5", 1)])
def test_unfinished_play_is_solved_from_where_it_stops(runner: CliRunner, west_card: str, dd: int) -> None:
    # the finesse ending, West declaring: North leads the ace; if West throws the king under it
    # EW have no trick left, else the king still makes
    board = ('[Board "4"]\n[Deal "N:AQ... JT... 43... K5..."]\n[Declarer "W"]\n[Contract "1NT"]\n'
             f'[Play "N"]\nSA ST S3 {west_card}\n*\n')
    result = runner.invoke(cli, ["solve", "-", "--json"], input=board)
    assert result.exit_code == 0, result.stderr
    obj = json.loads(result.stdout)
    assert obj["dd"]["W"]["NT"] == 1  # from the start
    assert obj["position"] == {"contract": "1NT", "declarer": "W", "cards_played": 4, "declarer_tricks": 0,
                               "dd_tricks": dd}


@needs_dds
@pytest.mark.parametrize("extra", [[], ["--processes", "-j", "2"]])
def test_a_quiet_pipe_gets_its_boards_solved_at_once(extra: list[str]) -> None:
    # a slow producer: one board, a pause, another board. The first answer must come out
    # during the pause, long before a batch of 40 boards is read.
    script = (f"import sys\nb = {ENDING!r}\n"
              "sys.stdout.write(b + '\\n'); sys.stdout.flush()\n"
              "sys.stdin.readline()\n"
              "sys.stdout.write(b.replace('\"2\"', '\"5\"') + '\\n'); sys.stdout.flush()\n")
    producer = subprocess.Popen([sys.executable, "-c", script], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                text=True)
    assert producer.stdout is not None and producer.stdin is not None
    solver = subprocess.Popen([sys.executable, "-m", "bridgecli", "solve", "-", "--json", *extra],
                              stdin=producer.stdout, stdout=subprocess.PIPE, text=True, env=subprocess_env())
    assert solver.stdout is not None
    producer.stdout.close()

    def answer() -> dict[str, object]:
        ready, _, _ = select.select([solver.stdout], [], [], 20)
        if not ready:  # the answer did not come while the producer waits: fail, do not hang
            solver.kill()
            producer.kill()
            pytest.fail("solve waited for more input before answering")
        return json.loads(solver.stdout.readline())  # type: ignore[union-attr,no-any-return]

    try:
        assert answer()["board"] == 2
        producer.stdin.write("go\n")
        producer.stdin.close()
        assert answer()["board"] == 5
    finally:
        if producer.poll() is None and not producer.stdin.closed:
            producer.stdin.close()
    assert solver.wait(timeout=60) == 0
    assert producer.wait(timeout=60) == 0


@needs_dds
def test_unreadable_input_leaves_the_output_file_alone(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "record.pbn"
    out.write_text("old\n")
    result = runner.invoke(cli, ["solve", "-", "-o", str(out)], input=ENDING + '\n[Board "9"]\n[Deal "N:AKQ.x.x.x"]\n')
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == (f"bridgecli: error: {out} not written: some input could not be read"
                                              " (--keep-going writes the rest)")
    assert out.read_text() == "old\n"


def test_in_a_pipe_the_boards_go_on_with_their_tags(runner: CliRunner) -> None:
    """stdout is not a terminal under the runner: the boards are written as PBN with the
    solver's tags, and `show` reads them back with the table and par."""
    result = runner.invoke(cli, ["solve", "-"], input=BOARD1)
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("% PBN 2.1")
    assert "[DoubleDummyTricks " in result.stdout and "[OptimumScore " in result.stdout
    shown = runner.invoke(cli, ["show", "-", "--no-play"], input=result.stdout)
    assert shown.exit_code == 0, shown.stderr
    assert "makes" in shown.stdout and "Par: " in shown.stdout


def test_table_does_not_go_with_board_output(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["solve", "-", "--table", "--to", "pbn"], input=BOARD1)
    assert result.exit_code == 2


@needs_dds
def test_empty_input_is_no_boards_exit_2_and_keeps_the_output_file(runner, tmp_path):
    out = tmp_path / "old.pbn"
    out.write_text("old\n", encoding="utf-8")
    r = runner.invoke(cli, ["solve", "-"], input="")
    assert r.exit_code == 2 and r.stdout == "" and "<stdin>: no boards" in r.stderr
    r = runner.invoke(cli, ["solve", "-", "-o", str(out)], input="")
    assert r.exit_code == 2 and out.read_text(encoding="utf-8") == "old\n"
