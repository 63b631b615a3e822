"""Session-20 initial/operating pressure class: in solvers that solve p_rgh, a stated tank,
initial or operating pressure lands on every entry that holds the base's level (p and p_rgh
internalField, patch values at that level, setFields defaults, pRefValue, a fluid region's
changeDictionaryDict); in incompressible p_rgh solvers it goes to pRefValue or is not applied
with why. Installed tutorials, three phrasings each (terse, verbose, other units / word order);
each bound value is read back from the base's file with the edits written."""

from __future__ import annotations

import gzip
import re

import pytest

from tasks.foam import dictionary as fd
from tasks.plan.bind import bind_all
from tasks.plan.bind_pressure_initial import held_patches, reference_entry, reference_value
from tasks.plan.stated import read_stated
from tests.conftest import TUTORIALS

SLOSH_C = ("multiphase/compressibleInterDyMFoam/laminar/sloshingTank2D", "compressibleInterDyMFoam")
DEPTH = ("multiphase/compressibleInterFoam/laminar/depthCharge2D", "compressibleInterFoam")
ROD = ("multiphase/compressibleInterFoam/laminar/climbingRod", "compressibleInterFoam")
FOUR = ("multiphase/compressibleMultiphaseInterFoam/laminar/damBreak4phase", "compressibleMultiphaseInterFoam")
ROOM = ("heatTransfer/buoyantPimpleFoam/hotRoom", "buoyantPimpleFoam")
CAVITY = ("heatTransfer/buoyantSimpleFoam/buoyantCavity", "buoyantSimpleFoam")
CHT = ("heatTransfer/chtMultiRegionFoam/multiRegionHeater", "chtMultiRegionFoam")
COLUMN = ("multiphase/twoPhaseEulerFoam/laminar/bubbleColumn", "twoPhaseEulerFoam")
SLOSH = ("multiphase/interFoam/laminar/sloshingTank2D", "interFoam")
BOUSSINESQ = ("heatTransfer/buoyantBoussinesqPimpleFoam/hotRoom", "buoyantBoussinesqPimpleFoam")
DAHL = ("multiphase/driftFluxFoam/RAS/dahl", "driftFluxFoam")

ATM = 101325.0

