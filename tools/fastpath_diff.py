"""Differential fuzzing of the fast paths against the general, checked ones.

Session 4 gave many readers and writers a fast lane: the PBN reader's export-style
games, lazy deal and play and auction rows in the writer's form (session 5), the
copy of a game as read (``convert --to pbn``),
the int replay of ``play`` and ``score`` (and its batches: the shipped run here
replays a batch of every :data:`FAST_BATCH` boards, so that short inputs take
that lane too), the JSON line put together by hand, the
``show --brief`` and ``validate-auction --json`` memos, the LIN reader's one
regular expression a board and the ``simple`` table style (``LANES`` of
:mod:`bridgecli.core.fastpaths` lists them). Each must give exactly what the general
path gives. :func:`general` switches every one of them off, with the switch that
``BRIDGECLI_FAST_PATHS=0`` sets (:func:`bridgecli.core.fastpaths.off`); a case runs a
command on a mutated input once as shipped and once under :func:`general`, and a finding is any
difference in exit code, stdout or stderr, or a broken promise of the shipped run
(a traceback, the safety net, an exit code other than 0, 1, 2, an error that is
not one ``bridgecli: error: FILE:LINE: ...`` line).

The inputs are the PBN and LIN files of ``sample_deals/`` and of the realworld
corpus (read where they are, never copied), and the first games of
``/tmp/pf/b20000.pbn`` when present, each mutated with what the fast lanes must
notice: comments, escapes, CRLF, a BOM, Latin-1, tabs, duplicate and missing tags,
``#``, ``[Play "?"]``, end marks, notes, NAGs, suffixes, lower-case cards, ``10``,
``-`` hands and cards, ``^9``, revokes (cards swapped between rows), short rows.

Run from the repository root (one process: the machine's cores are shared)::

    python tools/fastpath_diff.py --cases 5000 --seed 1 [--only N] [--show]

Case ``i`` of seed ``S`` is the same everywhere (``random.Random(f"{S}:{i}")``).
The suite runs a fast slice (tests/formats/test_fastpath_diff.py).
"""

from __future__ import annotations

import argparse
import contextlib
import random
import re
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from click.testing import CliRunner

from bridgecli.cli import cli
from bridgecli.core import fastpaths
from bridgecli.core.board import Board

CORPUS = ROOT.parent / "shared" / "corpus" / "realworld"
BIG = Path("/tmp/pf/b20000.pbn")

#: argv of each command, the input file put in for ``{}``
PBN_COMMANDS: tuple[tuple[str, ...], ...] = (
    ("show", "{}"),
    ("show", "--brief", "{}"),
    ("convert", "{}", "--to", "pbn"),
    ("convert", "{}", "--to", "json"),
    ("convert", "{}", "--to", "lin"),
    ("convert", "{}", "--to", "yaml"),
    ("play", "{}"),
    ("play", "{}", "--json"),
    ("score", "{}"),
    ("score", "{}", "--json"),
    ("validate-auction", "{}"),
    ("validate-auction", "{}", "--json"),
    ("validate-auction", "{}", "--json", "--jobs", "2"),  # (compared with --jobs 1 the general way)
)
LIN_COMMANDS: tuple[tuple[str, ...], ...] = (
    ("convert", "{}", "--to", "pbn"),
    ("convert", "{}", "--to", "json"),
    ("play", "{}", "--json"),
    ("score", "{}"),
)

@contextlib.contextmanager
def general() -> Iterator[None]:
    """Every fast lane switched off (:func:`bridgecli.core.fastpaths.off`): the general,
    checked path for everything (every lane asks the switch: fastpaths.LANES)."""
    with fastpaths.off():
        yield


# -- inputs -------------------------------------------------------------------


