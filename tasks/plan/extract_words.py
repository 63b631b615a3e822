"""A request's numbers and units said in words, rewritten as digits and symbols before anything is read
(tasks.plan.extract.normalise). Pure functions over text."""

from __future__ import annotations

import re
from functools import lru_cache

from tasks.geometry.text_expressions import evaluated_expressions
from tasks.plan.extract_pattern import _NUM, _is_unit
from tasks.plan.units import read_at
from tasks.plan.stated_bare import bare_field_values
from tasks.plan.values_cells import keyed_cell_counts
from tasks.plan.values_subscripts import group_subscripts
from tasks.plan.values_iterations import iteration_forms
from tasks.plan.values_lists import slash_pairs
from tasks.plan.values_commas import decimal_commas, spoken_powers, written_powers
from tasks.plan.values_forms import counted_labels, table_rows
from tasks.plan.values_glyphs import bracketed_numbers, parts_of_a_unit, typed_numbers
from tasks.plan.values_headers import unit_headers
from tasks.plan.values_parts import multiplier_parts
from tasks.plan.values_scales import ordinal_intervals, scaled_numbers

# Number words are rewritten as digits before anything is read ("forty by forty cells" ->
# "40 by 40 cells"); fractions ("one third", "a quarter", "1/3") are read as kind "fraction".
_UNITS_WORDS = {w: n for n, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
    "sixteen seventeen eighteen nineteen".split())}
_TENS = {w: 10 * (n + 2) for n, w in enumerate("twenty thirty forty fifty sixty seventy eighty ninety".split())}
_FRACTIONS = {"half": 2, "halves": 2, "third": 3, "thirds": 3, "quarter": 4, "quarters": 4, "fourth": 4,
              "fourths": 4, "fifth": 5, "fifths": 5, "tenth": 10, "tenths": 10, "hundredth": 100, "hundredths": 100,
              "thousandth": 1000, "thousandths": 1000, "millionth": 1_000_000, "millionths": 1_000_000}
_SMALL = "|".join(sorted(_UNITS_WORDS, key=len, reverse=True))


# "10,000", "250,000", "1,000,000": thousands separators; "1,500" stays as written (a decimal
# comma is as likely), and so does a list of counts ("100,100 cells", "(40,400,1)")
_THOUSANDS = re.compile(r"(?<![\d,.(])(?:\d{2,3},\d{3}(?![\d,.]|\s*(?:cells?|x\b|[×)]))"
                        r"|\d{1,3}(?:,\d{3}){2,}(?![\d,.]))")
# "1,000 Pa", "2,500 iterations": one digit and a thousands separator, read as thousands unless the
# request writes decimal commas elsewhere ("0,5 m/s", "2,75 bar"), when "1,500" may be 1.5
_ONE_DIGIT_THOUSANDS = re.compile(r"(?<![\d,.(])\d,\d{3}(?![\d,.]|\s*(?:cells?|x\b|[×)]))")
_DECIMAL_COMMA = re.compile(r"(?<![\d,.])(?:\d+,\d{1,2}|0,\d+|\d+,\d{4,})(?![\d,])")


# a total of cells said with a thousands separator: "roughly 9,000 cells", "no more than 12,500 cells" (a
# total's words before it: no list of counts)
_TOTAL_THOUSANDS = re.compile(r"(\b(?:about|around|roughly|approximately|nearly|some|most|than|under|below|maximum|(?:mesh|grid)\s+of)\s+|~\s*)"
                              r"(\d{1,3}(?:,\d{3})+)(?=\s*(?:cells|elements)\b)", re.I)


def joined_thousands(text: str) -> str:
    """Numbers with a thousands separator written whole: "10,000" -> "10000", "1,000 Pa" -> "1000 Pa"
    (unless the text has decimal commas)."""
    text = _TOTAL_THOUSANDS.sub(lambda m: m.group(1) + m.group(2).replace(",", ""), text)
    text = _THOUSANDS.sub(lambda m: m.group(0).replace(",", ""), text)
    if _DECIMAL_COMMA.search(text):
        return text
    return _ONE_DIGIT_THOUSANDS.sub(lambda m: m.group(0).replace(",", ""), text)


