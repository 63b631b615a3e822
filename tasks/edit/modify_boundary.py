"""Boundary values of `modify`: a stated speed or pressure on the patch its words name (or the
moving wall or inlet), along the direction the words give; a value scaled from the present one
("double the inlet velocity", "halve the hot wall temperature"); the inlet turbulence that
follows a new inlet speed."""

from __future__ import annotations

import math
import re

from tasks.edit.caseops import initial_field
from tasks.edit.modify_models import CaseState, ChangePlan
from tasks.edit.modify_relative import ROTATION_WORDS
from tasks.edit.modify_words import present_sign, stated_sign
from tasks.edit.modify_props import scaled_flow_rate, scaled_heat_flux, scaled_property
from tasks.edit.modify_thermal import fixed_temperatures, temperature_patch
from tasks.edit.modify_values import (
    NUMBER,
    literal_value,
    patch_direction,
    pristine_file,
    site_direction,
    site_magnitude,
    scaled_function1,
    uniform_scalar,
    unrounded,
    value_site,
)
from tasks.edit.modify_words import all_scaled
from tasks.edit.patch_words import after_sign, increment_sign, segment_before, stated_direction
from tasks.foam import dictionary as fd
from tasks.plan.bind_pressure_levels import NORMALISED_GAS, gauge_of, level_entry, level_text, normalised_gas, number_in
from tasks.foam.physics import fluid_table, fmt, inlet_turbulence, model_spec, unrounded
from tasks.plan.extract import quantities
from tasks.plan.manifest import FileEdit
from tasks.plan.recipes import vec


def patch_with_role(state: CaseState, *roles: str) -> str | None:
    return next((p for p, r in state.roles.items() if r in roles), None)


def _other_quantity(words: str, kind: str) -> bool:
    """True when the kind word is the end of a longer name of another quantity ("magnetic flux density" is B,
    "eddy viscosity" nut): an entry canonical/entry_names.yaml names that is no density or viscosity of the fluid."""
    from tasks.plan.controls import aliases

    low = words.lower()
    own = ("rho", "nu", "mu")
    return any(len(phrase) > len(kind) and phrase.endswith(kind) and re.search(rf"\b{re.escape(phrase)}\b", low)
               and not any(n.startswith(own) for n in names) for phrase, names in aliases().items())


def scaled_value_edits(plan: ChangePlan, state: CaseState, text: str) -> None:
    """Boundary values scaled without being given: "double the inlet velocity", "increase the
    lid speed by 50%", "reduce the outlet pressure by 10 percent", "halve the hot wall
    temperature" (in K): the present value on the patch the words name (for a velocity, else the
    moving wall or inlet) times the factor."""
    low = text.lower()
    for kind, words, factor in all_scaled(text):
        if kind == "flow_rate" and (rate := scaled_flow_rate(state, words, factor)) is not None:
            plan.edits += rate.edits
            plan.warnings += rate.warnings
            plan.assumptions += rate.assumptions
            continue
        if kind == "heat_flux":
            if (flux := scaled_heat_flux(state, words, factor)) is not None:
                plan.edits += flux.edits
                plan.warnings += flux.warnings
            else:
                plan.warnings.append(f"not applied: {words} x {unrounded(factor)} (the case has no 0/T: "
                                     f"{state.solver} solves no heat transfer)")
            continue
        if kind == "flow_rate":  # an inlet of fixed velocity: the same flow rate change
            kind = "velocity"
        if kind == "velocity" and ROTATION_WORDS.search(words):
            continue  # "double the rotation speed": a rotation (modify_relative), no velocity of a patch
        if kind in ("viscosity", "density") and _other_quantity(words, kind):
            continue  # "double the magnetic flux density": B, no density of the fluid
        if kind in ("viscosity", "density"):
            change = scaled_property(state.case_dir, kind, words, factor, text)
            plan.edits += change.edits
            plan.warnings += change.warnings
            plan.assumptions += change.assumptions
        elif kind == "velocity":
            u_field = "U.air" if "U.air" in state.fields else "U"
            targets = velocity_targets(state, low, words, first_value=True)
            if not targets:
                plan.warnings.append(f"not applied: {words} x {unrounded(factor)} (no inlet or moving wall named or in the case)")
            for patch in targets:
                scale_velocity(plan, state, u_field, patch, factor, words)
        else:
            field = "T" if kind == "temperature" else ("p_rgh" if initial_field(state.case_dir, "p") is None else "p")
            path = initial_field(state.case_dir, field)
            patch = state.patch_named(words) if path is not None else None
            if patch is None and path is not None and kind == "temperature":  # "halve the hot wall temperature"
                patch = temperature_patch(state, words, *fixed_temperatures(path.read_text()))
            if path is None or patch is None:
                plan.warnings.append(f"not applied: {words} x {unrounded(factor)} (no {field} patch named by '{words}')")
                continue
            scale_scalar(plan, state, field, patch, factor, words)


