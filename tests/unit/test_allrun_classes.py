"""Classes of tutorial Allrun scripts that used to lose steps or files, read the way the shell
runs them: RunFunctions options, shell functions, quoted arguments, m4 templates of other names,
files copied from a sibling folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.foam.allrun_inputs import resource_files
from tasks.foam.commands import ALLOWED_COMMANDS, join_quoted
from tasks.knowledge.casebase import m4_mesh_template, read_run_sequence
from tasks.knowledge.run_script import m4_expansions

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")
HEAD = '#!/bin/sh\ncd "${0%/*}" || exit   # Run from this directory\n. ${WM_PROJECT_DIR:?}/bin/tools/RunFunctions\n'


def _steps(tmp_path: Path, script: str, solver: str = "simpleFoam", **others: str) -> list[tuple[str, str]]:
    (tmp_path / "Allrun").write_text(HEAD + script)
    for name, text in others.items():
        (tmp_path / name.replace("_", ".")).write_text(HEAD + text)
    return [(s.app, s.args) for s in read_run_sequence(tmp_path, solver)]


@pytest.mark.parametrize(
    ("script", "expected"),
    [
        # RunFunctions options: -s takes a value, -a / -o stand alone, -np N makes it parallel
        ("runApplication -s fine blockMesh -dict system/blockMeshDict.fine\n",
         [("blockMesh", "-dict system/blockMeshDict.fine")]),
        ("runApplication -a $(getApplication)\n", [("simpleFoam", "")]),
        ("runApplication -o -s 2 topoSet -dict system/topoSetDict2\n", [("topoSet", "-dict system/topoSetDict2")]),
        ('runApplication -s "$model" $(getApplication)\n', [("simpleFoam", "")]),
        ("runParallel -s reconstruct -np 5 redistributePar -reconstruct\n", [("redistributePar", "-reconstruct")]),
        ("runApplication -decomposeParDict system/decomposeParDict.6 decomposePar\n", [("decomposePar", "")]),
        # the application through a variable the script sets
        ("app=blockMesh\nrunApplication $app\napplication=$(getApplication)\nrunApplication ${application}\n",
         [("blockMesh", ""), ("simpleFoam", "")]),
        # quoted arguments are one word each, kept quoted in the args string
        ('runApplication transformPoints -scale "(1 0 1)"\n', [("transformPoints", "-scale '(1 0 1)'")]),
        ("runApplication transformPoints -scale '(0.001 0.001 0.001)'\n",
         [("transformPoints", "-scale '(0.001 0.001 0.001)'")]),
        # what the shell does with the command is not an argument: background, redirection, &&
        ("runApplication $(getApplication) &\nrunApplication blockMesh > log.mesh 2>&1 && echo done\n",
         [("simpleFoam", ""), ("blockMesh", "")]),
        # a mesh converter called directly
        ("kivaToFoam -file otape17 > log.kivaToFoam 2>&1\nrunApplication $(getApplication)\n",
         [("kivaToFoam", "-file otape17"), ("simpleFoam", "")]),
        # a direct call of another command outside a function is the shell's business, not a step
        ("foamDictionary -entry x -value constant/dict | sed 's/a/b/'\nrunApplication blockMesh\n",
         [("blockMesh", "")]),
        # what only a full run does (`if notTest`) is left out ...
        ("runApplication blockMesh\nrunApplication $(getApplication)\nif notTest $@\nthen\n"
         "    foamDictionary system/controlDict -entry endTime -set 4\n    runApplication -a $(getApplication)\nfi\n",
         [("blockMesh", ""), ("simpleFoam", "")]),
        # ... unless it is everything the script runs
        ("if notTest $@\nthen\n    runApplication blockMesh\n    runApplication $(getApplication)\nfi\n",
         [("blockMesh", ""), ("simpleFoam", "")]),
    ],
)
def test_run_lines_are_read_as_runfunctions_reads_them(tmp_path: Path, script: str,
                                                        expected: list[tuple[str, str]]) -> None:
    assert _steps(tmp_path, script) == expected


FLANGE = """
runAnsysToFoam()
{
    if [ -f log.ansysToFoam ]
    then
        echo "ansysToFoam already run on $PWD: remove log file to re-run"
    else
        echo "Running ansysToFoam: converting mesh $1"
        ansysToFoam $1 -scale $2 > log.ansysToFoam 2>&1
    fi
}

