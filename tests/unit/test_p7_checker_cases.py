"""The pre-run checker reads a case as OpenFOAM does: patches found by name, group, regular
expression, #include/#includeEtc or left to the empty rule; fields per phase, in 0.orig or
made by a step; linear solvers and schemes as v1912 looks them up. Real mistakes stay errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.edit.checks import check_case, has_convection_scheme, patch_covered
from tests.conftest import CAVITY, PITZDAILY, copy_tutorial


def _errors(case: Path, solver: str) -> list[tuple[str, str]]:
    return [(p.file, p.message) for p in check_case(case, solver) if p.severity == "error"]


def _set_boundary(path: Path, body: str) -> None:
    text = path.read_text()
    start = text.index("boundaryField")
    path.write_text(text[:start] + "boundaryField\n{\n" + body + "\n}\n")


@pytest.fixture
def cavity(tmp_path: Path) -> Path:
    return copy_tutorial(CAVITY, tmp_path / "cavity")


@pytest.mark.parametrize(("patch", "groups", "keys", "covered"), [
    ("inlet", set(), ["inlet"], True),
    ("inlet", set(), ['"(inlet|outlet)"'], True),          # regex key
    ("inletLower", set(), ['"inlet.*"'], True),
    ("inlet", set(), ['".*"'], True),
    ("aerofoil", {"wall"}, ["wall"], True),                 # patch group (type wall)
    ("inlet", {"freestream"}, ["freestream"], True),        # inGroups
    ("inlet", {"freestream"}, ['"freestream"'], False),     # a regex key matches names, not groups
    ("ami1", {"cyclicAMI"}, ["cyclicAMI"], True),
    ("outlet", set(), ["inlet", '"wall.*"'], False),
])
def test_a_patch_is_covered_the_way_openfoam_reads_boundary_field(patch: str, groups: set[str], keys: list[str],
                                                                  covered: bool) -> None:
    assert patch_covered(patch, groups, keys) is covered


def test_regex_group_and_empty_rules_on_a_real_case(cavity: Path) -> None:
    _set_boundary(cavity / "0/U", '    "(movingWall)" { type fixedValue; value uniform (1 0 0); }\n'
                                  '    wall { type noSlip; }')  # fixedWalls: type wall in the blockMeshDict
    _set_boundary(cavity / "0/p", '    ".*" { type zeroGradient; }\n    frontAndBack { type empty; }')
    assert _errors(cavity, "icoFoam") == []


def test_include_etc_constraint_types_and_relative_includes(cavity: Path) -> None:
    (cavity / "0/include").mkdir()
    (cavity / "0/include/walls").write_text("movingWall { type zeroGradient; }\nfixedWalls { type zeroGradient; }\n")
    _set_boundary(cavity / "0/p", '    #include "include/walls"\n    #includeEtc "caseDicts/setConstraintTypes"')
    assert _errors(cavity, "icoFoam") == []


def test_a_missing_patch_and_a_wrong_empty_stay_errors(cavity: Path) -> None:
    _set_boundary(cavity / "0/p", '    movingWall { type zeroGradient; }\n    frontAndBack { type zeroGradient; }')
    assert sorted(_errors(cavity, "icoFoam")) == [
        ("0/p", "no entry for patch fixedWalls"),
        ("0/p", "patch frontAndBack: the mesh patch is empty but the condition is zeroGradient"),
    ]


def test_a_step_that_renames_patches_makes_a_missing_one_a_warning(cavity: Path) -> None:
    _set_boundary(cavity / "0/p", '    movingWall { type zeroGradient; }')
    (cavity / "Allrun").write_text("runApplication blockMesh\nrunApplication createPatch -overwrite\n")
    problems = [p for p in check_case(cavity, "icoFoam") if "fixedWalls" in p.message]
    assert [p.severity for p in problems] == ["warning"] and "createPatch" in problems[0].message


@pytest.mark.parametrize(("dims", "solver", "bad"), [
    ("[ 0 2 -2 0 0 0 0 ]", "icoFoam", False),
    ("[m^2/s^2]", "icoFoam", False),
    ("[1 -1 -2 0 0 0 0]", "icoFoam", True),
])
def test_pressure_dimensions(cavity: Path, dims: str, solver: str, bad: bool) -> None:
    text = (cavity / "0/p").read_text()
    (cavity / "0/p").write_text(text.replace("[0 2 -2 0 0 0 0]", dims))
    assert any("do not fit" in m for _, m in _errors(cavity, solver)) is bad


def test_an_application_that_is_not_a_solver_needs_no_fields(tmp_path: Path) -> None:
    case = tmp_path / "mesh"
    (case / "system").mkdir(parents=True)
    (case / "system/controlDict").write_text("application snappyHexMesh;\n")
    assert _errors(case, "snappyHexMesh") == []


def test_missing_fields_are_errors_unless_a_step_makes_them(cavity: Path) -> None:
    (cavity / "0/U").unlink()
    assert _errors(cavity, "icoFoam") == [("0/U", "icoFoam with laminar needs 0/U")]
    (cavity / "Allrun").write_text("runApplication blockMesh\nrunApplication createBoxTurb\n")
    assert _errors(cavity, "icoFoam") == []
    assert any(p.severity == "warning" and "createBoxTurb" in p.message for p in check_case(cavity, "icoFoam"))


def test_phase_fields_and_orig_copies_count(cavity: Path) -> None:
    (cavity / "0/U").rename(cavity / "0/U.orig")
    assert _errors(cavity, "icoFoam") == []


@pytest.mark.parametrize(("keys", "field", "found"), [
    (["div(phi,k)"], "k", True),
    (["div(rhoPhi,k)"], "k", True),
    (["div(alphaRhoPhic,epsilon)"], "epsilon", True),
    ([r"div\(phi,(k|omega)\)"], "omega", True),
    (["div(phi,U)"], "k", False),
    (["div(phi,kl)"], "k", False),
])
def test_a_convection_scheme_by_any_flux_or_regex(keys: list[str], field: str, found: bool) -> None:
    assert has_convection_scheme(field, keys) is found


PIMPLE_ONE_OUTER = """
solvers
{
    p { solver PCG; preconditioner DIC; tolerance 1e-6; relTol 0.05; }
    pFinal { $p; relTol 0; }
    "(U)" { solver smoothSolver; smoother symGaussSeidel; tolerance 1e-5; relTol 0; }
    "(U|k|epsilon)Final" { solver smoothSolver; smoother symGaussSeidel; tolerance 1e-5; relTol 0; }
}
PIMPLE { nOuterCorrectors %s; nCorrectors 2; nNonOrthogonalCorrectors 0; }
"""


@pytest.mark.parametrize(("outer", "missing"), [(1, []), (3, ["k", "epsilon"])])
def test_one_outer_corrector_reads_only_final_solvers(tmp_path: Path, outer: int, missing: list[str]) -> None:
    # verified on v1912 pimpleFoam pitzDaily: with nOuterCorrectors 1 it runs on k/epsilonFinal alone;
    # with (U|k|epsilon)Final dropped to UFinal it stops at "Entry 'epsilonFinal' not found"
    case = copy_tutorial(PITZDAILY, tmp_path / "pitz")
    solution = (case / "system/fvSolution").read_text()
    head = solution[: solution.index("solvers")]
    (case / "system/fvSolution").write_text(head + PIMPLE_ONE_OUTER % outer)
    got = [m for _, m in _errors(case, "pimpleFoam") if m.startswith("no linear solver")]
    assert got == [f"no linear solver for {f}" for f in missing]


def test_a_missing_final_solver_stays_an_error(tmp_path: Path) -> None:
    case = copy_tutorial(PITZDAILY, tmp_path / "pitz")
    solution = (case / "system/fvSolution").read_text()
    head = solution[: solution.index("solvers")]
    (case / "system/fvSolution").write_text(head + PIMPLE_ONE_OUTER.replace("(U|k|epsilon)Final", "(U|k)Final") % 1)
    assert ("system/fvSolution", "no epsilonFinal solver for PIMPLE") in _errors(case, "pimpleFoam")


def test_implicit_porosity_solves_no_velocity_equation(tmp_path: Path) -> None:
    case = copy_tutorial(PITZDAILY, tmp_path / "pitz")
    solution = (case / "system/fvSolution").read_text()
    solution = solution.replace('"(U|k|epsilon|omega|f|v2)"', '"(k|epsilon|omega|f|v2)"')
    (case / "system/fvSolution").write_text(solution)
    assert ("system/fvSolution", "no linear solver for U") in _errors(case, "simpleFoam")
    (case / "system/fvSolution").write_text(solution.replace("SIMPLE\n{", "SIMPLE\n{\n    nUCorrectors 2;", 1))
    assert ("system/fvSolution", "no linear solver for U") not in _errors(case, "simpleFoam")
