"""Classes found by the session-7 probes in the Architect, the InputWriter and the verifier:
stated MPI ranks written as a decomposeParDict with the case; two stated values with the same
number but different roles both applied; a tutorial the user names wins over a generated
shape; stated values the files hold through macros, includes and region folders read back."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.edit.verify import control_entry, expand_macros, find_stated, verify_stated
from tasks.edit.writer import write_case, write_decomposition
from tasks.foam import dictionary as fd
from tasks.foam.locked import LockedValue
from tasks.plan.architect import named_tutorial, plan, recipe_holds
from tasks.plan.role_places import role_holds
from tasks.plan.stated import StatedQuantity
from tasks.run.parallel import STUB_METHODS, recorded_ranks
from tests.conftest import TUTORIALS


@pytest.fixture
def tutorials() -> Path:
    if not TUTORIALS.is_dir():
        pytest.skip("OpenFOAM tutorials not installed")
    return TUTORIALS


def _q(role: str, value: float, text: str = "x", quantity: str = "q") -> StatedQuantity:
    return StatedQuantity(text=text, quantity=quantity, value=value, role=role)


# --- 1. parallel ranks: the written case carries system/decomposeParDict ---------------------------


@pytest.mark.parametrize("text,ranks", [
    ("lid-driven cavity with icoFoam, lid 1 m/s, run it on 4 cores", 4),                      # no decomposeParDict
    ("planarContraction with pimpleFoam, endTime 0.1 s, run in parallel on 2 processors", 2),  # none either
    ("damBreak with interFoam, endTime 0.2 s, on 3 cores", 3),                                 # its own (simple)
    ("windAroundBuildings with simpleFoam, 100 iterations, on 2 MPI ranks", 2),                # its own (scotch)
])
def test_stated_ranks_are_written_with_the_case_and_verified_from_it(tutorials: Path, tmp_path: Path,
                                                                     text: str, ranks: int) -> None:
    m = plan(text, tutorials)
    written = write_case(m, tmp_path / "case", tutorials)
    dpd = (written.case_dir / "system/decomposeParDict").read_text()
    assert fd.get(dpd, ["numberOfSubdomains"]) == str(ranks)
    method = (fd.get(dpd, ["method"]) or "").strip('"')
    assert method and method not in STUB_METHODS  # works without a library v1912 only ships as a stub
    assert recorded_ranks(written.case_dir) == ranks
    assert "decomposePar" in (written.case_dir / "Allrun").read_text()
    stated, missing = verify_stated(written.case_dir, m.stated, m.bindings, m.not_applied)
    q = next(q for q in stated if q.role == "ranks")
    assert (q.verified, q.file, q.entry) == (True, "system/decomposeParDict", ["numberOfSubdomains"])
    assert not [n for n in missing if n.text == q.text]


@pytest.mark.parametrize("cells,ranks,n", [
    ("(40 20 1)", 4, "(2 2 1)"),   # 2-D in z: never split across the empty direction
    ("(40 1 20)", 2, "(2 1 1)"),   # 2-D in y (planarPoiseuille-like): y stays whole
    ("(10 10 10)", 8, "(2 2 2)"),
])
def test_write_decomposition_splits_along_the_blockmesh_extents(tmp_path: Path, cells: str, ranks: int, n: str) -> None:
    (tmp_path / "system").mkdir()
    (tmp_path / "system/blockMeshDict").write_text(
        "vertices ( (0 0 0) (1 0 0) (1 1 0) (0 1 0) (0 0 1) (1 0 1) (1 1 1) (0 1 1) );\n"
        f"blocks ( hex (0 1 2 3 4 5 6 7) {cells} simpleGrading (1 1 1) );\n")
    assert write_decomposition(tmp_path, ranks) == "system/decomposeParDict"
    text = (tmp_path / "system/decomposeParDict").read_text()
    assert fd.get(text, ["numberOfSubdomains"]) == str(ranks)
    assert " ".join(fd.get(text, ["hierarchicalCoeffs", "n"]).split()) == n
    assert recorded_ranks(tmp_path) == ranks


# --- 2. the same number in two roles: both applied -----------------------------------------------


@pytest.mark.parametrize("text", [
    "dam break with interFoam, run to 0.5 s, keep the Courant number below 0.5",
    "Collapsing water column, half a second of flow, Courant number limited to 0.5.",
    "pitzDaily with pimpleFoam, inlet 10 m/s, 0.5 s of flow, max Courant 0.5",
    "I'd like the pitzDaily step with pimpleFoam, a Courant number of 0.5 and an end time of 0.5 s.",
])
def test_a_courant_number_equal_to_the_end_time_is_applied_too(tutorials: Path, text: str) -> None:
    m = plan(text, tutorials)
    last = {e.entry[-1]: e.value for e in m.edits if e.file == "system/controlDict"}
    assert last.get("endTime") == "0.5"
    assert last.get("maxCo") == "0.5"
    assert not m.not_applied


@pytest.mark.parametrize("role,file,entry,value,held", [
    ("end_time", "system/controlDict", ["endTime"], "0.5", True),
    ("max_co", "system/controlDict", ["endTime"], "0.5", False),   # same number, another role
    ("delta_t", "system/controlDict", ["endTime"], "0.5", False),
    ("lid_velocity", "0/U", ["boundaryField", "movingWall", "value"], "uniform (2 0 0)", True),
    ("lid_velocity", "0/U", ["internalField"], "uniform (2 0 0)", False),  # a lid is a patch value
    ("nu", "constant/transportProperties", ["nu"], "2", True),
    ("nu", "system/controlDict", ["endTime"], "2", False),
])
def test_role_holds_compares_the_place_not_only_the_number(role, file, entry, value, held) -> None:
    assert role_holds(_q(role, 2 if "2" in value else 0.5), file, entry, value) is held


@pytest.mark.parametrize("role,locked,held", [
    ("max_co", [("system/controlDict", ["endTime"], "0.5")], False),
    ("end_time", [("system/controlDict", ["endTime"], "0.5")], True),
    ("reynolds", [("constant/transportProperties", ["nu"], "0.5")], True),   # no place of its own: by number
    ("reynolds", [("constant/transportProperties", ["nu"], "0.25")], False),
    ("end_time", [], False),
])
def test_recipe_holds(role, locked, held) -> None:
    values = [LockedValue(name="r", file=f, entry=e, value=v) for f, e, v in locked]
    assert recipe_holds(_q(role, 0.5), values) is held


# --- 3. a tutorial named by the user wins over a generated shape ---------------------------------


@pytest.mark.parametrize("text,base", [
    ("hotRoom buoyantBoussinesqSimpleFoam heated cavity, 1000 iterations",
     "heatTransfer/buoyantBoussinesqSimpleFoam/hotRoom"),
    ("heated cavity as in the hotRoom tutorial, floor at 320 K, ceiling at 300 K, buoyantBoussinesqSimpleFoam",
     "heatTransfer/buoyantBoussinesqSimpleFoam/hotRoom"),
    ("the hotRoom case with buoyantBoussinesqPimpleFoam: differentially heated, 10 s",
     "heatTransfer/buoyantBoussinesqPimpleFoam/hotRoom"),
])
def test_a_named_tutorial_is_the_base_not_a_generated_rectangle(tutorials: Path, text: str, base: str) -> None:
    m = plan(text, tutorials)
    assert (m.base_kind, m.base_tutorial) == ("tutorial", base)
    assert "rectangle" not in m.mesh_params


def test_a_named_tutorial_with_other_sizes_is_stretched_to_them_and_says_so(tutorials: Path) -> None:
    # session 24: a box-shaped tutorial mesh takes the stated sizes (tasks/plan/domain_box_resize.py), no substitute
    m = plan("hotRoom, 2 m x 0.5 m cavity, heated from below", tutorials)
    assert m.base_kind == "tutorial" and m.base_tutorial.endswith("/hotRoom")
    assert any("stretched" in a and "-> 2 m" in a and "-> 0.5 m" in a for a in m.assumptions)
    assert not m.not_applied


@pytest.mark.parametrize("why,name", [
    (["runs x", "the tutorial named (hotRoom)"], "hotRoom"),
    (["the tutorial named loosely (hotRoom)"], None),
    (["the tutorial's folder named (cavity)"], None),
    (["the tutorial of the flow named"], None),
])
def test_named_tutorial(why, name) -> None:
    assert named_tutorial(why) == name


# --- 4. verification reads what the files hold -----------------------------------------------------


@pytest.mark.parametrize("raw,want", [
    ("uniform $Uinlet", "uniform (15 0 0)"),
    ("$internalField", "uniform (15 0 0)"),           # two levels: internalField names $Uinlet
    ("uniform ${Uinlet}", "uniform (15 0 0)"),
    ("uniform $:inlet.value", "uniform 300"),
    ("uniform $unknown", "uniform $unknown"),
])
def test_expand_macros(raw: str, want: str) -> None:
    text = "Uinlet (15 0 0);\ninternalField uniform $Uinlet;\ninlet { value 300; }\n"
    assert expand_macros(text, raw) == want


def _case(tmp_path: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    return tmp_path


@pytest.mark.parametrize("files,q,where", [
    ({"0/U": "Uinlet (15 0 0);\ninternalField uniform (0 0 0);\n"
             "boundaryField { inlet { type fixedValue; value uniform $Uinlet; } }\n"},
     _q("inlet_velocity", 15), ("0/U", ["Uinlet"])),
    ({"0/T": "Tw 350;\ninternalField uniform 300;\nboundaryField { hot { type fixedValue; value uniform $Tw; } }\n"},
     _q("hot_wall_temperature", 350), ("0/T", ["boundaryField", "hot", "value"])),    # a patch role, by its macro
    ({"0.orig/U": '#include "include/initialConditions"\ninternalField uniform $flowVelocity;\n'
                  "boundaryField { }\n",
      "0.orig/include/initialConditions": "flowVelocity (25 0 0);\n"},
     _q("initial_velocity", 25), ("0.orig/U", ["internalField"])),                      # an #include file
    ({"0/fluid/T": "internalField uniform 300;\nboundaryField { inlet { type fixedValue; value uniform 320; } }\n"},
     _q("inlet_temperature", 320), ("0/fluid/T", ["boundaryField", "inlet", "value"])),  # a region's field
    ({"system/fvSolution": "PIMPLE { nNonOrthogonalCorrectors 2; }\nrelaxationFactors { equations { \"(U|k)\" 0.6; } }\n"},
     _q("control:relaxationFactors:U", 0.6), ("system/fvSolution", ["relaxationFactors", "equations", "(U|k)"])),
    ({"system/fvSolution": "solvers { p { tolerance 1e-07; relTol 0.01; } }\n"},
     _q("control:solvers:tolerance:p", 1e-7), ("system/fvSolution", ["solvers", "p", "tolerance"])),
    ({"system/controlDict": "endTime 2000;\nwriteInterval 500;\n"},
     _q("control:writeInterval", 500), ("system/controlDict", ["writeInterval"])),
])
def test_find_stated_reads_macros_includes_regions_and_controls(tmp_path: Path, files, q, where) -> None:
    assert find_stated(_case(tmp_path, files), q) == where


@pytest.mark.parametrize("files,q", [
    ({"0/T": "Tw 350;\ninternalField uniform 300;\nboundaryField { hot { type zeroGradient; } }\n"},
     _q("hot_wall_temperature", 350)),                                                   # defined, never used on a patch
    ({"system/controlDict": "endTime 500;\nwriteInterval 100;\n"}, _q("control:writeInterval", 500)),
    ({"system/fvSolution": "solvers { p { tolerance 1e-07; relTol 0.01; } }\n"}, _q("control:solvers:relTol:p", 1e-7)),
])
def test_find_stated_does_not_take_the_number_from_another_entry(tmp_path: Path, files, q) -> None:
    assert find_stated(_case(tmp_path, files), q) is None


@pytest.mark.parametrize("parts,entry,ok", [
    (["nOuterCorrectors"], ["PIMPLE", "nOuterCorrectors"], True),
    (["residualControl"], ["SIMPLE", "residualControl", "p"], True),
    (["relaxationFactors", "p"], ["relaxationFactors", "fields", "p"], True),
    (["relaxationFactors", "p"], ["relaxationFactors", "fields", "p_rgh"], False),
    ([], ["endTime"], False),
])
def test_control_entry(parts, entry, ok) -> None:
    assert control_entry(parts, entry) is ok
