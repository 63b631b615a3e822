"""Fluid changes of `modify`: a named fluid's properties (transportProperties, or the liquid
phase of a two-phase case), the surface tension where the case keeps it, and the contact angle
on the walls of the phase-fraction field."""

from __future__ import annotations

import re
from collections.abc import Iterable

from tasks.edit.modify_fluid_follow import follow_fluid_density, follow_fluid_turbulence
from tasks.edit.modify_fluid_temp import fluid_at_stated_temperature
from tasks.edit.modify_models import CaseState, ChangePlan
from tasks.edit.modify_values import NUMBER, unrounded
from tasks.edit.patch_words import surface_tension
from tasks.plan.bind_parts_layouts import phase_names
from tasks.plan.bind_sigma import foreign_pair
from tasks.foam import dictionary as fd
from tasks.foam.files import find_file, read_text
from tasks.foam.physics import find_fluid, fluid_table, fmt, solver_family
from tasks.foam.physics_fluids import FluidEntry
from tasks.plan.extract import first
from tasks.plan.extract_models import Quantity
from tasks.plan.manifest import FileEdit


def contact_angle_edits(plan: ChangePlan, state: CaseState, qs, low: str) -> None:
    """"contact angle 60 degrees": theta0 of constantAlphaContactAngle on the walls of the
    phase-fraction field (walls it names, else every wall); a wall without that condition gets it."""
    angle = next((q for q in qs if q.kind == "angle" and re.search(r"contact|wett|theta", q.before[-40:] + q.after[:20])), None)
    if angle is None:
        _scaled_contact_angle(plan, state, low)
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


def _scaled_contact_angle(plan: ChangePlan, state: CaseState, low: str) -> None:
    """"halve the contact angle", "contact angle +20 %": theta0 of every wall's constantAlphaContactAngle scaled
    by the factor said in the contact angle's clause."""
    from tasks.edit.modify_factor import factor_in

    said = re.search(r"\bcontact\s+angles?\b", low)
    if said is None:
        return
    start = max(low.rfind(c, 0, said.start()) for c in ",;.") + 1
    ends = [i for i in (low.find(c, said.end()) for c in ",;.") if i >= 0]
    clause = low[start:min(ends) if ends else len(low)]
    # "double the surface tension and halve the contact angle": the part of the clause that names the angle
    own = next((part for part in re.split(r"\band\b", clause) if re.search(r"\bcontact\s+angles?\b", part)), clause)
    found = factor_in(own)
    if found is None:
        return
    factor = found[0]
    for copy in (f for f in state.fields if f.startswith("alpha.") and not f.endswith("Mean")):
        rel = f"0/{copy}"
        found = find_file(state.case_dir / "0", copy)
        text = read_text(found) if found is not None else ""
        for patch in fd.keys(text, ["boundaryField"]):
            old = fd.get(text, ["boundaryField", patch, "theta0"])
            if old is None or "constantAlphaContactAngle" not in (fd.get(text, ["boundaryField", patch, "type"]) or ""):
                continue
            new = unrounded(round(float(old.split()[-1]) * factor, 12))
            plan.edits.append(FileEdit(file=rel, entry=["boundaryField", patch, "theta0"], value=new, locked=True,
                                       reason=f"{patch} contact angle x {unrounded(factor)}: {old.strip()} -> {new} deg"))


_TENSION_FILES = ("constant/transportProperties", "constant/thermophysicalProperties", "constant/phaseProperties")


