"""'Back to the tutorial value': a role set back to what the case's base tutorial holds.

A clause that names a role and the case's origin ("lid back to default", "inlet speed? same as
in the stock example", "return the viscosity to the original tutorial value") carries no
number: the number is the tutorial's. The role is bound to its dictionary entry by the
ordinary planner (a probe value in each unit of the usual dimensions: the entry whose new
value carries the probe number is the role's), and the tutorial's text of that entry is the
new value. The clause leaves the request, so the rest is planned as usual."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

from tasks.core.config import get_settings
from tasks.core.errors import RequestError
from tasks.edit.modify_models import CaseState, ChangePlan
from tasks.foam import dictionary as fd
from tasks.foam.files import read_text
from tasks.plan.manifest import FileEdit

# the case's origin: "tutorial", "default", "original", "stock example", "baseline", "as shipped"
_ORIGIN = re.compile(r"\b(?:tutorials?|defaults?|original|stock|baseline|shipped|factory|upstream|example)\b", re.I)
# the words that ask for it: "back to", "return/reset/restore/revert", "same as", "as in", "like the"
_ASK = re.compile(r"\b(?:back|return\w*|reset\w*|restor\w*|revert\w*|undo|same|as\s+in|as\s+(?:per|for|on)|like|"
                  r"what|match\w*|usual)\b|(?:^|[:=])\s*(?:the\s+)?(?:tutorial|default|original|stock)\b", re.I)
# words of the clause that are not the role
_NOT_ROLE = re.compile(
    r"\b(?:back|to|the|a|an|its|it|their|value|values|setting|settings|one|original|tutorials?|defaults?|stock|"
    r"baseline|shipped|factory|upstream|example|examples|as|in|on|per|for|of|same|return\w*|reset\w*|restor\w*|"
    r"revert\w*|undo|put|set|make|please|pls|like|uses?|used|had|has|have|case|currently|does|did|was|is|be|"
    r"which|that|what|usual|match\w*|again|could|can|you|we|our|ones?|value's|there|from|with|just|also|and|"
    r"go|goes|bring|take|ok|okay|thanks)\b|[()\[\]?!:=\-–—]|\b\d+\b", re.I)
# a probe number no request holds, and one unit per dimension a role may have
_PROBE = 7.3519
_UNITS = ("m/s", "m2/s", "K", "Pa", "s", "1/m2", "kg/m3", "rpm", "1/s")

_MESH = re.compile(r"\b(?:mesh|grid|cells?|resolution|cell\s+counts?)\b", re.I)

Planner = Callable[[CaseState, str], ChangePlan]


def revert_clauses(text: str) -> tuple[str, list[str]]:
    """The request without its back-to-the-tutorial clauses, and those clauses' role words.
    A clause is a line, a sentence, or a part between ';', ',' and 'and'; a clause with no role
    of its own ("Same as in the stock example.") takes the role of the clause before it."""
    pieces = re.split(r"(\n|[;,]\s*|(?<=[.?!])\s+|\s+and\s+)", text)
    kept: list[str] = []
    roles: list[str] = []
    for i in range(0, len(pieces), 2):
        clause, sep = pieces[i], pieces[i + 1] if i + 1 < len(pieces) else ""
        if _ORIGIN.search(clause) and _ASK.search(clause):
            role = _role_words(clause)
            if not role and kept:  # "Inlet speed? Same as in the stock example": the role asked before
                role = _role_words(kept.pop())
                kept.append(sep if kept else "")
            if role:
                roles.append(role)
                kept.append(sep)
                continue
        kept.append(clause + sep)
    rest = "".join(kept)
    return (rest if roles else text), roles


def _role_words(clause: str) -> str:
    return re.sub(r"\s+", " ", _NOT_ROLE.sub(" ", re.sub(r"\b[A-Za-z]{4,}\d\w*\b", " ", clause))).strip(" .,;")


def tutorial_dir(case_dir: Path) -> tuple[Path | None, str]:
    """The installed tutorial the case was made from (its manifest's base_tutorial) and its name."""
    manifest = case_dir / ".casewright/manifest.json"
    name = json.loads(manifest.read_text()).get("base_tutorial") if manifest.is_file() else None
    if not name:
        return None, ""
    root = get_settings().tutorials_dir / name
    return (root if root.is_dir() else None), name


def tutorial_entry(root: Path, file: str, entry: list[str]) -> str | None:
    """The tutorial's text of one entry of a case file (the file may be .gz, its fields in 0.orig)."""
    names = [file]
    if file.startswith("0/"):
        names.append("0.orig/" + file[2:])
    elif file.startswith("0.orig/"):
        names.append("0/" + file[7:])
    for name in names:
        for path in (root / name, root / (name + ".gz")):
            if path.is_file():
                return fd.get(read_text(path), entry)
    return None


def revert_edits(plan_text: Planner, state: CaseState, roles: list[str]) -> tuple[list[FileEdit], list[str]]:
    """Edits that set each role back to the tutorial's value, and a warning for each role that
    could not be (no tutorial recorded, no entry found for the role, the tutorial lacks it)."""
    root, name = tutorial_dir(state.case_dir)
    edits: list[FileEdit] = []
    warnings: list[str] = []
    for role in roles:
        if root is None:
            warnings.append(f"not applied: {role} back to the tutorial value (the case records no base tutorial: "
                            "state the value, e.g. 'inlet 10 m/s')")
            continue
        found = _role_entries(plan_text, state, role)
        values = [(f, e, v) for f, e in found if (v := tutorial_entry(root, f, e)) is not None]
        if not values:
            why = f"found no entry of {name} for it" if found else "found no entry the role names"
            warnings.append(f"not applied: {role} back to the tutorial value ({why}: state the value)")
            continue
        edits += [FileEdit(file=f, entry=e, value=v, reason=f"{role} back to the value of {name}", locked=True)
                  for f, e, v in values]
    return edits, warnings


def _role_entries(plan_text: Planner, state: CaseState, role: str) -> list[tuple[str, list[str]]]:
    """The (file, entry) pairs a role's value goes to. A probe value in each unit is planned; of
    the units whose value lands, the one whose edits' reasons and entries share most words with
    the role wins ("viscosity" lands on the lid in m/s, as "kinematic viscosity" in m2/s), the
    first unit on a tie."""
    if _MESH.search(role) and (state.case_dir / "system/blockMeshDict").is_file():
        return [("system/blockMeshDict", ["blocks"])]  # "grid back to the tutorial's resolution": its blocks
    number = re.compile(rf"(?<![\d.]){re.escape(str(_PROBE))}(?![\d])")
    words = _words(role)
    best: tuple[int, list[tuple[str, list[str]]]] = (-1, [])
    for unit in _UNITS:
        try:
            plan = plan_text(state, f"{role} {_PROBE} {unit}")
        except RequestError:
            continue
        landed = [e for e in plan.edits if isinstance(e.value, str) and number.search(e.value)]
        if not landed:
            continue
        shared = max(len(words & _words(" ".join([e.reason, e.file, *e.entry]))) for e in landed)
        if shared > best[0]:
            best = (shared, [(e.file, list(e.entry)) for e in landed])
    return best[1]


def _words(text: str) -> set[str]:
    """Lower-case words of a text, camelCase split ("movingWall" -> moving, wall), 3 letters or more."""
    split = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", text).lower()
    return {w for w in re.findall(r"[a-z]{3,}", split)} - {"the", "and", "value", "back", "with"}
