"""Checks of the real-world corpus (``../shared/corpus/realworld``), shared by
``tests/formats/test_realworld.py`` (a fast slice) and ``tools/realworld.py``
(every board, with a pass/fail table).

The corpus is read where it lies, never copied. What each file must give was
established by reading the files (``grep``, the ``% ==== game N ====``
banners of the PBN verifier's files), not by running bridgecli:

* ``games``: the number of games (PBN) or boards (LIN) in the file;
* ``read_errors``: games a correct reader must refuse, each for a reason seen in
  the file (see the comments of :data:`EXPECTED`);
* ``deliberate``: the PBN verifier's error files, where the errors are the point:
  they must be reported (never a crash, never silence);
* ``broken_plays``: boards whose play record gives a card to a seat whose hand
  (Deal tag) does not hold it (checked here column by column, PBN 3.6);
  ``mismatch``: boards whose claim cannot follow from their play.
"""

from __future__ import annotations

import re
import shlex
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bridgecli.core.board import Board
from bridgecli.core.cards import Seat, Vulnerability
from bridgecli.core.errors import BridgeError, ReadWarning


def corpus_root(repo_root: Path) -> Path:
    """Where the corpus lies, next to the checkout."""
    return repo_root.parent / "shared" / "corpus" / "realworld"


@dataclass(frozen=True)
class Expect:
    games: int
    read_errors: int = 0
    deliberate: bool = False
    broken_plays: int = 0
    mismatch: int = 0
    warned: tuple[tuple[str, int], ...] = ()
    """what a reader reads leniently, with one warning a kind: (words of the warning, how
    many times the file has it)"""
    refused_lines: tuple[int, ...] = ()
    """lines where the file's own banners describe an error a reader must report"""


UNQUOTED = "tag value without quotes"

