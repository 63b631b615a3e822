"""Stated particle sizes, size distributions, densities and injection values in any cloud (session 17)."""

from __future__ import annotations

import gzip
import math
from pathlib import Path

import pytest

from tasks.foam import dictionary as fd
from tasks.foam.function1 import with_function1
from tasks.plan.bind import bind_all
from tasks.plan.bind_cloud import particles_meant, velocity_refusal
from tasks.plan.bind_cloud_distribution import (chosen_models, distribution_entries, length_parameter,
                                                named_distributions, spread_numbers)
from tasks.plan.bind_cloud_rates import parcel_rates
from tasks.plan.bind_cloud_windows import injection_windows, range_start
from tasks.plan.stated import StatedQuantity, read_stated

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")
_INJ = "subModels/injectionModels"


# --- pure functions ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("text,kinds", [
    ("coal rosin-rammler with d = 80 um and n = 3", ["RosinRammler"]),
    ("a mass rosin rammler size distribution, d 50 um", ["massRosinRammler"]),
    ("particles with a normal size distribution, mean 150 micron", ["normal"]),
    ("gaussian distributed diameters around 0.3 mm", ["normal"]),
    ("glass beads normally distributed, mean 5 mm", ["normal"]),
    ("normal conditions, air at 300 k", []),  # "normal" that names no distribution
    ("weibull sizes, scale 60 um, shape 2", ["RosinRammler"]),
])
def test_a_distribution_is_named_in_any_words(text: str, kinds: list[str]) -> None:
    assert [d.kind for d in named_distributions(text)] == kinds


@pytest.mark.parametrize("head,want", [
    ("rosin-rammler with d = ", "typical"),
    ("normal distribution, mean ", "typical"),
    ("gaussian around 0.3 mm ± ", "spread"),
    ("mean 100 um, standard deviation ", "spread"),
    ("sizes clipped, smallest ", "minValue"),
    ("cut off at a maximum of ", "maxValue"),
    ("droplets of ", None),
    ("rosin-rammler from 10 um to ", "maxValue"),
    ("normal between 40 and ", "maxValue"),
])
def test_the_words_before_a_length_name_its_parameter(head: str, want: str | None) -> None:
    assert length_parameter(head) == want


@pytest.mark.parametrize("text,want", [
    ("rosin-rammler with d = 80 um and n = 3", [3.0]),
    ("rosin rammler, spread parameter 2.5", [2.5]),
    ("weibull, shape factor of 1.8, scale 40 um", [1.8]),
    ("rosin-rammler d 80 um, n 4 mm", []),  # a length is no spread
    ("a rosin rammler whose spread parameter is 2.5 and whose size is 0.1 mm", [2.5]),
])
def test_a_rosin_rammler_spread_is_a_plain_number(text: str, want: list[float]) -> None:
    assert [v for _, v, _ in spread_numbers(text, 0, len(text))] == want


@pytest.mark.parametrize("words,want", [
    ("the second injector gets a gaussian", ["model2"]),
    ("model1 rosin-rammler", ["model1"]),
    ("every injector", ["model1", "model2"]),
])
def test_the_words_choose_the_injection_models(words: str, want: list[str]) -> None:
    assert chosen_models(["model1", "model2"], words) == want


def test_a_normal_spread_is_written_as_v1912_reads_it() -> None:
    got = distribution_entries("normal", {"expectation": 1.5e-4, "sigma": 3e-5}, {})
    assert got["variance"] == pytest.approx(3e-5 * math.sqrt(2), rel=1e-5)
    assert got["minValue"] < 1.5e-4 < got["maxValue"]


def test_a_new_typical_size_moves_the_bases_bounds_with_it() -> None:
    base = {"d": 5e-5, "n": 0.5, "minValue": 5e-6, "maxValue": 5e-4}
    got = distribution_entries("RosinRammler", {"d": 8e-5, "n": 3.0}, base)
    assert got == pytest.approx({"d": 8e-5, "n": 3.0, "minValue": 8e-6, "maxValue": 8e-4})


