"""Session-19 pressure class in `new`: every stated pressure bound by its role on installed
tutorials of different pressure layouts, three phrasings each (terse engineer, verbose student,
other units / word order / non-native):

1. a charged domain that discharges (chokedNozzle's outletMachNumberPressure, a decompression
   tank's nozzle): an initial, vessel or reservoir pressure is the internalField only; an ambient
   or back pressure the outlet's level (pBack, value), never the other way round;
2. setFields parts named upstream/downstream (a shock tube's driver and driven sides);
3. every pressure condition's own level entry (fixedMean meanValue, totalPressure p0,
   waveTransmissive fieldInf, prghPressure/totalPressure p0 of an open side of p_rgh);
4. the reference: gauge/absolute, kinematic p over rho, a relative p_rgh;
5. a pressure that cannot be placed is not applied with why (no such outlet, a normalised gas
   with p = 1); a closed tank of a relative p_rgh takes it as pRefValue (session 20).
Each bound value is written into the base's file and read back."""

from __future__ import annotations

import gzip
import re

import pytest

from tasks.foam import dictionary as fd
from tasks.plan.bind import bind_all
from tasks.plan.stated import read_stated
from tests.conftest import TUTORIALS

CHOKED = "combustion/reactingFoam/RAS/chokedNozzle"
TANK = "compressible/sonicLiquidFoam/decompressionTank"
HELMHOLTZ = "compressible/rhoPimpleFoam/laminar/helmholtzResonance"
THROTTLE = "multiphase/cavitatingFoam/RAS/throttle"
SHOCK = "compressible/rhoCentralFoam/shockTube"
SONIC_SHOCK = "compressible/sonicFoam/laminar/shockTube"
JET = "compressible/rhoCentralFoam/LadenburgJet60psi"
TJUNCTION = "compressible/rhoPimpleFoam/RAS/TJunction"
PITZ = "incompressible/simpleFoam/pitzDaily"
WEIR = "multiphase/interFoam/RAS/weirOverflow"
SLOSH = "multiphase/interFoam/laminar/sloshingTank2D"
STEP = "compressible/rhoCentralFoam/forwardStep"
OBLIQUE = "compressible/rhoCentralFoam/obliqueShock"
SONIC_STEP = "compressible/sonicFoam/laminar/forwardStep"

