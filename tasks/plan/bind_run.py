"""Binding run controls, mesh counts and derived numbers: end time, time step, write interval,
Courant limit, ranks, gravity, rotation, cells, Reynolds and Prandtl numbers, the other
dimensionless groups where the base defines them (Froude, Hartmann, Peclet, Schmidt), a change
relative to the base's value ("40 % more viscous") and the refusal of a range. Mixed into
`tasks.plan.bind.Binder`.
"""

from __future__ import annotations

import math
import re

from tasks.foam import dictionary as fd
from tasks.plan.foam_values import direction as _direction
from tasks.plan.foam_values import fmt, vec
from tasks.plan.controls_axis import count_axis
from tasks.plan.controls_patch_extent import patch_size
from tasks.plan.bind_speeds import froude_speed, hartmann_field, peclet_diffusivity, relative_factor, schmidt_diffusivity
from tasks.plan.foam_values import leaves as _leaves
from tasks.plan.foam_values import magnitude as _magnitude
from tasks.plan.stated import Binding, StatedQuantity, based_on, in_case_time


def bare_run_length(text: str) -> bool:
    """Whether a run length is written without a unit ("end 0.1", "stop at 500", "t = 2"): the
    case's own time, or iterations on a steady solver."""
    return re.search(r"\d\.?\s*$", text) is not None