# games: `grep -c '^\[Board '` unless a comment says otherwise
EXPECTED: dict[str, Expect] = {
    "pbn/Hazlemere_Trophy.pbn": Expect(30),  # CR-only line ends
    "pbn/Wed_Individual.pbn": Expect(28),  # CR-only line ends
    "pbn/bba_bergen.pbn": Expect(719),
    "pbn/bbohelper_daylong.pbn": Expect(8),
    "pbn/bcdd_test1.pbn": Expect(396),
    "pbn/bcdd_test1_bigdeal.pbn": Expect(396),
    "pbn/ben_camrose2024.pbn": Expect(160),
    "pbn/ben_cleaned_dds_random.pbn": Expect(355),
    "pbn/ben_pav_first120_facit.pbn": Expect(120),  # {} tables hold blank lines
    "pbn/ben_uncommon_boards_large.pbn": Expect(10000),
    "pbn/bigdeal_deepfinesse.pbn": Expect(14),
    "pbn/bigdeal_large1.pbn": Expect(100),
    "pbn/bigdeal_psbridge.pbn": Expect(32),
    "pbn/bigdeal_rs.pbn": Expect(2),
    # game 2: a "{...{...}...}" comment, then a lone "}" line (comments do not nest, PBN 3.8:
    # the comment ends at the first "}", the lone one closes nothing); game 3: two "=0="
    # (notes are numbered from 1, PBN 3.5) and "-- HQ H7 --" ("--" is no card token, PBN 3.6;
    # "-" is an unknown card). Each is read, warned about once
    "pbn/bridgebots_sample.pbn": Expect(3, warned=(("'}' with no comment open", 1), ("'=0=' ignored", 2),
                                                   ("card '--' read as '-'", 2))),
    # 4 games (blank-line separated); games 2 and 4 carry no Deal; board 62's play gives
    # south the HA of the Deal's north in trick 3
    "pbn/bridgebots_shared_deals.pbn": Expect(4, broken_plays=1),
    "pbn/bridgecomposer_5104_camrose.pbn": Expect(160),
    "pbn/bridgecomposer_557.pbn": Expect(15),
    "pbn/dds_example.pbn": Expect(1),  # a lone Deal tag
    "pbn/dds_multi_board.pbn": Expect(75),
    "pbn/dealconvert_test.pbn": Expect(16),
    "pbn/dealconvert_test_jfr.pbn": Expect(16),
    "pbn/dealmaster_Hand_Trophy_Pairs.pbn": Expect(26),
    "pbn/endplay_example1.pbn": Expect(2),
    "pbn/endplay_example2.pbn": Expect(299),
    # 7632 blank-line separated games (3816 with a Board tag, the other table's game without);
    # 9 contracts written "3NR" ("R" is no PBN risk: `grep -c 'Contract "[1-7][CDHSN]R"'`);
    # play records that give cards to seats whose hands do not hold them; board 59's claim
    # of 8 tricks after 8 played, declarer holding 2 of them
    "pbn/endplay_example3.pbn": Expect(7632, read_errors=9, broken_plays=1838, mismatch=1),
    # trick 3 "CA D2 C9 CQ" gives south (first column) the club ace of east
    "pbn/endplay_example4.pbn": Expect(1, broken_plays=1),
    "pbn/endplay_sample.pbn": Expect(2),
    "pbn/heilman_curlies.pbn": Expect(2),  # a blank line outside the comments ends game 1 early
    "pbn/heilman_three_records_crlf.pbn": Expect(3),
    "pbn/magic_butler.pbn": Expect(28),
    "pbn/magic_impcross.pbn": Expect(42),
    "pbn/magic_indi.pbn": Expect(62),
    "pbn/magic_liigaButler1b.pbn": Expect(16),
    "pbn/magic_sm1.pbn": Expect(66),
    "pbn/magic_team.pbn": Expect(1),
    "pbn/nocontract.pbn": Expect(1),
    # the verifier's files: games counted by their "% ==== game N ====" banners
    "pbn/pbnref_correct_10.pbn": Expect(31),
    "pbn/pbnref_correct_20.pbn": Expect(46),
    "pbn/pbnref_correct_21.pbn": Expect(2),
    # game 3 "[Event No_quotes]" (line 15) is read with a warning; games 2 "[Event]" (no value,
    # line 11), 11 (rank 'v', line 47), 12 (SK twice, 51) and 13 (west 14 cards, 55) are refused
    "pbn/pbnref_errors_10.pbn": Expect(74, deliberate=True, warned=((UNQUOTED, 1),), refused_lines=(11, 47, 51, 55)),
    "pbn/pbnref_errors_20.pbn": Expect(23, deliberate=True),
    "pbn/pbnref_errors_21.pbn": Expect(2, read_errors=2, deliberate=True),  # OptimumScore "100", "EW"
    "pbn/pbnspec_Schiphol.pbn": Expect(1),
    "pbn/pbntools_bbo_aba.pbn": Expect(56),
    "pbn/pbntools_bbo_acbl_speedball.pbn": Expect(576),
    "pbn/pbntools_bbo_annamar.pbn": Expect(57),
    "pbn/pbntools_bbo_history.pbn": Expect(2),
    "pbn/pbntools_bbo_skyclub.pbn": Expect(44),
    "pbn/pbntools_kops_PCH1003.pbn": Expect(570),
    "pbn/pbntools_kops_sm0807.pbn": Expect(108),
    "pbn/pbntools_pary_szczyrk.pbn": Expect(1205),
    "pbn/pbntools_pary_wb120802.pbn": Expect(216),
    "pbn/ruter71.pbn": Expect(21),
    # every game has `[Event Random Deal #]`, a value without quotes (PBN 3.2): read as
    # BridgeComposer and endplay read it, with one warning; no other file has one
    # (`grep -aPc '^\s*\[\w+\s+[^"\s]'` = 379 here, 1 in pbnref_errors_10)
    "pbn/tablemanager_training.pbn": Expect(379, warned=((UNQUOTED, 379),)),
    # LIN: one board a line (`grep -c 'md|'`), the vugraph file 30 `qx|` boards
    "lin/bbo_3399598383.lin": Expect(1),
    "lin/bbo_3399600265.lin": Expect(1),
    "lin/bbo_aba_1047742261.lin": Expect(1),
    "lin/bbo_hist_3381671193.lin": Expect(1),
    "lin/bbo_hist_3381683999.lin": Expect(1),
    "lin/bbo_skyclub_20784120.lin": Expect(1),
    "lin/bbo_skyclub_20784130.lin": Expect(1),
    "lin/bbo_skyclub_20784147.lin": Expect(1),
    "lin/bbo_wronie_28189369.lin": Expect(1),
    "lin/bbo_wronie_28189844.lin": Expect(1),
    "lin/bbo_wronie_28190076_unplayed.lin": Expect(1),
    "lin/bridgebots_sample.lin": Expect(1),
    "lin/bridgebots_vugraph_usbf.lin": Expect(30),
    "lin/dealconvert_test.lin": Expect(32),
    "lin/endplay_example1.lin": Expect(8),
}


def read_text(path: Path) -> str:
    """The file's text: UTF-8, else Latin-1 (PBN's own character set)."""
    raw = path.read_bytes()
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


