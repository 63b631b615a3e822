"""The Reviewer's pure parts: text edits, problem location, every patch rule (parametrised
tables: case texts + Problem -> expected edit, parsed back with foamlib), patch refusal on
locked values, what re-runs, the LLM wrapper and the LLM patch validation."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest

from tasks.core.errors import LLMError
from tasks.core.llm import LLMClient, parse_json_answer
from tasks.foam import dictionary as fd
from tasks.foam.locked import LockedValue
from tasks.review.case import CaseView, block_geometry, estimate_delta_t, nice_floor, patch_role
from tasks.review.llm import LLMPatchAnswer, validate_answer
from tasks.review.locate import locate_problem, problem_from_fatal, relative, split_scoped
from tasks.review.models import Problem
from tasks.review.rules import CATALOGUE, RULES_BY_NAME
from tasks.review.session import choose_patch, patch_violations, rerun_start, stale_time_dirs
from tasks.run.logs import parse_log
from tasks.run.report import RunReport
from tasks.run.runner import Step, StepResult

HEAD = "FoamFile\n{{\n    version     2.0;\n    format      ascii;\n    class       {cls};\n    object      {obj};\n}}\n\n"
BANNER = "\n// ************************************************************************* //\n"


def dictionary(obj: str, body: str, cls: str = "dictionary") -> str:
    return HEAD.format(cls=cls, obj=obj) + body + BANNER


CONTROL = dictionary("controlDict", """application     icoFoam;
startFrom       startTime;
startTime       0;
stopAt          endTime;
endTime         0.5;
deltaT          0.005;
writeControl    timeStep;
writeInterval   20;
""")
TRANSPORT = dictionary("transportProperties", "nu              0.01;\n")
SCHEMES = dictionary("fvSchemes", """ddtSchemes
{
    default         Euler;
}

gradSchemes
{
    default         Gauss linear;
}

divSchemes
{
    default         none;
    div(phi,U)      Gauss linear;
}

laplacianSchemes
{
    default         Gauss linear orthogonal;
}
""")
SOLUTION = dictionary("fvSolution", """solvers
{
    p
    {
        solver          PCG;
        preconditioner  DIC;
        tolerance       1e-06;
        relTol          0.05;
    }

    pFinal
    {
        $p;
        relTol          0;
    }

    U
    {
        solver          smoothSolver;
        smoother        symGaussSeidel;
        tolerance       1e-05;
        relTol          0;
    }
}

PISO
{
    nCorrectors     2;
    nNonOrthogonalCorrectors 0;
    pRefCell        0;
    pRefValue       0;
}
""")
BLOCKMESH = dictionary("blockMeshDict", """scale   0.1;

vertices
(
    (0 0 0)
    (1 0 0)
    (1 1 0)
    (0 1 0)
    (0 0 0.1)
    (1 0 0.1)
    (1 1 0.1)
    (0 1 0.1)
);

blocks
(
    hex (0 1 2 3 4 5 6 7) (20 20 1) simpleGrading (1 1 1)
);

boundary
(
    movingWall
    {
        type wall;
        faces ((3 7 6 2));
    }
    fixedWalls
    {
        type wall;
        faces ((0 4 7 3) (2 6 5 1) (1 5 4 0));
    }
    frontAndBack
    {
        type empty;
        faces ((0 3 2 1) (4 5 6 7));
    }
);
""")
U_FIELD = dictionary("U", """dimensions      [0 1 -1 0 0 0 0];

internalField   uniform (0 0 0);

boundaryField
{
    movingWall
    {
        type            fixedValue;
        value           uniform (1 0 0);
    }
    fixedWalls
    {
        type            noSlip;
    }
    frontAndBack
    {
        type            empty;
    }
}
""", "volVectorField")
P_FIELD = dictionary("p", """dimensions      [0 2 -2 0 0 0 0];

internalField   uniform 0;

boundaryField
{
    movingWall
    {
        type            zeroGradient;
    }
    fixedWalls
    {
        type            zeroGradient;
    }
    frontAndBack
    {
        type            empty;
    }
}
""", "volScalarField")
CAVITY = {
    "system/controlDict": CONTROL, "constant/transportProperties": TRANSPORT, "system/fvSchemes": SCHEMES,
    "system/fvSolution": SOLUTION, "system/blockMeshDict": BLOCKMESH, "0/U": U_FIELD, "0/p": P_FIELD,
}

# a kEpsilon channel: inlet/outlet patches, two walls, empty sides
RAS_CONTROL = CONTROL.replace("icoFoam", "simpleFoam").replace("0.005", "1")
TURB = dictionary("turbulenceProperties", "simulationType  RAS;\n\nRAS\n{\n    RASModel        kEpsilon;\n"
                  "    turbulence      on;\n}\n")
CHANNEL_BLOCKS = BLOCKMESH.replace("movingWall", "inlet").replace("type wall;\n        faces ((3 7", "type patch;\n        faces ((3 7")
CHANNEL_BLOCKS = CHANNEL_BLOCKS.replace("""    fixedWalls
    {
        type wall;
        faces ((0 4 7 3) (2 6 5 1) (1 5 4 0));
    }""", """    outlet
    {
        type patch;
        faces ((1 5 4 0));
    }
    walls
    {
        type wall;
        faces ((0 4 7 3) (2 6 5 1));
    }""")


def scalar_field(obj: str, dims: str, internal: str, walls: str, inlet: str = "fixedValue;\n        value uniform 1") -> str:
    return dictionary(obj, f"""dimensions      {dims};

