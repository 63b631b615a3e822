"""Round 3 of geometry requests: model-parameter lengths are not domain sizes, a heated cavity
sized by its stated Rayleigh number, and new phrasings of the library's shapes."""

from __future__ import annotations

import pytest

from tasks.geometry.convection import rayleigh_side, side_for_rayleigh, stated_rayleigh, temperature_difference
from tasks.geometry.text import parse_geometry
from tasks.plan.generic import describes_domain, names_parameter
from tasks.plan.stated import StatedQuantity


def _q(text: str, value: float) -> StatedQuantity:
    return StatedQuantity(text=text, quantity="length", value=value, unit="m", role="geometry")


@pytest.mark.parametrize("request_text, length, domain", [
    ("Water waves in a 2D flume with interFoam, wave height 0.05 m, period 3 s", "0.05 m", False),
    ("a wave tank 10 m long with a wavelength of 2 m", "2 m", False),
    ("a wave tank 10 m long with a wavelength of 2 m", "10 m", True),
    ("sloshing tank, water depth 0.3 m, interFoam", "0.3 m", False),
    ("falling film on a plate 0.5 m high, film thickness 1 mm", "1 mm", False),
    ("falling film on a plate 0.5 m high, film thickness 1 mm", "0.5 m", True),
    ("a 2 mm liquid film thickness on an inclined wall", "2 mm", False),
    ("particle-laden flow in a duct 1 m long, particle diameter 0.05 mm", "0.05 mm", False),
    ("bubble column, bubble size 3 mm, column 1 m high", "3 mm", False),
    ("channel 2 m long with wall roughness Ks 0.5 mm", "0.5 mm", False),
    ("channel 2 m long with roughness (ks) 0.5 mm", "0.5 mm", False),
    ("channel 3 m long, first cell height 0.1 mm", "0.1 mm", False),
    ("channel 3 m long, first-layer thickness of 0.05 mm", "0.05 mm", False),
    ("pipe 1 m long with a mixing length of 0.01 m", "0.01 m", False),
    ("spray chamber 0.5 m wide, injector position 0.1 m", "0.1 m", False),
    ("a channel 2 m long and 0.2 m high", "0.2 m", True),
    ("a cavity of side 0.1 m", "0.1 m", True),
])
def test_parameter_lengths_do_not_size_the_domain(request_text: str, length: str, domain: bool) -> None:
    value = float(length.split()[0]) * {"m": 1.0, "mm": 1e-3}[length.split()[1]]
    assert describes_domain(request_text, _q(length, value)) is domain


@pytest.mark.parametrize("before, after, named", [
    ("wave height ", "", True), ("water level at ", "", True), ("the channel is ", " long", False),
    ("", " wave height", True), ("a ", " high channel", False), ("sand-grain roughness of ", "", True),
])
def test_names_parameter(before: str, after: str, named: bool) -> None:
    assert names_parameter(before, after) is named


@pytest.mark.parametrize("text, ra", [
    ("Ra 1e5", 1e5), ("Ra = 10^6", 1e6), ("Rayleigh number of 1x10^5", 1e5), ("Rayleigh number 2.5e4", 2.5e4),
    ("Ra=1E7 in air", 1e7), ("no such number here", None),
])
def test_stated_rayleigh(text: str, ra: float | None) -> None:
    got = stated_rayleigh(text)
    assert got == pytest.approx(ra) if ra is not None else got is None


@pytest.mark.parametrize("text, dt", [
    ("hot wall 310 K, cold wall 290 K", 20.0), ("walls at 40 °C and 20 °C", 20.0),
    ("temperature difference 10 K", 10.0), ("one wall at 300 K", None), ("hot 300 K and 30 C", 3.15),
])
def test_temperature_difference(text: str, dt: float | None) -> None:
    got = temperature_difference(text)
    assert got == pytest.approx(dt) if dt is not None else got is None


def test_side_for_rayleigh_inverts_ra() -> None:
    nu, pr, beta, dt = 1.568e-5, 0.707, 3.33e-3, 20.0
    side = side_for_rayleigh(1e5, dt, nu, pr, beta)
    assert 9.81 * beta * dt * side**3 * pr / nu**2 == pytest.approx(1e5, rel=1e-9)


