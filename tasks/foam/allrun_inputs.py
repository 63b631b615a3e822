"""Inputs a tutorial's Allrun brings in before it runs, made or copied the same way here.

Templates: a few tutorials ship `system/controlDict.template` or
`constant/turbulenceProperties.template` with placeholders (END_TIME, LAMINAR_MODEL) and write
the real file with `cp` and `sed "s|END_TIME|$endTime|g"`. Without the real file the case is not
a case (no controlDict, no solver to read). The file is made as the Allrun's first pass makes it:
each placeholder takes the value the script gives its variable first (a variable set from a list,
or a loop over one, takes the list's first word). A placeholder whose value cannot be told leaves
the file unmade: the tutorial is then not offered as a base.

Shared resources: snappyHexMesh tutorials copy their surface from the tutorials' own
`resources/geometry` (`cp $FOAM_TUTORIALS/resources/geometry/cyclone.stl.gz constant/triSurface`);
a copied case needs that file where the script puts it.

The case's own files under another name: a script may copy or link a file or folder of the case to
a name the case does not ship (`cp -r system/wallFilmRegion.orig system/wallFilmRegion`,
`(cd 0 && ln -snf "inlet.$model" inlet)`). The copied case gets the copy, made here in Python (a
link becomes a copy); no line of a script is ever run.
"""

from __future__ import annotations

import posixpath
import re
import shlex
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from tasks.foam.files import GZ

SUFFIX = ".template"
_SCRIPTS = ("Allrun", "Allrun.pre")
_SED = re.compile(r"""s([|/#,])([A-Z][A-Z0-9_]{2,})\1\$\{?(\w+)\}?\1""")
_ASSIGN = re.compile(r"""^\s*(\w+)=(?:"([^"]*)"|'([^']*)'|(\S*))""", re.M)
_LOOP = re.compile(r"""\bfor\s+(\w+)\s+in\s+\$\{?(\w+)\}?""")
_TUTORIALS_VAR = re.compile(r"""^\s*(\w+)=["']?\$\{?FOAM_TUTORIALS\}?(/[\w./-]*)["']?\s*$""", re.M)
_TUTORIAL_SRC = re.compile(r"\$FOAM_TUTORIALS/[\w./*-]+")
_SIBLING_SRC = re.compile(r"(?:\.\./){1,2}[\w*-][\w./*-]*")
_DEST = re.compile(r"[\w./-]+")
_REMOVE = re.compile(r"""^\s*\\?rm\s+(?:-\w+\s+)*([\w./ -]+?)\s*$""")


def _script_text(case_dir: Path) -> str:
    return "\n".join((case_dir / s).read_text(errors="replace") for s in _SCRIPTS if (case_dir / s).is_file())


class ScriptVariant(NamedTuple):
    """One way the Allrun runs the case: a shell function it calls with a word (`run resolved`,
    `run modelled`), that word, and the comment lines just above the call ("Run with the plenum
    modelled by a boundary condition")."""

    function: str
    argument: str
    comment: str


_FUNCTION_DEF = re.compile(r"^\s*(\w+)\s*\(\)\s*(\{)?\s*$")
_CALL = re.compile(r"^\s*(\w+)\s+[\"']?([A-Za-z][\w.-]*)[\"']?\s*$")


def _functions(lines: list[str]) -> dict[str, tuple[int, int]]:
    """name -> (first, last) line index of each shell function the script defines (`run()` and its
    braced body, the braces on their own lines or after the name); `${var}` is no brace."""
    found: dict[str, tuple[int, int]] = {}
    i = 0
    while i < len(lines):
        m = _FUNCTION_DEF.match(lines[i])
        if m is None:
            i += 1
            continue
        depth, j = 0, i
        opened = False
        while j < len(lines):
            plain = re.sub(r"\$\{[^}]*\}", "", lines[j].split("#")[0] if j > i else "{" * bool(m[2]))
            depth += plain.count("{") - plain.count("}")
            opened = opened or depth > 0
            if opened and depth <= 0:
                break
            j += 1
        found[m[1]] = (i, j)
        i = j + 1
    return found