runAnsysToFoam flange.ans 0.001
runApplication $(getApplication)
"""

THROTTLE = """
refineMeshByCellSet()
{
   while [ $# -ge 1 ]
   do
      if [ ! -e log.refineMesh.$1 ]
      then
          cp system/topoSetDict.$1 system/topoSetDict
          topoSet > log.topoSet.$1 2>&1
          refineMesh -dict system/refineMeshDict -overwrite \\
              > log.refineMesh.$1 2>&1
      fi
      shift
   done
}

runApplication blockMesh
refineMeshByCellSet 1 2
runApplication $(getApplication)
"""

NESTED = """
meshPart() {
    runApplication -s "$1" blockMesh -dict "system/blockMeshDict.$1"
}
unused()
{
    runApplication snappyHexMesh -overwrite
}
meshAll()
{
    meshPart "$@"
    runApplication mergeMeshes . ../other -overwrite
}
meshAll fluid
runApplication $(getApplication)
"""


@pytest.mark.parametrize(
    ("script", "expected"),
    [
        (FLANGE, [("ansysToFoam", "flange.ans -scale 0.001"), ("simpleFoam", "")]),
        # a function that shifts through its arguments runs once per argument; a dictionary copied
        # over system/topoSetDict before topoSet is passed with -dict
        (THROTTLE, [("blockMesh", ""), ("topoSet", "-dict system/topoSetDict.1"),
                    ("refineMesh", "-dict system/refineMeshDict -overwrite"),
                    ("topoSet", "-dict system/topoSetDict.2"), ("refineMesh", "-dict system/refineMeshDict -overwrite"),
                    ("simpleFoam", "")]),
        # functions calling functions, "$@", a function never called runs nothing
        (NESTED, [("blockMesh", "-dict system/blockMeshDict.fluid"), ("mergeMeshes", ". ../other -overwrite"),
                  ("simpleFoam", "")]),
    ],
)
def test_shell_functions_run_where_they_are_called(tmp_path: Path, script: str,
                                                    expected: list[tuple[str, str]]) -> None:
    assert _steps(tmp_path, script) == expected


def test_a_function_that_runs_on_clones_counts_once(tmp_path: Path) -> None:
    script = 'run()\n{\n    cloneCase . "$1"\n    (\n        cd "$1" || exit\n        runApplication blockMesh\n' \
             '        runApplication $(getApplication)\n    )\n}\nrun resolved\nrun modelled\n'
    assert _steps(tmp_path, script) == [("blockMesh", ""), ("simpleFoam", "")]


def test_the_scripts_allrun_calls_keep_their_functions(tmp_path: Path) -> None:
    steps = _steps(tmp_path, "./Allrun.pre\nrunApplication $(getApplication)\n",
                   Allrun_pre="convert() {\n    fluentMeshToFoam $1 > log 2>&1\n}\nconvert mesh.msh\n")
    assert steps == [("fluentMeshToFoam", "mesh.msh"), ("simpleFoam", "")]


@pytest.mark.parametrize(
    ("words", "joined"),
    [
        (["-scale", '"(1', "0", '1)"'], ["-scale", "(1 0 1)"]),
        (["-scale", "'(0.001", "0.001", "0.001)'"], ["-scale", "(0.001 0.001 0.001)"]),
        (["-dict", "system/topoSetDict.1", "-overwrite"], ["-dict", "system/topoSetDict.1", "-overwrite"]),
        (["-func", '"components(sigma)"'], ["-func", "components(sigma)"]),
        # an unbalanced quote is left for the runner's argument check to refuse
        (["-scale", '"(1', "0"], ["-scale", '"(1', "0"]),
        # a metacharacter inside quotes stays inside its one argument (no shell runs it)
        (["-scale", '"(1;', 'rm)"'], ["-scale", "(1; rm)"]),
    ],
)
def test_quoted_arguments_are_joined_again(words: list[str], joined: list[str]) -> None:
    assert join_quoted(words) == joined


@pytest.mark.parametrize(
    ("args", "accepted"),
    [
        (["-scale", "(1 0 1)"], True),
        (["-scale", "(0.001 0.001 0.001)"], True),
        (["-scale", "(1; rm)"], False),
        (["-scale", "$(reboot)"], False),
        (["-scale", '"(1'], False),
        (["-dict", "../../etc/passwd"], False),
    ],
)
def test_the_runner_takes_a_joined_vector_and_still_refuses_shell(tmp_path: Path, args: list[str],
                                                                  accepted: bool) -> None:
    from tasks.core.errors import UsageError
    from tasks.run.runner import Step, check_step

    step = Step(command="transformPoints", args=args)
    if accepted:
        check_step(tmp_path, step)
    else:
        with pytest.raises(UsageError):
            check_step(tmp_path, step)


def test_recorded_steps_get_their_quoted_vectors_back(tmp_path: Path) -> None:
    """A step recorded as whitespace-split words (.casewright/steps.json) runs with the vector
    as one argument."""
    import json

    from tasks.foam.casedir import read_case
    from tasks.run.steps import plan_steps

    (tmp_path / "system").mkdir()
    (tmp_path / "system/controlDict").write_text("application simpleFoam;\n")
    (tmp_path / ".casewright").mkdir()
    steps = ["blockMesh", 'transformPoints -scale "(1 0 1)"', "simpleFoam"]
    (tmp_path / ".casewright/steps.json").write_text(json.dumps([s.split() for s in steps]))
    planned = plan_steps(read_case(tmp_path), np=1)
    assert [(s.command, s.args) for s in planned] == [
        ("blockMesh", []), ("transformPoints", ["-scale", "(1 0 1)"]), ("simpleFoam", [])]


def test_mesh_converters_are_whitelisted() -> None:
    assert {"ansysToFoam", "kivaToFoam", "gambitToFoam", "fluentMeshToFoam"} <= ALLOWED_COMMANDS


@pytest.mark.parametrize(
    ("line", "pair"),
    [
        ("m4 system/blockMeshDict.m4 > system/blockMeshDict", ("system/blockMeshDict.m4", "system/blockMeshDict")),
        ("m4 system/pachuka.m4 > system/blockMeshDict", ("system/pachuka.m4", "system/blockMeshDict")),
        ("m4 < ./system/blockMeshDict.m4 > ./system/blockMeshDict", ("system/blockMeshDict.m4", "system/blockMeshDict")),
        ("m4 -P system/mesh.m4 > system/blockMeshDict   # expand", ("system/mesh.m4", "system/blockMeshDict")),
    ],
)
def test_m4_templates_of_any_name_are_found(tmp_path: Path, line: str, pair: tuple[str, str]) -> None:
    (tmp_path / "system").mkdir()
    (tmp_path / pair[0]).write_text("divert(-1)\n")
    (tmp_path / "Allrun").write_text(HEAD + line + "\nrunApplication blockMesh\n")
    assert m4_expansions(tmp_path) == [pair]
    assert m4_mesh_template(tmp_path) == pair[0]


def test_no_m4_template_when_the_case_has_its_blockmeshdict(tmp_path: Path) -> None:
    (tmp_path / "system").mkdir()
    (tmp_path / "system/pachuka.m4").write_text("")
    (tmp_path / "system/blockMeshDict").write_text("")
    (tmp_path / "Allrun").write_text("m4 system/pachuka.m4 > system/blockMeshDict\n")
    assert m4_mesh_template(tmp_path) is None


def _family(tmp_path: Path) -> Path:
    common = tmp_path / "duct/common"
    (common / "0.orig").mkdir(parents=True)
    (common / "0.orig/U").write_text("U")
    (common / "constant").mkdir()
    (common / "constant/transportProperties").write_text("nu 1e-5;")
    (common / "blockMeshDict.m4").write_text("m4")
    case = tmp_path / "duct/explicit"
    (case / "system").mkdir(parents=True)
    return case


def test_files_copied_from_a_sibling_common_folder(tmp_path: Path) -> None:
    case = _family(tmp_path)
    common = tmp_path / "duct/common"
    (case / "Allrun").write_text(HEAD + "rm -rf 0 constant\n\\cp -r ../common/0.orig 0\n"
                                 "\\cp -r ../common/constant constant\n\\cp ../common/blockMeshDict.m4 system/\n"
                                 "cp -r ../../../outside constant\n")
    assert resource_files(case) == {
        "0/U": common / "0.orig/U",
        "constant/transportProperties": common / "constant/transportProperties",
        "system/blockMeshDict.m4": common / "blockMeshDict.m4",
    }


def test_a_folder_the_script_keeps_is_copied_into(tmp_path: Path) -> None:
    case = _family(tmp_path)
    common = tmp_path / "duct/common"
    (case / "Allrun").write_text(HEAD + "cp -r ../common/0.orig 0\ncp -r ../common/0.orig ../common/constant .\n")
    assert resource_files(case) == {
        "0/0.orig/U": common / "0.orig/U",
        "0.orig/U": common / "0.orig/U",
        "constant/transportProperties": common / "constant/transportProperties",
    }


@needs_tutorials
@pytest.mark.parametrize(
    ("case", "first_steps"),
    [
        ("basic/laplacianFoam/flange", [("ansysToFoam", "flange.ans -scale 0.001"), ("laplacianFoam", "")]),
        ("multiphase/cavitatingFoam/RAS/throttle", [("blockMesh", ""), ("topoSet", "-dict system/topoSetDict.1")]),
        ("compressible/rhoPimpleFoam/RAS/aerofoilNACA0012", [("blockMesh", ""), ("transformPoints", "-scale '(1 0 1)'")]),
        ("multiphase/reactingTwoPhaseEulerFoam/RAS/wallBoiling1D", [("blockMesh", ""), ("reactingTwoPhaseEulerFoam", "")]),
    ],
)
def test_installed_tutorials_of_each_class(case: str, first_steps: list[tuple[str, str]]) -> None:
    from tasks.knowledge.casebase import read_case_summary

    solver = read_case_summary(TUTORIALS / case, TUTORIALS).solver
    steps = [(s.app, s.args) for s in read_run_sequence(TUTORIALS / case, solver)]
    assert steps[:len(first_steps)] == first_steps


@needs_tutorials
def test_installed_common_folder_tutorials_get_fields_and_template() -> None:
    case = TUTORIALS / "incompressible/porousSimpleFoam/angledDuct/explicit"
    files = resource_files(case)
    assert {"0/U", "0/p", "constant/porosityProperties"} <= set(files)
    assert m4_mesh_template(case) == "system/blockMeshDict.m4"
    assert m4_mesh_template(TUTORIALS / "multiphase/MPPICInterFoam/twoPhasePachuka") == "system/pachuka.m4"


def test_a_serial_run_takes_the_else_branch_of_is_parallel(tmp_path: Path) -> None:
    script = ("runApplication blockMesh\nif isParallel \"$@\"\nthen\n    runApplication decomposePar\n"
              "    runParallel $(getApplication)\nelse\n    runApplication $(getApplication)\nfi\n")
    assert _steps(tmp_path, script) == [("blockMesh", ""), ("simpleFoam", "")]


def test_an_argument_naming_a_tutorials_file_is_copied_and_renamed(tmp_path: Path) -> None:
    root = tmp_path / "tutorials"
    shared = root / "resources/geometry/wing"
    shared.mkdir(parents=True)
    for name in ("wing.vrt.gz", "wing.cel.gz", "other.vrt"):
        (shared / name).write_text("")
    case = root / "compressible/solverX/wing"
    case.mkdir(parents=True)
    (case / "Allrun").write_text(HEAD + "runApplication star4ToFoam -scale 1 \\\n"
                                 "    $FOAM_TUTORIALS/resources/geometry/wing/wing\n")
    assert resource_files(case) == {"wing.cel.gz": shared / "wing.cel.gz", "wing.vrt.gz": shared / "wing.vrt.gz"}
    assert [(s.app, s.args) for s in read_run_sequence(case, "x")] == [("star4ToFoam", "-scale 1 wing")]


def test_a_copy_continued_over_lines_copies_every_source(tmp_path: Path) -> None:
    root = tmp_path / "tutorials"
    (root / "resources/geometry").mkdir(parents=True)
    for name in ("a.stl.gz", "b.stl.gz"):
        (root / "resources/geometry" / name).write_bytes(b"")
    case = root / "combustion/x/membrane"
    (case / "constant/triSurface").mkdir(parents=True)
    (case / "Allrun").write_text(HEAD + "cp \\\n    $FOAM_TUTORIALS/resources/geometry/a.stl.gz \\\n"
                                 "    $FOAM_TUTORIALS/resources/geometry/b.stl.gz \\\n    constant/triSurface\n")
    assert sorted(resource_files(case)) == ["constant/triSurface/a.stl.gz", "constant/triSurface/b.stl.gz"]


def test_copies_from_tells_a_sibling_folder_the_copy_brings_in(tmp_path: Path) -> None:
    from tasks.foam.allrun_inputs import copies_from

    case = _family(tmp_path)
    (case / "Allrun").write_text(HEAD + "rm -rf 0\ncp -r ../common/0.orig 0\ncp -r ../cylinderMesh/constant/polyMesh constant\n")
    assert copies_from(case, "../common") and copies_from(case, "../common/0.orig")
    assert not copies_from(case, "../cylinderMesh")
