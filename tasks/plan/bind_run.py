"""Binding run controls, mesh counts and derived numbers: end time, time step, write interval,
Courant limit, ranks, gravity, rotation, cells, Reynolds and Prandtl numbers. Mixed into
`tasks.plan.bind.Binder`.
"""

from __future__ import annotations

import math
import re

from tasks.foam import dictionary as fd
from tasks.plan.foam_values import direction as _direction
from tasks.plan.foam_values import fmt, vec
from tasks.plan.foam_values import leaves as _leaves
from tasks.plan.stated import Binding, StatedQuantity, in_case_time


class RunBinding:
    """Run controls, mesh sizes and derived quantities."""

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

    def _prandtl(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        text = self.base.text("constant/transportProperties") or ""
        if fd.find(text, ["Pr"]) is not None:
            self.set("constant/transportProperties", ["Pr"], self._keep_dims(fd.get(text, ["Pr"]) or "", q.value),
                     "Prandtl number", q)
            return
        self.refuse(q, "the base case has no Prandtl number entry")
