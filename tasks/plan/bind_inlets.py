"""Binder steps for what drives an inlet: a stated velocity or flow rate goes to the entry the
base's inlet condition reads it from, whatever that condition is (fixedValue value,
turbulentInlet referenceField, SRFVelocity inletValue, SRFFreestreamVelocity UInf,
uniformFixedValue uniformValue, flowRateInletVelocity volumetricFlowRate or massFlowRate,
variableHeightFlowRateInletVelocity flowRate, ...), in the velocity field of the phase the
request names (U.air, U.water) or in Urel for a single rotating frame. A value the tutorial
keeps in an include (`flowRate $inletFlowRate;`) is set where the macro is defined.
Mixed into `tasks.plan.bind.Binder`.
"""

from __future__ import annotations

import math
import re

from tasks.foam import dictionary as fd
from tasks.foam.includes import expand_text
from tasks.plan.bind_include_scoped import included_rels
from tasks.plan.bind_inlet_normals import inflow_direction, leaves_through
from tasks.foam.physics import find_fluid, fluid_table
from tasks.plan.extract import normalise
from tasks.plan.foam_values import VECTOR, direction, fmt, magnitude, vec
from tasks.plan.regions import said_initial
from tasks.plan.stated import Binding, StatedQuantity

# inlet condition -> the entry that carries its (mean) velocity
VELOCITY_ENTRIES: dict[str, str] = {
    "fixedValue": "value",
    "movingWallVelocity": "value",
    "uniformFixedValue": "uniformValue",
    "turbulentInlet": "referenceField",
    "interstitialInletVelocity": "inletVelocity",
    "SRFVelocity": "inletValue",
    "SRFFreestreamVelocity": "UInf",
    "freestream": "freestreamValue",
    "freestreamVelocity": "freestreamValue",
    "supersonicFreestream": "UInf",
    "fixedMean": "meanValue",
}
# how an entry writes a vector when the base gives none to copy ($internalField)
_FORM = {"UInf": "", "uniformValue": "constant ", "meanValue": "constant "}
_FAR_FIELD = ("freestream", "freestreamVelocity", "supersonicFreestream")
FLOW_RATE_TYPES = ("flowRateInletVelocity", "variableHeightFlowRateInletVelocity")
_MACRO = re.compile(r"^(?:uniform\s+|constant\s+)?\$(\w+)\s*$")
_GAS_WORDS = r"\b(?:gas|gases|air|bubbles?|vapou?r|steam)\b"
_LIQUID_WORDS = r"\b(?:liquid|water|oil)\b"
_GAS_PHASES = ("air", "gas", "vapour", "vapor", "steam")
# what a boundary does, as opposed to the fluid's initial state
_BOUNDARY_WORDS = r"\b(?:inlets?|inflow|enters?|entering|outlets?|walls?|lid|plate|belt|patch|jet|injected)\b"
_REST = re.compile(r"\b(?:(?:starts?|starting|initially)\s+(?:\w+\s+)?at rest|from rest|(?:initially\s+)?quiescent)\b")


# a particle method's fields the flow is set on (dsmcFoam): the velocity and temperature its walls
# and inflow boundaries give the molecules; the cells hold only sampled results
PARTICLE_BOUNDARY_U = "boundaryU"
PARTICLE_BOUNDARY_T = "boundaryT"


def velocity_fields(names: list[str]) -> list[str]:
    """The velocity fields among a base's fields: U, the relative velocity Urel of a single
    rotating frame, one U.<phase> per phase of a multiphase case, a particle method's boundaryU."""
    return [f for f in names if f in ("U", "Urel", PARTICLE_BOUNDARY_U) or f.startswith("U.")]