def test_a_rosin_rammler_without_a_size_says_what_to_state() -> None:
    with pytest.raises(ValueError, match="typical size"):
        distribution_entries("RosinRammler", {"n": 3.0}, {})


@pytest.mark.parametrize("text,start,other,is_length", [
    ("particles injected between t = 0 and 0.1 s", "0", "0.1", False),
    ("the spray from 0.2 ms to 1.2 ms", "0.2", "1.2", False),
    ("parcels released from t=0.5 s for 2 s", "0.5", "2", True),
    ("injection starting at 1 ms, lasting 5 ms", "1", "5", True),
])
def test_an_injection_window_in_any_words(text: str, start: str, other: str, is_length: bool) -> None:
    (w,) = injection_windows(text)
    assert text[w.start_at:].startswith(start) and text[w.other_at:].startswith(other)
    assert w.is_length is is_length


def test_a_window_start_folded_into_a_range_is_read_in_its_ends_unit() -> None:
    end = StatedQuantity(text="1.2 ms", quantity="time", value=1.2e-3, role="end_time")
    start = range_start("0.2", end)
    assert start is not None and start.value == pytest.approx(2e-4) and start.role == "injection_start"
    assert range_start("0.2 s", end) is None  # another unit written: not guessed


@pytest.mark.parametrize("head,tail,want", [
    ("mass flow ", " of particles", True),
    ("particle mass flow rate ", "", True),
    ("air inflow ", " of particles", True),  # the words right after the value are its own
    ("the air enters at ", ", particles injected", False),
])
def test_a_mass_flow_of_particles_is_the_clouds(head: str, tail: str, want: bool) -> None:
    assert particles_meant(head, tail) is want


def test_an_injection_without_velocity_entry_says_which_entries_it_has() -> None:
    reason = velocity_refusal({"constant/sprayCloudProperties model1 (coneNozzleInjection)": ["massTotal", "Cd"]})
    assert reason is not None and "coneNozzleInjection" in reason and "Cd" in reason
    assert "direction" in (velocity_refusal({"x model1 (manualInjection)": ["U0"]}) or "")
    assert velocity_refusal({}) is None


# --- the binder on installed tutorials (probe set) ---------------------------------------------------------

def _bind(tutorial: str, solver: str, text: str):
    return bind_all(TUTORIALS / tutorial, solver, text, read_stated(text))


def _values(binder) -> dict[tuple[str, str], object]:
    return {(e.file, "/".join(e.entry)): e.value for e in binder.edits}


_COAL = ("lagrangian/coalChemistryFoam/simplifiedSiwek", "coalChemistryFoam", "constant/coalCloud1Properties")
_CYCLONE = ("lagrangian/MPPICFoam/cyclone", "MPPICFoam", "constant/kinematicCloudProperties")
_HOT = ("lagrangian/reactingParcelFoam/hotBoxes", "reactingParcelFoam", "constant/reactingCloud1Properties")
_CHANNEL = ("lagrangian/MPPICFoam/injectionChannel", "MPPICFoam", "constant/kinematicCloudProperties")