# words that put a factor of a temperature on the absolute scale: "by 10 % in K", "the kelvin value"
_KELVIN = re.compile(r"\bin\s+(?:k|kelvin)\b|\bkelvins?\b|\babsolute\s+temperature\b|\bthermodynamic\s+temperature\b", re.I)


def scale_scalar(plan: ChangePlan, state: CaseState, field: str, patch: str, factor: float, words: str) -> bool:
    """`patch`'s uniform fixed value of a scalar field (its p0 for a total-pressure condition,
    through a macro such as $internalField) times `factor`, written in the patch's own entry.
    A factor of a temperature is taken on the kelvin scale only when the words say so (10 % of
    300 K is 30 K, of 26.85 degC 2.7 K): otherwise a warning says what to state. False when
    nothing was planned."""
    from tasks.edit.modify_bare import dimensionless, scalar_said

    said = f"{words} x {unrounded(factor)}"
    if field == "T" and not (_KELVIN.search(words) or dimensionless(state, field) or scalar_said(words)):
        plan.warnings.append(f"not applied: {said} (a factor of a temperature depends on its scale: 10 % of 300 K is "
                             "30 K, of 26.85 degC 2.7 K; state the change in K, e.g. '+30 K', or say 'by 10 % in K')")
        return False
    path = initial_field(state.case_dir, field)
    text = path.read_text() if path is not None else ""
    bc = fd.get(text, ["boundaryField", patch]) or ""
    key, form = ("p0" if re.search(r"\bp0\b", bc) else "value"), "uniform"
    if field.startswith("p") and (level := level_entry(text, patch)) is not None:  # pBack, meanValue, outletValue ...
        key, form = level
    old = uniform_scalar(text, ["boundaryField", patch, key])
    old = number_in(fd.get(text, ["boundaryField", patch, key])) if old is None and form != "uniform" else old
    written = fd.get(text, ["boundaryField", patch, key]) or ""
    if old is None and (function := scaled_function1(written, factor)) is not None:  # "table ((0 10) (1 40))"
        plan.edits.append(FileEdit(file=f"0/{field}", entry=["boundaryField", patch, key], value=function, locked=True,
                                   reason=f"{patch} {field} x {unrounded(factor)}: {' '.join(written.split())} -> {function}"))
        return True
    if not old:
        plan.warnings.append(f"not applied: {said} ({patch} {key} is {fd.get(text, ['boundaryField', patch, key]) or 'not set'}"
                             ": no non-zero uniform value to scale)")
        return False
    new = unrounded(round(old * factor, 10))
    plan.edits.append(FileEdit(file=f"0/{field}", entry=["boundaryField", patch, key], value=level_text(form, new),
                               reason=f"{patch} {field} x {unrounded(factor)}: {unrounded(old)} -> {new}", locked=True))
    return True


def scale_velocity(plan: ChangePlan, state: CaseState, u_field: str, patch: str, factor: float, words: str) -> None:
    """`patch`'s present velocity (its value site: value, referenceField, a macro) times `factor`."""
    site = value_site(state.case_dir, u_field, patch)
    if isinstance(site, str):
        plan.warnings.append(f"not applied: {words} x {unrounded(factor)} ({site})")
        return
    old = fd.get((state.case_dir / pristine_file(state.case_dir, site.file)).read_text(), site.entry) or ""
    nums = [float(x) for x in re.findall(NUMBER, old)]
    if len(nums) != 3:
        plan.warnings.append(f"not applied: {words} x {unrounded(factor)} ({site.file} {'/'.join(site.entry)} is {old!r})")
        return
    speed = vec(*(round(x * factor, 12) for x in nums))
    plan.edits.append(FileEdit(file=site.file, entry=site.entry, value=f"uniform {speed}" if site.uniform else speed,
                               reason=f"{patch} velocity x {unrounded(factor)}", locked=True))
    plan.edits += [FileEdit(file=site.file, entry=e, value=f"uniform {speed}", reason=f"{patch} velocity x "
                            f"{unrounded(factor)} ({e[-1]})", locked=True) for e in site.also]


