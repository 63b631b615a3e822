"""Knowledge the pre-run checker takes from the installed OpenFOAM rather than a hand list:
dimensions as written in any form, what a solver's tutorials say about its fields, every
turbulence model v1912 installs, and the divSchemes entries a model's fields need."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.foam import physics as ph
from tasks.foam.defaults import convection_entries, convection_scheme
from tasks.foam.physics import boundary_condition, dimensions_fit, model_spec, parse_dimensions, physics

ABSOLUTE = (1.0, -1.0, -2.0, 0.0, 0.0, 0.0, 0.0)
KINEMATIC = (0.0, 2.0, -2.0, 0.0, 0.0, 0.0, 0.0)


@pytest.mark.parametrize(("text", "expected"), [
    ("[1 -1 -2 0 0 0 0]", ABSOLUTE),
    ("[ 0 2 -2 0 0 0 0 ]", KINEMATIC),            # spaces inside the brackets (adjoint tutorials)
    ("[0 2 -2 0 0]", KINEMATIC),                  # the 5-entry form (cavitatingFoam)
    ("[m^2/s^2]", KINEMATIC),                     # named units (turbulentFlatPlate)
    ("[m s^-1]", (0.0, 1.0, -1.0, 0.0, 0.0, 0.0, 0.0)),
    ("[kg/m/s^2]", ABSOLUTE),
    ("[Pa]", ABSOLUTE),
    ("[0 2 -2]", None),                           # neither 5 nor 7 exponents
    ("[furlong]", None),
    ("uniform 0", None),
])
def test_dimensions_are_read_in_every_form_openfoam_accepts(text: str, expected: tuple | None) -> None:
    assert parse_dimensions(text) == expected


def _tutorial(root: Path, rel: str, solver: str, fields: dict[str, str], allrun: str | None = None) -> Path:
    case = root / rel
    (case / "system").mkdir(parents=True)
    (case / "system/controlDict").write_text(f"application {solver};\nstartTime 0;\n")
    (case / "0").mkdir()
    for name, dims in fields.items():
        (case / "0" / name).write_text(f"dimensions {dims};\ninternalField uniform 0;\nboundaryField\n{{\n}}\n")
    if allrun is not None:
        (case / "Allrun").write_text(allrun)
    return case


@pytest.fixture
def tutorials(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "tutorials"
    monkeypatch.setenv("CASEWRIGHT_TUTORIALS_DIR", str(root))
    yield root
    for cached in (ph._tutorial_dimensions, ph._tutorial_field_names, ph._convection_flux):
        cached.cache_clear()


def test_dimensions_follow_the_solvers_own_tutorials(tutorials: Path) -> None:
    _tutorial(tutorials, "spray/a", "sprayFooFoam", {"p": "[1 -1 -2 0 0 0 0]", "U": "[0 1 -1 0 0 0 0]"})
    assert dimensions_fit("p", "sprayFooFoam", "[1 -1 -2 0 0 0 0]") is None
    assert dimensions_fit("p", "sprayFooFoam", "[kg/m/s^2]") is None
    assert dimensions_fit("p", "sprayFooFoam", "[0 2 -2 0 0 0 0]") == "[1 -1 -2 0 0 0 0]"
    # no tutorial of the solver has the field: the family rule (simpleFoam: kinematic)
    assert dimensions_fit("p", "simpleFoam", "[1 -1 -2 0 0 0 0]") == "[0 2 -2 0 0 0 0]"
    assert dimensions_fit("p", "simpleFoam", "[ 0 2 -2 0 0 0 0 ]") is None
    assert dimensions_fit("p", "simpleFoam", "[$p]") is None  # unreadable: not judged


def test_a_solvers_fields_are_those_every_tutorial_that_ships_them_has(tutorials: Path) -> None:
    _tutorial(tutorials, "solid/a", "solidFooFoam", {"D": "[0 1 0 0 0 0 0]", "T": "[0 0 0 1 0 0 0]"})
    _tutorial(tutorials, "solid/b", "solidFooFoam", {"D": "[0 1 0 0 0 0 0]"})
    _tutorial(tutorials, "vof/a", "vofFoam", {"U": "[0 1 -1 0 0 0 0]", "alpha.water": "[0 0 0 0 0 0 0]"})
    _tutorial(tutorials, "vof/b", "vofFoam", {"U": "[0 1 -1 0 0 0 0]", "alpha.sludge": "[0 0 0 0 0 0 0]"})
    _tutorial(tutorials, "vof/c", "vofFoam", {"p": "[1 -1 -2 0 0 0 0]"}, allrun="runApplication createBoxTurb\n")
    assert ph.tutorial_field_names("solidFooFoam") == frozenset({"D"})
    assert ph.tutorial_field_names("vofFoam") == frozenset({"U", "alpha"})  # phase names differ; c makes its own
    assert ph.tutorial_field_names("noSuchFoam") is None


def test_start_time_and_orig_folders_hold_initial_fields(tmp_path: Path) -> None:
    case = tmp_path / "case"
    (case / "system").mkdir(parents=True)
    (case / "system/controlDict").write_text("application XiEngineFoam;\nstartTime -180;\n")
    (case / "-180").mkdir()
    (case / "-180/U").write_text("")
    (case / "0.orig").mkdir()
    (case / "0.orig/alpha.water.orig").write_text("")
    assert ph.initial_fields(case) == {"U", "alpha.water"}


# the turbulence models the v1912 libraries define (nm -D lib*TurbulenceModels.so | c++filt)
INSTALLED_MODELS = """LRR LamBremhorstKE LaunderSharmaKE LienCubicKE LienLeschziner RNGkEpsilon SSG ShihQuadraticKE
SpalartAllmaras buoyantKEpsilon kEpsilon kEpsilonPhitF kOmega kOmegaSST kOmegaSSTLM kOmegaSSTSAS kkLOmega qZeta
realizableKE v2f DeardorffDiffStress Smagorinsky SpalartAllmarasDDES SpalartAllmarasDES SpalartAllmarasIDDES WALE
dynamicKEqn dynamicLagrangian kEqn kOmegaSSTDDES kOmegaSSTDES kOmegaSSTIDDES""".split()


@pytest.mark.parametrize("model", INSTALLED_MODELS)
def test_every_installed_model_is_known_with_a_condition_for_each_field(model: str) -> None:
    spec = model_spec(model)
    values = {"U": "(1 0 0)", "k": "0.1", "epsilon": "0.1", "omega": "1", "nuTilda": "3e-5",
              "R": "(0.1 0 0 0.1 0 0.1)", "T": "300", "internal": "0"}
    for field in spec.fields:
        assert field in physics().fields, f"{model}: no dimensions for {field}"
        for role in ("inlet", "outlet", "wall"):
            assert boundary_condition(role, field, model, "pimpleFoam", values)["type"]
    assert set(spec.elliptic) <= set(spec.solved)


@pytest.mark.parametrize(("model", "fields"), [
    ("kOmegaSSTLM", {"k", "omega", "ReThetat", "gammaInt", "nut"}),
    ("v2f", {"k", "epsilon", "v2", "f", "nut"}),
    ("SpalartAllmarasIDDES", {"nuTilda", "nut"}),
    ("kOmegaSSTDDES", {"k", "omega", "nut"}),
    ("WALE", {"nut"}),
])
def test_models_need_their_own_fields(model: str, fields: set[str]) -> None:
    assert set(model_spec(model).fields) == fields


@pytest.mark.parametrize(("fields", "steady", "flux", "expected"), [
    (["k", "omega"], True, "phi", {"div(phi,k)": convection_scheme("k", True), "div(phi,omega)": convection_scheme("omega", True)}),
    (["ReThetat"], False, "phi", {"div(phi,ReThetat)": convection_scheme("ReThetat", False)}),
    (["k"], False, "rhoPhi", {"div(rhoPhi,k)": convection_scheme("k", False)}),
    ([], True, "phi", {}),
])
def test_convection_entries_cover_every_field_a_model_adds(fields: list[str], steady: bool, flux: str,
                                                            expected: dict[str, str]) -> None:
    assert convection_entries(fields, steady, flux) == expected


def test_the_convecting_flux_is_the_one_the_solvers_tutorials_use(tutorials: Path) -> None:
    case = _tutorial(tutorials, "drift/a", "driftFooFoam", {})
    (case / "system/fvSchemes").write_text("divSchemes\n{\n    default none;\n    div(rhoPhi,k) Gauss upwind;\n}\n")
    assert ph.convection_flux("driftFooFoam") == "rhoPhi"
    assert ph.convection_flux("noSuchFoam") == "phi"
