"""Everyday ways of writing a value that the unit readers take in another form: an iteration to stop at ("stop at
iteration 400": 400 iterations), a grid as a product in words ("40 times 40 cells": 40 x 40), a duration in two units
("16 min 40 s": 1000 s), microseconds in ASCII ("200 us"), a turbulent kinetic energy per unit mass ("k 0.066 J/kg":
m2/s2, the same dimensions), and a bare number's remark in brackets ("2.5 (non-dimensional)": the number). Pure."""

from __future__ import annotations

import re

_NUM = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"

_STOP_AT = re.compile(r"\b((?:stop|end|finish|halt|terminate)\w*\s+)(?:at|after|with)\s+(?:the\s+)?(iteration|time[- ]?step|step)"
                      r"\s+(?:number\s+|no\.?\s*|#\s*)?(\d+)\b", re.I)
_TIMES = re.compile(r"(?<![\w.])(\d+)\s+times\s+(\d+)(?:\s+times\s+(\d+))?(?=\s+(?:cells?|elements?|hex\w*|quads?|divisions)\b"
                    r"|\s*(?:grid|mesh)\b)", re.I)
_GRID_TIMES = re.compile(r"\b((?:grid|mesh|cells?)\s+(?:of\s+)?)(\d+)\s+times\s+(\d+)(?:\s+times\s+(\d+))?\b(?!\s*(?:m|s)\b)", re.I)
_H = r"(?:h|hrs?|hours?)"
_MIN = r"(?:min|mins|minutes?)"
_S = r"(?:s|secs?|seconds?)"
_N = r"\d+(?:\.\d+)?"
# two or three units in a row, never an empty match: hours then minutes (then seconds), or minutes then seconds
_TWO_UNITS = re.compile(rf"(?<![\w.])(?:(?P<h>{_N})\s*{_H}\s*(?:and\s+)?(?P<m>{_N})\s*{_MIN}(?:\s*(?:and\s+)?(?P<s>{_N})\s*{_S})?"
                        rf"|(?P<m2>{_N})\s*{_MIN}\s*(?:and\s+)?(?P<s2>{_N})\s*{_S})\b", re.I)
_ASCII_MICRO = re.compile(rf"(?<![\w.])({_NUM})\s*us\b(?!\s*(?:a|an|the|to|with|and|know|about)\b)")
_K_PER_MASS = re.compile(rf"(\b(?:k|k_\w+|tke|turbulent\s+kinetic\s+energy|turbulence\s+kinetic\s+energy)\b[^.;,\d]{{0,24}}?)"
                         rf"({_NUM})\s*J\s*/\s*kg\b", re.I)
_REMARK = re.compile(rf"(?<![\w.])({_NUM})\s*\(\s*(?:non-?\s*dimensional|dimensionless|normali[sz]ed|unitless|no\s+units?|-)\s*\)",
                     re.I)


def _duration(m: re.Match[str]) -> str:
    parts = [(m.group("h"), 3600.0), (m.group("m") or m.group("m2"), 60.0), (m.group("s") or m.group("s2"), 1.0)]
    return f"{sum(float(v) * f for v, f in parts if v is not None):g} s"


def written_forms(text: str) -> str:
    """`text` with the forms listed in the module's docstring written as the readers take them."""
    text = _STOP_AT.sub(lambda m: f"{m.group(1)}after {m.group(3)} {'iterations' if m.group(2).lower() == 'iteration' else 'time steps'}",
                        text)
    text = _TIMES.sub(lambda m: " x ".join(g for g in m.groups() if g), text)
    text = _GRID_TIMES.sub(lambda m: m.group(1) + " x ".join(g for g in m.groups()[1:] if g), text)
    text = _TWO_UNITS.sub(_duration, text)
    text = _ASCII_MICRO.sub(lambda m: f"{m.group(1)} µs", text)
    text = _K_PER_MASS.sub(lambda m: f"{m.group(1)}{m.group(2)} m2/s2", text)
    return _REMARK.sub(lambda m: m.group(1), text)
