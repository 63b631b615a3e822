"""What a turbulence-model switch must change besides the model's own fields, so that the
switched case starts and survives its first steps.

- Wall functions (nutkWallFunction, epsilonWallFunction, ...) abort unless their patch is of
  mesh type `wall` ("Patch type for patch obstacle must be wall"). A tutorial written laminar
  can hold its no-slip walls as plain `patch` (sonicFoam/forwardStep's obstacle): such a patch
  is retyped to `wall` where the mesh is declared (blockMeshDict, or a built mesh's boundary).
- A transient tutorial tuned to run its own model at Courant 5 with one PIMPLE corrector
  (PISO mode) diverges in a few steps with another model (omega bounding): the switched case
  gets the project's Courant target as its maxCo.
- The fields a model switch removes are the fields of any model that the new one lacks,
  taken from canonical/physics.yaml (ReThetat, gammaInt, phit, flm, fmm, ...); no convection
  entry is written for a field a model solves without one (v2f's f).
- A generated field's condition on a generic `patch` whose name says nothing (SRF rotor2D's
  freestream, far, sides) follows what the case's velocity field does there (an inflow, an
  outflow or slip, a no-slip wall), not a wall function by default.
"""

from __future__ import annotations

import re
from pathlib import Path

from tasks.foam import dictionary as fd
from tasks.foam.defaults import defaults
from tasks.foam.physics import fmt, is_steady, physics

# velocity conditions of a wall: the fluid does not slip (a moving wall moves with its own speed)
_NO_SLIP = {"noSlip", "movingWallVelocity", "rotatingWallVelocity", "translatingWallVelocity",
            "movingWallSlipVelocity"}
_ZERO_VECTOR = re.compile(r"^uniform\s*\(\s*0(?:\.0*)?\s+0(?:\.0*)?\s+0(?:\.0*)?\s*\)$")


def model_field_names() -> frozenset[str]:
    """Every field some turbulence model of canonical/physics.yaml solves or reads, and the
    compressible models' alphat: what a switch to another model may leave behind."""
    names = {f for spec in physics().turbulence_models.values() for f in spec.fields}
    return frozenset(names | {"alphat"})


def velocity_wall_patches(velocity_text: str) -> list[str]:
    """The patches a velocity field treats as a no-slip wall: noSlip, a moving-wall condition,
    or fixedValue uniform (0 0 0)."""
    found = []
    for patch in fd.keys(velocity_text, ["boundaryField"]):
        kind = (fd.get(velocity_text, ["boundaryField", patch, "type"]) or "").strip()
        value = " ".join((fd.get(velocity_text, ["boundaryField", patch, "value"]) or "").split())
        if kind in _NO_SLIP or (kind == "fixedValue" and _ZERO_VECTOR.match(value)):
            found.append(patch.strip('"'))
    return found


def generic_walls(case: Path, patches: dict[str, str]) -> list[str]:
    """Patches of mesh type `patch` that the case's velocity field holds as no-slip walls."""
    velocity = next((p for p in (case / "0/U", case / "0/Urel", case / "0.orig/U", case / "0/U.orig") if p.is_file()), None)
    if velocity is None:
        return []
    walls = velocity_wall_patches(velocity.read_text(errors="replace"))
    return [name for name in walls if patches.get(name) == "patch"]


def retype_as_wall(text: str, names: list[str]) -> str:
    """`text` (a blockMeshDict, whose boundary is a list of `name { type ...; faces ...; }`, or a
    constant/polyMesh/boundary) with each named patch's `type patch;` set to `type wall;` and
    `patch` in its inGroups list made `wall`; the rest kept as written."""
    for name in names:
        body = re.compile(rf"(^|[\s(]){re.escape(name)}(\s*\{{)([^{{}}]*)(\}})", re.M)

        def retype(m: re.Match[str]) -> str:
            inner = re.sub(r"(\btype\s+)patch(\s*;)", r"\1wall\2", m.group(3))
            inner = re.sub(r"(\binGroups\s[^;]*?)\bpatch\b", r"\1wall", inner)
            return m.group(1) + name + m.group(2) + inner + m.group(4)

        text = body.sub(retype, text)
    return text


