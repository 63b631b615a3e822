"""Routing between the tutorials and the shape library (tasks/plan/generic.shape_to_build,
tasks/edit/generate.choose_plan): a request that describes a library shape with sizes or shape
parameters no tutorial has is built by the library, whatever family recipe or tutorial its words
also match; a tutorial the request names, or physics only a tutorial has, keeps the tutorial.
The library's plan then applies every stated value (no OpenFOAM runs)."""

from __future__ import annotations

from pathlib import Path

import pytest
from foamlib import FoamFile

from tasks.core.config import get_settings
from tasks.edit.generate import choose_plan
from tasks.edit.parametric import shape_ratio
from tasks.edit.verify import verify_stated
from tasks.edit.writer import write_case
from tasks.plan.generic import choose_base, names_tutorial, shape_to_build
from tasks.plan.manifest import CaseRequest
from tasks.plan.request import build_context
from tasks.plan.stated import StatedQuantity, read_stated
from tests.conftest import TUTORIALS


@pytest.fixture()
def tutorials():
    if not TUTORIALS.is_dir():
        pytest.skip("OpenFOAM tutorials not installed")
    return TUTORIALS


def _shape(text: str, tutorials: Path):
    ctx = build_context(text, tutorials)
    return shape_to_build(ctx, read_stated(ctx.text))


# --- the library builds a described shape the best tutorial does not have ----------------------


@pytest.mark.parametrize(("text", "shape", "dims"), [
    ("icoFoam lid-driven cavity 0.3 m wide and 0.6 m deep, lid at 0.2 m/s, nu 6e-4",
     "lid_driven_cavity", {"width": 0.3, "height": 0.6}),
    ("pisoFoam, laminar: a shallow driven cavity 0.4 m long and 0.1 m high whose lid slides at 1.5 m/s",
     "lid_driven_cavity", {"width": 0.4, "height": 0.1}),
    ("natural convection in a side-heated square enclosure of 0.25 m, left wall 315 K, right wall 295 K, "
     "buoyantBoussinesqSimpleFoam, Pr 0.7", "heated_cavity", {"width": 0.25, "height": 0.25}),
    ("kEpsilon simpleFoam over a backward-facing step 0.02 m high in a channel 0.04 m high, 0.1 m upstream "
     "and 0.8 m downstream of the step, inflow 5 m/s", "backward_step", {"step_height": 0.02, "height": 0.04}),
    ("a planar sudden expansion with pimpleFoam: inlet channel 0.01 m high, outlet channel 0.04 m high, "
     "flow at 0.02 m/s", "sudden_expansion", {"inlet_height": 0.01, "outlet_height": 0.04}),
    ("rhoPimpleFoam compressible flow along a channel 0.3 m long and 0.05 m high",  # a physics family of the library
     "channel", {"length": 0.3, "height": 0.05}),
])
def test_a_sized_library_shape_is_built_by_the_library(tutorials, text, shape, dims):
    spec = _shape(text, tutorials)
    assert spec is not None and spec.shape == shape
    assert {k: spec.dimensions[k] for k in dims} == pytest.approx(dims)


@pytest.mark.parametrize("text", [
    "the pitzDaily tutorial with a 12 m/s inlet and the kOmegaSST model",  # a tutorial named by its own name
    "run the cavity tutorial with its lid at 3 m/s and a 0.25 m side",  # a plain name written as a tutorial's
    "lid-driven cavity, 0.1 m side, lid 3 m/s, icoFoam",  # a size the cavity tutorial already has
    "backward-facing step with simpleFoam and kEpsilon, inlet 7 m/s",  # no size stated: the tutorial's geometry
    "sonicFoam flow along a channel 0.3 m long and 0.05 m high",  # a solver the library lacks
    "the buoyant cavity with buoyantSimpleFoam, hot wall 310 K and cold wall 290 K",  # buoyantCavity said apart
    "buoyantPimpleFoam: the hot room, heater at 350 K",  # hotRoom said apart
    "Darcy flow through a porous square obstacle 0.05 m wide in a channel 1.5 m long",  # physics it cannot set up
])
def test_a_named_tutorial_or_physics_only_a_tutorial_has_keeps_the_tutorial(tutorials, text):
    assert _shape(text, tutorials) is None


