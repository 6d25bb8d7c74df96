"""Regenerate the club-session sample files in ``sample_deals/valid/``.

Run from the repository root: ``python tools/make_samples.py``. The output is
deterministic (fixed seed). Deals come from ``bridgecli.dealer``; each board
gets a natural-looking auction built from simple bidding rules, checked by the
auction engine; the card play comes from the play bot, with a claim on some
boards; results and [Score] tags follow from the play and the scoring core.
The same boards are written as PBN, YAML, JSON and LIN.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bridgecli.core.auction import Auction
from bridgecli.core.board import AnnotatedCall, Board
from bridgecli.core.calls import DOUBLE, PASS, Bid
from bridgecli.core.cards import Hand, Seat, Strain, Suit, Vulnerability, dealer_of_board
from bridgecli.core.contract import Contract, Risk
from bridgecli.core.deal import Deal
from bridgecli.core.play import PlayState
from bridgecli.core.playbot import choose_card
from bridgecli.core.scoring import score
from bridgecli.formats import write_boards

SEED = 20261126
BOARDS = 18
PLAYERS = {
    Seat.NORTH: "Kowalski, Jan", Seat.SOUTH: "Nowak, Anna",
    Seat.EAST: "Szabó, Péter", Seat.WEST: "Wiśniewska, Ewa",
}


def _deal(rng: random.Random) -> Deal:
    cards = list(range(52))
    rng.shuffle(cards)
    from bridgecli.core.cards import DECK

    return Deal(tuple(Hand(DECK[i] for i in cards[13 * k: 13 * k + 13]) for k in range(4)))  # type: ignore[arg-type]


def _fit(deal: Deal, seat: Seat, suit: Suit) -> int:
    return deal[seat].length(suit) + deal[seat.partner].length(suit)  # type: ignore[union-attr]


def _plan(deal: Deal) -> tuple[Seat, Contract]:
    """Declarer and contract by points and fits: the side with more points declares."""
    ns = deal[Seat.NORTH].hcp + deal[Seat.SOUTH].hcp  # type: ignore[union-attr]
    side = (Seat.NORTH, Seat.SOUTH) if ns >= 20 else (Seat.EAST, Seat.WEST)
    points = ns if ns >= 20 else 40 - ns
    first = side[0]
    majors = [s for s in (Suit.SPADES, Suit.HEARTS) if _fit(deal, first, s) >= 8]
    minors = [s for s in (Suit.DIAMONDS, Suit.CLUBS) if _fit(deal, first, s) >= 9]
    if majors:
        suit = max(majors, key=lambda s: _fit(deal, first, s))
        strain = suit.strain
    elif points >= 23 or not minors:
        strain = Strain.NOTRUMP
    else:
        strain = max(minors, key=lambda s: _fit(deal, first, s)).strain
    if points >= 33:
        level = 7
    elif points >= 31:
        level = 6
    elif points >= 25:
        level = 3 if strain == Strain.NOTRUMP else 4 if strain.is_major else 5
    elif points >= 23:
        level = 3 if strain != Strain.NOTRUMP else 2
    else:
        level = 2 if strain != Strain.NOTRUMP else 1
    # declarer: the longer trump holding, or the stronger hand at notrump
    a, b = side
    if strain == Strain.NOTRUMP:
        declarer = a if deal[a].hcp >= deal[b].hcp else b  # type: ignore[union-attr]
    else:
        la = deal[a].length(strain.suit)  # type: ignore[union-attr, arg-type]
        lb = deal[b].length(strain.suit)  # type: ignore[union-attr, arg-type]
        declarer = a if la >= lb else b
    return declarer, Contract(level, strain, Risk.UNDOUBLED, declarer)


def _auction(dealer: Seat, deal: Deal, contract: Contract, double: bool, rng: random.Random
             ) -> tuple[list[AnnotatedCall], dict[int, str]]:
    """Dealer passes round to declarer, who opens the strain; partner places the contract."""
    declarer = contract.declarer
    assert declarer is not None
    calls: list[AnnotatedCall] = []
    notes: dict[int, str] = {}
    seat = dealer
    while seat != declarer:
        calls.append(AnnotatedCall(PASS))
        seat = seat.next()
    opening = Bid(1, contract.strain)
    if opening.strain == Strain.NOTRUMP and deal[declarer].hcp >= 15:  # type: ignore[union-attr]
        notes[1] = "15-17 balanced"
        calls.append(AnnotatedCall(opening, alert=True, note=1))
    elif opening.strain == Strain.CLUBS and deal[declarer].length(Suit.CLUBS) < 3:  # type: ignore[union-attr]
        notes[1] = "could be short"
        calls.append(AnnotatedCall(opening, alert=True, note=1))
    else:
        calls.append(AnnotatedCall(opening))
    # left-hand opponent overcalls with a five-card suit and some points, when it fits below
    lho = declarer.lho
    lho_hand = deal[lho]
    assert lho_hand is not None
    over = None
    for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS):
        if lho_hand.length(suit) >= 5 and lho_hand.hcp >= 8:
            level = 1 if suit.strain > opening.strain else 2
            cand = Bid(level, suit.strain)
            if cand < Bid(contract.level, contract.strain) and cand.strain != contract.strain:
                over = cand
                break
    calls.append(AnnotatedCall(over if over is not None else PASS))
    final = Bid(contract.level, contract.strain)
    if final != opening:
        if final.level >= 3 and contract.strain.is_major and final.level == 3:
            notes[2] = "invitational raise"
            calls.append(AnnotatedCall(final, alert=True, note=2))
        else:
            calls.append(AnnotatedCall(final))
        calls.append(AnnotatedCall(DOUBLE if double else PASS))
    elif double:
        calls.append(AnnotatedCall(PASS))
        calls.append(AnnotatedCall(DOUBLE))
    calls += [AnnotatedCall(PASS)] * 3 if calls[-1].call != PASS or len(calls) < 4 else [AnnotatedCall(PASS)] * 2
    # trim to a legal close: let the engine tell where the auction ends
    auction = Auction(dealer)
    out: list[AnnotatedCall] = []
    for ac in calls:
        if auction.is_complete:
            break
        auction = auction.add(ac.call)
        out.append(ac)
    while not auction.is_complete:
        auction = auction.add(PASS)
        out.append(AnnotatedCall(PASS))
    return out, notes


def _play(deal: Deal, contract: Contract, claim_at: int | None) -> PlayState:
    state = PlayState(deal, contract)
    full = state
    while not full.is_complete:
        full = full.play(choose_card(full))
    if claim_at is None:
        return full
    for _ in range(4 * claim_at):
        state = state.play(choose_card(state))
    return state.claim(full.declarer_tricks - state.declarer_tricks)


def make_boards() -> list[Board]:
    """The session's boards, deterministic."""
    rng = random.Random(SEED)
    boards = []
    for number in range(1, BOARDS + 1):
        deal = _deal(rng)
        dealer = dealer_of_board(number)
        vul = Vulnerability.from_board(number)
        tags = {"Event": "Thursday Club Pairs", "Site": "Kraków POL", "Date": "2026.11.26",
                "West": PLAYERS[Seat.WEST], "North": PLAYERS[Seat.NORTH], "East": PLAYERS[Seat.EAST],
                "South": PLAYERS[Seat.SOUTH], "Scoring": "MP"}
        if number == 9:
            # a passed-out board
            calls = [AnnotatedCall(PASS)] * 4
            boards.append(Board(number=number, dealer=dealer, vulnerability=vul, deal=deal,
                                auction=tuple(calls), contract=Contract.passed_out(), tags=dict(tags)))
            continue
        declarer, contract = _plan(deal)
        trial = PlayState(deal, contract)
        while not trial.is_complete:
            trial = trial.play(choose_card(trial))
        down = contract.required_tricks - trial.declarer_tricks
        double = (down >= 2 and rng.random() < 0.6) or (down == 1 and rng.random() < 0.15)
        if double:
            contract = Contract(contract.level, contract.strain, Risk.DOUBLED, declarer)
        calls, notes = _auction(dealer, deal, contract, double, rng)
        auction = Auction.from_calls(dealer, [c.call for c in calls])
        assert auction.contract == contract, (number, auction.contract, contract)
        claim_at = 9 if number % 3 == 0 else None
        state = _play(deal, contract, claim_at)
        tricks = state.declarer_tricks
        pts = score(contract, tricks, vul.is_vul(declarer))
        side = "NS" if declarer.side == 0 else "EW"
        tags["Score"] = f"{side} {pts}"
        board = Board(number=number, dealer=dealer, vulnerability=vul, deal=deal, auction=tuple(calls),
                      auction_notes=notes, tags=dict(tags))
        boards.append(state.to_board(board))
    return boards


def main() -> None:
    """Write the sample files."""
    boards = make_boards()
    out = ROOT / "sample_deals" / "valid"
    out.mkdir(parents=True, exist_ok=True)
    for fmt, ext in (("pbn", "pbn"), ("yaml", "yaml"), ("json", "json"), ("lin", "lin")):
        (out / f"club_session.{ext}").write_text(write_boards(boards, fmt), encoding="utf-8")
    print(f"wrote {len(boards)} boards to {out}")


if __name__ == "__main__":
    main()
