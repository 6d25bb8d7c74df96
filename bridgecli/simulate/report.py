"""A simulation summary as text: tables (tabulate) and trick-distribution bars, in en/pl/hu."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from .stats import Z95

if TYPE_CHECKING:
    from bridgecli.core.notation import Language

#: Output phrases by language; English is the key itself.
WORDS: dict[str, dict[str, str]] = {
    "pl": {
        "{deals} deals, seed {seed}, vulnerability {vul}, scoring {scoring}":
            "{deals} rozdań, ziarno {seed}, założenia {vul}, zapis {scoring}",
        "Contract": "Kontrakt", "Make %": "Ugrany %", "Tricks": "Lewy", "Score": "Zapis",
        "Field MP %": "Maksy %",
        "Tricks taken by declarer (% of deals)": "Lewy rozgrywającego (% rozdań)",
        "Payoffs in {scoring} for {side} (row against column, mean ± 95% interval)":
            "Bilans w {scoring} dla {side} (wiersz przeciw kolumnie, średnia ± przedział 95%)",
        "Opening leads against {contract} (leader {seat})": "Wisty przeciw {contract} (wistuje {seat})",
        "Lead": "Wist", "Sets %": "Bez %", "Defence tricks": "Lewy obrony", "Defence score": "Zapis obrony",
        "the defence": "obrony",
        "Lead payoffs in {scoring} for the defence (row against column, mean ± 95% interval)":
            "Bilans wistów w {scoring} dla obrony (wiersz przeciw kolumnie, średnia ± przedział 95%)",
        "IMPs": "IMP", "matchpoints": "punktach meczowych (%)", "total points": "punktach",
        "stopped: every payoff's standard error is below {bound}":
            "koniec: błąd standardowy każdego bilansu poniżej {bound}",
        "{deals} deals from {source}, vulnerability {vul}, scoring {scoring}":
            "{deals} rozdań z {source}, założenia {vul}, zapis {scoring}",
        "stopped: {deals} deals, as -n asked": "koniec: {deals} rozdań, jak chciało -n",
        "stopped: -n reached before --until-se {bound}: the largest payoff standard error is {worst} (target missed)":
            "koniec: osiągnięto -n przed --until-se {bound}: największy błąd standardowy bilansu to {worst} "
            "(cel nieosiągnięty)",
        "stopped: --max-tries reached ({tried} deals tried): too few deals meet the conditions":
            "koniec: osiągnięto --max-tries ({tried} rozdań sprawdzonych): za mało rozdań spełnia warunki",
        "stopped: end of the input ({tried} deals read)": "koniec: wejście się skończyło ({tried} rozdań przeczytanych)",
        "stopped: a board that cannot be simulated ({tried} deals read before it)":
            "koniec: rozdanie, którego nie da się symulować ({tried} rozdań przeczytanych przed nim)",
        "stopped: end of the input ({tried} deals read) before --until-se {bound}: the largest payoff standard "
        "error is {worst} (target missed)":
            "koniec: wejście się skończyło ({tried} rozdań przeczytanych) przed --until-se {bound}: największy błąd "
            "standardowy bilansu to {worst} (cel nieosiągnięty)",
        "stopped: interrupted; the figures cover the {deals} deals done":
            "koniec: przerwano; liczby dotyczą {deals} rozdań",
        "95% interval": "przedział 95%", "± SE": "± błąd std.",
    },
    "hu": {
        "{deals} deals, seed {seed}, vulnerability {vul}, scoring {scoring}":
            "{deals} leosztás, mag {seed}, beliállás {vul}, értékelés {scoring}",
        "Contract": "Felvétel", "Make %": "Teljesül %", "Tricks": "Ütés", "Score": "Eredmény",
        "Field MP %": "Matchpont %",
        "Tricks taken by declarer (% of deals)": "A felvevő ütései (a leosztások %-a)",
        "Payoffs in {scoring} for {side} (row against column, mean ± 95% interval)":
            "Nyereség ({scoring}) {side} szemszögéből (sor az oszlop ellen, átlag ± 95%-os intervallum)",
        "Opening leads against {contract} (leader {seat})": "Indulások {contract} ellen (indul: {seat})",
        "Lead": "Indulás", "Sets %": "Bukik %", "Defence tricks": "Védő ütések", "Defence score": "Védő eredmény",
        "the defence": "a védelem",
        "Lead payoffs in {scoring} for the defence (row against column, mean ± 95% interval)":
            "Indulások nyeresége ({scoring}) a védelem szemszögéből (sor az oszlop ellen, átlag ± 95%-os intervallum)",
        "IMPs": "IMP", "matchpoints": "matchpont (%)", "total points": "összpont",
        "stopped: every payoff's standard error is below {bound}":
            "vége: minden nyereség standard hibája {bound} alatt",
        "{deals} deals from {source}, vulnerability {vul}, scoring {scoring}":
            "{deals} leosztás innen: {source}, beliállás {vul}, értékelés {scoring}",
        "stopped: {deals} deals, as -n asked": "vége: {deals} leosztás, ahogy -n kérte",
        "stopped: -n reached before --until-se {bound}: the largest payoff standard error is {worst} (target missed)":
            "vége: -n előbb teljesült, mint --until-se {bound}: a legnagyobb standard hiba {worst} "
            "(a cél nem teljesült)",
        "stopped: --max-tries reached ({tried} deals tried): too few deals meet the conditions":
            "vége: --max-tries elérve ({tried} leosztás kipróbálva): túl kevés leosztás felel meg a feltételeknek",
        "stopped: end of the input ({tried} deals read)": "vége: a bemenet végére ért ({tried} leosztás beolvasva)",
        "stopped: a board that cannot be simulated ({tried} deals read before it)":
            "vége: egy leosztás nem szimulálható ({tried} leosztás beolvasva előtte)",
        "stopped: end of the input ({tried} deals read) before --until-se {bound}: the largest payoff standard "
        "error is {worst} (target missed)":
            "vége: a bemenet véget ért ({tried} leosztás beolvasva) --until-se {bound} előtt: a legnagyobb "
            "standard hiba {worst} (a cél nem teljesült)",
        "stopped: interrupted; the figures cover the {deals} deals done":
            "vége: megszakítva; a számok a kész {deals} leosztásra vonatkoznak",
        "95% interval": "95%-os intervallum", "± SE": "± st. hiba",
    },
}

_SCORING_WORD = {"imps": "IMPs", "mp": "matchpoints", "total": "total points"}


def localized(lang: Language | None, text: str, **values: object) -> str:
    """``text`` (an English phrase of the report) in ``lang``'s words where :data:`WORDS` has them,
    English otherwise, its ``{fields}`` filled from ``values``."""
    code = lang.code if lang is not None else "en"
    return WORDS.get(code, {}).get(text, text).format(**values)


def contract_text(text: str, lang: Language | None) -> str:
    """``4S:N`` in ``lang`` (``4♠:N``, ``3BA:S``); English stays as written."""
    if lang is None or lang.code == "en":
        return text
    from .contracts import SimContract

    c = SimContract.from_str(text)
    return f"{lang.contract_str(c.contract)}:{lang.seat_str(c.declarer)}"


def _cards_text(cards: list[str], lang: Language | None) -> str:
    from bridgecli.core.cards import Card

    parsed = [Card.from_str(c) for c in cards]
    if lang is None or lang.code == "en":
        return str(parsed[0].suit.letter) + "".join(str(c.rank.letter) for c in parsed)
    return lang.suit_str(parsed[0].suit) + "".join(lang.rank_str(c.rank) for c in parsed)


def _num(value: float | None, digits: int) -> str:
    if value is None or not math.isfinite(value):
        return "-"
    return f"{value:.{digits}f}"


def _interval(est: dict[str, Any]) -> str:
    """A rate's 95% interval, ``93.1–99.6``."""
    low_high = est.get("interval")
    if not low_high:
        return "-"
    return f"{low_high[0]:.1f}–{low_high[1]:.1f}"


