"""The Reviewer's fault-injection suite and the IteraSim probes (benchmarks/faults/README.md).

A fault is a set of pure text -> text mutations (None deletes the file) applied to a fresh
copy of the tutorial it fits, plus the values the user asked for explicitly (written to
`.casewright/locked.json`), which a repair must leave unchanged. `prepare_fault` is the
only function here that writes; scoring a finished review is pure.
"""

from __future__ import annotations

import dataclasses
import random
import re
import shutil
from pathlib import Path

import yaml
from pydantic import BaseModel, ConfigDict

from tasks.bench.faults_lib import Base, Fault, Mutation, chain, delete, drop, put, sub
from tasks.bench.faults_new import NEW_BASES, NEW_FAULTS
from tasks.bench.faults_parallel import PARALLEL_BASES, PARALLEL_FAULTS
from tasks.core.errors import UsageError
from tasks.core.paths import BENCHMARKS_DIR
from tasks.foam import dictionary as fd
from tasks.foam.files import decompress_tree
from tasks.foam.locked import LockedValue, check_locked, save_locked
from tasks.review.session import ReviewReport

PROBES_DIR = BENCHMARKS_DIR / "iterasim" / "benchmark" / "exec_fatal_probes"


def _short(end: str, interval: str) -> dict[str, Mutation]:
    return {"system/controlDict": chain(put("endTime", end), put("writeInterval", interval))}


def _v1912_header(text: str) -> str:
    """OpenFOAM v1912 needs `version` in the FoamFile header (openfoam.org files omit it)."""
    node = fd.find(text, ["FoamFile"])
    if node is None or fd.find(text, ["FoamFile", "version"]) is not None:
        return text
    return fd.insert_entry(text, ["FoamFile"], "version", "2.0")


def _canonical_quality(text: str) -> str:
    """The v1912 default gates instead of the probe's strict ones (the `flange` base)."""
    body = re.sub(r"(?ms)^(?:max|min|nSmooth|errorReduction)\w*\s[^;]*;\s*", "", text)
    return re.sub(r"(?m)^relaxed", '#includeEtc "caseDicts/mesh/generation/meshQualityDict.cfg"\n\nrelaxed', body,
                  count=1)


_U_LID = ("0/U", "boundaryField/movingWall/value", "uniform (1 0 0)")
_U_INLET = ("0/U", "boundaryField/inlet/value", "uniform (10 0 0)")
BASES: dict[str, Base] = {
    "cavity": Base("incompressible/icoFoam/cavity/cavity",
                   locked=(_U_LID, ("system/controlDict", "endTime", "0.5"))),
    "pitzDaily": Base("incompressible/simpleFoam/pitzDaily", _short("50", "50"),
                      (_U_INLET, ("system/controlDict", "endTime", "50"),
                       ("constant/turbulenceProperties", "RAS/RASModel", "kEpsilon"))),
    "pimplePitzDaily": Base("incompressible/pimpleFoam/RAS/pitzDaily", {"system/controlDict": put("endTime", "0.005")},
                            (_U_INLET, ("system/controlDict", "endTime", "0.005"))),
    "damBreak": Base("multiphase/interFoam/laminar/damBreak/damBreak", {"system/controlDict": put("endTime", "0.05")},
                     (("system/controlDict", "endTime", "0.05"), ("constant/transportProperties", "water/nu", "1e-06"))),
    "hotRoom": Base("heatTransfer/buoyantBoussinesqSimpleFoam/hotRoom", _short("50", "50"),
                    (("system/controlDict", "endTime", "50"), ("constant/transportProperties", "TRef", "300"))),
    "flange": Base("probe:case_snappy_q", {
        "system/controlDict": chain(_v1912_header, sub(r"^startFrom", "application     snappyHexMesh;\n\nstartFrom")),
        **{f"system/{n}": _v1912_header for n in ("blockMeshDict", "decomposeParDict", "snappyHexMeshDict",
                                                   "surfaceFeaturesDict", "meshQualityDict")},
        "system/meshQualityDict": chain(_v1912_header, _canonical_quality),
    }, (("system/snappyHexMeshDict", "castellatedMeshControls/refinementSurfaces/flange/level", "(2 2)"),)),
    "P1": Base("probe:case_dict_fix", locked=(_U_LID, ("system/controlDict", "endTime", "1"))),
    "P2": Base("probe:case_mesh_fix", locked=(_U_LID, ("system/controlDict", "endTime", "1"))),
    "P3": Base("probe:case_turb_bc", locked=(("0.orig/U", "boundaryField/inlet/value", "uniform (10 0 0)"),
                                            ("constant/turbulenceProperties", "RAS/RASModel", "kOmegaSST"))),
}
BASES["P4"] = Base("probe:case_snappy_q", {k: v for k, v in BASES["flange"].setup.items()
                                           if k != "system/meshQualityDict"} | {
                                               "system/meshQualityDict": _v1912_header},
                   BASES["flange"].locked)

