"""Hypothesis strategies for boards: random deals, calls, plays and tags."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import strategies as st

from bridgecli.core import (
    DECK,
    DOUBLE,
    PASS,
    REDOUBLE,
    SEATS,
    AnnotatedCall,
    Bid,
    Board,
    Card,
    Contract,
    Deal,
    Hand,
    PlayedCard,
    Risk,
    Seat,
    Section,
    Strain,
    Vulnerability,
)
from bridgecli.core.calls import ALL_BIDS

seats = st.sampled_from(SEATS)
vuls = st.sampled_from(list(Vulnerability))
ends = st.sampled_from(["", "*", "+"])
cards = st.sampled_from(DECK)
calls = st.sampled_from(list(ALL_BIDS) + [PASS, DOUBLE, REDOUBLE])

# text with unicode, quotes, backslashes and YAML/JSON look-alikes
_tricky = st.sampled_from(
    ["yes", "No", "null", "~", "1", "0x1F", "1e3", "2024-03-01", "- x", "a: b", "#x", "'", '"', "\\", "{}", "[]",
     "*", "&a", "!tag", "%", "@", "`", "|", ">", "...", "---", "  lead", "trail  ", "ü ♠ ♥", "N", "Pass"]
)
texts = st.one_of(st.text(max_size=30), _tricky)
names = st.one_of(st.text(min_size=1, max_size=15), _tricky)


@st.composite
def complete_deals(draw: Any) -> Deal:
    """A random complete deal: 13 cards each (shuffled from a drawn seed: cheap to generate)."""
    perm = list(DECK)
    random.Random(draw(st.integers(0, 2**32))).shuffle(perm)
    return Deal(tuple(Hand(perm[i * 13:(i + 1) * 13]) for i in range(4)))  # type: ignore[arg-type]


@st.composite
def deals(draw: Any) -> Deal:
    """Complete deals, deals with unknown hands, and end positions (fewer cards)."""
    deal = draw(complete_deals())
    kind = draw(st.sampled_from(["complete", "unknown", "short"]))
    if kind == "complete":
        return deal
    hands: list[Hand | None] = list(deal.hands)
    if kind == "unknown":
        for i in draw(st.sets(st.integers(0, 3), min_size=1)):
            hands[i] = None
    else:
        n = draw(st.integers(0, 13))
        hands = [None if h is None else Hand(list(h)[:n]) for h in hands]
    return Deal(tuple(hands))  # type: ignore[arg-type]


@st.composite
def annotated_calls(draw: Any) -> AnnotatedCall:
    """A call, sometimes alerted, with a note number and NAGs; now and then a PBN
    irregularity: a skipped turn (``^S``) or an accepted insufficient bid (``^I``)."""
    if draw(st.integers(0, 19)) == 0:
        return AnnotatedCall(PASS, irregular="S")
    call = draw(calls)
    return AnnotatedCall(
        call,
        alert=draw(st.booleans()),
        note=draw(st.none() | st.integers(1, 32)),
        nags=tuple(draw(st.lists(st.integers(0, 255), max_size=2))),
        irregular=draw(st.sampled_from(["", "", "", "I"])) if isinstance(call, Bid) else "",
    )


@st.composite
def played_cards(draw: Any) -> PlayedCard:
    """A card of a play record, unknown (None) now and then, with notes and NAGs;
    now and then marked as a revoke (``^R``) or a lead out of turn (``^L``)."""
    card = draw(st.none() | cards)
    return PlayedCard(
        card,
        note=draw(st.none() | st.integers(1, 32)),
        nags=tuple(draw(st.lists(st.integers(0, 255), max_size=2))),
        irregular=draw(st.sampled_from(["", "", "", "R", "L"])) if card is not None else "",
    )


contracts = st.one_of(
    st.just(Contract.passed_out()),
    st.builds(
        Contract,
        st.integers(1, 7),
        st.sampled_from([Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES, Strain.NOTRUMP]),
        st.sampled_from(list(Risk)),
        st.none() | seats,
    ),
)

notes = st.dictionaries(st.integers(1, 32), texts, max_size=3)
# commentary as PBN holds it: a brace comment (no "}" inside) or a "%" line
comment_texts = st.one_of(
    texts.map(lambda t: "{" + t.replace("}", ")") + "}"),
    texts.map(lambda t: "%" + " ".join(t.split())),
)
tag_maps = st.dictionaries(names, texts, max_size=5)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**6), 10**6) | st.floats(allow_nan=False, allow_infinity=False) | texts,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(texts, inner, max_size=3),
    max_leaves=6,
)


@st.composite
def plays(draw: Any) -> tuple[tuple[PlayedCard, ...], ...]:
    """Play rows of 0..4 cards (unknown ones too), a few with notes and NAGs.

    The cards come from a drawn seed, which keeps generation cheap.
    """
    rng = random.Random(draw(st.integers(0, 2**32)))
    n_rows = draw(st.integers(0, 13))
    rows: list[list[PlayedCard]] = []
    for _ in range(n_rows):
        width = 4 if rng.random() < 0.8 else rng.randint(0, 4)
        rows.append([PlayedCard(None if rng.random() < 0.1 else rng.choice(DECK)) for _ in range(width)])
    cells = [(i, j) for i, r in enumerate(rows) for j in range(len(r))]
    if cells:
        for _ in range(draw(st.integers(0, 2))):
            i, j = draw(st.sampled_from(cells))
            rows[i][j] = draw(played_cards())
    return tuple(tuple(r) for r in rows)


@st.composite
def auctions(draw: Any) -> tuple[AnnotatedCall, ...]:
    """Call sequences (legal or not) from a drawn seed, a few annotated."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    pool = list(ALL_BIDS) + [PASS, DOUBLE, REDOUBLE]
    out = [AnnotatedCall(rng.choice(pool), alert=rng.random() < 0.2) for _ in range(draw(st.integers(0, 16)))]
    if out:
        for _ in range(draw(st.integers(0, 2))):
            out[draw(st.integers(0, len(out) - 1))] = draw(annotated_calls())
    return tuple(out)


