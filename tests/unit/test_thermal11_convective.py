"""Session 11, thermal: convective walls. A heat transfer coefficient h (W/(m2 K)) goes to the
walls its words name (or the base's own convective walls), as `externalWallHeatFluxTemperature`
mode coefficient, and the temperature said to be the surroundings is that wall's Ta, never a
wall, inlet or start temperature. Binder rows use real tutorials (fluid thermo, cht regions in
0/<region>, 0.orig/<region> and changeDictionaryDict, a Boussinesq base that has no thermo)."""

from __future__ import annotations

import typing
from pathlib import Path

import pytest

from tasks.plan.bind import bind_all
from tasks.plan.bind_thermal_convective import coefficient_patch, joined_to_coefficient, nearest, says_ambient
from tasks.plan.extract_models import Kind
from tasks.plan.stated import StatedQuantity, read_stated

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")
reads_h = pytest.mark.skipif("heat_transfer_coefficient" not in typing.get_args(Kind),
                             reason="the extractor does not read W/(m2 K) yet (tasks/plan/extract_models.py Kind)")
THERMOCOUPLE = "heatTransfer/buoyantPimpleFoam/thermocoupleTestCase"
CAVITY = "heatTransfer/buoyantSimpleFoam/buoyantCavity"
RADROOM = "heatTransfer/buoyantSimpleFoam/hotRadiationRoom"
WINDSHIELD = "heatTransfer/chtMultiRegionFoam/windshieldCondensation"
BURNER = "heatTransfer/chtMultiRegionFoam/reverseBurner"
SOLAR = "heatTransfer/chtMultiRegionFoam/externalSolarLoad"
BOUSSINESQ_ROOM = "heatTransfer/buoyantBoussinesqSimpleFoam/hotRoom"


# --- pure readings ---------------------------------------------------------------------------

def test_coefficient_patch_is_a_convective_wall() -> None:
    bc = coefficient_patch(12.5, "uniform 280", "solidThermo", "uniform 300")
    assert bc == {"type": "externalWallHeatFluxTemperature", "mode": "coefficient", "h": "uniform 12.5",
                  "Ta": "uniform 280", "kappaMethod": "solidThermo", "kappa": "none", "value": "uniform 300"}


def test_coefficient_patch_refuses_a_non_positive_h() -> None:
    with pytest.raises(ValueError, match="must be positive"):
        coefficient_patch(0.0, "uniform 280", "fluidThermo", "$internalField")


@pytest.mark.parametrize(("before", "after", "ambient"), [
    ("ambient", "", True),
    ("", "is the surroundings' temperature and", True),
    ("t_inf", "", True),
    ("design-day", "", True),
    ("the plenum above at", "", True),
    ("23 f", "outside air", True),
    ("towards an outdoor temperature of", "", True),
    ("ta =", "", True),
    ("lab air", "", True),
    ("the gas initially at", "", False),  # a start temperature
    ("supply grille air", "", False),  # an inflow's
    ("the floor slab held at", "", False),  # a held wall's
    ("the hot wall", "", False),
    ("", "on the left wall", False),
])
def test_says_ambient(before: str, after: str, ambient: bool) -> None:
    assert says_ambient(before, after) is ambient


@pytest.mark.parametrize(("between", "joined"), [
    (" to ", True),
    (" towards the room at ", True),
    (" against ", True),
    (", with the walls at ", True),
    (" and the gas starts at 300 k, walls ", False),  # another value between
    (", the hot wall stays at ", False),  # no joining word
    (" to an outside temperature that the lab reports each morning as ", False),  # too far
])
def test_joined_to_coefficient(between: str, joined: bool) -> None:
    assert joined_to_coefficient(between) is joined


@pytest.mark.parametrize(("at", "spans", "index"), [
    (50, [(10, 20), (60, 70)], 1),
    (25, [(10, 20), (60, 70)], 0),
    (5, [], None),
])
def test_nearest_span(at: int, spans: list[tuple[int, int]], index: int | None) -> None:
    assert nearest(at, spans) == index


# --- binder rows on tutorial bases -------------------------------------------------------------

def _h(text: str, value: float) -> StatedQuantity:
    return StatedQuantity(text=text, quantity="heat_transfer_coefficient", value=value, role="heat_transfer_coefficient")


def _t(text: str, value: float, role: str = "initial_temperature") -> StatedQuantity:
    return StatedQuantity(text=text, quantity="temperature", value=value, unit="K", role=role)


