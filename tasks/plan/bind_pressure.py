"""Binding pressures by their role: outlet, inlet and ambient pressure onto the level entry of the
base's own pressure conditions (bind_pressure_levels); an initial, vessel or reservoir pressure
into the internalField, never onto an outlet that holds another level (a charged domain that
discharges); an upstream/downstream pressure no patch holds onto the setFields part it names.
Kinematic (p/rho) for incompressible solvers, absolute Pa otherwise; a normalised gas (p = 1)
takes none. Mixed into `tasks.plan.bind.Binder`.
"""

from __future__ import annotations

import re

from tasks.foam import dictionary as fd
from tasks.foam.physics import find_fluid, fluid_table, is_absolute_pressure
from tasks.foam.physics_numbers import parse_dimensions
from tasks.plan.bind_function1 import OscillationBinding
from tasks.plan.bind_pressure_homes import PressureHomeBinding
from tasks.plan.bind_pressure_initial import InitialPressureBinding
from tasks.plan.bind_pressure_levels import (ABSOLUTE_SIZED, NORMALISED_GAS, discharges, gauge_of, internal_level,
                                             level_entry, level_text, number_in,
                                             normalised_gas, outlet_pressure_of, patch_key, same_level)
from tasks.plan.bind_pressure_words import names_a_vessel, pressure_place
from tasks.plan.extract import KINEMATIC_PRESSURE_UNIT
from tasks.plan.foam_values import fmt
from tasks.plan.values_compressibility import equation_of_state, number_of, perfect_fluid_r, psi_of, says_vapour
from tasks.plan.values_density import case_density
from tasks.plan.values_kinematic_energy import energy_per_mass_unit
from tasks.plan.stated import ATMOSPHERE, Binding, StatedQuantity, absolute_pressure, read_stated


# words that make a pressure difference the condition driving the flow, not a result ("a 100 Pa drop
# across the step"): "driven by", "imposed", "applied", "between the inlet and the outlet", "held"
_DRIVES = re.compile(r"\bdriv|\bimpos|\bappl(?:y|ied|ies)\b|\bprescrib|\bheld\b|\bmaintain|"
                     r"\bbetween\s+(?:the\s+)?inlets?\s+and\b|\bpush", re.I)


# the undisturbed flow a body meets ("free-stream pressure", "far-field p"): the inflow's where an inlet
# holds a pressure, else the level of the domain around the body
# the free stream by its words or by a symbol's subscript ("U_inf = 150 m/s", "p∞", "M_infinity")
_FREE_STREAM = re.compile(r"\bfree[- ]?stream|\bfar[- ]?field|\b[A-Za-z]+_?(?:\{?(?:inf|infinity|fs)\}?\b|∞)", re.I)

