"""Session 11, phases: surface tensions kept pair by pair, volume fractions of phases stated in
words, the mass of particles a cloud injects, the box of the phase the words name among several
boxes, and fill levels written as a coordinate without a unit."""

from __future__ import annotations

import pytest

from tasks.plan.bind_cloud import injected_mass
from tasks.plan.bind_parts_fractions import phase_fractions
from tasks.plan.bind_parts_pairs import pairs_named, set_pair_value, tension_pairs
from tasks.plan.bind_parts_regions import phase_boxes
from tasks.plan.bind_setfields_fill import fill_statements, interface_box
from tasks.plan.regions import read_set_fields

_EULER = "(\n    (air and water)     0.07 // a comment\n);"
_INTER = "(\n    (air water) 0.07\n    (air oil) 0.07\n    (water oil) 0.07\n    (oil mercury) 0.07\n);"
_REACTING = ("(\n    (air and water)\n    {\n        type constant;\n        sigma 0.07;\n    }\n"
             "    (air and oil)\n    {\n        type constant;\n        sigma 0.07;\n    }\n"
             "    (water and oil)\n    {\n        type constant;\n        sigma 0.07;\n    }\n);")


@pytest.mark.parametrize(
    "raw,pairs",
    [
        (_EULER, [("air", "water")]),
        (_INTER, [("air", "water"), ("air", "oil"), ("water", "oil"), ("oil", "mercury")]),
        (_REACTING, [("air", "water"), ("air", "oil"), ("water", "oil")]),
        ("0.07", []),
        ("()", []),
    ],
)
def test_tension_pairs_read_every_layout(raw, pairs):
    assert [(p.a, p.b) for p in tension_pairs(raw)] == pairs


@pytest.mark.parametrize(
    "raw,words,chosen",
    [
        (_EULER, "a surface tension of 0.05 n/m", [("air", "water")]),  # one pair: it
        (_INTER, "sigma between water and oil = 0.03 n/m", [("water", "oil")]),
        (_INTER, "the oil-air surface tension is 25 dyn/cm", [("air", "oil")]),
        (_INTER, "mercury has 0.48 n/m", [("oil", "mercury")]),  # its one pair
        (_REACTING, "water's surface tension 0.072", [("air", "water")]),  # a liquid's own: against the gas
        (_INTER, "surface tension 0.05 n/m", []),  # several pairs, none named: not clear
    ],
)
def test_pairs_named(raw, words, chosen):
    assert [(p.a, p.b) for p in pairs_named(tension_pairs(raw), words)] == chosen


@pytest.mark.parametrize("raw", [_EULER, _INTER, _REACTING])
def test_set_pair_value_changes_that_pair_only(raw):
    pairs = tension_pairs(raw)
    new = set_pair_value(raw, pairs[0], "0.05")
    after = tension_pairs(new)
    assert [(p.a, p.b) for p in after] == [(p.a, p.b) for p in pairs]
    values = [new[p.start:p.end] for p in after]
    assert values[0] == "0.05" and all(v == "0.07" for v in values[1:])


_FOUR = ["air", "water", "oil", "mercury"]


@pytest.mark.parametrize(
    "text,phases,expect",
    [
        # a fraction after its phase, before it, a hold-up naming no phase, a %-header, key: value
        ("The initial volume fraction of air should be 0.3 everywhere, 2 s.", ["air", "water"], {"air": 0.3}),
        ("30 % air initially; impeller at 200 rpm", ["air", "water"], {"air": 0.3}),
        ("start with 60 % water, 20 % oil and 10 % mercury by volume, with a gas hold-up of 10 %.", _FOUR,
         {"water": 0.6, "oil": 0.2, "mercury": 0.1, "air": 0.1}),
        ("Initial composition (vol-%): water 55, oil 20, mercury 10, gas hold-up 15. Agitator: 150 rpm.", _FOUR,
         {"water": 0.55, "oil": 0.2, "mercury": 0.1, "air": 0.15}),
        ("air volume fraction: 0.05.", ["air", "water"], {"air": 0.05}),
        ("what if the vessel starts at 40 vol-% water?", _FOUR, {"water": 0.4}),
        ("the gas holdup is 12 percent", ["air", "water"], {"air": 0.12}),
        # not fractions of a phase: fills, sizes, other percentages
        ("the tank is 60 % full of water", ["air", "water"], {}),
        ("the lower 40 % is water", ["air", "water"], {}),
        ("water 0.5 m deep, air above, 2 s", ["air", "water"], {}),
        ("inlet turbulence intensity 5 %, air at 2 m/s", ["air", "water"], {}),
        ("air bubbles of 2 mm, water at 20 degC", ["air", "water"], {}),
    ],
)
def test_phase_fractions(text, phases, expect):
    assert {f.phase: f.value for f in phase_fractions(text, phases)} == pytest.approx(expect)


