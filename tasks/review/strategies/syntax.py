"""Syntax repair: what a careless writer or an LLM leaves behind in a dictionary.

The file the FATAL names (or every file a tolerant scan finds broken) goes through a chain of
small, conservative line repairs, each for one class of defect: markdown fences and prose,
shell-style `#` comments, an unclosed `/*`, missing `;`, `NAME;` before a `{`, missing or
stray braces (from the indentation), list syntax (commas, `[x y z]`, `uniform 0 0 0`),
foreign tokens (`True`, `key = value`, quoted numbers) and a missing FoamFile header
(its class inferred from the file's path, or taken from the solver's tutorials).
"""

from __future__ import annotations

import re
from typing import Callable

from tasks.foam import dictionary as fd
from tasks.review.case import CaseView
from tasks.review.edits import patch
from tasks.review.models import Patch, Problem
from tasks.review.strategies.tutorials import nearest_with

Fixer = Callable[[str, str], str]

DIRECTIVES = {"include", "includeEtc", "includeFunc", "includeIfPresent", "includeFuncIfPresent", "inputMode",
              "remove", "calc", "codeStream", "neg", "ifeq", "if", "else", "endif", "default", "merge", "overwrite",
              "warn", "error", "protect", "sinclude", "includeEtcIfPresent", "eval", "word"}
_NUM = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_KEYLIKE = re.compile(r'^\s*(?:"[^"]+"|[A-Za-z_$][\w.:<>,()|*\-]*)(?:\s+\S.*)?$')
_WORD = re.compile(r"^[A-Za-z][a-z]*[:.,!?]?$")


def _code_lines(text: str) -> list[tuple[str, bool]]:
    """Each line with whether it is (partly) code: block comments and `#{ #}` spans are not."""
    out: list[tuple[str, bool]] = []
    in_comment = in_code = False
    for line in text.split("\n"):
        s = line.strip()
        if in_comment:
            out.append((line, False))
            if "*/" in line:
                in_comment = False
            continue
        if in_code:
            out.append((line, False))
            if "#}" in line:
                in_code = False
            continue
        if s.startswith("/*") and "*/" not in s:
            in_comment = True
            out.append((line, False))
            continue
        if "#{" in s and "#}" not in s:
            in_code = True
            out.append((line, False))
            continue
        out.append((line, not s.startswith("//") and not (s.startswith("/*") and s.endswith("*/"))))
    return out


def _strip(line: str) -> str:
    """A line without its trailing // comment (strings kept)."""
    return re.sub(r'\s*//(?=(?:[^"]*"[^"]*")*[^"]*$).*$', "", line).rstrip()


def strip_fences(text: str, rel: str) -> str:
    return re.sub(r"(?m)^\s*```[\w+-]*\s*\n?", "", text)


def _is_prose(s: str) -> bool:
    words = s.split()
    if len(words) < 3 or any(c in s for c in ";{}()[]$\"#"):
        return False
    alpha = sum(1 for w in words if _WORD.match(w))
    return alpha >= 0.6 * len(words)


def strip_prose(text: str, rel: str) -> str:
    """Sentences at the top level (an LLM's preamble or closing remark)."""
    lines = _code_lines(text)
    out: list[str] = []
    depth = 0
    for line, code in lines:
        s = _strip(line).strip()
        if code and depth == 0 and _is_prose(s):
            continue
        if code:
            depth += s.count("{") + s.count("(") - s.count("}") - s.count(")")
        out.append(line)
    return "\n".join(out)


def hash_comments(text: str, rel: str) -> str:
    def fix(m: re.Match[str]) -> str:
        word = m[2]
        return m[0] if word in DIRECTIVES else f"{m[1]}//{m[0][len(m[1]) + 1:]}"
    return re.sub(r"(?m)^(\s*)#(?!\{|\})\s*(\w*).*$", fix, text)


def close_comment(text: str, rel: str) -> str:
    """An opening `/*` with no `*/` after it: close it at the end of its line."""
    for m in re.finditer(r'"(?:[^"\\\n]|\\.)*"|//[^\n]*|/\*.*?\*/|/\*', text, re.S):
        if m[0] == "/*":
            eol = text.find("\n", m.start())
            eol = len(text) if eol < 0 else eol
            return text[:eol] + " */" + text[eol:]
    return text


def _per_code_line(text: str, fn: Callable[[str], str]) -> str:
    """`fn` on the code part of each code line (a trailing // comment is kept as is)."""
    def one(line: str) -> str:
        code = _strip(line)
        return fn(code) + line[len(code):]
    return "\n".join(one(line) if code else line for line, code in _code_lines(text))


def _depths(text: str) -> tuple[int, int]:
    """(lowest, final) brace depth over the code of `text`."""
    depth = low = 0
    body = re.sub(r'"(?:[^"\\\n]|\\.)*"|//[^\n]*|/\*.*?\*/|#\{.*?#\}', " ", text, flags=re.S)
    for ch in body:
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            low = min(low, depth)
    return low, depth