def surface_tension_edits(plan: ChangePlan, state: CaseState, text: str) -> None:
    """"surface tension 30 mN/m": sigma in N/m where the case keeps it: transportProperties
    (interFoam), thermophysicalProperties (compressibleInterFoam, also as a `constant` dict) or
    phaseProperties; a list of phase pairs (`sigmas`, `sigma ((air and water) 0.07)`) is left to the
    binder's pair lists, which name the pair. Its dimensions, when written, stay."""
    stated = surface_tension(text)
    if stated is None:
        return
    value, words = stated
    if foreign_pair(text.lower(), phase_names(lambda rel: _text_of(state, rel) or None), text):
        return  # a pair of fluids the case lacks: the binder refuses it (tasks/plan/bind_sigma)
    for rel in _TENSION_FILES:
        ftext = _text_of(state, rel)
        key = next((k for k in ("sigma", "sigmas") if fd.get(ftext, [k]) is not None), None)
        if key is None:
            continue
        reason = f"surface tension {unrounded(value)} N/m"
        if fd.get(ftext, [key, "sigma"]) is not None:
            plan.edits.append(FileEdit(file=rel, entry=[key, "sigma"], value=unrounded(value), reason=reason, locked=True))
            return
        span = fd.find(ftext, [key])
        old = ftext[span.value_start:span.value_end].strip() if span else ""  # as written: a list keeps its lines
        if old.startswith("("):
            return  # a list of pairs: the binder's pair lists (tasks/plan/bind_parts_pairs) name the pair
        plan.edits.append(FileEdit(file=rel, entry=[key], value=_NUMBER_AT_END.sub(unrounded(value), old), reason=reason,
                                   locked=True))
        return
    if any(fd.get(_text_of(state, rel), ["surfaceTension"]) is not None for rel in _TENSION_FILES):
        return  # the reacting Euler solvers' "surfaceTension ((air and water) {...})": the binder's pair lists
    if "tension" in words:
        plan.warnings.append(f"not applied: {words} (the case has no surface tension entry sigma in {', '.join(_TENSION_FILES)})")


def _text_of(state: CaseState, rel: str) -> str:
    path = state.case_dir / rel
    return path.read_text() if path.is_file() else ""


_NUMBER_AT_END = re.compile(NUMBER + r"\s*$")


def target_fluid(text: str, patches: Iterable[str] = ()) -> str | None:
    """The fluid a request changes to. Each fluid the words name is read by its marks: the new
    one follows "to", an arrow, "with"/"for"/"by" ("replace air with water", "swap the air for
    water", "air -> water") or comes before "instead"/"rather"; the old one follows "from",
    "instead of", "was", "replace" or comes before an arrow or "to". A marked new fluid wins;
    else, in a request about the fluid or one that changes something, the first fluid not marked
    old. A fluid word that names a patch or a phase ("the water inlet", "the air phase", a patch
    called so, a key of "air: 350 K") is none."""
    low = text.lower()
    names = {p.lower() for p in patches}
    mentions = []
    for at, name, alias in sorted(fluid_mentions(low)):
        rest = low[at + len(alias):]
        if alias in names or re.match(r"\s*[:=](?!\s*(?:same|as\b))", rest) or _NOUN_AFTER.match(rest):
            continue  # a patch's name, a key, a phase or an inlet
        if any(at < a + len(al) and a < at + len(alias) and len(al) > len(alias) for a, _, al in fluid_mentions(low)):
            continue  # "water" inside "liquid water": the longer alias reads it
        mentions.append((name, _mark(low[:at], rest)))
    new = [name for name, mark in mentions if mark == "new"]
    if new:
        return new[0]
    about_viscosity = re.search(r"\bviscosit", text, re.I) is not None and not _KEEP.search(text)  # "air viscosity"
    terse = len(re.findall(r"[a-z]+", low)) <= 3 and not re.search(r"\d|" + _KEEP.pattern, text)  # "water", "air please"
    if not (re.search(r"fluid|liquid", text, re.I) or _CHANGE_CUE.search(text) or about_viscosity or terse):
        return None
    return next((name for name, mark in mentions if mark is None), None)


