"""The inflow and far field of a generated (shape-library) case: free-stream far-field boundaries
of an external flow, inlet turbulence values that fit the flow (or a stated intensity or length
scale), and the turbulence values a request gives by field name (`NamedTurbulence`).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from pathlib import Path

from tasks.foam import dictionary as fd
from tasks.foam.physics import freestream_turbulence, inlet_turbulence
from tasks.foam.physics_inlet import mixing_length_dissipation
from tasks.plan.stated import StatedQuantity

# --- free-stream far field -----------------------------------------------------------------

_FREESTREAM_SCALARS = ("k", "epsilon", "omega", "nuTilda", "T")


def set_free_stream(case: Path, far: list[str], inlet_values: dict[str, str]) -> list[str]:
    """Far-field patches of an external flow (an airfoil's C- or O-domain): U freestreamVelocity,
    p freestreamPressure, the transported scalars `freestream` (inflow takes the free-stream
    value, outflow is zero-gradient), nut/alphat calculated. `inlet_values` holds the free-stream
    value per field (`(10 0 0)` for U). The internal U starts at the free stream. The files changed."""
    changed = []
    for path in sorted((Path(case) / "0").glob("*")):
        name = path.name
        if not path.is_file():
            continue
        text = path.read_text()
        new = text
        for patch in far:
            if fd.find(new, ["boundaryField", patch]) is None:
                continue
            if name == "U":
                value = f"uniform {inlet_values['U']}"
                body = {"type": "freestreamVelocity", "freestreamValue": value, "value": value}
            elif name == "p":
                body = {"type": "freestreamPressure", "freestreamValue": "uniform 0", "value": "uniform 0"}
            elif name in _FREESTREAM_SCALARS and name in inlet_values:
                value = f"uniform {inlet_values[name]}"
                body = {"type": "freestream", "freestreamValue": value, "value": value}
            else:
                continue
            new = fd.set_entry(new, ["boundaryField", patch], body)
        if name == "U" and far:
            new = fd.set_entry(new, ["internalField"], f"uniform {inlet_values['U']}")
        if new != text:
            path.write_text(new)
            changed.append(f"0/{name}")
    return changed


def inlet_value(case: Path, field_name: str, patch: str) -> str | None:
    """The value (without `uniform`) of a patch's fixed value in 0/<field>, else None."""
    path = Path(case) / "0" / field_name
    if not path.is_file():
        return None
    raw = fd.get(path.read_text(), ["boundaryField", patch, "value"]) or ""
    return raw.replace("uniform", "", 1).strip() or None


# --- inlet turbulence ----------------------------------------------------------------------

TURBULENCE_INLET_FIELDS = ("k", "epsilon", "omega", "nuTilda")


def default_turbulence(speed: float, length: float, nu: float, external: bool, intensity: float | None = None,
                       length_scale: float | None = None) -> dict[str, str]:
    """Inlet values of the turbulence fields that fit the flow: an internal flow's from 5 %
    intensity and a mixing length of 0.07 x its reference length, an external flow's free stream
    from 0.5 % intensity and nut/nu = 5 (canonical turbulence defaults, tasks/foam/physics.py).
    A stated intensity or turbulent length scale replaces the default one, so k, epsilon, omega and
    nuTilda stay one consistent inflow (k = 1.5 (U I)^2, epsilon = Cmu^0.75 k^1.5 / l,
    omega = k^0.5 / (Cmu^0.25 l), nuTilda = (3/2)^0.5 U I l)."""
    if speed <= 0 or length <= 0 or nu <= 0:
        return {"k": "0.01", "epsilon": "0.01", "omega": "1", "nuTilda": "1e-4"}
    if length_scale is not None and length_scale > 0:
        i = intensity if intensity is not None else (0.005 if external else inlet_turbulence(speed, length, nu).intensity)
        k = 1.5 * (speed * i) ** 2
        epsilon, omega = mixing_length_dissipation(k, length_scale)
        values = {"k": k, "epsilon": epsilon, "omega": omega, "nuTilda": math.sqrt(1.5) * speed * i * length_scale}
    else:
        t = freestream_turbulence(speed, nu, intensity) if external and intensity is not None and 0 < intensity < 1 \
            else freestream_turbulence(speed, nu) if external else inlet_turbulence(speed, length, nu, intensity)
        values = {"k": t.k, "epsilon": t.epsilon, "omega": t.omega, "nuTilda": t.nuTilda}
    r = 2 * values["k"] / 3
    return {**{f: f"{v:.4g}" for f, v in values.items()}, "R": f"({r:.4g} 0 0 {r:.4g} 0 {r:.4g})"}


_LENGTH_SCALE = re.compile(r"(?:(?:turbulent|turbulence|integral|inlet)\s+)*(?:length[- ]scale|mixing[- ]length|eddy\s+"
                           r"(?:size|length))\s*(?:of|=|:|is|about|around|~)?\s*$", re.I)


def stated_length_scale(text: str, stated: list[StatedQuantity]) -> StatedQuantity | None:
    """The stated length the request calls the inlet's turbulent length scale or mixing length
    ("inlet turbulent length scale 3.5 mm", "a mixing length of 2 mm"), else None."""
    low = text.lower()
    for q in stated:
        at = low.find(q.text.lower())
        if q.role in ("geometry", "mixing_length") and at > 0 and _LENGTH_SCALE.search(re.split(r"[,;(]", low[max(0, at - 45):at])[-1]):
            return q
    return None


_SOLVER_WORDS = re.compile(r"relax|tolerance|residual|solver|smoother|corrector", re.I)


@dataclass
class NamedTurbulence:
    field: str
    value: float
    text: str  # the value as written


def stated_turbulence(text: str, inlets: list[str]) -> list[NamedTurbulence]:
    """The values the request gives the turbulence fields by name ("k 0.375 m2/s2", "omega = 60
    1/s", "inlet nuTilda 4.5e-5") with no place or an inlet named: a generated case's inlet (or
    free stream) and its initial field take them. A value for another place (a wall) is left to
    the binder."""
    from tasks.plan.extract import normalise
    from tasks.plan.fields import find_field_values

    plain = normalise(text)
    found: dict[str, NamedTurbulence] = {}
    for fv in find_field_values(text, list(TURBULENCE_INLET_FIELDS), inlets):
        if fv.field in found or fv.value is None or fv.value <= 0 or fv.vector is not None:
            continue
        if _SOLVER_WORDS.search(re.split(r"[;,.]\s", plain[max(0, fv.start - 50):fv.start])[-1]):
            continue  # "relax k 0.5", "tolerance for k 1e-6": a solver control, not the field
        if re.match(r"\s*(?:times|x\b|×)", plain[fv.start + len(fv.text):]):
            continue  # "nuTilda of three times the laminar viscosity": a ratio, not the value
        if set(fv.places) - {"inlet", "internal"} or set(fv.patches) - set(inlets):
            continue
        found[fv.field] = NamedTurbulence(fv.field, fv.value, fv.text)
    return list(found.values())


def match_stated(named: NamedTurbulence, stated: list[StatedQuantity]) -> StatedQuantity | None:
    """The stated quantity read from the same words as a named turbulence value, if any."""
    number = named.text.split()[0] if named.text.split() else named.text
    return next((q for q in stated if q.text.split() and q.text.split()[0] == number and
                 abs(q.value - named.value) <= 1e-9 * max(1.0, abs(named.value))), None)