def _tokens_line(line: str) -> str:
    line = re.sub(r"^(\s*[A-Za-z_]\w*)\s*[=:]\s+(?=\S)", lambda m: m[1] + " ", line)
    line = re.sub(r"^(\s*[A-Za-z_]\w*\s+)(True|TRUE|False|FALSE)\s*;", lambda m: m[1] + m[2].lower() + ";", line)
    return re.sub(rf'^(\s*(?!location\b|object\b)[A-Za-z_]\w*\s+)"({_NUM})"\s*;', r"\1\2;", line)


def foreign_tokens(text: str, rel: str) -> str:
    """`key = value;`, Python's `True`, a number in quotes."""
    return _per_code_line(text, _tokens_line)


_VEC = rf"(?:{_NUM}[ \t]+){{2}}(?:(?:{_NUM}[ \t]+){{3}}){{0,2}}{_NUM}"


def _list_line(line: str) -> str:
    if re.search(r"[A-Za-z_]\w*\s*\(", line) and "uniform" not in line and not line.lstrip().startswith(
            ("dimensions", "value", "internalField", "(", "[")) and not re.search(r"\b(?:traction|pressure|inletValue|"
                                                                               r"refValue|uniformValue)\b", line):
        return line  # code or a function call: vector(1,0,0)
    # commas between numbers: (1, 0, 0), [0, 2, -1, 0, 0, 0, 0]
    line = re.sub(rf"(?<=[\d.])[ \t]*,[ \t]*(?={_NUM})", " ", line)
    # a vector written with brackets: uniform [0 0 0]
    line = re.sub(rf"\buniform[ \t]*\[[ \t]*({_VEC})[ \t]*\]", lambda m: f"uniform ({' '.join(m[1].split())})", line)
    # a vector without parentheses: uniform 0 0 0;
    line = re.sub(rf"\buniform[ \t]+({_VEC})[ \t]*;", lambda m: f"uniform ({' '.join(m[1].split())});", line)
    # a list row that lost its closing parenthesis: (0.5 0 0
    return re.sub(rf"^([ \t]*\([ \t]*(?:{_NUM}[ \t]+)+{_NUM})[ \t]*$", r"\1)", line)


def list_syntax(text: str, rel: str) -> str:
    return _per_code_line(text, _list_line)


def semicolon_before_brace(text: str, rel: str) -> str:
    return re.sub(r'(?m)^(\s*(?:"[^"\n]+"|[A-Za-z_][\w.]*))\s*;\s*\n(\s*\{)', r"\1\n\2", text)


def _next_code(lines: list[tuple[str, bool]], i: int) -> str | None:
    for line, code in lines[i + 1:]:
        s = _strip(line).strip()
        if code and s:
            return s
    return None


def missing_semicolons(text: str, rel: str) -> str:
    """`key value` followed by another entry or a `}`: the `;` is missing."""
    lines = _code_lines(text)
    out: list[str] = []
    paren = 0
    for i, (line, code) in enumerate(lines):
        s = _strip(line)
        st = s.strip()
        if (code and st and paren == 0 and not st.startswith(("#", "(", ")", "$", "{", "}"))
                and st[-1] not in ";{}([\\," and st.count("(") == st.count(")") and len(st.split()) >= 2
                and _KEYLIKE.match(st)):
            nxt = _next_code(lines, i)
            if nxt is not None and (nxt.startswith("}") or _NEW_ENTRY.match(nxt)):
                line = s + ";" + line[len(s):]
        if code:
            paren = max(paren + st.count("(") - st.count(")"), 0)
        out.append(line)
    return "\n".join(out)


_NEW_ENTRY = re.compile(r'^(?:"[^"]+"|[A-Za-z_][\w.()|*,]*)\s+[^\s{(]')


def _starts_block(lines: list[tuple[str, bool]], i: int) -> bool:
    nxt = _next_code(lines, i)
    return nxt is not None and nxt.startswith(("{", "("))


