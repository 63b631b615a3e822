"""Heat fluxes (W/m2) and conductivities (W/(m K)) on a tutorial base: a wall that takes a heat
flux becomes `externalWallHeatFluxTemperature` (mode flux) where a thermo computes kappa
(buoyant*, rho*, chtMultiRegion fluids), a `fixedGradient` of q Pr / (rho cp nu) in a Boussinesq
case and of q / k in a conduction case (laplacianFoam). A conductivity goes where the case keeps
one: a solid's kappa, a const transport's Pr = Cp mu / kappa, laplacianFoam's DT = k / (rho cp).
An Euler-Euler case's phase temperatures (T.liquid) take a flux through
`tasks.plan.bind_phase_heat`. Mixed into `tasks.plan.bind.Binder`."""

from __future__ import annotations

import re

from tasks.foam import dictionary as fd
from tasks.foam.physics import find_fluid, fluid_table
from tasks.plan.bind_phase_heat import PhaseFluxBinding
from tasks.plan.bind_thermal_baffles import BaffleFluxBinding
from tasks.plan.bind_thermal_words import label_before, patches_named_by_words
from tasks.plan.foam_values import fmt
from tasks.plan.stated import Binding, StatedQuantity

THERMO = "constant/thermophysicalProperties"
TRANSPORT = "constant/transportProperties"
_CONSTRAINTS = ("empty", "wedge", "symmetry", "symmetryPlane", "cyclic", "cyclicAMI", "processor")


def flux_gradient(flux: float, rho: float, cp: float, nu: float, pr: float) -> float:
    """dT/dn at a wall taking the heat flux q (W/m2) into a Boussinesq fluid: q / (rho cp alpha),
    alpha = nu / Pr (the solver's laminar diffusivity). Raises ValueError on a non-positive property."""
    if min(rho, cp, nu, pr) <= 0:
        raise ValueError(f"rho, cp, nu and Pr must be positive for a heat-flux gradient (got {rho}, {cp}, {nu}, {pr})")
    return flux * pr / (rho * cp * nu)


def conduction_gradient(flux: float, conductivity: float) -> float:
    """dT/dn at a solid's face taking the heat flux q (W/m2): q / k. Raises ValueError for k <= 0."""
    if conductivity <= 0:
        raise ValueError(f"a heat flux into a solid needs a positive conductivity (got {conductivity} W/(m K))")
    return flux / conductivity


def prandtl_from_conductivity(cp: float, mu: float, kappa: float) -> float:
    """Pr = Cp mu / kappa, the const transport's way to carry a conductivity. Raises ValueError
    on a non-positive property."""
    if min(cp, mu, kappa) <= 0:
        raise ValueError(f"Cp, mu and kappa must be positive to give a Prandtl number (got {cp}, {mu}, {kappa})")
    return cp * mu / kappa


def flux_patch_dict(flux: float, value: str) -> dict[str, str]:
    """The boundary condition of a wall that takes `flux` W/m2 where the thermo gives kappa."""
    return {"type": "externalWallHeatFluxTemperature", "mode": "flux", "q": f"uniform {fmt(flux)}",
            "kappaMethod": "fluidThermo", "kappa": "none", "value": value}


def passive_diffusivity(control_dict: str) -> tuple[str, float] | None:
    """How the scalarTransport function object that carries T (a solver without an energy
    equation) diffuses it: ("alphaD", alphaD) for D = alphaD nu, ("D", D) for a constant D (m2/s);
    None when no such object carries T."""
    body = fd.body_span(control_dict, ["functions"])
    if body is None:
        return None
    for e in fd.entries(control_dict, *body):
        path = ["functions", e.name]
        if e.kind != "dict" or fd.get(control_dict, [*path, "type"]) != "scalarTransport" or \
                (fd.get(control_dict, [*path, "field"]) or "T") != "T":
            continue
        for key in ("alphaD", "D"):
            value = _number(fd.get(control_dict, [*path, key]))
            if value is not None:
                return key, value
    return None


def _number(raw: str | None) -> float | None:
    m = re.search(r"[-+]?\d+(?:\.\d*)?(?:[eE][-+]?\d+)?", (raw or "").split("]")[-1])
    return float(m.group()) if m else None


