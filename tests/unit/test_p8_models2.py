"""Models a solver can load, named default patches, steady-to-transient convection.

1. A solver offers fewer turbulence models than another (canonical/solver_turbulence_models.yaml,
   learnt from the v1912 binaries): the checker names the valid list, a switch falls back to the
   nearest model the solver offers and says so.
2. A blockMeshDict's named defaultPatch is a mesh patch before the mesh is built.
3. A steady-to-transient switch drops `bounded` from every convection entry.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tasks.edit import caseops
from tasks.edit.checks import check_case, model_loadable
from tasks.foam import dictionary as fd
from tasks.foam.casedir import block_mesh_default_patch, mesh_patches
from tasks.foam.defaults import unbounded_scheme
from tasks.foam.physics import loadable_model, nearest_model, solver_model_table, solver_models
from tests.conftest import CAVITY, PITZDAILY, TUTORIALS, copy_tutorial

# --- 1. models a solver can load -----------------------------------------------------------


@pytest.mark.parametrize(("solver", "kind", "present", "absent"), [
    ("driftFluxFoam", "RAS", ["kEpsilon", "buoyantKEpsilon"], ["kOmegaSST", "realizableKE"]),
    ("MPPICFoam", "RAS", ["kEpsilon", "kOmegaSST", "realizableKE"], ["SpalartAllmaras", "v2f"]),
    ("rhoSimpleFoam", "RAS", ["kOmegaSST", "buoyantKEpsilon"], ["LienCubicKE", "qZeta", "kkLOmega"]),
    ("interFoam", "RAS", ["kkLOmega", "qZeta"], ["kEpsilonLopesdaCosta", "buoyantKEpsilon"]),
    ("simpleFoam", "RAS", ["kEpsilonLopesdaCosta", "kOmegaSST"], ["buoyantKEpsilon"]),
    ("twoPhaseEulerFoam", "RAS", ["mixtureKEpsilon", "kineticTheory"], ["SpalartAllmaras"]),
    ("reactingMultiphaseEulerFoam", "LES", ["Smagorinsky", "kEqn"], ["WALE"]),
    ("pisoFoam", "LES", ["WALE", "dynamicKEqn", "SpalartAllmarasDDES"], []),
])
def test_solver_models(solver: str, kind: str, present: list[str], absent: list[str]) -> None:
    offered = solver_models(solver, kind)
    assert offered is not None
    assert set(present) <= set(offered)
    assert not set(absent) & set(offered)


@pytest.mark.parametrize(("solver", "kind"), [("icoFoam", "RAS"), ("laplacianFoam", "LES"), ("simpleFoam", "laminar")])
def test_solver_models_unknown(solver: str, kind: str) -> None:
    assert solver_models(solver, kind) is None  # not probed, or laminar: nothing assumed


def test_every_family_is_used_and_every_solver_has_a_family() -> None:
    table = solver_model_table()
    assert set(table.solvers.values()) == set(table.families)
    assert table.openfoam_version == "v1912" and "Valid RASModel types" in table.obtained


@pytest.mark.parametrize(("solver", "model", "used"), [
    ("driftFluxFoam", "kOmegaSST", "kEpsilon"),
    ("driftFluxFoam", "SpalartAllmaras", "kEpsilon"),
    ("driftFluxFoam", "WALE", "Smagorinsky"),
    ("MPPICFoam", "kOmega", "kOmegaSST"),  # shares omega
    ("MPPICFoam", "v2f", "kEpsilon"),
    ("sonicFoam", "kkLOmega", "kOmegaSST"),
    ("rhoPimpleFoam", "LienCubicKE", "kEpsilon"),
    ("reactingMultiphaseEulerFoam", "SpalartAllmaras", "kEpsilon"),
    ("twoPhaseEulerFoam", "realizableKE", "kEpsilon"),
])
def test_loadable_model_falls_back_with_a_warning(solver: str, model: str, used: str) -> None:
    chosen, warning = loadable_model(solver, model)
    assert chosen == used
    assert warning is not None and solver in warning and model in warning and used in warning


@pytest.mark.parametrize(("solver", "model"), [
    ("simpleFoam", "kOmegaSST"), ("interFoam", "kkLOmega"), ("rhoSimpleFoam", "buoyantKEpsilon"),
    ("icoFoam", "kEpsilon"), ("pimpleFoam", "laminar"), ("driftFluxFoam", "buoyantKEpsilon"),
])
def test_loadable_model_keeps_a_loadable_one(solver: str, model: str) -> None:
    assert loadable_model(solver, model) == (model, None)


def test_nearest_model_needs_a_known_model() -> None:
    assert nearest_model("kOmegaSST", ["fooBarModel"]) is None


def _turbulence_properties(case: Path, kind: str, model: str) -> None:
    (case / "constant").mkdir(parents=True, exist_ok=True)
    (case / "constant/turbulenceProperties").write_text(
        f"FoamFile {{ class dictionary; object turbulenceProperties; }}\nsimulationType {kind};\n"
        f"{kind}\n{{\n    {kind}Model {model};\n    turbulence on;\n}}\n")


@pytest.mark.parametrize(("solver", "kind", "model", "errors"), [
    ("driftFluxFoam", "RAS", "kOmegaSST", 1),
    ("MPPICFoam", "LES", "WALE", 1),
    ("rhoSimpleFoam", "RAS", "qZeta", 1),
    ("rhoSimpleFoam", "RAS", "kOmegaSST", 0),
    ("icoFoam", "RAS", "kOmegaSST", 0),  # not probed: no claim
])
def test_checker_names_the_valid_models(tmp_path: Path, solver: str, kind: str, model: str, errors: int) -> None:
    _turbulence_properties(tmp_path, kind, model)
    problems = [p for p in model_loadable(tmp_path, solver, model) if p.severity == "error"]
    assert len(problems) == errors
    if errors:
        offered = solver_models(solver, kind)
        assert all(m in problems[0].message for m in offered)
        assert problems[0].file == "constant/turbulenceProperties"
        assert f"{kind}Model to " in problems[0].fix


@pytest.mark.parametrize(("tutorial", "solver", "asked", "used"), [
    ("multiphase/driftFluxFoam/RAS/dahl", "driftFluxFoam", "kOmegaSST", "kEpsilon"),
    ("multiphase/driftFluxFoam/RAS/mixerVessel2D", "driftFluxFoam", "realizableKE", "kEpsilon"),
    ("compressible/rhoPimpleFoam/RAS/cavity", "rhoPimpleFoam", "LienCubicKE", "kEpsilon"),
])
def test_switch_falls_back_and_the_checker_warns(tmp_path: Path, tutorial: str, solver: str, asked: str, used: str) -> None:
    case = copy_tutorial(TUTORIALS / tutorial, tmp_path / "case")
    values = {"k": "0.01", "epsilon": "0.01", "omega": "1", "nuTilda": "1e-5"}
    changed = caseops.set_turbulence_model(case, asked, solver, values, {}, "test")
    assert caseops.MODEL_FALLBACK_FILE in changed
    props = (case / "constant/turbulenceProperties").read_text()
    assert fd.get(props, ["RAS", "RASModel"]) == used
    record = json.loads((case / caseops.MODEL_FALLBACK_FILE).read_text())
    assert record["requested"] == asked and record["used"] == used
    problems = check_case(case, solver)
    assert any(p.severity == "warning" and asked in p.message and used in p.message for p in problems)
    assert not any("cannot load" in p.message and p.severity == "error" for p in problems)


def test_switch_to_a_loadable_model_records_nothing(tmp_path: Path) -> None:
    case = copy_tutorial(PITZDAILY, tmp_path / "case")
    changed = caseops.set_turbulence_model(case, "kOmegaSST", "simpleFoam", {"k": "0.1", "omega": "10"}, {}, "test")
    assert caseops.MODEL_FALLBACK_FILE not in changed
    assert not (case / caseops.MODEL_FALLBACK_FILE).exists()


@pytest.mark.parametrize(("patch", "ptype", "roles", "velocity", "role"), [
    ("top", "patch", {"top": "wall"}, {"top": "outlet"}, "outlet"),   # dahl's slip top: no wall function
    ("surface", "patch", {}, {"surface": "outlet"}, "outlet"),
    ("lowerWall", "wall", {}, {"lowerWall": "outlet"}, "wall"),        # a mesh wall keeps its wall role
    ("hull", "patch", {"hull": "wall"}, {"hull": "wall"}, "wall"),
])
def test_field_role_of_a_slipping_patch(patch: str, ptype: str, roles: dict, velocity: dict, role: str) -> None:
    assert caseops.field_role(patch, ptype, roles, velocity) == role


# --- 2. a named defaultPatch is a mesh patch -----------------------------------------------

_BMD = """FoamFile {{ class dictionary; object blockMeshDict; }}
vertices ((0 0 0) (1 0 0) (1 1 0) (0 1 0) (0 0 1) (1 0 1) (1 1 1) (0 1 1));
blocks (hex (0 1 2 3 4 5 6 7) (4 4 1) simpleGrading (1 1 1));
boundary
(
    inlet {{ type patch; faces ((0 4 7 3)); }}
    outlet {{ type patch; faces ((1 2 6 5)); }}
);
{default}
"""


@pytest.mark.parametrize(("default", "expected"), [
    ("defaultPatch { name walls; type wall; }", {"walls": "wall"}),
    ("defaultPatch\n{\n    type empty;\n    name frontAndBack;\n}", {"frontAndBack": "empty"}),
    ("defaultPatch { type symmetryPlane; }", {"defaultFaces": "symmetryPlane"}),
    ("// defaultPatch { name walls; type wall; }", {}),
    ("", {}),
])
def test_block_mesh_default_patch(tmp_path: Path, default: str, expected: dict[str, str]) -> None:
    text = _BMD.format(default=default)
    assert block_mesh_default_patch(text) == expected
    (tmp_path / "system").mkdir()
    (tmp_path / "system/blockMeshDict").write_text(text)
    assert mesh_patches(tmp_path) == {"inlet": "patch", "outlet": "patch", **expected}


@pytest.mark.parametrize("tutorial", [
    "compressible/rhoSimpleFoam/squareBend", "incompressible/simpleFoam/squareBend",
    "compressible/rhoPimpleFoam/laminar/helmholtzResonance",
])
def test_checker_sees_the_default_patch_before_the_mesh(tmp_path: Path, tutorial: str) -> None:
    case = copy_tutorial(TUTORIALS / tutorial, tmp_path / "case")
    assert mesh_patches(case).get("walls") == "wall"
    velocity = case / "0/U"
    text = velocity.read_text()
    key = next(k for k in fd.keys(text, ["boundaryField"]) if "wall" in k.lower())
    velocity.write_text(fd.remove_entry(text, ["boundaryField", key]))
    app = fd.get((case / "system/controlDict").read_text(), ["application"])
    assert any(p.file == "0/U" and "walls" in p.message for p in check_case(case, app))


# --- 3. steady-to-transient: no bounded convection ------------------------------------------

@pytest.mark.parametrize(("scheme", "expected"), [
    ("bounded Gauss limitedLinear 1", "Gauss limitedLinear 1"),
    ("bounded Gauss linearUpwind grad(U)", "Gauss linearUpwind grad(U)"),
    ("  bounded   Gauss upwind", "Gauss upwind"),
    ("Gauss limitedLinear 1", "Gauss limitedLinear 1"),
    ("Gauss boundedLimitedLinear 1", "Gauss boundedLimitedLinear 1"),  # not the prefix
])
def test_unbounded_scheme(scheme: str, expected: str) -> None:
    assert unbounded_scheme(scheme) == expected


@pytest.mark.parametrize(("tutorial", "solver"), [
    ("incompressible/simpleFoam/pitzDaily", "pimpleFoam"),
    ("incompressible/simpleFoam/backwardFacingStep2D", "pisoFoam"),
    ("incompressible/simpleFoam/airFoil2D", "pimpleFoam"),
    ("incompressible/simpleFoam/mixerVessel2D", "pimpleFoam"),
])
def test_steady_to_transient_drops_bounded(tmp_path: Path, tutorial: str, solver: str) -> None:
    case = copy_tutorial(TUTORIALS / tutorial, tmp_path / "case")
    assert "bounded" in (case / "system/fvSchemes").read_text()
    caseops.switch_solver(case, solver, closed_domain=False)
    schemes = (case / "system/fvSchemes").read_text()
    for key in fd.keys(schemes, ["divSchemes"]):
        assert not (fd.get(schemes, ["divSchemes", key]) or "").startswith("bounded"), key
    assert fd.get(schemes, ["ddtSchemes", "default"]) != "steadyState"


def test_transient_to_steady_keeps_its_schemes(tmp_path: Path) -> None:
    case = copy_tutorial(CAVITY, tmp_path / "case")
    before = fd.get((case / "system/fvSchemes").read_text(), ["divSchemes", "default"])
    caseops.switch_solver(case, "simpleFoam", closed_domain=True)
    assert fd.get((case / "system/fvSchemes").read_text(), ["divSchemes", "default"]) == before