def script_variants(case_dir: Path) -> list[ScriptVariant]:
    """The variants the Allrun runs the case in, in call order: the calls of one of its shell functions
    with two or more different literal words (`run resolved` / `run modelled`), else the words of a
    list it loops over to copy or link files (`_loop_variants`); [] when it has none.
    The first is the one a case made from the tutorial takes unless the request names another."""
    lines = _script_text(case_dir).splitlines()
    spans = _functions(lines)
    inside = {k for first, last in spans.values() for k in range(first, last + 1)}
    calls: dict[str, list[ScriptVariant]] = {}
    for k, line in enumerate(lines):
        m = _CALL.match(line)
        if k in inside or m is None or m[1] not in spans:
            continue
        above: list[str] = []
        for prev in reversed(lines[:k]):
            if not prev.lstrip().startswith("#") or prev.lstrip().startswith("#!"):
                break
            above.insert(0, prev.strip().lstrip("#").strip())
        calls.setdefault(m[1], []).append(ScriptVariant(m[1], m[2], " ".join(w for w in above if w.strip("-"))))
    many = [c for c in calls.values() if len({v.argument for v in c}) >= 2]
    return max(many, key=len) if many else _loop_variants("\n".join(lines_of_a_test_run(lines)))


def _loop_variants(script: str) -> list[ScriptVariant]:
    """The words of a literal list a loop runs the case over (`models="reducedDigitalFilter
    digitalFilter DFSEM"`, `for model in $models`) when the loop's variable names a file the script
    copies or links (`(cd 0 && ln -snf "inlet.$model" inlet)`): each word a variant."""
    lists = {}
    for m in _ASSIGN.finditer(script):
        raw = next(g for g in m.groups()[1:] if g is not None).split()
        if m.group(1) not in lists and len(raw) >= 2 and not any("$" in w for w in raw):
            lists[m.group(1)] = raw
    for var, listed in _LOOP.findall(script):
        used = re.search(rf"^[^#\n]*\b(?:cp|ln)\b[^\n]*\$\{{?{var}\b", script, re.M)
        if listed in lists and used:
            return [ScriptVariant(f"for {var}", word, "") for word in lists[listed]]
    return []


def variant_script(case_dir: Path, variant: str | None = None) -> str:
    """The Allrun as it runs for one variant (`script_variants`; the first when `variant` is None or
    not one of them): the variant's call replaced by its function's body with `$1` read as the
    variant's word, the other variants' calls left out. Without variants: the script as it is."""
    text = re.sub(r"\\\n", " ", _script_text(case_dir))
    variants = script_variants(case_dir)
    if not variants:
        return text
    chosen = next((v for v in variants if v.argument == variant), variants[0])
    if chosen.function.startswith("for "):  # the loop's variable takes the chosen word first (`_first_values`)
        return f"{chosen.function.removeprefix('for ')}={chosen.argument}\n{text}"
    lines = text.splitlines()
    first, last = _functions(lines)[chosen.function]
    body = [re.sub(r"\$(?:\{1\}|1(?!\w))", chosen.argument, line) for line in lines[first + 1:last]]
    body = [line for line in body if line.strip() != "{"]
    out: list[str] = []
    done = False
    for k, line in enumerate(lines):
        m = _CALL.match(line)
        if first <= k <= last:
            continue
        if m is not None and m[1] == chosen.function:
            if m[2] == chosen.argument and not done:
                out += body
                done = True
            continue
        out.append(line)
    return "\n".join(out)


def _in_subshell_folders(lines: list[str]) -> list[str]:
    """The lines with the folder a subshell went to written before each (`(`, `cd system`, `ln -s a
    b`, `)` -> `cd system && ln -s a b`), as the one-line form `(cd system && ln -s a b)` reads. A
    folder the script made with `cloneCase . NAME` is the case itself (the copy is what runs)."""
    out: list[str] = []
    folders: list[str | None] = []
    clones: set[str] = set()
    for line in lines:
        words = line.strip()
        clone = re.match(r"^cloneCase\s+\S+\s+[\"']?([\w.-]+)[\"']?\s*$", words)
        if clone:
            clones.add(clone[1])
        if words == "(":
            folders.append(None)
            continue
        if words == ")" and folders:
            folders.pop()
            continue
        m = re.match(r"^\\?cd\s+[\"']?([\w./-]+)[\"']?\s*(?:\|\|.*)?$", words)
        if m and folders:
            folders[-1] = None if m[1] in clones else m[1]
            continue
        folder = next((f for f in reversed(folders) if f), None)
        out.append(f"cd {folder} && {words}" if folder and not words.startswith(("cd ", "(")) else line)
    return out


