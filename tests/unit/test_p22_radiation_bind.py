"""Session 22, radiation: a stated radiation quantity lands in the entry the solver reads. How
often the radiation is solved is radiationProperties solverFreq (never the controlDict's
writeInterval); a solar flux is the constant sun-load model's direct or diffuse flux; the sun's
direction its sunDirection; a wall's emissivity goes to boundaryRadiationProperties (the entry the
words name, a per-band list in every band); a gas's absorption coefficient switches a fire
tutorial's species-based model to the constant one. Real tutorials, parsed back with foamlib."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.plan.bind import bind_all
from tasks.plan.bind_radiation import radiation_on, radiation_terms, stated_vector
from tasks.plan.bind_radiation_surfaces import banded, said_of_surface, words_name
from tasks.plan.stated import read_stated

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")
ROOM = ("heatTransfer/buoyantSimpleFoam/hotRadiationRoom", "buoyantSimpleFoam")
ROOM_DOM = ("heatTransfer/buoyantSimpleFoam/hotRadiationRoomFvDOM", "buoyantSimpleFoam")
CAR = ("heatTransfer/buoyantSimpleFoam/simpleCarSolarPanel", "buoyantSimpleFoam")
SOLAR = ("heatTransfer/chtMultiRegionFoam/externalSolarLoad", "chtMultiRegionFoam")
TREES = ("heatTransfer/chtMultiRegionFoam/solarBeamWithTrees", "chtMultiRegionFoam")
COMPARTMENT = ("combustion/fireFoam/LES/compartmentFire", "fireFoam")
POOL3D = ("combustion/fireFoam/LES/smallPoolFire3D", "fireFoam")
HEATER = ("heatTransfer/chtMultiRegionSimpleFoam/multiRegionHeaterRadiation", "chtMultiRegionSimpleFoam")
CHANNEL = ("lagrangian/reactingParcelFoam/verticalChannel", "reactingParcelFoam")
RP = "constant/radiationProperties"
BRP = "constant/boundaryRadiationProperties"


def _bind(base: tuple[str, str], text: str):
    return bind_all(TUTORIALS / base[0], base[1], text, read_stated(text))


def _written(binder, rel: str, entry: list[str]):
    """The value the plan leaves at rel/entry (the last edit of it or of a dictionary holding it)."""
    found = None
    for e in binder.edits:
        if e.file == rel and e.entry == entry:
            found = e.value
        elif e.file == rel and e.entry == entry[:len(e.entry)] and isinstance(e.value, dict):
            value = e.value
            for part in entry[len(e.entry):]:
                value = value.get(part) if isinstance(value, dict) else None
            found = value if value is not None else found
    return found


# --- pure readings ---------------------------------------------------------------------------

def test_canonical_terms_load() -> None:
    terms = radiation_terms()
    assert terms.frequency.entry == "solverFreq"
    assert terms.solar.direct == "directSolarRad" and "opaqueSolid" in terms.not_solved


@pytest.mark.parametrize(("text", "on"), [
    ("radiation on;\nradiationModel P1;\n", True),
    ("radiation off;\nradiationModel P1;\n", False),
    ("radiationModel none;\n", False),
    ("radiationModel opaqueSolid;\n", False),
    ("radiationModel fvDOM;\n", True),
])
def test_radiation_on(text: str, on: bool) -> None:
    assert radiation_on(text) is on


@pytest.mark.parametrize(("words", "surface"), [
    ("the walls have an ", True),
    ("all air-side walls ", True),
    ("the gas ", False),
    ("the wall gas ", False),
    ("the thermocouple ", False),
])
def test_said_of_surface(words: str, surface: bool) -> None:
    terms = radiation_terms().surfaces
    assert said_of_surface(words, terms.surface_words, terms.medium_words) is surface


def test_words_name_and_bands() -> None:
    assert words_name("the solar panels have an", "solarpanel")
    assert not words_name("car body", "body_bottom")
    assert banded("(0.3 0.7)", 0.85) == "(0.85 0.85)" and banded("1.0", 0.4) == "0.4"
    assert stated_vector("the sun shines from direction (0.3 -1 -2)", ["sun"]) == ("(0.3 -1 -2)", [0.3, -1.0, -2.0])


# --- binder on real tutorials ----------------------------------------------------------------

@needs_tutorials
@pytest.mark.parametrize(("base", "text", "said", "rel", "value"), [
    (ROOM, "hot room with radiation solved every 5 iterations", "5 iterations", RP, "5"),
    (COMPARTMENT, "compartment fire; call the radiation solver once every 8 time steps", "8 time steps", RP, "8"),
    (HEATER, "heater case; its view-factor radiation evaluated every 2 iterations", "2 iterations",
     "constant/bottomAir/radiationProperties", "2"),
])
def test_radiation_frequency_is_solver_freq(base, text: str, said: str, rel: str, value: str) -> None:
    b = _bind(base, text)
    assert _written(b, rel, ["solverFreq"]) == value
    assert _written(b, "system/controlDict", ["writeInterval"]) is None
    assert not b.not_applied, b.not_applied


@needs_tutorials
def test_write_interval_beside_radiation_stays_a_write_interval() -> None:
    b = _bind(POOL3D, "pool fire, radiative transfer solved every 4 time steps, write every 200 time steps")
    assert _written(b, RP, ["solverFreq"]) == "4"
    assert str(_written(b, "system/controlDict", ["writeInterval"])).split()[-1] == "200"


@needs_tutorials
def test_frequency_refused_where_radiation_is_off() -> None:
    b = _bind(CHANNEL, "vertical channel, radiation solved every 6 iterations")
    assert [n.text for n in b.not_applied] == ["6 iterations"]
    assert "switched off" in b.not_applied[0].reason
    assert not any(e.entry == ["writeInterval"] for e in b.edits)


@needs_tutorials
@pytest.mark.parametrize(("base", "text", "rel", "home", "direct", "diffuse"), [
    (CAR, "car in the sun: direct solar irradiation 850 W/m2 and diffuse 60 W/m2", RP, "solarLoadCoeffs", "850", "60"),
    (SOLAR, "solar load of 920 W/m2 on the building", "constant/air/radiationProperties", "solarLoadCoeffs", "920", "0"),
    (TREES, "trees under a sun beam of 1.1 kW/m2", "constant/air/radiationProperties", "solarCalculatorCoeffs",
     "1100", "0"),
])
def test_solar_flux_is_the_constant_sun_load(base, text: str, rel: str, home: str, direct: str, diffuse: str) -> None:
    b = _bind(base, text)
    assert _written(b, rel, [home, "sunLoadModel"]) == "sunLoadConstant"
    assert _written(b, rel, [home, "directSolarRad"]) == direct
    assert _written(b, rel, [home, "diffuseSolarRad"]) == diffuse
    assert not any(e.file.startswith("0") for e in b.edits)  # no wall took it as a heat flux
    if home == "solarCalculatorCoeffs":
        assert _written(b, rel, ["fvDOMCoeffs", "useSolarLoad"]) == "true"


@needs_tutorials
def test_sun_direction_and_no_solar_load() -> None:
    b = _bind(CAR, "the sun shines from direction (0.3 -1 -2)")
    assert _written(b, RP, ["solarLoadCoeffs", "sunDirection"]) == "(0.3 -1 -2)"
    assert _written(b, RP, ["solarLoadCoeffs", "sunDirectionModel"]) == "sunDirConstant"
    room = _bind(ROOM, "sunlight of 800 W/m2 on the room")
    assert [n.text for n in room.not_applied] == ["800 W/m2"] and not room.bindings


@needs_tutorials
@pytest.mark.parametrize(("base", "text", "rel", "entry", "value"), [
    (COMPARTMENT, "compartment fire, wall emissivity 0.75", BRP, [".*", "emissivity"], "0.75"),
    (CAR, "the solar panels have an emissivity of 0.85", BRP,
     ["(solarpanel.*)", "wallAbsorptionEmissionModel", "emissivity"], "(0.85 0.85)"),
    (ROOM_DOM, "fvDOM room, emissivity 0.9 on the floor", BRP, ["floor", "emissivity"], "0.9"),
    (HEATER, "all air-side walls emissivity 0.45", "constant/topAir/boundaryRadiationProperties",
     [".*", "emissivity"], "0.45"),
])
def test_wall_emissivity_in_boundary_radiation_properties(base, text: str, rel: str, entry: list[str],
                                                          value: str) -> None:
    b = _bind(base, text)
    assert _written(b, rel, entry) == value
    assert not b.not_applied, b.not_applied
    assert not any(e.file.endswith("/radiationProperties") for e in b.edits)  # not the gas's coefficient
    if base == COMPARTMENT:
        assert _written(b, rel, ["inlet", "emissivity"]) is None  # the inflow keeps its own


@needs_tutorials
def test_gas_absorption_switches_the_fire_model_to_constant() -> None:
    b = _bind(POOL3D, "pool fire with a gas absorption coefficient of 0.25 1/m")
    assert _written(b, RP, ["absorptionEmissionModel"]) == "constantAbsorptionEmission"
    assert str(_written(b, RP, ["constantAbsorptionEmissionCoeffs", "absorptivity"])).split()[-1] == "0.25"
    assert str(_written(b, RP, ["constantAbsorptionEmissionCoeffs", "emissivity"])).split()[-1] == "0.25"
    assert not b.not_applied, b.not_applied


@needs_tutorials
def test_written_radiation_files_parse(tmp_path: Path) -> None:
    """The edits, set into the tutorial's files, parse back (foamlib) with the stated values; a
    patch a pattern covered has an entry of its own and the pattern keeps the rest."""
    foamlib = pytest.importorskip("foamlib")
    from tasks.foam import dictionary as fd

    b = _bind(ROOM_DOM, "fvDOM room, emissivity 0.9 on the floor, radiation solved every 4 iterations")
    for rel in (BRP, RP):
        text = (TUTORIALS / ROOM_DOM[0] / rel).read_text()
        for e in (e for e in b.edits if e.file == rel):
            text = fd.set_entry(text, e.entry, e.value)
        (tmp_path / rel.rsplit("/", 1)[-1]).write_text(text)
    brp = foamlib.FoamFile(tmp_path / "boundaryRadiationProperties")
    assert brp["floor"]["emissivity"] == pytest.approx(0.9)
    assert brp["floor"]["type"] == "lookup"
    assert brp['".*"']["emissivity"] == pytest.approx(1.0)
    assert foamlib.FoamFile(tmp_path / "radiationProperties")["solverFreq"] == 4


@needs_tutorials
def test_three_radiation_values_in_one_sentence() -> None:
    """A count, a gas coefficient and a wall emissivity in one list each land in their own entry
    (the count's unit is not carried onto the emissivity's decimal)."""
    b = _bind(POOL3D, "gas absorption coefficient 0.3 1/m, radiation solved every 5 time steps, wall emissivity 0.7")
    assert _written(b, RP, ["solverFreq"]) == "5"
    assert str(_written(b, RP, ["constantAbsorptionEmissionCoeffs", "absorptivity"])).split()[-1] == "0.3"
    assert _written(b, BRP, [".*", "emissivity"]) == "0.7"
    assert _written(b, "system/controlDict", ["endTime"]) is None
    assert not b.not_applied, b.not_applied
