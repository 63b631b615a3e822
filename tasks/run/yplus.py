"""y+ on the walls of a finished RAS run, and what it says about the wall treatment.

After a RAS case completes, `<solver> -postProcess -func yPlus -latestTime` writes the yPlus
field and prints one line per wall patch ("patch lowerWall y+ : min = ..., max = ...,
average = ..."). The values are checked against the y+ ranges of the wall treatment each patch
uses (canonical/turbulence_models.md, "Wall treatment and y+ ranges"), conservatively: only a
patch whose *average* is outside what its nut wall function is built for is flagged.
"""

from __future__ import annotations

import re
from pathlib import Path

from tasks.core.errors import PlanError
from tasks.foam import dictionary as fd
from tasks.foam.physics import model_spec
from tasks.run.report import RunReport, WallYPlus
from tasks.run.runner import Step, StepResult

LOG_NAME = "log.yPlus"
_LINE = re.compile(r"patch (\S+) y\+ : min = (\S+), max = (\S+), average = (\S+)")
LOG_LAW = frozenset({"nutkWallFunction", "nutUWallFunction", "nutkRoughWallFunction"})


def yplus_step(application: str) -> Step:
    return Step(command=application, args=["-postProcess", "-func", "yPlus", "-latestTime"], log_name=LOG_NAME)


def is_ras(case: Path) -> bool:
    path = case / "constant/turbulenceProperties"
    return path.is_file() and (fd.get(path.read_text(), ["simulationType"]) or "").strip() == "RAS"


def parse_yplus(log_text: str) -> dict[str, tuple[float, float, float]]:
    """patch -> (min, max, average), the last line printed for each patch."""
    found: dict[str, tuple[float, float, float]] = {}
    for m in _LINE.finditer(log_text):
        try:
            found[m[1]] = (float(m[2]), float(m[3]), float(m[4]))
        except ValueError:
            continue
    return found


def nut_wall_types(case: Path, patches: list[str]) -> dict[str, str | None]:
    """The nut boundary type of each patch (0/nut), None when there is no 0/nut or entry."""
    path = case / "0/nut"
    text = path.read_text() if path.is_file() else ""
    return {p: fd.get(text, ["boundaryField", p, "type"]) if text else None for p in patches}


def wall_yplus(case: Path, log_text: str) -> list[WallYPlus]:
    values = parse_yplus(log_text)
    types = nut_wall_types(case, list(values))
    return [WallYPlus(patch=p, min=lo, max=hi, average=avg, nut_bc=types[p]) for p, (lo, hi, avg) in values.items()]


def yplus_assessment(walls: list[WallYPlus], epsilon_model: bool) -> list[tuple[str, str]]:
    """(severity, note) per wall patch: its y+ against the range its nut wall function is built
    for, whatever the turbulence model. Log-law wall functions (nutkWallFunction, ...) need the
    first cell centre in the log layer (y+ 30-300); a wall whose average is below 30 (the buffer
    layer or the viscous sublayer, or mixed) should use a y+-insensitive function
    (nutUSpaldingWallFunction) or a resolved treatment; nutLowReWallFunction needs y+ about 1;
    Spalding's law covers 1-300."""
    out: list[tuple[str, str]] = []
    for w in walls:
        avg, where = w.average, f"{w.patch} (average y+ {w.average:.3g}, min {w.min:.3g}, max {w.max:.3g}, {w.nut_bc})"
        if w.nut_bc in LOG_LAW and avg > 300:
            out.append(("warn", f"y+ too high for log-law wall functions on {where}: aim for 30-300, refine near the wall"))
        elif w.nut_bc in LOG_LAW and avg < 30:
            layer = "below the log layer" if avg < 11 else "in the buffer layer"
            model = "k-epsilon wall functions assume 30-300" if epsilon_model else "a log-law nut wall function assumes 30-300"
            out.append(("warn", (f"y+ {layer} on {where}: {model}; use nutUSpaldingWallFunction "
                                 f"(y+-insensitive) or coarsen the first cell")))
        elif w.nut_bc == "nutLowReWallFunction" and avg > 5:
            out.append(("warn", f"y+ too high for a resolved wall on {where}: nutLowReWallFunction needs y+ about 1"))
        elif w.nut_bc == "nutUSpaldingWallFunction" and avg > 300:
            out.append(("warn", f"y+ too high on {where}: Spalding's law covers 1-300"))
        else:
            out.append(("ok", f"{w.patch}: y+ {avg:.3g} suits {w.nut_bc}"))
    return out


def yplus_warnings(walls: list[WallYPlus], epsilon_model: bool) -> list[str]:
    """The notes of the walls whose y+ does not suit their wall function (yplus_assessment)."""
    return [note for severity, note in yplus_assessment(walls, epsilon_model) if severity != "ok"]


def _epsilon_model(case: Path) -> bool:
    text = (case / "constant/turbulenceProperties").read_text()
    model = (fd.get(text, ["RAS", "RASModel"]) or fd.get(text, ["RAS", "model"]) or "").strip()
    try:
        return "epsilon" in model_spec(model).solved
    except PlanError:  # a model the tables do not know: no k-epsilon specific advice
        return False


def with_wall_yplus(report: RunReport, case: Path, check: StepResult) -> RunReport:
    """The report with y+ per wall patch and the warnings it calls for (a failed y+ step is a
    warning too: the run itself completed)."""
    if check.status != "ok":
        note = f"y+ was not computed ({check.command} -postProcess -func yPlus {check.status}; see {LOG_NAME})"
        return report.model_copy(update={"warnings": [*report.warnings, note]})
    walls = wall_yplus(case, Path(check.log_path).read_text(errors="replace"))
    notes = yplus_warnings(walls, _epsilon_model(case))
    return report.model_copy(update={"y_plus": walls, "warnings": [*report.warnings, *notes]})


def case_yplus_assessment(report: RunReport, case: Path) -> list[tuple[str, str]]:
    """yplus_assessment of a report's walls (empty when y+ was not computed)."""
    if not report.y_plus or not (case / "constant/turbulenceProperties").is_file():
        return []
    return yplus_assessment(report.y_plus, _epsilon_model(case))
