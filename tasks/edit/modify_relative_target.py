"""A change of the present value stated after a target that names no quantity: a patch ("inlet
-20%", "lid x2", "the outlet 10 % lower") or a dictionary entry by its key or plain name ("nu
-10%", "DT 5x", "Pr x2", "diffusivity x5", "beta +10 %"). The target decides what is scaled:
the one field the patch fixes in the case (its velocity along the present direction, its
pressure), or the entry's present number. The factor is never read as the new value: its span
is kept in plan.consumed, which the binder skips."""

from __future__ import annotations

import re

from tasks.edit.modify_bare import fields_said, fixed_fields
from tasks.edit.modify_factor import factor_in
from tasks.edit.modify_models import CaseState, ChangePlan
from tasks.edit.modify_values import NUMBER, unrounded
from tasks.foam import dictionary as fd
from tasks.plan.manifest import FileEdit

# a clause: split at punctuation and at words that start another change
_CLAUSE = re.compile(r"[.;!?](?:\s|$)|[,;!?\n]|\b(?:and|then|also|plus)\b")
# words that name the quantity: the rules for scaled quantities read those clauses
_KIND_WORDS = re.compile(r"(?<![\w-])(?:velocity|speed|temperature|pressure|viscosity|density|flow|rpm|rotation|time\s*step|"
                         r"end\s*time|endtime|deltat|write|iterations?|mesh|grid|cells?|resolution|heater)(?![\w-])|"
                         r"(?-i:\bdt\b)", re.I)  # "dt" is a time step, "DT" a diffusivity


def property_keys(state: CaseState) -> dict[str, list[str]]:
    """Entry path by key of every numeric entry of constant/transportProperties (top level and one
    level of sub-dictionaries, the phases of a two-phase case); a key found twice maps to []."""
    path = state.case_dir / "constant/transportProperties"
    text = path.read_text() if path.is_file() else ""
    out: dict[str, list[str]] = {}
    for key in fd.keys(text):
        span = fd.find(text, [key])
        if span is not None and span.kind == "dict":
            for sub in fd.keys(text, [key]):
                if re.search(NUMBER + r"\s*$", fd.get(text, [key, sub]) or ""):
                    out[sub] = [] if sub in out else [key, sub]
        elif re.search(NUMBER + r"\s*$", fd.get(text, [key]) or ""):
            out[key] = [] if key in out else [key]
    return out


def _named_key(clause: str, keys: dict[str, list[str]]) -> tuple[str, int] | None:
    """(key, end of its words) of the entry the clause names by key ("nu", "DT") or by a plain
    name of canonical/entry_names.yaml ("diffusivity" -> DT) the case has."""
    from tasks.plan.controls import aliases

    found = [(m.start(), key, m.end()) for key in keys if keys[key]
             for m in re.finditer(rf"(?<![\w.]){re.escape(key)}(?![\w.])", clause)]
    low = clause.lower()
    for phrase, names in aliases().items():
        for m in re.finditer(rf"\b{re.escape(phrase)}\b", low):
            key = next((n for n in names if keys.get(n)), None)
            if key is not None:
                found.append((m.start(), key, m.end()))
    if not found:
        return None
    _, key, end = min(found)
    return key, end


def relative_target_edits(plan: ChangePlan, state: CaseState, text: str) -> None:
    """An edit for each clause that scales a patch's fixed value or a property entry by a factor
    written after it, when no rule above changed that value."""
    keys = property_keys(state)
    taken = {(e.file.removesuffix(".orig"), tuple(e.entry[:2])) for e in plan.edits}
    at = 0
    for clause in _CLAUSE.split(text):
        start = text.find(clause, at) if clause else at
        at = start + len(clause or "")
        if not clause or not clause.strip() or _KIND_WORDS.search(clause):
            continue
        found = factor_in(clause)
        if found is None:
            continue
        factor, f_start, f_end = found
        named = _named_key(clause[:f_start], keys)
        if named is None and not clause[:f_start].strip(" the"):  # "double the surface tension": the target after it
            named = _named_key(clause[f_end:], keys)
        if named is not None:
            done = _scale_entry(plan, state, keys[named[0]], factor, taken)
        else:
            patch = state.patch_named(clause[:f_start])
            done = patch is not None and _scale_patch(plan, state, patch, factor, taken, clause.strip())
        if done:
            plan.consumed.append((start + f_start, start + f_end))


def _scale_entry(plan: ChangePlan, state: CaseState, entry: list[str], factor: float, taken: set) -> bool:
    rel = "constant/transportProperties"
    if (rel, tuple(entry[:2])) in taken:
        return False
    old = fd.get((state.case_dir / rel).read_text(), entry) or ""
    nums = list(re.finditer(NUMBER + r"\s*$", old))
    if not nums:
        return False
    value = float(nums[-1].group().strip())
    new = unrounded(round(value * factor, 12))
    plan.edits.append(FileEdit(file=rel, entry=entry, value=old[:nums[-1].start()] + new, locked=True,
                               reason=f"{'/'.join(entry)} x {unrounded(factor)}: {unrounded(value)} -> {new}"))
    return True


def _scale_patch(plan: ChangePlan, state: CaseState, patch: str, factor: float, taken: set, clause: str) -> bool:
    from tasks.edit.modify_boundary import scale_scalar, scale_velocity

    fields = fields_said(state, fixed_fields(state, patch), clause)
    if len(fields) != 1:
        if fields:
            plan.warnings.append(f"not applied: {clause} ({patch} fixes {', '.join(fields)}: name the quantity, "
                                 f"e.g. '{patch} velocity x {unrounded(factor)}')")
        return False
    field = fields[0]
    if (f"0/{field}", ("boundaryField", patch)) in taken:
        return False
    if field == "U":
        count = len(plan.edits)
        scale_velocity(plan, state, "U", patch, factor, clause)
        return len(plan.edits) > count
    return scale_scalar(plan, state, field, patch, factor, clause)
