"""The domain's pressure level in solvers that solve p_rgh: a stated initial, operating or tank
pressure lands on every entry that holds the base's level, so the case starts consistent.

Where the pressure is thermodynamic (compressibleInterFoam, buoyantPimpleFoam, chtMultiRegion
fluids, twoPhaseEulerFoam): p and p_rgh internalField (p = p_rgh + rho*g*h, equal at the
reference level), the patch values that hold that same level (fixedFluxPressure, calculated),
setFields' defaultFieldValues (setFields writes them back over the internalField), each fluid
region's changeDictionaryDict, and pRefValue where the base keeps it at that level. Where the
flow is incompressible (interFoam, driftFluxFoam, buoyantBoussinesq*), a level changes no flow:
it goes to pRefValue, the level p is referred to in a closed domain, else it is not applied with
why. Mixed into `tasks.plan.bind.Binder` through `PressureBinding`.
"""

from __future__ import annotations

from tasks.foam import dictionary as fd
from tasks.plan.bind_pressure_levels import (ABSOLUTE_SIZED, LEVEL_ENTRIES, gauge_of, internal_level, number_in,
                                             same_level)
from tasks.plan.foam_values import fmt
from tasks.plan.multi_region import region_names
from tasks.plan.regions import DEFAULT, read_set_fields, set_default
from tasks.plan.stated import ATMOSPHERE, StatedQuantity

# the solution-control dictionaries of fvSolution that may hold pRefValue
_CONTROLS = ("PIMPLE", "SIMPLE", "PISO")
_FIELDS = ("p", "p_rgh")
_SET_FIELDS = "system/setFieldsDict"
P_RGH_NOTE = "p_rgh = p - rho*g*h: equal to p at the reference level (g*h = 0), so both start at it"


def held_patches(field_text: str, level: float) -> list[str]:
    """The patches of a pressure field whose `value` holds `level` while their condition keeps no
    level of its own (fixedFluxPressure, calculated): initial values that follow the domain's."""
    out = []
    for patch in fd.keys(field_text, ["boundaryField"]):
        bc = fd.get(field_text, ["boundaryField", patch, "type"]) or ""
        if bc in LEVEL_ENTRIES:
            continue  # a condition that keeps a level (fixedValue, prghPressure p, totalPressure p0): its role's
        if (v := number_in(fd.get(field_text, ["boundaryField", patch, "value"]))) is not None and same_level(v, level):
            out.append(patch)
    return out


def reference_entry(fv_solution: str) -> list[str] | None:
    """[control, "pRefValue"] of the fvSolution that keeps one, None when it keeps none."""
    return next(([c, "pRefValue"] for c in _CONTROLS if number_in(fd.get(fv_solution, [c, "pRefValue"])) is not None),
                None)


def reference_value(pascal: float, reference: str | None, base_ref: float) -> float:
    """A stated level as a base's pRefValue holds it: absolute where the base's is atmospheric-sized
    (interFoam's sloshingTank2D 1e5), relative to the atmosphere where it is not (0)."""
    if base_ref >= ABSOLUTE_SIZED:
        return pascal + ATMOSPHERE if reference == "gauge" else pascal
    return gauge_of(pascal, reference, ATMOSPHERE)


