"""The fast paths, and the one switch that turns them all off.

The readers, writers and replays have fast lanes: code that handles the common,
regular shape of an input (an export-style PBN game, a LIN line with a regular
play, a board whose JSON can be put together by hand) quicker than the general,
checked path, and falls back to that path for anything else. Each must give exactly
what the general path gives; the suite checks that by running with the lanes on and
off (``BRIDGECLI_FAST_PATHS=0 pytest``) and ``tools/fastpath_diff.py`` by comparing
the two on mutated inputs.

Every fast lane asks :data:`ON` when it is about to be taken (not when its module is
imported), so the switch can be flipped at run time::

    from bridgecli.core import fastpaths
    with fastpaths.off():
        ...  # everything here takes the general paths

:data:`ON` starts from the environment variable ``BRIDGECLI_FAST_PATHS``: ``0``,
``off``, ``no`` or ``false`` (any case) turn the lanes off; anything else, or no
variable, leaves them on. :data:`LANES` lists every lane, where it lives and the
general path it stands in for (docs/ARCHITECTURE.md says how they are held to it).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

#: the environment variable read at import
ENV = "BRIDGECLI_FAST_PATHS"

#: True while the fast lanes are taken; set it through :func:`set_on` or :func:`off`
ON: bool = os.environ.get(ENV, "1").strip().lower() not in ("0", "off", "no", "false")


def set_on(flag: bool) -> None:
    """Turn every fast lane on (``True``) or off (``False``)."""
    global ON
    ON = bool(flag)


@contextmanager
def off() -> Iterator[None]:
    """Run the block with every fast lane off, then put the switch back as it was."""
    before = ON
    set_on(False)
    try:
        yield
    finally:
        set_on(before)


#: (lane, where it lives, the general path it stands in for), one row a fast lane;
#: tests/test_fastpaths.py checks that each place exists and asks the switch. A place is
#: the dotted name of the function (or method) that asks :data:`ON`; the general path is
#: the dotted name of the function the lane's callers reach instead when it is off (or,
#: where there is none, a few words).
LANES: tuple[tuple[str, str, str], ...] = (
    ("show --brief: a line from the words, calls and results met so far",
     "bridgecli.render.text.render_brief", "bridgecli.render.text._render_brief_general"),
    ("tables in the simple style written without tabulate",
     "bridgecli.results.tables.table", "tabulate.tabulate"),
    ("score --event: a simple table measured in one pass and written in another",
     "bridgecli.results.tables.streamed_table", "bridgecli.results.tables.table"),
    ("play: a board read from PBN replayed from small ints, nothing built",
     "bridgecli.checks.play.check_board", "bridgecli.core.play.replay_board"),
    ("play --json: the line of a legal replay put together by hand",
     "bridgecli.checks.play.json_line", "bridgecli.checks.play.PlayCheck.as_dict"),
    ("score FILE --json: the line after the board number worked out once a contract, vulnerability and score",
     "bridgecli.results.boards.json_line", "bridgecli.results.boards.ScoredBoard.as_dict"),
    ("score FILE: the simple table of the scored boards from each distinct row once",
     "bridgecli.results.boards.BoardTable.text", "bridgecli.results.tables.table"),
    ("score -: a result line of --opt VALUE words read without click",
     "bridgecli.results.line_scores.LineScorer.evaluate", "bridgecli.results.line_scores.LineScorer.with_options"),
    ("YAML: an item of strings, ints and nulls turned into data without the constructor",
     "bridgecli.formats.yaml_events.ItemReader._data", "yaml constructor: construct_object"),
    ("pbn: a game in the export style read whole (pbn.export), a game's tags at once (Reader._fast_game)",
     "bridgecli.formats.pbn.games.Reader.games", "bridgecli.formats.pbn.games.Reader._line_games"),
    ("pbn: a canonical Deal value kept as text, checked whole (pbn.canon.lazy_deal)",
     "bridgecli.formats.pbn.build.build_board", "bridgecli.formats.pbn.tokens.parse_deal"),
    ("pbn: canonical Play rows kept as text (pbn.canon.CANON_PLAY)",
     "bridgecli.formats.pbn.build.play_fields", "bridgecli.formats.pbn.tokens.parse_play"),
    ("pbn: Auction rows in the writer's form read whole (pbn.canon.canon_auction)",
     "bridgecli.formats.pbn.build._parse_auction", "bridgecli.formats.pbn.tokens.parse_auction_tokens"),
    ("json: a board's JSON put together by hand",
     "bridgecli.formats.json_format.board_json", "bridgecli.formats.schema.to_dict"),
    ("validate-auction --json: a verdict's JSON line put together by hand",
     "bridgecli.checks.auctions.verdicts.verdict_json_line", "bridgecli.checks.auctions.verdicts.verdict_json"),
    ("validate-auction: the line of a board that passes, from its contract alone",
     "bridgecli.render.auctions.write_records", "bridgecli.checks.auctions.verdicts.check_board"),
    ("play, score: a regular record (whole tricks of known, legal cards) replayed over card indices",
     "bridgecli.core.play.replay.replay_board", "the card-by-card loop of replay_board"),
    ("play FILE: records read a batch ahead and replayed together with numpy",
     "bridgecli.core.play.batch.replayed_ahead", "each record replayed on its own as it is read"),
    ("score FILE: records read a batch ahead, found, replayed and finished together",
     "bridgecli.core.play.batch.worked_ahead", "each record scored on its own as it is read"),
    ("LIN: a board in the usual one-line form read by one regular expression (lin.fast.FAST_BOARD)",
     "bridgecli.formats.lin.read._pairs", "bridgecli.formats.lin.read._apply"),
)