def stop_line(summary: dict[str, Any], lang: Language | None = None) -> str:
    """Why the run stopped (``summary["stopped"]``), as one line."""
    reason = summary["stopped"]
    deals, tried = f"{summary['deals']:,}", f"{summary['tried']:,}"
    if reason == "until-se":
        return localized(lang, "stopped: every payoff's standard error is below {bound}", bound=f"{summary['until_se']:g}")
    if reason == "max-tries":
        return localized(lang, "stopped: --max-tries reached ({tried} deals tried): too few deals meet the conditions",
                  tried=tried)
    if reason == "interrupted":
        return localized(lang, "stopped: interrupted; the figures cover the {deals} deals done", deals=deals)
    if reason == "bad-board":
        return localized(lang, "stopped: a board that cannot be simulated ({tried} deals read before it)", tried=tried)
    if summary.get("until_se") is not None:
        worst = summary.get("max_se")
        text = ("stopped: end of the input ({tried} deals read) before --until-se {bound}: the largest payoff "
                "standard error is {worst} (target missed)" if reason == "input" else
                "stopped: -n reached before --until-se {bound}: the largest payoff standard error is {worst} "
                "(target missed)")
        return localized(lang, text, bound=f"{summary['until_se']:g}", tried=tried,
                  worst="-" if worst is None else f"{worst:.3g}")
    if reason == "input":
        return localized(lang, "stopped: end of the input ({tried} deals read)", tried=tried)
    return localized(lang, "stopped: {deals} deals, as -n asked", deals=deals)


