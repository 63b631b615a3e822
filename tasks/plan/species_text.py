"""What a request says about the composition of a reacting mixture: equivalence ratios ("phi =
0.8", "equivalence ratio of 1.2", "stoichiometric", "lambda 1.25", "1.3 times the
stoichiometric fuel"), and species amounts in any order and form ("CH4 0.221", "22.1 % methane",
"X_H2: 0.296", "Y_CH4 = 0.05", "H2/O2/N2 in mole fractions 0.296/0.148/0.556", "1:1 CH4/N2",
"half methane and half nitrogen", "the remainder nitrogen"), each with its basis (mole or mass,
when said) and the stream it is of (fuel or oxidiser side, when said). Species are matched to
the base's own species: their formulas, and the names in canonical/species.yaml. Pure functions
over the (normalised) request text.
"""

from __future__ import annotations

import re
from typing import Literal, NamedTuple

from tasks.plan.species_data import species_data

__all__ = ["Amount", "Mention", "Ratio", "air_balance", "amounts", "balance_species", "basis_near",
           "equivalence_ratios", "mentions", "ratio_stream", "stream_near"]

Basis = Literal["mole", "mass"]
Stream = Literal["fuel", "oxidiser"]

_NUM = r"(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][-+]?\d+)?"
_PCT = r"\s*(?:%|percent\b|per\s*cent\b|(?:mol|mole|vol|wt|mass)\s*[.-]{0,2}\s*%)"  # "30 mol%", "2 vol.-%"
_PARTS = {"half": 0.5, "halves": 0.5, "third": 1 / 3, "thirds": 1 / 3, "quarter": 0.25, "quarters": 0.25,
          "fifth": 0.2, "fifths": 0.2, "tenth": 0.1, "tenths": 0.1}
# a number that is a fraction of something: no unit after it other than a percent sign
_VALUE = re.compile(rf"(?<![\w.])(?P<v>{_NUM})(?:\s+(?P<part>fifths?|quarters?|thirds?|tenths?))?(?P<pct>{_PCT})?"
                    r"(?!\w|\.\d)")
# a unit after a number makes it no fraction ("30 m/s", "300 K", "1 atm")
_UNIT_AFTER = re.compile(r"\s*(?:k|degc|degf|deg|°\w*|c|f|bar|atm|pa|kpa|mpa|psi|torr|m/s|m|cm|mm|km|s|ms|min|h|hr|"
                         r"kg|g|kg/s|g/s|w|kw|mw|j|hz|rpm|l|lpm|slpm|l/min|m3/s|cells?|steps?)(?![\w/])", re.I)
_WORD_PART = re.compile(r"(?<![\w-])(?:(?:a|one)\s+)?(?P<part>half|third|quarter|fifth|tenth)\b")
_MOLE = re.compile(r"\b(?:moles?|molar|mol|volumes?|vol|volumetric|volume[\s-]based|x)\b|\bx_|mol[\s.-]*%|vol[\s.-]*%")
_MASS = re.compile(r"\b(?:mass|weight|wt|y)\b|\by_|wt[\s.-]*%")
_FUEL_SIDE = re.compile(r"\b(?:fuel|burner|nozzle|fuel[\s-]?jet|jet)\b")
_OX_SIDE = re.compile(r"\b(?:oxidi[sz]er|oxidant|air[\s-]+(?:side|stream|inlet|jet)|co-?flow\w*|oxygen[\s-]side)\b|"
                      r"(?<![\w-])air(?=\s*(?::|=|is)?\s*\d)")  # "..., air 23 % O2 by mass": the air's amounts
_BALANCE = re.compile(r"\b(?:rest|remainder|balance|balanced\s+(?:with|by)|diluent|diluted\s+(?:with|in|by)|"
                      r"dilute\w*\s+\w+(?:\s+\w+)?\s+with|made\s+up\s+(?:with|of))\b")
