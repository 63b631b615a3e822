"""Fluid changes of `modify`: a named fluid's properties (transportProperties, or the liquid
phase of a two-phase case), the surface tension where the case keeps it, and the contact angle
on the walls of the phase-fraction field."""

from __future__ import annotations

import re

from tasks.edit.modify_models import CaseState, ChangePlan
from tasks.edit.modify_values import NUMBER, unrounded
from tasks.edit.patch_words import surface_tension
from tasks.foam import dictionary as fd
from tasks.foam.physics import find_fluid, fluid_table, fmt, solver_family
from tasks.plan.extract import first
from tasks.plan.manifest import FileEdit


def contact_angle_edits(plan: ChangePlan, state: CaseState, qs, low: str) -> None:
    """"contact angle 60 degrees": theta0 of constantAlphaContactAngle on the walls of the
    phase-fraction field (walls it names, else every wall); a wall without that condition gets it."""
    angle = next((q for q in qs if q.kind == "angle" and re.search(r"contact|wett|theta", q.before[-40:] + q.after[:20])), None)
    if angle is None:
        return
    alpha = next((f for f in state.fields if f.startswith("alpha.") and not f.endswith((".orig", "Mean"))), None)
    if alpha is None:
        plan.warnings.append(f"not applied: contact angle {angle.text} (the case has no phase-fraction field alpha.*)")
        return
    atext = (state.case_dir / "0" / alpha).read_text()
    walls = [p for p, r in state.roles.items() if r in ("wall", "movingWall") and p in fd.keys(atext, ["boundaryField"])]
    named = state.patch_named(angle.before[-60:], walls)
    copies = [f for f in (alpha, f"{alpha}.orig") if (state.case_dir / "0" / f).is_file()]  # Allrun copies .orig over
    for patch, copy in ((p, c) for p in ([named] if named else walls) for c in copies):
        bc = fd.get((state.case_dir / "0" / copy).read_text(), ["boundaryField", patch]) or ""
        if "constantAlphaContactAngle" in bc:
            plan.edits.append(FileEdit(file=f"0/{copy}", entry=["boundaryField", patch, "theta0"], value=unrounded(angle.value),
                                       reason=f"{patch} contact angle {unrounded(angle.value)} deg", locked=True))
        else:
            plan.edits.append(FileEdit(file=f"0/{copy}", entry=["boundaryField", patch],
                                       value={"type": "constantAlphaContactAngle", "theta0": unrounded(angle.value),
                                              "limit": "gradient", "value": "uniform 0"},
                                       reason=f"{patch} contact angle {unrounded(angle.value)} deg", locked=True))


_TENSION_FILES = ("constant/transportProperties", "constant/thermophysicalProperties", "constant/phaseProperties")


def surface_tension_edits(plan: ChangePlan, state: CaseState, text: str) -> None:
    """"surface tension 30 mN/m": sigma in N/m where the case keeps it: transportProperties
    (interFoam), thermophysicalProperties (compressibleInterFoam, also as a `constant` dict) or
    phaseProperties and multiphaseInterFoam's `sigmas` (a list of phase pairs: the pair the words
    name, or the only one). Its dimensions, when written, stay."""
    stated = surface_tension(text)
    if stated is None:
        return
    value, words = stated
    for rel in _TENSION_FILES:
        path = state.case_dir / rel
        ftext = path.read_text() if path.is_file() else ""
        key = next((k for k in ("sigma", "sigmas") if fd.get(ftext, [k]) is not None), None)
        if key is None:
            continue
        reason = f"surface tension {unrounded(value)} N/m"
        if fd.get(ftext, [key, "sigma"]) is not None:
            plan.edits.append(FileEdit(file=rel, entry=[key, "sigma"], value=unrounded(value), reason=reason, locked=True))
            return
        span = fd.find(ftext, [key])
        old = ftext[span.value_start:span.value_end].strip() if span else ""  # as written: a list keeps its lines
        new = _pair_tension(old, value, text) if old.startswith("(") else _NUMBER_AT_END.sub(unrounded(value), old)
        if new is None:
            plan.warnings.append(f"not applied: {words} ({rel} {key} lists several phase pairs; name the two phases)")
        else:
            plan.edits.append(FileEdit(file=rel, entry=[key], value=new, reason=reason, locked=True))
        return
    if "tension" in words:
        plan.warnings.append(f"not applied: {words} (the case has no surface tension entry sigma in {', '.join(_TENSION_FILES)})")


