"""The router: a pure, table-driven classifier over canonical/ontology.yaml."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tasks.core.errors import ConfigError
from tasks.retrieval.router import (
    Cues,
    classify,
    decide_mode,
    intent_cues,
    load_ontology,
    tokenize,
    tool_neighbours,
)

REPO = Path(__file__).resolve().parents[2]
QUERIES = json.loads((REPO / "benchmarks/iterasim/benchmark/benchmark_queries.json").read_text())


@pytest.fixture(scope="module")
def onto():
    return load_ontology()


@pytest.mark.parametrize(("text", "tokens"), [
    ("k-epsilon", ["k", "epsilon"]),
    ("RASModel kOmegaSST;", ["rasmodel", "komegasst"]),
    ("alpha.water = 1", ["alpha.water", "1"]),
    ("y+ < 1", ["y+", "1"]),
    ("", []),
])
def test_tokenize(text: str, tokens: list[str]) -> None:
    assert tokenize(text) == tokens


def test_every_category_e_question_is_expert_and_every_a_to_d_prompt_is_workflow(onto) -> None:
    modes = {r["case_id"]: classify(r["query"], onto).mode for r in QUERIES}
    assert [c for c, m in modes.items() if c.startswith("E") and m != "expert"] == []
    assert [c for c, m in modes.items() if c[0] in "ABCD" and m != "workflow"] == []
    assert sum(1 for c in modes if c.startswith("E")) == 8
    assert sum(1 for c in modes if c[0] in "ABCD") == 28


@pytest.mark.parametrize(("text", "mode", "tool", "category"), [
    # a named solver
    ("Set up a 2D lid-driven cavity with icoFoam, lid at 1 m/s.", "workflow", "icoFoam", "solvers"),
    # a physics phrase implies the solver
    ("Simulate a dam break with a water column on the left.", "workflow", "interFoam", "multiphase"),
    ("Simulate natural convection in a heated room.", "workflow", "buoyantBoussinesqSimpleFoam", "heat_transfer"),
    ("Set up a particle column with 1 mm particles.", "workflow", "MPPICFoam", "particles_lagrangian"),
    # a dictionary name implies its utility
    ("Double the cells in blockMeshDict.", "workflow", "blockMesh", "meshing"),
    # an edit of the case at hand, no tool named
    ("Change the inlet velocity to 5 m/s.", "workflow", None, "boundary_conditions"),
    # troubleshooting: symptoms win even with a solver named
    ("My interFoam run crashes with a floating point exception.", "expert", "interFoam", "numerical_instability"),
    ("simpleFoam shows bounding k every iteration", "expert", "simpleFoam", "numerical_instability"),
    # a question without a set-up request
    ("Is max non-orthogonality 72 acceptable for checkMesh?", "expert", "checkMesh", "mesh_quality"),
    ("How do I compute the first cell height for y+ = 1?", "expert", None, "physical_validation"),
    # a how-to set-up question that names a tool is a workflow request
    ("How do I set up a pitzDaily case with simpleFoam?", "workflow", "simpleFoam", "solvers"),
    # nothing recognised
    ("hello there", "expert", None, None),
])
def test_classify_table(onto, text: str, mode: str, tool: str | None, category: str | None) -> None:
    route = classify(text, onto)
    assert route.mode == mode, route.reason
    assert route.tool == tool
    if category is None:
        assert route.categories == []
    else:
        assert category in route.categories


def test_turbulence_aliases_become_canonical_terms(onto) -> None:
    route = classify("Switch the turbulence model from standard k-epsilon to k-omega SST.", onto)
    assert route.terms[-2:] == ["kEpsilon", "kOmegaSST"]
    assert route.categories[0] == "turbulence_models"


@pytest.mark.parametrize(("text", "term"), [
    ("The top wall velocity should be unsteady: U = 5*sin(2*pi*t/0.1) m/s.", "uniformFixedValue"),
    ("inlet velocity 2 + cos(omega*t) m/s", "uniformFixedValue"),
    ("a sinusoidal lid motion", "uniformFixedValue"),
    ("the sin of using a coarse mesh", None),
])
def test_time_functions_in_a_request_name_uniform_fixed_value(onto, text: str, term: str | None) -> None:
    assert (term in classify(text, onto).terms) if term else not classify(text, onto).terms


def test_a_tetrahedral_mesh_is_a_gmsh_question(onto) -> None:
    assert classify("Generate an unstructured 3D tetrahedral mesh for a cylinder", onto).categories[0] == "gmsh"


def test_from_x_to_y_makes_y_the_primary_solver(onto) -> None:
    route = classify("Convert the cavity from laminar icoFoam to turbulent flow using simpleFoam.", onto)
    assert route.tool == "simpleFoam" and "icoFoam" in route.tools


def test_tools_of_a_quoted_example_are_secondary(onto) -> None:
    text = "[Example: Here is a complete pitzDaily simpleFoam setup: ...]\n\nNow set up natural convection " \
           "using buoyantBoussinesqSimpleFoam."
    route = classify(text, onto)
    assert route.tool == "buoyantBoussinesqSimpleFoam" and route.tools[1] == "simpleFoam"


@pytest.mark.parametrize(("text", "case_tool", "tool"), [
    ("Increase the lid velocity to 5 m/s.", "icoFoam", "icoFoam"),          # the case's solver
    ("Run it with pimpleFoam instead.", "icoFoam", "pimpleFoam"),            # a named solver wins
    ("Increase the lid velocity to 5 m/s.", "notASolver", None),             # unknown names are ignored
])
def test_case_tool(onto, text: str, case_tool: str, tool: str | None) -> None:
    assert classify(text, onto, case_tool=case_tool).tool == tool


@pytest.mark.parametrize(("text", "symptoms", "asks", "commands"), [
    ("Set up a cavity. Run until t = 0.5 s.", [], False, True),
    ("Now modify this to run transient.", [], False, True),
    ("[Example: a case that diverges]\n\nNow set up pitzDaily.", [], False, True),
    ("My run crashes. How do I fix it?", ["crashes"], True, False),
    ("What MULES settings should I change?", [], True, False),
    ("I want to simulate a jet. How do I start?", [], True, True),
    ("bounding k, then residuals plateau", ["bounding", "plateau"], False, False),
])
def test_intent_cues(text: str, symptoms: list[str], asks: bool, commands: bool) -> None:
    assert intent_cues(text) == Cues(symptoms=symptoms, asks=asks, commands=commands)


@pytest.mark.parametrize(("symptoms", "asks", "commands", "has_tool", "mode"), [
    (["crash"], False, False, True, "expert"),
    (["crash"], True, True, True, "workflow"),   # "my run crashes; switch to upwind" with a set-up command
    ([], True, False, True, "expert"),
    ([], True, True, True, "workflow"),
    ([], True, True, False, "expert"),
    ([], False, False, True, "workflow"),
    ([], False, True, False, "workflow"),
    ([], False, False, False, "expert"),
])
def test_decide_mode(symptoms, asks, commands, has_tool, mode) -> None:
    assert decide_mode(Cues(symptoms=symptoms, asks=asks, commands=commands), has_tool)[0] == mode


def test_expert_questions_put_the_problem_categories_first(onto) -> None:
    route = classify("My steady simpleFoam run shows bounding k on every iteration; residuals plateau.", onto)
    assert route.mode == "expert"
    assert route.categories.index("numerical_instability") <= 1


def test_tool_neighbours(onto) -> None:
    assert {"blockMesh", "foamToVTK"} <= set(tool_neighbours(onto, ["icoFoam"]))
    assert "icoFoam" not in tool_neighbours(onto, ["icoFoam"])
    assert set(tool_neighbours(onto, ["interFoam"])) >= {"setFields", "decomposePar", "reconstructPar"}
    assert tool_neighbours(onto, ["icoFoam"], depth=0) == []
    assert tool_neighbours(onto, []) == [] and tool_neighbours(onto, ["unknownTool"]) == []
    assert set(tool_neighbours(onto, ["icoFoam"], depth=2)) > set(tool_neighbours(onto, ["icoFoam"]))
    with pytest.raises(ValueError, match="depth"):
        tool_neighbours(onto, ["icoFoam"], depth=-1)


def test_a_broken_ontology_is_a_config_error_naming_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "ontology.yaml"
    bad.write_text("version: 1\ncategories: {}\n")
    with pytest.raises(ConfigError, match=str(bad)):
        load_ontology(bad)


def test_the_pure_core_imports_no_services() -> None:
    code = ("import sys, tasks.retrieval.router, tasks.retrieval.fusion; "
            "print([m for m in ('prefect', 'psycopg', 'docker', 'openai') if m in sys.modules])")
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