def _first_values(script: str) -> dict[str, str]:
    """Each variable's first value in the script: `endTime=2`, `models="A B"` -> A; a loop
    `for model in $models` gives model the list's first word. Function arguments ($1) are not
    values."""
    values: dict[str, str] = {}
    for m in _ASSIGN.finditer(script):
        raw = next(g for g in m.groups()[1:] if g is not None).split()
        if m.group(1) not in values and raw and not raw[0].startswith("$"):
            values[m.group(1)] = raw[0]
    for var, listed in _LOOP.findall(script):
        if var not in values and listed in values:
            values[var] = values[listed]
    return values


def placeholders(case_dir: Path) -> dict[str, str | None]:
    """PLACEHOLDER -> the value the Allrun puts there first (None when it cannot be told)."""
    script = _script_text(case_dir)
    values = _first_values(script)
    return {key: values.get(var) for _, key, var in _SED.findall(script)}


def filled(template: Path, values: dict[str, str | None]) -> str | None:
    """The template's text with its placeholders replaced; None when one has no value."""
    text = template.read_text(errors="replace")
    for key, value in values.items():
        if re.search(rf"\b{key}\b", text):
            if value is None:
                return None
            text = re.sub(rf"\b{key}\b", value, text)
    return text


@lru_cache(maxsize=256)
def made_files(case_dir: Path) -> dict[str, str]:
    """rel path -> text of every file the Allrun makes from a template the case lacks
    (e.g. {"system/controlDict": ...}); a template that cannot be filled is left out."""
    values = placeholders(case_dir)
    made: dict[str, str] = {}
    for template in sorted(case_dir.glob(f"*/*{SUFFIX}")):
        target = template.with_name(template.name.removesuffix(SUFFIX))
        if target.exists():
            continue
        text = filled(template, values)
        if text is not None:
            made[target.relative_to(case_dir).as_posix()] = text
    return made


def resource_files(case_dir: Path, variant: str | None = None) -> dict[str, Path]:
    """rel path in the case -> each shared file the Allrun copies there from the tutorials' tree:
    a file (`cp $FOAM_TUTORIALS/resources/geometry/x.stl.gz constant/triSurface/`), a folder
    (`cp -r $resourcesDir/meshes/sbend/polyMesh constant`, the variable set to a path under
    $FOAM_TUTORIALS), a glob (`cp $resourcesDir/param/sbend/* 0`), or a sibling folder of the
    case (`rm -rf 0 constant; cp -r ../common/0.orig 0; cp -r ../common/constant constant`: a
    folder the script removed first is replaced, not copied into); and the copies it makes of the
    case's own files under a new name (`own_copies`, for the script's `variant`: `script_variants`)."""
    roots = [p for p in case_dir.parents if (p / "resources").is_dir()]
    script = "\n".join(line for line in re.sub(r"\\\n", " ", _script_text(case_dir)).splitlines()
                       if not line.lstrip().startswith("#"))
    for var, path in _TUTORIALS_VAR.findall(script):
        script = re.sub(rf"\$(?:\{{{var}\}}|{var}\b)", lambda _, path=path: "$FOAM_TUTORIALS" + path, script)
    found: dict[str, Path] = {}
    removed: set[str] = set()
    for line in script.splitlines():
        rm = _REMOVE.match(line)
        if rm:
            removed |= {w.removeprefix("./").rstrip("/") for w in rm.group(1).split()}
            continue
        copy = _copy_words(line)
        if copy is None:
            continue
        srcs, raw_dest = copy
        for src in srcs:
            tutorial = src.startswith("$FOAM_TUTORIALS/")
            if tutorial and not roots:
                continue
            # $FOAM_TUTORIALS: the top folder with resources/ (solver folders have their own)
            sources = sorted(roots[-1].glob(src.removeprefix("$FOAM_TUTORIALS/"))) if tutorial else _sibling(case_dir, src)
            if tutorial and not sources:  # the package ships the file gzipped (building_wtc2.obj.gz)
                sources = sorted(roots[-1].glob(src.removeprefix("$FOAM_TUTORIALS/") + GZ))
            found.update(_copied(case_dir, src, sources, raw_dest, removed, len(srcs) > 1))
    if roots:
        found.update(_argument_files(roots[-1], script))
    for rel, source in own_copies(case_dir, variant).items():
        found.setdefault(rel, source)
    return found


# `cp [-rf] SRC... DEST` or `ln -s[fn] SRC DEST`, alone or after a `cd DIR &&` in a subshell
_OWN_COPY = re.compile(r"""^\s*\(?\s*(?:\\?cd\s+(?P<dir>[\w./-]+)\s*&&\s*)?"""
                       r"""\\?(?P<cmd>cp|ln)\s+(?P<rest>[^;&|<>()`]*?)\s*\)?\s*$""")


