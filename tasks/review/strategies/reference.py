"""Tutorial reference: a missing or invalid file, entry, sub-dictionary, scheme or matrix
solver is restored from the nearest installed tutorial of the same solver (which one is
named in the patch's source)."""

from __future__ import annotations

from tasks.foam import dictionary as fd
from tasks.review.case import CONSTRAINT_TYPES, CaseView
from tasks.review.edits import closest, edit_file, patch
from tasks.review.models import Patch, Problem
from tasks.review.strategies.tutorials import Tutorial, body_lines, installed_applications, ranked

_TIME_DIRS = ("0/", "0.orig/")
# what only the user knows: a tutorial's value would be a guess at the user's intent
USER_INTENT = {("system/controlDict", "endTime"), ("system/controlDict", "application")}


def _result(description: str, changes: dict[str, str], view: CaseView, tut: Tutorial, what: str) -> Patch | None:
    found = patch(description, changes, view)
    return found.model_copy(update={"strategy": "reference", "source": f"tutorial {tut.rel} ({what})"}) \
        if found else None


def _entry_text(text: str, node: fd.Entry) -> str | list[str]:
    if node.kind == "dict":
        return body_lines(text, node)
    return text[node.value_start:node.value_end].strip()


def _find_deep(text: str, key: str, prefix: list[str], depth: int = 3) -> list[str] | None:
    """The path of the first entry named `key` below `prefix` (at most `depth` levels)."""
    for name in fd.keys(text, prefix):
        node = fd.find(text, prefix + [name])
        if node is None:
            continue
        if fd.unquote(name) == key:
            return prefix + [name]
        if node.kind == "dict" and depth > 0:
            found = _find_deep(text, key, prefix + [name], depth - 1)
            if found:
                return found
    return None


def _field_rel(rel: str) -> str | None:
    top, _, name = rel.partition("/")
    return name.removesuffix(".orig") if f"{top}/" in _TIME_DIRS and "/" not in name else None


def restore_entry(problem: Problem, view: CaseView) -> Patch | None:
    """Entry 'K' not found in F.path: the entry (or its missing parent sub-dictionary) as the
    nearest tutorial of the solver has it."""
    if problem.kind != "missing_keyword" or not problem.file or not problem.keyword:
        return None
    rel, path, key = problem.file, list(problem.dict_path), problem.keyword
    if (rel, key) in USER_INTENT:
        return None
    mine = view.text(rel) if not _field_rel(rel) else view.field_text(_field_rel(rel) or "")
    if mine is None:
        return None
    for tut in ranked(view):
        theirs = tut.text(rel)
        if not theirs:
            continue
        node = fd.find(theirs, path + [key], regex=True)
        tpath = path + [node.key] if node is not None else None
        if tpath is None:
            # the key lives in a sub-dictionary the case lacks (CrossPowerLawCoeffs/nu0)
            deep = _find_deep(theirs, key, path)
            if deep is None:
                continue
            for i in range(len(path), len(deep)):
                if fd.find(mine, deep[: i + 1]) is None:
                    tpath = deep[: i + 1]
                    break
            if tpath is None:
                continue
            node = fd.find(theirs, tpath)
        if node is None or fd.find(mine, tpath) is not None and len(tpath) == len(path) + 1 and node.kind != "dict":
            continue
        value = _entry_text(theirs, node)
        if isinstance(value, str) and ("$" in value or value.startswith(("#", "nonuniform"))):
            continue  # a macro, or a list sized for the tutorial's mesh
        parent, name = tpath[:-1], tpath[-1]

        def add(text: str, parent: list[str] = parent, name: str = name, value: str | list[str] = value) -> str:
            if fd.find(text, parent + [name]) is not None:
                return fd.set_entry(text, parent + [name], value)
            return fd.insert_entry(text, parent, name, value)
        changes = edit_file(view, rel, add)
        where = "/".join(tpath)
        return _result(f"restored `{where}` in {rel} from the tutorial", changes, view, tut, f"{rel}: {where}")
    return None