class PressureBinding(OscillationBinding, InitialPressureBinding, PressureHomeBinding):
    """Pressures of a plan."""

    def _pressure_value(self, q: StatedQuantity, difference: bool = False) -> tuple[str, str] | None:
        """(value, note): kinematic p = P / rho for incompressible solvers, absolute Pa otherwise; a
        `difference` (a drop) has no reference: no atmosphere added or taken off."""
        kinematic_base = self._pressure_kind() == "kinematic"
        if re.search(KINEMATIC_PRESSURE_UNIT, q.text) or energy_per_mass_unit(q.text):  # p/rho already (m2/s2, J/kg)
            if kinematic_base:
                return fmt(q.value), "kinematic"
            self.refuse(q, f"{q.text} is a kinematic pressure (p/rho); {self.solver} solves for pressure in Pa: "
                           "state it in Pa")
            return None
        if not kinematic_base and self._normalised_gas():
            self.refuse(q, f"{NORMALISED_GAS.format(solver=self.solver)}: {q.text} has no place in it; state the flow "
                           "by its Mach number, or choose a dimensional base")
            return None
        if kinematic_base and not difference and gauge_of(q.value, q.reference, ATMOSPHERE) == 0:
            # the atmosphere itself: 0 whatever the fluid
            return "0", "kinematic"
        if kinematic_base:
            density = self._kinematic_density()
            if density is None:
                self.refuse(q, f"{self.solver} holds the kinematic pressure p/rho and the request names no fluid or "
                               f"density to divide {q.text} by: state the density (e.g. 'water', 'rho 1000 kg/m3') "
                               "or the pressure in m2/s2")
                return None
            rho, source = density
            self.assumptions.append(f"{q.text} as kinematic pressure p/rho with rho = {fmt(rho)} kg/m3 ({source})")
            return fmt((q.value if difference else self._relative(q)) / rho), "kinematic"
        if difference:
            return fmt(q.value), "absolute"
        if not is_absolute_pressure(self.solver) and not self._base_absolute():
            # p in Pa relative to the atmosphere (interFoam's p_rgh at 0): an absolute or atmospheric-sized value less it
            gauge = gauge_of(q.value, q.reference, ATMOSPHERE)
            if gauge != q.value:
                said = "absolute" if q.reference else "an absolute level (atmospheric-sized, no gauge said)"
                self.assumptions.append(f"{q.text} is {said}; {self.solver}'s pressure in this base is relative to "
                                        f"the atmosphere: {fmt(ATMOSPHERE)} Pa taken off")
            return fmt(gauge), "absolute"
        if q.reference == "gauge":
            self.assumptions.append(f"{q.text} is gauge; {self.solver} solves the absolute pressure: the standard "
                                    f"atmosphere {fmt(ATMOSPHERE)} Pa added ({fmt(absolute_pressure(q))} Pa)")
            return fmt(absolute_pressure(q)), "absolute"
        return fmt(q.value), "absolute"

    def _base_absolute(self) -> bool:
        """True when the base itself holds its pressure at a thermodynamic level (an atmospheric-sized
        initial p or p_rgh: cavitatingFoam's throttle at 300 bar, interPhaseChangeFoam's 1e5), whatever
        the solver's other tutorials do: a gauge value then takes the atmosphere on."""
        levels = [internal_level(self.base.text(rel) or "") for field in ("p", "p_rgh")
                  for rel in self.base.field_rels(field)]
        return any(v is not None and abs(v) >= ABSOLUTE_SIZED for v in levels)

    def _normalised_gas(self) -> bool:
        """True when the base's p is that of a normalised gas (p = 1, no Pa)."""
        return any(normalised_gas(self.base.text(rel) or "") for rel in self.base.field_rels("p"))

    def _relative(self, q: StatedQuantity) -> float:
        """q in Pa relative to the atmosphere, for a kinematic p; says so when the atmosphere was
        taken off (an absolute or atmospheric-sized value)."""
        gauge = gauge_of(q.value, q.reference, ATMOSPHERE)
        if gauge != q.value:
            said = "absolute" if q.reference else "an absolute level (atmospheric-sized, no gauge said)"
            self.assumptions.append(f"{q.text} is {said}; {self.solver} solves a pressure relative to the atmosphere: "
                                    f"{fmt(ATMOSPHERE)} Pa taken off")
        return gauge

    def _kinematic_density(self) -> tuple[float, str] | None:
        """(rho in kg/m3, where it came from) a pressure in Pa is divided by for a kinematic p: the
        stated density, else the named fluid's table density, else a real density the base's
        transportProperties keeps; None with none of them. Sets `_rho_q` to a stated density."""
        self._rho_q = next((s for s in self._stated if s.role == "density"), None)
        if self._rho_q is not None:
            return self._rho_q.value, "stated"
        fluid = find_fluid(self.text)
        if fluid is not None:
            return fluid_table()[fluid].rho, fluid
        rho = case_density(self.base.text("constant/transportProperties") or "")
        return (rho, "the base's transportProperties") if rho is not None else None

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
        part = self.oscillation_of(q)
        if part is not None:
            return self._oscillating_pressure(q, part, value, patches, what)
        done = False
        for field in self._pressure_fields():
            held: list[str] = []  # the patches that took the level
            for rel in self.base.field_rels(field):
                text = self.base.text(rel) or ""
                written: set[str] = set()
                for patch in patches:
                    own = patch_key(text, patch)  # its own entry, or the "outlet.*" / "(side|outlet)" group it is in
                    found = level_entry(text, own) if own is not None else None
                    if found is None and own is not None and self._merged_pressure(q, rel, text, own, value, what):
                        held.append(patch)
                        done = True
                        continue
                    if found is None or own in written:
                        continue
                    key, form = found
                    far = " (far field)" if key in ("fieldInf", "freestreamValue") else \
                        " (back pressure)" if key == "pBack" else " (mean over the patch)" if key == "meanValue" else ""
                    old = " ".join((fd.get(text, ["boundaryField", own, key]) or "").split())
                    self.set(rel, ["boundaryField", own, key], level_text(form, value), f"{what} on {patch}{far}", q)
                    written.add(own)
                    held.append(patch)
                    if fd.unquote(own) != patch:
                        self.assumptions.append(f"{patch} shares the condition {own} with the patches it matches: "
                                                f"{q.text} is their level too")
                    if old == "$internalField" and self._starts_at_outlet_level(q, field, rel, value):
                        self.assumptions.append(f"the domain starts at the outlet's {q.text}, as the base starts at its "
                                                "outlet's level (value $internalField): no start pressure stated")
                    if form == "constant" and old and not old.startswith("constant") and number_in(old) is None:
                        self.assumptions.append(f"{patch} held at {q.text} (the base's {key} varied in time: "
                                                f"{old[:60]})")
                    done = True
            if done:
                self._note_levelless(q, field, [p for p in patches if p not in held])
                break
        return done

    def _oscillating_pressure(self, q: StatedQuantity, part: str, value: str, patches: list[str], what: str) -> bool:
        """A pressure that oscillates in time: its amplitude is a difference (divided by rho for a
        kinematic p, no atmosphere added), its mean a level like any other (`value`)."""
        number = float(value)
        if part == "amplitude":
            density = self._kinematic_density() if self._pressure_kind() == "kinematic" and \
                not (re.search(KINEMATIC_PRESSURE_UNIT, q.text) or energy_per_mass_unit(q.text)) else None
            number = q.value / density[0] if density else q.value
        fields = self._pressure_fields()
        rels = next((self.base.field_rels(field) for field in fields if self.base.field_rels(field)), [])
        self.oscillate(q, part, rels, patches, what, number)
        return True  # bound, or refused with why: a value that oscillates has no steady binding

    def _pressure_fields(self) -> list[str]:
        """The pressure fields a stated pressure goes to, in order: p_rgh first where the solver has one."""
        return ["p_rgh", "p"] if self.base.field_rels("p_rgh") and "Boussinesq" not in self.solver else ["p"]

    def _own_outlets(self, q: StatedQuantity, stated: list[StatedQuantity]) -> list[str]:
        """The outlets `q` goes to: all of them, or, when the request lists one pressure per outlet
        with no place of its own ("outlets 40 and 5 m2/s2" on a T-junction's two outlets), the outlet
        in the same order as the value."""
        outlets = self.patches("outlet")
        listed = [s for s in stated if s.role == "outlet_pressure" and s.place is None]
        if len(outlets) < 2 or len(listed) != len(outlets) or not any(s is q for s in listed):
            return outlets
        own = outlets[next(i for i, s in enumerate(listed) if s is q)]
        self.assumptions.append(f"{q.text} is {own}'s: one outlet pressure per outlet, in the order listed")
        return [own]

    def _starts_at_outlet_level(self, q: StatedQuantity, field: str, rel: str, value: str) -> bool:
        """A compressible outlet the base ties to its start level (`value $internalField`) moved to a
        stated level: the domain starts there too (once), unless a start or ambient pressure is stated.
        A gas starting far from its outlet's pressure meets a pressure wave at the first iteration."""
        if q.role != "outlet_pressure" or field != "p" or self._pressure_kind() != "absolute" or \
                any(s.role == "ambient_pressure" for s in self._stated) or \
                any(b.file == rel and b.entry == ["internalField"] for b in self.bindings):
            return False
        self.set(rel, ["internalField"], f"uniform {value}", "initial pressure = the outlet's", q)
        return True

    def _pressure_kind(self) -> str:
        """"kinematic" when the base's p is p/rho (m2/s2), else "absolute". The dimensions are read in
        either form a tutorial writes them: exponents `[0 2 -2 0 0 0 0]` or named units `[m^2 s^-2]`
        (TJunctionFan)."""
        rel = (self.base.field_rels("p") or [None])[0]
        dims = fd.get(self.base.text(rel) or "", ["dimensions"]) if rel else None
        parsed = parse_dimensions(dims) if dims else None
        return "kinematic" if parsed is not None and parsed[:3] == (0, 2, -2) else "absolute"

    def _outlet_pressure(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        if self._set_pressure_on(q, self._own_outlets(q, stated), "outlet pressure") or self._part_pressure(q):
            return
        if not any(b.stated == q.text for b in self.bindings) and not any(n.text == q.text for n in self.not_applied) \
                and self._set_pressure_on(q, self._far_field_patches(), "outlet (far-field) pressure"):
            return
        self.refuse(q, "the base case has no outlet with a fixed or total pressure")

    def _part_pressure(self, q: StatedQuantity) -> bool:
        """An upstream or downstream pressure no patch holds, in a domain setFields initialises by
        parts (a shock tube's driver and driven sides): the part the words name. True when bound
        (or refused with why)."""
        if any(b.stated == q.text for b in self.bindings) or any(n.text == q.text for n in self.not_applied):
            return False
        return self.bind_region(q.model_copy(update={"role": "ambient_pressure"}))

    def _inlet_pressure(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        if self._set_pressure_on(q, self.patches("inlet"), "inlet pressure") or self._part_pressure(q):
            return
        clause, sentence = self._words_of(q)
        if _FREE_STREAM.search(clause) or _FREE_STREAM.search(sentence.partition(q.text.lower())[0]):
            # no inlet holds it: the far field's level is the domain's ("free stream 150 m/s, p 101325 Pa")
            self._ambient_pressure(q, stated)
            return
        if not any(b.stated == q.text for b in self.bindings) and self._vessel_pressure(q):
            return
        pv = self._pressure_value(q) if not any(b.stated == q.text for b in self.bindings) else None
        if pv is None or not self._pressure_driven_inlets(q, pv[0], stated, "inlet pressure"):
            self.refuse(q, "the base case's inlets fix the velocity, not the pressure; state a velocity instead")

    _DRIVEN_ROLES = ("inlet_velocity", "inlet_flow_rate", "inlet_mass_flow", "reynolds", "mach")

    def _pressure_driven_inlets(self, q: StatedQuantity, value: str, stated: list[StatedQuantity], what: str) -> bool:
        """An inlet pressure (or a pressure drop) on an incompressible base whose inlets fix the
        velocity and leave p zeroGradient (pitzDaily, a channel): the inlets become pressure
        inlets (totalPressure p0 = the value, U pressureInletOutletVelocity), so the pressure drives
        the flow. Not when the request also states the inflow (speed, flow rate, Re, Mach)."""
        rels = self.base.field_rels("p")
        said = [*stated, *read_stated(self.text)]  # a recipe may have taken the stated speed already
        if not rels or self.base.field_rels("p_rgh") or any(s.role in self._DRIVEN_ROLES for s in said):
            return False
        u_rels = self.base.field_rels(self.u_field)
        inlets = [patch for patch in self.patches("inlet")
                  if all((fd.get(self.base.text(rel) or "", ["boundaryField", patch, "type"]) or "") == "zeroGradient"
                         for rel in rels)
                  and all((fd.get(self.base.text(rel) or "", ["boundaryField", patch, "type"]) or "") == "fixedValue"
                          for rel in u_rels)
                  and not any(e.locked and e.file in u_rels and e.entry[1:2] == [patch] for e in self.edits)]
        if self._pressure_kind() != "kinematic" or not inlets or not u_rels:
            return False
        for patch in inlets:
            for rel in rels:
                self.set(rel, ["boundaryField", patch], {"type": "totalPressure", "p0": f"uniform {value}",
                                                         "value": f"uniform {value}"},
                         f"{patch}: a total-pressure inlet (the pressure drives the flow)")
                self.set(rel, ["boundaryField", patch, "p0"], f"uniform {value}", f"{what} on {patch}", q)
            for rel in u_rels:
                self.set(rel, ["boundaryField", patch], {"type": "pressureInletOutletVelocity",
                                                         "value": "uniform (0 0 0)"},
                         f"{patch}: the velocity follows the pressure (pressureInletOutletVelocity)")
        self.assumptions.append(f"{q.text} drives the flow: {', '.join(inlets)} changed from a fixed velocity to a "
                                f"total-pressure inlet (p0 = {value} m2/s2, kinematic) with "
                                "pressureInletOutletVelocity")
        return True

    def _ambient_pressure(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        """An ambient, operating or initial pressure: the domain's initial pressure, and the outlets'
        where they hold that same level (an open duct). Where the base discharges a charged domain
        (chokedNozzle, a decompression tank), an initial pressure stays inside and an ambient one
        goes to the outlets only (the back pressure, the far field)."""
        rels = self.base.field_rels("p")
        if not rels and self.initial_state(q, "pressure", lambda old: fmt(q.value)):
            return
        if not rels and self.base.field_rels("p_rgh"):
            self._open_sides_pressure(q)
            return
        if not rels:
            self.refuse(q, "the base case has no pressure field")
            return
        outlets = self.patches("outlet")
        levels = self.base.text(self._level_rel() or rels[0]) or ""
        if rels and self._pressure_kind() == "kinematic" and self.base.field_rels("p_rgh") and \
                not any(outlet_pressure_of(levels, o) is not None for o in outlets):
            self.incompressible_level(q)  # a closed Boussinesq room: a level acts on no flow
            return
        pv = self._pressure_value(q)
        if not rels or pv is None:
            self.refuse(q, "the base case has no pressure field")
            return
        place = pressure_place(*self._pressure_words(q))
        charged = discharges(levels, outlets)
        if place is None and charged:  # "3 bar" alone on a charged vessel: its charge, not its back pressure
            place = "initial"
            self.assumptions.append(f"{q.text} is the initial pressure of the charged domain; the outlets keep their "
                                    "level (say 'back pressure' or 'ambient' for theirs)")
        if place == "ambient" and charged and \
                self._set_pressure_on(q, outlets, "ambient pressure at the outlet"):
            self.assumptions.append(f"{q.text} is the surroundings the base's charged domain discharges to: set on "
                                    f"the outlets; the initial pressure inside is kept")
            return
        for rel in rels:
            self.set(rel, ["internalField"], f"uniform {pv[0]}", "initial pressure", q)
        self.follow_domain_pressure(q, pv[0], internal_level(self.base.text(rels[0]) or ""))
        if place == "initial":  # outlets follow only where the base ties them to the initial level
            inside = internal_level(levels)  # and the request states no level of their own
            outlets = [o for o in outlets if inside is not None and not self._outlet_stated(q, stated) and
                       (v := outlet_pressure_of(levels, o)) is not None and same_level(v, inside)]
        if outlets:
            self._set_pressure_on(q, outlets, "ambient pressure at the outlet")

    @staticmethod
    def _outlet_stated(q: StatedQuantity, stated: list[StatedQuantity]) -> bool:
        """The request states an outlet pressure besides q ("initial 3 bar, outlet at 1 atm")."""
        return any(s.role == "outlet_pressure" and s is not q for s in stated)

    def _open_sides_pressure(self, q: StatedQuantity) -> None:
        """An ambient pressure on a base that solves only p_rgh (interFoam: a pressure relative to
        a reference): the level its open sides hold (the atmosphere's p0); an initial level alone
        acts on no incompressible flow: the base's pRefValue, else not applied with why."""
        if pressure_place(*self._pressure_words(q)) != "initial" and \
                self._set_pressure_on(q, self.patches("outlet"), "ambient pressure at the open side"):
            return
        if not any(b.stated == q.text for b in self.bindings) and not any(n.text == q.text for n in self.not_applied):
            self.incompressible_level(q)

    def _vessel_pressure(self, q: StatedQuantity) -> bool:
        """A reservoir, tank or upstream pressure on a base with no pressure inlet that discharges a
        charged domain (chokedNozzle): the vessel is the domain's initial state. True when bound."""
        rel = self._level_rel()
        before, after = self._pressure_words(q)
        if rel is None or not names_a_vessel(before or after) or self._inlets_hold_pressure() or \
                not discharges(self.base.text(rel) or "", self.patches("outlet")):
            return False
        pv = self._pressure_value(q)
        if pv is None:
            return True  # refused with why
        for p_rel in self.base.field_rels("p"):
            self.set(p_rel, ["internalField"], f"uniform {pv[0]}", "initial pressure of the vessel", q)
        self.assumptions.append(f"{q.text}: the base has no pressure inlet; the vessel it names is the domain's "
                                "initial state (internalField of p)")
        return True

    def _level_rel(self) -> str | None:
        """The pressure field file whose patches hold the levels (p_rgh where the solver has one)."""
        return next((rel for field in self._pressure_fields() for rel in self.base.field_rels(field)), None)

    def _pressure_words(self, q: StatedQuantity) -> tuple[str, str]:
        """(the words of a value's clause before it, the words right after it)."""
        clause = self._words_of(q)[0]
        at = clause.rfind(q.text.lower())
        return (clause[:at], clause[at + len(q.text):]) if at >= 0 else (clause, "")

    def _pressure_drop(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        """A pressure stated as a difference ("the inlet 30 kPa above the outlets", "a 200 Pa drop
        across the duct", "driven by a pressure difference of 3 bar"): the inlets held that much
        above the outlets' pressure, the stated one where the request gives it, else the base's."""
        if not self._inlets_hold_pressure() and not _DRIVES.search(" ".join(self._words_of(q))):
            self.refuse(q, _NO_PRESSURE_INLET)  # said before any density is asked for
            return
        drop = self._pressure_value(q, difference=True)
        if drop is None:
            return
        level = self._outlet_level(q, stated)
        if level is None:
            self.refuse(q, "the base case's outlets hold no fixed pressure to measure the drop from; state the "
                           "outlet pressure too")
            return
        outlet, said = level
        value = outlet + abs(float(drop[0]))
        self.assumptions.append(f"inlet pressure = outlet {fmt(outlet)} ({said}) + {q.text} = {fmt(value)}")
        what = f"inlet pressure ({q.text} above the outlet)"
        if not self._write_pressure(q, fmt(value), self.patches("inlet"), what) and \
                not (_DRIVES.search(" ".join(self._words_of(q))) and
                     self._pressure_driven_inlets(q, fmt(value), stated, what)):
            self.refuse(q, _NO_PRESSURE_INLET)

    def _inlets_hold_pressure(self) -> bool:
        """Some inlet of the base holds a pressure level (a fixed, total or far-field pressure)."""
        return any(level_entry(self.base.text(rel) or "", patch) is not None
                   for field in ("p", "p_rgh") for rel in self.base.field_rels(field) for patch in self.patches("inlet"))

    def _outlet_level(self, q: StatedQuantity, stated: list[StatedQuantity]) -> tuple[float, str] | None:
        """(the outlets' pressure in the base's units, where it comes from) a drop is measured from:
        a stated outlet (or ambient) pressure, else the lowest fixed pressure of the base's outlets."""
        for role in ("outlet_pressure", "ambient_pressure"):
            said = next((s for s in stated if s.role == role and s is not q), None)
            pv = self._pressure_value(said) if said is not None else None
            if pv is not None:
                return float(pv[0]), f"stated {said.text}"
        fields = self._pressure_fields()
        levels = [v for f in fields for rel in self.base.field_rels(f) for patch in self.patches("outlet")
                  if (v := outlet_pressure_of(self.base.text(rel) or "", patch)) is not None]
        if not levels:
            return None
        return min(levels), f"the base's outlet{'s' if len(levels) > 1 else ''}"


    # a liquid's compressibility: speed of sound, bulk modulus or psi ------------------------------
    def _speed_of_sound(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        self._liquid_compressibility(q)

    def _bulk_modulus(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        self._liquid_compressibility(q)

    def _compressibility(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        self._liquid_compressibility(q)

    def _liquid_compressibility(self, q: StatedQuantity) -> None:
        """A stated speed of sound, bulk modulus or psi as the base's own compressibility entry:
        thermodynamicProperties psi (sonicLiquidFoam) or psil/psiv (cavitatingFoam), or the R of the
        one perfectFluid equation of state; never a velocity or a pressure field."""
        props = "constant/thermodynamicProperties"
        text = self.base.text(props) or ""
        vapour = says_vapour(self._words_of(q)[0])
        for key, rho_key in (("psiv", None), ("psil", "rholSat"), ("psi", "rho0")):
            if fd.get(text, [key]) is None or (key == "psiv") != vapour:
                continue
            rho = number_of(fd.get(text, [rho_key])) if rho_key else None
            psi = psi_of(q.role, q.value, rho)
            if psi is None:
                self.refuse(q, f"{q.text}: a bulk modulus needs the phase's density, which {props} does not hold "
                               f"for {key}; state the speed of sound or psi (s2/m2) instead")
                return
            self.set(props, [key], fmt(psi), f"{key} = {fmt(psi)} s2/m2 from {q.text}", q)
            self.assumptions.append(f"{q.text} as {key} = {fmt(psi)} s2/m2 (drho/dp"
                                    f"{f', rho = {fmt(rho)} kg/m3' if rho else ''})")
            return
        self._perfect_fluid_compressibility(q)

    def _gas_sound_speed(self, q: StatedQuantity) -> bool:
        """A speed of sound stated on a gas base: the gas's own (sqrt(gamma R T)) when it agrees to 5 %,
        said as an assumption (True); else refused with what sets it (True); False with no gas data."""
        gas = self._sound_speed()
        if gas is None:
            return False
        if abs(gas[0] - q.value) <= 0.05 * gas[0]:
            self.assumptions.append(f"{q.text} is the base gas's own speed of sound (sqrt(gamma R T) = {gas[0]:.4g} m/s)")
            thermo = "constant/thermophysicalProperties"  # where the gas data that make it are read back
            weight = fd.get(self.base.text(thermo) or "", ["mixture", "specie", "molWeight"])
            if weight is not None:
                self.bindings.append(Binding(stated=q.text, file=thermo, entry=["mixture", "specie", "molWeight"],
                                             value=weight, how=f"c = sqrt(gamma R T) = {gas[0]:.4g} m/s of the gas as written"))
        else:
            self.refuse(q, f"{q.text}: a gas's speed of sound follows from its temperature (here sqrt(gamma R T) = "
                           f"{gas[0]:.4g} m/s at T = {fmt(gas[3])} K): state the temperature instead")
        return True

    def _perfect_fluid_compressibility(self, q: StatedQuantity) -> None:
        """The R of the base's one perfectFluid equation of state from a stated compressibility
        (psi = 1/(R T), T the base's uniform initial temperature); else not applied, with why."""
        files = [rel for rel in self._dictionaries() if rel.startswith("constant/thermophysicalProperties")
                 and equation_of_state(self.base.text(rel) or "") == "perfectFluid"]
        temps = [number_of(fd.get(self.base.text(rel) or "", ["internalField"])) for rel in self.base.field_rels("T")]
        if not files and q.role == "speed_of_sound" and self._gas_sound_speed(q):
            return
        if len(files) != 1 or not temps or temps[0] is None:
            why = ("no liquid equation of state with a compressibility (psi in thermodynamicProperties or a "
                   "perfectFluid)" if not files else "several perfectFluid phases; name the one meant"
                   if len(files) > 1 else "no uniform initial temperature to turn psi into perfectFluid's R")
            self.refuse(q, f"{q.text} is a liquid's compressibility; the {self.solver} base has {why}")
            return
        rel = files[0]
        rho = number_of(fd.get(self.base.text(rel) or "", ["mixture", "equationOfState", "rho0"]))
        psi = psi_of(q.role, q.value, rho)
        if psi is None:
            self.refuse(q, f"{q.text}: a bulk modulus needs the liquid's rho0, which {rel} does not hold")
            return
        r_value = perfect_fluid_r(psi, temps[0])
        self.set(rel, ["mixture", "equationOfState", "R"], fmt(r_value),
                 f"perfectFluid R = 1/(psi T) = {fmt(r_value)} from {q.text}", q)
        self.assumptions.append(f"{q.text} as perfectFluid R = 1/(psi T) = {fmt(r_value)} J/(kg K) with psi = "
                                f"{fmt(psi)} s2/m2 at the initial T = {fmt(temps[0])} K")


_NO_PRESSURE_INLET = ("the base case's inlets fix the velocity, not the pressure: a pressure difference cannot drive "
                      "this flow; state an inlet velocity or a flow rate instead")