class InitialPressureBinding:
    """Initial and operating pressure levels of p_rgh solvers."""

    def follow_domain_pressure(self, q: StatedQuantity, value: str, old: float | None) -> None:
        """Every entry that holds the base's domain level `old` (p and p_rgh internalField, patch
        values, setFields defaults, pRefValue, fluid regions' changeDictionaryDict) set to `value`,
        in the units the base's p holds it. Only for a thermodynamic pressure with p_rgh."""
        if old is None or not self.base.field_rels("p_rgh") or self._pressure_kind() == "kinematic":
            return
        for field in _FIELDS:
            for rel in self.base.field_rels(field):
                text = self.base.text(rel) or ""
                inside = internal_level(text)
                bound = any(b.file == rel and b.entry == ["internalField"] and b.stated == q.text for b in self.bindings)
                if inside is not None and same_level(inside, old) and not bound:
                    why = "initial pressure" + (f" ({P_RGH_NOTE})" if field == "p_rgh" else "")
                    self.set(rel, ["internalField"], f"uniform {value}", why, q)
                for patch in held_patches(text, old):
                    self.set(rel, ["boundaryField", patch, "value"], f"uniform {value}",
                             f"{patch}'s initial {field} follows the domain's level")
        self._follow_set_fields(q, value, old)
        self._follow_reference(q, "system/fvSolution", value, old)
        self._follow_regions(q, value, old)

    def _follow_set_fields(self, q: StatedQuantity, value: str, old: float) -> None:
        """setFields' defaultFieldValues of p and p_rgh at the old level: setFields writes them over
        the internalField before the run, so they take the stated level too."""
        text = self.base.text(_SET_FIELDS) or ""
        if not text:
            return
        sf = read_set_fields(text)
        for field in _FIELDS:
            held = sf.value(DEFAULT, field) if field in sf.default else None
            if held is None or not same_level(held, old):
                continue
            raw = self.current(_SET_FIELDS, "defaultFieldValues")
            self.set(_SET_FIELDS, ["defaultFieldValues"], set_default(raw, field, value),
                     f"{field} = {value} in defaultFieldValues (setFields writes it over the internalField)", q)

    def _follow_reference(self, q: StatedQuantity, rel: str, value: str, old: float) -> None:
        """The fvSolution's pRefValue where the base keeps it at the domain's level (buoyantPimpleFoam's
        hotRoom 1e5): the level p is held to in a closed domain."""
        text = self.base.text(rel) or ""
        entry = reference_entry(text)
        if entry is not None and same_level(number_in(fd.get(text, entry)) or 0.0, old):
            self.set(rel, entry, value, "pRefValue: the level p is referred to in the closed domain", q)

    def _follow_regions(self, q: StatedQuantity, value: str, old: float) -> None:
        """Each fluid region's changeDictionaryDict (chtMultiRegion: it writes p and p_rgh after
        splitMeshRegions) and fvSolution, where they hold the old level."""
        regions = region_names(self.base.text("constant/regionProperties") or "")
        for region in [r for r, kind in regions.items() if kind == "fluid"]:
            rel = f"system/{region}/changeDictionaryDict"
            text = self.base.text(rel) or ""
            for field in _FIELDS:
                v = number_in(fd.get(text, [field, "internalField"]))
                if v is not None and same_level(v, old):
                    why = f"initial {field} of {region}" + (f" ({P_RGH_NOTE})" if field == "p_rgh" else "")
                    self.set(rel, [field, "internalField"], f"uniform {value}", why, q)
                elif v is not None:
                    self.assumptions.append(f"{region} keeps its own {field} level {fmt(v)} (not the domain's "
                                            f"{fmt(old)}): left as the base has it")
                for patch in fd.keys(text, [field, "boundaryField"]) if fd.find(text, [field, "boundaryField"]) else []:
                    raw = fd.get(text, [field, "boundaryField", patch, "value"])
                    if (v := number_in(raw)) is not None and same_level(v, old):
                        self.set(rel, [field, "boundaryField", patch, "value"], f"uniform {value}",
                                 f"{region} {patch}: {field} at the domain's level")
            self._follow_reference(q, f"system/{region}/fvSolution", value, old)

    def incompressible_level(self, q: StatedQuantity) -> bool:
        """A stated level on an incompressible p_rgh base (interFoam, driftFluxFoam, a Boussinesq
        solver) that no open side takes: the fvSolution's pRefValue where the base keeps one in Pa
        (the level p is referred to in a closed domain), else not applied with why. True when
        bound or refused."""
        rel = "system/fvSolution"
        text = self.base.text(rel) or ""
        entry = reference_entry(text)
        if entry is not None and self._pressure_kind() != "kinematic":
            base_ref = number_in(fd.get(text, entry)) or 0.0
            value = reference_value(q.value, q.reference, base_ref)
            self.set(rel, entry, fmt(value), "pRefValue: the level p is referred to in the closed domain", q)
            said = "absolute" if base_ref >= ABSOLUTE_SIZED else "relative to the atmosphere"
            self.assumptions.append(f"{q.text} as pRefValue {fmt(value)} Pa ({said}, as the base keeps it): "
                                    f"{self.solver}'s flow is incompressible, the level changes only p's datum")
            return True
        kind = "a kinematic pressure (p/rho) " if self._pressure_kind() == "kinematic" else "a pressure "
        self.refuse(q, f"{self.solver} solves {kind}relative to a reference and the flow is incompressible: an "
                       f"initial or operating pressure level ({q.text}) does not change it (only an open side's level "
                       "does), and the base keeps no pRefValue in Pa to hold it; state the pressure of an open "
                       "boundary instead")
        return True
