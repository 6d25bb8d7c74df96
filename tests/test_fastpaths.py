"""The one switch for the fast lanes (:mod:`bridgecli.core.fastpaths`): what the environment
variable turns off, :func:`~bridgecli.core.fastpaths.off` and
:func:`~bridgecli.core.fastpaths.set_on`, and every row of ``LANES``: its place exists, it
reads the switch when it runs (not at import), and where this file knows an input that
takes the lane, the general path runs instead of it once the switch is off."""

from __future__ import annotations

import ast
import importlib
import importlib.util
import inspect
import re
import sys
import textwrap
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from bridgecli.core import fastpaths

ROOT = Path(__file__).resolve().parent.parent
CLUB = ROOT / "sample_deals" / "valid" / "club_session.pbn"


# -- the switch -----------------------------------------------------------------------


def _fresh(monkeypatch: pytest.MonkeyPatch, value: str | None) -> ModuleType:
    """A new copy of the switch's module, imported with ``BRIDGECLI_FAST_PATHS`` set to
    ``value`` (unset for None); the module the package uses is left as it is."""
    if value is None:
        monkeypatch.delenv(fastpaths.ENV, raising=False)
    else:
        monkeypatch.setenv(fastpaths.ENV, value)
    spec = importlib.util.spec_from_file_location("fastpaths_copy", fastpaths.__file__)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("value", ["0", "off", "no", "false", "OFF", "False", "No", " 0", "off ", "\tfalse\n"])
def test_the_variable_turns_the_lanes_off(monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    assert _fresh(monkeypatch, value).ON is False


@pytest.mark.parametrize("value", [None, "1", "on", "yes", "true", "", " ", "2", "o ff", "00", "nope"])
def test_anything_else_leaves_them_on(monkeypatch: pytest.MonkeyPatch, value: str | None) -> None:
    assert _fresh(monkeypatch, value).ON is True


@pytest.fixture
def switch() -> Iterator[None]:
    """The switch put back as the suite's pass has it after the test."""
    before = fastpaths.ON
    try:
        yield
    finally:
        fastpaths.set_on(before)


@pytest.mark.usefixtures("switch")
def test_set_on_takes_any_truth_value_and_keeps_a_bool() -> None:
    for given, want in ((False, False), (True, True), (0, False), (1, True), ("", False), ("x", True), (None, False)):
        fastpaths.set_on(given)  # type: ignore[arg-type]
        assert fastpaths.ON is want


@pytest.mark.usefixtures("switch")
def test_off_puts_the_switch_back_as_it_was_even_on_an_exception() -> None:
    for start in (True, False):
        fastpaths.set_on(start)
        with fastpaths.off():
            assert fastpaths.ON is False
            with fastpaths.off():  # nested
                assert fastpaths.ON is False
            assert fastpaths.ON is False
        assert fastpaths.ON is start
        with pytest.raises(KeyError), fastpaths.off():
            raise KeyError("a bug in the block")
        assert fastpaths.ON is start


@pytest.mark.usefixtures("switch")
def test_off_restores_what_set_on_changed_inside_the_block() -> None:
    fastpaths.set_on(True)
    with fastpaths.off():
        fastpaths.set_on(True)  # (a block that turns them on again is its own business)
    assert fastpaths.ON is True


# -- the lanes ------------------------------------------------------------------------

_DOTTED = re.compile(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)+")


def _resolve(dotted: str) -> tuple[ModuleType, Any, Any, str]:
    """(module, owner, object, name) of a dotted name: the longest importable module prefix,
    then attributes (a class, then its method)."""
    parts = dotted.split(".")
    for k in range(len(parts) - 1, 0, -1):
        try:
            module = importlib.import_module(".".join(parts[:k]))
        except ModuleNotFoundError:
            continue
        owner: Any = module
        for part in parts[k:-1]:
            owner = getattr(owner, part)
        return module, owner, getattr(owner, parts[-1]), parts[-1]
    raise AssertionError(f"no module in {dotted!r}")


def _reads_switch(tree: ast.AST) -> bool:
    """Whether the code reads ``fastpaths.ON`` (a look-up when it runs)."""
    return any(isinstance(n, ast.Attribute) and n.attr == "ON" and isinstance(n.value, ast.Name)
               and n.value.id == "fastpaths" for n in ast.walk(tree))


def _tree(obj: Any) -> ast.AST:
    return ast.parse(textwrap.dedent(inspect.getsource(obj)))


def _asks(module: ModuleType, obj: Any, name: str) -> bool:
    """Whether the lane at ``obj`` reads the switch: the function (or a method of the
    class) itself, or, for a table or pattern, a function of its module that uses it."""
    if inspect.isfunction(obj) or inspect.ismethod(obj) or inspect.isclass(obj):
        return _reads_switch(_tree(obj))
    users = [node for node in ast.walk(_tree(module)) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
             and any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(node))]
    return any(_reads_switch(f) for f in users)


def _row_id(row: tuple[str, str, str]) -> str:
    return row[1]


def test_the_lanes_are_listed_once_each() -> None:
    assert fastpaths.LANES, "no fast lane asks the switch"
    for row in fastpaths.LANES:
        assert len(row) == 3 and all(isinstance(x, str) and x for x in row), row
    assert len({row[0] for row in fastpaths.LANES}) == len(fastpaths.LANES)
    assert len({row[1] for row in fastpaths.LANES}) == len(fastpaths.LANES)