def own_copies(case_dir: Path, variant: str | None = None) -> dict[str, Path]:
    """rel path in the case -> file, for each copy or link the Allrun makes of the case's own files
    under a name the case does not ship: `cp -r system/wallFilmRegion.orig system/wallFilmRegion`,
    `cp -r constant/controlPoints.org constant/controlPoints`, `(cd 0 && ln -snf "inlet.$model"
    inlet)` (a variable takes the value the script gives it first, as for templates). A link is
    copied. Left out: a source outside the case (a sibling's run output, see resource_files), a
    name with a variable that cannot be told, a destination the case has (a switch of the
    dictionary between two steps is no file the case lacks), and anything inside a polyMesh
    folder (the mesh steps write that folder anew). A destination under 0/ of a case that keeps
    only 0.orig/ goes into 0.orig/ (restore0Dir makes 0/ from it). A field's pristine copy
    (`cp 0/T.orig 0/T`) and a template (`cp system/controlDict.template system/controlDict`) are
    not listed: the run's restore and `made_files` make those. A folder holding several cases (no
    system/ of its own) has none. A script that runs the case in variants (`run resolved`, `run
    modelled`: `script_variants`) is read as it runs for `variant` (its first when None): the
    function's `(cd system; ln -s blockMeshDict.${1}Blocks blockMeshDict.caseBlocks)` links the
    chosen variant's file."""
    if not (case_dir / "system").is_dir():
        return {}
    text = variant_script(case_dir, variant)
    values = _first_values(text)
    found: dict[str, Path] = {}
    for line in _in_subshell_folders(lines_of_a_test_run(text.splitlines())):
        m = _OWN_COPY.match(line)
        if m is None or line.lstrip().startswith("#"):
            continue
        words = [_with_values(w, values) for w in _words(m.group("rest")) if not w.startswith("-")]
        if len(words) < 2 or any(w is None for w in words):
            continue
        folder = m.group("dir") or "."
        *srcs, dest = words
        if m.group("cmd") == "ln" and len(srcs) == 1:  # a link's target is read from the link's folder
            link = _inside(f"{folder}/{dest}/{Path(srcs[0]).name}" if dest == "." else f"{folder}/{dest}")
            source = _inside(f"{Path(link).parent.as_posix()}/{srcs[0]}") if link else None
            pairs = [(source, link)]
        else:
            pairs = [(_inside(f"{folder}/{src}"), _inside(f"{folder}/{dest}")) for src in srcs]
            pairs = [(src, f"{dst}/{Path(src).name}" if src and dst and (dst == "." or len(srcs) > 1
                                                                          or _shipped(case_dir, dst, True)) else dst)
                     for src, dst in pairs]
        for src, dst in pairs:
            if src and dst and not _edited_later(text, dst.removeprefix("./")):
                found.update(_own_copy(case_dir, src, dst.removeprefix("./")))
    return found


def lines_of_a_test_run(lines: list[str], skipped: tuple[str, ...] = ("notTest",)) -> list[str]:
    """The lines a test run of the script runs: the `then` branch of `if notTest $@` (and of the
    other `if <test>` named in `skipped`, e.g. `isParallel` for a serial run) is left out, its
    `else` kept. The run's steps read scripts this way (tasks/knowledge/run_script.py), and so do
    the copies here: a copy made only for the long runs (turbulentFlatPlate's `\\cp -rf
    0.${model} 0` per mesh) is no file of the case."""
    out: list[str] = []
    depth = 0  # inside a skipped branch: the if-nesting there
    for line in lines:
        words = line.replace(";", " ; ").split()
        if depth:
            if words[:1] == ["if"]:
                depth += 1
            elif words[:1] == ["fi"] or words[-1:] == ["fi"]:
                depth -= 1
            elif depth == 1 and words[:1] == ["else"]:
                depth = 0
            continue
        if words[:1] == ["if"] and len(words) > 1 and words[1] in skipped:
            depth = 1
            continue
        out.append(line)
    return out


def _edited_later(script: str, rel: str) -> bool:
    """Whether the script also edits `rel` in place (`foamDictionary -entry RAS.RASModel -set
    "$model" constant/turbulenceProperties`, `sed -i ... file`): a plain copy is then not the file
    the script makes (turbulentFlatPlate's turbulenceProperties.orig holds `RASModel xxx`)."""
    edit = re.compile(r"^\s*\\?(?:foamDictionary\b.*\s-set\s|sed\s+-i\b).*"
                      rf"(?<![\w./-])(?:\./)?{re.escape(rel)}(?![\w./-])", re.M)
    return bool(edit.search(script))


