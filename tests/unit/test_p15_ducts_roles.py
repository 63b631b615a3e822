"""Venturis and stepped round pipes: each size read by the role its words give it (inlet, throat, outlet;
converging, throat, diverging lengths; a stepped pipe's diameters or radii, section lengths and cell
counts), and the meshes built from them (a straight throat, an axisymmetric wedge with each section's cells)."""

from __future__ import annotations

import pytest

from tasks.geometry.shape_nozzle import nozzle_stations
from tasks.geometry.spec import make_spec
from tasks.geometry.structured import build_structured
from tasks.geometry.text import parse_geometry
from tasks.geometry.text_duct_roles import said_radius_of, stepped_pipe_roles, stepped_pipe_shape, venturi_roles

VENTURIS = [  # text, inlet, throat, outlet, converging, throat length, diverging (m)
    ("simpleFoam venturi: inlet width 10 cm, throat 4 cm, outlet 10 cm; converging length 15 cm, throat length 5 cm, "
     "diverging length 30 cm. Inlet velocity 2 m/s.", 0.1, 0.04, 0.1, 0.15, 0.05, 0.3),
    ("I would like to simulate water through a planar converging-diverging duct with pimpleFoam. The channel is 10 cm wide "
     "at the inlet, narrowing to a throat of 4 cm over a length of 15 cm, the throat section is 5 cm long, and then it is "
     "widening back to 8 cm at the outlet over 30 cm. Inlet speed 1 m/s.", 0.1, 0.04, 0.08, 0.15, 0.05, 0.3),
    ("2D venturi, inlet/throat/outlet = 100/40/80 mm, lengths converging/throat/diverging = 150/50/300 mm, simpleFoam, "
     "U = 3 m/s", 0.1, 0.04, 0.08, 0.15, 0.05, 0.3),
    ("Venturi with outlet 10 cm wide, throat of 4 cm and inlet 12 cm wide, contraction 0.2 m long and diffuser 0.4 m long",
     0.12, 0.04, 0.1, 0.2, 0.0, 0.4),
    ("venturi tube in 2D: entry 120 mm wide, converges over 200 mm to a 50 mm throat which is 60 mm long, then diverges "
     "over 400 mm to an exit width of 100 mm", 0.12, 0.05, 0.1, 0.2, 0.06, 0.4),
    ("Converging-diverging channel: outlet 3 in wide, inlet 4 in wide, throat 1.5 in; convergent section length 5 in, "
     "throat length 2 in, divergent section length 12 in", 0.1016, 0.0381, 0.0762, 0.127, 0.0508, 0.3048),
    ("please make venturi with widths inlet/throat/outlet 8/3/6 cm and length converging/throat/diverging 10/4/20 cm",
     0.08, 0.03, 0.06, 0.1, 0.04, 0.2),
    ("A planar venturi: the duct is 0.3 m high at the inlet and narrows to 0.1 m over 0.5 m; the 0.2 m long throat is "
     "followed by a 1.2 m diverging section widening back to 0.3 m.", 0.3, 0.1, 0.3, 0.5, 0.2, 1.2),
    ("round venturi (wedge), D_in = 5 cm, d_throat = 2 cm, D_out = 4 cm; convergent 6 cm long, throat 2 cm long, "
     "divergent 20 cm long", 0.05, 0.02, 0.04, 0.06, 0.02, 0.2),
    ("Venturi meter 2D. Widths: inlet 0.2 m, throat 0.08 m, exit 0.16 m. Lengths: converging 0.3 m, throat 0.1 m, "
     "diverging 0.6 m.", 0.2, 0.08, 0.16, 0.3, 0.1, 0.6),
    ("the venturi narrows from 120 mm to 40 mm over 100 mm, keeps 40 mm for 50 mm, then widens to 100 mm over 250 mm",
     0.12, 0.04, 0.1, 0.1, 0.05, 0.25),
]


@pytest.mark.parametrize("text,inlet,throat,outlet,converging,throat_length,diverging", VENTURIS)
def test_venturi_sizes_go_to_their_roles(text, inlet, throat, outlet, converging, throat_length, diverging):
    spec = parse_geometry(text)
    d = spec.dims
    assert spec.shape in ("nozzle", "diffuser")
    got = (d.inlet_height, d.throat_height, d.outlet_height, d.taper_length, d.throat_length, d.diverging_length)
    assert got == pytest.approx((inlet, throat, outlet, converging, throat_length, diverging))
    xs, heights = nozzle_stations(spec)
    assert xs[-1] == pytest.approx(converging + throat_length + diverging)  # the domain spans every section
    assert min(heights) == pytest.approx(throat)