def seeds() -> list[tuple[str, bytes]]:
    """(name, bytes) of every input the mutations start from."""
    out: list[tuple[str, bytes]] = []
    for path in sorted((ROOT / "sample_deals").glob("*/*")):
        if path.suffix in (".pbn", ".lin"):
            out.append((f"sample/{path.parent.name}/{path.name}", path.read_bytes()))
    if CORPUS.is_dir():
        for path in sorted(CORPUS.glob("*/*")):
            if path.suffix.lower() in (".pbn", ".lin"):
                data = path.read_bytes()
                out.append((f"corpus/{path.name}", data[:60000]))
    if BIG.is_file():
        with BIG.open("rb") as fp:
            head = fp.read(40000)
        out.append(("b20000", head[:head.rfind(b"\n\n") + 1]))
    return out


_CARD = re.compile(r"\b([SHDC])([2-9TJQKA])\b")
_TAG = re.compile(r'^\[(\w+) "([^"\n]*)"\]', re.MULTILINE)

_TAG_VALUES = {
    "Play": ["?", "-", "", "n", "N", "E", "S", "W", "#"],
    "Auction": ["?", "", "n", "N", "E", "S", "W", "#"],
    "Result": ["^9", "^10", "?", "", "9", "13", "14", "NS 9", "#", "-1"],
    "Contract": ["Pass", "?", "", "4s", "3NTX", "2HXX", "1N", "#", "7NTXX"],
    "Declarer": ["?", "", "n", "^S", "#", "N", "E"],
    "Deal": ["?", "", "#"],
    "Dealer": ["?", "", "n", "#", "N", "W"],
    "Vulnerable": ["?", "", "Both", "Love", "-", "#", "All", "NS"],
    "Board": ["?", "", "0", "07", "#", "1000000", "x"],
    "Event": ["#", "##", "", "?", 'a\\"b', "a\\\\", "Ünï", "\t"],
    "Room": ["#", "Open", "?", ""],
    "Scoring": ["#", "IMP", "?", "MP;x"],
}
_PLAY_TOKENS = ["*", "+", "-", "!", "?", " $1", " =1=", " $0", "!!", " {c} ", " ; c", " *", " ^"]
_AUCTION_TOKENS = ["AP", "pass", "P", "*", "+", "!", " $1", " =1=", " =2=", "X!", "1nt", "1N", " -"]
_NOISE = '[]{}";%#\\\t\r\n *+-=$!?^0123456789NESWSHDCAKQJT'


def _deal_rotate(v: str, rng: random.Random) -> str:
    if len(v) > 2 and v[1] == ":" and v[0] in "NESW":
        hands = v[2:].split(" ")
        if len(hands) == 4:
            k = rng.randrange(1, 4)
            return "NESW"[("NESW".index(v[0]) + k) % 4] + ":" + " ".join(hands[k:] + hands[:k])
    return v


def mutate(data: bytes, rng: random.Random) -> bytes:
    """``data`` (a PBN or LIN text) with a few mutations of the kinds the fast lanes
    must notice."""
    text = data.decode("utf-8", errors="replace")
    for _ in range(rng.choice([1, 1, 1, 2, 2, 3, 5])):
        text = _one(text, rng)
    out = text.encode("utf-8")
    r = rng.random()
    if r < 0.04:
        out = b"\xef\xbb\xbf" + out
    elif r < 0.08:
        out = out.replace(b"\n", b"\r\n")
    elif r < 0.11:
        out = text.encode("latin-1", errors="replace")
    elif r < 0.12:
        out = out.replace(b"\n", b"\r")
    return out