@needs_tutorials
@pytest.mark.parametrize("case,text,entries", [
    (_COAL, "Siwek chamber, coal Rosin-Rammler with d = 80 um and n = 3",
     {"model1/sizeDistribution/RosinRammlerDistribution/d": 8e-5, "model1/sizeDistribution/RosinRammlerDistribution/n": 3}),
    (_COAL, "I would like the coal dust to follow a Rosin Rammler distribution whose spread parameter is 2.5 and whose "
            "characteristic size is 0.1 mm",
     {"model1/sizeDistribution/RosinRammlerDistribution/d": 1e-4, "model1/sizeDistribution/RosinRammlerDistribution/n": 2.5}),
    (_HOT, "hotBoxes: droplets of 0.1 mm (Rosin Rammler, n: 2)",
     {"model1/sizeDistribution/RosinRammlerDistribution/d": 1e-4, "model1/sizeDistribution/RosinRammlerDistribution/n": 2}),
    (_CYCLONE, "cyclone, particles with a normal size distribution, mean 150 micron, standard deviation 30 micron",
     {"model1/sizeDistribution/normalDistribution/expectation": 1.5e-4,
      "model1/sizeDistribution/normalDistribution/variance": 3e-5 * math.sqrt(2)}),
    (_CHANNEL, "injection channel: the second injector gets a Gaussian distribution of diameters around 0.3 mm",
     {"model2/sizeDistribution/normalDistribution/expectation": 3e-4}),
])
def test_a_named_distribution_lands_in_its_entries(case: tuple[str, str, str], text: str,
                                                    entries: dict[str, float]) -> None:
    binder = _bind(case[0], case[1], text)
    values = _values(binder)
    for entry, want in entries.items():
        assert float(values[(case[2], f"{_INJ}/{entry}")]) == pytest.approx(want, rel=1e-5)
    assert not any("decomposeParDict" in e.file for e in binder.edits)  # "n = 3" is the spread's
    assert not binder.not_applied


@needs_tutorials
def test_the_first_injector_is_left_when_the_second_is_named() -> None:
    binder = _bind(*_CHANNEL[:2], "injection channel: the second injector gets a Gaussian distribution around 0.3 mm")
    assert not any("model1/sizeDistribution" in "/".join(e.entry) for e in binder.edits)


@needs_tutorials
def test_a_distribution_of_another_type_replaces_the_bases_and_parses_back() -> None:
    text = "hot boxes; spray droplets normally distributed with mean 60 um and standard deviation 10 um"
    binder = _bind(*_HOT[:2], text)
    out = (TUTORIALS / _HOT[0] / _HOT[2]).read_text()
    for e in binder.edits:
        if e.file == _HOT[2]:
            out = with_function1(out, e.entry, e.value)  # as the case writer applies it
    dist = _INJ.split("/") + ["model1", "sizeDistribution"]
    assert fd.get(out, dist + ["type"]).strip() == "normal"
    got = {k: float(fd.get(out, dist + ["normalDistribution", k])) for k in fd.keys(out, dist + ["normalDistribution"])}
    assert set(got) == {"expectation", "variance", "minValue", "maxValue"}
    assert got["expectation"] == pytest.approx(6e-5)
    assert got["minValue"] < got["expectation"] < got["maxValue"]
    assert fd.find(out, dist + ["RosinRammlerDistribution"]) is None


@needs_tutorials
@pytest.mark.parametrize("text,soi,duration", [
    ("hotBoxes reactingParcelFoam case: total mass 0.1 kg, injected between t = 0 and 0.1 s", 0, 0.1),
    ("Hot boxes. Droplets are injected from t = 0.5 s for 2 s.", 0.5, 2),
    ("hot boxes, spray injection from 1 to 3 s", 1, 2),
])
def test_an_injection_window_is_soi_and_duration_not_the_run(text: str, soi: float, duration: float) -> None:
    binder = _bind(*_HOT[:2], text)
    values = _values(binder)
    assert float(values[(_HOT[2], f"{_INJ}/model1/SOI")]) == pytest.approx(soi)
    assert float(values[(_HOT[2], f"{_INJ}/model1/duration")]) == pytest.approx(duration)
    assert not any(e.file == "system/controlDict" and e.entry in (["endTime"], ["startTime"]) for e in binder.edits)


