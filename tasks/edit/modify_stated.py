"""What a change request states and whether the change set carried it into the case: every
value the request gives, with the entry it went to (read back from the files), and the ones
no change carries, with the reason ("500 K" on a case with no temperature field says which
solver would take it). A value applied as a change of the present one ("50 K warmer") is
carried by the edit that says so; a duration or an angular velocity may be written in the
case's own unit (years, rpm)."""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import TYPE_CHECKING

from tasks.edit.caseops import initial_field
from tasks.edit.modify_models import StatedChange, entry_key
from tasks.edit.modify_values import followed_macro
from tasks.foam import dictionary as fd
from tasks.plan.manifest import FileEdit
from tasks.plan.bind_initial_state import state_entries
from tasks.plan.bind_motion_rates import motion_rate_forms
from tasks.plan.stated import NotApplied, StatedQuantity, in_case_time, mentions_value, read_stated

if TYPE_CHECKING:
    from tasks.edit.modify_models import ChangePlan


# stated kinds a change set carries as a number in an edited entry; the others are turned into
# something else (a fraction scales a value, Re/Ma become a velocity, an angle a direction)
_CARRIED = {"velocity", "temperature", "pressure", "kinematic_viscosity", "dynamic_viscosity", "density", "time",
            "iterations", "courant", "angular_velocity", "frequency", "volume_flow", "mass_flow", "heat_flux",
            "gravity", "surface_tension", "thermal_conductivity", "specific_heat", "darcy", "cells", "ranks"}


def stated_changes(plan: ChangePlan, case: Path) -> tuple[list[StatedQuantity], list[NotApplied]]:
    """Every value the request states, with the entry the change set wrote it to (read back from
    the case), and the ones no planned change carries: "a 500 K wall" on a case without a
    temperature field is reported, not dropped."""
    stated: list[StatedQuantity] = []
    missing: list[NotApplied] = []
    solver = fd.get(_text(case, "system/controlDict"), ["application"]) or ""  # after the change
    ratios = _ratio_spans(plan.request, case)
    for q in read_stated(plan.request):
        if q.quantity not in _CARRIED or _within(plan.request, q.text, ratios):
            continue
        if kept_said(plan.request, q.text):  # "the density stays at 980 kg/m3": a value to keep, not to set
            stated_or_missing = _kept_value(q, case, solver)
            if isinstance(stated_or_missing, NotApplied):
                missing.append(stated_or_missing)
            else:
                stated.append(stated_or_missing)
            continue
        if q.quantity == "ranks":
            done = plan.ranks == int(q.value)
            stated.append(q.model_copy(update={"file": "system/decomposeParDict", "verified": done}))
        elif q.quantity == "cells":
            mesh_edits = [e for e in plan.edits if e.file.endswith("blockMeshDict")]
            mesh_values = " ".join(str(e.value) for e in mesh_edits)
            if q.dims and any(e.reason.startswith("mesh cells across the blocks: ") and
                              all(f"{d} in " in e.reason for d in q.dims if d != 1) for e in mesh_edits):
                mesh_values += " " + " ".join(map(str, q.dims))  # the totals across the blocks are the counts
            done = plan.refine is not None or bool(q.dims) and all(  # one edit of the blocks, or one per count variable
                re.search(rf"(?<![\d.]){d}(?![\d.])", mesh_values) for d in q.dims or ())
            stated.append(q.model_copy(update={"file": "system/blockMeshDict", "verified": done}))
        else:
            forms = _value_forms(q.quantity, q.value, solver)
            edit = next((e for e in plan.edits if any(_holds(str(e.value), v, q.quantity) for v in forms)), None)
            done = edit is not None and any(_holds(str(fd.get(_text(case, edit.file), edit.entry) or ""), v, q.quantity)
                                            for v in forms)
            if not done and (seed := _seeded_field(plan, case, forms)) is not None:  # "SST with omega = 2 1/s"
                edit, done = seed, True
            if not done and (fluid_edit := _fluid_state_edit(plan, q.text)) is not None:  # "water at 20 degC"
                edit, done = fluid_edit, True
            if not done and (change := _change_edit(plan, q.text)) is not None:  # "50 K warmer": 873.15 -> 923.15
                edit = change
                done = " ".join(str(fd.get(_text(case, edit.file), edit.entry) or "").split()) == " ".join(str(edit.value).split())
            stated.append(q.model_copy(update={"file": edit.file if edit else None,
                                               "entry": edit.entry if edit else None, "verified": done}))
        if not stated[-1].verified:
            missing.append(NotApplied(text=q.text, reason=missing_field(q.quantity, case, solver) or
                                      "no change of this request carries it into the case "
                                      "(name the patch, region or entry it is for)"))
    for start, end in ratios:  # an equivalence ratio: the reactor's fractions (bind_species)
        said = plan.request[start:end].strip()
        done = any(e.file == _INITIAL_CONDITIONS and e.entry[:1] == ["fractions"] for e in plan.edits)
        stated.append(StatedQuantity(text=said, quantity="fraction", value=_number_in(said), role="equivalence_ratio",
                                     file=_INITIAL_CONDITIONS, entry=["fractions"], verified=done))
        if not done:
            missing.append(NotApplied(text=said, reason="no change of this request set the reactor's fractions "
                                      "(name the fuel and oxidiser the mechanism holds, e.g. 'H2 2 O2 1 N2 3.76')"))
    return relative_changes(plan, case, stated), missing + unapplied_factors(plan)


