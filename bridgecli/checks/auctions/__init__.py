"""Checking the auctions of boards against the Laws: the library behind ``bridgecli validate-auction``.

:func:`check_auction` judges one auction (a text such as ``"1NT P 3NT P P P"``
or a sequence of calls) from its dealer; :func:`check_auctions` judges every
board of a file, a text or an iterable of boards, streaming, one
:class:`AuctionVerdict` a board, with worker processes for a big PBN file. A
verdict's ``--json`` object is :meth:`AuctionVerdict.to_dict`; the lines the
command prints (text or JSON Lines) are :mod:`bridgecli.render.auctions`'s.

The package is split by job: :mod:`.verdicts` (judging one board, one auction; the
verdict and its JSON) and :mod:`.files` (a whole input, worker processes).

Nothing here prints, exits or imports click: problems come back in the
verdicts, and what cannot be read raises the errors of
:mod:`bridgecli.core.errors` (or OSError for a file that cannot be opened).
"""

from __future__ import annotations

from bridgecli.checks.auctions.files import PARALLEL_MIN_GAMES as PARALLEL_MIN_GAMES
from bridgecli.checks.auctions.files import TASK_GAMES as TASK_GAMES
from bridgecli.checks.auctions.files import AuctionChecks as AuctionChecks
from bridgecli.checks.auctions.files import Source as Source
from bridgecli.checks.auctions.files import check_auctions as check_auctions
from bridgecli.checks.auctions.verdicts import OK as OK
from bridgecli.checks.auctions.verdicts import RULES as RULES
from bridgecli.checks.auctions.verdicts import UNREADABLE as UNREADABLE
from bridgecli.checks.auctions.verdicts import AuctionVerdict as AuctionVerdict
from bridgecli.checks.auctions.verdicts import check_auction as check_auction
from bridgecli.checks.auctions.verdicts import check_board as check_board
from bridgecli.checks.auctions.verdicts import check_records as check_records
from bridgecli.checks.auctions.verdicts import parse_calls_text as parse_calls_text
from bridgecli.checks.auctions.verdicts import verdict_json as verdict_json
from bridgecli.checks.auctions.verdicts import verdict_json_line as verdict_json_line

__all__ = ["AuctionChecks", "AuctionVerdict", "check_auction", "check_auctions", "check_board", "check_records",
           "parse_calls_text"]
