"""Session-9 recipe classes: a request naming another tutorial that holds the family's word,
a transient recipe run stated as a count of time steps, a cell size on the cavity recipe, and the
recipes split into recipes_<family>.py modules behind the same public names."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.core.config import get_settings
from tasks.plan import recipes

TUTORIALS = Path(get_settings().tutorials_dir)


def _plan(text: str):
    from tasks.plan.architect import plan

    return plan(text, TUTORIALS)


def _value(m, file: str, entry: list[str]) -> str:
    return str(next(e.value for e in reversed(m.edits) if e.file == file and e.entry == entry))


@pytest.mark.parametrize("text, case, family, named", [
    ("the contact-angle cavity with pimpleFoam", "incompressible/pimpleFoam/laminar/contactAngleCavity",
     recipes.CAVITY, True),
    ("lid-driven cavity whose lid is tilted by 30 degrees", "incompressible/pimpleFoam/laminar/contactAngleCavity",
     recipes.CAVITY, False),  # the family word alone names no other tutorial
    ("a contact angle cavity, 45 degrees at the walls", "incompressible/pimpleFoam/laminar/contactAngleCavity",
     recipes.CAVITY, True),
    ("a sloshing tank, 2D, half full", "multiphase/interFoam/laminar/sloshingTank2D", recipes.DAMBREAK, True),
    ("lid-driven cavity at Re 100", "incompressible/pisoFoam/RAS/cavity", recipes.CAVITY, False),  # same name
])
def test_names_other_tutorial(text: str, case: str, family: str, named: bool) -> None:
    assert recipes.names_other_tutorial(text, case, family) is named


@pytest.mark.parametrize("text, base", [
    ("Run the contact angle cavity case (pimpleFoam) for 0.05 s", "contactAngleCavity"),
    ("pimpleFoam, contactAngleCavity tutorial, 0.3 s of flow", "contactAngleCavity"),
])
def test_a_named_tutorial_is_not_the_family_recipe(text: str, base: str) -> None:
    m = _plan(text)
    assert m.recipe == "tutorial" and m.base_tutorial.endswith(base)


@pytest.mark.parametrize("text, end", [
    ("lid-driven cavity, icoFoam, 400 time steps with dt = 0.5 ms", 0.2),
    ("cavity flow (icoFoam): time step 2 ms, run for 150 steps", 0.3),
    ("dam break with interFoam, 1000 time steps of 0.1 ms", 0.1),
])
def test_recipe_counts_time_steps(text: str, end: float) -> None:
    assert float(_value(_plan(text), "system/controlDict", ["endTime"])) == pytest.approx(end)


@pytest.mark.parametrize("text, blocks", [
    ("lid-driven cavity icoFoam, cells 5 mm across", "(20 20 1)"),
    ("cavity, 0.2 m side, uniform 1 cm cells, lid 0.5 m/s", "(20 20 1)"),
    ("icoFoam cavity with a grid spacing of 0.002 m", "(50 50 1)"),
])
def test_cavity_cell_size(text: str, blocks: str) -> None:
    assert blocks in _value(_plan(text), "system/blockMeshDict", ["blocks"])


def test_recipes_facade_keeps_its_names() -> None:
    from tasks.plan import recipes_cavity, recipes_dambreak, recipes_plan, recipes_time

    assert recipes.plan_cavity is recipes_cavity.plan_cavity
    assert recipes.column_box is recipes_dambreak.column_box
    assert recipes.Plan is recipes_plan.Plan and recipes.time_control is recipes_time.time_control
    assert all(hasattr(recipes, name) for name in recipes.__all__)


# --- the width and height of a filled region (tasks/plan/recipes_sizes.py) ----------------------

@pytest.mark.parametrize("text, width, height", [
    ("a 12 x 30 cm block of water (width x height)", 0.12, 0.30),
    ("water: 300 x 120 mm (H x W), against the left wall", 0.12, 0.30),
    ("the liquid column is 30 cm in height and 12 cm in width", 0.12, 0.30),
    ("column height: 0.3 m, width = 0.12 m", 0.12, 0.30),
    ("a 4 x 8 inch column of oil", 0.1016, 0.2032),             # a bare pair is width x height
])
def test_region_sizes(text: str, width: float, height: float) -> None:
    from tasks.plan.recipes_sizes import region_sizes

    sizes = region_sizes(text)
    assert sizes["width"].value == pytest.approx(width) and sizes["height"].value == pytest.approx(height)


def test_region_sizes_skip_the_container() -> None:
    from tasks.plan.recipes_sizes import region_sizes

    assert "width" not in region_sizes("a tank 0.584 m wide, half of it water")


@pytest.mark.parametrize("text, box", [
    ("dam break with interFoam: water block 12 x 30 cm (width x height) in the left corner",
     "box (0 0 -1) (0.12 0.3 1)"),
    ("interFoam dam break; the column stands 30 cm in height and 12 cm in width at the right wall",
     "box (0.464 0 -1) (0.584 0.3 1)"),
])
def test_dam_break_column_sizes(text: str, box: str) -> None:
    m = _plan(text)
    assert box in _value(m, "system/setFieldsDict", ["regions"])
