"""The Architect: a request in plain language -> a CaseManifest, deterministically.

It reads quantities and named choices from the text (tasks/extract), recognises the case
family (a recipe in tasks/recipes), resolves under- and over-determined parameter sets,
and states every default it takes. When it cannot plan a request offline it refuses with
what would make the request plannable.
"""

from __future__ import annotations

from pathlib import Path

from tasks.foam.locked import LockedValue, flatten
from tasks.foam.physics import fluid_table
from tasks.geometry.text import shape_words
from tasks.plan import recipes
from tasks.plan.bind import bind_all, oscillating_values, ramped_values
from tasks.plan.extract import sines
from tasks.plan.generic import (
    choose_base,
    describes_domain,
    has_dimension,
    plan_generic,
)
from tasks.plan.domain_box_resize import stretch_builds_more, stretch_recipe_base
from tasks.plan.manifest import CaseManifest
from tasks.plan.request import build_context
from tasks.plan.role_places import role_holds
from tasks.plan.select import request_features, words_of
from tasks.plan.stated import StatedQuantity, mentions_value, read_stated


def plan(text: str, tutorials_dir: Path, example_dir: Path | None = None,
         allow_substitute: bool = False) -> CaseManifest:
    """Plan a case offline. Raises RequestError when the request cannot be planned."""
    ctx = build_context(text, tutorials_dir, example_dir)
    stated = read_stated(ctx.text)
    recipe = recipes.detect(ctx)
    manifest = None
    if recipe is not None:
        try:
            manifest = recipe(ctx)
        except recipes.FamilyMismatch as exc:  # the family cannot carry it (another solver): any tutorial may
            ctx.notes.append(f"not planned as a {recipe.__name__.removeprefix('plan_').replace('_', ' ')}: {exc}")
    if manifest is None or _generic_fits_better(ctx, manifest, stated):
        manifest = plan_generic(ctx, stated, allow_substitute)
    else:
        complete_with_binder(manifest, ctx, stated, tutorials_dir)
    manifest.warnings = list(dict.fromkeys([*manifest.warnings, *ctx.notes]))
    manifest.assumptions += [q.note for q in stated if q.note and q.role != "bare_value"]  # a bare number's unit
    manifest.stated = stated
    return manifest


def complete_with_binder(manifest: CaseManifest, ctx, stated: list, tutorials_dir: Path) -> None:
    """A recipe binds the values its family knows; every other stated value is bound by the
    generic binder on the recipe's base (run control, fluid properties, temperatures, ...), and it
    reads the entries the request names without a unit ("relaxation factors: p 0.2, U 0.6") even
    when every stated value is the recipe's."""
    if manifest.base_kind != "tutorial" or not manifest.base_tutorial:
        return
    taken = {e.file + "/" + "/".join(e.entry) for e in manifest.edits if e.locked}
    locked = [leaf for e in manifest.edits if e.locked for leaf in flatten(e.reason, e.file, e.entry, e.value)]
    loose = [q for q in stated if q.role != "geometry" and not any(b.stated == q.text for b in manifest.bindings)
             and (q.quantity in ("control", "switch") or not recipe_holds(q, locked))]  # 0/1, 3: not a value
    base = tutorials_dir / manifest.base_tutorial
    moving = oscillating_values(base, manifest.solver, ctx.text, stated) + \
        ramped_values(base, manifest.solver, ctx.text, stated)
    if moving:  # a value varying in time is the binder's (a sine or a ramp table), not the recipe's steady one
        loose += [q for q in moving if not any(q is s for s in loose)]
        manifest.bindings = [b for b in manifest.bindings if not any(b.stated == q.text for q in moving)]
    binder = bind_all(tutorials_dir / manifest.base_tutorial, manifest.solver, ctx.text, loose)
    stated.extend(q for q in binder._stated if not any(q is s for s in stated))  # read by a binder (a phi): reported
    for e in binder.edits:
        if e.file + "/" + "/".join(e.entry) not in taken:
            manifest.edits.append(e)
    manifest.bindings += binder.bindings
    manifest.not_applied += binder.not_applied
    manifest.assumptions += binder.assumptions
    stretch_recipe_base(manifest, ctx.text, stated, base)  # a domain size the recipe's tutorial mesh lacks


def recipe_holds(q: StatedQuantity, locked: list[LockedValue]) -> bool:
    """A recipe's locked value already carries the stated quantity: one in a place where the
    quantity's role lives (an end time of 0.5 s is no Courant number of 0.5). A role with no
    known place (a cell count, a Reynolds number turned into a viscosity) counts as carried when
    any locked value holds its number."""
    known = [role_holds(q, v.file, v.entry, v.value) for v in locked]
    if any(k is None for k in known):
        return mentions_value(" ".join(v.value for v in locked), q.value)
    return any(known)