_SCALES = {"hundred": 100, "thousand": 1000, "million": 1_000_000}
_WORD_VALUES = {**_UNITS_WORDS, **_TENS}
_NUMBER_WORD = rf"(?:{'|'.join(sorted([*_WORD_VALUES, *_SCALES], key=len, reverse=True))})"
# a spelled number: "forty", "twenty-five", "two hundred and fifty", "a thousand", "one point five"
_SPELLED_NUMBER = re.compile(
    rf"\b(?:an?\s+(?=(?:hundred|thousand|million)\b))?{_NUMBER_WORD}"
    rf"(?:(?:[\s-]+|(?:(?<=hundred)|(?<=thousand)|(?<=million))\s+and\s+){_NUMBER_WORD})*"
    rf"(?:\s+(?:point|comma)(?:\s+(?:{_SMALL}))+)?\b", re.I)


def _spelled_values(words: list[str]) -> list[float]:
    """The numbers a run of number words says: ["two", "hundred", "fifty"] -> [250]; a word that
    cannot continue the number starts the next one (["five", "six"] -> [5, 6])."""
    out: list[float] = []
    total = current = 0
    started = False
    for w in words:
        if w in ("a", "an", "and"):
            continue
        if w in _SCALES:
            scale = _SCALES[w]
            if scale == 100:
                current = (current or 1) * 100
            else:
                total, current = total + (current or 1) * scale, 0
            started = True
            continue
        value = _WORD_VALUES[w]
        tail = current % 100
        fits = not started or (value < 10 and tail >= 20 and tail % 10 == 0) or (
            tail == 0 and (current or total) and value < 100)
        if not fits:
            out.append(total + current)
            total, current = 0, 0
        current += value
        started = True
    out.append(total + current)
    return out


# "one" as a pronoun: "the warm one at 320 K", "the upper one moves", "this one is", "one of the walls":
# after a determiner and an adjective, after a determiner alone when no noun follows, or before "of
# the"; left as a word
_DETERMINER = r"\b(?:the|this|that|each|every|another|other|which|any|no|either|neither)"
_DETERMINER_ADJECTIVE = re.compile(rf"{_DETERMINER}\s+(?!(?:only|first|last)\b)[a-z]+\s+$", re.I)
_DETERMINER_ALONE = re.compile(rf"{_DETERMINER}\s+$", re.I)
_NOT_A_NOUN = re.compile(r"\s*(?:$|[,;:.!?)]|(?:at|is|was|are|of|in|on|with|to|has|had|should|must|will|would|"
                         r"which|that|being|held|kept|set|stays|remains|gets|goes|runs|and|or|but)\b)", re.I)


# an adjective that names which of several things is meant (a state, a place, a size, a comparative):
# "..., cold one on the right at 20 degC", "a hotter one at 350 K", "and the inner one spins"
_WHICH_ADJECTIVE = (r"(?:hot|cold|warm|cool|heated|cooled|chilled|insulated|adiabatic|upper|lower|left|right|top"
                    r"|bottom|inner|outer|front|back|rear|middle|central|moving|fixed|stationary|rotating|small"
                    r"|big|large|long|short|wide|narrow|thin|thick|main|second|third|last|(?!(?:numb|aft|ov|und"
                    r"|eith|neith)er\b)[a-z]+er)")
# with no determiner the adjective starts its clause or follows "a"/"an"/"and"/"but"/"while"
_BARE_ADJECTIVE = re.compile(rf"(?:^|[,;:(]|\b(?:and|a|an|but|while|whereas)\b)\s*{_WHICH_ADJECTIVE}\s+$", re.I)


# what follows a pronoun "one" and never a count: a verb's third person, or a value of its own
_VERB_OR_VALUE = re.compile(r"\s+(?:[a-z]+[^s\W]s\b|\d)", re.I)