class RunBinding:
    """Run controls, mesh sizes and derived quantities."""

    def _control(self, q: StatedQuantity, key: str, what: str, value: str | None = None) -> None:
        if value is None and q.quantity == "time":  # "one year" is 1 in financialFoam's years
            value = fmt(in_case_time(q.value, self.solver))
        rel, entry = self.control_home(key) or ("system/controlDict", [key])  # the top-level entry, not a function's
        self.set(rel, entry, value or fmt(q.value), what, q)

    def _end_time(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        from tasks.foam.physics import is_steady

        if q.quantity == "time" and q.value == 0 and any(s.role == "end_time" and s.value > 0 for s in stated):
            # "packed at t = 0; simulate 0.5 s": the initial instant beside an end time is no end time
            start = fd.get(self.base.text("system/controlDict") or "", ["startTime"]) or "0"
            if start.strip() in ("0", "0.0"):
                self.bindings.append(Binding(stated=q.text, file="system/controlDict", entry=["startTime"], value="0",
                                             how="the initial instant: the run starts at t = 0"))
            self.assumptions.append(f"{q.text} is the initial instant (the start of the run), not its end")
            return
        if is_steady(self.solver) and q.quantity == "time" and bare_run_length(q.text):
            # "stop at 500", "end 2000" without a unit: a steady solver's end time counts iterations
            self.assumptions.append(f"{q.text}: {fmt(q.value)} iterations of the steady {self.solver}")
            self._control(q, "endTime", "iterations", fmt(q.value))
            return
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
        bare = q.quantity == "time" and bare_run_length(q.text)  # "end 0.5": already in the case's own time
        self._control(q, "endTime", "end time" if q.quantity == "time" else "iterations", fmt(q.value) if bare else None)

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
        at = self.value_at(low, q)
        ext = self.base.extents()
        flat = {i for i in range(3) if blocks and all(b[i] == 1 for b in blocks)}
        named = count_axis(low, at, at + len(q.text), self._up_axis(), ext, flat) if at >= 0 else None
        axis = named if isinstance(named, int) else None
        if len(blocks) == 1 and axis is None:
            resolved = [i for i, c in enumerate(blocks[0]) if c > 1]
            if len(resolved) == 1:  # a 1-D mesh: its one resolved direction
                axis = resolved[0]
                self.assumptions.append(f"{q.text}: along {'xyz'[axis]}, the only direction the base mesh resolves")
        if len(blocks) != 1 or axis is None:
            self.refuse(q, "a cell count for one direction needs a one-block mesh and the direction (x, y or z)")
            return
        new = list(self._planned_counts() or blocks[0])  # "40 in x, 20 in y": each count on the ones set before
        new[axis] = int(q.value)
        self._set_block_counts(text, blocks[0], new, q)

    def _planned_counts(self) -> list[int] | None:
        """The one block's cell counts as this plan leaves them so far, or None when unchanged."""
        if not any(e.file == "system/blockMeshDict" and e.entry == ["blocks"] for e in self.edits):
            return None
        m = re.search(r"hex\s*\([^)]*\)\s*\(\s*(\d+)\s+(\d+)\s+(\d+)\s*\)", self.current("system/blockMeshDict", "blocks"))
        return [int(g) for g in m.groups()] if m else None

    def _cell_size(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        text, blocks = self.base.blocks()
        ext = self.base.extents()
        if len(blocks) != 1 or ext is None:
            self.refuse(q, "a cell size is applied to one-block meshes here; ask for a refinement factor instead")
            return
        new = [max(1, round(e / q.value)) if c > 1 else c for e, c in zip(ext, blocks[0])]
        self._set_block_counts(text, blocks[0], new, q)

    def _reynolds(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        """Re = U L / nu on a single-phase incompressible base: with a stated speed, nu follows;
        else the base's speed changes (with the stated or the base's nu). L is a length stated
        with the number ("based on the 2 cm inlet"), else the base's inlet height or lid length."""
        speed = next((s.value for s in stated if s.role in self._SPEED_ROLES), None)
        rel = "constant/transportProperties"
        text = self.base.text(rel) or ""
        if fd.find(text, ["nu"]) is None or self._phase():
            self.refuse(q, "a Reynolds number is applied through the kinematic viscosity of a single-phase "
                           "incompressible case; state the viscosity for this case")
            return
        length = self._group_length_of(q, stated)
        if length is None:
            self.refuse(q, "the reference length for the Reynolds number is not known (no inlet, lid or block mesh "
                           "in the base); state it ('Re 500 based on a 2 cm inlet') or state the velocity and viscosity")
            return
        stated_nu = next((s.value for s in stated if s.role == "nu"), None)
        if speed is not None and stated_nu is not None:
            if abs(speed * length / stated_nu - q.value) > 0.1 * q.value:
                self.refuse(q, f"contradicts U = {fmt(speed)} m/s, L = {fmt(length)} m, nu = {fmt(stated_nu)} m2/s "
                               f"(Re = {speed * length / stated_nu:.4g}); drop one of them")
            return
        if speed is not None:
            nu = speed * length / q.value
            self.set(rel, ["nu"], self._keep_dims(fd.get(text, ["nu"]) or "", nu),
                     f"nu = U L / Re = {fmt(speed)} x {fmt(length)} / {fmt(q.value)}", q)
            self.assumptions.append(f"Re = {fmt(q.value)} with the stated U = {fmt(speed)} m/s and reference length "
                                    f"L = {fmt(length)} m ({self._length_note})")
            self._bind_group_length(q, stated)
            return
        self._reynolds_speed(q, stated, length, stated_nu if stated_nu is not None else self._base_nu(text))

    def _reynolds_speed(self, q: StatedQuantity, stated: list[StatedQuantity], length: float,
                        nu: float | None) -> None:
        """U = Re nu / L, set where a stated inlet or lid speed would go."""
        role = self._driven_speed_role()
        if nu is None or role is None or (self._base_speed() or self._freestream_speed()) is None:
            self.refuse(q, "the reference velocity for the Reynolds number is not known (no inlet or lid speed in "
                           "the base); state the velocity")
            return
        speed = q.value * nu / length
        if self._set_driven_speed(q, speed, role, stated, f"Re = {fmt(q.value)}: U = Re nu / L = {speed:.4g} m/s with "
                                  f"nu = {fmt(nu)} m2/s and reference length L = {fmt(length)} m ({self._length_note})"):
            self._bind_group_length(q, stated)

    def _driven_speed_role(self) -> str | None:
        """The role a speed set from a dimensionless number takes: the inlet's, else the lid's."""
        return "inlet_velocity" if self.patches("inlet") else "lid_velocity" if self.patches("moving_wall") else None

    def _set_driven_speed(self, q: StatedQuantity, speed: float, role: str, stated: list[StatedQuantity],
                          note: str) -> bool:
        """Bind `speed` (from the number `q`) as the inlet or lid velocity; the note becomes an assumption
        when it was written. True when it was."""
        turned = StatedQuantity(text=q.text, quantity="velocity", value=speed, unit="m/s", role=role)
        before = len(self.bindings)
        getattr(self, f"_{role}")(turned, stated)
        if len(self.bindings) == before:
            return False
        self.assumptions.append(note)
        return True

    @staticmethod
    def _base_nu(text: str) -> float | None:
        raw = (fd.get(text, ["nu"]) or "").split()
        try:
            return float(raw[-1].rstrip(";")) if raw else None
        except ValueError:
            return None

    _length_note = ""

    def _said_length(self, q: StatedQuantity, stated: list[StatedQuantity]) -> StatedQuantity | None:
        """The length the group `q` is said to be based on: the first length after it in its
        sentence, joined by "based on", "on", "with", ... ("Re 50 based on the 10 cm block side")."""
        low = self.text.lower()
        at = self.value_at(low, q)
        if at < 0:
            return None
        end = at + len(q.text)
        after = sorted(((pos, s) for s in stated if s.quantity == "length" and s.role == "geometry"
                        and (pos := self.value_at(low, s)) >= end), key=lambda h: h[0])
        return after[0][1] if after and based_on(low[end:after[0][0]]) else None

    def _bind_group_length(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        """The stated reference length is applied where its group's value went."""
        said = self._said_length(q, stated)
        done = [b for b in self.bindings if b.stated == q.text]
        if said is not None and done:
            self.bindings.append(done[-1].model_copy(update={"stated": said.text,
                                                             "how": f"the reference length of {q.text}"}))

    def _group_length_of(self, q: StatedQuantity, stated: list[StatedQuantity],
                         patch_sizes: bool = True) -> float | None:
        """The length stated with the group `q`, else the base's reference length (without
        `patch_sizes`: the domain's height, a Peclet number's length on a base)."""
        said = self._said_length(q, stated)
        if said is not None:
            self._length_note = f"the stated {said.text}"
            return said.value
        return self._documented_length() or self._reference_length(patch_sizes)

    def _documented_length(self) -> float | None:
        """L = Re nu / U from a Reynolds number the base documents beside its nu ("nu 5e-3; //
        Re_blockage = 200"), with the base's own speed; a friction Reynolds number (Re_tau) is not one."""
        raw = self.base.text("constant/transportProperties") or ""
        m = re.search(r"\bRe(?:_?(?P<of>[A-Za-z]+))?\s*=\s*(?P<re>\d+(?:\.\d*)?(?:[eE][-+]?\d+)?)", raw)
        speed = self._base_speed() or self._freestream_speed()
        nu = self._base_nu(raw)
        if m is None or (m.group("of") or "").lower() in ("tau", "t") or not speed or not nu or float(m.group("re")) <= 0:
            return None
        self._length_note = f"the base's own Re{'_' + m.group('of') if m.group('of') else ''} = {m.group('re')} " \
                            f"at U = {fmt(speed)} m/s and nu = {fmt(nu)} m2/s"
        return float(m.group("re")) * nu / speed

    def _reference_length(self, patch_sizes: bool = True) -> float | None:
        """The base's inlet height (the lid's length in a cavity), from the patch's faces in the
        blockMeshDict; else the domain's height (its side along the lid)."""
        text, blocks = self.base.blocks()
        flat = {i for i in range(3) if blocks and all(b[i] == 1 for b in blocks)}
        named = (("inlet", "the inlet's height"), ("moving_wall", "the moving wall's length")) if patch_sizes else ()
        for role, note in named:
            sizes = [size for patch in self.patches(role) if (size := patch_size(text, patch, flat))]
            if sizes:
                self._length_note = f"{note}, from the base's blockMeshDict"
                return max(sizes)
        ext = self.base.extents()
        if ext is None:
            return None
        if self.patches("moving_wall") and not self.patches("inlet"):
            self._length_note = "the length of the moving wall's side of the domain"
            return ext[0]
        self._length_note = "the domain height"
        return ext[1]

    def _prandtl(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        text = self.base.text("constant/transportProperties") or ""
        if fd.find(text, ["Pr"]) is not None:
            self.set("constant/transportProperties", ["Pr"], self._keep_dims(fd.get(text, ["Pr"]) or "", q.value),
                     "Prandtl number", q)
            return
        self.refuse(q, "the base case has no Prandtl number entry")

    # dimensionless groups ---------------------------------------------------------------
    _SPEED_ROLES = ("inlet_velocity", "lid_velocity", "wall_velocity")

    def _group_speed(self, stated: list[StatedQuantity]) -> float | None:
        return next((s.value for s in stated if s.role in self._SPEED_ROLES), None) or self._base_speed() \
            or self._freestream_speed()

    def _base_gravity(self) -> tuple[float, int] | None:
        """(|g|, the axis it acts along) from the base's constant/g; None without gravity."""
        raw = fd.get(self.base.text("constant/g") or "", ["value"]) or ""
        size = _magnitude(raw)
        d = _direction(raw)
        return (size, max(range(3), key=lambda i: abs(d[i]))) if size > 0 and d else None

    def _froude(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        """U = Fr sqrt(g L) with L the domain's depth along gravity; set where a stated speed would go."""
        ext = self.base.extents()
        if ext is None:
            self.refuse(q, "a Froude number needs the depth of the domain (a blockMesh base) to give a speed; "
                           "state the velocity instead")
            return
        gravity = self._base_gravity()
        if gravity is None:
            self.refuse(q, f"a Froude number compares the speed with gravity waves; this {self.solver} base has no "
                           "gravity (constant/g): state the velocity instead")
            return
        g, axis = gravity
        depth, depth_note = self._liquid_depth(axis, ext[axis])
        speed = froude_speed(q.value, g, depth)
        role = self._driven_speed_role()
        if role is None:
            self.refuse(q, f"a Froude number sets the inflow speed; the base case has no inlet or moving wall "
                           f"(patches: {', '.join(self.roles)})")
            return
        self._set_driven_speed(q, speed, role, stated, f"Fr = {fmt(q.value)}: U = Fr sqrt(g L) = {speed:.4g} m/s with "
                               f"g = {fmt(g)} m/s2 and L = {fmt(depth)} m ({depth_note})")

    def _liquid_depth(self, axis: int, height: float) -> tuple[float, str]:
        """The depth a Froude number is based on: the height of the box setFields fills with a
        liquid (alpha = 1) along gravity, within the domain; else the domain's height."""
        raw = fd.strip_comments(self.current("system/setFieldsDict", "regions") or "")
        num = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
        for m in re.finditer(rf"box\s*\(\s*({num})\s+({num})\s+({num})\s*\)\s*\(\s*({num})\s+({num})\s+({num})\s*\)"
                             rf"[^}}]*?volScalarFieldValue\s+alpha\.\w+\s+1\b", raw):
            lo, hi = float(m.group(1 + axis)), float(m.group(4 + axis))
            depth = min(hi - lo, height)
            if depth > 0:
                return depth, "the depth of the liquid setFields fills, along gravity"
        return height, "the domain's height along gravity"

    def _hartmann(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        """B = Ha sqrt(rho nu / sigma) / L, L the half-width of the channel (across the field)."""
        rel = "constant/transportProperties"
        text = self.base.text(rel) or ""
        b_rels = self.base.field_rels("B")
        values = {}
        for key in ("rho", "nu", "sigma"):
            raw = (fd.get(text, [key]) or "").split()
            try:
                values[key] = float(raw[-1]) if raw else None
            except ValueError:
                values[key] = None
        ext = self.base.extents()
        if not b_rels or None in values.values() or ext is None:
            missing = [k for k, v in values.items() if v is None] + ([] if b_rels else ["a magnetic field B"]) + \
                ([] if ext is not None else ["the channel width (a blockMesh base)"])
            self.refuse(q, f"a Hartmann number sets the magnetic field of an MHD case (mhdFoam); this base has no "
                           f"{', '.join(missing)}")
            return
        internal = fd.get(self.base.text(b_rels[0]) or "", ["internalField"]) or ""
        d = _direction(internal) or [0.0, 1.0, 0.0]
        axis = max(range(3), key=lambda i: abs(d[i]))
        half = ext[axis] / 2
        b = hartmann_field(q.value, values["rho"], values["nu"], values["sigma"], half)
        field = vec([b * c for c in d])
        for b_rel in b_rels:
            b_text = self.base.text(b_rel) or ""
            self.set(b_rel, ["internalField"], f"uniform {field}", f"B from Ha = {fmt(q.value)}", q)
            for patch, bc in self.base.patch_bcs("B").items():
                if bc == "fixedValue" and _magnitude(fd.get(b_text, ["boundaryField", patch, "value"]) or "") > 0:
                    self.set(b_rel, ["boundaryField", patch, "value"], f"uniform {field}", f"B on {patch} from Ha", q)
        self.assumptions.append(f"Ha = {fmt(q.value)}: B = Ha sqrt(rho nu / sigma) / L = {b:.4g} T with rho = "
                                f"{fmt(values['rho'])}, nu = {fmt(values['nu'])}, sigma = {fmt(values['sigma'])} "
                                f"and L = {fmt(half)} m (half the channel width along B)")

    def _diffusivity_home(self) -> tuple[str, list[str]] | None:
        for rel in ("constant/transportProperties", "constant/physicalProperties"):
            if fd.find(self.base.text(rel) or "", ["DT"]) is not None:
                return rel, ["DT"]
        return None

    def _peclet(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        """DT = U L / Pe on a base with a scalar diffusivity DT."""
        home = self._diffusivity_home()
        speed = self._group_speed(stated)
        length = self._group_length_of(q, stated, patch_sizes=False)
        if home is None:
            self.refuse(q, "a Peclet number sets the diffusivity DT of a scalar-transport case; this base has no DT "
                           "(state a diffusivity or a Prandtl number instead)")
            return
        if speed is None or length is None:
            self.refuse(q, "the reference speed or length for the Peclet number is not known; state the velocity")
            return
        dt = peclet_diffusivity(q.value, speed, length)
        self.set(home[0], home[1], self._keep_dims(fd.get(self.base.text(home[0]) or "", home[1]) or "", dt),
                 f"DT = U L / Pe = {fmt(speed)} x {fmt(length)} / {fmt(q.value)}", q)
        self.assumptions.append(f"Pe = {fmt(q.value)} with U = {fmt(speed)} m/s and L = {fmt(length)} m "
                                f"({self._length_note})")
        self._bind_group_length(q, stated)

    def _schmidt(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        """DT = nu / Sc on a base with DT and a viscosity (stated or the base's)."""
        home = self._diffusivity_home()
        nu = next((s.value for s in stated if s.role == "nu"), None)
        if nu is None:
            raw = (fd.get(self.base.text("constant/transportProperties") or "", ["nu"]) or "").split()
            try:
                nu = float(raw[-1]) if raw else None
            except ValueError:
                nu = None
        if home is None or nu is None:
            self.refuse(q, "a Schmidt number sets the diffusivity DT = nu / Sc; this base has no "
                           f"{'DT' if home is None else 'kinematic viscosity nu'} (state the diffusivity instead)")
            return
        self.set(home[0], home[1], self._keep_dims(fd.get(self.base.text(home[0]) or "", home[1]) or "",
                                                   schmidt_diffusivity(q.value, nu)),
                 f"DT = nu / Sc = {fmt(nu)} / {fmt(q.value)}", q)

    def _no_group(self, q: StatedQuantity, what: str, needs: str) -> None:
        self.refuse(q, f"a {what} is not applied to this {self.solver} case: it {needs}; state that value instead")

    def _weber(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        self._no_group(q, "Weber number", "needs a surface tension, a density and a length Casewright does not pick "
                                          "for you (the speed or sigma it should change is not said)")

    def _strouhal(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        self._no_group(q, "Strouhal number", "is a result of the flow (a shedding frequency), not an input")

    # ranges and relative changes --------------------------------------------------------
    def _range(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        self.refuse(q, f"{q.text} is a range; a boundary or initial value is one number: give the one value to use")

    # role words -> (what it changes, how to find and set it)
    _RELATIVE_WORDS = (
        ("viscosity", r"\bvisc|\bnu\b|\bthick(?:er)?\b|\bthin(?:ner)?\b"),
        ("diffusivity", r"\bdiffusiv|\bDT\b"),
        ("speed", r"\bspeed|\bvelocit|\bfaster\b|\bslower\b|\bflow rate\b|\blid\b|\binflow\b|\binlet\b"),
    )

    def _changed_role(self, words: str, q: StatedQuantity) -> str | None:
        """The role word nearest the value in `words` ("the lid ... 40 % more viscous": viscous)."""
        at = words.find(q.text.lower())
        at = at if at >= 0 else len(words)
        end = at + len(q.text)
        hits = [(m.start() - end if m.start() >= end else at - m.end(), name)
                for name, pat in self._RELATIVE_WORDS for m in re.finditer(pat, words, re.I)]
        return min(hits)[1] if hits else None

    def _relative_change(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        """"40 % more viscous", "reduce the inlet speed by 20 %": the base's value of the role the
        words name, scaled."""
        clause, sentence = self._words_of(q)
        factor = relative_factor(q.value, clause) or relative_factor(q.value, sentence)
        what = self._changed_role(clause, q) or self._changed_role(sentence, q)
        if factor is None or what is None:
            self.refuse(q, f"{q.text} is a change of another value; say which one (viscosity, speed, diffusivity) "
                           "and whether up or down, or state the new value")
            return
        if what == "speed":
            speed = self._base_speed() or self._freestream_speed()
            role = "inlet_velocity" if self.patches("inlet") else "lid_velocity"
            if speed is None:
                self.refuse(q, f"{q.text} changes the speed, but the base case has no inlet or wall speed to change")
                return
            turned = StatedQuantity(text=q.text, quantity="velocity", value=speed * factor, unit="m/s", role=role)
            getattr(self, f"_{role}")(turned, stated)
            self.assumptions.append(f"{q.text}: the base's speed {fmt(speed)} m/s x {fmt(factor)}")
            return
        rel, entry = ("constant/transportProperties", ["nu"]) if what == "viscosity" else \
            (self._diffusivity_home() or ("constant/transportProperties", ["DT"]))
        raw = fd.get(self.base.text(rel) or "", entry) or ""
        m = re.search(r"([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*;?\s*$", raw)
        if not m:
            self.refuse(q, f"{q.text} changes the {what}, but the base case has no single {what} value to change "
                           f"({'/'.join(entry)} in {rel})")
            return
        old = float(m.group(1))
        self.set(rel, entry, self._keep_dims(raw, old * factor), f"{what} {fmt(old)} x {fmt(factor)}", q)
        self.assumptions.append(f"{q.text}: the base's {what} {fmt(old)} x {fmt(factor)} = {fmt(old * factor)}")
