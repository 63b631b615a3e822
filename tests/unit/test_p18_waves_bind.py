"""Wave-flume values bound in the installed wave tutorials: a wave height goes to waveProperties
(or a paddle's waveMaker condition), never to the setFields water box; a still-water depth is
the top of that box measured from the flume's floor (the box's own corner lies far outside
the domain); the model, period and paddle entries; role numbers (Cd, N, a) in fvOptions; and
the change-request path (modify) for the same values."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from tasks.foam import dictionary as fd
from tasks.plan.bind import bind_all
from tasks.plan.stated import read_stated

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
WAVES = TUTORIALS / "multiphase/interFoam/laminar/waves"
needs_tutorials = pytest.mark.skipif(not WAVES.is_dir(), reason="OpenFOAM tutorials not installed")


def _bind(case: str, text: str):
    base = WAVES / case if (WAVES / case).is_dir() else TUTORIALS / case
    return bind_all(base, "interFoam", text, read_stated(text))


def _edits(binder) -> dict[tuple[str, tuple[str, ...]], str]:
    return {(e.file, tuple(e.entry)): e.value for e in binder.edits if isinstance(e.value, str)}


def _box(binder) -> str | None:
    regions = [e.value for e in binder.edits if e.file == "system/setFieldsDict" and e.entry == ["regions"]]
    found = re.search(r"\bbox\s*(\([^()]*\)\s*\([^()]*\))", regions[-1]) if regions else None
    return " ".join(found.group(1).split()) if found else None


@needs_tutorials
@pytest.mark.parametrize(
    "case,text,height",
    [
        ("mangroveInteraction", "interFoam wave flume like the mangroveInteraction tutorial: Boussinesq wave height "
                                "0.04 m, wave period 1.5 s, mesh 175 x 7 x 42, endTime 2 s", "0.04"),
        ("mangroveInteraction", "mangrove case, the waves should be 4 cm high", "0.04"),
        ("solitaryGrimshaw", "solitaryGrimshaw: wave 0.07 m high", "0.07"),
        ("solitaryMcCowan", "McCowan solitary wave, H = 70 mm", "0.07"),
        ("solitaryGrimshaw", "Grimshaw wave with an amplitude of 3.5 cm", "0.07"),
        ("stokesII", "stokesII flume, a 12 cm wave", "0.12"),
    ],
)
def test_a_wave_height_is_never_the_water_box(case, text, height):
    binder = _bind(case, text)
    name = next(e.entry[0] for e in binder.edits if e.entry[-1:] == ["waveHeight"])
    assert _edits(binder)[("constant/waveProperties", (name, "waveHeight"))] == height
    assert _box(binder) is None  # the still water is kept as the tutorial has it


@needs_tutorials
@pytest.mark.parametrize(
    "case,text,top",
    [
        ("solitaryGrimshaw", "solitary wave 0.07 m high on 0.2 m still-water depth", "(100 100 0.2)"),
        ("mangroveInteraction", "mangrove flume with 12 cm of still water", "(100 100 0.12)"),
        ("stokesI", "stokesI tutorial, water depth 0.5 m", "(20 1 0.5)"),
        ("cnoidal", "cnoidal waves in h = 0.35 m", "(30 1 0.35)"),
        ("waveMakerPiston", "piston paddle, the water is 0.3 m deep", "(100 100 0.3)"),
    ],
)
def test_a_still_water_depth_is_the_box_top_above_the_floor(case, text, top):
    binder = _bind(case, text)
    assert _box(binder) is not None and _box(binder).endswith(top)
    if case.startswith("waveMaker"):
        depth = top.split()[-1].rstrip(")")
        assert _edits(binder)[("0.orig/pointDisplacement", ("boundaryField", "leftwall", "initialDepth"))] == depth


@needs_tutorials
@pytest.mark.parametrize("case,text", [("solitaryGrimshaw", "Grimshaw wave 5 cm high in 0.15 m of still water"),
                                       ("solitaryGrimshaw", "Solitary wave after Grimshaw, 7 cm high on 15 cm of still "
                                                            "water, in the 7 m long flume"),
                                       ("mangroveInteraction", "still water depth 15 cm, Boussinesq wave 4 cm")])
def test_a_restated_depth_is_verified_not_rewritten(case, text):
    binder = _bind(case, text)
    assert _box(binder) is None
    assert any(b.stated.endswith("m") and b.file == "system/setFieldsDict" and "0.15" in b.value for b in binder.bindings)


@needs_tutorials
@pytest.mark.parametrize(
    "case,text,entries,refused",
    [
        ("stokesI", "stokesI: wave period 2.5 s, wave angle 10 degrees, ramp time 4 s",
         {("inlet", "wavePeriod"): "2.5", ("inlet", "waveAngle"): "10", ("inlet", "rampTime"): "4"}, []),
        ("stokesV", "Stokes V waves at 0.4 Hz", {("inlet", "wavePeriod"): "2.5"}, []),
        ("stokesI", "the stokesI flume with cnoidal waves, T = 4 s", {("inlet", "waveModel"): "cnoidal",
                                                                     ("inlet", "wavePeriod"): "4"}, []),
        # a switch to periodic waves: the period goes in, and a rampTime (v1912 stops without one)
        ("mangroveInteraction", "mangrove flume but with StokesII waves, wave height 4 cm, period 1.5 s",
         {("left", "waveModel"): "StokesII", ("left", "wavePeriod"): "1.5", ("left", "rampTime"): "1.5"}, []),
        ("mangroveInteraction", "mangrove flume with StokesI waves, T = 2 s, ramp time 3 s",
         {("left", "waveModel"): "StokesI", ("left", "wavePeriod"): "2", ("left", "rampTime"): "3"}, []),
        ("mangroveInteraction", "mangrove flume with cnoidal waves", {("left", "waveModel"): None}, ["cnoidal"]),
        # a period for a solitary-wave base and no model named: periodic waves, the model from the wave theory
        ("mangroveInteraction", "mangrove flume, wave period 1.5 s", {("left", "waveModel"): "StokesII",
                                                                      ("left", "wavePeriod"): "1.5"}, []),
        ("mangroveInteraction", "Boussinesq waves in the mangrove flume, wave period 1.5 s", {}, ["1.5 s"]),
        ("streamFunction", "streamFunction flume, wave height 0.2 m", {}, ["0.2 m"]),  # Bjs/Ejs solved for its own H
        ("irregularMultiDirection", "irregular waves, wave height 2 m", {}, ["2 m"]),  # component lists
        ("solitaryGrimshaw", "Grimshaw solitary wave, 5 cm, on the right side, wave height 6 cm", {}, ["6 cm"]),
    ],
)
def test_wave_parameters(case, text, entries, refused):
    binder = _bind(case, text)
    got = {k[1]: v for k, v in _edits(binder).items() if k[0] == "constant/waveProperties"}
    assert {k: got.get(k) for k in entries} == entries
    assert [n.text for n in binder.not_applied if n.text in refused] == refused


@needs_tutorials
def test_paddle_values_go_to_the_wavemaker_condition():
    binder = _bind("waveMakerFlap", "waveMakerFlap tutorial with a piston paddle, waves 5 cm high, period 1.8 s, "
                                    "paddle stroke 0.1 m")
    patch = ("boundaryField", "leftwall")
    edits = _edits(binder)
    assert edits[("0.orig/pointDisplacement", (*patch, "waveHeight"))] == "0.05"
    assert edits[("0.orig/pointDisplacement", (*patch, "wavePeriod"))] == "1.8"
    assert edits[("0.orig/pointDisplacement", (*patch, "motionType"))] == "piston"
    assert any(n.text == "0.1 m" and "stroke" in n.reason for n in binder.not_applied)


@needs_tutorials
@pytest.mark.parametrize(
    "text,entries,refused",
    [
        ("mangrove stems N = 800 per m^2, drag coefficient Cd 1.2, porosity 0.4",
         {"N": "800", "Cd": "1.2"}, ["porosity 0.4"]),
        ("0.08 stems per cm^2, Cd = 1.2 for both the momentum source and the turbulence model, stem diameter 1 cm",
         {"N": "800", "Cd": "1.2", "a": "0.01"}, []),
        ("Ckp 1.5 and Cep 3", {"Ckp": "1.5", "Cep": "3"}, []),
    ],
)
def test_role_numbers_bind_to_the_fvoptions_entries(text, entries, refused):
    binder = _bind("mangroveInteraction", "mangroveInteraction: " + text)
    got: dict[str, set[str]] = {}
    for (rel, entry), value in _edits(binder).items():
        if rel == "system/fvOptions":
            got.setdefault(entry[-1], set()).add(value)
    assert {k: got.get(k) for k in entries} == {k: {v} for k, v in entries.items()}
    assert [n.text for n in binder.not_applied] == refused
    assert all(any(q.text == n for q in binder._stated) for n in refused)  # reported, never dropped


@needs_tutorials
def test_a_region_size_is_measured_from_the_floor_not_the_far_corner():
    """bind_region_boxes (no wave words): the water layer's height from the domain's floor."""
    binder = _bind("mangroveInteraction", "mangroveInteraction with a water layer 0.2 m high")
    assert _box(binder) is not None and _box(binder).endswith("(100 100 0.2)")


@needs_tutorials
@pytest.mark.parametrize(
    "text,entry,value",
    [
        ("make the waves 1.5 s period", ["inlet", "wavePeriod"], "1.5"),
        ("make the waves 8 cm high", ["inlet", "waveHeight"], "0.08"),
        ("use StokesII waves", ["inlet", "waveModel"], "StokesII"),
        ("change the wave frequency to 0.5 Hz", ["inlet", "wavePeriod"], "2"),
    ],
)
def test_a_change_request_sets_the_wave(tmp_path, text, entry, value):
    from tasks.edit.modify import plan_changes
    from tasks.edit.modify_state import read_state

    case = tmp_path / "stokesI"
    shutil.copytree(WAVES / "stokesI", case)
    plan = plan_changes(read_state(case), text)
    edits = {(e.file, tuple(e.entry)): e.value for e in plan.edits}
    assert edits.get(("constant/waveProperties", tuple(entry))) == value
    assert not [w for w in plan.warnings if w.startswith("not applied")]


@needs_tutorials
def test_a_change_request_sets_the_still_water_depth(tmp_path):
    from tasks.edit.modify import plan_changes
    from tasks.edit.modify_state import read_state

    case = tmp_path / "stokesI"
    shutil.copytree(WAVES / "stokesI", case)
    plan = plan_changes(read_state(case), "increase the still water depth to 0.5 m")
    regions = next(e.value for e in plan.edits if e.file == "system/setFieldsDict")
    assert "box (0 0 0) (20 1 0.5)" in " ".join(regions.split())
    assert fd.parse_error(f"regions {regions};") is None
