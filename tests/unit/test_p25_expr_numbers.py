"""Numbers written as expressions or in a length the request names ("9*2*pi cm", "2 pi r", "H/2", "(8 D, 4 D)",
"a third of L", "h = 12.7 mm (step height)", "1e-3/6 m2/s"): one evaluated value with its unit for the stated-value
extraction, the evaluated numbers for the geometry parser, and the blockMesh vertices built from them."""

from __future__ import annotations

import math
import re

import pytest

from tasks.geometry.blocks import render_block_mesh_dict
from tasks.geometry.structured import build_structured
from tasks.geometry.text import parse_geometry
from tasks.geometry.text_defined_symbols import length_of, resolve_defined_symbols
from tasks.geometry.text_expressions import evaluated_expressions, restated_lengths_once
from tasks.plan.stated import read_stated


@pytest.mark.parametrize("text, said", [
    ("a channel 9*2*pi cm long", "56.54866776 cm"),
    ("the lid slides at pi/10 m/s", "0.3141592654 m/s"),
    ("width 9 × 2π cm", "56.54866776 cm"),
    ("radius r = 1.5 cm, perimeter 2 pi r", "perimeter 0.09424777961 m"),
    ("D = 2 cm; the cross-section pi/4 D^2", "0.0003141592654 m^2"),
    ("angle of attack pi/36", "5 degrees"),
    ("nu = 1e-3/6 m2/s", "0.0001666666667 m2/s"),
])
def test_a_product_or_quotient_with_pi_is_its_decimal(text: str, said: str) -> None:
    assert said in evaluated_expressions(text)


@pytest.mark.parametrize("text", ["U = 0.1*sin(2*pi*t/0.5) m/s", "x = 2*pi*f*t", "inlet/outlet 305/295 K",
                                  "a 1/2 in pipe", "domain 0.2*0.1 m", "omega = pi"])
def test_a_formula_a_pair_or_a_plain_product_stays_as_written(text: str) -> None:
    assert evaluated_expressions(text) == text


def test_a_bracketed_restatement_of_a_length_is_dropped_but_another_length_stays() -> None:
    assert restated_lengths_once("56.54866776 cm (about 0.5655 m) long") == "56.54866776 cm long"
    assert restated_lengths_once("a 2 m (0.5 m high) box") == "a 2 m (0.5 m high) box"


@pytest.mark.parametrize("text, kind, value", [
    ("2D channel 9*2*pi cm (about 0.5655 m) long and 10 cm high, inlet 0.2 m/s", "length", 0.5654866776),
    ("Flow in a channel. Length = 4 pi cm (approximately 0.1257 m), height 2 cm.", "length", 0.1256637061),
    ("A shallow cavity; the lid slides at pi/10 m/s; nu = 1e-5 m2/s", "velocity", math.pi / 10),
    ("water, nu = 1e-3/6 m2/s", "kinematic_viscosity", 1e-3 / 6),
])
def test_the_stated_value_is_the_evaluated_one_and_is_stated_once(text: str, kind: str, value: float) -> None:
    values = [s.value for s in read_stated(text) if s.quantity == kind]
    assert sum(v == pytest.approx(value, rel=1e-3) for v in values) == 1, values  # the restatement is no second value
    assert not any(v == pytest.approx(2 * math.pi / 100) for v in values)  # no "2*pi" cm read alone


@pytest.mark.parametrize("text, said", [
    ("backward facing step, h = 12.7 mm (step height). upstream length 4*h, downstream length 30*h, outlet height 3*h.",
     ["the step height = 0.0127 m", "upstream length 0.0508 m", "downstream length 0.381 m", "outlet height 0.0381 m"]),
    ("Step flow. Let H = 25 mm be the step height. Inlet part: length 8H.", ["the step height = 0.025 m", "length 0.2 m"]),
    ("L = 0.3 m; cavity L x L/2", ["cavity 0.3 m x 0.15 m"]),
    ("Lid driven cavity with L = 0.3 m: width L, height L/2", ["width 0.3 m, height 0.15 m"]),
    ("D = 2 cm; probes between 3D and 5D", ["between 0.06 m and 0.1 m"]),
    ("H = 0.2 m; a block H*3 long, half H high and two thirds of H wide", ["0.6 m long", "0.1 m high", "0.133333 m wide"]),
    ("delta = 1 m; height 2 delta; length 4*pi*delta", ["height 2 m", "length 12.56637061 m"]),
    ("take H as 10 cm; a channel 6H long", ["0.6 m long"]),
    ("the step is H = 1 in high; the inlet section is 5 H long", ["the step is 1 in high", "0.127 m long"]),
    ("We call the cylinder diameter D, which is 1 inch; its centre at (6D, 5D)", ["(0.1524 m, 0.127 m)"]),
])
def test_sizes_and_places_in_a_named_length_become_metres(text: str, said: list[str]) -> None:
    out = resolve_defined_symbols(text)
    for words in said:
        assert words in out, out


