"""A sweep's results as data: the table (sweep.md, the dashboard), sweep.csv with one row per
variant, and a PNG of each quantity of interest against each numeric swept parameter."""

from __future__ import annotations

import csv
import math
import re
from collections.abc import Sequence
from pathlib import Path

from tasks.edit.sweep import SweepResult, VariantResult

MAX_PLOTS = 24
MAX_SERIES = 8
_UNSAFE = re.compile(r"[^A-Za-z0-9.+_-]+")


def sweep_table(result: SweepResult) -> list[dict[str, str]]:
    """One row per variant: the parameter values, status, score, time reached, last residuals."""
    fields = sorted({f for v in result.variants for f in v.last_residuals}, key=_residual_order)[:5]
    rows = []
    for v in result.variants:
        row = {"variant": v.name, **v.params, "status": v.status + (" (reviewed)" if v.reviewed else ""),
               "score": "-" if v.score is None else f"{v.score}/4", "acceptance": v.acceptance or "-",
               "time": _time_cell(v)}
        for f in fields:
            row[f"res {f}"] = f"{v.last_residuals[f]:.2e}" if f in v.last_residuals else "-"
        row["Co max"] = "-" if v.courant_max is None else f"{v.courant_max:.3g}"
        row["wall s"] = "-" if v.wall_seconds is None else f"{v.wall_seconds:g}"
        row["warnings"] = str(len(v.warnings)) if v.warnings else "-"
        row["worker"] = v.worker or "-"
        rows.append(row)
    return rows


def _residual_order(field: str) -> tuple[int, str]:
    """Pressure first, then the velocity components, then the other fields by name."""
    first = ("p", "p_rgh", "Ux", "Uy", "Uz")
    return (first.index(field), field) if field in first else (len(first), field)


def _time_cell(v: VariantResult) -> str:
    if v.time_reached is None:
        return "-"
    if v.converged:
        return f"{v.time_reached:g} (converged)"
    return f"{v.time_reached:g}/{v.end_time:g}" if v.end_time is not None else f"{v.time_reached:g}"


def csv_rows(result: SweepResult) -> list[dict[str, object]]:
    """One row per variant: name, each parameter, status, score, worker, seconds, time
    reached, Courant max, then every quantity of interest (blank where a variant has none)."""
    names = [p.name for p in result.params]
    qois = sorted({k for v in result.variants for k in v.qoi})
    rows = []
    for v in result.variants:
        row: dict[str, object] = {"name": v.name, **{n: v.params.get(n, "") for n in names}, "status": v.status,
                                  "score": v.score, "acceptance": v.acceptance, "reviewed": v.reviewed, "np": v.np, "worker": v.worker,
                                  "seconds": v.seconds, "time_reached": v.time_reached, "courant_max": v.courant_max}
        row.update({q: v.qoi.get(q) for q in qois})
        rows.append({k: ("" if val is None else val) for k, val in row.items()})
    return rows


def write_csv(result: SweepResult, path: Path) -> Path:
    rows = csv_rows(result)
    columns = list(rows[0]) if rows else ["name"]
    with open(path, "w", newline="") as out:
        writer = csv.DictWriter(out, fieldnames=columns)
        writer.writeheader()
        writer.writerows(rows)
    return path


def _number(text: str) -> float | None:
    try:
        value = float(text)
    except ValueError:
        return None
    return value if math.isfinite(value) else None


def plot_series(variants: Sequence[VariantResult], qoi: str, param: str) -> dict[str, list[tuple[float, float]]]:
    """(parameter value, quantity) points of the variants that have both, one series per
    combination of the other parameters; empty when the parameter is not numeric."""
    series: dict[str, list[tuple[float, float]]] = {}
    for v in variants:
        x, y = _number(v.params.get(param, "")), v.qoi.get(qoi)
        if x is None or y is None:
            continue
        label = ", ".join(f"{k}={val}" for k, val in v.params.items() if k != param) or qoi
        series.setdefault(label, []).append((x, y))
    return {label: sorted(points) for label, points in series.items()}


def write_plots(result: SweepResult, folder: Path) -> list[Path]:
    """plots/<qoi>_vs_<param>.png for each quantity of interest and numeric parameter."""
    qois = sorted({k for v in result.variants for k in v.qoi})
    jobs = [(q, p.name) for q in qois for p in result.params]
    written: list[Path] = []
    for qoi, param in jobs:
        series = plot_series(result.variants, qoi, param)
        if not series or len(written) >= MAX_PLOTS:
            continue
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        folder.mkdir(parents=True, exist_ok=True)
        fig, ax = plt.subplots(figsize=(6, 4), dpi=100)
        for label, points in list(series.items())[:MAX_SERIES]:
            ax.plot([x for x, _ in points], [y for _, y in points], marker="o", linewidth=1, label=label)
        ax.set_xlabel(param)
        ax.set_ylabel(qoi)
        ax.set_title(f"{qoi} against {param}")
        ax.grid(True, alpha=0.3)
        if len(series) > 1:
            ax.legend(fontsize=7)
        fig.subplots_adjust(left=0.16, right=0.97, top=0.9, bottom=0.14)
        path = folder / f"{_UNSAFE.sub('-', qoi)}_vs_{_UNSAFE.sub('-', param)}.png"
        fig.savefig(path)
        plt.close(fig)
        written.append(path)
    return written
