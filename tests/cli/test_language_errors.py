"""Error messages under ``--lang pl|hu``: translated at the edge, English untouched.

The translations come from ``Language.error_patterns`` (English regex -> template). The
checks here compare each translated line with the English line of the same run: no
English word of the English message may survive, except the file name, quoted input and
the ``bridgecli: error:`` prefix; exit codes are the same in every language.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from bridgecli.cli import cli
from bridgecli.core import notation
from bridgecli.core.board import Board
from bridgecli.core.cards import Seat
from bridgecli.core.contract import Contract
from bridgecli.core.deal import Deal
from bridgecli.core.errors import BridgeError
from bridgecli.core.notation import ENGLISH, HUNGARIAN, LANGUAGES, POLISH, get_language
from bridgecli.core.play import PlayState, replay_board
from bridgecli.solver.dds import INSTALL_HINT

INVALID = Path(__file__).resolve().parents[2] / "sample_deals" / "invalid"
VALID = Path(__file__).resolve().parents[2] / "sample_deals" / "valid" / "club_session.pbn"
DEAL = "N:AKQJ.T98.765.432 T987.AKQ.432.765 65432.J76.AKQ.AK .5432.JT98.QJT98"
INLINE = ["play", "--deal", DEAL, "--contract", "4S", "--declarer", "S", "--cards"]
PBN_PLAY = '[Board "1"]\n[Deal "{deal}"]\n[Contract "4S"]\n[Declarer "S"]\n[Play "{leader}"]\n{cards}\n'

#: words that read the same in Polish and Hungarian messages (names of formats, the prefix),
#: and Hungarian "is" (also)
SAME_WORDS = {"bridgecli", "error", "JSON", "YAML", "NUL", "DDS", "pip", "install", "dds", "predeal", "is"}


def _runner() -> CliRunner:
    try:
        return CliRunner(mix_stderr=False)  # type: ignore[call-arg]
    except TypeError:
        return CliRunner()


def _run(lang: str, args: list[str], input: str | None = None) -> tuple[int, str, str]:
    res = _runner().invoke(cli, ["--lang", lang, *args], input=input)
    assert res.exception is None or isinstance(res.exception, SystemExit), res.exception
    return res.exit_code, res.stdout, res.stderr


def _english_words(line: str, keep: tuple[str, ...]) -> set[str]:
    """The words of ``line`` outside file names, quoted input and the caret line."""
    line = line.split("\n")[0]
    for name in keep:
        line = line.replace(name, " ")
    # quoted input, option names and the [reason] code of play lines (a fixed vocabulary, as in --json)
    line = re.sub(r"""'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|--[a-z-]+|\[[a-z-]+\]$|<stdin>""", " ", line)
    return {w for w in re.findall(r"[A-Za-z]{2,}", line)} - SAME_WORDS


# (args, stdin, which stream holds the message, a word the Polish and Hungarian lines must hold)
CASES: list[tuple[list[str], str | None, str, tuple[str, str]]] = [
    (["show", str(INVALID / "card_twice.pbn")], None, "err", ("Północ i Wschód", "Észak és Kelet")),
    (["show", str(INVALID / "card_twice.lin")], None, "err", ("Południe i Zachód", "Dél és Nyugat")),
    (["show", str(INVALID / "fourteen_cards.pbn")], None, "err", ("Północ ma 14 kart", "Észak kezében 14 lap")),
    (["show", str(INVALID / "empty.pbn")], None, "err", ("brak rozdań", "nincs leosztás")),
    (["show", str(INVALID / "garbage.pbn")], None, "err", ("dane binarne", "bináris adat")),
    (["show", str(INVALID / "unterminated_tag.pbn")], None, "err", ("niezamknięty cudzysłów", "lezáratlan")),
    (["show", str(INVALID / "bad_deal_string.pbn")], None, "err", ("błędny rozkład", "hibás leosztás")),
    (["show", str(INVALID / "unknown_seat.pbn")], None, "err", ("nieznana strona świata", "ismeretlen égtáj")),
    (["show", str(INVALID / "bad_syntax.yaml")], None, "err", ("błąd składni YAML", "YAML-szintaxishiba")),
    (["show", str(INVALID / "bad_syntax.json")], None, "err", ("błąd składni JSON", "JSON-szintaxishiba")),
    (["show", str(INVALID / "bad_call.pbn")], None, "err", ("to nie jest odzywka: '8H'", "nem bemondás: '8H'")),
    (["validate-auction", str(INVALID / "bad_call.pbn")], None, "out",
     ("to nie jest odzywka: '8H'", "nem bemondás: '8H'")),
    (["score", "4S+9"], None, "err", ("oznacza 19 lew", "19 ütést jelent")),
    (["score", "4S", "abc"], None, "err", ("to nie jest kontrakt z wynikiem", "nem felvétel és eredmény")),
    (["play", "--deal", DEAL, "--contract", "4S"], None, "err", ("wymaga rozgrywającego", "felvevő kell")),
    ([*INLINE, "DJ D5 D2 DA SA"], None, "out", ("Północ nie może wistować 'SA': kolej na Południe (prawo 53)",
                                                  "Észak nem hívhatja ki a(z) 'SA' lapot: Dél következik (53. szabály)")),
    ([*INLINE, "DJ D5 HA"], None, "out", ("nie do koloru: Wschód zagrywa 'HA', mając kara (prawo 44C, 61)",
                                          "nem színre tett lap: Kelet a(z) 'HA' lapot teszi, pedig van káró lapja")),
    (["play", "-"], PBN_PLAY.format(deal=DEAL, leader="N", cards="DJ D5 D2 DA"), "out",
     ("wist nie z tej ręki", "soron kívüli kezdőhívás")),
    (["deal", "-n", "1", "--where", "hcp(north) >= 12 &&"], None, "err",
     ("wyrażenie kończy się za wcześnie (kolumna 20)", "a kifejezés túl korán véget ér (20. oszlop)")),
    (["rubber", "-"], "4S= --declarer N --honors foo\n", "err", ("honory zapisuje się", "a honőrök alakja")),
]


