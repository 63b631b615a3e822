"""Every run report links its plots: residuals.png and acceptance.png are drawn into the case
by write_report and linked from report.json (relative to the case), report.md (images beside
it) and the markdown of the terminal and the dashboard (full paths)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from tasks.foam.casedir import CaseInfo
from tasks.run.acceptance import FLOW_PREFIX, MONITOR
from tasks.run.logs import parse_log_file
from tasks.run.plot import acceptance_series, plot_acceptance
from tasks.run.report import build_report, plot_paths, report_markdown, write_report
from tasks.run.runner import StepResult

LOGS = Path(__file__).resolve().parents[1] / "fixtures" / "logs"
PNG = b"\x89PNG\r\n\x1a\n"


def _run(case: Path, log_name: str, application: str):
    case.mkdir(parents=True, exist_ok=True)
    log = case / f"log.{application}"
    shutil.copy(LOGS / log_name, log)
    info = CaseInfo(case_dir=case, application=application, start_time=0, end_time=None, delta_t=1,
                    block_mesh_dict=None, snappy_dict=None, surface_features_dict=None, set_fields_dict=None,
                    has_mesh=True, zero_orig_dir=False, orig_field_files=[])
    step = StepResult(command=application, args=[], backend="native", status="ok", exit_code=0, seconds=1.0,
                      log_path=str(log))
    return build_report(info, [step], "native", "test", [], 1.0)


def test_write_report_draws_and_links_both_plots(tmp_path: Path) -> None:
    case = tmp_path / "cavity"
    report = _run(case, "cavity_ok.log", "icoFoam")
    write_report(report, case)

    assert report.plots == {"residuals": "residuals.png", "acceptance": "acceptance.png"}
    for name in report.plots.values():
        assert (case / name).read_bytes().startswith(PNG)
    saved = json.loads((case / "report.json").read_text())
    assert saved["plots"] == report.plots  # relative to the case: the folder can move
    md = (case / "report.md").read_text()
    assert "![initial residuals](residuals.png)" in md and "](acceptance.png)" in md
    text = report_markdown(report)  # run-case's summary and the dashboard artifact
    assert f"[residuals.png]({case / 'residuals.png'})" in text
    assert f"[acceptance.png]({case / 'acceptance.png'})" in text
    assert plot_paths(report) == {"residuals": case / "residuals.png", "acceptance": case / "acceptance.png"}


def test_acceptance_plot_has_a_panel_per_history(tmp_path: Path) -> None:
    case = tmp_path / "pitzDaily"
    (case / "constant/polyMesh").mkdir(parents=True)
    (case / "constant/polyMesh/boundary").write_text(
        "FoamFile { class polyBoundaryMesh; object boundary; }\n2\n(\n"
        "inlet { type patch; nFaces 1; startFace 0; }\noutlet { type patch; nFaces 1; startFace 1; }\n)\n")
    for name, rows in ((MONITOR, "1 5.5\n2 5.6\n3 5.7\n"), (f"{FLOW_PREFIX}inlet", "1 -0.1\n2 -0.1\n"),
                       (f"{FLOW_PREFIX}outlet", "1 0.1\n2 0.1\n")):
        (case / "postProcessing" / name / "0").mkdir(parents=True)
        (case / "postProcessing" / name / "0" / "data.dat").write_text("# Time value\n" + rows)
    shutil.copy(LOGS / "pitzdaily_short.log", case / "log.simpleFoam")
    panels = [label for label, _, _ in acceptance_series(case, parse_log_file(case / "log.simpleFoam"))]
    assert panels[-2:] == ["volume average |U|", "flux sum(phi)\nper open patch"]
    assert panels[0].startswith("continuity error")
    assert plot_acceptance(case, parse_log_file(case / "log.simpleFoam"), case / "a.png", "t") == case / "a.png"


def test_a_run_without_a_solver_log_has_no_plots_and_no_stale_ones(tmp_path: Path) -> None:
    case = tmp_path / "broken"
    report = _run(case, "fatal_no_mesh.log", "icoFoam")
    report.steps[0].log_path = str(case / "missing.log")
    (case / "residuals.png").write_bytes(PNG)  # from an earlier run
    write_report(report, case)
    assert report.plots == {} and not (case / "residuals.png").exists()
    assert "Plots" not in (case / "report.md").read_text()
