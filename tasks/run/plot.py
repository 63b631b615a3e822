"""The plots of a run, written into the case beside report.json: the residual history
(residuals.png) and the histories the acceptance checks judge (acceptance.png: continuity
error, Courant number, the monitored quantity, the flux through each open patch).

matplotlib's object API (a Figure saved by the Agg canvas: no pyplot, no display, no network),
imported only when there is something to plot (run-case imports it while the solver runs,
flows/case_pipeline.import_in_background).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tasks.run.acceptance import FLOW_PREFIX, MONITOR, function_object_series, open_patches
from tasks.run.logs import LogSummary, parse_log_file

RESIDUALS_PNG = "residuals.png"
ACCEPTANCE_PNG = "acceptance.png"

Series = dict[str, tuple[list[float], list[float]]]  # label -> (x, y)


def _figure(**kwargs: Any) -> Any:
    """A matplotlib Figure outside pyplot (pyplot's import and figure registry cost ~0.15 s and
    nothing here needs them); `savefig` draws it with the Agg canvas."""
    from matplotlib.figure import Figure

    return Figure(**kwargs)


def plot_residuals(summary: LogSummary, out: Path, title: str) -> Path | None:
    """Initial residual per field against time, log scale. None when there is nothing to plot."""
    series: Series = {}
    for rec in summary.step_residuals():
        if rec.initial > 0:
            series.setdefault(rec.field, ([], []))
            series[rec.field][0].append(rec.time)
            series[rec.field][1].append(rec.initial)
    if not series:
        return None
    fig = _figure(figsize=(7, 4), dpi=100)
    ax = fig.subplots()
    for field, (t, r) in sorted(series.items()):
        ax.semilogy(t, r, label=field, linewidth=1)
    ax.set_xlabel("time / iteration")
    ax.set_ylabel("initial residual")
    ax.set_title(title, y=1.0)  # y given: no automatic placement, which measures every tick label first
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=8, ncol=2)
    fig.subplots_adjust(left=0.12, right=0.97, top=0.9, bottom=0.14)  # tight_layout costs ~0.2 s
    fig.savefig(out)
    return out


def acceptance_series(case: Path, summary: LogSummary | None) -> list[tuple[str, bool, Series]]:
    """The panels of the acceptance plot that have data: (y label, log scale, series)."""
    panels: list[tuple[str, bool, Series]] = []
    if summary is not None and summary.continuity:
        local = [(c.time, abs(c.sum_local)) for c in summary.continuity if c.sum_local != 0]
        if local:
            panels.append(("continuity error\n(sum local)", True,
                           {"sum local": ([t for t, _ in local], [v for _, v in local])}))
    if summary is not None and summary.courant:
        panels.append(("Courant number", False, {"max": ([c.time for c in summary.courant],
                                                         [c.max for c in summary.courant])}))
    monitored = [r for r in function_object_series(case, MONITOR) if len(r) > 1]
    if monitored:
        panels.append(("volume average |U|", False, {"|U|": ([r[0] for r in monitored], [r[1] for r in monitored])}))
    flows: Series = {}
    for patch in open_patches(case) if (case / "constant/polyMesh/boundary").is_file() else []:
        rows = [r for r in function_object_series(case, f"{FLOW_PREFIX}{patch}") if len(r) > 1]
        if rows:
            flows[patch] = ([r[0] for r in rows], [r[1] for r in rows])
    if flows:
        panels.append(("flux sum(phi)\nper open patch", False, flows))
    return panels


def plot_acceptance(case: Path, summary: LogSummary | None, out: Path, title: str) -> Path | None:
    """What the acceptance checks judge, against time: one panel per history the run has.
    None when it has none (a run that never reached its first time step)."""
    panels = acceptance_series(case, summary)
    if not panels:
        return None
    fig = _figure(figsize=(7, 1.2 + 1.8 * len(panels)), dpi=100)
    axes = fig.subplots(len(panels), 1, sharex=True, squeeze=False)
    for ax, (label, log, series) in zip(axes[:, 0], panels, strict=True):
        for name, (x, y) in sorted(series.items()):
            (ax.semilogy if log else ax.plot)(x, y, label=name, linewidth=1)
        ax.set_ylabel(label, fontsize=8)
        ax.grid(True, which="both", alpha=0.3)
        if len(series) > 1:
            ax.legend(fontsize=7, ncol=3)
    axes[-1, 0].set_xlabel("time / iteration")
    axes[0, 0].set_title(title, y=1.0)
    fig.subplots_adjust(left=0.15, right=0.97, top=1 - 0.5 / fig.get_figheight(), bottom=0.6 / fig.get_figheight(),
                        hspace=0.15)
    fig.savefig(out)
    return out


def write_run_plots(case: Path, solver_log: str | None, application: str) -> dict[str, str]:
    """residuals.png and acceptance.png of the run whose solver log is `solver_log`, written into
    the case: {"residuals": "residuals.png", "acceptance": "acceptance.png"}, paths relative to
    the case, for the plots there was data for (a stale plot of an earlier run is removed)."""
    summary = parse_log_file(solver_log) if solver_log and Path(solver_log).is_file() else None
    title = f"{case.name}: {application}"
    written: dict[str, str] = {}
    for key, name, make in (("residuals", RESIDUALS_PNG, lambda out: summary and plot_residuals(summary, out, title)),
                            ("acceptance", ACCEPTANCE_PNG, lambda out: plot_acceptance(case, summary, out, title))):
        out = case / name
        if make(out):
            written[key] = name
        else:
            out.unlink(missing_ok=True)
    return written
