"""Shell lines of a tutorial's Allrun that finish its mesh, done here in Python.

A few tutorials complete the mesh with plain file operations between two OpenFOAM steps: the
points a converter wrote joined to a header (`cat constant/pointsHeader constant/points.tmp >
constant/polyMesh/points`), patch types changed with sed (`sed -f constant/wedgeScr
boundary.bak > boundary`, `sed -i -e 's/symmetry/empty/' constant/polyMesh/boundary`), a file
moved aside first (`mv boundary boundary.bak`). Without them the solver meets a mesh that is
not the tutorial's (patch types wrong, points missing) and stops at its first step.

Such a line is a step of its own (`FILE_EDIT`, tasks/foam/commands.py) recorded with the case's
other steps and carried out by Casewright where the script has it: no shell runs, only the
operation is reproduced, on files inside the case. Three operations are read:

- `cat A B ... > C`: concatenation (a `.gz` source read decompressed);
- `sed [-i] [-n] [-e EXPR | -f SCRIPT]... [EXPR] IN [> OUT]`: the sed commands the tutorials use
  (`s///` with g, a count or I; `d`; `p` under -n; addresses /re/, a line number, `$`, ranges,
  `!`, and `{ }` blocks), basic or extended regular expressions;
- `mv A B`.

Only lines that write into `constant/polyMesh` are steps: edits of other files between runs
belong to a script's own study loop. A mesh line that cannot be reproduced (a sed command not
listed, a glob, an unknown variable) is recorded as `unsupported`: the tutorial's steps then
cannot run here, and the planner says so instead of running a mesh that is not the tutorial's.
"""

from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path
from urllib.parse import quote, unquote

from tasks.core.errors import UsageError
from tasks.foam.files import find_file, read_bytes

MESH_DIR = "constant/polyMesh"
UNSUPPORTED = "unsupported"
_VARIABLE = re.compile(r"\$(?:\{(\w+)\}|(\w+))")
_PATH = re.compile(r"[\w.+-]+(?:/[\w.+-]+)*")


class SedError(ValueError):
    """A sed script using what this reader does not reproduce."""


# --- reading a line -------------------------------------------------------------------------------

def _case_path(word: str, values: dict[str, str]) -> str | None:
    """A word as a path relative to the case (variables of the script filled in, `./` dropped),
    or None when it is not one: a glob, an unknown variable, a path leaving the case."""
    filled = _VARIABLE.sub(lambda m: values.get(m.group(1) or m.group(2), m.group(0)), word)
    while filled.startswith("./"):
        filled = filled[2:]
    if not _PATH.fullmatch(filled) or ".." in filled.split("/"):
        return None
    return filled


def _in_mesh(rel: str | None) -> bool:
    return rel is not None and (rel == MESH_DIR or rel.startswith(MESH_DIR + "/"))


def _split_redirect(words: list[str]) -> tuple[list[str], str | None, bool]:
    """A command's words before `> target`, the target and whether the line is more than one
    command with one redirection (a pipe, `&&`, a second redirection, input from `<`)."""
    out: list[str] = []
    target: str | None = None
    extra = False
    i = 0
    while i < len(words):
        w = words[i]
        if w in (">", ">|", "1>"):
            if target is not None or i + 1 >= len(words):
                extra = True
            else:
                target = words[i + 1]
            i += 2
            continue
        if w[:1] in "<>|&;" or w[:2] in ("2>", "1>"):
            extra = True
            break
        out.append(w)
        i += 1
    return out, target, extra


def _unsupported(line: str) -> list[str]:
    return [UNSUPPORTED, quote(line.strip(), safe="")]


def made_folders(line: str, values: dict[str, str]) -> list[str]:
    """The folders of the case a `mkdir [-p] a b` line makes ([] for any other line)."""
    try:
        words = shlex.split(line, comments=True)
    except ValueError:
        return []
    if words[:1] != ["mkdir"] or any(w[:1] in "<>|&;" for w in words):
        return []
    return [p for w in words[1:] if not w.startswith("-") and (p := _case_path(w, values))]