def _pm(est: dict[str, Any] | None, digits: int) -> str:
    if est is None:
        return ""
    mean, se = est["mean"], est["se"]
    if mean is None:
        return "-"
    mean = 0.0 if round(mean, digits) == 0 else mean  # no "-0.00"
    half = "-" if se is None else f"{Z95 * se:.{digits}f}"
    return f"{mean:+.{digits}f} ± {half}"


def _bars(distribution: dict[str, float], width: int = 40) -> list[str]:
    if not distribution:
        return []
    keys = sorted(int(t) for t in distribution)
    peak = max(distribution.values())
    lines = []
    for t in range(keys[0], keys[-1] + 1):
        pct = distribution.get(str(t), 0.0)
        bar = "#" * (round(width * pct / peak) if peak else 0)
        lines.append(f"  {t:>2}  {bar:<{width}}  {pct:5.1f}%")
    return lines


def _payoff_table(names: list[str], table: list[list[dict[str, Any] | None]], digits: int, fmt: str) -> list[str]:
    """The lines of a payoff matrix: row against column, ``mean ± half-interval`` per cell."""
    from tabulate import tabulate

    rows = [[names[i]] + [_pm(cell, digits) for cell in row] for i, row in enumerate(table)]
    return tabulate(rows, headers=[""] + names, tablefmt=fmt, disable_numparse=True).splitlines()