@pytest.mark.parametrize("text", [
    "buoyantBoussinesqPimpleFoam natural convection in a differentially heated cavity, left wall 330 K, "
    "right wall 300 K",
    "a heated enclosure with its hot wall at 340 K and its cold wall at 320 K, Boussinesq, buoyantBoussinesqSimpleFoam",
])
def test_wall_temperatures_of_a_heated_cavity_go_to_the_library(tutorials, text):
    spec = _shape(text, tutorials)
    assert spec is not None and spec.shape == "heated_cavity"


def test_a_time_step_is_no_step_shape(tutorials):
    spec = _shape("driven cavity 0.2 m wide by 0.05 m deep, time step 0.001 s, lid 0.4 m/s, icoFoam", tutorials)
    assert spec is not None and spec.shape == "lid_driven_cavity"


@pytest.mark.parametrize(("text", "named"), [
    ("Please start from the pitzDaily case", True),
    ("the hotRoom geometry at a heater of 400 K", True),
    ("the cavity case with a faster lid", True),
    ("tutorial cavity, lid 2 m/s", True),
    ("a deep lid-driven cavity, 0.3 m", False),
    ("flow over a backward-facing step", False),
])
def test_names_tutorial_tells_a_tutorial_name_from_a_shape_word(tutorials, text, named):
    ctx = build_context(text, tutorials)
    best = choose_base(ctx)[0]
    assert names_tutorial(text, best) is named, best.record.case


# --- the library's plan applies every stated value ---------------------------------------------


def _written(text: str, tmp_path: Path):
    out = tmp_path / "case"
    manifest = choose_plan(CaseRequest(text=text, out_dir=out), get_settings(), llm=None)
    write_case(manifest, out, get_settings().tutorials_dir)
    _, missing = verify_stated(out, manifest.stated, manifest.bindings, manifest.not_applied)
    return manifest, out, missing


@pytest.mark.parametrize("text", [
    "icoFoam lid-driven cavity 0.05 m wide and 0.15 m deep, lid 0.3 m/s, nu 1.5e-4, 10 cells across and "
    "30 cells in the vertical direction, end time 0.4 s",
    "a driven cavity whose depth is one quarter of its 0.2 m length, lid 0.1 m/s, Re 50 on the length, "
    "forty by ten cells, icoFoam, until t = 0.3 s",
])
def test_a_lid_cavity_of_other_proportions_applies_every_value(tutorials, tmp_path, text):
    manifest, out, missing = _written(text, tmp_path)
    assert manifest.recipe == "geometry:lid_driven_cavity"
    assert missing == [], [m.text for m in missing]


def test_a_side_heated_cavity_puts_the_stated_temperatures_on_the_walls_named(tutorials, tmp_path):
    manifest, out, missing = _written(
        "differentially heated square box, 0.2 m side, right wall at 330 K and left wall at 310 K, insulated "
        "floor and ceiling, buoyantBoussinesqPimpleFoam laminar, Pr 0.69, reference temperature 320 K, "
        "30x30 cells, 50 s", tmp_path)
    assert manifest.recipe == "geometry:heated_cavity" and missing == [], [m.text for m in missing]
    t = FoamFile(out / "0/T")
    assert t["boundaryField"]["rightWall"]["value"] == pytest.approx(330)
    assert t["boundaryField"]["leftWall"]["value"] == pytest.approx(310)
    transport = FoamFile(out / "constant/transportProperties")
    assert float(str(transport["Pr"]).split()[-1]) == pytest.approx(0.69)


def test_shape_ratio_reads_a_fraction_of_the_shape():
    third = StatedQuantity(text="one third", quantity="fraction", value=1 / 3, unit="", role="fill_fraction")
    assert shape_ratio(third, {"width": 0.3, "height": 0.1, "depth": None}) == ("height", "width")
    assert shape_ratio(third, {"width": 0.3, "height": 0.2}) is None


def test_sizes_on_physics_the_library_lacks_are_refused_with_the_reason(tutorials):
    from tasks.core.errors import RequestError
    from tasks.plan.architect import plan

    with pytest.raises(RequestError, match="cannot set up porousSimpleFoam"):
        plan("Darcy flow through a porous square obstacle 0.05 m wide in a channel 1.5 m long", tutorials)
