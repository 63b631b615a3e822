"""Expand a tutorial's m4 mesh template (sloshingTank2D, mixerVessel2D, angledDuct) into the
blockMeshDict text its scripts write, for reading the geometry before the case exists."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from tasks.foam.files import find_file, read_text


def expand_template(template: Path, cwd: Path) -> str | None:
    """The template's m4 output when it expands to a blockMeshDict (has `blocks`); None when m4
    is missing, fails, or the output is not a block mesh. Runs m4 on the text only (no shell)."""
    found = find_file(template.parent, template.name)  # the installed tutorials gzip some
    if shutil.which("m4") is None or found is None:
        return None
    out = subprocess.run(["m4"], input=read_text(found), check=False, capture_output=True, text=True,
                         cwd=cwd, timeout=60)
    return out.stdout if out.returncode == 0 and "blocks" in out.stdout else None