def _one(text: str, rng: random.Random) -> str:
    kind = rng.randrange(20)
    lines = text.split("\n")
    if not lines:
        return text
    if kind < 4:  # a tag value
        tags = list(_TAG.finditer(text))
        if tags:
            m = rng.choice(tags)
            name, value = m.group(1), m.group(2)
            choices = _TAG_VALUES.get(name, ["#", "?", "", value + "!", 'x\\"y'])
            new = rng.choice(choices)
            if name == "Deal" and rng.random() < 0.5:
                new = _deal_rotate(value, rng) if rng.random() < 0.5 else value.replace(".", ".", 1)
                if rng.random() < 0.3 and " " in new:  # a hand not known
                    parts = new.split(" ")
                    parts[rng.randrange(len(parts))] = "-"
                    new = " ".join(parts)
                if rng.random() < 0.2:
                    new = new.lower() if rng.random() < 0.5 else new.replace("T", "10")
            return text[:m.start(2)] + new + text[m.end(2):]
    if kind < 8:  # a card of the play or deal
        cards = list(_CARD.finditer(text))
        if cards:
            m = rng.choice(cards)
            r = rng.randrange(7)
            if r == 0:
                new = m.group(0).lower()
            elif r == 1:
                new = m.group(0).replace("T", "10")
            elif r == 2:
                new = m.group(0) + rng.choice(_PLAY_TOKENS)
            elif r == 3:  # another card: a revoke, a card twice, a card not held
                o = rng.choice(cards)
                new = o.group(0)
            elif r == 4:  # two cards swapped
                o = rng.choice(cards)
                a, b = sorted([m, o], key=lambda x: x.start())
                if a.start() == b.start():
                    return text
                return text[:a.start()] + b.group(0) + text[a.end():b.start()] + a.group(0) + text[b.end():]
            elif r == 5:
                new = ""
            else:
                new = m.group(1) + rng.choice("23456789TJQKA")
            return text[:m.start()] + new + text[m.end():]
    if kind < 10:  # a call
        k = rng.randrange(len(lines))
        if lines[k] and lines[k][0] not in "[%{":
            toks = lines[k].split(" ")
            j = rng.randrange(len(toks))
            toks[j] += rng.choice(_AUCTION_TOKENS + _PLAY_TOKENS)
            lines[k] = " ".join(toks)
            return "\n".join(lines)
    if kind == 10:  # a line duplicated, deleted or swapped
        k = rng.randrange(len(lines))
        r = rng.randrange(3)
        if r == 0:
            lines.insert(k, lines[k])
        elif r == 1:
            del lines[k]
        elif k + 1 < len(lines):
            lines[k], lines[k + 1] = lines[k + 1], lines[k]
        return "\n".join(lines)
    if kind == 11:  # a comment
        k = rng.randrange(len(lines))
        c = rng.choice(["{c}", "{a\n\nb}", "; c", "% c", "{", "}", "%"])
        if rng.random() < 0.5:
            lines.insert(k, c)
        else:
            lines[k] += " " + c
        return "\n".join(lines)
    if kind == 12:  # odd whitespace
        k = rng.randrange(len(lines))
        ws = rng.choice(["\t", "  ", " \t", "\x0b", "\xa0", "\u2003", "\x0c"])
        r = rng.randrange(3)
        if r == 0:
            lines[k] = ws + lines[k]
        elif r == 1:
            lines[k] += ws
        else:
            lines[k] = lines[k].replace(" ", ws, 1)
        return "\n".join(lines)
    if kind == 13:  # a tag added
        k = rng.randrange(len(lines))
        name = rng.choice(["Note", "Room", "Play", "Auction", "Result", "Event", "Aa", "Zz", "Deal", "Contract",
                           "OptimumScore", "ScoreTable", "Board", "Declarer"])
        value = rng.choice(["1:x", "#", "?", "", "N", "W", "9", "4S", "NS 100", "Contract\\2;Rank"])
        lines.insert(k, f'[{name} "{value}"]')
        return "\n".join(lines)
    if kind == 14:  # a blank line put in or taken out
        k = rng.randrange(len(lines))
        if lines[k] == "":
            del lines[k]
        else:
            lines.insert(k, rng.choice(["", " ", "\t"]))
        return "\n".join(lines)
    if kind == 15:  # a note or NAG after a tag line or on its own
        k = rng.randrange(len(lines))
        lines.insert(k, rng.choice(["[1]", "$1", "=1=", "*", "-", "^", "!"]))
        return "\n".join(lines)
    if kind == 16:  # the end of the text cut
        return text[:rng.randrange(len(text) + 1)]
    # a few noise characters
    pos = rng.randrange(len(text) + 1)
    return text[:pos] + "".join(rng.choice(_NOISE) for _ in range(rng.randrange(1, 4))) + text[pos:]


