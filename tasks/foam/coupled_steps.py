"""The initial fields as a tutorial's mesh steps see them.

A tutorial that keeps its fields in 0.orig/ and restores them (`restore0Dir`) only after some
mesh steps (oscillatingInletACMI2D: blockMesh, topoSet, createBaffles, then restore0Dir) runs
those steps with no 0/ at all. Its 0.orig fields name the patches of the finished mesh
(ACMI1_couple, ACMI1_blockage, ...), not the blockMeshDict's (couple1, couple2) that
createBaffles, createPatch, mergeOrSplitBaffles or subsetMesh read fields on: a 0/ left in
place (written with the case, or kept from an earlier run) makes such a step abort with
"Cannot find patchField entry for couple1". So the steps before the marker run as the
tutorial's do: on a case without 0/ (moved to a backup, then restored from 0.orig at the marker).
"""

from __future__ import annotations

import shutil
import time
from collections.abc import Sequence
from pathlib import Path

from tasks.foam.commands import RESTORE_FIELDS


def steps_before_restore(commands: Sequence[str]) -> list[str]:
    """The commands a sequence runs before its restore marker (none when it has no marker:
    then the fields are restored before the first step)."""
    names = list(commands)
    return names[: names.index(RESTORE_FIELDS)] if RESTORE_FIELDS in names else []


def clear_fields_before_restore(case: Path, commands: Sequence[str]) -> list[str]:
    """Move 0/ aside (to .casewright/backup/<timestamp>-premesh/0) when the case keeps its fields
    in 0.orig/ and its sequence runs steps before restoring them, so those steps see the case as
    the tutorial's own script leaves it. Returns the folders moved (["0"] or [])."""
    zero = case / "0"
    if not (case / "0.orig").is_dir() or not zero.is_dir() or not steps_before_restore(commands):
        return []
    backup = case / ".casewright" / "backup" / f"{time.strftime('%Y%m%dT%H%M%S')}-premesh"
    backup.mkdir(parents=True, exist_ok=True)
    shutil.move(str(zero), str(backup / "0"))
    return ["0"]
