"""Binding run controls, mesh counts and derived numbers: end time, time step, write interval,
Courant limit, ranks, gravity, rotation, cells, a change relative to the base's value ("40 %
more viscous") and the refusal of a range; the dimensionless groups (Reynolds, Prandtl, Froude,
Hartmann, Peclet, Schmidt) are in tasks/plan/bind_run_groups.py. Mixed into
`tasks.plan.bind.Binder`.
"""

from __future__ import annotations

import json
import re

from tasks.core.errors import PlanError
from tasks.foam import block_layout, block_vars, geometry
from tasks.foam import dictionary as fd
from tasks.plan.bind_run_cells import even_total, per_block_said, restated_product
from tasks.plan.controls_refine import total_limit
from tasks.plan.bind_motion_turns import TurnBinding
from tasks.plan.bind_run_groups import GroupBinding
from tasks.plan.bind_speeds import relative_factor
from tasks.plan.controls_axis import count_axis
from tasks.plan.controls_lts import lts_control_home, lts_iterations, lts_run
from tasks.plan.values_directions import said_direction
from tasks.plan.values_gravity import gravity_words
from tasks.plan.controls_time_roles import run_time_role
from tasks.plan.controls_write import write_settings
from tasks.plan.extract import normalise
from tasks.plan.foam_values import direction as _direction
from tasks.plan.foam_values import fmt, vec
from tasks.plan.stated import Binding, StatedQuantity, in_case_time


def bare_run_length(text: str) -> bool:
    """Whether a run length is written without a unit ("end 0.1", "stop at 500", "t = 2"): the
    case's own time, or iterations on a steady solver."""
    return re.search(r"\d\.?\s*$", text) is not None


def two_counts(dims: list[int], old: tuple[int, int, int]) -> list[int]:
    """Two stated counts ("200 by 50") on a one-block mesh: along its two resolved directions in
    order when one direction is flat (one cell: x-z for a mesh flat in y), else along x and y
    with z kept."""
    flat = [a for a in range(3) if old[a] == 1]
    if len(flat) == 1:
        resolved = iter(dims)
        return [old[a] if a in flat else next(resolved) for a in range(3)]
    return dims + [old[2]]


