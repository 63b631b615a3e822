"""The installed tutorials as a reference: for each solver, which of its tutorials hold which
file, and the one nearest a case (same files, fields, patches and turbulence model).

Read once per process (about 400 controlDicts); every other read is one tutorial file,
gzip-transparent. `CASEWRIGHT_TUTORIALS_DIR` points elsewhere (tests, other installs).
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from tasks.foam import dictionary as fd
from tasks.foam.files import find_file, read_text
from tasks.foam.physics import tutorial_index, tutorial_root
from tasks.review.case import CaseView

__all__ = ["Tutorial", "body_lines", "installed_applications", "nearest_with", "ranked", "tutorial_root",
           "tutorials_for"]


@dataclass(frozen=True)
class Tutorial:
    """One installed tutorial case: `rel` is its path under the tutorial root."""

    rel: str
    path: Path
    application: str

    def text(self, rel: str) -> str | None:
        """A file of the tutorial (`0/U` also found as `0/U.gz`, `0.orig/U`, `0/U.orig`)."""
        top, _, name = rel.partition("/")
        candidates = [rel]
        if top in ("0", "0.orig") and "/" not in name:
            base = name.removesuffix(".orig")
            candidates = [f"0/{base}", f"0.orig/{base}", f"0/{base}.orig"]
        for cand in candidates:
            parent, _, leaf = cand.rpartition("/")
            found = find_file(self.path / parent, leaf)
            if found is not None:
                try:
                    return read_text(found)
                except OSError:
                    return None
        return None

    def files(self) -> set[str]:
        return _files(self.path)


@lru_cache(maxsize=1024)
def _files(path: Path) -> set[str]:
    out: set[str] = set()
    for sub in ("system", "constant", "0", "0.orig"):
        base = path / sub
        if not base.is_dir():
            continue
        for p in base.iterdir():
            if p.is_file():
                name = p.name.removesuffix(".gz").removesuffix(".orig")
                out.add(f"{'0' if sub.startswith('0') else sub}/{name}")
    return out


@lru_cache(maxsize=4)
def _index(root: str) -> dict[str, tuple[Tutorial, ...]]:
    """The foam layer's tutorial index (tasks.foam.physics), as Tutorial records."""
    base = Path(root)
    return {app: tuple(Tutorial(case.relative_to(base).as_posix(), case, app) for case in cases)
            for app, cases in tutorial_index(root).items()}


def tutorials_for(application: str) -> tuple[Tutorial, ...]:
    return _index(str(tutorial_root())).get(application, ())


def installed_applications() -> set[str]:
    return set(_index(str(tutorial_root())))


def _similarity(view: CaseView, tut: Tutorial) -> float:
    mine = {("0/" + f) for f in view.field_names()} | {p for p in view.texts if p.startswith(("system/", "constant/"))
                                                        and p.count("/") == 1}
    theirs = tut.files()
    score = len(mine & theirs) / max(1, len(mine | theirs))
    boundary = tut.text("constant/polyMesh/boundary") or ""
    bmd = tut.text("system/blockMeshDict") or boundary
    patches = set(view.patches())
    if patches:
        found = {p for p in patches if re.search(rf"(?m)^\s*{re.escape(p)}\s*$", bmd)}
        score += 0.5 * len(found) / len(patches)
    model = view.turbulence()[1]
    tturb = tut.text("constant/turbulenceProperties") or ""
    if model and re.search(rf"\b{re.escape(model)}\b", tturb):
        score += 0.25
    return score


def ranked(view: CaseView, application: str | None = None) -> list[Tutorial]:
    """The solver's tutorials, nearest first."""
    tuts = tutorials_for(application or view.application)
    return sorted(tuts, key=lambda t: (-_similarity(view, t), t.rel))


def nearest_with(view: CaseView, rel: str, path: list[str] | None = None,
                 application: str | None = None) -> tuple[Tutorial, str] | None:
    """The nearest tutorial of the case's solver whose file `rel` exists (and holds `path`,
    looked up with regex keys); returns it with the file's text."""
    for tut in ranked(view, application):
        text = tut.text(rel)
        if text is None:
            continue
        if path is not None and fd.find(text, path, regex=True) is None:
            continue
        return tut, text
    return None


def body_lines(text: str, node: fd.Entry) -> list[str]:
    """The lines of a sub-dictionary's body, dedented (nested blocks keep their indentation)."""
    body = textwrap.dedent(text[node.body_start:node.body_end].strip("\n"))
    return [ln.rstrip() for ln in body.splitlines() if ln.strip()]
