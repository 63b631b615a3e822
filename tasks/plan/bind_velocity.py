"""Binding velocities: inlet and free-stream speeds, a lid's or wall's velocity, a Mach number
(from the base's gas), an angle of attack turning the inflow, a contact angle, inlet turbulence.
Mixed into `tasks.plan.bind.Binder`.
"""

from __future__ import annotations

import json
import math
import re

from tasks.foam import dictionary as fd
from tasks.plan.bind_angles import arc_angles_deg, hex_edge_angles_deg, is_attack_angle
from tasks.plan.bind_base import SIDES as _SIDES
from tasks.plan.bind_directions import DirectionBinding
from tasks.plan.bind_inlets import VELOCITY_ENTRIES, with_vector
from tasks.plan.bind_phase_inlets import PhaseInletBinding
from tasks.plan.bind_speeds import own_speed, speeds_agree
from tasks.plan.bind_inlet_profile import parabolic_profile, parabolic_said
from tasks.plan.controls_patch_extent import patch_bounds
from tasks.plan.extract import normalise
from tasks.plan.foam_values import VECTOR as _VECTOR
from tasks.plan.foam_values import direction as _direction
from tasks.plan.foam_values import fmt, vec
from tasks.plan.foam_values import leaves as _leaves
from tasks.plan.foam_values import magnitude as _magnitude
from tasks.plan.stated import StatedQuantity