# -- a case -------------------------------------------------------------------

_ERROR = re.compile(r"bridgecli: error: [^\n]*\Z")


#: The batch of the shipped runs (``play`` and ``score`` replay that many boards at once).
FAST_BATCH = 3


def run(args: list[str]) -> tuple[int, str, str]:
    from bridgecli.core.play import batch as _replay_batch

    shipped = _replay_batch.BATCH, _replay_batch.FEW
    _replay_batch.BATCH, _replay_batch.FEW = FAST_BATCH, 1  # (no batch at all under general())
    try:
        result = CliRunner().invoke(cli, args, catch_exceptions=True)
    finally:
        _replay_batch.BATCH, _replay_batch.FEW = shipped
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        import traceback

        tb = "".join(traceback.format_exception(result.exception))
        return -1, result.stdout, result.stderr + "\nEXCEPTION\n" + tb
    return result.exit_code, result.stdout, result.stderr


def promises(code: int, err: str) -> str | None:
    """What the shipped run breaks of the promises, or None."""
    if code not in (0, 1, 2):
        return f"exit code {code}"
    if "Traceback" in err or "internal error" in err or "EXCEPTION" in err:
        return "traceback or safety net"
    for line in err.splitlines():
        if line.startswith("bridgecli: error:") and len(line) > 400:
            return "an over-long error line"
    return None


def case(i: int, seed: int, pool: list[tuple[str, bytes]], folder: Path) -> tuple[str, list[str], bytes, str] | None:
    """Run case ``i``; (kind, argv, input, details) of a finding, or None."""
    rng = random.Random(f"{seed}:{i}")
    name, data = rng.choice(pool)
    is_lin = name.lower().endswith(".lin")
    data = mutate(data, rng)
    path = folder / ("in.lin" if is_lin else "in.pbn")
    path.write_bytes(data)
    argv = [a.replace("{}", str(path)) for a in rng.choice(LIN_COMMANDS if is_lin else PBN_COMMANDS)]
    fast = run(argv)
    broken = promises(fast[0], fast[2])
    with general():
        slow = run(argv[:-2] + ["--jobs", "1"] if argv[-2:] == ["--jobs", "2"] else argv)
    if broken is not None:
        return broken, argv, data, fast[2][-3000:]
    if argv[0] != "score" and rng.random() < 0.25:
        # -o: the target replaced by what stdout had, or, on an error, not touched (score -o
        # writes the scored boards in the target's format instead of the table)
        target = folder / "out" / "target.txt"
        target.parent.mkdir(exist_ok=True)
        target.write_text("old contents\n", encoding="utf-8")
        code, _, _ = run(argv + ["-o", str(target)])
        now = target.read_text(encoding="utf-8")
        left = sorted(p.name for p in target.parent.iterdir() if p != target)
        if left:
            return "-o left files behind", argv, data, str(left)
        if code != fast[0]:
            return "-o changed the exit code", argv, data, f"{code} vs {fast[0]}"
        if code == 0 and now != fast[1]:
            return "-o wrote other text than stdout", argv, data, now[:2000]
        if code == 2 and now != "old contents\n":
            return "-o replaced the target on a failed run", argv, data, now[:2000]
    if argv[-2:] == ["--jobs", "2"]:
        # (the forked workers warn on the real stderr, which the runner in this process
        # does not capture: only the verdicts and the exit code are compared)
        fast, slow = fast[:2] + ("",), slow[:2] + ("",)
    if fast != slow:
        what = [f"from {name}"]
        for label, a, b in (("exit", str(fast[0]), str(slow[0])), ("stdout", fast[1], slow[1]),
                            ("stderr", fast[2], slow[2])):
            if a != b:
                la, lb = a.split("\n"), b.split("\n")
                k = next((j for j, (x, y) in enumerate(zip(la, lb)) if x != y), min(len(la), len(lb)))
                what.append(f"{label} differs at line {k + 1}:\n--- fast\n{chr(10).join(la[k:k + 3])[:2000]}"
                            f"\n--- general\n{chr(10).join(lb[k:k + 3])[:2000]}")
        return "fast and general differ", argv, data, "\n".join(what)
    return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", type=int, default=None)
    parser.add_argument("--show", action="store_true", help="print each finding in full")
    parser.add_argument("--save", type=Path, default=None, help="write each finding's input here")
    parser.add_argument("--replay", action="store_true", help="the replay and writers a game at a time instead")
    ns = parser.parse_args()
    if ns.replay:
        import warnings

        warnings.simplefilter("ignore")
        return replay_main(ns.cases, ns.seed, ns.only, ns.show)
    pool = seeds()
    found = 0
    kinds: dict[str, int] = {}
    start = time.monotonic()
    import warnings

    warnings.simplefilter("ignore")
    with tempfile.TemporaryDirectory() as tmp:
        for i in ([ns.only] if ns.only is not None else range(ns.cases)):
            got = case(i, ns.seed, pool, Path(tmp))
            if got is None:
                continue
            found += 1
            kind, argv, data, details = got
            kinds[kind] = kinds.get(kind, 0) + 1
            print(f"case {i}: {kind}: {' '.join(argv[:1] + argv[2:] if len(argv) > 1 else argv)}")
            if ns.show:
                print(details)
            if ns.save is not None:
                ns.save.mkdir(parents=True, exist_ok=True)
                (ns.save / f"case{i}.in").write_bytes(data)
    n = 1 if ns.only is not None else ns.cases
    print(f"{n} cases, {found} findings {kinds}, {time.monotonic() - start:.0f} s", file=sys.stderr)
    return 1 if found else 0