_IN_DILUENT = re.compile(r"\b(?:in|into)\s+(?:an?\s+|the\s+)?(?:balance\s+(?:of\s+)?)?", re.I)
# words that may stand between a species and its amount ("CH4 mass fraction at the inlet 0.7")
_GAP_WORDS = re.compile(r"(?:\s|[=:()~≈]|\b(?:of|is|at|a|an|the|by|in|with|mole|molar|mass|weight|volume|vol|"
                        r"fractions?|concentrations?|contents?|percent|about|around|equal|to|set|be|being|"
                        r"basis|wt|mol|fuel|oxidi[sz]er|air|jet|stream|side|inlet|burner|nozzle|flow|s|%)\b|'|’|%|\.)*")
_FRACTION_WORD = re.compile(r"\b(?:fractions?|concentrations?|contents?)\b")


class Mention(NamedTuple):
    """A species named in the request, as the base spells it."""

    species: str
    start: int
    end: int


class Amount(NamedTuple):
    """A species' stated amount (a fraction, or a relative amount as in "1:1"), where it is
    written, its basis and its stream when the words say them."""

    species: str
    value: float
    start: int  # where the number is
    end: int
    basis: Basis | None
    stream: Stream | None


class Ratio(NamedTuple):
    """A stated equivalence ratio (phi) and where it is written."""

    value: float
    start: int
    end: int


def equivalence_ratios(text: str) -> list[Ratio]:
    """The equivalence ratios a request states: by its symbols and names, as an air excess
    ratio lambda (phi = 1/lambda), as a multiple of the stoichiometric fuel, or "stoichiometric"."""
    found: list[Ratio] = []
    name = r"(?:fuel[\s_-]+(?:air|oxygen)[\s_-]+)?equivalence[\s_-]+ratio|\bphi\b|[φΦϕ]"
    for m in re.finditer(rf"(?:{name})(?:\s*\(\s*(?:phi|[φΦϕ])\s*\))?[\s:=~≈|]*(?:(?:of|is|at|to|equal\s+to|set\s+to|"
                         rf"about|around|=)\s*)*(?P<v>{_NUM})(?:[\s-]+(?P<part>half|halves|fifths?|quarters?|thirds?|tenths?)\b)?",
                         text, re.I):
        found.append(Ratio(_number(m.group("v"), m.group("part")), m.start("v"), m.end()))
    for m in re.finditer(rf"(?<![\w.])(?P<v>{_NUM})\s+(?:(?:is|was|as|be|being|for|the|our|an?|of)\s+){{0,3}}"
                         r"(?:equivalence[\s_-]+ratio|phi\b)", text, re.I):
        found.append(Ratio(float(m.group("v")), m.start("v"), m.end("v")))
    for m in re.finditer(rf"(?:\blambda\b|λ|(?<!fuel/)(?<!fuel-)(?<!fuel )(?<!fuel-to-)air[\s-]+(?:excess|equivalence)[\s-]+ratio|excess[\s-]+air[\s-]+ratio)"
                         rf"[\s:=~≈]*(?:(?:of|is|at|=)\s*)*(?P<v>{_NUM})", text, re.I):
        if float(m.group("v")) > 0:
            found.append(Ratio(1 / float(m.group("v")), m.start("v"), m.end("v")))
    for m in re.finditer(rf"(?<![\w.])(?P<v>{_NUM})\s*(?:times|x|×)\s+(?:the\s+)?stoichiometric\s+(?:amount\s+of\s+)?"
                         r"fuel", text, re.I):
        found.append(Ratio(float(m.group("v")), m.start("v"), m.end("v")))
    if not found:
        m = re.search(r"\bstoichiometr(?:ic|y)\b(?!\s+(?:air[\s-]*(?:to[\s-]*)?fuel|fuel[\s-]*(?:to[\s-]*)?air|ratio|"
                      r"coefficient|amount|times))", text, re.I)
        if m and not re.search(r"\b(?:times|x|×)\s+(?:the\s+)?$", text[:m.start()], re.I):
            found.append(Ratio(1.0, m.start(), m.end()))
    return sorted(set(found), key=lambda r: r.start)


def _number(v: str, part: str | None) -> float:
    return float(v) * (_PARTS[part.lower()] if part else 1.0)


