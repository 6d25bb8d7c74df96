"""Every command's text output in Polish and Hungarian; Polish/Hungarian input to canonical files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgecli.cli import cli

CLUB = Path(__file__).resolve().parents[2] / "docs" / "examples" / "club.pbn"

POLISH_YAML = """\
board: 1
dealer: N
vulnerable: obie
auction: [1BA, pas, 3BA, ktr, rktr, pas, pas, pas]
contract: 3BAXX
declarer: N
result: 9
"""


def run(runner: CliRunner, *args: str, input: str | None = None) -> tuple[int, str, str]:
    res = runner.invoke(cli, list(args), input=input)
    return res.exit_code, res.stdout, res.stderr


# -- score -------------------------------------------------------------------------

@pytest.mark.parametrize("lang, args, expected", [
    # 3NT made, not vulnerable: 40 + 30 + 30 trick score, 300 game bonus (Law 77)
    ("en", ["3BA="], "400"),
    ("pl", ["3BA="], "400"),
    ("hu", ["3SZAN="], "400"),
    # 4H made non-vul: 120 + 300 = 420; in Polish/Hungarian C is hearts
    ("pl", ["4C="], "420"),
    ("hu", ["4kőr="], "420"),
    # 4C made non-vul in English: 80 + 50 part score = 130
    ("en", ["4C="], "130"),
    # 4S doubled down 2, vulnerable: 200 + 300 = 500 (Law 77)
    ("pl", ["4PX-2", "--vul", "obie"], "-500"),
    ("hu", ["4PX-2", "--vul", "mindenki"], "-500"),
    ("pl", ["4Pktr-2", "--vul", "obie"], "-500"),
])
def test_score_reads_foreign_contracts(runner: CliRunner, lang: str, args: list[str], expected: str) -> None:
    code, out, err = run(runner, "--lang", lang, "score", *args)
    assert (code, out, err) == (0, expected + "\n", "")


def test_score_stdin_lines_in_polish(runner: CliRunner) -> None:
    code, out, err = run(runner, "--lang", "pl", "score", "-", input="3BA=\n4P+1\n6BAX= --vul obie\n")
    # 400; 4S+1 non-vul 450; 6NTX= vul: 190*2=380 + 50 insult + 500 game + 750 slam = 1680
    assert (code, out.split(), err) == (0, ["400", "450", "1680"], "")


def test_score_table_in_polish_and_hungarian(runner: CliRunner) -> None:
    code, out, err = run(runner, "--lang", "pl", "score", str(CLUB))
    assert code == 0 and err == ""
    assert out.split("\n")[0].split() == ["Rozdanie", "Zał.", "Kontrakt", "Rozgr.", "Wynik", "Lewy", "NS", "EW"]
    assert "4♥" in out and "3BAX" in out and "obie przed" in out
    code, out, err = run(runner, "--lang", "hu", "score", str(CLUB))
    assert code == 0
    assert out.split("\n")[0].split()[:4] == ["Leosztás", "Bell", "Felvétel", "Felvevő"]
    assert "3SAX" in out and " K " in out  # East is Kelet


def test_score_event_headers(runner: CliRunner, tmp_path: Path) -> None:
    csv = tmp_path / "teams.csv"
    csv.write_text("board,room,ns,ew,contract,declarer,result\n"
                   "1,open,A1,B1,4P,N,=\n1,closed,B2,A2,4S,N,-1\n", encoding="utf-8")
    code, out, _ = run(runner, "--lang", "pl", "score", "--event", str(csv))
    assert code == 0
    assert "Gospodarze" in out and "Drużyna" in out and "4♠ N" in out
    # 420 and -50: 470 difference = 10 IMPs
    assert out.split("\n")[2].split()[-1] == "10"


# -- validate-auction ---------------------------------------------------------------

def test_validate_auction_polish(runner: CliRunner) -> None:
    code, out, err = run(runner, "--lang", "pl", "validate-auction", "--dealer", "N", "--calls",
                         "1BA pas 3BA pas pas pas")
    assert (code, out, err) == (0, "Licytacja: 3BA N\n", "")


def test_validate_auction_hungarian(runner: CliRunner) -> None:
    code, out, err = run(runner, "--lang", "hu", "validate-auction", "--dealer", "K", "--calls",
                         "1szan passz 3szan kontra")
    assert (code, out, err) == (0, "Licit: befejezetlen licit 4 bemondás után, K következik\n", "")


def test_validate_auction_file_lines(runner: CliRunner) -> None:
    code, out, _ = run(runner, "--lang", "pl", "validate-auction", str(CLUB))
    assert code == 0
    assert out.splitlines()[0] == "Rozdanie 1: 4♥ S, obie przed partią"
    code, out, _ = run(runner, "--lang", "hu", "validate-auction", str(CLUB))
    assert out.splitlines()[0] == "Leosztás 1: 4♥ D, senki sincs bellben"


def test_english_default_reads_polish_calls(runner: CliRunner) -> None:
    code, out, _ = run(runner, "validate-auction", "--dealer", "N", "--calls", "1BA pas 3BA pas pas pas")
    assert (code, out) == (0, "Auction: 3NT by N\n")


def test_error_messages_translated(runner: CliRunner) -> None:
    code, out, err = run(runner, "--lang", "pl", "validate-auction", "--dealer", "N", "--calls", "1BA xyz")
    assert code == 2 and out == ""
    assert err == "bridgecli: error: nieznana odzywka 'xyz' w --calls (odzywka 2, kolumna 5)\n"
    code, _, err = run(runner, "--lang", "hu", "score", "9SA=")
    assert code == 2 and "nem felvétel: '9SA'" in err
    code, _, err = run(runner, "--lang", "pl", "score", "4Z=")
    assert code == 2 and "to nie jest kontrakt" in err


# -- show ---------------------------------------------------------------------------------

def test_show_polish(runner: CliRunner) -> None:
    code, out, err = run(runner, "--lang", "pl", "show", str(CLUB), "--board", "1")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "Rozdanie 1   Rozdający: Północ   Założenia: obie przed"
    assert "♠ AKD2" in out and "♥ KW3" in out and "♦ 1098" in out
    assert "Zachód" in out and "Południe" in out
    assert "pasy" in out and "2BA" in out
    assert "Kontrakt: 4♥ S, ugrany (10 lew)" in out
    assert "Lewa" in out and "Bierze" in out


def test_show_hungarian(runner: CliRunner) -> None:
    code, out, _ = run(runner, "--lang", "hu", "show", str(CLUB), "--board", "2")
    assert code == 0
    assert out.splitlines()[0] == "Leosztás 2   Osztó: Kelet   Bell: É-D"
    # 3NTX by E needs 9 tricks; 7 taken: two down
    assert "Felvétel: 3SAX K, 2 bukás" in out
    assert "mind passz" in out and "kontra" in out and "Nyugat" in out


def test_env_variable_chooses_the_language(runner: CliRunner) -> None:
    res = runner.invoke(cli, ["show", str(CLUB), "--board", "1", "--brief"], env={"BRIDGECLI_LANG": "pl"})
    assert res.exit_code == 0 and res.stdout.startswith("Rozdanie   1  N  obie przed  4♥ S, ugrany (10 lew)")


def test_show_ascii_uses_the_language_letters(runner: CliRunner) -> None:
    code, out, _ = run(runner, "--lang", "pl", "show", str(CLUB), "--board", "1", "--ascii")
    assert code == 0 and "C KW3" in out and "Kontrakt: 4C S" in out


# -- play --------------------------------------------------------------------------------

def test_play_polish(runner: CliRunner) -> None:
    code, out, _ = run(runner, "--lang", "pl", "play", str(CLUB), "--board", "1", "--tricks")
    assert code == 0
    lines = out.splitlines()
    # claimed after 3 tricks, 10 tricks, 4H= non-vul: 420
    assert lines[0] == "Rozdanie 1: 4♥ S, 10 lew (zgłoszone po 3), ugrany (=), NS +420"
    assert lines[1].split()[:2] == ["lewa", "wist"]
    assert lines[3].split()[:6] == ["1", "W", "♣10", "♣2", "♣4", "♣K"]


def test_play_inline_hungarian(runner: CliRunner) -> None:
    code, out, err = run(runner, "--lang", "hu", "play", "--contract", "4P", "--declarer", "D",
                         "--cards", "♦B ♦5 ♦2 ♦A", "--tricks",
                         "--deal", "É:AKDB.1098.765.432 10987.AKD.432.765 65432.B76.AKD.AK .5432.B1098.DB1098")
    assert code == 0, err
    assert out.splitlines()[0].startswith("Lejátszás: 4♠ D, a lejátszás 1 ütés után megáll")
    assert out.splitlines()[3].split() == ["1", "Ny", "♦J", "♦5", "♦2", "♦A", "D", "1", "0"]


# -- deal ------------------------------------------------------------------------------------

def test_deal_text_polish_and_hungarian(runner: CliRunner) -> None:
    _, en, _ = run(runner, "deal", "-n", "3", "--seed", "5", "--format", "text")
    _, pl, _ = run(runner, "--lang", "pl", "deal", "-n", "3", "--seed", "5", "--format", "text")
    _, hu, _ = run(runner, "--lang", "hu", "deal", "-n", "3", "--seed", "5", "--format", "text")
    table = str.maketrans({"T": "10", "J": "W", "Q": "D"})
    assert pl == en.translate(table)
    assert hu == en.replace("N:", "É:").replace("T", "10")


def test_deal_predeal_and_where_in_polish(runner: CliRunner) -> None:
    code, out, err = run(runner, "--lang", "pl", "deal", "-n", "2", "--seed", "1", "--format", "text",
                         "--predeal", "Zachód=PAKD,CW10", "--where", "kiery(południe) >= 4 && hcp(północ) >= 10")
    assert code == 0, err
    for line in out.splitlines():
        hands = line[2:].split()
        west = hands[3].split(".")
        assert west[0].startswith("AKD") and "W10" in west[1]
        assert len(hands[2].split(".")[1]) - hands[2].split(".")[1].count("10") >= 4


# -- solve ------------------------------------------------------------------------------------

def test_solve_polish_and_hungarian(runner: CliRunner) -> None:
    pytest.importorskip("endplay")
    code, out, _ = run(runner, "--lang", "pl", "solve", str(CLUB), "--table")
    assert code == 0
    first = out.splitlines()
    assert first[0] == "Rozdanie 1  Rozdający N  Zał. obie przed"
    assert first[1].split() == ["BA", "♠", "♥", "♦", "♣", "ugrywa"]  # hand-record order
    code, out, _ = run(runner, "--lang", "hu", "solve", str(CLUB), "--table")
    lines = out.splitlines()
    assert lines[0] == "Leosztás 1  Osztó É  Bell senki"
    assert lines[1].split()[0] == "SA" and lines[1].split()[-1] == "teljesít"
    assert [ln.split()[0] for ln in lines[2:6]] == ["É", "D", "K", "Ny"]


# -- files stay canonical ------------------------------------------------------------------

def test_polish_yaml_converts_to_english_pbn(runner: CliRunner, tmp_path: Path) -> None:
    src = tmp_path / "pl.yaml"
    src.write_text(POLISH_YAML, encoding="utf-8")
    code, out, err = run(runner, "--lang", "pl", "convert", str(src), "--to", "pbn")
    assert code == 0, err
    assert '[Vulnerable "All"]' in out and '[Contract "3NTXX"]' in out and '[Declarer "N"]' in out
    assert "1NT Pass 3NT X" in out and "XX Pass Pass Pass" in out
    assert "pas" not in out and "BA" not in out
    code, out, _ = run(runner, "--lang", "pl", "convert", str(src), "--to", "json")
    assert '"3NTXX"' in out and "BA" not in out


def test_json_stays_english(runner: CliRunner) -> None:
    code, out, _ = run(runner, "--lang", "hu", "score", "3SZAN=", "--json")
    assert code == 0 and '"contract": "3NT"' in out and '"declarer": "N"' in out


@pytest.mark.parametrize("calls, en, pl", [
    ("1S P 1H", "illegal call 3 (S) '1H': insufficient, 1S was the last bid (Law 27)",
     "niedozwolona odzywka 3 (S) '1♥': niewystarczająca, ostatnia odzywka to 1♠ (prawo 27)"),
    ("1S P X", "illegal call 3 (S) 'X': 1S was bid by the doubler's own side (Law 36)",
     "niedozwolona odzywka 3 (S) 'ktr': 1♠ zgłosiła strona kontrującego (prawo 36)"),
    ("XX", "illegal call 1 (N) 'XX': no bid to redouble yet (Law 36)",
     "niedozwolona odzywka 1 (N) 'rktr': nie ma jeszcze czego rekontrować (prawo 36)"),
])
def test_illegal_calls_translated(runner: CliRunner, calls: str, en: str, pl: str) -> None:
    code, out, _ = run(runner, "validate-auction", "--dealer", "N", "--calls", calls)
    assert (code, out) == (1, f"Auction: {en}\n")
    code, out, _ = run(runner, "--lang", "pl", "validate-auction", "--dealer", "N", "--calls", calls)
    assert (code, out) == (1, f"Licytacja: {pl}\n")


def test_deal_dealer_and_vul_in_the_language(runner: CliRunner) -> None:
    code, out, _ = run(runner, "--lang", "hu", "deal", "-n", "1", "--seed", "1", "--dealer", "Ny", "--vul", "mindenki")
    assert code == 0 and '[Dealer "W"]' in out and '[Vulnerable "All"]' in out
    code, out, _ = run(runner, "deal", "-n", "1", "--seed", "1", "--dealer", "Zachód", "--vul", "nikt")
    assert code == 0 and '[Dealer "W"]' in out and '[Vulnerable "None"]' in out


RUBBER_LINES = "1NTN=\n4S= -d E\n2H+1 -d N\n2S= -d N --honors NS:100\n3NT-1 -d E\n"


@pytest.mark.parametrize("lang,words", [
    ("pl", ["Rober 1: niedokończony", "MY (NS)", "ONI (EW)", "honory (4)", "wpadki (5)", "razem", "Różnica",
            "rozliczenie 3", "1BA N (1)", "4♠ E (2)"]),
    ("hu", ["Robber 1: befejezetlen", "MI (É-D)", "ŐK (K-Ny)", "honőrök (4)", "bukások (5)", "összesen",
            "Különbség: É-D 270", "elszámolás 3", "1SA É (1)", "4♠ K (2)"]),
])
def test_rubber_sheet_in_language(runner, lang: str, words: list[str]) -> None:
    # RULES.md 7: N-S 40 + 60 + 60 below, 300 for a game in the unfinished rubber, honours 100,
    # an overtrick 30, E-W's 3NT one down vulnerable 100: 690; E-W 120 below + 300: 420
    r = runner.invoke(cli, ["--lang", lang, "rubber", "-"], input=RUBBER_LINES)
    assert r.exit_code == 0, r.stderr
    for w in words:
        assert w in r.stdout, (w, r.stdout)
    assert "690" in r.stdout and "420" in r.stdout
    assert "reason_" not in r.stdout


# -- issue 15: a display language never changes a score read from a file or stdin ---------------

CHICAGO_TXT = Path(__file__).resolve().parents[2] / "docs" / "examples" / "chicago.txt"


def test_display_language_does_not_change_a_chicago_file(runner: CliRunner, tmp_path: Path) -> None:
    en = runner.invoke(cli, ["rubber", str(CHICAGO_TXT), "--chicago", "--json"])
    hu = runner.invoke(cli, ["--lang", "hu", "rubber", str(CHICAGO_TXT), "--chicago", "--json"])
    assert en.exit_code == 0 and hu.exit_code == 0, hu.stderr
    assert json.loads(hu.stdout) == json.loads(en.stdout)
    # line 4 is "3C= -d S": 3 clubs in English, 3 hearts (kőr) in Hungarian; English is taken
    assert hu.stderr == (f"bridgecli: warning: {CHICAGO_TXT}:4: '3C= -d S' read in English: 3C by S, 9 tricks;"
                         " Hungarian (--lang hu) reads 3H by S, 9 tricks. Put '# lang: hu' first to read the"
                         " input in Hungarian\n")
    declared = tmp_path / "kor.txt"
    declared.write_text("# lang: hu\n" + CHICAGO_TXT.read_text())
    both = [runner.invoke(cli, [*lang, "rubber", str(declared), "--chicago"]) for lang in ([], ["--lang", "hu"])]
    for r in both:
        assert r.exit_code == 0 and r.stderr == ""
    # Chicago (RULES.md 8): N-S 40 (1NT=) then 3C= is 60 below, or 3H= 90: either completes
    # a game on deal 3, N-S vulnerable, 500. E-W: 2H+1 60 + 30, 2S= 60 + 100 for a part-score on
    # deal 4. English: 600 - 250 = 350; declared Hungarian: 630 - 250 = 380.
    assert "Difference: N-S by 380" in both[0].stdout
    text = runner.invoke(cli, ["rubber", str(CHICAGO_TXT), "--chicago"]).stdout
    assert "Difference: N-S by 350" in text


def test_score_lines_read_in_the_declared_language(runner: CliRunner) -> None:
    # 4C= is 4♣ (80 + 50 = 130) in English and 4♥ (120 + 300 = 420) in Polish
    plain = runner.invoke(cli, ["--lang", "pl", "score", "-"], input="4C=\n4C=\n3BA=\n")
    assert plain.exit_code == 0
    assert plain.stdout == "130\n130\n400\n"
    assert plain.stderr == ("bridgecli: warning: <stdin>:1: '4C=' read in English: 130; Polish (--lang pl)"
                            " reads 420. Put '# lang: pl' first to read the input in Polish\n")
    declared = runner.invoke(cli, ["score", "-"], input="# lang: pl\n4C=\n3BA=\n")
    assert (declared.exit_code, declared.stdout, declared.stderr) == (0, "\n420\n400\n", "")
    bad = runner.invoke(cli, ["score", "-"], input="# lang: xx\n4C=\n")
    assert bad.exit_code == 2 and "<stdin>:1: unknown language 'xx'" in bad.stderr


@pytest.mark.parametrize("lang, args, words, english", [
    ("pl", [], ["[rober]", "(do najbliższej setki)"], ["[rubber]", "(nearest)"]),
    ("hu", [], ["[robber]", "(a legközelebbi százra)"], ["[rubber]", "(nearest)"]),
    ("pl", ["--chicago", "--chicago-rule", "each"], ["[chicago, wariant B]"], ["[chicago-b]"]),
    ("hu", ["--chicago", "--chicago-rule", "each"], ["[chicago, B változat]"], ["[chicago-b]"]),
    ("pl", ["--rounding", "down"], ["(w dół)"], ["(down)"]),
    ("hu", ["--rounding", "exact"], ["(kerekítés nélkül)"], ["(exact)"]),
])
def test_rubber_scheme_and_rounding_translated(runner, lang, args, words, english) -> None:
    lines = RUBBER_LINES.replace(" --honors NS:100", "") if "--chicago" in args else RUBBER_LINES
    r = runner.invoke(cli, ["--lang", lang, "rubber", "-", *args], input=lines)
    assert r.exit_code == 0, r.stderr
    for w in words:
        assert w in r.stdout, (w, r.stdout)
    for w in english:
        assert w not in r.stdout
    r = runner.invoke(cli, ["rubber", "-", *args], input=lines)
    assert all(w in r.stdout for w in english), r.stdout


def test_lang_help_lists_every_language(runner: CliRunner) -> None:
    from bridgecli.core.notation import LANGUAGES

    r = runner.invoke(cli, ["--help"])
    assert r.exit_code == 0
    line = next(ln for ln in r.stdout.splitlines() if ln.strip().startswith("--lang"))
    assert line.split()[1] == "|".join(LANGUAGES) == "en|pl|hu"
