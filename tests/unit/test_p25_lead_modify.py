"""Lead fixes of session 25 on `modify`: a fluid named only to keep it changes nothing."""
from __future__ import annotations

import gzip
import shutil
from pathlib import Path

import pytest

from tasks.edit.modify import apply_changes, plan_changes, read_state
from tasks.foam import dictionary as fd

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")


def _changed(tmp_path: Path, tutorial: str, request: str) -> Path:
    source = TUTORIALS / tutorial
    if not source.is_dir():
        pytest.skip(f"tutorial not installed: {tutorial}")
    case = tmp_path / "case"
    shutil.copytree(source, case)
    for gz in case.rglob("*.gz"):
        gz.with_suffix("").write_bytes(gzip.decompress(gz.read_bytes()))
        gz.unlink()
    state = read_state(case)
    apply_changes(state, plan_changes(state, request))
    return case


@pytest.mark.parametrize("request_text, nu", [
    ("Lower the inlet to 4 m/s and run 30 iterations. Keep the air viscosity and the k-epsilon model.", "1.5e-05"),
    ("Inlet 4 m/s please; the air properties stay as they are.", "1.5e-05"),
    ("Use water instead of air and set the inlet to 4 m/s.", None),
])
def test_fluid_named_in_a_keep_sentence_is_kept(tmp_path, request_text, nu):
    case = _changed(tmp_path, "incompressible/simpleFoam/squareBend", request_text)
    written = fd.get((case / "constant/transportProperties").read_text(), ["nu"]).split()[-1]
    if nu is None:
        assert float(written) < 1.2e-6  # water's nu replaced the air's: a change asked for still lands
    else:
        assert written == nu
    assert "(4 0 0)" in " ".join(fd.get((case / "0/U").read_text(), ["boundaryField", "inlet", "value"]).split())