internalField   uniform {internal};

boundaryField
{{
    inlet
    {{
        type            {inlet};
    }}
    outlet
    {{
        type            zeroGradient;
    }}
    walls
    {{
        type            {walls};
        value           uniform {internal};
    }}
    frontAndBack
    {{
        type            empty;
    }}
}}
""", "volScalarField")


CHANNEL = {
    "system/controlDict": RAS_CONTROL,
    "constant/transportProperties": dictionary("transportProperties", "transportModel  Newtonian;\n\nnu              1e-05;\n"),
    "constant/turbulenceProperties": TURB,
    "system/fvSchemes": SCHEMES.replace("Euler", "steadyState"),
    "system/fvSolution": SOLUTION.replace("PISO", "SIMPLE"),
    "system/blockMeshDict": CHANNEL_BLOCKS,
    "0/U": U_FIELD.replace("movingWall", "inlet").replace("fixedWalls", "walls"),
    "0/k": scalar_field("k", "[0 2 -2 0 0 0 0]", "0.375", "kqRWallFunction"),
    "0/epsilon": scalar_field("epsilon", "[0 2 -3 0 0 0 0]", "14.855", "epsilonWallFunction"),
    "0/nut": scalar_field("nut", "[0 2 -1 0 0 0 0]", "0", "nutkWallFunction", "calculated;\n        value uniform 0"),
}


def view_of(texts: dict[str, str], **changes: str | None) -> CaseView:
    merged = dict(texts)
    for key, value in changes.items():
        path = key.replace("__", "/").replace("_dot_", ".")
        if value is None:
            merged.pop(path, None)
        else:
            merged[path] = value
    return CaseView.from_texts(merged)


# --- text edits ------------------------------------------------------------------------------


def test_entries_find_values_blocks_and_regex_keys() -> None:
    assert fd.keys(SOLUTION, ["solvers"]) == ["p", "pFinal", "U"]
    assert fd.get(SCHEMES, ["divSchemes", "div(phi,U)"]) == "Gauss linear"
    text = SOLUTION.replace("    U\n", '    "(U|k|epsilon)"\n')
    node = fd.find(text, ["solvers", "k"], regex=True)
    assert node is not None and node.key == '"(U|k|epsilon)"'
    assert fd.find(text, ["solvers", "k"]) is None


def test_set_value_keeps_layout_and_comments() -> None:
    text = CONTROL.replace("deltaT          0.005;", "deltaT          0.005; // user note")
    new = fd.set_entry(text, ["deltaT"], "0.001")
    assert "deltaT          0.001; // user note" in new
    assert new.replace("0.001", "0.005") == text


def test_insert_creates_parents_and_goes_before_macro_users() -> None:
    no_p = fd.remove_entry(SOLUTION, ["solvers", "p"])
    new = fd.insert_entry(no_p, ["solvers"], "p", ["solver PCG;"], before="$p")
    assert new.index("    p\n") < new.index("pFinal")
    created = fd.set_entry(SCHEMES, ["wallDist", "method"], "meshWave")
    assert fd.get(created, ["wallDist", "method"]) == "meshWave"
    assert fd.parse_error(new) is None and fd.parse_error(created) is None


def test_rename_and_remove_entries() -> None:
    text = CONTROL.replace("endTime         0.5", "endtime         0.5")
    assert fd.rename_key(text, ["endtime"], "endTime") == CONTROL
    removed = fd.remove_entry(U_FIELD, ["boundaryField", "fixedWalls"])
    assert "fixedWalls" not in removed and fd.parse_error(removed) is None


def test_parse_error_names_the_failure() -> None:
    assert fd.parse_error(CONTROL) is None
    assert fd.parse_error("a { b 1;") is not None


# --- reading the case ------------------------------------------------------------------------


def test_case_view_patches_roles_and_estimates() -> None:
    view = view_of(CAVITY)
    assert view.patches() == {"movingWall": "wall", "fixedWalls": "wall", "frontAndBack": "empty"}
    assert [view.role(p) for p in view.patches()] == ["movingWall", "wall", "empty"]
    assert estimate_delta_t(view) == pytest.approx(0.002)  # Co 0.5 at dx 5 mm, |U| 1 m/s
    geometry = block_geometry(BLOCKMESH)
    assert geometry is not None and len(geometry.vertices) == 8 and geometry.scale == 0.1


@pytest.mark.parametrize("name,mesh_type,role", [
    ("inlet", "patch", "inlet"), ("outflow", "patch", "outlet"), ("lid", "patch", "movingWall"),
    ("lowerWall", "wall", "wall"), ("top", "patch", None), ("atmosphere", "patch", "atmosphere"),
    ("frontAndBack", "empty", "empty"), ("sym", "symmetryPlane", "symmetryPlane"),
])
def test_patch_roles(name: str, mesh_type: str, role: str | None) -> None:
    assert patch_role(name, mesh_type) == role


def test_nice_floor() -> None:
    assert [nice_floor(x) for x in (0.0037, 0.00025, 7.0, 1.0)] == [0.002, 0.0002, 5.0, 1.0]


# --- locating the problem ---------------------------------------------------------------------

FATAL = "\n--> FOAM FATAL IO ERROR: \n{msg}\n\nfile: {file}\n\n    From function x\n    in file y at line 1.\n\nFOAM exiting\n"


@pytest.mark.parametrize("msg,file,kind,fields", [
    ("Entry 'nu' not found in dictionary \"/c/constant/transportProperties\"", "/c/constant/transportProperties",
     "missing_keyword", {"file": "constant/transportProperties", "keyword": "nu", "dict_path": []}),
    ("Entry 'div(phi,U)' not found in dictionary \"/c/system/fvSchemes.divSchemes\"", "/c/system/fvSchemes.divSchemes",
     "missing_keyword", {"file": "system/fvSchemes", "dict_path": ["divSchemes"], "keyword": "div(phi,U)"}),
    ("Unknown symmetric matrix solver type PCGG\n\nValid symmetric matrix solver types :\n4(GAMG PBiCGStab PCG smoothSolver)",
     "/case/system/fvSolution.solvers.p from line 22 to line 25", "unknown_type",
     {"value": "PCGG", "dict_path": ["solvers", "p"], "valid_choices": ["GAMG", "PBiCGStab", "PCG", "smoothSolver"]}),
    ("timestep is not in enumeration: 7(none timeStep runTime adjustable adjustableRunTime clockTime cpuTime)",
     "/c/system/controlDict from line 18 to line 46", "bad_enum", {"value": "timestep", "file": "system/controlDict"}),
    ("Cannot find patchField entry for fixedWalls", "/c/0/p.boundaryField from line 25 to line 32", "missing_patch",
     {"field": "p", "patch": "fixedWalls", "file": "0/p"}),
    ("cannot find file \"/c/0/k\"", "", "missing_file", {"file": "0/k", "field": "k"}),
    ("Point label 6 out of range 0..5 in block hex (0 1 2 3 4 5 6 7) (20 20 1)", "/c/system/blockMeshDict.blocks at line 31.",
     "mesh_vertices", {"file": "system/blockMeshDict", "keyword": "6"}),
    ("Wrong token type - expected label (int32), found on line 33: punctuation ','", "/c/system/blockMeshDict.blocks at line 33.",
     "mesh_block_syntax", {"dict_path": ["blocks"]}),
    ("Unable to set reference cell for field p\n    Please supply either pRefCell or pRefPoint",
     "/c/system/fvSolution.PISO from line 45 to line 46", "reference_cell", {"dict_path": ["PISO"]}),
    ("\n    patch type 'wall' not constraint type 'empty'\n    for patch fixedWalls of field U in file \"/c/0/U\"",
     "/c/0/U.boundaryField.fixedWalls at line 31.", "constraint_mismatch", {"field": "U", "patch": "fixedWalls"}),
    ("unexpected class name volVectorField expected volScalarField\n    while reading object p", "/c/0/p at line 14.",
     "wrong_class", {"valid_choices": ["volScalarField"], "field": "p"}),
    ("incompatible dimensions for operation \n    [U[0 1 -3 0 0 0 0] ] + [U[0 1 -4 0 0 0 0] ]", "", "dimensions", {}),
])
def test_problem_from_fatal(msg: str, file: str, kind: str, fields: dict) -> None:
    text = FATAL.format(msg=msg, file=file) if file else FATAL.format(msg=msg, file="x").replace("\nfile: x\n", "\n")
    fatal = parse_log(text).fatal
    assert fatal is not None
    problem = problem_from_fatal("icoFoam", fatal, view_of(CAVITY), ["/c", "/case"])
    assert problem.kind == kind
    for key, value in fields.items():
        assert getattr(problem, key) == value, key


def test_relative_and_scoped_paths() -> None:
    view = view_of({**CAVITY, "0/alpha.water": P_FIELD})
    assert relative("/case/system/fvSolution", ["/tmp/x", "/case"]) == "system/fvSolution"
    assert relative("/tmp/x/system/fvSolution", ["/tmp/x"]) == "system/fvSolution"
    assert split_scoped("0/alpha.water.boundaryField.leftWall", view) == ("0/alpha.water", ["boundaryField", "leftWall"])


def _report(tmp_path, steps: list[tuple[str, str, str]], status: str = "failed") -> tuple[RunReport, dict[str, str]]:
    results, logs = [], {}
    for command, state, log in steps:
        path = tmp_path / f"log.{command}"
        path.write_text(log)
        results.append(StepResult(command=command, args=[], backend="native", status=state,  # type: ignore[arg-type]
                                  exit_code=0 if state == "ok" else 1, seconds=0.1, log_path=str(path)))
        logs[command] = log
    report = RunReport(case_dir="/c", application=steps[-1][0], status=status, reached_end_time=status == "completed",  # type: ignore[arg-type]
                       backend="native", backend_reason="test", steps=results, start_time=0, end_time=0.5,
                       time_reached=None, fatal=None)
    return report, logs


def test_locate_divergence_checkmesh_and_audit(tmp_path) -> None:
    diverging = "".join(f"Courant Number mean: 1 max: {c}\nTime = {t}\n\n" for t, c in ((0.1, 13.6), (0.2, 40.0)))
    report, logs = _report(tmp_path, [("blockMesh", "ok", "End\n"), ("icoFoam", "ok", diverging)], "completed")
    problem = locate_problem(report, view_of(CAVITY), logs)
    assert problem is not None and problem.kind == "divergence"
    assert problem.metrics["courant_first"] == pytest.approx(13.6)

    report, logs = _report(tmp_path, [("snappyHexMesh", "ok", "Finished meshing with 66860 illegal faces (concave)\n"),
                                      ("checkMesh", "ok", " ***Error in face pyramids\nFailed 1 mesh checks.\n")])
    problem = locate_problem(report, view_of({**CAVITY, "system/meshQualityDict": "maxNonOrtho 10;\n"}), logs)
    assert problem is not None and (problem.kind, problem.step, problem.file) == (
        "mesh_quality", "snappyHexMesh", "system/meshQualityDict")

    sst = {**CHANNEL, "constant/turbulenceProperties": TURB.replace("kEpsilon", "kOmegaSST"),
           "0/omega": scalar_field("omega", "[0 0 -1 0 0 0 0]", "440", "zeroGradient")}
    report, logs = _report(tmp_path, [("simpleFoam", "ok", "Time = 1\n\nEnd\n")], "completed")
    problem = locate_problem(report, view_of(sst), logs)
    assert problem is not None and (problem.kind, problem.field, problem.patch) == ("wall_function", "omega", "walls")
    assert locate_problem(report, view_of(CHANNEL), logs) is None


# --- the rules: one table row per rule and situation ----------------------------------------

def P(kind: str, **kw: object) -> Problem:
    return Problem(kind=kind, step=kw.pop("step", "icoFoam"), message=kw.pop("message", "test"), **kw)  # type: ignore[arg-type]


def _no(texts: dict[str, str], path: str, *entry: str) -> dict[str, str]:
    return {**texts, path: fd.remove_entry(texts[path], list(entry))}


RULE_TABLE = [
    # (id, texts, problem, rule, file, key path, expected value)
    ("missing nu -> water", _no(CAVITY, "constant/transportProperties", "nu"),
     P("missing_keyword", file="constant/transportProperties", keyword="nu"),
     "add_canonical_keyword", "constant/transportProperties", "nu", "1.004e-06"),
    ("missing deltaT -> Courant 0.5", _no(CAVITY, "system/controlDict", "deltaT"),
     P("missing_keyword", file="system/controlDict", keyword="deltaT"),
     "add_canonical_keyword", "system/controlDict", "deltaT", "0.002"),
    ("missing smoother for GAMG", {**CAVITY, "system/fvSolution": fd.remove_entry(
        SOLUTION.replace("PCG;", "GAMG;"), ["solvers", "p", "preconditioner"])},
     P("missing_keyword", file="system/fvSolution", dict_path=["solvers", "p"], keyword="smoother"),
     "add_canonical_keyword", "system/fvSolution", "solvers/p/smoother", "GaussSeidel"),
    ("misspelled endTime keeps the user's value", {**CAVITY, "system/controlDict": CONTROL.replace("endTime ", "endtime ")},
     P("missing_keyword", file="system/controlDict", keyword="endTime"),
     "rename_misspelled_keyword", "system/controlDict", "endTime", "0.5"),
    ("writeFrequency alias -> writeInterval renamed",
     {**CAVITY, "system/controlDict": CONTROL.replace("writeInterval ", "writeIntervall")},
     P("missing_keyword", file="system/controlDict", keyword="writeFrequency"),
     "rename_misspelled_keyword", "system/controlDict", "writeInterval", "20"),
    ("missing div scheme", _no(CAVITY, "system/fvSchemes", "divSchemes", "div(phi,U)"),
     P("missing_keyword", file="system/fvSchemes", dict_path=["divSchemes"], keyword="div(phi,U)"),
     "add_missing_scheme", "system/fvSchemes", "divSchemes/div(phi,U)", "Gauss linearUpwind grad(U)"),
    ("missing laplacian default", _no(CAVITY, "system/fvSchemes", "laplacianSchemes", "default"),
     P("missing_keyword", file="system/fvSchemes", dict_path=["laplacianSchemes"], keyword="laplacian(nu,U)"),
     "add_missing_scheme", "system/fvSchemes", "laplacianSchemes/default", "Gauss linear corrected"),
    ("missing U solver", _no(CAVITY, "system/fvSolution", "solvers", "U"),
     P("missing_keyword", file="system/fvSolution", dict_path=["solvers"], keyword="U"),
     "add_linear_solver", "system/fvSolution", "solvers/U/solver", "smoothSolver"),
    ("missing Final copies its base", _no(CAVITY, "system/fvSolution", "solvers", "pFinal"),
     P("missing_keyword", file="system/fvSolution", dict_path=["solvers"], keyword="pFinal"),
     "add_linear_solver", "system/fvSolution", "solvers/pFinal/relTol", "0"),
    ("missing pRefCell", _no(_no(CAVITY, "system/fvSolution", "PISO", "pRefCell"), "system/fvSolution", "PISO", "pRefValue"),
     P("reference_cell", file="system/fvSolution", dict_path=["PISO"], keyword="pRefCell"),
     "set_reference_cell", "system/fvSolution", "PISO/pRefValue", "0"),
    ("unknown solver -> nearest", {**CAVITY, "system/fvSolution": SOLUTION.replace("PCG;", "PCGG;")},
     P("unknown_type", file="system/fvSolution", dict_path=["solvers", "p"], value="PCGG",
       valid_choices=["GAMG", "PBiCGStab", "PCG", "smoothSolver"]),
     "nearest_valid_choice", "system/fvSolution", "solvers/p/solver", "PCG"),
    ("bad enum -> nearest", {**CAVITY, "system/controlDict": CONTROL.replace("timeStep", "timestep")},
     P("bad_enum", file="system/controlDict", value="timestep", valid_choices=["none", "timeStep", "runTime"]),
     "nearest_valid_choice", "system/controlDict", "writeControl", "timeStep"),
    ("RASModel case -> nearest", {**CHANNEL, "constant/turbulenceProperties": TURB.replace("kEpsilon", "RNGkepsilon")},
     P("unknown_type", file="constant/turbulenceProperties", dict_path=["RAS"], value="RNGkepsilon",
       valid_choices=["kEpsilon", "RNGkEpsilon", "kOmegaSST"]),
     "nearest_valid_choice", "constant/turbulenceProperties", "RAS/RASModel", "RNGkEpsilon"),
    ("missing patch entry -> role BC", _no(CAVITY, "0/p", "boundaryField", "fixedWalls"),
     P("missing_patch", file="0/p", field="p", patch="fixedWalls", keyword="fixedWalls"),
     "canonical_patch_bc", "0/p", "boundaryField/fixedWalls/type", "zeroGradient"),
    ("empty on a wall -> noSlip", {**CAVITY, "0/U": U_FIELD.replace("noSlip", "empty")},
     P("constraint_mismatch", file="0/U", field="U", patch="fixedWalls", value="empty"),
     "canonical_patch_bc", "0/U", "boundaryField/fixedWalls/type", "noSlip"),
    ("missing k file generated", {k: v for k, v in CHANNEL.items() if k != "0/k"},
     P("missing_file", file="0/k", field="k", keyword="0/k", step="simpleFoam"),
     "generate_field_file", "0/k", "boundaryField/walls/type", "kqRWallFunction"),
    ("missing g generated", CHANNEL, P("missing_file", file="constant/g", keyword="constant/g"),
     "generate_constant_file", "constant/g", "value", "(0 -9.81 0)"),
    ("U dimensions fixed", {**CAVITY, "0/U": U_FIELD.replace("[0 1 -1 0 0 0 0]", "[0 1 -2 0 0 0 0]")},
     P("dimensions"), "fix_dimensions", "0/U", "dimensions", "[0 1 -1 0 0 0 0]"),
    ("wrong class fixed", {**CAVITY, "0/p": P_FIELD.replace("volScalarField", "volVectorField")},
     P("wrong_class", file="0/p", field="p", value="volVectorField", valid_choices=["volScalarField"]),
     "fix_field_class", "0/p", "FoamFile/class", "volScalarField"),
    ("vector with 2 components", {**CAVITY, "0/U": U_FIELD.replace("uniform (0 0 0)", "uniform (0 0)")},
     P("value_syntax", file="0/U", field="U", dict_path=["internalField"]),
     "fix_vector_arity", "0/U", "internalField", "uniform (0 0 0)"),
    ("epsilon wall function on omega (SST)",
     {**CHANNEL, "constant/turbulenceProperties": TURB.replace("kEpsilon", "kOmegaSST"),
      "0/omega": scalar_field("omega", "[0 0 -1 0 0 0 0]", "440", "epsilonWallFunction")},
     P("wall_function", step="audit"), "wall_function_pair", "0/omega", "boundaryField/walls/type", "omegaWallFunction"),
    ("nut calculated on walls (RAS)", {**CHANNEL, "0/nut": CHANNEL["0/nut"].replace("nutkWallFunction", "calculated")},
     P("wall_function", value="calculated", keyword="nutWallFunction"),
     "wall_function_pair", "0/nut", "boundaryField/walls/type", "nutkWallFunction"),
    ("missing vertices rebuilt", {**CAVITY, "system/blockMeshDict": BLOCKMESH.replace("    (1 1 0.1)\n    (0 1 0.1)\n", "")},
     P("mesh_vertices", file="system/blockMeshDict", keyword="6", step="blockMesh"),
     "restore_block_vertices", "system/blockMeshDict", "vertices",
     "( (0 0 0) (1 0 0) (1 1 0) (0 1 0) (0 0 0.1) (1 0 0.1) (1 1 0.1) (0 1 0.1) )"),
    ("block cells with commas", {**CAVITY, "system/blockMeshDict": BLOCKMESH.replace("(20 20 1)", "(20, 20, 1)")},
     P("mesh_block_syntax", file="system/blockMeshDict", dict_path=["blocks"], step="blockMesh"),
     "fix_block_syntax", "system/blockMeshDict", "blocks", "( hex (0 1 2 3 4 5 6 7) (20 20 1) simpleGrading (1 1 1) )"),
    ("two cell counts", {**CAVITY, "system/blockMeshDict": BLOCKMESH.replace("(20 20 1)", "(20 20)")},
     P("mesh_block_syntax", file="system/blockMeshDict", dict_path=["blocks"], step="blockMesh"),
     "fix_block_syntax", "system/blockMeshDict", "blocks", "( hex (0 1 2 3 4 5 6 7) (20 20 1) simpleGrading (1 1 1) )"),
    ("strict mesh gates relaxed", {**CAVITY, "system/meshQualityDict": dictionary(
        "meshQualityDict", "maxNonOrtho 10;\nminTetQuality 0.5;\nminVol 1e-13;\nrelaxed\n{\n    maxNonOrtho 15;\n}\n")},
     P("mesh_quality", file="system/meshQualityDict", step="checkMesh"),
     "relax_mesh_quality", "system/meshQualityDict", "minTetQuality", "1e-15"),
    ("steady without relaxation", CHANNEL, P("divergence", step="simpleFoam"),
     "add_relaxation", "system/fvSolution", "relaxationFactors/equations/U", "0.7"),
    ("transient divergence: Courant-based deltaT", CAVITY,
     P("divergence", metrics={"courant_first": 13.6}), "reduce_time_step", "system/controlDict", "deltaT", "0.0001"),
    ("stronger relaxation", {**CHANNEL, "system/fvSolution": CHANNEL["system/fvSolution"].replace(
        "\nSIMPLE", "\nrelaxationFactors\n{\n    equations\n    {\n        U 0.9;\n    }\n}\n\nSIMPLE")},
     P("divergence", step="simpleFoam"), "stronger_relaxation", "system/fvSolution", "relaxationFactors/equations/U", "0.63"),
    ("bounded field gets the canonical bounded scheme", {**CHANNEL, "system/fvSchemes": CHANNEL["system/fvSchemes"].replace(
        "div(phi,U)      Gauss linear;", "div(phi,U)      Gauss linear;\n    div(phi,k)      Gauss linear;")},
     P("bounding", step="simpleFoam", field="k", valid_choices=["k"]), "bounded_turbulence_schemes",
     "system/fvSchemes", "divSchemes/div(phi,k)", "bounded Gauss limitedLinear 1"),
    # defect 13: a diverging run gets the canonical bounded second-order schemes first (cavity's central
    # `Gauss linear` -> linearUpwind), first-order upwind only when it already has them
    ("second-order before upwind", CAVITY, P("divergence"), "bounded_upwind_schemes", "system/fvSchemes",
     "divSchemes/div(phi,U)", "Gauss linearUpwind grad(U)"),
    ("upwind schemes", {**CAVITY, "system/fvSchemes": CAVITY["system/fvSchemes"].replace(
        "div(phi,U)      Gauss linear;", "div(phi,U)      Gauss linearUpwind grad(U);")},
     P("divergence"), "bounded_upwind_schemes", "system/fvSchemes", "divSchemes/div(phi,U)", "Gauss upwind"),
    ("unknown div scheme -> canonical", {**CAVITY, "system/fvSchemes": CAVITY["system/fvSchemes"].replace(
        "div(phi,U)      Gauss linear;", "div(phi,U)      Gauss nosuchscheme;")},
     P("unknown_type", file="system/fvSchemes", dict_path=["divSchemes", "div(phi,U)"], value="nosuchscheme",
       valid_choices=["linear", "linearUpwind", "upwind", "vanLeer"]),
     "canonical_div_scheme", "system/fvSchemes", "divSchemes/div(phi,U)", "Gauss linearUpwind grad(U)"),
]


@pytest.mark.parametrize("texts,problem,rule,file,path,expected", [r[1:] for r in RULE_TABLE],
                         ids=[r[0] for r in RULE_TABLE])
def test_rule_table(texts: dict[str, str], problem: Problem, rule: str, file: str, path: str, expected: str) -> None:
    view = CaseView.from_texts(texts)
    patch = RULES_BY_NAME[rule].fn(problem, view)
    assert patch is not None, f"{rule} found nothing to do"
    edits = {e.path: e.text for e in patch.edits}
    assert file in edits, f"{rule} edited {list(edits)}, not {file}"
    for text in edits.values():
        assert fd.parse_error(text) is None, f"{rule} wrote a file foamlib cannot parse"
    assert fd.get(edits[file], path.split("/")) == expected
    assert patch.description


def test_every_rule_has_a_table_row() -> None:
    assert {r.name for r in CATALOGUE} <= {row[3] for row in RULE_TABLE}


def test_field_edits_reach_every_copy() -> None:
    view = view_of({**CAVITY, "0.orig/U": U_FIELD.replace("noSlip", "empty"), "0/U": U_FIELD.replace("noSlip", "empty")})
    patch = RULES_BY_NAME["canonical_patch_bc"].fn(P("constraint_mismatch", field="U", patch="fixedWalls"), view)
    assert patch is not None and sorted(patch.files()) == ["0.orig/U", "0/U"]


def test_rules_decline_what_they_cannot_know() -> None:
    view = view_of(_no(CAVITY, "system/controlDict", "endTime"))
    problem = P("missing_keyword", file="system/controlDict", keyword="endTime")
    assert choose_patch(problem, view)[0] is None  # only the user knows endTime
    lid = view_of(_no(CAVITY, "0/U", "boundaryField", "movingWall"))
    assert RULES_BY_NAME["canonical_patch_bc"].fn(P("missing_patch", field="U", patch="movingWall"), lid) is None
    solvers = view_of(_no(CAVITY, "system/fvSolution", "solvers", "U"))  # pFinal is not a misspelt UFinal
    assert RULES_BY_NAME["rename_misspelled_keyword"].fn(
        P("missing_keyword", file="system/fvSolution", dict_path=["solvers"], keyword="UFinal"), solvers) is None


# --- locked values, re-runs ------------------------------------------------------------------


def test_locked_value_refuses_patch_and_next_rule_is_tried() -> None:
    view = view_of(CAVITY)
    problem = P("divergence", metrics={"courant_first": 13.6})
    lock = [LockedValue(name="dt", file="system/controlDict", entry=["deltaT"], value="0.005")]
    patch, rejected = choose_patch(problem, view, lock)
    assert patch is not None and patch.rule == "bounded_upwind_schemes"
    assert rejected and rejected[0].startswith("reduce_time_step: would change locked system/controlDict:deltaT")


def test_patch_may_restore_a_locked_value_but_not_change_it() -> None:
    view = view_of({**CAVITY, "system/controlDict": CONTROL.replace("endTime ", "endtime ")})
    lock = [LockedValue(name="end", file="system/controlDict", entry=["endTime"], value="0.5")]
    patch, _ = choose_patch(P("missing_keyword", file="system/controlDict", keyword="endTime"), view, lock)
    assert patch is not None and patch.rule == "rename_misspelled_keyword"
    lid = [LockedValue(name="lid", file="0/U", entry=["boundaryField", "movingWall", "value"], value="uniform (1 0 0)")]
    bad = patch.model_copy(update={"edits": [patch.edits[0].model_copy(update={
        "path": "0.orig/U", "text": U_FIELD.replace("(1 0 0)", "(2 0 0)")})]})
    assert any("locked 0/U" in why for why in patch_violations(bad, view_of({**CAVITY, "0.orig/U": U_FIELD}), lid))


def test_rerun_scope() -> None:
    plan = [Step(command="blockMesh"), Step(command="setFields"), Step(command="interFoam")]
    assert rerun_start(plan, ["system/blockMeshDict"], "interFoam", False) == 0
    assert rerun_start(plan, ["0/alpha.water"], "interFoam", False) == 1
    assert rerun_start(plan, ["system/controlDict"], "blockMesh", False) == 0
    plain = [Step(command="blockMesh"), Step(command="icoFoam")]
    assert rerun_start(plain, ["constant/transportProperties"], "icoFoam", False) == 1


def test_stale_time_dirs(tmp_path) -> None:
    for name in ("0", "0.orig", "0.005", "0.5", "constant"):
        (tmp_path / name).mkdir()
    assert [p.name for p in stale_time_dirs(tmp_path, 0.0)] == ["0.005", "0.5"]


# --- the LLM client wrapper and the LLM patch --------------------------------------------------


class _Status(Exception):
    def __init__(self, status: int) -> None:
        super().__init__(f"HTTP {status}")
        self.status_code = status


class FakeCompletions:
    def __init__(self, outcomes: list) -> None:
        self.outcomes = outcomes
        self.calls = 0

    def create(self, **kwargs):  # noqa: ANN003 - the OpenAI signature
        self.calls += 1
        outcome = self.outcomes.pop(0)
        if isinstance(outcome, Exception):
            raise outcome
        message = SimpleNamespace(content=outcome)
        return SimpleNamespace(choices=[SimpleNamespace(message=message)],
                               usage=SimpleNamespace(prompt_tokens=10, completion_tokens=5))


def fake_client(outcomes: list) -> tuple[LLMClient, FakeCompletions]:
    completions = FakeCompletions(outcomes)
    client = SimpleNamespace(chat=SimpleNamespace(completions=completions))
    return LLMClient(client, "fake-model", max_retries=2, sleep=lambda s: None), completions


def test_llm_retries_429_and_5xx_only_and_counts_tokens() -> None:
    answer = json.dumps({"file": "a", "content": "b", "explanation": "c"})
    llm, calls = fake_client([_Status(429), _Status(503), answer])
    assert llm.complete_json([{"role": "user", "content": "x"}], LLMPatchAnswer).file == "a"
    assert calls.calls == 3 and llm.usage.retries == 2 and llm.usage.total_tokens == 15
    llm, calls = fake_client([_Status(400), answer])
    with pytest.raises(LLMError, match="HTTP 400"):
        llm.complete_json([], LLMPatchAnswer)
    assert calls.calls == 1


def test_llm_json_answer_validation() -> None:
    fenced = "```json\n" + json.dumps({"file": "f", "content": "c"}) + "\n```"
    assert parse_json_answer(fenced, LLMPatchAnswer).file == "f"
    with pytest.raises(LLMError, match="does not fit"):
        parse_json_answer('{"file": "f"}', LLMPatchAnswer)


def test_llm_patch_must_parse_and_stay_in_one_case_file() -> None:
    view = view_of(_no(CAVITY, "constant/transportProperties", "nu"))
    good = LLMPatchAnswer(file="constant/transportProperties", content=TRANSPORT, explanation="add nu")
    patch = validate_answer(good, view, "constant/transportProperties")
    assert patch.files() == ["constant/transportProperties"] and patch.rule == "llm"
    for bad, match in ((good.model_copy(update={"file": "../etc/passwd"}), "outside the case"),
                       (good.model_copy(update={"file": "system/controlDict"}), "instead of"),
                       (good.model_copy(update={"content": "nu 1e-06;\nwater {\n"}), "does not parse"),
                       (good.model_copy(update={"file": "constant/other"}), "not a file of this case")):
        with pytest.raises(LLMError, match=match):
            validate_answer(bad, view, "constant/transportProperties")


def test_locate_persistent_bounding_only_when_late(tmp_path) -> None:
    def log(bounded: range) -> str:
        return "".join(f"Time = {t}\n" + ("bounding k, min: -1 max: 2 average: 1\n" if t in bounded else "")
                       for t in range(1, 41)) + "End\n"

    report, logs = _report(tmp_path, [("simpleFoam", "ok", log(range(31, 41, 2)))], "completed")
    problem = locate_problem(report, view_of(CHANNEL), logs)
    assert problem is not None and (problem.kind, problem.field) == ("bounding", "k")
    report, logs = _report(tmp_path, [("simpleFoam", "ok", log(range(1, 6)))], "completed")
    assert locate_problem(report, view_of(CHANNEL), logs) is None  # settling at the start is normal


def test_plans_and_merged_results(tmp_path) -> None:
    from tasks.foam.casedir import CaseInfo
    from tasks.review.run import merge_results, plan_review_steps

    def info(application: str, snappy: bool) -> CaseInfo:
        return CaseInfo(case_dir=tmp_path, application=application, start_time=0, end_time=1, delta_t=1,
                        block_mesh_dict=tmp_path / "system/blockMeshDict",
                        snappy_dict=tmp_path / "system/snappyHexMeshDict" if snappy else None,
                        surface_features_dict=tmp_path / "system/surfaceFeatureExtractDict" if snappy else None,
                        set_fields_dict=None, has_mesh=False, zero_orig_dir=False, orig_field_files=[])

    mesh_only = plan_review_steps(info("snappyHexMesh", True))
    assert [s.label() for s in mesh_only] == ["blockMesh", "surfaceFeatureExtract", "snappyHexMesh -overwrite", "checkMesh"]
    plan = plan_review_steps(info("icoFoam", False))
    assert [s.label() for s in plan] == ["blockMesh", "icoFoam"]

    def result(command: str, status: str) -> StepResult:
        return StepResult(command=command, args=[], backend="native", status=status,  # type: ignore[arg-type]
                          exit_code=0, seconds=0, log_path="x")

    old = [result("blockMesh", "ok"), result("icoFoam", "failed")]
    merged = merge_results(plan, old, [result("icoFoam", "ok")])
    assert [(r.command, r.status) for r in merged] == [("blockMesh", "ok"), ("icoFoam", "ok")]
    assert [r.status for r in merge_results(plan, [], [result("blockMesh", "failed")])] == ["failed"]