@pytest.mark.parametrize("text, height, width", [
    ("natural convection in a differentially heated square cavity, hot wall 310 K, cold wall 290 K, air, Ra 1e5",
     0.03762, 0.03762),
    ("heated cavity, water, Ra = 10^6, hot wall 40 °C and cold wall 20 °C, aspect ratio 2", 0.01524, 0.00762),
    ("heated cavity 0.1 m wide, aspect ratio 2, air, Ra 1e5, 310 K and 290 K", 0.2, 0.1),   # size stated: kept
    ("a 5 cm square heated cavity, air, Ra 1e5, 310 K and 290 K", 0.05, 0.05),
    ("differentially heated cavity, Ra 1e5, 310 K and 290 K", None, None),   # no fluid: beta follows Ra
])
def test_heated_cavity_sized_by_rayleigh(text: str, height: float | None, width: float | None) -> None:
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == "heated_cavity"
    if height is None:
        assert "height" not in spec.dimensions and not spec.notes
    else:
        assert spec.dims.height == pytest.approx(height, rel=1e-3)
        assert spec.dims.width == pytest.approx(width, rel=1e-3)
        assert bool(spec.notes) is (abs(height - 0.05) > 1e-9 and abs(height - 0.2) > 1e-9)


def test_rayleigh_side_needs_everything() -> None:
    assert rayleigh_side("heated cavity, air, Ra 1e5") is None  # no temperatures: dT follows Ra
    assert rayleigh_side("heated cavity, 310 K and 290 K, Ra 1e5") is None  # no fluid
    side, note = rayleigh_side("heated cavity, air, 310 K and 290 K, Ra 1e5")
    assert side == pytest.approx(0.03762, rel=1e-3) and "Ra" in note


@pytest.mark.parametrize("text, shape, dims", [
    ("flow past a single square cylinder of 2 cm edge placed 0.3 m after the inlet, mid-height of a 1 m long, "
     "0.2 m tall channel", "channel_with_obstacles", {"length": 1.0, "height": 0.2}),
    ("converging nozzle: inlet 20 cm tall narrowing to 8 cm over a 25 cm taper", "nozzle",
     {"inlet_height": 0.2, "outlet_height": 0.08, "taper_length": 0.25}),
    ("2D diverging diffuser from 4 cm to 12 cm over 40 cm", "diffuser",
     {"inlet_height": 0.04, "outlet_height": 0.12, "taper_length": 0.4}),
    ("a diffuser widening out to 10 cm from a 5 cm channel", "diffuser", {"outlet_height": 0.1}),
    ("lid-driven square cavity with 20 cm sides", "lid_driven_cavity", {"width": 0.2, "height": 0.2}),
    ("buoyant flow in a tall enclosure 5 cm wide and 20 cm high, left wall at 305 K and right wall at 295 K, air",
     "heated_cavity", {"width": 0.05, "height": 0.2}),
    ("free convection in an enclosure of 0.3 m by 0.3 m", "heated_cavity", {}),
    ("Rayleigh-Benard convection of water between plates 1 cm apart, bottom at 30 C, top at 20 C, 10 cm wide domain",
     "heated_cavity", {"height": 0.01, "width": 0.1}),
    ("a T-shaped junction where a 4 cm wide side arm joins a 1 m long main channel of width 8 cm at x = 0.5 m",
     "t_junction", {"length": 1.0, "width": 0.08, "branch_width": 0.04, "branch_position": 0.5}),
    ("T-junction, main channel 1 m long and 0.1 m wide, branch 0.05 m wide and 0.3 m long", "t_junction",
     {"length": 1.0, "width": 0.1, "branch_width": 0.05, "branch_length": 0.3}),
    ("flow through a channel 1 m long and 10 cm high with two circular pins of 1 cm diameter at x = 0.3 m and "
     "x = 0.6 m on the centreline", "channel_with_obstacles", {"length": 1.0, "height": 0.1}),
])
def test_round3_phrasings(text: str, shape: str, dims: dict[str, float]) -> None:
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == shape
    for key, value in dims.items():
        assert spec.dimensions.get(key) == pytest.approx(value), key


def test_square_cylinder_by_its_edge() -> None:
    spec = parse_geometry("flow past a single square cylinder of 2 cm edge placed 0.3 m after the inlet, mid-height "
                          "of a 1 m long, 0.2 m tall channel")
    (body,) = spec.obstacles
    assert body.kind == "square" and body.width == pytest.approx(0.02) and body.center == pytest.approx((0.3, 0.1))