_NUMBER_AT_END = re.compile(NUMBER + r"\s*$")


_PAIR = re.compile(r"\(([^()]*)\)\s*(" + NUMBER + ")")


def _pair_tension(old: str, value: float, text: str) -> str | None:
    """A `( (air water) 0.07 ... )` list with the new value on the pair whose two phases the
    words name, or on its only pair; None when that pair is unclear."""
    pairs = list(_PAIR.finditer(old))
    low = text.lower()
    named = [m for m in pairs if all(re.search(rf"\b{re.escape(w.lower())}\b", low) for w in m.group(1).split() if w != "and")]
    chosen = pairs if len(pairs) == 1 else named
    if len(chosen) != 1:
        return None
    m = chosen[0]
    return old[:m.start(2)] + unrounded(value) + old[m.end(2):]


def target_fluid(text: str) -> str | None:
    m = re.search(r"\bto\s+(\w+)", text, re.I)
    candidates = [find_fluid(m.group(1))] if m else []
    return next((c for c in candidates if c), None) or (find_fluid(text) if re.search(r"fluid|liquid", text, re.I) else None)


def fluid_edits(plan: ChangePlan, state: CaseState, fluid: str, qs) -> None:
    entry = fluid_table()[fluid]
    tp = "constant/transportProperties"
    text = (state.case_dir / tp).read_text() if (state.case_dir / tp).is_file() else ""
    plan.edits.append(FileEdit(file=tp, entry=["nu"], value=fmt(entry.nu), reason=f"{fluid} kinematic viscosity", locked=True))
    if fd.get(text, ["beta"]) is not None:
        plan.edits.append(FileEdit(file=tp, entry=["beta"], value=fmt(entry.beta), reason=f"{fluid} thermal expansion", locked=True))
    if fd.get(text, ["Pr"]) is not None:
        plan.edits.append(FileEdit(file=tp, entry=["Pr"], value=fmt(entry.pr), reason=f"{fluid} Prandtl number (mu cp / kappa)", locked=True))
    plan.assumptions.append(f"{fluid} properties at {entry.condition}: rho {fmt(entry.rho)} kg/m3, mu {fmt(entry.mu)} Pa s, "
                            f"cp {fmt(entry.cp)} J/(kg K), kappa {fmt(entry.kappa)} W/(m K), Pr {fmt(entry.pr)}")
    if solver_family(state.solver) == "boussinesq":
        plan.assumptions.append("the Boussinesq solver reads nu, beta and Pr from transportProperties (rho, cp and kappa enter through Pr)")


# words that make a value in m2/s another diffusivity than the viscosity
_OTHER_DIFFUSIVITY = re.compile(r"diffusiv|\bdab\b|\bd_?ab\b|\bdt\b|thermal|heat|mass transfer|species", re.I)


def liquid_edits(plan: ChangePlan, state: CaseState, fluid: str | None, qs) -> None:
    tp = (state.case_dir / "constant/transportProperties").read_text()
    phases = (fd.get(tp, ["phases"]) or "(water air)").strip("()").split()
    liquid = next((p for p in phases if p != "air"), phases[0])
    entry = fluid_table()[fluid] if fluid else None
    nu_q, rho_q = first(qs, "kinematic_viscosity"), first(qs, "density")
    if nu_q is not None and _OTHER_DIFFUSIVITY.search(re.split(r"[,;]", nu_q.before)[-1] + " " + nu_q.after[:20]):
        nu_q = None  # "diffusivity 1e-9 m2/s": the same unit as nu, another entry (Dab, DT): left to the binder
    nu = nu_q.value if nu_q else (entry.nu if entry else None)
    rho = rho_q.value if rho_q else (entry.rho if entry else None)
    name = fluid or "liquid"
    if nu is not None:
        plan.edits.append(FileEdit(file="constant/transportProperties", entry=[liquid, "nu"], value=fmt(nu), reason=f"{name} nu", locked=True))
    if rho is not None:
        plan.edits.append(FileEdit(file="constant/transportProperties", entry=[liquid, "rho"], value=fmt(rho), reason=f"{name} rho", locked=True))
    if fluid and fluid != liquid:
        plan.assumptions.append(f"the liquid phase keeps the name '{liquid}' (field alpha.{liquid}) with {fluid}'s properties")
