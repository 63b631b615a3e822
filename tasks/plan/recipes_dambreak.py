"""The dam-break recipe (interFoam damBreak): the water column's box from the request's sizes or
its fraction of the tank, and the liquid's properties."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, NamedTuple

from tasks.foam.physics import fluid_table
from tasks.plan.bind_parts_substitute import substitutions
from tasks.plan.extract import Quantity
from tasks.plan.foam_values import fmt
from tasks.plan.stated import Binding, NotApplied
from tasks.plan.manifest import CaseManifest, Fluid, Patch, Physics, SetFieldsBox
from tasks.plan.recipes_sizes import RegionSize, region_sizes
from tasks.plan.recipes_plan import DAMBREAK, Plan, manifest, pick_solver, vec
from tasks.plan.recipes_time import time_control

if TYPE_CHECKING:
    from tasks.plan.request import Context

DAM_L = 0.584  # the damBreak tank is 4 x 0.146 m square
DAM_H = 0.292  # the tutorial's column height
_DENOMINATORS = {"half": 2, "halves": 2, "third": 3, "quarter": 4, "fourth": 4, "fifth": 5, "sixth": 6,
                 "seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10}
_NUMERATORS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
               "eight": 8, "nine": 9}
_FRACTION = (r"(?:(?:(?P<num>a|an|one|two|three|four|five|six|seven|eight|nine|\d+)[- ])?"
             r"(?P<den>halves|half|(?:third|quarter|fourth|fifth|sixth|seventh|eighth|ninth|tenth)s?)"
             r"|(?P<a>\d+)\s*/\s*(?P<b>\d+)|(?P<pct>\d+(?:\.\d+)?)\s*(?:%|percent))")
_SIDE = r"(?P<side>left|right|centre|center|middle)(?:most|-hand)?"
_SIDE_FRACTION = [re.compile(_SIDE + r"(?:\s+side)?\s+" + _FRACTION + r"(?!\w)", re.I),
                  re.compile(_FRACTION + r"\s+of\s+the\s+\w+\s+(?:on|at|to(?:wards)?)\s+the\s+" + _SIDE, re.I)]


def _fraction_value(m: re.Match) -> float:
    if m.group("pct"):
        return float(m.group("pct")) / 100
    if m.group("a"):
        return int(m.group("a")) / max(int(m.group("b")), 1)
    den = _DENOMINATORS[m.group("den").lower().rstrip("s") if m.group("den").lower() != "halves" else "halves"]
    num = m.group("num")
    return (int(num) if num and num.isdigit() else _NUMERATORS.get((num or "one").lower(), 1)) / den


def column_box(text: str, last: bool = False) -> tuple[float, float, str] | None:
    """The x extent of a liquid column given as a fraction of the tank at one side ('the left
    third', 'right two fifths', 'the left 25 %', 'a quarter of the tank on the right'); with
    `last`, the final one named (for 'from the left third to the right third')."""
    found = sorted((m for pattern in _SIDE_FRACTION for m in pattern.finditer(text)), key=lambda m: m.start())
    if not found:
        return None
    m = found[-1] if last else found[0]
    frac = _fraction_value(m)
    if not 0 < frac <= 1:
        return None
    side, width = m.group("side").lower(), DAM_L * frac
    if side == "left":
        return 0.0, width, m.group(0)
    if side == "right":
        return DAM_L - width, DAM_L, m.group(0)
    return (DAM_L - width) / 2, (DAM_L + width) / 2, m.group(0)


def setfields_regions(field: str, lo: list[float], hi: list[float], value: float = 1) -> str:
    return (f"(\n    boxToCell\n    {{\n        box {vec(*lo)} {vec(*hi)};\n        fieldValues\n        (\n"
            f"            volScalarFieldValue {field} {fmt(value)}\n        );\n    }}\n)")


def liquid_edits(p: Plan, phase: str, fluid: Fluid, locked: bool) -> None:
    tp = "constant/transportProperties"
    p.set(tp, [phase, "nu"], fmt(fluid.nu), f"{fluid.name} kinematic viscosity", locked)
    p.set(tp, [phase, "rho"], fmt(fluid.rho), f"{fluid.name} density", locked)


def _size_quantity(text: str, size: RegionSize) -> Quantity:
    """A region size as the recipe's quantity, named by the stated quantity of that value when the
    request's reader has one ("25 cm" of "15 x 25 cm (width x height)"), so that it is bound."""
    from tasks.plan.stated import read_stated

    said = next((q.text for q in read_stated(text) if q.quantity == "length" and
                 abs(q.value - size.value) <= 1e-9 * max(1.0, size.value)), size.words)
    return Quantity(kind="length", value=size.value, text=said, before="", start=0)


_BOX = re.compile(r"box\s*\(([^)]*)\)\s*\(([^)]*)\)")


class StatedRegions(NamedTuple):
    """What the binder made of the request's region lengths in the tutorial's setFieldsDict: the
    regions as it writes them, their bindings and first box (None: the recipe's column stands), and
    the lengths it refused there (a level outside the tank)."""

    regions: str | None = None
    said: tuple[Binding, ...] = ()
    corners: tuple[list[float], list[float]] | None = None
    refused: tuple[NotApplied, ...] = ()


def stated_regions(ctx: "Context", read: set[str]) -> StatedRegions:
    """The tutorial's setFields regions as the binder writes them from the request's lengths (a
    fill level, "20 cm (width) by 40 cm (height)", the bottom 5 cm), with their bindings and the
    first box, when the binder binds a stated length there that the recipe's own reading (`read`)
    did not; and the lengths it refused as a region's size or level."""
    from tasks.plan.bind import bind_all
    from tasks.plan.stated import read_stated

    # the lengths, and the words alone: a level written as a unitless coordinate ("water up to y = 0.2")
    lengths = [q for q in read_stated(ctx.text) if q.quantity == "length"]
    base = ctx.tutorials_dir / DAMBREAK
    if not base.is_dir() or not (lengths or re.search(r"\b[xyz]\s*[=:]\s*[-+.\d]", ctx.text)):
        return StatedRegions()
    binder = bind_all(base, "interFoam", ctx.text, lengths)
    rel = "system/setFieldsDict"
    filled = {q.text for q in binder.filled}
    refused = tuple(n for n in binder.not_applied if n.text in filled and n.text.strip() not in read)
    said = tuple(b for b in binder.bindings if b.file == rel)
    edit = next((e for e in reversed(binder.edits) if e.file == rel and e.entry == ["regions"]), None)
    if edit is None or not isinstance(edit.value, str) or not {b.stated.strip() for b in said} - read:
        return StatedRegions(refused=refused)
    box = _BOX.search(edit.value)
    corners = [[float(x) for x in part.split()] for part in box.groups()] if box else []
    if len(corners) != 2 or any(len(c) != 3 for c in corners):
        return StatedRegions(refused=refused)
    return StatedRegions(edit.value, said, (corners[0], corners[1]), refused)


def plan_dam_break(ctx: "Context") -> CaseManifest:
    p = Plan(ctx)
    solver = pick_solver(ctx, "interFoam", ("interFoam", "interIsoFoam"), "the dam break")
    box = column_box(ctx.text)
    height_q = ctx.q("length", "height", "high", "tall", "deep")
    h, h_locked = p.take("column height", height_q, DAM_H, "m", "the tutorial's")
    width_q = ctx.q("length", "wide", "width", exclude=("tank", "domain"))
    # sizes whose role word is right beside them ("0.1 x 0.2 m (W x H)", "25 cm in height and 15 cm in
    # width", "height: 250 mm") come before the nearest role word's guess
    sizes = {role: size for role, size in region_sizes(ctx.text).items() if 0 < size.value < DAM_L}
    if "height" in sizes:
        height_q = _size_quantity(ctx.text, sizes["height"])
        h, h_locked = p.take("column height", height_q, DAM_H, "m")
        p.assumptions = [a for a in p.assumptions if not a.startswith("column height")]
    if "width" in sizes:
        width_q = _size_quantity(ctx.text, sizes["width"])
    sized: list[Quantity] = []
    if box is None and width_q is not None and width_q is not height_q and 0 < width_q.value < DAM_L:
        right = re.search(r"\bright\b", ctx.text, re.I) and not re.search(r"\bleft\b", ctx.text, re.I)
        x0, x1 = (DAM_L - width_q.value, DAM_L) if right else (0.0, width_q.value)
        where = f"a column {width_q.text.strip()} wide at the {'right' if right else 'left'} wall"
        box = (x0, x1, where)
        sized.append(width_q)
    elif box is None:
        x0, x1, where = 0.0, 0.1461, "the tutorial's"
        p.assumptions.append("water column = the tutorial's (x 0 to 0.1461 m, height 0.292 m)")
    else:
        x0, x1, where = box[0], box[1], box[2]
    regions = setfields_regions("alpha.water", [x0, 0, -1], [x1, h, 1])
    read = [*sized, *([height_q] if height_q is not None and h_locked else [])]
    stated = stated_regions(ctx, {q.text.strip() for q in read})
    if stated.regions is not None and stated.corners is not None:
        # the binder read more of the stated region than the recipe: the stated region wins
        regions, said, (lo, hi) = stated.regions, stated.said, stated.corners
        x0, x1, h, where, h_locked = lo[0], hi[0], hi[1], "as stated", True
        p.bindings += said
        p.assumptions = [a for a in p.assumptions if not a.startswith(("column height", "water column ="))]
    else:
        for q in [*sized, *([height_q] if height_q is not None else [])]:
            p.bindings.append(Binding(stated=q.text.strip(), file="system/setFieldsDict", entry=["regions"],
                                      value=regions, how="the water column's box (boxToCell)"))
    p.set("system/setFieldsDict", ["regions"], regions, f"water column: {where}", box is not None or h_locked)
    if box is not None:
        p.bind("fraction", "system/setFieldsDict", ["regions"], f"box {vec(x0, 0, -1)} {vec(x1, h, 1)}",
               f"{where} of the {DAM_L} m tank")
    p.values.update(column_x=[x0, x1], column_height=h)
    nu_q, rho_q = ctx.q("kinematic_viscosity"), ctx.q("density")
    subs = substitutions(ctx.text, ["water"])
    swapped = next((sub.fluid for sub in subs if sub.fluid), None)
    missing = [w for w, q in (("density", ctx.q("density")), ("viscosity", ctx.q("kinematic_viscosity") or
                                                                   ctx.q("dynamic_viscosity"))) if q is None]
    unknown = [NotApplied(text=f"{sub.words} instead of water",
                          reason=f"{sub.words}: Casewright's fluid table has no data for it, so the liquid keeps "
                                 f"water's {' and '.join(missing)}; state the {' and '.join(missing)} of {sub.words}")
               for sub in subs if sub.fluid is None and missing]
    liquid_named = swapped or (ctx.fluid if ctx.fluid and ctx.fluid != "air" else None)  # "oil instead of water"
    if liquid_named or nu_q or rho_q:
        entry = fluid_table()[liquid_named or "water"]
        fluid = Fluid(name=liquid_named or "water", nu=nu_q.value if nu_q else entry.nu,
                      rho=rho_q.value if rho_q else entry.rho, condition=entry.condition)
        liquid_edits(p, "water", fluid, True)
        if fluid.name != "water":
            p.assumptions.append(f"the liquid phase keeps OpenFOAM's name 'water' (field alpha.water) with {fluid.name}'s properties")
    else:
        e = fluid_table()["water"]
        fluid = Fluid(name="water", nu=1e-6, rho=1000, condition="the tutorial's water")
        p.assumptions.append("liquid = water (nu 1e-06 m2/s, rho 1000 kg/m3, the tutorial's)")
        del e
    time = time_control(p, False, 1.0, 0.001, 0.05, adjustable=True, max_co=1)
    return manifest(
        p, recipe="damBreak", base_tutorial=DAMBREAK, solver=solver, algorithm="PIMPLE", steady=False,
        physics=Physics(gravity=[0, -9.81, 0], phases=["water", "air"]), fluid=fluid, mesh="tutorial",
        patches=[Patch(name="leftWall", role="wall"), Patch(name="rightWall", role="wall"),
                 Patch(name="lowerWall", role="wall"), Patch(name="atmosphere", role="atmosphere"),
                 Patch(name="defaultFaces", role="empty")],
        set_fields=[SetFieldsBox(field="alpha.water", box_min=[x0, 0, -1], box_max=[x1, h, 1])],
        time=time, not_applied=[*unknown, *stated.refused],
    )