@st.composite
def boards(draw: Any) -> Board:
    """Any well-formed board: every field present or absent at random."""
    maybe = lambda s: draw(st.none() | s)
    play = maybe(plays())
    auction = maybe(auctions())
    return Board(
        number=maybe(st.integers(1, 10_000)),
        dealer=maybe(seats),
        vulnerability=maybe(vuls),
        deal=maybe(deals()),
        auction=auction,
        auction_end=draw(ends),
        auction_notes=draw(notes),
        play=play,
        play_leader=maybe(seats),
        play_end=draw(ends),
        play_notes=draw(notes),
        contract=maybe(contracts),
        result=maybe(st.integers(0, 13)),
        tags=draw(tag_maps),
        sections=tuple(
            draw(st.lists(st.builds(Section, names, texts, st.lists(texts, max_size=3).map(tuple)), max_size=2))
        ),
        variant=maybe(names),
        extra=draw(st.dictionaries(names, json_values, max_size=3)),
        auction_from=maybe(seats),
        comments=tuple(draw(st.lists(st.tuples(st.just("") | names, comment_texts), max_size=3))),
    )


# -- boards LIN can carry: legal auctions, played tricks ---------------------


def winner(trick: list[Card], leader: Seat, trump: Strain) -> Seat:
    """Trick winner, written out independently of the code under test."""
    led = trick[0].suit
    def power(c: Card) -> int:
        if trump.suit is not None and c.suit == trump.suit:
            return 100 + int(c.rank)
        return int(c.rank) if c.suit == led else 0
    best = max(range(len(trick)), key=lambda i: power(trick[i]))
    return Seat((leader + best) % 4)