_INITIAL_CONDITIONS = "constant/initialConditions"  # a single-cell reactor's state (chemFoam)


def _ratio_spans(text: str, case: Path) -> list[tuple[int, int]]:
    """Where the request states an equivalence ratio, on a reactor case (constant/initialConditions)."""
    from tasks.plan.species_text import equivalence_ratios

    if not (case / _INITIAL_CONDITIONS).is_file():
        return []
    from tasks.plan.bind_species_ratios import fuel_air_ratios  # "fuel-air ratio 0.05 by mass": a phi too

    return [(r.start, r.end) for r in equivalence_ratios(text)] + [(r.start, r.end) for r in fuel_air_ratios(text)]


def _within(text: str, said: str, spans: list[tuple[int, int]]) -> bool:
    """True when every mention of `said` starts inside one of the spans."""
    found = list(re.finditer(re.escape(said.strip()), text)) if said.strip() else []
    return bool(found) and all(any(a <= m.start() < b for a, b in spans) for m in found)


def _number_in(said: str) -> float:
    """The first number of a stated text (an equivalence ratio's value as written)."""
    m = re.search(r"\d+(?:\.\d*)?|\.\d+", said)
    return float(m.group()) if m else 1.0


def record_previous(plan: ChangePlan, case: Path) -> ChangePlan:
    """The plan with the present text of every entry it edits (plan.previous), read before the
    change is applied: stated_changes reports a relative change with its old and new value."""
    for e in plan.edits:
        plan.previous.setdefault(entry_key(e.file, e.entry), followed_macro(_text(case, e.file), e.entry))
    return plan


# the reason of an edit that changes the present value: "x 1.2", "0 -> -4248", "(+10 K)"
_RELATIVE_REASON = re.compile(r"\sx\s(?P<factor>\d[\d.e+-]*)|\s->\s|\([-+][^)]*\)$")
# what an entry holds, by its file (and key): the quantity and SI unit a relative change reports
_ENTRY_KINDS = ((re.compile(r"^0(?:\.orig)?/U\b.*(?:massFlowRate)$"), "mass_flow", "kg/s"),
                (re.compile(r"^0(?:\.orig)?/U\b.*(?:volumetricFlowRate)$"), "volume_flow", "m3/s"),
                (re.compile(r"^0(?:\.orig)?/U\b"), "velocity", "m/s"), (re.compile(r"^0(?:\.orig)?/T\b.*/q$"), "heat_flux", "W/m2"),
                (re.compile(r"^0(?:\.orig)?/T\b.*/Q$"), "power", "W"),
                (re.compile(r"^0(?:\.orig)?/T\b.*/gradient$"), "temperature_gradient", "K/m"),
                (re.compile(r"^0(?:\.orig)?/T\b"), "temperature", "K"),
                (re.compile(r"^0(?:\.orig)?/p(?:_rgh)?\b"), "pressure", ""),
                (re.compile(r"transportProperties:(?:.*/)?nu$"), "kinematic_viscosity", "m2/s"),
                (re.compile(r"controlDict:(?:deltaT|endTime|writeInterval)$"), "time", "s"),
                (re.compile(r"(?:SRF|MRF)Properties:"), "angular_velocity", ""),
                (re.compile(r"setFieldsDict:"), "temperature", "K"))


def _entry_kind(key: str) -> tuple[str, str]:
    return next(((kind, unit) for pattern, kind, unit in _ENTRY_KINDS if pattern.search(key)), ("relative_change", ""))


def _size(text: str) -> float:
    """The number an entry's text holds: a vector's magnitude, else its last number (0 when none)."""
    vector = re.search(r"\(\s*(" + _NUM + r")\s+(" + _NUM + r")\s+(" + _NUM + r")\s*\)", text)
    if vector:
        return math.sqrt(sum(float(x) ** 2 for x in vector.groups()))
    nums = re.findall(_NUM, text)
    return float(nums[-1]) if nums else 0.0