def render_text(summary: dict[str, Any], lang: Language | None = None, fmt: str = "simple") -> str:
    """The summary as tables and bar charts."""
    from tabulate import tabulate

    scoring_word = localized(lang, _SCORING_WORD[summary["payoff"]])
    vul = summary["vulnerable"]
    if lang is not None and lang.code != "en":
        vul = lang.vul_out[("None", "NS", "EW", "All").index(vul)]
    if summary.get("source") is not None:
        head = localized(lang, "{deals} deals from {source}, vulnerability {vul}, scoring {scoring}",
                  deals=f"{summary['deals']:,}", source=summary["source"], vul=vul, scoring=scoring_word)
    else:
        head = localized(lang, "{deals} deals, seed {seed}, vulnerability {vul}, scoring {scoring}",
                  deals=f"{summary['deals']:,}", seed=summary["seed"], vul=vul, scoring=scoring_word)
    out = [head, stop_line(summary, lang), ""]
    contracts = summary["contracts"]
    if contracts:
        se_word = localized(lang, "± SE")
        headers = [localized(lang, "Contract"), localized(lang, "Make %"), localized(lang, "95% interval"), localized(lang, "Tricks"), se_word,
                   localized(lang, "Score"), se_word]
        field = any("field" in c for c in contracts)
        if field:
            headers += [localized(lang, "Field MP %"), se_word]
        rows = []
        for c in contracts:
            row = [contract_text(c["contract"], lang), _num(c["make"]["mean"], 1), _interval(c["make"]),
                   _num(c["tricks_estimate"]["mean"], 2), _num(c["tricks_estimate"]["se"], 2), _num(c["score_estimate"]["mean"], 0),
                   _num(c["score_estimate"]["se"], 0)]
            if field:
                row += [_num(c["field"]["mean"], 1), _num(c["field"]["se"], 1)]
            rows.append(row)
        out += tabulate(rows, headers=headers, tablefmt=fmt, disable_numparse=True,
                        colalign=("left",) + ("right",) * (len(headers) - 1)).splitlines()
        out += ["", localized(lang, "Tricks taken by declarer (% of deals)")]
        for c in contracts:
            out.append(contract_text(c["contract"], lang))
            out += _bars(c["distribution"])
    digits = 2 if summary["payoff"] == "imps" else 1 if summary["payoff"] == "mp" else 0
    payoffs = summary.get("payoffs")
    if payoffs:
        side = payoffs["view"]
        if lang is not None and lang.code != "en":
            side = lang.seat_out[0] + lang.seat_out[2] if side == "NS" else lang.seat_out[1] + lang.seat_out[3]
        out += ["", localized(lang, "Payoffs in {scoring} for {side} (row against column, mean ± 95% interval)",
                       scoring=scoring_word, side=side)]
        names = [contract_text(x, lang) for x in payoffs["items"]]
        out += _payoff_table(names, payoffs["matrix"], digits, fmt)
    lead = summary.get("lead_analysis")
    if lead:
        seat = lead["leader"] if lang is None else lang.seat_out["NESW".index(lead["leader"])]
        out += ([] if out[-1] == "" else [""]) + [localized(lang, "Opening leads against {contract} (leader {seat})",
                       contract=contract_text(lead["contract"], lang), seat=seat)]
        names = [_cards_text(x["cards"], lang) for x in lead["leads"]]
        rows = [[name, _num(x["set"]["mean"], 1), _interval(x["set"]), _num(x["defence_tricks"]["mean"], 2),
                 _num(x["defence_tricks"]["se"], 2), _num(x["score_estimate"]["mean"], 0), _num(x["score_estimate"]["se"], 0)]
                for name, x in zip(names, lead["leads"])]
        se_word = localized(lang, "± SE")
        headers = [localized(lang, "Lead"), localized(lang, "Sets %"), localized(lang, "95% interval"), localized(lang, "Defence tricks"),
                   se_word, localized(lang, "Defence score"), se_word]
        out += tabulate(rows, headers=headers, tablefmt=fmt, disable_numparse=True,
                        colalign=("left",) + ("right",) * 6).splitlines()
        if len(names) > 1:
            out += ["", localized(lang, "Lead payoffs in {scoring} for the defence (row against column, mean ± 95% interval)",
                           scoring=scoring_word)]
            out += _payoff_table(names, lead["payoffs"]["matrix"], digits, fmt)
    return "\n".join(out) + "\n"


def progress_text(agg: Any, elapsed: float, cap: int | None, until_se: float | None, final: bool = False) -> str:
    """The progress line of a run (an :class:`~bridgecli.simulate.aggregate.Aggregator` so far):
    deals done, rate, ETA (towards ``cap`` deals, or the deals ``until_se`` will take at the
    rate the standard errors fall), the first contracts' make rates and the largest payoff
    standard error."""
    done = agg.deals
    rate = done / max(elapsed, 1e-9)
    parts = [f"simulate: {done:,} deals", f"{rate:,.1f}/s"]
    ses = agg.payoff_ses()
    worst = max(ses) if ses else None
    target = cap
    if until_se is not None and worst is not None and math.isfinite(worst) and done:
        needed = int(done * (worst / until_se) ** 2) + 1  # the standard error falls as 1/sqrt(n)
        target = needed if cap is None else min(cap, needed)
    if target and rate > 0 and not final:
        parts.append(f"ETA {max(0.0, (target - done) / rate):.0f} s")
    if done:
        summary = agg.summary()
        parts += [f"{c['contract']} {c['make']['mean']:.0f}%" for c in summary["contracts"][:3]]
        if "payoffs" in summary:
            cell = summary["payoffs"]["matrix"][0][1]
            parts.append(f"{summary['payoffs']['items'][0]}-{summary['payoffs']['items'][1]} {cell['mean']:+.2f}")
    if worst is not None and math.isfinite(worst):
        parts.append(f"max SE {worst:.3g}")
    return ", ".join(parts)
