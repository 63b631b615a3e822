"""Numbers a request writes as a product or a quotient with pi: "9*2*pi cm", "2 pi r", "2π m", "pi/4 D^2",
"4*pi*delta", "pi/10 m/s"; and a value in powers of ten divided by a number ("nu = 1e-3/6 m2/s").
`evaluated_expressions` writes each as the decimal it stands for, so that every reader of numbers (the
geometry parser, the stated-value extraction) sees one plain number with its unit: "9*2*pi cm" ->
"56.54866776 cm"; an expression in lengths the request defines ("r = 1.5 cm ... 2 pi r", "H = 0.1 m ...
2*pi*H") comes out in metres ("0.0942477796 m"), or square metres for an area ("pi/4 D^2").
`restated_lengths_once` drops a length's bracketed restatement ("56.5 cm (about 0.5655 m)"), and
`expression_length` gives the metres of one expression ("3H", "H/2", "2 pi r") for the readers of shapes.

Otherwise a product of plain numbers is left alone ("0.2*0.1 m" is a domain's two sides, "80*40 cells" a
grid) and so is a quotient ("305/295 K" is a pair, "1/2 in" a pipe size): other readers know those forms.
A multiple of pi inside a function ("sin(2*pi*t/0.5)") or joined to a letter the request does not define
("2*pi*f*t") is a formula, not a number, and stays as written. Pure functions.
"""

from __future__ import annotations

import math
import re

from tasks.geometry.spec import UNIT, unit_factor

_NUMBER = r"(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?"
_PI = r"(?:(?<![A-Za-z])pi(?![A-Za-z])|π|Π)"
_POWER = r"(?:\s*(?:\^|\*\*)\s*(?P<p>[23])|(?P<q>[²³]))"
_OPERATOR = r"\s*[*·×/]\s*"
# greek letters written out name a length as well as a letter does ("delta = 1 m ... 4*pi*delta")
_GREEK = r"delta|lambda|sigma|theta"
# a length defined by a value: "r = 1.5 cm", "delta = 1 m", "D=0.04 m"
_DEFINED = re.compile(rf"(?<![\w.])(?P<name>(?-i:[A-Za-z](?:_?[A-Za-z0-9]{{1,2}})?)|{_GREEK}|δ|λ)\s*(?::=|=|≡)\s*"
                      rf"(?P<v>{_NUMBER})\s*(?P<u>{UNIT})", re.I)
# a formula around pi: inside a function's brackets, or the time, a frequency or another undefined letter next to it
_IN_FUNCTION = re.compile(r"\b(?:sin|cos|tan|exp|sqrt|log|ln)\s*\([^()]*$", re.I)
# an angle said in radians without a unit ("an angle of attack of pi/36", "inclined at pi/6"): written in degrees,
# the unit the readers of angles assume for a bare number
_ANGLE_BEFORE = re.compile(r"\b(?:angle|attack|incidence|inclin\w*|tilt\w*|rotat\w*|turn\w*|pitch\w*|yaw\w*|sector|wedge)\b"
                           r"[^.;,\d]{0,25}$", re.I)
_UNIT_NEXT = re.compile(rf"\s*(?:{UNIT}|[A-Za-z°%]|/)", re.I)


# a number in powers of ten divided by a plain number: "nu = 1e-3/6 m2/s": one value (a pair of values, "305/295 K",
# "1e5/2e5 Pa", and a pipe size, "1/2 in", are not written so)
_POWER_QUOTIENT = re.compile(r"(?<![\w.])(?P<a>\d+(?:\.\d*)?[eE][-+]?\d+)\s*/\s*(?P<b>\d+(?:\.\d+)?)(?![\w.]|\s*/)")


def _symbols(text: str, given: dict[str, float] | None) -> dict[str, float]:
    """The lengths `text` defines by a value, in metres, with `given` ones first (they win)."""
    out = dict(given or {})
    for m in _DEFINED.finditer(text):
        out.setdefault(m.group("name"), float(m.group("v")) * unit_factor(m.group("u")))
    return out


