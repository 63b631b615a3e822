"""Binding: every stated quantity becomes a concrete edit (file, entry, value) of a base case.

The base is any case folder (an installed tutorial, or the user's example). Where a value
goes is read from the base's own files: which patches are inlets, outlets, moving or heated
walls (their names, mesh types and boundary conditions), which file holds the viscosity,
whether pressure is kinematic or absolute, which blocks the mesh has. A quantity that cannot
be bound goes to `not_applied` with the reason; nothing is dropped silently. Pure: reads
the base, returns edits.
"""

from __future__ import annotations

import math
import re
from pathlib import Path

from tasks.foam import dictionary as fd
from tasks.foam.allrun_inputs import made_files, resource_files
from tasks.foam.geometry import block_cell_counts
from tasks.foam.physics import find_fluid, fluid_table
from tasks.knowledge.casebase import case_text
from tasks.plan.bind_by_name import ByNameBinding
from tasks.plan.bind_cloud import CloudBinding
from tasks.plan.bind_inlets import VELOCITY_ENTRIES, InletBinding, velocity_fields, with_number, with_vector
from tasks.plan.bind_parts import PartsBinding, patches_on_side, phase_blocks, set_in_phase_block
from tasks.plan.bind_angles import arc_angles_deg, is_attack_angle
from tasks.plan.bind_places import own_place
from tasks.plan.bind_relax import factor_ok, is_relaxation_entry, is_residual_entry, relaxation_said, residual_said
from tasks.plan.bind_speeds import own_speed, speeds_agree
from tasks.plan.extract import KINEMATIC_PRESSURE_UNIT, normalise
from tasks.plan.foam_values import VECTOR as _VECTOR
from tasks.plan.foam_values import direction as _direction
from tasks.plan.foam_values import fmt, vec
from tasks.plan.foam_values import leaves as _leaves
from tasks.plan.foam_values import leaves_get as _leaves_get
from tasks.plan.foam_values import magnitude as _magnitude
from tasks.plan.manifest import FileEdit
from tasks.plan.multi_region import RegionDictBinding
from tasks.plan.regions import (
    DEFAULT,
    raw_entry,
    read_set_fields,
    said_initial,
    set_default,
    set_region,
    target_for,
)
from tasks.plan.stated import FLUID_AFTER, Binding, NotApplied, StatedQuantity, in_case_time, plain_forms

_WALL_TYPES = {"wall", "noSlip", "movingWallVelocity", "slip"}
_INLET_TYPES = {"interstitialInletVelocity", "flowRateInletVelocity", "turbulentInlet", "timeVaryingMappedFixedValue",
                "atmBoundaryLayerInletVelocity"}
_SIDES = {
    "left": ("left", "west"), "right": ("right", "east"), "top": ("top", "upper", "ceiling", "lid", "roof"),
    "bottom": ("bottom", "lower", "floor", "base", "ground"), "front": ("front",), "back": ("back", "rear"),
    "inner": ("inner", "inside", "cylinder", "rotor"), "outer": ("outer", "outside", "stator"),
}


class Base:
    """Read-only view of a base case (gzip-transparent)."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._cache: dict[str, str | None] = {}
        self._resources: dict[str, Path] | None = None

    def resources(self) -> dict[str, Path]:
        """Files the tutorial's Allrun copies in from beside it (../common/0.orig, ../common/constant):
        the written case has them, so the binder reads them as the case's own."""
        if self._resources is None:
            self._resources = resource_files(self.root) if self.root.is_dir() else {}
        return self._resources

    def text(self, rel: str) -> str | None:
        if rel not in self._cache:
            found = case_text(self.root, rel)
            source = self.resources().get(rel) if found is None else None
            self._cache[rel] = case_text(source.parent, source.name) if source is not None and source.is_file() \
                else found
        return self._cache[rel]

    def field_rels(self, field: str) -> list[str]:
        """Where a field's initial values live: 0.orig/ (restored before a run) and 0/, else
        0/<field>.orig (copied to 0/<field> before a run)."""
        rels = [f"{d}/{field}" for d in ("0.orig", "0") if self.text(f"{d}/{field}") is not None]
        # 0/alpha.water beside 0/alpha.water.orig (the tutorial's setFields output and its source):
        # both keep the stated value, whichever one the run starts from
        return rels + [r for r in (f"0/{field}.orig",) if self.text(r) is not None]

    def fields(self) -> list[str]:
        names: set[str] = set()
        for d in ("0.orig", "0"):
            folder = self.root / d
            if folder.is_dir():
                names |= {p.name.removesuffix(".gz").removesuffix(".orig") for p in folder.iterdir() if p.is_file()}
            names |= {rel.split("/", 1)[1].removesuffix(".gz").removesuffix(".orig") for rel in self.resources()
                      if rel.startswith(f"{d}/") and rel.count("/") == 1}
        return sorted(names)

    def mesh_types(self) -> dict[str, str]:
        """Patch -> mesh type (patch, wall, empty, symmetryPlane, ...) from the blockMeshDict."""
        text = self.text("system/blockMeshDict") or self.text("constant/polyMesh/boundary") or ""
        found = fd.find(text, ["boundary"])
        body = text[found.value_start:found.end] if found and found.kind == "value" else text
        inner = body[body.find("(") + 1: body.rfind(")")] if "(" in body else ""
        return {e.name: (fd.get(inner, [e.name, "type"]) or "patch") for e in fd.entries(inner) if e.kind == "dict"}

    def patch_bcs(self, field: str) -> dict[str, str]:
        rels = self.field_rels(field)
        text = self.text(rels[0]) if rels else None
        if not text:
            return {}
        body = fd.body_span(text, ["boundaryField"])
        if body is None:
            return {}
        return {e.name: (fd.get(text, ["boundaryField", e.name, "type"]) or "") for e in fd.entries(text, *body)
                if e.kind == "dict"}

    def blocks(self) -> tuple[str, list[tuple[int, int, int]]]:
        text = self.text("system/blockMeshDict") or ""
        return text, block_cell_counts(fd.strip_comments(text))

    def extents(self) -> list[float] | None:
        """Domain size in x, y, z (metres) from the blockMeshDict vertices."""
        text = self.text("system/blockMeshDict")
        if not text:
            return None
        scale = fd.get(text, ["convertToMeters"]) or fd.get(text, ["scale"]) or "1"
        try:
            factor = float(scale)
        except ValueError:
            factor = 1.0
        points = [[float(x) * factor for x in m.groups()] for m in _VECTOR.finditer(fd.strip_comments(fd.get(text, ["vertices"]) or ""))]
        if not points:
            return None
        return [max(p[i] for p in points) - min(p[i] for p in points) for i in range(3)]


def patch_roles(base: Base, velocity_field: str = "U") -> dict[str, str]:
    """Patch -> inlet | outlet | moving_wall | wall | constraint | other, from names, mesh types
    and the velocity and pressure conditions."""
    mesh = base.mesh_types()
    u_bcs = base.patch_bcs(velocity_field)
    p_bcs = base.patch_bcs("p_rgh") or base.patch_bcs("p")
    u_text = next((base.text(r) for r in base.field_rels(velocity_field)), None) or ""
    roles: dict[str, str] = {}
    for patch in dict.fromkeys([*mesh, *u_bcs]):
        name, mtype, ubc, pbc = patch.lower(), mesh.get(patch, ""), u_bcs.get(patch, ""), p_bcs.get(patch, "")
        if mtype in ("empty", "wedge", "symmetry", "symmetryPlane", "cyclic", "cyclicAMI", "processor") or \
                ubc in ("empty", "wedge", "symmetry", "symmetryPlane", "cyclic"):
            roles[patch] = "constraint"
            continue
        value = fd.get(u_text, ["boundaryField", patch, "value"]) or ""
        moving = ubc == "movingWallVelocity" or (ubc == "fixedValue" and _magnitude(value) > 0 and
                                                  (mtype == "wall" or "wall" in name or "lid" in name))
        fixed_at_rest = ubc in ("fixedValue", "uniformFixedValue") and bool(_VECTOR.search(value)) and \
            _magnitude(value) == 0 and not re.search(r"inlet|inflow", name)
        if moving:
            roles[patch] = "moving_wall"
        elif fixed_at_rest:  # held at zero velocity: a wall, whatever its condition is called
            roles[patch] = "wall"
        elif ubc in _INLET_TYPES:  # a fluidised bed's distributor plate is a wall of the mesh, an inlet of the flow
            roles[patch] = "inlet"
        elif mtype == "wall" or ubc in _WALL_TYPES or "wall" in name:
            roles[patch] = "wall"
        elif re.search(r"inlet|inflow|^in\b|^in_|intake|jet|fuel|air_?in", name) or ubc in (
                "flowRateInletVelocity", "turbulentInlet", "uniformFixedValue", "timeVaryingMappedFixedValue") \
                or (ubc == "fixedValue" and pbc in ("zeroGradient", "fixedFluxPressure", "")):
            roles[patch] = "inlet"
        elif re.search(r"outlet|outflow|^out\b|^out_|exit|atmosphere|open", name) or pbc in (
                "fixedValue", "totalPressure", "prghPressure", "prghTotalPressure", "waveTransmissive"):
            roles[patch] = "outlet"
        else:
            roles[patch] = "other"
    return roles


_JOIN = r"\band\b|\bwhile\b|\bwhereas\b|\bbut\b"
# words that place a value in a part of the domain ("on the right", "inside the bubble")
_PLACE_CUE = re.compile(r"\b(?:left|right|top|bottom|upper|lower|upstream|downstream|inside|outside|inner|outer|"
                        r"half|region|zone|box|bubble|column|driver|driven|high-pressure|low-pressure|rest)\b")