def unknown_fluid(text: str, patches: Iterable[str] = ()) -> str | None:
    """The name of a new fluid the fluid table does not hold, read from the same marks as
    target_fluid around a fluid it does hold or the word "fluid" ("helium instead of air", "air
    -> helium", "replace the water with glycerol", "fluid: mercury"); None when the request names a
    fluid of the table as the new one or no such slot holds a word."""
    if target_fluid(text, patches) is not None:
        return None
    low = text.lower()
    known = "|".join(re.escape(a) for _, _, a in sorted({(0, n, a) for _, n, a in fluid_mentions(low)}))
    slots = [r"\b(?:fluid|liquid|gas)\s*(?::|=|->|=>|→|\bto\b|\binto\b|\bis\b|\bbecomes?\b)\s*(?:the\s+|some\s+)?"
             r"(?P<new>[a-z][\w-]*)"]
    if known:
        slots += [rf"(?P<new>[a-z][\w-]*)\s*,?\s+(?:\(\s*)?(?:instead\s+of|rather\s+than|in\s+place\s+of|not)\s+(?:the\s+)?(?:{known})\b",
                  rf"\b(?:{known})\s*(?:->|=>|→|\bto\b|\binto\b)\s*(?:the\s+|some\s+)?(?P<new>[a-z][\w-]*)",
                  rf"\b(?:replac\w*|swap\w*|exchang\w*)\s+(?:the\s+)?(?:{known})\s+(?:with|for|by)\s+(?:the\s+|some\s+)?"
                  r"(?P<new>[a-z][\w-]*)"]
    for slot in slots:
        m = re.search(slot, low)
        if m and m.group("new") not in _NOT_FLUID and not re.fullmatch(r"[a-z]?\d.*", m.group("new")) and \
                m.group("new") not in {p.lower() for p in patches}:
            return m.group("new")
    return None


# words a fluid slot may hold that name no fluid: verbs, articles, the case's own words
_NOT_FLUID = {"use", "using", "with", "be", "a", "an", "the", "same", "it", "this", "that", "one", "other", "another",
              "change", "switch", "swap", "please", "pls", "now", "then", "and", "or", "so", "as", "at", "in", "of",
              "incompressible", "compressible", "newtonian", "laminar", "turbulent", "steady", "transient", "air",
              "water", "oil", "properties", "viscosity", "density", "temperature", "pressure", "velocity", "phase",
              "inlet", "outlet", "flow", "domain", "model", "solver", "case", "mesh", "run", "go", "make", "very", "more",
              "less", "still", "not", "kept", "unchanged", "same"}


def _mark(before: str, after: str) -> str | None:
    """"new", "old" or None for a fluid word between `before` and `after`."""
    if _REPLACED_AFTER.match(after):  # "with water replaced by oil": water is the old one, whatever comes before
        return "old"
    if _FLUID_IS.search(before):  # "the working fluid were water", "fluid is water"
        return "new"
    for pattern, mark in ((_OLD_BEFORE, "old"), (_NEW_BEFORE, "new")):
        if pattern.search(before):
            return mark  # the words before a fluid say more than the words after it ("use water to cool")
    return "old" if _OLD_AFTER.match(after) else "new" if _NEW_AFTER.match(after) else None


def fluid_condition(text: str, said: str) -> str | None:
    """The fluid whose state a stated value gives ("liquid water at 20 degC", "air @ 1 atm"):
    the value picks the fluid's properties, it sets no boundary; None when it qualifies no fluid."""
    low = text.lower()
    for m in re.finditer(re.escape(said.lower()), low):
        before = low[:m.start()]
        for at, name, alias in fluid_mentions(before):
            if re.fullmatch(r"\s+(?:at|@)\s*|\s+(?:at|@)\s+(?:[-+]?\d[^\s,;]*\s*[^\s\d,;]*\s+(?:and|,)\s+)+",
                            before[at + len(alias):]) or _state_between(before[at + len(alias):], said):
                return name
        if re.search(r"\bat\s+(?:about\s+|around\s+)?$", before):  # "at 308 K the fluid is water"
            after = low[m.end():]
            for at, name, alias in fluid_mentions(after):
                if _STATE_AFTER.fullmatch(after[:at]):
                    return name
    return None


# "the (working) fluid is/were/becomes": the fluid after it is the new one
_FLUID_IS = re.compile(r"\b(?:fluid|liquid|medium)\s+(?:is|was|were|be|becomes?|should\s+be|would\s+be|will\s+be)\s+"
                       r"(?:the\s+|some\s+)?$")
# between a fluid and the value of its state: "the water was at 35 degC", "air temperature: 22 degC", "the air
# in the tunnel was at 30 degC", "water, 95 degF"
_STATE_BETWEEN = re.compile(r"(?:\s+(?:in|of|inside|through|from)\s+(?:the\s+|our\s+)?[\w-]+)?"
                            r"(?:\s*,\s*|\s+(?:was|is|were|being|kept|held|came\s+in|comes\s+in)\s+(?:at\s+)?|"
                            r"\s+temperature\s*(?:[:=]|\bof\b|\bwas\b|\bis\b|\bat\b)?\s*|\s+at\s+a\s+temperature\s+of\s+)"
                            r"(?:about\s+|around\s+|roughly\s+)?")