_SST = {"constant/turbulenceProperties": sub(r"RASModel(\s+)kEpsilon", r"RASModel\1kOmegaSST")}
_SST_LOCK = (("constant/turbulenceProperties", "RAS/RASModel", "kOmegaSST"),)
_RAS_UNLOCK = ("constant/turbulenceProperties:RAS/RASModel",)

FAULTS: list[Fault] = [
    # --- IteraSim probes (re-created corruption, v1912 syntax) ---------------------------
    Fault("P1_dict_fix", "P1", "nu removed from constant/transportProperties (IteraSim P1)",
          "add_canonical_keyword", {"constant/transportProperties": sub(r"^nu\s.*\n", "")}),
    Fault("P2_mesh_fix", "P2", "blockMeshDict keeps only 6 of 8 vertices (IteraSim P2)", "restore_block_vertices",
          {"system/blockMeshDict": sub(r"\s*\(1 1 0\.1\)\s*\(0 1 0\.1\)", "")}),
    Fault("P3_turb_bc", "P3", "kOmegaSST with omega zeroGradient on walls (IteraSim P3, as shipped)",
          "wall_function_pair", {}),
    Fault("P4_snappy_quality", "P4", "meshQualityDict gates far too strict (IteraSim P4, as shipped)",
          "relax_mesh_quality", {}),
    # --- cavity (icoFoam) ----------------------------------------------------------------
    Fault("cavity_missing_nu", "cavity", "nu removed", "add_canonical_keyword",
          {"constant/transportProperties": sub(r"^nu\s.*\n", "")}),
    Fault("cavity_bc_type_typo", "cavity", "movingWall U type `fixedValu`", "nearest_valid_choice",
          {"0/U": sub(r"type(\s+)fixedValue;", r"type\1fixedValu;")}),
    Fault("cavity_missing_patch_entry", "cavity", "fixedWalls entry removed from 0/p", "canonical_patch_bc",
          {"0/p": drop("boundaryField", "fixedWalls")}),
    Fault("cavity_empty_on_wall", "cavity", "U on the fixedWalls wall given type empty", "canonical_patch_bc",
          {"0/U": sub(r"(fixedWalls\s*\{\s*type\s+)noSlip", r"\1empty")}),
    Fault("cavity_missing_deltaT", "cavity", "deltaT removed from controlDict", "add_canonical_keyword",
          {"system/controlDict": drop("deltaT")}),
    Fault("cavity_U_dimensions", "cavity", "U dimensions [0 1 -2 0 0 0 0]", "fix_dimensions",
          {"0/U": sub(r"\[0 1 -1 0 0 0 0\]", "[0 1 -2 0 0 0 0]")}),
    Fault("cavity_p_dimensions_absolute", "cavity", "p in Pa for icoFoam (kinematic solver)", "fix_dimensions",
          {"0/p": sub(r"\[0 2 -2 0 0 0 0\]", "[1 -1 -2 0 0 0 0]")}),
    Fault("cavity_missing_div_U", "cavity", "div(phi,U) removed from fvSchemes", "add_missing_scheme",
          {"system/fvSchemes": drop("divSchemes", "div(phi,U)")}),
    Fault("cavity_missing_laplacian_default", "cavity", "laplacianSchemes default removed", "add_missing_scheme",
          {"system/fvSchemes": drop("laplacianSchemes", "default")}),
    Fault("cavity_missing_ddt_default", "cavity", "ddtSchemes default removed", "add_missing_scheme",
          {"system/fvSchemes": drop("ddtSchemes", "default")}),
    Fault("cavity_missing_grad_default", "cavity", "gradSchemes emptied", "add_missing_scheme",
          {"system/fvSchemes": chain(drop("gradSchemes", "grad(p)"), drop("gradSchemes", "default"))}),
    Fault("cavity_missing_U_solver", "cavity", "linear solver for U removed", "add_linear_solver",
          {"system/fvSolution": drop("solvers", "U")}),
    Fault("cavity_missing_p_solver", "cavity", "linear solver for p removed (pFinal refers to $p)",
          "add_linear_solver", {"system/fvSolution": drop("solvers", "p")}),
    Fault("cavity_unknown_div_scheme", "cavity", "div(phi,U) scheme `Gauss nosuchscheme`", "canonical_div_scheme",
          {"system/fvSchemes": sub(r"(div\(phi,U\)\s+)Gauss linear;", r"\1Gauss nosuchscheme;")}),
    Fault("cavity_unknown_solver", "cavity", "p solver `PCGG`", "nearest_valid_choice",
          {"system/fvSolution": sub(r"solver(\s+)PCG;", r"solver\1PCGG;")}),
    Fault("cavity_writeControl_invalid", "cavity", "writeControl `timestep`", "nearest_valid_choice",
          {"system/controlDict": sub(r"writeControl(\s+)timeStep", r"writeControl\1timestep")}),
    Fault("cavity_missing_pRef", "cavity", "pRefCell/pRefValue removed in a closed domain", "set_reference_cell",
          {"system/fvSolution": chain(drop("PISO", "pRefCell"), drop("PISO", "pRefValue"))}),
    Fault("cavity_blockmesh_missing_vertices", "cavity", "two corner vertices removed", "restore_block_vertices",
          {"system/blockMeshDict": sub(r"\s*\(1 1 0\.1\)\s*\(0 1 0\.1\)", "")}),
    Fault("cavity_block_cells_commas", "cavity", "cell counts written `(20, 20, 1)`", "fix_block_syntax",
          {"system/blockMeshDict": sub(r"\(20 20 1\)", "(20, 20, 1)")}),
    Fault("cavity_block_cells_two", "cavity", "cell counts `(20 20)` for a 3-D hex", "fix_block_syntax",
          {"system/blockMeshDict": sub(r"\(20 20 1\)", "(20 20)")}),
    Fault("cavity_misspelled_endTime", "cavity", "`endtime` instead of endTime (locked)", "rename_misspelled_keyword",
          {"system/controlDict": sub(r"^endTime", "endtime")}),
    Fault("cavity_misspelled_writeInterval", "cavity", "`writeIntervall`", "rename_misspelled_keyword",
          {"system/controlDict": sub(r"^writeInterval", "writeIntervall")}),
    Fault("cavity_field_class", "cavity", "0/p header class volVectorField", "fix_field_class",
          {"0/p": sub(r"class(\s+)volScalarField", r"class\1volVectorField")}),
    Fault("cavity_vector_arity", "cavity", "U internalField `uniform (0 0)`", "fix_vector_arity",
          {"0/U": sub(r"internalField(\s+)uniform \(0 0 0\)", r"internalField\1uniform (0 0)")}),
    Fault("cavity_deltaT_20x", "cavity", "deltaT 20x too large (Courant > 10)", "reduce_time_step",
          {"system/controlDict": put("deltaT", "0.1")}),
    # --- pitzDaily (simpleFoam, kEpsilon, 50 iterations) ---------------------------------
    Fault("pitz_unknown_solver", "pitzDaily", "p solver `GAMGG`", "nearest_valid_choice",
          {"system/fvSolution": sub(r"GAMG;", "GAMGG;")}),
    Fault("pitz_missing_smoother", "pitzDaily", "GAMG smoother removed", "add_canonical_keyword",
          {"system/fvSolution": drop("solvers", "p", "smoother")}),
    Fault("pitz_rasmodel_case", "pitzDaily", "RASModel `RNGkepsilon`", "nearest_valid_choice",
          {"constant/turbulenceProperties": sub(r"RASModel(\s+)kEpsilon", r"RASModel\1RNGkepsilon")},
          unlock=_RAS_UNLOCK),
    Fault("pitz_missing_transportModel", "pitzDaily", "transportModel removed", "add_canonical_keyword",
          {"constant/transportProperties": drop("transportModel")}),
    Fault("pitz_missing_k", "pitzDaily", "0/k deleted", "generate_field_file", {"0/k": delete}),
    Fault("pitz_missing_epsilon", "pitzDaily", "0/epsilon deleted", "generate_field_file", {"0/epsilon": delete}),
    Fault("pitz_missing_nut", "pitzDaily", "0/nut deleted", "generate_field_file", {"0/nut": delete}),
    Fault("pitz_missing_patch_k", "pitzDaily", "outlet entry removed from 0/k", "canonical_patch_bc",
          {"0/k": drop("boundaryField", "outlet")}),
    Fault("pitz_epsilon_omega_wall_function", "pitzDaily", "omegaWallFunction on epsilon walls (kEpsilon)",
          "wall_function_pair", {"0/epsilon": sub(r"epsilonWallFunction", "omegaWallFunction", count=0)}),
    Fault("pitz_nut_calculated_walls", "pitzDaily", "nut `calculated` on walls with RAS", "wall_function_pair",
          {"0/nut": sub(r"nutkWallFunction", "calculated", count=0)}),
    Fault("pitz_sst_omega_zeroGradient", "pitzDaily", "kOmegaSST with omega zeroGradient on walls",
          "wall_function_pair", {**_SST, "0/omega": sub(r"omegaWallFunction", "zeroGradient", count=0)},
          _SST_LOCK),
    Fault("pitz_sst_omega_epsilon_wf", "pitzDaily", "kOmegaSST with epsilonWallFunction on omega",
          "wall_function_pair", {**_SST, "0/omega": sub(r"omegaWallFunction", "epsilonWallFunction", count=0)},
          _SST_LOCK),
    Fault("pitz_sst_missing_wallDist", "pitzDaily", "kOmegaSST without fvSchemes wallDist", "add_canonical_keyword",
          {**_SST, "system/fvSchemes": drop("wallDist")}, _SST_LOCK),
    Fault("pitz_no_relaxation", "pitzDaily", "relaxationFactors removed (SIMPLE diverges: SIGFPE)",
          "add_relaxation", {"system/fvSolution": drop("relaxationFactors")}),
    Fault("pitz_unbounded_turbulence_schemes", "pitzDaily", "k/epsilon convection `Gauss linear` (persistent "
          "bounding), 100 iterations", "bounded_turbulence_schemes",
          {"system/fvSchemes": sub(r"(div\(phi,(?:k|epsilon)\)\s+)bounded Gauss limitedLinear 1;", r"\1Gauss linear;",
                                   count=0),
           "system/controlDict": chain(put("endTime", "100"), put("writeInterval", "100"))},
          (("system/controlDict", "endTime", "100"),)),
    Fault("pitz_missing_div_k", "pitzDaily", "div(phi,k) removed", "add_missing_scheme",
          {"system/fvSchemes": drop("divSchemes", "div(phi,k)")}),
    # --- pitzDaily (pimpleFoam, transient) -----------------------------------------------
    Fault("pimple_missing_final", "pimplePitzDaily", "PIMPLE Final solver entry removed", "add_linear_solver",
          {"system/fvSolution": drop("solvers", "(U|k|epsilon)Final")}),
    Fault("pimple_deltaT_100x", "pimplePitzDaily", "deltaT 100x, adjustTimeStep off (Courant ~30)",
          "reduce_time_step", {"system/controlDict": chain(put("deltaT", "0.01"), put("endTime", "0.01"),
                                                            put("adjustTimeStep", "no"))},
          (("system/controlDict", "endTime", "0.01"),)),
    # --- damBreak (interFoam) ------------------------------------------------------------
    Fault("dambreak_missing_g", "damBreak", "constant/g deleted", "generate_constant_file", {"constant/g": delete}),
    Fault("dambreak_missing_sigma", "damBreak", "surface tension sigma removed", "add_canonical_keyword",
          {"constant/transportProperties": drop("sigma")}),
    Fault("dambreak_missing_rho_water", "damBreak", "rho removed from the water phase", "add_canonical_keyword",
          {"constant/transportProperties": drop("water", "rho")}),
    Fault("dambreak_missing_alpha", "damBreak", "0/alpha.water and its .orig deleted", "generate_field_file",
          {"0/alpha.water": delete, "0/alpha.water.orig": delete}),
    Fault("dambreak_missing_p_rgh_final", "damBreak", "p_rghFinal solver removed", "add_linear_solver",
          {"system/fvSolution": drop("solvers", "p_rghFinal")}),
    # --- hotRoom (buoyantBoussinesqSimpleFoam, 50 iterations) ----------------------------
    Fault("hotroom_missing_beta", "hotRoom", "thermal expansion beta removed", "add_canonical_keyword",
          {"constant/transportProperties": drop("beta")}),
    Fault("hotroom_missing_g", "hotRoom", "constant/g deleted", "generate_constant_file", {"constant/g": delete}),
    # --- flange (snappyHexMesh) ----------------------------------------------------------
    Fault("flange_strict_inline_gates", "flange", "strict gates written inline in meshQualityControls",
          "relax_mesh_quality", {"system/snappyHexMeshDict": sub(
              r'#include "meshQualityDict"', '#include "meshQualityDict"\n    maxNonOrtho 20;\n'
              '    minTetQuality 0.2;\n    maxInternalSkewness 1;')}),
]
BASES.update(NEW_BASES)
BASES.update(PARALLEL_BASES)
SUITE1 = [dataclasses.replace(f, kind=f"suite1/{f.expected_rule}") for f in FAULTS]
HELD_OUT_FILE = BENCHMARKS_DIR / "faults" / "held_out.yaml"


