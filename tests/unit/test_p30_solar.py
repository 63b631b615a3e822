"""Session 30, the sun's position: a request's site (latitude, longitude) and moment (day of the
year, time of day, offset from GMT, how often a tracked sun is moved) are read in their many
forms and written to the solar calculator of the base's radiationProperties (solarLoadCoeffs,
solarCalculatorCoeffs, any region), never to the controlDict's startTime. Refused, with the
reason, where the base has no solar calculator or fixes the sun's direction by a vector. Real
tutorials; the edited dictionaries parsed back."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.foam import dictionary as fd
from tasks.plan.bind import bind_all
from tasks.plan.stated import read_stated
from tasks.plan.stated_solar import about_sun, dms_degrees, sun_readings

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")
SOLAR = ("heatTransfer/chtMultiRegionFoam/externalSolarLoad", "chtMultiRegionFoam", "solarLoadCoeffs")
TREES = ("heatTransfer/chtMultiRegionFoam/solarBeamWithTrees", "chtMultiRegionFoam", "solarCalculatorCoeffs")
CAR = ("heatTransfer/buoyantSimpleFoam/simpleCarSolarPanel", "buoyantSimpleFoam", "solarLoadCoeffs")
HEATER = ("heatTransfer/chtMultiRegionFoam/multiRegionHeater", "chtMultiRegionFoam", "")
AIR_RP = "constant/air/radiationProperties"


def _read(text: str) -> dict[str, list[float]]:
    out: dict[str, list[float]] = {}
    for r in sun_readings(dms_degrees(text)):
        out.setdefault(r.role, []).append(r.value)
    return out


@pytest.mark.parametrize("text, expected", [
    ("externalSolarLoad: site latitude 40.42, longitude -3.70, startDay 172, startTime 12 h; endTime 200 s",
     {"sun_latitude": [40.42], "sun_longitude": [-3.7], "sun_day": [172], "sun_time": [12]}),
    ("solar case at latitude 40.42 degrees north and longitude 3.70 degrees west, the 21st of June, at 12:00 noon",
     {"sun_latitude": [40.42], "sun_longitude": [-3.7], "sun_day": [172], "sun_time": [12]}),
    ("sun position for 40.42 deg N, 3.70 deg W, day-of-year 172, clock time 12 h",
     {"sun_latitude": [40.42], "sun_longitude": [-3.7], "sun_day": [172], "sun_time": [12]}),
    ("Sun over Madrid (40°25' N, 3°42'W)", {"sun_latitude": [pytest.approx(40.416667, abs=1e-4)],
                                           "sun_longitude": [pytest.approx(-3.7, abs=1e-4)]}),
    ("sunlight on the roof: lat 33.87 S, lon 151.21 E, Dec. 21st, 9:30 am, UTC+10",
     {"sun_latitude": [-33.87], "sun_longitude": [151.21], "sun_day": [355], "sun_time": [9.5],
      "sun_gmt_offset": [10]}),
    ("The solar load: our building is in Chicago, latitude 41.88 and longitude of -87.63 degrees. Please "
     "simulate March 1 at 3 pm, time zone offset -6 h, and update the sun position every 10 min",
     {"sun_latitude": [41.88], "sun_longitude": [-87.63], "sun_day": [60], "sun_time": [15],
      "sun_gmt_offset": [-6], "sun_update_interval": [600]}),
    ("insolation case, 172nd day of the year, 15:45, GMT-3, localStandardMeridian -3",
     {"sun_day": [172], "sun_time": [15.75], "sun_gmt_offset": [-3, -3]}),
    ("sun tracking: Julian day 32, local time 8 hours, UTC+05:30, sunTrackingUpdateInterval 900",
     {"sun_day": [32], "sun_time": [8], "sun_gmt_offset": [5.5], "sun_update_interval": [900]}),
    ("sun at midday on 2024 leap year date February 29, 2024", {"sun_day": [60], "sun_time": [12]}),
    ("solar panel, 12 pm at latitude 10 deg N, midnight is not of interest", {"sun_latitude": [10], "sun_time": [12, 0]}),
])
def test_forms_of_the_sun_position(text, expected):
    assert _read(text) == expected


@pytest.mark.parametrize("text", [
    "run the cavity until 12 h with the lid at 1 m/s",  # no sun: a time stays the run's
    "startTime 12 h, endTime 20 h for the heater",
    "a 40 N force on day 3 of the test, 15:30 write time",
    "update the mesh every 10 s, inlet 3 m/s",
])
def test_no_sun_no_moment(text):
    assert not about_sun(text)
    assert not any(r.role in ("sun_day", "sun_time", "sun_gmt_offset", "sun_update_interval")
                   for r in sun_readings(text))


@pytest.mark.parametrize("text, role, value", [
    ("startTime 12 h, endTime 20 h for the heater", "start_time", 43200.0),
    ("run until 12 h", "end_time", 43200.0),
])
def test_time_without_sun_stays_the_runs(text, role, value):
    assert any(q.role == role and q.value == value for q in read_stated(text))


@pytest.mark.parametrize("text", [
    "solar load case, latitude 40.42 deg N, startTime 12 h, endTime 200 s",
    "the sun at 40.42 degrees north, 3.70 degrees west, starting at 12:00 noon",
])
def test_sun_values_are_no_angle_or_run_start(text):
    roles = {q.role for q in read_stated(text)}
    assert "start_time" not in roles and "wall_angle" not in roles and "angle" not in roles
    assert "sun_latitude" in roles and "sun_time" in roles


def _final(binder, rel: str, entry: list[str]) -> str | None:
    return next((e.value for e in reversed(binder.edits) if e.file == rel and e.entry == entry), None)


@needs_tutorials
@pytest.mark.parametrize("base", [SOLAR, TREES])
@pytest.mark.parametrize("text, entries", [
    ("solar load case: latitude 40.42, longitude -3.70, startDay 172, startTime 12 h; endTime 200 s",
     {"latitude": "40.42", "longitude": "-3.7", "startDay": "172", "startTime": "12"}),
    ("Could the sun shine on it from Madrid, 40.42 deg N and 3.70 deg W, on June 21 at 3 pm, GMT+1? "
     "Recompute the sun's position every 300 s, 200 s in all.",
     {"latitude": "40.42", "longitude": "-3.7", "startDay": "172", "startTime": "15",
      "localStandardMeridian": "1", "sunTrackingUpdateInterval": "300"}),
])
def test_tracking_tutorials_take_the_position(base, text, entries):
    binder = bind_all(TUTORIALS / base[0], base[1], text, read_stated(text))
    for entry, value in entries.items():
        assert _final(binder, AIR_RP, [base[2], entry]) == value
    assert _final(binder, "system/controlDict", ["startTime"]) is None
    assert _final(binder, "system/controlDict", ["endTime"]) == "200"
    assert binder.not_applied == []
    said = {b.stated for b in binder.bindings}
    assert all(q.text in said for q in binder._stated if q.role.startswith("sun_"))


@needs_tutorials
def test_edited_dictionary_parses_back():
    text = "sun position: latitude 51.5 N, longitude 0.13 W, day 80, 10:15, UTC+0"
    binder = bind_all(TUTORIALS / SOLAR[0], SOLAR[1], text, read_stated(text))
    raw = (TUTORIALS / SOLAR[0] / AIR_RP).read_text()
    for e in binder.edits:
        if e.file == AIR_RP:
            raw = fd.set_entry(raw, e.entry, e.value)
    assert fd.get(raw, ["solarLoadCoeffs", "latitude"]).strip() == "51.5"
    assert fd.get(raw, ["solarLoadCoeffs", "startTime"]).strip() == "10.25"
    assert fd.get(raw, ["solarLoadCoeffs", "sunDirectionModel"]).strip() == "sunDirTracking"
    assert _final(binder, AIR_RP, ["solarLoadCoeffs", "longitude"]) == "-0.13"
    assert _final(binder, AIR_RP, ["solarLoadCoeffs", "localStandardMeridian"]) == "0"


@needs_tutorials
@pytest.mark.parametrize("base, why", [
    (CAR, "fixed"),  # sunDirConstant with a sunDirection: OpenFOAM reads no site there
    (HEATER, "no solar calculator"),
])
def test_refused_where_the_sun_is_not_placed(base, why):
    text = "sun at latitude 35.68 N, longitude 139.69 E, August 1st at 2 pm, UTC+9"
    binder = bind_all(TUTORIALS / base[0], base[1], text, read_stated(text))
    assert not [e for e in binder.edits if e.entry[-1] in ("latitude", "longitude", "startDay", "startTime")]
    refused = {n.text: n.reason for n in binder.not_applied}
    assert len(refused) == 5 and all(why in r for r in refused.values())


@needs_tutorials
@pytest.mark.parametrize("text, fragment", [
    ("solar load, latitude 95, longitude 10", "between -90 and 90"),
    ("solar load, day of year 400", "between 1 and 366"),
    ("solar load, GMT+15", "between -12 and 14"),
])
def test_out_of_range_refused(text, fragment):
    binder = bind_all(TUTORIALS / SOLAR[0], SOLAR[1], text, read_stated(text))
    assert any(fragment in n.reason for n in binder.not_applied)


@needs_tutorials
def test_update_interval_needs_tracking():
    text = "solar panel car, update the sun direction every 600 s"
    binder = bind_all(TUTORIALS / CAR[0], CAR[1], text, read_stated(text))
    assert any("not tracked" in n.reason for n in binder.not_applied)
    assert _final(binder, "constant/radiationProperties", ["solarLoadCoeffs", "sunTrackingUpdateInterval"]) is None


@pytest.mark.parametrize("text", [
    "pitzDaily simpleFoam, relaxation: k 2, epsilon 0.5",  # "epsi-lon 0.5" is no longitude
    "the plate is 2 m long. 5 m/s inflow",
    "a 40 N load and 3 N shear on the beam",
    "translation 3 m, isolation 2 cm, flat 4 deg",
])
def test_no_coordinates_inside_other_words(text):
    assert sun_readings(text) == []
