"""Read quantities with units and named choices out of a plain-language request.

Pure functions over text. Each quantity keeps the words before it, so the Architect can
tell an inlet velocity from a lid velocity, or a hot wall from a reference temperature.
"""

from __future__ import annotations

import math
import re
from typing import Literal

from pydantic import BaseModel, ConfigDict

Kind = Literal[
    "velocity", "kinematic_viscosity", "dynamic_viscosity", "density", "temperature",
    "angular_velocity", "length", "time", "frequency", "reynolds", "mach", "gravity",
    "iterations", "cells", "diameter",
]

_NUM = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:\s*[eE]\s*[-+]?\d+|\s*[x×]\s*10\^?\s*[-+−]?\d+)?"
_UNITS: list[tuple[str, Kind, float]] = [
    (r"m\s*/\s*s|m\s*s\^?-1|m\s*s⁻¹", "velocity", 1.0),
    (r"km\s*/\s*h", "velocity", 1 / 3.6),
    (r"rad\s*/\s*s", "angular_velocity", 1.0),
    (r"rpm|RPM|rev\s*/\s*min", "angular_velocity", 2 * math.pi / 60),
    (r"m\s*(?:2|²|\^2)\s*/\s*s", "kinematic_viscosity", 1.0),
    (r"Pa\s*[·.\s]?\s*s", "dynamic_viscosity", 1.0),
    (r"kg\s*/\s*m\s*(?:3|³|\^3)", "density", 1.0),
    (r"K\b|kelvin", "temperature", 1.0),
    (r"°\s*C|deg\s*C|degC", "temperature", 1.0),  # converted to K below
    (r"mm\b", "length", 1e-3),
    (r"cm\b", "length", 1e-2),
    (r"m\b", "length", 1.0),
    (r"ms\b", "time", 1e-3),
    (r"s\b|sec(?:onds?)?\b", "time", 1.0),
    (r"Hz\b", "frequency", 1.0),
    (r"iterations?\b|iters?\b|steps?\b", "iterations", 1.0),
]
_QUANTITY = re.compile(
    rf"(?P<num>{_NUM})\s*(?P<unit>{'|'.join(f'(?:{u})' for u, _, _ in _UNITS)})", re.UNICODE
)
_RE = re.compile(rf"\b(?:Re|Reynolds(?:\s+number)?)\s*(?:=|of|is|:)?\s*(?P<num>{_NUM})", re.I)
_MACH = re.compile(rf"\b(?:Mach|Ma)\s*(?:number)?\s*(?:=|of|is|:)?\s*(?P<num>{_NUM})", re.I)
_CELLS = re.compile(r"\b(?P<a>\d+)\s*[x×]\s*(?P<b>\d+)(?:\s*[x×]\s*(?P<c>\d+))?\b")
_SINE = re.compile(
    rf"(?P<amp>{_NUM})\s*\*?\s*sin\s*\(\s*2\s*\*?\s*pi\s*\*?\s*t\s*/\s*(?P<period>{_NUM})\s*\)", re.I
)
_FROM_TO = re.compile(rf"\bfrom\s+(?P<a>{_NUM})\s*(?P<ua>[^\s,.;]*)\s+to\s+(?P<b>{_NUM})", re.I)


def parse_number(text: str) -> float:
    t = text.replace(" ", "").replace("−", "-")
    m = re.fullmatch(r"([-+]?(?:\d+\.?\d*|\.\d+))[x×]10\^?([-+]?\d+)", t)
    if m:
        return float(m.group(1)) * 10 ** int(m.group(2))
    return float(t)


class Quantity(BaseModel):
    model_config = ConfigDict(extra="forbid")

    kind: Kind
    value: float  # SI
    text: str  # as written
    before: str  # the words just before it (lower case)
    after: str = ""  # the words right after it, up to the next punctuation ("wide", "tall")
    start: int
    replaced_from: float | None = None  # "from A to B": A


class Sine(BaseModel):
    model_config = ConfigDict(extra="forbid")

    amplitude: float
    period: float
    text: str


def _kind_of(unit: str) -> tuple[Kind, float, bool]:
    for pattern, kind, scale in _UNITS:
        if re.fullmatch(pattern, unit.strip(), re.I if kind != "length" else 0):
            celsius = kind == "temperature" and "c" in unit.lower() and "k" not in unit.lower()
            return kind, scale, celsius
    raise ValueError(unit)


def quantities(text: str) -> list[Quantity]:
    """Every number with a unit, Reynolds and Mach numbers, and 'N x M' cell counts."""
    found: list[Quantity] = []
    taken: list[tuple[int, int]] = []
    for m in _SINE.finditer(text):
        taken.append(m.span())
    for m in _QUANTITY.finditer(text):
        if any(a <= m.start() < b for a, b in taken):
            continue
        kind, scale, celsius = _kind_of(m.group("unit"))
        value = parse_number(m.group("num")) * scale
        if celsius:
            value += 273.15
        if kind == "length" and re.match(r"\s*/", text[m.end():m.end() + 2]):
            continue
        before = text[max(0, m.start() - 80):m.start()].lower()
        after = re.split(r"[,.;:\n(]", text[m.end():m.end() + 24].lower(), maxsplit=1)[0]
        found.append(Quantity(kind=kind, value=value, text=m.group(0), before=before, after=after, start=m.start()))
    for regex, kind in ((_RE, "reynolds"), (_MACH, "mach")):
        for m in regex.finditer(text):
            found.append(Quantity(kind=kind, value=parse_number(m.group("num")), text=m.group(0),
                                  before=text[max(0, m.start() - 80):m.start()].lower(), start=m.start()))
    for m in _CELLS.finditer(text):
        dims = [int(g) for g in m.groups() if g]
        found.append(Quantity(kind="cells", value=float(math.prod(dims)), text=m.group(0),
                              before=text[max(0, m.start() - 80):m.start()].lower(), start=m.start()))
    for m in _FROM_TO.finditer(text):
        a, b = parse_number(m.group("a")), parse_number(m.group("b"))
        for q in found:
            if m.start() <= q.start < m.end() and q.start > m.start() + 5 and abs(q.value - b) < 1e-12 + 1e-9 * abs(b):
                q.replaced_from = a
    # "from A to B": A is the old value, not a new request
    olds = {m.start("a") for m in _FROM_TO.finditer(text)}
    found = [q for q in found if not any(abs(q.start - o) <= 1 for o in olds)]
    return sorted(found, key=lambda q: q.start)


def sines(text: str) -> list[Sine]:
    return [
        Sine(amplitude=parse_number(m.group("amp")), period=parse_number(m.group("period")), text=m.group(0))
        for m in _SINE.finditer(text)
    ]


def cell_counts(text: str) -> list[list[int]]:
    return [[int(g) for g in m.groups() if g] for m in _CELLS.finditer(text)]


def first(qs: list[Quantity], kind: Kind, *near: str, exclude: tuple[str, ...] = ()) -> Quantity | None:
    """The first quantity of a kind described by any of `near`: words right after it
    ("0.1 m wide") count first, then the words before it; with no `near`, the first of the kind."""
    if near:
        for q in qs:
            if q.kind == kind and any(q.after.strip().startswith(w) for w in near):
                return q
    for q in qs:
        if q.kind != kind:
            continue
        ctx = q.before[-60:]
        if exclude and any(w in ctx for w in exclude):
            continue
        if not near or any(w in ctx for w in near):
            return q
    return None


def mentions(text: str, *phrases: str) -> bool:
    low = " ".join(text.lower().split())
    return any(p in low for p in phrases)
