"""Diffusers and nozzles given by lengths, angles and coordinate ranges: one wall straight and the other sloping
(one-sided) or both (symmetric); the outlet height from the sloping wall's angle over the taper; the domain placed
where the coordinates put it (the straight wall on y = 0 when none are given)."""

from __future__ import annotations

import math

import pytest

from tasks.geometry.build import geometry_record
from tasks.geometry.models import MeshBuild
from tasks.geometry.spec import resolved_heights
from tasks.geometry.structured import build_structured
from tasks.geometry.text import parse_geometry
from tasks.geometry.text_one_sided import flat_wall, sloping_angle


@pytest.mark.parametrize("text, wall, angle", [
    ("inlet channel 0.1 m high and 0.1 m long, one wall straight and the other sloping at 9.5 degrees over 0.3 m",
     "bottom", 9.5),
    ("the lower wall stays flat", "bottom", None),
    ("Asymmetric diffuser: the top wall opens at 10 deg", "bottom", 10.0),
    ("the bottom wall diverges at 5 degrees while the upper wall is straight", "top", 5.0),
    ("planar diffuser with a flat bottom wall, wall angle 8 deg", "bottom", 8.0),
    ("symmetric diffuser, half angle 7 degrees", None, None),
    ("diffuser, total angle 14 degrees", None, None),
])
def test_flat_wall_and_angle(text: str, wall: str | None, angle: float | None) -> None:
    assert flat_wall(text) == wall
    assert sloping_angle(text) == angle


_TAN = math.tan(math.radians(9.5))
# (request, (x0, x1), (y0, y1) of the domain, outlet height); terse, verbose, other units, coordinates
DIFFUSERS = [
    ("2D planar diffuser: inlet channel 0.1 m high and 0.1 m long, one wall straight and the other sloping at "
     "9.5 degrees over 0.3 m, then 0.6 m of straight outlet section; the lower wall stays flat",
     (0.0, 1.0), (0.0, 0.1 + 0.3 * _TAN), 0.1 + 0.3 * _TAN),
    ("diffuser with one wall straight and the other sloping at 9.5 deg over 30 cm; inlet duct 10 cm high, 10 cm "
     "long, followed by 45 cm of straight outlet duct", (0.0, 0.85), (0.0, 0.1 + 0.3 * _TAN), 0.1 + 0.3 * _TAN),
    ("one-sided diffuser: entry duct 100 mm tall and 200 mm long, then the top wall slopes at 8 deg over 400 mm, "
     "followed by 600 mm straight outlet duct; lower wall flat",
     (0.0, 1.2), (0.0, 0.1 + 0.4 * math.tan(math.radians(8))), 0.1 + 0.4 * math.tan(math.radians(8))),
    ("Asymmetric plane diffuser. The domain runs from x = -0.1 to 0.8 m. Inlet section y from 0 to 0.1 m; the upper "
     "wall opens at 10 degrees between x = 0 and x = 0.3 m and is straight afterwards; the bottom wall is flat.",
     (-0.1, 0.8), (0.0, 0.1 + 0.3 * math.tan(math.radians(10))), 0.1 + 0.3 * math.tan(math.radians(10))),
    ("asymmetric diffuser, inlet duct 4 in high and 4 in long, top wall inclined at 9.5 degrees over 12 in, then "
     "a 20 in long straight duct, bottom wall flat",
     (0.0, 36 * 0.0254), (0.0, 0.1016 + 0.3048 * _TAN), 0.1016 + 0.3048 * _TAN),
]


@pytest.mark.parametrize("text, xs, ys, outlet", DIFFUSERS)
def test_one_sided_diffuser(text: str, xs: tuple[float, float], ys: tuple[float, float], outlet: float) -> None:
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == "diffuser"
    assert spec.dims.flat_wall == "bottom"
    assert resolved_heights(spec)[1] == pytest.approx(outlet, rel=1e-6)
    st = build_structured(spec)
    (x0, x1), (y0, y1) = st.model.bounds()[:2]
    assert (x0, x1) == pytest.approx(xs, abs=1e-9)  # the model is placed where the request put it
    assert (y0, y1) == pytest.approx(ys, abs=1e-9)
    build = MeshBuild(shape=spec.shape, generator="blockMesh", steps=[], files=[], patches=[], n_cells=st.model.n_cells,
                      two_d=True, flow_direction=st.flow_direction, reference_length=st.reference_length,
                      bounds=st.model.bounds())
    angle = geometry_record(spec, build)["angles"]["sloping_wall"]  # read back as the request gave it
    rise = outlet - resolved_heights(spec)[0]
    assert angle == pytest.approx(math.degrees(math.atan(rise / spec.dims.taper_length)), abs=1e-5)