class ThermalFluxBinding(BaffleFluxBinding, PhaseFluxBinding):
    """Heat fluxes and conductivities of a plan."""

    def _flux_walls(self, q: StatedQuantity) -> list[str]:
        """The wall patches of the temperature field a heat flux's words name: by name or a piece
        of it ("the box", "the fridges"), by side ("the floor"), all of them ("the walls"); the
        only wall when the base has one. Empty when the words leave it open."""
        text = next((self.base.text(r) for r in self.base.field_rels(self.t_field)), "") or ""
        walls = [p for p in self.base.patch_bcs(self.t_field)
                 if self.roles.get(p) not in ("inlet", "outlet", "constraint")
                 and (fd.get(text, ["boundaryField", p, "type"]) or "") not in _CONSTRAINTS
                 and not re.search(r"[*|(\"]", p)]
        clause, sentence = self._words_of(q)
        clause = f"{label_before(sentence.split(q.text.lower())[0])} {clause}"  # "patch4: 20 kW/m2"
        said = [p for p in walls if re.search(rf"\b{re.escape(p.lower())}\b", clause)] or \
            patches_named_by_words(clause, walls)
        if not said:
            side = self._side_word(q)
            if side:
                said = [p for p in walls if any(w in p.lower() for w in self.sides[side])] or \
                    [p for p in self._walls_at(side) if p in walls]
        if not said and re.search(r"\bwalls\b|\ball (?:the )?walls?\b|\bevery wall", clause):
            said = walls
        if not said and len(walls) == 1:
            said = walls
        if not said:  # "heat the lower wall of a channel (3 m by 0.2 m, ...) with 0.8 kW/m2": one side in the sentence
            said = self._one_side_said(re.sub(r"\([^()]*\)", " ", sentence), walls)
        return said

    def _one_side_said(self, sentence: str, walls: list[str]) -> list[str]:
        """The walls on the one side of the domain a sentence names (none when it names two)."""
        sides = {side for side, ws in self.sides.items() if any(re.search(rf"\b{w}\b", sentence) for w in ws)}
        if len(sides) != 1:
            return []
        side = sides.pop()
        return [p for p in walls if any(w in p.lower() for w in self.sides[side])] or \
            [p for p in self._walls_at(side) if p in walls]

    def _wall_heat_flux(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        rels = self.base.field_rels(self.t_field)
        if not rels and self.bind_phase_heat_flux(q):  # an Euler-Euler case: T.liquid, T.gas
            return
        if not rels:
            self.refuse(q, f"{self.solver} solves no temperature to take a heat flux")
            return
        if self.bind_baffle_flux(q):  # "the baffles", "the board": the walls createBaffles makes
            return
        walls = self._flux_walls(q)
        if not walls and self.bind_baffle_flux(q, sentence_wide=True):
            return
        if not walls:
            self.refuse(q, "which wall takes the heat flux is not clear; name it (walls of the base: "
                           f"{', '.join(p for p in self.base.patch_bcs(self.t_field) if self.roles.get(p) == 'wall')})")
            return
        transport = self.base.text(TRANSPORT) or ""
        if self.base.text(THERMO) is not None:
            for rel in rels:
                for patch in walls:
                    self.set(rel, ["boundaryField", patch], flux_patch_dict(q.value, "$internalField"),
                             f"heat flux {fmt(q.value)} W/m2 into {patch}")
                    self.bindings.append(Binding(stated=q.text, file=rel, entry=["boundaryField", patch, "q"],
                                                 value=f"uniform {fmt(q.value)}", how=f"heat flux on {patch}"))
            return
        gradient = self._flux_gradient(q, stated, transport)
        if gradient is None:
            return
        for rel in rels:
            for patch in walls:
                self.set(rel, ["boundaryField", patch], {"type": "fixedGradient", "gradient": f"uniform {gradient:.6g}"},
                         f"heat flux {fmt(q.value)} W/m2 into {patch} as a temperature gradient")
                readers = self._gradient_readers(stated, transport)
                for used in [q.text, *readers]:
                    self.bindings.append(Binding(stated=used, file=rel, entry=["boundaryField", patch, "gradient"],
                                                 value=f"uniform {gradient:.6g}", how=f"heat flux on {patch} (fixedGradient)"))
                self._take_readers(readers)

    @staticmethod
    def _gradient_readers(stated: list[StatedQuantity], transport: str) -> list[str]:
        """The stated properties a heat flux's gradient is computed from: the conductivity (q / k)
        in a conduction case, the density and specific heat (q Pr / (rho cp nu)) in a fluid."""
        roles = ("thermal_conductivity",) if fd.find(transport, ["DT"]) is not None else ("density", "specific_heat")
        return [next(s.text for s in stated if s.role == role) for role in roles if any(s.role == role for s in stated)]

    def _take_readers(self, readers: list[str]) -> None:
        """Properties read into another value are applied there: no refusal of their own stands."""
        self.not_applied[:] = [n for n in self.not_applied if n.text not in readers]

    def _specific_heat(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        """A specific heat read into a conduction case's DT = k / (rho cp) or a heat flux's
        gradient is bound there (by the conductivity's or the flux's binder); any other goes to the
        entry its name means (`ByNameBinding._by_meaning`, next in the MRO)."""
        if any(b.stated == q.text for b in self.bindings) or self._read_by_another(q, stated):
            return
        if self.bind_thermo_property(q, "specific_heat", stated, refuse=False):  # type: ignore[attr-defined]
            return  # hConst Cp, eConst Cv, hPolynomial coefficient 0, of the phase or region named
        super()._specific_heat(q, stated)  # type: ignore[misc]

    def _read_by_another(self, q: StatedQuantity, stated: list[StatedQuantity]) -> bool:
        """Whether a density or specific heat will be read into another stated value's entry: a
        conduction case's DT with a conductivity stated, or a heat flux's gradient where no thermo
        keeps the property."""
        transport = self.base.text(TRANSPORT) or ""
        roles = {s.role for s in stated}
        if fd.find(transport, ["DT"]) is not None:
            return "thermal_conductivity" in roles and {"density", "specific_heat"} <= roles
        return "wall_heat_flux" in roles and self.base.text(THERMO) is None and fd.find(transport, ["Cp"]) is None

    def _flux_gradient(self, q: StatedQuantity, stated: list[StatedQuantity], transport: str) -> float | None:
        """The wall-normal temperature gradient a heat flux gives where no thermo computes kappa:
        q / k in a solid (DT case), q Pr / (rho cp nu) in a Boussinesq fluid; None (refused) when a
        property it needs is neither stated nor known."""
        said = {s.role: s.value for s in stated}
        if fd.find(transport, ["DT"]) is not None:
            k = said.get("thermal_conductivity")
            if k is None:
                self.refuse(q, "a heat flux into a conduction case is a gradient q / k: state the solid's thermal "
                               "conductivity (W/(m K))")
                return None
            return conduction_gradient(q.value, k)
        nu, pr = _number(fd.get(transport, ["nu"])), _number(fd.get(transport, ["Pr"]))
        passive = passive_diffusivity(self.base.text("system/controlDict") or "") if pr is None else None
        if passive is not None and passive[0] == "alphaD" and passive[1] > 0:
            pr = 1.0 / passive[1]  # T carried as a passive scalar: alpha = alphaD nu = nu / Pr
        elif passive is not None and passive[0] == "D" and passive[1] > 0:
            nu, pr = passive[1], 1.0  # a constant diffusivity D: dT/dn = q / (rho cp D)
        if nu is None or pr is None:
            self.refuse(q, f"{self.solver} keeps no nu and Pr in {TRANSPORT} to turn a heat flux into a gradient")
            return None
        fluid = find_fluid(self.text) or "air"
        entry = fluid_table().get(fluid)
        rho = said.get("density") or (entry.rho if entry else None)
        cp = said.get("specific_heat") or (entry.cp if entry else None)
        if not rho or not cp:
            self.refuse(q, "a heat flux becomes a temperature gradient q Pr / (rho cp nu) in a Boussinesq case: "
                           "state the fluid's density and specific heat")
            return None
        if "density" not in said or "specific_heat" not in said:
            self.assumptions.append(f"{q.text} as a gradient with the properties of {fluid} (rho {fmt(rho)} kg/m3, "
                                    f"cp {fmt(cp)} J/(kg K)) and the base's nu {fmt(nu)} m2/s, Pr {fmt(pr)}")
        return flux_gradient(q.value, rho, cp, nu, pr)

    def _boussinesq_prandtl(self, q: StatedQuantity, stated: list[StatedQuantity]) -> bool:
        """A conductivity where the fluid's heat diffuses as nu / Pr (transportProperties Pr, the
        Boussinesq solvers): Pr = mu cp / k, with the stated cp and mu (or nu rho), else the named
        fluid's (or the base's nu). False when the base keeps no Pr there or a Pr is stated."""
        transport = self.base.text(TRANSPORT) or ""
        if fd.find(transport, ["Pr"]) is None or any(s.role == "prandtl" for s in stated):
            return False
        said = {s.role: s.value for s in stated if s is not q}
        fluid = fluid_table().get(find_fluid(self.text) or "")
        cp = said.get("specific_heat") or (fluid.cp if fluid else None)
        rho = said.get("density") or (fluid.rho if fluid else None)
        nu = said.get("nu") or _number(fd.get(transport, ["nu"]))
        mu = said.get("mu") or (nu * rho if nu and rho else None)
        if not cp or not mu or q.value <= 0:
            self.refuse(q, f"{TRANSPORT} carries a conductivity as Pr = mu cp / k: state the fluid's specific heat "
                           f"and viscosity (or its Prandtl number)")
            return True
        pr = prandtl_from_conductivity(cp, mu, q.value)
        self.set(TRANSPORT, ["Pr"], self._keep_dims(fd.get(transport, ["Pr"]) or "", float(f"{pr:.6g}")),
                 f"Pr = mu cp / k = {mu:.4g} x {fmt(cp)} / {fmt(q.value)}", q)
        if "specific_heat" not in said or "mu" not in said and "nu" not in said:
            self.assumptions.append(f"{q.text}: Pr = mu cp / k = {pr:.4g} with mu {mu:.4g} Pa s, cp {fmt(cp)} "
                                    f"J/(kg K) ({'stated' if 'specific_heat' in said else 'of the fluid named'})")
        readers = [s.text for s in stated if s.role in ("specific_heat", "density") and s is not q]
        self.bindings += [Binding(stated=t, file=TRANSPORT, entry=["Pr"], value=f"{pr:.6g}", how="Pr = mu cp / k")
                          for t in readers if t not in (b.stated for b in self.bindings)]
        self._take_readers(readers)
        return True

    def _thermal_conductivity(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        """A conductivity where the case keeps one: a solid thermo's kappa, a const transport's
        Pr (= Cp mu / kappa), laplacianFoam's DT (= k / (rho cp), both stated). A conductivity
        stated for a heat flux only is used there."""
        if any(s.role == "wall_heat_flux" for s in stated) and fd.find(self.base.text(TRANSPORT) or "", ["DT"]) \
                is not None and not any(s.role in ("density", "specific_heat") for s in stated):
            return  # the heat flux's gradient q / k reads it
        if self.bind_thermo_property(q, "thermal_conductivity", stated, refuse=False):  # type: ignore[attr-defined]
            return  # a solid's kappa, a const transport's Pr = cp mu / kappa, a polynomial's kappa coefficient 0
        if self._boussinesq_prandtl(q, stated):
            return
        said = {s.role: s.value for s in stated}
        if fd.find(self.base.text(TRANSPORT) or "", ["DT"]) is not None:
            if "density" in said and "specific_heat" in said:
                dt = q.value / (said["density"] * said["specific_heat"])
                value = self._keep_dims(fd.get(self.base.text(TRANSPORT) or "", ["DT"]) or "", dt)
                self.set(TRANSPORT, ["DT"], value,
                         f"DT = k / (rho cp) = {fmt(q.value)} / ({fmt(said['density'])} x {fmt(said['specific_heat'])})",
                         q)
                readers = [next(s.text for s in stated if s.role == r) for r in ("density", "specific_heat")]
                self.bindings += [Binding(stated=t, file=TRANSPORT, entry=["DT"], value=value, how="DT = k / (rho cp)")
                                  for t in readers]
                self._take_readers(readers)
                return
            self.refuse(q, "laplacianFoam's diffusivity is DT = k / (rho cp): state the density and specific heat "
                           "too, or the diffusivity itself")
            return
        if self.bind_thermo_property(q, "thermal_conductivity", stated):  # type: ignore[attr-defined]
            return  # a thermo that keeps none (Sutherland): why
        self.refuse(q, f"the base case keeps no thermal conductivity (kappa or Pr) for {self.solver}")