@pytest.mark.parametrize("lang", ["pl", "hu"])
@pytest.mark.parametrize(("args", "stdin", "stream", "expected"), CASES, ids=lambda v: None)
def test_error_line_is_translated(lang: str, args: list[str], stdin: str | None, stream: str,
                                  expected: tuple[str, str]) -> None:
    en_code, en_out, en_err = _run("en", args, stdin)
    code, out, err = _run(lang, args, stdin)
    assert code == en_code and code in (1, 2)
    en_text, text = (en_err, err) if stream == "err" else (en_out, out)
    en_lines = [ln for ln in en_text.splitlines() if ln.strip()]
    lines = [ln for ln in text.splitlines() if ln.strip()]
    assert len(lines) == len(en_lines)
    want = expected[0] if lang == "pl" else expected[1]
    hits = [(en, tr) for en, tr in zip(en_lines, lines) if want in tr]
    assert hits, text
    en_line, line = hits[0]
    if stream == "err":
        assert line.startswith("bridgecli: error: ")
    files = tuple(a for a in args if "/" in a)
    left = _english_words(en_line, files) & _english_words(line, files)
    # the validate-auction and play lines start with words of the output tables (already translated)
    assert not left, (en_line, line)


def test_caret_line_is_kept() -> None:
    _, _, en = _run("en", ["deal", "-n", "1", "--where", "hcp(north) >= 1$"])
    _, _, pl = _run("pl", ["deal", "-n", "1", "--where", "hcp(north) >= 1$"])
    assert pl.splitlines()[1:] == en.splitlines()[1:] and len(en.splitlines()) == 3
    assert pl.splitlines()[0] == "bridgecli: error: --where 'hcp(north) >= 1$': nieoczekiwany znak '$' (kolumna 16)"


def test_english_is_untouched() -> None:
    text = "f.pbn:5: board 1: card 'SA' is in both north and east"
    assert ENGLISH.translate_error(text) == text and get_language("en").translate_error(text) == text
    assert ENGLISH.error_patterns == ()


def test_unknown_messages_pass_through() -> None:
    for lang in (POLISH, HUNGARIAN):
        assert lang.translate_error("f.pbn:3: something new happened") == "f.pbn:3: something new happened"


# -- every pattern reads a message the code really produces -----------------------------