# (tutorial, solver, request, {"file entry/path": number}); the file is matched on its field name
# (0/p or 0.orig/p), a setFieldsDict entry on the field named in its value
BOUND = [
    # 1. a charged domain that discharges
    (CHOKED, "reactingFoam", "chokedNozzle, initial p 4 bar, back pressure 1.2 bar, endTime 1 ms",
     {"p internalField": 4e5, "p boundaryField/outlet/pBack": 1.2e5}),
    (CHOKED, "reactingFoam", "I want the choked nozzle to blow down: the gas in the vessel starts at 500 kPa and the nozzle "
     "exhausts to an ambient of 14.5 psi", {"p internalField": 5e5, "p boundaryField/outlet/pBack": 99973.8}),
    (CHOKED, "reactingFoam", "reservoir gas at 3.5 bar, discharging to an ambient of 1 atm, 2 ms",
     {"p internalField": 3.5e5, "p boundaryField/outlet/pBack": 101325}),
    (CHOKED, "reactingFoam", "nozzle blow-down: upstream pressure 0.3 MPa, downstream 0.9 bar",
     {"p internalField": 3e5, "p boundaryField/outlet/pBack": 9e4}),
    (TANK, "sonicLiquidFoam", "decompressionTank: water tank at 120 bar initially, the nozzle exit at 1 bar, 0.2 ms",
     {"p internalField": 1.2e7, "p boundaryField/nozzle/value": 1e5}),
    (TANK, "sonicLiquidFoam", "Please pressurise the tank to 15 MPa at the start and keep everything else",
     {"p internalField": 1.5e7}),
    (TANK, "sonicLiquidFoam", "tank initial pressure 2000 psi, sonicLiquidFoam", {"p internalField": 13789514.0}),
    # 3. each condition's own level entry
    (HELMHOLTZ, "rhoPimpleFoam", "helmholtzResonance with rhoPimpleFoam: outlet mean pressure 1.2 bar, 0.05 s",
     {"p boundaryField/outlet/meanValue": 1.2e5}),
    (HELMHOLTZ, "rhoPimpleFoam", "the resonator should discharge into an outlet held at 0.2 bar gauge",
     {"p boundaryField/outlet/meanValue": 121325}),
    (HELMHOLTZ, "rhoPimpleFoam", "Helmholtz resonator, p_out = 95 kPa absolute", {"p boundaryField/outlet/meanValue": 95000}),
    (THROTTLE, "cavitatingFoam", "throttle: inlet pressure 250 bar and outlet pressure 60 bar, end time 1e-5 s",
     {"p boundaryField/inlet/p0": 2.5e7, "p boundaryField/outlet/value": 6e6}),
    (THROTTLE, "cavitatingFoam", "For the cavitating throttle I would like the supply at 25 MPa and the exit at 5 MPa",
     {"p boundaryField/inlet/p0": 2.5e7, "p boundaryField/outlet/value": 5e6}),
    (THROTTLE, "cavitatingFoam", "throttle, back pressure 40 bar, total pressure upstream 200 bar",
     {"p boundaryField/inlet/p0": 2e7, "p boundaryField/outlet/value": 4e6}),
    (JET, "rhoCentralFoam", "LadenburgJet60psi: jet supplied at 80 psi through the inlet, ambient 101 kPa",
     {"p boundaryField/inlet/value": 551580.56, "p boundaryField/outlet/fieldInf": 101000,
      "p boundaryField/freestream/p0": 101000}),
    (TJUNCTION, "rhoPimpleFoam", "TJunction: inlet total pressure 1.3 bar, both outlets at 1 atm",
     {"p boundaryField/inlet/p0": 1.3e5, "p boundaryField/outlet1/value": 101325}),
    (TJUNCTION, "rhoPimpleFoam", "T-junction with the inlet at 2 barg and the outlets at 1 bar absolute",
     {"p boundaryField/inlet/p0": 301325, "p boundaryField/outlet2/value": 1e5}),
    # 2. setFields parts named upstream / downstream
    (SHOCK, "rhoCentralFoam", "rhoCentralFoam shockTube, upstream 4 bar, downstream 0.4 bar, 4 ms",
     {"setFieldsDict defaultFieldValues p": 4e5, "setFieldsDict regions p": 4e4}),
    (SONIC_SHOCK, "sonicFoam", "sonicFoam shockTube: the upstream chamber is filled at 200 kPa and the downstream "
     "section at 20 kPa", {"setFieldsDict defaultFieldValues p": 2e5, "setFieldsDict regions p": 2e4}),
    (SHOCK, "rhoCentralFoam", "shock tube: high-pressure side 3 bar, low-pressure side 30 kPa",
     {"setFieldsDict defaultFieldValues p": 3e5, "setFieldsDict regions p": 3e4}),
    # 4. the reference: kinematic p, relative p_rgh
    (PITZ, "simpleFoam", "pitzDaily with water: outlet at 1 atm, inlet 10 m/s", {"p boundaryField/outlet/value": 0}),
    (PITZ, "simpleFoam", "pitzDaily, air of density 1.2 kg/m3, outlet static pressure 600 Pa gauge",
     {"p boundaryField/outlet/value": 500}),
    (WEIR, "interFoam", "weirOverflow: the open top is at ambient pressure 2 kPa gauge, 10 s",
     {"p_rgh boundaryField/atmosphere/p0": 2000}),
    (WEIR, "interFoam", "weir overflow, atmosphere at 1 atm absolute", {"p_rgh boundaryField/atmosphere/p0": 0}),
    # a closed tank of a relative p_rgh: the level p is referred to (pRefValue, absolute as the base keeps it)
    (SLOSH, "interFoam", "sloshingTank2D: tank pressurised to 3 bar", {"fvSolution PIMPLE/pRefValue": 3e5}),
]