def _pronoun_one(m: re.Match[str]) -> bool:
    if m.group(0).lower() != "one":
        return False
    before, after = m.string[max(0, m.start() - 40):m.start()], m.string[m.end():]
    if re.match(r"\s+of\s+(?:the|its|these|those|them|two|both)\b", after, re.I):
        return True
    if _DETERMINER_ADJECTIVE.search(before) and not _spelled_unit_at(after.lstrip(" -"), 0):
        return True  # "the warm one", "the upper one moves" (not "the next one metre")
    if _BARE_ADJECTIVE.search(before) and (_NOT_A_NOUN.match(after) or _VERB_OR_VALUE.match(after)) \
            and not _spelled_unit_at(after.lstrip(" -"), 0):
        return True  # "hot wall at 40 degC, cold one on the right at 20 degC", "inner one rotates", "right one 300 K"
    return bool(_DETERMINER_ALONE.search(before)) and bool(_NOT_A_NOUN.match(after))


def _spelled(m: re.Match[str]) -> str:
    if _pronoun_one(m):
        return m.group(0)
    text = m.group(0).lower()
    whole, _, decimals = text.replace(" comma ", " point ").partition(" point ")  # "zero comma five": 0.5
    values = _spelled_values(re.split(r"[\s-]+", whole.strip()))
    digits = "".join(str(_UNITS_WORDS[d]) for d in decimals.split())
    shown = [str(int(v)) for v in values]
    if digits:
        shown[-1] += "." + digits
    return " ".join(shown)


# "20 000", "1 500 000", "20 000": thousands in groups of exactly three digits after a space
# (a thin or no-break space always; a plain one only when no other number is listed beside it and,
# after three digits, only for whole thousands: "20 40 60", "(40 400 1)" and "100 200 300" are lists)
_SPACED_THOUSANDS = re.compile(r"(?<![\w.,])\d{1,3}(?:[\u2009\u202f\u00a0]\d{3})+(?![\d.,])"
                               r"|(?<![\w.,(])(?:\d{1,2}(?: \d{3})+|\d{3}(?: 000)+|\d{3} \d{3}(?=\s?[A-Za-zµμ°%]))"
                               r"(?![\d.,]|\s*(?:[x×*]\s*)?\d|\s*(?:by|and)\s+\d)")
# a bare number right before ("10 20 000", "10, 20 000"): a list, whose items stay apart (a unit's
# digit is no number: "0.5 m2/s2, 2 000 iterations")
_NUMBER_BEFORE = re.compile(r"(?:^|[\s(\[])[-+]?(?:\d+\.?\d*|\.\d+),?\s$")


def _joined_thousands(m: re.Match[str]) -> str:
    if " " in m.group(0) and _NUMBER_BEFORE.search(m.string, max(0, m.start() - 24), m.start()):
        return m.group(0)
    return re.sub(r"\s", "", m.group(0))


# "1.5k iterations", "2k steps", "10k time steps", "2M cells", "Re = 20k": a count in thousands
# (millions); the suffix only before a word that counts, a capital K only glued to its number (a
# "2 K" is a temperature, and "a 50 K step" a step of temperature)
_COUNTED = (r"(?:iterations?|iters?|(?:time[- ]?)?steps?|cells?|elements?|particles?|parcels?|"
            r"cores?|hexahedra|points?|samples?)\b")
_SUFFIXED_COUNT = re.compile(rf"(?<![\w.])(?P<n>\d+(?:\.\d+)?)(?:\s?(?P<s>k|M)|(?P<s2>K))(?=[\s-]*{_COUNTED})")
_SUFFIXED_GROUP = re.compile(r"(?P<pre>\b(?:Re|Ra|Reynolds(?:\s+number)?|Rayleigh(?:\s+number)?)\s*"
                             r"(?:=|:|of|is|~|≈|about|around)?\s*)(?P<n>\d+(?:\.\d+)?)(?P<s>k|M)\b")
