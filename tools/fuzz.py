"""Mutation fuzzing of every reader of bridgecli, in process (click's CliRunner).

Each case takes a file of ``sample_deals/``, mutates it (byte flips, truncation,
lines duplicated, deleted or swapped, huge numbers, NUL, CR/CRLF, BOMs, UTF-16,
Latin-1, non-ASCII digits, or a card dealt twice) and runs one command on it:
``show``, ``convert --to`` each format, ``validate-auction``, ``play``,
``score FILE``, ``score --event`` or ``rubber``. A finding is:

* an exception other than SystemExit escaping the command, or an exit code
  outside 0, 1, 2 (1 means "breaks the rules", 2 "unreadable input");
* the group's safety net answering (``internal error``): a reader let a
  Python exception through, which the net only hid;
* a traceback or an over-long line on stderr (echoed values are cut at ~80
  characters);
* exit 0 on input broken by construction (a card dealt twice);
* a convert to PBN, YAML or JSON that exits 0 but loses something: the output
  read back does not give the same boards as the input;
* a case running longer than ``--timeout`` seconds, or using more than ``--cpu``
  seconds of CPU time (measured around the command; a linear reader takes a second
  or two on the largest input made here).

A share of the cases (``--size``, 5% by default) are size and time bombs instead of
mutations: a long token (a card, call, contract, brace or tag value of up to 300,000
characters), a long run of blank lines (up to 1,100,000: past the 1 MiB piece the
file readers cut), a line repeated many times (passed-out deals, comments), YAML
anchors named many times (wide: one long value; deep: each anchor a list of the
one before, "billion laughs") and lists nested deep. The process runs under an
address-space limit (``--memory``, MB), so that an input expanding to gigabytes
ends as a MemoryError (a finding: the safety net answers) rather than taking the
machine.

Run from the repository root::

    python tools/fuzz.py --cases 20000 --seed 7 [--save findings/]

Case ``i`` of seed ``S`` is the same on every machine (``random.Random(f"{S}:{i}")``),
so ``--only i`` replays one finding. The suite runs a fast slice of this
(tests/formats/test_fuzz_cli.py).
"""

from __future__ import annotations

import argparse
import math
import os
import random
import re
import signal
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from types import FrameType

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import itertools

from click.testing import CliRunner

from bridgecli.cli import cli

SAMPLES = ROOT / "sample_deals"

#: The commands each case may run: argv after the file is put in with ``{}``.
COMMANDS: tuple[tuple[str, ...], ...] = (
    ("show", "{}"),
    ("show", "--brief", "{}"),
    ("convert", "{}", "--to", "pbn"),
    ("convert", "{}", "--to", "yaml"),
    ("convert", "{}", "--to", "json"),
    ("convert", "{}", "--to", "lin"),
    ("validate-auction", "{}"),
    ("play", "{}"),
    ("score", "{}"),
    ("score", "--event", "{}"),
    ("rubber", "{}"),
)

#: Formats whose writer keeps everything a board holds (a round trip loses nothing).
LOSSLESS = ("pbn", "yaml", "json")

#: The longest stderr line accepted (a message cut at 800 characters, plus where).
MAX_ERR_LINE = 1000


@dataclass
class Seed:
    """One sample file: its name, extension and bytes."""

    name: str
    ext: str
    data: bytes


def seeds() -> list[Seed]:
    """The sample files (valid and invalid), sorted by name."""
    out = []
    for path in sorted(SAMPLES.glob("*/*")):
        if path.is_file():
            out.append(Seed(f"{path.parent.name}/{path.name}", path.suffix, path.read_bytes()))
    return out


# ---------------------------------------------------------------- mutations

_HOLDING = re.compile(rb"(?<![\w.])([AKQJT2-9]*)\.([AKQJT2-9]*)\.([AKQJT2-9]*)\.([AKQJT2-9]*)(?![\w.])")
_LIN_DEAL = re.compile(rb"md\|\d?([^|]*)\|")
_DIGITS = re.compile(rb"\d+")