# (base, request, {"file-suffix entry/path": number}); a setFieldsDict entry is "setFieldsDict <key> <field>"
BOUND = [
    (SLOSH_C, "compressibleInterDyMFoam sloshingTank2D, tank pressurised to 20 bar",
     {"0/p internalField": 2e6, "0/p_rgh internalField": 2e6}),
    (SLOSH_C, "I would like the compressible sloshing tank where the tank is initially at a pressure of 2 MPa.",
     {"0/p internalField": 2e6, "0/p_rgh internalField": 2e6}),
    (SLOSH_C, "sloshing tank compressible, initial pressure 72.5 psi gauge",
     {"0/p internalField": 72.5 * 6894.757293168 + ATM, "0/p_rgh internalField": 72.5 * 6894.757293168 + ATM}),
    (DEPTH, "depthCharge2D, initial pressure 3 bar everywhere",
     {"0.orig/p internalField": 3e5, "0.orig/p_rgh internalField": 3e5, "0.orig/p boundaryField/walls/value": 3e5,
      "setFieldsDict defaultFieldValues p": 3e5, "setFieldsDict defaultFieldValues p_rgh": 3e5}),
    (DEPTH, "Please set up the depth charge case; the surrounding water and air should start at an absolute "
     "pressure of 300 kPa instead of 1 bar.",
     {"0.orig/p_rgh internalField": 3e5, "setFieldsDict defaultFieldValues p_rgh": 3e5}),
    (DEPTH, "depthCharge2D: operating pressure 43.5 psi (absolute)",
     {"0.orig/p internalField": 299921.93, "setFieldsDict defaultFieldValues p": 299921.93}),
    (ROD, "climbingRod, ambient pressure 2 bar",
     {"0.orig/p internalField": 2e5, "0.orig/p_rgh internalField": 2e5,
      "0.orig/p_rgh boundaryField/atmosphere/p0": 2e5}),
    (ROD, "For the climbing rod case with compressibleInterFoam, please use an ambient pressure of 200 kPa instead "
     "of the usual atmospheric one.", {"0.orig/p_rgh internalField": 2e5, "0.orig/p_rgh boundaryField/atmosphere/p0": 2e5}),
    (ROD, "climbingRod compressibleInterFoam, operating pressure 1500 mmHg",
     {"0.orig/p_rgh internalField": 199983.58, "0.orig/p internalField": 199983.58}),
    (FOUR, "damBreak4phase, ambient pressure 2 bar",
     {"0.orig/p_rgh internalField": 2e5, "0.orig/p_rgh boundaryField/atmosphere/p0": 2e5}),
    (FOUR, "damBreak4phase operating pressure 2 atm", {"0.orig/p internalField": 2 * ATM,
                                                        "0.orig/p_rgh internalField": 2 * ATM}),
    (ROOM, "hotRoom, operating pressure 1.5 bar",
     {"0.orig/p internalField": 1.5e5, "0.orig/p_rgh internalField": 1.5e5,
      "0.orig/p_rgh boundaryField/floor/value": 1.5e5, "system/fvSolution PIMPLE/pRefValue": 1.5e5}),
    (ROOM, "Can you run the hot room but with the room air initially at 150 kPa rather than atmospheric?",
     {"0.orig/p_rgh internalField": 1.5e5, "system/fvSolution PIMPLE/pRefValue": 1.5e5}),
    (ROOM, "hot room, the room is pressurised to 0.5 bar gauge",
     {"0.orig/p_rgh internalField": 5e4 + ATM, "0.orig/p internalField": 5e4 + ATM}),
    (CAVITY, "buoyantCavity with an operating pressure of 2 bar",
     {"0/p internalField": 2e5, "0/p_rgh internalField": 2e5, "0/p_rgh boundaryField/hot/value": 2e5}),
    (CHT, "multiRegionHeater, operating pressure 2 bar",
     {"system/topAir/changeDictionaryDict p_rgh/internalField": 2e5,
      "system/topAir/changeDictionaryDict p/internalField": 2e5,
      "system/topAir/changeDictionaryDict p_rgh/boundaryField/maxX/value": 2e5}),
    (CHT, "I need the multiRegionHeater conjugate heat transfer case with the fluid initially at an absolute "
     "pressure of 200 kPa.", {"system/topAir/changeDictionaryDict p_rgh/internalField": 2e5}),
    (CHT, "multiRegionHeater chtMultiRegionFoam, initial pressure 29 psi",
     {"system/topAir/changeDictionaryDict p/internalField": 199947.96}),
    (COLUMN, "twoPhaseEulerFoam laminar bubbleColumn, operating pressure 3 bar",
     {"0/p internalField": 3e5, "0/p_rgh internalField": 3e5}),
    (COLUMN, "Please set up the bubble column where the column starts at 300 kPa absolute.",
     {"0/p internalField": 3e5, "0/p_rgh internalField": 3e5}),
    (COLUMN, "bubbleColumn twoPhaseEulerFoam, initial pressure 0.3 MPa", {"0/p_rgh internalField": 3e5}),
    # incompressible interFoam: the level p is referred to in its closed tank (pRefValue, absolute as the base's)
    (SLOSH, "interFoam sloshingTank2D, tank initially at 2 bar", {"system/fvSolution PIMPLE/pRefValue": 2e5}),
    (SLOSH, "The interFoam 2D sloshing tank, but with the tank pressurised to 200 kPa at the start.",
     {"system/fvSolution PIMPLE/pRefValue": 2e5}),
    (SLOSH, "sloshingTank2D interFoam, tank at 1 bar gauge", {"system/fvSolution PIMPLE/pRefValue": 1e5 + ATM}),
]