def wall_function_patches(case: Path, patches: dict[str, str]) -> list[str]:
    """Retype the case's no-slip `patch` patches to `wall` where their mesh is declared (a built
    mesh's constant/polyMesh/boundary, the blockMeshDict), so wall functions can run on them;
    the files changed."""
    names = generic_walls(case, patches)
    changed = []
    for rel in ("constant/polyMesh/boundary", "system/blockMeshDict"):
        path = case / rel
        if not names or not path.is_file():
            continue
        text = path.read_text()
        new = retype_as_wall(text, names)
        if new != text:
            path.write_text(new)
            changed.append(rel)
    return changed


# PISO (PIMPLE with one outer corrector) runs stably up to Co 1; the project's lower target is for
# fixed-step accuracy, and would multiply the steps of a tutorial that adjusts its own
PISO_COURANT = 1.0


def limit_courant(case: Path, solver: str) -> list[str]:
    """A transient case that adjusts its step to a maxCo above 1 while its PIMPLE loop has one
    outer corrector (PISO mode) gets maxCo 1 (the project's target when that is higher); the
    files changed."""
    if is_steady(solver):
        return []
    control_path, solution_path = case / "system/controlDict", case / "system/fvSolution"
    if not control_path.is_file() or not solution_path.is_file():
        return []
    control = control_path.read_text()
    if (fd.get(control, ["adjustTimeStep"]) or "no").strip() not in ("yes", "on", "true"):
        return []
    try:
        max_co = float(fd.get(control, ["maxCo"]) or "nan")
        outer = float(fd.get(solution_path.read_text(), ["PIMPLE", "nOuterCorrectors"]) or 1)
    except ValueError:
        return []
    target = max(defaults().target_courant, PISO_COURANT)
    if not max_co > target or outer > 1:
        return []
    control_path.write_text(fd.set_entry(control, ["maxCo"], fmt(target)))
    return ["system/controlDict"]


def elliptic_fields() -> frozenset[str]:
    """Fields some canonical model solves without convection (v2f's and kEpsilonPhitF's f): no
    div(phi,X) entry is written for them."""
    return frozenset(f for spec in physics().turbulence_models.values() for f in spec.elliptic)


# velocity conditions that bring fluid in (the patch is an inlet for the fields a switch writes) or let
# it leave or slide (an outlet: inletOutlet / zeroGradient for the turbulence fields)
_INFLOW = {"fixedValue", "flowRateInletVelocity", "freestream", "freestreamVelocity", "SRFFreestreamVelocity",
           "SRFVelocity", "uniformFixedValue", "turbulentInlet", "surfaceNormalFixedValue", "timeVaryingMappedFixedValue",
           "cylindricalInletVelocity", "swirlFlowRateInletVelocity", "variableHeightFlowRateInletVelocity"}
_OUTFLOW = {"zeroGradient", "inletOutlet", "pressureInletOutletVelocity", "pressureInletVelocity", "slip",
            "outletPhaseMeanVelocity", "advective", "waveTransmissive", "outletInlet"}


def velocity_roles(velocity_text: str) -> dict[str, str]:
    """Patch -> wall, inlet or outlet, as the case's velocity field treats it: a no-slip wall, a
    condition that brings fluid in, or one that lets it leave or slide. Patches with another
    condition (a constraint, a coded one) are left out."""
    walls = set(velocity_wall_patches(velocity_text))
    roles = {}
    for patch in fd.keys(velocity_text, ["boundaryField"]):
        name = patch.strip('"')
        kind = (fd.get(velocity_text, ["boundaryField", patch, "type"]) or "").strip()
        if name in walls:
            roles[name] = "wall"
        elif kind in _INFLOW:
            roles[name] = "inlet"
        elif kind in _OUTFLOW:
            roles[name] = "outlet"
    return roles


def case_velocity_roles(case: Path) -> dict[str, str]:
    """velocity_roles of the case's velocity field (U, SRF's Urel; the copy the run starts from)."""
    for rel in ("0.orig/U", "0/U.orig", "0/U", "0.orig/Urel", "0/Urel"):
        path = case / rel
        if path.is_file():
            return velocity_roles(path.read_text(errors="replace"))
    return {}
