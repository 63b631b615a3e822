"""Expand a tutorial's m4 mesh template (sloshingTank2D, mixerVessel2D, angledDuct) into the
blockMeshDict text its scripts write, for reading the geometry before the case exists; read and
change the template's own parameters (`define(b, 40)  // Breadth of tank`)."""

from __future__ import annotations

import re
import shutil
import subprocess
from functools import lru_cache
from pathlib import Path

from tasks.foam.files import find_file, read_text


def expand_template(template: Path, cwd: Path) -> str | None:
    """The template's m4 output when it expands to a blockMeshDict (has `blocks`); None when m4
    is missing, fails, or the output is not a block mesh. Runs m4 on the text only (no shell)."""
    found = find_file(template.parent, template.name)  # the installed tutorials gzip some
    return expand_m4_text(read_text(found), cwd) if found is not None else None


def expand_m4_text(text: str, cwd: Path) -> str | None:
    """`expand_template` of a template's text (a changed copy of it). A text that includes no
    other file expands the same wherever it runs: its expansion is kept (the planner expands the
    same tutorial template for many requests), keyed on the text and folder."""
    if "include(" in text:  # reads files of cwd, which may have changed since
        return _run_m4(text, str(cwd))
    return _run_m4_cached(text, str(cwd))


def _run_m4(text: str, cwd: str) -> str | None:
    """m4 on the text in cwd; its output when it is a block mesh, else None."""
    if shutil.which("m4") is None:
        return None
    out = subprocess.run(["m4"], input=text, check=False, capture_output=True, text=True, cwd=cwd, timeout=60)
    return out.stdout if out.returncode == 0 and "blocks" in out.stdout else None


_run_m4_cached = lru_cache(maxsize=256)(_run_m4)


# `define(name, 40)   // Breadth of tank (y-direction)`: a parameter whose value is a plain number
_DEFINE = re.compile(r"(?m)^[ \t]*define\(\s*([A-Za-z_]\w*)\s*,\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*\)"
                     r"[ \t]*(?:dnl>?)?[ \t]*(?://[ \t]*(.*))?$")


def numeric_defines(template_text: str) -> list[tuple[str, float, str]]:
    """(name, value, comment) of every `define(name, number)` of an m4 template, in order; the
    comment is the one after it on its line or on the line above ('' when none)."""
    out: list[tuple[str, float, str]] = []
    lines = template_text.splitlines()
    for m in _DEFINE.finditer(template_text):
        comment = (m[3] or "").strip()
        if not comment:
            line = template_text.count("\n", 0, m.start())
            above = lines[line - 1].strip() if line > 0 else ""
            comment = above[2:].strip() if above.startswith("//") else ""
        out.append((m[1], float(m[2]), comment))
    return out


def set_define(template_text: str, name: str, value: str) -> str:
    """The template with the value of `define(name, ...)` (a plain number) replaced by `value`."""
    pattern = re.compile(rf"(?m)^([ \t]*define\(\s*{re.escape(name)}\s*,\s*)[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
                         r"(\s*\))")
    new, count = pattern.subn(lambda m: f"{m[1]}{value}{m[2]}", template_text, count=1)
    if count == 0:
        raise ValueError(f"the m4 template has no define({name}, <number>)")
    return new