def _words(text: str) -> list[str]:
    try:
        return shlex.split(text)
    except ValueError:
        return text.split()


def _with_values(word: str, values: dict[str, str]) -> str | None:
    """The word with `$var` / `${var}` replaced by the script's first value; None when one has none."""
    out = re.sub(r"\$\{?(\w+)\}?", lambda m: values.get(m.group(1), "$"), word)
    return None if "$" in out or "*" in out or "?" in out else out


def _inside(rel: str) -> str | None:
    """A path relative to the case, normalised; None when it leaves the case."""
    norm = posixpath.normpath(rel)
    return None if norm == ".." or norm.startswith("../") or norm.startswith("/") else norm


def _shipped(case_dir: Path, rel: str, folder: bool = False) -> Path | None:
    """The case's own file or folder `rel` (a .gz of a file; 0/X read from 0.orig/X when the case
    keeps only 0.orig/), or None."""
    candidates = [rel]
    if rel.split("/")[0] == "0" and not (case_dir / "0").exists():
        candidates.append("0.orig" + rel[1:])
    for cand in candidates:
        path = case_dir / cand
        if path.is_dir() or (not folder and (path.is_file() or path.with_name(path.name + ".gz").is_file())):
            return path if path.exists() else path.with_name(path.name + ".gz")
    return None


def _own_copy(case_dir: Path, src: str, dest: str) -> dict[str, Path]:
    """rel path -> file for one copy of the case's own `src` to `dest`, when `dest` is new."""
    if src.endswith(SUFFIX) or (src.split("/")[0] in ("0", "0.orig") and src == dest + ".orig"):
        return {}
    source = _shipped(case_dir, src)
    if source is None or _shipped(case_dir, dest) is not None or "polyMesh" in dest.split("/"):
        return {}
    if dest.split("/")[0] == "0" and not (case_dir / "0").exists() and (case_dir / "0.orig").is_dir():
        dest = "0.orig" + dest[1:]
    if source.is_dir():
        return {f"{dest}/{f.relative_to(source).as_posix()}": f for f in sorted(source.rglob("*")) if f.is_file()}
    return {dest + (GZ if source.name.endswith(GZ) else ""): source}


_TUTORIAL_ARG = re.compile(r"(?<![\w/])\$\{?FOAM_TUTORIALS\}?/([\w./-]+)")


def tutorial_argument(word: str) -> str:
    """What a step's argument naming a file of the tutorials' tree becomes in a copied case: the
    file's name (`$FOAM_TUTORIALS/resources/geometry/nacaAirfoil/nacaAirfoil` -> `nacaAirfoil`),
    the file being copied beside the case's folders (`resource_files`)."""
    m = _TUTORIAL_ARG.fullmatch(word)
    return Path(m.group(1)).name.removesuffix(".gz") if m else word


def _argument_files(root: Path, script: str) -> dict[str, Path]:
    """The files a step reads from the tutorials' tree by an argument (`star4ToFoam -scale 1
    $FOAM_TUTORIALS/resources/geometry/nacaAirfoil/nacaAirfoil`): the file itself, or the files
    its name is the stem of (nacaAirfoil.vrt, .cel, .bnd), copied into the case's top folder."""
    found: dict[str, Path] = {}
    for line in script.splitlines():
        if re.match(r"^\s*\\?cp\b", line):
            continue
        for rel in _TUTORIAL_ARG.findall(line):
            named = root / rel
            files = [named] if named.is_file() else sorted(
                f for f in named.parent.glob(named.name + ".*") if f.is_file()) if named.parent.is_dir() else []
            for f in files:
                if f.resolve().is_relative_to(root.resolve()):
                    found[f.name] = f
    return found


def _copy_words(line: str) -> tuple[list[str], str] | None:
    """(sources, destination) of a plain `cp [-r] SRC... DEST` line whose sources are all under
    $FOAM_TUTORIALS or beside the case (`../common/0.orig`), else None."""
    words = line.split()
    if not words or words[0] not in ("cp", "\\cp") or any(w in ("&&", "||", ";", "|") for w in words):
        return None
    words = [w for w in words[1:] if not w.startswith("-")]
    if len(words) < 2 or not _DEST.fullmatch(words[-1]):
        return None
    srcs = [re.sub(r"^\$\{FOAM_TUTORIALS\}", "$FOAM_TUTORIALS", w) for w in words[:-1]]
    if not all(_TUTORIAL_SRC.fullmatch(w) or _SIBLING_SRC.fullmatch(w) for w in srcs):
        return None
    return srcs, words[-1]