def _bind(tutorial: str, solver: str, text: str, stated: list[StatedQuantity]):
    return bind_all(TUTORIALS / tutorial, solver, text, stated)


def _written(binder, rel: str, path: list[str]) -> str | None:
    """The value the plan leaves at rel/path: the last edit of the entry or of a dictionary holding it."""
    found = None
    for e in binder.edits:
        if e.file != rel:
            continue
        if e.entry == path:
            found = e.value
        elif e.entry == path[:-1] and isinstance(e.value, dict) and path[-1] in e.value:
            found = e.value[path[-1]]
    return found


def _bound(binder, text: str) -> list[tuple[str, list[str]]]:
    return [(b.file, b.entry) for b in binder.bindings if b.stated == text]


@needs_tutorials
@pytest.mark.parametrize(("tutorial", "solver", "text", "h", "t", "rel", "patch", "method"), [
    # a fluid wall the words name becomes convective (kappa from the fluid's thermo)
    (THERMOCOUPLE, "buoyantPimpleFoam", "thermocouple case, walls h 15 W/m2K, ambient 350 K",
     ("15 W/m2K", 15.0), ("350 K", 350.0, "initial_temperature"), "0/T", "walls", "fluidThermo"),
    # value before its role, the surroundings named after the value
    (THERMOCOUPLE, "buoyantPimpleFoam", "thermocouple case: 9.99 W/(m2 K) on the walls; 299.8 K is the "
     "surroundings' temperature", ("9.99 W/(m2 K)", 9.99), ("299.8 K", 299.8, "wall_temperature"), "0/T", "walls",
     "fluidThermo"),
    # a patch named by its name, the ambient joined by "to" (its words name the wall too)
    (RADROOM, "buoyantSimpleFoam", "hotRadiationRoom, fixedWalls h 12 W/m2K to 280 K",
     ("12 W/m2K", 12.0), ("280 K", 280.0, "wall_temperature"), "0/T", "fixedWalls", "fluidThermo"),
    # key: value lines
    (CAVITY, "buoyantSimpleFoam", "case: buoyantCavity\ntopAndBottom h: 3 W/m2K\nT_ambient: 295 K",
     ("3 W/m2K", 3.0), ("295 K", 295.0, "initial_temperature"), "0/T", "topAndBottom", "fluidThermo"),
])
def test_a_named_wall_becomes_convective(tutorial, solver, text, h, t, rel, patch, method) -> None:
    hq, tq = _h(*h), _t(*t)
    b = _bind(tutorial, solver, text, [hq, tq] if text.find(h[0]) < text.find(t[0]) else [tq, hq])
    assert not b.not_applied, b.not_applied
    path = ["boundaryField", patch]
    assert _written(b, rel, [*path, "type"]) == "externalWallHeatFluxTemperature"
    assert _written(b, rel, [*path, "mode"]) == "coefficient"
    assert _written(b, rel, [*path, "kappaMethod"]) == method
    assert float(str(_written(b, rel, [*path, "h"])).split()[-1]) == pytest.approx(h[1])
    assert float(str(_written(b, rel, [*path, "Ta"])).split()[-1]) == pytest.approx(t[1])
    assert _bound(b, t[0]) == [(rel, [*path, "Ta"])]  # the ambient is no wall, inlet or start temperature


@needs_tutorials
@pytest.mark.parametrize(("tutorial", "text", "h", "t", "places"), [
    # the base's own convective walls take h and Ta, in every file that holds them
    (WINDSHIELD, "windshieldCondensation, exterior h 25 W/m2K, ambient -5 degC", ("25 W/m2K", 25.0),
     ("-5 degC", 268.15), [("0.orig/windshield/T", ["boundaryField", "exterior"])]),
    (BURNER, "reverse burner: 75 W/m2K is the heat transfer coefficient of the solid's outer face and 290 K its "
     "ambient", ("75 W/m2K", 75.0), ("290 K", 290.0), [("0/solid/T", ["boundaryField", "external"])]),
    (SOLAR, "Could the floor slab underside lose heat with 8 W/(m2 K) towards 12 degC?", ("8 W/(m2 K)", 8.0),
     ("12 degC", 285.15), [("0.orig/floor/T", ["boundaryField", "minZ"]),
                           ("system/floor/changeDictionaryDict", ["dictionaryReplacement", "T", "boundaryField", "minZ"])]),
])
def test_the_base_convective_walls_take_h_and_ta(tutorial, text, h, t, places) -> None:
    b = _bind(tutorial, "chtMultiRegionFoam", text, [_h(*h), _t(*t)])
    assert not b.not_applied, b.not_applied
    for rel, path in places:
        assert _written(b, rel, [*path, "h"]) == f"uniform {h[1]:g}"
        assert float(str(_written(b, rel, [*path, "Ta"])).split()[-1]) == pytest.approx(t[1])
        assert _written(b, rel, [*path, "type"]) is None  # kept as the base has it, not rewritten


