"""A stated initial value of one region of a multi-region case goes where the tutorial's own steps
take it from: system/<region>/changeDictionaryDict only when the Allrun runs changeDictionary
(multiRegionHeater), else the region's restored fields (solidQuenching2D: 0.orig/solid/T, and
both phases' 0.orig/water/T.liquid and T.gas), and the region's setFieldsDict where
`setFields -region R` writes that field after the restore."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tasks.foam import dictionary as fd
from tasks.foam.files import decompress_tree, find_file, read_text
from tasks.plan.bind import bind_all
from tasks.plan.bind_kept_preprocessing import steps_run
from tasks.plan.multi_region import phase_fields, said_phases
from tasks.plan.stated import read_stated

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
QUENCH = TUTORIALS / "heatTransfer/chtMultiRegionTwoPhaseEulerFoam/solidQuenching2D"
CHT = TUTORIALS / "heatTransfer/chtMultiRegionFoam"
needs_tutorials = pytest.mark.skipif(not QUENCH.is_dir(), reason="openfoam-examples not installed")


def _scripts(case: Path) -> list[str]:
    return [read_text(found) for name in ("Allrun", "Allrun.pre") if (found := find_file(case, name)) is not None]


@needs_tutorials
@pytest.mark.parametrize(("case", "run", "not_run"), [
    (CHT / "multiRegionHeater", {"changeDictionary", "splitMeshRegions"}, {"setFields"}),  # -s $region
    (CHT / "snappyMultiRegionHeater", {"changeDictionary", "splitMeshRegions"}, set()),  # runParallel $decompDict
    (CHT / "solarBeamWithTrees", {"changeDictionary"}, set()),  # a continued line
    (QUENCH, {"setFields", "splitMeshRegions"}, {"changeDictionary"}),  # keeps the dicts, never runs them
])
def test_the_steps_each_allrun_runs(case, run, not_run):
    steps = steps_run(_scripts(case))
    assert run <= steps and not steps & not_run


def test_phase_files_and_the_phase_the_words_name():
    files = ["T.gas", "T.liquid", "Tsat", "alpha.gas.org", "alpha.liquid", "p"]
    assert phase_fields(files, "T") == ["T.gas", "T.liquid"]
    names = ["water/T.gas", "water/T.liquid"]
    assert said_phases("the water bath is at", names) == names  # the whole region
    assert said_phases("the liquid starts at", names) == ["water/T.liquid"]
    assert said_phases("both liquid and gas at", names) == names
    assert said_phases("the steam bubbles are initially at", names) == ["water/T.gas"]
    assert said_phases("the vapour is initially at 380 k and the liquid at", names) == ["water/T.liquid"]


def _bind(base: Path, solver: str, text: str):
    binder = bind_all(base, solver, text, read_stated(text))
    return binder, {(b.file, "/".join(b.entry)): b.value for b in binder.bindings if b.stated}


@needs_tutorials
@pytest.mark.parametrize("text", [
    "Quench a hot steel block in water: the solid starts at 650 degC and the water bath is at 60 degC.",
    "solidQuenching2D with the block initially at 923.15 K, the surrounding water at 333.15 K",
])
def test_quenching_regions_start_from_their_restored_fields(text):
    binder, written = _bind(QUENCH, "chtMultiRegionTwoPhaseEulerFoam", text)
    assert written[("0.orig/solid/T", "internalField")] == "uniform 923.15"
    assert written[("0.orig/water/T.liquid", "internalField")] == "uniform 333.15"
    assert written[("0.orig/water/T.gas", "internalField")] == "uniform 333.15"
    assert not [f for f, _ in written if f.endswith("changeDictionaryDict")]  # never run by its Allrun
    assert not binder.not_applied


@needs_tutorials
@pytest.mark.parametrize(("case", "solver", "text", "regions"), [
    (QUENCH, "chtMultiRegionTwoPhaseEulerFoam", "quench a steel block in a water tank held at 3 bar initially",
     ["water"]),
    (CHT / "windshieldDefrost", "chtMultiRegionFoam", "windshield defrost: the cabin starts at 3 bar", ["cabin"]),
])
def test_a_region_pressure_goes_to_its_own_fields(case, solver, text, regions):
    binder, written = _bind(case, solver, text)
    assert {f.split("/")[1] for f, _ in written} == set(regions)
    for region in regions:
        assert written[(f"0.orig/{region}/p", "internalField")] == "uniform 300000"
        assert written[(f"0.orig/{region}/p_rgh", "internalField")] == "uniform 300000"
    assert not binder.not_applied


@needs_tutorials
@pytest.mark.parametrize(("case", "file", "entry"), [
    (CHT / "multiRegionHeater", "system/heater/changeDictionaryDict", "T/internalField"),
    # `changeDictionary -subDict dictionaryReplacement` reads only that sub-dictionary
    (CHT / "solarBeamWithTrees", "system/solid/changeDictionaryDict", "dictionaryReplacement/T/internalField"),
    # createZeroDirectory writes 0/<region>/ from the region's caseProperties
    (TUTORIALS / "preProcessing/createZeroDirectory/snappyMultiRegionHeater", "system/heater/caseProperties",
     "initialConditions/T"),
])
def test_region_initial_goes_where_its_step_reads_it(case, file, entry):
    region = file.split("/")[1]
    _, written = _bind(case, "chtMultiRegionFoam", f"the {region} starts at 550 K")
    assert written == {(file, entry): "uniform 550"}


@needs_tutorials
def test_the_rest_of_the_solids_leaves_the_named_one():
    binder, written = _bind(CHT / "multiRegionHeater", "chtMultiRegionFoam",
                            "the heater starts at 550 K and the rest of the solids at 310 K")
    assert written[("system/heater/changeDictionaryDict", "T/internalField")] == "uniform 550"
    assert written[("system/leftSolid/changeDictionaryDict", "T/internalField")] == "uniform 310"
    assert written[("system/rightSolid/changeDictionaryDict", "T/internalField")] == "uniform 310"
    assert not binder.not_applied


def _copy(case: Path, to: Path) -> Path:
    """The tutorial in `to`, its gzipped files unpacked."""
    shutil.copytree(case, to)
    decompress_tree(to)
    return to


def _apply(case: Path, binder) -> None:
    for edit in binder.edits:
        if isinstance(edit.value, str):
            path = case / edit.file
            path.write_text(fd.set_entry(path.read_text(), edit.entry, edit.value))


def _foam(case: Path, *command: str) -> None:
    env = {**os.environ, "WM_PROJECT_DIR": os.environ.get("WM_PROJECT_DIR", "/usr/share/openfoam")}
    run = subprocess.run([*command, "-case", str(case)], capture_output=True, text=True, env=env, timeout=300)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]


def _internal(path: Path) -> float:
    return float(re.search(r"internalField\s+uniform\s+([-+\d.eE]+)", path.read_text()).group(1))


@needs_tutorials
@pytest.mark.skipif(shutil.which("setFields") is None, reason="OpenFOAM not installed")
def test_the_quench_steps_keep_the_stated_temperatures(tmp_path):
    """The tutorial's own setFieldsDict lines for T (commented out in v1912) switched on: the
    region's initial temperature goes there too, and after blockMesh, topoSet, the restore,
    splitMeshRegions and `setFields -region water` the solver reads the stated values."""
    case = _copy(QUENCH, tmp_path / "quench")
    sf = case / "system/water/setFieldsDict"
    sf.write_text(re.sub(r"//\s*(volScalarFieldValue T\.)", r"\1", sf.read_text()))
    binder, written = _bind(case, "chtMultiRegionTwoPhaseEulerFoam",
                            "the solid starts at 650 degC and the water bath is at 60 degC")
    assert "volScalarFieldValue T.liquid 333.15" in binder.current("system/water/setFieldsDict", "regions")
    _apply(case, binder)
    for step in (["blockMesh"], ["topoSet"]):
        _foam(case, *step)
    shutil.copytree(case / "0.orig", case / "0")
    _foam(case, "splitMeshRegions", "-cellZonesOnly", "-overwrite")
    _foam(case, "setFields", "-region", "water")
    assert _internal(case / "0/solid/T") == pytest.approx(923.15)
    # the defaults (373 in the tutorial's lines) and the pool both at 60 degC: one uniform value
    assert _internal(case / "0/water/T.liquid") == pytest.approx(333.15)
    assert _internal(case / "0/water/T.gas") == pytest.approx(333.15)