def _species_words(base_species: list[str]) -> list[tuple[re.Pattern[str], str]]:
    """(pattern, species) for each way the request may name one of the base's species: its
    formula (with an X_/Y_ prefix or not) and its names in canonical/species.yaml."""
    out: list[tuple[re.Pattern[str], str]] = []
    by_upper = {s.upper(): s for s in base_species}
    for s in base_species:
        plain = s
        prefix = re.match(r"^([NIST])(C\d.*)$", s.upper())
        forms = [re.escape(s)] + ([rf"{prefix.group(1)}-?{re.escape(prefix.group(2))}"] if prefix else [])
        if re.search(r"[A-Z]{2}", s):  # "Ar", "He": the formula with its elements capitalised as chemists write them
            forms.append(re.escape(_element_case(s)))
        if re.search(r"\d", s):  # "ch4", "h2", "co2": a lower-case formula with a digit is no word
            forms.append(re.escape(s.lower()))
        out.append((re.compile(rf"(?<![\w-])(?:[xXyY]_?)?(?:{'|'.join(forms)})(?![\w])"), plain))
    for word, formula in sorted(species_data().names.items(), key=lambda kv: -len(kv[0])):
        if isinstance(formula, str) and formula.upper() in by_upper:
            out.append((re.compile(rf"(?<![\w-]){re.escape(word)}(?!\w)", re.I), by_upper[formula.upper()]))
    return out


def _element_case(species: str) -> str:
    """A formula with two-letter elements written as elements ("AR" -> "Ar"; "CO2" stays)."""
    names = sorted((e for e in species_data().elements if len(e) == 2), key=len, reverse=True)
    out, at, up = "", 0, species.upper()
    while at < len(up):
        two = next((e for e in names if up.startswith(e, at)), None)
        out += two.title() if two else up[at]
        at += len(two) if two else 1
    return out


def mentions(text: str, base_species: list[str]) -> list[Mention]:
    """The base's species the text names, left to right, none inside another ("n-heptane" is no
    "heptane" twice; "CH4" in "CH4/N2" is one)."""
    taken: list[Mention] = []
    for pattern, species in _species_words(base_species):
        for m in pattern.finditer(text):
            if not any(m.start() < t.end and t.start < m.end() for t in taken):
                taken.append(Mention(species, m.start(), m.end()))
    return sorted(taken, key=lambda t: t.start)


def basis_near(text: str, start: int, end: int) -> Basis | None:
    """The basis the words of a composition say (its own words, then its sentence's)."""
    trailing = re.match(r"[^,.;\n]{0,25}", text[end:]).group(0)  # "N2 0.2 (mass)", "... 44.7 % by volume"
    own = text[max(0, start - 3):end + len(trailing)].lower()
    sentence = _sentence(text, start, end).lower()
    for words in (own, sentence):
        mole, mass = _MOLE.search(words), _MASS.search(words)
        if mole and not mass:
            return "mole"
        if mass and not mole:
            return "mass"
    return None


def stream_near(text: str, start: int) -> Stream | None:
    """The stream a composition is of: the last side word before it in its sentence."""
    before = _sentence(text, start, start).lower()[: start - _sentence_start(text, start)]
    hits = [(m.start(), "fuel") for m in _FUEL_SIDE.finditer(before)] + \
           [(m.start(), "oxidiser") for m in _OX_SIDE.finditer(before)]
    return max(hits)[1] if hits else None  # type: ignore[return-value]


def ratio_stream(text: str, ratio: Ratio) -> Stream | None:
    """The stream an equivalence ratio is of: the one side its sentence names, before or after it
    ("the fuel stream is a rich mixture at phi 1.5", "stoichiometric methane-air at the fuel
    inlet"); None when it names none or both."""
    words = _sentence(text, ratio.start, ratio.end).lower()
    said = {"fuel" for _ in _FUEL_SIDE.finditer(words)} | {"oxidiser" for _ in _OX_SIDE.finditer(words)}
    return said.pop() if len(said) == 1 else None  # type: ignore[return-value]


def _sentence_start(text: str, at: int) -> int:
    cut = [m.end() for m in re.finditer(r"[.!?;](?=\s+[A-Z(])|\n\s*\n", text[:at])]
    return cut[-1] if cut else 0