def test_venturi_roles_leave_unlabelled_sizes_alone():
    assert venturi_roles("a venturi 10 cm by 4 cm") == {}


STEPPED = [  # text, widening, inlet D, outlet D, upstream L, downstream L, cells (upstream, downstream, across)
    ("axisymmetric pipe with sudden contraction, D = 40 mm narrowing to d = 20 mm, large pipe 0.1 m long, small pipe "
     "0.15 m long, 100 cells along the large section and 150 along the small one, 20 radial cells",
     False, 0.04, 0.02, 0.1, 0.15, (100, 150, 20)),
    ("Please set up an axisymmetric (wedge) simulation of a pipe whose radius is 2 cm for the first 10 cm and then 1 cm "
     "for the next 15 cm (a sudden contraction).", False, 0.04, 0.02, 0.1, 0.15, (None, None, None)),
    ("sudden expansion pipe, wedge, small pipe 0.02 m diameter 0.05 m long then large pipe 0.04 m diameter 0.2 m long, "
     "50 cells along the small section and 200 along the large one, 15 cells radially", True, 0.02, 0.04, 0.05, 0.2,
     (50, 200, 15)),
    ("sudden expansion in a round pipe: d = 10 mm for 50 mm, then D = 30 mm for 300 mm, axisymmetric, 40 cells along the "
     "small pipe and 200 along the large pipe, 30 radial cells", True, 0.01, 0.03, 0.05, 0.3, (40, 200, 30)),
    ("Flow through a pipe with a sudden contraction from 2 in diameter to 1 in diameter, the upstream pipe 10 in long "
     "and the downstream pipe 20 in long, wedge mesh", False, 0.0508, 0.0254, 0.254, 0.508, (None, None, None)),
    ("axisymmetric stepped pipe: D = 40 mm for 0.1 m then d = 20 mm for 0.15 m, 80 cells along the first section and "
     "120 along the second, 16 radial cells", False, 0.04, 0.02, 0.1, 0.15, (80, 120, 16)),
    ("pipe with a step change in diameter from 20 mm to 40 mm (wedge), 5 cm before the step and 30 cm after",
     True, 0.02, 0.04, 0.05, 0.3, (None, None, None)),
    ("axisymmetric contraction: large pipe radius 25 mm, 200 mm long; small pipe radius 10 mm, 300 mm long",
     False, 0.05, 0.02, 0.2, 0.3, (None, None, None)),
    ("flow from a small pipe into a larger pipe, d = 1 cm, D = 2 cm, axisymmetric, small pipe 4 cm long, large pipe "
     "25 cm long", True, 0.01, 0.02, 0.04, 0.25, (None, None, None)),
]


@pytest.mark.parametrize("text,widening,inlet,outlet,up,down,cells", STEPPED)
def test_stepped_pipe_sizes_and_section_cells(text, widening, inlet, outlet, up, down, cells):
    spec = parse_geometry(text)
    d = spec.dims
    assert spec.shape == ("sudden_expansion" if widening else "sudden_contraction")
    assert d.axisymmetric
    assert (d.inlet_height, d.outlet_height, d.upstream_length, d.downstream_length) == pytest.approx((inlet, outlet, up, down))
    assert (d.upstream_cells, d.downstream_cells, d.across_cells) == cells


@pytest.mark.parametrize("text", ["a 2D channel 2 cm high expands suddenly to 6 cm", "a planar sudden contraction from 6 cm to 2 cm"])
def test_a_planar_step_is_no_round_pipe(text):
    assert stepped_pipe_roles(text, True) == {}


@pytest.mark.parametrize("text", ["laminar pipe flow, diameter 5 cm, length 1 m, cells 2 mm",
                                  "pipe of diameter 10 cm narrowing gradually to 5 cm",
                                  "axisymmetric nozzle: pipe D 50 mm, cone to D 20 mm"])
def test_plain_pipes_and_gradual_changes_do_not_step(text):
    assert stepped_pipe_shape(text) is None


