"""Dimensionless groups, property symbols with bare numbers and cell counts as written in a request. Pure."""

from __future__ import annotations

import re

from tasks.plan.extract_models import Kind
from tasks.plan.extract_pattern import _NUM

_DIMENSIONLESS: list[tuple[str, Kind]] = [
    # u_tau delta / nu ("friction Re = 180", "Re_tau" as tasks.plan.values_subscripts puts it): not a bulk Re
    (r"\b(?:friction|shear)[\s-]+(?:velocity\s+)?(?:Re|Reynolds)(?:\s+number)?", "friction_reynolds"),
    (r"\b(?:Re|Reynolds(?:\s+number)?)", "reynolds"),
    (r"\b(?:Mach|Ma)(?:\s+number)?", "mach"),
    (r"\b(?:Ra|Rayleigh(?:\s+number)?)", "rayleigh"),
    (r"\b(?:Pr|Prandtl(?:\s+number)?)", "prandtl"),
    # not the interface's ("alpha Co 0.2", "interface Courant 0.1": maxAlphaCo, a control)
    (r"(?<![Aa]lpha )(?<![Aa]lpha-)(?<![Ii]nterface )\b(?:maxCo|Co|CFL|Courant(?:\s+number)?)"
     r"(?:\s+(?:limit|below|under|of at most|max(?:imum)?))?", "courant"),
]
# a time written as the symbol of the end time, or a run-length word, without a unit (the case's own
# time; iterations on a steady solver): "t = 0.5", "t_end 2", "end 0.1", "stop at 5", "run 0.5",
# "run it to 0.4", "simulate up to 20", "stopping at 500"
_RUN_LENGTH_WORDS = (r"t|t_?end|t_?final|tEnd|(?<=until | till |up to )time|end(?:\s+at)?"
                     r"|(?i:stop(?:s|ping)?\s+at|(?:halt|finish|terminate)(?:s|ing)?\s+at"
                     r"|(?:run|simulate|integrate|march|go)(?:\s+(?:it|this|the\s+case|on))?"
                     r"(?:\s+(?:up\s+)?(?:to|until|till))?(?:\s+t\s*=)?)")
_END_TIME_SYMBOL = re.compile(rf"(?<![\w.])(?:{_RUN_LENGTH_WORDS})"
                              rf"\s*(?:=|:)?\s*(?P<num>{_NUM})(?!\.?\d)(?!\s*(?:[A-Za-z%°/×*^]|x\s*\d|by\s))"
                              r"(?!:)")  # "Lab report, run 7: ...": the run's label, no end time
# "M = 2", "M∞ = 2.5", "M_inf = 3": the Mach number by its symbol, free-stream subscript or not
_MACH_SYMBOL = re.compile(rf"(?<![\w.])M(?:_?∞|_inf(?:inity)?|_?∞)?\s*=\s*(?P<num>{_NUM})")
# a property written as its symbol and a bare number ("nu 1.5e-5", "rho = 1200"): the SI value of its
# kind; not a list of values for several phases ("rho 1025 vs 1000"), which the phase binder reads
_PROPERTY_SYMBOLS: list[tuple[str, Kind]] = [
    (r"nu|ν", "kinematic_viscosity"), (r"mu|μ", "dynamic_viscosity"), (r"rho|ρ", "density")]
_SYMBOL_VALUE = [(re.compile(rf"(?<![\w.])(?:{sym})(?!\w)\s*(?:=|:)?\s*(?P<num>{_NUM})(?![\deE.])"
                             rf"(?!\s*(?:vs\.?|versus|against|/)\s*[-+]?\.?\d)"), kind)
                 for sym, kind in _PROPERTY_SYMBOLS]


def symbol_number(text: str) -> str | None:
    """The number of a symbol-and-number quantity's text ("rho 1200" -> "1200"), else None."""
    m = re.fullmatch(rf"(?:{'|'.join(sym for sym, _ in _PROPERTY_SYMBOLS)})\s*(?:=|:)?\s*({_NUM})", text.strip())
    return m.group(1) if m else None
_IS = (r"(?:\s*(?:=|:|≈|~|of|is|at|about|around|near|roughly|approximately|equal to|set to|to|below|under|at most|<=|<"
       r"|at or below|no (?:more|higher|larger|greater) than|not (?:above|exceeding|over)|capped|limited|kept|held"
       r"|within|up to|stays?|remains?|less than)){0,3}\s*")
_DIMLESS = [(re.compile(rf"{name}{_IS}(?P<num>{_NUM})", re.I if kind != "courant" else 0), kind)
            for name, kind in _DIMENSIONLESS]
# more groups, by symbol (case kept: "Fr", not "fr" of "from") or name ("a Froude number of 0.5", "Fr = 0.5")
_GROUPS: list[tuple[str, str, Kind]] = [
    ("Fr", "froude", "froude"), ("We", "weber", "weber"), ("Pe", "p[eé]clet", "peclet"),
    ("St", "strouhal", "strouhal"), ("Gr", "grashof", "grashof"), ("Ha", "hartmann", "hartmann"),
    ("Sc", "schmidt", "schmidt"), ("Ri", "richardson", "richardson"),
]
GROUP_KINDS = frozenset(kind for _, _, kind in _GROUPS)
# the number ends the group's value: no unit after it ("We set to 5 m/s" is no Weber number)
_GROUP_END = r"(?![\d.]*\s*(?:[%°/]|[A-Za-zµ]+\s*/))"
_GROUP_IS = _IS.replace("(?:", "(?i:", 1)  # the linking words in any case ("Fr Of 0.3" is rare, "Fr is 0.3" not)
_DIMLESS += [(re.compile(rf"(?<![\w.])(?:{symbol}(?![\w])|(?i:{name})(?:\s+(?i:number))?(?![\w]))(?:\s*\([A-Za-z]{{1,3}}\))?"
                         rf"{_GROUP_IS}(?P<num>{_NUM}){_GROUP_END}"), kind)
             for symbol, name, kind in _GROUPS]
