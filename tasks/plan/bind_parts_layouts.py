"""Where each phase of a multiphase base keeps a property (its density, its kinematic viscosity):
the layouts the installed multiphase tutorials use.

- `entry`: `phases (water air); water { nu ...; rho ...; }` in transportProperties (interFoam,
  interIsoFoam, driftFluxFoam, twoLiquidMixingFoam);
- `list`: `phases ( water { nu ...; rho ...; } oil { ... } )` in transportProperties, a list of
  named dictionaries (multiphaseInterFoam);
- `thermo`: one constant/thermophysicalProperties.<phase> per phase, the density in
  mixture/equationOfState as `rho` (rhoConst) or `rho0` (perfectFluid, Boussinesq)
  (compressibleInterFoam, compressibleMultiphaseInterFoam, twoPhaseEulerFoam,
  reactingTwoPhaseEulerFoam, multiphaseEulerFoam, icoReactingMultiPhaseInterFoam). A perfect
  gas has no density entry: that phase holds none.
"""

from __future__ import annotations

import re
from typing import Callable, Literal

from pydantic import BaseModel, ConfigDict

from tasks.foam import dictionary as fd

TRANSPORT = "constant/transportProperties"
PHASE_PROPERTIES = "constant/phaseProperties"
THERMO = "constant/thermophysicalProperties"  # compressibleInterFoam lists its phases here

_NAME_OPEN = re.compile(r"([A-Za-z_][\w.]*)\s*\{")


def phase_block_spans(raw: str) -> list[tuple[str, int, int]]:
    """The named dictionaries at the top level of a `phases ( water { ... } oil { ... } )` list:
    (name, start, end) of each body, nested dictionaries (constantCoeffs { d 1e-3; }) inside it."""
    out: list[tuple[str, int, int]] = []
    at = 0
    while (m := _NAME_OPEN.search(raw, at)) is not None:
        depth, i = 1, m.end()
        while i < len(raw) and depth:
            depth += {"{": 1, "}": -1}.get(raw[i], 0)
            i += 1
        if depth:
            break  # an unclosed block: not a phase list
        out.append((m.group(1), m.end(), i - 1))
        at = i
    return out


def phase_blocks(raw: str) -> dict[str, str]:
    """The phases of a `phases ( water { rho 1000; ... } oil { ... } )` list (multiphaseInterFoam,
    multiphaseEulerFoam): name -> the body of its block; empty for the plain `phases (water air)`."""
    return {name: raw[start:end] for name, start, end in phase_block_spans(raw)}


# property -> the names a thermophysicalProperties.<phase> equation of state gives it, in order
_THERMO_KEYS: dict[str, tuple[str, ...]] = {"rho": ("rho", "rho0")}


class PhaseEntry(BaseModel):
    """Where one phase keeps one property: `file` and `entry` (for the `list` form, the whole
    `phases` list is the entry and `key` the name inside the phase's block)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    phase: str
    file: str
    entry: list[str]
    key: str
    form: Literal["entry", "list", "thermo"]


Reader = Callable[[str], "str | None"]


def phase_names(read: Reader) -> list[str]:
    """The phases of a base in the order it lists them: transportProperties `phases`
    (plain names or named blocks), else phaseProperties `phases` (Euler-Euler), else
    thermophysicalProperties `phases` (compressibleInterFoam)."""
    for rel in (TRANSPORT, PHASE_PROPERTIES, THERMO):
        raw = fd.get(read(rel) or "", ["phases"])
        if not raw:
            continue
        blocks = phase_blocks(raw)
        names = list(blocks) if blocks else re.findall(r"[A-Za-z_][\w.]*", fd.strip_comments(raw))
        if names:
            return names
    return []


def phase_entries(read: Reader, key: str) -> list[PhaseEntry]:
    """Every phase of the base that holds `key` ("rho", "nu"), with where it holds it, in the
    base's phase order. A phase is looked up in transportProperties first (its dictionary, then
    its block of the phases list), then in its own thermophysicalProperties.<phase>."""
    transport = read(TRANSPORT) or ""
    raw = fd.get(transport, ["phases"]) or ""
    blocks = phase_blocks(raw)
    out: list[PhaseEntry] = []
    # compressibleInterFoam's family reads its phases from thermophysicalProperties: a transportProperties
    # left in the tutorial (compressibleInterDyMFoam/sloshingTank2D) is read by no one
    thermo_first = bool(fd.get(read(THERMO) or "", ["phases"]))
    for name in phase_names(read):
        if thermo_first:
            if (found := _thermo_entry(read, name, key)) is not None:
                out.append(found)
            continue
        if fd.find(transport, [name, key]) is not None:
            out.append(PhaseEntry(phase=name, file=TRANSPORT, entry=[name, key], key=key, form="entry"))
            continue
        if re.search(rf"(?:^|[;\s{{]){re.escape(key)}\s", blocks.get(name, "")):
            out.append(PhaseEntry(phase=name, file=TRANSPORT, entry=["phases"], key=key, form="list"))
            continue
        found = _thermo_entry(read, name, key)
        if found is not None:
            out.append(found)
    return out


def _thermo_entry(read: Reader, name: str, key: str) -> PhaseEntry | None:
    """Where a phase's thermophysicalProperties.<phase> equation of state holds `key`, or None."""
    thermo_rel = f"constant/thermophysicalProperties.{name}"
    thermo = read(thermo_rel) or ""
    for k in _THERMO_KEYS.get(key, ()):
        if fd.find(thermo, ["mixture", "equationOfState", k]) is not None:
            return PhaseEntry(phase=name, file=thermo_rel, entry=["mixture", "equationOfState", k], key=k, form="thermo")
    return None