@needs_tutorials
@pytest.mark.parametrize("tutorial,solver,text,word", [
    # one size goes to the table's d column (tests/unit/test_p21_inject_models.py); a range has no place there
    ("lagrangian/reactingParcelFoam/filter", "reactingParcelFoam", "filter tutorial with droplets from 20 to 80 micron",
     "parcelInjectionProperties"),
    ("lagrangian/icoUncoupledKinematicParcelFoam/hopper/hopperEmptying", "icoUncoupledKinematicParcelFoam",
     "hopper emptying, particle diameter 3 mm", "no injection model"),
])
def test_a_size_the_base_draws_from_no_distribution_is_refused_with_why(tutorial: str, solver: str, text: str,
                                                                         word: str) -> None:
    binder = _bind(tutorial, solver, text)
    assert any(word in n.reason for n in binder.not_applied)
    assert not any(e.locked for e in binder.edits)  # never a collector's origin or a length of the domain


@needs_tutorials
@pytest.mark.parametrize("text", [
    "aachenBomb with fuel droplets of 20 micron, injection velocity 300 m/s",
    "Spray bomb; the fuel is injected at 300 m/s",
    "spray: injection speed 0.3 km/s",
])
def test_a_nozzle_without_velocity_entry_refuses_the_speed_with_its_entries(text: str) -> None:
    binder = _bind("lagrangian/sprayFoam/aachenBomb", "sprayFoam", text)
    reason = next(n.reason for n in binder.not_applied if n.text.endswith("m/s") or "km/s" in n.text)
    assert "coneNozzleInjection" in reason and "Cd" in reason


@needs_tutorials
@pytest.mark.parametrize("tutorial,solver,text,rel", [
    ("lagrangian/icoUncoupledKinematicParcelFoam/hopper/hopperInitialState", "icoUncoupledKinematicParcelFoam",
     "hopper, 5 mm glass beads 2500 kg/m3", "constant/kinematicCloudProperties"),
    ("lagrangian/icoUncoupledKinematicParcelFoam/hopper/hopperInitialState", "icoUncoupledKinematicParcelFoam",
     "hopper filling: beads of density 2.5 g/cm3, 5 mm across", "constant/kinematicCloudProperties"),
    ("lagrangian/MPPICFoam/cyclone", "MPPICFoam", "cyclone. Particle density is 2500 kg/m^3.",
     "constant/kinematicCloudProperties"),
    ("lagrangian/reactingParcelFoam/verticalChannel", "reactingParcelFoam",
     "vertical channel, the droplets' density 2500 kg/m3", "constant/reactingCloud1Properties"),
])
def test_a_particle_density_is_rho0(tutorial: str, solver: str, text: str, rel: str) -> None:
    values = _values(_bind(tutorial, solver, text))
    assert float(values[(rel, "constantProperties/rho0")]) == pytest.approx(2500)


@needs_tutorials
@pytest.mark.parametrize("text", [
    "vertical channel with water droplets of 50 micron, mass flow 1 g/s of particles",
    "vertical channel; particle mass flow rate 1 g/s",
    "Vertical channel. Droplets injected at a mass flow of 0.001 kg/s",
])
def test_a_particle_mass_flow_is_the_injections(text: str) -> None:
    binder = _bind("lagrangian/reactingParcelFoam/verticalChannel", "reactingParcelFoam", text)
    values = _values(binder)
    assert float(values[("constant/reactingCloud1Properties", f"{_INJ}/model1/massTotal")]) == pytest.approx(10)
    assert not binder.not_applied


@needs_tutorials
def test_coal_tutorial_gz_parses_back_after_a_distribution(tmp_path: Path) -> None:
    text = "Siwek chamber, coal Rosin-Rammler with d = 80 um and n = 3"
    binder = _bind(*_COAL[:2], text)
    raw = TUTORIALS / _COAL[0] / f"{_COAL[2]}.gz"
    out = gzip.open(raw, "rt").read() if raw.is_file() else (TUTORIALS / _COAL[0] / _COAL[2]).read_text()
    for e in binder.edits:
        if e.file == _COAL[2]:
            out = with_function1(out, e.entry, e.value)  # as the case writer applies it
    assert fd.parse_error(out) is None
    dist = _INJ.split("/") + ["model1", "sizeDistribution", "RosinRammlerDistribution"]
    assert float(fd.get(out, dist + ["n"])) == 3 and float(fd.get(out, dist + ["minValue"])) < 8e-5