def mesh_file_edit(line: str, values: dict[str, str], folders: frozenset[str] = frozenset()) -> list[str] | None:
    """The edit a script line makes to the mesh files, as a step's arguments (`["concat", target,
    *sources]`, `["sed", target, source, script]`, `["move", source, target]`), `["unsupported",
    line]` for a mesh line this reader cannot reproduce, or None for a line that is no such edit.
    `folders`: those the script made before (`mkdir constant/coarseMesh`): a move to one of them
    goes into it, as mv does (constant/coarseMesh/polyMesh)."""
    try:
        words = shlex.split(line, comments=True)
    except ValueError:
        return None
    if not words or words[0] not in ("cat", "sed", "mv"):
        return None
    command, target_word, extra = _split_redirect(words)
    if command[0] == "mv":
        paths = [w for w in command[1:] if not w.startswith("-")]
        if len(paths) != 2 or target_word is not None:
            return None
        source, target = (_case_path(p, values) for p in paths)
        if not (_in_mesh(source) or _in_mesh(target)):
            return None
        if source and target in folders:
            target = f"{target}/{source.rsplit('/', 1)[-1]}"
        return ["move", source, target] if source and target and not extra else _unsupported(line)
    if command[0] == "cat":
        target = _case_path(target_word, values) if target_word else None
        if not _in_mesh(target):
            return _unsupported(line) if target_word and "polyMesh/" in target_word else None
        sources = [_case_path(w, values) for w in command[1:]]
        if extra or not sources or None in sources or any(s.startswith("-") for s in command[1:]):
            return _unsupported(line)
        return ["concat", target, *sources]
    return _sed_edit(line, command[1:], target_word, extra, values)


def _sed_edit(line: str, words: list[str], target_word: str | None, extra: bool,
              values: dict[str, str]) -> list[str] | None:
    in_place = quiet = extended = False
    expressions: list[str] = []
    script_file: str | None = None
    files: list[str] = []
    i = 0
    while i < len(words):
        w = words[i]
        if w in ("-e", "--expression") and i + 1 < len(words):
            expressions.append(words[i + 1])
            i += 2
            continue
        if w in ("-f", "--file") and i + 1 < len(words):
            script_file = words[i + 1]
            i += 2
            continue
        if w.startswith("-") and len(w) > 1 and set(w[1:]) <= set("inEr"):
            in_place |= "i" in w
            quiet |= "n" in w
            extended |= bool(set(w[1:]) & set("Er"))
            i += 1
            continue
        if w.startswith("-"):
            files.append("\0")  # an option not read here
            i += 1
            continue
        files.append(w)
        i += 1
    if not expressions and script_file is None and files:
        expressions.append(files.pop(0))
    paths = [_case_path(f, values) for f in files]
    written = files if in_place else [target_word or ""]
    if not any(_in_mesh(_case_path(w, values)) or f"{MESH_DIR}/" in w or "/polyMesh/" in w for w in written):
        return None
    target = paths[0] if in_place and len(paths) == 1 else (_case_path(target_word, values) if target_word else None)
    if extra or len(paths) != 1 or paths[0] is None or target is None or (in_place and target_word is not None):
        return _unsupported(line)
    flags = ("n" if quiet else "") + ("E" if extended else "")
    if script_file is not None:
        script_rel = _case_path(script_file, values)
        if script_rel is None or expressions:
            return _unsupported(line)
        return ["sed", target, paths[0], f"file{flags}:{script_rel}"]
    script = "\n".join(expressions)
    try:
        parse_sed(script, extended)
    except SedError:
        return _unsupported(line)
    return ["sed", target, paths[0], f"expr{flags}:{quote(script, safe='')}"]


# --- sed ------------------------------------------------------------------------------------------