@pytest.mark.parametrize("row", fastpaths.LANES, ids=_row_id)
def test_each_lane_exists_and_reads_the_switch_when_it_runs(row: tuple[str, str, str]) -> None:
    _, place, general = row
    assert place.startswith("bridgecli."), place
    module, _, obj, name = _resolve(place)
    assert _asks(module, obj, name), f"{place} does not read fastpaths.ON"
    # a copy taken at import would not follow the switch
    for node in ast.walk(_tree(module)):
        if isinstance(node, ast.ImportFrom) and (node.module or "").endswith("fastpaths"):
            assert all(alias.name != "ON" for alias in node.names), f"{module.__name__} copies ON at import"
    if _DOTTED.fullmatch(general):
        _resolve(general)  # the general path named exists too


# -- the lanes at work: an input that takes each, and the general path seen running when off


def _club_boards() -> list[Any]:
    from bridgecli.formats import pbn

    return pbn.loads(CLUB.read_text(encoding="utf-8"))


def _brief() -> object:
    from bridgecli.render.text import render_brief

    return [render_brief(b) for b in _club_boards()[:4]]


def _table() -> object:
    from bridgecli.results.tables import table

    return table([[1, "4S", "N", 10], [12, "3NT", "E", 8]], ["Board", "Contract", "By", "Tricks"], "simple",
                 right=(0, 3))


def _streamed() -> object:
    from bridgecli.results.tables import streamed_table

    rows = [[1, "4S", "", 620], [2, "3NT", "", -50]]
    return list(streamed_table(lambda: iter(rows), ["Board", "Contract", "Lead", "NS"], "simple", right=(0, 3),
                               optional=(2,)))


def _played() -> object:
    from bridgecli.checks.play import check_board

    checks = [check_board(b) for b in _club_boards()[:3]]
    return [(c.kind, c.ok, c.replay and c.replay.declarer_tricks) for c in checks]


def _play_json() -> object:
    from bridgecli.checks.play import check_board, json_line

    return [json_line(check_board(b)) for b in _club_boards()[:3]]


def _pbn_games() -> object:
    from bridgecli.formats import pbn

    return pbn.dumps(pbn.loads(CLUB.read_text(encoding="utf-8")))


def _board_json() -> object:
    from bridgecli.formats.json_format import board_json

    return [board_json(b) for b in _club_boards()[:4]]


def _lin_pairs() -> object:
    from bridgecli.formats import lin

    return lin.dumps(lin.loads(CLUB.with_suffix(".lin").read_text(encoding="utf-8")))


def _result_lines() -> object:
    from bridgecli.results.line_scores import score_lines

    return [line.text for line in score_lines(["4S= --vul NS", "3NTX-2 --vul both", "6H+1 -d W"])]


#: place of a lane -> a small run that takes it (when on); other rows get the AST check above
EXERCISES: dict[str, Callable[[], object]] = {
    "bridgecli.render.text.render_brief": _brief,
    "bridgecli.results.tables.table": _table,
    "bridgecli.results.tables.streamed_table": _streamed,
    "bridgecli.checks.play.check_board": _played,
    "bridgecli.checks.play.json_line": _play_json,
    "bridgecli.formats.pbn.games.Reader.games": _pbn_games,
    "bridgecli.formats.json_format.board_json": _board_json,
    "bridgecli.formats.lin.read._pairs": _lin_pairs,
    "bridgecli.results.line_scores.LineScorer.evaluate": _result_lines,
}


@contextmanager
def _spy(monkeypatch: pytest.MonkeyPatch, dotted: str) -> Iterator[list[int]]:
    """Count the calls of the function named ``dotted``: wrapped where it is defined and
    wherever a bridgecli module holds it under the same name (``from x import f``)."""
    _, owner, real, name = _resolve(dotted)
    calls: list[int] = []

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return real(*args, **kwargs)

    with monkeypatch.context() as m:
        m.setattr(owner, name, counted)
        for mod_name, mod in list(sys.modules.items()):
            if mod_name.startswith("bridgecli.") and mod is not owner and getattr(mod, name, None) is real:
                m.setattr(mod, name, counted)
        yield calls


@pytest.mark.usefixtures("switch")
@pytest.mark.parametrize("row", [r for r in fastpaths.LANES if r[1] in EXERCISES], ids=_row_id)
def test_with_the_switch_off_the_general_path_runs_instead_of_the_lane(monkeypatch: pytest.MonkeyPatch,
                                                                       row: tuple[str, str, str]) -> None:
    _, place, general = row
    run = EXERCISES[place]
    fastpaths.set_on(True)
    with _spy(monkeypatch, general) as calls:
        fast = run()
    assert calls == [], f"{place} went the general way with the lanes on: the input does not take the lane"
    with fastpaths.off(), _spy(monkeypatch, general) as calls:
        slow = run()
    assert calls, f"{general} did not run with the lanes off"
    assert slow == fast


def test_every_exercise_is_a_listed_lane() -> None:
    assert set(EXERCISES) <= {row[1] for row in fastpaths.LANES}


def test_the_check_tells_code_that_reads_the_switch_from_code_that_does_not() -> None:
    # (the check above, on places of every kind: a function, a class, a table a function uses)
    for place, want in (("bridgecli.results.tables.streamed_table", True), ("bridgecli.results.tables.fmt_num", False),
                        ("bridgecli.results.tables.MIN_PADDING", True), ("bridgecli.core.fastpaths.ENV", False),
                        ("bridgecli.checks.play.PlayCheck", False)):
        module, _, obj, name = _resolve(place)
        assert _asks(module, obj, name) is want, place