class Binder(ByNameBinding, PartsBinding, RegionDictBinding, InletBinding, CloudBinding):
    """Collects the edits of one plan: every stated quantity bound, or not applied with why."""

    sides = _SIDES  # the words of each side, for the mixins

    def __init__(self, base: Base, solver: str, text: str) -> None:
        self.base = base
        self.solver = solver
        self.text = plain_forms(text)  # "0,5 m/s", "velocity [m/s]: 2" read as the stated quantities are
        self.edits: list[FileEdit] = []
        self.bindings: list[Binding] = []
        self.not_applied: list[NotApplied] = []
        self.assumptions: list[str] = []
        self.u_field = "U" if base.field_rels("U") else next(iter(velocity_fields(base.fields())), "U")
        self.roles = patch_roles(base, self.u_field)
        self.relaxation_at: list[int] = []

    # --- recording -------------------------------------------------------------------
    def set(self, rel: str, entry: list[str], value: str | dict, reason: str, q: StatedQuantity | None = None) -> None:
        if isinstance(value, str):
            rel, entry, value = self._through_macro(rel, entry, value)
        if q is not None and isinstance(value, str):
            clash = next((b for b in self.bindings if b.file == rel and b.entry == entry and b.stated != q.text
                          and " ".join(b.value.split()) != " ".join(value.split())), None)
            if clash is not None:  # the later value would overwrite the earlier one
                self.refuse(q, f"{clash.stated} is already written to {rel} {'/'.join(entry)}; say which part of "
                               f"the case {q.text} is for (a region, a side, a patch or a phase)")
                return
        self.edits.append(FileEdit(file=rel, entry=entry, value=value, reason=reason, locked=q is not None))
        twin = rel.endswith(".orig") and any(b.file == rel.removesuffix(".orig") and b.entry == entry and
                                             b.stated == q.text for b in self.bindings) if q is not None else False
        if q is not None and isinstance(value, str) and not twin:  # 0/alpha.water.orig: one binding with its twin
            self.bindings.append(Binding(stated=q.text, file=rel, entry=entry, value=value, how=reason))

    def _through_macro(self, rel: str, entry: list[str], value: str) -> tuple[str, list[str], str]:
        """Where the base writes the entry as a macro (`uniform $pOut`, `$Tinlet`), the macro's
        definition takes the value, so every entry that reads it agrees (a far field's internal
        and patch values); `$internalField` stays a patch's own, and so does a macro another
        value already went to."""
        raw = " ".join((fd.get(self.base.text(rel) or "", entry) or "").split())
        m = re.fullmatch(r"(?:uniform\s+|constant\s+)?\$(\w+)", raw)
        if not m or m.group(1) == "internalField" or not re.fullmatch(r"(?:uniform\s+|constant\s+)?[^$;{}]+", value):
            return rel, entry, value
        home = self._macro_home(rel, raw)
        if home is None:
            return rel, entry, value
        home_raw = " ".join((fd.get(self.base.text(home[0]) or "", home[1]) or "").split())
        bare = re.sub(r"^(?:uniform|constant)\s+", "", value)
        new = value if re.match(r"(?:uniform|constant)\s", home_raw) else bare
        if any(b.file == home[0] and b.entry == home[1] and " ".join(b.value.split()) != new for b in self.bindings):
            return rel, entry, value
        return home[0], home[1], new

    def hold_fixed(self, rel: str, patch: str, value: str, what: str, was: str, q: StatedQuantity,
                   assumption: str) -> None:
        """A patch whose condition cannot carry a value (zeroGradient, a wall model, ...) becomes
        fixedValue at it; the binding and the assumption say so."""
        self.set(rel, ["boundaryField", patch], {"type": "fixedValue", "value": value}, f"{what} on {patch} (was {was})")
        self.bindings.append(Binding(stated=q.text, file=rel, entry=["boundaryField", patch, "value"], value=value,
                                     how=f"{what} on {patch}"))
        self.assumptions.append(assumption)

    def refuse(self, q: StatedQuantity, reason: str) -> None:
        if not any(n.text == q.text for n in self.not_applied):
            self.not_applied.append(NotApplied(text=q.text, reason=reason))

    def current(self, rel: str, key: str) -> str:
        """A top-level entry as this plan leaves it: the last value set here, else the base's."""
        for e in reversed(self.edits):
            if e.file == rel and e.entry == [key] and isinstance(e.value, str):
                return e.value
        return raw_entry(self.base.text(rel) or "", key)

    def patches(self, role: str) -> list[str]:
        return [p for p, r in self.roles.items() if r == role]

    # --- binding ---------------------------------------------------------------------
    def entry_index(self) -> dict[str, list[tuple[str, list[str]]]]:
        """Entry name -> where the base has it, for the entries that hold one number."""
        index: dict[str, list[tuple[str, list[str]]]] = {}
        for rel in self._dictionaries():
            for entry, raw in _leaves(self.base.text(rel) or ""):
                if re.fullmatch(r"(?:\w+\s+)?(?:\[[^\]]*\]\s*)?[-+\d.eE]+|(?:constant\s+)?[-+\d.eE]+|\([-+\d.eE\s]+\)", raw):
                    # `E { type uniform; value 2e+11; }` is the entry E
                    name = entry[-2] if entry[-1] == "value" and len(entry) > 1 and rel.startswith("constant/") \
                        else entry[-1]
                    index.setdefault(name, []).append((rel, entry))
        return index

    def bind_named(self, stated: list[StatedQuantity], skip: list[StatedQuantity] = ()) -> list[StatedQuantity]:
        """Set the entries the request names ("DT 0.002", "Young's modulus 70 GPa"); returns the
        stated quantities they took (new ones for unit-less parameters are added to `stated`)."""
        from tasks.plan.named import find_named, stated_for

        index = self.entry_index()
        taken: list[StatedQuantity] = []
        low = self.text.lower()
        for match in find_named(self.text, index):
            name, value = match[0], match[1]
            if self.in_control_words(match[3]):
                continue  # "relax p 0.3": a relaxation factor, not the field p
            where = self._relaxation_kept(index[name], value, match[3], q_text=f"{name} {match[2]}")
            if not where:
                continue  # "k 0.135" without relaxation words: the field k's value, not its factor
            if len(where) > 1:  # the same name in several places (each phase's rho): the one named nearby
                near = low[max(0, match[3] - 40):match[3]]
                where = [w for w in where if any(part.lower() in near for part in w[1][:-1] + [w[0].rsplit("/", 1)[-1]])]
                if len(where) != 1:
                    continue
            q = stated_for(match, stated)
            if any(q is t or q.text == t.text for t in skip):
                continue  # a model's coefficient, set in its <Model>Coeffs
            if q.role in self._OWN_ROLES:
                continue  # its role binder knows the entry's form (a Darcy d's relative components)
            if q not in stated:
                stated.append(q)
            if q.quantity == "time":  # "expiry one year": the case's own unit of time
                value = in_case_time(q.value, self.solver)
            for rel, entry in where:
                raw = _leaves_get(self.base.text(rel) or "", entry)
                if raw.startswith("("):
                    direction = _direction(raw)
                    new = vec([value * d for d in direction]) if direction else f"({fmt(value)} {fmt(value)} {fmt(value)})"
                else:
                    new = self._keep_dims(raw, value) if not raw.startswith("constant") else f"constant {fmt(value)}"
                self.set(rel, entry, new, f"{name} = {fmt(value)} (named in the request)", q)
            taken.append(q)
        return taken

    def _relaxation_kept(self, where: list[tuple[str, list[str]]], value: float, at: int,
                         q_text: str) -> list[tuple[str, list[str]]]:
        """The places of a named value without the relaxation factors its words do not make it
        one of (no relaxation words leading its list, or a factor outside (0, 1])."""
        low = normalise(self.text).lower()
        residual = [w for w in where if is_residual_entry(*w)]
        if residual and residual_said(low, at):
            return residual  # "residual targets: p 1e-4": the targets, not the field p
        where = [w for w in where if not is_residual_entry(*w)]  # "nuTilda 3e-5": the field's value
        relax = [w for w in where if is_relaxation_entry(*w)]
        if not relax:
            return where
        said = relaxation_said(low, at)
        if said and not factor_ok(value):
            self.not_applied.append(NotApplied(text=q_text, reason=f"a relaxation factor lies in (0, 1]; "
                                                                   f"{fmt(value)} is not one"))
            return []
        return relax if said else [w for w in where if not is_relaxation_entry(*w)]

    t_field = "T"  # the temperature field the quantity being bound is for (T, or T.<phase>)

    def _t_field_for(self, q: StatedQuantity) -> str | None:
        """The temperature field a value is for: T, else the phase temperature T.<phase> its words
        name (singular or plural, "gas"/"air" for a gas phase), else the phase whose velocity
        they drive; None when the base has several and nothing tells which."""
        if self.base.field_rels("T") or q.quantity != "temperature":
            return "T"
        phases = [f for f in self.base.fields() if f.startswith("T.") and self.base.field_rels(f)]
        if len(phases) < 2:
            return phases[0] if phases else "T"
        clause, sentence = self._words_of(q)
        for words in (clause, sentence):
            named = [f for f in phases if re.search(rf"\b{re.escape(f[2:].lower().removesuffix('s'))}s?\b", words)]
            if not named and re.search(r"\b(?:gas|air|bubbles?|vapou?r|steam)\b", words):
                named = [f for f in phases if f[2:].lower() in self._GAS_PHASES]
            if not named and re.search(r"\b(?:liquids?|solids?|grains?)\b", words):  # the phase that is no gas
                named = [f for f in phases if f[2:].lower() not in self._GAS_PHASES]
            if len(named) == 1:
                return named[0]
        if q.role == "initial_temperature":
            return None  # no phase named: every phase starts there
        u = self._velocity_field_for(q)
        return f"T.{u[2:]}" if u.startswith("U.") and f"T.{u[2:]}" in phases else None

    _OWN_ROLES = ("darcy",)  # roles whose binder, not the by-name one, writes the entry

    def bind(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        if self.bind_in_region(q):
            return
        self.t_field = self._t_field_for(q) or "T"
        if q.role == "initial_temperature" and self._t_field_for(q) is None:
            for field in [f for f in self.base.fields() if f.startswith("T.") and self.base.field_rels(f)]:
                self.t_field = field  # every phase starts at the stated temperature
                self._initial_temperature(q, stated)
            self.t_field = "T"
            return
        handler = getattr(self, f"_{q.role}", None)
        if handler is None:
            self.refuse(q, f"Casewright cannot set a {q.role.replace('_', ' ')} in this {self.solver} case")
            return
        handler(q, stated)

    def _flow_direction(self) -> list[float]:
        return [1.0, 0.0, 0.0]

    def _axis_hint(self, q: StatedQuantity) -> int | None:
        low = self.text.lower()
        at = low.find(q.text.lower())
        after = low[at + len(q.text):at + len(q.text) + 30] if at >= 0 else ""
        after = re.split(r"[,;]", after)[0]
        for axis, pattern in enumerate((r"[+-]\s*x\b|\bin x\b|x[- ]direction|along x|horizontal",
                                        r"[+-]\s*y\b|\bin y\b|y[- ]direction|along y|vertical|upward|downward",
                                        r"[+-]\s*z\b|\bin z\b|z[- ]direction|along z")):
            if re.search(pattern, after):
                return axis
        return None

    def _inlets_for(self, q: StatedQuantity, inlets: list[str]) -> list[str]:
        """With several inlets and several stated inlet velocities, each velocity goes to one inlet:
        the one whose flow direction it names, else the next in the order of the patches."""
        speeds = [s for s in self._stated if s.role == "inlet_velocity"]
        if len(speeds) < 2 or len(inlets) < 2:
            return inlets
        rel = (self.base.field_rels(self.u_field) or [None])[0]
        text = self.base.text(rel) or "" if rel else ""
        axis = self._axis_hint(q)
        if axis is not None:
            def along(patch: str) -> float:
                d = _direction(fd.get(text, ["boundaryField", patch, "value"]) or "") or [0.0, 0.0, 0.0]
                return abs(d[axis])
            best = max(inlets, key=along)
            if along(best) > 0.5:
                return [best]
        index = speeds.index(q) if q in speeds else 0
        return [inlets[min(index, len(inlets) - 1)]]

    def _inlet_velocity(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        inlets = self.patches("inlet")
        if inlets and self._velocity_on(q, self._inlets_for(q, inlets), "inlet velocity"):
            self._scale_inlet_turbulence(q)
            return
        if self._velocity_entries(q):
            return
        moving = self.patches("moving_wall")
        if moving and not inlets and self._velocity_on(q, moving, "wall velocity"):
            self.assumptions.append(f"{q.text} applied to the moving wall ({', '.join(moving)}): the base has no inlet")
            return
        self.refuse(q, f"the base case has no inlet with a fixed velocity to carry {q.text} "
                       f"(patches: {', '.join(f'{p} ({r})' for p, r in self.roles.items())})")

    _VELOCITY_KEYS = ("Ubar", "UInf", "Uinf", "U0", "Umean", "flowVelocity", "freestreamValue", "inletValue")

    def _velocity_entries(self, q: StatedQuantity) -> bool:
        """Velocities held in other entries: a freestream or inletOutlet value on a patch, the
        bulk velocity a channel is driven at (meanVelocityForce Ubar), a far-field UInf."""
        done = False
        for rel in self.base.field_rels(self.u_field):
            text = self.base.text(rel) or ""
            for patch, bc in self.base.patch_bcs(self.u_field).items():
                for key in ("freestreamValue", "inletValue", VELOCITY_ENTRIES["SRFFreestreamVelocity"]):
                    raw = fd.get(text, ["boundaryField", patch, key])
                    if raw and "$internalField" in raw and bc in ("freestream", "freestreamVelocity", "inletOutlet"):
                        internal = fd.get(text, ["internalField"]) or ""
                        if _magnitude(internal) > 0 and not done:
                            direction = self._direction_override or _direction(internal) or self._flow_direction()
                            self.set(rel, ["internalField"], f"uniform {vec([q.value * d for d in direction])}",
                                     f"free-stream velocity {fmt(q.value)} m/s (the {patch} patch takes the "
                                     "internal field)", q)
                            done = True
                        continue
                    home = self._macro_home(rel, raw) if raw and "$internalField" not in raw else None
                    if home and bc in ("freestream", "freestreamVelocity", "SRFFreestreamVelocity"):
                        # "freestreamValue uniform $Uinlet": the velocity is where the macro is defined
                        old = fd.get(self.base.text(home[0]) or "", home[1]) or ""
                        direction = self._direction_override or _direction(old) or self._flow_direction()
                        new = with_vector(old, [q.value * d for d in direction])
                        if new and not any(e.file == home[0] and e.entry == home[1] for e in self.edits):
                            self.set(home[0], home[1], new, f"free-stream velocity {fmt(q.value)} m/s "
                                     f"({'/'.join(home[1])}, which {patch} reads)", q)
                            done = True
                        continue
                    if raw and bc in ("freestream", "freestreamVelocity", "inletOutlet", "SRFFreestreamVelocity") and \
                            _magnitude(raw) > 0:
                        direction = self._direction_override or _direction(raw) or self._flow_direction()
                        self.set(rel, ["boundaryField", patch, key], with_vector(raw, [q.value * d for d in direction])
                                 or f"uniform {vec([q.value * d for d in direction])}",
                                 f"free-stream velocity {fmt(q.value)} m/s on {patch}", q)
                        done = True
        if done:
            return True
        for rel in self._dictionaries():
            text = self.base.text(rel) or ""
            for entry, raw in _leaves(text):
                if entry[-1] in self._VELOCITY_KEYS and _VECTOR.search(raw) and _magnitude(raw) > 0:
                    direction = _direction(raw) or self._flow_direction()
                    value = re.sub(r"\([^)]*\)", vec([q.value * d for d in direction]), raw, count=1).strip()
                    self.set(rel, entry, value, f"{entry[-1]} {fmt(q.value)} m/s", q)
                    done = True
        return done

    def _dictionaries(self) -> list[str]:
        out: list[str] = []
        for folder in ("constant", "system"):
            root = self.base.root / folder
            if root.is_dir():
                out += sorted(f"{folder}/{p.name.removesuffix('.gz')}" for p in root.iterdir()
                              if p.is_file() and not p.name.endswith((".orig", ".org", ".template")))
        out += sorted(rel for rel in made_files(self.base.root) if rel not in out)
        return out + sorted(rel.removesuffix(".gz") for rel in self.base.resources()
                            if rel.split("/", 1)[0] in ("constant", "system") and rel.count("/") == 1
                            and rel.removesuffix(".gz") not in out)

    def _angle(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        """An angle of attack turns the inlet (free-stream) velocity in the x-y plane."""
        speed = next((s.value for s in stated if s.role == "inlet_velocity"), None) or self._base_speed() or \
            self._freestream_speed()
        if speed is None:
            self.refuse(q, "an angle of attack turns the inlet velocity; the base case has none")
            return
        a = math.radians(q.value)
        turned = StatedQuantity(text=q.text, quantity="velocity", value=speed, role="inlet_velocity")
        self._flow_direction = lambda: [math.cos(a), math.sin(a), 0.0]  # type: ignore[method-assign]
        before = len(self.edits)
        self._direction_override = [math.cos(a), math.sin(a), 0.0]
        if not (self._velocity_on(turned, self.patches("inlet"), "inlet velocity") or self._velocity_entries(turned)):
            self.refuse(q, "the base case has no inlet or free-stream velocity to turn")
        self.assumptions.append(f"angle of attack {fmt(q.value)} deg: the inlet velocity turned in the x-y plane")
        del before

    _direction_override: list[float] | None = None

    def _wall_angle(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        """A shape's angle ("a 15 degree wedge") is kept when the base mesh has it; Casewright
        does not bend a tutorial's mesh."""
        if self._contact_angle(q):
            return
        if self.attack_angle(q):  # "alpha = 6 deg", "inclined at six degrees" on an aerofoil case
            self.assumptions.append(f"{q.text} on the aerofoil case {self.base.root.name}: its angle of attack")
            self._angle(q, stated)
            return
        text = self.base.text("system/blockMeshDict") or ""
        if any(abs(a - q.value) < 0.5 for a in hex_edge_angles_deg(text)):
            self.assumptions.append(f"{q.text}: the base mesh already has an edge at {fmt(q.value)} deg")
            return
        if any(abs(a - q.value) < 0.5 for a in arc_angles_deg(text)):  # squareBend: its arcs sweep 90 deg
            self.assumptions.append(f"{q.text}: the base mesh's arc edges already sweep {fmt(q.value)} deg")
            return
        self.refuse(q, f"the base mesh has no edge at {q.text}; Casewright does not change the angles of a "
                       f"tutorial's mesh: describe the shape for the shape library instead")

    def attack_angle(self, q: StatedQuantity) -> bool:
        """A wall angle the request gives an aerofoil case (its folder or patches name a foil,
        wing or blade) is its angle of attack, not a mesh edge's; a contact angle stays one."""
        if q.role != "wall_angle" or q.quantity != "angle":
            return False
        clause, _ = self._words_of(q)
        if re.search(r"\bcontact\b|\bwett|\btheta|\bwedge\b|\bbend\b|\bcone\b", clause):
            return False
        return is_attack_angle(q.value, self.base.root.name, list(self.roles))

    def _contact_angle(self, q: StatedQuantity) -> bool:
        """A contact (wetting) angle is theta0 of every wall of a phase fraction that has one
        (constantAlphaContactAngle); False when the words do not call it one."""
        clause, _ = self._words_of(q)
        if not re.search(r"\bcontact\b|\bwett|\btheta", clause):
            return False
        walls = [(rel, patch) for field in self.base.fields() if field.startswith("alpha.")
                 for patch, bc in self.base.patch_bcs(field).items() if bc == "constantAlphaContactAngle"
                 for rel in self.base.field_rels(field)]
        for rel, patch in walls:
            self.set(rel, ["boundaryField", patch, "theta0"], fmt(q.value), f"contact angle on {patch}", q)
        if not walls:
            self.refuse(q, "the base case has no wall with a contact angle (constantAlphaContactAngle on an alpha field)")
        return True

    def _freestream_speed(self) -> float | None:
        for rel in self.base.field_rels(self.u_field):
            text = self.base.text(rel) or ""
            for patch in self.base.patch_bcs(self.u_field):
                for key in ("freestreamValue", "inletValue", "value"):
                    raw = fd.get(text, ["boundaryField", patch, key]) or ""
                    home = self._macro_home(rel, raw)  # "freestreamValue $internalField", "uniform $Uinlet"
                    if home:
                        raw = fd.get(self.base.text(home[0]) or "", home[1]) or ""
                    mag = _magnitude(raw)
                    if mag > 0:
                        return mag
        return None

    def _sound_speed(self, temperature: float | None = None) -> tuple[float, float, float, float] | None:
        """(speed of sound, gamma, R, T) of the base's gas at its inlet temperature (or the one
        given); None when the base has no gas data or temperature."""
        thermo = self.base.text("constant/thermophysicalProperties") or ""
        try:
            w = float(fd.get(thermo, ["mixture", "specie", "molWeight"]) or "nan")
            cp = float(fd.get(thermo, ["mixture", "thermodynamics", "Cp"]) or "nan")
        except ValueError:
            w = cp = float("nan")
        inlets = self.patches("inlet")
        t_rel = next(iter(self.base.field_rels("T")), None)
        t_text = (self.base.text(t_rel) or "") if t_rel else ""
        t_raw = (fd.get(t_text, ["boundaryField", inlets[0], "value"]) if inlets else None) or \
            fd.get(t_text, ["internalField"]) or ""
        home = self._macro_home(t_rel, t_raw) if t_rel else None  # "uniform $Tinlet"
        if home:
            t_raw = fd.get(self.base.text(home[0]) or "", home[1]) or ""
        m = re.search(r"(?<![\w$])[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$", t_raw.strip())
        if math.isnan(w) or math.isnan(cp) or not (m or temperature):
            return None
        t = temperature if temperature else float(m.group())
        r_gas = 8314.47 / w
        gamma = cp / (cp - r_gas)
        # to 4 significant digits, as the gas data are given: a normalised gas (c = 1) gives U = Ma
        return float(f"{math.sqrt(gamma * r_gas * t):.4g}"), gamma, r_gas, t

    def _stated_gas_temperature(self) -> float | None:
        """The one inlet, free-stream or initial temperature the request states, if one."""
        temps = {s.value for s in self._stated if s.quantity == "temperature" and s.role in
                 ("inlet_temperature", "freestream_temperature", "initial_temperature")}
        return temps.pop() if len(temps) == 1 else None

    def pair_speeds(self, stated: list[StatedQuantity]) -> list[StatedQuantity]:
        """A Mach number stated next to its own velocity ("Mach 0.3 (100 m/s)"): when they agree
        the Mach number binds the stated speed (one value in the case); when they disagree both
        are refused with both values. Returns the quantities refused here."""
        handled: list[StatedQuantity] = []
        self._mach_speed: dict[int, float] = {}
        for q in [s for s in stated if s.role == "mach"]:
            own = own_speed(self.text, q, stated)
            sound = self._sound_speed(self._stated_gas_temperature()) if own is not None else None
            if own is None or sound is None:
                continue
            if speeds_agree(q, sound[0], own.value):
                self._mach_speed[id(q)] = own.value
                self.assumptions.append(f"{q.text} and {own.text} state the same inlet speed (Mach {fmt(q.value)} x "
                                        f"{sound[0]:.4g} m/s = {q.value * sound[0]:.4g} m/s at {fmt(sound[3])} K); "
                                        f"{own.text} is written")
                continue
            why = (f"{q.text} ({q.value * sound[0]:.4g} m/s with the speed of sound {sound[0]:.4g} m/s at "
                   f"{fmt(sound[3])} K) and {own.text} disagree about the inlet speed; state one of them")
            self.refuse(q, why)
            self.refuse(own, why)
            handled += [q, own]
        return handled

    def _mach(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        """Inlet velocity = Ma x the speed of sound of the base's gas at its inlet temperature
        (the speed stated next to it, when the two agree)."""
        inlets = self.patches("inlet")
        sound = self._sound_speed()
        if sound is None or not inlets:
            self.refuse(q, "a Mach number needs the gas (molWeight, Cp) and inlet temperature of a compressible base")
            return
        c, gamma, r_gas, t = sound
        speed = getattr(self, "_mach_speed", {}).get(id(q), q.value * c)
        turned = StatedQuantity(text=q.text, quantity="velocity", value=speed, role="inlet_velocity")
        if self._velocity_on(turned, inlets, f"Mach {fmt(q.value)}"):
            self.assumptions.append(f"Mach {fmt(q.value)} = {speed:.4g} m/s at the inlet (speed of sound {c:.4g} m/s "
                                    f"from gamma {gamma:.3g}, R {r_gas:.4g} J/(kg K), T {fmt(t)} K)")
        else:
            self.refuse(q, "the base case has no inlet with a fixed velocity for the Mach number")

    def _lid_velocity(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        moving = self.patches("moving_wall") or [p for p, r in self.roles.items() if r == "wall" and any(
            w in p.lower() for w in _SIDES["top"])] or self._walls_at("top")
        if not (moving and self._velocity_on(q, moving, "lid velocity")):
            self.refuse(q, "the base case has no moving wall (lid) to carry the velocity")

    _wall_velocity = _lid_velocity

    def _scale_inlet_turbulence(self, q: StatedQuantity) -> None:
        """Keep the inlet turbulence intensity and length scale: k ~ U^2, epsilon ~ U^3, omega ~ U."""
        rels = self.base.field_rels(self.u_field)
        old = max((_magnitude(fd.get(self.base.text(r) or "", ["boundaryField", p, "value"]) or "")
                   for r in rels[:1] for p in self.patches("inlet")), default=0.0)
        if old <= 0:
            return
        factor = q.value / old
        for field, power in (("k", 2), ("epsilon", 3), ("omega", 1)):
            for rel in self.base.field_rels(field):
                text = self.base.text(rel) or ""
                for patch in self.patches("inlet"):
                    if (fd.get(text, ["boundaryField", patch, "type"]) or "") != "fixedValue":
                        continue
                    m = re.fullmatch(r"uniform\s+([-+\d.eE]+)", fd.get(text, ["boundaryField", patch, "value"]) or "")
                    if m:
                        self.set(rel, ["boundaryField", patch, "value"], f"uniform {fmt(float(m.group(1)) * factor ** power)}",
                                 f"inlet {field} scaled with the inlet velocity (same intensity and length scale)")
        self.assumptions.append(f"inlet turbulence keeps the tutorial's intensity and length scale "
                                f"(k, epsilon, omega scaled by U^2, U^3, U; factor {factor:.3g})")

    def _pressure_value(self, q: StatedQuantity) -> tuple[str, str] | None:
        """(value, note): kinematic p = P / rho for incompressible solvers, absolute Pa otherwise."""
        rel = (self.base.field_rels("p") or [None])[0]
        dims = fd.get(self.base.text(rel) or "", ["dimensions"]) if rel else None
        kinematic_base = bool(dims and re.sub(r"\s+", " ", dims).strip("[] ").startswith("0 2 -2"))
        if re.search(KINEMATIC_PRESSURE_UNIT, q.text):  # given as p/rho already (m2/s2)
            if kinematic_base:
                return fmt(q.value), "kinematic"
            self.refuse(q, f"{q.text} is a kinematic pressure (p/rho); {self.solver} solves for pressure in Pa: "
                           "state it in Pa")
            return None
        if kinematic_base:
            self._rho_q = next((s for s in self._stated if s.role == "density"), None)
            rho = self._rho_q.value if self._rho_q is not None else None
            fluid = find_fluid(self.text) or "water"
            rho = rho or fluid_table()[fluid].rho
            self.assumptions.append(f"{q.text} as kinematic pressure p/rho with rho = {fmt(rho)} kg/m3 "
                                    f"({'stated' if any(s.role == 'density' for s in self._stated) else fluid})")
            return fmt(q.value / rho), "kinematic"
        return fmt(q.value), "absolute"

    _stated: list[StatedQuantity] = []
    _rho_q: StatedQuantity | None = None  # the stated density the last kinematic pressure was divided by

    def _set_pressure_on(self, q: StatedQuantity, patches: list[str], what: str) -> bool:
        self._rho_q = None
        pv = self._pressure_value(q)
        if pv is None:
            return False
        before = len(self.bindings)
        done = self._write_pressure(q, pv[0], patches, what)
        if done and pv[1] == "kinematic" and self._rho_q is not None:
            # the stated density is applied through the conversion p/rho: bound where the pressure went
            rho_q = self._rho_q
            for b in [b for b in self.bindings[before:] if b.stated == q.text]:
                self.bindings.append(Binding(stated=rho_q.text, file=b.file, entry=b.entry, value=b.value,
                                             how=f"density of the kinematic pressure {q.text} / {rho_q.text}"))
        return done

    def _write_pressure(self, q: StatedQuantity, value: str, patches: list[str], what: str) -> bool:
        done = False
        fields = ["p_rgh", "p"] if self.base.field_rels("p_rgh") and "Boussinesq" not in self.solver else ["p"]
        for field in fields:
            for rel in self.base.field_rels(field):
                text = self.base.text(rel) or ""
                for patch in patches:
                    bc = fd.get(text, ["boundaryField", patch, "type"]) or ""
                    if bc in ("fixedValue", "prghPressure"):
                        self.set(rel, ["boundaryField", patch, "value" if bc == "fixedValue" else "p"],
                                 f"uniform {value}", f"{what} on {patch}", q)
                        done = True
                    elif bc in ("totalPressure", "prghTotalPressure"):
                        self.set(rel, ["boundaryField", patch, "p0"], f"uniform {value}", f"{what} on {patch}", q)
                        done = True
                    elif bc == "waveTransmissive" and fd.find(text, ["boundaryField", patch, "fieldInf"]) is not None:
                        # a non-reflecting outlet relaxes towards its far-field value
                        self.set(rel, ["boundaryField", patch, "fieldInf"], value, f"{what} on {patch} (far field)", q)
                        done = True
                    elif bc == "freestreamPressure":  # the far-field value the patch holds when flow leaves
                        self.set(rel, ["boundaryField", patch, "freestreamValue"], f"uniform {value}",
                                 f"{what} on {patch} (far field)", q)
                        done = True
                    elif bc in ("uniformTotalPressure", "uniformFixedValue"):  # a Function1 of time: constant
                        key = "p0" if bc == "uniformTotalPressure" else "uniformValue"
                        old = " ".join((fd.get(text, ["boundaryField", patch, key]) or "").split())
                        self.set(rel, ["boundaryField", patch, key], f"constant {value}", f"{what} on {patch}", q)
                        if old and not old.startswith("constant"):
                            self.assumptions.append(f"{patch} held at {q.text} (the base's {key} varied in time: "
                                                    f"{old[:60]})")
                        done = True
            if done:
                break
        return done

    def _outlet_pressure(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        if not self._set_pressure_on(q, self.patches("outlet"), "outlet pressure"):
            self.refuse(q, "the base case has no outlet with a fixed or total pressure")

    def _inlet_pressure(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        if not self._set_pressure_on(q, self.patches("inlet"), "inlet pressure"):
            self.refuse(q, "the base case's inlets fix the velocity, not the pressure; state a velocity instead")

    def _ambient_pressure(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        rels = self.base.field_rels("p")
        if not rels and self._set_initial_condition(q, "p", "initial pressure"):
            return
        pv = self._pressure_value(q)
        if not rels or pv is None:
            self.refuse(q, "the base case has no pressure field")
            return
        for rel in rels:
            self.set(rel, ["internalField"], f"uniform {pv[0]}", "initial pressure", q)
        outlets = self.patches("outlet")
        if outlets:
            self._set_pressure_on(q, outlets, "ambient pressure at the outlet")

    # temperatures ----------------------------------------------------------------------
    def _t_patches(self) -> dict[str, str]:
        return {p: bc for p, bc in self.base.patch_bcs(self.t_field).items() if bc in ("fixedValue", "uniformFixedValue")}

    def _set_t(self, q: StatedQuantity, patches: list[str], what: str) -> bool:
        """Hold the patches at the stated temperature: a fixedValue's value, a uniformFixedValue's
        uniformValue; any other condition (zeroGradient, a lumped-mass wall) becomes fixedValue."""
        value = f"uniform {fmt(q.value)}"
        for rel in self.base.field_rels(self.t_field):
            text = self.base.text(rel) or ""
            for patch in patches:
                bc = fd.get(text, ["boundaryField", patch, "type"]) or ""
                if bc == "uniformFixedValue":
                    self.set(rel, ["boundaryField", patch, "uniformValue"], f"constant {fmt(q.value)}",
                             f"{what} on {patch}", q)
                elif bc in ("fixedValue", "") or fd.find(text, ["boundaryField", patch]) is None:
                    self.set(rel, ["boundaryField", patch, "value"], value, f"{what} on {patch}", q)
                elif bc == "inletOutlet" and fd.find(text, ["boundaryField", patch, "inletValue"]) is not None:
                    # a far field or an open boundary: the temperature of what comes in through it
                    self.set(rel, ["boundaryField", patch, "inletValue"], value, f"{what} entering through {patch}", q)
                else:
                    self.hold_fixed(rel, patch, value, what, bc, q,
                                    f"{patch} is held at {q.text} (fixedValue instead of the base's {bc})")
        return bool(patches and self.base.field_rels(self.t_field))

    def _named_patches(self, words: str, field: str | None = None) -> list[str]:
        """The base's patches the words name ("floor", "lower wall" for lowerWall, "fuel"); with
        `field`, also the patches of that field where the case has no velocity or mesh file to
        list them (a converted mesh's patch4 of laplacianFoam's T)."""
        from tasks.plan.fields import names_patch

        known = list(self.roles) + [p for p in (self.base.patch_bcs(field) if field else {}) if p not in self.roles]
        return [p for p in known if len(p) > 2 and p.lower() not in ("inlet", "outlet", "inflow", "outflow")
                and names_patch(words, p)]

    def bind_patch(self, q: StatedQuantity) -> bool:
        """A temperature or velocity for a patch the request names ("floor 290 K", "the fuel
        jet at 0.2 m/s", "lowerWall 300 K"): that patch's value, whatever the role words say."""
        if q.quantity not in ("temperature", "velocity", "pressure"):
            return False
        if q.quantity == "temperature":
            self.t_field = self._t_field_for(q) or "T"
        clause, _ = self._words_of(q)
        clause = self._listed_before(q) + " " + clause + " " + self._listed_after(q)  # "20 degC floor, ceiling and air"
        before = clause.split(q.text.lower())[0]
        field = self.t_field if q.quantity == "temperature" else "p" if q.quantity == "pressure" else None
        named = self._named_patches(before, field) or self._named_patches(clause, field) or self._patch_of_joined(q)
        if q.quantity == "pressure":
            named = [p for p in named if self.roles.get(p) in ("inlet", "outlet", "other")]
            return bool(named) and not self.base.field_rels("D") and self._set_pressure_on(q, named, "pressure")
        if q.quantity == "temperature" and not named and re.search(r"\bwalls\b", clause) and \
                self._side_word(q) is None and own_place(q) is None:  # "hot and cold walls at ..": one each  # "walls 293 K": every fixed-temperature wall another value does not hold
            named = [p for p in self._t_patches() if self.roles.get(p) in ("wall", "moving_wall")
                     and p not in self._held_patches(q)]
        if not named:
            return False
        if q.quantity == "temperature":
            self.t_field = self._t_field_for(q) or "T"
            if not self.base.field_rels(self.t_field):
                return False
            done = self._set_t(q, named, "temperature")
            if done and re.search(r"\binitial(?:ly)?\b", clause):
                self._initial_too(q)
            return done
        return self._velocity_on(q, named, "velocity")

    _JOIN = re.compile(r"\s*(?:and\s+|with\s+)?(?:at\s+)?(?:an?\s+|the\s+)?"
                       r"(?:(?:static\s+|total\s+)?(?:temperature|pressure|t|p)\s*(?:of|=|:|is)?\s*)?")

    def _patch_of_joined(self, q: StatedQuantity) -> list[str]:
        """The patch of a flow value this one is joined to ("pilot 11 m/s at 1880 K", "coflow 1 m/s
        and 291 K", "fuel 0.1 kg/s with a temperature of 300 K"): the patch that value went to."""
        text = normalise(self.text).lower()
        at = text.find(q.text.lower())
        if at < 0:
            return []
        flows = [s for s in self._stated if s.quantity in ("velocity", "volume_flow", "mass_flow") and s is not q]
        for s in flows:
            end = text.rfind(s.text.lower(), 0, at)
            if end < 0 or not self._JOIN.fullmatch(text[end + len(s.text):at]):
                continue
            patches = {b.entry[1] for b in self.bindings if b.stated == s.text and len(b.entry) > 2
                       and b.entry[0] == "boundaryField"}
            if len(patches) == 1:
                return list(patches)
        return []

    def _listed_after(self, q: StatedQuantity) -> str:
        """The short items listed after a value ("20 degC floor, ceiling and initial air, beta
        ..." -> "ceiling and initial air"): comma-separated, no number, at most four words."""
        text = normalise(self.text).lower()
        at = text.find(q.text.lower())
        if at < 0 or own_place(q) is not None:
            return ""
        rest = re.split(r"[.;]\s|\.$", text[at + len(q.text):])[0].split(",")[1:]
        items = []
        for item in rest:
            if re.search(r"\d", item) or len(item.split()) > 4:
                break
            items.append(item.strip())
        return " ".join(items)

    def _listed_before(self, q: StatedQuantity) -> str:
        """The short items listed before a value's clause ("the ceiling, the floor and the air at
        285 K" -> "the ceiling")."""
        text = normalise(self.text).lower()
        at = text.find(q.text.lower())
        if at < 0 or own_place(q) is not None:
            return ""
        items = re.split(r"[.;:!?]\s", text[:at])[-1].split(",")[:-1]
        kept: list[str] = []
        for item in reversed(items):
            if re.search(r"\d", item) or len(item.split()) > 4:
                break
            kept.insert(0, item.strip())
        return " ".join(kept)

    def _initial_too(self, q: StatedQuantity) -> None:
        """The same temperature for the initial state: setFields' defaults where setFields sets
        T (the heater region keeps its own), else the internalField."""
        rel = "system/setFieldsDict"
        sf = read_set_fields(self.base.text(rel) or "")
        for r in self.base.field_rels(self.t_field):
            self.set(r, ["internalField"], f"uniform {fmt(q.value)}", "initial temperature", q)
        if "T" in sf.default:
            new = set_default(self.current(rel, "defaultFieldValues"), "T", fmt(q.value))
            self.set(rel, ["defaultFieldValues"], new, "initial T of the domain (setFields defaults)")
            self.bindings.append(Binding(stated=q.text, file=rel, entry=["defaultFieldValues"],
                                         value=f"volScalarFieldValue T {fmt(q.value)}", how="initial T"))

    def _current_t(self, patch: str) -> float | None:
        text = next((self.base.text(r) for r in self.base.field_rels(self.t_field)), "") or ""
        m = re.search(r"[-+\d.eE]+", fd.get(text, ["boundaryField", patch, "value"]) or "")
        try:
            return float(m.group()) if m else None
        except ValueError:
            return None

    def _hot_wall_temperature(self, q: StatedQuantity, stated: list[StatedQuantity], cold: bool = False) -> None:
        fixed = [p for p in self._t_patches() if self.roles.get(p) in ("wall", "moving_wall", "other")]
        words = ("cold", "cool", "chill") if cold else ("hot", "heat", "warm")
        named = [p for p in fixed if any(w in p.lower() for w in words)]
        side = self._side_word(q)
        if not named and side:
            named = [p for p in fixed if any(w in p.lower() for w in _SIDES[side])] or self._walls_at(side)
        if not named:
            temps = [(t, p) for p in fixed if (t := self._current_t(p)) is not None]
            distinct = sorted({t for t, _ in temps})
            if len(distinct) >= 2:
                pick = distinct[0] if cold else distinct[-1]
                named = [p for t, p in temps if t == pick]
                self.assumptions.append(f"{'cold' if cold else 'hot'} wall = {', '.join(named)} (the "
                                        f"{'coldest' if cold else 'hottest'} fixed-temperature wall of the base)")
        if not named and self._set_t_region(q, cold):
            return
        if not named:
            named = self._all_walls_said(q)
        if not named and not fixed and re.search(r"\binitial(?:ly)?\b|\bstarts?\b|\bat start\b", self._words_of(q)[0]):
            # "a hot bed: particles initially at 500 K" is a start temperature, not a wall's
            self._initial_temperature(q, stated)
            return
        if not self._set_t(q, named, f"{'cold' if cold else 'hot'} wall temperature"):
            self.refuse(q, f"no fixed-temperature wall of the base case is the {'cold' if cold else 'hot'} one "
                           f"(walls with a fixed T: {', '.join(fixed) or 'none'})")

    def _set_t_region(self, q: StatedQuantity, cold: bool) -> bool:
        """A heater (or cooler) made by setFields: its region's temperature."""
        rel = "system/setFieldsDict"
        raw = self.current(rel, "regions")
        found = list(re.finditer(r"(volScalarFieldValue\s+T\s+)([-+\d.eE]+)", raw))
        if not found:
            return False
        pick = (min if cold else max)(found, key=lambda m: float(m.group(2)))
        new_raw = raw[:pick.start(2)] + fmt(q.value) + raw[pick.end(2):]
        self.set(rel, ["regions"], new_raw if new_raw.strip().startswith("(") else "(" + new_raw,
                 f"{'cooler' if cold else 'heater'} region temperature")
        self.bindings.append(Binding(stated=q.text, file=rel, entry=["regions"],
                                     value=f"volScalarFieldValue T {fmt(q.value)}", how="setFields region"))
        self.assumptions.append(f"{'cold' if cold else 'hot'} = the setFields region at "
                                f"{pick.group(2)} K in the base (a {'cooler' if cold else 'heater'})")
        return True

    # initial states by region (setFields) ----------------------------------------------
    _REGION_FIELDS = {"pressure": "p", "temperature": "T"}
    _PATCH_WORDS = ("wall", "inlet", "outlet", "inflow", "outflow", "boundary", "patch", "face", "lid")

    def _words_of(self, q: StatedQuantity) -> tuple[str, str]:
        """(its clause, its sentence) up to the quantity, each with the words right after it; a
        listed value with its own place ("hot and cold walls at 40 and 10 degC") reads only that."""
        own = own_place(q)
        if own is not None:
            return f"{own} {q.text.lower()}", f"{own} {q.text.lower()}"
        text = normalise(self.text).lower()
        nth = [s.text for s in self._stated].count(q.text) and \
            [s.text for s in self._stated][:self._stated.index(q) if q in self._stated else 0].count(q.text)
        hits = [m.start() for m in re.finditer(rf"(?<![\w.]){re.escape(q.text.lower())}", text)]
        if not hits:
            return "", ""
        at = hits[min(nth, len(hits) - 1)]
        sentence = re.split(r"[.!?]\s|\n", text[max(0, at - 160):at])[-1]
        clause = re.split(r"[,;:]\s*", sentence)[-1]
        digits = list(re.finditer(r"\d", clause))
        if digits:  # "1 bar on the right and 10 bar": the place words of the value before are its own
            parts = re.split(_JOIN, clause[digits[-1].end():])
            if len(parts) > 1 and (_PLACE_CUE.search(parts[0]) or _PLACE_CUE.search(parts[-1])):
                clause = parts[-1]
        after = re.split(r"[,;]|\.\s", text[at + len(q.text):at + len(q.text) + 40])[0]
        own = re.split(_JOIN, after, maxsplit=1)  # "... on the right and 10 bar on the left": up to the next value
        if len(own) > 1:
            number = re.search(r"\d", own[1])
            cue = _PLACE_CUE.search(own[1])
            # a place named before the next value is that value's ("while the left half is at 10 bar");
            # one named after both ("1.5 bar and 350 K on the left") is shared
            if _PLACE_CUE.search(own[0]) or (cue and number and cue.start() < number.start()):
                after = own[0]
        return f"{clause} {q.text.lower()} {after}", f"{sentence} {q.text.lower()} {after}"

    def _bounds(self) -> list[tuple[float, float]] | None:
        ext = self.base.extents()
        return [(self._origin(i), self._origin(i) + ext[i]) for i in range(3)] if ext else None

    def bind_region(self, q: StatedQuantity) -> bool:
        """A pressure or temperature for one part of a setFields-initialised domain ("the left
        half at 2 bar", "the bubble at 600 K", "driver gas 200 kPa"): the region's fieldValues
        or the defaultFieldValues (the rest of the domain). False when the words name no part."""
        field = self._REGION_FIELDS.get(q.quantity)
        rel = "system/setFieldsDict"
        if field is None or q.role in ("inlet_pressure", "outlet_pressure", "inlet_temperature",
                                       "reference_temperature") or not self.base.text(rel):
            return False
        sf = read_set_fields(self.base.text(rel) or "")
        if not sf.holds(field) or not self.base.field_rels(field):
            return False
        clause, sentence = self._words_of(q)
        patches = [p.lower() for p in self.roles if len(p) > 2]
        if any(re.search(rf"\b{re.escape(w)}s?\b", clause) for w in (*self._PATCH_WORDS, *patches)):
            return False  # a boundary value: the patch binders place it
        own = clause[clause.find(q.text.lower()) + len(q.text):] if q.text.lower() in clause else ""
        fluid = q.role == "initial_temperature" and field in sf.default and FLUID_AFTER.match(own)
        target = DEFAULT if fluid else target_for(clause, field, sf, self._bounds())  # "20 degC air": the fluid
        if target is None and field in sf.default and said_initial(clause, q.text):
            target = DEFAULT  # "the air initially at 290 K": the domain's initial state
        if target is None:
            target = target_for(sentence, field, sf, self._bounds())
        if target is None and q.role in ("ambient_pressure", "initial_temperature") and field in sf.default:
            target = DEFAULT
        if target is None:
            return False
        rho_q = None
        if field == "p":
            self._rho_q = None
            pv = self._pressure_value(q)
            if pv is None:
                return True  # refused, with the reason
            value = pv[0]
            rho_q = self._rho_q if pv[1] == "kinematic" else None
        else:
            value = fmt(q.value)
        if value is None:
            return False
        values = sf.default if target == DEFAULT else sf.regions[target].values
        fields = [field] + (["p_rgh"] if field == "p" and "p_rgh" in values and self.base.field_rels("p_rgh") else [])
        key = "defaultFieldValues" if target == DEFAULT else "regions"
        where = "the rest of the domain (defaultFieldValues)" if target == DEFAULT else \
            f"setFields region {target + 1} ({sf.regions[target].selector})"
        for name in fields:
            earlier = next((b for b in self.bindings if b.file == rel and b.entry == [key] and
                            b.value.split()[1:2] == [name] and b.stated != q.text), None)
            if earlier is not None and name == field:
                self.refuse(q, f"{earlier.stated} already sets {name} in {where}; say which part of the domain "
                               f"{q.text} is for")
                return True
            raw = self.current(rel, key)
            new = set_default(raw, name, value) if target == DEFAULT else set_region(raw, target, name, value)
            self.set(rel, [key], new, f"{name} = {value} in {where}")
            self.bindings.append(Binding(stated=q.text, file=rel, entry=[key], value=f"volScalarFieldValue {name} {value}",
                                         how=f"initial {name} in {where}"))
            if rho_q is not None and name == field:  # the stated density, applied through p/rho
                self.bindings.append(Binding(stated=rho_q.text, file=rel, entry=[key],
                                             value=f"volScalarFieldValue {name} {value}",
                                             how=f"density of the kinematic pressure {q.text} / {rho_q.text}"))
        self.assumptions.append(f"{q.text} is the initial {field} of {where}: setFields writes it over the "
                                f"internalField")
        return True

    def _cold_wall_temperature(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        self._hot_wall_temperature(q, stated, cold=True)

    def _side_word(self, q: StatedQuantity) -> str | None:
        own = own_place(q)
        if own is not None:  # "left and right walls at 320 and 280 K": each value's own side
            hits = [(own.rfind(w), side) for side, ws in _SIDES.items() for w in ws if re.search(rf"\b{w}\b", own)]
            return max(hits)[1] if hits else None
        low = self.text.lower()
        at = low.find(q.text.lower())
        clause = low[max(0, at - 60):at] if at >= 0 else ""
        clause = re.split(r"[,;.]", clause)[-1]
        digits = list(re.finditer(r"\d", clause))
        if digits:  # "11.85 degC on the left side wall and 41.85 degC ...": the earlier value's words are its own
            clause = re.split(r"\band\b|\bwhile\b|\bwith\b", clause[digits[-1].end():])[-1] \
                if re.search(r"\band\b|\bwhile\b|\bwith\b", clause[digits[-1].end():]) else ""
        hits = [(clause.rfind(w), side) for side, ws in _SIDES.items() for w in ws if w in clause]
        if not hits and at >= 0:  # "41.85 degC on the right side wall"
            after = re.split(r"[,;]|\.\s|\band\b", low[at + len(q.text):at + len(q.text) + 40])[0]
            hits = [(-after.find(w), side) for side, ws in _SIDES.items() for w in ws
                    if re.search(rf"\b{w}\b", after)]
        return max(hits)[1] if hits else None

    def _wall_t_patches(self) -> list[str]:
        """The fixed-temperature patches that are walls (not an inlet, outlet or constraint)."""
        return [p for p in self._t_patches() if self.roles.get(p) not in ("inlet", "outlet", "constraint")]

    def _walls_at(self, side: str) -> list[str]:
        """The wall patches that lie wholly on a side of the domain ("the left wall" of a mesh
        whose patches are named hot and cold), from the blockMeshDict's vertices."""
        on_side = patches_on_side(self.base.text("system/blockMeshDict") or "", side,
                                  fd.get(self.base.text("constant/g") or "", ["value"]) or "")
        return [p for p in on_side if self.roles.get(p, "wall") in ("wall", "moving_wall", "other")]

    def _held_patches(self, q: StatedQuantity) -> set[str]:
        """The temperature patches other stated values are bound to ("the box at 500 K, the walls
        at 300 K": the walls are the others)."""
        rels = set(self.base.field_rels(self.t_field))
        return {b.entry[1] for b in self.bindings if b.stated != q.text and b.file in rels and len(b.entry) > 2
                and b.entry[0] == "boundaryField"}

    def _all_walls_said(self, q: StatedQuantity) -> list[str]:
        """"The walls at 350 K", "walls are heated to 350 K": every wall patch of the base (held
        at a fixed value where the base lets the temperature float)."""
        clause, _ = self._words_of(q)
        if not re.search(r"\bwalls\b|\ball (?:the )?walls?\b", clause) or self._side_word(q) is not None:
            return []
        if own_place(q) is not None and not re.search(r"\ball (?:the )?walls?\b|\bevery wall", clause):
            return []  # "the hot and cold walls at 40 and 10 degC": the plural is the list's, each value is one wall's
        bcs = [p for p in self.base.patch_bcs(self.t_field) if p not in self._held_patches(q)]
        return [p for p in bcs if self.roles.get(p) in ("wall", "moving_wall") and not re.search(r"[*|(]", p)] or \
            [p for p in bcs if self.roles.get(p) in ("wall", "moving_wall")]

    def _wall_temperature(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        side = self._side_word(q)
        fixed = self._wall_t_patches()
        named = [p for p in fixed if side and any(w in p.lower() for w in _SIDES[side])]
        if not named and side:
            named = self._walls_at(side)
        if not named and side is None and len(fixed) == 1:
            named = fixed
        if not named:
            named = self._all_walls_said(q)
        if not self._set_t(q, named, "wall temperature"):
            self.refuse(q, f"which wall is at {q.text} is not clear from the base case's patches "
                           f"(fixed-temperature patches: {', '.join(fixed) or 'none'}); name it")

    def _inlet_temperature(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        inlets = [p for p in self.patches("inlet") if p in self._t_patches()]
        if len(inlets) > 1:  # two inlets, two stated temperatures: each its own, in the order of the patches
            said = [s for s in self._stated if s.role == "inlet_temperature"]
            if len(said) == len(inlets) and q in said:
                inlets = [inlets[said.index(q)]]
                self.assumptions.append(f"{q.text} is the temperature of {inlets[0]} (the stated inlet temperatures "
                                        f"in the order of the base's inlets)")
        if self._set_t(q, inlets, "inlet temperature"):
            return
        if self._freestream_temperature(q):
            return
        held = [p for p in self.patches("inlet") if p in self.base.patch_bcs(self.t_field)]
        if len(held) == 1 and self._set_t(q, held, "inlet temperature"):  # a mapped or computed inlet condition
            return
        self.refuse(q, "the base case has no inlet with a fixed temperature")

    _FAR_FIELD = ("freestream", "freestreamVelocity", "SRFFreestreamVelocity")

    def _freestream_temperature(self, q: StatedQuantity) -> bool:
        """The temperature a far-field patch lets in (inletOutlet inletValue, freestream
        freestreamValue), where its macro ($Tinlet) is defined when it uses one."""
        far = [p for p, bc in self.base.patch_bcs(self.u_field).items() if bc in self._FAR_FIELD]
        done = False
        for rel in self.base.field_rels(self.t_field):
            text = self.base.text(rel) or ""
            for patch in far:
                bc = fd.get(text, ["boundaryField", patch, "type"]) or ""
                key = {"inletOutlet": "inletValue", "freestream": "freestreamValue", "fixedValue": "value"}.get(bc)
                raw = fd.get(text, ["boundaryField", patch, key]) if key else None
                if raw is None:
                    continue
                home = self._macro_home(rel, raw)
                if home and home[1] == ["internalField"]:
                    home = self._macro_home(rel, fd.get(text, ["internalField"]) or "") or home
                where, entry = home or (rel, ["boundaryField", patch, key])
                new = with_number(fd.get(self.base.text(where) or "", entry) or "", q.value)
                if new is None or any(e.file == where and e.entry == entry for e in self.edits):
                    continue
                self.set(where, entry, new, f"free-stream temperature on {patch}", q)
                done = True
        return done

    def _initial_temperature(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        rels = self.base.field_rels(self.t_field)
        if not rels and self._set_initial_condition(q, "T", "initial temperature"):
            return
        if not rels:
            self.refuse(q, f"{self.solver} solves no temperature")
            return
        for rel in rels:
            self.set(rel, ["internalField"], f"uniform {fmt(q.value)}", "initial temperature", q)
            self._companion_temperatures(rel, fmt(q.value), q)

    _INITIAL_CONDITIONS = "constant/initialConditions"

    def _set_initial_condition(self, q: StatedQuantity, key: str, what: str) -> bool:
        """A single-cell chemistry case (chemFoam) has no fields: its initial state is
        constant/initialConditions' `p` (absolute Pa) and `T` (K). True when the entry was set."""
        text = self.base.text(self._INITIAL_CONDITIONS) or ""
        if fd.find(text, [key]) is None:
            return False
        self.set(self._INITIAL_CONDITIONS, [key], fmt(q.value), what, q)
        return True

    def _reference_temperature(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        text = self.base.text("constant/transportProperties") or ""
        key = next((k for k in ("TRef", "Tref", "T0") if fd.find(text, [k])), None)
        if key is None:
            self.refuse(q, "the base case has no reference temperature (TRef) to set")
            return
        self.set("constant/transportProperties", [key], self._keep_dims(fd.get(text, [key]) or "", q.value),
                 "reference temperature", q)

    # fluid properties ------------------------------------------------------------------
    @staticmethod
    def _keep_dims(old: str, value: float) -> str:
        """`[0 2 -1 0 0 0 0] 1e-05` keeps its dimension set; `nu nu [..] 1e-5` its name."""
        m = re.match(r"^(.*?\])\s*[-+\d.eE]+\s*$", old)
        if m:
            return f"{m.group(1)} {fmt(value)}"
        m = re.match(r"^(\w+\s+)?[-+\d.eE]+$", old.strip())
        return f"{(m.group(1) or '') if m else ''}{fmt(value)}"

    def _phase(self, key: str | None = None, q: StatedQuantity | None = None) -> str | None:
        """The phase a property value is for: among the phases that have the entry `key`, the
        one its own clause names, else the one the request names, else the liquid."""
        text = self.base.text("constant/transportProperties") or ""
        phases = fd.get(text, ["phases"])
        if not phases:
            return None
        blocks = phase_blocks(phases)
        names = list(blocks) if blocks else re.findall(r"[\w.]+", phases)
        holding = [n for n in names if key is None or fd.find(text, [n, key]) is not None or
                   re.search(rf"(?:^|[;\s]){key}\s", blocks.get(n, ""))] or names
        clause = self._words_of(q)[0] if q is not None else ""
        head, _, tail = clause.partition(q.text.lower()) if q is not None else ("", "", "")
        other = self._unnamed_material_phase(clause, holding)
        for words, last in ((head, True), (tail, False)):  # "the sludge density is 1042": before it first
            spots = [(m.start(), n) for n in holding for m in re.finditer(rf"\b{re.escape(n.lower())}\b", words)]
            if other is not None:  # "water and an oil of 800 kg/m3": the material nearest the value
                spots += [(m.start(), other) for m in self._MATERIAL_WORDS.finditer(words)
                          if m.group(0).rstrip("s") not in (n.lower() for n in holding)]
            if spots:
                return (max if last else min)(spots)[1]
        if other is not None:
            return other
        low = self.text.lower()
        named = [n for n in holding if n in low]
        liquid = next((n for n in holding if n in ("water", "liquid", "oil", "mercury")), holding[0] if holding else None)
        return named[0] if len(named) == 1 else liquid

    _MATERIALS = ("water", "air", "oil", "gas", "liquid", "mercury", "steam", "vapour", "vapor", "sludge", "glycerol",
                  "glycerine", "honey", "alcohol", "ethanol", "fuel", "brine", "seawater", "solid", "particles")

    _MATERIAL_WORDS = re.compile(rf"\b(?:{'|'.join(_MATERIALS)})s?\b")

    def _unnamed_material_phase(self, clause: str, phases: list[str]) -> str | None:
        """"Oil density 800" where the phases are (water oir): a material the words name that no
        phase is called goes to the one phase whose name is no other material."""
        said = [m for m in self._MATERIALS if re.search(rf"\b{m}s?\b", clause) and m not in (p.lower() for p in phases)]
        if not said:
            return None
        unnamed = [p for p in phases if p.lower() not in self._MATERIALS]
        return unnamed[0] if len(unnamed) == 1 else None

    def _nu(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        tp = "constant/transportProperties"
        text = self.base.text(tp) or ""
        phase = self._phase("nu", q)
        if phase and self._set_in_phase_list(tp, phase, "nu", q, "kinematic viscosity"):
            return
        path = [phase, "nu"] if phase and fd.find(text, [phase, "nu"]) else ["nu"]
        said_diffusivity = bool(re.search(r"\bdiffusi(?:vity|on)\b", self._words_of(q)[0]))
        if fd.find(text, ["DT"]) is not None and (said_diffusivity or fd.find(text, path) is None):
            # m2/s where the case's one such property is a diffusivity (scalarTransportFoam, laplacianFoam)
            self.set(tp, ["DT"], self._keep_dims(fd.get(text, ["DT"]) or "", q.value), "diffusivity (DT)", q)
            return
        if fd.find(text, path) is not None:
            self.set(tp, path, self._keep_dims(fd.get(text, path) or "", q.value), "kinematic viscosity", q)
            return
        thermo = self.base.text("constant/thermophysicalProperties") or ""
        if fd.find(thermo, ["mixture", "transport", "mu"]) is not None:
            self.refuse(q, "this solver is compressible: its viscosity is the dynamic mu in "
                           "thermophysicalProperties; state a dynamic viscosity (Pa s)")
            return
        self.refuse(q, f"the base case has no kinematic viscosity entry ({tp} nu)")

    def _mu(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        thermo_rel = "constant/thermophysicalProperties"
        thermo = self.base.text(thermo_rel) or ""
        if fd.find(thermo, ["mixture", "transport", "mu"]) is not None:
            self.set(thermo_rel, ["mixture", "transport", "mu"], fmt(q.value), "dynamic viscosity", q)
            return
        if self._phase_mu(q):
            return
        if (fd.get(thermo, ["thermoType", "transport"]) or "").strip() == "sutherland":
            # a constant viscosity replaces Sutherland's law; Pr keeps air's value
            self.set(thermo_rel, ["thermoType", "transport"], "const", "constant viscosity (was sutherland)")
            self.set(thermo_rel, ["mixture", "transport"], {"mu": fmt(q.value), "Pr": "0.7"},
                     "constant viscosity (was Sutherland's As, Ts)")
            self.bindings.append(Binding(stated=q.text, file=thermo_rel, entry=["mixture", "transport", "mu"],
                                         value=fmt(q.value), how="dynamic viscosity (transport const)"))
            self.assumptions.append(f"{q.text}: transport const instead of the base's sutherland, Pr 0.7")
            return
        text = self.base.text("constant/transportProperties") or ""
        rho_q = next((s for s in stated if s.role == "density"), None)
        fluid = find_fluid(self.text)
        rho = rho_q.value if rho_q else (fluid_table()[fluid].rho if fluid else None)
        if fd.find(text, ["nu"]) is not None and rho:
            nu = q.value / rho
            self.set("constant/transportProperties", ["nu"], self._keep_dims(fd.get(text, ["nu"]) or "", nu),
                     f"kinematic viscosity = mu / rho = {fmt(q.value)} / {fmt(rho)}", q)
            if rho_q:
                self.bindings.append(Binding(stated=rho_q.text, file="constant/transportProperties", entry=["nu"],
                                             value=self._keep_dims(fd.get(text, ["nu"]) or "", nu), how="nu = mu/rho"))
            return
        self.refuse(q, "a dynamic viscosity needs a density to give the kinematic viscosity this solver uses; state one")

    def _set_in_phase_list(self, rel: str, phase: str, key: str, q: StatedQuantity, what: str) -> bool:
        """A phase property inside the `phases ( name { ... } ... )` list: the whole list is
        rewritten with that phase's entry changed (the plan's earlier changes to it kept)."""
        raw = self.current(rel, "phases")
        if not phase_blocks(raw):
            return False
        new = set_in_phase_block(raw, phase, key, fmt(q.value))
        if new is None:
            return False
        self.set(rel, ["phases"], new, f"{phase} {what}")
        self.bindings.append(Binding(stated=q.text, file=rel, entry=["phases"], value=new, how=f"{phase} {key}"))
        return True

    def _phase_mu(self, q: StatedQuantity) -> bool:
        """A phase's dynamic viscosity where each phase has its own thermophysicalProperties.<phase>
        (Euler-Euler): the phase the words name, else the one liquid-named phase."""
        folder = self.base.root / "constant"
        rels = sorted(f"constant/{p.name.removesuffix('.gz')}" for p in folder.iterdir()
                      if p.name.startswith("thermophysicalProperties.")) if folder.is_dir() else []
        held = {r.rsplit(".", 1)[1]: r for r in rels
                if fd.find(self.base.text(r) or "", ["mixture", "transport", "mu"]) is not None}
        if not held:
            return False
        clause = self._words_of(q)[0]
        pick = [p for p in held if re.search(rf"\b{re.escape(p.lower())}\b", clause)] or \
            [p for p in held if p.lower() in ("water", "liquid", "oil")]
        if len(pick) != 1:
            return False
        self.set(held[pick[0]], ["mixture", "transport", "mu"], fmt(q.value), f"{pick[0]} dynamic viscosity", q)
        return True

    def _density(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        text = self.base.text("constant/transportProperties") or ""
        phase = self._phase("rho", q)
        if phase and self._set_in_phase_list("constant/transportProperties", phase, "rho", q, "density"):
            return
        if phase and fd.find(text, [phase, "rho"]) is not None:
            self.set("constant/transportProperties", [phase, "rho"],
                     self._keep_dims(fd.get(text, [phase, "rho"]) or "", q.value), f"{phase} density", q)
            return
        if fd.find(text, ["rho"]) is not None:
            self.set("constant/transportProperties", ["rho"], self._keep_dims(fd.get(text, ["rho"]) or "", q.value),
                     "density", q)
            return
        places = self.entry_index().get("rho", [])
        if len(places) == 1:  # a solid's or another model's one density (mechanicalProperties rho)
            rel, entry = places[0]
            self.set(rel, entry, self._keep_dims(_leaves_get(self.base.text(rel) or "", entry), q.value), "density", q)
            return
        if any(b.stated == q.text for b in self.bindings):
            return  # used for nu = mu / rho
        clouds = [r for r in self._cloud_files() if fd.find(self.base.text(r) or "", ["constantProperties", "rho0"])]
        if len(clouds) == 1 and not any(s.role in ("outlet_pressure", "inlet_pressure", "ambient_pressure")
                                        for s in stated):
            # the carrier is incompressible here: the one density a user can set is the particles'
            self.set(clouds[0], ["constantProperties", "rho0"], fmt(q.value), "particle density", q)
            self.assumptions.append(f"{q.text} is the particle density: {self.solver}'s carrier fluid is "
                                    f"incompressible, its density enters no equation")
            return
        if any(s.role in ("outlet_pressure", "inlet_pressure", "ambient_pressure") for s in stated):
            return  # used for the kinematic pressure
        self.refuse(q, f"{self.solver} is incompressible and single-phase: density enters no equation "
                       f"(pressure is kinematic); state a viscosity instead")

    def _particle_density(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        for rel in self._cloud_files():
            text = self.base.text(rel) or ""
            if fd.find(text, ["constantProperties", "rho0"]) is not None:
                self.set(rel, ["constantProperties", "rho0"], fmt(q.value), "particle density", q)
                return
        if self._phase_density(q):
            return
        if not self._cloud_files() and not self.base.text("constant/phaseProperties"):
            # no particles in the base: "steel 7.85 g/cm3" is the density of the one material
            self._density(q, stated)
            return
        self.refuse(q, "the base case has no particle cloud with a density (constantProperties rho0)")

    def _phase_density(self, q: StatedQuantity) -> bool:
        """A dispersed phase's density (Euler-Euler: constant/thermophysicalProperties.<phase>,
        mixture/equationOfState/rho): the phase the words name, else the one solid-like phase."""
        rel = "constant/phaseProperties"
        phases = re.findall(r"[\w.]+", fd.get(self.base.text(rel) or "", ["phases"]) or "")
        dense = {p: f"constant/thermophysicalProperties.{p}" for p in phases
                 if fd.find(self.base.text(f"constant/thermophysicalProperties.{p}") or "",
                            ["mixture", "equationOfState", "rho"]) is not None}
        clause, _ = self._words_of(q)
        pick = [p for p in dense if re.search(rf"\b{re.escape(p.lower().removesuffix('s'))}s?\b", clause)] or \
            [p for p in dense if p.lower().rstrip("s") in ("particle", "solid", "sand", "grain", "bead")]
        if len(pick) != 1:
            return False
        self.set(dense[pick[0]], ["mixture", "equationOfState", "rho"], fmt(q.value), f"{pick[0]} density", q)
        return True

    _GAS_PHASES = ("air", "gas", "steam", "vapour", "vapor")

    # a size distribution -> the entry that sets its size (the rest of its shape scales with it)
    _SIZE_KEYS = {"RosinRammler": "d", "massRosinRammler": "d", "normal": "expectation"}

    def _particle_diameter(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        for rel in self._cloud_files():
            text = self.base.text(rel) or ""
            for path in self._size_paths(text):
                self.set(rel, path, fmt(q.value), "particle diameter", q)
                return
        for rel in self._cloud_files():
            if self._scale_distribution(rel, q):
                return
        if self._phase_diameter(q):
            return
        self.refuse(q, "the base case's particles have no fixed-size distribution to set the diameter in")

    def _scale_distribution(self, rel: str, q: StatedQuantity) -> bool:
        """A size distribution with a characteristic size (Rosin-Rammler d, normal expectation):
        that size becomes the stated one and the distribution's bounds and spread scale with it,
        so its shape is kept."""
        text = self.base.text(rel) or ""
        done = False
        for inj in fd.keys(text, ["subModels", "injectionModels"]):
            dist = ["subModels", "injectionModels", inj, "sizeDistribution"]
            kind = (fd.get(text, dist + ["type"]) or "").strip()
            key = self._SIZE_KEYS.get(kind)
            coeffs = next((dist + [c] for c in (f"{kind}Distribution", f"{kind}Coeffs")
                           if key and fd.find(text, dist + [c, key]) is not None), None)
            if coeffs is None:
                continue
            try:
                old = float(fd.get(text, coeffs + [key]) or "nan")
            except ValueError:
                continue
            if not old > 0:
                continue
            self.set(rel, coeffs + [key], fmt(q.value), f"particle size ({kind} {key}) of {inj}", q)
            for other in ("minValue", "maxValue", "variance"):
                raw = fd.get(text, coeffs + [other])
                try:
                    scaled = float(raw) * q.value / old if raw else None
                except ValueError:
                    scaled = None
                if scaled is not None:
                    self.set(rel, coeffs + [other], fmt(float(f"{scaled:.6g}")), f"{other} scaled with the size")
            self.assumptions.append(f"{q.text} is the {kind} size ({key}) of {inj}; its bounds and spread scale by "
                                    f"{q.value / old:.3g} so the distribution keeps its shape")
            done = True
        return done

    def _phase_diameter(self, q: StatedQuantity) -> bool:
        """A dispersed phase's diameter (Euler-Euler phaseProperties: <phase> { diameterModel
        constant; constantCoeffs { d ...; } }): the phase the words name, else for bubbles the
        one gas phase."""
        rel = "constant/phaseProperties"
        text = self.base.text(rel) or ""
        phases = re.findall(r"[\w.]+", fd.get(text, ["phases"]) or "")
        sized: dict[str, list[str]] = {}
        for phase in phases:
            model = (fd.get(text, [phase, "diameterModel"]) or "").strip()
            key = next((k for k in ("d", "d0") if model and fd.find(text, [phase, f"{model}Coeffs", k]) is not None), None)
            if key:
                sized[phase] = [phase, f"{model}Coeffs", key]
        clause, _ = self._words_of(q)
        pick = [p for p in sized if re.search(rf"\b{re.escape(p.lower().removesuffix('s'))}s?\b", clause)]
        if not pick and re.search(r"\bbubbles?\b", clause):
            pick = [p for p in sized if p.lower() in self._GAS_PHASES]
        if not pick and re.search(r"\b(?:particles?|grains?|sand|beads?|powders?|pellets?|solids?|catalyst)\b", clause):
            pick = [p for p in sized if p.lower() not in (*self._GAS_PHASES, "water", "liquid", "oil")]
        if len(pick) != 1:
            return False
        self.set(rel, sized[pick[0]], fmt(q.value), f"{pick[0]} diameter ({'/'.join(sized[pick[0]][1:])})", q)
        return True

    def _cloud_files(self) -> list[str]:
        folder = self.base.root / "constant"
        if not folder.is_dir():
            return []
        return sorted(f"constant/{p.name.removesuffix('.gz')}" for p in folder.iterdir()
                      if re.search(r"[cC]loud\w*Properties", p.name))

    @staticmethod
    def _size_paths(text: str) -> list[list[str]]:
        out: list[list[str]] = []
        injectors = fd.keys(text, ["subModels", "injectionModels"])
        for inj in injectors:
            dist = ["subModels", "injectionModels", inj, "sizeDistribution"]
            kind = fd.get(text, dist + ["type"])
            if kind == "fixedValue":
                for sub in ("fixedValueDistribution", "fixedValueCoeffs"):
                    if fd.find(text, dist + [sub, "value"]) is not None:
                        out.append(dist + [sub, "value"])
        return out

    # run control -----------------------------------------------------------------------
    def _control(self, q: StatedQuantity, key: str, what: str, value: str | None = None) -> None:
        if value is None and q.quantity == "time":  # "one year" is 1 in financialFoam's years
            value = fmt(in_case_time(q.value, self.solver))
        rel, entry = self.control_home(key) or ("system/controlDict", [key])  # the top-level entry, not a function's
        self.set(rel, entry, value or fmt(q.value), what, q)

    def _end_time(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        from tasks.foam.physics import is_steady

        if is_steady(self.solver) and q.quantity == "time":
            self.refuse(q, f"{self.solver} is steady: it runs iterations, not time; state iterations")
            return
        if q.quantity == "iterations" and not is_steady(self.solver):
            control = self.base.text("system/controlDict") or ""
            try:
                start = float(fd.get(control, ["startTime"]) or 0)
                dt = next((s.value for s in self._stated if s.role == "delta_t"), None) or \
                    float(fd.get(control, ["deltaT"]) or 1)
            except ValueError:
                self.refuse(q, "the base case's time step is not a number")
                return
            end = fmt(start + q.value * dt)
            self.set("system/controlDict", ["endTime"], end, f"{int(q.value)} time steps of {fmt(dt)} s", q)
            self.assumptions.append(f"{q.text} of the transient {self.solver} = endTime {end} s "
                                    f"({int(q.value)} steps of {fmt(dt)} s)")
            return
        self._control(q, "endTime", "end time" if q.quantity == "time" else "iterations")

    def _delta_t(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        from tasks.foam.physics import is_steady

        if is_steady(self.solver):
            self.refuse(q, f"{self.solver} is steady: its deltaT only counts iterations")
            return
        self._control(q, "deltaT", "time step")

    def _write_interval(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        control = self.base.text("system/controlDict") or ""
        wc = fd.get(control, ["writeControl"]) or "timeStep"
        if q.quantity == "time" and wc == "timeStep":
            adjustable = (fd.get(control, ["adjustTimeStep"]) or "no") in ("yes", "on", "true")
            self.set("system/controlDict", ["writeControl"], "adjustableRunTime" if adjustable else "runTime",
                     "write control follows a write interval in seconds")
        if q.quantity == "iterations" and wc != "timeStep":
            self.set("system/controlDict", ["writeControl"], "timeStep", "write control counts time steps")
        self._control(q, "writeInterval", "write interval")

    def _max_co(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        self._control(q, "maxCo", "Courant limit")
        if self.solver not in ("icoFoam", "pisoFoam"):
            self.set("system/controlDict", ["adjustTimeStep"], "yes", "the time step follows the Courant limit")

    def _ranks(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        """The run decomposes on the stated ranks (and records them in .casewright/parallel.json);
        a base's own decomposeParDict follows. Its method is left to the run: scotch, metis and
        kahip are stubs in Debian's v1912."""
        ranks = str(int(q.value))
        if self.base.text("system/decomposeParDict") is not None:
            self.set("system/decomposeParDict", ["numberOfSubdomains"], ranks, "parallel ranks", q)
            return
        # no decomposeParDict in the base: the writer writes one for the planned ranks
        # (tasks.edit.writer.write_decomposition), so the stated count is verified there
        self.bindings.append(Binding(stated=q.text, file="system/decomposeParDict", entry=["numberOfSubdomains"],
                                     value=ranks, how="parallel ranks: the writer writes system/decomposeParDict"))

    def _gravity(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        text = self.base.text("constant/g")
        if text is None:
            self.refuse(q, f"{self.solver} has no gravity (constant/g)")
            return
        direction = _direction(fd.get(text, ["value"]) or "") or [0.0, -1.0, 0.0]
        self.set("constant/g", ["value"], vec([q.value * d for d in direction]), "gravity", q)

    def _angular_velocity(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        text = self.base.text("constant/MRFProperties") or ""
        for zone in fd.keys(text):
            if fd.find(text, [zone, "omega"]) is not None:
                old = fd.get(text, [zone, "omega"]) or ""
                value = f"constant {fmt(q.value)}" if old.startswith("constant") else fmt(q.value)
                self.set("constant/MRFProperties", [zone, "omega"], value, "rotation speed", q)
                return
        for rel in self.base.field_rels(self.u_field):
            for patch, bc in self.base.patch_bcs(self.u_field).items():
                if bc == "rotatingWallVelocity":
                    self.set(rel, ["boundaryField", patch, "omega"], fmt(q.value), "wall rotation speed", q)
                    return
        for rel in self._dictionaries():
            text = self.base.text(rel) or ""
            for entry, raw in _leaves(text):
                if entry[-1] == "rpm" and re.fullmatch(r"[-+\d.eE]+", raw.strip()):
                    rpm = q.value * 60 / (2 * math.pi)
                    self.set(rel, entry, fmt(round(rpm, 9)), "rotation speed (rpm)", q)
                    return
                if entry[-1] == "omega" and re.fullmatch(r"(constant\s+)?[-+\d.eE]+", raw.strip()):
                    self.set(rel, entry, ("constant " if raw.strip().startswith("constant") else "") + fmt(q.value),
                             "rotation speed (rad/s)", q)
                    return
        self.refuse(q, "the base case has no rotating zone (MRFProperties, SRFProperties) or rotating wall")

    # mesh --------------------------------------------------------------------------------
    def _mesh_cells(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        text, blocks = self.base.blocks()
        dims = list(q.dims or [])
        if len(blocks) != 1:
            self.refuse(q, f"the base mesh has {len(blocks)} blocks; a cell count per direction fits a one-block "
                           f"mesh: ask for a refinement factor ('refine the mesh by 2', 'halve the cell size')")
            return
        old = blocks[0]
        new = dims + [old[2]] if len(dims) == 2 else dims[:3]
        if len(dims) == 2 and old[2] > 1 and self._is_2d() is False:
            self.refuse(q, f"the base mesh is 3D ({old[0]} x {old[1]} x {old[2]}); state three cell counts")
            return
        self._set_block_counts(text, old, new, q)

    def _is_2d(self) -> bool:
        return "empty" in self.base.mesh_types().values()

    def _set_block_counts(self, text: str, old: tuple[int, int, int], new: list[int], q: StatedQuantity) -> None:
        blocks = fd.get(text, ["blocks"]) or ""
        replaced = re.sub(r"(hex\s*\([^)]*\)\s*)\(\s*\d+\s+\d+\s+\d+\s*\)",
                          lambda m: f"{m.group(1)}({new[0]} {new[1]} {new[2]})", blocks, count=1)
        self.set("system/blockMeshDict", ["blocks"], "(" + replaced.strip()[1:] if replaced.strip().startswith("(") else replaced,
                 f"mesh {new[0]} x {new[1]} x {new[2]} cells (was {old[0]} x {old[1]} x {old[2]})")
        self.bindings.append(Binding(stated=q.text, file="system/blockMeshDict", entry=["blocks"],
                                     value=f"({new[0]} {new[1]} {new[2]})", how="cells per direction"))
        self.reset_sized_fields()

    def _mesh_cells_axis(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        text, blocks = self.base.blocks()
        low = self.text.lower()
        at = low.find(q.text.lower())
        after = low[at:at + len(q.text) + 40] if at >= 0 else ""
        axis = next((i for i, pat in enumerate((r"\bx\b|long|length|stream", r"\by\b|height|high|across|wall-normal",
                                                r"\bz\b|span|depth")) if re.search(pat, after)), None)
        if len(blocks) == 1 and axis is None:
            resolved = [i for i, c in enumerate(blocks[0]) if c > 1]
            ext = self.base.extents()
            if len(resolved) == 1:  # a 1-D mesh: its one resolved direction
                axis = resolved[0]
                self.assumptions.append(f"{q.text}: along {'xyz'[axis]}, the only direction the base mesh resolves")
            elif ext and re.search(r"\balong\b", after):  # "along the tube": its longest side
                axis = max(range(3), key=lambda i: ext[i])
        if len(blocks) != 1 or axis is None:
            self.refuse(q, "a cell count for one direction needs a one-block mesh and the direction (x, y or z)")
            return
        new = list(blocks[0])
        new[axis] = int(q.value)
        self._set_block_counts(text, blocks[0], new, q)

    def _cell_size(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        text, blocks = self.base.blocks()
        ext = self.base.extents()
        if len(blocks) != 1 or ext is None:
            self.refuse(q, "a cell size is applied to one-block meshes here; ask for a refinement factor instead")
            return
        new = [max(1, round(e / q.value)) if c > 1 else c for e, c in zip(ext, blocks[0])]
        self._set_block_counts(text, blocks[0], new, q)

    # derived quantities -------------------------------------------------------------------
    def _reynolds(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        speed = next((s.value for s in stated if s.role in ("inlet_velocity", "lid_velocity", "wall_velocity")), None)
        rel = "constant/transportProperties"
        text = self.base.text(rel) or ""
        if fd.find(text, ["nu"]) is None or self._phase():
            self.refuse(q, "a Reynolds number is applied through the kinematic viscosity of a single-phase "
                           "incompressible case; state the viscosity for this case")
            return
        length = self._reference_length()
        if speed is None:
            speed = self._base_speed()
        if speed is None or length is None:
            self.refuse(q, "the reference velocity or length for the Reynolds number is not known; state a velocity")
            return
        if any(s.role == "nu" for s in stated):
            nu = next(s.value for s in stated if s.role == "nu")
            if abs(speed * length / nu - q.value) > 0.1 * q.value:
                self.refuse(q, f"contradicts U = {fmt(speed)} m/s, L = {fmt(length)} m, nu = {fmt(nu)} m2/s "
                               f"(Re = {speed * length / nu:.4g}); drop one of them")
            return
        nu = speed * length / q.value
        self.set(rel, ["nu"], self._keep_dims(fd.get(text, ["nu"]) or "", nu),
                 f"nu = U L / Re = {fmt(speed)} x {fmt(length)} / {fmt(q.value)}", q)
        self.assumptions.append(f"Re = {fmt(q.value)} with U = {fmt(speed)} m/s and reference length L = {fmt(length)} m "
                                f"({self._length_note})")

    _length_note = ""

    def _reference_length(self) -> float | None:
        ext = self.base.extents()
        if ext is None:
            return None
        if self.patches("moving_wall") and not self.patches("inlet"):
            self._length_note = "the length of the moving wall's side of the domain"
            return ext[0]
        self._length_note = "the domain height"
        return ext[1]

    def _base_speed(self) -> float | None:
        rels = self.base.field_rels(self.u_field)
        text = self.base.text(rels[0]) if rels else ""
        for patch in self.patches("inlet") + self.patches("moving_wall"):
            mag = _magnitude(fd.get(text or "", ["boundaryField", patch, "value"]) or "")
            if mag > 0:
                return mag
        return None

    def _fill_fraction(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        rel = "system/setFieldsDict"
        text = self.base.text(rel) or ""
        ext = self.base.extents()
        raw = self.current(rel, "regions")
        box = re.search(r"box\s*(\([^)]*\))\s*(\([^)]*\))", raw)
        if not text or ext is None or not box:
            self.refuse(q, "the base case has no setFields box region to fill a fraction of the domain with")
            return
        lo = [float(x) for x in re.findall(r"[-+\d.eE]+", box.group(1))]
        hi = [float(x) for x in re.findall(r"[-+\d.eE]+", box.group(2))]
        side = self._side_word(q) or "left"
        axis = {"left": 0, "right": 0, "bottom": 1, "top": 1}.get(side, 0)
        size = ext[axis] * q.value
        origin = self._origin(axis)
        if side in ("right", "top"):
            lo[axis], hi[axis] = origin + ext[axis] - size, origin + ext[axis] + 1e-9 * ext[axis]
        else:
            lo[axis], hi[axis] = origin, origin + size
        new_box = f"box {vec(lo)} {vec(hi)}"
        new_raw = raw[:box.start()] + new_box + raw[box.end():]
        self.set(rel, ["regions"], "(" + new_raw.strip().removeprefix("(") if not new_raw.strip().startswith("(")
                 else new_raw, f"region: the {side} {fmt(q.value)} of the domain")
        self.bindings.append(Binding(stated=q.text, file=rel, entry=["regions"], value=new_box,
                                     how=f"{side} {q.value:.3g} of the {fmt(ext[axis])} m domain"))

    def _origin(self, axis: int) -> float:
        text = self.base.text("system/blockMeshDict") or ""
        scale = fd.get(text, ["convertToMeters"]) or fd.get(text, ["scale"]) or "1"
        try:
            factor = float(scale)
        except ValueError:
            factor = 1.0
        pts = [float(m.groups()[axis]) * factor for m in _VECTOR.finditer(fd.strip_comments(fd.get(text, ["vertices"]) or ""))]
        return min(pts) if pts else 0.0

    def _turbulence_intensity(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        if self.bind_inlet_fluctuation(q):
            return
        for rel in self.base.field_rels("k"):
            text = self.base.text(rel) or ""
            for patch in self.patches("inlet"):
                if fd.get(text, ["boundaryField", patch, "type"]) == "turbulentIntensityKineticEnergyInlet":
                    self.set(rel, ["boundaryField", patch, "intensity"], fmt(q.value), "turbulence intensity", q)
                    return
        speed = next((s.value for s in stated if s.role == "inlet_velocity"), None) or self._base_speed()
        rels = self.base.field_rels("k")
        if speed and rels:
            k = 1.5 * (q.value * speed) ** 2
            for rel in rels:
                for patch in self.patches("inlet"):
                    self.set(rel, ["boundaryField", patch, "value"], f"uniform {fmt(k)}",
                             f"inlet k = 1.5 (I U)^2 with I = {fmt(q.value)}", q)
            return
        self.refuse(q, "the base case has no inlet turbulence kinetic energy to set an intensity on")

    def _prandtl(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        text = self.base.text("constant/transportProperties") or ""
        if fd.find(text, ["Pr"]) is not None:
            self.set("constant/transportProperties", ["Pr"], self._keep_dims(fd.get(text, ["Pr"]) or "", q.value),
                     "Prandtl number", q)
            return
        self.refuse(q, "the base case has no Prandtl number entry")


_HEX_EDGES = ((0, 1), (1, 2), (2, 3), (3, 0), (4, 5), (5, 6), (6, 7), (7, 4))


def edge_angles_deg(block_mesh: str) -> list[float]:
    """The angles a blockMeshDict's shape has: those (0..90 deg from the x axis, in the x-y
    plane) of its hex blocks' edges (a 15 degree wedge has an edge at 15), then the angles its
    arc edges sweep (squareBend's arcs sweep 90; see bind_angles.arc_angles_deg)."""
    return hex_edge_angles_deg(block_mesh) + arc_angles_deg(block_mesh)


def hex_edge_angles_deg(block_mesh: str) -> list[float]:
    """The angles (0..90 deg from the x axis, in the x-y plane) of the edges of a blockMeshDict's
    hex blocks."""
    text = fd.strip_comments(block_mesh)
    points = [[float(x) for x in m.groups()] for m in _VECTOR.finditer(fd.get(text, ["vertices"]) or "")]
    out: list[float] = []
    for hexa in re.finditer(r"hex\s*\(([\d\s]+)\)", fd.get(text, ["blocks"]) or ""):
        ids = [int(i) for i in hexa.group(1).split()]
        if len(ids) != 8 or max(ids) >= len(points):
            continue
        for a, b in _HEX_EDGES:
            dx, dy = (points[ids[b]][i] - points[ids[a]][i] for i in (0, 1))
            if abs(dx) + abs(dy) > 0:
                angle = abs(math.degrees(math.atan2(dy, dx))) % 180
                out.append(min(angle, 180 - angle))
    return out


def bind_all(base_dir: Path, solver: str, text: str, stated: list[StatedQuantity]) -> Binder:
    """Bind every stated quantity to the base case; geometry lengths are left to the geometry layer."""
    binder = Binder(Base(base_dir), solver, text)
    binder._stated = stated
    models = binder.bind_models(stated) + binder.bind_controls(stated)
    models += binder.pair_speeds([q for q in stated if not any(q is m for m in models)])
    named = models + binder.bind_named(stated, skip=models)
    named += binder.bind_fields(stated, skip=named)
    named += binder.bind_phase_values(stated)
    named += binder.bind_initial_velocities(stated, skip=named)
    named += binder.bind_region_boxes(stated)
    # an angle of attack turns every velocity after it
    ordered = sorted(stated, key=lambda q: q.role != "angle" and not binder.attack_angle(q))
    for q in ordered:
        if binder.bind_region_size(q):
            continue
        if q.role == "geometry" or any(q is n for n in named) or binder.bind_load(q) or binder.bind_cloud(q) or \
                binder.bind_patch(q) or binder.bind_region(q):
            continue
        binder.bind(q, stated)
    return binder