def _state_between(between: str, said: str) -> bool:
    """True when the words between a fluid and a value make the value the fluid's state; a bare
    comma ("water, 95 degF") only before a temperature."""
    if _STATE_BETWEEN.fullmatch(between) is None:
        return False
    return "," not in between or re.search(r"°|\bdeg|\b[KCF]\b|kelvin|celsius|fahrenheit", said, re.I) is not None


# between the value and its fluid: "at 308 K the fluid is water", "at 35 degC, water"
_STATE_AFTER = re.compile(r"\s*,?\s*(?:(?:the\s+)?(?:working\s+)?(?:fluid|liquid|gas|medium)\s+(?:is|was|will\s+be|should\s+be|"
                          r"becomes?)\s+)?(?:the\s+|some\s+)?")


def conditioned_fluid(text: str, qs) -> str | None:
    """The fluid a stated temperature qualifies ("the air in the tunnel was at 30 degC") in a case
    with no temperature field: the value can only be the fluid's state, so the fluid's properties
    follow it even with no word of change."""
    return next((f for q in qs if q.kind == "temperature" and (f := fluid_condition(text, q.text))), None)


def fluid_mentions(low: str) -> list[tuple[int, str, str]]:
    """(position, fluid, alias) of every fluid the lower-case words name."""
    return [(m.start(), name, alias) for name, entry in fluid_table().items() for alias in entry.aliases
            for m in re.finditer(rf"\b{re.escape(alias)}\b", low)]


# words that mark a fluid as the old one ("instead of air", "from air", "replace air with")
_OLD_BEFORE = re.compile(r"\b(?:instead\s+of|rather\s+than|from|not|replac\w*|swap\w*|currently|was|were|previously|"
                         r"formerly|had|than)\s+(?:the\s+|all\s+the\s+|our\s+)?$")
# after a fluid: "water replaced by oil", "the water gets replaced with glycerol"
_REPLACED_AFTER = re.compile(r"\s*(?:is\s+|was\s+|gets\s+|being\s+|to\s+be\s+|should\s+be\s+)?(?:replaced|swapped|exchanged)\s+"
                             r"(?:by|with|for)\b")
# ... and after it: "air -> water", "air to water", "air => water"
_OLD_AFTER = re.compile(r"\s*(?:->|=>|→|⇒|\bto\b|\binto\b)")
# words that mark a fluid as the new one: "to water", "-> water", "with water", "for oil", "by oil"
_NEW_BEFORE = re.compile(r"(?:->|=>|→|⇒|\bto|\binto|\bwith|\bfor|\bby|\buse|\busing|\bbe|\bfill\w*(?:\s+\w+){0,3}\s+with)"
                         r"\s+(?:the\s+|some\s+|a\s+|an\s+)?$")
# ... and after it: "water instead of air", "water rather than air", "water (not air)"
_NEW_AFTER = re.compile(r"\s*(?:\(\s*)?(?:instead|rather|not\b|in\s+place\s+of)")
# nouns after a fluid word that make it a patch's or a phase's name, not a fluid change
_NOUN_AFTER = re.compile(r"\s*(?:starting|starts|initially|warmer|hotter|colder|cooler|inlet|outlet|side|phase|jet|stream|flow|region|gap|column|temperature|velocity|speed|"
                         r"properties|layer|bubble|volume|fraction|pressure|channel|domain|film|level|tank|height|depth)\b")
# a request that changes something: without one a fluid's name is only a description
_CHANGE_CUE = re.compile(r"\b(?:instead|rather|switch\w*|swap\w*|replac\w*|chang\w*|use|using|make|be|becomes?)\b|[:=]|->",
                         re.I)

