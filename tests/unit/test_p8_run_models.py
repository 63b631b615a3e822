"""A request written with every value applied must still start: a turbulence-model switch
retypes no-slip `patch` patches to `wall` (wall functions abort on anything else), caps a
PISO-mode Courant number the tutorial tuned for its own model, writes flux-aware convection
entries, removes every other model's fields; the checker stops a turbulence model on an
inviscid fluid; absolute pressure and the multiphase family are learnt from the tutorials."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.edit import caseops
from tasks.edit.caseops_models import (
    limit_courant, model_field_names, retype_as_wall, velocity_wall_patches, wall_function_patches,
)
from tasks.edit.checks import check_case
from tasks.foam import dictionary as fd
from tasks.foam.physics import is_absolute_pressure, solver_family
from tests.conftest import CAVITY, PITZDAILY, TUTORIALS, copy_tutorial

FORWARD_STEP = TUTORIALS / "compressible/sonicFoam/laminar/forwardStep"


def _velocity(patches: dict[str, str]) -> str:
    body = "\n".join(f"    {name} {{ {bc} }}" for name, bc in patches.items())
    return f"FoamFile {{ class volVectorField; object U; }}\ninternalField uniform (0 0 0);\nboundaryField\n{{\n{body}\n}}\n"


@pytest.mark.parametrize(("patches", "walls"), [
    ({"obstacle": "type noSlip;", "inlet": "type fixedValue; value uniform (3 0 0);"}, ["obstacle"]),
    ({"lid": "type movingWallVelocity; value uniform (0 0 0);", "top": "type slip;"}, ["lid"]),
    ({"hull": "type fixedValue; value uniform (0 0 0);", "far": "type zeroGradient;"}, ["hull"]),
    ({"rotor": "type rotatingWallVelocity; origin (0 0 0); axis (0 0 1); omega 10;"}, ["rotor"]),
    ({"sides": "type symmetry;", "outlet": "type inletOutlet; inletValue uniform (0 0 0);"}, []),
])
def test_velocity_wall_patches(patches: dict[str, str], walls: list[str]) -> None:
    assert velocity_wall_patches(_velocity(patches)) == walls


BMD = """boundary
(
    obstacle
    {
        type patch;
        faces ((1 5 16 12));
    }
    inlet
    {
        type patch;
        faces ((0 8 19 11));
    }
);
"""
POLY_BOUNDARY = """3
(
    blade
    {
        type            patch;
        inGroups        List<word> 1(patch);
        nFaces          10;
        startFace       100;
    }
    inlet
    {
        type            patch;
        nFaces          4;
        startFace       110;
    }
    frontAndBack
    {
        type            empty;
        inGroups        List<word> 1(empty);
        nFaces          200;
        startFace       114;
    }
)
"""


@pytest.mark.parametrize(("text", "names", "wall", "kept"), [
    (BMD, ["obstacle"], "obstacle", "inlet"),
    (POLY_BOUNDARY, ["blade"], "blade", "inlet"),
    (POLY_BOUNDARY, ["frontAndBack"], None, "frontAndBack"),  # an empty patch is no wall: left alone
])
def test_retype_as_wall(text: str, names: list[str], wall: str | None, kept: str) -> None:
    new = retype_as_wall(text, names)
    blocks = {name: new[new.index(name):new.index("}", new.index(name))] for name in ("obstacle", "blade", "inlet",
                                                                                       "frontAndBack") if name in new}
    if wall:
        assert "type wall;" in " ".join(blocks[wall].split()).replace("type wall ;", "type wall;")
        assert "1(patch)" not in blocks[wall]
    assert "wall" not in blocks[kept] or kept == "frontAndBack" and "type            empty" in blocks[kept]


def test_switch_to_ras_retypes_noslip_patch_of_laminar_tutorial(tmp_path: Path) -> None:
    case = copy_tutorial(FORWARD_STEP, tmp_path / "step")
    changed = caseops.set_turbulence_model(case, "kEpsilon", "sonicFoam", {"k": "0.1", "epsilon": "0.1"}, {},
                                           "test", keep_existing=True)
    assert "system/blockMeshDict" in changed
    patches = caseops.mesh_patches(case)
    assert patches["obstacle"] == "wall" and patches["inlet"] == "patch"
    assert fd.get((case / "0/nut").read_text(), ["boundaryField", "obstacle", "type"]).endswith("WallFunction")


def test_switch_to_laminar_leaves_patch_types(tmp_path: Path) -> None:
    case = copy_tutorial(FORWARD_STEP, tmp_path / "step")
    assert wall_function_patches(case, {"obstacle": "wall"}) == []  # already a wall: nothing to do
    caseops.set_turbulence_model(case, "laminar", "sonicFoam", {}, {}, "test")
    assert caseops.mesh_patches(case)["obstacle"] == "patch"


def _control(case: Path, **entries: str) -> None:
    path = case / "system/controlDict"
    text = path.read_text()
    for key, value in entries.items():
        text = fd.set_entry(text, [key], value)
    path.write_text(text)


@pytest.mark.parametrize(("solver", "adjust", "max_co", "outer", "expected"), [
    ("pimpleFoam", "yes", "5", None, "1"),        # PISO mode at Co 5: capped
    ("rhoPimpleFoam", "on", "2.5", "1", "1"),
    ("pimpleFoam", "yes", "5", "3", "5"),         # outer correctors: the tutorial's large step kept
    ("pimpleFoam", "no", "5", None, "5"),         # a fixed step: fit_time_step's job
    ("simpleFoam", "yes", "5", None, "5"),        # steady
    ("pimpleFoam", "yes", "0.8", None, "0.8"),    # already below the target
])
def test_limit_courant(tmp_path: Path, solver: str, adjust: str, max_co: str, outer: str | None, expected: str) -> None:
    case = copy_tutorial(PITZDAILY, tmp_path / "c")
    _control(case, adjustTimeStep=adjust, maxCo=max_co)
    solution = case / "system/fvSolution"
    text = fd.remove_entry(solution.read_text(), ["SIMPLE"])
    text = fd.set_entry(text, ["PIMPLE"], {"nCorrectors": "2", **({"nOuterCorrectors": outer} if outer else {})})
    solution.write_text(text)
    limit_courant(case, solver)
    assert fd.get((case / "system/controlDict").read_text(), ["maxCo"]) == expected


def test_every_model_field_is_removable() -> None:
    assert {"ReThetat", "gammaInt", "phit", "flm", "fmm", "v2", "f", "kl", "kt", "R", "alphat"} <= model_field_names()
    assert caseops.TURBULENCE_FIELDS == model_field_names()


@pytest.mark.parametrize(("solver", "model", "present", "absent"), [
    ("simpleFoam", "kOmegaSST", ["div(phi,k)", "div(phi,omega)"], []),
    ("driftFluxFoam", "kOmegaSST", ["div(rhoPhi,omega)"], ["div(phi,omega)"]),   # the mixture's flux
    ("simpleFoam", "v2f", ["div(phi,v2)"], ["div(phi,f)"]),                     # f is elliptic
    ("pimpleFoam", "kOmegaSSTLM", ["div(phi,ReThetat)", "div(phi,gammaInt)"], []),
])
def test_ensure_numerics_writes_the_checkers_entries(tmp_path: Path, solver: str, model: str, present: list[str],
                                                     absent: list[str]) -> None:
    case = copy_tutorial(PITZDAILY, tmp_path / "c")
    schemes = case / "system/fvSchemes"
    text = schemes.read_text()
    for key in fd.keys(text, ["divSchemes"]):
        if key.startswith("div(phi,") and key != "div(phi,U)":
            text = fd.remove_entry(text, ["divSchemes", key])
    schemes.write_text(text)
    caseops.ensure_numerics(case, solver, caseops.model_spec(model).solved)
    keys = fd.keys(schemes.read_text(), ["divSchemes"])
    assert all(k in keys for k in present) and not any(k in keys for k in absent)


def test_ensure_numerics_respects_a_regex_entry(tmp_path: Path) -> None:
    case = copy_tutorial(PITZDAILY, tmp_path / "c")
    schemes = case / "system/fvSchemes"
    text = schemes.read_text()
    for key in fd.keys(text, ["divSchemes"]):
        if key.startswith("div(phi,") and key != "div(phi,U)":
            text = fd.remove_entry(text, ["divSchemes", key])
    schemes.write_text(fd.set_entry(text, ["divSchemes", '"div\\(phi,(k|omega)\\)"'], "bounded Gauss upwind"))
    caseops.ensure_numerics(case, "simpleFoam", ["k", "omega"])
    assert "div(phi,omega)" not in fd.keys(schemes.read_text(), ["divSchemes"])


def _thermo_mu(case: Path, mu: str) -> None:
    path = case / "constant/thermophysicalProperties"
    path.write_text(fd.set_entry(path.read_text(), ["mixture", "transport", "mu"], mu))


@pytest.mark.parametrize(("model", "mu", "stopped"), [
    ("kEpsilon", "0", True),
    ("kOmegaSST", "0", True),
    ("Smagorinsky", "0", True),
    ("kEpsilon", "1.8e-05", False),
    ("laminar", "0", False),          # an inviscid laminar (Euler) run is what the tutorial does
])
def test_turbulence_on_inviscid_fluid(tmp_path: Path, model: str, mu: str, stopped: bool) -> None:
    case = copy_tutorial(FORWARD_STEP, tmp_path / "step")
    _thermo_mu(case, mu)
    caseops.set_turbulence_model(case, model, "sonicFoam", {"k": "0.1", "epsilon": "0.1", "omega": "1"}, {}, "test")
    messages = [p.message for p in check_case(case, "sonicFoam") if p.severity == "error"]
    assert any("inviscid" in m for m in messages) == stopped


def test_inviscid_incompressible_nu(tmp_path: Path) -> None:
    case = copy_tutorial(CAVITY, tmp_path / "cavity")
    path = case / "constant/transportProperties"
    path.write_text(fd.set_entry(path.read_text(), ["nu"], "[0 2 -1 0 0 0 0] 0"))
    caseops.set_turbulence_model(case, "kEpsilon", "pisoFoam", {"k": "0.1", "epsilon": "0.1"}, {}, "test")
    assert any("inviscid" in p.message for p in check_case(case, "pisoFoam") if p.severity == "error")


@pytest.mark.parametrize(("solver", "absolute", "family"), [
    ("rhoPimpleFoam", True, "compressible"),
    ("XiFoam", True, "compressible"),              # not in the old hand list
    ("sprayFoam", True, "compressible"),
    ("rhoCentralFoam", True, "compressible"),       # normalised gas (p 1 Pa) is still absolute
    ("chtMultiRegionFoam", True, "compressible"),   # per-region thermophysicalProperties
    ("compressibleInterFoam", True, "multiphase"),
    ("interFoam", False, "multiphase"),             # p_rgh in Pa but no thermodynamic model
    ("twoLiquidMixingFoam", False, "multiphase"),
    ("simpleFoam", False, "incompressible"),
    ("buoyantBoussinesqSimpleFoam", False, "boussinesq"),
    ("noSuchTutorialFoam", False, "incompressible"),  # no tutorial: the hand lists decide
])
def test_pressure_kind_and_family_from_tutorials(solver: str, absolute: bool, family: str) -> None:
    assert is_absolute_pressure(solver) is absolute
    assert solver_family(solver) == family


SQUARE_BEND = TUTORIALS / "compressible/rhoSimpleFoam/squareBend"


@pytest.mark.parametrize(("entry", "expected"), [
    ("defaultPatch { name walls; type wall; }", {"walls": "wall"}),
    ("defaultPatch { type patch; }", {"defaultFaces": "patch"}),
    ("defaultPatch { name sides; }", {"sides": "empty"}),
    ("", {}),                                                   # unnamed defaultFaces: empty, no entry
])
def test_default_patch(tmp_path: Path, entry: str, expected: dict[str, str]) -> None:
    (tmp_path / "system").mkdir()
    (tmp_path / "system/blockMeshDict").write_text(f"convertToMeters 1;\nboundary\n(\n);\n{entry}\n")
    assert caseops.default_patch(tmp_path) == expected


def test_new_model_field_covers_the_default_patch(tmp_path: Path) -> None:
    """squareBend's walls come from defaultPatch: the omega a switch to SST writes has them."""
    case = copy_tutorial(SQUARE_BEND, tmp_path / "bend")
    caseops.set_turbulence_model(case, "kOmegaSST", "rhoSimpleFoam", {"k": "1", "omega": "10"}, {}, "test")
    omega = (case / "0/omega").read_text()
    assert fd.get(omega, ["boundaryField", "walls", "type"]) == "omegaWallFunction"


