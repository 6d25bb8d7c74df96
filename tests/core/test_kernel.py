"""The compact kernel (:mod:`bridgecli.core.kernel`) against the rules, stated here
the readable way, over all inputs where they are few and by hypothesis where not; and
a scan of ``bridgecli/`` that fails when a kernel rule is written a second time."""

from __future__ import annotations

import ast
import itertools
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgecli.core import kernel
from bridgecli.core.auction import Auction
from bridgecli.core.calls import PASS, Bid
from bridgecli.core.cards import DECK, Card, Hand, Rank, Seat, Strain, Suit

# -- the compact forms ------------------------------------------------------------


def test_card_indices_and_masks_are_the_cards():
    for card in DECK:
        i = card.index
        assert (kernel.SUIT_OF[i], kernel.RANK_OF[i]) == (int(card.suit), int(card.rank))
        assert kernel.card_index(card.suit, card.rank) == i
        assert kernel.BB_CARDS[i] == 1 << i
        assert kernel.BB_SUITS[card.suit] & kernel.BB_CARDS[i]
    assert sum(kernel.BB_SUITS) == kernel.BB_ALL == sum(kernel.BB_CARDS)
    assert [kernel.trump_of(s) for s in Strain] == [0, 1, 2, 3, kernel.NO_TRUMP, kernel.NO_TRUMP]


# -- following suit (Law 44C) ---------------------------------------------------------


def _legal_cards(hand: list[Card], led: Suit | None) -> set[Card]:
    """Law 44C, the readable way: a card of the suit led when the hand has one."""
    same = [c for c in hand if led is not None and c.suit == led]
    return set(same or hand)


@settings(max_examples=300)
@given(st.sets(st.sampled_from(DECK), max_size=13), st.sampled_from([None, *Suit]))
def test_legal_mask_is_following_suit(hand, led):
    mask = sum(1 << c.index for c in hand)
    got = kernel.legal_mask(mask, -1 if led is None else int(led))
    assert {c for c in DECK if got >> c.index & 1} == _legal_cards(list(hand), led)


# -- the trick winner (Law 44E-F) -----------------------------------------------------


def _winner(cards: list[Card], trump: Suit | None) -> int:
    """Law 44E-F, the readable way: the highest trump, else the highest card of the suit led."""
    trumps = [c for c in cards if trump is not None and c.suit == trump]
    pool = trumps or [c for c in cards if c.suit == cards[0].suit]
    return cards.index(max(pool, key=lambda c: c.rank))


_TRUMPS = [None, *Suit]
_SOME_RANKS = (Rank.TWO, Rank.SEVEN, Rank.KING, Rank.ACE)


def test_the_trick_winner_over_every_suit_pattern_and_rank_order():
    """Every pattern of suits of four cards, every trump, every order of ranks (four ranks
    stand for any four: only their order counts)."""
    from bridgecli.core.play import trick_winner as readable

    n = 0
    for suits in itertools.product(Suit, repeat=4):
        for ranks in itertools.product(_SOME_RANKS, repeat=4):
            cards = [Card(s, r) for s, r in zip(suits, ranks)]
            if len(set(cards)) < 4:
                continue
            idxs = [c.index for c in cards]
            for trump in _TRUMPS:
                t = -1 if trump is None else int(trump)
                expected = _winner(cards, trump)
                assert kernel.trick_winner(idxs, t) == expected, (cards, trump)
                weights = [kernel.STRENGTH[t + 1][kernel.SUIT_OF[idxs[0]]][i] for i in idxs]
                assert weights.index(max(weights)) == expected
                n += 1
        if suits == (Suit.CLUBS,) * 4:  # the readable API on a share (it calls the kernel)
            assert readable([Card(Suit.CLUBS, r) for r in _SOME_RANKS], None) == 3
    assert n > 100_000


