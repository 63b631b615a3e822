"""A wall y = f(x) of a 2D channel: a formula written in a request evaluated safely (only + - * / ^, parentheses,
pi, e and a few functions of x: nothing else runs), and a curved wall sampled into points close enough that straight
pieces between them follow it (within half a percent of its amplitude). Pure; metres. The words that give a wall
are read in text_wall_profile.py."""

from __future__ import annotations

import ast
import math
import operator
import re
from typing import Callable

from tasks.geometry.spec import Point

Wall = Callable[[float], float]

_FUNCS: dict[str, Callable[..., float]] = {"sin": math.sin, "cos": math.cos, "tan": math.tan, "exp": math.exp,
                                           "sqrt": math.sqrt, "abs": abs, "cosh": math.cosh, "tanh": math.tanh}
_CONSTS = {"pi": math.pi, "e": math.e}
_BINOPS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv,
           ast.Pow: operator.pow}


def formula(expr: str) -> Wall | None:
    """y(x) from a formula written with + - * / ^ **, parentheses, pi, sin, cos, tan, exp, sqrt, abs; None when it
    uses anything else (a symbol the text never gave a value)."""
    expr = expr.strip()
    while expr.endswith(")") and expr.count(")") > expr.count("("):
        expr = expr[:-1].rstrip()  # "(y = 0.1 sin(x))": the closing bracket is the sentence's
    src = expr.replace("^", "**").replace("π", "pi").replace("·", "*").replace("×", "*")
    src = re.sub(r"(\d)\s*(?=(?:pi|x|sin|cos|exp|sqrt|\())", r"\1*", src)  # "2pi x" -> "2*pi x"
    src = re.sub(r"(\))\s*(?=[\w(])", r"\1*", src)  # ")(" and ") x"
    src = re.sub(r"\b(pi|x)\s+(?=[\w(])", r"\1*", src)
    try:
        tree = ast.parse(src, mode="eval")
    except SyntaxError:
        return None

    def ok(node: ast.AST) -> bool:
        if isinstance(node, ast.Expression):
            return ok(node.body)
        if isinstance(node, ast.BinOp):
            return type(node.op) in _BINOPS and ok(node.left) and ok(node.right)
        if isinstance(node, ast.UnaryOp):
            return isinstance(node.op, (ast.USub, ast.UAdd)) and ok(node.operand)
        if isinstance(node, ast.Call):
            return isinstance(node.func, ast.Name) and node.func.id in _FUNCS and len(node.args) == 1 and ok(node.args[0])
        if isinstance(node, ast.Name):
            return node.id == "x" or node.id in _CONSTS
        return isinstance(node, ast.Constant) and isinstance(node.value, (int, float))

    if not ok(tree):
        return None

    def ev(node: ast.AST, x: float) -> float:
        if isinstance(node, ast.Expression):
            return ev(node.body, x)
        if isinstance(node, ast.BinOp):
            return _BINOPS[type(node.op)](ev(node.left, x), ev(node.right, x))
        if isinstance(node, ast.UnaryOp):
            return -ev(node.operand, x) if isinstance(node.op, ast.USub) else ev(node.operand, x)
        if isinstance(node, ast.Call):
            return _FUNCS[node.func.id](ev(node.args[0], x))  # type: ignore[union-attr]
        if isinstance(node, ast.Name):
            return x if node.id == "x" else _CONSTS[node.id]
        return float(node.value)  # type: ignore[attr-defined]

    try:
        ev(tree, 0.123)
    except (ValueError, ZeroDivisionError, OverflowError):
        return None
    return lambda x: ev(tree, x)


_MOST_POINTS = 240  # points along one curved wall
PIECE = 30  # points per polyLine edge: the case writer parses blockMeshDict back, and long lists parse slowly


def sample(wall: Wall, lo: float, hi: float) -> list[Point]:
    """Points of the wall from `lo` to `hi`, evenly spaced along x and close enough that straight pieces between them
    stay within half a percent of the wall's amplitude; at most 241."""
    fine = [lo + (hi - lo) * k / 2000 for k in range(2001)]
    ys = [wall(x) for x in fine]
    amp = max(ys) - min(ys) or 1.0
    n = 8
    while n < _MOST_POINTS:
        pts = [(lo + (hi - lo) * k / n, wall(lo + (hi - lo) * k / n)) for k in range(n + 1)]
        if max(abs(y - interpolate(pts, x)) for x, y in zip(fine, ys)) <= 0.005 * amp:
            break
        n = int(n * 1.5) + 1
    n = min(n, _MOST_POINTS)
    pts = [(lo + (hi - lo) * k / n, wall(lo + (hi - lo) * k / n)) for k in range(n + 1)]
    crest = fine[max(range(len(ys)), key=lambda k: ys[k])]
    trough = fine[min(range(len(ys)), key=lambda k: ys[k])]  # the crest and the trough themselves, for the bounds
    extra = [(x, wall(x)) for x in (crest, trough) if lo < x < hi and all(abs(x - p[0]) > 1e-9 * (hi - lo) for p in pts)]
    return sorted(pts + extra)


def interpolate(pts: list[Point], x: float) -> float:
    for a, b in zip(pts, pts[1:]):
        if a[0] <= x <= b[0]:
            return a[1] + (b[1] - a[1]) * (x - a[0]) / (b[0] - a[0])
    return pts[-1][1]


def wall_support(wall: Wall, lo: float, hi: float, base: float) -> tuple[float, float]:
    """The part of [lo, hi] where the wall leaves its flat level (a Gaussian's tails trimmed where they are flat)."""
    xs = [lo + (hi - lo) * k / 2000 for k in range(2001)]
    ys = [wall(x) - base for x in xs]
    peak = max(abs(y) for y in ys) or 1.0
    off = [x for x, y in zip(xs, ys) if abs(y) > 1e-4 * peak]
    return (off[0], off[-1]) if off and (off[0] > lo or off[-1] < hi) else (lo, hi)