@st.composite
def legal_auctions(draw: Any, dealer: Seat) -> tuple[list[Any], Contract]:
    """A finished legal auction and the contract it reaches (declarer included)."""
    out: list[Any] = []
    n_bids = draw(st.integers(0, 6))
    if n_bids == 0:
        return [PASS] * 4, Contract.passed_out()
    idx = -1
    first_namer: dict[tuple[int, Strain], Seat] = {}
    last_bid: Bid | None = None
    last_bidder = dealer
    risk = Risk.UNDOUBLED
    out.extend([PASS] * draw(st.integers(0, 3)))
    for _ in range(n_bids):
        idx = draw(st.integers(idx + 1, min(idx + 6, 34)))
        bid = ALL_BIDS[idx]
        seat = dealer.next(len(out))
        out.append(bid)
        first_namer.setdefault((seat % 2, bid.strain), seat)
        last_bid, last_bidder, risk = bid, seat, Risk.UNDOUBLED
        if draw(st.booleans()):
            out.append(DOUBLE)
            risk = Risk.DOUBLED
            if draw(st.booleans()):
                out.append(REDOUBLE)
                risk = Risk.REDOUBLED
        if idx == 34:
            break
        if draw(st.booleans()):
            out.append(PASS)
    out.extend([PASS] * 3)
    assert last_bid is not None
    # the doubles above come straight after the bid: by LHO, then redouble by the bidder's partner
    declarer = first_namer[(last_bidder % 2, last_bid.strain)]
    return out, Contract(last_bid.level, last_bid.strain, risk, declarer)


@st.composite
def lin_boards(draw: Any) -> Board:
    """A board in the form LIN keeps: what LIN writes reads back equal."""
    dealer = draw(seats)
    number = draw(st.none() | st.integers(1, 999))
    deal = draw(complete_deals())
    calls_, contract = draw(legal_auctions(dealer))
    note_texts = ["16+ any", "transfer to !h", "Stayman", "ü ♠", "2-way", "x, y; z"]
    annotated = []
    auction_notes: dict[int, str] = {}
    for call in calls_:
        alert = draw(st.booleans())
        note = None
        if draw(st.integers(0, 4)) == 0:
            text = draw(st.sampled_from(note_texts))
            for k, v in auction_notes.items():
                if v == text:
                    note = k
            if note is None:
                note = len(auction_notes) + 1
                auction_notes[note] = text
        annotated.append(AnnotatedCall(call, alert=alert, note=note))
    play = None
    leader = None
    play_end = ""
    result = draw(st.none() | st.integers(0, 13))
    if not contract.is_passout and draw(st.booleans()):
        assert contract.declarer is not None
        leader = contract.declarer.lho
        hands = {s: sorted(deal[s].cards) for s in SEATS}  # type: ignore[union-attr]
        n_cards = draw(st.integers(1, 52))
        rows = []
        trick_leader = leader
        played = won = 0
        while played < n_cards:
            row: list[PlayedCard] = [PlayedCard(None)] * 4
            trick: list[Card] = []
            for i in range(4):
                if played == n_cards:
                    break
                seat = trick_leader.next(i)
                hand = hands[seat]
                follow = [c for c in hand if trick and c.suit == trick[0].suit]
                card = draw(st.sampled_from(follow or hand))
                hand.remove(card)
                trick.append(card)
                row[(seat - leader) % 4] = PlayedCard(card)
                played += 1
            rows.append(tuple(row))
            if len(trick) == 4:
                trick_leader = winner(trick, trick_leader, contract.strain)
                won += trick_leader in (contract.declarer, contract.declarer.partner)
        play = tuple(rows)
        if result is not None and played < 52:
            play_end = "*"
        if result is None and played == 52:
            result = won  # played out: the result follows from the play (LIN has no other way to say it)
    players = draw(st.lists(st.one_of(st.just(""), st.text("abcXYZ_~0é", min_size=1, max_size=8)), min_size=4, max_size=4))
    tags = {t: n for t, n in zip(("South", "West", "North", "East"), players) if n}
    if number is not None and draw(st.booleans()):
        tags["Room"] = draw(st.sampled_from(["Open", "Closed"]))
    return Board(
        number=number,
        dealer=dealer,
        vulnerability=draw(st.none() | vuls),
        deal=deal,
        auction=tuple(annotated),
        auction_notes=auction_notes,
        contract=contract,
        result=result,
        play=play,
        play_leader=leader,
        play_end=play_end,
        tags=tags,
    )