def _inlet_turbulence_edits(plan: ChangePlan, state: CaseState, patch: str, speed: float,
                            solved: list[str]) -> None:
    """Inlet k/epsilon/omega for the new speed, for the fields the (new) model solves: a model
    switch in the same request creates them before these edits are applied."""
    nu = 1e-5
    tp = state.case_dir / "constant/transportProperties"
    if tp.is_file():
        try:
            nu = float((fd.get(tp.read_text(), ["nu"]) or "1e-5").split()[-1])
        except ValueError:
            pass
    turb = inlet_turbulence(speed, 0.025, nu)
    count = len(plan.edits)
    for field, value in (("k", turb.k), ("epsilon", turb.epsilon), ("omega", turb.omega)):
        existing = initial_field(state.case_dir, field)
        if existing is not None and not literal_value(existing.read_text(), patch):
            continue  # the patch's value comes from an include or a macro ($turbulentKE): left as the case has it
        if field in solved:
            plan.edits.append(FileEdit(file=f"0/{field}", entry=["boundaryField", patch, "value"], value=f"uniform {unrounded(value)}",
                                       reason=f"inlet {field} for {fmt(speed)} m/s (5 % intensity)"))
    if len(plan.edits) > count:
        plan.assumptions.append("inlet turbulence recomputed for the new inlet speed (5 % intensity)")


def velocity_targets(state: CaseState, low: str, segment: str, first_value: bool) -> list[str]:
    """Patches a stated velocity goes to: the one its words name ("the air inlet 0.3 m/s"),
    every inlet for "both/all inlets", else (first velocity only) the moving wall or the inlet."""
    movers = [p for p, r in state.roles.items() if r in ("inlet", "movingWall")]
    named = state.patch_named(segment)
    if named is not None:
        return [named]
    if not first_value:
        return []
    if re.search(r"\b(both|all|every|each)\b", segment):
        inlets = [p for p, r in state.roles.items() if r == "inlet"]
        if inlets:
            return inlets
    patch = patch_with_role(state, "movingWall") if re.search(r"wall|lid|top", low) else None
    patch = patch or patch_with_role(state, "inlet", "movingWall")
    return [patch] if patch else []  # none: the binder may place it elsewhere (Ubar, a region's U)


def velocity_edits(plan: ChangePlan, state: CaseState, text: str, speeds, u_field: str) -> list[tuple[str, str, float]]:
    """A stated speed on the patch(es) it is for, along the direction its words give ("towards
    -x") or else the patch's present direction; inlet turbulence follows an inlet's new speed.
    Returns (patch, why, speed) for each speed with no fixed value to hold it (a flow-rate inlet),
    and ("", why, speed) for a speed with no patch at all (a case with no inlet or moving wall: the binder
    may still place it, as channel395's Ubar)."""
    low = text.lower()
    unplaced: list[tuple[str, str, float]] = []
    previous_end = None
    for i, q in enumerate(speeds):
        segment = segment_before(low, q.start, previous_end)
        previous_end = q.start + len(q.text)
        after = re.split(r"[.;,]|\band\b", q.after, maxsplit=1)[0]
        targets = velocity_targets(state, low, segment, first_value=i == 0)
        if not targets and i == 0 and not any(r in ("inlet", "movingWall") for r in state.roles.values()):
            unplaced.append(("", f"{q.text} (the case has no inlet or moving wall to put a velocity on)", q.value))
        for patch in targets:
            site = value_site(state.case_dir, u_field, patch)
            if isinstance(site, str):
                unplaced.append((patch, f"{patch} velocity {unrounded(q.value)} m/s ({site})", q.value))
                continue
            direction = stated_direction(after) or stated_direction(segment) or site_direction(state.case_dir, site) \
                or patch_direction(state.case_dir, u_field, patch)
            magnitude, change = q.value, ""
            if (sign := increment_sign(segment) or after_sign(q.after) or present_sign(q.after)
                    or stated_sign(q.text, "velocity")) is not None:  # "by 2 m/s", "2 m/s faster"
                magnitude = max(0.0, site_magnitude(state.case_dir, site) + sign * q.value)
                change = f" ({'+' if sign > 0 else '-'}{q.text.strip().lstrip('+-−')})"
            speed = vec(*(magnitude * d for d in direction))
            plan.edits.append(FileEdit(file=site.file, entry=site.entry, value=f"uniform {speed}" if site.uniform else speed,
                                       reason=f"{patch} velocity {unrounded(magnitude)} m/s{change}", locked=True))
            plan.edits += [FileEdit(file=site.file, entry=e, value=f"uniform {speed}", locked=True,
                                    reason=f"{patch} velocity {unrounded(magnitude)} m/s ({e[-1]}){change}") for e in site.also]
            if site.note:
                plan.assumptions.append(f"{patch} velocity {unrounded(q.value)} m/s: {site.note}")
            target_model = plan.model or state.model
            if state.roles.get(patch) == "inlet" and target_model != "laminar":
                _inlet_turbulence_edits(plan, state, patch, magnitude, model_spec(target_model).solved)
    return unplaced