def _cli_corpus(tmp: Path) -> Iterator[str]:
    files = {
        "bin.pbn": b"\x81\x82\x83" * 40,
        "u16.pbn": b"\xff\xfe" + '[Board "1"]\n'.encode("utf-16-le"),
        "u32.pbn": '\ufeff[Board "1"]\n'.encode("utf-32-le"),
        "r8.txt": b"# only a comment\n\n",
        "r9.txt": b"4S= -d N\n" + b"#" * (1 << 20) + b"x\n",
        "mv.yaml": b"a: b: c\n",
        "bm.yaml": b"a:\n  b: 1\n c: 2\n",
        "qs.yaml": b'a: "x\n',
        "sk.yaml": b"? a\nb\n",
        "fs.yaml": b"a: [1, 2\n",
        "v.json": b"[\n",
        "k.json": b"{,}\n",
        "dup.json": b'{"a": 1, "a": 2}\n',
        "t1.pbn": b'hello\n[Event "x"]\n',
        "t3.pbn": b'[Event "x"] ]\n',
        "t4.pbn": b'[Event "x" [\n',
        "d1.pbn": b'[Board "1"]\n[Deal "AKQ"]\n',
        "d2.pbn": ('[Board "1"]\n[Deal "Q' + DEAL[1:] + '"]\n').encode(),
        "d3.pbn": ('[Board "1"]\n[Deal "' + DEAL.replace("AKQJ", "AKZJ", 1) + '"]\n').encode(),
        "c1.pbn": b'[Board "1"]\n[Contract "9S"]\n',
        "r1.pbn": b'[Board "1"]\n[Contract "4S"]\n[Declarer "S"]\n[Result "14"]\n',
        "r2.pbn": b'[Board "1"]\n[Contract "4S"]\n[Declarer "S"]\n[Result "abc"]\n',
        "a1.pbn": b'[Board "1"]\n[Dealer "N"]\n[Auction "E"]\n1S Pass Pass Pass\n',
        "b1.pbn": b'[Board "-3"]\n',  # "x" is a board label (h5): read, not refused
        "p1.pbn": PBN_PLAY.format(deal=DEAL, leader="W", cards="D5 H2 DJ DA").encode(),
        "p2.pbn": PBN_PLAY.format(deal=DEAL, leader="N", cards="DJ D5 D2 DA").encode(),
        "nodeal.pbn": b'[Board "1"]\n[Contract "4S"]\n[Declarer "S"]\n',
        "np.pbn": ('[Board "1"]\n[Deal "' + DEAL + '"]\n').encode(),
        "uq.pbn": b'[Event x]\n[Board "1"]\n\n[Event y]\n[Board "2"]\n',
        "mixed.pbn": (PBN_PLAY.format(deal=DEAL, leader="W", cards="D5 H2 DJ DA") + '\n[Board "2"]\n[Deal "'
                      + DEAL + '"]\n').encode(),
        "r3.txt": b"pass --honors NS:100\n",
        "r4.txt": b"4S= --declarer N --honors foo\n",
        "r5.txt": b"4S= --declarer N --foo\n",
        "r6.txt": b"4S=\n",
        "r7.txt": b"players: A, B, C, D\n7NT= -d N\n7NT= -d N\n7NT= -d N\n7NT= -d N\n",
        "s1.pbn": b'[Board "1"]\n[Contract "4S"]\n[Result "10"]\n',
        "s2.pbn": PBN_PLAY.format(deal=DEAL, leader="W", cards="DJ D5 D2 DA").replace(
            "[Board", '[Result "0"]\n[Board').encode(),
    }
    for name, data in files.items():
        (tmp / name).write_bytes(data)
    runs: list[list[str]] = [["show", str(p)] for p in INVALID.iterdir()]
    runs += [["show", str(tmp / n)] for n in files if n.endswith((".pbn", ".yaml", ".json")) and n[0] != "p"]
    runs += [["play", str(tmp / n)] for n in ("p1.pbn", "p2.pbn", "mixed.pbn", "np.pbn")]
    # the notes and warnings a user meets first (issue #31)
    runs += [["deal", "-n", "1", "--format", "text"], ["deal", "-n", "1", "-j", "999"], ["show", str(tmp / "uq.pbn")],
             ["deal", "-n", "2", "--where", "hcp(north) >= 37", "--max-tries", "50"]]
    runs += [["rubber", str(tmp / n)] for n in files if n.endswith(".txt")]
    runs += [["score", str(tmp / n)] for n in ("s1.pbn", "s2.pbn")]
    runs += [
        ["validate-auction", str(INVALID / "bad_call.pbn")],
        ["show", str(VALID), "--board", "99"],
        ["play", str(VALID), "--board", "99"],
        ["play", str(tmp / "nodeal.pbn"), "--complete"],
        ["convert", str(INVALID / "card_twice.pbn"), "--to", "yaml", "--skip-bad"],
        ["score", "4S+9"], ["score", "4S", "abc"], ["score", "Pass", "+1"], ["score", "4S=", "--scoring", "foo"],
        ["score", "--imps", "abc"], ["score", "4SE=", "--declarer", "N"], ["score", "4S=", "--vul", "foo"],
        ["score", ""], ["score", "4S", "x9"],
        ["play", "--deal", DEAL], ["play", "--deal", DEAL, "--contract", "4S"],
        [*INLINE, "SA"], [*INLINE, "DJ DJ"], [*INLINE, "DJ D5 D2 DA SA"], [*INLINE, "DJ D5 HA"],
        ["deal", "-n", "1", "--predeal", "N=SA", "--predeal", "E=SA"],
        ["deal", "-n", "1", "--predeal", "N:AKQJT98765432.A.."],
        ["deal", "-n", "1", "--predeal", "foo"],
    ]
    for where in ("hcp(north) >= 1$", "hcp(north", "hcp(north) >= 12 12", "hcp >= 12", "(hcp(north) 12",
                  "(hcp(north)", "hcp(north) >= 12 &&", "hcpp(north) > 1"):
        runs.append(["deal", "-n", "1", "--where", where])
    for calls in ("1NT 1C", "1S P X", "X", "1S XX", "XX", "1S X P XX", "P P P P 1S"):
        runs.append(["validate-auction", "--dealer", "N", "--calls", calls])
    for args in runs:
        _, out, err = _run("en", args)
        # play lines end in the error's [reason] code, appended after the message
        yield from (re.sub(r" \[[a-z-]+\]$", "", line) for line in out.splitlines())
        # a usage error ends in where to read the help, after the message
        yield from (re.sub(r"; see '[a-z -]+ --help'$", "", e[len("bridgecli: error: "):])
                    for e in err.split("\n") if e.startswith("bridgecli: error: "))
        yield from (e[len("bridgecli: warning: "):] for e in err.split("\n") if e.startswith("bridgecli: warning: "))
        yield from (e[len("bridgecli: note: "):] for e in err.split("\n") if e.startswith("bridgecli: note: "))