@needs_tutorials
@pytest.mark.parametrize("tutorial,solver,text,want", [
    ("lagrangian/reactingParcelFoam/hotBoxes", "reactingParcelFoam", "hotBoxes: rho 2500 kg/m3 beads",
     {"constant/reactingCloud1Properties": 2500}),  # no source-term scheme's rho
    ("lagrangian/sprayFoam/aachenBomb", "sprayFoam", "spray bomb, fuel 700 kg/m3", {"constant/sprayCloudProperties": 700}),
    ("lagrangian/coalChemistryFoam/simplifiedSiwek", "coalChemistryFoam", "Siwek: coal 1300 kg/m3, limestone 2700 kg/m3",
     {"constant/coalCloud1Properties": 1300, "constant/limestoneCloud1Properties": 2700}),
    ("lagrangian/coalChemistryFoam/simplifiedSiwek", "coalChemistryFoam", "Siwek chamber, particle density 1.5 g/cm3",
     {"constant/coalCloud1Properties": 1500, "constant/limestoneCloud1Properties": 1500}),
    ("lagrangian/MPPICFoam/cyclone", "MPPICFoam", "cyclone with air at 1.2 kg/m3 and particles of 2500 kg/m3",
     {"constant/kinematicCloudProperties": 2500}),  # the air's density is never rho0
])
def test_a_density_the_words_give_the_particles_is_each_named_clouds_rho0(tutorial: str, solver: str, text: str,
                                                                          want: dict[str, float]) -> None:
    binder = _bind(tutorial, solver, text)
    rho0 = {b.file: float(b.value) for b in binder.bindings if b.entry == ["constantProperties", "rho0"]}
    assert rho0 == pytest.approx(want)
    assert not any("sourceTerms" in "/".join(e.entry) for e in binder.edits)


@needs_tutorials
@pytest.mark.parametrize("text,want", [
    ("cyclone: sand grains 2.65 g/cm3, 200 um", 2e-4),  # sand grains in a cloud base: their size, no roughness
    ("Cyclone separator; the sand is 0.2 mm", 2e-4),
])
def test_sand_grains_in_a_cloud_base_are_particles(text: str, want: float) -> None:
    values = _values(_bind(*_CYCLONE[:2], text))
    assert float(values[(_CYCLONE[2], f"{_INJ}/model1/sizeDistribution/fixedValueDistribution/value")]) == \
        pytest.approx(want)


@pytest.mark.parametrize("text,want", [
    ("inject 1000 parcels per second", [1000]),
    ("the spray: 5e4 parcels/s", [5e4]),
    ("parcels per second = 2e4, 0.1 s", [2e4]),
    ("an injection rate of 300 particles a second", [300]),
    ("1000 particles in total", []),  # a count, no rate
])
def test_a_parcel_rate_is_read_either_side_of_its_number(text: str, want: list[float]) -> None:
    assert [v for _, v in parcel_rates(text)] == want


@needs_tutorials
@pytest.mark.parametrize("tutorial,solver,text,models", [
    ("lagrangian/MPPICFoam/injectionChannel", "MPPICFoam", "injection channel with particles of 0.5 mm, 1000 parcels "
                                                           "per second", ["model1", "model2"]),
    ("lagrangian/sprayFoam/aachenBomb", "sprayFoam", "Spray bomb. Please inject 1000 parcels/s.", ["model1"]),
    ("lagrangian/MPPICFoam/column", "MPPICFoam", "column, 1000 parcels per second", []),
])
def test_a_parcel_rate_is_each_models_parcels_per_second_or_refused(tutorial: str, solver: str, text: str,
                                                                     models: list[str]) -> None:
    binder = _bind(tutorial, solver, text)
    got = [b.entry[2] for b in binder.bindings if b.entry[-1:] == ["parcelsPerSecond"]]
    assert got == models and all(float(b.value) == 1000 for b in binder.bindings if b.entry[-1:] == ["parcelsPerSecond"])
    if not models:
        assert any("manualInjection" in n.reason for n in binder.not_applied)