class VelocityBinding(DirectionBinding, PhaseInletBinding):
    """Velocities, Mach numbers and angles of a plan."""

    def _flow_direction(self) -> list[float]:
        return [1.0, 0.0, 0.0]

    def _axis_hint(self, q: StatedQuantity) -> int | None:
        low = normalise(self.text).lower()
        at = self.value_at(low, q)
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

    def _bare_value(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        """A number given to a field without a unit and not plausible in the field's unit
        (tasks.plan.stated_bare), or in a unit the reader does not know (tasks.plan.stated_unread):
        reported with why, never guessed."""
        self.refuse(q, q.note or f"{q.text} has no unit: write its unit")

    def _inlet_velocity(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        inlets = self.patches("inlet")
        if self.tip_speed(q, stated):  # "blade tip speed 20 m/s at r = 0.1 m": the rotor's omega = v / r
            return
        if self.motion_said(q) and self.motion_speed(q, stated):
            return  # "peak heave speed 4 cm/s": the oscillating body's, not an inlet's
        if self.refuse_unplaced_vertical(q) or self.bind_injector_faces(q):  # tasks/plan/bind_directions.py
            return
        if inlets and (part := self.oscillation_of(q)) is not None:  # "pulsating: mean 10 m/s, amplitude 2 m/s"
            self.oscillate(q, part, self.base.field_rels(self.u_field), self._inlets_for(q, inlets), "inlet")
            return
        if self.bind_phase_inlet(q, self._inlets_for(q, inlets)):  # U.<phase> of an Euler-Euler case
            return
        if inlets and self._velocity_on(q, self._inlets_for(q, inlets), "inlet velocity"):
            self._scale_inlet_turbulence(q)
            self._parabolic_inlets(q, self._inlets_for(q, inlets))
            return
        if self._velocity_entries(q):
            return
        moving = self.patches("moving_wall")
        if moving and not inlets and self._velocity_on(q, moving, "wall velocity"):
            self.assumptions.append(f"{q.text} applied to the moving wall ({', '.join(moving)}): the base has no inlet")
            return
        if not inlets and not moving and self.motion_speed(q, stated):
            self.assumptions.append(f"{q.text}: the velocity amplitude of the body's oscillation, the only "
                                    f"velocity the base imposes")
            return
        if not inlets and self.initial_state(q, "velocity", lambda old: with_vector(old, [
                q.value * d for d in self._stated_direction(q) or _direction(old) or self._flow_direction()])):
            return  # a particle method's bulk velocity (dsmcInitialiseDict velocity, an md zone's bulkVelocity)
        self.refuse(q, f"the base case has no inlet with a fixed velocity to carry {q.text} "
                       f"(patches: {', '.join(f'{p} ({r})' for p, r in self.roles.items())})")

    def _parabolic_inlets(self, q: StatedQuantity, inlets: list[str]) -> None:
        """"A parabolic inlet profile with a mean velocity of 0.5 m/s": each planar fixedValue inlet
        becomes a fixedProfile (tasks/plan/bind_inlet_profile.py); its `value` keeps the stated
        speed as the initial (uniform) field until the profile is evaluated."""
        clause, sentence = self._words_of(q)
        kind = parabolic_said(clause) or parabolic_said(sentence)
        if kind is None:
            return
        text, blocks = self.base.blocks()
        flat = {i for i in range(3) if blocks and all(b[i] == 1 for b in blocks)}
        done = []
        for rel in self.base.field_rels(self.u_field):
            for patch in inlets:
                if fd.get(self.base.text(rel) or "", ["boundaryField", patch, "type"]) != "fixedValue":
                    continue
                bounds = patch_bounds(text, patch)
                value = next((str(e.value) for e in reversed(self.edits) if e.file == rel
                              and e.entry == ["boundaryField", patch, "value"]), "")
                flow = _direction(value) or self._flow_direction()
                bc = parabolic_profile(q.value, kind, bounds, flow, flat) if bounds else None
                if bc is None:
                    continue
                self.set(rel, ["boundaryField", patch], {**bc, "value": value},
                         f"parabolic inlet profile on {patch} ({kind} speed {fmt(q.value)} m/s)")
                done.append(patch)
        if done:
            self.assumptions.append(f"{q.text} is the {'peak' if kind == 'max' else 'mean'} speed of a planar parabolic "
                                    f"profile on {', '.join(sorted(set(done)))} (fixedProfile, zero at the walls"
                                    f"{'; peak = 1.5 x mean' if kind == 'mean' else ''})")
        else:
            self.assumptions.append(f"{q.text}: a parabolic profile needs a planar blockMesh inlet; written uniform")

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
                            direction = self._direction_override or self._stated_direction(q) or _direction(internal) or self._flow_direction()
                            self.set(rel, ["internalField"], f"uniform {vec([q.value * d for d in direction])}",
                                     f"free-stream velocity {fmt(q.value)} m/s (the {patch} patch takes the "
                                     "internal field)", q)
                            done = True
                        continue
                    home = self._macro_home(rel, raw) if raw and "$internalField" not in raw else None
                    if home and bc in ("freestream", "freestreamVelocity", "SRFFreestreamVelocity"):
                        # "freestreamValue uniform $Uinlet": the velocity is where the macro is defined
                        old = fd.get(self.base.text(home[0]) or "", home[1]) or ""
                        direction = self._direction_override or self._stated_direction(q) or _direction(old) or self._flow_direction()
                        new = with_vector(old, [q.value * d for d in direction])
                        if new and not any(e.file == home[0] and e.entry == home[1] for e in self.edits):
                            self.set(home[0], home[1], new, f"free-stream velocity {fmt(q.value)} m/s "
                                     f"({'/'.join(home[1])}, which {patch} reads)", q)
                            done = True
                        continue
                    if raw and bc in ("freestream", "freestreamVelocity", "inletOutlet", "SRFFreestreamVelocity") and \
                            _magnitude(raw) > 0:
                        direction = self._direction_override or self._stated_direction(q) or _direction(raw) or self._flow_direction()
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
                    direction = self._stated_direction(q) or _direction(raw) or self._flow_direction()
                    value = re.sub(r"\([^)]*\)", vec([q.value * d for d in direction]), raw, count=1).strip()
                    self.set(rel, entry, value, f"{entry[-1]} {fmt(q.value)} m/s", q)
                    done = True
        return done

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
        if self.rotation_angle(q, stated):  # "run 5 revolutions", "a time step of 1 degree of rotation"
            return
        if self.attack_angle(q):  # "alpha = 6 deg", "inclined at six degrees" on an aerofoil case
            self.assumptions.append(f"{q.text} on the aerofoil case {self.base.root.name}: its angle of attack")
            self._angle(q, stated)
            return
        record = json.loads(self.base.text(".casewright/geometry.json") or "{}")  # a generated shape's turned bodies
        if any(abs(abs(body.get("angle") or 0.0) - q.value) < 0.5 for body in record.get("obstacles") or []):
            self.assumptions.append(f"{q.text}: the body's turn, built into the generated mesh")
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
        if self.tip_speed(q, stated):  # a rotating wall's surface speed: its omega = v / R (bind_motion_spin)
            return
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
                    if (fd.get(text, ["boundaryField", patch, "type"]) or "") != "fixedValue" or any(
                            b.file == rel and b.entry == ["boundaryField", patch, "value"] for b in self.bindings):
                        continue  # a stated intensity or k holds it
                    m = re.fullmatch(r"uniform\s+([-+\d.eE]+)", fd.get(text, ["boundaryField", patch, "value"]) or "")
                    if m:
                        self.set(rel, ["boundaryField", patch, "value"], f"uniform {fmt(float(m.group(1)) * factor ** power)}",
                                 f"inlet {field} scaled with the inlet velocity (same intensity and length scale)")
        self.assumptions.append(f"inlet turbulence keeps the tutorial's intensity and length scale "
                                f"(k, epsilon, omega scaled by U^2, U^3, U; factor {factor:.3g})")

    def _base_speed(self) -> float | None:
        rels = self.base.field_rels(self.u_field)
        text = self.base.text(rels[0]) if rels else ""
        for patch in self.patches("inlet") + self.patches("moving_wall"):
            mag = _magnitude(fd.get(text or "", ["boundaryField", patch, "value"]) or "")
            if mag > 0:
                return mag
        return None

    def _turbulence_intensity(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        if self.bind_inlet_fluctuation(q) or self.bind_inlet_intensity(q, stated):
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
