"""``bridgecli results``: text, JSON records and the results site (links, languages, the
directory never half-written), and the site in a real headless browser (a phone's screen,
an A4 print)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from bridgecli.cli import cli

from ..conftest import ROOT, bridgecli_cmd, subprocess_env
from ..render._dom import Node, parse

EXAMPLE = ROOT / "docs" / "examples" / "session.yaml"
NAMES = ("Jan Kowalski", "Małgorzata Wójcik", "Zsófia Kovács", "Łukasz Dąbrowski", "Éva Szabó",
         "Józef Kamiński")


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    from click.testing import CliRunner

    target = tmp_path_factory.mktemp("out") / "site"
    res = CliRunner().invoke(cli, ["results", str(EXAMPLE), "-o", f"{target}/"])
    assert res.exit_code == 0, res.output
    return target


def test_text_and_json_of_the_example(runner):
    res = runner.invoke(cli, ["results", str(EXAMPLE)])
    assert res.exit_code == 0, res.output
    assert res.output.startswith("Thursday Pairs · KS Kraków · 2026-11-26\n")
    res = runner.invoke(cli, ["results", str(EXAMPLE), "--json"])
    records = [json.loads(line) for line in res.output.splitlines()]
    assert records[0]["record"] == "session" and records[0]["tables"] == 18
    pairs = [r for r in records if r["record"] == "pair"]
    assert len(pairs) == 6 and all(r["names"] for r in pairs)
    # every board has three results: matchpoints 0, 2 or 4 a side, and the two sides sum to the top
    results = [r for r in records if r["record"] == "result"]
    assert all(r["top"] == 4 and r["mp_ns"] + r["mp_ew"] == 4 for r in results)


def test_the_site_has_a_page_a_board_and_a_pair(site):
    names = sorted(p.name for p in site.iterdir())
    assert names == sorted([".bridgecli-site", "index.html", "style.css", *(f"board-{i}.html" for i in range(1, 7)),
                            *(f"pair-{i}.html" for i in range(1, 7))])


def _links(doc: Node) -> list[str]:
    return [n.attrs[a] for n in doc.iter() for a in ("href", "src") if a in n.attrs]


def test_every_link_resolves_and_nothing_comes_from_the_network(site):
    for page in site.glob("*.html"):
        doc = parse(page.read_text(encoding="utf-8"))
        for link in _links(doc):
            assert not re.match(r"[a-z]+:", link), f"{page.name}: {link} is not local"
            assert (site / link.split("#")[0]).is_file(), f"{page.name}: {link} does not resolve"


def test_index_ranks_each_direction_and_links_the_pairs(site):
    doc = parse((site / "index.html").read_text(encoding="utf-8"))
    heads = [h.text() for h in doc.find_all("h2")]
    assert heads[:2] == ["Ranking (NS)", "Ranking (EW)"]
    tables = doc.find_all("table")
    ns_rows = [[td.text() for td in tr.find_all("td")] for tr in tables[0].find_all("tr")[1:]]
    # N-S ranks by percentage: pair 2 66.67, pair 1 50, pair 3 33.33 (the example's traveller)
    assert [(row[0], row[1].split()[0], row[4]) for row in ns_rows] == [
        ("1", "2", "66.67"), ("2", "1", "50.00"), ("3", "3", "33.33")]
    text = doc.text()
    assert all(name in text for name in NAMES)


def test_the_movement_is_the_rounds_and_tables_of_the_results(site):
    doc = parse((site / "index.html").read_text(encoding="utf-8"))
    rows = [[td.text() for td in tr.find_all("td")] for tr in doc.find_all("table")[-1].find_all("tr")[1:]]
    # three rounds of three tables; E-W pairs move up a table, the boards down
    assert rows[:3] == [["1", "1", "1", "4", "1, 2"], ["1", "2", "2", "5", "3, 4"], ["1", "3", "3", "6", "5, 6"]]
    assert rows[3:6] == [["2", "1", "1", "6", "3, 4"], ["2", "2", "2", "4", "5, 6"], ["2", "3", "3", "5", "1, 2"]]
    assert len(rows) == 9


def test_a_board_page_has_its_diagram_and_traveller(site):
    doc = parse((site / "board-3.html").read_text(encoding="utf-8"))
    assert doc.find("div", "diagram").find_all("svg")
    rows = doc.find_all("table")[-1].find_all("tr")[1:]
    assert len(rows) == 3
    first = [td.text() for td in rows[0].find_all("td")]
    # the first table to play board 3 (round 1, table 2): 3NT+1 by N, N-S not vulnerable, +430
    assert first[:4] == ["2", "5", "3NT", "N"] and first[6] == "430"


def test_a_pair_page_is_its_score_card(site):
    doc = parse((site / "pair-2.html").read_text(encoding="utf-8"))
    assert doc.find("h1").text() == "Pair 2: Małgorzata Wójcik – Paweł Zieliński"
    rows = [[td.text() for td in tr.find_all("td")] for tr in doc.find_all("table")[-1].find_all("tr")[1:]]
    # N-S pair 2 stays at table 2: boards 3-4 against E-W 5 in round 1, then 5-6 against 4, 1-2 against 6
    assert [row[0] for row in rows[:-1]] == ["1", "", "2", "", "3", ""]
    assert [row[2] for row in rows[:-1]] == ["3", "4", "5", "6", "1", "2"]
    assert rows[0][1].startswith("5 Éva Szabó") and rows[2][1].startswith("4 ") and rows[4][1].startswith("6 ")
    assert rows[-1][-2:] == ["16.00", "66.67"]  # the total: matchpoints and percentage


@pytest.mark.parametrize(("lang", "ranking", "html_lang"), [("pl", "Klasyfikacja", "pl"), ("hu", "Eredménylista", "hu")])
def test_the_site_speaks_polish_and_hungarian(runner, tmp_path, lang, ranking, html_lang):
    res = runner.invoke(cli, ["--lang", lang, "results", str(EXAMPLE), "-o", str(tmp_path / "s") + "/"])
    assert res.exit_code == 0, res.output
    doc = parse((tmp_path / "s" / "index.html").read_text(encoding="utf-8"))
    assert doc.find("html").attrs["lang"] == html_lang
    assert doc.find("h2").text().startswith(ranking)


def test_a_folder_of_something_else_is_left_alone(runner, tmp_path):
    target = tmp_path / "mine"
    target.mkdir()
    (target / "notes.txt").write_text("keep")
    res = runner.invoke(cli, ["results", str(EXAMPLE), "-o", str(target), "--to", "site"])
    assert res.exit_code == 2
    assert "not empty and holds no site written by bridgecli" in res.stderr
    assert [p.name for p in target.iterdir()] == ["notes.txt"]


def test_a_site_written_before_is_replaced_whole(runner, tmp_path):
    target = tmp_path / "site"
    assert runner.invoke(cli, ["results", str(EXAMPLE), "-o", f"{target}/"]).exit_code == 0
    (target / "stale.html").write_text("old page")
    assert runner.invoke(cli, ["results", str(EXAMPLE), "-o", str(target)]).exit_code == 0
    assert not (target / "stale.html").exists() and (target / "index.html").is_file()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


def test_a_bad_session_is_one_error_line_and_no_site(runner, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("pairs: {1: [A, B]}\nresults:\n  - {board: 1, ns: 1, ew: 2, contract: 4S, declarer: N, "
                   "result: '='}\n", encoding="utf-8")
    res = runner.invoke(cli, ["results", str(bad), "-o", str(tmp_path / "site") + "/"])
    assert res.exit_code == 1  # read fine, but pair 2 is nobody
    assert res.stderr == f"bridgecli: error: {bad}:3: pair '2' of board 1 is not in pairs:\n"
    assert not (tmp_path / "site").exists()
    bad.write_text("results: [\n")
    res = runner.invoke(cli, ["results", str(bad)])
    assert res.exit_code == 2 and res.stderr.count("\n") == 1 and "bad YAML" in res.stderr


def test_usage_errors(runner, tmp_path):
    res = runner.invoke(cli, ["results", str(EXAMPLE), "--to", "site"])
    assert res.exit_code == 2 and "a site needs -o DIR" in res.stderr
    res = runner.invoke(cli, ["results", str(EXAMPLE), "--json", "--to", "text"])
    assert res.exit_code == 2
    res = runner.invoke(cli, ["results", str(tmp_path / "none.yaml")])
    assert res.exit_code == 2 and res.stderr.startswith("bridgecli: error: ")


# -- in a real browser ---------------------------------------------------------------

BROWSERS = ("chromium", "chromium-browser", "google-chrome")

# Laid out at the window's width, the page reports on itself: the page wider than the screen
# (outside the tables that scroll), or two pieces of text drawn over each other.
_PROBE = """<script>
const bad = [];
if (document.documentElement.scrollWidth > window.innerWidth + 1) bad.push('page wider than the screen');
const boxes = [];
const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
while (walk.nextNode()) {
  const t = walk.currentNode;
  if (!t.textContent.trim() || t.parentElement.closest('svg, script')) continue;
  const r = document.createRange(); r.selectNodeContents(t);
  for (const b of r.getClientRects()) if (b.width > 0 && b.height > 0) boxes.push([t.textContent.trim(), b]);
}
for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
  const [s, a] = boxes[i], [u, b] = boxes[j];
  const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  if (w > 1 && h > 2) bad.push('overlap: ' + s + ' / ' + u);
}
document.body.setAttribute('data-bad', JSON.stringify(bad));
</script>"""


def _browser() -> str:
    for name in BROWSERS:
        path = shutil.which(name)
        if path:
            return path
    pytest.skip("no headless browser: install the Debian package 'chromium' to run the browser test")


def _chromium(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    cmd = [_browser(), "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
           "--disable-background-networking", "--disable-component-update", "--disable-sync",
           f"--user-data-dir={tmp_path / 'profile'}", *args]
    try:
        return subprocess.run(cmd, capture_output=True, text=True, timeout=90, check=False)
    except subprocess.TimeoutExpired:
        pytest.fail("chromium did not finish within 90 s")


def test_on_a_phone_no_text_overlaps_and_the_page_fits(tmp_path):
    site = tmp_path / "site"
    subprocess.run([*bridgecli_cmd(), "results", str(EXAMPLE), "-o", f"{site}/"], env=subprocess_env(), check=True,
                   timeout=60)
    probe = tmp_path / "probe"
    shutil.copytree(site, probe)
    for name in ("index.html", "board-3.html", "pair-2.html"):
        page = probe / name
        page.write_text(page.read_text(encoding="utf-8").replace("</body>", _PROBE + "</body>"), encoding="utf-8")
        out = _chromium(tmp_path, "--window-size=390,844", "--virtual-time-budget=5000", "--dump-dom",
                        page.as_uri()).stdout
        found = re.search(r'data-bad="([^"]*)"', out)
        assert found, f"{name}: the probe did not run"
        assert json.loads(found.group(1).replace("&quot;", '"')) == [], name


def test_printed_on_a4_every_name_is_there(tmp_path):
    if shutil.which("pdftotext") is None or shutil.which("pdfinfo") is None:
        pytest.skip("pdftotext not found: install the Debian package 'poppler-utils'")
    site = tmp_path / "site"
    subprocess.run([*bridgecli_cmd(), "results", str(EXAMPLE), "-o", f"{site}/"], env=subprocess_env(), check=True,
                   timeout=60)
    pdf = tmp_path / "index.pdf"
    _chromium(tmp_path, "--no-pdf-header-footer", "--print-to-pdf-no-header", f"--print-to-pdf={pdf}",
              (site / "index.html").as_uri())
    assert pdf.exists() and pdf.stat().st_size > 0, "chromium wrote no PDF"
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, timeout=30, check=True).stdout
    width, height = map(float, re.search(r"Page size:\s+([\d.]+) x ([\d.]+)", info).groups())  # type: ignore[union-attr]
    assert (round(width), round(height)) == (595, 842)  # A4 in points
    assert int(re.search(r"Pages:\s+(\d+)", info).group(1)) == 1  # type: ignore[union-attr]
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, timeout=30,
                          check=True).stdout
    flat = " ".join(text.split())
    assert all(name.split()[-1] in flat for name in NAMES)
    assert "Ranking" in flat and "66.67" in flat  # the table is whole: its last column printed


def test_solve_puts_the_double_dummy_table_and_par_on_the_board_pages(runner, tmp_path):
    from bridgecli.solver import dds

    if not dds.available():
        pytest.skip("the DDS solver (endplay) is not installed")
    res = runner.invoke(cli, ["results", str(EXAMPLE), "--solve", "-o", str(tmp_path / "s") + "/"])
    assert res.exit_code == 0, res.output
    svg = parse((tmp_path / "s" / "board-1.html").read_text(encoding="utf-8")).find("svg")
    # board 1 (seed 2026, none vulnerable): N-S make 8 tricks in notrump, E-W 8 in hearts; par
    # is E-W 3H doubled one down, +100 to N-S (bridgecli solve's table of the same deal)
    assert "Par" in svg.text() and "NS 100" in svg.text()


def test_a_session_from_stdin(runner):
    text = (ROOT / "docs" / "examples" / "session-results.csv").read_text(encoding="utf-8")
    res = runner.invoke(cli, ["results", "-", "--json"], input=text)
    assert res.exit_code == 0, res.output
    assert json.loads(res.output.splitlines()[0])["tables"] == 18


def test_a_board_page_prints_on_one_a4_page_with_its_diagram(tmp_path):
    if shutil.which("pdftotext") is None or shutil.which("pdfinfo") is None:
        pytest.skip("pdftotext not found: install the Debian package 'poppler-utils'")
    site = tmp_path / "site"
    subprocess.run([*bridgecli_cmd(), "results", str(EXAMPLE), "-o", f"{site}/"], env=subprocess_env(), check=True,
                   timeout=60)
    pdf = tmp_path / "board.pdf"
    _chromium(tmp_path, "--no-pdf-header-footer", "--print-to-pdf-no-header", f"--print-to-pdf={pdf}",
              (site / "board-3.html").as_uri())
    assert pdf.exists() and pdf.stat().st_size > 0, "chromium wrote no PDF"
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, timeout=30, check=True).stdout
    assert int(re.search(r"Pages:\s+(\d+)", info).group(1)) == 1  # type: ignore[union-attr]
    flat = " ".join(subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True,
                                   timeout=30, check=True).stdout.split())
    # board 3's North hand (the seed-2026 deal) and the traveller's last row, whole
    assert "AQ97" in flat and "AKJ9874" in flat and "Traveller" in flat and "420" in flat
    assert "Ranking" not in flat and "Previous" not in flat  # the links bars are not printed


def test_scoring_options_override_the_session_file(runner, tmp_path):
    session = tmp_path / "s.yaml"
    text = EXAMPLE.read_text(encoding="utf-8").replace("results: session-results.csv",
                                                       "results: session-results.csv\nscoring: {rank_by: butler}")
    session.write_text(text.replace("boards: session-boards.pbn", f"boards: {EXAMPLE.parent}/session-boards.pbn")
                       .replace("results: session-results.csv", f"results: {EXAMPLE.parent}/session-results.csv"),
                       encoding="utf-8")

    def ranking(*options: str) -> list[tuple[str, str, str]]:
        res = runner.invoke(cli, ["results", str(session), "--json", *options])
        assert res.exit_code == 0, res.output
        return [(r["rank"], r["pair"], r["direction"]) for r in map(json.loads, res.output.splitlines())
                if r["record"] == "pair" and r["direction"] == "NS"]

    # the README's N-S: by percentage 2 (66.67), 1 (50), 3; by Butler 1 (+14), 2 (-5), 3 (-12)
    assert ranking() == [("1", 1, "NS"), ("2", 2, "NS"), ("3", 3, "NS")]
    assert ranking("--rank-by", "mp") == [("1", 2, "NS"), ("2", 1, "NS"), ("3", 3, "NS")]
    # one winner: pair 2's 66.67% heads the field; 5 (58.33%) second
    res = runner.invoke(cli, ["results", str(session), "--json", "--rank-by", "mp", "--winners", "one"])
    pairs = [r for r in map(json.loads, res.output.splitlines()) if r["record"] == "pair"]
    assert [(p["rank"], p["pair"]) for p in pairs][:2] == [("1", 2), ("2", 5)]


def test_scoring_options_need_an_event(runner):
    res = runner.invoke(cli, ["score", "4S=", "--mp-top", "100"])
    assert res.exit_code == 2
    assert "--mp-top scores an event" in res.output
    res = runner.invoke(cli, ["score", "--event", str(ROOT / "docs/examples/session-results.csv"), "--mp-top", "100",
                              "--json"])
    assert res.exit_code == 0, res.output
    first = json.loads(res.output.splitlines()[0])
    # board 1: 2NT+1 (150) is one of three results; its N-S matchpoints are a share of 100
    assert first["top"] == 100
    assert first["mp_ns"] + first["mp_ew"] == 100


def test_datum_rounding_and_matchpoint_scale_options(runner):
    # board 1 of the docs' session: +150, -50, +120, all three in the datum: 220 / 3 = 73.33
    results = str(ROOT / "docs/examples/session-results.csv")

    def board_1(*options: str) -> list[tuple[object, ...]]:
        res = runner.invoke(cli, ["score", "--event", results, "--json", *options])
        assert res.exit_code == 0, res.output
        records = [r for r in map(json.loads, res.output.splitlines()) if r["record"] == "result"]
        return [(r["datum"], r["butler_ns"], r["mp_ns"], r["top"]) for r in records if r["board"] == 1]

    # to 10: 70; 80 -> 2, -120 -> -3, 50 -> 2; MP1 4, 0, 2 of 4
    assert board_1() == [(70, 2, 4, 4), (70, -3, 0, 4), (70, 2, 2, 4)]
    # to 1: 73; 77 -> 2, -123 -> -4, 47 -> 2; MP2 2, 0, 1 of 2
    assert board_1("--butler-round", "1", "--mp-scale", "mp2") == [(73, 2, 2, 2), (73, -4, 0, 2), (73, 2, 1, 2)]
    assert board_1("--butler-round", "none")[0][:2] == (73.333333, 2)
    res = runner.invoke(cli, ["results", str(ROOT / "docs/examples/session.yaml"), "--butler-round", "none"])
    assert res.exit_code == 0 and "73.33" in res.output
    res = runner.invoke(cli, ["results", str(ROOT / "docs/examples/session.yaml"), "--mp-scale", "mp2", "--to", "pbn"])
    assert res.exit_code == 0 and '[Scoring "MP;MP2"]' in res.output


def test_usebio_to_a_file(runner, tmp_path):
    import xml.etree.ElementTree as ET

    out = tmp_path / "wyniki.xml"
    res = runner.invoke(cli, ["results", str(ROOT / "docs/examples/session.yaml"), "--to", "usebio", "-o", str(out)])
    assert res.exit_code == 0, res.output
    root = ET.fromstring(out.read_bytes())
    assert root.tag == "USEBIO" and root.get("Version") == "1.2"
    names = {p.text for p in root.iter("PLAYER_NAME")}
    assert {"Łukasz Dąbrowski", "Gergő Szűcs"} <= names
    res = runner.invoke(cli, ["results", str(ROOT / "docs/examples/session.yaml"), "--to", "usebio", "--json"])
    assert res.exit_code == 2


def test_results_breaking_the_movement_are_named_after_the_rest_is_written(runner, tmp_path):
    rows = (ROOT / "docs/examples/session-results.csv").read_text(encoding="utf-8").splitlines()
    # the last row (board 4, N-S 3 against E-W 4, round 3, table 3) left out; board 1 twice
    (tmp_path / "r.csv").write_text("\n".join([*rows[:-1], rows[1]]) + "\n", encoding="utf-8")
    (tmp_path / "s.yaml").write_text("results: r.csv\nmovement: {name: mitchell, tables: 3}\n", encoding="utf-8")
    out = tmp_path / "out.txt"
    res = runner.invoke(cli, ["results", str(tmp_path / "s.yaml"), "-o", str(out)])
    assert res.exit_code == 1
    assert "Rank" in out.read_text(encoding="utf-8")  # the rest is written
    assert res.output.splitlines() == [
        f"bridgecli: error: {tmp_path / 'r.csv'}:19: board 1: N-S 1 against E-W 4 is given twice (first at line 2)",
        (f"bridgecli: error: {tmp_path / 'r.csv'}: board 4 has no result from round 3, table 3 (N-S 3, E-W 4):"
        " scored with Neuberg without it")]


def test_score_event_sections_option(runner, tmp_path):
    travellers = tmp_path / "t.csv"
    # two sections numbering their pairs alike; board 1: A +420, +450; B -50, +400
    travellers.write_text("board,section,ns,ew,contract,declarer,result\n1,A,1,3,4S,N,=\n1,A,2,4,4S,N,+1\n"
                          "1,B,1,3,4S,N,-1\n1,B,2,4,3NT,N,=\n", encoding="utf-8")

    def mp(*options: str) -> list[tuple[str, float, int]]:
        res = runner.invoke(cli, ["score", "--event", str(travellers), "--json", *options])
        assert res.exit_code == 0, res.output
        return [(r["pair_ns"], r["mp_ns"], r["top"]) for r in map(json.loads, res.output.splitlines())
                if r["record"] == "result"]

    assert mp() == [("A1", 0, 2), ("A2", 2, 2), ("B1", 0, 2), ("B2", 2, 2)]
    # across the field: +450 beats three (6), +420 two, +400 one, -50 none
    assert mp("--sections", "across") == [("A1", 4, 6), ("A2", 6, 6), ("B1", 0, 6), ("B2", 2, 6)]