def _read_back(tutorial: str, edits: list, where: str) -> float:
    """The number the binder's edits leave at `where` ("p boundaryField/outlet/pBack", "setFieldsDict
    regions p"), read back from the base's file with the edits written."""
    name, rest = where.split(" ", 1)
    base = TUTORIALS / tutorial
    if name == "setFieldsDict":
        key, field = rest.split()
        values = [e.value for e in edits if e.file == "system/setFieldsDict" and e.entry == [key]]
        assert values, f"no {key} edit"
        numbers = [float(m) for m in re.findall(rf"volScalarFieldValue\s+{field}\s+(\S+)", values[-1])]
        return numbers[0]
    entry = rest.split("/")
    mine = [e for e in edits if e.file.rsplit("/", 1)[-1] == name and e.entry == entry]
    assert mine, f"no edit of {name} {rest}"
    rel = mine[-1].file
    path = next(p for p in (base / rel, base / f"{rel}.gz") if p.is_file())
    text = gzip.decompress(path.read_bytes()).decode() if path.suffix == ".gz" else path.read_text()
    for e in [e for e in edits if e.file == rel and isinstance(e.value, str)]:
        text = fd.set_entry(text, e.entry, e.value)
    raw = " ".join((fd.get(text, entry) or "").split())
    return float(raw.split()[-1])


@pytest.mark.parametrize(("tutorial", "solver", "text", "expected"), BOUND)
def test_pressure_bound_by_role(tutorial: str, solver: str, text: str, expected: dict[str, float]) -> None:
    binder = bind_all(TUTORIALS / tutorial, solver, text, read_stated(text))
    assert not [n for n in binder.not_applied if "bar" in n.text or "Pa" in n.text or "psi" in n.text
                or "atm" in n.text], binder.not_applied
    for where, number in expected.items():
        assert _read_back(tutorial, binder.edits, where) == pytest.approx(number, rel=1e-4, abs=1e-9), where


# an initial or vessel pressure never reaches an outlet that holds another level, an ambient one
# never the charged domain's initial state
@pytest.mark.parametrize(("tutorial", "solver", "text", "untouched"), [
    (CHOKED, "reactingFoam", "chokedNozzle starting at 4 bar", "boundaryField/outlet/pBack"),
    (CHOKED, "reactingFoam", "choked nozzle, pressure 3 bar", "boundaryField/outlet/pBack"),  # a lone value: the charge
    (CHOKED, "reactingFoam", "choked nozzle venting to the atmosphere at 0.95 bar", "internalField"),
    (TANK, "sonicLiquidFoam", "the tank is charged to 90 bar", "boundaryField/nozzle/value"),
])
def test_role_keeps_the_other_level(tutorial: str, solver: str, text: str, untouched: str) -> None:
    binder = bind_all(TUTORIALS / tutorial, solver, text, read_stated(text))
    assert not any(e.file.endswith("/p") and "/".join(e.entry) == untouched for e in binder.edits)
    assert any(e.file.endswith("/p") for e in binder.edits)


@pytest.mark.parametrize(("tutorial", "solver", "text", "reason"), [
    (SHOCK, "rhoCentralFoam", "shock tube with an outlet pressure of 1 bar", "no outlet with a fixed or total pressure"),
    # a normalised gas (p = 1, c = 1): no pressure in Pa has a place
    (STEP, "rhoCentralFoam", "forwardStep: inflow pressure 1.5 bar, Mach 3", "normalised gas"),
    (OBLIQUE, "rhoCentralFoam", "obliqueShock with the upstream static pressure 50 kPa", "normalised gas"),
    (SONIC_STEP, "sonicFoam", "forward step, sonicFoam, back pressure 14.7 psi", "normalised gas"),
])
def test_not_applied_with_why(tutorial: str, solver: str, text: str, reason: str) -> None:
    binder = bind_all(TUTORIALS / tutorial, solver, text, read_stated(text))
    assert any(reason in n.reason for n in binder.not_applied), binder.not_applied
