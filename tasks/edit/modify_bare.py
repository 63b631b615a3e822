"""Values of `modify` given without a unit for a patch its words name ("bump the inlet to 20",
"lid to 2", "set the outlet to 0", "hot wall: 350"): the unit is the one of the field the
patch fixes in the case. A patch fixes the field its condition gives a value (a Dirichlet
condition: fixedValue, uniformFixedValue, totalPressure's p0, turbulentInlet): an inlet or a
moving wall its velocity (the number is the speed, along the present direction), an outlet its
pressure (in the file's own units: kinematic or Pa), a heated wall its temperature (K). A patch
that fixes more than one of them, or none, leaves the number alone (a warning says why)."""

from __future__ import annotations

import re

from tasks.edit.caseops import initial_field
from tasks.edit.modify_models import CaseState, ChangePlan
from tasks.edit.modify_values import NUMBER, site_direction, unrounded, value_site
from tasks.foam import dictionary as fd
from tasks.plan.extract import quantities
from tasks.plan.manifest import FileEdit
from tasks.plan.recipes import vec

# a number with nothing after it that makes it something else: a factor ("x2", "2x", "3 times"),
# a percentage, a cell count ("40 by 40", "40x40"), an amount ("2 more", "3 of"); a number with a
# unit is a quantity of the request (bare_values skips those)
_BARE = re.compile(rf"(?<![\w.])(?<![\w]-){NUMBER}(?![\w.%°/]|\s*(?:[µμ°%/²³'^]|[x×*]\s*\d|[x×*]\b|by\s+\d|times\b|-?fold\b|"
                   r"cells?\b|percent\b|per\s+cent\b|more\b|less\b|fewer\b|of\b|out\b))")
_SEPARATORS = re.compile(r"[.;,!?](?:\s|$)|[;,!?(]|\n|\b(?:and|then|but)\b")
# conditions that fix a value, by the entry holding it; any other type fixes nothing here
_FIXING = {"fixedValue": "value", "uniformFixedValue": "uniformValue", "turbulentInlet": "referenceField",
           "totalPressure": "p0", "uniformTotalPressure": None, "prghPressure": "p", "prghTotalPressure": "p0",
           "movingWallVelocity": "value", "fixedMean": "meanValue"}
_FIELDS = (("U", "velocity", "m/s"), ("p", "pressure", ""), ("p_rgh", "pressure", ""), ("T", "temperature", "K"))
# words that say which field a number is for (then the patch's conditions need not decide)
_FIELD_WORDS = {"U": r"velocity|speed|inflow|flow|lid", "p": r"pressure|\bp\b", "p_rgh": r"pressure|\bp_rgh\b",
                "T": r"temperature|\bT\b|hot|cold|warm|heat"}


# words for a transported scalar with no unit (scalarTransportFoam's T, a tracer): the field whose
# dimensions are all zero
_SCALAR_WORDS = re.compile(r"\b(?:scalar|concentration|tracer|dye|species|mass\s+fraction|passive)\b", re.I)


def scalar_said(words: str) -> bool:
    """True when the words name a transported scalar ("inlet concentration", "the tracer")."""
    return _SCALAR_WORDS.search(words) is not None


def dimensionless(state: CaseState, field: str) -> bool:
    """True when the case's `field` has no unit (dimensions all zero)."""
    path = initial_field(state.case_dir, field)
    dims = (fd.get(path.read_text(), ["dimensions"]) or "") if path is not None else ""
    return bool(re.fullmatch(r"\s*\[\s*(?:0\s*)+\]\s*", dims))


def fields_said(state: CaseState, fields: list[str], words: str) -> list[str]:
    """The fields of `fields` the words name ("inlet velocity", "outlet pressure", "inlet
    concentration": the unitless scalar); all of them when the words name none."""
    said = [f for f in fields if re.search(_FIELD_WORDS[f], words, re.I)]
    if not said and _SCALAR_WORDS.search(words):  # the unitless field, else the one that is no U or p
        said = [f for f in fields if dimensionless(state, f)] or [f for f in fields if f not in ("U", "p", "p_rgh")]
    return said or fields


def fixed_fields(state: CaseState, patch: str) -> list[str]:
    """The fields (U, p, p_rgh, T) `patch` fixes to a non-zero-gradient value in the case."""
    out = []
    for field, _, _ in _FIELDS:
        path = initial_field(state.case_dir, field)
        if path is None:
            continue
        bc_type = (fd.get(path.read_text(), ["boundaryField", patch, "type"]) or "").strip()
        if bc_type in _FIXING and _FIXING[bc_type] is not None:
            out.append(field)
    if "p" in out and "p_rgh" in out:  # buoyant cases: p is calculated from p_rgh where both are set
        out.remove("p")
    return out