@given(st.lists(st.sampled_from(DECK), min_size=2, max_size=4, unique=True), st.sampled_from(_TRUMPS))
def test_the_trick_winner_of_any_cards(cards, trump):
    from bridgecli.core.play import trick_winner as readable

    assert readable(cards, trump) == _winner(cards, trump)
    assert kernel.trick_winner([c.index for c in cards], -1 if trump is None else int(trump)) == _winner(cards, trump)


@pytest.mark.parametrize("seed", range(5))
def test_the_lin_fast_path_finds_the_winners_the_rule_gives(seed):
    """The LIN reader's fast lane (its argmax over the kernel's weights, unrolled) gives the
    rows and tricks that a play made card by card under the rule gives, in every strain."""
    import random

    from bridgecli.core.board import AnnotatedCall, Board
    from bridgecli.core.deal import Deal
    from bridgecli.core.play import PlayState
    from bridgecli.formats import lin

    rng = random.Random(seed)
    for strain in Strain:
        if strain == Strain.NULLO:
            continue
        cards = list(DECK)
        rng.shuffle(cards)
        deal = Deal(tuple(Hand(cards[13 * k:13 * k + 13]) for k in range(4)))  # type: ignore[arg-type]
        calls = (Bid(1, strain), PASS, PASS, PASS)
        auction = Auction(Seat.NORTH, calls)
        state = PlayState(deal, auction.contract)
        while not state.is_complete:
            legal = state.legal_cards()
            state = state.play(legal[rng.randrange(len(legal))])
        tricks = state.tricks
        for t in tricks:
            assert t.winner == t.seats[_winner(list(t.cards), strain.suit)]
        board = state.to_board(Board(number=1, dealer=Seat.NORTH, deal=deal,
                                     auction=tuple(AnnotatedCall(c) for c in calls)))
        (back,) = lin.loads(lin.dumps([board]))
        assert back.play == board.play and back.result == state.declarer_tricks


# -- the opening leader (Law 41A) -----------------------------------------------------


def test_the_opening_leader_is_declarers_left_hand_opponent():
    for declarer in Seat:
        assert kernel.opening_leader(declarer) == kernel.OPENING_LEADER[declarer] == declarer.lho
    from bridgecli.core.play import BRIDGE

    assert BRIDGE.opening_leader == kernel.LEADER_OFFSET


# -- declarer (the Laws' definition) --------------------------------------------------


def _declarer(dealer: Seat, calls: list) -> Seat | None:
    """Declarer, the readable way: the player of the side that made the final bid who
    first named its strain."""
    bids = [(i, c) for i, c in enumerate(calls) if isinstance(c, Bid)]
    if not bids:
        return None
    last_i, last = bids[-1]
    for i, c in bids:
        if (i - last_i) % 2 == 0 and c.strain == last.strain:
            return dealer.next(i)
    raise AssertionError


@st.composite
def _auctions(draw, rules=None):
    if rules is None:
        auction = Auction(draw(st.sampled_from(list(Seat))))
    else:
        auction = Auction(draw(st.sampled_from(rules.seats)), rules=rules)
    for _ in range(draw(st.integers(0, 24))):
        legal = auction.legal_calls()
        if not legal:
            break
        bids = [c for c in legal if isinstance(c, Bid)][:6]  # (the lower bids: longer auctions)
        auction = auction.add(draw(st.sampled_from(bids + [c for c in legal if not isinstance(c, Bid)])))
    return auction


@settings(max_examples=300)
@given(_auctions())
def test_declarer_of_any_auction(auction):
    calls = list(auction.calls)
    assert auction.declarer == _declarer(auction.dealer, calls)
    strains = [int(c.strain) if isinstance(c, Bid) else -1 for c in calls]
    if any(s >= 0 for s in strains):
        last = max(i for i, s in enumerate(strains) if s >= 0)
        at = kernel.declarer_call(strains, strains[last], last % 2)
        assert auction.dealer.next(at) == _declarer(auction.dealer, calls)
        assert kernel.declarer_call(iter(strains), strains[last], last % 2) == at  # read as far as needed
    if auction.is_complete:  # the LIN reader's own path to the contract
        from bridgecli.formats.lin.common import final_contract

        done = final_contract(calls, auction.dealer)
        assert done == auction.contract


