"""Values a case keeps in #include'd files and macros: the binder sees the patches a field
#includes, follows `$internalField` / `$flowVelocity` to the variable's definition, and the
writer leaves 0/ (with 0/include/...) where the solver reads it, parsing back."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tasks.edit.verify import expand_macros, inlined
from tasks.edit.writer import parse_problem, restore_zero
from tasks.foam import dictionary as fd
from tasks.plan.bind import bind_all
from tasks.plan.bind_includes import shared_internal
from tasks.plan.bind_base import Base, brace_depth, patch_roles
from tasks.plan.stated import read_stated

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")

_HEADER = "FoamFile\n{\n    version 2.0;\n    format ascii;\n    class volVectorField;\n    object U;\n}\n"
_U = _HEADER + """#include "include/initialConditions"
dimensions [0 1 -1 0 0 0 0];
internalField uniform $flowVelocity;
boundaryField
{
    #include "include/fixedInlet"
    outlet { type inletOutlet; inletValue uniform (0 0 0); value $internalField; }
    top { type atmBoundaryLayerInletVelocity; #include "include/ABL" }
    wall { type noSlip; }
}
"""


def _case(tmp_path: Path) -> Path:
    (tmp_path / "0.orig/include").mkdir(parents=True)
    (tmp_path / "0.orig/U").write_text(_U)
    (tmp_path / "0.orig/include/initialConditions").write_text("flowVelocity (20 0 0);\npressure 0;\n")
    (tmp_path / "0.orig/include/fixedInlet").write_text("inlet\n{\n    type fixedValue;\n    value $internalField;\n}\n")
    (tmp_path / "0.orig/include/ABL").write_text("Uref 10;\nZref 20;\n")
    return tmp_path


def test_a_fields_patch_includes_are_in_view_but_its_variables_stay_included(tmp_path):
    base = Base(_case(tmp_path))
    assert base.patch_bcs("U") == {"inlet": "fixedValue", "outlet": "inletOutlet",
                                   "top": "atmBoundaryLayerInletVelocity", "wall": "noSlip"}
    text = base.text("0.orig/U") or ""
    assert fd.find(text, ["flowVelocity"]) is None  # the variable stays in its own file
    assert fd.get(text, ["boundaryField", "top", "Uref"]) is None  # a patch's own include stays the patch's
    assert fd.get(base.expanded("0.orig/U") or "", ["flowVelocity"]) == "(20 0 0)"
    assert patch_roles(base)["inlet"] == "inlet"


@pytest.mark.parametrize("include, home", [
    ('#include "include/vars"', "0/include/vars"),
    ('#include "$FOAM_CASE/constant/caseSettings"', "constant/caseSettings"),
    ('#include "../constant/caseSettings"', "constant/caseSettings"),
    ('#include "./include/vars"', "0/include/vars"),
])
def test_an_include_is_read_from_where_openfoam_reads_it(tmp_path, include, home):
    (tmp_path / "0").mkdir()
    (tmp_path / home).parent.mkdir(parents=True, exist_ok=True)
    (tmp_path / home).write_text("Tinlet 315;\n")
    (tmp_path / "0/T").write_text(f"{include}\ninternalField uniform $Tinlet;\n")
    assert fd.get(Base(tmp_path).expanded("0/T") or "", ["Tinlet"]) == "315"


@pytest.mark.parametrize("text, shared", [
    ("internalField uniform $flowVelocity;", True),
    ("internalField uniform ${Uinf};", True),
    ("internalField $pInit;", True),
    ("internalField uniform (20 0 0);", False),
    ("internalField uniform 300;", False),
    ("internalField nonuniform List<scalar> 2(1 2);", False),
])
def test_an_internal_field_that_is_a_case_variable(text, shared):
    assert shared_internal(text) is shared


@pytest.mark.parametrize("text, depth", [("", 0), ("a { b {", 2), ("a { } // {", 0), ("a { /* } */", 1)])
def test_brace_depth(text, depth):
    assert brace_depth(text) == depth


# paraphrases of "a free-stream value kept in include/initialConditions": other solvers, units, word orders
@needs_tutorials
@pytest.mark.parametrize("tutorial, solver, text, stated, file, entry, value", [
    ("incompressible/lumpedPointMotion/building/steady", "simpleFoam", "tall building in a 30 m/s wind",
     "30 m/s", "0.orig/include/initialConditions", ["flowVelocity"], "(30 0 0)"),
    ("incompressible/pimpleFoam/RAS/wingMotion/wingMotion2D_pimpleFoam", "pimpleFoam",
     "2D wing section, oncoming flow of 40 m/s", "40 m/s", "0.orig/include/initialConditions", ["flowVelocity"],
     "(40 0 0)"),
    ("incompressible/overPimpleDyMFoam/cylinder/cylinderAndBackground", "overPimpleDyMFoam",
     "overset cylinder, inflow 2 m/s", "2 m/s", "0.orig/include/initialConditions", ["flowVelocity"], "(2 0 0)"),
    ("multiphase/interIsoFoam/weirOverflow", "interIsoFoam", "2400 m3/min of water enters over the weir",
     "2400 m3/min", "0.orig/include/initialConditions", ["inletFlowRate"], "40"),
    ("compressible/sonicFoam/RAS/nacaAirfoil", "sonicFoam", "airfoil, free stream pressure 0.9 bar",
     "0.9 bar", "0/include/initialConditions", ["pressure"], "90000"),
    ("incompressible/simpleFoam/turbineSiting", "simpleFoam", "turbine siting, wind 12 m/s at hub height",
     "12 m/s", "0.orig/include/ABLConditions", ["Uref"], "12"),
])
def test_a_value_goes_where_the_case_defines_it(tutorial, solver, text, stated, file, entry, value):
    binder = bind_all(TUTORIALS / tutorial, solver, text, read_stated(text))
    where = {b.stated: (b.file, b.entry, b.value) for b in binder.bindings}
    assert where[stated] == (file, entry, value), binder.not_applied


def test_restore_zero_makes_0_from_0_orig(tmp_path):
    case = _case(tmp_path)
    (case / "0.orig/alpha.water.orig").write_text(_HEADER.replace("volVectorField", "volScalarField") +
                                                  "dimensions [0 0 0 0 0 0 0];\ninternalField uniform 0;\n"
                                                  "boundaryField\n{\n}\n")
    made = restore_zero(case)
    assert {"0/U", "0/include/initialConditions", "0/alpha.water", "0/alpha.water.orig"} <= set(made)
    assert restore_zero(case) == []  # an existing 0/ is the case's own
    text = inlined(case, case / "0/U")
    assert expand_macros(text, fd.get(text, ["internalField"]) or "") == "uniform (20 0 0)"
    assert parse_problem(case / "0/alpha.water") is None


def test_restore_zero_leaves_a_case_without_0_orig(tmp_path):
    (tmp_path / "system").mkdir()
    assert restore_zero(tmp_path) == []
    assert not (tmp_path / "0").exists()


@needs_tutorials
def test_a_written_weir_include_parses_and_reads_back(tmp_path):
    src = TUTORIALS / "multiphase/interFoam/RAS/weirOverflow/0.orig"
    if not (src / "U").is_file():
        pytest.skip("weirOverflow is stored compressed")
    shutil.copytree(src, tmp_path / "0.orig")
    conditions = tmp_path / "0.orig/include/initialConditions"
    conditions.write_text(fd.set_entry(conditions.read_text(), ["inletFlowRate"], "50"))
    restore_zero(tmp_path)
    for rel in ("0/U", "0/include/initialConditions"):
        assert parse_problem(tmp_path / rel) is None, rel
    text = inlined(tmp_path, tmp_path / "0/U")
    assert expand_macros(text, fd.get(text, ["boundaryField", "inlet", "flowRate"]) or "") == "50"