_SUFFIX = {"k": 1e3, "K": 1e3, "M": 1e6}


def _suffixed(m: re.Match[str]) -> str:
    pre = m.groupdict().get("pre") or ""
    suffix = m.group("s") or m.groupdict().get("s2") or ""
    return f"{pre}{float(m.group('n')) * _SUFFIX[suffix]:.12g}"


# "Co ≤ 0.3", "Courant < 0.5", "maxCo >= 1": a bound said with a sign after a name of two or more
# letters is that name's value ("x < 0.5", one letter, is a place and stays)
_BOUND_SIGN = re.compile(r"(?<=[A-Za-z]{2})\s*(?:≤|⩽|<=|=<|≥|⩾|>=|=>|<|>)\s*(?=[-+]?\.?\d)")


@lru_cache(maxsize=4096)  # pure; the binders normalise the same request text many times
def normalise(text: str) -> str:
    """Number words as digits ("forty by forty" -> "40 by 40", "two hundred and fifty" -> "250",
    "one point five" -> "1.5"), thousands separators dropped ("10,000" -> "10000", "20 000" ->
    "20000"), counts in thousands written out ("1.5k iterations" -> "1500 iterations"), a bound
    sign after a name read as its value ("Co ≤ 0.3" -> "Co = 0.3"); everything else unchanged."""
    text = evaluated_expressions(text, defined=False)  # "9*2*pi cm" -> "56.54866776 cm", "pi/10 m/s"
    text = table_rows(typed_numbers(text), _is_unit)  # "| inlet velocity | 3 m/s |" -> "inlet velocity: 3 m/s."
    text = group_subscripts(text)  # "Re_tau = 180" -> "friction Re = 180", "Ra_H 1e8" -> "Ra 1e8"
    text = _PRESSURE_SUFFIX.sub(_pressure_suffix, text)  # "150 kPa(g)", "2 MPag", "1 bar(a)"
    text = joined_thousands(written_powers(decimal_commas(unit_headers(text))))  # "1,5e-5" -> "1.5e-5", "0,75 s." -> "0.75 s."
    text = nominal_values(_SPACED_THOUSANDS.sub(_joined_thousands, text))  # "5 ± 0.1 m/s" -> "5 m/s"
    text = slash_pairs(text, _unit_after_gap)  # "floor/ceiling: 305/295 K" -> "305 and 295 K"; "1/2 in" stays
    text = parts_of_a_unit(bracketed_numbers(text, _unit_starts), _unit_starts)  # "(5) m/s", "0.75 of a second"
    text = re.sub(r"(?<![\w.])−(?=\.?\d)", "-", text)  # a typographic minus: "−5 °C"
    text = ordinal_intervals(scaled_numbers(text))  # "2.5 million" -> "2500000", "every fifth step" -> "every 5 step"
    text = iteration_forms(counted_labels(_SPELLED_NUMBER.sub(_spelled, text)))
    text = keyed_cell_counts(text)  # "cells across the gap: 100", "nx=60 ny=30" -> "100 cells across the gap"  # "iterations: 600", "400 SST iterations"
    text = multiplier_parts(spoken_powers(text))  # "1 and a half times" -> "1.5 times"; "10 to the minus 5" -> "1e-5", "minus 5 degrees" -> "-5 degrees"
    text = _SUFFIXED_GROUP.sub(_suffixed, _SUFFIXED_COUNT.sub(_suffixed, text))
    text = _BOUND_SIGN.sub(" = ", text)
    text = _WAYS.sub(_ways, text)  # "decompose 4 ways", "an 8-way parallel run"
    text = spoken_units(spoken_durations(spoken_rates(spoken_fractions(text))))
    return bare_field_values(text)[0]  # "floor temperature 350" -> "floor temperature 350 K" (plausible in K)