def canonical(board: Board) -> Board:
    """A board as export order leaves it: sections sorted by name (PBN 5), comments
    grouped by the tag or section they follow (in their order there)."""
    return board.replace(sections=tuple(sorted(board.sections, key=lambda s: s.name)),
                         comments=tuple(sorted(board.comments, key=lambda c: c[0])))


def _holds(board: Board, seat: Seat, card: Any) -> bool:
    assert board.deal is not None
    hand = board.deal.hands[seat]
    return hand is None or card in hand.cards


def column_breach(board: Board) -> bool:
    """Whether a card of the play record stands in the column of a seat whose hand
    (Deal tag) does not hold it (the columns are fixed from the Play tag's seat)."""
    if board.play is None or board.play_leader is None or board.deal is None:
        return False
    return any(pc.card is not None and not _holds(board, board.play_leader.next(k), pc.card)
               for row in board.play for k, pc in enumerate(row))


_SCORE = re.compile(r"(NS|EW)\s+([+-]?\d+)")


def score_table_breaches(board: Board) -> list[str]:
    """Rows of a ScoreTable whose N-S score is not what the row's contract, declarer and
    result score under the board's vulnerability (rows lacking a column are skipped)."""
    from bridgecli.core.contract import Contract
    from bridgecli.formats.traveller import ns_score

    out: list[str] = []
    vul = board.effective_vulnerability or Vulnerability.NONE
    for s in board.sections:
        if s.name != "ScoreTable":
            continue
        cols = [c.split("\\")[0].lstrip("+-") for c in s.header.split(";")]
        for row in s.rows:
            try:
                cells = dict(zip(cols, shlex.split(row)))
            except ValueError:
                continue
            con, dec, res = cells.get("Contract", "-"), cells.get("Declarer", "-"), cells.get("Result", "-")
            sns, sew = cells.get("Score_NS", "-"), cells.get("Score_EW", "-")
            if "-" in (con, res) or (sns == "-" and sew == "-"):
                continue
            try:
                c = Contract.from_str(con if con.upper() != "PASS" else "Pass")
                if not c.is_passout:
                    if dec not in ("N", "E", "S", "W"):
                        continue
                    c = c.with_declarer(Seat("NESW".index(dec)))
                got = ns_score(c, 0 if c.is_passout else int(res), vul)
            except (BridgeError, ValueError):
                continue
            want = int(sns) if sns != "-" else -int(sew)
            if got != want:
                out.append(f"board {board.number}: ScoreTable row {row!r}: {want} recorded, {got} by the rules")
    return out


def score_tag_breach(board: Board) -> str | None:
    """A ``[Score "NS n"]`` tag that disagrees with the Contract/Declarer/Result tags."""
    from bridgecli.formats.traveller import ns_score

    tag = board.tag("Score")
    c = board.contract
    if not tag or c is None or board.result is None or c.declarer is None or c.is_passout:
        return None
    if board.tags.get("Result", "")[:1] == "^":
        return None
    m = _SCORE.match(tag.strip())
    if m is None:
        return None
    recorded = int(m.group(2)) * (1 if m.group(1) == "NS" else -1)
    got = ns_score(c, board.result, board.effective_vulnerability or Vulnerability.NONE)
    return None if got == recorded else f"board {board.number}: Score {tag!r}, the rules give N-S {got}"


@dataclass
class Outcome:
    name: str
    games: int = 0
    boards: int = 0
    read_errors: int = 0
    replayed: int = 0
    broken: int = 0
    mismatch: int = 0
    failures: list[str] | None = None

    @property
    def ok(self) -> bool:
        return not self.failures