def test_radius_words_name_the_section():
    text = "a pipe whose radius is 2 cm for the first 10 cm and then 1 cm for the next 15 cm"
    radii = {"inlet": 0.02, "outlet": 0.01}
    assert said_radius_of(text, "2 cm", radii, 0.02) == "inlet"
    assert said_radius_of(text, "1 cm", radii, 0.01) == "outlet"
    assert said_radius_of(text, "10 cm", radii, 0.1) is None  # a length along the pipe
    assert said_radius_of("D = 40 mm narrowing to d = 20 mm", "20 mm", {"inlet": 0.02, "outlet": 0.01}, 0.02) is None


def test_axisymmetric_step_mesh_is_a_wedge_with_each_sections_cells():
    spec = make_spec(shape="sudden_contraction", dimensions=dict(
        inlet_height=0.04, outlet_height=0.02, upstream_length=0.1, downstream_length=0.15, axisymmetric=True,
        upstream_cells=100, downstream_cells=150, across_cells=20))
    built = build_structured(spec)
    assert {built.model.patch_types[n] for n in ("front", "back")} == {"wedge"}
    along = sorted({b["cells"][0] for b in built.model.blocks})
    assert along == [100, 150]
    assert sum(b["cells"][0] * b["cells"][1] for b in built.model.blocks) == 100 * 20 + 150 * 10
    assert max(v[1] for v in built.model.vertices) == pytest.approx(0.02, rel=1e-3)  # the large radius


def test_venturi_throat_is_a_straight_section():
    spec = make_spec(shape="nozzle", dimensions=dict(inlet_height=0.1, outlet_height=0.08, throat_height=0.04,
                                                     taper_length=0.15, throat_length=0.05, diverging_length=0.3,
                                                     upstream_length=0, downstream_length=0))
    assert nozzle_stations(spec) == ([0.0, 0.15, 0.2, 0.5], [0.1, 0.04, 0.04, 0.08])


ANGLED = [  # text, converging length, diverging length (m): an angle not said to be a half-angle is the included one
    ("classical venturi, inlet 100 mm, throat 50 mm, outlet 100 mm, converging angle 21 degrees, diverging angle 7 "
     "degrees, throat length 50 mm", 0.025 / 0.18534, 0.025 / 0.061163),
    ("A venturi: the channel narrows from 8 cm to a 4 cm throat with a convergence half-angle of 10 deg, throat 2 cm "
     "long, then the diffuser opens at a 15° included angle back to 8 cm.", 0.02 / 0.176327, 0.02 / 0.131652),
    ("venturi 2d inlet 6 cm throat 2 cm exit height 5 cm, 20 deg converging, 8 deg diverging", 0.02 / 0.176327,
     0.015 / 0.069927),
]


@pytest.mark.parametrize("text,converging,diverging", ANGLED)
def test_venturi_lengths_from_wall_angles(text, converging, diverging):
    d = parse_geometry(text).dims
    assert (d.taper_length, d.diverging_length) == pytest.approx((converging, diverging), rel=1e-4)


def test_venturi_angles_recorded_as_stated():
    from tasks.geometry.shape_nozzle import venturi_angles

    angles = venturi_angles(0.1, 0.05, 0.1, 0.025 / 0.185339, 0.025 / 0.0611626)
    assert angles["converging"] == pytest.approx(21.0, abs=1e-3)
    assert angles["diverging_half"] == pytest.approx(3.5, abs=1e-3)


def test_coordinates_and_a_reynolds_number_are_no_sizes_or_counts_of_a_stepped_pipe() -> None:
    """A section's ends given as coordinates ("from x = -0.1 m to x = 0") are no diameters, and "Re is
    150 in the small pipe" is no cell count (lead, session 15)."""
    from tasks.geometry.text import parse_geometry

    g = parse_geometry("Axisymmetric sudden expansion with pimpleFoam: the small pipe has a diameter of 10 mm and runs "
                       "from x = -0.1 m to x = 0, where the diameter grows to 30 mm up to x = 0.5 m; Re is 150 in the "
                       "small pipe; 80 cells along the small pipe and 120 along the large one.")
    d = g.dimensions
    assert (d["inlet_height"], d["outlet_height"], d["upstream_cells"], d["downstream_cells"]) == (0.01, 0.03, 80, 120)