# a count of ways a domain is split into, said with the split ("decompose 4 ways", "split the mesh
# 8 ways", "a 4-way parallel run"): the ranks of a parallel run, not a coupling ("2-way coupling")
_WAYS = re.compile(r"(?<![\w.])(?P<n>\d+)[ \t]*-?[ \t]*ways?\b", re.I)
_SPLIT_BEFORE = re.compile(r"\b(?:decompos\w*|partition\w*|parallel|(?:split|divid)\w*[ \t]+(?:the[ \t]+|it[ \t]+)?"
                           r"(?:domain|mesh|case|grid|run|it)\b)[^.;\n]*$", re.I)
_SPLIT_AFTER = re.compile(r"[ \t]+(?:in[ \t]+)?(?:parallel|decompos)", re.I)


def _ways(m: re.Match[str]) -> str:
    text = m.string
    split = _SPLIT_BEFORE.search(text[max(0, m.start() - 40):m.start()]) or _SPLIT_AFTER.match(text, m.end())
    return f"{m.group('n')} subdomains" if split else m.group(0)


def _unit_after_gap(text: str, pos: int) -> bool:
    """A unit of a known kind starts at `pos` or after one space or tab ("305/295 K")."""
    return _unit_starts(text, pos + 1 if text[pos:pos + 1] in (" ", "\t") else pos)


def _unit_starts(text: str, pos: int) -> bool:
    """A unit of a known kind is written at `pos` ("m/s", "K"), not a word such as "in" or "a"."""
    reading = read_at(text, pos)
    return reading is not None and text[pos:reading.end].strip().lower() not in ("in", "a", "s", "h", "m", "l")


# a pressure unit with its reference glued or in brackets: "kPa(g)", "kPag", "MPa(abs)", "bar (a)"
_PRESSURE_SUFFIX = re.compile(r"(?<=\d)(?P<s>\s?)(?P<u>[kMGm]?Pa|bar|psi|atm)(?:\s?\(\s*(?P<r>g|gauge|gage|a|abs|absolute)\s*\)"
                              r"|(?<=Pa)(?P<r2>g|a)(?![A-Za-z]))")


def _pressure_suffix(m: re.Match[str]) -> str:
    said = (m.group("r") or m.group("r2")).lower()
    return f"{m.group('s')}{m.group('u')} {'gauge' if said.startswith('g') else 'absolute'}"


_SPELLED_PREFIX = {"micro": "µ", "milli": "m", "nano": "n", "kilo": "k", "mega": "M", "": ""}
_PER_VOLUME = r"(?:per\s+(?:cubic\s+met(?:re|er)|m\s*\^?\s*3|m³)|/\s*m\s*\^?\s*3)"


def spoken_units(text: str) -> str:
    """Units spelled out as their symbols: "20 microcoulomb per m^3" -> "20 µC/m3", "5e19 molecules per m^3" ->
    "5e19 per m^3", "5
    millisiemens per cm" -> "5 mS/cm", "30 kilovolts" -> "30 kV"."""
    prefixes = "|".join(p for p in _SPELLED_PREFIX if p)
    # "5e19 molecules per cubic metre": what is counted is no part of the unit (a number density, 1/m3)
    text = re.sub(rf"(?<=\d)\s+(?:molecules?|particles?|atoms?|parcels?|droplets?|bubbles?)\s+(?={_PER_VOLUME})", " ",
                  text, flags=re.I)
    text = re.sub(rf"(?<=\d)\s*({prefixes})?coulombs?\s*{_PER_VOLUME}",
                  lambda m: f" {_SPELLED_PREFIX[m.group(1) or '']}C/m3", text, flags=re.I)
    text = re.sub(rf"(?<=\d)\s*({prefixes})?siemens\s*(?:per\s+(?:cm|centimet(?:re|er))|/\s*cm)",
                  lambda m: f" {_SPELLED_PREFIX[m.group(1) or '']}S/cm", text, flags=re.I)
    return re.sub(rf"(?<=\d)\s*({prefixes})volts?\b", lambda m: f" {_SPELLED_PREFIX[m.group(1)]}V", text, flags=re.I)