def relative_changes(plan: ChangePlan, case: Path, stated: list[StatedQuantity]) -> list[StatedQuantity]:
    """`stated` with each relative change of the plan ("x 1.2", "0 -> -4248", "(+10 K)") reported
    with the entry's old and new text: a stated value it carries gains them, a change with no
    stated value ("inlet velocity +20 %") is added. New is read back from the case."""
    out = list(stated)
    for e in plan.edits:
        m = _RELATIVE_REASON.search(e.reason)
        if m is None:
            continue
        key = entry_key(e.file, e.entry)
        new = " ".join(str(fd.get(_text(case, e.file), e.entry) or "").split())
        update = {"old": plan.previous.get(key), "new": new, "file": e.file, "entry": e.entry,
                  "factor": float(m.group("factor")) if m.group("factor") else None,
                  "verified": new == " ".join(str(e.value).split())}
        at = next((i for i, s in enumerate(out) if s.file == e.file and s.entry == e.entry), None)
        if at is not None:
            out[at] = StatedChange(**{**out[at].model_dump(), **update})
            continue
        kind, unit = _entry_kind(key)
        out.append(StatedChange(text=e.reason.split(": ")[0], quantity=kind, value=_size(new), unit=unit, role="relative change", **update))
    return out


# a relative change a rule could not apply: "not applied: inlet temperature x 1.1 (why)"
_UNAPPLIED_FACTOR = re.compile(r"^not applied: (?P<what>.+?\sx\s\d[\d.e+-]*)\s+\((?P<why>.*)\)$")


def unapplied_factors(plan: ChangePlan) -> list[NotApplied]:
    """The relative changes of the request that no edit carries, with the reason the rule gave:
    a factor has no stated value of its own, so it would else be missing from not_applied."""
    return [NotApplied(text=m.group("what"), reason=m.group("why")) for w in plan.warnings
            if (m := _UNAPPLIED_FACTOR.match(w)) is not None]


# the field a stated kind of value needs, and the solvers that bring it
_NEEDS = {"temperature": ("T", "a heat-transfer solver (buoyantBoussinesqPimpleFoam for small temperature differences, "
                                "buoyantPimpleFoam, rhoPimpleFoam)"),
          "heat_flux": ("T", "a heat-transfer solver (buoyantPimpleFoam, chtMultiRegionFoam)")}


def missing_field(quantity: str, case: Path, solver: str) -> str | None:
    """Why a stated value cannot go into the case at all, when the field it needs is missing
    ("500 K" on a case without 0/T), with what to do; None when the field is there."""
    if quantity not in _NEEDS:
        return None
    field, solvers = _NEEDS[quantity]
    if initial_field(case, field) is not None:
        return None
    if quantity == "temperature" and state_entries(lambda rel: _text(case, rel), "temperature", ""):
        return None  # a particle method's or a single cell's starting temperature (canonical/initial_state.yaml)
    return (f"the case has no {field} field: {solver} solves no energy equation, so a {quantity.replace('_', ' ')} has "
            f"nowhere to go; switch to {solvers}, e.g. 'switch to buoyantBoussinesqPimpleFoam and set the hot wall to 350 K'")


# a sentence that says a value stays as it is ("the density stays at 980 kg/m3", "keep nu at 1e-5")
_KEPT_VALUE = re.compile(r"\b(?:stays?|remains?|unchanged|kept|keep(?:s|ing)?|still|as\s+(?:it\s+is|now|before))\b", re.I)
_NEW_VALUE = re.compile(r"\b(?:instead|rather\s+than|change|set|make|increase|decrease|raise|lower|reduce|to\s+be|"
                        r"becomes?|switch|new)\b", re.I)


def kept_values(request: str) -> list[str]:
    """The values the request says stay as they are ("the density stays at 980 kg/m3")."""
    return [q.text for q in read_stated(request) if kept_said(request, q.text)]


def kept_said(request: str, said: str) -> bool:
    """The value's clause says it stays, and asks for no new value ("the density stays at 980 kg/m3")."""
    at = request.find(said)
    if at < 0:
        return False
    start = max(request.rfind(c, 0, at) for c in ".;:!?,") + 1
    ends = [i for i in (request.find(c, at + len(said)) for c in ".;!?,") if i >= 0]
    clause = request[start:min(ends) if ends else len(request)]
    # a remark in brackets about something else ("330 K (the other walls stay adiabatic)") keeps nothing of the value
    clause = re.sub(r"\([^()]*\)", lambda m: m.group(0) if said in m.group(0) else " ", clause)
    return bool(_KEPT_VALUE.search(clause)) and not _NEW_VALUE.search(clause)