def test_pins_on_the_centreline() -> None:
    spec = parse_geometry("flow through a channel 1 m long and 10 cm high with two circular pins of 1 cm diameter "
                          "at x = 0.3 m and x = 0.6 m on the centreline")
    assert [(o.kind, o.diameter, o.center) for o in spec.obstacles] == [
        ("circle", pytest.approx(0.01), pytest.approx((0.3, 0.05))), ("circle", pytest.approx(0.01), pytest.approx((0.6, 0.05)))]


@pytest.mark.parametrize("case, text, named", [
    ("incompressible/adjointOptimisationFoam/sensitivityMaps/naca0012/turbulent/liftFullSetup",
     "NACA0012 at zero incidence, chord 1 m", False),
    ("incompressible/adjointOptimisationFoam/sensitivityMaps/naca0012/turbulent/liftFullSetup",
     "run the naca0012 tutorial at 5 degrees", True),
    ("incompressible/simpleFoam/pitzDaily", "pitzDaily with inlet 5 m/s", True),
])
def test_a_naca_code_is_a_shape_not_a_tutorial(case: str, text: str, named: bool) -> None:
    from types import SimpleNamespace

    from tasks.plan.generic import names_tutorial

    assert names_tutorial(text, SimpleNamespace(record=SimpleNamespace(case=case))) is named


def test_a_stated_beta_sizes_the_cavity() -> None:
    side, _ = rayleigh_side("heated cavity, air, beta = 0.0034, 310 K and 290 K, Ra 1e5")
    assert side == pytest.approx(side_for_rayleigh(1e5, 20.0, 1.568e-5, 0.707, 0.0034), rel=1e-6)


def test_a_step_that_blocks_the_lower_part() -> None:
    spec = parse_geometry("forward step flow, channel 8 cm tall upstream, the step blocks the lower 3 cm, air at 5 m/s")
    assert spec.shape == "forward_step"
    assert spec.dims.step_height == pytest.approx(0.03) and spec.dims.height == pytest.approx(0.08)


def test_an_annulus_between_tubes_by_their_size() -> None:
    spec = parse_geometry("flow in the annular gap between a 3 cm inner tube and an 8 cm outer tube, inner wall "
                          "rotating at 10 rad/s")
    assert spec.shape == "annulus"
    assert spec.dims.inner_radius == pytest.approx(0.015) and spec.dims.outer_radius == pytest.approx(0.04)


@pytest.mark.parametrize("text, ignored", [
    ("flow in the annular gap between a 3 cm inner tube and an 8 cm outer tube, inner wall rotating at 10 rad/s", True),
    ("Taylor-Couette flow, inner cylinder rotating at 5 rad/s, radii 1 cm and 2 cm", True),
    ("annulus with an impeller rotating at 100 rpm in an SRF frame", False),
    ("a rotating channel wall at 10 rad/s", False),
])
def test_a_spinning_annulus_wall_needs_no_rotating_frame(text: str, ignored: bool) -> None:
    from tasks.geometry.text import shape_words
    from tasks.plan.generic import _wall_rotation_only

    assert bool(_wall_rotation_only(text, shape_words(text))) is ignored


def test_a_heated_enclosure_keeps_its_buoyant_solver(tmp_path) -> None:
    """No imposed speed: the default 1 m/s Reynolds number must not turn natural convection into RANS."""
    from tasks.core.config import get_settings
    from tasks.edit.generate import choose_plan
    from tasks.plan.manifest import CaseRequest

    text = "buoyant flow in a tall enclosure 0.2 m high and 0.05 m wide, left wall 310 K, right wall 290 K, air"
    m = choose_plan(CaseRequest(text=text, out_dir=tmp_path / "case", run=False), get_settings(), llm=None)
    assert m.solver.startswith("buoyantBoussinesq") and not m.not_applied


@pytest.mark.parametrize(("text", "width", "height"), [
    ("turbulent natural convection in a tall 2D rectangular cavity, bottom wall 320 K, top wall 300 K", 0.1, 0.4),
    ("natural convection in a shallow enclosure heated from below, 320 K and 300 K", 0.1, 0.025),
    ("heated square cavity 0.1 m, left wall 310 K, right wall 290 K", 0.1, 0.1),
])
def test_a_tall_or_shallow_cavity_without_sizes(text: str, width: float, height: float) -> None:
    from tasks.geometry.text import parse_geometry

    dims = parse_geometry(text).dimensions
    assert dims["width"] == pytest.approx(width) and dims["height"] == pytest.approx(height)