def _bre_to_python(pattern: str, extended: bool) -> str:
    """A POSIX (GNU) regular expression as Python's: in a basic one `\\(` `\\)` `\\{` `\\}` `\\|`
    `\\+` `\\?` are the operators and the bare characters literal; a bracket expression is copied
    with its backslashes literal."""
    out: list[str] = []
    i = 0
    operators = "(){}|+?"
    while i < len(pattern):
        c = pattern[i]
        if c == "[":
            j = i + 1
            if j < len(pattern) and pattern[j] == "^":
                j += 1
            if j < len(pattern) and pattern[j] == "]":
                j += 1
            while j < len(pattern) and pattern[j] != "]":
                close = pattern.find(pattern[j + 1:j + 2] + "]", j + 2) if pattern[j:j + 2] in ("[:", "[.", "[=") else -1
                j = close + 2 if close > 0 else j + 1  # a class name ([:space:]) holds no closing bracket
            body = pattern[i + 1:j].replace("\\", "\\\\").replace("[:space:]", r"\s").replace("[:digit:]", r"\d") \
                .replace("[:alnum:]", "a-zA-Z0-9").replace("[:alpha:]", "a-zA-Z")
            out.append(f"[{body}]")
            i = j + 1
            continue
        if c == "\\" and i + 1 < len(pattern):
            n = pattern[i + 1]
            if n in operators:
                out.append(("\\" + n) if extended else n)
            elif n.isdigit() or n in "nt.*[]^$\\/swWbB<>`'":
                out.append({"<": r"\b", ">": r"\b", "`": r"\A", "'": r"\Z"}.get(n, "\\" + n))
            else:
                out.append(re.escape(n))
            i += 2
            continue
        out.append(c if (extended or c not in operators) else "\\" + c)
        i += 1
    return "".join(out)


def _replacement(text: str) -> list[str | int]:
    """A sed replacement as literal pieces and group numbers (`&` is 0, `\\1` is 1)."""
    parts: list[str | int] = []
    i = 0
    while i < len(text):
        c = text[i]
        if c == "\\" and i + 1 < len(text):
            n = text[i + 1]
            parts.append(int(n) if n.isdigit() else {"n": "\n", "t": "\t"}.get(n, n))
            i += 2
            continue
        parts.append(0 if c == "&" else c)
        i += 1
    return parts


def _delimited(script: str, i: int, delim: str) -> tuple[str, int]:
    """The text up to the next unescaped `delim` from i (a `\\delim` is the character), and the
    index after it."""
    out: list[str] = []
    while i < len(script):
        c = script[i]
        if c == "\\" and i + 1 < len(script):
            out.append(script[i + 1] if script[i + 1] == delim else script[i:i + 2])
            i += 2
            continue
        if c == delim:
            return "".join(out), i + 1
        if c == "\n":
            break
        out.append(c)
        i += 1
    raise SedError(f"unterminated {delim!r} in {script!r}")


class _Address:
    def __init__(self, kind: str, value: object) -> None:
        self.kind, self.value = kind, value

    def matches(self, line: str, number: int, last: bool) -> bool:
        if self.kind == "line":
            return number == self.value
        if self.kind == "last":
            return last
        return bool(self.value.search(line))  # type: ignore[attr-defined]


class _Command:
    def __init__(self) -> None:
        self.first: _Address | None = None
        self.second: _Address | None = None
        self.negate = False
        self.name = ""
        self.substitution: tuple[re.Pattern[str], list[str | int], int, bool] | None = None
        self.block: list[_Command] = []
        self.active = False  # inside a range


def _address(script: str, i: int, extended: bool) -> tuple[_Address | None, int]:
    if i < len(script) and script[i] == "/":
        text, i = _delimited(script, i + 1, "/")
        return _Address("regex", re.compile(_bre_to_python(text, extended))), i
    if i < len(script) and script[i] == "\\" and i + 1 < len(script):
        text, i = _delimited(script, i + 2, script[i + 1])
        return _Address("regex", re.compile(_bre_to_python(text, extended))), i
    m = re.compile(r"\d+").match(script, i)
    if m:
        return _Address("line", int(m.group())), m.end()
    if i < len(script) and script[i] == "$":
        return _Address("last", None), i + 1
    return None, i


def _skip(script: str, i: int, chars: str = " \t") -> int:
    while i < len(script) and script[i] in chars:
        i += 1
    return i