def _kept_value(q: StatedQuantity, case: Path, solver: str) -> StatedQuantity | NotApplied:
    """A value the request keeps: the entry of the case that holds it (left as it is), else a note that
    the case holds no such value (nothing is changed for it)."""
    forms = _value_forms(q.quantity, q.value, solver)
    for path in sorted(p for d in ("constant", "system", "0") for p in (case / d).glob("*") if p.is_file()):
        text = fd.strip_comments(path.read_text(errors="replace")) if path.stat().st_size < 2_000_000 else ""
        for line in text.splitlines():
            if any(_holds(line, v, q.quantity) for v in forms):
                rel = str(path.relative_to(case))
                key = line.split()[0] if line.split() else ""
                return q.model_copy(update={"file": rel, "entry": [key] if key else None, "verified": True,
                                            "role": "kept"})
    return NotApplied(text=q.text, reason=f"said to stay at {q.text}, but no entry of the case holds it; "
                                          f"nothing was changed for it (check the value)")


def _holds(text: str, value: float, quantity: str) -> bool:
    """`text` holds the stated value: the number itself, or for a velocity a vector of that
    magnitude ("2 m/s at the same angle of attack" is written (1.98 0.278 0))."""
    if mentions_value(text, value):
        return True
    if quantity != "velocity":
        return False
    for m in re.finditer(r"\(\s*(" + _NUM + r")\s+(" + _NUM + r")\s+(" + _NUM + r")\s*\)", text):
        magnitude = math.sqrt(sum(float(x) ** 2 for x in m.groups()))
        if abs(magnitude - abs(value)) <= 1e-6 * max(magnitude, abs(value)) + 1e-12:
            return True
    return False


_NUM = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"


def _value_forms(quantity: str, value: float, solver: str) -> list[float]:
    """The numbers a stated value may be written as in the case: its SI value, a duration in
    the case's own time unit (six months = 0.5 for financialFoam's years), an angular velocity
    in rpm as well as rad/s (SRFProperties' rpm)."""
    forms = [value]
    if quantity == "time":
        forms.append(in_case_time(value, solver))
    if quantity == "angular_velocity":
        forms.append(value * 60.0 / (2.0 * math.pi))
    return forms + motion_rate_forms(quantity, value)  # 2 Hz, a 0.5 s period: the omega it is written as


def _seeded_field(plan: ChangePlan, case: Path, forms: list[float]) -> FileEdit | None:
    """The internal field a model switch seeded with a stated value (plan.bc_values: "k-omega SST
    with omega = 2 1/s" writes the new 0/omega from it), read back from the case; None when none holds it."""
    for field, value in plan.bc_values.items():
        if not any(mentions_value(value, v) for v in forms):
            continue
        rel = f"0/{field}"
        if any(mentions_value(str(fd.get(_text(case, rel), ["internalField"]) or ""), v) for v in forms):
            return FileEdit(file=rel, entry=["internalField"], value=f"uniform {value}", reason=f"{field} seeded by the model switch")
    return None


def _change_edit(plan: ChangePlan, stated: str) -> FileEdit | None:
    """The edit that applied a stated value as a change of the present one, or turned it into
    another unit: its reason ends with "(+50 K)" or "(-2 m/s)", or says "(500 steps of 0.002 s)"."""
    said = rf"[-+]{re.escape(stated.strip().lstrip('+-−'))}"  # "+10 K" says its sign, the reason says it once
    added = rf"\+\s?{re.escape(stated)}$"  # "endTime 1 + 0.5 s": 0.5 s more
    converted = rf"\({re.escape(stated)} (?:of|as) "  # "(500 steps of 0.002 s)", "(1 atm as the case's p)"
    return next((e for e in plan.edits if re.search(rf"\({said}\)$|{converted}|{added}", e.reason)), None)


def _fluid_state_edit(plan: ChangePlan, said: str) -> FileEdit | None:
    """The property edit of the fluid a stated value qualifies ("switch to water at 20 degC"):
    the value chose the fluid's properties (read at the fluid table's condition)."""
    from tasks.edit.modify_fluid import fluid_condition

    fluid = fluid_condition(plan.request, said)
    if fluid is None:
        return None
    return next((e for e in plan.edits if e.file.startswith("constant/") and fluid in e.reason), None)


def _text(case: Path, rel: str) -> str:
    """A file's text; for 0/X of a case that keeps only its pristine copy (0.orig/X, 0/X.orig:
    the edit went there), that copy's."""
    copies = [rel] + ([f"0.orig/{rel.removeprefix('0/')}", f"{rel}.orig"] if rel.startswith("0/") else [])
    path = next((case / r for r in copies if (case / r).is_file()), None)
    return path.read_text(errors="replace") if path is not None else ""