_FRACTION_DEN = rf"(?P<den>{'|'.join(_FRACTIONS)})"
# the parts of one unit said as an ordinal ("an eighth of an inch", "a twentieth of a second"); only
# before "of a <unit>", so "the eighth patch" stays
_UNIT_PARTS = {**_FRACTIONS, **{w + s: n for w, n in (("sixth", 6), ("seventh", 7), ("eighth", 8), ("ninth", 9),
                                                     ("twelfth", 12), ("sixteenth", 16), ("twentieth", 20),
                                                     ("thirtieth", 30), ("fiftieth", 50), ("sixtieth", 60))
                                 for s in ("", "s")}}
_UNIT_PART_DEN = rf"(?P<den>{'|'.join(sorted(_UNIT_PARTS, key=len, reverse=True))})"
# "half a metre", "a quarter of a second", "3 quarters of an inch", "2 and a half metres"
_PART_OF_UNIT = re.compile(rf"\b(?:(?P<num>an?|one|\d+)[\s-]+)?{_UNIT_PART_DEN}\s+(?:of\s+)?an?\s+(?=[A-Za-z])", re.I)
# "a half-centimetre cell", "a quarter-inch pipe", "3-quarter-inch bore", "a half inch gap": the part of a
# unit said as an adjective, no "of a" (the unit must follow; a part of a time unit is spoken_rates')
_PART_UNIT_ADJECTIVE = re.compile(rf"\b(?:(?P<num>an?|one|\d+)[\s-]+)?{_UNIT_PART_DEN}[\s-]+(?=[A-Za-z])(?!(?:second|minute|hour|day|week|month|year))",
                                  re.I)
_AND_A_PART = re.compile(rf"\b(?P<whole>\d+)[\s-]+and[\s-]+(?:an?|one)[\s-]+{_FRACTION_DEN}[\s-]+(?=[A-Za-z])", re.I)
_UNIT_AND_A_HALF = re.compile(r"\b(?:an?|1)\s+(?P<unit>[A-Za-z]+)\s+and\s+a\s+half\b", re.I)


def _spelled_unit_at(text: str, pos: int) -> bool:
    """A unit of a known kind is written at `pos` ("metre", "second", "inch", "m/s")."""
    return read_at(text, pos) is not None


def spoken_fractions(text: str) -> str:
    """Parts of a unit said in words as numbers: "half a metre" -> "0.5 metre", "a quarter of a
    second" -> "0.25 second", "3 quarters of an inch" -> "0.75 inch", "2 and a half metres" ->
    "2.5 metres", "a metre and a half" -> "1.5 metre", "a half-centimetre cell" -> "0.5 centimetre cell".
    A fraction of anything else ("a quarter of the tank", "half the height") stays as written."""
    def part(m: re.Match[str]) -> str:
        if not _spelled_unit_at(text, m.end()):
            return m.group(0)
        num = m.group("num") or "1"
        value = (1 if not num[0].isdigit() else int(num)) / _UNIT_PARTS[m.group("den").lower()]
        return f"{value:.12g} "

    def whole(m: re.Match[str]) -> str:
        if not _spelled_unit_at(text, m.end()) or m.group("den").lower() in ("halves", "thirds", "quarters"):
            return m.group(0)
        return f"{int(m.group('whole')) + 1 / _FRACTIONS[m.group('den').lower()]:.12g} "

    def and_a_half(m: re.Match[str]) -> str:
        return f"1.5 {m.group('unit')}" if _spelled_unit_at(text, m.start("unit")) else m.group(0)

    text = _PART_OF_UNIT.sub(part, text)
    text = _AND_A_PART.sub(whole, text)
    text = _UNIT_AND_A_HALF.sub(and_a_half, text)
    return _PART_UNIT_ADJECTIVE.sub(part, text)


