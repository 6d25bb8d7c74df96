"""Error messages in other languages: English patterns and their translations (pure data).

Each entry of :data:`ERROR_PATTERNS` is a regular expression over one English
message as the code words it; a language's table (:data:`ERRORS_PL`,
:data:`ERRORS_HU`) gives the template for the same key. :func:`error_table`
pairs the two, adds the notation messages of ``Language.messages`` (whose
English form is the ``_MESSAGES_EN`` template) and the result becomes
``Language.error_patterns``; ``Language.translate_error`` applies it.

Shorthands in the patterns: ``%Q`` a quoted input (``'SA'`` or ``"it's"``),
``%S`` a seat name (``north``), ``%L`` a seat letter (``N``). Named groups are
copied into the template unchanged, except by the name they start with:

* ``seat...``: a seat name or letter, written with the language's seat table;
* ``msg...``: a nested message, translated in turn;
* ``term...``: a word, looked up as ``term_<value>`` in the language's ``words``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

_SHORTHANDS = {
    "%Q": r"""(?:'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")""",
    "%S": "(?:north|east|south|west)",
    "%L": "[NESW]",
}
_LAW = r"\(Law (?P<law>[^)]*)\)"

#: Key -> regular expression over the English message (matched in full).
ERROR_PATTERNS: dict[str, str] = {
    # where a message comes from
    "board": r"board (?P<n>\S+)",
    # deals
    "card_twice": r"card (?P<card>%Q) is in both (?P<seat1>%S) and (?P<seat2>%S)",
    "too_many_cards": r"(?P<seat>%S) holds (?P<n>\d+) cards, more than 13(?P<rest>: %Q)?",
    "deal_four_hands": r"a deal has four hands, found (?P<n>\d+): (?P<deal>%Q)",
    "deal_seat_colon": r"a deal starts with a seat and a colon, like 'N:': (?P<deal>%Q)",
    "predeal_card": r"predeal gives card (?P<card>%Q) to both (?P<seat1>%S) and (?P<seat2>%S)",
    "predeal_many": r"predeal gives (?P<seat>%S) (?P<n>\d+) cards, more than 13",
    # files and records
    "no_boards": r"no boards",
    "no_boards_left": r"no boards left after skipping bad records",
    "no_board_numbered": r"no board numbered (?P<n>.+)",
    "no_board_n": r"no board (?P<n>\d+)",
    "nul_byte": r"binary data \(a NUL byte\), not a text file",
    "utf16": r"UTF-16 text \(a byte-order mark\): save it as UTF-8 \(iconv -f UTF-16 -t UTF-8\)",
    "utf32": r"UTF-32 text \(a byte-order mark\): save it as UTF-8 \(iconv -f UTF-32 -t UTF-8\)",
    "no_results": r"no results \(only blank lines and comments\)",
    "long_line": r"line longer than (?P<n>[\d,]+) bytes: not a result line",
    "binary": r"binary data, not a text file",
    # PBN
    "unterminated_string": r"unterminated string in (?P<text>%Q)",
    "unterminated_tag": r"unterminated tag: unexpected (?P<text>%Q)",
    "text_before_tag": r"unexpected text (?P<text>%Q) before the first tag",
    "unexpected": r"unexpected (?P<text>%Q)",
    "bad_deal_four": r"bad deal (?P<deal>%Q): four hands expected, found (?P<n>\d+)",
    "bad_deal_colon": r"bad deal (?P<deal>%Q): it starts with a seat and a colon, like 'N:'",
    "bad_deal_seat": r"bad deal (?P<deal>%Q): unknown seat (?P<text>%Q)",
    "bad_deal": r"bad deal (?P<deal>%Q): (?P<msg>.+)",
    "unknown_seat_for": r"unknown seat (?P<text>%Q) for the (?P<term>dealer|declarer|auction|play)"
                        r" \(expected N, E, S or W\)",
    "bad_contract": r"bad contract (?P<text>%Q) \(expected like '4S', '3NTX', 'Pass'\)",
    "bad_result_13": r"bad result (?P<text>%Q): at most 13 tricks",
    "bad_result": r"bad result (?P<text>%Q) \(expected tricks like '9' or 'NS 9'\)",
    "auction_dealer": r"the auction starts with (?P<seat1>%L) but the dealer is (?P<seat2>%L)",
    "board_number": r"board number must be a positive integer, not (?P<text>%Q)",
    # JSON and YAML
    "json_syntax": r"json syntax error: (?P<msg>.+)",
    "json_delimiter": r"expecting (?P<text>%Q) delimiter",
    "json_value": r"expecting value",
    "json_key": r"expecting property name enclosed in double quotes",
    "key_twice": r"key (?P<text>%Q) given twice",
    "yaml_syntax": r"yaml syntax error: (?P<msg>.+)",
    "yaml_context": r"(?P<msg>.+) \(while (?P<term>parsing|scanning) (?P<msg_what>.+)\)",
    "yaml_expected_or": r"(?:did not|could not) find expected (?P<text>%Q) or (?P<text2>%Q)",
    "yaml_expected_key": r"(?:did not|could not) find expected key",
    "yaml_expected": r"(?:did not|could not) find expected (?P<text>%Q)",
    "yaml_mapping_values": r"mapping values are not allowed (?:here|in this context)",
    "yaml_end_of_stream": r"found unexpected end of stream",
    "yaml_quoted_scalar": r"a quoted scalar",
    "yaml_flow_mapping": r"a flow mapping",
    "yaml_block_mapping": r"a block mapping",
    "yaml_simple_key": r"a simple key",
    "yaml_flow_sequence": r"a flow sequence",
    # the play
    "out_of_turn_lead": r"(?P<seat1>%S) cannot lead (?P<card>%Q): it is (?P<seat2>%S)'s turn " + _LAW,
    "out_of_turn_play": r"(?P<seat1>%S) cannot play (?P<card>%Q): it is (?P<seat2>%S)'s turn " + _LAW,
    "opening_lead": r"opening lead out of turn: (?P<seat1>%S) leads (?P<card>%Q), (?P<seat2>%S) is on lead "
                    + _LAW,
    "already_played": r"(?P<card>%Q) has already been played",
    "not_held": r"(?P<seat>%S) does not hold (?P<card>%Q)",
    "revoke": r"revoke: (?P<seat>%S) plays (?P<card>%Q) holding (?P<term>spades|hearts|diamonds|clubs) " + _LAW,
    "no_contract_to_play": r"no contract with declarer to play",
    "no_deal_to_play": r"no deal to play",
    "needs_deal_contract": r"needs a deal and a contract with declarer to (?P<term>play|complete)",
    "needs_hand": r"the play needs (?P<seat>%S)'s hand, which is unknown",
    "deal_needs_contract": r"--deal needs --contract \(e\.g\. --contract 4S --declarer S\)",
    "contract_needs_declarer": r"contract (?P<text>%Q) needs a declarer \(--declarer S or '4S by S'\)",
    # scores
    "result_range": r"result (?P<text>%Q) means (?P<n>-?\d+) tricks; declarer takes 0 to 13",
    "passed_out_result": r"a passed-out board has no result, not (?P<text>%Q)",
    "no_contract_given": r"no contract given",
    "not_contract_result": r"not a contract and result: (?P<text>%Q)",
    "unknown_scoring": r"unknown scoring (?P<text>%Q) \(known: (?P<known>.+)\)",
    "not_score": r"not a score: (?P<text>%Q)",
    "no_such_option": r"no such option: (?P<text>%Q)",
    "declarer_says": r"declarer (?P<text>%Q) but the contract says (?P<seat>%Q)",
    "vul_must": r"--vul must be none, ns, ew or both, not (?P<text>%Q)",
    "rubber_no_declarer": r"no declarer for (?P<text>%Q) \(give --declarer N, or 4SXN-1\)",
    "rubber_honours_passout": r"honours (?P<text>%Q) on a passed-out deal",
    "rubber_honours_form": r"honours are SIDE:POINTS such as 'NS:100' or 'EW:150', not (?P<text>%Q)",
    "rubber_partners_again": r"(?P<a>.+?) and (?P<b>.+?) partner again in rubber (?P<n>\d+), as in rubber"
                             r" (?P<m>\d+) of the same round of three",
    "score_no_declarer": r"cannot score (?P<text>\S+) with result (?P<n>\d+): no declarer \(a Declarer tag,"
                         r" or the auction\)",
    "result_not_from_play": r"result (?P<n>\d+) cannot follow from the play: declarer has already won (?P<won>\d+)"
                            r" tricks with (?P<left>\d+) to play",
    # deal expressions (--where, --stats, --predeal)
    "option_column": r"(?P<opt>--where|--stats) (?P<text>%Q): (?P<msg>.+) \(column (?P<col>\d+)\)",
    "option_predeal": r"--predeal (?P<text>%Q): (?P<msg>.+)",
    "expr_ends": r"expression ends too early",
    "unknown_name": r"unknown name (?P<text>%Q) \(known: (?P<known>.+)\)",
    "unexpected_character": r"unexpected character (?P<text>%Q)",
    "expected_found": r"expected (?P<text>%Q), found (?P<found>%Q)",
    "expected_end": r"expected (?P<text>%Q), found the end",
    "expected_close_end": r"expected (?P<text>%Q) to close (?P<name>\w+)\(, found the end",
    "after_expression": r"unexpected (?P<text>%Q) after the expression",
    "predeal_form": r"predeal (?P<text>%Q): write 'N:AKQ\.J\.T98\.76' or 'north=SAKQ,HA'",
    "is_function": r"(?P<text>%Q) is a function: write (?P<name>\w+)\(\.\.\.\)",
    # the solver
    "solver_missing": r"(?P<cmd>solve|tricks\(\)) needs the DDS solver: (?P<how>pip install [^\n]+)",
    # notes and warnings a user meets first
    "jobs_lowered": r"(?P<opt>--jobs|--workers|-j) (?P<n>[\d,]+) lowered to (?P<m>\d+), the cores available",
    "seed_note": r"seed (?P<n>\d+) \(repeat with --seed (?P<m>\d+)\)",
    "unquoted_tag": r"tag value without quotes, read as (?P<text>%Q) \(PBN 3\.2 wants \"\.\.\.\"\)",
    "some_no_play": r"(?P<n>\d+) of (?P<m>\d+) boards have no play record",
    "none_play": r"no board has a play record \((?P<n>\d+) read\)",
    "shortfall": r"only (?P<n>[\d,]+) of (?P<m>[\d,]+) deals met the conditions in (?P<t>[\d,]+) tries"
                 r" \(acceptance rate (?P<rate>[^)]+)\); raise --max-tries or relax the conditions",
}

