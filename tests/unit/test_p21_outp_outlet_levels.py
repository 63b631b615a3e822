"""Session-21 outlet pressure class: a stated outlet, exit, back or ambient pressure lands on the
entry that carries the level in the base tutorial's own 0/p (0/p_rgh), whatever condition the
outlet uses, converted to what the base holds:

1. the carrying entry of each condition: outletMachNumberPressure pBack, waveTransmissive
   fieldInf (through the `$pressure` of 0/include/initialConditions), fixedMean meanValue,
   totalPressure p0, prghTotalHydrostaticPressure p0 under a group key "(side|outlet)";
2. the reference the base holds, read off its own level: an atmospheric-sized base (cavitatingFoam's
   300 bar throttle, interPhaseChangeFoam's 1e5 p_rgh) is absolute, a gauge value takes the
   atmosphere on; a base at 0 (interFoam) is relative, an absolute value gives the atmosphere up;
   kinematic p over a stated density;
3. an external flow with no patch called outlet: the far field (aerofoilNACA0012's freestream);
4. an outlet whose condition holds no level (TJunctionAverage's exprFixedValue) is said, not
   silently skipped.
Each bound value is written into the base's file and parsed back."""

from __future__ import annotations

import gzip

import pytest

from tasks.foam import dictionary as fd
from tasks.plan.bind import bind_all
from tasks.plan.stated import read_stated
from tests.conftest import TUTORIALS

CHOKED = ("combustion/reactingFoam/RAS/chokedNozzle", "reactingFoam")
LES_PITZ = ("compressible/rhoPimpleFoam/LES/pitzDaily", "rhoPimpleFoam")
NACA = ("compressible/sonicFoam/RAS/nacaAirfoil", "sonicFoam")
HELMHOLTZ = ("compressible/rhoPimpleFoam/laminar/helmholtzResonance", "rhoPimpleFoam")
PANEL = ("combustion/fireFoam/LES/flameSpreadWaterSuppressionPanel", "fireFoam")
VORTEX = ("incompressible/pimpleFoam/LES/vortexShed", "pimpleFoam")
THROTTLE = ("multiphase/cavitatingFoam/RAS/throttle", "cavitatingFoam")
BULLET = ("multiphase/interPhaseChangeFoam/cavitatingBullet", "interPhaseChangeFoam")
DAMBREAK = ("multiphase/interFoam/laminar/damBreak/damBreak", "interFoam")
AEROFOIL = ("compressible/rhoSimpleFoam/aerofoilNACA0012", "rhoSimpleFoam")
MIXER = ("compressible/rhoPimpleFoam/RAS/annularThermalMixer", "rhoPimpleFoam")
TJ_AVERAGE = ("compressible/rhoPimpleFoam/RAS/TJunctionAverage", "rhoPimpleFoam")


def _written(tutorial: str, edits: list, field: str, entry: list[str]) -> float:
    """The number at `entry` of the field file (0/<field> or 0.orig/<field>) once every edit of
    the plan is written into the base's files; `$var` read through the file it #includes."""
    base = TUTORIALS / tutorial
    texts: dict[str, str] = {}
    for e in edits:
        if isinstance(e.value, str) and e.file not in texts:
            path = next(p for p in (base / e.file, base / f"{e.file}.gz") if p.is_file())
            texts[e.file] = gzip.decompress(path.read_bytes()).decode() if path.suffix == ".gz" else path.read_text()
    for e in edits:
        if isinstance(e.value, str):
            texts[e.file] = fd.set_entry(texts[e.file], e.entry, e.value)
    rel = next(r for r in (f"0.orig/{field}", f"0/{field}") if (base / r).is_file() or (base / f"{r}.gz").is_file())
    if rel not in texts:
        path = base / rel
        texts[rel] = path.read_text()
    raw = " ".join((fd.get(texts[rel], entry) or "").split()).split()[-1]
    if raw.startswith("$"):  # `freestreamValue $pOut;` of the same file, `fieldInf $pressure;` of an #include
        home = next(t for t in (texts[rel], *texts.values()) if fd.get(t, [raw[1:]]) is not None)
        raw = fd.get(home, [raw[1:]]).split()[-1]
    return float(raw)


