"""Particle sizes into any cloud layout and into an Euler-Euler dispersed phase (session 13)."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from tasks.foam import dictionary as fd
from tasks.plan.bind import bind_all
from tasks.plan.bind_cloud_sizes import dispersed_phase, is_particle_size, range_edits, size_edits, size_range, size_statistic
from tasks.plan.stated import read_stated

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")


@pytest.mark.parametrize("head,tail,want", [
    ("particles with a mean diameter of ", "", "mean"),
    ("grains d50 = ", "", "median"),
    ("median grain size ", " (quartz)", "median"),
    ("the largest particle is ", ", the mean 90 um", "max"),
    ("smallest droplets ", "", "min"),
    ("spray of ", " droplets", "single"),
    ("droplet size ", " (monodisperse)", "single"),
    ("", " average bead size", "mean"),
    ("rosin-rammler size ", "", "median"),
])
def test_the_statistic_a_size_is_said_as(head: str, tail: str, want: str) -> None:
    assert size_statistic(head, tail) == want


@pytest.mark.parametrize("head,tail,value,want", [
    ("solids: ", ", 2.45 g/cm3", 5e-4, True),
    ("a bed of glass beads ", " across", 1e-3, True),
    ("", " sand grains settle", 3e-4, True),
    ("d_p = ", " for every droplet", 8e-5, True),
    ("the channel is ", " wide, particles of 1 mm", 0.02, False),
    ("particle-laden pipe of diameter ", "", 0.01, False),
    ("beads ", "", 0.3, False),  # 30 cm is no bead
    ("inlet width ", "", 0.005, False),
])
def test_a_length_is_a_particle_size_by_its_words(head: str, tail: str, value: float, want: bool) -> None:
    assert is_particle_size(head, tail, value) is want


def test_one_size_replaces_any_distribution_by_fixed_value() -> None:
    edits, _ = size_edits("RosinRammler", "RosinRammlerDistribution", {"d": "1.5e-4", "n": "3"}, "single", 2e-4)
    assert edits[0] == ([], {"type": "fixedValue", "fixedValueDistribution": {"value": "0.0002"}})
    assert edits[1] == (["fixedValueDistribution", "value"], "0.0002")
    edits, _ = size_edits("general", "generalCoeffs", {"distribution": "(...)"}, "mean", 1e-4)
    assert edits[0][1]["fixedValueCoeffs"] == {"value": "0.0001"}


@pytest.mark.parametrize("kind,entries,statistic,value,want", [
    ("normal", {"expectation": "100e-6", "minValue": "20e-6", "maxValue": "180e-6"}, "mean", 5e-5,
     {"expectation": 5e-5, "minValue": 1e-5, "maxValue": 9e-5}),
    ("RosinRammler", {"d": "5e-5", "minValue": "5e-6", "maxValue": "5e-4", "n": "0.5"}, "median", 1e-4,
     {"d": 1e-4, "minValue": 1e-5, "maxValue": 1e-3}),
    ("normal", {"expectation": "650e-6", "minValue": "500e-6", "maxValue": "800e-6"}, "max", 9e-4, {"maxValue": 9e-4}),
    ("uniform", {"minValue": "1e-4", "maxValue": "1e-4"}, "min", 5e-5, {"minValue": 5e-5}),
    ("fixedValue", {"value": "0.0025"}, "mean", 3e-3, {"value": 3e-3}),
])
def test_a_statistic_goes_to_the_distributions_own_entry(kind: str, entries: dict[str, str], statistic: str,
                                                           value: float, want: dict[str, float]) -> None:
    edits, _ = size_edits(kind, f"{kind}Distribution", entries, statistic, value)
    got = {path[-1]: float(v) for path, v in edits}
    assert got == pytest.approx(want)


def test_a_smallest_size_of_a_single_size_distribution_is_not_taken() -> None:
    assert size_edits("fixedValue", "fixedValueDistribution", {"value": "1e-3"}, "min", 1e-4) is None


def _edits(tutorial: str, solver: str, text: str) -> tuple[dict[tuple[str, str], object], list[str]]:
    binder = bind_all(TUTORIALS / tutorial, solver, text, read_stated(text))
    return {(e.file, "/".join(e.entry)): e.value for e in binder.edits}, [n.text for n in binder.not_applied]


_DIST = "subModels/injectionModels/model1/sizeDistribution"


@needs_tutorials
@pytest.mark.parametrize("tutorial,solver,text,file,entry,value", [
    ("lagrangian/reactingParcelFoam/hotBoxes", "reactingParcelFoam", "hot boxes cooled by a spray of 150 micron droplets",
     "constant/reactingCloud1Properties", f"{_DIST}/fixedValueDistribution/value", 1.5e-4),
    ("lagrangian/reactingParcelFoam/verticalChannel", "reactingParcelFoam", "vertical channel, d_p = 0.06 mm",
     "constant/reactingCloud1Properties", f"{_DIST}/fixedValueDistribution/value", 6e-5),
    ("lagrangian/MPPICFoam/cyclone", "MPPICFoam", "cyclone; mean particle size 80 µm",
     "constant/kinematicCloudProperties", f"{_DIST}/normalDistribution/expectation", 8e-5),
    ("lagrangian/MPPICFoam/injectionChannel", "MPPICFoam", "injection channel, the largest grains are 0.9 mm",
     "constant/kinematicCloudProperties",
     "subModels/injectionModels/model2/sizeDistribution/normalDistribution/maxValue", 9e-4),
    ("lagrangian/coalChemistryFoam/simplifiedSiwek", "coalChemistryFoam", "Siwek chamber, coal dust d50 = 70 µm",
     "constant/coalCloud1Properties", f"{_DIST}/RosinRammlerDistribution/d", 7e-5),
    ("multiphase/twoPhaseEulerFoam/RAS/fluidisedBed", "twoPhaseEulerFoam", "fluidised bed. Solids: 400 microns",
     "constant/phaseProperties", "particles/constantCoeffs/d", 4e-4),
    ("multiphase/twoPhaseEulerFoam/laminar/bubbleColumn", "twoPhaseEulerFoam", "bubble column with air bubbles of 5 mm",
     "constant/phaseProperties", "air/isothermalCoeffs/d0", 5e-3),
])
def test_a_particle_size_lands_in_the_bases_own_layout(tutorial: str, solver: str, text: str, file: str, entry: str,
                                                        value: float) -> None:
    edits, refused = _edits(tutorial, solver, text)
    assert float(edits[(file, entry)]) == pytest.approx(value)
    assert not refused


@needs_tutorials
def test_a_size_said_of_one_cloud_leaves_the_other_cloud() -> None:
    edits, _ = _edits("lagrangian/coalChemistryFoam/simplifiedSiwek", "coalChemistryFoam", "coal particles of 60 micron")
    assert not any(f == "constant/limestoneCloud1Properties" and "sizeDistribution" in e for f, e in edits)


@needs_tutorials
def test_a_single_size_written_as_fixed_value_parses_back(tmp_path: Path) -> None:
    text = "spray bomb, every droplet 30 micron"
    binder = bind_all(TUTORIALS / "lagrangian/sprayFoam/aachenBomb", "sprayFoam", text, read_stated(text))
    raw = (TUTORIALS / "lagrangian/sprayFoam/aachenBomb/constant/sprayCloudProperties.gz")

    out = gzip.open(raw, "rt").read()
    for e in binder.edits:
        if e.file == "constant/sprayCloudProperties":
            out = fd.set_entry(out, e.entry, e.value)
    assert fd.get(out, _DIST.split("/") + ["type"]).strip() == "fixedValue"
    assert float(fd.get(out, _DIST.split("/") + ["fixedValueDistribution", "value"])) == pytest.approx(3e-5)
    assert fd.find(out, _DIST.split("/") + ["RosinRammlerDistribution"]) is None


@pytest.mark.parametrize("head,tail,text,value,want", [
    ("particle sizes between 40 and ", "", "160 microns", 1.6e-4, (4e-5, 1.6e-4)),
    ("particles from 40 µm to ", "", "160 µm", 1.6e-4, (4e-5, 1.6e-4)),
    ("beads of 2-", "", "3 mm", 3e-3, (2e-3, 3e-3)),
    ("grains 0.1 to ", " across", "0.5 mm", 5e-4, (1e-4, 5e-4)),
    ("beads of ", "", "3 mm", 3e-3, None),
    ("between 2 m and ", "", "3 mm", 3e-3, None),  # the other end in another unit: not read
])
def test_a_size_range_is_read_from_its_words(head: str, tail: str, text: str, value: float,
                                             want: tuple[float, float] | None) -> None:
    got = size_range(head, tail, text, value)
    assert got == (pytest.approx(want) if want else None)


@pytest.mark.parametrize("kind,entries,want_keys", [
    ("uniform", {"minValue": "1e-5", "maxValue": "1e-4"}, {"minValue", "maxValue"}),
    ("normal", {"expectation": "1e-4", "minValue": "2e-5", "maxValue": "1.8e-4"}, {"type", "maxValue"}),
    ("RosinRammler", {"d": "5e-5", "n": "0.5", "minValue": "5e-6", "maxValue": "5e-4"}, {"type", "maxValue"}),
    ("fixedValue", {"value": "0.0025"}, {"type", "maxValue"}),
])
def test_a_range_makes_the_distribution_uniform(kind: str, entries: dict[str, str], want_keys: set[str]) -> None:
    # session 17: a range said without a distribution is every size alike (uniform), whatever the base's
    edits = range_edits(kind, f"{kind}Distribution", entries, 4e-5, 1.6e-4)
    assert {path[-1] for path, v in edits if isinstance(v, str)} == want_keys
    if kind != "uniform":
        assert edits[0] == (["type"], "uniform")
        assert edits[1] == (["uniformDistribution"], {"minValue": "4e-05", "maxValue": "0.00016"})


@needs_tutorials
def test_a_stated_size_range_lands_in_the_bounds() -> None:
    edits, refused = _edits("lagrangian/MPPICFoam/cyclone", "MPPICFoam", "cyclone, particle sizes between 40 and 160 microns")
    dist = "subModels/injectionModels/model1/sizeDistribution/uniformDistribution"
    assert float(edits[("constant/kinematicCloudProperties", f"{dist}/maxValue")]) == pytest.approx(1.6e-4)
    where = "subModels/injectionModels/model1/sizeDistribution"
    assert edits[("constant/kinematicCloudProperties", f"{where}/type")] == "uniform"
    assert float(edits[("constant/kinematicCloudProperties", dist)]["minValue"]) == pytest.approx(4e-5)
    assert not refused


@pytest.mark.parametrize("phases,head,tail,want", [
    (["particles", "air"], "we fluidise a bed of glass beads ", " across with air", "particles"),
    (["air", "water"], "", " air bubbles rise through water", "air"),
    (["water", "oil", "air"], "oil droplets of ", "", "oil"),
    (["particles", "air"], "the particles are ", "", "particles"),
    (["air", "water"], "water phase diameter ", "", "water"),
    (["air", "water"], "size ", "", None),
])
def test_the_dispersed_phase_a_size_is_of(phases: list[str], head: str, tail: str, want: str | None) -> None:
    assert dispersed_phase(phases, head, tail) == want