#: English ``_MESSAGES_EN`` placeholders -> the group they become in a pattern.
MESSAGE_GROUPS: dict[str, str] = {
    "text": "(?P<text>%Q)", "tok": "(?P<tok>%Q)", "call": "(?P<call>%Q)", "known": "(?P<known>.+)",
    "n": r"(?P<n>\d+)", "seat": "(?P<seat>%L)", "why": "(?P<msg_why>.+)", "last": r"(?P<last>\S+)",
}


def expand(pattern: str) -> str:
    """``pattern`` with its shorthands (``%Q``, ``%S``, ``%L``) written out."""
    for short, long in _SHORTHANDS.items():
        pattern = pattern.replace(short, long)
    return pattern


def message_pattern(template: str) -> str:
    """The regular expression matching what the English ``template`` gives, e.g.
    ``not a call: {text}`` -> ``not a call: (?P<text>'.*?'...)``."""
    out = []
    for literal, name in re.findall(r"([^{]*)(?:\{(\w+)\})?", template):
        out.append(re.escape(literal))
        if name:
            out.append(MESSAGE_GROUPS[name])
    return expand("".join(out))


def error_table(templates: Mapping[str, str], messages: Mapping[str, str],
                english_messages: Mapping[str, str]) -> tuple[tuple[str, str], ...]:
    """A language's ``error_patterns``: (English regex, template) for each key of
    ``templates``, then for each notation message the language words itself
    (``{why}`` in a message template is written ``{msg_why}``)."""
    table = [(expand(ERROR_PATTERNS[key]), template) for key, template in templates.items()]
    for key, template in messages.items():
        english = english_messages.get(key)
        if english is None or key == "unknown_language":
            continue
        table.append((message_pattern(english), template.replace("{why}", "{msg_why}")))
    return tuple(table)


