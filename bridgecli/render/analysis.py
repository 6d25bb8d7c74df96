"""The text of a solved board (:class:`bridgecli.solver.analysis.BoardAnalysis`), as
``bridgecli solve`` prints it at a terminal."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bridgecli.core.notation import Language
    from bridgecli.solver.analysis import BoardAnalysis


def render_analysis(a: BoardAnalysis, lang: Language | None = None) -> str:
    """The text ``bridgecli solve`` prints for a board: a heading, the tricks table with the
    makeable contracts, par, and the leads when they were asked for.

    Args:
        a: the board's analysis (from :func:`bridgecli.solver.stream.solve_boards`).
        lang: words and tokens of the text (``bc.get_language("pl")``), English by default.

    Returns:
        The lines joined by newlines, without a final one.
    """
    from bridgecli.core.contract import Contract
    from bridgecli.core.notation import ENGLISH
    from bridgecli.render.text import render_dd_table

    lang = lang or ENGLISH
    b = a.board
    head = [f"{lang.word('board')} {b.number}" if b.number is not None else f"{lang.word('board')} ?"]
    dealer, vul = b.effective_dealer, b.effective_vulnerability
    if dealer is not None:
        head.append(f"{lang.word('dealer')} {lang.seat_str(dealer)}")
    if vul is not None:
        head.append(f"{lang.word('vul')} {lang.vul_str(vul)}")
    if a.table.total != 13:
        head.append(lang.word("ending_1" if a.table.total == 1 else "ending_n").format(n=a.table.total))
    lines = ["  ".join(head), render_dd_table(a.table, lang=lang)]
    by = lang.word("by")
    if a.par is not None:
        from bridgecli.render.sheet import par_of_tags

        par = par_of_tags(a.par.optimum_score, a.par.par_contract, lang=lang, ascii=True)
        if par is not None:
            lines.append(par.text(lang))
    if a.position is not None:
        pos = a.position
        lines.append(f"Play record stops after {pos.cards_played} cards: {pos.contract} by {pos.declarer.letter} "
                     f"has {pos.declarer_tricks}, double-dummy {pos.dd_tricks} in all")
    for la in a.leads:
        groups: dict[int, list[str]] = {}
        for card, tricks in la.leads:
            groups.setdefault(tricks, []).append(lang.card_str(card))
        text = "; ".join(f"{t}: {' '.join(cards)}" for t, cards in sorted(groups.items(), reverse=True))
        lines.append(lang.word("leads_line").format(
            contract=lang.contract_str(la.contract if isinstance(la.contract, Contract) else Contract.from_str(str(la.contract))), by=f" {by}" if by else "", declarer=lang.seat_str(la.declarer),
            leader=lang.seat_str(la.leader), tricks=text))
    return "\n".join(lines)

