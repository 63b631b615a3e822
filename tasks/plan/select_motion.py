"""A moving body or container said in everyday words: "the tank is shaken back and forth", "the box
bobs up and down", "a wing pitching at 2 Hz", "the inlet section swings sideways", "a tank that rolls
with the ship". Such a request wants a base whose mesh moves (a dynamicMeshDict that moves points or
a cell zone), as "moving mesh" said outright does. Pure.

A flow quantity that oscillates ("an oscillating inlet velocity", "a pulsating pressure") is a
boundary condition in time on a fixed mesh, and a lid or a wall that slides is a moving-wall
condition: neither moves the mesh.
"""

from __future__ import annotations

import re

from tasks.plan.select_words import solver_words

# a body, a container or a part of the domain that can move as a whole
BODY_WORDS = ("tank", "box", "container", "vessel", "cylinder", "body", "object", "wing", "airfoil", "aerofoil",
              "foil", "hydrofoil", "plate", "hull", "ship", "boat", "paddle", "flap", "piston", "cube", "sphere",
              "block", "section", "channel", "duct", "pipe", "blade", "bottom", "underside", "bucket", "beaker",
              "bottle", "glass", "cup", "flask", "basin", "tube", "buoy", "float", "floater", "structure", "bridge",
              "building", "cable", "fin", "tail", "membrane", "bar", "beam", "rod", "wedge", "disc", "disk",
              "prism", "square", "valve", "gate", "inlet")
# a periodic or imposed motion of the whole body (not a rotation: a turning part is a rotating zone)
_MOTION = re.compile(
    r"\b(?:oscillat\w*|shak(?:e|es|en|ing)|shook|heav(?:e|es|ed|ing)|bob(?:s|bed|bing)?|swing(?:s|ing)?|swung"
    r"|sway(?:s|ed|ing)?|rock(?:s|ed|ing)|pitch(?:es|ed|ing)|plung(?:e|es|ed|ing)|flap(?:s|ped|ping)"
    r"|vibrat\w*|jiggl\w*|wobbl\w*|judder\w*|tilt(?:s|ed|ing)|roll(?:s|ed|ing) and (?:heav|pitch|sway)\w*"
    r"|(?:moves?|moved|moving|slides?|slid|sliding|goes|going|travels?|travelling|traveling|translat\w*)"
    r"\s+(?:\w+\s+){0,2}?(?:back and forth|to and fro|up and down|side to side|sideways|periodically"
    r"|sinusoidally|harmonically)|(?:moved|driven|carried|tossed|thrown) (?:about |around )?by (?:the )?"
    r"(?:ship|boat|waves?|sea)\w*|(?:ship|boat|vessel)'?s? motion)\b", re.I)
# what oscillates is the flow or a boundary value, not a body: '... oscillating inlet velocity'
_QUANTITY_AFTER = re.compile(r"^\s*(?:\w+\s+){0,2}?(?:velocity|velocities|speed|inflow|outflow|flow ?rate|pressure"
                             r"|temperature|value|signal|jet|stream|boundary condition|forcing)\b", re.I)
# a lid or a wall that slides is a moving-wall condition on a fixed mesh
_WALL_NOUNS = re.compile(r"\b(?:lid|wall|belt|conveyor|plate of the cavity)\b", re.I)
_CLAUSE = re.compile(r"[;!?\n]+|\.(?!\d)")  # not a decimal point


def body_moves(text: str) -> bool:
    """A clause of the request moves a body, a container or a part of the domain as a whole
    (shaken, heaving, pitching, swinging, moved by the ship): its mesh must move."""
    for clause in _CLAUSE.split(text):
        low = " " + " ".join(clause.lower().split()) + " "
        if not any(re.search(rf"\b{w}s?\b", low) for w in BODY_WORDS):
            continue
        for m in _MOTION.finditer(low):
            if _QUANTITY_AFTER.match(low[m.end():]):
                continue  # 'an oscillating inlet velocity'
            if _moved_noun(low, m.start(), m.end()) == "wall":
                continue  # 'the lid oscillates', 'an oscillating wall'
            return True
    return False


_BODY = re.compile(r"\b(?:" + "|".join(BODY_WORDS) + r")s?\b", re.I)


def _moved_noun(low: str, start: int, end: int) -> str | None:
    """'body' or 'wall': the noun the motion word at start..end is said of, the nearest before it
    ('the lid slides back and forth') or else the first after it ('an oscillating cylinder')."""
    before = [(m.end(), kind) for kind, pattern in (("body", _BODY), ("wall", _WALL_NOUNS))
              for m in pattern.finditer(low[max(0, start - 40):start])]
    if before:
        return max(before)[1]
    after = [(m.start(), kind) for kind, pattern in (("body", _BODY), ("wall", _WALL_NOUNS))
             for m in pattern.finditer(low[end:end + 30])]
    return min(after)[1] if after else None


# an interface between parts of the mesh (a non-conformal, cyclic or sliding coupling of two zones), no
# interface between two fluids
_MESH_INTERFACE_KINDS = ("non-conformal", "nonconformal", "non-conforming", "nonconforming", "non-matching",
                         "nonmatching", "conformal", "conforming", "matching", "cyclic", "acmi", "ami", "periodic",
                         "rotor-stator", "stator-rotor", "overlapping", "overset", "mesh-to-mesh", "sliding-mesh",
                         "patch", "block", "zone", "coupling", "grid", "cyclic ami", "cyclic acmi")
MESH_INTERFACES = tuple(f"{spelt} interface{plural}" for kind in _MESH_INTERFACE_KINDS
                        for spelt in dict.fromkeys((kind, kind.replace("-", " "))) for plural in ("", "s"))


def on_moving_mesh(strength: dict[str, float]) -> dict[str, float]:
    """The solver hints of a request whose mesh moves: a method's moving-mesh variant (its DyM
    solver: potentialFreeSurfaceDyMFoam, interDyMFoam) is pointed to as much as the method itself."""
    out = dict(strength)
    for solver in solver_words():
        static = solver.replace("DyM", "")
        if static != solver and strength.get(static, 0.0) > out.get(solver, 0.0):
            out[solver] = strength[static]
    return out
