"""A residual plot (PNG) of a solver log, written into the case."""

from __future__ import annotations

from pathlib import Path

from tasks.run.logs import LogSummary


def plot_residuals(summary: LogSummary, out: Path, title: str) -> Path | None:
    """Initial residual per field against time, log scale. None when there is nothing to plot."""
    series = {}
    for rec in summary.step_residuals():
        if rec.initial > 0:
            series.setdefault(rec.field, ([], []))
            series[rec.field][0].append(rec.time)
            series[rec.field][1].append(rec.initial)
    if not series:
        return None
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4), dpi=100)
    for field, (t, r) in sorted(series.items()):
        ax.semilogy(t, r, label=field, linewidth=1)
    ax.set_xlabel("time / iteration")
    ax.set_ylabel("initial residual")
    ax.set_title(title)
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=8, ncol=2)
    fig.subplots_adjust(left=0.12, right=0.97, top=0.9, bottom=0.14)  # tight_layout costs ~0.2 s
    fig.savefig(out)
    plt.close(fig)
    return out
