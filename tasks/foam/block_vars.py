"""A blockMeshDict's numbers as blockMesh reads them: its top-level variables (`L 4;`, `H2 #eval{ 2*$H };`,
`y #calc "$r*sin(degToRad($a))";`) evaluated in order with simple arithmetic, and its `$name` macros in
the vertices and blocks replaced by those numbers (`($L $H 0)` -> `(62.83 1 0)`), so the readers of
plain blockMeshDicts (tasks.foam.geometry) read a parametrised one (channel395, pipeCyclic,
standingWave) as well. Pure: text in, numbers or text out.
"""

from __future__ import annotations

import ast
import math
import operator
import re
from collections.abc import Callable

from tasks.core.errors import PlanError
from tasks.foam import dictionary as fd

# the functions an OpenFOAM #eval / #calc expression of a mesh uses (lower-cased names)
_FUNCTIONS: dict[str, Callable[..., float]] = {
    "pi": lambda: math.pi, "sin": math.sin, "cos": math.cos, "tan": math.tan, "asin": math.asin,
    "acos": math.acos, "atan": math.atan, "atan2": math.atan2, "sqrt": math.sqrt, "exp": math.exp,
    "log": math.log, "log10": math.log10, "pow": math.pow, "mag": abs, "abs": abs, "min": min, "max": max,
    "degtorad": math.radians, "radtodeg": math.degrees, "deg2rad": math.radians, "rad2deg": math.degrees,
    "sqr": lambda x: x * x, "floor": math.floor, "ceil": math.ceil, "round": round,
}
_BINARY: dict[type, Callable[[float, float], float]] = {
    ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv,
    ast.Pow: operator.pow, ast.Mod: operator.mod,
}
_MACRO = re.compile(r"\$\{?:?([A-Za-z_]\w*)\}?")
_DIRECTIVE = re.compile(r"^#(?:eval|calc)\s*(?:\{(?P<brace>.*)\}|\"(?P<quoted>.*)\")\s*$", re.S)
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


def evaluate(expression: str, values: dict[str, float]) -> float | None:
    """The value of an arithmetic expression (numbers, + - * / ^, the functions of `_FUNCTIONS`,
    `$name` of `values`); None when it uses anything else (a name not defined, a string)."""
    python = _MACRO.sub(lambda m: repr(values[m[1]]) if m[1] in values else "__undefined__", expression)
    python = python.replace("^", "**").strip()
    if not python or "__undefined__" in python:
        return None
    try:
        tree = ast.parse(python, mode="eval")
        result = _node_value(tree.body)
    except (SyntaxError, ValueError, TypeError, ZeroDivisionError, OverflowError, KeyError):
        return None
    return float(result)


def _node_value(node: ast.AST) -> float:
    """One node of a parsed arithmetic expression, evaluated; ValueError for anything else."""
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) and not isinstance(node.value, bool):
        return float(node.value)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        value = _node_value(node.operand)
        return -value if isinstance(node.op, ast.USub) else value
    if isinstance(node, ast.BinOp) and type(node.op) in _BINARY:
        return _BINARY[type(node.op)](_node_value(node.left), _node_value(node.right))
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and not node.keywords:
        function = _FUNCTIONS.get(node.func.id.lower())
        if function is not None:
            return float(function(*[_node_value(a) for a in node.args]))
    if isinstance(node, ast.Name) and node.id.lower() == "pi":
        return math.pi
    raise ValueError(f"not an arithmetic expression: {ast.dump(node)[:60]}")


def variables(text: str) -> dict[str, float]:
    """The blockMeshDict's top-level variables that are numbers, in the order written: plain
    (`nx 50;`), a macro of another (`H2 $H;`) or an `#eval{ }` / `#calc ""` expression of them."""
    values: dict[str, float] = {}
    for name, raw in fd.top_level_values(fd.strip_comments(text)).items():
        directive = _DIRECTIVE.match(raw.strip())
        expression = (directive["brace"] or directive["quoted"] or "") if directive else raw
        if name in ("vertices", "blocks", "edges", "boundary", "patches", "mergePatchPairs", "FoamFile"):
            continue
        value = evaluate(expression, values)
        if value is not None:
            values[name] = value
    return values


def number_text(value: float) -> str:
    """A number as a blockMeshDict writes it: `50`, `62.8318530718`, `-0.35`."""
    return f"{value:.12g}"


def substitute(text: str, values: dict[str, float]) -> str:
    """`text` with each `$name` / `-$name` of `values` replaced by its number (the sign folded in)."""
    def one(m: re.Match[str]) -> str:
        value = values[m[2]]
        return number_text(-value if m[1] else value)

    known = "|".join(re.escape(n) for n in sorted(values, key=len, reverse=True))
    if not known:
        return text
    return re.sub(rf"(-)?\$\{{?:?({known})\b\}}?", one, text)


