"""A case built on a generated shape starts at the time directory it writes (0), whatever time its solver
template starts from (a mapped or clipped tutorial starts at 0.5 or from the latest time)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tasks.edit.parametric import TEMPLATES, plan_parametric
from tasks.edit.parametric_template import start_from_zero
from tasks.foam import dictionary as fd
from tasks.foam.files import find_file, read_bytes
from tasks.geometry.text import parse_geometry
from tasks.plan.request import build_context
from tasks.plan.stated import read_stated

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
_LATER = [("startTime", "0.5"), ("latestTime", "0"), ("latestTime", "0.5"), ("firstTime", "2")]


@pytest.mark.parametrize("start_from, start_time", _LATER)
def test_start_from_zero(start_from: str, start_time: str) -> None:
    text = f"application icoFoam;\nstartFrom {start_from};\nstartTime {start_time};\nendTime 1;\n"
    out = start_from_zero(text)
    assert fd.get(out, ["startFrom"]) == "startTime"
    assert float(fd.get(out, ["startTime"]) or "nan") == 0.0
    assert fd.get(out, ["endTime"]) == "1"


def _template_starting_late(root: Path, solver: str, start_from: str, start_time: str) -> Path:
    """A tutorials tree holding `solver`'s template with its controlDict starting at `start_time`."""
    src, dst = TUTORIALS / TEMPLATES[solver], root / TEMPLATES[solver]
    shutil.copytree(src, dst)
    control = find_file(dst / "system", "controlDict")
    assert control is not None
    text = read_bytes(control).decode()
    text = fd.set_entry(fd.set_entry(text, ["startFrom"], start_from), ["startTime"], start_time)
    control.unlink()
    (dst / "system/controlDict").write_text(text)
    return root


@pytest.mark.skipif(not TUTORIALS.is_dir(), reason="the OpenFOAM tutorials are not installed")
@pytest.mark.parametrize("request_text", [
    "Lid-driven cavity 0.1 m x 0.1 m, icoFoam, lid 1 m/s, nu 0.01, 20x20 cells, run to 0.5 s",
    "2D channel 1 m long and 0.1 m high, icoFoam, inlet 0.1 m/s, nu 1e-3, endTime 2 s",
])
@pytest.mark.parametrize("start_from, start_time", _LATER[:2])
def test_generated_case_starts_at_zero(tmp_path: Path, request_text: str, start_from: str, start_time: str) -> None:
    tutorials = _template_starting_late(tmp_path / "tutorials", "icoFoam", start_from, start_time)
    ctx = build_context(request_text, tutorials)
    spec = parse_geometry(ctx.text)
    assert spec is not None
    manifest = plan_parametric(ctx, spec, read_stated(ctx.text))
    control = (Path(manifest.base_tutorial) / "system/controlDict").read_text()
    assert fd.get(control, ["startFrom"]) == "startTime"
    assert float(fd.get(control, ["startTime"]) or "nan") == 0.0
    assert (Path(manifest.base_tutorial) / "0/U").is_file()