def _swap_card(first: list[bytes], second: list[bytes], rng: random.Random) -> list[bytes] | None:
    """``second``'s suits with one card replaced by a card of ``first`` (then held twice)."""
    options = [(s, c) for s in range(4) for c in first[s] if second[s] and bytes([c]) not in second[s]]
    if not options:
        return None
    s, c = rng.choice(options)
    out = list(second)
    held = out[s]
    k = rng.randrange(len(held))
    out[s] = held[:k] + bytes([c]) + held[k + 1:]
    return out


def card_twice(data: bytes, rng: random.Random) -> bytes | None:
    """The text with one card of a board's deal given to a second hand too (and one card
    missing): input broken by construction. None when no deal is found."""
    lin = _LIN_DEAL.search(data)
    if lin is not None:
        hands = lin.group(1).split(b",")
        if len(hands) >= 2:
            def suits(h: bytes) -> list[bytes] | None:
                m = re.fullmatch(rb"S([^HDC]*)H([^SDC]*)D([^SHC]*)C([^SHD]*)", h)
                return list(m.groups()) if m else None

            a, b = suits(hands[0]), suits(hands[1])
            if a is not None and b is not None and (new := _swap_card(a, b, rng)) is not None:
                hands[1] = b"S" + new[0] + b"H" + new[1] + b"D" + new[2] + b"C" + new[3]
                start, end = lin.span(1)
                return data[:start] + b",".join(hands) + data[end:]
    found = list(_HOLDING.finditer(data))
    for first, second in itertools.pairwise(found):
        new = _swap_card(list(first.groups()), list(second.groups()), rng)
        if new is not None:
            return data[:second.start()] + b".".join(new) + data[second.end():]
    return None


def _lines(data: bytes) -> list[bytes]:
    return data.splitlines(keepends=True) or [data]


def _flip(data: bytes, rng: random.Random) -> bytes:
    b = bytearray(data)
    for _ in range(rng.randint(1, 6)):
        if b:
            i = rng.randrange(len(b))
            b[i] ^= 1 << rng.randrange(8)
    return bytes(b)


def _truncate(data: bytes, rng: random.Random) -> bytes:
    return data[: rng.randrange(len(data) + 1)]


def _dup_line(data: bytes, rng: random.Random) -> bytes:
    lines = _lines(data)
    i = rng.randrange(len(lines))
    lines.insert(i, lines[i])
    return b"".join(lines)


def _del_line(data: bytes, rng: random.Random) -> bytes:
    lines = _lines(data)
    del lines[rng.randrange(len(lines))]
    return b"".join(lines)


def _swap_lines(data: bytes, rng: random.Random) -> bytes:
    lines = _lines(data)
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines[i], lines[j] = lines[j], lines[i]
    return b"".join(lines)


def _huge_number(data: bytes, rng: random.Random) -> bytes:
    runs = list(_DIGITS.finditer(data))
    if not runs:
        return data + b"9" * 5000
    m = rng.choice(runs)
    big = rng.choice([b"9" * 20, b"1" * 5000, b"0" * 30 + b"7", b"-" + b"9" * 19, "\u00b2".encode(),
                      "\u0663".encode()])
    return data[: m.start()] + big + data[m.end():]


def _nul(data: bytes, rng: random.Random) -> bytes:
    i = rng.randrange(len(data) + 1)
    return data[:i] + b"\x00" + data[i:]


def _crlf(data: bytes, rng: random.Random) -> bytes:
    return data.replace(b"\r\n", b"\n").replace(b"\n", rng.choice([b"\r\n", b"\r"]))


def _bare_cr(data: bytes, rng: random.Random) -> bytes:
    i = rng.randrange(len(data) + 1)
    return data[:i] + b"\r" + data[i:]