_KINEMATIC_PRESSURE = re.compile(r"([-+]?\d+(?:\.\d+)?(?:e[-+]?\d+)?)\s*m\s*\^?\s*2\s*/\s*s\s*\^?\s*2\b", re.I)


_NOT_PRESSURE = re.compile(r"\bk\b|kinetic|\btke\b|turbulen|epsilon|omega|nu ?tilda|stress|energy", re.I)


def patch_pressure_edits(plan: ChangePlan, state: CaseState, text: str) -> None:
    """A pressure stated for a named patch ("outlet2 pressure 2 m^2/s^2", "the outlet at 1 bar")
    goes to that patch's p (its value, or p0 for a total-pressure condition)."""
    p_file = initial_field(state.case_dir, "p")
    if p_file is None:
        return
    ptext = p_file.read_text()
    patches = fd.keys(ptext, ["boundaryField"])
    stated = [(q.start, q.start + len(q.text), q.value, q.reference) for q in quantities(text) if q.kind == "pressure"]
    stated += [(m.start(), m.end(), float(m.group(1)), "kinematic") for m in _KINEMATIC_PRESSURE.finditer(text)]
    previous_end = None
    for start, end, value, reference in sorted({s[0]: s for s in stated}.values()):
        said_as = ""
        segment = segment_before(text.lower(), start, previous_end)
        previous_end = end
        patch = patch_right_after(state, text[end:end + 40], patches) or state.patch_named(segment, patches)
        sign = increment_sign(segment) or after_sign(text[end:end + 24]) or present_sign(text[end:end + 40].lower())
        if patch is None and sign is not None and ("pressure" in segment or re.search(r"\bp\b", segment)):
            # "lower the back pressure by 20 kPa": no patch named, the one inlet or outlet the words say
            patch = level_patch_said(state, segment, ptext)
            if patch is None:
                plan.warnings.append(f"not applied: {text[start:end].strip()} {'more' if sign > 0 else 'less'} (no patch "
                                     "holding a pressure level is named: name the patch whose pressure changes)")
                continue
        if patch is None:
            continue
        bc = fd.get(ptext, ["boundaryField", patch]) or ""
        said = "pressure" in segment or re.search(r"\bp\b", segment)
        # the unit alone says pressure ("the upper outlet at 3 m2/s2", "outlet 1.2 bar") unless the
        # words name a turbulence field of the same units (k in m2/s2) or p is computed there
        if not said and (_NOT_PRESSURE.search(segment) or "calculated" in bc):
            continue
        level = level_entry(ptext, patch)
        if level is None:
            continue  # a patch that holds no pressure level (zeroGradient): the binder of `new` says why
        key, form = level
        stated_text = text[start:end].strip()
        if reference != "kinematic" and normalised_gas(ptext):  # a value: the binder of `new` says why not
            if sign is not None:  # a change: no binder sees it
                plan.warnings.append(f"not applied: {stated_text} at {patch} ({NORMALISED_GAS.format(solver=state.solver)}"
                                     "; state the flow by its Mach number)")
            continue
        if sign is not None:  # "lower the outlet pressure by 5 kPa", "0.2 bar higher": a difference
            delta = pressure_delta(state, ptext, value, reference)
            present = uniform_scalar(ptext, ["boundaryField", patch, key])
            present = number_in(fd.get(ptext, ["boundaryField", patch, key])) if present is None else present
            if present is None:
                plan.warnings.append(f"not applied: {stated_text} {'more' if sign > 0 else 'less'} at {patch} ({patch} {key} is "
                                     f"{fd.get(ptext, ['boundaryField', patch, key]) or 'not set'}: no uniform pressure to "
                                     "change; state the new value)")
                continue
            new = round(present + sign * delta, 10)
            plan.edits.append(FileEdit(file="0/p", entry=["boundaryField", patch, key], value=level_text(form, unrounded(new)),
                                       reason=f"{patch} pressure {unrounded(present)} -> {unrounded(new)} "
                                              f"({'+' if sign > 0 else '-'}{stated_text.lstrip('+-−')})", locked=True))
            continue
        if reference != "kinematic":  # a pressure in Pa: in the units and reference of the case's p
            value, note = field_pressure(state, ptext, value, reference)
            if note:
                plan.assumptions.append(f"{patch} pressure: {note}")
                said_as = f" ({stated_text} as the case's p)"  # read by stated_changes
        plan.edits.append(FileEdit(file="0/p", entry=["boundaryField", patch, key], value=level_text(form, unrounded(value)),
                                   reason=f"{patch} pressure {unrounded(value)}{said_as}", locked=True))


