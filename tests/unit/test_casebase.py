"""Case base: dictionary scanning, per-case extraction on real tutorials, cascading lookup."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.foam import dictionary as fd
from tasks.knowledge.casebase import (
    CaseRecord,
    dict_value,
    find_block,
    find_case_dirs,
    lookup_cases,
    read_algorithm,
    read_case_record,
    read_case_summary,
)

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")

SAMPLE = """
// a comment { with braces }
application     simpleFoam;
#include "include/initialConditions"
RAS
{
    RASModel        kOmegaSST;   // the model
    "(U|k)Final" { solver smoothSolver; }
}
div(phi,U)      bounded Gauss linearUpwind grad(U);
code #{ if (x) { y; } #};
value #codeStream { code #{ z; #}; };
"""


@pytest.mark.parametrize(
    ("index", "key", "kind"),
    [(0, "application", "value"), (1, "#include", "directive"), (2, "RAS", "dict"),
     (3, "div(phi,U)", "value"), (4, "code", "value"), (5, "value", "value")],
)
def test_the_dictionary_scan_finds_top_level_entries(index: int, key: str, kind: str) -> None:
    entries = fd.entries(SAMPLE)
    assert len(entries) == 6
    assert (entries[index].key, entries[index].kind) == (key, kind)


@pytest.mark.parametrize(
    ("text", "path", "key", "value"),
    [
        (SAMPLE, ("RAS",), "RASModel", "kOmegaSST"),
        (SAMPLE, (), "application", "simpleFoam"),
        (SAMPLE, (), "div(phi,U)", "bounded Gauss linearUpwind grad(U)"),
        ("boundaryField { inlet { type fixedValue; value uniform (1 0 0); } }", ("boundaryField", "inlet"),
         "type", "fixedValue"),
        ('location "system";', (), "location", "system"),
        ("a 1;", (), "missing", None),
    ],
)
def test_find_block_and_dict_value(text: str, path: tuple[str, ...], key: str, value: str | None) -> None:
    block = find_block(text, *path) if path else text
    assert block is not None
    assert dict_value(block, key) == value


def test_find_block_missing_returns_none() -> None:
    assert find_block(SAMPLE, "LES") is None


@needs_tutorials
@pytest.mark.parametrize(
    ("case", "solver", "sim", "model", "compressibility"),
    [
        ("incompressible/simpleFoam/pitzDaily", "simpleFoam", "RAS", "kEpsilon", "incompressible"),
        ("incompressible/simpleFoam/backwardFacingStep2D", "simpleFoam", "RAS", "kOmegaSST", "incompressible"),
        ("incompressible/pisoFoam/LES/pitzDaily", "pisoFoam", "LES", "dynamicKEqn", "incompressible"),
        ("incompressible/icoFoam/cavity/cavity", "icoFoam", None, None, "incompressible"),
        ("compressible/rhoCentralFoam/shockTube", "rhoCentralFoam", "laminar", "laminar", "compressible"),
        ("multiphase/interFoam/laminar/damBreak/damBreak", "interFoam", "laminar", "laminar", "incompressible"),
        ("heatTransfer/buoyantSimpleFoam/buoyantCavity", "buoyantSimpleFoam", "RAS", "kOmegaSST", "compressible"),
    ],
)
def test_case_summary_on_real_tutorials(case: str, solver: str, sim: str | None, model: str | None,
                                        compressibility: str) -> None:
    summary = read_case_summary(TUTORIALS / case, TUTORIALS)
    assert (summary.case, summary.solver, summary.simulation_type, summary.turbulence_model,
            summary.compressibility) == (case, solver, sim, model, compressibility)


@needs_tutorials
@pytest.mark.parametrize(
    ("case", "algorithm"),
    [("incompressible/simpleFoam/pitzDaily", "SIMPLE"), ("incompressible/icoFoam/cavity/cavity", "PISO"),
     ("multiphase/interFoam/laminar/damBreak/damBreak", "PIMPLE")],
)
def test_read_algorithm(case: str, algorithm: str) -> None:
    assert read_algorithm(TUTORIALS / case) == algorithm


@needs_tutorials
@pytest.mark.parametrize(
    ("case", "flags", "mesh"),
    [
        ("incompressible/simpleFoam/pitzDaily", set(), "blockMesh"),
        ("multiphase/interFoam/laminar/damBreak/damBreak", {"multiphase"}, "blockMesh"),
        ("incompressible/simpleFoam/mixerVessel2D", {"mrf"}, "m4+blockMesh"),
        ("incompressible/simpleFoam/motorBike", set(), "snappyHexMesh"),
        ("heatTransfer/buoyantSimpleFoam/buoyantCavity", {"energy", "buoyancy"}, "blockMesh"),
        ("lagrangian/MPPICFoam/column", {"lagrangian"}, "blockMesh"),
        ("incompressible/pimpleFoam/laminar/mixerVesselAMI2D", {"dynamic_mesh"}, "m4+blockMesh"),
        ("incompressible/simpleFoam/airFoil2D", set(), "provided polyMesh"),
    ],
)
def test_case_record_flags_and_mesh(case: str, flags: set[str], mesh: str) -> None:
    record = read_case_record(TUTORIALS / case, TUTORIALS)
    names = ("energy", "buoyancy", "multiphase", "lagrangian", "mrf", "dynamic_mesh")
    assert {n for n in names if getattr(record, n)} == flags
    assert record.mesh_method == mesh


@needs_tutorials
def test_case_record_fields_files_and_run_sequence() -> None:
    pitz = read_case_record(TUTORIALS / "incompressible/simpleFoam/pitzDaily", TUTORIALS)
    u = next(f for f in pitz.fields if f.name == "U")
    assert u.field_class == "volVectorField"
    assert u.patches == {"inlet": "fixedValue", "outlet": "zeroGradient", "upperWall": "noSlip",
                         "lowerWall": "noSlip", "frontAndBack": "empty"}
    assert "system/fvSchemes" in pitz.files
    bike = read_case_record(TUTORIALS / "incompressible/simpleFoam/motorBike", TUTORIALS)
    apps = [s.app for s in bike.run_sequence]
    assert apps[:3] == ["surfaceFeatureExtract", "blockMesh", "decomposePar"]
    assert "simpleFoam" in apps and apps.index("snappyHexMesh") < apps.index("simpleFoam")
    assert next(s for s in bike.run_sequence if s.app == "snappyHexMesh").parallel
    assert next(f for f in bike.fields if f.name == "U").patches["inlet"] == "fixedValue"  # from #include


def _rec(case: str, solver: str, sim: str, model: str, comp: str, **flags: bool) -> CaseRecord:
    return CaseRecord(case=case, solver=solver, simulation_type=sim, turbulence_model=model,
                      compressibility=comp, **flags)  # type: ignore[arg-type]


TABLE = [
    _rec("inc/simple/sst", "simpleFoam", "RAS", "kOmegaSST", "incompressible"),
    _rec("inc/simple/ke", "simpleFoam", "RAS", "kEpsilon", "incompressible"),
    _rec("inc/pimple/sst_multiphase", "pimpleFoam", "RAS", "kOmegaSST", "incompressible", multiphase=True),
    _rec("inc/pimple/sst", "pimpleFoam", "RAS", "kOmegaSST", "incompressible"),
    _rec("comp/central/laminar", "rhoCentralFoam", "laminar", "laminar", "compressible"),
    _rec("comp/rhoSimple/ke", "rhoSimpleFoam", "RAS", "kEpsilon", "compressible"),
]


@pytest.mark.parametrize(
    ("solver", "turbulence", "relaxed", "first"),
    [
        ("simpleFoam", "kOmegaSST", None, "inc/simple/sst"),
        ("simpleFoam", "realizableKE", "turbulence", "inc/simple/ke"),
        ("rhoCentralFoam", "kEpsilon", "turbulence", "comp/central/laminar"),
        ("icoFoam", "kOmegaSST", "solver", "inc/pimple/sst"),
        ("sonicFoam", "kEpsilon", "solver", "comp/rhoSimple/ke"),
        ("sonicFoam", "SpalartAllmaras", "solver+turbulence", "comp/central/laminar"),
        ("simpleFoam", None, None, "inc/simple/ke"),
        (None, "laminar", None, "comp/central/laminar"),
        (None, None, None, "comp/central/laminar"),
    ],
)
def test_cascading_lookup(solver: str | None, turbulence: str | None, relaxed: str | None, first: str) -> None:
    found = lookup_cases(TABLE, solver=solver, turbulence=turbulence)
    assert found.relaxed == relaxed
    assert found.cases[0].case == first


def test_lookup_prefers_simpler_cases() -> None:
    found = lookup_cases(TABLE, solver="pimpleFoam", turbulence="kOmegaSST")
    assert [c.case for c in found.cases] == ["inc/pimple/sst", "inc/pimple/sst_multiphase"]


@needs_tutorials
def test_lookup_on_the_real_tutorials() -> None:
    roots = [d for d in find_case_dirs(TUTORIALS / "incompressible/simpleFoam")]
    roots += find_case_dirs(TUTORIALS / "compressible/rhoCentralFoam")
    records = [read_case_record(d, TUTORIALS) for d in roots]
    sst = lookup_cases(records, solver="simpleFoam", turbulence="kOmegaSST")
    assert sst.relaxed is None and all(c.turbulence_model == "kOmegaSST" for c in sst.cases)
    central = lookup_cases(records, solver="rhoCentralFoam", turbulence="kEpsilon")
    assert central.relaxed == "turbulence" and central.compressibility == "compressible"
    assert all(c.solver == "rhoCentralFoam" for c in central.cases)


def test_run_sequence_follows_the_scripts_allrun_calls(tmp_path):
    from tasks.knowledge.casebase import read_run_sequence

    (tmp_path / "Allrun").write_text("./Allrun.mesh\nrestore0Dir\nrunApplication $(getApplication)\n")
    (tmp_path / "Allrun.mesh").write_text(
        "runApplication blockMesh\nrunApplication -s cyclic \\\n    createPatch -dict system/createPatchDict.cyclic -overwrite\n"
        "runApplication transformPoints -scale 0.01   # cm -> m\n")
    steps = [(s.app, s.args) for s in read_run_sequence(tmp_path, "rhoPimpleFoam")]
    assert steps == [("blockMesh", ""), ("createPatch", "-dict system/createPatchDict.cyclic -overwrite"),
                     ("transformPoints", "-scale 0.01"), ("restore0Dir", ""), ("rhoPimpleFoam", "")]


def test_an_allrun_pre_the_allrun_does_not_call_runs_first(tmp_path):
    from tasks.knowledge.casebase import read_run_sequence

    (tmp_path / "Allrun.pre").write_text("runApplication blockMesh\n")
    (tmp_path / "Allrun").write_text("runApplication icoFoam\n")
    assert [s.app for s in read_run_sequence(tmp_path, "icoFoam")] == ["blockMesh", "icoFoam"]
    (tmp_path / "Allrun").write_text("runApplication setFields\n./Allrun.pre\nrunApplication icoFoam\n")
    assert [s.app for s in read_run_sequence(tmp_path, "icoFoam")] == ["setFields", "blockMesh", "icoFoam"]
