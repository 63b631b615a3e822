"""Per-region (layered) properties bound to the base's field that varies by region
(tasks.plan.bind_layers): weightedFluxExample sets DT (0/DT, a volScalarField) with setFields, a
cylinder below z = 0 and the default above; every phrasing lands in that region or the default,
never in constant/transportProperties DT (not used by the case)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.core.config import get_settings
from tasks.plan.architect import plan
from tasks.plan.bind_layers import region_intervals, split_axis, target_of
from tasks.plan.regions import DEFAULT

EXAMPLES = Path("/usr/share/doc/openfoam-examples/examples")
WEIGHTED = EXAMPLES / "verificationAndValidation/schemes/weightedFluxExample"
pytestmark = pytest.mark.skipif(not WEIGHTED.is_dir(), reason="installed OpenFOAM tutorials missing")
_REGION = "volScalarFieldValue DT"


def _plan(text: str):
    return plan(text, get_settings().tutorials_dir)


def _layers(manifest) -> dict[str, tuple[str, str]]:
    return {b.stated: (b.entry[0], b.value) for b in manifest.bindings if b.file == "system/setFieldsDict"}


@pytest.mark.parametrize(("text", "low", "high"), [
    ("laplacianFoam, 1D two-layer column z -1..1 m (weightedFluxExample), DT 1000 m2/s for z < 0 and 1 m2/s above",
     "1000 m2/s", "1 m2/s"),
    ("Run the weightedFluxExample tutorial with laplacianFoam on a column from z = -1 m to z = 1 m; DT is 1e6 m2/s "
     "for z < 0 and 1 m2/s above.", "1e6 m2/s", "1 m2/s"),
    ("weightedFluxExample: DT = 1e6 m2/s for z below 0 m and 1 m2/s for z above 0 m", "1e6 m2/s", "1 m2/s"),
    ("weightedFluxExample tutorial, diffusivity 5 m2/s in the lower half and 0.1 m2/s in the upper half",
     "5 m2/s", "0.1 m2/s"),
    ("weightedFluxExample: DT 10 m2/s where z > 0, 1 m2/s elsewhere", "1 m2/s", "10 m2/s"),
    ("laplacianFoam layered slab: lower layer DT = 5e-5 m2/s, upper layer DT = 1e-5 m2/s, total thickness 2 m",
     "5e-5 m2/s", "1e-5 m2/s"),
    ("A 2 m long rod, 1D heat conduction with laplacianFoam; the diffusivity is 1e-4 m2/s on the left half and "
     "1e-6 m2/s on the right half", "1e-4 m2/s", "1e-6 m2/s"),
    ("Steady conduction through a two-layer bar 200 cm long with laplacianFoam: diffusivity 1000 m2/s in the bottom "
     "half and 1 m2/s in the top half, harmonic face interpolation of D", "1000 m2/s", "1 m2/s"),
])
def test_layer_values_go_to_the_region_and_the_default(text: str, low: str, high: str) -> None:
    manifest = _plan(text)
    assert manifest.base_tutorial.endswith("weightedFluxExample")
    layers = _layers(manifest)
    assert layers[low][0] == "regions" and layers[low][1].startswith(_REGION)  # the cylinder below z = 0
    assert layers[high][0] == "defaultFieldValues" and layers[high][1].startswith(_REGION)
    assert not any(b.file == "constant/transportProperties" for b in manifest.bindings)
    assert not manifest.not_applied
    assert not any(b.file == "system/blockMeshDict" for b in manifest.bindings)  # 'a 2-layer': no entry a


@pytest.mark.parametrize("text", [
    "weightedFluxExample: DT 10 m2/s where z > 0.5 m, 1 m2/s elsewhere",  # the base's layers meet at z = 0
    "weightedFluxExample with DT 3 m2/s for x < 0 and 1 m2/s for x > 0",  # the base's layers lie along z
])
def test_a_part_that_is_no_layer_of_the_base_is_not_applied(text: str) -> None:
    manifest = _plan(text)
    assert not _layers(manifest)
    assert {n.text for n in manifest.not_applied} >= {"1 m2/s"}
    assert all("setFieldsDict" in n.reason for n in manifest.not_applied)


def test_a_layered_value_on_a_base_without_layers_is_not_applied() -> None:
    manifest = _plan("laplacianFoam flange with DT 4e-5 m2/s for z < 0 and 1e-5 m2/s for z > 0")
    assert manifest.base_tutorial.endswith("flange")
    assert {n.text for n in manifest.not_applied} == {"4e-5 m2/s", "1e-5 m2/s"}
    assert not any(b.file == "constant/transportProperties" for b in manifest.bindings)


@pytest.mark.parametrize(("text", "base"), [
    ("laplacianFoam flange with DT 4e-5 m2/s", "flange"),  # one value for the whole domain: as before
    ("damBreak with water density 1000 kg/m3 in the lower part and air of density 1.2 kg/m3 above", "damBreak"),
])
def test_values_without_a_layer_are_left_to_the_other_binders(text: str, base: str) -> None:
    manifest = _plan(text)
    assert manifest.base_tutorial.endswith(base)
    assert not any("setFieldsDict sets" in n.reason or "field set by region" in n.reason for n in manifest.not_applied)


BOUNDS = [(-0.5, 0.5), (-0.5, 0.5), (-1.0, 1.0)]


@pytest.mark.parametrize(("body", "selector", "expected"), [
    ("p1 (0 0 -5); p2 (0 0 .000); radius 1;", "cylinderToCell", [(-1, 1), (-1, 1), (-5, 0)]),
    ("box (0 0 0) (20 1 0.3);", "boxToCell", [(0, 20), (0, 1), (0, 0.3)]),
    ("centre (1 2 3); radius 0.5;", "sphereToCell", [(0.5, 1.5), (1.5, 2.5), (2.5, 3.5)]),
    ("p1 (0 0 0); p2 (1 1 0); radius 1;", "cylinderToCell", None),  # slanted: no interval per axis
    ("zone heater;", "zoneToCell", None),
])
def test_region_intervals(body: str, selector: str, expected) -> None:
    assert region_intervals(body, selector) == expected


def test_targets_along_the_cut_axis() -> None:
    spans = [[(-1, 1), (-1, 1), (-5, 0)]]
    assert split_axis(spans, BOUNDS) == 2
    assert target_of((-1.0, 0.0), 2, spans, BOUNDS) == 0
    assert target_of((0.0, 1.0), 2, spans, BOUNDS) == DEFAULT
    assert target_of((0.5, 1.0), 2, spans, BOUNDS) is None
    assert target_of((-0.5, 0.0), 0, spans, BOUNDS) is None


@pytest.mark.parametrize(("text", "said"), [
    ("weightedFluxExample with DT of 3 m2/s", "3 m2/s"),
    ("Please run the weightedFluxExample verification case with a diffusivity of 0.5 m2/s everywhere.", "0.5 m2/s"),
    ("laplacianFoam weightedFluxExample, DT = 20000 cm2/s", "20000 cm2/s"),
])
def test_one_value_of_a_layered_property_goes_to_every_layer(text: str, said: str) -> None:
    """The case reads 0/DT (set by setFields), not transportProperties DT: one value is every layer's."""
    manifest = _plan(text)
    entries = {b.entry[0] for b in manifest.bindings if b.stated == said and b.file == "system/setFieldsDict"}
    assert entries == {"defaultFieldValues", "regions"}
    assert not any(b.file == "constant/transportProperties" for b in manifest.bindings)
    assert not manifest.not_applied


@pytest.mark.parametrize("text", [
    "squareBump shallowWaterFoam, no Coriolis, inflow hU 0.002 m2/s, 50 s",
    "Run the squareBump shallow water case with an inflow discharge hU of 20 cm^2/s for 50 s",
])
def test_a_vector_field_of_the_same_dimensions_is_no_layered_property(text: str) -> None:
    """squareBump's setFields sets hU (a volVectorField in m2/s): the inflow is its inlet's, not a layer's."""
    manifest = _plan(text)
    assert not any(b.file == "system/setFieldsDict" for b in manifest.bindings)
    assert any(b.file == "0/hU" for b in manifest.bindings)