def patch_right_after(state: CaseState, after: str, patches: list[str]) -> str | None:
    """The patch named right after a value ("the 300 bar inlet", "a 100 bar outlet pressure"), up
    to the clause's end or a contrast ("1 bar instead of the inlet"); None when another value
    follows first ("inlet 3 bar outlet 1 bar": those words are the next value's)."""
    own = re.split(r"[,.;:()]|\b(?:and|while|but|instead|rather|than|not|unlike|from|like|as|of)\b", after.lower(),
                   maxsplit=1)[0]
    if re.search(r"\d", own) or not re.match(r"\s*[a-z]", own):
        return None
    return state.patch_named(own, patches)


# the words of an outlet's or an inlet's pressure when no patch is named: "the back pressure", "the supply pressure"
_ROLE_PRESSURE_WORDS = (("outlet", re.compile(r"\bback[- ]?pressure|\bexit|\boutlets?\b|\bdownstream|\bdischarge|"
                                              r"\bexhaust|\bambient|\batmospher", re.I)),
                        ("inlet", re.compile(r"\binlets?\b|\bsupply|\bupstream|\bfeed|\btotal[- ]pressure|\bstagnation|"
                                             r"\bintake", re.I)))


def level_patch_said(state: CaseState, words: str, p_text: str) -> str | None:
    """The one patch of the role the words say (outlet: "back pressure", "exit"; inlet: "supply",
    "upstream") that holds a pressure level; None when the words say no role or several patches
    of it hold one."""
    for role, said in _ROLE_PRESSURE_WORDS:
        if said.search(words):
            held = [p for p, r in state.roles.items() if r == role and level_entry(p_text, p) is not None]
            return held[0] if len(held) == 1 else None
    return None


def pressure_delta(state: CaseState, p_text: str, delta: float, reference: str | None) -> float:
    """A pressure difference in the units of the case's p: over the density for a kinematic p
    (no gauge offset: a difference has no reference), as stated otherwise."""
    if reference == "kinematic" or not " ".join((fd.get(p_text, ["dimensions"]) or "").split()).startswith("[0 2 -2"):
        return delta
    return delta / case_density(state)[0]


_ATMOSPHERE = 101325.0


def field_pressure(state: CaseState, p_text: str, pascal: float, reference: str | None) -> tuple[float, str]:
    """(value, note) of a pressure stated in Pa as the case's p holds it: a kinematic p (an
    incompressible solver, dimensions [0 2 -2]) is gauge over the density (an absolute or
    atmospheric-sized value is taken relative to 1 atm); a p in Pa is absolute (a gauge value
    plus 1 atm). The note says what was assumed, empty when nothing was."""
    dims = " ".join((fd.get(p_text, ["dimensions"]) or "").split())
    if dims.startswith("[0 2 -2"):
        gauge = gauge_of(pascal, reference, _ATMOSPHERE)
        rho, source = case_density(state)
        value = round(gauge / rho, 10)
        return value, (f"{unrounded(pascal)} Pa{' absolute' if gauge != pascal else ''} is {unrounded(gauge)} Pa gauge; "
                       f"kinematic p = {unrounded(value)} m2/s2 with rho {unrounded(rho)} kg/m3 ({source})")
    if dims.startswith("[1 -1 -2") and reference == "gauge":
        return pascal + _ATMOSPHERE, f"{unrounded(pascal)} Pa gauge + 1 atm: {unrounded(pascal + _ATMOSPHERE)} Pa absolute"
    return pascal, ""


def case_density(state: CaseState) -> tuple[float, str]:
    """(rho, where it came from) of an incompressible case: transportProperties' rho, else the
    fluid of the table whose kinematic viscosity is nearest the case's nu."""
    tp = state.case_dir / "constant/transportProperties"
    text = tp.read_text() if tp.is_file() else ""
    for key in ("rho", "rhoInf", "rhoRef"):
        nums = re.findall(NUMBER, fd.get(text, [key]) or "")
        if nums and float(nums[-1]) > 0:
            return float(nums[-1]), f"transportProperties {key}"
    nums = re.findall(NUMBER, fd.get(text, ["nu"]) or "")
    nu = float(nums[-1]) if nums and float(nums[-1]) > 0 else None
    table = fluid_table()
    name = min(table, key=lambda f: abs(math.log(table[f].nu / nu))) if nu else "water"
    return table[name].rho, f"{name}, the fluid whose viscosity is nearest nu {unrounded(nu) if nu else '(none)'}"