def plain_text(text: str) -> str:
    """The blockMeshDict (comments blanked) with the macros of its numeric variables replaced by
    their numbers, and `#eval{ }` / `#calc` expressions inside its vertices replaced by their values:
    what tasks.foam.geometry reads as a plain mesh. A text with no variables comes back as it is
    (comments blanked)."""
    clean = fd.strip_comments(text)
    if "$" not in clean and "#eval" not in clean and "#calc" not in clean:
        return clean
    values = variables(clean)
    out = substitute(clean, values)
    return re.sub(r"#eval\s*\{([^{}]*)\}", lambda m: _inline(m, values), out)


def _inline(m: re.Match[str], values: dict[str, float]) -> str:
    value = evaluate(m[1], values)
    return m[0] if value is None else number_text(value)


def scale_of(text: str) -> float:
    """The factor blockMesh multiplies the vertices by (`convertToMeters` or `scale`, a variable or
    expression allowed); 1 when it has neither or it cannot be read."""
    clean = fd.strip_comments(text)
    values = variables(clean)
    for key in ("convertToMeters", "scale"):
        if key in values:
            return values[key]
    return 1.0


_PROJECTED = re.compile(r"\bproject\s*(\([^()]*\))\s*\([^()]*\)")


def points(text: str) -> list[list[float]] | None:
    """The vertices of a blockMeshDict (variables evaluated), unscaled; None when one of them is not
    three numbers after evaluation."""
    vertices = fd.get(plain_text(text), ["vertices"])
    if vertices is None:
        return None
    body = vertices.strip()
    body = body[body.find("(") + 1:body.rfind(")")] if "(" in body else ""
    body = _PROJECTED.sub(r"\1", body)  # `project (x y z) (cylinder)`: the point before its projection
    triples = re.findall(r"\(([^()]*)\)", body)
    out: list[list[float]] = []
    for triple in triples:
        numbers = triple.split()
        if len(numbers) != 3 or not all(_NUMBER.fullmatch(n) for n in numbers):
            return None
        out.append([float(n) for n in numbers])
    if not out or re.sub(r"\([^()]*\)", "", body).strip():
        return None  # something other than a point in the list (a named vertex, a projection)
    return out


def coordinate_variables(text: str) -> dict[str, list[int]]:
    """Variable name -> the axes (0 x, 1 y, 2 z) whose vertex coordinates name it directly
    (`($L 0 0)`: L on x), in the order the variables are written."""
    clean = fd.strip_comments(text)
    vertices = fd.get(clean, ["vertices"]) or ""
    axes: dict[str, set[int]] = {}
    for triple in re.findall(r"\(([^()]*)\)", vertices):
        tokens = triple.split()
        for axis, token in enumerate(tokens[:3]):
            m = re.fullmatch(r"-?\$\{?:?([A-Za-z_]\w*)\}?", token)
            if m:
                axes.setdefault(m[1], set()).add(axis)
    order = list(variables(clean))
    return {name: sorted(axes[name]) for name in sorted(axes, key=lambda n: order.index(n) if n in order else 99)}


# a hex block's three cell counts as written: numbers or variables (`($nR $nR $nZ)`)
_COUNT_TOKENS = re.compile(r"\bhex\s*\([^()]*\)\s*(?:[A-Za-z_][\w.:-]*\s*)?\(\s*(\S+)\s+(\S+)\s+(\S+?)\s*\)")


def count_variable_values(original: str, new_counts: list[tuple[int, int, int]]) -> dict[str, int] | None:
    """Variable -> its new value, when every block count that `new_counts` changes is written as a
    variable in `original` (`($nR $nR $nZ)`) and each variable takes one value; None when a changed
    count is a number there, a variable would take two values, or the blocks do not line up."""
    clean = fd.strip_comments(original)
    values = variables(clean)
    written = [m.groups() for m in _COUNT_TOKENS.finditer(clean)]
    if len(written) != len(new_counts):
        return None
    out: dict[str, int] = {}
    for tokens, counts in zip(written, new_counts):
        for token, count in zip(tokens, counts):
            name = re.fullmatch(r"\$\{?:?([A-Za-z_]\w*)\}?", token)
            old = values.get(name[1]) if name else (float(token) if _NUMBER.fullmatch(token) else None)
            if old is None:
                return None
            if name is None:
                if int(old) != count:
                    return None  # a literal count changed: the blocks are written as numbers
                continue
            if out.setdefault(name[1], count) != count:
                return None
    return {name: n for name, n in out.items() if int(values[name]) != n}


# --- cell counts written as variables ------------------------------------------------------------

_NAMES = ("vertices", "blocks", "edges", "boundary", "patches", "mergePatchPairs", "FoamFile")


def _count_path(token: str) -> list[str]:
    """The entry path a count token names: `$nx` -> ["nx"], `$:backgroundMesh.xCells` ->
    ["backgroundMesh", "xCells"]."""
    return [part for part in re.split(r"[.:/]", token.strip("${}:")) if part]