# what flows in through an inlet: a family recipe with no inlet patch (a closed cavity, a stirred vessel)
# cannot carry it
_INFLOW_ROLES = frozenset({"inlet_velocity", "inlet_flow_rate", "inlet_mass_flow", "inlet_pressure"})


def _generic_fits_better(ctx, manifest: CaseManifest, stated: list | None = None) -> bool:
    """A family recipe stands only when the best-ranked tutorial agrees with its solver and
    turbulence type: a passive scalar, an LES or a Rayleigh-Benard request that shares the
    family's geometry words goes to the tutorial that has its physics. A request that names an
    installed tutorial, or describes one's geometry where the recipe would generate a rectangle,
    starts from that tutorial (unless it sizes the domain otherwise). A tutorial the request names
    by its own name ("hotRoom") wins over the family's generated shape even when the recipe was
    built from it; sizes the tutorial does not have keep the generated shape, with a warning that
    says so."""
    if ctx.example_dir is not None:
        return False
    ranked = choose_base(ctx)
    if not ranked:
        return False
    best = ranked[0]
    top = best.record
    inflow = [q for q in stated or [] if q.role in _INFLOW_ROLES]
    if inflow and not any(p.role == "inlet" for p in manifest.patches) and manifest.base_tutorial != top.case:
        return True  # "a propeller turning at 600 rpm in a 3 m/s stream": a closed family's shape has no inflow
    if manifest.base_tutorial != top.case or manifest.base_kind != "tutorial":
        resized = [q for q in stated or [] if q.role == "geometry" and describes_domain(ctx.text, q)
                   and not has_dimension(Path(top.path), q.value)]
        named = any(w.startswith(("the tutorial named", "the tutorial of the flow named")) for w in best.why)
        generated = manifest.base_kind == "template" or bool(manifest.mesh_params.get("rectangle"))
        describes_top = len(_geometry_words(best.why)) >= 2 and (
            shape_words(ctx.text) is None or _leaf_words(top.case) & set(words_of(ctx.text)))
        if not resized and (named and manifest.base_tutorial != top.case or generated and describes_top):
            return True
        if generated and resized and stretch_builds_more(Path(top.path), ctx.text, resized, manifest,
                                                         named=bool(named_tutorial(best.why))):
            return True  # the tutorial's box, stretched, builds every size the generated rectangle leaves out
        if generated and (leaf := named_tutorial(best.why)):
            if not resized:
                return True  # the user's own tutorial, not a generated shape in its place
            ctx.notes.append(f"the request names the tutorial {leaf}, but its sizes "
                             f"({', '.join(q.text.strip() for q in resized)}) are not {leaf}'s: the "
                             f"{manifest.recipe} shape is generated with them instead; drop the sizes to "
                             f"run {top.case} as it is")
    if ctx.solver == manifest.solver:  # the named solver has a tutorial of its own: start from it
        return top.solver == ctx.solver and manifest.base_tutorial not in (None, top.case) and \
            manifest.mesh == "tutorial" and not manifest.mesh_params.get("rectangle")
    features = request_features(ctx.text, ctx.solver, ctx.model)
    wrong_les = features.simulation_type == "LES" and manifest.turbulence.simulation_type != "LES"
    return top.solver != manifest.solver or wrong_les


def named_tutorial(why: list[str]) -> str | None:
    """The tutorial a candidate's `why` says the request names by its own folder name
    ("the tutorial named (hotRoom)"), not loosely nor by the flow it shows."""
    for w in why:
        if w.startswith("the tutorial named (") and w.endswith(")"):
            return w[len("the tutorial named ("):-1]
    return None


def _leaf_words(case: str) -> set[str]:
    """The words of a tutorial's own folder name that name a thing ('hotRoom' -> room)."""
    return {w for w in words_of(case.rsplit("/", 1)[-1]) if len(w) >= 4}


def _geometry_words(why: list[str]) -> list[str]:
    """The geometry words a candidate shares with the request (from its `why`)."""
    for w in why:
        if w.startswith("geometry words:"):
            return [x.strip() for x in w.split(":", 1)[1].split(",") if x.strip()]
    return []


def fluids_text() -> str:
    return ", ".join(fluid_table())


def sine_in(text: str):
    found = sines(text)
    return found[0] if found else None