def draw_held_out(ids: list[str], seed: int, k: int) -> list[str]:
    """The recorded draw: `k` of the suite-2 ids, sorted, sampled with `random.Random(seed)`."""
    return sorted(random.Random(seed).sample(sorted(ids), k))


def held_out_ids() -> set[str]:
    if not HELD_OUT_FILE.is_file():
        return set()
    return set(yaml.safe_load(HELD_OUT_FILE.read_text()).get("ids") or [])


_HELD = held_out_ids()
SUITE2 = [dataclasses.replace(f, held_out=f.id in _HELD) for f in NEW_FAULTS]
FAULTS = SUITE1 + SUITE2 + PARALLEL_FAULTS  # PARALLEL_FAULTS: tasks/bench/faults_parallel.py
FAULTS_BY_ID = {f.id: f for f in FAULTS}


def select_faults(only: list[str] | None) -> list[Fault]:
    if not only:
        return list(FAULTS)
    unknown = [i for i in only if i not in FAULTS_BY_ID]
    if unknown:
        raise UsageError(f"unknown fault id(s): {', '.join(unknown)}; see benchmarks/faults/README.md")
    return [FAULTS_BY_ID[i] for i in only]


def locked_values(fault: Fault) -> list[LockedValue]:
    base = BASES[fault.base]
    merged: dict[tuple[str, str], str] = {}
    for file, key, value in base.locked:
        if f"{file}:{key}" not in fault.unlock:
            merged[(file, key)] = value
    for file, key, value in fault.locked:
        merged[(file, key)] = value
    return [LockedValue(name=f"{file}:{key}", file=file, entry=key.split("/"), value=value)
            for (file, key), value in merged.items()]