@pytest.mark.parametrize(("keys", "flux", "covered"), [
    (["div(phi,k)"], "phi", True),
    (["div(rhoPhi,k)"], "phi", True),                 # any flux when the solver's is phi
    (["div(phi,k)"], "rhoPhi", False),                # compressibleInterFoam reads div(rhoPhi,k)
    (["div(rhoPhi,k)"], "rhoPhi", True),
    (['"div\\(rhoPhi,(k|epsilon)\\)"'], "rhoPhi", True),
    (["div(alphaRhoPhic,k)"], "alphaRhoPhic", True),
    (["div(phi,omega)"], "alphaRhoPhic", False),
])
def test_convection_scheme_by_the_solvers_flux(keys: list[str], flux: str, covered: bool) -> None:
    assert caseops.has_convection_scheme("k", keys, flux) is covered


@pytest.mark.parametrize(("solver", "flux"), [
    ("compressibleInterFoam", "rhoPhi"),   # laminar tutorials only: its momentum flux; their div(phi,k) is a leftover
    ("driftFluxFoam", "rhoPhi"),
    ("interFoam", "phi"),
    ("rhoPimpleFoam", "phi"),
])
def test_convection_flux_learnt(solver: str, flux: str) -> None:
    from tasks.foam.physics import convection_flux
    assert convection_flux(solver) == flux


