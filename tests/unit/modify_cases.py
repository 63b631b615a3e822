"""Helpers of the modify tests: a tutorial copied into a temporary case, a change planned and
applied on it, and an entry read back (from 0/, 0.orig/ or the .orig copy it lives in)."""

from __future__ import annotations

from pathlib import Path

from tasks.edit.modify import apply_changes, plan_changes, read_state
from tasks.foam import dictionary as fd
from tests.conftest import TUTORIALS, copy_tutorial


def tutorial_case(tmp_path: Path, tutorial: str) -> Path:
    return copy_tutorial(TUTORIALS / tutorial, tmp_path / "case")


def modify_case(case: Path, text: str):
    state = read_state(case)
    plan = plan_changes(state, text)
    apply_changes(state, plan)
    return plan


def entry_of(case: Path, rel: str, *entry: str) -> str:
    copies = (rel, rel.replace("0/", "0.orig/", 1), f"{rel}.orig")
    found = next((case / r for r in copies if (case / r).is_file()), case / rel)
    return " ".join((fd.get(found.read_text(), list(entry)) or "").split())