def balance_braces(text: str, rel: str) -> str:
    """Missing `{` after a name whose body is indented, missing `}` where the indentation
    falls back, a stray `}` at the top level. Only for a file whose braces do not balance."""
    if _depths(text) == (0, 0):
        return text
    lines = _code_lines(text)
    out: list[str] = []
    stack: list[int] = []  # indentation of each open block's name line
    prev_name_indent: int | None = None
    for i, (line, code) in enumerate(lines):
        st = _strip(line).strip()
        if not code or not st:
            out.append(line)
            continue
        indent = len(line) - len(line.lstrip())
        # the indentation fell back to (or past) an open block's name: close it
        while stack and indent <= stack[-1] and not st.startswith("}"):
            out.append(" " * stack[-1] + "}")
            stack.pop()
        if st.startswith("}"):
            if not stack:
                continue  # a stray `}`
            stack.pop()
            out.append(line)
            prev_name_indent = None
            continue
        if st == "{":
            stack.append(prev_name_indent if prev_name_indent is not None else max(indent - 4, 0))
            out.append(line)
            prev_name_indent = None
            continue
        bare = re.fullmatch(r'(?:"[^"]+"|[A-Za-z_][\w.]*)', st)
        nxt_line = next(((ln, c) for ln, c in lines[i + 1:] if c and _strip(ln).strip()), None)
        if bare and nxt_line is not None:
            nst = _strip(nxt_line[0]).strip()
            nindent = len(nxt_line[0]) - len(nxt_line[0].lstrip())
            if not nst.startswith(("{", "(")) and nindent > indent:
                out.append(line)
                out.append(" " * indent + "{")
                stack.append(indent)
                prev_name_indent = None
                continue
        prev_name_indent = indent if bare else None
        opens = st.count("{") - st.count("}")
        out.append(line)
        for _ in range(max(opens, 0)):
            stack.append(indent)
    while stack:
        out.append(" " * stack.pop() + "}")
    return "\n".join(out)


def _header(text: str, rel: str, view: CaseView | None) -> str:
    if re.search(r"(?m)^\s*FoamFile\b", text):
        return text
    folder, _, name = rel.rpartition("/")
    cls = "dictionary"
    if view is not None:
        found = nearest_with(view, rel, ["FoamFile"])
        if found is not None:
            cls = (fd.get(found[1], ["FoamFile", "class"]) or cls).strip()
    if folder in ("0", "0.orig") and cls == "dictionary":
        value = fd.get(text, ["internalField"]) or ""
        n = len(re.findall(_NUM, value.partition("(")[2].partition(")")[0])) if "(" in value else 1
        cls = {1: "volScalarField", 3: "volVectorField", 6: "volSymmTensorField", 9: "volTensorField"}.get(n, cls)
    head = (f"FoamFile\n{{\n    version     2.0;\n    format      ascii;\n    class       {cls};\n"
            f"    location    \"{folder}\";\n    object      {name};\n}}\n\n")
    return head + text.lstrip("\n")


FIXERS: list[tuple[str, Fixer]] = [
    ("markdown fences", strip_fences),
    ("prose lines", strip_prose),
    ("shell-style comments", hash_comments),
    ("unclosed comment", close_comment),
    ("foreign tokens", foreign_tokens),
    ("list syntax", list_syntax),
    ("`;` before `{`", semicolon_before_brace),
    ("braces", balance_braces),
    ("missing `;`", missing_semicolons),
]


def repair_text(text: str, rel: str, view: CaseView | None = None) -> tuple[str, list[str]]:
    """The text after every fixer, and the names of those that changed something."""
    used: list[str] = []
    for name, fixer in FIXERS:
        new = fixer(text, rel)
        if new != text:
            used.append(name)
            text = new
    new = _header(text, rel, view)
    if new != text:
        used.append("FoamFile header")
        text = new
    return text, used


def _candidates(problem: Problem, view: CaseView) -> list[str]:
    files: list[str] = []
    if problem.file and view.has(problem.file):
        files.append(problem.file)
    if problem.file and problem.file.startswith(("0/", "0.orig/")):
        name = problem.file.partition("/")[2].removesuffix(".orig")
        files += [p for p in view.field_copies(name) if p not in files]
    if problem.kind in ("fatal", "value_syntax", "mesh_block_syntax") and not files:
        files += [p for p in sorted(view.texts) if p.startswith(("system/", "constant/", "0/", "0.orig/"))
                  and p != "constant/polyMesh/boundary" and fd.parse_error(view.texts[p])]
    return files


def syntax_repair(problem: Problem, view: CaseView) -> Patch | None:
    changes: dict[str, str] = {}
    used: set[str] = set()
    for rel in _candidates(problem, view):
        text = view.texts[rel]
        if problem.kind not in ("fatal", "value_syntax", "mesh_block_syntax", "preflight") \
                and fd.parse_error(text) is None and not _suspect(text, rel):
            continue
        new, names = repair_text(text, rel, view)
        if new != text and fd.parse_error(new) is None:
            changes[rel] = new
            used.update(names)
    if not changes:
        return None
    found = patch(f"syntax repair ({', '.join(sorted(used))}) in {', '.join(changes)}", changes, view)
    if found is not None:
        found = found.model_copy(update={"strategy": "syntax", "source": "tolerant scan: " + ", ".join(sorted(used))})
    return found


def _suspect(text: str, rel: str) -> bool:
    """A file that parses but still carries a defect the fixers know (a missing `;` makes
    two entries one, which foamlib accepts)."""
    new, used = repair_text(text, rel)
    return bool(used) and used != ["FoamFile header"]
