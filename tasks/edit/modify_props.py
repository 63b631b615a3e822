"""Fluid properties of `modify` changed by a factor of their present value: "double the
viscosity", "increase the viscosity by 50 %", "halve the density", "a fluid twice as viscous".
The value is found where the case keeps it: nu of transportProperties (also with its
dimensions written, or per phase of a two-phase case), mu or rho of a constant-property
thermophysicalProperties mixture. A property the case computes (Sutherland viscosity, a
perfect-gas density) is not changed; the reason says what to change instead."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict, Field

from tasks.edit.caseops import initial_field
from tasks.foam import dictionary as fd
from tasks.plan.manifest import FileEdit

if TYPE_CHECKING:
    from tasks.edit.modify_models import CaseState

_NUMBER_AT_END = re.compile(r"([-+]?\d*\.?\d+(?:[eE][-+]?\d+)?)\s*$")
_TRANSPORT = "constant/transportProperties"
_THERMO = "constant/thermophysicalProperties"


class PropertyChange(BaseModel):
    """What a scaled property asks of the case's files."""

    model_config = ConfigDict(extra="forbid")

    edits: list[FileEdit] = Field(default_factory=list)
    warnings: list[str] = Field(default_factory=list)
    assumptions: list[str] = Field(default_factory=list)


def scaled_number(value: str, factor: float) -> str | None:
    """The entry's text with its last number times `factor` ("[0 2 -1 0 0 0 0] 1e-05" ->
    "[0 2 -1 0 0 0 0] 2e-05"); None when it does not end in a plain number."""
    m = _NUMBER_AT_END.search(value.strip())
    if m is None:
        return None
    text = value.strip()
    new = float(m.group(1)) * factor
    return text[:m.start(1)] + f"{new:.10g}" + text[m.end(1):]


def _phase(words: str, phases: list[str]) -> tuple[str | None, bool]:
    """(the phase the words name, else the liquid one: the phase that is not air/gas; True when
    it was chosen rather than named)."""
    low = words.lower()
    named = [p for p in phases if re.search(rf"\b{re.escape(p.lower())}\b", low)]
    if len(named) == 1:
        return named[0], False
    liquids = [p for p in phases if p.lower() not in ("air", "gas", "vapour", "vapor", "steam")]
    return (liquids[0], True) if len(liquids) == 1 else (None, True)


def scaled_property(case: Path, kind: str, words: str, factor: float, context: str = "") -> PropertyChange:
    """The edits that scale a case's viscosity (`kind` "viscosity") or density ("density") by
    `factor`, from the words that name it ("the water viscosity"; a phase named only elsewhere
    in `context`, the whole request, counts when it is the only one named there)."""
    out = PropertyChange()
    label = f"{words or kind} x {factor:g}"
    tp_path, th_path = case / _TRANSPORT, case / _THERMO
    tp = tp_path.read_text() if tp_path.is_file() else ""
    th = th_path.read_text() if th_path.is_file() else ""
    key = "nu" if kind == "viscosity" else "rho"
    if fd.get(tp, [key]) is not None:
        return _scale(out, _TRANSPORT, [key], fd.get(tp, [key]) or "", factor, label)
    phases = (fd.get(tp, ["phases"]) or "").strip("() \n").split()
    if phases and any(fd.get(tp, [p, key]) is not None for p in phases):
        phase, chosen = _phase(words, phases)
        if chosen and context and not (named := _phase(context, phases))[1]:  # "halve the density of the air"
            phase, chosen = named
        if phase is None or fd.get(tp, [phase, key]) is None:
            out.warnings.append(f"not applied: {label} ({_TRANSPORT} has {key} for each of {', '.join(phases)}; "
                                "name the phase, e.g. 'double the water viscosity')")
            return out
        if chosen:
            out.assumptions.append(f"{words or kind} of the liquid phase {phase} ({_TRANSPORT} {phase}/{key})")
        return _scale(out, _TRANSPORT, [phase, key], fd.get(tp, [phase, key]) or "", factor, label)
    if th:
        return _thermo_scale(out, th, kind, factor, label)
    out.warnings.append(f"not applied: {label} (the case keeps no {kind} in {_TRANSPORT} or {_THERMO})")
    return out


def _thermo_scale(out: PropertyChange, th: str, kind: str, factor: float, label: str) -> PropertyChange:
    """mu of a `const` transport, rho of a `rhoConst` equation of state; else the reason."""
    model = fd.get(th, ["thermoType", "transport" if kind == "viscosity" else "equationOfState"]) or ""
    entry = ["mixture", "transport", "mu"] if kind == "viscosity" else ["mixture", "equationOfState", "rho"]
    if fd.get(th, entry) is not None:
        return _scale(out, _THERMO, entry, fd.get(th, entry) or "", factor, label)
    why = {"sutherland": "Sutherland's law computes mu from T (As, Ts); switch thermoType/transport to const with mu",
           "perfectGas": "a perfect gas's density follows from p and T; change the pressure or the temperature"}
    out.warnings.append(f"not applied: {label} ({_THERMO}: {why.get(model.strip(), f'{model.strip() or kind} sets no constant {kind}')})")
    return out


