"""Session 9 (geometry2): sizes said right after a shape's noun, sections given end to end, axis labels
after a unit, coordinate lists, vertices in a defined unit, and "cell" meaning a box, not a mesh cell."""

from __future__ import annotations

import pytest

from tasks.geometry.text import parse_geometry
from tasks.geometry.text_phrasings import canonical_phrasing
from tasks.geometry.text_shapes import shape_words


def _dims(text: str) -> tuple[str, dict, bool | None]:
    spec = parse_geometry(text)
    assert spec is not None, text
    return spec.shape, {k: v for k, v in spec.dimensions.items() if isinstance(v, float)}, spec.two_d


@pytest.mark.parametrize(("text", "shape", "expected", "two_d"), [
    # a shape's size right after its noun
    ("lid-driven flow in a square cavity (0.3 m), icoFoam, lid 2 m/s", "lid_driven_cavity", {"width": 0.3, "height": 0.3}, True),
    ("pisoFoam in a square box of 12 in with its top wall sliding at 1 m/s", "lid_driven_cavity",
     {"width": 0.3048, "height": 0.3048}, None),
    ("buoyant flow in a square enclosure (side = 40 cm), hot floor at 320 K, cold ceiling 300 K", "heated_cavity",
     {"width": 0.4, "height": 0.4}, True),
    ("lid-driven flow in a cube of 50 mm, pisoFoam", "lid_driven_cavity", {"width": 0.05, "height": 0.05}, False),
    ("moving-lid cavity 20 cm cubed, icoFoam", "lid_driven_cavity", {"width": 0.2, "height": 0.2}, False),
    ("a cavity (square, 3 ft), lid-driven, 0.5 m/s", "lid_driven_cavity", {"width": 0.9144, "height": 0.9144}, True),
    # 2D words keep a box 2D; a tank, vessel or container is a rectangle or a box
    ("a two-dimensional box 2 ft wide and 6 in tall, flow enters on the left, pimpleFoam", "rectangle",
     {"length": 0.6096, "height": 0.1524}, True),
    ("steady flow through a water tank 3 m long and 1 m high, simpleFoam", "rectangle", {"length": 3.0, "height": 1.0}, True),
    ("laminar flow through a vessel 80 cm x 20 cm, 2D, pimpleFoam", "rectangle", {"length": 0.8, "height": 0.2}, True),
    ("water flows through a reservoir of 2 m by 1 m by 0.5 m, simpleFoam", "box", {"length": 2.0, "height": 1.0, "width": 0.5}, False),
    # adjective before its value
    ("an icoFoam channel, long 1.2 m, high 60 mm, 2D", "channel", {"length": 1.2, "height": 0.06}, True),
    ("pimpleFoam in a 2D box tall 0.2 m and wide 0.5 m", "rectangle", {"length": 0.5, "height": 0.2}, True),
    # axis labels after the unit
    ("a duct 3 m long, 0.3 m in y by 0.2 m in z, simpleFoam", "channel", {"length": 3.0, "height": 0.3, "depth": 0.2}, False),
    ("a channel 2 m along x and 10 cm along y, icoFoam", "channel", {"length": 2.0, "height": 0.1}, None),
    # a "cell" that is a box
    ("Rayleigh-Benard: a convection cell 0.2 m wide and 0.05 m high heated from below, buoyantBoussinesqPimpleFoam",
     "heated_cavity", {"width": 0.2, "height": 0.05}, True),
])
def test_size_words_read_as_the_shape_sizes(text: str, shape: str, expected: dict, two_d: bool | None) -> None:
    got_shape, dims, got_2d = _dims(text)
    assert got_shape == shape
    for k, v in expected.items():
        assert dims.get(k) == pytest.approx(v, rel=1e-6), (k, dims)
    if two_d is not None:
        assert bool(got_2d) is two_d