def _text_with_edits(tutorial: str, rel: str, edits: list) -> str:
    base = TUTORIALS / tutorial
    path = next(p for p in (base / rel, base / f"{rel}.gz") if p.is_file())
    text = gzip.decompress(path.read_bytes()).decode() if path.suffix == ".gz" else path.read_text()
    for e in [e for e in edits if e.file == rel and isinstance(e.value, str)]:
        text = fd.set_entry(text, e.entry, e.value)
    return text


def _read_back(tutorial: str, edits: list, where: str) -> float:
    """The number the edits leave at `where`, read back from the base's file with them written."""
    rel, rest = where.split(" ", 1)
    if rel == "setFieldsDict":
        key, field = rest.split()
        text = _text_with_edits(tutorial, "system/setFieldsDict", edits)
        values = fd.get(text, [key]) or ""
        found = re.search(rf"volScalarFieldValue\s+{field}\s+([-+\d.eE]+)", values)
        assert found, f"no {field} in {key}"
        return float(found.group(1))
    entry = rest.split("/")
    assert any(e.file == rel and e.entry == entry for e in edits), f"no edit of {where}"
    raw = " ".join((fd.get(_text_with_edits(tutorial, rel, edits), entry) or "").split())
    return float(raw.split()[-1])


@pytest.mark.parametrize(("base", "text", "expected"), BOUND)
def test_level_lands_everywhere(base: tuple[str, str], text: str, expected: dict[str, float]) -> None:
    tutorial, solver = base
    binder = bind_all(TUTORIALS / tutorial, solver, text, read_stated(text))
    assert not binder.not_applied, binder.not_applied
    for where, number in expected.items():
        assert _read_back(tutorial, binder.edits, where) == pytest.approx(number, rel=1e-6), where


@pytest.mark.parametrize(("base", "text", "kept"), [
    # an outlet at another level than the domain's is not an initial level's
    (COLUMN, "bubbleColumn: initial pressure 3 bar, outlet at 1 atm", ("0/p_rgh", ["boundaryField", "outlet", "p"], 101325)),
    # a liquid region whose p is not at the domain's level keeps it
    (CHT, "multiRegionHeater, operating pressure 2 bar", ("system/bottomWater/changeDictionaryDict",
                                                          ["p_rgh", "internalField"], None)),
])
def test_other_levels_kept(base: tuple[str, str], text: str, kept: tuple[str, list[str], float | None]) -> None:
    tutorial, solver = base
    binder = bind_all(TUTORIALS / tutorial, solver, text, read_stated(text))
    rel, entry, value = kept
    mine = [e for e in binder.edits if e.file == rel and e.entry == entry]
    if value is None:
        assert not mine
    else:
        assert float(str(mine[-1].value).split()[-1]) == pytest.approx(value)


@pytest.mark.parametrize(("base", "text", "reason"), [
    (BOUSSINESQ, "buoyantBoussinesqPimpleFoam hotRoom, operating pressure 2 bar", "does not change it"),
    (BOUSSINESQ, "The Boussinesq hot room where the air starts at 150 kPa", "kinematic pressure"),
    (DAHL, "driftFluxFoam dahl, initial pressure 2 bar", "incompressible"),
])
def test_incompressible_level_not_applied(base: tuple[str, str], text: str, reason: str) -> None:
    tutorial, solver = base
    binder = bind_all(TUTORIALS / tutorial, solver, text, read_stated(text))
    assert any(reason in n.reason for n in binder.not_applied), binder.not_applied
    assert not any(e.file.endswith(("/p", "/p_rgh")) for e in binder.edits)


_FIELD = """internalField uniform 1e5;
boundaryField
{
    flux { type fixedFluxPressure; value uniform 1e5; }
    calc { type calculated; value $internalField; }
    other { type calculated; value uniform 2e5; }
    fixed { type fixedValue; value uniform 1e5; }
    open { type prghPressure; p uniform 1e5; value uniform 1e5; }
    empty { type empty; }
}
"""


