"""A change request that sets a parameter of a patch's boundary condition by its physical
meaning: the heat Q of outletMappedUniformInletHeatAddition ("the heat added to the inflow 20 W"),
the wall heat flux q of fixedMultiPhaseHeatFlux on the walls named ("100 kW/m2 on wall1 and
wall2"), a turbulence intensity, a mixing length, a flow rate, a total pressure or temperature, in
single-phase fields and per-phase ones (0/T.liquid). The parameters, their kind of value and the
words for them are data (canonical/bc_parameters.yaml); this module finds, for each stated value,
the patches its words name and the parameter their present condition has for that kind of value,
and writes the value in the form the entry already has ("uniform 5e4", "constant 0.2", "5").
A value it places is kept from the binder (plan.consumed); a value it cannot place on one
parameter is left to the other rules."""

from __future__ import annotations

import re
from functools import lru_cache

import yaml
from pydantic import BaseModel, ConfigDict

from tasks.core.paths import CANONICAL_DIR
from tasks.edit.caseops import initial_field
from tasks.edit.modify_models import CaseState, ChangePlan
from tasks.foam import dictionary as fd
from tasks.foam.physics import unrounded
from tasks.plan.bind_parts_phase_words import phase_named
from tasks.plan.extract import quantities
from tasks.plan.extract_models import Quantity
from tasks.plan.manifest import FileEdit


class BcParameter(BaseModel):
    """One numeric parameter of a boundary condition (canonical/bc_parameters.yaml)."""

    model_config = ConfigDict(extra="forbid")

    quantity: str
    form: str  # uniform | scalar | function1
    words: list[str]
    mode: str | None = None
    kinematic: bool = False
    named: bool = False  # the request must name it by its words


class Site(BaseModel):
    """A parameter a field's condition on a patch has."""

    model_config = ConfigDict(extra="forbid")

    field: str
    patch: str
    bc: str
    name: str
    present: str
    spec: BcParameter


@lru_cache(maxsize=1)
def bc_parameters() -> dict[str, dict[str, BcParameter]]:
    """canonical/bc_parameters.yaml: condition type -> parameter -> its facts."""
    data = yaml.safe_load((CANONICAL_DIR / "bc_parameters.yaml").read_text()) or {}
    return {bc: {name: BcParameter(**facts) for name, facts in params.items()} for bc, params in data.items()}


def field_sites(field: str, text: str) -> list[Site]:
    """The parameters of the table that a field's conditions have, patch by patch."""
    text = fd.strip_comments(text)
    body = fd.body_span(text, ["boundaryField"])
    if body is None:
        return []
    out = []
    for entry in fd.entries(text, *body):
        if entry.kind != "dict":
            continue
        bc = (fd.get(text, ["boundaryField", entry.name, "type"]) or "").strip()
        for name, spec in bc_parameters().get(bc, {}).items():
            present = fd.get(text, ["boundaryField", entry.name, name])
            mode = (fd.get(text, ["boundaryField", entry.name, "mode"]) or "").strip()
            if present is not None and (spec.mode is None or spec.mode == mode):
                out.append(Site(field=field, patch=entry.name, bc=bc, name=name, present=" ".join(present.split()), spec=spec))
    return out


def written_value(present: str, value: float, form: str) -> str:
    """The new value in the form the entry has: "uniform 0" -> "uniform 1e5", "constant 0.1" ->
    "constant 0.2", "5" -> "20"; an entry of another form (a table) takes the table's `form`."""
    number = unrounded(value)
    head = present.split()[0] if present.split() else ""
    if head in ("uniform", "constant") and len(present.split()) == 2:
        return f"{head} {number}"
    if re.fullmatch(r"[-+]?\d+(?:\.\d*)?(?:[eE][-+]?\d+)?", present):
        return number
    return {"uniform": f"uniform {number}", "function1": f"constant {number}"}.get(form, number)


# the words that name patches by their role
_ROLE_WORDS = {"inlet": r"\b(?:inlets?|inflows?|incoming|inflowing|entry|entrance|intake|supply)\b",
               "outlet": r"\b(?:outlets?|outflows?|exits?|outgoing)\b",
               "wall": r"\b(?:walls?)\b"}
_KEEP = re.compile(r"\b(?:keeps?|kept|stays?|remains?|unchanged|untouched|as it is|as is|leave|left alone|"
                   r"do(?:es)? not change|don'?t change)\b")