def _bom(data: bytes, rng: random.Random) -> bytes:
    return b"\xef\xbb\xbf" + data


def _utf16(data: bytes, rng: random.Random) -> bytes:
    text = data.decode("utf-8", "replace")
    return text.encode(rng.choice(["utf-16", "utf-16-le", "utf-16-be"]))


def _latin1(data: bytes, rng: random.Random) -> bytes:
    return data.decode("utf-8", "replace").encode("latin-1", "replace")


def _splice(data: bytes, rng: random.Random) -> bytes:
    noise = rng.choice([b"|", b",", b":", b"[", b"]", b"{", b"}", b'"', b"'", b"!", b"&a ", b"*a", b"\t", b"%",
                        b"-", b"\n", b"\\", b"NT", b"XX", b"=", b"#", "\u2660".encode(), b"\x7f", b"\x0b"])
    i = rng.randrange(len(data) + 1)
    return data[:i] + noise * rng.randint(1, 3) + data[i + rng.randint(0, 4):]


MUTATIONS: dict[str, Callable[[bytes, random.Random], bytes]] = {
    "flip": _flip, "truncate": _truncate, "dup-line": _dup_line, "del-line": _del_line,
    "swap-lines": _swap_lines, "huge-number": _huge_number, "nul": _nul, "crlf": _crlf,
    "bare-cr": _bare_cr, "bom": _bom, "utf16": _utf16, "latin1": _latin1, "splice": _splice,
}
#: Mutations that change the encoding only, never what the text says.
ENCODINGS = ("crlf", "bom", "latin1")


# ---------------------------------------------------------------- size and time bombs

#: The largest size a bomb is made with (characters, lines or aliases; --max-size).
MAX_SIZE = 300_000
#: Blank lines enough to cross a 1 MiB piece of the file readers.
PIECE_CROSSING = 1_100_000


def _size(rng: random.Random, top: int) -> int:
    """A size from 1,000 to ``top``, even on a log scale."""
    return int(math.exp(rng.uniform(math.log(1000), math.log(max(top, 1001)))))


def _at_word(data: bytes, rng: random.Random) -> int:
    """A place after white space, a ``|`` or a quote (where a token starts)."""
    places = [m.end() for m in re.finditer(rb'[\s|"]', data)] or [0]
    return rng.choice(places)


def _long_token(data: bytes, rng: random.Random, top: int) -> bytes:
    n = _size(rng, top)
    token = rng.choice([b"C" * n, b"S" + b"8" * n, b"4" + b"H" * n, b"1" + b"N" * n, b"X" * n, b"=" * n,
                        b"7" * n, b"A" * n, b"{" * n + b"}" * n, b"}" * n, b"{" + b"{" * n + b"}" + b"}" * n,
                        b"\\" * n, b"[" * n, b"%" * n, b";" * n, b"!" * n])
    i = _at_word(data, rng)
    return data[:i] + token + data[i:]


def _blank_run(data: bytes, rng: random.Random, top: int) -> bytes:
    n = PIECE_CROSSING if top >= MAX_SIZE and rng.random() < 0.1 else _size(rng, top)
    run = rng.choice([b"\n", b"\n", b" \n", b"\t\n", b"\r\n"]) * n
    starts = [0] + [m.end() for m in re.finditer(rb"\n", data)]
    i = rng.choice(starts)
    return data[:i] + run + data[i:]