def _pattern(names: list[str]) -> re.Pattern[str]:
    """A run of factors (numbers, pi, the given symbols, each with an optional power) joined by "*", "·",
    "×", "/" or nothing but spaces."""
    symbol = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    atom = rf"(?:{_NUMBER}|{_PI}" + (rf"|(?-i:(?:{symbol}))(?![\w])" if symbol else "") + ")"
    factor = rf"{atom}(?:\s*(?:\^|\*\*)\s*[23]|[²³])?"
    return re.compile(rf"(?<![\w.^/*·×]){factor}(?:(?:{_OPERATOR}|\s*){factor})*", re.I)


_TOKEN = re.compile(rf"\s*(?P<op>[*·×/])?\s*(?P<atom>{_NUMBER}|{_PI}|[^\W\d_][\w]*)(?:{_POWER})?", re.I)


def _evaluate(run: str, values: dict[str, float]) -> tuple[float, int] | None:
    """The value of a run of factors and the power of length it carries (0 for a plain number, 1 for a
    length counted in symbols, 2 for an area), read left to right ("pi/4 D^2" is (pi / 4) * D^2)."""
    value, power, pos = 1.0, 0, 0
    while pos < len(run):
        m = _TOKEN.match(run, pos)
        if m is None or m.end() == pos:
            return None
        atom, exponent = m.group("atom"), int(m.group("p") or {"²": 2, "³": 3}.get(m.group("q") or "", 1))
        if re.fullmatch(_PI, atom, re.I):
            factor, dim = math.pi, 0
        elif re.fullmatch(_NUMBER, atom):
            factor, dim = float(atom), 0
        elif atom in values:
            factor, dim = values[atom], 1
        else:
            return None
        factor, dim = factor ** exponent, dim * exponent
        if m.group("op") == "/":
            if factor == 0:
                return None
            value, power = value / factor, power - dim
        else:
            value, power = value * factor, power + dim
        pos = m.end()
    return value, power


def _formula_around(text: str, start: int, end: int) -> bool:
    """Whether the run text[start:end] is part of a formula rather than a number: inside a function's
    brackets, or joined by an operator to a letter it cannot evaluate ("2*pi*f*t", "omega*2*pi")."""
    if _IN_FUNCTION.search(text[max(0, start - 40):start]):
        return True
    return bool(re.match(r"\s*[*·/^]\s*[A-Za-z(]", text[end:]) or re.search(r"[A-Za-z)]\s*[*·/]\s*$", text[:start]))


def evaluated_expressions(text: str, symbols: dict[str, float] | None = None, defined: bool = True) -> str:
    """`text` with each product or quotient that has pi in it, and each number in powers of ten divided by a
    plain number ("1e-3/6" -> "0.0001666666667"), written as its decimal: "9*2*pi cm" ->
    "56.54866776 cm", "2π m" -> "6.283185307 m", "pi/10 m/s" -> "0.3141592654 m/s"; in lengths the text
    defines (or `symbols`, metres) as metres: "r = 1.5 cm ... 2 pi r" -> "0.09424777961 m", "pi/4 D^2" ->
    "... m^2" (not when `defined` is False: then only `symbols` count). An angle in radians with no unit
    ("angle of attack pi/36") is written in degrees ("5 degrees"). Pi alone is read only where a unit
    follows ("a channel pi m long")."""
    text = _POWER_QUOTIENT.sub(lambda m: f"{float(m.group('a')) / float(m.group('b')):.10g}" if float(m.group("b")) else m.group(0),
                               text)  # "1e-3/6 m2/s"
    if not re.search(_PI, text, re.I):
        return text
    values = _symbols(text, symbols) if defined else dict(symbols or {})
    pattern = _pattern(list(values))

    def one(m: re.Match[str]) -> str:
        run = m.group(0)
        trail = run[len(run.rstrip()):]
        run = run.rstrip()
        if not re.search(_PI, run, re.I) or _formula_around(m.string, m.start(), m.start() + len(run)):
            return m.group(0)
        if re.fullmatch(r"pi", run, re.I) and not re.match(rf"\s*(?:{UNIT}|m/s|rad\b|s\b)", m.string[m.end():], re.I):
            return m.group(0)  # "pi" as a word, or a formula's letter
        read = _evaluate(run, values)
        if read is None:
            return m.group(0)
        value, power = read
        if power == 0 and not _UNIT_NEXT.match(m.string, m.start() + len(run)) and \
                _ANGLE_BEFORE.search(m.string[max(0, m.start() - 40):m.start()]):
            return f"{math.degrees(value):.10g} degrees{trail}"
        if power == 0:
            return f"{value:.10g}{trail}"
        if power < 0:
            return m.group(0)
        return f"{value:.10g} m{'' if power == 1 else f'^{power}'}{trail}"

    return pattern.sub(one, text)


