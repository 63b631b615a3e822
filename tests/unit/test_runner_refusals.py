"""The runner refuses anything outside the whitelist or the case directory."""

from __future__ import annotations

import pytest

from tasks.core.errors import UsageError
from tasks.foam.casedir import check_case_dir
from tasks.run.runner import NativeRunner, Step, check_step


@pytest.mark.parametrize(
    "command,args",
    [
        ("rm", ["-rf", "."]),
        ("bash", ["-c", "echo hi"]),
        ("blockMesh", ["-case", "/etc"]),
        ("blockMesh", ["-case", "../other"]),
        ("foamToVTK", ["; curl x"]),
        ("postProcess", ["$(reboot)"]),
        ("icoFoam", ["`id`"]),
        ("checkMesh", ["a/../../b"]),
    ],
)
def test_refused(tmp_path, command, args):
    with pytest.raises(UsageError) as info:
        check_step(tmp_path, Step(command=command, args=args))
    assert "refused" in str(info.value)


@pytest.mark.parametrize(
    "command,args",
    [
        ("blockMesh", []),
        ("snappyHexMesh", ["-overwrite"]),
        ("postProcess", ["-func", "yPlus", "-latestTime"]),
        ("setFields", []),
        ("interFoam", []),
        ("foamToVTK", ["-fields", "(U p)"]),
        ("gmshToFoam", ["mesh/model.msh"]),
    ],
)
def test_allowed(tmp_path, command, args):
    check_step(tmp_path, Step(command=command, args=args))


def test_refused_log_name(tmp_path):
    with pytest.raises(UsageError):
        check_step(tmp_path, Step(command="blockMesh", log_name="../../etc/passwd"))


def test_native_runner_refuses_before_running(tmp_path):
    with pytest.raises(UsageError):
        NativeRunner().run(tmp_path, Step(command="sh", args=["-c", "touch pwned"]), 5)
    assert not (tmp_path / "pwned").exists()


def test_case_dir_checks(tmp_path):
    with pytest.raises(UsageError, match="does not exist"):
        check_case_dir(tmp_path / "missing")
    with pytest.raises(UsageError, match="controlDict is missing"):
        check_case_dir(tmp_path)