@pytest.mark.parametrize(("patches", "roles"), [
    ({"freestream": "type SRFFreestreamVelocity; UInf (1 0 0); value uniform (0 0 0);"}, {"freestream": "inlet"}),
    ({"far": "type freestreamVelocity; freestreamValue uniform (10 0 0);"}, {"far": "inlet"}),
    ({"sides": "type slip;", "exit": "type pressureInletOutletVelocity; value uniform (0 0 0);"},
     {"sides": "outlet", "exit": "outlet"}),
    ({"body": "type noSlip;", "front": "type empty;"}, {"body": "wall"}),
])
def test_velocity_roles(patches: dict[str, str], roles: dict[str, str]) -> None:
    from tasks.edit.caseops_models import velocity_roles
    assert velocity_roles(_velocity(patches)) == roles


@pytest.mark.parametrize(("name", "ptype", "velocity", "role"), [
    ("freestream", "patch", {"freestream": "inlet"}, "inlet"),
    ("farField", "patch", {"farField": "outlet"}, "outlet"),
    ("obstacle", "patch", {}, "wall"),
    ("inletLeft", "patch", {"inletLeft": "outlet"}, "inlet"),   # its name says it first
    ("hull", "wall", {"hull": "inlet"}, "wall"),                # a wall by mesh type
])
def test_role_of_unnamed_patch(name: str, ptype: str, velocity: dict[str, str], role: str) -> None:
    assert caseops.role_of(name, ptype, {}, velocity) == role


