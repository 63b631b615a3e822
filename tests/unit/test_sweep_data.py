"""Sweep variants as data, without OpenFOAM: archives in and out, what comes back, landing,
function-object quantities, sweep.csv and the plot series, the plan file and --resume."""

from __future__ import annotations

import io
import json
import tarfile
import time
from pathlib import Path

import pytest

from tasks.core.errors import CaseRunError, RequestError, UsageError
from tasks.edit.archive import pack_tree, unpack_tree
from tasks.edit.modify import read_state
from tasks.edit.sweep import (
    SweepResult,
    SweepSpec,
    SweepSummary,
    VariantResult,
    check_folders,
    landed_results,
    parse_param,
    parse_set,
    plan_sweep,
    write_plan,
)
from tasks.edit.sweep_output import csv_rows, plot_series, write_csv, write_plots
from tasks.edit.variant import VariantJob, VariantOutcome, land, open_workspace, pack_base, pack_result
from tasks.run.qoi import function_object_values, last_row
from tests.conftest import CAVITY, copy_tutorial


def test_the_base_archive_leaves_results_behind_and_unpacks_whole(tmp_path: Path, monkeypatch) -> None:
    base = copy_tutorial(CAVITY, tmp_path / "base")
    for extra in ("0.5/U", "processor0/0/U", "log.icoFoam", "report.json", ".casewright/parallel.json"):
        (base / extra).parent.mkdir(parents=True, exist_ok=True)
        (base / extra).write_text("x")
    (base / ".casewright/locked.json").write_text("[]")
    spec = SweepSpec(base_case=base, out_dir=tmp_path / "out", params=[parse_param("U=1")],
                     change="lid velocity {U} m/s")
    plan = plan_sweep(spec, read_state(base))[0]
    monkeypatch.setenv("CASEWRIGHT_WORK_DIR", str(tmp_path / "worker"))
    case = open_workspace(VariantJob(plan=plan, base=pack_base(base)))
    assert case.parent.parent == tmp_path / "worker" and case.name == "U-1"
    names = {str(p.relative_to(case)) for p in case.rglob("*") if p.is_file()}
    assert {"0/U", "system/controlDict", ".casewright/locked.json"} <= names
    assert not names & {"0.5/U", "processor0/0/U", "log.icoFoam", "report.json", ".casewright/parallel.json"}


def test_an_archive_with_an_escaping_member_is_refused(tmp_path: Path) -> None:
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz") as tar:
        info = tarfile.TarInfo("../evil")
        info.size = 1
        tar.addfile(info, io.BytesIO(b"x"))
    with pytest.raises(CaseRunError, match="could not unpack"):
        unpack_tree(buf.getvalue(), tmp_path / "dest")
    assert not (tmp_path / "evil").exists()


def test_the_result_archive_keeps_the_first_and_latest_times(tmp_path: Path) -> None:
    case = tmp_path / "case"
    for rel in ("0/U", "0.1/U", "0.2/U", "0.5/U", "processor0/0.5/U", "postProcessing/forces/0/forces.dat",
                "log.icoFoam", "report.json", "constant/polyMesh/points", "system/controlDict"):
        (case / rel).parent.mkdir(parents=True, exist_ok=True)
        (case / rel).write_text(rel)
    back = tmp_path / "back"
    unpack_tree(pack_result(case), back)
    assert sorted(str(p.relative_to(back)) for p in back.rglob("*") if p.is_file()) == [
        "0.5/U", "0/U", "constant/polyMesh/points", "log.icoFoam", "postProcessing/forces/0/forces.dat",
        "report.json", "system/controlDict"]


def test_landing_points_the_report_at_the_new_place(tmp_path: Path) -> None:
    work = tmp_path / "w" / "U-1"
    (work / "0").mkdir(parents=True)
    (work / "report.json").write_text(json.dumps({"case_dir": str(work), "report_path": f"{work}/report.json"}))
    result = VariantResult(name="U-1", params={"U": "1"}, case_dir=str(work), status="completed")
    out = tmp_path / "out"
    landed = land(VariantOutcome(result=result, archive=pack_tree(work), work_case=str(work)), out)
    assert landed.case_dir == str(out / "U-1")
    assert json.loads((out / "U-1/report.json").read_text()) == {"case_dir": str(out / "U-1"),
                                                                 "report_path": f"{out / 'U-1'}/report.json"}
    assert VariantResult.model_validate_json((out / "U-1/variant.json").read_text()) == landed


FORCES = """# Forces
# CofR                : (0 0 0)
# Time          total_x total_y total_z
1               (1 2 3)
2               (4.5 -5 6e-3)
"""
PRESSURE = """# Region type : patch inlet
# Time          areaAverage(p)
100             2.5
200             nan
"""


@pytest.mark.parametrize(("text", "values"), [
    (FORCES, {"total_x.x": 4.5, "total_x.y": -5.0, "total_x.z": 0.006}),
    ("# Time a b\n1 2 3\n2 4 text\n", {"a": 4.0}),
    (PRESSURE, {}),  # a non-finite last value is no quantity
    ("# nothing yet\n", {}),
])
def test_last_row(text: str, values: dict[str, float]) -> None:
    assert last_row(text) == values