def segments(text: str, q: Quantity) -> list[str]:
    """The words around one stated value, narrowest first: its part of a list ("wall1 = 35 kW/m2"),
    its clause, its sentence (lower case; clauses that keep something left out)."""
    low = text.lower()
    start, end = q.start, q.start + len(q.text)
    out = []
    for stops in (r"[,;\n|]|\.(?!\d)|[!?]", r"[;\n]|\.(?!\d)|[!?]", r"\n\n|\.(?!\d)\s|[!?]"):
        before = [m.end() for m in re.finditer(stops, low[:start])]
        after = re.compile(stops).search(low, end)
        piece = low[max([0, *before]):after.start() if after else len(low)]
        out.append(piece)
    # the sentence without its clauses that keep something ("wall2 stays as it is")
    out[-1] = " ".join(c for c in re.split(r"[,;]", out[-1]) if not _KEEP.search(c) or c.find(q.text.lower()) >= 0)
    return out


def _names_param(words: str, spec: BcParameter) -> bool:
    return any(re.search(r"(?<![\w-])" + r"[\s-]*".join(map(re.escape, w.split())) + r"(?![\w-])", words) for w in spec.words)


def named_patches(words: str, patches: list[str], roles: dict[str, str]) -> list[str]:
    """The patches the words name: by name, else by role ("the inflow", "both walls")."""
    named = [p for p in patches if re.search(rf"(?<![\w-]){re.escape(p.lower())}(?![\w-])", words)]
    if named:
        return named
    return [p for p in patches if (pattern := _ROLE_WORDS.get(roles.get(p, ""))) and re.search(pattern, words)]


def choose_sites(sites: list[Site], text: str, q: Quantity, roles: dict[str, str], phases: list[str]) -> list[Site]:
    """The sites one stated value goes to: of the parameters of its kind, those on the patches its
    words name (the narrowest words that name any), of the phase they name, and of the parameter
    they name when a patch has two of its kind; [] when that leaves no single parameter."""
    of_kind = [s for s in sites if s.spec.quantity == q.kind]
    if not of_kind:
        return []
    for words in segments(text, q):
        phase = phase_named(words, phases) if phases else None
        pool = [s for s in of_kind if phase is None or s.field.endswith(f".{phase}")] or of_kind
        named = [s for s in pool if _names_param(words, s.spec)]
        pool = named or [s for s in pool if not s.spec.named]
        patches = named_patches(words, sorted({s.patch for s in pool}), roles)
        if patches:
            pool = [s for s in pool if s.patch in patches]
        elif len({s.patch for s in pool}) > 1 or not named:
            continue
        if len({s.name for s in pool}) == 1:
            return pool
    return []


def bc_parameter_edits(plan: ChangePlan, state: CaseState, text: str) -> None:
    """Plan the boundary-condition parameters the request's values name; each value placed is
    kept from the binder."""
    sites: list[Site] = []
    for field in state.fields:
        path = initial_field(state.case_dir, field)
        if path is not None:
            sites += field_sites(field, path.read_text(errors="replace"))
    if not sites:
        return
    phases = sorted({f.split(".", 1)[1] for f in state.fields if "." in f and not f.endswith(".orig")})
    incompressible = not (state.case_dir / "constant/thermophysicalProperties").is_file() and \
        not any(state.case_dir.glob("constant/thermophysicalProperties.*"))
    taken = {(e.file, tuple(e.entry)) for e in plan.edits}
    for q in quantities(text):
        if q.text.lstrip().startswith(("+", "-", "\u2212")) and not re.search(r"(?:\bto|=)\s*$", text[:q.start]):
            continue  # "inlet temperature +10 %": a change of a present value, the relative rules' own
        chosen = choose_sites(sites, text, q, state.roles, phases)
        if any(s.spec.kinematic and incompressible and not re.search(r"m\^?2\s*/\s*s\^?2", q.text) for s in chosen):
            continue  # a pressure in Pa on a kinematic p: the pressure rules convert it
        placed = False
        for s in chosen:
            rel, entry = f"0/{s.field}", ["boundaryField", s.patch, s.name]
            if (rel, tuple(entry)) in taken or (rel, tuple(entry[:2])) in taken:
                continue
            plan.edits.append(FileEdit(file=rel, entry=entry, value=written_value(s.present, q.value, s.spec.form),
                                       reason=f"{s.patch} {s.name} ({s.bc}): {q.text}", locked=True))
            taken.add((rel, tuple(entry)))
            placed = True
        if placed:
            plan.consumed.append((q.start, q.start + len(q.text)))