def solved_fields(state: CaseState, fields: list[str]) -> list[str]:
    """The fields of `fields` the case solves: those system/fvSolution has a solver for (a key or
    a regex key such as "(U|k|epsilon)" or "p_rgh.*"); a field without one is an input."""
    path = state.case_dir / "system/fvSolution"
    keys = fd.keys(path.read_text(), ["solvers"]) if path.is_file() else []
    patterns = [k.strip('"') for k in keys or []]

    def solved(field: str) -> bool:
        for pattern in patterns:
            try:
                if re.fullmatch(pattern, field) or re.fullmatch(pattern, field + "Final"):
                    return True
            except re.error:
                if pattern == field:
                    return True
        return False

    return [f for f in fields if solved(f)]


def bare_values(text: str) -> list[tuple[int, str, float]]:
    """(position, the words of its clause before it, value) of each number with no unit, factor
    or count after it that no quantity of the request covers."""
    covered = [(q.start, q.start + len(q.text)) for q in quantities(text)]
    out = []
    for m in _BARE.finditer(text):
        if any(a <= m.start() < b for a, b in covered):
            continue
        before = _SEPARATORS.split(text[:m.start()])[-1]
        if re.search(r"(?:[x×*]|\bby)\s*$", before):
            continue  # the second number of a count ("40 x 40"), a factor ("by 2")
        out.append((m.start(), before, float(m.group(0))))
    return out


def bare_value_edits(plan: ChangePlan, state: CaseState, text: str) -> None:
    """An edit for each number without a unit whose words name a patch that fixes one field."""
    taken = {(e.file.removesuffix(".orig"), tuple(e.entry[:2])) for e in plan.edits}
    for _, before, value in bare_values(text):
        patch = state.patch_named(before)
        if patch is None:
            continue
        fields = fixed_fields(state, patch)
        fields = fields_said(state, fields, before)
        if len(fields) > 1 and len(solved := solved_fields(state, fields)) == 1:
            fields = solved  # scalarTransportFoam's inlet fixes U and T, and it solves T only: U is given
        if len(fields) != 1:
            if fields:
                plan.warnings.append(f"not applied: {unrounded(value)} for {patch} (it fixes {', '.join(fields)}: "
                                     "give the value its unit)")
            continue
        field = fields[0]
        if (f"0/{field}", ("boundaryField", patch)) in taken:
            continue  # a rule above set it from the same words
        edit = _field_edit(state, field, patch, value)
        if isinstance(edit, str):
            plan.warnings.append(f"not applied: {unrounded(value)} for {patch} ({edit})")
            continue
        plan.edits += edit
        unit = next(u for f, _, u in _FIELDS if f == field) or _pressure_unit(state, field)
        plan.assumptions.append(f"{unrounded(value)} without a unit for {patch}: its fixed {field} in {unit}")
        taken.add((f"0/{field}", ("boundaryField", patch)))


def _field_edit(state: CaseState, field: str, patch: str, value: float) -> list[FileEdit] | str:
    """The edits that fix `patch`'s `field` at `value` (a speed along the present direction)."""
    path = initial_field(state.case_dir, field)
    assert path is not None
    text = path.read_text()
    bc_type = (fd.get(text, ["boundaryField", patch, "type"]) or "").strip()
    if field == "U":
        site = value_site(state.case_dir, field, patch)
        if isinstance(site, str):
            return site
        direction = site_direction(state.case_dir, site)
        if direction is None:
            return f"{patch} has no velocity direction to keep (its value is zero); give the velocity as a vector"
        speed = vec(*(round(value * d, 12) for d in direction))
        return [FileEdit(file=site.file, entry=entry, value=f"uniform {speed}" if site.uniform or entry != site.entry else speed,
                         reason=f"{patch} velocity {unrounded(value)} m/s", locked=True) for entry in [site.entry, *site.also]]
    key = _FIXING[bc_type] or "value"
    return [FileEdit(file=f"0/{field}", entry=["boundaryField", patch, key], value=f"uniform {unrounded(value)}",
                     reason=f"{patch} {field} {unrounded(value)}", locked=True)]


def _pressure_unit(state: CaseState, field: str) -> str:
    path = initial_field(state.case_dir, field)
    dims = (fd.get(path.read_text(), ["dimensions"]) or "") if path else ""
    return "m2/s2 (kinematic)" if re.sub(r"\s+", " ", dims).startswith("[0 2 -2") else "Pa"
