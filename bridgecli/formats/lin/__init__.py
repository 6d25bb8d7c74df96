"""LIN, the hand-record format of Bridge Base Online, <-> :class:`Board`.

A LIN record is a run of ``key|value|`` pairs. The keys read here:

* ``qx|o3|`` room (``o`` open, ``c`` closed) and board number;
* ``pn|S,W,N,E|`` player names, South first (8 names: open then closed room);
* ``md|3S...,S...,S...,S...|`` the deal: dealer digit (1 S, 2 W, 3 N, 4 E), then
  the hands of South, West, North and East as suit letters followed by ranks;
  an empty hand is unknown, except that an empty fourth hand after three full
  ones holds the remaining 13 cards;
* ``ah|Board 3|`` the board number; ``sv|o|`` vulnerability (o/0 none, n NS,
  e EW, b both);
* ``mb|1C!|`` a call (``p``, ``d``, ``r``, ``1N``...; ``!`` = alerted), ``an|text|``
  the explanation of the call just made;
* ``pc|SA|`` a card played, in time order; ``mc|10|`` a claim: tricks for declarer.

* ``vg|title,segment,scoring,first,last,team1,carry1,team2,carry2|`` the vugraph
  header: tags ``Event``, ``Stage``, ``Scoring`` (I = IMP, P = MP, B = BAM),
  ``HomeTeam`` and ``VisitTeam`` of every board after it, and the whole value in
  tag ``LinVg`` when it holds more than those tags;
* ``rs|4HE=,...|`` the results of the match, two a board (open, closed room):
  tag ``LinResult`` of each board holds its own (the whole list in ``LinRs``
  when the board cannot be placed in it); a list of one entry is the result of
  the board it comes with, its contract and result when the board has no calls,
  cards, claim or page break ``pg`` (with the entry in ``LinResult`` when it is spelt
  otherwise than BBO spells it: ``4snX=``, `` 4SN=``), else ``LinResult`` (the boards after it
  only carry it: ``LinRs``); entries are kept as read, spaces too; the entries of a
  match's list that no board keeps (boards not read) are warned about (ReadWarning:
  the reading drops them, whatever the caller does with the boards);
* ``nt|text|`` commentary: kept as a board comment (:attr:`Board.comments`)
  after the start of the board, the auction or the play, where it came.

The writer writes them back (:func:`dump_board`): ``vg`` and ``rs`` after ``pn``,
``nt`` where the reader puts its comments; a ``pg`` ends a board that has nothing but
its ``LinResult``, so that the entry comes back as the tag, not as the contract; a
spelling kept in ``LinResult`` is written only while it says the board's result (else the
board's own, in BBO's spelling); a one-entry ``LinRs`` no board before holds goes on a
match header line of its own (``pn|,,,,,,,|rs|4HE=|pg||``); every board gets its ``md``,
``md|3,,,|`` when no card is known, so that the next board's ``pn`` starts a board. Tags ``LinResult`` and
``LinRs``, and a contract with no auction, that a reader of the line would not give back
are refused.

``st``, ``rh``, ``pg``, ``sk`` and other keys are skipped.
A line holding a BBO handviewer link (``...?lin=pn%7C...``) or percent-encoded
LIN is decoded first.
A new board starts at ``qx``, or at ``pn``/``st``/``md`` once the current
board has its deal, so a file of one board a line (BBO hand records) and a
stream of ``qx``-separated boards both read. A match header of its own (only ``vg``,
``rs``, ``pn`` of 8 players and ``pg``, a ``pg`` among them, then a line that opens a
board) is no board: it holds for the boards after it. A ``vg`` after a board (once it has
its deal, calls or cards) opens a new match header, a later segment of a vugraph file: its
``vg``, ``rs`` and players hold for the boards after it, those of the header before no longer.

The final contract and declarer follow from the auction; the play rows of
:attr:`Board.play` come from the cards in time order and the trick winners
under that contract. LIN has no place for other tags, NAGs, play notes,
auction notes no call refers to, unknown cards inside the play, or a known
empty hand; see ``docs/FORMATS.md``.

Boards in the usual one-line form are read by a fast path (one regular expression
a board); every other board, and every board a check rejects, by the pair-by-pair
reader, so that boards and errors are the same either way.

The modules: :mod:`~bridgecli.formats.lin.read` (the pairs, a board built pair by pair, the
match headers), :mod:`~bridgecli.formats.lin.fast` (the fast lane),
:mod:`~bridgecli.formats.lin.write` and :mod:`~bridgecli.formats.lin.common` (the tables
and rules they share).
"""

from __future__ import annotations

from .common import LIN_SEATS, trick_winner
from .read import iter_records, iter_stream, load, loads
from .write import dump, dump_board, dumps, iter_dumps

__all__ = ["LIN_SEATS", "dump", "dump_board", "dumps", "iter_dumps", "iter_records", "iter_stream", "load", "loads",
           "trick_winner"]