def _repeat_line(data: bytes, rng: random.Random, top: int) -> bytes:
    lines = _lines(data)
    i = rng.randrange(len(lines))
    line = lines[i] if lines[i].endswith(b"\n") else lines[i] + b"\n"
    extra = rng.choice([line, b"pass\n", b"Pass Pass Pass Pass\n", b"% a comment\n", b"{ a comment }\n",
                        b"1NT-1 -d N\n"])
    # (a line's worth of copies bounded by bytes too: a JSON board is 2 KB)
    lines.insert(i, extra * min(_size(rng, top) // 10, 20 * top // len(extra)))
    return b"".join(lines)


def _yaml_wide(data: bytes, rng: random.Random, top: int) -> bytes:
    """A long value anchored, then named many times (in a key the board does not know, a
    tag, or a note): few values once expanded, but many characters."""
    long, refs = _size(rng, top), _size(rng, top) // 10
    key = rng.choice([b"wide", b"tags:\n    Site", b"auction_notes:\n    2"])
    anchor = b'  held: &z "' + b"A" * long + b'"\n'
    aliases = b"  " + key + b": [" + b", ".join([b"*z"] * refs) + b"]\n"
    i = data.find(b"\n") + 1
    return data[:i] + anchor + aliases + data[i:]


def _yaml_deep(data: bytes, rng: random.Random, top: int) -> bytes:
    """Anchors each a list of the one before (a "billion laughs"), or lists nested deep."""
    i = data.find(b"\n") + 1
    if rng.random() < 0.5:
        width, depth = rng.randint(2, 10), rng.randint(5, 40)
        rows = [b'  l0: &l0 "' + b"x" * rng.randint(1, 1000) + b'"\n']
        rows += [b"  l%d: &l%d [" % (k, k) + b", ".join([b"*l%d" % (k - 1)] * width) + b"]\n"
                 for k in range(1, depth)]
        return data[:i] + b"".join(rows) + data[i:]
    depth = rng.randint(100, 5000)
    return data[:i] + b"  deep: " + b"[" * depth + b"1" + b"]" * depth + b"\n" + data[i:]


#: The size and time bombs: (name, maker, the extensions it fits; None: any).
BOMBS: dict[str, tuple[Callable[[bytes, random.Random, int], bytes], tuple[str, ...] | None]] = {
    "long-token": (_long_token, None),
    "blank-run": (_blank_run, None),
    "repeat-line": (_repeat_line, None),
    "yaml-wide": (_yaml_wide, (".yaml",)),
    "yaml-deep": (_yaml_deep, (".yaml",)),
}


@dataclass
class Case:
    """One fuzz case: the input, how it was made, and the command to run."""

    index: int
    seed: Seed
    data: bytes
    steps: list[str]
    broken: bool
    """True when the input is broken by construction (it must not exit 0)."""
    command: tuple[str, ...]


def make_case(seed_value: int, index: int, pool: list[Seed], size: float = 0.0, max_size: int = MAX_SIZE) -> Case:
    """Case ``index`` of the run ``seed_value`` (the same on every machine): a size bomb
    with probability ``size`` (drawn apart, so that the other cases stay those of a run
    without bombs), else mutations."""
    if size and random.Random(f"{seed_value}:{index}:size").random() < size:
        return make_bomb(seed_value, index, pool, max_size)
    rng = random.Random(f"{seed_value}:{index}")
    seed = rng.choice(pool)
    data, steps, broken = seed.data, [], False
    if rng.random() < 0.15 and seed.name.startswith("valid/"):
        twice = card_twice(data, rng)
        if twice is not None:
            data, steps, broken = twice, ["card-twice"], True
            if rng.random() < 0.5:
                name = rng.choice(ENCODINGS)
                data = MUTATIONS[name](data, rng)
                steps.append(name)
    if not broken:
        for _ in range(rng.choice([1, 1, 1, 2, 3])):
            name = rng.choice(list(MUTATIONS))
            data = MUTATIONS[name](data, rng)
            steps.append(name)
    return Case(index, seed, data, steps, broken, rng.choice(COMMANDS))


def make_bomb(seed_value: int, index: int, pool: list[Seed], max_size: int = MAX_SIZE) -> Case:
    """Case ``index`` as a size or time bomb (see :data:`BOMBS`)."""
    rng = random.Random(f"{seed_value}:{index}:bomb")
    name = rng.choice(list(BOMBS))
    make, exts = BOMBS[name]
    fits = [s for s in pool if exts is None or s.ext in exts]
    valid = [s for s in fits if s.name.startswith("valid/")]
    # mostly valid files: a reader that stops at a broken one never reaches the bomb
    seed = rng.choice(valid if valid and rng.random() < 0.75 else fits)
    data = make(seed.data, rng, max_size)
    return Case(index, seed, data, [name], False, rng.choice(COMMANDS))


# ---------------------------------------------------------------- running


class _Timeout(BaseException):
    """The case ran out of time: a BaseException, so that the command group's safety net
    (``except Exception``) does not answer it as an internal error of the command."""


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise _Timeout


def _runner() -> CliRunner:
    try:
        return CliRunner(mix_stderr=False)  # type: ignore[call-arg]
    except TypeError:
        return CliRunner()


def _boards_yaml(runner: CliRunner, path: str, fmt: str | None = None) -> tuple[int, str]:
    args = ["convert", path, "--to", "yaml"] + (["--from", fmt] if fmt else [])
    r = runner.invoke(cli, args)
    return r.exit_code, r.stdout


def check(case: Case, workdir: str, timeout: float = 60.0, cpu: float = 10.0) -> list[str]:
    """Run ``case``; the list of what went wrong (empty when all is well)."""
    runner = _runner()
    path = os.path.join(workdir, f"case{case.seed.ext}")
    with open(path, "wb") as fp:
        fp.write(case.data)
    argv = [path if a == "{}" else a for a in case.command]
    problems: list[str] = []
    old = signal.signal(signal.SIGALRM, _alarm) if hasattr(signal, "SIGALRM") else None
    if old is not None:
        signal.setitimer(signal.ITIMER_REAL, timeout)
    try:
        started = time.process_time()
        result = runner.invoke(cli, argv)
        used = time.process_time() - started
        if used > cpu:
            problems.append(f"cpu time {used:.1f} s (limit {cpu:g} s)")
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            exc = result.exception
            what = "timeout" if isinstance(exc, _Timeout) else f"{type(exc).__name__}: {str(exc)[:200]}"
            return [f"exception escaped: {what}"]
        if result.exit_code not in (0, 1, 2):
            problems.append(f"exit code {result.exit_code}")
        err = result.stderr
        if "internal error" in err:
            problems.append(f"safety net: {err.strip()[:300]}")
        if "Traceback" in err:
            problems.append("traceback on stderr")
        long = [ln for ln in err.splitlines() if len(ln) > MAX_ERR_LINE]
        if long:
            problems.append(f"stderr line of {len(long[0])} characters")
        if case.broken and result.exit_code == 0:
            problems.append("exit 0 on a card dealt twice")
        if case.command[0] == "convert" and result.exit_code == 0 and case.command[-1] in LOSSLESS:
            problems += _round_trip(runner, path, case.command[-1], result.stdout, workdir)
    except _Timeout:
        problems.append("timeout")
    finally:
        if old is not None:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, old)
    return problems


def _round_trip(runner: CliRunner, path: str, fmt: str, output: str, workdir: str) -> list[str]:
    code_in, before = _boards_yaml(runner, path)
    out_path = os.path.join(workdir, f"out.{fmt}")
    with open(out_path, "w", encoding="utf-8", newline="") as fp:
        fp.write(output)
    code_out, after = _boards_yaml(runner, out_path, fmt)
    if code_in != 0:
        return [f"convert --to {fmt} exits 0 but --to yaml exits {code_in}"]
    if code_out != 0:
        return [f"convert --to {fmt} output does not read back (exit {code_out})"]
    import yaml

    # libyaml's safe loader where pyyaml has it (some 20 times faster; both sides are read alike)
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

    # the same boards: compared as data, so that the order of tags does not count, and an
    # empty play record as none (PBN writes a known leader with no card as [Play "W"],
    # which reads back as an empty play)
    def boards(text: str) -> object:
        data = yaml.load(text, Loader=loader)
        for board in data if isinstance(data, list) else []:
            if isinstance(board, dict) and board.get("play") == []:
                del board["play"]
        return data

    if boards(before) != boards(after):
        return [f"convert --to {fmt} round trip changes the boards"]
    return []


@dataclass
class Finding:
    """A case that went wrong."""

    case: Case
    problems: list[str]

    def describe(self, seed_value: int) -> str:
        c = self.case
        command = " ".join("FILE" if a == "{}" else a for a in c.command)
        return (f"seed {seed_value} case {c.index}: {command} on {c.seed.name} "
                f"[{'+'.join(c.steps)}]: {'; '.join(self.problems)}")


def run(seed_value: int, cases: int, *, only: int | None = None, timeout: float = 60.0, cpu: float = 10.0,
        size: float = 0.0, max_size: int = MAX_SIZE,
        progress: Callable[[int], None] | None = None) -> Iterator[Finding]:
    """Run ``cases`` cases of seed ``seed_value`` (or just case ``only``), a share ``size``
    of them size bombs; yield the findings."""
    pool = seeds()
    indexes = [only] if only is not None else range(cases)
    with tempfile.TemporaryDirectory(prefix="bridgecli-fuzz-") as workdir:
        for n, i in enumerate(indexes):
            case = make_case(seed_value, i, pool, size, max_size)
            problems = check(case, workdir, timeout, cpu)
            if problems:
                yield Finding(case, problems)
            if progress is not None:
                progress(n + 1)


def main(argv: list[str] | None = None) -> int:
    """Command line: run the cases, print each finding, exit 1 when there is any."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cases", type=int, default=2000, help="number of cases (default 2000)")
    ap.add_argument("--seed", type=int, default=None, help="run seed (default: from the clock, printed)")
    ap.add_argument("--only", type=int, default=None, help="run case N only (to replay a finding)")
    ap.add_argument("--timeout", type=float, default=60.0,
                    help="seconds a case may take, round trip included (default 60; --cpu is the time check)")
    ap.add_argument("--cpu", type=float, default=10.0, help="CPU seconds a case may use (default 10)")
    ap.add_argument("--size", type=float, default=0.05, help="share of size and time bombs (default 0.05)")
    ap.add_argument("--max-size", type=int, default=MAX_SIZE, help=f"largest bomb (default {MAX_SIZE:,})")
    ap.add_argument("--memory", type=int, default=4096, help="address space limit in MB (default 4096; 0: none)")
    ap.add_argument("--save", metavar="DIR", default=None, help="write each finding's input into DIR")
    args = ap.parse_args(argv)
    seed_value = args.seed if args.seed is not None else int(time.time())
    if args.memory:
        import resource

        limit = args.memory << 20
        resource.setrlimit(resource.RLIMIT_AS, (limit, resource.getrlimit(resource.RLIMIT_AS)[1]))
    print(f"fuzz: seed {seed_value}, {1 if args.only is not None else args.cases} cases", file=sys.stderr)
    started = time.monotonic()
    findings = 0

    def progress(n: int) -> None:
        if n % 1000 == 0:
            print(f"fuzz: {n} cases, {findings} findings, {time.monotonic() - started:.0f} s", file=sys.stderr)

    for finding in run(seed_value, args.cases, only=args.only, timeout=args.timeout, cpu=args.cpu, size=args.size,
                       max_size=args.max_size, progress=progress):
        findings += 1
        print(finding.describe(seed_value))
        if args.save:
            os.makedirs(args.save, exist_ok=True)
            name = f"seed{seed_value}-case{finding.case.index}{finding.case.seed.ext}"
            Path(args.save, name).write_bytes(finding.case.data)
    elapsed = time.monotonic() - started
    print(f"fuzz: done, {findings} findings in {elapsed:.0f} s", file=sys.stderr)
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
