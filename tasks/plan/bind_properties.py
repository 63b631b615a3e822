"""Binding material properties: viscosities, densities and particle or bubble sizes, of a
single fluid, of a phase, of a particle cloud. Mixed into `tasks.plan.bind.Binder`.
"""

from __future__ import annotations

import re

from tasks.foam import dictionary as fd
from tasks.foam.physics import find_fluid, fluid_table
from tasks.plan.bind_parts import phase_blocks, set_in_phase_block
from tasks.plan.bind_props_thermo import ThermoSiteBinding
from tasks.plan.foam_values import fmt
from tasks.plan.foam_values import leaves_get as _leaves_get
from tasks.plan.extract import quantities
from tasks.plan.stated import Binding, StatedQuantity
from tasks.plan.values_viscosity import kinematic_from_dynamic


class PropertyBinding(ThermoSiteBinding):
    """Material properties of a plan."""

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
        stray = path == ["nu"] and fd.find(text, ["phases"]) is None and bool(self.thermo_dictionaries())
        if stray and self._nu_as_mu(q, stated):
            return  # a compressible base's transportProperties nu is read by no solver that has a thermo
        if fd.find(text, path) is not None:
            self.set(tp, path, self._keep_dims(fd.get(text, path) or "", q.value), "kinematic viscosity", q)
            return
        if self._nu_as_mu(q, stated):
            return
        self.refuse(q, f"the base case has no kinematic viscosity entry ({tp} nu)")

    def _nu_as_mu(self, q: StatedQuantity, stated: list[StatedQuantity]) -> bool:
        """A kinematic viscosity where the base keeps a dynamic one (a thermo's mu, a liquid
        solver's transportProperties mu): mu = nu rho, with the density stated, else the model's own
        constant one (rhoConst rho, perfectFluid rho0, thermodynamicProperties rho0)."""
        tp = "constant/transportProperties"
        text = self.base.text(tp) or ""
        said = [s.value for s in stated if s.role == "density"]
        if fd.find(text, ["mu"]) is not None:
            rho = said[0] if len(said) == 1 else _number(fd.get(self.base.text(_LIQUID_THERMO) or "", ["rho0"]))
            if not rho:
                self.refuse(q, f"{tp} keeps a dynamic viscosity mu = nu rho: state the density")
                return True
            self.set(tp, ["mu"], self._keep_dims(fd.get(text, ["mu"]) or "", q.value * rho),
                     f"mu = nu rho = {fmt(q.value)} x {fmt(rho)}", q)
            return True
        found = self.thermo_density(q, stated)
        if found is None:
            if self.thermo_dictionaries():
                self.refuse(q, f"{self.solver} keeps the dynamic viscosity mu in its thermophysical properties, and "
                               f"the density to turn {q.text} into mu = nu rho is not constant there: state a "
                               f"dynamic viscosity (Pa s) or the density")
                return True
            return False
        owner, rho = found
        if self.bind_thermo_property(q, "mu", stated, value=q.value * rho):
            self.assumptions.append(f"{q.text}: mu = nu rho = {fmt(q.value)} x {fmt(rho)} = {q.value * rho:.4g} Pa s"
                                    f"{' (' + owner + ')' if owner else ''}")
            return True
        return False

    def _mu(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        text = self.base.text("constant/transportProperties") or ""
        # a VOF base's phases keep nu (a thermo there is a cloud's carrier); a compressible base's stray
        # transportProperties nu (mixerVessel2D) is read by no solver that has a thermo
        kinematic_first = re.search(r"(?:^|[;{\s])nu\s", text) is not None and (
            fd.find(text, ["phases"]) is not None or not self.thermo_dictionaries())
        if not kinematic_first and self.bind_thermo_property(q, "mu", stated, refuse=False):
            return  # a thermo's mu, in whatever layout (const, polynomial, sutherland made const)
        if fd.find(text, ["mu"]) is not None and not kinematic_first:  # sonicLiquidFoam's transportProperties mu
            self.set("constant/transportProperties", ["mu"], self._keep_dims(fd.get(text, ["mu"]) or "", q.value),
                     "dynamic viscosity", q)
            return
        if self._phase_mu_as_nu(q, stated):
            return
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
        if self.bind_thermo_property(q, "mu", stated):
            return  # where the thermo holds none: why
        self.refuse(q, "a dynamic viscosity needs a density to give the kinematic viscosity this solver uses; state one")

    def _phase_mu_as_nu(self, q: StatedQuantity, stated: list[StatedQuantity]) -> bool:
        """"The oil has a viscosity of 0.05 Pa s" where each phase of transportProperties has its
        own nu and rho: that phase's nu = mu / rho, with the density stated for it, else its own."""
        rel = "constant/transportProperties"
        text = self.base.text(rel) or ""
        phase = self._phase("nu", q)
        if not phase or fd.find(text, [phase, "nu"]) is None:
            return False
        said = next((s for s in stated if s.role == "density" and self._phase("rho", s) == phase), None)
        rho = said.value if said is not None else _number(fd.get(text, [phase, "rho"]))
        derived = None if said is not None else kinematic_from_dynamic(self.text, quantities(self.text))
        if not rho and derived is None:
            return False
        # what a recipe derived from the same statement (mu over the stated or the named fluid's density)
        nu = derived.value if derived is not None and derived.text.strip() == q.text else q.value / rho
        rho = q.value / nu
        self.set(rel, [phase, "nu"], self._keep_dims(fd.get(text, [phase, "nu"]) or "", nu),
                 f"{phase} kinematic viscosity = mu / rho = {fmt(q.value)} / {fmt(rho)}", q)
        self.assumptions.append(f"{q.text}: {phase} nu = {fmt(nu)} m2/s with its density {fmt(rho)} kg/m3"
                                f"{' (stated)' if said is not None else ''}")
        return True

    # the entries a base keeps a diffusivity in: a scalar's or heat's (DT), a mixing pair's (Dab), a tracer's (D)
    _DIFFUSIVITY_KEYS = ("DT", "Dab", "D", "diffusivity", "alphaDT")

    def _diffusivity(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        """A diffusivity in m2/s ("the dye diffuses with D = 5e-7 m2/s", "thermal diffusivity 1e-5
        m2/s"): the base's diffusivity entry; in a Boussinesq base, whose heat diffuses as nu / Pr,
        a thermal diffusivity is Pr = nu / alpha."""
        rel = "constant/transportProperties"
        text = self.base.text(rel) or ""
        for key in self._DIFFUSIVITY_KEYS:
            if fd.find(text, [key]) is not None:
                self.set(rel, [key], self._keep_dims(fd.get(text, [key]) or "", q.value), f"diffusivity ({key})", q)
                return
        nu_q = next((s for s in stated if s.role == "nu"), None)
        nu = nu_q.value if nu_q is not None else _number(fd.get(text, ["nu"]))
        if fd.find(text, ["Pr"]) is not None and nu and q.value > 0:
            self.set(rel, ["Pr"], self._keep_dims(fd.get(text, ["Pr"]) or "", nu / q.value),
                     f"Pr = nu / alpha = {fmt(nu)} / {fmt(q.value)}", q)
            return
        self.refuse(q, f"the base case has no diffusivity entry ({', '.join(self._DIFFUSIVITY_KEYS[:2])}) for "
                       f"{q.text}; {self.solver} transports no diffusing scalar: state a viscosity if that was meant")

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

    def _density(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        text = self.base.text("constant/transportProperties") or ""
        phase = self._phase("rho", q)
        if phase and self._set_in_phase_list("constant/transportProperties", phase, "rho", q, "density"):
            return
        if phase and fd.find(text, [phase, "rho"]) is not None:
            self.set("constant/transportProperties", [phase, "rho"],
                     self._keep_dims(fd.get(text, [phase, "rho"]) or "", q.value), f"{phase} density", q)
            self._saturated_liquid_density(phase, q)
            return
        if fd.find(text, ["rho"]) is not None:
            self.set("constant/transportProperties", ["rho"], self._keep_dims(fd.get(text, ["rho"]) or "", q.value),
                     "density", q)
            return
        liquid = self.base.text(_LIQUID_THERMO) or ""
        if fd.find(liquid, ["rho0"]) is not None:  # sonicLiquidFoam: rho = rho0 + psi (p - p0)
            self.set(_LIQUID_THERMO, ["rho0"], self._keep_dims(fd.get(liquid, ["rho0"]) or "", q.value),
                     "liquid density at p0 (rho0)", q)
            return
        if self.bind_thermo_property(q, "density", stated, refuse=False):
            return  # rhoConst rho, perfectFluid or Boussinesq rho0, icoPolynomial coefficient 0, of the phase named
        places = self.entry_index().get("rho", [])
        if len(places) == 1:  # a solid's or another model's one density (mechanicalProperties rho)
            rel, entry = places[0]
            self.set(rel, entry, self._keep_dims(_leaves_get(self.base.text(rel) or "", entry), q.value), "density", q)
            return
        if any(b.stated == q.text for b in self.bindings) or self._read_by_another(q, stated):
            return  # used for nu = mu / rho, a conduction case's DT = k / (rho cp) or a heat flux's gradient
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
        if self.bind_thermo_property(q, "density", stated):
            return  # a thermo that holds no density (a perfect gas): why
        self.refuse(q, f"{self.solver} is incompressible and single-phase: density enters no equation "
                       f"(pressure is kinematic); state a viscosity instead")

    def _saturated_liquid_density(self, phase: str, q: StatedQuantity) -> None:
        """cavitatingFoam's barotropic law starts from the liquid's density at saturation
        (thermodynamicProperties rholSat): it follows the liquid phase's stated density."""
        liquid = self.base.text(_LIQUID_THERMO) or ""
        if fd.find(liquid, ["rholSat"]) is None or phase.lower() in self._GAS_PHASES:
            return
        self.set(_LIQUID_THERMO, ["rholSat"], self._keep_dims(fd.get(liquid, ["rholSat"]) or "", q.value),
                 f"the liquid's density at saturation follows the {phase} density")
        self.assumptions.append(f"{q.text}: rholSat (the barotropic law's liquid density) set to match")

    def _beta(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        """A thermal expansion coefficient (1/K): the Boussinesq solvers' beta in transportProperties
        (a phase's when the base keeps one per phase); an ideal gas has none to set (beta = 1/T)."""
        rel = "constant/transportProperties"
        text = self.base.text(rel) or ""
        phase = self._phase("beta", q)
        path = [phase, "beta"] if phase and fd.find(text, [phase, "beta"]) is not None else ["beta"]
        if fd.find(text, path) is not None:
            self.set(rel, path, self._keep_dims(fd.get(text, path) or "", q.value), "thermal expansion coefficient", q)
            return
        if self.base.text("constant/thermophysicalProperties"):
            self.refuse(q, f"{self.solver} computes density from its equation of state (an ideal gas has "
                           f"beta = 1/T); no expansion coefficient to set: use a Boussinesq solver to fix beta")
            return
        self.refuse(q, f"the base case has no thermal expansion coefficient ({rel} beta); a Boussinesq "
                       f"solver (buoyantBoussinesqSimpleFoam, buoyantBoussinesqPimpleFoam) has one")

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

    def _specific_energy(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        """An energy per mass ("latent heat 2257 kJ/kg"): OpenFOAM v1912's tutorial solvers take a
        latent heat from their liquid property library or phase-change model, not from one entry."""
        self.refuse(q, f"{self.solver} has no entry for an energy per mass such as a latent heat ({q.text}): "
                       f"phase change takes it from the liquid's property library (liquidProperties, e.g. H2O) "
                       f"or its phase-change model; choose that liquid instead")

    def _molar_mass(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        """A molar mass ("4 g/mol", "44 kg/kmol", "0.029 kg/mol"): the specie molWeight (kg/kmol)
        of the thermophysical dictionary its words name (a mixture's species keep theirs in the
        species' thermo file: not applied)."""
        if self.bind_thermo_property(q, "molar_mass", stated, refuse=False):
            return
        if self.bind_thermo_property(q, "molar_mass", stated):
            return  # refused with the layout's reason
        self.refuse(q, f"{self.solver} keeps no molar mass (it has no thermophysicalProperties with a specie "
                       f"molWeight); a compressible or heat-transfer solver has one")

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


_LIQUID_THERMO = "constant/thermodynamicProperties"  # sonicLiquidFoam's rho0, p0, psi; cavitatingFoam's rholSat


def _number(raw: str | None) -> float | None:
    """An entry's one number ("1000", "[1 -3 0 0 0 0 0] 1000"); None when it holds none or several."""
    found = re.findall(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?", re.sub(r"\[[^\]]*\]", " ", raw or ""))
    return float(found[0]) if len(found) == 1 else None
