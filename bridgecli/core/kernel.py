"""The compact kernel: bridge as small ints, and the hot rules over them, written once.

The readable API (:mod:`bridgecli.core.play`, :mod:`~bridgecli.core.auction`,
:mod:`~bridgecli.core.scoring`) speaks of :class:`~bridgecli.core.cards.Card`,
:class:`~bridgecli.core.cards.Seat` and :class:`~bridgecli.core.calls.Contract`; the
batch paths (the replays, the PBN and LIN readers) speak of the compact forms below, as
python-chess's ``Bitboard`` and ``BB_*`` tables do for chess. Every rule of the list is
defined here and nowhere else; the readable API calls these functions or reads these
tables, and ``tests/core/test_kernel.py`` ties each to its readable form over all inputs
(and fails when a second definition of one appears in ``bridgecli/``).

The compact forms:

* a **card index** 0..51, ``13 * suit + rank - 2`` (suit 0..3: clubs, diamonds, hearts,
  spades; rank 2..14): so the two of clubs is 0 and the ace of spades 51, and within a
  suit a higher index is a higher card. :data:`SUIT_OF`, :data:`RANK_OF`, :data:`BB_CARDS`;
* a **hand mask**: a set of cards as an int, bit ``i`` for card index ``i``
  (:data:`BB_SUITS` holds each suit's 13 bits, :data:`BB_ALL` the deck);
* a **seat number** 0..3: North, East, South, West, clockwise; sides N-S 0 and E-W 1
  (:data:`SIDE_OF`, ``seat & 1``);
* a **strain index** 0..4: clubs, diamonds, hearts, spades, notrump (:data:`NOTRUMP`);
  a **trump** is the suit 0..3, or :data:`NO_TRUMP` (-1) when there is none.

The rules:

* following suit (Law 44C): :func:`legal_mask`;
* the trick winner (Law 44E-F): :data:`STRENGTH` and :func:`trick_winner`;
* the opening leader (Law 41A, declarer's left-hand opponent): :data:`LEADER_OFFSET`,
  :data:`OPENING_LEADER` and :func:`opening_leader`;
* declarer (the Laws' definition: the first of the side to name the final strain):
  :func:`declarer_call`;
* the score tables of duplicate (Law 77): :data:`TRICK_FIRST` ... :data:`INSULT`,
  read by :data:`bridgecli.core.scoring.DUPLICATE`.

In a hot loop bind a table to a local name (``strength = STRENGTH``) rather than
calling a function a card: a call costs more than the indexing it stands for. The
functions are for a whole trick or a whole auction at a time.

This module imports nothing: ``bridgecli score 3NT=`` loads it for the score tables.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

# -- cards and hands ------------------------------------------------------------

#: The suit (0..3: clubs .. spades) of each card index.
SUIT_OF: tuple[int, ...] = tuple(i // 13 for i in range(52))
#: The rank (2..14) of each card index.
RANK_OF: tuple[int, ...] = tuple(i % 13 + 2 for i in range(52))
#: The hand mask of each card index alone (``1 << index``).
BB_CARDS: tuple[int, ...] = tuple(1 << i for i in range(52))
#: The hand mask of each suit's 13 cards (clubs, diamonds, hearts, spades).
BB_SUITS: tuple[int, ...] = tuple(0x1FFF << (13 * s) for s in range(4))
#: The hand mask of the whole deck.
BB_ALL: int = (1 << 52) - 1


def card_index(suit: int, rank: int) -> int:
    """The index 0..51 of the card of ``suit`` (0..3) and ``rank`` (2..14)."""
    return 13 * suit + rank - 2


# -- seats and strains ----------------------------------------------------------

#: The side (N-S 0, E-W 1) of each seat number.
SIDE_OF: tuple[int, ...] = (0, 1, 0, 1)
#: The strain index of notrump (clubs 0 .. spades 3 are the suits themselves).
NOTRUMP = 4
#: The trump of a contract without one (notrump, and the Nullo variants).
NO_TRUMP = -1


def trump_of(strain: int) -> int:
    """The trump suit (0..3) of a strain index, :data:`NO_TRUMP` for notrump and beyond."""
    return strain if 0 <= strain < NOTRUMP else NO_TRUMP


# -- following suit (Law 44C) -------------------------------------------------------


def legal_mask(hand: int, led: int) -> int:
    """The cards of ``hand`` (a mask) its player may play to a trick whose suit led is
    ``led`` (-1 for the lead itself): a card of the suit led when the hand holds one
    (Law 44C), else any card."""
    if led >= 0:
        same = hand & BB_SUITS[led]
        if same:
            return same
    return hand


# -- the trick winner (Law 44E-F) -----------------------------------------------------

#: What a card weighs in a trick when it is a trump and a trump was not led...
TRUMP_WEIGHT = 128
#: ...and when it is of the suit led: the rank index 0..12 is added to either, and a card
#: of another suit weighs its rank index alone, so it cannot win.
LED_WEIGHT = 64

#: ``STRENGTH[trump + 1][led][index]``: what card ``index`` weighs in a trick whose suit
#: led is ``led`` (0..3) with ``trump`` (0..3, or :data:`NO_TRUMP`): the card of the trick
#: that weighs the most wins it (the highest trump, else the highest card of the suit led).
_OTHER = tuple(range(13))
_LED = tuple(range(LED_WEIGHT, LED_WEIGHT + 13))
_TRUMP = tuple(range(TRUMP_WEIGHT, TRUMP_WEIGHT + 13))
STRENGTH: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(sum(((_LED if suit == led else _TRUMP if suit == trump else _OTHER) for suit in range(4)), ())
          for led in range(4))
    for trump in range(-1, 4))


def trick_winner(indices: Sequence[int], trump: int) -> int:
    """The position in ``indices`` (card indices in play order, the lead first) of the card
    that wins the trick: the highest trump if any was played, else the highest card of
    the suit led (Law 44E-F). ``trump`` is 0..3, or :data:`NO_TRUMP`."""
    table = STRENGTH[trump + 1][SUIT_OF[indices[0]]]
    weights = [table[i] for i in indices]
    return weights.index(max(weights))


# -- the opening leader (Law 41A) -----------------------------------------------------

#: Where the opening leader sits from declarer, clockwise: the left-hand opponent.
LEADER_OFFSET = 1
#: The opening leader's seat number, by declarer's.
OPENING_LEADER: tuple[int, ...] = tuple((d + LEADER_OFFSET) & 3 for d in range(4))


def opening_leader(declarer: int) -> int:
    """The seat number of the player who makes the opening lead: declarer's left-hand
    opponent (Law 41A)."""
    return OPENING_LEADER[declarer]


# -- declarer (the Laws' definitions) ---------------------------------------------------

#: The sides of the callers of an auction in turn, repeating: partners call every other turn.
CALL_SIDES: tuple[int, ...] = (0, 1)


def declarer_call(strains: Iterable[int], strain: int, side: int, sides: Sequence[int] = CALL_SIDES) -> int:
    """The position in an auction of the call that makes its caller declarer: the first
    bid of the final strain made by the side that made the final bid (the Laws'
    definition of "declarer"); -1 when there is none.

    ``strains`` gives a code a call, in order (a list, or a generator: it is read only as
    far as the answer): the strain of a bid (any number from 0), -1 for a call that is not
    a bid; ``strain`` and ``side`` are the final bid's strain and its caller's side;
    ``sides[i % len(sides)]`` is the side of the ``i``-th caller (default: two sides
    calling in turn).
    """
    period = len(sides)
    for i, code in enumerate(strains):
        if code == strain and sides[i % period] == side:
            return i
    return -1


# -- the score tables of duplicate (Law 77) ----------------------------------------------
# Indexes: strain index 0..4; not vulnerable / vulnerable; undoubled, doubled, redoubled.

#: The first odd trick bid and made, undoubled, by strain (notrump 40).
TRICK_FIRST: tuple[int, int, int, int, int] = (20, 20, 30, 30, 40)
#: Each later odd trick, and an undoubled overtrick, by strain.
TRICK_LATER: tuple[int, int, int, int, int] = (20, 20, 30, 30, 30)
#: Each overtrick of a doubled contract; of a redoubled one.
OVERTRICK_DOUBLED: tuple[int, int] = (100, 200)
OVERTRICK_REDOUBLED: tuple[int, int] = (200, 400)
#: The trick score (doubling included) that makes a game.
GAME_THRESHOLD = 100
#: The premiums: a game, a part-score, a small and a grand slam.
GAME_BONUS: tuple[int, int] = (300, 500)
PARTSCORE_BONUS = 50
SMALL_SLAM: tuple[int, int] = (500, 750)
GRAND_SLAM: tuple[int, int] = (1000, 1500)
#: Making a contract, by risk: undoubled 0, doubled 50, redoubled 100.
INSULT: tuple[int, int, int] = (0, 50, 100)
#: The undertricks as (the first, the second and third, each later one) a row,
#: ``UNDERTRICKS[vulnerable][risk]``.
UNDERTRICKS: tuple[tuple[tuple[int, int, int], ...], ...] = (
    ((50, 50, 50), (100, 200, 300), (200, 400, 600)),
    ((100, 100, 100), (200, 300, 300), (400, 600, 600)),
)
#: The same before 1987 (PBN ``OldMP``), not vulnerable: no extra 100 (200 redoubled)
#: for the fourth and later undertricks.
UNDERTRICKS_OLD: tuple[tuple[int, int, int], ...] = ((50, 50, 50), (100, 200, 200), (200, 400, 400))


def undertrick_row(first: int, second_third: int, rest: int) -> tuple[int, ...]:
    """The value of each of the 13 undertricks (not cumulative) from the first's, the
    second's and third's, and each later one's."""
    return (first, second_third, second_third) + (rest,) * 10


__all__ = [
    "BB_ALL", "BB_CARDS", "BB_SUITS", "CALL_SIDES", "GAME_BONUS", "GAME_THRESHOLD", "GRAND_SLAM", "INSULT",
    "LEADER_OFFSET", "LED_WEIGHT", "NOTRUMP", "NO_TRUMP", "OPENING_LEADER", "OVERTRICK_DOUBLED",
    "OVERTRICK_REDOUBLED", "PARTSCORE_BONUS", "RANK_OF", "SIDE_OF", "SMALL_SLAM", "STRENGTH", "SUIT_OF",
    "TRICK_FIRST", "TRICK_LATER", "TRUMP_WEIGHT", "UNDERTRICKS", "UNDERTRICKS_OLD", "card_index",
    "declarer_call", "legal_mask", "opening_leader", "trick_winner", "trump_of", "undertrick_row",
]