def _core_corpus() -> Iterator[str]:
    deal = Deal.from_pbn(DEAL)
    s4 = Contract.from_str("4S").with_declarer(Seat.SOUTH)
    calls: list[Callable[[], Any]] = [
        lambda: ENGLISH.parse_rank("Z"), lambda: ENGLISH.parse_suit("Z"), lambda: ENGLISH.parse_strain("Z"),
        lambda: ENGLISH.parse_card("Z9"), lambda: ENGLISH.parse_call("xyz"), lambda: ENGLISH.parse_call("8H"),
        lambda: ENGLISH.parse_seat("Q"), lambda: ENGLISH.parse_vul("Q"), lambda: ENGLISH.parse_hand("AKQ"),
        lambda: ENGLISH.parse_hand("AKZ.K.Q.J"), lambda: ENGLISH.parse_hand("AA.K.Q.J"),
        lambda: ENGLISH.parse_contract("xyz"), lambda: ENGLISH.parse_contract("9S"),
        lambda: Deal.from_pbn("N:AKQ"), lambda: Deal.from_pbn("AKQ"),
        lambda: replay_board(Board(number=1, deal=deal)),
        lambda: replay_board(Board(number=1, contract=s4)),
        lambda: PlayState(Deal((deal.hands[0], None, deal.hands[2], deal.hands[3])), s4),
        lambda: PlayState(deal, s4).play(ENGLISH.parse_card("DJ")).play(ENGLISH.parse_card("DQ")),
    ]
    for call in calls:
        try:
            call()
        except BridgeError as exc:
            yield str(exc)
        else:  # pragma: no cover - a call above stopped raising
            raise AssertionError(f"no error from {call}")
    yield INSTALL_HINT


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    return [*_cli_corpus(tmp_path_factory.mktemp("errors")), *_core_corpus()]


def test_every_pattern_reads_a_real_message(corpus: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    used: set[str] = set()
    compiled = notation._compiled

    class Recorder:
        def __init__(self, pattern: str) -> None:
            self.pattern = pattern
            self.regex = compiled(pattern)

        def fullmatch(self, text: str) -> re.Match[str] | None:
            m = self.regex.fullmatch(text)
            if m is not None:
                used.add(self.pattern)
            return m

    monkeypatch.setattr(notation, "_compiled", Recorder)
    for code in ("pl", "hu"):
        lang = LANGUAGES[code]
        for message in corpus:
            lang.translate_error(message)
        unused = [t for p, t in lang.error_patterns if p not in used]
        assert not unused, (code, unused)


def test_every_template_fills(corpus: list[str]) -> None:
    """Each matching message gives a template every placeholder it names (no KeyError),
    and a message a pattern reads changes."""
    for lang in (POLISH, HUNGARIAN):
        changed = [m for m in corpus if lang.translate_error(m) != m]
        assert len(changed) > 60
        for pattern, template in lang.error_patterns:
            names = set(re.findall(r"\{(\w+)\}", template))
            assert names <= set(re.compile(pattern).groupindex), (pattern, template)