def _copied(case_dir: Path, src: str, sources: list[Path], raw_dest: str, removed: set[str],
            many: bool) -> dict[str, Path]:
    """rel path in the case -> file, for one source of a `cp` as the shell copies it: into a
    folder (one the case has and the script did not remove, a glob's or several sources'
    destination, `dest/`), else as the destination itself."""
    found: dict[str, Path] = {}
    dest = raw_dest.removeprefix("./").rstrip("/") or "."
    into = many or src.endswith("*") or raw_dest.endswith("/") or dest == "." or (
        dest not in removed and (dest in ("0", "constant", "system") or (case_dir / dest).is_dir()
                                 or dest.startswith("constant/")))
    for source in sources:
        files = sorted(f for f in source.rglob("*") if f.is_file()) if source.is_dir() else [source]
        for f in files:
            if into:
                inner = f.relative_to(source.parent).as_posix()
                rel = inner if dest == "." else f"{dest}/{inner}"
            else:
                rel = f"{dest}/{f.relative_to(source).as_posix()}" if source.is_dir() else dest
            found[rel] = f
    return found


def _sibling(case_dir: Path, src: str) -> list[Path]:
    """What `../common/0.orig` (or a glob) names beside the case: never inside the case itself,
    never above the folder of its tutorial family (two levels up)."""
    top = case_dir.resolve().parents[1] if len(case_dir.resolve().parents) > 1 else case_dir.resolve()
    base = (case_dir / Path(src).parent).resolve()
    if not base.is_relative_to(top) or base.is_relative_to(case_dir.resolve()):
        return []
    return sorted(base.glob(Path(src).name))


def copies_from(case_dir: Path, other: str) -> bool:
    """Whether `resource_files` brings in what the Allrun takes from `other` (a sibling folder such
    as '../common' or a path under it): a copied case then has it, and does not need `other`."""
    target = (case_dir / other).resolve()
    return any(source.resolve().is_relative_to(target) for source in resource_files(case_dir).values())


# a blockMesh step of a script and the dictionary it reads: `runApplication -s fine blockMesh -dict
# system/blockMeshDict.fine`, `blockMesh -dict system/blockMeshDict.coarse > log`
_BLOCKMESH_STEP = re.compile(r"(?<![\w.-])blockMesh\b(?P<args>[^\n;&|>]*)")
_DICT_ARG = re.compile(r"-dict\s+(?:\./)?(?P<rel>[\w./-]+)")
_MOVED_MESH = re.compile(r"^\s*\\?mv\s+(?:-\w+\s+)*(?:\./)?constant/polyMesh\b", re.M)


def mesh_dictionaries(case_dir: Path) -> list[str]:
    """The blockMesh dictionaries the tutorial's Allrun builds meshes from, in order
    (`system/blockMeshDict` for a plain `blockMesh`); the last whose mesh the script does not move
    aside afterwards (`mv constant/polyMesh constant/coarseMesh`) is the one the solver runs on,
    listed last. Empty when the script runs no blockMesh of the case's own (`-case` elsewhere)."""
    script = "\n".join(line for line in re.sub(r"\\\n", " ", _script_text(case_dir)).splitlines()
                       if not line.lstrip().startswith("#"))
    steps: list[tuple[int, str]] = []
    for m in _BLOCKMESH_STEP.finditer(script):
        args = m.group("args")
        if "-case" in args.split():
            continue
        found = _DICT_ARG.search(args)
        steps.append((m.end(), found.group("rel") if found else "system/blockMeshDict"))
    moved = [m.start() for m in _MOVED_MESH.finditer(script)]
    kept = [rel for i, (end, rel) in enumerate(steps)
            if not any(end < at < (steps[i + 1][0] if i + 1 < len(steps) else len(script)) for at in moved)]
    aside = [rel for _, rel in steps if rel not in kept]
    return list(dict.fromkeys([rel for rel in aside if rel not in kept] + kept))


def solver_mesh_dictionary(case_dir: Path) -> str | None:
    """The blockMesh dictionary of the mesh the solver runs on (`mesh_dictionaries`, last), None
    when the Allrun runs no blockMesh or names no dictionary."""
    found = mesh_dictionaries(case_dir)
    return found[-1] if found else None
