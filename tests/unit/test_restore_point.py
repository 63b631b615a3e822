"""Initial fields are restored (0.orig -> 0) where the tutorial's script restores them: after the
mesh steps that would otherwise map or subset them (snappyHexMesh, createBaffles, subsetMesh...),
before the field steps; first of all when the sequence does not say."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tasks.foam.commands import RESTORE_FIELDS
from tasks.knowledge.casebase import read_run_sequence

CAVITY = Path("/usr/share/doc/openfoam-examples/examples/incompressible/icoFoam/cavity/cavity")
HEAD = '#!/bin/sh\ncd "${0%/*}" || exit\n. ${WM_PROJECT_DIR:?}/bin/tools/RunFunctions\n'


@pytest.mark.parametrize(("script", "apps"), [
    ("runApplication blockMesh\nrunApplication snappyHexMesh -overwrite\nrestore0Dir\nrunApplication setFields\n"
     "runApplication $(getApplication)\n",
     ["blockMesh", "snappyHexMesh", RESTORE_FIELDS, "setFields", "interFoam"]),
    ("restore0Dir\nrunApplication blockMesh\nrunApplication $(getApplication)\n",
     [RESTORE_FIELDS, "blockMesh", "interFoam"]),
])
def test_the_script_records_where_it_restores_the_fields(tmp_path: Path, script: str, apps: list[str]) -> None:
    (tmp_path / "Allrun").write_text(HEAD + script)
    assert [s.app for s in read_run_sequence(tmp_path, "interFoam")] == apps


class Recording:
    """The real native runner, noting whether 0/ existed when each step started."""

    name = "native"

    def __init__(self) -> None:
        from tasks.run.runner import NativeRunner

        self.inner, self.zero_at = NativeRunner(), {}

    def run(self, case_dir, step, timeout_s):
        self.zero_at[step.command] = (case_dir / "0").is_dir()
        return self.inner.run(case_dir, step, timeout_s)


@pytest.mark.skipif(shutil.which("blockMesh") is None or not CAVITY.is_dir(), reason="native OpenFOAM not installed")
@pytest.mark.parametrize(("declared", "zero_at_mesh"), [
    ([["blockMesh"], [RESTORE_FIELDS], ["icoFoam"]], False),
    ([["blockMesh"], ["icoFoam"]], True),
])
def test_the_run_restores_the_fields_at_the_recorded_point(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                           declared: list[list[str]], zero_at_mesh: bool) -> None:
    from flows import case_pipeline
    from tasks.core.config import get_settings
    from tasks.run.runner import BackendChoice

    case = tmp_path / "cavity"
    shutil.copytree(CAVITY, case)
    (case / "0").rename(case / "0.orig")
    (case / ".casewright").mkdir()
    (case / ".casewright" / "steps.json").write_text(json.dumps(declared))
    control = case / "system/controlDict"
    control.write_text(control.read_text().replace("endTime         0.5;", "endTime         0.01;"))
    recording = Recording()
    monkeypatch.setattr(case_pipeline, "select_runner",
                        lambda *a, **k: (recording, BackendChoice(backend="native", reason="test")))
    report = case_pipeline.execute_case(case, "native", get_settings())
    assert report.status == "completed"
    assert recording.zero_at == {"blockMesh": zero_at_mesh, "icoFoam": True}
    assert [s.command for s in report.steps] == ["blockMesh", "icoFoam"]
