"""Numbers with units found in a text like a compiled regex (QuantityPattern), and numbers parsed as written.

Units are read by the grammar of tasks/plan/units.py; counts and fractions here. Pure functions.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache

from tasks.plan.extract_models import Kind
from tasks.plan.units import read_at
from tasks.plan.units_case import usual_case

# a bare power of ten ("10^5", "10⁻⁵") or a decimal with an optional exponent
_NUM = (r"(?:[-+]?10(?:(?:\^|\*\*)\s*[-+−]?\d+|[⁻⁺]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+)(?![\d.])|"
        r"[-+]?(?:\d+\.?\d*|\.\d+)"
        r"(?:\s*[eE]\s*[-+−]?\d+|\s*[x×·*]\s*10(?:(?:\^|\*\*)?\s*[-+−]?\d+|[⁻⁺]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+)"
        r"|[ \t]10(?:\^|\*\*)\s*[-+−]?\d+)?)")  # 1.5e-5, 1.5 × 10⁻⁵, 1.5*10^-5, 1.5 10^-5, 2e−5
# a kinematic pressure (p/rho, m2/s2) as written: the binder keeps it as p/rho
KINEMATIC_PRESSURE_UNIT = (r"m\s*(?:2|²|\^2|\*\*2)\s*/\s*s\s*(?:2|²|\^2|\*\*2)"
                           r"|m\s*(?:2|²|\^2|\*\*2)\s*[·.*]?\s*s\s*(?:\^?\s*-\s*2|⁻²|\*\*\s*-\s*2)|m²s⁻²"
                           # a pressure per density: "Pa/(kg/m^3)", "Pa/(kg m^-3)", "Pa m3/kg"
                           r"|Pa\s*/\s*\(\s*kg\s*(?:/\s*m\s*(?:3|³|\^3|\*\*3)|[·.*]?\s*m\s*(?:\^?\s*-\s*3|⁻³))\s*\)"
                           r"|Pa\s*[·.*]?\s*m\s*(?:3|³|\^3|\*\*3)\s*/\s*kg")
# Units are read by a grammar (tasks/plan/units.py): any product, quotient and power of SI and
# engineering units, symbols or spelled. These are the few "units" that are no dimension: counts
# and fractions, read as written.
_COUNT_UNITS: list[tuple[str, Kind, float]] = [
    (r"(?:non-dimensional |dimensionless )?time units?\b", "time", 1.0),
    (r"%|percent\b|per cent\b", "fraction", 0.01),
    (r"iterations?\b|iters?\b|(?:time[- ]?)?steps?\b", "iterations", 1.0),
    # "3 MPI processes", "4 parallel tasks", "8 ranks", "2 CPUs": the processes a parallel run uses
    (r"(?:(?:MPI|mpi|parallel)[ \t]+(?:processes|processors|procs|ranks?|tasks|jobs|cores|threads)"
     r"|cores?|processors?|procs?|ranks?|CPUs?|cpus?|subdomains?|processes)\b", "ranks", 1.0),
]
_COUNT_UNIT = re.compile("|".join(f"(?:{u})" for u, _, _ in _COUNT_UNITS), re.I)  # "500 Iterations", "4 CORES"
# a fraction is no link of a slash list ("2/3/4 m/s", "1.5/3/4 bar"): no slash and number on either side
_NUMBER_BODY = (r"(?:(?P<frac>(?<![\d.]/)(?<![\d.] /)(?:\d+[ \t]+)?\d+[ \t]*/[ \t]*\d+(?![\d.])(?![ \t]*/[ \t]*[\d.]))"
                rf"|(?P<dec>{_NUM}))")
# a fraction of whole numbers ("1/2 inch", "1 1/2 in") or a decimal ("1.5e-3", "2 x 10^5"); found in
# a text, not inside a word or a unit ("m2K", "W1") and with no range's dash for a sign ("1-2 m")
# nor the last three digits of a number with a thousands separator ("1,500 Pa" is not 500 Pa)
_NUMBER = re.compile(rf"(?:(?=[-+])(?<![\d.])|(?![-+])(?<![A-Za-zµμ^¹²³⁻\d])(?<![^.]\.))"  # not ".100" of "0..100"
                     rf"(?:(?<!\d,)|(?!\d{{3}}(?![\d.]))){_NUMBER_BODY}")
_NUMBER_HERE = re.compile(_NUMBER_BODY)  # where the caller says a number starts
_DECIMAL = re.compile(rf"(?P<frac>(?!))?(?P<dec>{_NUM})")  # a decimal only (its "frac" group never matches)
_WHOLE = re.compile(r"\d+")
_WHITE = re.compile(r"-(?=[A-Za-zµμ°])|\s*")  # "5 m", "5m", "a 5-mm pipe"
# "case 1 s...", "Table 2 K": a number that labels a thing, with a one-letter word after it
_LABEL = re.compile(r"\b(?:case|figure|fig\.|table|section|chapter|equation|eq\.|example|version|tutorial|test)"
                    r"\s*(?:no\.|#)?\s*$", re.I)



class QuantityMatch:
    """A number and its unit in a text, read like a regex match: group("num"), group("unit"),
    group(0), start(), end(), span()."""

    __slots__ = ("string", "_num", "_unit")

    def __init__(self, string: str, num: tuple[int, int], unit: tuple[int, int]) -> None:
        self.string, self._num, self._unit = string, num, unit

    def _span(self, group: int | str = 0) -> tuple[int, int]:
        if group in (0, "0"):
            return self._num[0], self._unit[1]
        if group == "num":
            return self._num
        if group == "unit":
            return self._unit
        raise IndexError(f"no group {group!r} in a quantity match (groups: 0, num, unit)")

    def group(self, group: int | str = 0) -> str:
        a, b = self._span(group)
        return self.string[a:b]

    def start(self, group: int | str = 0) -> int:
        return self._span(group)[0]

    def end(self, group: int | str = 0) -> int:
        return self._span(group)[1]

    def span(self, group: int | str = 0) -> tuple[int, int]:
        return self._span(group)

    def __repr__(self) -> str:
        return f"<QuantityMatch span={self.span()} match={self.group(0)!r}>"


class QuantityPattern:
    """Numbers with units, found like a compiled regex: finditer(text), match(text, pos)."""

    def _at(self, text: str, m: re.Match[str]) -> QuantityMatch | None:
        num = (m.start(), m.end())
        pos = _WHITE.match(text, m.end()).end()
        reading = read_at(text, pos)
        if reading is not None:
            if (m.group("dec") and reading.end - pos == 1 and _WHOLE.fullmatch(m.group(0))
                    and _LABEL.search(text, max(0, num[0] - 24), num[0])):
                return None
            return QuantityMatch(text, num, (pos, reading.end))
        count = _COUNT_UNIT.match(text, pos)
        if count is not None and m.group("dec"):
            return QuantityMatch(text, num, (pos, count.end()))
        return None

    def _here(self, text: str, m: re.Match[str]) -> QuantityMatch | None:
        got = self._at(text, m)
        if got is None and m.group("frac"):  # "2 1/s": the first number alone
            dec = _DECIMAL.match(text, m.start())
            got = self._at(text, dec) if dec else None
        return got

    def match(self, text: str, pos: int = 0) -> QuantityMatch | None:
        m = _NUMBER_HERE.match(text, pos)
        return self._here(text, m) if m is not None else None

    def finditer(self, text: str) -> Iterator[QuantityMatch]:
        pos = 0
        while True:
            m = _NUMBER.search(text, pos)
            if m is None:
                return
            got = self._here(text, m)
            if got is None:
                pos = m.start() + 1
                continue
            yield got
            pos = max(got.end(), m.start() + 1)


_QUANTITY = QuantityPattern()


_SUPERSCRIPT_DIGITS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺", "0123456789-+")
_POWER_OF_TEN = re.compile(r"(?P<sign>[-+])?10\s*(?:(?:\^|\*\*)\s*(?P<p>[-+−]?\d+)"
                           r"|(?P<sup>[⁻⁺]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+))")
_FRACTION_NUMBER = re.compile(r"\s*(?:(?P<whole>\d+)\s+)?(?P<a>\d+)\s*/\s*(?P<b>\d+)\s*")


def parse_number(text: str) -> float:
    """A number as written: "1.5e-3", "2 x 10^5", "1.5 × 10⁻⁵", "1.5*10**-5", "1.5 10^-5", "1/2", "1 1/2"."""
    frac = _FRACTION_NUMBER.fullmatch(text)
    if frac and int(frac.group("b")):
        return int(frac.group("whole") or 0) + int(frac.group("a")) / int(frac.group("b"))
    power = _POWER_OF_TEN.fullmatch(text.strip())
    if power:  # "10^5", "10**-5", "10⁻⁵": the superscripts are its exponent, not more digits
        exponent = (power.group("p") or power.group("sup")).replace("−", "-").translate(_SUPERSCRIPT_DIGITS)
        return float(f"{power.group('sign') or ''}1e{exponent}")
    t = text.strip().replace("−", "-").translate(_SUPERSCRIPT_DIGITS)
    m = re.fullmatch(r"([-+]?(?:\d+\.?\d*|\.\d+))\s*(?:[xX×·*]\s*|\s)10\s*(?:\^|\*\*)?\s*([-+]?\d+)", t)
    if m:
        return float(f"{m.group(1)}e{m.group(2)}")
    return float(t.replace(" ", ""))


@lru_cache(maxsize=2048)
def _kind_of(unit: str) -> tuple[Kind, float, float]:
    """(kind, scale, offset) of a unit as written: SI value = number * scale + offset."""
    reading = read_at(unit.strip(), 0)
    if reading is not None and reading.end == len(unit.strip()):
        return reading.kind, reading.unit.factor, reading.unit.offset  # type: ignore[return-value]
    meant = usual_case(unit.strip())  # "k" of "320k", "MPA": found after a number, in another case
    reading = read_at(meant, 0) if meant != unit.strip() else None
    if reading is not None and reading.end == len(meant):
        return reading.kind, reading.unit.factor, reading.unit.offset  # type: ignore[return-value]
    for pattern, kind, scale in _COUNT_UNITS:
        if re.fullmatch(pattern, unit.strip(), re.I):
            return kind, scale, 0.0
    raise ValueError(f"{unit!r} is no unit of a known kind (see tasks/plan/units.py)")


def _is_unit(written: str) -> bool:
    """`written` is one unit of a known kind ("m/s", "K", "%", "iterations")."""
    try:
        _kind_of(written)
    except ValueError:
        return False
    return True