# the Reynolds number kept through a change of fluid: "keep Re", "at the same Reynolds number",
# "the Reynolds number should not change", "Re unchanged"
_REYNOLDS = re.compile(r"\bRe\b(?!-)|\b[Rr]eynolds\b|\bREYNOLDS\b")
_KEEP = re.compile(r"\b(?:keep\w*|hold\w*|same|maintain\w*|preserv\w*|unchanged|constant|fixed|stays?|not\s+change|"
                   r"matched|match|as\s+(?:before|now|is|it\s+is|it\s+was|currently|at\s+present|we\s+had)|"
                   r"like\s+(?:before|now)|what\s+(?:we|it)\s+(?:had|has|is))\b", re.I)


def keeps_reynolds(text: str) -> bool:
    """True when a sentence of the request keeps the Reynolds number (and states none)."""
    for sentence in re.split(r"[.;!?](?:\s|$)|\n", text):
        if _REYNOLDS.search(sentence) and _KEEP.search(sentence) and not re.search(r"\d", sentence):
            return True
    return False


def fluid_edits(plan: ChangePlan, state: CaseState, fluid: str, qs) -> None:
    entry = fluid_table()[fluid]
    tp = "constant/transportProperties"
    if not (state.case_dir / tp).is_file():  # a compressible case: the fluid is its thermophysical model
        plan.warnings.append(f"not applied: {fluid} ({state.solver} reads its fluid from constant/thermophysicalProperties "
                             "(molWeight, Cp, mu, Pr and an equation of state), which the fluid table does not hold: "
                             "state the entries, e.g. 'mu 1.8e-5 Pa s and Cp 1005 J/kg/K')")
        return
    text = (state.case_dir / tp).read_text()
    entry = fluid_at_stated_temperature(plan, fluid, entry, qs, fluid_condition)
    entry, how = _stated_over_table(plan, fluid, entry, qs)
    plan.edits.append(FileEdit(file=tp, entry=["nu"], value=_with_dimensions(text, "nu", fmt(entry.nu)),
                               reason=f"{fluid} kinematic viscosity{how}", locked=True))
    if fd.get(text, ["beta"]) is not None:
        plan.edits.append(FileEdit(file=tp, entry=["beta"], value=_with_dimensions(text, "beta", fmt(entry.beta)),
                                   reason=f"{fluid} thermal expansion", locked=True))
    if fd.get(text, ["Pr"]) is not None:
        plan.edits.append(FileEdit(file=tp, entry=["Pr"], value=_with_dimensions(text, "Pr", fmt(entry.pr)),
                                   reason=f"{fluid} Prandtl number (mu cp / kappa)", locked=True))
    old_nu = _number(fd.get(text, ["nu"]))
    speed_factor = None
    if keeps_reynolds(plan.request) and old_nu:  # the same Re = U L / nu: every inflow speed times nu_new / nu_old
        speed_factor = entry.nu / old_nu
        from tasks.edit.modify_boundary import scale_velocity
        u_field = "U.air" if "U.air" in state.fields else "U"
        movers = [p for p, r in state.roles.items() if r in ("inlet", "movingWall")]
        for patch in movers:
            scale_velocity(plan, state, u_field, patch, speed_factor, f"{patch} velocity for the same Reynolds number")
        plan.assumptions.append(f"Reynolds number kept: {', '.join(movers) or 'no inflow patch'} velocity x "
                                f"{unrounded(speed_factor)} (nu {fmt(old_nu)} -> {fmt(entry.nu)} m2/s)")
    if old_nu:
        follow_fluid_turbulence(plan, state, entry.nu / old_nu, speed_factor)
    follow_fluid_density(plan, state, entry.rho, fluid)
    plan.assumptions.append(f"{fluid} properties at {entry.condition}: rho {fmt(entry.rho)} kg/m3, mu {fmt(entry.mu)} Pa s, "
                            f"cp {fmt(entry.cp)} J/(kg K), kappa {fmt(entry.kappa)} W/(m K), Pr {fmt(entry.pr)}")
    if solver_family(state.solver) == "boussinesq":
        plan.assumptions.append("the Boussinesq solver reads nu, beta and Pr from transportProperties (rho, cp and kappa enter through Pr)")