def test_a_reference_length_and_a_point_of_symbols_keep_their_meaning() -> None:
    assert "reference length" in resolve_defined_symbols("Let L = 0.5 m be the reference length; channel 4L long")
    assert "(0.04 m, 0.08 m)" in resolve_defined_symbols("W = 4 cm; a block at (3W, W) and one at (W, 2 W)")
    assert "height H of 0.1 m" in resolve_defined_symbols("channel height H of 0.1 m; 10H long")


@pytest.mark.parametrize("expression, metres", [("3H", 0.15), ("H/2", 0.025), ("8 D", 0.16), ("2 pi r", 2 * math.pi * 0.01),
                                                ("c/10", 0.03), ("0.5 m", 0.5), ("9*2*pi cm", 0.18 * math.pi), ("pi/4 D^2", None)])
def test_length_of_an_expression_in_the_symbols_a_text_defines(expression: str, metres: float | None) -> None:
    got = length_of(expression, "H = 5 cm; radius r = 1 cm; c = 0.3 m; D = 20 mm")
    assert got == (None if metres is None else pytest.approx(metres))


def _bounds(bmd: str) -> tuple[float, float, float, float]:
    body = bmd[bmd.index("vertices"):bmd.index("blocks")]
    points = [(float(x), float(y)) for x, y, _ in re.findall(r"\(\s*([-\d.eE+]+)\s+([-\d.eE+]+)\s+([-\d.eE+]+)\s*\)", body)]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), max(xs), min(ys), max(ys)


@pytest.mark.parametrize("text, box", [
    ("2D channel 9*2*pi cm (about 0.5655 m) long and 10 cm high, inlet velocity 0.2 m/s, water.", (0, 0.18 * math.pi, 0, 0.1)),
    ("backward facing step, h = 12.7 mm (step height). upstream length 4*h, downstream length 30*h, total outlet height 3*h. "
     "U_in = 10 m/s", (-0.0508, 0.381, 0, 0.0381)),
    ("Lid driven cavity with L = 0.3 m: width L, height L/2, lid moving at 0.6 m/s", (0, 0.3, 0, 0.15)),
])
def test_the_mesh_is_built_to_the_evaluated_sizes(text: str, box: tuple[float, ...]) -> None:
    bmd = render_block_mesh_dict(build_structured(parse_geometry(text)).model, "test")
    assert _bounds(bmd) == pytest.approx(box, abs=1e-6)


def test_a_cylinder_placed_and_sized_in_its_diameter() -> None:
    spec = parse_geometry("Channel flow past a cylinder. D = 20 mm; channel 30 D long and 8 D high; cylinder centre at "
                          "(8 D, 4 D). Inlet 0.1 m/s, nu = 0.15 cm^2/s, run 100 ms.")
    assert spec.dimensions == pytest.approx({"diameter": 0.02, "length": 0.6, "height": 0.16, "center_x": 0.16, "center_y": 0.08})


@pytest.mark.parametrize("text, dims", [
    ("backward-facing step, channel height 0.1 m downstream, step height 1/2 of the channel height, upstream 0.5 m, "
     "downstream 2 m", {"step_height": 0.05, "height": 0.1}),
    ("lid-driven cavity 0.4 m wide, height 1/3 of the width", {"width": 0.4, "height": 0.133333}),
    ("2D channel, length 2*pi*delta, height 2*delta, delta = 0.5 m", {"length": math.pi, "height": 1.0}),
])
def test_fractions_and_greek_symbols_size_the_shape(text: str, dims: dict[str, float]) -> None:
    spec = parse_geometry(text)
    assert {k: spec.dimensions[k] for k in dims} == pytest.approx(dims, rel=1e-5)
