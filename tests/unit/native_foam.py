"""Helper of the geometry tests that mesh natively: one OpenFOAM utility run on a case, its output
returned, its failure shown with the end of its log."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path


def run_foam(case: Path, command: str) -> str:
    """Run `command -case case` with the installed OpenFOAM; the stdout, or an assertion error with the log's end."""
    env = {**os.environ, "WM_PROJECT_DIR": os.environ.get("WM_PROJECT_DIR", "/usr/share/openfoam")}
    run = subprocess.run([command, "-case", str(case)], capture_output=True, text=True, env=env, timeout=300)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    return run.stdout