def _sentence(text: str, start: int, end: int) -> str:
    a = _sentence_start(text, start)
    m = re.search(r"[.!?;](?=\s+[A-Z(])|\n\s*\n", text[end:])
    return text[a:end + (m.start() if m else len(text) - end)]


_LIST_SEP = re.compile(r"\s*(?:/|:|,\s*and|,|and|&)\s*", re.I)
_NUMBERS = re.compile(rf"(?<![\w.]){_NUM}(?:\s*(?:/|:|,\s*and|,|and)\s*{_NUM})+(?:\s*(?:{_PCT}|mol(?:es)?\b|parts?\b))?")


def _runs(text: str, found: list[Mention]) -> list[list[Mention]]:
    """Runs of two or more species named one after another ("H2/O2/N2", "iso-octane, oxygen and nitrogen")."""
    runs: list[list[Mention]] = []
    for m in found:
        if runs and _LIST_SEP.fullmatch(text[runs[-1][-1].end:m.start]):
            runs[-1].append(m)
        else:
            runs.append([m])
    return [r for r in runs if len(r) > 1]


def _listed(text: str, found: list[Mention]) -> list[Amount]:
    """Species and amounts written as two lists ("H2/O2/N2 ... 0.296/0.148/0.556", "CH4:N2 = 1:1",
    "1:1 CH4/N2", "iso-octane, oxygen and nitrogen, amounts 1, 12.5 and 47 mol"): the n-th amount
    is the n-th species'."""
    out: list[Amount] = []
    for run in _runs(text, found):
        start, end = run[0].start, run[-1].end
        after = [m for m in _NUMBERS.finditer(text, end, min(len(text), end + 60))
                 if not re.search(r"[.;]\s|\d", text[end:m.start()])]
        before = [m for m in _NUMBERS.finditer(text, max(0, start - 40), start)
                  if not re.search(r"[.;,]\s|\d", text[m.end():start])]
        for m in after[:1] + before[-1:]:
            values = [float(v) for v in re.findall(_NUM, m.group(0))]
            if len(values) != len(run):
                continue
            scale = 0.01 if re.search(_PCT + "$", m.group(0)) else 1.0
            basis = basis_near(text, min(start, m.start()), max(end, m.end()))
            stream = stream_near(text, min(start, m.start()))
            out += [Amount(s.species, v * scale, m.start(), m.end(), basis, stream) for s, v in zip(run, values)]
            break
    return out


def amounts(text: str, base_species: list[str]) -> list[Amount]:
    """Every stated amount of one of the base's species, in the request's order."""
    found = mentions(text, base_species)
    listed = _listed(text, found)
    used = {(a.start, a.end) for a in listed}
    listed_spans = [(min(a.start, a.end), a.end) for a in listed]
    values = [(m.start(), m.end(), _number(m.group("v"), m.group("part")) * (0.01 if m.group("pct") else 1.0))
              for m in _VALUE.finditer(text) if not any(s <= m.start() < e for s, e in listed_spans)
              and not _UNIT_AFTER.match(text, m.end())]
    values += [(m.start(), m.end(), _PARTS[m.group("part").lower()]) for m in _WORD_PART.finditer(text)]
    values = sorted(v for v in values if (v[0], v[1]) not in used)
    best = [pair for a, b in _clauses(text) for pair in
            _oriented(text, [f for f in found if a <= f.start < b], [v for v in values if a <= v[0] < b])]
    single = []
    for mention, (start, end, value) in best:
        span = (min(mention.start, start), max(mention.end, end))
        single.append(Amount(mention.species, value, start, end, basis_near(text, *span),
                             stream_near(text, span[1])))
    listed_species = {(a.species, a.start) for a in listed}
    return sorted(listed + [a for a in single if (a.species, a.start) not in listed_species], key=lambda a: a.start)