def test_symmetric_diffuser_unchanged() -> None:
    spec = parse_geometry("symmetric planar diffuser, inlet 0.1 m, outlet 0.2 m, taper 0.3 m, 0.2 m upstream, "
                          "0.5 m downstream")
    assert spec is not None and spec.dims.flat_wall is None
    (_, _), (y0, y1) = build_structured(spec).model.bounds()[:2]
    assert (y0, y1) == pytest.approx((-0.1, 0.1))


# (request, x bounds, inlet height, outlet height): the domain given by coordinate ranges
RANGED = [
    ("Symmetric 2D diffuser from x = -0.1 to 0.8 m: inlet section y from -0.05 to 0.05 m for 0.1 m, each wall "
     "diverging at 5 degrees over 0.3 m, then straight to the outlet", (-0.1, 0.8), (-0.05, 0.05),
     0.1 + 2 * 0.3 * math.tan(math.radians(5))),
    ("Asymmetric plane diffuser. The domain runs from x = -0.1 to 0.9 m. Inlet section y from 0 to 0.1 m; the upper "
     "wall opens at 10 degrees between x = 0 and x = 0.3 m and is straight afterwards; the bottom wall is flat.",
     (-0.1, 0.9), (0.0, 0.1), 0.1 + 0.3 * math.tan(math.radians(10))),
    ("planar diffuser, x from -100 mm to 700 mm, y = -25 to 25 mm at the inlet, 100 mm inlet duct, both walls "
     "diverging at 4 deg over 300 mm", (-0.1, 0.7), (-0.025, 0.025), 0.05 + 2 * 0.3 * math.tan(math.radians(4))),
]


@pytest.mark.parametrize("text, xs, inlet_ys, outlet", RANGED)
def test_diffuser_by_ranges(text: str, xs: tuple[float, float], inlet_ys: tuple[float, float], outlet: float) -> None:
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == "diffuser"
    assert resolved_heights(spec) == pytest.approx((inlet_ys[1] - inlet_ys[0], outlet), rel=1e-6)
    model = build_structured(spec).model
    (x0, x1) = model.bounds()[0]
    assert (x0, x1) == pytest.approx(xs, abs=1e-9)
    inlet_y = sorted({round(p[1], 12) for p in model.vertices if abs(p[0] - xs[0]) < 1e-9})
    assert (inlet_y[0], inlet_y[-1]) == pytest.approx(inlet_ys, abs=1e-9)


@pytest.mark.parametrize("text, spans", [
    ("diffuser from x = -0.1 to 0.8 m: inlet section y from -0.05 to 0.05 m for 0.1 m",
     ["from x = -0.1 to 0.8 m", "y from -0.05 to 0.05 m"]),
    ("the top wall opens between x = 0 and x = 0.3 m", ["between x = 0 and x = 0.3 m"]),
    ("channel x 0..1, y 0..0.1; z: 0-5 cm", ["x 0..1", "y 0..0.1", "z: 0-5 cm"]),
    ("a 0.1 m x 0.2 m box", []),
])
def test_coordinate_spans(text: str, spans: list[str]) -> None:
    from tasks.geometry.text_coordinate_spans import coordinate_spans

    assert [text[a:b] for a, b in coordinate_spans(text)] == spans


@pytest.mark.parametrize("text, downstream", [
    ("then 0.6 m of straight outlet section", 0.6),
    ("followed by 45 cm of straight outlet duct", 0.45),
    ("then a 20 in long straight duct", 0.508),
    ("then straight to the outlet", None),
])
def test_downstream_run(text: str, downstream: float | None) -> None:
    from tasks.geometry.text_straight_runs import downstream_run

    dims: dict = {}
    downstream_run(text, dims)
    assert dims.get("downstream_length") == (pytest.approx(downstream) if downstream else None)