class RunBinding(GroupBinding, TurnBinding):
    """Run controls, mesh sizes and derived quantities."""

    def _control(self, q: StatedQuantity, key: str, what: str, value: str | None = None) -> None:
        if value is None and q.quantity == "time":  # "one year" is 1 in financialFoam's years
            value = fmt(in_case_time(q.value, self.solver))
        rel, entry = self.control_home(key) or ("system/controlDict", [key])  # the top-level entry, not a function's
        self.set(rel, entry, value or fmt(q.value), what, q)

    _RUN_TIME_ROLES = ("end_time", "delta_t", "write_interval")

    def _rerouted(self, q: StatedQuantity, role: str, stated: list[StatedQuantity]) -> bool:
        """A stated time whose own words name another run control ("20 us per step", "50 ms in
        total", "save interval: 0.1 s of simulated time"; tasks.plan.controls_time_roles) goes to
        that control's binder; False when they name this one or none."""
        if q.quantity != "time":
            return False
        low = normalise(self.text).lower()
        at = self.value_at(low, q)
        if at < 0:
            return False
        said = run_time_role(low[max(0, at - 120):at], low[at + len(q.text):at + len(q.text) + 60])
        if said is None or said == role or said not in self._RUN_TIME_ROLES:
            return False
        getattr(self, f"_{said}")(q, stated)
        return True

    def _end_time(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        from tasks.foam.physics import is_steady

        if self._rerouted(q, "end_time", stated):
            return

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
        if q.quantity == "iterations" and not is_steady(self.solver) and self.marches_locally():
            start = float(fd.get(self.base.text("system/controlDict") or "", ["startTime"]) or 0)
            end, step = lts_iterations(start, q.value)
            self.set("system/controlDict", ["endTime"], end, f"{int(q.value)} local-time-stepping iterations", q)
            self.set("system/controlDict", ["deltaT"], step, "local time stepping: deltaT 1 counts the iterations")
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

        if self._rerouted(q, "delta_t", stated):
            return

        if is_steady(self.solver):
            self.refuse(q, f"{self.solver} is steady: its deltaT only counts iterations")
            return
        if self.marches_locally() and q.quantity == "time":  # deltaT counts iterations: a step in s caps the local ones
            rel, entry = lts_control_home(self.base.text("system/fvSolution") or "", "maxDeltaT")
            self.set(rel, entry, fmt(q.value), "largest local time step", q)
            return
        self._control(q, "deltaT", "time step")

    def follow_write_in_seconds(self) -> None:
        """A write interval in seconds on a base that writes every N steps: writeControl follows time."""
        control = self.base.text("system/controlDict") or ""
        if (fd.get(control, ["writeControl"]) or "timeStep") == "timeStep":
            adjustable = (fd.get(control, ["adjustTimeStep"]) or "no") in ("yes", "on", "true")
            self.set("system/controlDict", ["writeControl"], "adjustableRunTime" if adjustable else "runTime",
                     "write control follows a write interval in seconds")

    def _write_interval(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        if self._rerouted(q, "write_interval", stated):
            return
        control = self.base.text("system/controlDict") or ""
        wc = fd.get(control, ["writeControl"]) or "timeStep"
        if q.quantity == "time":
            self.follow_write_in_seconds()
        if q.quantity == "iterations" and wc != "timeStep":
            self.set("system/controlDict", ["writeControl"], "timeStep", "write control counts time steps")
        self._control(q, "writeInterval", "write interval")

    def bind_write_settings(self) -> None:
        """The write format and compression the request says in words ("binary output", "no
        compression"): controlDict's writeFormat / writeCompression, where the base has them."""
        control = self.base.text("system/controlDict") or ""
        for setting in write_settings(self.text):
            if fd.find(control, [setting.key]) is None:
                continue  # a controlDict without the entry keeps OpenFOAM's default; nothing to change in place
            self.set("system/controlDict", [setting.key], setting.value, f"{setting.key} as said ({setting.words})")

    def marches_locally(self) -> bool:
        """The planned case runs with local time stepping (tasks.plan.controls_lts)."""
        from tasks.plan.bind_schemes_words import scheme_table

        return lts_run(self.base.text("system/fvSchemes") or "", normalise(self.text), self.solver,
                       scheme_table().lts_solvers)

    def _max_co(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        if self.marches_locally():  # each cell's step follows PIMPLE's maxCo (setRDeltaT.H)
            rel, entry = lts_control_home(self.base.text("system/fvSolution") or "", "maxCo")
            self.set(rel, entry, fmt(q.value), "Courant limit of the local time step", q)
            return
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
        said = self.said(q)  # "pointing in -z", "along negative x" (tasks.plan.bind_directions); else the base's
        if said is None and (at := self.value_at(normalise(self.text).lower(), q)) >= 0:  # "g acting in -z, magnitude 9.78"
            said = said_direction(gravity_words(normalise(self.text).lower(), at), self.down())
        direction = (said.vector if said is not None and said.vector else None) \
            or _direction(fd.get(text, ["value"]) or "") or [0.0, -1.0, 0.0]
        self.set("constant/g", ["value"], vec([q.value * d for d in direction]), "gravity", q)

    def _mesh_cells(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        text, blocks = self.base.blocks()
        dims = list(q.dims or [])
        if len(blocks) != 1:  # each direction's total over the blocks met along a line through the mesh
            flat = [a for a in range(3) if blocks and all(b[a] == 1 for b in blocks)]
            axes = [a for a in range(3) if a not in flat] if len(dims) == 2 and len(flat) == 1 else [0, 1, 2]
            self._set_layout_totals(text, dict(zip(axes, dims)), q)
            return
        old = blocks[0]
        new = two_counts(dims, old) if len(dims) == 2 else dims[:3]
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

    def _set_layout_totals(self, text: str, totals: dict[int, int], q: StatedQuantity, how: str = "") -> None:
        """A mesh of several blocks with `totals` cells along the given directions (exact on the
        longest line, shared faces conforming: tasks.foam.block_layout); refused with the reason
        where the blocks turn or the totals cannot be met."""
        try:
            new = block_layout.set_totals(text, totals)
        except PlanError as err:
            self.refuse(q, str(err))
            return
        self._set_blocks_entry(new, q, how or "mesh cells across the blocks: " +
                               ", ".join(f"{n} in {'xyz'[a]}" for a, n in totals.items()))

    def _set_blocks_entry(self, new: str, q: StatedQuantity, how: str) -> None:
        """The blocks entry of a multi-block blockMeshDict set to `new`'s, the counts in the binding."""
        counts = " ".join(f"({a} {b} {c})" for a, b, c in geometry.block_cells(new))
        self.set("system/blockMeshDict", ["blocks"], fd.get(new, ["blocks"]) or "", f"{how} (blocks {counts})", q)
        self.reset_sized_fields()

    def _mesh_cells_axis(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        text, blocks = self.base.blocks()
        low = normalise(self.text).lower()
        at = self.value_at(low, q)
        ext = self.base.extents()
        flat = {i for i in range(3) if blocks and all(b[i] == 1 for b in blocks)}
        named = count_axis(low, at, at + len(q.text), self._up_axis(), ext, flat) if at >= 0 else None
        axis = named if isinstance(named, int) else None
        if axis is None and int(q.value) == 1 and len(flat) == 1:  # "one cell in the third direction": the flat one
            self.assumptions.append(f"{q.text}: along {'xyz'[next(iter(flat))]}, the direction the base has one cell in")
            return
        if len(blocks) == 1 and axis is None:
            resolved = [i for i, c in enumerate(blocks[0]) if c > 1]
            if len(resolved) == 1:  # a 1-D mesh: its one resolved direction
                axis = resolved[0]
                self.assumptions.append(f"{q.text}: along {'xyz'[axis]}, the only direction the base mesh resolves")
        source = restated_product(q, stated)
        if source is not None and len(blocks) == 1:
            dims = list(source.dims or [])
            counts = self._planned_counts() or (two_counts(dims, blocks[0]) if len(dims) == 2 else dims[:3])
            self.bindings.append(Binding(stated=q.text, file="system/blockMeshDict", entry=["blocks"],
                                         value=f"({' '.join(map(str, counts))})", how="the product of the stated cell counts"))
            return  # "80 x 80 = 6400 cells": the total of the counts stated beside it
        if len(blocks) == 1 and named is None and axis is None and not per_block_said(low, at, q.text):
            limit = total_limit(self.text)  # "no more than 20 000 cells": never above it
            new = even_total(blocks[0], int(q.value), bool(limit and limit[1] and abs(limit[0] - q.value) < 0.5))
            if new is not None:  # "6400 cells" on a 20 x 20 square: a total, 80 x 80
                self.assumptions.append(f"{q.text}: no direction named, a total over the resolved directions")
                self._set_block_counts(text, blocks[0], new, q)
                return
        if len(blocks) > 1 and axis is not None:
            self._set_layout_totals(text, {axis: int(q.value)}, q)
            return
        if len(blocks) != 1 or axis is None:
            self.refuse(q, "a cell count for one direction needs the direction (x, y or z, 'along the channel')")
            return
        new = list(self._planned_counts() or blocks[0])  # "40 in x, 20 in y": each count on the ones set before
        said = next((s for s in stated if s.role == "cell_size" and s.value > 0), None)
        built = json.loads(self.base.text(".casewright/geometry.json") or "{}").get("cell_size")  # the shape library's
        size = said.value if said is not None else built
        if size and ext and new[axis] > 0 and int(q.value) != new[axis] and \
                abs(ext[axis] / new[axis] - size) <= 0.05 * size:  # the stated cell size set this count
            self.refuse(q, f"{q.text} along {'xyz'[axis]} contradicts the cell size {fmt(size)} m stated with it "
                           f"({new[axis]} cells over {fmt(ext[axis])} m); state one of them")
            return
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
        if len(blocks) > 1:  # every block's counts for cells of about that size, shared faces matching
            try:
                new_text = geometry.size_blocks(text, q.value, block_vars.scale_of(text))
            except PlanError as err:
                self.refuse(q, str(err))
                return
            self._set_blocks_entry(new_text, q, f"cells of about {q.text} in every block")
            return
        if len(blocks) != 1 or ext is None:
            self.refuse(q, "a cell size needs a blockMesh mesh with plain cell counts; ask for a refinement factor")
            return
        new = [max(1, round(e / q.value)) if c > 1 else c for e, c in zip(ext, blocks[0])]
        self._set_block_counts(text, blocks[0], new, q)

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
