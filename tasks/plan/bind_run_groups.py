"""Binding dimensionless groups to the entries they set on a tutorial base: Reynolds (the
inlet or lid speed, else nu), Prandtl, Froude, Hartmann, Peclet, Schmidt; Weber and Strouhal
are refused with the reason. The reference length is the one stated with the group ("Re 500
based on the 2 cm inlet"), else the one its words name ("based on the step height": the step of
the base's blockMeshDict), else the base's documented or geometric one. Mixed into
`tasks.plan.bind_run.RunBinding`.
"""

from __future__ import annotations

import re

from tasks.foam import dictionary as fd
from tasks.plan.bind_run_lengths import named_reference, step_height
from tasks.plan.bind_speeds import froude_speed, hartmann_field, peclet_diffusivity, schmidt_diffusivity
from tasks.plan.controls_patch_extent import patch_extents, patch_size
from tasks.plan.extract import normalise
from tasks.plan.foam_values import direction as _direction
from tasks.plan.foam_values import fmt, leaves, vec
from tasks.plan.foam_values import magnitude as _magnitude
from tasks.plan.stated import Binding, StatedQuantity, based_on


class GroupBinding:
    """Dimensionless groups of a plan."""

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

    def _friction_reynolds(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        """Re_tau = u_tau delta / nu: the bulk velocity of a channel driven by a mean-velocity force
        (channel395's fvOptions, boundaryFoam's Ubar), by Dean's correlation; refused elsewhere."""
        if not self._mean_velocity_homes():
            self.refuse(q, f"{q.text} is a friction Reynolds number (u_tau delta / nu), which is set through the bulk "
                           "velocity Ubar of a channel driven by a mean-velocity force (channel395, boundaryFoam); "
                           f"this {self.solver} base has none: state the bulk Reynolds number or the velocity")
            return
        if re.search(rf"(?<!\d){fmt(q.value)}(?!\d)", self.base.root.name):  # "channel395 (Re_tau 395)"
            for rel, entry, raw in self._mean_velocity_homes()[:1]:  # the bulk velocity that gives it, kept
                self.bindings.append(Binding(stated=q.text, file=rel, entry=entry, value=raw,
                                             how=f"the tutorial's own Ubar is set for {q.text}"))
            self.assumptions.append(f"{q.text} is the {self.base.root.name} tutorial's own friction Reynolds number: "
                                    "its bulk velocity is kept for it")
            return
        if any(s.role in self._SPEED_ROLES for s in stated):
            self.refuse(q, f"{q.text} with a stated speed would fix the viscosity through the wall friction; state "
                           "the viscosity instead, or drop the speed")
            return
        rel = "constant/transportProperties"
        nu = next((s.value for s in stated if s.role == "nu"), None) or self._base_nu(self.base.text(rel) or "")
        length = self._group_length_of(q, stated)
        if nu is None or length is None:
            self.refuse(q, f"{q.text}: the channel's viscosity or half-height is not known; state the bulk velocity")
            return
        self._reynolds_mean_velocity(q, stated, length, nu)

    def _reynolds_speed(self, q: StatedQuantity, stated: list[StatedQuantity], length: float,
                        nu: float | None) -> None:
        """U = Re nu / L, set where a stated inlet or lid speed would go."""
        role = self._driven_speed_role()
        if nu is not None and (role is None or (self._base_speed() or self._freestream_speed()) is None) \
                and self._mean_velocity_homes():
            self._reynolds_mean_velocity(q, stated, length, nu)
            return
        if nu is None or role is None or (self._base_speed() or self._freestream_speed()) is None:
            self.refuse(q, "the reference velocity for the Reynolds number is not known (no inlet or lid speed in "
                           "the base); state the velocity")
            return
        speed = q.value * nu / length
        if self._set_driven_speed(q, speed, role, stated, f"Re = {fmt(q.value)}: U = Re nu / L = {speed:.4g} m/s with "
                                  f"nu = {fmt(nu)} m2/s and reference length L = {fmt(length)} m ({self._length_note})"):
            self._bind_group_length(q, stated)

    def _mean_velocity_homes(self) -> list[tuple[str, list[str], str]]:
        """(file, entry, raw) of the bulk velocity a base without an inlet is driven by: Ubar in
        transportProperties (boundaryFoam) or in a meanVelocityForce fvOption (channel395)."""
        return [(rel, entry, raw) for rel in self._dictionaries() if rel.endswith(("transportProperties", "fvOptions"))
                for entry, raw in leaves(self.base.text(rel) or "") if entry[-1] == "Ubar" and _direction(raw)]

    def _reynolds_mean_velocity(self, q: StatedQuantity, stated: list[StatedQuantity], length: float,
                                nu: float) -> None:
        """Ubar = Re nu / L along the base's own Ubar; a friction Reynolds number (Re_tau = u_tau delta /
        nu) is turned into the bulk one by Dean's correlation Re_tau = 0.09 Re_b^0.88 (Re_b on 2 delta)."""
        if self._friction_said(q):
            delta = length if "half" in self._length_note or "stated" in self._length_note else length / 2
            bulk = (q.value / 0.09) ** (1 / 0.88)
            speed = bulk * nu / (2 * delta)
            note = (f"Re_tau = {fmt(q.value)} is a friction Reynolds number on the half-height delta = {fmt(delta)} m: "
                    f"Dean's Re_tau = 0.09 Re_b^0.88 gives Re_b = {bulk:.4g} on 2 delta, Ubar = {speed:.4g} m/s "
                    f"with nu = {fmt(nu)} m2/s")
        else:
            speed = q.value * nu / length
            note = (f"Re = {fmt(q.value)}: the bulk velocity Ubar = Re nu / L = {speed:.4g} m/s with nu = {fmt(nu)} m2/s "
                    f"and reference length L = {fmt(length)} m ({self._length_note})")
        for rel, entry, raw in self._mean_velocity_homes():
            way = _direction(raw) or [1.0, 0.0, 0.0]
            self.set(rel, entry, vec([speed * x for x in way]), f"bulk velocity from {q.text}", q)
        self.assumptions.append(note)
        self._bind_group_length(q, stated)

    def _friction_said(self, q: StatedQuantity) -> bool:
        """The Reynolds number's own words make it a friction one ("Re_tau", "friction Reynolds")."""
        if q.role == "friction_reynolds":
            return True
        clause, _ = self._words_of(q)
        return re.search(r"\bfriction|\btau\b|\bτ|\bshear|\bwall[- ]units?\b", clause) is not None

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
        low = normalise(self.text).lower()
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
        return self._named_length(q) or self._documented_length() or self._reference_length(patch_sizes)

    def _named_length(self, q: StatedQuantity) -> float | None:
        """The base's length the words after the group name ("based on the step height"), from its
        blockMeshDict; None when they name none or the base does not have it."""
        low = normalise(self.text).lower()
        at = self.value_at(low, q)
        name = named_reference(low, at + len(q.text)) if at >= 0 else None
        text, blocks = self.base.blocks()
        ext = self.base.extents()
        if name is None or ext is None:
            return None
        flat = {i for i in range(3) if blocks and all(b[i] == 1 for b in blocks)}
        role = {"lid": "moving_wall", "inlet": "inlet", "outlet": "outlet", "step": "inlet"}.get(name)
        if name == "step":
            inlets = [e for p in self.patches("inlet") if (e := patch_extents(text, p))]
            length = step_height(ext, inlets[0], flat) if inlets else None
        elif role is not None:
            length = max((s for p in self.patches(role) if (s := patch_size(text, p, flat))), default=None)
        else:
            length = ext[0] if name == "side" else ext[1] if 1 not in flat else ext[2]
            length = length / 2 if name == "half" and length else length
        if length:
            self._length_note = f"the base's {name.replace('_', ' ')} named with {q.text}, from its blockMeshDict"
        return length or None

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