CARRIED = [
    # 1. the carrying entry of each outlet condition, absolute Pa for a gas
    (CHOKED, "chokedNozzle with the nozzle exhausting to a back pressure of 0.9 bar", "p",
     ["boundaryField", "outlet", "pBack"], 9e4),
    (CHOKED, "choked nozzle, exit pressure 300 Pa gauge", "p", ["boundaryField", "outlet", "pBack"], 101625),
    (LES_PITZ, "LES pitzDaily with rhoPimpleFoam: outlet static pressure 95 kPa", "p",
     ["boundaryField", "outlet", "fieldInf"], 95000),
    (LES_PITZ, "compressible pitzDaily, the exit sits 2 kPa above atmospheric (gauge)", "p",
     ["boundaryField", "outlet", "fieldInf"], 103325),
    (NACA, "nacaAirfoil: outlet pressure 0.9 atm", "p", ["boundaryField", '"outlet.*"', "fieldInf"], 91192.5),
    (HELMHOLTZ, "helmholtz resonator discharging at an outlet pressure of 1.1 bar", "p",
     ["boundaryField", "outlet", "meanValue"], 1.1e5),
    (PANEL, "flame spread panel, outlet pressure 0.95 bar", "p_rgh", ["boundaryField", '"(side|outlet)"', "p0"], 95000),
    (VORTEX, "vortex shedding, water of density 1000 kg/m3, outlet at 500 Pa gauge", "p",
     ["boundaryField", '"outlet|top|bottom"', "p0"], 0.5),
    # 2. the reference the base holds: its own level tells
    (THROTTLE, "cavitating throttle, outlet pressure 500 kPa gauge", "p", ["boundaryField", "outlet", "value"], 601325),
    (THROTTLE, "throttle exit at 50 bar", "p", ["boundaryField", "outlet", "value"], 5e6),
    (BULLET, "cavitating bullet, outlet pressure 20 kPa gauge", "p_rgh", ["boundaryField", "outlet", "value"], 121325),
    (DAMBREAK, "damBreak with the atmosphere at 1.05 bar", "p_rgh", ["boundaryField", "atmosphere", "p0"], 3675),
    (DAMBREAK, "dam break, open top at 2 kPa gauge", "p_rgh", ["boundaryField", "atmosphere", "p0"], 2000),
    # the same for an inlet's total pressure
    (THROTTLE, "throttle, inlet total pressure 200 bar gauge", "p", ["boundaryField", "inlet", "p0"], 20101325),
    (DAMBREAK, "dam break, open top at 101 kPa absolute", "p_rgh", ["boundaryField", "atmosphere", "p0"], -325),
    # 3. an external flow: the far field holds the surroundings' pressure
    (AEROFOIL, "NACA0012 aerofoil, outlet pressure 95000 Pa", "p", ["boundaryField", "freestream", "freestreamValue"],
     95000),
]


@pytest.mark.parametrize(("case", "text", "field", "entry", "expected"), CARRIED,
                         ids=[f"{c[0][0].rsplit('/', 1)[-1]}-{i}" for i, c in enumerate(CARRIED)])
def test_outlet_pressure_lands_on_the_carrying_entry(case, text, field, entry, expected):
    tutorial, solver = case
    stated = read_stated(text)
    binder = bind_all(TUTORIALS / tutorial, solver, text, stated)
    assert not binder.not_applied, binder.not_applied
    assert _written(tutorial, binder.edits, field, entry) == pytest.approx(expected, rel=1e-6)


def test_a_condition_merged_from_the_case_settings_takes_the_level_where_it_is_defined():
    """annularThermalMixer's 0.orig/p says `outlet { $:outlet.p; }`; the totalPressure it merges is
    in constant/boundaryConditions (included through constant/caseSettings)."""
    tutorial, solver = MIXER
    text = "annular thermal mixer, outlet pressure 0.95 bar"
    binder = bind_all(TUTORIALS / tutorial, solver, text, read_stated(text))
    assert not binder.not_applied, binder.not_applied
    edit = next(e for e in binder.edits if e.file == "constant/boundaryConditions")
    written = fd.set_entry((TUTORIALS / tutorial / edit.file).read_text(), edit.entry, edit.value)
    assert edit.entry == ["outlet", "p", "p0"]
    assert fd.get(written, ["outlet", "p", "type"]) == "totalPressure"
    assert float(fd.get(written, ["outlet", "p", "p0"]).split()[-1]) == pytest.approx(95000)


def test_an_outlet_whose_condition_holds_no_level_is_said():
    tutorial, solver = TJ_AVERAGE
    text = "TJunctionAverage, outlets at 0.95 bar"
    binder = bind_all(TUTORIALS / tutorial, solver, text, read_stated(text))
    assert _written(tutorial, binder.edits, "p", ["boundaryField", "outlet2", "value"]) == pytest.approx(95000)
    assert not any("outlet1" in e.entry for e in binder.edits)  # its expression stays the base's
    assert any("outlet1 (exprFixedValue)" in a for a in binder.assumptions), binder.assumptions


def test_a_group_key_is_shared_and_said():
    tutorial, solver = PANEL
    text = "outlet pressure 0.95 bar"
    binder = bind_all(TUTORIALS / tutorial, solver, text, read_stated(text))
    assert any('"(side|outlet)"' in a and "outlet" in a for a in binder.assumptions), binder.assumptions
    assert not any(e.entry[1:2] == ["outlet"] for e in binder.edits)  # no second, shadowing entry
