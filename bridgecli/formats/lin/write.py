"""Writing LIN: a board a line, the match header's ``vg`` and ``rs`` carried, what a
reader of the line would not give back refused."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import IO

from bridgecli.core.board import Board
from bridgecli.core.calls import Call, Double, Pass, Redouble
from bridgecli.core.cards import Card, Hand, Strain
from bridgecli.core.contract import Contract
from bridgecli.core.errors import ParseError
from bridgecli.formats import plumbing

from .common import (
    LIN_SEATS,
    PLAYER_TAGS,
    ROOMS,
    SUIT_LETTERS,
    VG_FIELDS,
    VUL_OUT,
    final_contract,
    first_board,
    rs_outcome,
    rs_text,
    trick_winner,
    vg_tags,
    vg_text,
)

# -- writing -----------------------------------------------------------------


def _clean(text: str) -> str:
    """A value LIN can hold: no ``|`` and no line breaks."""
    return " ".join(text.replace("|", "/").split())


def _hand_lin(hand: Hand) -> str:
    out = []
    for letter, suit in SUIT_LETTERS.items():
        out.append(letter + "".join(c.rank.letter for c in hand.suit(suit)))
    return "".join(out)


def _call_lin(call: Call) -> str:
    if isinstance(call, Pass):
        return "p"
    if isinstance(call, Double):
        return "d"
    if isinstance(call, Redouble):
        return "r"
    return f"{call.level}{'N' if call.strain == Strain.NOTRUMP else call.strain.letter}"


def _time_order(board: Board, contract: Contract | None) -> list[Card]:
    """The cards of the play record in the order they were played, up to the first unknown one."""
    if board.play is None or board.play_leader is None or contract is None or contract.is_passout:
        return []
    trump = contract.strain.suit
    leader = board.play_leader
    trick_leader = leader
    out: list[Card] = []
    for row in board.play:
        trick: list[Card] = []
        for i in range(4):
            seat = trick_leader.next(i)
            col = (seat - leader) % 4
            pc = row[col] if col < len(row) else None
            if pc is None or pc.card is None:
                break
            trick.append(pc.card)
        out.extend(trick)
        if len(trick) < 4:
            break
        trick_leader = trick_winner(trick, trick_leader, trump)
    return out


def dump_board(board: Board) -> str:
    """One board as one LIN line (with the newline); a one-entry tag ``LinRs`` (a results
    list the board carries, not its own) on a match header line of its own before it.

    Raises ParseError for a board of a variant (LIN has no place for its talon,
    discards or dummies) and for a board whose contract (or play) the auction
    does not carry: LIN has no contract field, so a reader can only learn the
    contract, and the declarer the play starts from, from a finished auction
    (a board without auction or play keeps its contract and result in ``rs``),
    and for tags ``LinResult`` and ``LinRs`` a reader of the line would not give back.
    """
    return _board_line(board, False, None)[0]


def _rs_value(board: Board, outcome: Contract | None) -> str | None:
    """The ``rs`` value of a board: the contract and result LIN has no other place
    for (``outcome``: a contract no auction carries), else the results list as read
    (this board's entry at its place in the match, or the whole list), else None."""
    tags = board.tags
    entry = tags.get("LinResult")
    if outcome is not None:
        # the entry as spelt when read (_board_line has checked that it says the same)
        return rs_text(outcome, board.result) if entry is None else _entry_clean(entry)
    if entry is not None:
        entry = _entry_clean(entry)
        first = first_board(tags.get("LinVg", ""))
        room = tags.get("Room")
        if first is not None and board.number is not None and room in ("Open", "Closed"):
            k = 2 * (board.number - first) + (room == "Closed")
            if 0 <= k < 2000:
                # the list through the board's two rooms, its entry at its place
                return "," * k + entry + "," * (1 - k % 2)
        return entry
    listed = tags.get("LinRs")
    return None if listed is None else _rs_list_clean(listed)


def _entry_clean(entry: str) -> str:
    """Tag ``LinResult`` as an ``rs`` entry: a comma as a space (it would split the list),
    else as :func:`_rs_list_clean` (spaces around it kept, as read)."""
    return _rs_list_clean(entry).replace(",", " ")


def _rs_list_clean(listed: str) -> str:
    """Tag ``LinRs`` as an ``rs`` value: no ``|`` (written as ``/``), line breaks as spaces."""
    return " ".join(listed.replace("|", "/").replace("\r\n", "\n").replace("\r", "\n").split("\n"))


def _refusal(board: Board, message: str) -> ParseError:
    """The error of a board LIN cannot hold as it is (``message`` says why)."""
    return ParseError(message + "; write PBN, YAML or JSON",
                      board=str(board.number) if board.number is not None else "?")


def _check_rs(board: Board, vg: str | None, rs: str | None, room: str | None, own: bool, bare: bool,
              outcome: Contract | None) -> None:
    """Raise ParseError when a reader of the board's line would not give back its
    contract with no auction (``outcome``) and its tags ``LinResult`` and ``LinRs`` as
    the writer cleans them (:func:`_entry_clean`, :func:`_rs_list_clean`): ``vg``, ``rs``
    and ``room`` (of ``qx``) are the values the reader has for the board, ``own`` whether
    ``rs`` is on the board's line, ``bare`` whether the line has no call, card, claim or ``pg``."""
    tags = board.tags
    got: dict[str, str] = {}
    read = vg_tags(vg, rs, board.number, room, got, bare, own)
    want_entry = tags.get("LinResult")
    if want_entry is not None:
        want_entry = _entry_clean(want_entry)
    want_list = tags.get("LinRs")
    if want_list is not None:
        want_list = _rs_list_clean(want_list)
    want = None if outcome is None else (outcome, board.result)
    if (read, got.get("LinResult"), got.get("LinRs")) == (want, want_entry, want_list):
        return
    name = "LinRs" if "LinRs" in tags else "LinResult" if "LinResult" in tags else None
    what = "the contract with no auction" if name is None else f"tag {name} {tags[name]!r}"
    if read is not None:
        back = "the contract and result of the board"
    elif "LinResult" in got or "LinRs" in got:
        back = " and ".join(f"tag {t} {got[t]!r}" for t in ("LinResult", "LinRs") if t in got)
    else:
        back = "nothing"
    raise _refusal(board, f"LIN cannot carry {what} here: "
                          f"rs|{rs or ''}| {'on the board' if own else 'before it'} reads back as {back}")


def _nt(comment: str) -> str:
    """A comment (``{text}``, a ``%`` or ``;`` line) as an ``nt`` pair."""
    t = comment.strip()
    if t.startswith("{") and t.endswith("}"):
        t = t[1:-1]
    elif t.startswith(("%", ";")):
        t = t[1:]
    return f"nt|{_clean(t)}|"


def _board_line(board: Board, reset_vg: bool, carried_rs: str | None) -> tuple[str, bool, str | None]:
    """(the LIN line of ``board``, whether it holds ``vg``, the ``rs`` a reader carries
    to the next board). ``reset_vg``: write an empty ``vg`` where the board has none, so
    that it does not take the header of the board before it; ``carried_rs``: the same for
    ``rs`` (the value the lines before carry to this board, None for none). Raises as
    :func:`dump_board`."""
    if board.variant is not None:
        raise ParseError(f"LIN cannot hold a {board.variant} board; write YAML or JSON")
    dealer = board.effective_dealer
    carried = final_contract(board.calls, dealer) if board.auction is not None and dealer is not None else None
    recorded = board.contract
    # a contract with no auction (and no play) goes to rs| with its result
    outcome = recorded if (
        carried is None and board.auction is None and board.play is None and recorded is not None
        and (recorded.declarer is not None if not recorded.is_passout else board.result is None)
    ) else None
    if carried is None and outcome is None and (board.contract is not None or board.play is not None):
        raise _refusal(board, "LIN needs the auction to carry the contract")
    if carried is not None and recorded is not None and (
        recorded.with_declarer(None) != carried.with_declarer(None)
        or (recorded.declarer is not None and recorded.declarer != carried.declarer)
    ):
        # the tags say another contract than the auction: LIN would keep only the auction's
        raise _refusal(
            board,
            f"LIN needs the auction to carry the contract: the auction reaches {carried.pbn}"
            f"{' by ' + carried.declarer.letter if carried.declarer is not None else ''}, the tags say {recorded.pbn}"
            f"{' by ' + recorded.declarer.letter if recorded.declarer is not None else ''}",
        )
    entry = board.tags.get("LinResult")
    if outcome is not None and entry is not None:
        entry = _entry_clean(entry)
        said = rs_outcome(entry)
        if "LinRs" not in board.tags and said not in (None, (outcome, board.result)):
            # the spelling of a result (4snX=) since edited: it says another contract or result
            # than the board's, so the board's own is written, in BBO's spelling (4SNx-1)
            board = board.replace(tags={k: v for k, v in board.tags.items() if k != "LinResult"})
            entry = None
    if outcome is not None and ("LinRs" in board.tags or (entry is not None and (
            said != (outcome, board.result) or entry == rs_text(outcome, board.result)))):
        # rs| holds the one or the other: the tag would be lost (LinResult may only be
        # the contract and result spelt another way, as read: 4snX= for 4SNx=)
        raise _refusal(board, f"LIN has one rs| for the contract with no auction and tag "
                              f"{'LinRs' if 'LinRs' in board.tags else 'LinResult'}")
    parts: list[str] = []
    # pn| opens every board, names or not, as BBO writes it (readers split boards there)
    names = [board.tags.get(t, "") for t in PLAYER_TAGS]
    parts.append("pn|" + ",".join(_clean(n).replace(",", " ") for n in names) + "|")
    room = board.tags.get("Room", "").strip().lower()
    qx_room = ROOMS[room[0]] if board.number is not None and room in ("open", "closed") else None
    if qx_room is not None:
        parts.append(f"qx|{room[0]}{board.number}|")
    # the match header and results (after pn|: a reader starts the board there)
    lin_vg = board.tags.get("LinVg")
    vg = vg_text(lin_vg, board.tags) if lin_vg is not None or any(n in board.tags for _, n in VG_FIELDS) else None
    if vg is not None or reset_vg:
        parts.append(f"vg|{vg or ''}|")
    rs = _rs_value(board, outcome)
    seen, own = carried_rs, False  # the rs| a reader has for the board, and whether on its line
    head = ""  # a match header of its own before the board's line
    if rs is not None and "," not in rs and "LinResult" not in board.tags and outcome is None:
        # a one-entry list the board only carries (tag LinRs): on the board's own line a
        # reader would take it for the board's result, so the header before it holds it:
        # the board before (that held it, or carried it too), else a header line of its own
        if rs != carried_rs:
            head = f"pn|,,,,,,,|rs|{rs}|pg||\n"
            carried_rs = seen = rs
    elif rs is not None or carried_rs is not None:
        parts.append(f"rs|{rs or ''}|")
        carried_rs = seen = rs
        own = True
    parts.append("st||")
    first = board.dealer if board.dealer is not None else board.auction_from  # who made the first call
    # md| on every board, also one with no card known (four empty hands, ``md|3,,,|``, or
    # ``md|,,,|`` with no dealer either): a reader starts the next board at its pn| only
    # once this one has its md|, else the two would read as one
    digit = "" if first is None else str(LIN_SEATS.index(first) + 1)
    hands = [board.deal[s] if board.deal is not None else None for s in LIN_SEATS]
    if board.deal is not None and board.deal.is_complete:
        hands[3] = None
    parts.append("md|" + digit + ",".join("" if h is None else _hand_lin(h) for h in hands) + "|")
    parts.append("rh||")
    if board.number is not None:
        parts.append(f"ah|Board {board.number}|")
    elif board.tags.get("Board"):
        label = "".join(board.tags["Board"].replace("|", "/").split())  # a label: one word in the heading
        parts.append(f"ah|Board {label}|")
    if board.vulnerability is not None:
        parts.append(f"sv|{VUL_OUT[board.vulnerability]}|")
    cards = _time_order(board, carried)
    # commentary where the reader puts it: the start, after the auction, after the play
    notes: dict[str, list[str]] = {"": [], "Auction": [], "Play": []}
    for after, text in board.comments:
        place = after if after in ("Auction", "Play") else ""
        if place == "Play" and not cards:
            place = "Auction"
        if place == "Auction" and board.auction is None:
            place = ""
        notes[place].append(_nt(text))
    parts.extend(notes[""])
    paged = (outcome is None and board.auction is None and board.result is None and rs is not None
             and "," not in rs and "LinResult" in board.tags and rs_outcome(rs) is not None)
    if paged:
        # a board with nothing but its entry would read it as its contract and result:
        # after a page break the entry reads as the tag it is
        parts.append("pg||")
    if board.auction is not None:
        for a in board.auction:
            parts.append(f"mb|{_call_lin(a.call)}{'!' if a.alert else ''}|")
            if a.note is not None and board.auction_notes.get(a.note):
                parts.append(f"an|{_clean(board.auction_notes[a.note])}|")
        parts.extend(notes["Auction"])
        parts.append("pg||")
    for i, card in enumerate(cards):
        parts.append(f"pc|{card}|")
        if i % 4 == 3:
            parts.append("pg||")
    parts.extend(notes["Play"])
    if board.result is not None and outcome is None:
        parts.append(f"mc|{board.result}|pg||")
    if outcome is not None or "LinResult" in board.tags or "LinRs" in board.tags:
        # (a contract with no auction too: placed in a match, or one rs| cannot spell (a
        # nullo), it would read back as tag LinResult)
        bare = board.auction is None and not cards and not paged and (board.result is None or outcome is not None)
        _check_rs(board, vg, seen, qx_room, own, bare, outcome)
    return head + "".join(parts) + "\n", vg is not None, carried_rs


def iter_dumps(boards: Iterable[Board]) -> Iterator[str]:
    """LIN text a board a line."""
    had_vg, carried_rs = False, None
    for board in boards:
        text, had_vg, carried_rs = _board_line(board, had_vg, carried_rs)
        yield text


def dumps(boards: Iterable[Board]) -> str:
    """The boards as LIN, one board a line."""
    return "".join(iter_dumps(boards))


def dump(boards: Iterable[Board], fp: IO[str]) -> None:
    """Write the boards as LIN to an open text file."""
    plumbing.write_chunks(iter_dumps(boards), fp)
