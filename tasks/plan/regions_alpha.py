"""The shape a setAlphaField dictionary fills (system/setAlphaFieldDict of the interIsoFoam
cases: a `sphere` or a `cylinder` of liquid, `radius`, `origin`, the cylinder's `direction`),
and a centre stated axis by axis ("its centre at x = 0.5, z = 0.4", "centred 0.3 m in x, y and
z"). Pure.
"""

from __future__ import annotations

import re

from pydantic import BaseModel, ConfigDict

from tasks.foam import dictionary as fd

ALPHA_DICT = "system/setAlphaFieldDict"
_NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_UNITS = {"m": 1.0, "cm": 1e-2, "mm": 1e-3}
_AXES = "xyz"


class AlphaShape(BaseModel):
    """A round region of a setAlphaFieldDict: its type, radius, origin and (a cylinder's) axis."""

    model_config = ConfigDict(extra="forbid")

    kind: str
    radius: float
    origin: list[float]
    direction: list[float] | None = None


def _vector(raw: str | None) -> list[float] | None:
    found = re.findall(_NUMBER, raw or "")
    return [float(x) for x in found] if len(found) == 3 else None


def alpha_shape(text: str) -> AlphaShape | None:
    """The sphere or cylinder a setAlphaFieldDict fills, None for another type (a plane, a sine
    wave) or when its radius or origin is not plain numbers."""
    clean = fd.strip_comments(text or "")
    kind = (fd.get(clean, ["type"]) or "").strip().strip('"')
    if kind not in ("sphere", "cylinder"):
        return None
    radius = re.fullmatch(_NUMBER, (fd.get(clean, ["radius"]) or "").strip())
    origin = _vector(fd.get(clean, ["origin"]))
    if radius is None or origin is None:
        return None
    return AlphaShape(kind=kind, radius=float(radius.group(0)), origin=origin,
                      direction=_vector(fd.get(clean, ["direction"])) if kind == "cylinder" else None)


def _metres(number: str, unit: str | None) -> float:
    return float(number) * _UNITS.get((unit or "m").lower(), 1.0)


_UNIT = r"(?:\s*(?P<u>mm|cm|m)\b)?"
# "x = 0.5", "x: 0.5 m", "x0 = 0.5"
_AXIS_FIRST = re.compile(rf"\b(?P<a>[xyz])0?\s*(?:=|:)\s*(?P<v>{_NUMBER}){_UNIT}")
# "0.5 m in x", "0.3 along y", "0.3 m in x, y and z"
_VALUE_FIRST = re.compile(rf"(?<![\w.])(?P<v>{_NUMBER}){_UNIT}\s+(?:in|along|on)\s+(?:the\s+)?"
                          r"(?P<axes>[xyz](?:\s*(?:,|and|&)\s*[xyz])*)(?:[\s-]*(?:direction|axis|coordinates?))?\b")


def centre_by_axes(words: str) -> dict[int, float]:
    """The coordinates of a centre stated one axis at a time, metres by axis index: "its centre is
    at x = 0.5, z = 0.4" -> {0: 0.5, 2: 0.4}; "0.3 m in x, y and z" -> {0: 0.3, 1: 0.3, 2: 0.3}.
    Empty when the words give none."""
    low = words.lower()
    out: dict[int, float] = {}
    for m in _AXIS_FIRST.finditer(low):
        out.setdefault(_AXES.index(m.group("a")), _metres(m.group("v"), m.group("u")))
    for m in _VALUE_FIRST.finditer(low):
        for axis in re.findall(r"[xyz]", m.group("axes")):
            out.setdefault(_AXES.index(axis), _metres(m.group("v"), m.group("u")))
    return out


# a centre word, or a cylinder's axis placed "through" a point ("its axis runs along y through x = 0.5")
_CENTRE_WORD = re.compile(r"\b(?:cent(?:re|er)(?:d|ed)?|origin|middle|placed|located|positioned|sits?|through)\b")


def centre_words(around: str) -> str:
    """The words of `around` from its first centre word on ("... centred at x = 0.5"), '' when it
    has none: coordinates before them belong to something else."""
    m = _CENTRE_WORD.search(around.lower())
    return around[m.start():] if m else ""