_LAW_PL = "(prawo {law})"
_LAW_HU = "({law}. szabály)"

#: Polish messages by key of :data:`ERROR_PATTERNS`.
ERRORS_PL: dict[str, str] = {
    "board": "rozdanie {n}",
    "card_twice": "karta {card} jest w dwóch rękach: {seat1} i {seat2}",
    "too_many_cards": "{seat} ma {n} kart, więcej niż 13{rest}",
    "deal_four_hands": "rozdanie ma cztery ręce, a jest ich {n}: {deal}",
    "deal_seat_colon": "rozkład zaczyna się od strony świata i dwukropka, np. 'N:': {deal}",
    "predeal_card": "predeal daje kartę {card} dwóm graczom: {seat1} i {seat2}",
    "predeal_many": "predeal daje graczowi {seat} {n} kart, więcej niż 13",
    "no_boards": "brak rozdań",
    "no_boards_left": "po pominięciu błędnych zapisów nie zostało żadne rozdanie",
    "no_board_numbered": "nie ma rozdania o numerze {n}",
    "no_board_n": "nie ma rozdania {n}",
    "nul_byte": "dane binarne (bajt NUL), to nie jest plik tekstowy",
    "utf16": "tekst w UTF-16 (znacznik kolejności bajtów): zapisz go w UTF-8 (iconv -f UTF-16 -t UTF-8)",
    "utf32": "tekst w UTF-32 (znacznik kolejności bajtów): zapisz go w UTF-8 (iconv -f UTF-32 -t UTF-8)",
    "no_results": "brak wyników (tylko puste wiersze i komentarze)",
    "long_line": "wiersz dłuższy niż {n} bajtów: to nie jest wiersz wyniku",
    "binary": "dane binarne, to nie jest plik tekstowy",
    "unterminated_string": "niezamknięty cudzysłów w {text}",
    "unterminated_tag": "niezamknięty znacznik: nieoczekiwane {text}",
    "text_before_tag": "nieoczekiwany tekst {text} przed pierwszym znacznikiem",
    "unexpected": "nieoczekiwane {text}",
    "bad_deal_four": "błędny rozkład {deal}: powinny być cztery ręce, jest {n}",
    "bad_deal_colon": "błędny rozkład {deal}: zaczyna się od strony świata i dwukropka, np. 'N:'",
    "bad_deal_seat": "błędny rozkład {deal}: nieznana strona świata {text}",
    "bad_deal": "błędny rozkład {deal}: {msg}",
    "unknown_seat_for": "nieznana strona świata {text} ({term}; dozwolone N, E, S, W)",
    "bad_contract": "błędny kontrakt {text} (oczekiwano np. '4S', '3NTX', 'Pass')",
    "bad_result_13": "błędny wynik {text}: najwyżej 13 lew",
    "bad_result": "błędny wynik {text} (oczekiwano liczby lew, np. '9' albo 'NS 9')",
    "auction_dealer": "licytację zaczyna {seat1}, a rozdaje {seat2}",
    "board_number": "numer rozdania musi być dodatnią liczbą całkowitą, a jest {text}",
    "json_syntax": "błąd składni JSON: {msg}",
    "json_delimiter": "brak separatora {text}",
    "json_value": "brak wartości",
    "json_key": "brak nazwy klucza w cudzysłowie",
    "key_twice": "klucz {text} podany dwa razy",
    "yaml_syntax": "błąd składni YAML: {msg}",
    "yaml_context": "{msg} ({term} {msg_what})",
    "yaml_expected_or": "nie znaleziono oczekiwanego {text} ani {text2}",
    "yaml_expected_key": "nie znaleziono oczekiwanego klucza",
    "yaml_expected": "nie znaleziono oczekiwanego {text}",
    "yaml_mapping_values": "wartości mapy nie są tu dozwolone",
    "yaml_end_of_stream": "nieoczekiwany koniec danych",
    "yaml_quoted_scalar": "napisu w cudzysłowie",
    "yaml_flow_mapping": "mapy w klamrach",
    "yaml_block_mapping": "mapy blokowej",
    "yaml_simple_key": "prostego klucza",
    "yaml_flow_sequence": "listy w nawiasach kwadratowych",
    "out_of_turn_lead": "{seat1} nie może wistować {card}: kolej na {seat2} " + _LAW_PL,
    "out_of_turn_play": "{seat1} nie może zagrać {card}: kolej na {seat2} " + _LAW_PL,
    "opening_lead": "wist nie z tej ręki: {seat1} wistuje {card}, a wist ma {seat2} " + _LAW_PL,
    "already_played": "{card} już zagrano",
    "not_held": "{seat} nie ma karty {card}",
    "revoke": "nie do koloru: {seat} zagrywa {card}, mając {term} " + _LAW_PL,
    "no_contract_to_play": "brak kontraktu z rozgrywającym, nie ma czego rozgrywać",
    "no_deal_to_play": "brak rozkładu, nie ma czego rozgrywać",
    "needs_deal_contract": "{term} wymaga rozkładu i kontraktu z rozgrywającym",
    "needs_hand": "do rozgrywki potrzebna jest nieznana ręka: {seat}",
    "deal_needs_contract": "--deal wymaga --contract (np. --contract 4S --declarer S)",
    "contract_needs_declarer": "kontrakt {text} wymaga rozgrywającego (--declarer S albo '4S by S')",
    "result_range": "wynik {text} oznacza {n} lew; rozgrywający bierze od 0 do 13 lew",
    "passed_out_result": "rozdanie spasowane nie ma wyniku, a podano {text}",
    "no_contract_given": "nie podano kontraktu",
    "not_contract_result": "to nie jest kontrakt z wynikiem: {text}",
    "unknown_scoring": "nieznany sposób liczenia {text} (znane: {known})",
    "not_score": "to nie jest zapis: {text}",
    "no_such_option": "nie ma takiej opcji: {text}",
    "declarer_says": "rozgrywający {text}, a według kontraktu {seat}",
    "vul_must": "--vul przyjmuje none, ns, ew albo both (po polsku: nikt, NS, EW, obie; obie przed, NS po, EW po,"
                " obie po), a nie {text}",
    "rubber_no_declarer": "brak rozgrywającego w {text} (podaj --declarer N albo 4SXN-1)",
    "rubber_honours_passout": "honory {text} w rozdaniu spasowanym",
    "rubber_honours_form": "honory zapisuje się STRONA:PUNKTY, np. 'NS:100' albo 'EW:150', a nie {text}",
    "rubber_partners_again": "{a} i {b} znów grają w parze w robrze {n}, jak w robrze {m} tej samej tury",
    "score_no_declarer": "nie można policzyć {text} z wynikiem {n}: brak rozgrywającego (tag Declarer albo licytacja)",
    "result_not_from_play": "wynik {n} nie może wynikać z rozgrywki: lew rozgrywającego już {won},"
                            " do rozegrania {left}",
    "option_column": "{opt} {text}: {msg} (kolumna {col})",
    "option_predeal": "--predeal {text}: {msg}",
    "expr_ends": "wyrażenie kończy się za wcześnie",
    "unknown_name": "nieznana nazwa {text} (znane: {known})",
    "unexpected_character": "nieoczekiwany znak {text}",
    "expected_found": "oczekiwano {text}, a jest {found}",
    "expected_end": "oczekiwano {text}, a wyrażenie się skończyło",
    "expected_close_end": "brak {text} zamykającego {name}(, a wyrażenie się skończyło",
    "after_expression": "nieoczekiwane {text} po końcu wyrażenia",
    "predeal_form": "predeal {text}: pisz 'N:AKQ.J.T98.76' albo 'north=SAKQ,HA'",
    "is_function": "{text} to funkcja: pisz {name}(...)",
    "solver_missing": "{cmd} wymaga solvera DDS: {how}",
    "jobs_lowered": "{opt} {n} zmniejszone do {m}, tylu rdzeni jest dostępnych",
    "seed_note": "ziarno {n} (powtórzysz z --seed {m})",
    "unquoted_tag": 'wartość znacznika bez cudzysłowu, odczytana jako {text} (PBN 3.2 wymaga "...")',
    "some_no_play": "{n} z {m} rozdań nie ma zapisu rozgrywki",
    "none_play": "żadne rozdanie nie ma zapisu rozgrywki (odczytano {n})",
    "shortfall": "tylko {n} z {m} rozdań spełniło warunki w {t} próbach (odsetek {rate}); zwiększ --max-tries"
                 " albo złagodź warunki",
}