# -- the replay and the writers, a game at a time (quicker than a command a case) ----

_RESULTS = ["^9", "^10", "^13", "", "?", "0", "7", "9", "10", "11", "12", "13", "14", "^"]


def played_games() -> list[str]:
    """Games with a play record: the first 400 of /tmp/pf/b20000.pbn when present, and
    those of the sample and corpus files."""
    out: list[str] = []
    for name, data in seeds():
        if name.lower().endswith(".pbn"):
            text = data.decode("utf-8", errors="replace").replace("\r\n", "\n")
            out += [g + "\n" for g in text.split("\n\n") if '[Play "' in g and "[Event " in g][:400]
    return out


def mutate_play(game: str, rng: random.Random) -> str:
    """``game`` with its play, result, contract or leader changed the way records go wrong."""
    head, _, play = game.partition('[Play "')
    lines = play.split("\n")
    for _ in range(rng.choice([1, 1, 2, 3])):
        cards = [(i, j) for i, line in enumerate(lines[1:], 1) for j, tok in enumerate(line.split(" ")) if tok]
        r = rng.randrange(12)
        if r <= 2 and len(cards) > 1:  # two cards swapped: a revoke, a card not held, out of turn
            (a, b), (c, d) = rng.sample(cards, 2)
            ra, rc = lines[a].split(" "), lines[c].split(" ")
            if a == c:
                ra[b], ra[d] = ra[d], ra[b]
                lines[a] = " ".join(ra)
            else:
                ra[b], rc[d] = rc[d], ra[b]
                lines[a], lines[c] = " ".join(ra), " ".join(rc)
        elif r == 3 and cards:  # a card replaced by another (twice, not held, '-', spelled otherwise)
            a, b = rng.choice(cards)
            row = lines[a].split(" ")
            if b < len(row):
                row[b] = rng.choice(["-", row[b].lower(), row[b] + "!", row[b] + " =1=", row[b] + " $1",
                                     rng.choice("SHDC") + rng.choice("23456789TJQKA"), row[b].replace("T", "10")])
                lines[a] = " ".join(row)
        elif r == 4 and cards:  # a card dropped: a short row
            a, b = rng.choice(cards)
            row = lines[a].split(" ")
            if b < len(row):
                del row[b]
                lines[a] = " ".join(row)
        elif r == 5:  # the last rows dropped, now and then with a claim
            k = rng.randrange(1, len(lines) + 1)
            lines = lines[:k] + (["*"] if rng.random() < 0.5 else [])
        elif r == 6:
            lines.insert(len(lines) - 1 if lines and not lines[-1] else len(lines), rng.choice(["*", "+", "* ", "-"]))
        elif r == 7:
            head = re.sub(r'\[Result "[^"]*"\]', f'[Result "{rng.choice(_RESULTS)}"]', head)
        elif r == 8:
            head = re.sub(r'\[Contract "[^"]*"\]', f'[Contract "{rng.choice(["Pass", "4S", "3NTX", "1C", "7NTXX", "?", ""])}"]', head)
        elif r == 9:
            head = re.sub(r'\[Declarer "[^"]*"\]', f'[Declarer "{rng.choice("NESW?")}"]', head)
            if rng.random() < 0.5:  # the same deal written from another seat, or another dealer
                head = re.sub(r'\[Deal "([^"]*)"\]', lambda m: f'[Deal "{_deal_rotate(m.group(1), rng)}"]', head)
            else:
                head = re.sub(r'\[Dealer "[^"]*"\]', f'[Dealer "{rng.choice("NESW?")}"]', head)
        elif r == 10:
            lines[0] = rng.choice("NESW") + '"]' if rng.random() < 0.8 else rng.choice(['-"]', '?"]', '"]'])
        else:
            if cards:  # the record cut in mid-row
                a, b = rng.choice(cards)
                lines = lines[:a] + [" ".join(lines[a].split(" ")[:b])]
    return head + '[Play "' + "\n".join(lines)