def _copy_source(source: str, dest: Path, tutorials_dir: Path) -> None:
    src = PROBES_DIR / source[len("probe:"):] if source.startswith("probe:") else tutorials_dir / source
    if not src.is_dir():
        raise UsageError(f"fault source {src} is missing (install the OpenFOAM tutorials: apt-get install openfoam)")
    shutil.copytree(src, dest, ignore=shutil.ignore_patterns("README.md", "expected", "case.foam", "log.*",
                                                            "Allrun", "Allclean"))
    for path in [dest, *dest.rglob("*")]:  # the shipped probes are read-only
        path.chmod(path.stat().st_mode | (0o700 if path.is_dir() else 0o600))
    decompress_tree(dest)
    if source.startswith("probe:"):
        # the probes ship meshes and feature files from the fixed case: make them again
        for stale in ("constant/polyMesh", "constant/extendedFeatureEdgeMesh", "constant/triSurface/flange.eMesh"):
            target = dest / stale
            if target.is_dir() and (dest / "system/blockMeshDict").is_file():
                shutil.rmtree(target)
            elif target.is_file():
                target.unlink()


def _apply(case: Path, mutations: dict[str, Mutation]) -> None:
    for rel, mutate in mutations.items():
        path = case / rel
        creates = getattr(mutate, "creates", False)
        if not path.is_file() and not creates:
            raise UsageError(f"fault mutation target {rel} is missing in {case}")
        new = mutate("" if creates else path.read_text())
        if new is None:
            path.unlink()
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(new)


