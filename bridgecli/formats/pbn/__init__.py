"""PBN 2.1 (Portable Bridge Notation) <-> :class:`~bridgecli.core.board.Board`.

Reading follows the *import* rules of the standard: games separated by
semi-empty lines (outside ``{}`` comments), tag pairs with ``\\"``/``\\\\``
escapes (several per line, or one split over lines), ``;`` and ``{}``
comments, ``%`` directive lines, CRLF or LF, ``#``/``##`` inheritance,
case-insensitive tokens, the Auction and Play sections with suffixes, note
references, NAGs, ``AP``, ``*`` and ``+``, the irregularities ``^I ^S ^R ^L``,
and table sections such as ``OptimumResultTable``. ``{}`` and ``;`` comments and
``%`` lines are kept in :attr:`Board.comments` with the tag they followed (a ``;``
comment is written back on a line of its own).

Writing emits the *export* style of the standard: ``% PBN 2.1`` and
``% EXPORT``, the 15 mandatory tags in their order, the other tags sorted by
name, the auction from the dealer four calls a line, the play from the
opening leader, then the table sections; each comment after its tag or
section. Lines end with LF unless
``crlf=True``. See ``docs/commands/pbn-format.md`` for the exact rules.

Reading neither checks the auction nor the play against the Laws; it checks
notation (tokens, seats, cards) and that a deal is a deal (no card twice, at
most 13 a hand).

The package is split by job: :mod:`.tokens` (tag values and section tokens),
:mod:`.games` (lines, tags and comments into games; the readers), :mod:`.build` (a
Board from a game's tags), :mod:`.lazy` (:class:`LazyBoard`, parts kept as text),
:mod:`.write` (the writer; :mod:`.escape`, tag values as it writes them), and the
fast lanes :mod:`.canon` (the writer's own forms of a deal, an auction, a play) and
:mod:`.export` (a whole game in the export style), which ask
:data:`bridgecli.core.fastpaths.ON`.
"""

from __future__ import annotations

from bridgecli.formats.pbn.games import iter_auction_records as iter_auction_records
from bridgecli.formats.pbn.games import iter_game_records as iter_game_records
from bridgecli.formats.pbn.games import iter_records as iter_records
from bridgecli.formats.pbn.games import iter_stream as iter_stream
from bridgecli.formats.pbn.games import load as load
from bridgecli.formats.pbn.games import loads as loads
from bridgecli.formats.pbn.games import split_games as split_games
from bridgecli.formats.pbn.lazy import LazyBoard as LazyBoard
from bridgecli.formats.pbn.lazy import deal_masks as deal_masks
from bridgecli.formats.pbn.lazy import deal_text as deal_text
from bridgecli.formats.pbn.lazy import lazy_texts as lazy_texts
from bridgecli.formats.pbn.lazy import play_indices as play_indices
from bridgecli.formats.pbn.lazy import play_ints as play_ints
from bridgecli.formats.pbn.lazy import play_ints_many as play_ints_many
from bridgecli.formats.pbn.lazy import play_text as play_text
from bridgecli.formats.pbn.lazy import play_texts_many as play_texts_many
from bridgecli.formats.pbn.lazy import rows_indices as rows_indices
from bridgecli.formats.pbn.tokens import MTS_TAGS as MTS_TAGS
from bridgecli.formats.pbn.tokens import TABLE_SECTIONS as TABLE_SECTIONS
from bridgecli.formats.pbn.tokens import lenient_into as lenient_into
from bridgecli.formats.pbn.tokens import warn_lenient as warn_lenient
from bridgecli.formats.pbn.write import HEADER as HEADER
from bridgecli.formats.pbn.write import board_text as board_text
from bridgecli.formats.pbn.write import dump as dump
from bridgecli.formats.pbn.write import dumps as dumps
from bridgecli.formats.pbn.write import iter_dumps as iter_dumps

__all__ = ["HEADER", "MTS_TAGS", "LazyBoard", "board_text", "deal_text", "dump", "dumps", "iter_auction_records",
           "iter_dumps", "iter_game_records", "iter_records", "iter_stream", "load", "loads", "play_text",
           "split_games"]