@pytest.mark.parametrize(
    "quantity,value,entries,expect",
    [
        ("mass", 0.3, {"massTotal": "140e-3", "duration": "1"}, ("massTotal", "0.3")),
        ("mass_flow", 0.2, {"massTotal": "140e-3", "duration": "1"}, ("massTotal", "0.2")),
        ("mass_flow", 0.01, {"massTotal": "1", "duration": "20.0"}, ("massTotal", "0.2")),
        ("mass_flow", 0.5, {"massFlowRate": "constant 0.1", "massTotal": "1", "duration": "2"},
         ("massFlowRate", "constant 0.5")),
        ("mass_flow", 0.5, {"duration": "1"}, None),  # nothing to hold a flow
        ("mass", 0.5, {"massFlowRate": "0.1"}, None),
    ],
)
def test_injected_mass(quantity, value, entries, expect):
    found = injected_mass(quantity, value, entries)
    assert (found[:2] if found else None) == expect


_FOUR_PHASE_SET = """
defaultFieldValues ( volScalarFieldValue alpha.air 1 volScalarFieldValue alpha.water 0
    volScalarFieldValue alpha.oil 0 volScalarFieldValue alpha.mercury 0 );
regions
(
    boxToCell { box (0 0 -1) (0.1461 0.292 1);
        fieldValues ( volScalarFieldValue alpha.water 1 volScalarFieldValue alpha.oil 0
                      volScalarFieldValue alpha.mercury 0 volScalarFieldValue alpha.air 0 ); }
    boxToCell { box (0.1461 0 -1) (0.2922 0.292 1);
        fieldValues ( volScalarFieldValue alpha.water 0 volScalarFieldValue alpha.oil 1
                      volScalarFieldValue alpha.mercury 0 volScalarFieldValue alpha.air 0 ); }
    boxToCell { box (0 0 -1) (0.1461 0.1 1);
        fieldValues ( volScalarFieldValue alpha.water 0 volScalarFieldValue alpha.oil 0
                      volScalarFieldValue alpha.mercury 1 volScalarFieldValue alpha.air 0 ); }
);
"""


@pytest.mark.parametrize(
    "words,boxes",
    [
        ("the mercury layer 0.05 m high", [2]),
        ("an oil column of 20 cm", [1]),
        ("the mercury at the bottom of the water column, 4 cm", [2]),  # the phase named first
        ("a 5 cm high layer", []),  # no phase named
    ],
)
def test_phase_boxes(words, boxes):
    assert phase_boxes(read_set_fields(_FOUR_PHASE_SET), [0, 1, 2], words) == boxes


def test_interface_box_of_the_named_phase():
    from tasks.plan.regions import raw_entry

    raw = raw_entry(_FOUR_PHASE_SET, "regions")
    assert interface_box(raw, 1, 0.0, 0.584) is None  # three boxes reach the floor
    found = interface_box(raw, 1, 0.0, 0.584, "mercury")
    assert found is not None and found[2][1] == pytest.approx(0.1)


@pytest.mark.parametrize(
    "text,axis,level",
    [
        # a unitless coordinate after a word of place, other axes and phrasings than the probes
        ("liquid below z = 0, endTime 0.5", 2, 0.0),
        ("the oil should fill the tube up to y = 0.03 and the run end at 1 s", 1, 0.03),
        ("Water layer: everything under the plane x = -0.2.", 0, -0.2),
        ("water level: z = 0.25", 2, 0.25),
        ("the water surface is at z: -0.05", 2, -0.05),
        ("tank filled with water to y=0.1", 1, 0.1),
    ],
)
def test_bare_coordinate_levels(text, axis, level):
    fills = fill_statements(text, [])
    assert [(f.kind, f.axis, f.value) for f in fills] == [("level", axis, pytest.approx(level))]


