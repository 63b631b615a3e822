"""The values a change request states that no rule of `modify` placed go through the binder
of `new` (any entry the case really has); a value stated as a change of the present one is
never read as the new value."""

from __future__ import annotations

import re

from tasks.edit.modify_models import CaseState, ChangePlan
from tasks.edit.modify_words import present_sign
from tasks.edit.patch_words import increment_sign


def bind_the_rest(plan: ChangePlan, state: CaseState, text: str, olds: list | None = None) -> None:
    """Every stated value the change rules above left unbound goes through the same binder as
    `new` (any entry the case really has: a named parameter, a flow rate, a heater region, ...)."""
    from tasks.edit.modify_fluid import fluid_condition
    from tasks.foam.locked import flatten
    from tasks.plan.architect import recipe_holds
    from tasks.plan.bind import bind_all
    from tasks.plan.bind_phase_layers import setfields_phases, sizes_phase_region, unplaced_region_sizes
    from tasks.edit.modify_regions import sizes_initial_region, states_initial_region
    from tasks.plan.bind_waves import reads_wave_length
    from tasks.plan.bind_waves_words import said_wave_switch
    from tasks.plan.stated import read_stated

    # a planned edit carries a stated value only in a place of its role: "endTime 0.5 and maxCo
    # 0.5" is two values, the end time's edit does not carry the Courant number
    planned = [leaf for e in plan.edits for leaf in flatten(e.reason, e.file, list(e.entry), e.value)]
    mesh_done = plan.refine is not None or any(e.file.endswith("blockMeshDict") for e in plan.edits)
    controls = [e.entry for e in plan.edits if e.file == "system/controlDict"]  # "500 steps" already an endTime
    sfd = state.case_dir / "system/setFieldsDict"
    phases = setfields_phases(sfd.read_text() if sfd.is_file() else "")  # "a 5 cm mercury layer": a region's size
    stated = [q for q in read_stated(text) if (q.role not in ("geometry", "ranks") or reads_wave_length(state.case_dir, text, q)
                                               or sizes_phase_region(text, q, phases)
                                               or sizes_initial_region(state.case_dir, text, q))
              and (q.quantity in ("control", "switch") or not recipe_holds(q, planned))
              and not (mesh_done and q.role in ("mesh_cells", "mesh_cells_axis", "cell_size"))
              and not (q.quantity == "iterations" and q.role == "end_time" and ["endTime"] in controls)
              and not _is_increment(text, q.text)
              and not _consumed(text, q.text, plan.consumed)
              and not (fluid_condition(text, q.text) and any(e.file.startswith("constant/") for e in plan.edits))
              and not _seeds_a_field(plan, state, q.value)]
    if not stated and not _states_a_reactor(state, text) and not said_wave_switch(text) and \
            not states_initial_region(state.case_dir, text) and not _names_field_value(state, text):
        return
    binder = bind_all(state.case_dir, plan.solver or state.solver, text, stated, olds)
    taken = {(_field_name(e.file), tuple(e.entry)) for e in plan.edits}
    own: dict[tuple[str, tuple[str, ...]], int] = {}  # where each binder edit taken sits in the plan
    for e in binder.edits:
        if (e.file, tuple(e.entry)) in own:  # the binder's later value of its own entry (setFields p, then p_rgh)
            plan.edits[own[(e.file, tuple(e.entry))]] = e
        elif (_field_name(e.file), tuple(e.entry)) not in taken and (state.case_dir / e.file).is_file():
            own[(e.file, tuple(e.entry))] = len(plan.edits)
            plan.edits.append(e)
            taken.add((_field_name(e.file), tuple(e.entry)))  # one edit per entry (the binder may place a value twice)
    plan.assumptions += binder.assumptions
    plan.warnings += [f"not applied: {n.text} ({n.reason})" for n in binder.not_applied]
    plan.warnings += unplaced_region_sizes(text, stated, phases, binder)