def _variant_rules():
    from bridgecli.variants import booby, chinese, szlem

    return [booby.AUCTION, chinese.AUCTION, szlem.AUCTION]


@settings(max_examples=150)
@given(st.sampled_from(_variant_rules()).flatmap(lambda rules: _auctions(rules)))
def test_the_auctions_declarer_is_the_kernels_under_any_rules(auction):
    """:attr:`Auction.declarer` (the readable form, for any rules) against the kernel's."""
    rules = auction.rules
    calls = list(auction.calls)
    bids = [i for i, c in enumerate(calls) if isinstance(c, Bid)]
    if not bids:
        assert auction.declarer is None
        return
    first = rules.seats.index(auction.dealer) + rules.first_caller
    players = len(rules.seats)
    turns = [rules.sides[(first + k) % players] for k in range(players)]
    last = bids[-1]
    at = kernel.declarer_call([int(c.strain) if isinstance(c, Bid) else -1 for c in calls], int(calls[last].strain),
                              turns[last % players], turns)
    assert auction.declarer == rules.seats[(first + at) % players]


def test_declarer_with_three_sides_in_turn():
    """``sides`` says who partners whom: three players each for themselves (Booby)."""
    strains = [0, 0, 0, 1, 0]  # strain codes of five bids by the callers 0, 1, 2, 0, 1
    assert kernel.declarer_call(strains, 0, 1, (0, 1, 2)) == 1  # caller 1 named it first
    assert kernel.declarer_call(strains, 0, 0) == 0  # two sides in turn: positions 0, 2, 4
    assert kernel.declarer_call([2, -1, -1, 2], 2, 0, (0, 1, 2)) == 0
    assert kernel.declarer_call([-1, -1], 2, 0) == -1


def test_declarer_of_a_long_auction():
    s = Strain.SPADES
    calls = [Bid(1, s), PASS, Bid(2, Strain.HEARTS), PASS, Bid(4, s), PASS, PASS, PASS]
    assert Auction(Seat.EAST, calls).declarer == Seat.EAST


# -- the score tables (Law 77) ------------------------------------------------------------


def test_scoring_reads_the_kernels_tables():
    from bridgecli.core.scoring import DUPLICATE, OLDMP

    assert DUPLICATE.first_trick is kernel.TRICK_FIRST and DUPLICATE.later_trick is kernel.TRICK_LATER
    assert DUPLICATE.game_bonus is kernel.GAME_BONUS and DUPLICATE.insult is kernel.INSULT
    for vul in (0, 1):
        for risk in (0, 1, 2):
            first, second, later = kernel.UNDERTRICKS[vul][risk]
            assert DUPLICATE.undertricks[vul][risk] == (first, second, second) + (later,) * 10
    assert OLDMP.undertricks[0][1][3] == kernel.UNDERTRICKS_OLD[1][2]


def test_the_dealers_numpy_score_is_the_readable_score_everywhere():
    """``dealer.tables.score`` (the score of many tricks at once) against
    :func:`bridgecli.core.scoring.score` on every contract, risk, vulnerability and result."""
    from bridgecli.core.contract import Contract, Risk
    from bridgecli.core.scoring import score
    from bridgecli.dealer import tables

    for level in range(1, 8):
        for strain in range(5):
            for risk in Risk:
                for vul in (False, True):
                    many = tables.score(vul, level, strain, list(range(14)), int(risk))
                    c = Contract(level, Strain(strain), risk)
                    assert list(many) == [score(c, t, vul) for t in range(14)], (c, vul)


# -- a rule written twice -------------------------------------------------------------------