RESTORED = TUTORIALS / "multiphase/interIsoFoam/damBreak"


def test_switch_writes_fields_where_the_run_restores_them(tmp_path: Path) -> None:
    """A case with 0.orig: the run copies it over 0, so a new model's fields go there too and
    the checker judges 0.orig alone."""
    case = copy_tutorial(RESTORED, tmp_path / "iso")
    if not (case / "0.orig").is_dir():
        pytest.skip("this install's interIsoFoam/damBreak has no 0.orig")
    caseops.set_turbulence_model(case, "kOmegaSST", "interIsoFoam", {"k": "0.1", "omega": "1"}, {}, "test")
    assert all((case / "0.orig" / f).is_file() for f in ("k", "omega", "nut"))
    (case / "0.orig/omega").unlink()
    assert any(p.file == "0/omega" for p in check_case(case, "interIsoFoam") if p.severity == "error")


@pytest.mark.parametrize(("solver", "needed"), [
    ("rhoPimpleFoam", True),
    ("buoyantPimpleFoam", True),
    ("compressibleInterFoam", True),                 # no turbulent tutorial: a thermodynamic solver
    ("interCondensatingEvaporatingFoam", False),     # its kOmegaSST tutorial goes without alphat
    ("interFoam", False),
    ("simpleFoam", False),
])
def test_needs_alphat_learnt(solver: str, needed: bool) -> None:
    from tasks.foam.physics import needs_alphat
    assert needs_alphat(solver) is needed
