"""A tutorial's Allrun scripts read as the shell would run them, into OpenFOAM steps.

What the installed tutorials' scripts do, and how each is read here:

- `runApplication [options] app args` / `runParallel [options] app args`: the options of
  RunFunctions (`-s suffix`, `-a`, `-o`, `-np N`, `-decomposeParDict d`) are dropped; the
  app may be a variable the script sets (`app=blockMesh` ... `runApplication $app`).
- a shell function the script defines (`runAnsysToFoam() { ansysToFoam $1 -scale $2 > log 2>&1; }`)
  runs where it is called, with `$1`, `$2`, `"$@"` taken from the call; one that loops over
  its arguments with `shift` runs once per argument. Inside a function an OpenFOAM command may
  be called directly (its output redirected to a log).
- a mesh converter called directly (`kivaToFoam -file otape17`) is a step wherever it is.
- `cp system/topoSetDict.1 system/topoSetDict` before `topoSet` is `topoSet -dict system/topoSetDict.1`.
- an argument quoted for the shell (`-scale "(1 0 1)"`) is one argument; it keeps its quotes
  in `RunStep.args` so that a later whitespace split can join it again (tasks/foam/commands.py
  `join_quoted`).
- an argument naming a file of the tutorials' tree (`$FOAM_TUTORIALS/resources/geometry/x/x`)
  is the file's name: tasks/foam/allrun_inputs.py copies the file into the case.
- `m4 [-P] [<] template > target`: an m4 expansion (see `m4_expansions`).
- a copy or link of the case's own files to a name the case lacks (`cp -r system/X.orig system/X`,
  `(cd 0 && ln -s inlet.A inlet)`) is no step: the copy is made in Python when the case is written
  (tasks/foam/allrun_inputs.py `own_copies`).
- a line finishing the mesh files with the shell (`cat header points.tmp > constant/polyMesh/points`,
  `sed -f script boundary.bak > constant/polyMesh/boundary`, `mv`) is a FILE_EDIT step, reproduced
  in Python where the script has it (tasks/foam/mesh_file_edits.py).
- what runs only outside a test (`if notTest $@; then ... fi`) is left out.
- a `for` loop over written-out words (`for region in bottomAir topAir`) or over the case's own
  regions (`$(foamListRegions solid)`, read from constant/regionProperties) runs its body once
  per word, the variable replaced (tasks/knowledge/run_loops.py); a loop over what only the run
  knows (`$(foamListTimes)`, `$models`, `processor*`) stays, and a bare set-up line inside it is
  no step of its own.

Pure: script text in, steps out (`read_run_sequence` reads the files).
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from tasks.foam.allrun_inputs import lines_of_a_test_run, tutorial_argument
from tasks.foam.commands import ALLOWED_COMMANDS, FILE_EDIT, MESH_CONVERTERS, RESTORE_FIELDS
from tasks.foam.files import find_file, read_text
from tasks.foam.mesh_file_edits import made_folders, mesh_file_edit
from tasks.knowledge.run_loops import CommandLister, loop_depth_change, region_lister, unroll_loops

SCRIPT_CALL = re.compile(r"^\s*(?:runApplication\s+)?\./(All\w*(?:\.\w+)?)\b")
_RUN = re.compile(r"^\s*(runApplication|runParallel)\s+(.*)$")
_FUNCTION = re.compile(r"^\s*(?:function\s+)?([A-Za-z_]\w*)\s*\(\)\s*(\{)?\s*$")
_ASSIGN = re.compile(r"""^\s*([A-Za-z_]\w*)=(?:"([^"$]*)"|'([^']*)'|([^\s$"'`;|&]+))\s*$""")
_DICT_COPY = re.compile(r"^\s*\\?cp\s+(?:-f\s+)?(system/(\w+)\.[\w.]+)\s+system/(\w+)\s*$")
_M4 = re.compile(r"^\s*m4\s+((?:-\w+\s+)*)(?:<\s*)?(\S+)\s*>\s*(\S+)\s*$")
_OPTIONS_WITH_VALUE = {"-s", "-suffix", "-np", "-decomposeParDict"}
_OPTIONS_ALONE = {"-a", "-append", "-o", "-overwrite"}
_SHELL_WORDS = {"if", "then", "else", "elif", "fi", "for", "while", "until", "do", "done", "case", "esac"}
_SAFE_WORD = re.compile(r"[^\s'\"\\]+")
MAX_DEPTH = 4