def count_variables(text: str) -> list[tuple[list[str], int, tuple[int, ...]]]:
    """(entry path, value, local block axes) of every variable a live hex block's cell count names,
    each once, in the order the blocks name them: the one reader of count variables. A top-level
    variable is evaluated as blockMesh would (`nz1 $nx2;`, `n #calc "2*$m";`); a scoped one
    (`$:backgroundMesh.xCells`) must be a plain number there. Raises PlanError, naming it, when
    a count is missing or not a whole number."""
    clean = fd.strip_comments(text)
    values = variables(clean)
    found: dict[tuple[str, ...], tuple[int, set[int]]] = {}
    for tokens in _COUNT_TOKENS.findall(clean):
        for axis, token in enumerate(tokens):
            if not token.startswith("$"):
                continue
            path = _count_path(token)
            if len(path) == 1 and path[0] in values:
                value: float | None = values[path[0]]
                raw = fd.top_level_values(clean).get(path[0])
            else:
                raw = fd.get(clean, path)
                value = float(raw) if raw is not None and re.fullmatch(r"\s*\d+\s*", raw) else None
            if value is None or value != int(value) or value < 1:
                raise PlanError(f"system/blockMeshDict: the cell count {token} of a block is not a whole number "
                                f"({raw!r}); change it by hand")
            found.setdefault(tuple(path), (int(value), set()))[1].add(axis)
    return [(list(path), value, tuple(sorted(axes))) for path, (value, axes) in found.items()]


def _roots(name: str, raw: dict[str, str], seen: frozenset[str] = frozenset()) -> set[str]:
    """The top-level variables with no `$` in their definition that `name`'s value comes from
    (itself when it is one)."""
    definition = raw.get(name, "")
    if "$" not in definition or name in seen:
        return {name}
    out: set[str] = set()
    for other in _MACRO.findall(definition):
        out |= _roots(other, raw, seen | {name})
    return out


def scaled_count_variables(text: str, factors: list[float]) -> list[tuple[list[str], int, int]]:
    """(entry path, old value, new value) of the variables to set so that every block count named
    by a variable is multiplied by its axis' factor (x, y, z as the blocks' local axes), rounded,
    at least 1; the variables set are plain numbers. A count derived from others (`nz1 $nx2;`,
    `zc $yc;`) keeps its definition and follows them. A count of 1 on an axis with one cell in
    every block (a 2-D mesh's flat direction) stays. Raises PlanError, saying why, when one
    variable sets counts along axes refined differently, or a count is an expression (`#calc`) or
    comes from something other than counts (a length over a cell size)."""
    if len(factors) != 3:
        raise PlanError(f"need three refinement factors (x y z), got {factors}")
    clean = fd.strip_comments(text)
    raw = {k: v for k, v in fd.top_level_values(clean).items() if k not in _NAMES}
    counts = count_variables(text)
    resolved = _resolved_blocks(clean, counts)
    flat = {a for a in range(3) if resolved and all(block[a] == 1 for block in resolved)}
    wanted: dict[tuple[str, ...], tuple[int, float]] = {}
    for path, value, axes in counts:
        moving = [a for a in axes if not (value == 1 and a in flat)]
        scales = {factors[a] for a in moving} or {1.0}
        if len(scales) > 1:
            raise PlanError(f"system/blockMeshDict: the variable {'.'.join(path)} sets the cell counts along local "
                            f"axes {', '.join('xyz'[a] for a in moving)}, which are refined differently; "
                            "change it by hand or refine those directions alike")
        wanted[tuple(path)] = (value, scales.pop())
    edits: dict[tuple[str, ...], tuple[int, int]] = {}
    for path, (value, factor) in wanted.items():
        roots = _roots(path[0], raw) if len(path) == 1 else {path[0]}
        if len(path) == 1 and roots != {path[0]}:
            if not all((r,) in wanted for r in roots):
                raise PlanError(f"system/blockMeshDict: the cell count {path[0]} is computed from "
                                f"{', '.join(sorted(roots))}, not all of them cell counts; change it by hand")
            continue  # derived from other counts (`nz1 $nx2;`): follows them, checked below
        if len(path) == 1 and not re.fullmatch(r"\d+", raw.get(path[0], "")):
            raise PlanError(f"system/blockMeshDict: the cell count {path[0]} is not a whole number "
                            f"({raw.get(path[0])!r}); change it by hand")
        edits[path] = (value, max(1, round(value * factor)))
    new_text = clean
    for path, (_, new) in edits.items():
        new_text = fd.set_entry(new_text, list(path), str(new))
    for path, value, _ in count_variables(new_text):
        old, factor = wanted[tuple(path)]
        if tuple(path) not in edits and abs(value - old * factor) > max(1.0, 0.1 * old * factor):
            raise PlanError(f"system/blockMeshDict: the cell count {'.'.join(path)} ({old}) derives from other "
                            f"counts and would become {value}, not about {old * factor:g}; change it by hand")
    return [(list(path), old, new) for path, (old, new) in edits.items()]


def _resolved_blocks(clean: str, counts: list[tuple[list[str], int, tuple[int, ...]]]) -> list[tuple[int, ...]]:
    """Every live hex block's three counts, the variables among them replaced by `counts`' values."""
    values = {tuple(path): value for path, value, _ in counts}
    return [tuple(values.get(tuple(_count_path(t)), 0) if t.startswith("$") else int(float(t))
                  if _NUMBER.fullmatch(t) else 0 for t in tokens) for tokens in _COUNT_TOKENS.findall(clean)]