@pytest.mark.parametrize(("text", "shape", "expected"), [
    # sections given end to end: from one size to another over a length
    ("a planar duct whose height widens from 2 in at the inlet to 5 in at the outlet over 1 ft, simpleFoam", "diffuser",
     {"inlet_height": 0.0508, "outlet_height": 0.127, "taper_length": 0.3048}),
    ("a 2D channel narrowing from 120 mm to 30 mm over 40 cm, pimpleFoam", "nozzle",
     {"inlet_height": 0.12, "outlet_height": 0.03, "taper_length": 0.4}),
    ("the converging section is 6 cm tall at the inlet and 2 cm at the exit, 15 cm long, simpleFoam", "nozzle",
     {"inlet_height": 0.06, "outlet_height": 0.02}),
    # a step given by its height and the inlet channel's
    ("rearward-facing step, step 1 in, inlet channel 1 in, pisoFoam", "backward_step", {"step_height": 0.0254, "height": 0.0508}),
    ("forward-facing step: step (height 5 mm), outlet channel 15 mm, simpleFoam", "forward_step", {"step_height": 0.005, "height": 0.02}),
    # one section in multiples of another
    ("a sudden-expansion duct, the downstream channel 3 times as high as the 2 cm upstream channel, simpleFoam",
     "sudden_expansion", {"inlet_height": 0.02, "outlet_height": 0.06}),
    ("abrupt contraction: the inlet channel is 4 times as high as the outlet channel (5 mm), simpleFoam", "sudden_contraction", {"inlet_height": 0.02, "outlet_height": 0.005}),
    # placement in multiples of a defined size
    ("backward-facing step, step height h = 2 cm, expansion ratio 2, the step 5 h from the inlet, total length 25 h, simpleFoam",
     "backward_step", {"step_height": 0.02, "upstream_length": 0.1, "downstream_length": 0.4}),
])
def test_sections_given_end_to_end(text: str, shape: str, expected: dict) -> None:
    got_shape, dims, _ = _dims(text)
    assert got_shape == shape
    for k, v in expected.items():
        assert dims.get(k) == pytest.approx(v, rel=1e-6), (k, dims)


@pytest.mark.parametrize(("text", "outline"), [
    ("a 2D domain with corners x, y = 0, 0 / 2, 0 / 2, 1 / 0, 1 m, icoFoam", [(0, 0), (2, 0), (2, 1), (0, 1)]),
    ("a region whose vertices (x, y) in mm: 0, 0; 500, 0; 250, 300 -- pimpleFoam, 2D", [(0, 0), (0.5, 0), (0.25, 0.3)]),
    ("2D domain, points x,y: (0, 0) / (3, 0) / (3, 2) ft, simpleFoam", [(0, 0), (0.9144, 0), (0.9144, 0.6096)]),
])
def test_vertices_as_coordinate_lists(text: str, outline: list) -> None:
    spec = parse_geometry(text)
    assert spec is not None and spec.outline is not None
    assert [tuple(p) for p in spec.outline] == [pytest.approx(p) for p in outline]


@pytest.mark.parametrize("text", [
    "natural convection in a test cell of 0.3 m, left wall 310 K, right wall 290 K",
    "a differentially heated cell 5 cm wide and 10 cm high, hot left wall",
    "Bénard cell 20 mm high, 80 mm wide, heated from below",
])
def test_a_cell_that_is_a_box_is_no_mesh_size(text: str) -> None:
    assert shape_words(text) == "heated_cavity"
    spec = parse_geometry(text)
    assert spec is not None and spec.mesh.cell_size is None


@pytest.mark.parametrize(("text", "kept"), [
    ("a 20 cm wide, 0.3 m long plate", "20 cm wide, 0.3 m long"),
    ("as high as 2 m", "as high as 2 m"),
    ("a cavity of 0.1 m by 0.2 m", "a cavity of 0.1 m by 0.2 m"),
    ("the cylinder at 0.5 m in x", "at 0.5 m in x"),
    ("inlet channel 0.5 m long", "inlet channel 0.5 m long"),
])
def test_other_phrasings_are_left_alone(text: str, kept: str) -> None:
    assert kept in canonical_phrasing(text)


@pytest.mark.parametrize(("text", "reason"), [
    ("backward-facing step: step 3 cm, inlet channel 2 cm, outlet channel 4 cm, simpleFoam", "sizes disagree"),
    ("forward-facing step, step 1 in, outlet channel 1 in, inlet channel 3 in, pisoFoam", "sizes disagree"),
    ("a backward step with step height 10 mm, upstream channel 10 mm, downstream channel 50 mm",
     "sizes disagree"),
    ("flow through a container of 1 m with a sphere inside, simpleFoam", "sphere"),
])
def test_refusals_name_the_reason(text: str, reason: str) -> None:
    from tasks.core.errors import RequestError

    with pytest.raises(RequestError, match=reason):
        parse_geometry(text)


@pytest.mark.parametrize(("text", "shape"), [
    ("water enters a holding tank 4 m long and 1.5 m deep on the left and leaves on the right, 2D, simpleFoam", "rectangle"),
    ("air flows through a plenum chamber of 1 m x 0.4 m x 0.4 m, inlet at x = 0, simpleFoam", "box"),
    ("a stirred vessel of 0.3 m, impeller at 300 rpm, inlet none", None),
    ("sloshing of water in a tank 1 m wide, outlet closed, interFoam", None),
    ("a water column collapses in a container 0.584 m wide; air leaves through the top outlet", None),
    ("spray injected into a constant-volume chamber 2 cm across with an outlet", None),
])
def test_a_vessel_is_a_shape_only_when_the_flow_passes_through(text: str, shape: str | None) -> None:
    assert shape_words(text) == shape