@dataclass(frozen=True)
class ScriptStep:
    """One OpenFOAM command a script runs: app, its arguments (shell words), serial or parallel."""

    app: str
    words: tuple[str, ...] = ()
    parallel: bool = False

    @property
    def args(self) -> str:
        """The arguments as one string; a word holding a space keeps quotes around it."""
        return " ".join(w if _SAFE_WORD.fullmatch(w) else shlex.quote(w) for w in self.words)


def clean_script(text: str) -> str:
    """Continuation lines joined, comments dropped (a `#` inside quotes or `${...}` is kept)."""
    joined = re.sub(r"\\\n", " ", text)
    lines = []
    for line in joined.splitlines():
        lines.append(_drop_comment(line))
    return "\n".join(lines)


def _drop_comment(line: str) -> str:
    quote = ""
    depth = 0
    for i, ch in enumerate(line):
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == "{" and line[i - 1:i] == "$":
            depth += 1
        elif ch == "}" and depth:
            depth -= 1
        elif ch == "#" and not depth and (i == 0 or line[i - 1] in " \t;"):
            return line[:i].rstrip()
    return line


def shell_words(text: str) -> list[str]:
    """The words of a command line as the shell splits them (quotes removed, a quoted phrase one
    word); a line the shell could not split (an open quote) falls back to whitespace."""
    try:
        return shlex.split(text)
    except ValueError:
        return text.split()


def split_functions(text: str) -> tuple[dict[str, list[str]], list[str]]:
    """(function name -> its body lines, the script's other lines) of a cleaned script."""
    functions: dict[str, list[str]] = {}
    rest: list[str] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        m = _FUNCTION.match(lines[i])
        opened = bool(m and m.group(2))
        if m and not opened and i + 1 < len(lines) and lines[i + 1].strip() == "{":
            opened, i = True, i + 1
        if not (m and opened):
            rest.append(lines[i])
            i += 1
            continue
        body: list[str] = []
        depth, i = 1, i + 1
        while i < len(lines):
            bare = re.sub(r"\$\{[^}]*\}|'[^']*'|\"[^\"]*\"", "", lines[i])
            depth += bare.count("{") - bare.count("}")
            i += 1
            if depth <= 0:
                break
            body.append(lines[i - 1])
        functions[m.group(1)] = body
    return functions, rest


def assignments(lines: list[str]) -> dict[str, str]:
    """Each variable's first plain value (`app=blockMesh`, `application=$(getApplication)`)."""
    values: dict[str, str] = {}
    for line in lines:
        m = _ASSIGN.match(line)
        if m and m.group(1) not in values:
            values[m.group(1)] = next(g for g in m.groups()[1:] if g is not None)
    getapp = re.compile(r"^\s*(\w+)=\$\(getApplication\)\s*$")
    for line in lines:
        m = getapp.match(line)
        if m and m.group(1) not in values:
            values[m.group(1)] = "$(getApplication)"
    return values


def _resolve(word: str, values: dict[str, str]) -> str:
    m = re.fullmatch(r"\$(?:\{(\w+)\}|(\w+))", word)
    if m is None:
        return word
    return values.get(m.group(1) or m.group(2), word)


def _positional(line: str, args: list[str]) -> str:
    """`$1`, `${2}`, `"$@"`, `$*` of a function body line replaced by the call's arguments."""
    quoted = " ".join(shlex.quote(a) for a in args)
    line = re.sub(r'"\$[@*]"|\$[@*]', lambda _: quoted, line)
    return re.sub(r"\$\{?([1-9])\}?", lambda m: shlex.quote(args[int(m.group(1)) - 1])
                  if int(m.group(1)) <= len(args) else "", line)


def _command_words(line: str) -> list[str] | None:
    """The words of a direct command line up to its redirection, or None when its output feeds
    the shell (a pipe, `$(...)`) or it runs in the background."""
    if re.search(r"\|(?!\|)|`|&\s*$", line) or "$(" in line.split("=", 1)[0]:
        return None
    return _until_shell(shell_words(line))


