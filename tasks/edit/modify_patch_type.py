"""A boundary made another kind of boundary: "make the top a slip wall", "turn the upper wall
into a symmetry plane", "let the fluid slip along the lid", "side walls: free-slip", "no-slip
on the outer wall". The patch is the one the words name (the case's patch names, aliases and
places, patch_words.named_patch); the kind is slip, no-slip wall or symmetry plane.

Every field of the case gets the kind's condition on that patch (velocity slip / noSlip /
symmetryPlane; the other fields what a wall or a symmetry plane of the canonical BC selector
has, zero-gradient on a slip wall), and the mesh patch type follows when the old one cannot
carry the new conditions (a symmetryPlane made a slip wall becomes a plain patch).
"""

from __future__ import annotations

import re

from tasks.core.errors import PlanError
from tasks.edit.caseops import initial_field
from tasks.edit.modify_models import CaseState, ChangePlan
from tasks.foam.physics import boundary_condition, model_spec
from tasks.plan.manifest import FileEdit

# kind -> the words that name it (lower case, as regular expressions)
KIND_WORDS: dict[str, str] = {
    "slip": r"(?:free[- ]?slip|slip(?:ping)?|frictionless|shear[- ]free|inviscid)(?:\s+(?:wall|boundary|condition|surface|patch))?",
    "noSlip": r"(?:no[- ]?slip|non[- ]slip|(?:solid|viscous|stationary|fixed|no-?slip) wall|wall with friction)"
              r"(?:\s+(?:wall|boundary|condition))?",
    "symmetryPlane": r"(?:symmetry|mirror|symmetric)(?:\s+(?:plane|patch|boundary|condition|line))?",
}
_KIND = "|".join(f"(?P<{k}>{w})" for k, w in KIND_WORDS.items())
_PATCH = r"(?P<what>[^.;:,]{1,60}?)"
# "make the top a slip wall", "turn top into a symmetry plane", "treat the sides as slip", "change the lid to no-slip"
_VERB_FIRST = re.compile(rf"\b(?:make|makes|turn|set|change|convert|switch|treat|use|define|declare|model)\s+{_PATCH}\s+"
                         rf"(?:(?:in)?to|as|a|an|be)\s+(?:(?:a|an|the)\s+)?(?:{_KIND})\b")
# "top boundary: slip wall", "the upper wall should be frictionless", "side walls -> symmetry"
_PATCH_FIRST = re.compile(rf"(?:^|[.;,(]\s*|\band\s+)(?:the\s+)?{_PATCH}\s*(?::|=|->|→|should be|shall be|must be|becomes|"
                          rf"is to be|to be|will be)\s*(?:(?:a|an|the)\s+)?(?:{_KIND})\b")
# "let the fluid slip along the top", "slip condition on the upper wall", "no-slip at the outer wall"
_KIND_FIRST = re.compile(rf"(?:{_KIND})\s+(?:along|on|at|for|over|across)\s+(?P<what>(?:the\s+)?[^.;:,]{{1,60}}?)"
                         r"(?=\s*(?:$|[.;:,]|\band\b|\binstead\b|\brather\b|\bnow\b|\bplease\b|\())")
# "I'd like the top wall to slip", "we want the sides to be frictionless", "let the lid be a no-slip wall"
_WISH = re.compile(rf"\b(?:like|want|need|prefer|let|have|get)\s+{_PATCH}\s+(?:to\s+)?(?:slip\b|(?:be|become)\s+"
                   rf"(?:(?:a|an|the)\s+)?(?:{_KIND})\b)")
_NEGATED = re.compile(r"\b(?:no longer|not|instead of|rather than|currently|now)\s+(?:an?\s+)?$")


def asked_patch_types(state: CaseState, text: str) -> dict[str, str]:
    """Patch -> kind (slip, noSlip, symmetryPlane) for each boundary the request makes another
    kind of boundary; a kind named as what the patch was ("instead of a symmetry plane") is not."""
    low = text.lower()
    out: dict[str, str] = {}
    for pattern in (_VERB_FIRST, _PATCH_FIRST, _KIND_FIRST, _WISH):
        for m in pattern.finditer(low):
            kind = next((k for k in KIND_WORDS if m.group(k)), "slip")  # "... to slip": the verb
            kind_at = m.start(kind) if m.group(kind) else m.end() - 4
            if _NEGATED.search(low[max(0, kind_at - 20):kind_at]):
                continue
            words = m.group("what")
            quoted = re.findall(r"[\"'“‘(]\s*([\w.-]+)\s*[\"'”’)]", text[m.start("what"):m.end("what")])
            patch = next((p for q in quoted for p in state.patches if p.lower() == q.lower()), None) or \
                state.patch_named(words)
            if patch is not None and patch not in out:
                out[patch] = kind
    return out


def patch_condition(kind: str, field: str, model: str, solver: str, values: dict[str, str]) -> dict[str, str]:
    """The condition of `field` on a patch of `kind`."""
    if kind == "symmetryPlane":
        return {"type": "symmetryPlane"}
    if kind == "noSlip":
        return boundary_condition("wall", field, model, solver, values)
    base = field.split(".")[0]
    if base == "U":
        return {"type": "slip"}
    if base in ("p", "p_rgh", "T"):
        return boundary_condition("wall", field, model, solver, values)  # zero gradient, fixedFluxPressure with gravity
    if base in ("nut", "alphat", "nuSgs", "mut"):
        return {"type": "calculated", "value": "uniform 0"}
    return {"type": "zeroGradient"}


# the mesh type a patch must have for the kind's conditions, when its present type cannot carry them
def mesh_type(kind: str, present: str) -> str | None:
    if kind == "symmetryPlane":
        return None if present == "symmetryPlane" else "symmetryPlane"
    if kind == "noSlip":
        return None if present == "wall" else "wall"
    return "patch" if present in ("symmetryPlane", "symmetry", "empty", "wedge", "cyclic", "cyclicAMI") else None


def patch_type_edits(plan: ChangePlan, state: CaseState, text: str, values: dict[str, str]) -> None:
    """The field edits and mesh patch types of every boundary the request makes another kind."""
    model = plan.model or state.model
    solver = plan.solver or state.solver
    for patch, kind in asked_patch_types(state, text).items():
        if state.patches.get(patch) in ("empty", "wedge", "cyclic", "cyclicAMI"):
            plan.warnings.append(f"not applied: {patch} as {kind} (a {state.patches[patch]} patch of the mesh: "
                                 "the 2-D or periodic construction of the case needs it)")
            continue
        fields = [f for f in state.fields if initial_field(state.case_dir, f) is not None]
        for field in fields:
            try:
                bc = patch_condition(kind, field, model, solver, values)
            except (PlanError, KeyError):
                bc = {"type": "zeroGradient"}  # a field the selector does not know (a scalar, a phase fraction)
            plan.edits.append(FileEdit(file=f"0/{field}", entry=["boundaryField", patch], value=bc,
                                       reason=f"{patch}: {kind}", locked=field.startswith("U")))
        new_type = mesh_type(kind, state.patches.get(patch, "patch"))
        if new_type is not None:
            plan.patch_types[patch] = new_type
        plan.assumptions.append(f"{patch}: {kind} ({', '.join(fields)})" +
                                (f"; mesh patch type {state.patches.get(patch)} -> {new_type}" if new_type else ""))
    if plan.patch_types and model_spec(model).simulation_type != "laminar":
        plan.assumptions.append("wall distance and wall functions follow the new patch types")