def _summary(board: Any) -> list[str]:
    """What the commands make of ``board``: the play check, the contract and tricks of
    ``score``, its JSON line and its PBN game."""
    from bridgecli.checks.play import check_board
    from bridgecli.formats import json_format, pbn, traveller

    out: list[str] = []
    def checked() -> object:
        c = check_board(board)
        return c.kind, c.ok, str(c.error), c.as_dict(with_tricks=True)

    for what in (checked, lambda: traveller.contract_and_tricks(board), lambda: json_format.board_json(board),
                 lambda: pbn.board_text(board)):
        try:
            out.append(repr(what()))
        except Exception as exc:  # noqa: BLE001  (the same exception both ways is fine)
            out.append(f"raised {type(exc).__name__}: {exc}")
    return out


def replay_case(i: int, seed: int, games: list[str]) -> tuple[str, str] | None:
    """Case ``i`` of the replay fuzzer: (game, what differs) of a finding, or None."""
    from bridgecli.formats import pbn

    rng = random.Random(f"replay:{seed}:{i}")
    game = mutate_play(rng.choice(games), rng)
    text = '[Event "warm-up"]\n\n' + game  # (the first game of a text is read the general way)
    fast = [r for r in pbn.iter_records(text)][1:]
    got = [_summary(r) if isinstance(r, Board) else [repr(r)] for r in fast]
    with general():
        slow = [r for r in pbn.iter_records(text)][1:]
        want = [_summary(r) if isinstance(r, Board) else [repr(r)] for r in slow]
    if got != want:
        diff = [f"fast    {a[:1500]}\ngeneral {b[:1500]}" for x, y in zip(got, want) for a, b in zip(x, y) if a != b]
        return game, "\n".join(diff) or f"{got} vs {want}"
    return None


def replay_main(cases: int, seed: int, only: int | None, show: bool) -> int:
    games = played_games()
    found = 0
    start = time.monotonic()
    for i in ([only] if only is not None else range(cases)):
        got = replay_case(i, seed, games)
        if got is not None:
            found += 1
            print(f"replay case {i}: fast and general differ")
            if show:
                print(got[0])
                print(got[1])
    print(f"{1 if only is not None else cases} replay cases, {found} findings, {time.monotonic() - start:.0f} s",
          file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