def check_file(path: Path, rel: str, *, sample: int | None = None, yaml_sample: int | None = None) -> Outcome:
    """Every check of one corpus file; ``sample`` limits the round trips to the first
    boards (None = all)."""
    from bridgecli.core.play import contract_of, end_position, replay_board
    from bridgecli.formats import json_format, lin, pbn, yaml_format

    exp = EXPECTED[rel]
    out = Outcome(rel, failures=[])
    fail = out.failures
    assert fail is not None
    text = read_text(path)
    mod = lin if rel.endswith(".lin") else pbn
    try:
        with warnings.catch_warnings(record=True) as seen:
            warnings.simplefilter("always", ReadWarning)
            records = list(mod.iter_records(text, rel))
    except Exception as exc:  # noqa: BLE001 - a crash is what this check reports
        fail.append(f"reading crashed: {exc!r}")
        return out
    told = [str(w.message) for w in seen if issubclass(w.category, ReadWarning)]
    for words, n in exp.warned:
        more = f" ({n - 1} more)" if n > 1 else ")"  # a lone one ends with its "(PBN x.y)"
        if sum(words in t and t.endswith(more) and (n > 1 or " more)" not in t) for t in told) != 1:
            fail.append(f"{n} x {words!r} expected, warned: {told}")
    if len(told) != len(exp.warned):
        fail.append(f"{len(exp.warned)} warnings expected, warned: {told}")
    refused_at = {r.line for r in records if isinstance(r, BridgeError)}
    for line in exp.refused_lines:
        if line not in refused_at:
            fail.append(f"line {line}: no error reported")
    boards = [r for r in records if isinstance(r, Board)]
    errors = [r for r in records if not isinstance(r, Board)]
    out.games, out.boards, out.read_errors = len(records), len(boards), len(errors)
    if exp.deliberate:
        # error recovery may join or split one game around an unterminated string
        if abs(len(records) - exp.games) > 1:
            fail.append(f"{len(records)} games read, {exp.games} in the file")
        if len(errors) < max(1, exp.read_errors):
            fail.append(f"only {len(errors)} errors reported in a file of deliberate errors")
    else:
        if len(records) != exp.games:
            fail.append(f"{len(records)} games read, {exp.games} in the file")
        if len(errors) != exp.read_errors:
            fail.append(f"{len(errors)} games refused, {exp.read_errors} expected: {errors[:1]}")

    # round trips
    some = boards if sample is None else boards[:sample]
    want = [canonical(b) for b in some]
    for name, fmt, n in (("pbn", pbn, None), ("json", json_format, None), ("yaml", yaml_format, yaml_sample)):
        part = some if n is None else some[:n]
        try:
            first = fmt.dumps(part)
            back = fmt.loads(first, "round trip")
        except BridgeError as exc:
            fail.append(f"PBN -> {name} -> PBN: {exc}")
            continue
        if name != "pbn":
            back = pbn.loads(pbn.dumps(back))
        got = [canonical(b) for b in back]
        if got != want[:len(part)]:
            bad = next((i for i, (a, b) in enumerate(zip(got, want)) if a != b), len(got))
            fail.append(f"PBN -> {name} -> PBN changes game {bad + 1}")
        elif name == "pbn" and fmt.dumps(back) != first:
            fail.append("PBN -> PBN -> PBN is not stable")

    # LIN headers and commentary
    if rel.endswith(".lin"):
        back = pbn.loads(pbn.dumps(boards)) if boards else []
        keys = re.findall(r"(?:^|\|)(vg|rs|nt)\|([^|]*)", text, re.MULTILINE)
        titles = [v.split(",", 1)[0] for k, v in keys if k == "vg"]
        if titles and titles[0] and not all(b.tag("Event") == titles[0] for b in back):
            fail.append(f"vg| title {titles[0]!r} lost")
        if any(k == "rs" for k, _ in keys) and not all(
                b.tag("LinResult") is not None or b.tag("LinRs") is not None for b in back):
            fail.append("rs| lost")
        if sum(len(b.comments) for b in back) != sum(k == "nt" for k, _ in keys):
            fail.append("nt| commentary lost")

    # play and scores
    for b in boards:
        if b.play is None or b.deal is None or not any(pc.card for row in b.play for pc in row):
            continue
        try:
            contract = end_position(b) or contract_of(b)
            if contract is None or contract.is_passout:
                continue
            rep = replay_board(b, contract)
        except BridgeError as exc:
            if not exp.deliberate:
                fail.append(f"board {b.number}: play not replayed: {exc}")
            continue
        out.replayed += 1
        if not rep.legal:
            out.broken += 1
            if not exp.deliberate and rep.error is not None and rep.error.reason == "not-held" \
                    and not column_breach(b):
                fail.append(f"board {b.number}: called broken, but every card is in its column's hand")
        if rep.mismatch is not None:
            out.mismatch += 1
    if not exp.deliberate:
        if out.broken != exp.broken_plays:
            fail.append(f"{out.broken} plays called broken, {exp.broken_plays} expected")
        if out.mismatch != exp.mismatch:
            fail.append(f"{out.mismatch} result mismatches, {exp.mismatch} expected")
        for b in boards:
            bad = score_tag_breach(b)
            if bad:
                fail.append(bad)
            fail.extend(score_table_breaches(b))
    return out