_ROOT = Path(__file__).resolve().parents[2] / "bridgecli"

#: The tell-tale forms of a kernel rule written again, outside the kernel.
_TELLS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("the opening leader as arithmetic (kernel.OPENING_LEADER)", re.compile(r"\(\s*[\w.]*declarer\w*\s*\+\s*1\s*\)\s*[&%]")),
    ("a leader's declarer as arithmetic (kernel.OPENING_LEADER.index)", re.compile(r"leader\w*\s*\+\s*3\s*\)\s*[&%]")),
    ("the opening leader as .lho of declarer (kernel.OPENING_LEADER)", re.compile(r"\bleader\w*\s*=\s*[\w.]*declarer\.lho\b")),
    ("a suit's mask built again (kernel.BB_SUITS)", re.compile(r"0x1fff\s*<<", re.IGNORECASE)),
    ("a trick winner compared by hand (kernel.STRENGTH)", re.compile(r"\belif\s+\w+\s*==\s*trump\s*:")),
    ("declarer found by a loop over the calls (kernel.declarer_call)", re.compile(r"\.strain\s*==\s*\w+\.strain\b")),
    ("a strength table built again (kernel.STRENGTH)", re.compile(r"\b(?:64|128)\s*\+\s*\w+\s*%\s*13\b")),
    ("the duplicate score tables written again (kernel.TRICK_FIRST ...)",
     re.compile(r"\(20, 20, 30, 30, (?:30|40)\)|\(300, 500\)|\(500, 750\)|\(1000, 1500\)|\(100, 200, 300\)")),
)


def _trick_winner_defs(text: str) -> list[str]:
    """Functions that take a ``trump`` and have "winner" in their name but call no other
    function with "winner" in its name: a trick winner defined, not asked for."""
    found: list[str] = []
    if "winner" not in text:
        return found
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and "winner" in node.name:
            if "trump" not in {a.arg for a in node.args.args + node.args.kwonlyargs}:
                continue
            calls = {getattr(n.func, "id", getattr(n.func, "attr", "")) for n in ast.walk(node) if isinstance(n, ast.Call)}
            if not any("winner" in name for name in calls):
                found.append(f"a trick winner defined again: def {node.name}")
    return found


def second_definitions(text: str) -> list[str]:
    """What in ``text`` (Python source) writes a kernel rule again."""
    found = [what for what, pattern in _TELLS if pattern.search(text)]
    return found + _trick_winner_defs(text)


def test_no_kernel_rule_is_written_twice():
    found = {}
    for path in sorted(_ROOT.rglob("*.py")):
        if path.name == "kernel.py" and path.parent.name == "core":
            continue
        got = second_definitions(path.read_text(encoding="utf-8"))
        if got:
            found[str(path.relative_to(_ROOT))] = got
    assert found == {}


@pytest.mark.parametrize("sample", [
    "first = (declarer + 1) & 3\n",
    "leader = (contract.declarer + 1) % 4\n",
    "declarer = Seat((board.play_leader + 3) % 4)\n",
    "leader = contract.declarer.lho\n",
    "SUIT_MASK = tuple(0x1FFF << (13 * s) for s in range(4))\n",
    "if s == best:\n    pass\nelif s == trump:\n    pass\n",
    "if isinstance(call, Bid) and call.strain == bid.strain:\n    pass\n",
    "T = [64 + i % 13 for i in range(52)]\n",
    "first_trick = (20, 20, 30, 30, 40)\n",
    "def my_winner(cards, trump):\n    best = 0\n    return best\n",
])
def test_the_scan_finds_a_planted_second_definition(sample):
    assert second_definitions(sample)


def test_the_scan_lets_a_call_of_the_kernel_pass():
    assert second_definitions("first = OPENING_LEADER[declarer]\n"
                              "def trick_winner(cards, trump):\n    return winner_position(cards, trump)\n") == []
