"""A shape's own dimension names from the generic lengths found in a request's words (placement.py then
adds what the coordinates say). Pure functions; metres."""

from __future__ import annotations

import re
from typing import Any

from tasks.geometry.spec import NUM, UNIT, Shape, unit_factor
from tasks.geometry.text_annulus import annulus_dims
from tasks.geometry.text_bodies import body_words, domain_words, place_cylinder, round_size
from tasks.geometry.text_cavity import _SHALLOW, _TALL, benard_aspect, hot_side
from tasks.geometry.text_changes import from_to_heights, outlet_from_inlet, step_heights, t_junction_dims, taper_from_angle, taper_words
from tasks.geometry.text_duct_roles import radial_count, stepped_pipe_roles
from tasks.geometry.text_throat import nozzle_roles
from tasks.geometry.text_lengths import (_CHORDS, _STEP_HEIGHTS, _TOTAL, aspect_ratio, angle_of_attack, extent_product,
                                         multiples, naca_code, named_lengths, section_ratio)
from tasks.geometry.text_numbers import LENGTH
from tasks.geometry.text_size_first import channel_from_unnamed, unnamed_size
from tasks.geometry.text_words import cavity_proportion, channel_proportion, length_in_multiples


# a duct named by one size: "then a 300 mm outlet duct" (its length, when the request also says it is a duct)
_DUCT_SIZED = re.compile(rf"(?<![\w.]){LENGTH}\s+(?:of\s+)?(?:straight\s+)?(?:inlet|outlet|exit|entry)\s+(?:duct|pipe|section|channel|passage)\b", re.I)


# a 3D vessel as deep as it is wide and high
_CUBE = re.compile(r"\bcub(?:e|ic(?:al)?)\b|\beach\s+way\b|\bin\s+(?:all|every)\s+directions?\b|\ball\s+(?:three\s+)?"
                   r"(?:edges|sides|directions)\b|\b(?:edges?|sides?)\s+(?:all\s+)?(?:of\s+)?(?:equal|the\s+same)\b", re.I)