def test_held_patches() -> None:
    assert held_patches(_FIELD, 1e5) == ["flux"]


@pytest.mark.parametrize(("text", "entry"), [
    ("PIMPLE { nCorrectors 2; pRefCell 0; pRefValue 1e5; }", ["PIMPLE", "pRefValue"]),
    ("SIMPLE { pRefCell 0; pRefValue 0; }", ["SIMPLE", "pRefValue"]),
    ("PIMPLE { nCorrectors 2; }", None),
])
def test_reference_entry(text: str, entry: list[str] | None) -> None:
    assert reference_entry(text) == entry


@pytest.mark.parametrize(("pascal", "reference", "base_ref", "value"), [
    (2e5, None, 1e5, 2e5), (1e5, "gauge", 1e5, 1e5 + ATM), (2e5, "absolute", 0.0, 2e5 - ATM),
    (2e4, None, 0.0, 2e4), (3e5, None, 0.0, 3e5 - ATM),
])
def test_reference_value(pascal: float, reference: str | None, base_ref: float, value: float) -> None:
    assert reference_value(pascal, reference, base_ref) == pytest.approx(value)


# `modify`: the same level through the binder of `new`; the binder's last value of an entry it
# set twice (setFields' defaults: p, then p_rgh) is the one the plan keeps
MODIFY = [
    (SLOSH_C, "raise the tank pressure to 20 bar", {"0/p internalField": 2e6, "0/p_rgh internalField": 2e6}),
    (SLOSH_C, "Could you change the initial pressure of the tank to 2 MPa?", {"0/p_rgh internalField": 2e6}),
    (ROOM, "set the operating pressure to 1.5 bar", {"0/p_rgh internalField": 1.5e5,
                                                     "system/fvSolution PIMPLE/pRefValue": 1.5e5}),
    (ROOM, "the room should start at 21.76 psi instead", {"0/p internalField": 150029.9123}),
    (DEPTH, "change the initial pressure everywhere to 3 bar",
     {"setFieldsDict defaultFieldValues p": 3e5, "setFieldsDict defaultFieldValues p_rgh": 3e5,
      "0/p_rgh internalField": 3e5}),
    (COLUMN, "the column should start at 300 kPa", {"0/p internalField": 3e5, "0/p_rgh internalField": 3e5}),
]


@pytest.mark.parametrize(("base", "text", "expected"), MODIFY)
def test_modify_level(tmp_path, base: tuple[str, str], text: str, expected: dict[str, float]) -> None:
    import shutil

    from tasks.edit.modify import apply_changes, plan_changes, read_state
    from tasks.edit.modify_steps import unpack_dictionaries

    case = tmp_path / "case"
    shutil.copytree(TUTORIALS / base[0], case)
    unpack_dictionaries(case)
    if (case / "0.orig").is_dir() and not (case / "0").is_dir():
        shutil.copytree(case / "0.orig", case / "0")
    state = read_state(case)
    apply_changes(state, plan_changes(state, text))
    for where, number in expected.items():
        rel, rest = where.split(" ", 1)
        if rel == "setFieldsDict":
            key, field = rest.split()
            found = re.search(rf"volScalarFieldValue\s+{field}\s+([-+\d.eE]+)",
                              fd.get((case / "system/setFieldsDict").read_text(), [key]) or "")
            assert found and float(found.group(1)) == pytest.approx(number, rel=1e-6), where
            continue
        # the run starts from 0.orig where the case keeps one (restored before each run)
        path = next(case / r for r in (rel.replace("0/", "0.orig/", 1), rel) if (case / r).is_file())
        value = float(" ".join((fd.get(path.read_text(), rest.split("/")) or "").split()).split()[-1])
        assert value == pytest.approx(number, rel=1e-6), where