_BY = r"\s*(?:[xX×*]|by)\s*"  # "40 x 40", "40X40", "40 by 40"
# counts are whole numbers: "2 x 0.4 m" is a size, not 2 x 0 cells
_CELLS = re.compile(rf"(?<![\d.])\b(?P<a>\d+)(?![.\d])(?:\s*cells?(?={_BY}\d))?{_BY}(?P<b>\d+)(?!\.\d)(?![\d^⁰¹²³⁴⁵⁶⁷⁸⁹⁻])"
                    rf"(?:{_BY}(?P<c>\d+)(?!\.?\d))?\b"  # a full stop may end the sentence: "Mesh: 40 x 40."
                    r"(?!\s*(?:m\b|mm\b|cm\b|metres?|meters?))")
# "32^3 cells", "a 64² grid": the same count in each direction
_POWER_CELLS = re.compile(r"(?<![\w.^])(?P<n>\d+)\s*(?:\^\s*(?P<p>[23])|(?P<sq>²)|(?P<cu>³))(?![\d.])"
                          r"(?=\s*(?:cells?|grid|mesh|elements|resolution|hexahedra)\b)")
_N_CELLS = re.compile(r"\b(?P<n>\d+)\s+(?:(?:grid\s+)?cells?|elements?|divisions?|points?)\b")
# "10 cells across and 200 along", "40 cells in x, 20 in y and 10 in z": the counts after the first
# one, each with its own direction
_DIRECTION = (r"(?:(?:in\s+|along\s+)?(?:the\s+)?[xyz][- ](?:direction|axis)|in\s+(?:the\s+)?[xyz]\b"
              r"|along\s+[xyz]\b|across\s+[xyz]\b|\(\s*[xyz]\s*\)|across|along|over|through|wide|long|high|tall|deep"
              r"|thick|radial(?:ly)?|axial(?:ly)?|circumferential(?:ly)?|azimuthal(?:ly)?|tangential(?:ly)?|around"
              r"|streamwise|spanwise|wall-normal|vertically|horizontally|down|up|lengthwise"
              r"|crosswise|widthwise|heightwise)")
_COUNT_DIRECTION = re.compile(rf"\s+{_DIRECTION}")
# the words naming what the direction runs over before the next count: "along the 10 m length", "across it"
_OVER_WORDS = r"(?:[^\S\n]+(?!and\b)(?:[a-z]+|\d+(?:\.\d+)?[^\S\n]*(?:mm|cm|m|km|in|ft)\b)){0,5}?"
_NEXT_COUNT = re.compile(rf"{_OVER_WORDS}[^\S\n]*(?:,[^\S\n]*(?:and[^\S\n]+)?|and[^\S\n]+|&[^\S\n]*)(?P<n>\d+)(?![.\d])"
                         rf"(?:[^\S\n]+(?:(?:grid\s+)?cells?|elements?|divisions?))?(?P<dir>[^\S\n]+{_DIRECTION})")


# a bare count with its axis: "25 in x", "40 in y and 10 in z", "cells: 80 (x), 40 (y)", "60 along x";
# a whole number, no unit, no sign, not a vector's component nor a factor ("coarsen by 5 along x")
_AXIS_COUNT = re.compile(r"(?<![\w.+\-−(])(?<!by )(?<!of )(?<!factor )(?P<n>\d+)(?![.\d])[^\S\n]*(?:in[^\S\n]+(?:the[^\S\n]+)?[xyz]"
                         r"(?:[- ](?:direction|axis|dir\.?))?|\([^\S\n]*[xyz][^\S\n]*\)|along[^\S\n]+[xyz]"
                         r"|[xyz][- ](?:direction|axis))(?![\w])(?![^\S\n]*[-+]?\.?\d)")
# "0.2 ms steps, five hundred of them": a number of the time steps just named
_OF_THEM = re.compile(r"(?<![\w.])(?P<n>\d+)[^\S\n]+of[^\S\n]+them\b")


def counts_after(text: str, end: int) -> list[tuple[int, int, int]]:
    """The counts listed after a count with a direction ("10 cells across and 200 along": the
    200), each as (count, start, end of its words); none when the first names no direction."""
    first = _COUNT_DIRECTION.match(text, end)
    return counts_from(text, first.end()) if first is not None else []


def counts_from(text: str, pos: int) -> list[tuple[int, int, int]]:
    """The counts listed from `pos` on, each with its own direction ("... and 50 across", ", 60 down")."""
    out: list[tuple[int, int, int]] = []
    while (m := _NEXT_COUNT.match(text, pos)) is not None:
        out.append((int(m.group("n")), m.start("n"), m.end("dir")))
        pos = m.end()
    return out
