"""Values for one region of a conjugate-heat-transfer tutorial go into that region's
changeDictionaryDict, on the patch the words name or the region's one fixed patch."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.plan.bind import bind_all
from tasks.plan.multi_region import clause_before, name_words, named_region, region_names
from tasks.plan.stated import read_stated

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
HEATER = TUTORIALS / "heatTransfer/chtMultiRegionFoam/multiRegionHeater"
STEADY_HEATER = TUTORIALS / "heatTransfer/chtMultiRegionSimpleFoam/multiRegionHeaterRadiation"
REGIONS = {"bottomWater": "fluid", "topAir": "fluid", "heater": "solid", "leftSolid": "solid", "rightSolid": "solid"}


def test_region_names_and_words():
    assert region_names("regions ( fluid (bottomWater topAir) solid (heater leftSolid) );") == {
        "bottomWater": "fluid", "topAir": "fluid", "heater": "solid", "leftSolid": "solid"}
    assert name_words("bottomWater") == ["bottom", "water"]
    assert name_words("left_solid2") == ["left", "solid", "2"]


@pytest.mark.parametrize(("clause", "kind", "region"), [
    ("the upper air stream moves at", "fluid", "topAir"),
    ("keep the lower face of the heater block at", None, "heater"),
    ("water comes in at", "fluid", "bottomWater"),
    ("the left solid starts at", None, "leftSolid"),
    ("the inflow is", "fluid", None),
])
def test_the_clause_names_the_region(clause, kind, region):
    assert named_region(clause, REGIONS, kind) == region


def _binds(base: Path, solver: str, text: str):
    stated = read_stated(text)
    binder = bind_all(base, solver, text, stated)
    return {b.stated: (b.file, b.entry, b.value) for b in binder.bindings}, binder.not_applied


@pytest.mark.skipif(not HEATER.is_dir(), reason="openfoam-examples not installed")
def test_transient_heater_regions():
    text = "CHT heater run: heater block held at 480 K; air in the top region blows in at 0.2 m/s; leftSolid initially at 310 K"
    bound, missing = _binds(HEATER, "chtMultiRegionFoam", text)
    assert not missing
    assert bound["480 K"] == ("system/heater/changeDictionaryDict", ["T", "boundaryField", "minY", "value"], "uniform 480")
    assert bound["0.2 m/s"][0] == "system/topAir/changeDictionaryDict"
    assert bound["0.2 m/s"][2] == "uniform (0.2 0 0)"
    assert bound["310 K"] == ("system/leftSolid/changeDictionaryDict", ["T", "internalField"], "uniform 310")


@pytest.mark.skipif(not STEADY_HEATER.is_dir(), reason="openfoam-examples not installed")
def test_steady_heater_with_named_patch_and_unnamed_region():
    text = "steady conjugate heat transfer: hold minY of the heater at 700 K, initial temperature 25 degC, wall at 330 K"
    bound, missing = _binds(STEADY_HEATER, "chtMultiRegionSimpleFoam", text)
    assert bound["700 K"][:2] == ("system/heater/changeDictionaryDict", ["T", "boundaryField", "minY", "value"])
    assert bound["25 degC"][1:] == (["T", "internalField"], "uniform 298.15")  # every region starts there
    # a wall temperature with no region named cannot be placed: it is reported, not guessed
    assert [n.text for n in missing] == ["330 K"] and "regions" in missing[0].reason