def _until_shell(words: list[str]) -> list[str]:
    """A command's words up to what the shell does with it: a redirection, `&` (run in the
    background), `&&`, `||`, `;`."""
    out: list[str] = []
    for w in words:
        if w[:1] in "<>" or w[:2] in ("1>", "2>", "&>") or w in ("&", "&&", "||", ";", "|"):
            break
        out.append(w)
    return out


def _run_line(words: list[str], values: dict[str, str]) -> tuple[str, list[str], bool] | None:
    """(app, args, parallel) of a `runApplication` / `runParallel` line's words."""
    parallel = words[0] == "runParallel"
    words = [w for w in _until_shell(words[1:]) if not w.startswith("$decomp")]
    while words and words[0].startswith("-"):
        if words[0] == "-np":
            parallel = True
        words = words[2:] if words[0] in _OPTIONS_WITH_VALUE else words[1:]
    if not words or words[0].startswith("./"):
        return None
    return _resolve(words[0], values), words[1:], parallel


@dataclass
class _Reader:
    functions: dict[str, list[str]]
    values: dict[str, str]
    solver: str | None
    call_script: Callable[[str], list[ScriptStep]]  # the steps of a sibling script it calls
    skip_not_test: bool = True
    cloned: set[str] = field(default_factory=set)

    def read(self, lines: list[str], in_function: bool, depth: int = 0) -> list[ScriptStep]:
        steps: list[ScriptStep] = []
        dicts: dict[str, str] = {}  # system/X -> system/X.sfx copied over it
        loops = 0  # a bare set-up line inside a shell loop runs with the loop's own dictionaries: not one step
        folders: set[str] = set()  # made by `mkdir` so far: a mesh moved there goes into them
        for line in lines_of_a_test_run(lines, ("notTest", "isParallel")) if self.skip_not_test else lines:
            if not line.strip():
                continue
            loops += loop_depth_change(line)
            call = SCRIPT_CALL.match(line)
            if call:
                steps += self.call_script(call.group(1))
                continue
            if re.match(rf"\s*{RESTORE_FIELDS}\b", line):
                steps.append(ScriptStep(app=RESTORE_FIELDS))
                continue
            folders.update(made_folders(line, self.values))
            edit = mesh_file_edit(line, self.values, frozenset(folders))
            if edit is not None:  # a shell line finishing the mesh files: reproduced in Python
                steps.append(ScriptStep(app=FILE_EDIT, words=tuple(edit)))
                continue
            copied = _DICT_COPY.match(line)
            if copied and copied.group(2) == copied.group(3):  # system/X.sfx over system/X
                dicts[copied.group(2)] = copied.group(1)
                continue
            words = shell_words(line) if _RUN.match(line) else _command_words(line.strip())
            if not words:
                continue
            if words[0] in ("runApplication", "runParallel"):
                found = _run_line(words, self.values)
                if found is None:
                    continue
                app, args, parallel = found
            elif words[0] in self.functions and depth < MAX_DEPTH:
                if words[0] not in self.cloned:
                    steps += self.call(words[0], words[1:], depth + 1)
                continue
            elif words[0] in MESH_CONVERTERS or (in_function and words[0] in ALLOWED_COMMANDS) or (not loops and _bare_setup(words)):
                app, args, parallel = words[0], words[1:], False
            else:
                continue
            if app in ("$(getApplication)",) and self.solver:
                app = self.solver
            args = [tutorial_argument(a) for a in args]
            dict_name, option = app + "Dict", "-decomposeParDict" if app == "decomposePar" else "-dict"
            if dict_name in dicts and option not in args:
                args = [option, dicts.pop(dict_name), *args]
            steps.append(ScriptStep(app=app, words=tuple(args), parallel=parallel))
        return steps

    def call(self, name: str, args: list[str], depth: int) -> list[ScriptStep]:
        """A function's steps where it is called; a body that shifts through its arguments runs
        once for each."""
        body = self.functions[name]
        if any(re.search(r"\bcloneCase\b", b) for b in body):
            self.cloned.add(name)  # each call runs the same steps on a clone of the case: once is this case
        loops = any(re.search(r"\bshift\b", b) for b in body) and any("$#" in b for b in body)
        calls = [[a] for a in args] if loops else [args]
        steps: list[ScriptStep] = []
        for one in calls:
            steps += self.read([_positional(b, one) for b in body], True, depth)
        return steps


