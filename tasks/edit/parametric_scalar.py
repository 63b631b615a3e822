"""A passive scalar (dye, tracer, contaminant concentration) carried by the flow of a generated case.

The scalar `s` is solved by the scalarTransport function object next to the flow solver, with a
constant diffusivity D: the one stated ("diffusivity 1e-9 m2/s", "D = 2e-5 m^2/s"), else nu / Sc
from a stated Schmidt number, else nu (Sc = 1, said as an assumption). It enters with the
inflow at the concentration stated (default 1) and starts at 0; walls and bodies do not take
it in (zero gradient), outlets let it out (the temperature's canonical boundary conditions,
which are those of any transported scalar).

`passive_scalar` and `scalar_object` are pure; `write_scalar` edits a scratch case in place.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from tasks.edit import caseops
from tasks.foam import dictionary as fd
from tasks.foam.physics import fmt
from tasks.plan.stated import StatedQuantity

FIELD = "s"
OBJECT = "passiveScalar"
_NUM = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_WORDS = re.compile(r"\b(?:passive\s+scalars?|scalar\s+(?:transport|field|concentration)|tracers?|dyes?|"
                    r"contaminants?|pollutants?|smoke|species\s+concentration|concentration\s+field|ink|odou?rs?)\b",
                    re.I)
_DIFFUSIVITY = re.compile(r"(?:diffusivit\w*|diffusion(?:\s+coefficient)?|diffusion\s+constant|\bD\b)"
                          r"[^,;()\d]{0,25}$", re.I)
_CONCENTRATION = re.compile(rf"\bconcentrations?\s*(?:of|=|:|is|at)?\s*({_NUM})(?!\s*(?:m\b|mm\b|cm\b|s\b|%))", re.I)


@dataclass
class PassiveScalar:
    inlet_value: float
    diffusivity: StatedQuantity | None = None  # a stated D (m2/s)
    schmidt: StatedQuantity | None = None  # a stated Sc
    said_value: bool = False  # the inlet concentration was stated
    taken: list[StatedQuantity] = field(default_factory=list)  # not nu, not for the binder

    def diffusivity_for(self, nu: float) -> tuple[float, str]:
        """D (m2/s) and how it was chosen."""
        if self.diffusivity is not None:
            return self.diffusivity.value, f"D = {fmt(self.diffusivity.value)} m2/s as stated"
        if self.schmidt is not None and self.schmidt.value > 0:
            d = nu / self.schmidt.value
            return d, f"D = nu / Sc = {fmt(nu)} / {fmt(self.schmidt.value)} = {fmt(d)} m2/s"
        return nu, f"D = nu = {fmt(nu)} m2/s (Schmidt number 1; state a diffusivity or Sc to change it)"


def passive_scalar(text: str, stated: list[StatedQuantity]) -> PassiveScalar | None:
    """The passive scalar the request asks for (its words: passive scalar, tracer, dye, ...), with
    its stated diffusivity (an m2/s value written after diffusivity words, which the value
    reader takes for a viscosity), Schmidt number and inlet concentration; None without one."""
    if not _WORDS.search(text):
        return None
    low = text.lower()
    diffusivity = None
    for q in stated:
        if q.unit != "m2/s":
            continue
        at = low.find(q.text.lower())
        if at >= 0 and _DIFFUSIVITY.search(low[max(0, at - 40):at]):
            diffusivity = q
            break
    schmidt = next((q for q in stated if q.role == "schmidt"), None)
    m = _CONCENTRATION.search(text)
    value = float(m.group(1)) if m else 1.0
    taken = [q for q in (diffusivity, schmidt) if q is not None]
    return PassiveScalar(value, diffusivity, schmidt, m is not None, taken)


TURBULENT_SCHMIDT = 0.7


def scalar_object(diffusivity: float, nu: float | None) -> dict[str, str]:
    """The scalarTransport function object for `s`: with the flow's viscosity `nu` (a solver with a
    turbulence model) D = alphaD nu + alphaDt nut, alphaD = D / nu and alphaDt = 1 / Sct, so
    turbulent mixing carries the scalar too; without one (icoFoam) the constant D (m2/s)."""
    if diffusivity <= 0 or (nu is not None and nu <= 0):
        raise ValueError(f"a passive scalar needs a positive diffusivity and viscosity (got {diffusivity}, {nu})")
    out = {"type": "scalarTransport", "libs": '("libsolverFunctionObjects.so")', "field": FIELD, "phi": "phi"}
    out.update({"D": f"{diffusivity:.6g}"} if nu is None else
               {"alphaD": f"{diffusivity / nu:.6g}", "alphaDt": f"{1.0 / TURBULENT_SCHMIDT:.6g}"})
    return {**out, "nCorr": "0", "resetOnStartUp": "false", "writeControl": "writeTime"}


def diffusivity_entry(nu: float | None) -> str:
    """The entry of the function object that holds the stated diffusivity."""
    return "D" if nu is None else "alphaD"


def write_scalar(case: Path, solver: str, model: str, roles: dict[str, str], scalar: PassiveScalar,
                 diffusivity: float, nu: float | None) -> list[str]:
    """0/s (the inflow at the stated concentration, 0 inside and at the outlets' backflow, zero
    gradient on walls), the function object in controlDict (`nu`: see `scalar_object`) and the
    numerics of `s`. The files written."""
    case = Path(case)
    t_path = case / "0/T"
    kept = t_path.read_bytes() if t_path.is_file() else None
    plain = {n: ("wall" if r == "heatedWall" else r) for n, r in roles.items()}
    try:  # the temperature's canonical boundary conditions, rendered then renamed
        caseops.write_field(case, "T", solver, model, "uniform 0", plain, {"T": fmt(scalar.inlet_value)},
                            "shape library: passive scalar")
        text = t_path.read_text()
    finally:
        if kept is not None:
            t_path.write_bytes(kept)
        else:
            t_path.unlink(missing_ok=True)
    text = re.sub(r"(?m)^(\s*object\s+)T\s*;", rf"\g<1>{FIELD};", text)
    text = fd.set_entry(text, ["dimensions"], "[0 0 0 0 0 0 0]")
    for name, role in plain.items():
        if role == "outlet" and fd.find(text, ["boundaryField", name, "inletValue"]) is not None:
            text = fd.set_entry(text, ["boundaryField", name, "inletValue"], "uniform 0")
            text = fd.set_entry(text, ["boundaryField", name, "value"], "uniform 0")
    (case / "0" / FIELD).write_text(text)
    control = case / "system/controlDict"
    control.write_text(fd.set_entry(control.read_text(), ["functions", OBJECT], scalar_object(diffusivity, nu)))
    return [f"0/{FIELD}", "system/controlDict", *caseops.ensure_numerics(case, solver, [FIELD])]