def _commands(script: str, i: int, extended: bool, depth: int) -> tuple[list[_Command], int]:
    out: list[_Command] = []
    while True:
        i = _skip(script, i, " \t\n;")
        if i >= len(script):
            if depth:
                raise SedError("unmatched {")
            return out, i
        if script[i] == "}":
            if not depth:
                raise SedError("unexpected }")
            return out, i + 1
        cmd = _Command()
        cmd.first, i = _address(script, i, extended)
        if cmd.first is not None and i < len(script) and script[i] == ",":
            cmd.second, i = _address(script, i + 1, extended)
            if cmd.second is None:
                raise SedError("a range needs its second address")
        i = _skip(script, i)
        if i < len(script) and script[i] == "!":
            cmd.negate, i = True, _skip(script, i + 1)
        if i >= len(script):
            raise SedError("an address without a command")
        cmd.name = script[i]
        i += 1
        if cmd.name == "{":
            cmd.block, i = _commands(script, i, extended, depth + 1)
        elif cmd.name == "s":
            if i >= len(script):
                raise SedError("s without a pattern")
            delim = script[i]
            pattern, i = _delimited(script, i + 1, delim)
            replacement, i = _delimited(script, i, delim)
            m = re.compile(r"[gI\d]*").match(script, i)
            flags = m.group()
            i = m.end()
            count = int(re.sub(r"\D", "", flags) or 1)
            compiled = re.compile(_bre_to_python(pattern, extended), re.I if "I" in flags else 0)
            cmd.substitution = (compiled, _replacement(replacement), count, "g" in flags)
        elif cmd.name not in ("d", "p"):
            raise SedError(f"sed command {cmd.name!r} is not reproduced")
        i = _skip(script, i)
        if i < len(script) and script[i] not in ";\n}":
            raise SedError(f"unexpected {script[i]!r} after a sed command")
        out.append(cmd)


def parse_sed(script: str, extended: bool = False) -> list[_Command]:
    """A sed script's commands; SedError for what is not reproduced here."""
    try:
        return _commands(script, 0, extended, 0)[0]
    except re.error as exc:
        raise SedError(f"regular expression: {exc}") from exc


def _selected(cmd: _Command, line: str, number: int, last: bool) -> bool:
    if cmd.first is None:
        hit = True
    elif cmd.second is None:
        hit = cmd.first.matches(line, number, last)
    elif cmd.active:
        hit = True
        if cmd.second.kind == "line" and number >= cmd.second.value or cmd.second.matches(line, number, last):
            cmd.active = False
    else:
        hit = cmd.first.matches(line, number, last)
        if hit:
            ends_here = cmd.second.kind == "line" and number >= cmd.second.value  # type: ignore[operator]
            cmd.active = not ends_here
    return hit != cmd.negate


def _substitute(line: str, sub: tuple[re.Pattern[str], list[str | int], int, bool]) -> str:
    pattern, parts, count, every = sub
    seen = 0

    def one(m: re.Match[str]) -> str:
        nonlocal seen
        seen += 1
        if seen < count or (seen > count and not every):
            return m.group(0)
        return "".join(p if isinstance(p, str) else (m.group(p) or "") for p in parts)

    return pattern.sub(one, line)


def _run(commands: list[_Command], line: str, number: int, last: bool, printed: list[str]) -> str | None:
    """The line after the commands; None when deleted."""
    for cmd in commands:
        if not _selected(cmd, line, number, last):
            continue
        if cmd.name == "{":
            result = _run(cmd.block, line, number, last, printed)
            if result is None:
                return None
            line = result
        elif cmd.name == "s" and cmd.substitution is not None:
            line = _substitute(line, cmd.substitution)
        elif cmd.name == "d":
            return None
        elif cmd.name == "p":
            printed.append(line)
    return line


def run_sed(script: str, text: str, quiet: bool = False, extended: bool = False) -> str:
    """`sed [-n] [-E] script` on a text, as GNU sed does for the commands parse_sed reads."""
    commands = parse_sed(script, extended)
    lines = text.split("\n")
    ends_with_newline = text.endswith("\n")
    if ends_with_newline:
        lines.pop()
    out: list[str] = []
    for n, line in enumerate(lines, start=1):
        printed: list[str] = []
        result = _run(commands, line, n, n == len(lines), printed)
        out += printed
        if result is not None and not quiet:
            out.append(result)
    return "\n".join(out) + ("\n" if ends_with_newline and out else "")


# --- doing an edit --------------------------------------------------------------------------------