def _scale(out: PropertyChange, rel: str, entry: list[str], old: str, factor: float, label: str) -> PropertyChange:
    new = scaled_number(old, factor)
    if new is None:
        out.warnings.append(f"not applied: {label} ({rel} {'/'.join(entry)} is {old.strip()!r}, no plain number)")
        return out
    out.edits.append(FileEdit(file=rel, entry=entry, value=new, reason=f"{'/'.join(entry)} x {factor:g}", locked=True))
    return out


_RATE_KEYS = ("volumetricFlowRate", "massFlowRate", "flowRate")


def scaled_flow_rate(state: CaseState, words: str, factor: float) -> PropertyChange | None:
    """"double the flow rate", "cut the mass flow by 20 %": the flow rate of the inlets that set
    one (flowRateInletVelocity's volumetricFlowRate or massFlowRate, as written: "constant 0.1"
    keeps its Function1), the one the words name or else every such inlet. None when no inlet
    sets a flow rate (a fixed-velocity inlet: the caller scales its velocity instead)."""
    path = initial_field(state.case_dir, "U")
    if path is None:
        return None
    text = path.read_text()
    rates = {p: k for p in fd.keys(text, ["boundaryField"]) for k in _RATE_KEYS
             if fd.get(text, ["boundaryField", p, k]) is not None}
    if not rates:
        return None
    named = state.patch_named(words, rates)
    out = PropertyChange()
    for patch in [named] if named else list(rates):
        key = rates[patch]
        old = fd.get(text, ["boundaryField", patch, key]) or ""
        rel, entry = "0/U", ["boundaryField", patch, key]
        if (macro := re.fullmatch(r"\s*\$(\w+)\s*", old)) and (site := _macro_site(state.case_dir, path, macro.group(1))):
            rel, entry, old = site  # weirOverflow's "flowRate $inletFlowRate;" from include/initialConditions
            out.assumptions.append(f"{patch} {key} is ${macro.group(1)}: scaled where it is defined ({rel})")
        _scale(out, rel, entry, old, factor, f"{patch} {key} x {factor:g}")
    return out


def _macro_site(case: Path, field: Path, name: str) -> tuple[str, list[str], str] | None:
    """(file, entry, value) where a $name the field uses is defined: at the field's top level or
    in a file it #includes; None when neither defines it."""
    text = field.read_text()
    if (value := fd.get(text, [name])) is not None:
        return str(field.relative_to(case)), [name], value
    for inc in re.findall(r'#include\s+"([^"]+)"', text):
        path = field.parent / inc
        if path.is_file() and (value := fd.get(path.read_text(), [name])) is not None:
            return str(path.relative_to(case)), [name], value
    return None


# where a wall's heat flux is written in 0/T, by condition: the flux (W/m2), the power (W), or a
# gradient (the flux over the conductivity: scaled alike while the conductivity stays)
_FLUX_KEYS = {"flux": "q", "power": "Q"}


def scaled_heat_flux(state: CaseState, words: str, factor: float) -> PropertyChange | None:
    """"reduce the heat flux by a third", "heater flux x2": the walls' heat flux in 0/T
    (externalWallHeatFluxTemperature's q in mode flux, Q in mode power; a fixedGradient's
    gradient), on the patch the words name or else on every such wall. None when the case has
    no 0/T; a warning when it sets no heat flux."""
    path = initial_field(state.case_dir, "T")
    if path is None:
        return None
    text = path.read_text()
    sites: dict[str, str] = {}
    for patch in fd.keys(text, ["boundaryField"]):
        bc_type = (fd.get(text, ["boundaryField", patch, "type"]) or "").strip()
        mode = (fd.get(text, ["boundaryField", patch, "mode"]) or "").strip()
        key = _FLUX_KEYS.get(mode) if bc_type == "externalWallHeatFluxTemperature" else \
            "gradient" if bc_type == "fixedGradient" else None
        if key and fd.get(text, ["boundaryField", patch, key]) is not None:
            sites[patch] = key
    out = PropertyChange()
    if not sites:
        out.warnings.append(f"not applied: {words} x {factor:g} (0/T sets no heat flux: no externalWallHeatFluxTemperature "
                            "in mode flux or power, no fixedGradient; state a flux for a named wall, e.g. 'heater 500 W/m2')")
        return out
    named = state.patch_named(words, sites)
    for patch in [named] if named else list(sites):
        entry = ["boundaryField", patch, sites[patch]]
        _scale(out, "0/T", entry, fd.get(text, entry) or "", factor, f"{patch} heat flux x {factor:g}")
    return out