def test_function_object_values(tmp_path: Path) -> None:
    for rel, text in {"postProcessing/forces/0/forces.dat": FORCES,
                      "postProcessing/inlet/0/surfaceFieldValue.dat": "# Time p\n1 3\n",
                      "postProcessing/inlet/100/surfaceFieldValue.dat": "# Time p\n150 7\n"}.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    assert function_object_values(tmp_path) == {"forces.total_x.x": 4.5, "forces.total_x.y": -5.0,
                                                "forces.total_x.z": 0.006, "inlet.p": 7.0}  # the latest restart


def _result(tmp_path: Path) -> SweepResult:
    variants = [VariantResult(name=f"U-{u}_m-{m}", params={"U": str(u), "m": m}, case_dir=str(tmp_path),
                              status="completed", score=4, worker="tcp://127.0.0.1:1", seconds=1.0,
                              qoi={"Co_max": u * (2 if m == "b" else 1)})
                for u in (1, 2, 3) for m in ("a", "b")]
    return SweepResult(base_case="base", out_dir=str(tmp_path), params=[parse_param("U=1,2,3"),
                       parse_param("m=a,b")], executor="dask", address="tcp://127.0.0.1:1", variants=variants,
                       summary=SweepSummary(n=6, completed=6, failed=0, wall_s=3.0, speedup_vs_serial_estimate=2.0))


def test_csv_and_plots(tmp_path: Path) -> None:
    result = _result(tmp_path)
    rows = csv_rows(result)
    assert list(rows[0])[:5] == ["name", "U", "m", "status", "score"] and rows[-1]["Co_max"] == 6
    assert write_csv(result, tmp_path / "sweep.csv").read_text().count("\n") == 7
    assert plot_series(result.variants, "Co_max", "U") == {"m=a": [(1, 1), (2, 2), (3, 3)],
                                                           "m=b": [(1, 2), (2, 4), (3, 6)]}
    assert plot_series(result.variants, "Co_max", "m") == {}  # not a numeric parameter
    plots = write_plots(result, tmp_path / "plots")
    assert [p.name for p in plots] == ["Co_max_vs_U.png"] and plots[0].read_bytes()[:4] == b"\x89PNG"


def _spec(base: Path, out: Path, **kw: object) -> SweepSpec:
    return SweepSpec(**{"base_case": base, "out_dir": out, "params": [parse_param("U=1,2")],
                        "change": "lid velocity {U} m/s", **kw})  # type: ignore[arg-type]


def test_a_thousand_variants_plan_quickly_and_a_bad_edit_is_caught(tmp_path: Path) -> None:
    base = copy_tutorial(CAVITY, tmp_path / "base")
    ten = ",".join(str(i) for i in range(10))
    spec = _spec(base, tmp_path / "out", params=[parse_param(f"U={ten}"), parse_param(f"a={ten}"),
                                                 parse_param(f"b={ten}")],
                 sets=[parse_set("constant/transportProperties:nu=0.0{a}{b}")], dry_run=True)
    started = time.monotonic()
    plans = plan_sweep(spec, read_state(base))
    assert len(plans) == 1000 and time.monotonic() - started < 60  # the target for --dry-run
    with pytest.raises(UsageError, match="1000 variants, more than the limit of 64"):
        plan_sweep(spec.model_copy(update={"dry_run": False}), read_state(base))
    bad = _spec(base, tmp_path / "out", sets=[parse_set("system/controlDict:application/x={U}")], change=None)
    with pytest.raises(RequestError, match="variant U-1: cannot set application/x in system/controlDict"):
        plan_sweep(bad, read_state(base))


def test_the_plan_file_and_resume(tmp_path: Path) -> None:
    base = copy_tutorial(CAVITY, tmp_path / "base")
    out = tmp_path / "out"
    spec = _spec(base, out)
    plans = plan_sweep(spec, read_state(base))
    write_plan(spec, plans)
    check_folders(spec)  # only the plan: a run may use the folder
    write_plan(spec, plans)  # the same plan again is fine
    other = _spec(base, out, params=[parse_param("U=1,3")])
    with pytest.raises(UsageError, match="different plan"):
        write_plan(other, plan_sweep(other, read_state(base)))
    (out / "U-1").mkdir()
    (out / "U-1/variant.json").write_text(VariantResult(name="U-1", params={"U": "1"}, case_dir="x",
                                                       status="failed").model_dump_json())
    (out / "U-2").mkdir()
    (out / "U-2/variant.json").write_text("{half")
    with pytest.raises(UsageError, match="add --resume"):
        check_folders(spec)
    check_folders(spec.model_copy(update={"resume": True}))
    assert list(landed_results(out, plans)) == ["U-1"]  # a failed variant has a result; a broken file not
    with pytest.raises(UsageError, match="no sweep-plan.json"):
        check_folders(_spec(base, tmp_path / "empty", resume=True))
