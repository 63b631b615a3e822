"""Small helpers the patch rules share: build a `Patch`, edit every copy of a field, pick the
nearest valid word, read the BC placeholder values of a case."""

from __future__ import annotations

import difflib
import math
from dataclasses import dataclass
from typing import Callable

from tasks.core.errors import PlanError
from tasks.foam import dictionary as fd
from tasks.foam.physics import fmt, inlet_turbulence
from tasks.review.case import CaseView, block_geometry, domain_length, first_number, vector_magnitudes
from tasks.review.models import FileEdit, Patch, Problem

RuleFn = Callable[[Problem, CaseView], "Patch | None"]


@dataclass(frozen=True)
class Rule:
    """One entry of the patch catalogue: which problem kinds it answers, and how."""

    name: str
    kinds: frozenset[str]
    fn: RuleFn
    summary: str


def patch(description: str, changes: dict[str, str], view: CaseView) -> Patch | None:
    """A Patch from {path: new text}; None when nothing actually changes."""
    edits = [FileEdit(path=p, text=t, created=not view.has(p)) for p, t in changes.items()
             if view.text(p) != t]
    return Patch(description=description, edits=edits) if edits else None


def edit_field(view: CaseView, field: str, fn: Callable[[str], str | None]) -> dict[str, str]:
    """Apply `fn` to every copy of a field (0/X, 0/X.orig, 0.orig/X) that it changes."""
    out: dict[str, str] = {}
    for rel in view.field_copies(field):
        new = fn(view.texts[rel])
        if new is not None and new != view.texts[rel]:
            out[rel] = new
    return out


def edit_file(view: CaseView, rel: str, fn: Callable[[str], str | None]) -> dict[str, str]:
    """Apply `fn` to a file; a field file is edited in all its copies."""
    top, _, name = rel.partition("/")
    if top in ("0", "0.orig") and "/" not in name:
        return edit_field(view, name[: -len(".orig")] if name.endswith(".orig") else name, fn)
    text = view.text(rel)
    if text is None:
        return {}
    new = fn(text)
    return {rel: new} if new is not None and new != text else {}


def closest(word: str, choices: list[str], cutoff: float = 0.6) -> str | None:
    """The valid choice nearest to `word`: same letters ignoring case first, then difflib."""
    if not word or not choices:
        return None
    lower = {c.lower(): c for c in choices}
    if word.lower() in lower and lower[word.lower()] != word:
        return lower[word.lower()]
    best = difflib.get_close_matches(word.lower(), list(lower), n=1, cutoff=cutoff)
    return lower[best[0]] if best and lower[best[0]] != word else None


def bc_values(view: CaseView) -> dict[str, str]:
    """Values for the BC selector's {placeholders}: the case's own inlet/lid velocity and
    internal values, else inlet-turbulence estimates from the velocity and domain size."""
    values: dict[str, str] = {}
    u_text = view.field_text("U")
    if u_text:
        for patch_name in view.patches():
            role = view.role(patch_name)
            if role in ("inlet", "movingWall"):
                v = fd.get(u_text, ["boundaryField", patch_name, "value"], regex=True)
                if v and v.startswith("uniform"):
                    values.setdefault("U", v[len("uniform"):].strip())
    for name in ("k", "epsilon", "omega", "nut", "nuTilda", "R", "T", "kt", "kl"):
        internal = view.internal_value(name)
        if internal is not None:
            values[name] = internal
    values.setdefault("T", "300")
    speed = max(vector_magnitudes(u_text or ""), default=0.0)
    bmd = view.text("system/blockMeshDict")
    geometry = block_geometry(bmd) if bmd else None
    length = domain_length(geometry) if geometry else None
    nu = first_number(fd.get(view.text("constant/transportProperties") or "", ["nu"])) or 1e-5
    if speed > 0 and length:
        try:
            est = inlet_turbulence(speed, length, nu)
        except PlanError:
            est = None
        if est is not None:
            r = fmt(2 * est.k / 3)
            for name, value in (("k", fmt(est.k)), ("epsilon", fmt(est.epsilon)), ("omega", fmt(est.omega)),
                                ("nuTilda", fmt(est.nuTilda)), ("R", f"({r} 0 0 {r} 0 {r})")):
                values.setdefault(name, value)
    values.setdefault("nut", "0")
    values.setdefault("kt", "0")
    values.setdefault("kl", "0")
    return {k: v for k, v in values.items() if v and "nan" not in v.lower() and not _inf(v)}


def _inf(value: str) -> bool:
    number = first_number(value)
    return number is not None and not math.isfinite(number)