#: Words the Polish messages look up (``term_<English word>``).
TERMS_PL: dict[str, str] = {
    "term_dealer": "rozdający", "term_declarer": "rozgrywający", "term_auction": "licytacja",
    "term_play": "rozgrywka", "term_complete": "dokończenie rozgrywki",
    "term_spades": "piki", "term_hearts": "kiery", "term_diamonds": "kara", "term_clubs": "trefle",
    "term_parsing": "przy czytaniu", "term_scanning": "przy czytaniu",
}

#: Hungarian messages by key of :data:`ERROR_PATTERNS`.
ERRORS_HU: dict[str, str] = {
    "board": "{n}. leosztás",
    "card_twice": "a(z) {card} lap két kézben is szerepel: {seat1} és {seat2}",
    "too_many_cards": "{seat} kezében {n} lap van, több mint 13{rest}",
    "deal_four_hands": "egy leosztás négy kézből áll, itt {n} van: {deal}",
    "deal_seat_colon": "a leosztás égtájjal és kettősponttal kezdődik, pl. 'N:': {deal}",
    "predeal_card": "az előosztás a(z) {card} lapot két kézbe adja: {seat1} és {seat2}",
    "predeal_many": "az előosztás szerint {seat} kezében {n} lap van, több mint 13",
    "no_boards": "nincs leosztás",
    "no_boards_left": "a hibás rekordok kihagyása után nem maradt leosztás",
    "no_board_numbered": "nincs ilyen számú leosztás: {n}",
    "no_board_n": "nincs {n}. leosztás",
    "nul_byte": "bináris adat (NUL bájt), nem szövegfájl",
    "utf16": "UTF-16 szöveg (bájtsorrend-jel): mentse UTF-8 kódolással (iconv -f UTF-16 -t UTF-8)",
    "utf32": "UTF-32 szöveg (bájtsorrend-jel): mentse UTF-8 kódolással (iconv -f UTF-32 -t UTF-8)",
    "no_results": "nincs eredmény (csak üres sorok és megjegyzések)",
    "long_line": "a sor hosszabb {n} bájtnál: nem eredménysor",
    "binary": "bináris adat, nem szövegfájl",
    "unterminated_string": "lezáratlan idézőjel: {text}",
    "unterminated_tag": "lezáratlan címke: váratlan {text}",
    "text_before_tag": "váratlan szöveg az első címke előtt: {text}",
    "unexpected": "váratlan {text}",
    "bad_deal_four": "hibás leosztás {deal}: négy kéz kellene, {n} van",
    "bad_deal_colon": "hibás leosztás {deal}: égtájjal és kettősponttal kezdődik, pl. 'N:'",
    "bad_deal_seat": "hibás leosztás {deal}: ismeretlen égtáj {text}",
    "bad_deal": "hibás leosztás {deal}: {msg}",
    "unknown_seat_for": "ismeretlen égtáj {text} ({term}; N, E, S vagy W lehet)",
    "bad_contract": "hibás felvétel {text} (pl. '4S', '3NTX', 'Pass' lehet)",
    "bad_result_13": "hibás eredmény {text}: legfeljebb 13 ütés",
    "bad_result": "hibás eredmény {text} (ütésszám kell, pl. '9' vagy 'NS 9')",
    "auction_dealer": "a licitet {seat1} kezdi, de az osztó {seat2}",
    "board_number": "a leosztás száma pozitív egész szám, nem {text}",
    "json_syntax": "JSON-szintaxishiba: {msg}",
    "json_delimiter": "hiányzik a(z) {text} elválasztó",
    "json_value": "hiányzik az érték",
    "json_key": "hiányzik az idézőjeles kulcsnév",
    "key_twice": "a(z) {text} kulcs kétszer szerepel",
    "yaml_syntax": "YAML-szintaxishiba: {msg}",
    "yaml_context": "{msg} ({msg_what} {term})",
    "yaml_expected_or": "nem található a várt {text} vagy {text2}",
    "yaml_expected_key": "nem található a várt kulcs",
    "yaml_expected": "nem található a várt {text}",
    "yaml_mapping_values": "itt nem állhat leképezési érték",
    "yaml_end_of_stream": "váratlanul véget ért a szöveg",
    "yaml_quoted_scalar": "idézőjeles szöveg",
    "yaml_flow_mapping": "kapcsos zárójeles leképezés",
    "yaml_block_mapping": "blokkleképezés",
    "yaml_simple_key": "egyszerű kulcs",
    "yaml_flow_sequence": "szögletes zárójeles lista",
    "out_of_turn_lead": "{seat1} nem hívhatja ki a(z) {card} lapot: {seat2} következik " + _LAW_HU,
    "out_of_turn_play": "{seat1} nem teheti le a(z) {card} lapot: {seat2} következik " + _LAW_HU,
    "opening_lead": "soron kívüli kezdőhívás: {seat1} hívja a(z) {card} lapot, de {seat2} hív " + _LAW_HU,
    "already_played": "a(z) {card} lapot már kijátszották",
    "not_held": "{seat} kezében nincs {card}",
    "revoke": "nem színre tett lap: {seat} a(z) {card} lapot teszi, pedig van {term} lapja " + _LAW_HU,
    "no_contract_to_play": "nincs felvétel felvevővel, nincs mit lejátszani",
    "no_deal_to_play": "nincs leosztás, nincs mit lejátszani",
    "needs_deal_contract": "leosztás és felvevős felvétel kell ({term})",
    "needs_hand": "a lejátszáshoz kell {seat} keze, ami ismeretlen",
    "deal_needs_contract": "a --deal mellé --contract kell (pl. --contract 4S --declarer S)",
    "contract_needs_declarer": "a(z) {text} felvételhez felvevő kell (--declarer S vagy '4S by S')",
    "result_range": "a(z) {text} eredmény {n} ütést jelent; a felvevő 0–13 ütést vihet",
    "passed_out_result": "bepasszolt leosztásnak nincs eredménye, nem {text}",
    "no_contract_given": "nincs megadva felvétel",
    "not_contract_result": "nem felvétel és eredmény: {text}",
    "unknown_scoring": "ismeretlen pontozás {text} (ismert: {known})",
    "not_score": "nem pontszám: {text}",
    "no_such_option": "nincs ilyen opció: {text}",
    "declarer_says": "a felvevő {text}, de a felvétel szerint {seat}",
    "vul_must": "a --vul értéke none, ns, ew vagy both (magyarul: senki, É-D, K-Ny, mindenki; mind,"
                " mindkettő) lehet, nem {text}",
    "rubber_no_declarer": "nincs felvevő: {text} (add meg: --declarer N, vagy 4SXN-1)",
    "rubber_honours_passout": "honőrök {text} bepasszolt leosztásban",
    "rubber_honours_form": "a honőrök alakja OLDAL:PONT, pl. 'NS:100' vagy 'EW:150', nem {text}",
    "rubber_partners_again": "{a} és {b} ismét partnerek a(z) {n}. robberben, mint ugyanennek a fordulónak"
                             " {m}. robberében",
    "score_no_declarer": "{text} {n} ütéssel nem pontozható: nincs felvevő (Declarer címke vagy a licit)",
    "result_not_from_play": "a(z) {n} eredmény nem következhet a lejátszásból: a felvevő már {won} ütést vitt el,"
                            " és {left} van hátra",
    "option_column": "{opt} {text}: {msg} ({col}. oszlop)",
    "option_predeal": "--predeal {text}: {msg}",
    "expr_ends": "a kifejezés túl korán véget ér",
    "unknown_name": "ismeretlen név {text} (ismert: {known})",
    "unexpected_character": "váratlan karakter {text}",
    "expected_found": "{text} kellett, de ez jött: {found}",
    "expected_end": "{text} kellett, de a kifejezés véget ért",
    "expected_close_end": "hiányzik a(z) {name}( lezáró {text}, de a kifejezés véget ért",
    "after_expression": "váratlan {text} a kifejezés után",
    "predeal_form": "predeal {text}: írd így: 'N:AKQ.J.T98.76' vagy 'north=SAKQ,HA'",
    "is_function": "{text} függvény: írd így: {name}(...)",
    "solver_missing": "a(z) {cmd} DDS-megoldót igényel: {how}",
    "jobs_lowered": "{opt} {n} helyett {m}, ennyi processzormag érhető el",
    "seed_note": "mag: {n} (megismételhető: --seed {m})",
    "unquoted_tag": 'idézőjel nélküli címkeérték, így olvasva: {text} (a PBN 3.2 "..."-t kér)',
    "some_no_play": "{m} leosztásból {n}-nak nincs lejátszása",
    "none_play": "egyik leosztásnak sincs lejátszása ({n} beolvasva)",
    "shortfall": "csak {n} leosztás felelt meg a feltételeknek a kért {m}-ból {t} próbálkozásból ({rate});"
                 " növelje a --max-tries értékét, vagy enyhítsen a feltételeken",
}

#: Words the Hungarian messages look up (``term_<English word>``).
TERMS_HU: dict[str, str] = {
    "term_dealer": "osztó", "term_declarer": "felvevő", "term_auction": "licit", "term_play": "lejátszás",
    "term_complete": "a lejátszás befejezése",
    "term_spades": "pikk", "term_hearts": "kőr", "term_diamonds": "káró", "term_clubs": "treff",
    "term_parsing": "olvasása közben", "term_scanning": "olvasása közben",
}

#: English words of the same keys (the English form of each ``term_<word>`` is the word).
TERMS_EN: dict[str, str] = {key: key.removeprefix("term_") for key in TERMS_PL}
