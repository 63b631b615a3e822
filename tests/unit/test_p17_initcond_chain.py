"""Values a tutorial keeps in include files, variables and 0.orig/: a stated value goes where the
run takes it from (the variable's definition along the `#include` / `$var` / `$:a.b` chain of
the role's patch), reads back through that chain, and the plan says which other entries share it.
Probes: installed tutorials, three phrasings each (terse, verbose, other units / word order)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from tasks.foam import dictionary as fd
from tasks.foam.includes import expand_text
from tasks.plan.bind import bind_all
from tasks.plan.bind_base import Base
from tasks.plan.bind_include_named import clause_before, field_takes_named
from tasks.plan.bind_include_scoped import (field_of_entry, included_rels, scoped_home, twin_variables,
                                            variable_readers)
from tasks.plan.bind_includes import macro_list, shared_internal
from tasks.plan.stated import read_stated

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")

_MB = "incompressible/simpleFoam/motorBike"
_WAB = "incompressible/simpleFoam/windAroundBuildings"
_OVERSET = "incompressible/overSimpleFoam/aeroFoil/background_overset"
_BUILDING = "incompressible/lumpedPointMotion/building/steady"
_DTC = "multiphase/interFoam/RAS/DTCHull"
_MEMBRANE = "combustion/reactingFoam/RAS/membrane"
_IC = "0.orig/include/initialConditions"

# (tutorial, solver, request, stated text, file, entry, value)
PROBES = [
    # a free stream kept in include/initialConditions (flowVelocity), read by the inlet as $internalField
    (_MB, "simpleFoam", "motorBike, free stream 25 m/s", "25 m/s", _IC, ["flowVelocity"], "(25 0 0)"),
    (_MB, "simpleFoam", "Please set up the motorbike with the rider travelling at 72 km/h", "72 km/h", _IC,
     ["flowVelocity"], "(20 0 0)"),
    (_MB, "simpleFoam", "motorbike at 60 ft/s", "60 ft/s", _IC, ["flowVelocity"], "(18.288 0 0)"),
    # turbulence values in the same file
    (_MB, "simpleFoam", "motorbike, inlet k 0.06", "k 0.06", _IC, ["turbulentKE"], "0.06"),
    (_MB, "simpleFoam", "motorBike with inlet turbulent kinetic energy 0.5 m2/s2 and omega 2 1/s", "0.5 m2/s2", _IC,
     ["turbulentKE"], "0.5"),
    (_MB, "simpleFoam", "motorBike with inlet turbulent kinetic energy 0.5 m2/s2 and omega 2 1/s", "2 1/s", _IC,
     ["turbulentOmega"], "2"),
    # variables at the top of the field file (Uinlet, kInlet)
    (_WAB, "simpleFoam", "wind at 10 m/s", "10 m/s", "0.orig/U", ["Uinlet"], "(10 0 0)"),
    (_WAB, "simpleFoam", "I would like the approaching wind speed to be 36 km/h around the buildings", "36 km/h",
     "0.orig/U", ["Uinlet"], "(10 0 0)"),
    (_WAB, "simpleFoam", "buildings in a 20 knots wind", "20 knots", "0.orig/U", ["Uinlet"], "(10.28888889 0 0)"),
    (_WAB, "simpleFoam", "windAroundBuildings: inlet k 0.06 m2/s2", "0.06 m2/s2", "0.orig/k", ["kInlet"], "0.06"),
    # a field's name that a dictionary also has (BirdCarreauCoeffs k, a solver-control k): the field's
    (_OVERSET, "overSimpleFoam", "k 0.1 m2/s2", "0.1 m2/s2", _IC, ["turbulentKE"], "0.1"),
    (_OVERSET, "overSimpleFoam", "aerofoil background mesh with a free-stream turbulent kinetic energy of 0.1 m2/s2",
     "0.1 m2/s2", _IC, ["turbulentKE"], "0.1"),
    (_OVERSET, "overSimpleFoam", "free stream 30 m/s, k 0.1 m2/s2", "0.1 m2/s2", _IC, ["turbulentKE"], "0.1"),
    (_BUILDING, "simpleFoam", "wind 15 m/s, turbulent kinetic energy 0.5 m2/s2", "0.5 m2/s2", _IC, ["turbulentKE"],
     "0.5"),
    (_BUILDING, "simpleFoam", "the inlet turbulent kinetic energy should be 0.5 m2/s2", "0.5 m2/s2", _IC,
     ["turbulentKE"], "0.5"),
    # a vector whose components are variables (`uniform ($mUmean 0 0)`): the variable, with the base's sign
    (_DTC, "interFoam", "ship speed 2 m/s", "2 m/s", "0.orig/U", ["mUmean"], "-2"),
    (_DTC, "interFoam", "DTCHull case with an inlet velocity of 7.2 km/h", "7.2 km/h", "0.orig/U", ["mUmean"], "-2"),
    (_DTC, "interFoam", "the inlet water speed is 6.5616 ft/s", "6.5616 ft/s", "0.orig/U", ["mUmean"],
     "-1.99997568"),
    # scoped references into an #include'd dictionary (`uniform $:pipe.CH4`)
    (_MEMBRANE, "reactingFoam", "inlet pipe CH4 mass fraction 0.2", "0.2", "0.orig/include", ["pipe", "CH4"], "0.2"),
    (_MEMBRANE, "reactingFoam", "the pipe inlet carries 30 % methane by mass", "30 %", "0.orig/include",
     ["pipe", "CH4"], "0.3"),
    (_MEMBRANE, "reactingFoam", "CH4 0.2 at the pipe inlet", "CH4 0.2", "0.orig/include", ["pipe", "CH4"], "0.2"),
]


def _where(tutorial: str, solver: str, text: str):
    binder = bind_all(TUTORIALS / tutorial, solver, text, read_stated(text))
    return binder, {(b.stated, b.file, tuple(b.entry)): b.value for b in binder.bindings}


@needs_tutorials
@pytest.mark.parametrize("tutorial, solver, text, stated, file, entry, value", PROBES)
def test_a_value_goes_to_the_definition_the_run_reads(tutorial, solver, text, stated, file, entry, value):
    if not (TUTORIALS / tutorial).is_dir():
        pytest.skip(f"{tutorial} not installed")
    binder, where = _where(tutorial, solver, text)
    assert where.get((stated, file, tuple(entry))) == value, (where, binder.not_applied)
    # never also to a dictionary entry of the same name (BirdCarreauCoeffs k, fvSolution k)
    assert not any(f.startswith(("constant/", "system/")) for s, f, _ in where if s == stated), where


@needs_tutorials
def test_a_scoped_value_goes_to_its_stream_only():
    binder, where = _where(_MEMBRANE, "reactingFoam", "CH4 0.2 at the pipe inlet")
    assert ("CH4 0.2", "0.orig/include", ("sleeve", "CH4")) not in where
    assert any(e.file == "0.orig/include" and e.entry == ["pipe", "N2"] and e.value == "0.8" for e in binder.edits)


def _apply(tutorial: str, binder, tmp_path: Path) -> Path:
    case = tmp_path / "case"
    for folder in ("0.orig", "0"):
        src = TUTORIALS / tutorial / folder
        if src.is_dir():
            shutil.copytree(src, case / folder)
    for edit in binder.edits:
        path = case / edit.file
        if path.is_file() and isinstance(edit.value, str):
            path.write_text(fd.set_entry(path.read_text(), edit.entry, edit.value))
    return case


@needs_tutorials
@pytest.mark.parametrize("tutorial, solver, text, field, patch, key, expected", [
    (_MB, "simpleFoam", "motorbike at 72 km/h", "U", "inlet", "value", "uniform (20 0 0)"),
    (_MB, "simpleFoam", "motorbike, inlet k 0.06", "k", "inlet", "value", "uniform 0.06"),
    (_WAB, "simpleFoam", "wind at 36 km/h", "U", "inlet", "value", "uniform (10 0 0)"),
    (_DTC, "interFoam", "ship speed 2 m/s", "U", "inlet", "value", "uniform (-2 0 0)"),
    (_MEMBRANE, "reactingFoam", "inlet pipe CH4 mass fraction 0.2", "CH4", "inletPipe", "value", "uniform 0.2"),
])
def test_the_patch_reads_the_value_back_through_the_chain(tmp_path, tutorial, solver, text, field, patch, key,
                                                           expected):
    if not (TUTORIALS / tutorial / "0.orig" / field).is_file():
        pytest.skip(f"{tutorial} is stored compressed")
    binder, _ = _where(tutorial, solver, text)
    case = _apply(tutorial, binder, tmp_path)
    base = Base(case)
    rel = base.field_rels(field)[0]
    full = base.expanded(rel) or ""
    raw = fd.get(full, ["boundaryField", patch, key]) or ""
    for _ in range(3):  # $internalField -> uniform $flowVelocity -> (20 0 0)
        raw = expand_text(raw.replace("$internalField", fd.get(full, ["internalField"]) or ""), full)
    assert " ".join(raw.split()).replace("uniform uniform", "uniform") == expected


@needs_tutorials
def test_the_plan_says_what_else_a_shared_variable_sets():
    binder, _ = _where(_MB, "simpleFoam", "motorbike, inlet k 0.06")
    note = next(a for a in binder.assumptions if a.startswith("turbulentKE"))
    assert "internalField" in note and "outlet/inletValue" in note


# pure helpers ------------------------------------------------------------------------------
_K = """FoamFile { class volScalarField; object k; }
#include "include/initialConditions"
dimensions [0 2 -2 0 0 0 0];
internalField uniform $turbulentKE;
boundaryField
{
    inlet { type fixedValue; value $internalField; }
    outlet { type inletOutlet; inletValue $internalField; value $internalField; }
    wall { type kqRWallFunction; value uniform 0; }
}
"""


class _FakeBase:
    def __init__(self, files: dict[str, str]) -> None:
        self.files = files

    def text(self, rel: str) -> str | None:
        return self.files.get(rel)

    def field_rels(self, field: str) -> list[str]:
        return [r for r in (f"0.orig/{field}", f"0/{field}") if r in self.files]

    def expanded(self, rel: str, depth: int = 0) -> str | None:
        return self.files.get(rel)


_TP = "BirdCarreauCoeffs { k k [0 0 1 0 0 0 0] 0; }\n"


@pytest.mark.parametrize("value_text, before, field_wins", [
    ("0.1 m2/s2", "k ", True),  # the field's unit, the entry in seconds
    ("0.1", "inlet k ", True),  # a place: the field's
    ("0.1", "free-stream k ", True),
    ("0.1", "k ", False),  # a bare number, no place: left to the entry by name
    ("0.1 s", "k ", False),  # the entry's unit
])
def test_a_named_value_is_the_fields_when_its_words_or_unit_say_so(value_text, before, field_wins):
    base = _FakeBase({"0.orig/k": _K, "constant/transportProperties": _TP})
    where = [("constant/transportProperties", ["BirdCarreauCoeffs", "k"])]
    assert field_takes_named(base, "k", where, value_text, before) is field_wins


def test_a_name_the_case_has_no_field_of_stays_the_entrys():
    base = _FakeBase({"constant/transportProperties": _TP})
    assert not field_takes_named(base, "k", [("constant/transportProperties", ["BirdCarreauCoeffs", "k"])],
                                 "0.1 m2/s2", "inlet k ")


@pytest.mark.parametrize("text, at, words", [
    ("wind 15 m/s, inlet k 0.5", 20, "inlet k "),
    ("free stream 30 m/s and k 0.1", 25, "k "),
])
def test_clause_before(text, at, words):
    assert clause_before(text, at).strip() == words.strip()


@pytest.mark.parametrize("raw, result", [
    ("uniform ($mUmean 0 0)", True),
    ("($Ux $Uy 0)", True),
    ("uniform (1 0 0)", False),
    ("uniform $flowVelocity", False),
    ("uniform ($a $b)", False),
])
def test_macro_list(raw, result):
    assert macro_list(raw) is result


def test_an_internal_vector_of_variables_is_shared():
    assert shared_internal("internalField uniform ($mUmean 0 0);")


@pytest.mark.parametrize("rel, text, found", [
    ("0.orig/CH4", '#include "include"\n', ["0.orig/include"]),
    ("0/U", '#include "include/initialConditions"\n', ["0/include/initialConditions"]),
    ("0/U", '#include "$FOAM_CASE/constant/caseSettings"\n', ["constant/caseSettings"]),
    ("0/U", '#includeEtc "caseDicts/setConstraintTypes"\n', []),
])
def test_included_rels(rel, text, found):
    assert included_rels(rel, text) == found


def test_scoped_home_finds_the_sub_entry_in_the_included_file():
    base = _FakeBase({"0.orig/CH4": '#include "include"\nboundaryField { a { value uniform $:pipe.CH4; } }\n',
                      "0.orig/include": "pipe { CH4 0.5; N2 0.5; }\nsleeve { CH4 0; }\n"})
    assert scoped_home(base, "0.orig/CH4", "uniform $:pipe.CH4", "uniform 0.2") == ("0.orig/include", ["pipe", "CH4"],
                                                                                     "0.2")
    assert scoped_home(base, "0.orig/CH4", "uniform $pipe", "uniform 0.2") is None  # not scoped
    assert scoped_home(base, "0.orig/CH4", "uniform $:wall.T", "uniform 0.2") is None  # not defined


def test_variable_readers():
    assert variable_readers(_K, "turbulentKE") == ["inlet/value", "outlet/value", "outlet/inletValue"]
    assert variable_readers(_K, "other") == []


@pytest.mark.parametrize("rel, entry, field", [
    ("0.orig/CH4", ["boundaryField", "inletPipe", "value"], "CH4"),
    ("0.orig/include", ["pipe", "CH4"], "CH4"),
    ("0.orig/include", ["pipe", "Ar"], None),
    ("constant/thermo", ["mixture", "CH4"], None),
    ("0.orig/CH4", ["internalField"], None),
])
def test_field_of_entry(rel, entry, field):
    assert field_of_entry(rel, entry, {"CH4": None, "N2": None}) == field


def test_scoped_readers_are_matched_by_name():
    text = "boundaryField { a { value uniform $:pipe.CH4; } b { inletValue uniform $:pipe.CH4; } }"
    assert variable_readers(text, "pipe.CH4") == ["a/value", "b/inletValue"]
    assert re.search(r"\$", text)


@pytest.mark.parametrize("text, raw, twins", [
    ("Umean 1.668;\nmUmean -1.668;\n", "uniform ($mUmean 0 0)", [("Umean", "1.668")]),
    ("a 2;\nb 3;\n", "uniform $a", []),
    ("a 0;\nb 0;\n", "uniform $a", []),  # zero is everyone's size
])
def test_twin_variables(text, raw, twins):
    assert twin_variables(text, raw) == twins


@needs_tutorials
def test_the_plan_names_a_twin_variable_it_leaves_alone():
    binder, _ = _where(_DTC, "interFoam", "ship speed 2 m/s")
    assert any(a.startswith("Umean (1.668)") for a in binder.assumptions), binder.assumptions


@needs_tutorials
@pytest.mark.parametrize("text, field, patch, expected", [
    ("the IO systemCall tutorial with simpleFoam, inlet velocity 12 m/s", "U", "inlet", "uniform (12 0 0)"),
    ("IO systemCall simpleFoam case, inlet k of 0.5 m2/s2", "k", "inlet", "uniform 0.5"),
    ("weirOverflow interFoam tutorial with inlet turbulent kinetic energy 0.002 m2/s2", "k", "inlet", "uniform 0.002"),
])
def test_the_written_case_keeps_0_orig_and_an_equal_0(tmp_path, text, field, patch, expected):
    from tasks.edit.verify import inlined
    from tasks.edit.writer import write_case
    from tasks.plan.architect import plan

    manifest = plan(text, TUTORIALS)
    case = tmp_path / "case"
    write_case(manifest, case, TUTORIALS)
    assert (case / "0.orig/include/initialConditions").is_file()  # the source of truth the run restores from
    for folder in ("0.orig", "0"):  # both, equal: a reader of either finds the stated value
        full = inlined(case, case / folder / field)
        raw = fd.get(full, ["boundaryField", patch, "value"]) or ""
        for _ in range(3):
            raw = expand_text(raw.replace("$internalField", fd.get(full, ["internalField"]) or ""), full)
        assert " ".join(raw.split()).replace("uniform uniform", "uniform") == expected, folder


@pytest.mark.parametrize("include, home", [
    ('#include "$FOAM_CASE/constant/caseSettings"', "constant/caseSettings"),
    ('#include "../constant/caseSettings"', "constant/caseSettings"),
    ('#include "include/vars"', "0/include/vars"),
])
def test_a_variable_in_any_included_file_takes_the_value(tmp_path, include, home):
    (tmp_path / "0").mkdir()
    (tmp_path / "system").mkdir()
    (tmp_path / home).parent.mkdir(parents=True, exist_ok=True)
    (tmp_path / home).write_text("Tinlet 315;\n")
    (tmp_path / "0/T").write_text(
        f"FoamFile {{ class volScalarField; object T; }}\n{include}\ndimensions [0 0 0 1 0 0 0];\n"
        "internalField uniform 300;\nboundaryField\n{\n    inlet { type fixedValue; value uniform $Tinlet; }\n"
        "    outlet { type zeroGradient; }\n    walls { type zeroGradient; }\n}\n")
    (tmp_path / "0/U").write_text(
        "FoamFile { class volVectorField; object U; }\ndimensions [0 1 -1 0 0 0 0];\ninternalField uniform (0 0 0);\n"
        "boundaryField\n{\n    inlet { type fixedValue; value uniform (1 0 0); }\n"
        "    outlet { type zeroGradient; }\n    walls { type noSlip; }\n}\n")
    text = "inlet temperature 330 K"
    binder = bind_all(tmp_path, "buoyantSimpleFoam", text, read_stated(text))
    assert {(b.file, tuple(b.entry), b.value) for b in binder.bindings} == {(home, ("Tinlet",), "330")}, \
        (binder.bindings, binder.not_applied)