def _names_field_value(state: CaseState, text: str) -> bool:
    """True when the text gives one of the case's fields a value by its name or meaning in a unit no
    stated kind reads ("the magnetic flux density 40 T along y"): the binder of `new` reads it there."""
    from tasks.plan.fields import find_field_values

    from tasks.plan.stated import read_stated

    fields = sorted(p.name for p in (state.case_dir / "0").glob("*") if p.is_file()) if (state.case_dir / "0").is_dir() else []
    read = {q.text.strip() for q in read_stated(text)}  # a value a unit reader took: the rules above had it already
    return bool(fields) and any(fv.text.strip() not in read for fv in find_field_values(text, fields, list(state.roles)))


def _states_a_reactor(state: CaseState, text: str) -> bool:
    """True when the text states a reactor's mixture or constraint that no unit marks as a value
    (an equivalence ratio, species amounts, "constant volume"): the binder of `new` finds them
    in the text itself."""
    from tasks.plan.bind_base import Base
    from tasks.plan.bind_species_base import INITIAL_CONDITIONS, mechanism_species
    from tasks.plan.species_data import species_data
    from tasks.plan.species_text import amounts, equivalence_ratios

    if not (state.case_dir / INITIAL_CONDITIONS).is_file():
        return False
    low = text.lower()
    constraint = any(w in low for words in species_data().reactor_constraints.values() for w in words)
    from tasks.plan.bind_species_ratios import fuel_air_ratios

    return constraint or bool(equivalence_ratios(text) or fuel_air_ratios(text)) or \
        bool(amounts(text, mechanism_species(Base(state.case_dir))))


def _consumed(text: str, said: str, spans: list[tuple[int, int]]) -> bool:
    """True when every mention of a stated value lies in a span a rule read as a factor ("nu
    -10%": the -10% scaled nu, it is no value of nu)."""
    found = [m for m in re.finditer(re.escape(said.strip()), text)] if said.strip() else []
    return bool(found) and bool(spans) and all(any(a <= m.start() < b or m.start() <= a < m.end() for a, b in spans)
                                               for m in found)


def _seeds_a_field(plan: ChangePlan, state: CaseState, value: float) -> bool:
    """True when the value seeds a field the case does not have yet and the model switch writes
    ("SST with omega = 2 1/s" on a k-epsilon case: plan.bc_values, the new 0/omega starts from it);
    a field the case has keeps its file, so the binder sets the value there."""
    from tasks.edit.caseops import initial_field
    from tasks.foam.physics import fmt, unrounded

    return any(v in (fmt(value), unrounded(value)) and initial_field(state.case_dir, f) is None for f, v in plan.bc_values.items())


def _is_increment(text: str, quantity: str) -> bool:
    """True when every mention of `quantity` ("10 K", "25%") in the text is a change of the
    present value ("raise the floor temperature by 10 K", "25% lower"): the rules above applied
    it, the binder must not read it as the new value."""
    found = list(re.finditer(re.escape(quantity), text))
    percent = quantity.rstrip().endswith("%") or quantity.lower().rstrip().endswith("percent")
    # "heater +10 K", "inlet velocity +50 %", "nu -10 %": a change, never the value (no fraction of a domain is negative)
    signed = quantity.lstrip().startswith("+") or percent and quantity.lstrip().startswith(("-", "−"))
    return bool(found) and all(signed or increment_sign(text[:m.start()]) is not None or _RELATIVE_AFTER.match(text, m.end())
                               or present_sign(text[m.end():]) is not None
                               or percent and _BY.search(text[:m.start()]) for m in found)


# "refine by 50 %", "extend the run by 20 percent": a percentage after "by" changes a present value
_BY = re.compile(r"\bby\s*$", re.I)


# "25% lower", "10 percent higher": a change of the present value, read by scaled_values
_RELATIVE_AFTER = re.compile(r"\s*(?:%|percent)?\s+(?:up|down|lower|higher|faster|slower|smaller|larger|greater|less|warmer|hotter|"
                            r"colder|cooler|more|longer|shorter|finer|coarser|fewer|denser)\b(?!\s+than\b)", re.I)


def _field_name(rel: str) -> str:
    """0/T for each copy of a field (0/T, 0/T.orig, 0.orig/T): edits of one are edits of all."""
    if rel.startswith("0.orig/"):
        rel = "0/" + rel.removeprefix("0.orig/")
    return rel.removesuffix(".orig") if rel.startswith("0/") else rel