def field_patches(field_text: str, patches: list[str]) -> list[str]:
    """The boundaryField keys of a field file for these mesh patches: the patch's own key, else
    the quoted regex key that covers it ("inlet.*"); when the field names none of them, its
    far-field patches (freestream, freestreamVelocity, supersonicFreestream): a mesh whose
    inlet the field files call the free stream."""
    body = fd.body_span(field_text, ["boundaryField"])
    keys = [e.name for e in fd.entries(field_text, *body) if e.kind == "dict"] if body else []
    out: list[str] = []
    for patch in patches:
        if patch in keys:
            out.append(patch)
            continue
        for key in keys:
            try:
                if re.fullmatch(fd.unquote(key), patch):
                    out.append(key)
                    break
            except re.error:
                continue
    if out or not patches:
        return list(dict.fromkeys(out))
    return [k for k in keys if (fd.get(field_text, ["boundaryField", k, "type"]) or "") in _FAR_FIELD]


def vector_direction(q: StatedQuantity) -> list[float] | None:
    """The unit direction of a velocity stated as a vector (its size is q.value); None when the
    request gave a speed alone or a zero vector."""
    if not q.vector:
        return None
    size = math.sqrt(sum(c * c for c in q.vector))
    return [c / size for c in q.vector] if size > 0 else None


def with_number(raw: str, value: float) -> str | None:
    """`raw` with its number replaced ("constant 0.5" -> "constant 0.3"); None for a table, a
    coded or a macro value, which no single number stands for."""
    if "$" in raw or "(" in raw or "{" in raw or not re.search(r"\d", raw):
        return None
    return re.sub(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?", fmt(value), raw, count=1)


def with_vector(raw: str, v: list[float]) -> str | None:
    """`raw` with its vector replaced, its form kept ("uniform (0 0 -10)", "constant (1 0 0)",
    "(1 0 0)"); None for a table or a macro."""
    if "$" in raw or "table" in raw or "{" in raw or not VECTOR.search(raw):
        return None
    return VECTOR.sub(vec(v), raw, count=1)


def patch_area(block_mesh: str, patch: str) -> float | None:
    """The area (m2) of a blockMeshDict patch: its quads' areas from the scaled vertices; None
    when the vertices or faces are not plain numbers (macros, #calc) or the patch is absent."""
    text = fd.strip_comments(block_mesh)
    try:
        scale = float(fd.get(text, ["convertToMeters"]) or fd.get(text, ["scale"]) or "1")
    except ValueError:
        return None
    points = [[float(x) * scale for x in m.groups()] for m in VECTOR.finditer(fd.get(text, ["vertices"]) or "")]
    found = fd.find(text, ["boundary"])
    body = text[found.value_start:found.end] if found and found.kind == "value" else ""
    faces = fd.get(body[body.find("(") + 1:body.rfind(")")], [patch, "faces"]) if "(" in body else None
    quads = re.findall(r"\(\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\)", faces or "")
    if not points or not quads or any(int(i) >= len(points) for quad in quads for i in quad):
        return None
    area = 0.0
    for quad in quads:
        a, b, c, d = (points[int(i)] for i in quad)
        u, v = [c[k] - a[k] for k in range(3)], [d[k] - b[k] for k in range(3)]
        cross = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]]
        area += 0.5 * sum(x * x for x in cross) ** 0.5
    return area