@needs_tutorials
def test_a_named_distributions_range_is_its_bounds_not_a_uniform() -> None:
    binder = _bind(*_COAL[:2], "Siwek: coal Rosin-Rammler from 10 um to 200 um, d = 60 um, n = 2")
    dist = f"{_INJ}/model1/sizeDistribution"
    values = _values(binder)
    got = {k: float(values[(_COAL[2], f"{dist}/RosinRammlerDistribution/{k}")]) for k in ("d", "n", "minValue", "maxValue")}
    assert got == pytest.approx({"d": 6e-5, "n": 2, "minValue": 1e-5, "maxValue": 2e-4})
    assert (_COAL[2], dist) not in values  # the Rosin-Rammler kept, no uniform over it
    assert {b.stated: b.entry[-1] for b in binder.bindings if "sizeDistribution" in b.entry} == \
        {"60 um": "d", "n 2": "n", "200 um": "maxValue"}


@needs_tutorials
@pytest.mark.parametrize("text,want", [
    ("injection channel: the second injector's particles are 0.3 mm", {"model2": 3e-4}),
    ("injection channel, model1 gets 0.2 mm beads and model2 gets 0.4 mm beads", {"model1": 2e-4, "model2": 4e-4}),
    ("Injection channel. Particles of 300 micron.", {"model1": 3e-4, "model2": 3e-4}),
])
def test_a_size_said_of_one_injector_goes_to_that_injector(text: str, want: dict[str, float]) -> None:
    binder = _bind(*_CHANNEL[:2], text)
    got = {b.entry[2]: float(b.value) for b in binder.bindings if b.entry[-1] == "value"}
    assert got == pytest.approx(want)


@needs_tutorials
@pytest.mark.parametrize("text", [
    "hot boxes: water spray with a Sauter mean diameter of 40 micrometres",
    "hot boxes, Rosin-Rammler droplets with d = 40 um",
])
def test_a_new_size_lies_inside_its_bounds_even_where_the_base_had_it_outside(text: str) -> None:
    # hotBoxes keeps d = 75 um below its minValue 0.5 mm: a stated size gets bounds around it
    values = _values(_bind(*_HOT[:2], text))
    dist = f"{_INJ}/model1/sizeDistribution/RosinRammlerDistribution"
    low, d, high = (float(values[(_HOT[2], f"{dist}/{k}")]) for k in ("minValue", "d", "maxValue"))
    assert d == pytest.approx(4e-5)
    assert low < d < high


@needs_tutorials
@pytest.mark.parametrize("tutorial,rel,text", [
    ("lagrangian/MPPICFoam/cyclone", "constant/kinematicCloudProperties", "cyclone, particle diameters between 0.1 and "
                                                                          "0.3 mm"),
    ("lagrangian/icoUncoupledKinematicParcelFoam/hopper/hopperInitialState", "constant/kinematicCloudProperties",
     "hopper: beads from 4 mm to 6 mm"),
])
def test_a_range_writes_a_uniform_distribution_the_writer_keeps(tutorial: str, rel: str, text: str) -> None:
    binder = bind_all(TUTORIALS / tutorial, "MPPICFoam", text, read_stated(text))
    out = (TUTORIALS / tutorial / rel).read_text()
    for e in binder.edits:
        if e.file == rel:
            out = with_function1(out, e.entry, e.value)
    dist = _INJ.split("/") + ["model1", "sizeDistribution"]
    assert fd.get(out, dist + ["type"]).strip() == "uniform"
    low, high = (float(fd.get(out, dist + ["uniformDistribution", k])) for k in ("minValue", "maxValue"))
    assert low < high and fd.parse_error(out) is None
