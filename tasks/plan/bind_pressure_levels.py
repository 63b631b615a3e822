"""Where each pressure boundary condition keeps the level it holds (a fixed value, a total
pressure, a far-field or back pressure, a mean) and in which form it is written there; the level
a patch or the internal field holds. Pure: reads dictionary text, shared by `new` (bind_pressure)
and `modify` (modify_boundary)."""

from __future__ import annotations

import re
from typing import Literal

from tasks.foam import dictionary as fd

Form = Literal["uniform", "plain", "constant"]

# condition type -> (the entry holding the level it keeps, the form the value is written in):
# "uniform X" for a field entry, a bare number for a scalar entry, "constant X" for a Function1
LEVEL_ENTRIES: dict[str, tuple[str, Form]] = {
    "fixedValue": ("value", "uniform"),
    "totalPressure": ("p0", "uniform"),
    "prghPressure": ("p", "uniform"),
    "prghTotalPressure": ("p0", "uniform"),
    "prghTotalHydrostaticPressure": ("p0", "uniform"),  # the total pressure of the surroundings (fireFoam)
    "waveTransmissive": ("fieldInf", "plain"),  # a non-reflecting outlet relaxes towards its far-field value
    "advective": ("fieldInf", "plain"),  # the same relaxation, without the wave speed of a gas
    "freestreamPressure": ("freestreamValue", "uniform"),  # the far-field value held when flow leaves
    "uniformFixedValue": ("uniformValue", "constant"),
    "uniformTotalPressure": ("p0", "constant"),
    "outletMachNumberPressure": ("pBack", "plain"),  # the back pressure a (choked) nozzle exit discharges to
    "fixedMean": ("meanValue", "constant"),  # the mean pressure over the patch (helmholtzResonance)
    "fanPressure": ("p0", "uniform"),  # the total pressure of the surroundings beyond the fan
    "outletInlet": ("outletValue", "uniform"),  # the value held where flow leaves
}

_NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"


def level_entry(field_text: str, patch: str) -> tuple[str, Form] | None:
    """(entry, form) of the level `patch` of a pressure field holds, None for a condition that
    holds none (zeroGradient, fixedFluxPressure, calculated, a far field with no fieldInf)."""
    return level_entry_at(field_text, ["boundaryField", patch])


def level_entry_at(text: str, where: list[str]) -> tuple[str, Form] | None:
    """level_entry for the condition dictionary at `where` of any text (a patch's condition kept
    in an #include'd case settings file, annularThermalMixer's `outlet { p { ... } }`)."""
    bc = fd.get(text, [*where, "type"]) or ""
    found = LEVEL_ENTRIES.get(bc)
    if found is None:
        return None
    if bc in ("waveTransmissive", "advective") and fd.find(text, [*where, "fieldInf"]) is None:
        return None
    key, form = found
    if form == "constant":  # a Function1 written bare ("meanValue 1e5;") stays bare
        raw = " ".join((fd.get(text, [*where, key]) or "").split())
        if re.fullmatch(_NUMBER, raw):
            return key, "plain"
    return key, form


def patch_key(field_text: str, patch: str) -> str | None:
    """The boundaryField key that holds `patch`'s condition: its own name, else the quoted
    regular expression or group that matches it (`"outlet.*"`, `"(side|outlet)"`), as OpenFOAM
    reads it; None when no key does."""
    found = fd.find(field_text, ["boundaryField", patch], regex=True)
    return found.key if found is not None and found.kind == "dict" else None


_MERGED = re.compile(r"\$\{?:([A-Za-z_][\w.]*)\}?\s*;?")


def merged_path(field_text: str, key: str) -> list[str] | None:
    """The dictionary path a patch merges whole from the settings it #includes (`outlet
    { $:outlet.p; }` -> [outlet, p]), None for a patch written out."""
    m = _MERGED.fullmatch((fd.get(field_text, ["boundaryField", key]) or "").strip())
    return m.group(1).split(".") if m else None


def level_text(form: Form, value: str) -> str:
    """The value as the entry's form writes it: `uniform 1e5`, `1e5` or `constant 1e5`."""
    return value if form == "plain" else f"{form} {value}"


def number_in(raw: str | None) -> float | None:
    """The one number of `uniform 1e5`, `constant 1e5` or `1e5`; None for anything else."""
    m = re.fullmatch(rf"(?:uniform\s+|constant\s+)?({_NUMBER})", " ".join((raw or "").split()))
    return float(m.group(1)) if m else None


def internal_level(field_text: str) -> float | None:
    """The uniform initial value of a field, None when it is not one number."""
    return number_in(fd.get(field_text, ["internalField"]))


def outlet_pressure_of(field_text: str, patch: str) -> float | None:
    """The pressure a patch of a pressure field holds (its fixed value, total pressure or far-field
    value; "$internalField" read through), None when it holds none or not one number."""
    bc = fd.get(field_text, ["boundaryField", patch, "type"]) or ""
    key = LEVEL_ENTRIES.get(bc, (None, None))[0]
    raw = fd.get(field_text, ["boundaryField", patch, key]) if key else None
    if raw is None and bc in ("fixedValue", "waveTransmissive"):
        raw = fd.get(field_text, ["boundaryField", patch, "value"])
    if raw is None:
        return None
    raw = " ".join(raw.split())
    if raw.strip("$ ") == "internalField" or raw.endswith("$internalField"):
        raw = " ".join((fd.get(field_text, ["internalField"]) or "").split())
    return number_in(raw)


def same_level(a: float, b: float) -> bool:
    """Two pressures the base writes as the same level."""
    return abs(a - b) <= 1e-9 * max(1.0, abs(a), abs(b))


def discharges(field_text: str, patches: list[str]) -> bool:
    """True when the domain starts at a pressure none of `patches` (its outlets) holds while some
    of them hold one: a charged vessel, reservoir or tank that discharges (chokedNozzle 2.5 bar
    into 1 atm, decompressionTank 100 bar into its nozzle). Its initial pressure is then no
    outlet's, and an ambient pressure no initial one."""
    inside = internal_level(field_text)
    levels = [v for patch in patches if (v := outlet_pressure_of(field_text, patch)) is not None]
    return inside is not None and bool(levels) and not any(same_level(v, inside) for v in levels)


# an incompressible solver's p is relative: a value of this size stated with no reference is an
# absolute (atmospheric-sized) level ("outlet at 1 atm", "inlet 2 bar"), a smaller one a gauge value
ABSOLUTE_SIZED = 5e4


def gauge_of(pascal: float, reference: str | None, atmosphere: float = 101325.0) -> float:
    """A pressure in Pa relative to the atmosphere, for a solver whose p is relative: a gauge value
    as stated, an absolute or atmospheric-sized one (no reference, >= 0.5 bar) less the atmosphere."""
    if reference == "gauge" or (reference is None and pascal < ABSOLUTE_SIZED):
        return pascal
    return pascal - atmosphere


NORMALISED_GAS = "the {solver} base is written for a normalised gas (p = 1, sound speed 1), not in Pa"


def normalised_gas(p_text: str) -> bool:
    """True when a pressure field in Pa starts at a level no gas in Pa has (0 < p <= 100): a
    normalised gas (rhoCentralFoam's forwardStep, obliqueShock, wedge15Ma5 with p = 1, c = 1),
    where a pressure in Pa has no place."""
    dims = " ".join((fd.get(p_text, ["dimensions"]) or "").split()).strip("[] ")
    inside = internal_level(p_text)
    return dims.startswith("1 -1 -2") and inside is not None and 0 < inside <= 100
