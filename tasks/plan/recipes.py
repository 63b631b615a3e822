"""Case families the Architect plans offline. Each recipe reads the request context and
returns a CaseManifest: the base (tutorial or template), the solver and model, and every
value as an explicit file edit, with what the user asked for marked `locked`.

This module recognises the family of a request; the recipes live in recipes_<family>.py, what
they share in recipes_plan.py (the Plan, the manifest) and recipes_time.py (run control)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from tasks.plan.recipes_cavity import plan_cavity, square_side
from tasks.plan.recipes_columns import end_of, plan_bubble_column, plan_particle_column
from tasks.plan.recipes_dambreak import DAM_H, DAM_L, column_box, liquid_edits, plan_dam_break, setfields_regions
from tasks.plan.recipes_heated import RA_STEADY_RB, RA_TURBULENT, plan_heated_cavity, rayleigh_choice
from tasks.plan.recipes_mixer import plan_mixer
from tasks.plan.recipes_pitzdaily import plan_pitzdaily
from tasks.plan.recipes_plan import (CAVITY, COLUMN, DAMBREAK, HOTROOM, HOTROOM_TRANSIENT, MIXER, PITZDAILY,
                                     PITZDAILY_PIMPLE, FamilyMismatch, Plan, Recipe, cell_size_of, manifest,
                                     pick_solver, refined_counts, reynolds_check, stated_text, tutorial_text, vec,
                                     velocity_vec)
from tasks.plan.recipes_time import by_role, time_control

if TYPE_CHECKING:
    from tasks.plan.request import Context

__all__ = ["CAVITY", "COLUMN", "DAMBREAK", "DAM_H", "DAM_L", "HOTROOM", "HOTROOM_TRANSIENT", "MIXER", "PITZDAILY",
           "PITZDAILY_PIMPLE", "RA_STEADY_RB", "RA_TURBULENT", "FamilyMismatch", "Plan", "Recipe", "by_role",
           "cell_size_of", "column_box", "detect", "end_of", "is_variant", "leaf", "liquid_edits", "manifest",
           "names_other_tutorial",
           "pick_solver", "plan_bubble_column", "plan_cavity", "plan_dam_break", "plan_heated_cavity", "plan_mixer",
           "plan_particle_column", "plan_pitzdaily", "rayleigh_choice", "recipe_of_example", "refined_counts",
           "reynolds_check", "setfields_regions", "square_side", "stated_text", "time_control", "tutorial_text",
           "variant_chosen", "vec", "velocity_vec"]


# --- recognising the family ------------------------------------------------------------------

FAMILIES: list[tuple[tuple[str, ...], Recipe]] = [
    (("lid-driven", "lid driven", "cavity flow", "driven cavity", "cavity"), plan_cavity),
    (("pitzdaily", "pitz daily", "backward-facing step", "backward facing step", "backstep"), plan_pitzdaily),
    (("bubble column", "bubbles", "bubble"), plan_bubble_column),
    (("dam break", "dambreak", "dam-break", "collapsing water column", "water column"), plan_dam_break),
    (("particle column", "mppic", "particle-laden column", "particle bed"), plan_particle_column),
    (("mixer", "mixing vessel", "stirred", "impeller", "mrf", "rotating"), plan_mixer),
    (("natural convection", "hot room", "hotroom", "heated cavity", "buoyancy-driven", "buoyant",
      "rayleigh", "boussinesq", "differentially heated"), plan_heated_cavity),
]
SOLVER_FAMILY = {
    "icoFoam": plan_cavity, "interFoam": plan_dam_break, "MPPICFoam": plan_particle_column,
    "buoyantBoussinesqSimpleFoam": plan_heated_cavity, "buoyantBoussinesqPimpleFoam": plan_heated_cavity,
}


def detect(ctx: "Context") -> Recipe | None:
    """The recipe for a request: its geometry words first (cavity with 'heated' goes to
    natural convection), then the solver it names."""
    low = ctx.text.lower()
    hits = [(min(low.find(w) for w in words if w in low), recipe)
            for words, recipe in FAMILIES if any(w in low for w in words)]
    if hits:
        recipes_hit = [r for _, r in sorted(hits, key=lambda h: h[0])]
        if plan_heated_cavity in recipes_hit and plan_cavity in recipes_hit:
            return _unless_variant(ctx, plan_heated_cavity)
        if plan_bubble_column in recipes_hit:
            return plan_bubble_column
        if ctx.solver in SOLVER_FAMILY and SOLVER_FAMILY[ctx.solver] in recipes_hit:
            return _unless_variant(ctx, SOLVER_FAMILY[ctx.solver])
        return _unless_variant(ctx, recipes_hit[0])
    if ctx.example_dir is not None:
        from_example = recipe_of_example(ctx.example_dir)
        if from_example is not None:
            ctx.notes.append(f"geometry taken from the example case {ctx.example_dir}")
            return from_example
    return None


def leaf(case: str) -> str:
    """A tutorial's own folder name: 'incompressible/icoFoam/cavity/cavityClipped' -> cavityClipped."""
    return case.rstrip("/").rsplit("/", 1)[-1]


