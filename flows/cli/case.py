"""`casewright new`, `run-case` and `modify`: one case, from a request, as it is, or changed.

Each checks what it can before any service starts (the backend, the folders, the request
text), so a refused command exits 2 without starting Prefect or Docker. `run-case` runs as a
Prefect flow only when a server is running or configured (or with --server).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Optional

import typer

from flows.cli._common import BackendOpt, JsonOpt, ServerOpt, check_backend, finish, run_flow, run_flow_or_direct

NpOpt = typer.Option(None, "--np", min=1, max=64,
                     help="MPI ranks for the solver: decomposePar, mpirun -np N <solver> -parallel, reconstructPar "
                          "(remembered by the case; --np 1 runs serial again).")


def run_case_cmd(
    case_dir: Path = typer.Argument(..., help="An OpenFOAM case directory (holding system/controlDict)."),
    np: Optional[int] = NpOpt,
    backend: Optional[str] = BackendOpt,
    server: Optional[bool] = ServerOpt,
    json_out: bool = JsonOpt,
) -> None:
    """Run an existing case as it is and report how far it got."""
    from tasks.foam.casedir import check_and_read

    check_backend(backend)
    check_and_read(case_dir)  # a missing case or an unknown application is refused here
    report = run_flow_or_direct("flows.case:run_case", "flows.case_pipeline:run_case", case_dir, backend=backend,
                                np=np, server=server)
    from tasks.run.report import report_markdown  # after the run: it imports the report's modules while it runs

    finish(report, json_out, report_markdown, ok=report.status == "completed")


def new_cmd(
    request: str = typer.Argument(..., help="The case in plain language, e.g. \"pitzDaily with k-omega SST, inlet 15 m/s\"."),
    out: Path = typer.Option(..., "-o", "--out", help="Folder to write the case into (new or empty)."),
    example: Optional[Path] = typer.Option(None, "--example", help="A case of yours to use as the base when it fits."),
    no_run: bool = typer.Option(False, "--no-run", help="Write and check the case, do not run it."),
    no_review: bool = typer.Option(False, "--no-review", help="Report a failing run as it is (no Reviewer repair)."),
    force: bool = typer.Option(False, "--force", help="Write into a non-empty folder (its content is kept under .casewright/previous-*)."),
    np: Optional[int] = NpOpt,
    backend: Optional[str] = BackendOpt,
    smoke: Optional[int] = typer.Option(None, "--smoke", min=1, help="Run only N time steps or iterations (a quick 'does it start' check; the report says the run was shortened)."),
    allow_substitute: bool = typer.Option(False, "--allow-substitute", help="When the geometry described cannot be built, run the nearest tutorial's geometry (warned first, score at most 2)."),
    geometry: Optional[Path] = typer.Option(None, "--geometry", help="An STL body (ASCII or binary): meshed with snappyHexMesh in a box around it; the request gives the physics."),
    mesh: Optional[Path] = typer.Option(None, "--mesh", help="Your mesh: a Gmsh .msh (v2 or v4), a Fluent .msh, or a constant/polyMesh folder; patches get roles by name."),
    patch_role: list[str] = typer.Option([], "--patch-role", help="NAME=ROLE for a --mesh patch whose name says no role (repeatable), e.g. left=inlet; roles: inlet, outlet, wall, moving_wall, symmetry, empty, wedge."),
    json_out: bool = JsonOpt,
) -> None:
    """Turn a request into a case, check it, run it and score it (0-4)."""
    from tasks.core.config import get_settings
    from tasks.core.errors import UsageError
    from tasks.edit.generate import result_markdown
    from tasks.edit.writer import check_out_dir
    from tasks.plan.manifest import CaseRequest
    from tasks.plan.request import build_context

    check_backend(backend)
    if example is not None and not (example / "system" / "controlDict").is_file():
        raise UsageError(f"--example {example} is not an OpenFOAM case (no system/controlDict)")
    settings = get_settings()
    check_out_dir(out, force)
    build_context(request, settings.tutorials_dir, example)  # an empty request or an unknown solver is refused here
    case_request = CaseRequest(text=request, out_dir=out, example_dir=example, run=not no_run,
                               review=not no_review, force=force, backend=backend, smoke=smoke,
                               allow_substitute=allow_substitute)
    if geometry is not None or mesh is not None or patch_role:
        from tasks.edit.user_mesh import user_mesh_request

        if geometry is None and mesh is None:
            raise UsageError("--patch-role names the roles of a --mesh's patches; give --mesh FILE too")
        case_request = user_mesh_request(case_request, geometry, mesh, patch_role)  # bad files and roles: exit 2 here
    result = run_flow("flows.case:request_to_case", case_request, settings=settings, np=np)
    finish(result, json_out, result_markdown, ok=result.status in ("completed", "written"))


def modify_cmd(
    case_dir: Path = typer.Argument(..., help="An existing OpenFOAM case to change."),
    request: str = typer.Argument(..., help="The change, e.g. \"switch to k-omega SST\" or \"inlet 15 m/s\"."),
    no_run: bool = typer.Option(False, "--no-run", help="Apply and check the change, do not run."),
    np: Optional[int] = NpOpt,
    backend: Optional[str] = BackendOpt,
    show_diff: bool = typer.Option(False, "--diff", help="Print the unified diff of the change."),
    json_out: bool = JsonOpt,
) -> None:
    """Change an existing case (minimal diffs, backups kept), run it, and repair it if it fails."""
    from tasks.foam.casedir import check_case_dir
    from tasks.plan.request import check_request_text

    check_backend(backend)
    check_case_dir(case_dir)
    check_request_text(request)
    if np is not None:  # the case's rank count, read by every run of it (modify's, the Reviewer's)
        from tasks.run.parallel import record_ranks

        record_ranks(case_dir, np)
    result = run_flow("flows.modify:modify_case", case_dir, request, run=not no_run, backend=backend)
    finish(result, json_out, lambda r: _modify_text(r, show_diff), ok=result.status in ("completed", "changed"))


def _modify_text(result: Any, show_diff: bool) -> str:
    lines = [f"{result.case_dir}: {result.status}" + (f", score {result.score}/4" if result.score is not None else "")]
    lines += [f"  NOT APPLIED: {n.text}: {n.reason}" for n in result.not_applied]  # first: what was not done
    lines += [f"  {result.score_reason}", "  changed: " + ", ".join(result.changed)]
    lines += [f"  assumed: {line}" for line in result.assumptions]
    lines += [f"  warning: {line}" for line in result.warnings]
    if result.backup:
        lines.append(f"  backup: {result.backup}")
    from tasks.run.report import plot_paths

    lines += [f"  plot: {path}" for path in plot_paths(result.run).values()]
    if show_diff:
        lines.append(result.diff)
    return "\n".join(lines)