@pytest.mark.parametrize(
    "text",
    [
        "the water disc centred at x = 0.5, z = 0.7",  # a centre, not a level
        "a probe at z = 0.1 in the water",
        "water inlet at x = 0",
        "water up to z = 0.3 m",  # with a unit: the stated length's own reading
        "water level 0.3",  # no coordinate
    ],
)
def test_bare_coordinate_levels_not_read(text):
    assert fill_statements(text, []) == []


@pytest.mark.parametrize(
    "text,expect",
    [
        # the new fluid before "instead of", after "replace ... with", after "replaced by"; table or not
        ("testTubeMixer interFoam with glycerol instead of water, endTime 0.2", [("water", None, "glycerol")]),
        ("replace the water with a mineral oil, density 870 kg/m3", [("water", "oil", "mineral oil")]),
        ("the water phase replaced by glycerol, 1 s", [("water", None, "glycerol")]),
        ("use a light oil rather than the water", [("water", "oil", "light oil")]),
        ("replace the water by honey please", [("water", None, "honey")]),
        ("air instead of water", []),  # another phase of the base: no swap
        ("water at 20 degC instead of 15 degC", []),
    ],
)
def test_substitutions(text, expect):
    from tasks.plan.bind_parts_substitute import substitutions

    assert [tuple(s) for s in substitutions(text, ["water", "air"])] == expect


@pytest.mark.parametrize(
    "rates,expect",
    [
        ([0.1], [1.0]),
        ([1.0, 3.0], [0.25, 0.75]),
        ([1.0, None], [0.5, 0.5]),  # a model whose rate is not plain numbers: equal parts
        ([], []),
    ],
)
def test_shares(rates, expect):
    from tasks.plan.bind_cloud import shares

    assert shares(rates) == pytest.approx(expect)


@pytest.mark.parametrize(
    "quantity,entries,rate",
    [
        ("mass_flow", {"massTotal": "140e-3", "duration": "1"}, 0.14),
        ("mass_flow", {"massFlowRate": "constant 0.3", "massTotal": "1", "duration": "2"}, 0.3),
        ("mass", {"massTotal": "6"}, 6.0),
        ("mass_flow", {"massTotal": "table ((0 1) (1 2))", "duration": "1"}, None),
    ],
)
def test_base_rate(quantity, entries, rate):
    from tasks.plan.bind_cloud import base_rate

    assert base_rate(quantity, entries) == (pytest.approx(rate) if rate is not None else None)


@pytest.mark.parametrize(
    "text,value",
    [
        # a fill level stated before its role word, joined by is / as / for
        ("where 0.6 m is the initial height of the water", 0.6),
        ("take 40 cm as the fill level of the liquid", 0.4),
        ("25 cm for the bed depth, particles of 0.5 mm", 0.25),
        ("0.3 m = water level", 0.3),
    ],
)
def test_level_stated_before_its_role(text, value):
    from tasks.plan.stated import read_stated

    lengths = [(q, text.lower().find(q.text.lower())) for q in read_stated(text) if q.quantity == "length"]
    fills = fill_statements(text, lengths, ("water",))
    assert [(f.kind, f.value) for f in fills][:1] == [("depth", pytest.approx(value))]


@pytest.mark.parametrize(
    "words,expect",
    [
        ("its axis runs along y through x = 0.5, z = 0.7", {0: 0.5, 2: 0.7}),
        ("a cylinder through x: 0.2 m, y: 0.1 m", {0: 0.2, 1: 0.1}),
        ("a radius of 0.2 m", {}),
    ],
)
def test_cylinder_placed_through_a_point(words, expect):
    from tasks.plan.regions_alpha import centre_by_axes, centre_words

    assert centre_by_axes(centre_words(words)) == pytest.approx(expect)