_TIME_WORD = r"(?:second|minute|hour|day|week|month|year)"
# "30 km an hour", "5 metres a second", "60 litres every minute", "2 cubic metres each hour": the
# article is a "per" (the unit may be up to three words; the whole must read as one unit)
_UNIT_A_TIME = re.compile(r"(?<=\d)(?P<gap>\s*)(?P<unit>[^\s\d.,][^\s]*?(?:\s+[^\s\d][^\s]*?){0,2}?)"
                          r"\s+(?:an?|each|every)\s+(?=(?P<time>(?:second|minute|hour|day)s?)\b)", re.I)


def _per_time(text: str) -> str:
    def per(m: re.Match[str]) -> str:
        said = f"{m.group('unit')} per {m.group('time')}"
        got = read_at(said, 0)
        return f"{m.group('gap')}{m.group('unit')} per " if got is not None and got.end == len(said) else m.group(0)

    return _UNIT_A_TIME.sub(per, text)


_PARTS = {"half": 2, "quarter": 4}
# "every half second", "a quarter-second step", "every half minute": a part of a unit of time (not
# "every third second", which is every three seconds)
_PART_TIME = re.compile(rf"\b(?:an?\s+)?(?P<den>{'|'.join(_PARTS)})[\s-]+(?P<unit>{_TIME_WORD}s?)\b", re.I)
_TIMES = {"once": 1, "twice": 2, "thrice": 3}
# "four times per second", "twice a second", "10 times each minute", "5 times/s": a rate, said as
# the interval it repeats at
_RATE = re.compile(r"\b(?:(?P<n>\d+(?:\.\d+)?)\s+times|(?P<w>once|twice|thrice))\s*"
                   r"(?:(?:per|a|an|each|every)\s+(?P<unit>second|minute|hour|day|sec|min|s)\b"
                   r"|/\s*(?P<sym>s|min|h)\b)", re.I)


# what is done at an interval: writing, saving, sampling the fields
_WRITE_WORDS = re.compile(r"\b(?:writ\w*|output\w*|sav\w*|dump\w*|stor\w*|record\w*|sampl\w*|results?|"
                          r"snapshots?)\b", re.I)


def spoken_rates(text: str) -> str:
    """Parts of a unit of time and rates said in words as the interval they repeat at: "every half
    second" -> "every 0.5 second", "four times per second" -> "every 0.25 second", "twice a minute"
    -> "every 0.5 minute"."""
    text = _PART_TIME.sub(lambda m: f"{1 / _PARTS[m.group('den').lower()]:.12g} {m.group('unit')}", text)

    def rate(m: re.Match[str]) -> str:
        n = float(m.group("n")) if m.group("n") else _TIMES[m.group("w").lower()]
        if n <= 0:
            return m.group(0)
        unit = (m.group("unit") or m.group("sym")).lower()
        unit = {"sec": "second", "s": "s", "min": "min"}.get(unit, unit)
        clause = re.split(r"[,;.!?\n]\s", text[max(0, m.start() - 60):m.start()])[-1]
        if _WRITE_WORDS.search(clause) or _WRITE_WORDS.match(text, len(text) - len(text[m.end():].lstrip())):
            return f"every {1 / n:.12g} {unit}"
        # "the plate oscillates 5 times per second": a frequency, not an interval to write at
        return f"{n:.12g} Hz" if unit in ("second", "s") else m.group(0)

    text = _RATE.sub(rate, text)
    return _WRITE_HZ.sub(lambda m: f"{m.group('head')}every {1 / float(m.group('n')):.12g} s"
                         if float(m.group("n")) > 0 else m.group(0), text)


# "write at 4 Hz", "output the fields with a frequency of 10 Hz": writing at a rate
_WRITE_HZ = re.compile(r"(?P<head>\b(?:writ\w*|output\w*|sav\w*|dump\w*|stor\w*|sampl\w*)\s+(?:[A-Za-z]+\s+){0,2}?)"
                       r"(?:at|with)\s+(?:a\s+(?:rate|frequency)\s+of\s+)?(?P<n>\d+(?:\.\d+)?)\s*(?:Hz|hertz)\b", re.I)