def _move(case: Path, moves: tuple[tuple[str, str], ...]) -> None:
    for src, dst in moves:
        if not (case / src).is_file():
            raise UsageError(f"fault move source {src} is missing in {case}")
        (case / src).rename(case / dst)


def prepare_fault(fault: Fault, work_dir: Path, tutorials_dir: Path) -> Path:
    """A fresh broken copy of the fault's base case, with its locked values recorded."""
    case = Path(work_dir) / fault.id
    if case.exists():
        shutil.rmtree(case)
    base = BASES[fault.base]
    _copy_source(base.source, case, tutorials_dir)
    _apply(case, base.setup)
    _apply(case, fault.edits)
    _move(case, fault.moves)
    save_locked(case, locked_values(fault))
    return case


# --- scoring -------------------------------------------------------------------------------


class FaultResult(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    kind: str = ""
    tutorial: str = ""
    strategy: str = ""            # the strategies of the cycles, in order ("syntax", "reference+rule", ...)
    held_out: bool = False
    case: str
    breaks: str
    expected_rule: str
    repaired: bool
    cycles: int
    params_intact: bool
    reason: str
    rules: list[str]
    expected_rule_used: bool
    initial_status: str
    final_status: str
    seconds: float
    case_dir: str


class RepairTotals(BaseModel):
    model_config = ConfigDict(extra="forbid")

    faults: int
    repaired: int
    repaired_pct: float
    params_changed: int
    cycles_total: int
    cycles_mean_repaired: float
    expected_rule_used: int
    seconds: float


class RepairBenchReport(BaseModel):
    model_config = ConfigDict(extra="forbid")

    backend: str
    faults: list[FaultResult]
    totals: RepairTotals
    seen: RepairTotals | None = None       # every fault not held out (suite 1 and suite 2)
    held_out: RepairTotals | None = None   # benchmarks/faults/held_out.yaml


def unprepared_result(fault: Fault, case: Path, error: str) -> FaultResult:
    """A fault whose broken case could not be made (a tutorial that changed): not repaired."""
    return FaultResult(
        id=fault.id, kind=fault.kind, tutorial=BASES[fault.base].source, held_out=fault.held_out,
        case=fault.base, breaks=fault.breaks, expected_rule=fault.expected_rule, repaired=False,
        cycles=0, params_intact=True, reason=f"could not prepare the fault: {error}", rules=[],
        expected_rule_used=False, initial_status="failed", final_status="failed", seconds=0.0, case_dir=str(case),
    )


def fault_result(fault: Fault, case: Path, review: ReviewReport, seconds: float) -> FaultResult:
    checks = check_locked(case)
    rules = [c.rule for c in review.cycles]
    repaired = review.final_status == "completed"
    if repaired:
        reason = f"repaired in {len(rules)} cycle(s): " + ", ".join(rules) if rules else "ran clean"
    else:
        last = review.final_problem.message[:160] if review.final_problem else ""
        reason = f"{review.stopped}" + (f"; last problem: {last}" if last else "")
    bad = [c.name for c in checks if not c.ok]
    if bad:
        reason += f"; locked value changed: {', '.join(bad)}"
    strategies = list(dict.fromkeys(c.strategy or "rule" for c in review.cycles))
    return FaultResult(
        id=fault.id, kind=fault.kind, tutorial=BASES[fault.base].source, held_out=fault.held_out,
        strategy="+".join(strategies), case=fault.base, breaks=fault.breaks, expected_rule=fault.expected_rule,
        repaired=repaired, cycles=len(review.cycles), params_intact=not bad, reason=reason, rules=rules,
        expected_rule_used=fault.expected_rule in rules or fault.expected_rule.removeprefix("strategy:") in strategies,
        initial_status=review.initial_status,
        final_status=review.final_status, seconds=round(seconds, 2), case_dir=str(case),
    )


def summarize(results: list[FaultResult], backend: str, seconds: float) -> RepairBenchReport:
    seen = [r for r in results if not r.held_out]
    held = [r for r in results if r.held_out]
    return RepairBenchReport(backend=backend, faults=results, totals=_totals(results, seconds),
                             seen=_totals(seen, sum(r.seconds for r in seen)),
                             held_out=_totals(held, sum(r.seconds for r in held)) if held else None)


def _totals(results: list[FaultResult], seconds: float) -> RepairTotals:
    n = len(results)
    fixed = [r for r in results if r.repaired]
    return RepairTotals(
        faults=n, repaired=len(fixed), repaired_pct=round(100.0 * len(fixed) / n, 1) if n else 0.0,
        params_changed=sum(1 for r in results if not r.params_intact),
        cycles_total=sum(r.cycles for r in results),
        cycles_mean_repaired=round(sum(r.cycles for r in fixed) / len(fixed), 2) if fixed else 0.0,
        expected_rule_used=sum(1 for r in results if r.expected_rule_used), seconds=round(seconds, 1),
    )