def _inside(case_dir: Path, rel: str) -> Path:
    path = (case_dir / rel).resolve()
    if not _PATH.fullmatch(rel) or case_dir.resolve() not in path.parents:
        raise UsageError(f"refused file edit on {rel!r}: only files inside the case are edited")
    return path


def _read(case_dir: Path, rel: str) -> bytes:
    path = _inside(case_dir, rel)
    found = find_file(path.parent, path.name)
    if found is None:
        raise UsageError(f"{rel} is missing: the step before this edit should have written it")
    return read_bytes(found)


def _write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".casewright-tmp")
    tmp.write_bytes(data)
    tmp.replace(path)


def apply_file_edit(case_dir: Path, args: list[str]) -> str:
    """Carry out one recorded edit on the case's files; returns what was done, for the step's log.
    UsageError when a file is missing or the edit was recorded as unsupported."""
    if not args:
        raise UsageError("a file edit step without its operation")
    op, rest = args[0], args[1:]
    if op == UNSUPPORTED:
        raise UsageError(f"the Allrun line `{unquote(rest[0]) if rest else '?'}` is not reproduced here: "
                         "finish the mesh by hand, then run the case again")
    if op == "concat" and len(rest) >= 2:
        target, sources = rest[0], rest[1:]
        _write(_inside(case_dir, target), b"".join(_read(case_dir, s) for s in sources))
        return f"wrote {target} from {' + '.join(sources)}"
    if op == "move" and len(rest) == 2:
        source, target = (_inside(case_dir, r) for r in rest)
        if not source.exists():
            raise UsageError(f"{rest[0]} is missing: nothing to move")
        if target.is_dir() and source.is_dir():
            shutil.rmtree(target)  # what the step before left there last time: the script's run makes it anew
        target.parent.mkdir(parents=True, exist_ok=True)
        source.replace(target)
        return f"moved {rest[0]} to {rest[1]}"
    if op == "sed" and len(rest) == 3:
        target, source, script = rest
        kind, _, body = script.partition(":")
        text = _read(case_dir, body).decode() if kind.startswith("file") else unquote(body)
        flags = kind.removeprefix("file").removeprefix("expr")
        try:
            out = run_sed(text, _read(case_dir, source).decode(errors="replace"), "n" in flags, "E" in flags)
        except SedError as exc:
            raise UsageError(f"sed script of {target} not reproduced: {exc}") from exc
        _write(_inside(case_dir, target), out.encode())
        return f"wrote {target} by sed from {source}"
    raise UsageError(f"unknown file edit {' '.join(args)!r}")


def written_file(args: list[str]) -> str | None:
    """The file an edit writes (relative to the case), or None for one recorded as unsupported."""
    if args[:1] in (["concat"], ["sed"]) and len(args) > 1:
        return args[1]
    return args[2] if args[:1] == ["move"] and len(args) > 2 else None


def edit_log_name(args: list[str]) -> str:
    """The log of one edit: log.meshFileEdit.<operation>.<file written> (log.meshFileEdit.sed.boundary)."""
    target = written_file(args) or ""
    return ".".join(p for p in ("log.meshFileEdit", args[0] if args else "", target.rsplit("/", 1)[-1]) if p)


def shell_line(args: list[str]) -> str:
    """The edit as the shell line a user's Allrun runs."""
    op, rest = args[0], args[1:]
    if op == "concat":
        return f"cat {' '.join(map(shlex.quote, rest[1:]))} > {shlex.quote(rest[0])}"
    if op == "move":
        return f"mv {shlex.quote(rest[0])} {shlex.quote(rest[1])}"
    if op == "sed":
        target, source, script = rest
        kind, _, body = script.partition(":")
        flags = kind.removeprefix("file").removeprefix("expr")
        options = "".join(f" -{f}" for f in flags)
        what = f"-f {shlex.quote(body)}" if kind.startswith("file") else f"-e {shlex.quote(unquote(body))}"
        if target == source:
            return f"sed -i{options} {what} {shlex.quote(target)}"
        return f"sed{options} {what} {shlex.quote(source)} > {shlex.quote(target)}"
    return f"echo 'not reproduced: {unquote(rest[0]) if rest else ''}' >&2; false"