@needs_tutorials
@pytest.mark.parametrize(("tutorial", "text", "t", "rel", "patch"), [
    (WINDSHIELD, "windshieldCondensation, outside air -10 degC", ("-10 degC", 263.15), "0.orig/windshield/T", "exterior"),
    (BURNER, "reverseBurner with the surroundings of the solid at 280 K", ("280 K", 280.0), "0/solid/T", "external"),
    (SOLAR, "externalSolarLoad; T_ambient = 278 K", ("278 K", 278.0), "0.orig/floor/T", "minZ"),
])
def test_outside_temperature_alone_is_the_convective_walls_ta(tutorial, text, t, rel, patch) -> None:
    b = _bind(tutorial, "chtMultiRegionFoam", text, [_t(*t, role="wall_temperature")])
    assert not b.not_applied, b.not_applied
    assert float(str(_written(b, rel, ["boundaryField", patch, "Ta"])).split()[-1]) == pytest.approx(t[1])


@needs_tutorials
def test_no_ambient_stated_keeps_the_base_temperature_as_ta() -> None:
    b = _bind(THERMOCOUPLE, "buoyantPimpleFoam", "thermocouple case, walls h 15 W/m2K", [_h("15 W/m2K", 15.0)])
    assert _written(b, "0/T", ["boundaryField", "walls", "Ta"]) == "uniform 298.15"  # the base gas temperature
    assert any("no ambient temperature stated" in a for a in b.assumptions)


@needs_tutorials
def test_a_boussinesq_base_has_no_thermo_for_a_convective_wall() -> None:
    text = "hotRoom Boussinesq, walls h 5 W/m2K to 270 K outside"
    b = _bind(BOUSSINESQ_ROOM, "buoyantBoussinesqSimpleFoam", text, [_h("5 W/m2K", 5.0), _t("270 K", 270.0)])
    reasons = {n.text: n.reason for n in b.not_applied}
    assert "no thermo" in reasons["5 W/m2K"]
    assert "270 K" in reasons  # the ambient is not left as a wall or start temperature
    assert not any(e.file == "0/T" for e in b.edits)


@needs_tutorials
def test_a_start_temperature_beside_a_coefficient_stays_the_start() -> None:
    text = "thermocouple case, walls h 15 W/m2K, ambient 350 K, gas initially 300 K"
    stated = [_h("15 W/m2K", 15.0), _t("350 K", 350.0), _t("300 K", 300.0)]
    b = _bind(THERMOCOUPLE, "buoyantPimpleFoam", text, stated)
    assert _written(b, "0/T", ["internalField"]) == "uniform 300"
    assert float(str(_written(b, "0/T", ["boundaryField", "walls", "Ta"])).split()[-1]) == 350


@reads_h
@needs_tutorials
@pytest.mark.parametrize(("text", "ta"), [
    ("thermocouple test case, walls film coefficient 1.76 BTU/(hr ft2 F), surroundings 80 F", 299.82),
    ("Thermocouple test. Walls: h: 15 W/(m^2*K), T_inf: 76.85 degC.", 350.0),
    ("thermocouple case; the walls exchange heat with an ambient at 350 K through 15 W m-2 K-1", 350.0),
])
def test_read_requests_bind_h_and_ta(text: str, ta: float) -> None:
    b = bind_all(TUTORIALS / THERMOCOUPLE, "buoyantPimpleFoam", text, read_stated(text))
    assert not b.not_applied, b.not_applied
    assert float(str(_written(b, "0/T", ["boundaryField", "walls", "Ta"])).split()[-1]) == pytest.approx(ta, rel=1e-3)


@needs_tutorials
def test_a_base_without_thermo_says_so_even_when_no_wall_is_named() -> None:
    text = "hotRoom Boussinesq with a heat transfer coefficient of 4 W/m2K"
    b = _bind(BOUSSINESQ_ROOM, "buoyantBoussinesqSimpleFoam", text, [_h("4 W/m2K", 4.0)])
    assert "no thermo" in b.not_applied[0].reason