# a length restated in brackets in another unit or rounded: "56.5 cm (about 0.5655 m)", "2 in [~5 cm]", "1 ft (i.e. 0.3048 m)"
_RESTATED = re.compile(rf"(?<![\w.])(?P<a>{_NUMBER})\s*(?P<ua>{UNIT})(?P<w>\s+(?:long|wide|high|tall|deep|thick|bore|diameter|radius"
                       rf"|across|span|chord))?\s*[(\[]\s*(?:about|approx\.?|approximately|roughly|around"
                       rf"|ca\.?|circa|~|≈|=|i\.\s?e\.,?|that\s+is,?|or)?\s*(?P<b>{_NUMBER})\s*(?P<ub>{UNIT})\s*[)\]]", re.I)


_IMPERIAL = re.compile(r"in|inch(?:es)?|ft|foot|feet|yd|yards?|mil|thou|\"|'", re.I)


def restated_lengths_once(text: str) -> str:
    """`text` with a length's restatement in brackets dropped when it is the same length, rounded or in
    another unit ("56.54866776 cm (about 0.5655 m)" -> "56.54866776 cm"), so that a reader of lengths sees
    one value where one was meant (the metric one of an imperial size restated in metric); a bracketed length that
    differs by more than 2 % is another size and stays."""
    def one(m: re.Match[str]) -> str:
        a = float(m.group("a")) * unit_factor(m.group("ua"))
        b = float(m.group("b")) * unit_factor(m.group("ub"))
        if a <= 0 or abs(a - b) > 0.02 * max(a, b):
            return m.group(0)
        if _IMPERIAL.fullmatch(m.group("ua")) and not _IMPERIAL.fullmatch(m.group("ub")):
            return f"{m.group('b')} {m.group('ub')}{m.group('w') or ''}"  # "7.9 in (0.2 m)": the metric size, as meant
        return f"{m.group('a')} {m.group('ua')}{m.group('w') or ''}"

    return _RESTATED.sub(one, text)


def expression_length(expression: str, symbols: dict[str, float]) -> float | None:
    """The length in metres one expression stands for, in numbers, pi and `symbols` (metres), with an optional
    length unit at its end: "3H", "H/2", "8 D", "2*pi*r", "c/10", "0.5 m", "9*2*pi cm", "H" -> metres; None when
    it is not a length (an area, a plain number, a letter `symbols` does not hold). For the readers of shapes that
    take a coordinate or a size as written ("from (2H, 0) to (3H, H/2)")."""
    words = expression.strip()
    unit = re.search(rf"\s*(?<![A-Za-z])({UNIT})$", words, re.I)
    scale = 1.0
    if unit is not None and unit.group(1) not in symbols:
        words, scale = words[:unit.start()].strip(), unit_factor(unit.group(1))
    read = _evaluate(words, symbols) if words else None
    if read is None:
        return None
    value, power = read
    if unit is not None and unit.group(1) not in symbols:
        return value * scale if power == 0 else None
    return value if power == 1 else None