def _stated_over_table(plan: ChangePlan, fluid: str, entry: FluidEntry, qs) -> tuple[FluidEntry, str]:
    """The fluid's entry with the viscosity the request states beside its name ("air, nu 1.5e-5
    m2/s", "air with mu 1.8e-5 Pa s": nu = mu / rho, rho stated or the table's), and the words the
    nu edit's reason ends with; the table's entry and "" when the request states none."""
    nu_q, mu_q, rho_q = stated_viscosity(qs), first(qs, "dynamic_viscosity"), first(qs, "density")
    rho_said = rho_q is not None and rho_q.value > 0
    rho = rho_q.value if rho_said else entry.rho
    if nu_q is not None and nu_q.value > 0:
        nu, how = nu_q.value, ""
    elif mu_q is not None and mu_q.value > 0:
        nu = float(f"{mu_q.value / rho:.4g}")
        how = f" ({mu_q.text.strip()} as nu = mu / rho) ({rho_q.text.strip()} as rho)" if rho_said else \
            f" ({mu_q.text.strip()} as nu = mu / rho, rho {fmt(rho)} kg/m3 of the fluid table)"
    else:
        return entry, ""
    plan.assumptions.append(f"{fluid} with the stated viscosity: nu {fmt(nu)} m2/s (the fluid table holds {fmt(entry.nu)} m2/s)")
    return entry.model_copy(update={"nu": nu, "mu": float(f"{nu * rho:.4g}"), "rho": rho}), how


def _with_dimensions(text: str, key: str, value: str) -> str:
    """The new value with the dimension set the entry is written with ("nu [0 2 -1 0 0 0 0] 1e-05;"
    keeps its "[0 2 -1 0 0 0 0]"), so that the diff stays the number's."""
    dims = re.match(r"\s*(\[[^\]]*\])", fd.get(text, [key]) or "")
    return f"{dims.group(1)} {value}" if dims else value


def _number(value: str | None) -> float | None:
    """The last number of a dictionary value ("1e-05", "[0 2 -1 0 0 0 0] 1e-05"), None if none."""
    nums = re.findall(NUMBER, value or "")
    return float(nums[-1]) if nums else None


# words that make a value in m2/s another diffusivity than the viscosity
_OTHER_DIFFUSIVITY = re.compile(r"diffusiv|\bdab\b|\bd_?ab\b|\bdt\b|thermal|heat|mass transfer|species", re.I)


def stated_viscosity(qs: list[Quantity]) -> Quantity | None:
    """The kinematic viscosity the request states (m2/s), None when none or when the words make
    the value another diffusivity of the same unit ("diffusivity 1e-9 m2/s": Dab, DT, left to the binder)."""
    nu_q = first(qs, "kinematic_viscosity")
    if nu_q is not None and _OTHER_DIFFUSIVITY.search(re.split(r"[,;]", nu_q.before)[-1] + " " + nu_q.after[:20]):
        return None
    return nu_q


def liquid_edits(plan: ChangePlan, state: CaseState, fluid: str | None, qs) -> None:
    path = state.case_dir / "constant/transportProperties"
    if not path.is_file():  # an Euler or thermo case keeps each phase's properties in its own files
        plan.warnings.append(f"not applied: the {fluid or 'liquid'}'s properties: this {state.solver} case has no "
                             "constant/transportProperties; set the phase's values in its thermophysicalProperties.<phase>")
        return
    tp = path.read_text()
    phases = (fd.get(tp, ["phases"]) or "(water air)").strip("()").split()
    liquid = next((p for p in phases if p != "air"), phases[0])
    entry = fluid_table()[fluid] if fluid else None
    nu_q, rho_q = stated_viscosity(qs), first(qs, "density")
    nu = nu_q.value if nu_q else (entry.nu if entry else None)
    rho = rho_q.value if rho_q else (entry.rho if entry else None)
    name = fluid or "liquid"
    if nu is not None:
        plan.edits.append(FileEdit(file="constant/transportProperties", entry=[liquid, "nu"], value=fmt(nu), reason=f"{name} nu", locked=True))
    if rho is not None:
        plan.edits.append(FileEdit(file="constant/transportProperties", entry=[liquid, "rho"], value=fmt(rho), reason=f"{name} rho", locked=True))
    if fluid and fluid != liquid:
        plan.assumptions.append(f"the liquid phase keeps the name '{liquid}' (field alpha.{liquid}) with {fluid}'s properties")