# case set-up utilities a script may call without runApplication (multiphaseInterFoam mixerVessel2D's
# `topoSet`, `setFields`, `setsToZones -noFlipMap`): steps of this case when their arguments are plain
_SETUP_UTILITIES = frozenset({"topoSet", "setFields", "setsToZones", "createPatch", "createBaffles", "changeDictionary",
                              "extrudeMesh", "mirrorMesh", "transformPoints", "refineMesh", "setAlphaField"})


def _bare_setup(words: list[str]) -> bool:
    """A bare set-up utility line acting on this case: no variables, no other case, no redirection."""
    return words[0] in _SETUP_UTILITIES and words[0] in ALLOWED_COMMANDS and \
        not any("$" in w or w in ("-case", ">", ">>", "|") for w in words[1:])


def case_lister(case_dir: Path) -> CommandLister:
    """What a command substitution in the case's scripts lists when its own files tell
    (`$(foamListRegions)`: constant/regionProperties)."""
    found = find_file(case_dir / "constant", "regionProperties")
    return region_lister(read_text(found) if found is not None else None)


def script_steps(case_dir: Path, name: str, solver: str | None, seen: set[str]) -> list[ScriptStep]:
    """The steps of one script of the case, with those of the sibling scripts it calls."""
    script = find_file(case_dir, name)
    if script is None or name in seen:
        return []
    seen.add(name)
    functions, lines = split_functions(clean_script(read_text(script)))
    lister = case_lister(case_dir)
    lines = unroll_loops(lines, lister)
    functions = {called: unroll_loops(body, lister) for called, body in functions.items()}
    reader = _Reader(functions=functions, values=assignments(lines), solver=solver,
                     call_script=lambda called: script_steps(case_dir, called, solver, set(seen)))
    steps = reader.read(lines, in_function=False)
    if not steps:  # a script that runs everything only outside a test (turbulentFlatPlate)
        reader.skip_not_test = False
        steps = reader.read(lines, in_function=False)
    return steps


def called_scripts(case_dir: Path) -> set[str]:
    """The sibling scripts (Allrun.pre, Allrun.mesh, ...) the case's Allrun calls."""
    allrun = find_file(case_dir, "Allrun")
    if allrun is None:
        return set()
    return {m.group(1) for line in clean_script(read_text(allrun)).splitlines() if (m := SCRIPT_CALL.match(line))}


_M4_SCRIPTS = ("Allrun", "Allrun.pre", "Allmesh", "Allrun.mesh", "makeMesh")


def m4_expansions(case_dir: Path) -> list[tuple[str, str]]:
    """(template, target) of each `m4 [-P] [<] template > target` the case's scripts run, paths
    relative to the case (`system/pachuka.m4` -> `system/blockMeshDict`)."""
    found: list[tuple[str, str]] = []
    for name in _M4_SCRIPTS:
        script = find_file(case_dir, name)
        if script is None:
            continue
        for line in clean_script(read_text(script)).splitlines():
            m = _M4.match(line)
            if m and "$" not in m.group(2) + m.group(3):
                pair = (m.group(2).removeprefix("./"), m.group(3).removeprefix("./"))
                if pair not in found:
                    found.append(pair)
    return found


def m4_template(case_dir: Path, extra_files: set[str] | frozenset[str] = frozenset()) -> str | None:
    """The m4 template the case's blockMeshDict is expanded from (relative to the case), or None
    when the case has a blockMeshDict of its own or no template. `extra_files`: files its Allrun
    copies in (a template shared from ../common)."""
    system = case_dir / "system"
    if find_file(system, "blockMeshDict") is not None:
        return None
    for template, target in m4_expansions(case_dir):
        if target == "system/blockMeshDict" and (
                find_file((case_dir / template).parent, Path(template).name) is not None or template in extra_files):
            return template
    return "system/blockMeshDict.m4" if find_file(system, "blockMeshDict.m4") is not None else None