class InletBinding:
    """Velocities and flow rates at inlets; needs the Binder's `base`, `set`, `refuse`,
    `patches`, `_words_of`, `_named_patches`, `_stated` and `_flow_direction`."""

    # which velocity field -------------------------------------------------------------
    def _velocity_field_for(self, q: StatedQuantity) -> str:
        """The velocity field a value is for: the phase its words name ("air enters at",
        "the gas", "liquid"), else the one phase the base drives at its inlets."""
        fields = velocity_fields(self.base.fields())
        phases = [f for f in fields if f.startswith("U.")]
        if len(phases) < 2:
            return self.u_field
        clause, sentence = self._words_of(q)
        for words in (clause, sentence, normalise(self.text).lower()):
            named = [f for f in phases if re.search(rf"\b{re.escape(f[2:].lower())}\b", words)]
            if not named and re.search(_GAS_WORDS, words):
                named = [f for f in phases if f[2:].lower() in _GAS_PHASES]
            if not named and re.search(_LIQUID_WORDS, words):
                named = [f for f in phases if f[2:].lower() not in _GAS_PHASES]
            if len(named) == 1:
                return named[0]
        driven = [f for f in phases if any(magnitude(self._patch_velocity(f, p)) > 0 for p in self.patches("inlet"))]
        return driven[0] if len(driven) == 1 else self.u_field

    def _patch_velocity(self, field: str, patch: str) -> str:
        """The inlet velocity a patch of `field` holds, macros and $internalField resolved."""
        rel = (self.base.field_rels(field) or [None])[0]
        text = self.base.text(rel) or "" if rel else ""
        bc = fd.get(text, ["boundaryField", patch, "type"]) or ""
        raw = fd.get(text, ["boundaryField", patch, VELOCITY_ENTRIES.get(bc, "value")]) or ""
        home = self._macro_home(rel, raw) if rel else None
        value = fd.get(self.base.text(home[0]) or "", home[1]) or "" if home else raw
        return expand_text(value, self.base.expanded(rel) or "") if rel else value  # `uniform ($mUmean 0 0)`

    def _macro_home(self, rel: str, raw: str) -> tuple[str, list[str]] | None:
        """(file, entry) where `$name` (or `uniform $name`) is defined: the same file, else a
        file it #includes; `$internalField` resolves through the internal field."""
        m = _MACRO.match(raw.strip())
        if not m:
            return None
        name = m.group(1)
        text = self.base.text(rel) or ""
        if fd.find(text, [name]) is not None:
            inner = self._macro_home(rel, fd.get(text, [name]) or "")
            return inner or (rel, [name])
        for other in included_rels(rel, text):  # "include/initialConditions", "$FOAM_CASE/constant/caseSettings"
            if fd.find(self.base.text(other) or "", [name]) is not None:
                return other, [name]
        return None

    # velocities -----------------------------------------------------------------------
    def _stated_direction(self, q: StatedQuantity) -> list[float] | None:
        """The direction of a stated vector ("(10 1 0) m/s", "Ux = 3 m/s, Uy = 1 m/s"), else the one
        the words around the value give ("5 m/s axially (in -z)", "injected downward at 2 m/s")."""
        given = vector_direction(q)
        if given is not None:
            return given
        said = self.said(q)  # tasks.plan.bind_directions: "in -y", "coming down" (along gravity), "(both axial, +z)"
        return said.vector if said else None

    def _velocity_on(self, q: StatedQuantity, patches: list[str], what: str) -> bool:
        """Set the stated speed on each patch in the entry its condition reads the velocity
        from; the direction is the stated one, else the base's, else the flow direction."""
        field = self._velocity_field_for(q)
        done = False
        for rel in self.base.field_rels(field):
            text = self.base.text(rel) or ""
            for patch in field_patches(text, patches):
                bc = fd.get(text, ["boundaryField", patch, "type"]) or ""
                if bc in FLOW_RATE_TYPES:
                    done = self._velocity_for_flow_rate(q, rel, patch, bc, what) or done
                    continue
                if bc == "atmBoundaryLayerInletVelocity":
                    done = self._reference_speed(q, rel, patch, what) or done
                    continue
                if bc == "movingWallVelocity" and self.bind_wall_motion(q, patch):
                    done = True  # on a moving mesh the wall's speed is the mesh motion's (tasks.plan.bind_motion_walls)
                    continue
                key = VELOCITY_ENTRIES.get(bc) or ("value" if not bc and fd.get(text, ["boundaryField", patch, "value"]) else None)
                raw = fd.get(text, ["boundaryField", patch, key]) if key else None
                if raw is None:
                    continue
                home = self._macro_home(rel, raw)
                if home and home[1] == ["internalField"]:
                    if bc in ("freestream", "freestreamVelocity"):
                        continue  # the far field is the internal field: set there, for every far-field patch
                    home = None  # the patch starts from the internal field: it gets its own value
                scoped = None if home else self.scoped_home(rel, raw)  # `uniform $:innerInlet.U` (caseSettings)
                where_rel, entry = home or (scoped[:2] if scoped else (rel, ["boundaryField", patch, key]))
                old = fd.get(self.base.text(where_rel) or "", entry) or ""
                if "table" in old or "{" in old or (not VECTOR.search(old) and "$" not in old):
                    continue  # a time table, a named function or a coded profile: no one speed stands for it
                base_dir = direction(old) or next(
                    (d for f in (field, *velocity_fields(self.base.fields())) for d in
                     (direction(self._patch_velocity(f, patch)), self._internal_direction(f)) if d), None)
                # an inlet: into the domain through the patch as built (tasks/plan/bind_inlet_normals.py)
                base_dir = inflow_direction(base_dir, self.patch_inward(patch)) if self.roles.get(patch) == "inlet" \
                    and field != PARTICLE_BOUNDARY_U else base_dir or self.patch_inward(patch)
                if field == PARTICLE_BOUNDARY_U:  # a particle stream: one vector on every boundary it enters by
                    base_dir = direction(old) or base_dir
                v = [q.value * d for d in (self._direction_override or self._stated_direction(q) or base_dir
                                           or self._flow_direction())]
                if self.roles.get(patch) == "inlet" and leaves_through(v, self.patch_inward(patch)):
                    self.assumptions.append(f"{q.text} on {patch} points out of the domain ({vec(v)}; the patch "
                                            f"faces {vec(self.patch_inward(patch) or [])} inward): check the direction")
                new = with_vector(old, v) or f"{_FORM.get(key, 'uniform ')}{vec(v)}"
                self.set(where_rel, entry, new, f"{what} {fmt(q.value)} m/s on {patch}"
                         + (f" ({'/'.join(entry)} in {where_rel})" if home or scoped else ""), q)
                if bc == "interstitialInletVelocity":  # the superficial velocity; value follows it
                    self.set(rel, ["boundaryField", patch, "value"], f"uniform {vec(v)}", f"{what} on {patch}")
                if bc == "SRFVelocity":
                    self._srf_frame(q, rel, patch)
                done = True
        return done

    def _reference_speed(self, q: StatedQuantity, rel: str, patch: str, what: str) -> bool:
        """An atmospheric boundary layer inlet: its reference speed Uref (at the height Zref), in
        the patch or in the file the patch #includes (include/ABLConditions)."""
        text = self.base.text(rel) or ""
        homes = [(rel, ["boundaryField", patch, "Uref"])] if fd.find(text, ["boundaryField", patch, "Uref"]) else []
        folder = rel.rsplit("/", 1)[0]
        for include in re.findall(r'#include\s+"([^"]+)"', fd.get(text, ["boundaryField", patch]) or ""):
            if fd.find(self.base.text(f"{folder}/{include}") or "", ["Uref"]) is not None:
                homes.append((f"{folder}/{include}", ["Uref"]))
        for where, entry in homes[:1]:
            new = with_number(fd.get(self.base.text(where) or "", entry) or "", q.value)
            if new is None or any(e.file == where and e.entry == entry for e in self.edits):
                continue
            self.set(where, entry, new, f"{what} {fmt(q.value)} m/s: the boundary layer's reference speed on {patch}", q)
            self.assumptions.append(f"{q.text} is the atmospheric boundary layer's speed at its reference height "
                                    f"(Uref in {where}); the log-law profile follows")
            return True
        return False

    def _srf_frame(self, q: StatedQuantity, rel: str, patch: str) -> None:
        """SRFVelocity's inletValue is absolute (relative no) or in the rotating frame (yes):
        the words say which when they say it."""
        clause, _ = self._words_of(q)
        relative = "yes" if re.search(r"\brelative\b|rotating frame", clause) else \
            "no" if re.search(r"\babsolute\b", clause) else None
        old = fd.get(self.base.text(rel) or "", ["boundaryField", patch, "relative"])
        if relative and old and old.strip() != relative:
            self.set(rel, ["boundaryField", patch, "relative"], relative, f"{q.text} is {'relative' if relative == 'yes' else 'absolute'}")

    def _velocity_for_flow_rate(self, q: StatedQuantity, rel: str, patch: str, bc: str, what: str) -> bool:
        """A velocity at an inlet the base drives by a flow rate: a fixed velocity instead."""
        v = [q.value * d for d in (self._direction_override or self._stated_direction(q) or self._flow_direction())]
        value = f"uniform {vec(v)}"
        self.assumptions.append(f"{patch} is driven by a flow rate ({bc}); it is replaced by a fixed velocity")
        self.set(rel, ["boundaryField", patch], {"type": "fixedValue", "value": value}, f"{what} on {patch}")
        self.bindings.append(Binding(stated=q.text, file=rel, entry=["boundaryField", patch, "value"], value=value,
                                     how=what))
        return True

    # flow rates -----------------------------------------------------------------------
    def _inlet_flow_rate(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        self._flow_rate(q, "volumetricFlowRate")

    def _inlet_mass_flow(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        self._flow_rate(q, "massFlowRate")

    def _flow_inlets(self, q: StatedQuantity) -> list[str]:
        """The inlet a flow rate is for: the only one, else the one its words name, else the one left
        when every other inlet is named by a flow rate of its own ("main air 432 kg/h, injected stream
        28.8 kg/h" on inlet_air and inlet_fuel: the second is inlet_fuel)."""
        inlets = self.patches("inlet")
        named = self._named_flow_inlets(q, inlets)
        if named or len(inlets) < 2:
            return named
        others = [s for s in self._stated if s.quantity == q.quantity and s.role == q.role and s is not q]
        if len(others) + 1 != len(inlets):
            return []
        taken = [self._named_flow_inlets(s, inlets) for s in others]
        if any(len(t) != 1 for t in taken) or len({t[0] for t in taken}) != len(taken):
            return []
        left = [p for p in inlets if p not in {t[0] for t in taken}]
        self.assumptions.append(f"{q.text} is the flow of {left[0]}: each other inlet has its own stated flow")
        return left

    def _named_flow_inlets(self, q: StatedQuantity, inlets: list[str]) -> list[str]:
        """The inlet a flow rate's words name (the only inlet when there is one)."""
        if len(inlets) < 2:
            return inlets
        clause, _ = self._words_of(q)
        head, said, tail = clause.partition(q.text.lower())
        if said:  # "the air inlet at 0.12 kg/s and the injector inlet ...": what follows "and" is the next item's
            clause = head + said + re.split(r"\b(?:and|while|whereas|but)\b", tail)[0]
        low = normalise(self.text).lower()
        at = self.value_at(low, q)
        after = re.split(r"[,;]\s|\.\s|\.$", low[at + len(q.text):])[0] if at >= 0 and not q.place else ""
        words = clause + " " + re.split(r"\b(?:and|while|whereas|but)\b", after)[0]  # a listed value reads its own place only
        return [p for p in self._named_patches(words) if p in inlets]

    def _flow_rate(self, q: StatedQuantity, key: str) -> None:
        """A stated flow rate on the inlet's flow-rate entry; an inlet held at a velocity becomes
        flowRateInletVelocity, so OpenFOAM spreads the rate over the patch area itself."""
        what = "mass flow rate" if key == "massFlowRate" else "volumetric flow rate"
        inlets = self._flow_inlets(q)
        if not inlets:
            self.refuse(q, f"which of the inlets ({', '.join(self.patches('inlet')) or 'none'}) takes {q.text} is "
                           "not clear; name the patch")
            return
        field = self._velocity_field_for(q)
        rels = self.base.field_rels(field)
        done = False
        for rel in rels:
            text = self.base.text(rel) or ""
            for patch in inlets:
                bc = fd.get(text, ["boundaryField", patch, "type"]) or ""
                if bc == "variableHeightFlowRateInletVelocity" and key != "volumetricFlowRate":
                    self.refuse(q, f"{patch} takes a volumetric flow rate (variableHeightFlowRateInletVelocity); "
                                   "state it in m3/s")
                    return
                if bc == "variableHeightFlowRateInletVelocity":
                    done = self._set_rate(q, rel, patch, "flowRate", what) or done
                elif bc == "flowRateInletVelocity" and fd.get(text, ["boundaryField", patch, key]) is not None:
                    done = self._set_rate(q, rel, patch, key, what) or done
                elif bc == "flowRateInletVelocity" or bc in VELOCITY_ENTRIES:
                    done = self._drive_by_rate(q, rel, patch, key, what) or done
        if not done:
            self.refuse(q, f"the base case's inlets ({', '.join(inlets)}) carry no velocity or flow rate to set "
                           f"{q.text} on (conditions: {', '.join(self.base.patch_bcs(field).get(p, '?') for p in inlets)})")

    def _set_rate(self, q: StatedQuantity, rel: str, patch: str, key: str, what: str) -> bool:
        """The rate entry's number, in place or where its macro is defined (a tutorial's include)."""
        raw = fd.get(self.base.text(rel) or "", ["boundaryField", patch, key]) or ""
        where_rel, entry = self._macro_home(rel, raw) or (rel, ["boundaryField", patch, key])
        old = fd.get(self.base.text(where_rel) or "", entry) or ""
        new = with_number(old, q.value)
        if new is None:
            self.refuse(q, f"{patch}'s {key} is a table or a formula ({' '.join(old.split())[:40]}); Casewright "
                           "sets a constant rate only")
            return True
        self.set(where_rel, entry, new, f"{what} {fmt(q.value)} on {patch}"
                 + (f" ({'/'.join(entry)} in {where_rel})" if where_rel != rel else ""), q)
        return True

    def _drive_by_rate(self, q: StatedQuantity, rel: str, patch: str, key: str, what: str) -> bool:
        """The patch becomes flowRateInletVelocity with the stated rate (a mass flow of an
        incompressible solver needs its density: rhoInlet)."""
        entries = {"type": "flowRateInletVelocity", key: f"constant {fmt(q.value)}"}
        if key == "massFlowRate" and self.base.text("constant/thermophysicalProperties") is None:
            rho, source = self._inlet_density()
            entries["rhoInlet"] = fmt(rho)
            self.assumptions.append(f"{q.text} at {patch} with density {fmt(rho)} kg/m3 ({source})")
        entries["value"] = "uniform (0 0 0)"
        was = fd.get(self.base.text(rel) or "", ["boundaryField", patch, "type"]) or "?"
        self.set(rel, ["boundaryField", patch], entries, f"{what} {fmt(q.value)} on {patch} (was {was})")
        self.bindings.append(Binding(stated=q.text, file=rel, entry=["boundaryField", patch, key],
                                     value=f"constant {fmt(q.value)}", how=f"{what} on {patch}"))
        self.assumptions.append(f"{patch} is driven by the {what} {q.text} (flowRateInletVelocity instead of the "
                                f"base's {was}): OpenFOAM spreads it uniformly over the patch area"
                                + self._mean_velocity_note(q, patch, entries))
        return True

    def _mean_velocity_note(self, q: StatedQuantity, patch: str, entries: dict[str, str]) -> str:
        """"; mean velocity 0.5 m/s over 0.01 m2" when the patch area is known from the mesh."""
        area = patch_area(self.base.text("system/blockMeshDict") or "", patch)
        if not area:
            return " (the patch area is not known before meshing)"
        rho = float(entries["rhoInlet"]) if "rhoInlet" in entries else 1.0
        if "massFlowRate" in entries and "rhoInlet" not in entries:
            return f" over {area:.4g} m2 (blockMeshDict)"
        return f"; mean velocity {q.value / (rho * area):.4g} m/s over {area:.4g} m2 (blockMeshDict)"

    def _inlet_density(self) -> tuple[float, str]:
        """The stated density, else the named fluid's (water when none is named)."""
        stated = next((s.value for s in self._stated if s.role == "density"), None)
        if stated is not None:
            return stated, "stated"
        fluid = find_fluid(self.text) or "water"
        return fluid_table()[fluid].rho, fluid

    # initial velocity -------------------------------------------------------------------
    def bind_initial_velocities(self, stated: list[StatedQuantity],
                                skip: list[StatedQuantity] = ()) -> list[StatedQuantity]:
        """"The water starts at rest", "initially moving at 0.5 m/s in x": the internal field
        of the velocity fields, not a boundary; returns the stated quantities taken (a new
        one, of value 0, for "at rest")."""
        taken: list[StatedQuantity] = []
        text = normalise(self.text).lower()
        for q in [s for s in stated if s.quantity == "velocity" and not any(s is t for t in skip)]:
            clause, _ = self._words_of(q)
            if said_initial(clause, q.text) and not re.search(_BOUNDARY_WORDS, clause):
                v = [q.value * d for d in (self._stated_direction(q) or self._internal_direction()
                                           or self._flow_direction())]
                self._set_internal_velocity(q, vec(v))
                taken.append(q)
        rest = _REST.search(text)
        if rest and velocity_fields(self.base.fields()) and \
                not re.search(_BOUNDARY_WORDS, re.split(r"[,;.]\s", text[:rest.start()])[-1]):
            q = StatedQuantity(text=rest.group(0), quantity="velocity", value=0.0, unit="m/s", role="initial_velocity")
            stated.append(q)
            self._set_internal_velocity(q, "(0 0 0)")
            taken.append(q)
        return taken

    def _internal_direction(self, field: str | None = None) -> list[float] | None:
        """The direction of a velocity field's initial value (the base's main one by default)."""
        rel = (self.base.field_rels(field or self.u_field) or [None])[0]
        return direction(fd.get(self.base.text(rel) or "", ["internalField"]) or "") if rel else None

    def _set_internal_velocity(self, q: StatedQuantity, v: str) -> None:
        fields = [self._velocity_field_for(q)] if q.value else velocity_fields(self.base.fields())
        for field in fields:
            for rel in self.base.field_rels(field):
                self.set(rel, ["internalField"], f"uniform {v}", f"initial velocity of {field} ({q.text})", q)
        if not any(self.base.field_rels(f) for f in fields):
            self.refuse(q, f"{self.solver} solves no velocity field to start from {q.text}")

    # inlet fluctuations -----------------------------------------------------------------
    def bind_inlet_fluctuation(self, q: StatedQuantity) -> bool:
        """A turbulence intensity at a turbulentInlet: its fluctuationScale, the same in every
        direction (the inlet adds random fluctuations of that fraction of the reference speed)."""
        done = False
        for rel in self.base.field_rels(self.u_field):
            text = self.base.text(rel) or ""
            for patch in self.patches("inlet"):
                if fd.get(text, ["boundaryField", patch, "type"]) == "turbulentInlet":
                    self.set(rel, ["boundaryField", patch, "fluctuationScale"], vec([q.value] * 3),
                             f"inlet fluctuation scale {fmt(q.value)} on {patch}", q)
                    done = True
        if done:
            self.assumptions.append(f"{q.text} turbulence intensity: the turbulentInlet fluctuation scale, the same "
                                    "in x, y and z")
        return done
