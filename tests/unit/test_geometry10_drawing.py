"""Drawing-style requests: Ø sizes, coordinates in the drawing's unit, a declared unit; change-of-section
nouns; Y-junctions refused with the reason."""

from __future__ import annotations

import pytest

from tasks.geometry.text import parse_geometry
from tasks.geometry.text_drawing import drawing_unit, drawing_units


@pytest.mark.parametrize("text, unit", [
    ("duct L = 600 mm, H = 100 mm", "mm"), ("all dimensions in inches: channel 40 x 8", "inches"),
    ("channel 2 m x 0.4 m, 5 mm cells, 0.5 m", None), ("U = 2 m/s, 10 cm/s", None), ("units: mm. step h = 20", "mm"),
])
def test_drawing_unit(text: str, unit: str | None) -> None:
    assert drawing_unit(text) == unit


def test_bare_coordinates_that_fit_in_metres_stay_metres() -> None:
    text = "cylinder D 0.1 m centred (0.2, 0.2) in a 2.2 x 0.41 m channel, 5 mm cells"
    assert drawing_units(text) == text


@pytest.mark.parametrize("text, diameter, centre, size", [
    ("Ø20 cylinder at x=100, y=50 in a duct L = 600 mm, H = 100 mm, origin lower-left; pimpleFoam",
     0.02, (0.1, 0.05), (0.6, 0.1)),
    ("pin ⌀ 0.5 in at (4, 1) in a 24 in by 2 in channel from the origin, pimpleFoam laminar",
     0.0127, (0.1016, 0.0254), (0.6096, 0.0508)),
    ("Dimensions in mm. Channel 900 x 150, origin lower-left; rod dia. 15 centred at (200, 75); icoFoam",
     0.015, (0.2, 0.075), (0.9, 0.15)),
])
def test_drawing_style_cylinder(text: str, diameter: float, centre: tuple[float, float], size: tuple[float, float]) -> None:
    spec = parse_geometry(text)
    assert spec is not None
    d = spec.dimensions
    if spec.shape == "cylinder_crossflow":
        assert (d["diameter"], d["center_x"], d["center_y"]) == pytest.approx((diameter, *centre))
    else:
        (ob,) = spec.obstacles
        assert (ob.diameter, *ob.center) == pytest.approx((diameter, *centre))
    assert (d["length"], d["height"]) == pytest.approx(size)


@pytest.mark.parametrize("text, shape", [
    ("sudden widening from 20 mm to 60 mm at x = 0, icoFoam", "sudden_expansion"),
    ("an abrupt enlarging of the duct, 1 in to 3 in, at x = 0; simpleFoam", "sudden_expansion"),
    ("a sudden narrowing from 3 cm to 1 cm at the plane x = 0, pimpleFoam", "sudden_contraction"),
])
def test_change_of_section_nouns(text: str, shape: str) -> None:
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == shape


@pytest.mark.parametrize("text, angle", [
    ("Y-piece with a 45 degree branch, simpleFoam", 45.0),
    ("a wye fitting: main 50 mm, branch 25 mm, simpleFoam", 45.0),  # no angle said: a wye's usual 45 degrees
    ("T-junction whose branch leaves at 60 degrees: a 60° branch tee, simpleFoam", 60.0),
])
def test_y_junction_built_with_its_angle(text: str, angle: float) -> None:
    spec = parse_geometry(text)
    assert spec.shape == "t_junction" and spec.dims.branch_angle == angle


def test_square_tee_not_refused() -> None:
    spec = parse_geometry("T-junction with a 90 degree branch, main channel 1 m x 0.1 m, simpleFoam")
    assert spec is not None and spec.shape == "t_junction"


@pytest.mark.parametrize("text, dims", [
    ("converging nozzle 100 mm to 40 mm over 150 mm, straight 50 mm entry and 200 mm exit, simpleFoam",
     {"inlet_height": 0.1, "outlet_height": 0.04, "taper_length": 0.15, "upstream_length": 0.05, "downstream_length": 0.2}),
    ("planar diffuser: 2 in to 4 in over 8 in, with a straight 4 in inlet and a straight 12 in outlet, simpleFoam",
     {"inlet_height": 0.0508, "outlet_height": 0.1016, "taper_length": 0.2032, "upstream_length": 0.1016,
      "downstream_length": 0.3048}),
    ("a 2D nozzle tapering 8 cm -> 2 cm along 30 cm; parallel 10 cm lead-in; pimpleFoam",
     {"inlet_height": 0.08, "outlet_height": 0.02, "taper_length": 0.3, "upstream_length": 0.1}),
])
def test_taper_heights_and_straight_sections(text: str, dims: dict[str, float]) -> None:
    spec = parse_geometry(text)
    assert spec is not None and spec.shape in ("nozzle", "diffuser")
    for k, v in dims.items():
        assert spec.dimensions[k] == pytest.approx(v, rel=1e-6), k


@pytest.mark.parametrize("text", [
    "backward-facing step; inlet channel x -0.2..0, y 0.05..0.1; step at x = 0 down to y = 0; outlet at x = 1; 5 mm cells",
    "channel from x = 0 to x = 2, cylinder at (0.5, 0.2), 10 mm cells",
])
def test_small_bare_coordinates_stay_metres(text: str) -> None:
    assert drawing_units(text) == text


@pytest.mark.parametrize("text, dims", [
    ("backstep, h = 10 mm, H = 30 mm (downstream), Lu = 5h, Ld = 40h, simpleFoam",
     {"step_height": 0.01, "height": 0.03, "upstream_length": 0.05, "downstream_length": 0.4}),
    ("backward-facing step, ER = 2, step 20 mm, L_in = 100 mm, L_out = 800 mm; simpleFoam",
     {"step_height": 0.02, "height": 0.04, "upstream_length": 0.1, "downstream_length": 0.8}),
    ("a 1:2 sudden widening, narrow part 25 mm high, 150 mm long; wide part 600 mm long; axis y = 0; icoFoam",
     {"inlet_height": 0.025, "outlet_height": 0.05, "upstream_length": 0.15, "downstream_length": 0.6}),
    ("pipe Ø50 x 1000 mm, simpleFoam kEpsilon, 3D", {"diameter": 0.05, "length": 1.0}),
])
def test_section_symbols_and_ratios(text: str, dims: dict[str, float]) -> None:
    spec = parse_geometry(text)
    assert spec is not None
    for k, v in dims.items():
        assert spec.dimensions[k] == pytest.approx(v, rel=1e-6), k