def _adapt_field(view: CaseView, text: str, tut: Tutorial) -> str:
    """A tutorial field made to fit the case's patches: same-named patches kept, constraint
    patches get their type, others the tutorial's BC for the same patch type."""
    mesh = view.patches()
    if not mesh or fd.find(text, ["boundaryField"]) is None:
        return text
    tmesh_text = tut.text("constant/polyMesh/boundary") or tut.text("system/blockMeshDict") or ""
    theirs = {fd.unquote(k): k for k in fd.keys(text, ["boundaryField"])}
    entries: dict[str, list[str]] = {}
    for name, ptype in mesh.items():
        key = theirs.get(name)
        if ptype in CONSTRAINT_TYPES:
            entries[name] = [f"type            {ptype};"]
            continue
        if key is None:
            # a tutorial patch of the same role: wall for wall, else the first non-constraint one
            pick = next((k for n, k in theirs.items() if (ptype == "wall") == ("wall" in n.lower()
                         or f"{n}\n" in tmesh_text and "wall" in tmesh_text.split(n, 1)[1][:80])
                         and (fd.get(text, ["boundaryField", k, "type"]) or "").strip() not in CONSTRAINT_TYPES), None)
            key = pick
        if key is None:
            entries[name] = ["type            zeroGradient;"]
            continue
        node = fd.find(text, ["boundaryField", key])
        if node is None or node.kind != "dict":
            entries[name] = ["type            zeroGradient;"]
            continue
        entries[name] = [ln.strip() for ln in text[node.body_start:node.body_end].strip("\n").splitlines() if ln.strip()]
    node = fd.find(text, ["boundaryField"])
    if node is None or node.kind != "dict":
        return text
    body = "".join(fd.format_entry(n, v, "    ") for n, v in entries.items())
    return text[:node.body_start] + "\n" + body + text[node.body_end:]


def restore_file(problem: Problem, view: CaseView) -> Patch | None:
    """A missing case file: the nearest tutorial's, fields fitted to the case's patches."""
    if problem.kind != "missing_file" or not problem.file:
        return None
    rel = problem.file
    field = _field_rel(rel)
    if rel.split("/", 1)[0] not in ("system", "constant", "0", "0.orig"):
        return None
    for tut in ranked(view):
        text = tut.text(rel)
        if text is None:
            continue
        target = f"{view.field_dir()}/{field}" if field else rel
        if field:
            text = _adapt_field(view, text, tut)
        return _result(f"restored {target} from the tutorial", {target: text}, view, tut, rel)
    return None


def valid_value(problem: Problem, view: CaseView) -> Patch | None:
    """An unknown name with no near miss among OpenFOAM's valid list: the tutorial's value
    at the same place, when it is one of the valid choices."""
    if problem.kind not in ("unknown_type", "bad_enum") or not problem.file or not problem.value:
        return None
    spaced = [c for c in problem.valid_choices if c.endswith("::" + problem.value)]
    if len(spaced) == 1:  # alphatWallFunction -> compressible::alphatWallFunction
        changes = edit_file(view, problem.file, lambda t: fd.replace_word(t, [], problem.value or "",
                                                                           spaced[0]))
        found = patch(f"{problem.value} -> {spaced[0]} in {problem.file}", changes, view)
        return found.model_copy(update={"strategy": "reference", "source": "OpenFOAM's valid list (namespaced "
                                        "name)"}) if found else None
    if closest(problem.value, problem.valid_choices):
        return None  # a misspelling: the nearest valid word is the better repair
    mine = view.text(problem.file) or ""
    paths = [problem.dict_path + [k] for k in fd.keys(mine, problem.dict_path)
             if (fd.get(mine, problem.dict_path + [k]) or "").strip() == problem.value]
    for tut in ranked(view):
        theirs = tut.text(problem.file)
        if not theirs:
            continue
        for path in paths:
            value = (fd.get(theirs, path, regex=True) or "").strip()
            if value and value != problem.value and (not problem.valid_choices or value in problem.valid_choices):
                changes = edit_file(view, problem.file, lambda t, p=path, v=value: fd.set_entry(t, p, v))
                return _result(f"{'/'.join(path)} {problem.value} -> {value} in {problem.file}", changes, view, tut,
                               f"{problem.file}: {'/'.join(path)}")
    return None


def installed_solver(problem: Problem, view: CaseView) -> Patch | None:
    """`application icofoam;`: the installed solver it nearly names."""
    if problem.kind != "preflight":
        return None
    app = view.application
    apps = sorted(installed_applications())
    best = closest(app, apps, cutoff=0.8) if app else None
    text = view.text("system/controlDict")
    if not best or text is None:
        return None
    found = patch(f"application {app} -> {best} (installed solver)",
                  {"system/controlDict": fd.set_entry(text, ["application"], best)}, view)
    return found.model_copy(update={"strategy": "reference", "source": "installed tutorials' applications"}) \
        if found else None


def reference(problem: Problem, view: CaseView) -> Patch | None:
    for fn in (installed_solver, restore_file, restore_entry, valid_value):
        found = fn(problem, view)
        if found is not None:
            return found
    return None