def spoken_durations(text: str) -> str:
    """Durations said in words as numbers: "half a second" -> "0.5 second", "a minute and a
    half" -> "1.5 minute", "2 and a half hours" -> "2.5 hours", "an hour" -> "1 hour" ("a
    second" stays: it is as often an ordinal)."""
    text = _per_time(text)
    text = re.sub(rf"\bhalf\s+an?\s+({_TIME_WORD})\b", r"0.5 \1", text, flags=re.I)
    text = re.sub(rf"\b(?:an?|1)\s+({_TIME_WORD})\s+and\s+a\s+half\b", r"1.5 \1", text, flags=re.I)
    text = re.sub(rf"\b(\d+)\s+and\s+a\s+half\s+({_TIME_WORD}s?)\b", lambda m: f"{m.group(1)}.5 {m.group(2)}", text,
                  flags=re.I)
    return re.sub(r"\b(?:an?)\s+((?:minute|hour|day|week|month|year)s?)\b(?!\s*(?:-|and\b))", r"1 \1", text,
                  flags=re.I)


# a tolerance after a value: "5 ± 0.1 m/s", "300 K ± 2 K", "2 bar +/- 5 %", "20 degC plus or minus 1 degC";
# the nominal value is the one to set
_TOLERANCE = re.compile(rf"\s*\(?\s*(?:±|\+\s*/\s*[-−]|\+-|plus\s+or\s+minus)\s*(?P<tol>{_NUM})"
                        rf"(?P<rest>[^\S\n]*(?P<pct>%|percent\b|per\s*cent\b)?)", re.I)
_VALUE_BEFORE = re.compile(rf"(?<![\w.]){_NUM}(?P<gap>[^\S\n]*)(?P<unit>[^\s\d±(][^±(\n]{{0,24}}?)?[^\S\n]*$")
_CLOSE_BRACKET = re.compile(r"\s*\)")


def nominal_values(text: str) -> str:
    """A value's tolerance dropped, its unit kept: "5 ± 0.1 m/s" -> "5 m/s", "300 K ± 2 K" ->
    "300 K", "2 bar +/- 5 %" -> "2 bar"; a "±" after no value ("angles ±5°") stays."""
    out: list[str] = []
    pos = 0
    for m in _TOLERANCE.finditer(text):
        before = _VALUE_BEFORE.search(text, max(0, m.start() - 40), m.start())
        if m.start() < pos or before is None or (before.group("unit") and not _is_unit(before.group("unit").strip())):
            continue
        end = m.end("tol")
        if m.group("pct"):
            end = m.end("rest")
        elif before.group("unit"):  # "300 K ± 2 K": the unit after the tolerance is the tolerance's
            after = _UNIT_AFTER.match(text, end)
            end = after.end() if after is not None and _is_unit(after.group("u")) else end
        closing = _CLOSE_BRACKET.match(text, end)
        if "(" in text[m.start():m.start("tol")] and closing:
            end = closing.end()
        out.append(text[pos:m.start()])
        pos = end
    return _TOLERANCE_SAID.sub("", "".join(out) + text[pos:])


# a tolerance said as one ("tol. ±0.5 mm", "tolerance +/- 0.1", "typ. ±0.2"): no value of the request
_TOLERANCE_SAID = re.compile(r"\b(?:tol(?:erances?)?|typ(?:ical)?)\.?[^\S\n]*[:=]?[^\S\n]*(?:±|\+/-|\+-)[^\S\n]*\d*\.?\d+"
                             r"(?:e[-+]?\d+)?(?:[^\S\n]*(?:mm|cm|µm|um|m|in|deg|°|%|K)\b)?", re.I)


_UNIT_AFTER = re.compile(r"[^\S\n]*(?P<u>[^\s\d,;)][^\s,;)]*)")