def _clauses(text: str) -> list[tuple[int, int]]:
    """Spans of the clauses a composition is read in, one order of species and amounts each
    ("fuel side X_CH4 = 0.3, X_N2 = 0.7; oxidiser side 21 % O2 79 % N2")."""
    cuts = [0] + [m.end() for m in re.finditer(r";|\n|[.!?](?=\s+[A-Z(])", text)] + [len(text)]
    return [(a, b) for a, b in zip(cuts, cuts[1:]) if b > a]


def _oriented(text: str, found: list[Mention],
              values: list[tuple[int, int, float]]) -> list[tuple[Mention, tuple[int, int, float]]]:
    """Each value with its species, in the order (species then value, or value then species) that
    pairs more of them in the clause; the other order fills in the values it leaves alone ("0.3
    with the balance N2 and 0.15 O2")."""
    species_first, value_first = _pairs(text, found, values, True), _pairs(text, found, values, False)
    best, other = (value_first, species_first) if len(value_first) > len(species_first) else (species_first, value_first)
    for mention, v in other:
        if not any(v is w or mention is m for m, w in best):
            best.append((mention, v))
    return best


def _pairs(text: str, found: list[Mention], values: list[tuple[int, int, float]],
           species_first: bool) -> list[tuple[Mention, tuple[int, int, float]]]:
    """Each value with the species next to it on the given side, the words between them being
    only fraction words ("CH4 mass fraction at the fuel inlet 0.7" may name a place too)."""
    out = []
    for v in values:
        if species_first:
            near = [f for f in found if f.end <= v[0]]
            mention = near[-1] if near else None
            gap = text[mention.end:v[0]] if mention else ""
        else:
            near = [f for f in found if f.start >= v[1]]
            mention = near[0] if near else None
            gap = text[v[1]:mention.start] if mention else ""
        if mention is None or re.search(r"[,;\n]|\d", gap) or len(gap) > 60:
            continue
        if _GAP_WORDS.fullmatch(gap) is None and not (_FRACTION_WORD.search(gap) and len(gap.split()) <= 8):
            continue
        if any(m is mention for m, _ in out):
            continue
        out.append((mention, v))
    return out


_AIR_REST = re.compile(r"\b(?:(?:in|into|with|rest|remainder|balance(?:d\s+(?:with|by))?|diluted\s+(?:with|in|by))\s+"
                       r"(?:the\s+|an?\s+)?(?:balance\s+(?:of\s+)?)?(?:(?:standard|normal|dry|ambient)\s+)?air|"
                       r"air\s+(?:as\s+(?:the\s+)?)?(?:balance|rest|remainder))\b")


def air_balance(text: str, start: int, end: int) -> bool:
    """Whether air makes up the rest of a composition ("5 % methane in air", "30 mol% H2, balance
    air", "rest air"), said in the composition's sentence after its first amount."""
    sentence = _sentence(text, start, end)
    head = start - _sentence_start(text, start)
    return any(m.start() >= head - 40 for m in _AIR_REST.finditer(sentence.lower()))


def balance_species(text: str, base_species: list[str], start: int, end: int) -> str | None:
    """The species that makes up the rest of a stream ("rest N2", "the remainder nitrogen",
    "diluted with N2", "with nitrogen as diluent", "N2 balance"), said in the composition's sentence."""
    sentence = _sentence(text, start, end)
    names = mentions(sentence, base_species)
    for m in _IN_DILUENT.finditer(sentence):  # "4 % H2 and 2 % O2 in argon": the species right after "in"
        named = [n for n in names if n.start == m.end()]
        if named and re.search(r"\d", sentence[:m.start()]):
            return named[0].species
    for m in _BALANCE.finditer(sentence):
        if re.match(r"\s+(?:(?:with|by|of)\s+)?(?:the\s+)?air\b", sentence[m.end():], re.I):
            continue  # "9.5 % CH4, balance air": air's O2 and N2 (air_balance), not the species before
        after = [n for n in names if 0 <= n.start - m.end() <= 30 and not re.search(r"\d", sentence[m.end():n.start])]
        before = [n for n in names if 0 <= m.start() - n.end <= 20 and not re.search(r"\d", sentence[n.end:m.start()])]
        if after or before:
            return (after or before[::-1])[0].species
    return None
