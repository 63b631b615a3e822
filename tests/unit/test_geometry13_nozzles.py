"""Session 13: nozzles whose section changes twice (converging-diverging, venturi) and round nozzles and
diffusers meshed as an axisymmetric wedge: every stated size held in the block mesh, or refused."""

from __future__ import annotations

import pytest

from tasks.core.errors import RequestError
from tasks.geometry.shape_nozzle import nozzle_stations
from tasks.geometry.spec import make_spec
from tasks.geometry.structured import build_structured
from tasks.geometry.text import parse_geometry
from tasks.geometry.text_throat import nozzle_roles

IN = 0.0254


@pytest.mark.parametrize(("text", "want"), [
    ("Venturi, planar, symmetric about y = 0 with the inlet plane at x = 0: 3 in inlet height, 1 in throat, 2 in outlet, "
     "converging over 4 in and diverging over 8 in; pimpleFoam laminar, 0.1 m/s, nu 1e-6, 2 s",
     {"inlet_height": 3 * IN, "throat_height": IN, "outlet_height": 2 * IN, "taper_length": 4 * IN, "diverging_length": 8 * IN}),
    ("Could you mesh a 2D converging-diverging duct whose throat is 10 mm wide, with 30 mm at the inlet and 25 mm at the "
     "outlet, 50 mm of convergence and 120 mm of divergence, symmetric about the x axis? simpleFoam",
     {"inlet_height": 0.03, "throat_height": 0.01, "outlet_height": 0.025, "taper_length": 0.05, "diverging_length": 0.12}),
    ("Inlet: 40 mm. Throat: 16 mm. Exit: 32 mm. Converging length: 60 mm. Diverging length: 200 mm. Shape: 2D C-D nozzle "
     "symmetric about y = 0, inlet at x = 0. Solver: simpleFoam kOmegaSST.",
     {"inlet_height": 0.04, "throat_height": 0.016, "outlet_height": 0.032, "taper_length": 0.06, "diverging_length": 0.2}),
])
def test_converging_diverging_sizes_by_station(text: str, want: dict[str, float]) -> None:
    spec = parse_geometry(text)
    assert spec is not None and spec.shape in ("nozzle", "diffuser")
    got = spec.dims.model_dump()
    assert {k: got[k] for k in want} == pytest.approx(want)
    assert got["upstream_length"] == 0 and got["downstream_length"] == 0  # no straight duct unless stated


@pytest.mark.parametrize(("text", "want"), [
    ("A round nozzle modelled as an axisymmetric wedge narrows from a 4 cm bore to a 1.5 cm bore over 5 cm, with 8 cm of "
     "straight pipe before and 6 cm after; icoFoam",
     {"inlet_height": 0.04, "outlet_height": 0.015, "taper_length": 0.05, "upstream_length": 0.08, "downstream_length": 0.06}),
    ("axisymmetric converging nozzle (wedge), axis along x: inlet pipe D 50 mm, 100 mm long, ending at x = 0; cone to D 20 mm "
     "over 60 mm; outlet pipe D 20 mm, 100 mm long; simpleFoam laminar",
     {"inlet_height": 0.05, "outlet_height": 0.02, "taper_length": 0.06, "upstream_length": 0.1, "downstream_length": 0.1}),
    ("Round nozzle, modelled axisymmetric: bore 5 cm upstream, a 6 cm long cone, then a 2 cm bore; pimpleFoam",
     {"inlet_height": 0.05, "outlet_height": 0.02}),
])
def test_round_nozzle_is_an_axisymmetric_wedge(text: str, want: dict[str, float]) -> None:
    spec = parse_geometry(text)
    assert spec is not None and spec.dims.axisymmetric
    got = spec.dims.model_dump()
    assert {k: got[k] for k in want} == pytest.approx(want)


def test_no_throat_no_roles() -> None:
    assert nozzle_roles("a planar nozzle from 60 mm to 20 mm over 100 mm") == {}


def test_stations_leave_out_empty_ducts() -> None:
    spec = make_spec(shape="nozzle", dimensions={"inlet_height": 0.06, "throat_height": 0.02, "outlet_height": 0.04,
                                                 "taper_length": 0.1, "diverging_length": 0.15,
                                                 "upstream_length": 0, "downstream_length": 0})
    assert nozzle_stations(spec) == ([0.0, 0.1, 0.25], [0.06, 0.02, 0.04])
    model = build_structured(spec).model
    ys = [v[1] for v in model.vertices]
    assert (min(ys), max(ys)) == pytest.approx((-0.03, 0.03))


def test_axisymmetric_nozzle_has_wedge_patches() -> None:
    spec = make_spec(shape="nozzle", dimensions={"inlet_height": 0.05, "outlet_height": 0.02, "axisymmetric": True})
    model = build_structured(spec).model
    assert sorted(t for t in model.patch_types.values() if t == "wedge") == ["wedge", "wedge"]
    assert max(v[1] for v in model.vertices) == pytest.approx(0.025, rel=1e-2)  # the radius, not the diameter
    assert min(v[1] for v in model.vertices) == pytest.approx(0.0)


@pytest.mark.parametrize("dims", [
    {"inlet_height": 0.06, "throat_height": 0.06, "outlet_height": 0.04},
    {"inlet_height": 0.06, "throat_height": 0.05, "outlet_height": 0.04},
])
def test_throat_wider_than_an_end_is_refused(dims: dict[str, float]) -> None:
    with pytest.raises(RequestError, match="throat"):
        make_spec(shape="nozzle", dimensions=dims)


def _tan(deg: float) -> float:
    import math

    return math.tan(math.radians(deg))


@pytest.mark.parametrize(("text", "want"), [
    ("2D diffuser, symmetric about y = 0: 20 mm high inlet duct 50 mm long ending at x = 0, walls open at 5 degrees per "
     "side for 100 mm, followed by a 200 mm outlet duct; pimpleFoam",
     {"inlet_height": 0.02, "taper_length": 0.1, "upstream_length": 0.05, "downstream_length": 0.2,
      "outlet_height": 0.02 + 0.2 * _tan(5)}),
    ("Planar diffuser. Inlet height: 1 in. Half-angle: 6 deg. Diverging length: 4 in. Lead-in: 2 in. Tail: 6 in. simpleFoam",
     {"inlet_height": IN, "taper_length": 4 * IN, "upstream_length": 2 * IN, "downstream_length": 6 * IN,
      "outlet_height": IN + 8 * IN * _tan(6)}),
    ("Could you build a plane diffuser whose inlet is 30 mm high, whose walls diverge at a half-angle of 4 degrees over "
     "150 mm, with 60 mm of straight duct before it and 240 mm after? simpleFoam kEpsilon",
     {"inlet_height": 0.03, "taper_length": 0.15, "upstream_length": 0.06, "downstream_length": 0.24,
      "outlet_height": 0.03 + 0.3 * _tan(4)}),
    ("A 10 degree total angle diffuser: inlet 50 mm high, diverging section 250 mm, then 500 mm of straight outlet duct; "
     "rhoSimpleFoam", {"inlet_height": 0.05, "taper_length": 0.25, "downstream_length": 0.5,
                       "outlet_height": 0.05 + 0.5 * _tan(5)}),
])
def test_diffuser_by_its_wall_angle(text: str, want: dict[str, float]) -> None:
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == "diffuser"
    got = spec.dims.model_dump()
    assert {k: got[k] for k in want} == pytest.approx(want)