def dims_for(shape: Shape, text: str, n: dict[str, float], two_d: bool = True) -> dict[str, Any]:
    """The shape's own dimension names from the generic ones found in the text (placement.py
    then adds what the coordinates say)."""
    d: dict[str, Any] = {}

    def take(target: str, *sources: str) -> None:
        for s in sources:
            if s in n and target not in d:
                d[target] = n[s]

    ar = aspect_ratio(text)
    widening = shape in ("sudden_expansion", "diffuser", "backward_step")
    for size, side in (("narrow_height", "inlet_height" if widening else "outlet_height"),
                       ("wide_height", "outlet_height" if widening else "inlet_height"),
                       ("narrow_length", "upstream_length" if widening else "downstream_length"),
                       ("wide_length", "downstream_length" if widening else "upstream_length")):
        if size in n:  # "narrow channel 1 cm, wide channel 4 cm": which is the inlet follows from the shape
            n = {side: n[size], **n}
    if "diameter" not in n and "radius" in n:
        n = {**n, "diameter": 2 * n["radius"]}
    domain_text = text
    if shape in ("channel_with_obstacles", "cylinder_crossflow"):
        domain_text = domain_words(text)  # the body's own sizes are not the domain's
        outer = named_lengths(domain_text)
        n = {k: v for k, v in n.items() if k not in ("length", "height", "width")} | \
            {k: v for k, v in outer.items() if k in ("length", "height", "width")}
    product = extent_product(domain_text, skip_bodies=shape == "channel_with_obstacles")
    if product and shape in ("rectangle", "channel", "channel_with_obstacles", "cylinder_crossflow", "box"):
        if len(product) == 2 and re.search(r"section|square\s+duct", text, re.I) and shape == "channel":
            n = {**n, "height": product[0], "depth": product[1]}  # a duct's cross-section
        else:
            n = {**n, "length": product[0], "height": product[1],
                 **({"depth": product[2], "width": product[2]} if len(product) > 2 else {})}
    elif product and shape in ("lid_driven_cavity", "heated_cavity") and (len(product) == 2 or not two_d):
        # "a 3D box 0.2 x 0.2 x 0.08 m": x, y and its depth z, as written
        n = {**n, "width": product[0], "height": product[1], **({"depth": product[2]} if len(product) > 2 else {})}
    if shape in ("rectangle", "channel"):
        if shape == "rectangle" and "length" not in n and "width" in n and "height" in n:
            n = {**n, "length": n["width"]}  # "a 2D box 0.4 m wide and 0.1 m tall": the width runs along x
        take("length", "length")
        take("height", "height", "width", "gap")
        take("depth", "depth")
        if shape == "channel":
            d.update(channel_from_unnamed({k: v for k, v in d.items() if k in ("length", "height")}, text))  # "a 3 m duct"
        if "side" in n and "height" not in d:  # "a square duct 4 in on a side"
            d["height"] = n["side"]
            if not two_d:
                d.setdefault("depth", n["side"])
        times = length_in_multiples(text)
        if times and "length" not in d and times[1] in ("height", "width") and "height" in d:
            d["length"] = times[0] * d["height"]  # "L = 20H"
        if not two_d and "depth" not in d and "width" in n and "height" in n:
            d["depth"] = n["width"]  # a 3D duct "10 cm tall and 20 cm wide": the width is across z
        ar = channel_proportion(text, wide_along=two_d is not False and "depth" not in d) or ar  # "L/H = 20": which is which said
        if ar and "height" in d and "length" not in d:
            d["length"] = ar * d["height"]
        elif ar and "length" in d and "height" not in d:
            d["height"] = d["length"] / ar
    elif shape == "box":
        take("length", "length", "side")
        take("height", "height", "side")
        take("width", "width", "depth", "side")
    elif shape == "channel_with_obstacles":
        take("length", "length")
        take("height", "height")
    elif shape in ("backward_step", "forward_step"):
        symbol = re.search(rf"(?-i:\bh\b)\s*(?:=|:)\s*{LENGTH}", text)  # "h = 2 cm": a step's height
        if symbol and "step_height" not in n:
            n = {**n, "step_height": float(symbol.group(1)) * unit_factor(symbol.group(2))}
        blocks = re.search(rf"\bstep\s+(?:blocks|occupies|fills|takes\s+up|covers|obstructs)\s+(?:the\s+)?"
                           rf"(?:lower|bottom|first)?\s*{LENGTH}", text, re.I)  # "the step blocks the lower 3 cm"
        if blocks and blocks.group(2) and "step_height" not in n:
            n = {**n, "step_height": float(blocks.group(1)) * unit_factor(blocks.group(2))}
        product = extent_product(text)  # "a channel 40 in x 4 in": its length and full height
        if product and len(product) == 2:
            n = {"length": product[0], "height": product[1], **n}
        n = step_heights(shape, text, {**from_to_heights(text), **n})
        take("step_height", "step_height")
        take("height", "height", "channel_height", "outlet_height" if shape == "backward_step" else "inlet_height")
        if "step_height" in n:
            for where, count in multiples(text, _STEP_HEIGHTS).items():
                d[f"{where}_length"] = count * n["step_height"]
        take("upstream_length", "upstream_length")
        take("downstream_length", "downstream_length")
        take("inlet_height", "inlet_height")  # placement turns it into the step height
        end_to_end = outlet_from_inlet(text)
        if end_to_end is not None and "downstream_length" not in d:
            d["total_length"] = end_to_end  # "the outlet, 600 mm from the inlet"
        elif "length" in n and n["length"] != d.get("upstream_length"):
            d["total_length"] = n["length"]  # placement splits it about the step
    elif shape in ("sudden_expansion", "sudden_contraction", "nozzle", "diffuser"):
        n = {**from_to_heights(text), **n}
        pair = re.search(rf"(?:height|width)\s*(?:of\s+|=\s*|:\s*)?{LENGTH}\s+(?:upstream|before)\s*(?:,|and)\s*"
                         rf"(?:of\s+)?{LENGTH}\s+(?:downstream|after)", text, re.I)  # "height 2 cm upstream and 5 cm downstream"
        if pair:
            n = {**n, "inlet_height": float(pair.group(1)) * unit_factor(pair.group(2)),
                 "outlet_height": float(pair.group(3)) * unit_factor(pair.group(4))}
            n.pop("downstream_length", None) if n.get("downstream_length") == n["outlet_height"] else None
        take("inlet_height", "inlet_height")
        take("outlet_height", "outlet_height")
        take("upstream_length", "upstream_length")
        take("downstream_length", "downstream_length")
        if shape in ("nozzle", "diffuser"):
            d.update({k: v for k, v in taper_words(text).items() if k not in d})
            take("taper_length", "taper_length", "length")
        elif outlet_from_inlet(text) is not None and "downstream_length" not in d:
            d["total_length"] = outlet_from_inlet(text)  # "the outlet 1 m from the inlet": placement splits it
        elif "length" in n and _TOTAL.search(text):
            d["total_length"] = n["length"]  # "40 cm long in total": placement splits it about the change
        else:
            take("downstream_length", "length")
        r = section_ratio(text)
        wider = shape in ("sudden_expansion", "diffuser")
        if shape in ("sudden_expansion", "sudden_contraction"):
            d.update(stepped_pipe_roles(text, wider))  # a stepped round pipe: diameters, radii, each section's cells
        if r and ("inlet_height" in d) != ("outlet_height" in d):
            if "inlet_height" in d:
                d["outlet_height"] = d["inlet_height"] * (r if wider else 1 / r)
            else:
                d["inlet_height"] = d["outlet_height"] / (r if wider else 1 / r)
        if shape in ("nozzle", "diffuser"):
            roles = nozzle_roles(text)  # a throat, a round nozzle: the sizes by their stations
            throat = "throat_height" in roles
            duct_sized = {round(float(m.group(1)) * unit_factor(m.group(2)), 12) for m in _DUCT_SIZED.finditer(text) if m.group(2)}
            for height, duct in (("inlet_height", "upstream_length"), ("outlet_height", "downstream_length")):
                if not throat and height in d and d[height] == roles.get(duct) and round(d[height], 12) in duct_sized:
                    del d[height]  # "then a 300 mm outlet duct": the duct's length, not its height
            kept = () if throat else ("upstream_length", "downstream_length", "taper_length") + \
                (() if roles.get("axisymmetric") else ("inlet_height", "outlet_height"))
            d.update({k: v for k, v in roles.items() if k not in kept or k not in d})
            if radial := radial_count(text):  # "10 cells across the radius", "20 cells across" beside a size along x
                d["across_cells"] = radial
            if roles.get("axisymmetric") and "taper_length" in roles and d.get("taper_length") == n.get("length"):
                d["taper_length"] = roles["taper_length"]  # "a 0.2 m long cone": the cone's, not the first length said
            if "throat_height" not in d:
                taper_from_angle(text, d, wider)
    elif shape == "cylinder_crossflow":
        take("diameter", "diameter")
        if "diameter" not in d and round_size(body_words(text)):
            d["diameter"] = round_size(body_words(text))  # "a rod 5 mm across"
        take("length", "length")
        take("height", "height", "width")
        place_cylinder(text, d)
        if re.search(r"free[- ]?stream(?!\s+(?:velocity|speed|value|mach|reynolds|pressure|temperature|turbulence"
                     r"|conditions?|flow\s+(?:of|at)))|unbounded|unconfined|open\s+domain|far[- ]?field"
                     r"|(?:slip|symmetry|symmetric)\s+(?:side|top|lateral)|\bsides?\b[^.;]{0,50}\b(?:free[- ]?slip|slip|symmetry)\b",
                     text, re.I):
            d["free_stream"] = True
        slip = slip_sides(text)
        if slip and len(slip) < 2 and not d.get("free_stream"):
            d["slip_sides"] = slip  # "bottom y = 0 a no-slip wall, top slip"
        elif slip:
            d["free_stream"] = True
    elif shape == "naca_airfoil":
        code = naca_code(text)
        if code:
            d["naca"] = code
        aoa = angle_of_attack(text)
        if aoa is not None:
            d["angle_of_attack"] = aoa
        take("chord", "chord", "length")
        take("domain_radius", "domain_radius")
        chords = re.search(rf"(?:far[- ]?field|outer\s+boundary|domain|boundar(?:y|ies))\b[^.;]{{0,50}}?(?<![\w.])({NUM})\s*"
                           rf"(?:{_CHORDS})", text, re.I)  # "far field 15 chords", "outer boundary 15 chord lengths away"
        if chords and "domain_radius" not in d:
            d["domain_radius"] = float(chords.group(1)) * d.get("chord", 1.0)
        if re.search(r"\bO[- ](?:domain|grid|mesh|type)", text):
            d["domain"] = "O"
        elif re.search(r"\bC[- ](?:domain|grid|mesh|type)", text):
            d["domain"] = "C"
    elif shape == "pipe":
        take("diameter", "diameter", "inner_diameter")
        take("length", "length")
        times = length_in_multiples(text)
        if times and "length" not in d and "diameter" in d and times[1] in ("diameter", "radius"):
            d["length"] = times[0] * d["diameter"] * (0.5 if times[1] == "radius" else 1.0)  # "40 diameters long"
        if "length" not in d:  # "from x = 0 to x = 2 m": the one range along its axis is its length
            from tasks.geometry.text_range_parts import coordinate_ranges

            ranges = [r for axis in ("x", "z") for _, _, r in coordinate_ranges(text, axis) if None not in r and r[1] > r[0]]
            if len(ranges) == 1:
                d["length"] = round(ranges[0][1] - ranges[0][0], 12)
    elif shape == "annulus":
        d.update(annulus_dims(text, n))
    elif shape == "t_junction":
        d.update(t_junction_dims(text))
    elif shape in ("lid_driven_cavity", "heated_cavity"):
        if shape == "heated_cavity" and "gap" in n:  # "between plates 1 cm apart": across the heated walls
            d["height" if hot_side(text) in ("bottom", "top") else "width"] = n["gap"]
        across = re.search(rf"(?<![\w.])({NUM})\s*({UNIT})\s+across\b", text, re.I)  # "0.2 m across"
        if across and "width" not in n:
            n = {**n, "width": float(across.group(1)) * unit_factor(across.group(2))}
        take("width", "width", "length", "side")
        take("height", "height", *(("depth",) if two_d else ()), "side")
        if not two_d:
            take("depth", "depth")
        size = unnamed_size(text, "vessel") if "width" not in d and "height" not in d else None
        if size:  # "an 8 cm cavity", "a convection cell of 8 cm": its side (a stated proportion gives the other)
            d["width"] = size
            if not (cavity_proportion(text) or ar):
                d["height"] = size
                if not two_d and "depth" not in n:
                    d["depth"] = size  # "a 3D 5 cm box": a cube
        part = re.search(rf"(?:depth|height)\s+(?:is\s+)?(?:one\s+|a\s+)?(half|third|quarter|fifth)\s+(?:of\s+)?"
                         rf"(?:its|the)\s+{LENGTH}\s+(?:length|width)", text, re.I)
        if part:
            d["width"] = float(part.group(2)) * unit_factor(part.group(3))
            d["height"] = d["width"] / {"half": 2, "third": 3, "quarter": 4, "fifth": 5}[part.group(1).lower()]
        ar = cavity_proportion(text) or (benard_aspect(ar, hot_side(text)) if shape == "heated_cavity" else ar)
        if not ar and "width" not in d and "height" not in d:  # "a tall cavity", "a shallow enclosure"
            ar = 4.0 if _TALL.search(text) else 0.25 if _SHALLOW.search(text) else None
        if ar:
            if "width" in d and "height" not in d:
                d["height"] = ar * d["width"]
            elif "height" in d and "width" not in d:
                d["width"] = d["height"] / ar
            elif not d:
                d["width"], d["height"] = 0.1, 0.1 * ar
        elif len(d) == 1 and "depth" not in d and re.search(r"square|cubic", text, re.I):
            v = next(iter(d.values()))
            d["width"] = d["height"] = v
        side = re.search(rf"(?:square|cubic)\s+(?:\w+\s+)?(?:cavity|enclosure|box)\s+(?:of\s+(?:side\s+)?)?{LENGTH}"
                         rf"|(?<![\w.]){LENGTH}\s+(?:square|cubic)\s+(?:\w+\s+)?(?:cavity|enclosure|box)", text, re.I)
        sides = re.search(rf"(?<![\w.]){LENGTH}\s*(?:-\s*)?(?:sides|sided|edges|edged)\b|\b(?:sides|edges)\s+(?:of\s+)?{LENGTH}",
                          text, re.I)  # "with 15 cm edges", "edges of 15 cm"
        if not d and sides and (sides.group(2) or sides.group(4)):  # "with 20 cm sides", "sides of 20 cm"
            d["width"] = d["height"] = float(sides.group(1) or sides.group(3)) * unit_factor(sides.group(2) or sides.group(4))
        if not d and side and (side.group(2) or side.group(4)):  # "a square cavity 5 cm", "a 5 cm square enclosure"
            d["width"] = d["height"] = float(side.group(1) or side.group(3)) * unit_factor(side.group(2) or side.group(4))
        if not two_d and "depth" not in d and d.get("width") is not None and d.get("width") == d.get("height") \
                and _CUBE.search(text):  # "a cube of side 5 cm", "50 mm each way", "all edges 8 cm": z the same
            d["depth"] = d["width"]
        hot = hot_side(text) if shape == "heated_cavity" else None
        if hot:
            d["hot_wall"] = hot
    return d


# a side said to be a slip boundary: "top slip", "the top boundary y = 0.2 m is a slip (free) boundary", "top boundary
# frictionless", "free-slip top"
_SLIP = r"(?:free[- ]?slip|slip|frictionless|inviscid|shear[- ]free|stress[- ]free)"
_SIDE_SLIP = re.compile(rf"\b(top|upper|bottom|lower)(?:\s+(?:boundary|wall|side|surface|edge))?\b(?:[^.;,]|\.\d){{0,40}}?"
                        rf"(?<!no[- ])(?<!non[- ])\b{_SLIP}\b|(?<!no[- ])(?<!non[- ])\b{_SLIP}\s+(top|upper|bottom|lower)\b", re.I)


def slip_sides(text: str) -> list[str]:
    """The channel sides (top, bottom) the words make slip boundaries, in order."""
    out: list[str] = []
    for m in _SIDE_SLIP.finditer(text):
        word = (m.group(1) or m.group(2)).lower()
        side = "top" if word in ("top", "upper") else "bottom"
        if side not in out:
            out.append(side)
    return out