def is_variant(case: str, family_case: str) -> bool:
    """`case` is a variant of the family tutorial: its own name extends the family's name
    (cavityClipped, cavityGrade, cavityCoupledU of cavity; pitzDailyExptInlet of pitzDaily;
    damBreakWithObstacle of damBreak). The family tutorial itself, or one of the same name under
    another solver, is no variant."""
    name, family = leaf(case), leaf(family_case)
    return len(name) > len(family) and name.startswith(family)


# The tutorial each recipe is built on, whose named variants the recipe cannot plan (it edits the
# family tutorial's own mesh and fields). The bubble column is a generated shape: no family tutorial.
FAMILY_TUTORIAL: dict[Recipe, str] = {
    plan_cavity: CAVITY, plan_pitzdaily: PITZDAILY, plan_dam_break: DAMBREAK, plan_heated_cavity: HOTROOM,
    plan_particle_column: COLUMN, plan_mixer: MIXER,
}


def names_other_tutorial(text: str, case: str, family_case: str) -> bool:
    """The request writes out the name of `case`, a tutorial other than the family's, whose name
    holds the family's word ('the contact angle cavity' for contactAngleCavity, not the lid-driven
    cavity; 'a sloshing tank' is no dam break): every word of its name, two at least, in one clause."""
    from tasks.plan.select_names import all_name_words_said, clause_roots

    return leaf(case).lower() != leaf(family_case).lower() and all_name_words_said(case, clause_roots(text))


def variant_chosen(ctx: "Context", recipe: Recipe) -> str | None:
    """The ranker's first tutorial for the request when it is a variant of the recipe's family
    tutorial (the request describes the clipped cavity, the graded cavity, the experimental
    pitzDaily inlet) or another tutorial the request names in words (the contact angle cavity),
    else None."""
    family = FAMILY_TUTORIAL.get(recipe)
    if family is None or ctx.example_dir is not None:
        return None
    from tasks.plan.generic import choose_base  # generic imports the planners' shared modules

    ranked = choose_base(ctx)
    if not ranked:
        return None
    top = ranked[0].record.case
    return top if is_variant(top, family) or names_other_tutorial(ctx.text, top, family) else None


def _unless_variant(ctx: "Context", recipe: Recipe) -> Recipe | None:
    """The recipe, or None (plan generically) when the best tutorial for the request is a variant
    of the recipe's family tutorial: the variant is the base, with its own mesh and set-up."""
    variant = variant_chosen(ctx, recipe)
    if variant is None:
        return recipe
    kind = "the variant of " + leaf(FAMILY_TUTORIAL[recipe]) if is_variant(variant, FAMILY_TUTORIAL[recipe]) else \
        "the tutorial"
    ctx.notes.append(f"planned on {variant}, {kind} the request "
                     f"describes, not on the {recipe.__name__.removeprefix('plan_').replace('_', ' ')} recipe's "
                     f"{FAMILY_TUTORIAL[recipe]}")
    return None


EXAMPLE_PATCHES: list[tuple[set[str], Recipe]] = [
    ({"movingWall", "fixedWalls"}, plan_cavity),
    ({"inlet", "outlet", "upperWall", "lowerWall"}, plan_pitzdaily),
    ({"floor", "ceiling"}, plan_heated_cavity),
    ({"leftWall", "rightWall", "lowerWall", "atmosphere"}, plan_dam_break),
    ({"rotor", "stator"}, plan_mixer),
]
BY_NAME = {"cavity": plan_cavity, "pitzDaily": plan_pitzdaily, "heatedCavity": plan_heated_cavity,
           "damBreak": plan_dam_break, "bubbleColumn": plan_bubble_column,
           "particleColumn": plan_particle_column, "mixer": plan_mixer}


def recipe_of_example(example: Path) -> Recipe | None:
    """The family of a user's example case: ours records it; otherwise its patch names tell."""
    import json

    manifest = example / ".casewright/manifest.json"
    if manifest.is_file():
        name = json.loads(manifest.read_text()).get("recipe")
        if name in BY_NAME:
            return BY_NAME[name]
    from tasks.foam.casedir import mesh_patches

    patches = set(mesh_patches(example))
    for needed, recipe in EXAMPLE_PATCHES:
        if needed <= patches:
            return recipe
    return None
