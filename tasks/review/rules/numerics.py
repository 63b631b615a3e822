"""Patch rules for a run that diverged: relaxation for steady solvers, a smaller time step
for transient ones, then bounded upwind convection schemes."""

from __future__ import annotations

import re

from tasks.foam import dictionary as fd
from tasks.foam.defaults import defaults, upwind_scheme
from tasks.foam.physics import fmt
from tasks.review.case import CaseView, estimate_delta_t, first_number, nice_floor
from tasks.review.defaults import div_scheme, relaxation_lines
from tasks.review.edits import patch
from tasks.review.models import Patch, Problem

_TRUE = ("yes", "on", "true")


def add_relaxation(problem: Problem, view: CaseView) -> Patch | None:
    """A steady (SIMPLE) solver with no relaxation factors diverges: add canonical ones."""
    rel = "system/fvSolution"
    text = view.text(rel)
    if not view.steady or text is None:
        return None
    node = fd.find(text, ["relaxationFactors"])
    if node is not None and fd.keys(text, ["relaxationFactors"]):
        return None
    lines = relaxation_lines(view)
    new = fd.set_entry(text, ["relaxationFactors"], lines) if node is not None else \
        fd.insert_entry(text, [], "relaxationFactors", lines)
    return patch(f"added canonical relaxationFactors to {rel} (steady solver without relaxation)", {rel: new}, view)


def reduce_time_step(problem: Problem, view: CaseView) -> Patch | None:
    """Transient divergence: deltaT for a Courant number of 0.5 from the first Courant
    number the run printed (else half, or the mesh/velocity estimate); with adjustTimeStep, also
    halve maxCo. writeInterval in time steps is scaled so the write times stay the same."""
    rel = "system/controlDict"
    text = view.text(rel)
    dt = first_number(view.control("deltaT"))
    if view.steady or text is None or not dt or dt <= 0:
        return None
    target = defaults().target_courant
    co = problem.metrics.get("courant_first")
    if co and co > 2 * target:
        new_dt = nice_floor(dt * target / co)
    else:  # no usable Courant number: halve, or the mesh/velocity estimate if that is smaller
        estimate = estimate_delta_t(view, target)
        new_dt = min(nice_floor(dt / 2), estimate) if estimate else nice_floor(dt / 2)
    if new_dt >= dt:
        new_dt = nice_floor(dt / 2)
    new = fd.set_entry(text, ["deltaT"], fmt(new_dt) if new_dt >= 1e-3 else f"{new_dt:g}")
    notes = [f"deltaT {dt:g} -> {new_dt:g}"]
    if (view.control("adjustTimeStep") or "").strip() in _TRUE:
        max_co = first_number(view.control("maxCo")) or 1.0
        new_co = min(max_co / 2, 0.5)
        new = fd.set_entry(new, ["maxCo"], f"{new_co:g}")
        notes.append(f"maxCo {max_co:g} -> {new_co:g}")
    interval = first_number(view.control("writeInterval"))
    if (view.control("writeControl") or "timeStep") == "timeStep" and interval:
        steps = max(1, round(interval * dt / new_dt))
        new = fd.set_entry(new, ["writeInterval"], str(steps))
        notes.append(f"writeInterval {interval:g} -> {steps} steps (same write times)")
    return patch("lowered the time step: " + ", ".join(notes), {rel: new}, view)


def _factor_paths(text: str) -> list[list[str]]:
    out: list[list[str]] = []
    for section in ("fields", "equations"):
        for key in fd.keys(text, ["relaxationFactors", section]):
            out.append(["relaxationFactors", section, key])
    for key in fd.keys(text, ["relaxationFactors"]):
        if key not in ("fields", "equations"):
            out.append(["relaxationFactors", key])
    return out


def stronger_relaxation(problem: Problem, view: CaseView) -> Patch | None:
    """A steady run that still diverges with relaxation: every factor x0.7."""
    rel = "system/fvSolution"
    text = view.text(rel)
    if not view.steady or text is None:
        return None
    scale = defaults().relaxation_scale
    new = text
    notes: list[str] = []
    for path in _factor_paths(text):
        value = first_number(fd.get(new, path))
        node = fd.find(new, path)
        if value is None or node is None or node.kind != "value" or value <= 0.1:
            continue
        stronger = round(value * scale, 2)
        lo, hi = node.value_start, node.value_end
        raw = new[lo:hi]
        new = new[:lo] + re.sub(r"[-+0-9.eE]+(?=\s*$)", f"{stronger:g}", raw) + new[hi:]
        notes.append(f"{path[-1]} {value:g} -> {stronger:g}")
    return patch("stronger under-relaxation: " + ", ".join(notes), {rel: new}, view) if notes else None


def bounded_upwind_schemes(problem: Problem, view: CaseView) -> Patch | None:
    """Convection terms of a diverging run: first the canonical bounded second-order schemes
    (bounded linearUpwind / limitedLinear) where a term has another one (central `linear`, ...);
    only when every term already has them, first-order upwind, and the patch says that this
    costs accuracy (numerical diffusion) so the user can revert once the run is stable."""
    rel = "system/fvSchemes"
    text = view.text(rel)
    if text is None:
        return None
    convection = [n for n in fd.keys(text, ["divSchemes"]) if re.fullmatch(r"div\(phi,\s*[\w.]+\)", n)]
    new = text
    changed: list[str] = []
    for name in convection:
        value = (fd.get(new, ["divSchemes", name]) or "").strip()
        want = div_scheme(view, name)
        if "upwind" in value and "linearUpwind" not in value or value == want:
            continue
        new = fd.set_entry(new, ["divSchemes", name], want)
        changed.append(f"{name} {value} -> {want}")
    if changed:
        return patch("bounded second-order convection first: " + "; ".join(changed), {rel: new}, view)
    scheme = upwind_scheme(view.steady)
    for name in convection:
        value = fd.get(new, ["divSchemes", name]) or ""
        if "upwind" in value and "linearUpwind" not in value:
            continue
        new = fd.set_entry(new, ["divSchemes", name], scheme)
        changed.append(name)
    if not changed:
        return None
    return patch(f"set {', '.join(changed)} to `{scheme}` in {rel} (first-order: stable but numerically diffusive, "
                 f"less accurate; return to the second-order schemes once the run is stable)", {rel: new}, view)


def bounded_turbulence_schemes(problem: Problem, view: CaseView) -> Patch | None:
    """Fields that keep being bounded get the canonical convection scheme for their
    solver (bounded/TVD `limitedLinear` instead of central `linear`)."""
    rel = "system/fvSchemes"
    text = view.text(rel)
    fields = problem.valid_choices or ([problem.field] if problem.field else [])
    if text is None or not fields:
        return None
    new = text
    changed: list[str] = []
    for field in fields:
        key = f"div(phi,{field})"
        have = fd.get(new, ["divSchemes", key])
        want = div_scheme(view, key)
        if have is None or have == want or "upwind" in have or (view.steady and "bounded" in have
                                                               and "linear " not in have + " "):
            continue
        new = fd.set_entry(new, ["divSchemes", key], want)
        changed.append(f"{key} {have} -> {want}")
    return patch("canonical convection schemes for bounded fields: " + "; ".join(changed), {rel: new}, view) \
        if changed else None
