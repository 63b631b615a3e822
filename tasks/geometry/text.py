"""Geometry from the words of a request: the shape named, lengths with their units, points,
centres, ranges, aspect ratios, angles of attack and NACA codes. Pure functions; lengths come
back in metres. `parse_geometry` puts them together into a GeometrySpec (or None when the
request names no shape of the library).

The readers live in their own modules (numbers, points, lengths, mesh words, shape words, bodies,
changes of section, cavities, per-shape dimensions); their names are importable from here too."""

from __future__ import annotations

import re
from typing import Any

from pydantic import ValidationError

from tasks.core.errors import RequestError
from tasks.geometry.placement import axis_ranges, place
from tasks.geometry.spec import EXTRUDED_3D, GeometrySpec, Obstacle, check_obstacles, make_spec
from tasks.geometry.spec import NUM, UNIT
from tasks.geometry.spec import unit_factor as parse_length_factor
from tasks.geometry.text_axis import pipe_axis
from tasks.geometry.text_attached import attach, attached_plate
from tasks.geometry.text_bodies import body_size, domain_words, is_round, obstacles, place_cylinder
from tasks.geometry.spec_shapes import BLOCK_DIMENSIONS
from tasks.geometry.text_bend_place import bend_origin
from tasks.geometry.text_axisym import is_round_step, stepped_pipe_fields, wedge_angle
from tasks.geometry.text_blocks import block_dims
from tasks.geometry.text_coordinate_spans import coordinate_spans, range_origin, range_sizes
from tasks.geometry.text_defined_symbols import defined_symbols, resolve_defined_symbols
from tasks.geometry.text_expressions import evaluated_expressions
from tasks.geometry.text_colon_ratio import plain_colon_ratios
from tasks.geometry.text_cavity import hot_side, hotter_wall, size_from_rayleigh, unsized_cavity
from tasks.geometry.text_comparisons import comparative_sizes
from tasks.geometry.text_drawing import drawing_units, has_bare_coordinates, section_symbols
from tasks.geometry.text_junction import junction_dims
from tasks.geometry.text_changes import from_to_heights, step_heights, t_junction_dims, taper_from_angle, taper_words
from tasks.geometry.text_dims import dims_for
from tasks.geometry.text_enclosed_body import enclosure_fields
from tasks.geometry.text_lone_body import lone_body_fields
from tasks.geometry.text_lengths import (_CHORDS, _DIAMETERS, _DIM_WORDS, _STEP_HEIGHTS, angle_of_attack, aspect_ratio,
                                         extent_product, multiples, naca_code, named_lengths, section_lengths, section_ratio)
from tasks.geometry.sized_total import Total, sized_to_total
from tasks.geometry.text_mesh import cell_counts, cell_size, grading_spans, mesh_request, section_cells
from tasks.geometry.text_moving_walls import moved_sides
from tasks.geometry.text_numbers import LENGTH, digits, parse_length
from tasks.geometry.text_one_sided import flat_wall_origin, one_sided_dims
from tasks.geometry.text_polydomain import polydomain_fields
from tasks.geometry.text_points import body_positions, centre, coordinate_range, coordinate_unit, find_points, vertices
from tasks.geometry.text_nominal import nominal_sizes
from tasks.geometry.text_obstacle_boxes import box_obstacle_fields, solid_in_3d, without_solids
from tasks.geometry.text_obstacle_groups import adds_bodies, grouped_obstacles, read_group
from tasks.geometry.text_ratio import ratio_sizes
from tasks.geometry.text_range_parts import part_obstacles, range_parts
from tasks.geometry.text_rectilinear_union import rectilinear_union, union_fields
from tasks.geometry.text_rectilinear_cavities import cavity_row
from tasks.geometry.text_partition import partition_fields
from tasks.geometry.text_part_cells import along_by_parts, part_cells
from tasks.geometry.text_parts import coned_pipe, nozzle_parts, pipe_parts, table_ranges, throat_as_end
from tasks.geometry.text_round_cells import annulus_cells, ogrid_cells
from tasks.geometry.text_phrasings import comma_pairs, level_kept, listed_places, planar_pipes, whole_sizes
from tasks.geometry.text_ogrid import o_domain
from tasks.geometry.shape_ribs import rib_obstacles
from tasks.geometry.text_ribs import read_ribs
from tasks.geometry.text_body_proportions import (ORIFICE, across_fractions, orifice_plates, self_proportions,
                                                     whose_sizes)
from tasks.geometry.text_relative import absolute_lengths, reference_sizes, symbol_sizes
from tasks.geometry.text_duct_roles import stepped_pipe_shape
from tasks.geometry.text_sections import blank, section_sizes
from tasks.geometry.text_straight_runs import downstream_run
from tasks.geometry.text_span3d import CAVITIES, cubic_cells, extruded_3d, span_fields
from tasks.geometry.text_step_parts import fit_step, parts_as_step, step_part
from tasks.geometry.text_step_words import stepped_channel, unlabelled_ratios, with_step_lengths
from tasks.geometry.text_tables_places import placed_items
from tasks.geometry.text_turned_bodies import stated_turn, turn_bodies
from tasks.geometry.text_unbuildable import round_far_field, unbuildable_reason
from tasks.geometry.text_shapes import dimensionality, shape_words
from tasks.geometry.text_wall_bodies import body_x_spans, wall_body
from tasks.geometry.text_wall_rows import wall_rows
from tasks.geometry.text_words import plain_lengths

__all__ = ["LENGTH", "_CHORDS", "_DIAMETERS", "_DIM_WORDS", "_STEP_HEIGHTS", "angle_of_attack", "aspect_ratio", "body_positions",
           "body_size", "cell_counts", "cell_size", "centre", "coordinate_range", "coordinate_unit", "digits", "dimensionality",
           "dims_for", "domain_words", "extent_product", "find_points", "from_to_heights", "hot_side", "hotter_wall", "is_round",
           "mesh_request", "multiples", "naca_code", "named_lengths", "obstacles", "parse_geometry", "parse_length",
           "place_cylinder", "section_cells", "section_lengths", "section_ratio", "shape_words", "size_from_rayleigh",
           "step_heights", "t_junction_dims", "taper_from_angle", "taper_words", "unsized_cavity", "vertices"]

_ACROSS_IS_HEIGHT = {"channel", "channel_with_obstacles", "cylinder_crossflow", "rectangle"}
_SECTIONED = {"backward_step", "forward_step", "sudden_expansion", "sudden_contraction", "nozzle", "diffuser"}


def parse_geometry(text: str, total: Total | None = None) -> GeometrySpec | None:
    """A GeometrySpec from a request's words, or None when no library shape is named. Raises
    RequestError when the words describe a shape that cannot be built (an obstacle outside
    the domain, a step taller than its channel). `total`: the total cell count the request
    states, as the planner read it (tasks.plan.controls_refine.total_limit)."""
    try:
        return sized_to_total(_parse_geometry(text, in_drawing_unit=False), text, total)  # "about 20 000 cells"
    except RequestError:
        plain = plain_lengths(section_symbols(text))
        if not has_bare_coordinates(plain):
            raise
        try:  # read in metres a body lies outside the domain: the bare coordinates are the drawing's ("at (4, 1)" in inches)
            return sized_to_total(_parse_geometry(text, in_drawing_unit=True), text, total)
        except RequestError:
            pass
        raise


def _sizes_in_metres(text: str, passes: int = 3) -> str:
    """`text` with the sizes counted in, or said as a part of, another size written in metres ("30 D long",
    "5 step heights", "a third of the height", "half the inlet width"); a size found so ("step height a quarter
    of the channel height") may be the reference of another ("5 step heights"), so up to `passes` rounds."""
    for _ in range(passes):
        refs = reference_sizes({**symbol_sizes(text), **section_lengths(text), **named_lengths(text),
                                **{k: v for k, v in named_lengths(domain_words(text)).items() if k in ("length", "height", "width")}})
        if "step_height" not in refs and re.search(r"\bstep\b(?!\s*(?:size|count)\b)", text, re.I):
            refs["step_height"] = 0.0  # a step's height not known yet: "5 h" waits for it, not the channel's height
        product = extent_product(domain_words(text), skip_bodies=True)  # "a channel 0.8 m x 0.08 m": its length and height
        if product and len(product) == 2:
            refs = {"length": product[0], "height": product[1], **refs}
        done = ratio_sizes(absolute_lengths(self_proportions(whose_sizes(text)), refs), refs)
        done = across_fractions(done, refs.get("height"))  # "baffles reaching 40 % across the channel"
        if done == text:
            break
        text = done
    return text


def _parse_geometry(text: str, in_drawing_unit: bool, pipes: bool = True) -> GeometrySpec | None:
    """`parse_geometry`, with the bare coordinates read in the drawing's unit when `in_drawing_unit`."""
    text = evaluated_expressions(text, defined_symbols(text))  # "9*2*pi cm", "2 pi r": one number, for every reader below
    text = planar_pipes(listed_places(comma_pairs(whole_sizes(level_kept(text)))))  # "one at y = 6 cm and the other at y = 14 cm"; "2D ... inlet pipe 2 cm high"
    if pipes and (pipe := stepped_pipe_fields(text)) is not None:  # an orifice plate or ring in a round pipe, 3+ sections
        return make_spec(**pipe)
    if pipes and (one_step := stepped_pipe_fields(text, one_change=True)) is not None:  # a round pipe's one step:
        try:  # the sudden expansion/contraction shape's when it reads it as a round pipe, else the sections read here
            spec = _parse_geometry(text, in_drawing_unit, pipes=False)
        except RequestError:
            spec = None
        return spec if is_round_step(spec) else make_spec(**one_step)
    if pipes and (partition := partition_fields(text, lambda t: _parse_geometry(t, in_drawing_unit, False), hot_side)):
        return make_spec(**partition)  # a baffle from the lid, a partition on the floor, a hairpin's divider: the rest the domain's
    text = table_ranges(text)  # "| branch | 0.25 to 0.35 | 0.1 to 0.4 |": the parts' ranges in words
    said = text  # as written: "20 across the gap" is a cell count before a shared unit is lent to it
    text = resolve_defined_symbols(text)  # "H = 0.1 m ... L = 20H, h = H/10": the symbols the text defines, as metres
    # "aspect ratio 1.5:1 (width:height)" -> "aspect ratio (width/height) 1.5"; "expansion ratio (H/h) 2" -> "expansion ratio 2"
    text = unlabelled_ratios(plain_colon_ratios(text))
    # "Ø20 at x=100" in a drawing in mm; "100 mm deep and four times as wide" -> "... 4 times as wide as it is deep"
    text = comparative_sizes(drawing_units(plain_lengths(section_symbols(nominal_sizes(text))), force=in_drawing_unit))
    text = placed_items(text)  # "cylinder centre x: 0.4 m", "distance from inlet: 0.3 m": a table's places as words
    grading = grading_spans(text)  # "graded towards the walls, expansion ratio 10": the mesh's, not the channel's
    text = blank(text, [(a, b) for a, b, _ in grading])
    text = _sizes_in_metres(text)
    shape = shape_words(text)
    if shape in (None, "channel", "rectangle"):
        shape = stepped_channel(text) or shape  # "the floor drops by 5 cm", "an inlet passage along the ceiling"
    if shape in ("pipe", "backward_step", "forward_step"):
        shape = stepped_pipe_shape(text) or shape  # a round pipe whose diameter steps: "D = 40 mm then d = 20 mm"
    coned = coned_pipe(text) if shape == "pipe" else None  # "pipe R 20 mm for x 0..0.05, cone to R 10 mm over ..."
    if coned is not None:
        shape = "nozzle" if coned["outlet_height"] < coned["inlet_height"] else "diffuser"
    if shape == "pipe" and (sections := pipe_parts(text)[0]):  # "60 mm diameter from x = 0 to 150 mm then 30 mm ..."
        shape = "sudden_expansion" if sections["outlet_height"] > sections["inlet_height"] else "sudden_contraction"
    if shape is None and len(vertices(text) or []) >= 3:
        shape = "rectangle"  # a domain given by its vertices
    # a junction's branch leaves a wall between two stations: not a wall that slopes between them
    if shape not in ("heated_cavity", "t_junction", "cross_junction") and (polygon := polydomain_fields(said, shape)) is not None:
        return make_spec(**polygon)  # straight walls not all along x or y: a trapezoidal cavity, a dog-leg channel
    union = rectilinear_union(text, shape)  # "x 0..1 m, y 0..0.1 m and x 1..3 m, y 0..0.5 m", 3+ sections
    if union is not None:
        return make_spec(**union_fields(union, mesh_request(text)))
    shape = None if shape == "rectilinear" else shape  # named so by the request's words, but not read from these
    parts = range_parts(text)  # "a plate from x = 0.2 to 0.205 m spanning y = 0 to 12.5 mm": solid parts by their ranges
    step = step_part(text) if shape in ("backward_step", "forward_step") else None  # "the step fills x 30..100 cm, y 0..3 cm"
    text = blank(text, [step.span]) if step is not None else text  # its ranges are not the channel's
    if shape == "pipe" and ORIFICE.search(text):  # never a plain pipe with the plate dropped
        raise RequestError("geometry refused: the orifice plate in the round pipe was not read whole: give the pipe's "
                           "diameter and length, the bore (or beta ratio), the plate's thickness and its distance from the "
                           "inlet (e.g. 'a 50 mm pipe 1 m long, orifice bore 25 mm, 3 mm thick, 200 mm from the inlet')")
    # "three ribs on the floor at x = ...", an orifice, "two square cylinders in tandem"
    if shape == "channel" and (wall_rows(text, 1.0) or ORIFICE.search(text) or read_group(text) or stated_turn(text) or
                               ((wall := wall_body(text)) is not None and wall.complete())):  # "a fin standing on the floor"
        shape = "channel_with_obstacles"
    if shape == "cylinder_crossflow" and adds_bodies(text):  # "a second cylinder 5 cm downstream of the first"
        shape = "channel_with_obstacles"
    plate = attached_plate(text) if shape in ("channel", "channel_with_obstacles", "cylinder_crossflow") else None
    if plate is not None:  # "a splitter plate 40 mm long fixed to its rear face": its sizes are neither the body's nor the channel's
        shape, text = "channel_with_obstacles", blank(text, [plate.span])
    ribs = read_ribs(text) if shape in ("channel", "rectangle", "channel_with_obstacles") else None
    if ribs is not None and (ribs.outline != "rectangle" or shape != "channel_with_obstacles"):
        shape, parts = "channel_with_obstacles", []  # a rib's outline and row in words: its numbers are not the channel's
        text = blank(text, ribs.spans)
    else:
        ribs = None
    if parts and shape in (None, "channel", "rectangle", "channel_with_obstacles"):
        shape = "channel_with_obstacles"
        text = blank(text, [p.span for p in parts])  # the parts' ranges are not the channel's
    if shape is None:
        return None
    text = throat_as_end(shape, text)  # "down to a 100 mm throat section 400 mm long" and no more: the outlet duct
    unbuildable = unbuildable_reason(text, bend_built=shape == "bend", y_built=shape == "t_junction") or \
        (round_far_field(text, shape) if shape in ("cylinder_crossflow", "channel_with_obstacles") else None)
    if unbuildable:  # "a sphere in a box", "a 90 degree pipe elbow": never the nearest shape with the body dropped
        raise RequestError(f"geometry refused: {unbuildable}")
    # a nozzle's coordinate ranges are placed (placement.py), never read as its sizes ("x = -0.1 to 0.8 m")
    sized = blank(text, coordinate_spans(text)) if shape in ("nozzle", "diffuser") else \
        blank(text, body_x_spans(text)) if shape in ("channel", "channel_with_obstacles", "rectangle") else text
    # a body's own x span ("a rib ... between x = 30 cm and x = 32 cm") is no extent of the channel
    if shape in _SECTIONED:  # the sizes said of one section are not the whole channel's
        sections, spans = section_sizes(sized, 3 if shape in ("nozzle", "diffuser") else 2)
        lengths = {**named_lengths(blank(sized, spans)), **section_lengths(sized)}
        lengths.update({k: v for k, v in sections.items() if k not in lengths})
    else:
        lengths = {**named_lengths(text), **section_lengths(text)}
    if shape in ("backward_step", "forward_step"):
        lengths = with_step_lengths(shape, text, lengths)  # "the floor drops by 0.05 m", "then a 0.1 m by 0.1 m section"
    if shape in _ACROSS_IS_HEIGHT and "height" not in lengths:
        across = re.search(rf"(?<![\w.])({NUM})\s*({UNIT}|in(?=\s+across))\s+across\b(?!\s+(?:the\s+)?(?:flow|stream|length))",
                           domain_words(text), re.I)
        if across and across.group(2):  # "a channel 1.2 m long and 0.09 m across"
            lengths["height"] = float(across.group(1)) * parse_length_factor(across.group(2))
    two_d = extruded_3d(text, shape, dimensionality(text))  # a step "with side walls", "z 0..0.1": 3D
    mesh = mesh_request(text) or cubic_cells(text)  # "0.01 m cubic cells"
    # "160 cells around, 20 across the gap, 50 along the axis"; an O-grid's "160 x 60 (circumferential x radial)"
    round_cells = annulus_cells(said) if shape == "annulus" else \
        ogrid_cells(said) if shape == "cylinder_crossflow" and o_domain(said) else None
    if round_cells:
        mesh = {"cells": round_cells}
    if two_d is None and (len(mesh.get("cells", [])) == 3 or mesh.get("over_section") or axis_ranges(text, "z")) and \
            shape in ("channel", "rectangle", "lid_driven_cavity", "heated_cavity", "annulus", "pipe"):
        two_d = False  # three cell counts or a z extent: a 3D domain
    if two_d is None and shape == "channel" and {"length", "height"} <= lengths.keys() and \
            ({"width", "depth"} & lengths.keys()) and re.search(r"\bducts?\b", text, re.I):
        two_d = False  # "a duct W 50 mm, H 40 mm, L 600 mm": a duct sized three ways is 3D
    # "a 3D duct ... with a square pillar spanning the full height at x = 0.3 m" (read as written when the rewriting
    # above dropped the body's noun: "a 2 cm cube" -> "a side 2 cm")
    solid = text if solid_in_3d(text, shape, two_d) else said if solid_in_3d(said, shape, two_d) else None
    if solid is not None:
        domain = _parse_geometry(without_solids(domain_words(text)), in_drawing_unit)
        if domain is not None:
            return make_spec(**box_obstacle_fields(solid, domain, mesh))
    notes: list[str] = []
    if shape in BLOCK_DIMENSIONS:
        dims, notes = block_dims(shape, text, lengths)
    else:
        dims = dims_for(shape, sized, lengths, two_d is not False and shape != "box")
    if shape in ("channel", "rectangle", "channel_with_cavity") and two_d is not False and \
            (row := cavity_row(text, dims.get("length", 1.0), dims.get("height", 0.1))):  # two or more pockets in a wall
        return make_spec(**union_fields(row, mesh))
    fields: dict[str, Any] = {"shape": shape, "dimensions": dims}
    if notes:
        fields["notes"] = notes
    said_length = dims.get("total_length")
    origin = place(shape, sized if shape in ("channel", "channel_with_obstacles", "rectangle") else text, dims)
    if shape == "bend":  # "bend centre at (0.5, 0.3) m", "the inlet leg between y = 0.1 and y = 0.2 m"
        origin = bend_origin(text, dims) or origin
    if step is not None:
        origin, step_notes = fit_step(shape, step, text, dims, origin, said_length)
        fields["notes"] = fields.get("notes", []) + step_notes
    if shape in ("nozzle", "diffuser"):  # "one wall straight, the other sloping at 9.5 degrees over 0.3 m"
        downstream_run(text, dims)
        range_sizes(text, dims)
        fields["notes"] = fields.get("notes", []) + one_sided_dims(shape, text, dims)
        origin = range_origin(text, dims, flat_wall_origin(dims, origin, bool(axis_ranges(text, "y"))))
        by_parts, inlet_centre = nozzle_parts(text)  # "inlet duct x 0..0.3 y 0..0.3, converging x 0.3..0.6, ..."
        if by_parts and inlet_centre is not None:
            dims.update(by_parts)
            origin = inlet_centre
        if coned is not None:  # a round pipe's sections: the axis along x from the inlet's x
            dims.update({k: v for k, v in coned.items() if k != "start"}, axisymmetric=True)
            origin = (coned["start"], 0.0)
    if shape in ("sudden_expansion", "sudden_contraction") and dims.get("axisymmetric"):
        shape, origin = _pipe_by_parts(text, dims, shape, origin)
    if shape in ("sudden_expansion", "sudden_contraction") and \
            (by_part := part_cells(text, dims, shape == "sudden_expansion")):
        dims.update(by_part)  # "cells 20 x 10 (small pipe) and 80 x 20 (large pipe)": each section's blocks
        mesh.pop("cells", None)
        if len(by_part) == 3:  # every block counted: no cell size left to apply ("axial 5 mm, radial 1 mm")
            mesh.pop("cell_size", None)
    if any(origin):
        fields["origin"] = origin
    if (shape in ("pipe", "annulus") or shape in ("nozzle", "diffuser", "sudden_expansion", "sudden_contraction")
            and dims.get("axisymmetric")) and two_d is not False and "wedge_angle" not in dims and \
            (angle := wedge_angle(text)) is not None:
        dims["wedge_angle"] = angle  # "on a 2 degree wedge mesh"
    if two_d is False and shape in EXTRUDED_3D | CAVITIES:  # its depth, cells across the span and sides
        span, span_notes = span_fields(text, shape, dims)
        fields.update({"span": span} if span else {}, notes=fields.get("notes", []) + span_notes)
    if shape in ("t_junction", "cross_junction"):  # a Y's angle, a combining flow, a 3D duct's section
        junction, junction_notes = junction_dims(text, shape, dims, two_d)
        if (centre := junction.pop("centre", None)) is not None:  # a cross junction by its channels' ranges
            fields["origin"] = centre
        dims.update(junction)
        fields["notes"] = fields.get("notes", []) + junction_notes
    if mesh.get("cells"):  # "30 cells across, 30/30/40 along": the parts' counts along x
        mesh["cells"], by_parts_note = along_by_parts(shape, text, dims, mesh["cells"])
        fields["notes"] = fields.get("notes", []) + by_parts_note
    cells = mesh.get("cells")
    if cells and len(cells) == 2 and cells[0] == cells[1] and (two_d is False or shape == "box") and \
            re.search(r"each\s+way|(?:each|every|both)\s+directions?|both\s+ways", digits(text), re.I):
        mesh["cells"] = cells * 1 + cells[:1]  # "twenty cells each way" in 3D
    if shape == "pipe" and (axis := pipe_axis(text)) not in (None, "x"):
        fields["axis"], two_d = axis, False  # "along +z": a full round pipe laid along z (a wedge is about x)
        fields["notes"] = fields.get("notes", []) + [f"A full 3D pipe: its axis is along {axis} as stated (an "
                                                     f"axisymmetric wedge is built about x only)."]
    if two_d is not None and not (two_d and shape == "box"):
        fields["two_d"] = two_d
    if grading:
        mesh["wall_grading"] = min(max(grading[0][2], 1.0), 50.0)
    if mesh:
        fields["mesh"] = mesh
    if shape == "lid_driven_cavity" and (moved := moved_sides(text)):
        dims["moving_walls"] = moved  # "the top lid moves right and the bottom lid left": each wall its own patch
    if shape == "heated_cavity" and unsized_cavity(text, lengths, dims):
        fields["notes"] = size_from_rayleigh(text, dims)
    if (enclosed := enclosure_fields(text, shape, dims, two_d)) is not None:  # "a heated block at the centre of the enclosure"
        fields.update(enclosed, notes=fields.get("notes", []) + enclosed["notes"])
    if shape == "channel_with_obstacles" and ribs is not None:
        fields["obstacles"], rib_notes = rib_obstacles(ribs, dims.get("length", 2.2), dims.get("height", 0.41))
        fields["notes"] = fields.get("notes", []) + rib_notes
    elif shape == "channel_with_obstacles" and parts and (step_fit := parts_as_step(parts, dims, fields.get("origin", (0, 0)))):
        fields.update(shape=step_fit.shape, dimensions=step_fit.dims, origin=step_fit.origin)  # a part against an end
    elif shape == "channel_with_obstacles" and parts:
        fields["obstacles"] = part_obstacles(parts, dims.get("height"))
    elif shape == "channel_with_obstacles" and (orifice := orifice_plates(text, dims.get("height", 0.41), dims.get("length", 2.2))):
        fields["obstacles"], fields["notes"] = orifice[0], fields.get("notes", []) + orifice[1]
    elif shape == "channel_with_obstacles":
        fields["obstacles"] = obstacles(text, dims.get("height"), dims.get("length"))
        rows = wall_rows(text, dims.get("height", 0.41))  # "two staggered baffles ... first on the floor, second on the ceiling"
        if rows and (not fields["obstacles"] or _misread(fields["obstacles"], dims)):
            fields["obstacles"] = rows
        wall = wall_body(text)  # one rib, fence or baffle on a wall: its sizes by their roles, wherever they are said
        if wall is not None and wall.complete() and (len(fields["obstacles"]) <= 1 or _misread(fields["obstacles"], dims)) and \
                not any("sizes" in o for o in fields["obstacles"]):  # not a trapezoid or a wedge outlined in words
            fields["obstacles"] = [wall.obstacle(dims.get("height", 0.41))]
        # "two squares in tandem, 5D apart": read as written ("5D" is five of the bodies' size, not a symbol D)
        fields.update(grouped_obstacles(said, dims, fields["obstacles"], fields.get("notes", [])))
        if not fields["obstacles"]:  # an ellipse or a wedge sized but not placed, or in no channel sized
            fields.update(lone_body_fields(text, dims, fields.get("notes", [])))
    if shape == "channel_with_obstacles" and plate is not None:  # the body and its plate: one solid
        fields["obstacles"], plate_notes = attach(plate, fields.get("obstacles", []))
        fields["notes"] = fields.get("notes", []) + plate_notes
    if shape in ("channel", "channel_with_obstacles"):  # "a square turned 45 degrees", "a plate inclined at 20 degrees"
        turned, turn_notes = turn_bodies(text, shape, fields.get("obstacles", []), dims.get("height"), dims.get("length"))
        if turn_notes:
            fields.update(shape="channel_with_obstacles", obstacles=turned, notes=fields.get("notes", []) + turn_notes)
    if shape in ("rectangle", "channel"):
        outline = vertices(text)
        if outline and len(outline) == 2 and outline[0][0] != outline[1][0] and outline[0][1] != outline[1][1]:
            (x0, y0), (x1, y1) = outline  # "corners (0, 0) and (600, 150) mm": two opposite corners of a rectangle
            dims.update(length=abs(x1 - x0), height=abs(y1 - y0))
            fields["origin"] = (min(x0, x1), min(y0, y1))
        elif outline:
            fields["outline"] = outline
        span = coordinate_range(text, "x")
        if span and "length" not in dims:
            dims["length"] = span[1] - span[0]
    if fields.get("shape") == "channel_with_obstacles" and not fields.get("obstacles"):
        noun = _BODY_NOUN.search(text)
        word = noun.group(0).lower() if noun else "body"
        are, its = ("are", "their") if word.endswith("s") else ("is", "its")
        thin = _THIN.search(text) and not re.search(rf"(?<![\w.]){NUM}\s*{UNIT}\s*(?:-\s*)?thick\b"
                                                    rf"|\bthickness\s*(?:of|=|:|is)?\s*{NUM}", text, re.I)
        why = (f" ({'they are' if are == 'are' else 'it is'} said thin but not how thin: the shape library meshes a "
               "body with a thickness, no zero-thickness baffle)") if thin else ""
        raise RequestError(f"geometry refused: the {word} in the channel {are} named, but "
                           f"{its} size and place could not both be read{why}; state the size (e.g. '2 mm thick and 5 cm high', "
                           "'4 cm square') and where it is (e.g. 'on the floor at x = 0.4 m', 'centred at (0.3, 0.05) m')")
    if fields.get("shape") == "channel_with_obstacles" and fields.get("obstacles") and "origin" not in fields:
        fields.update(_bodies_in_own_frame(sized, dict(dims), fields["obstacles"]))
    if fields.get("shape") == "channel_with_obstacles" and _ENCLOSED.search(text) and not _THROUGH_FLOW.search(text) and \
            not any(fields["dimensions"].get(k) for k in ("closed", "u_turn", "split_inlet")):
        fields["dimensions"] = {**fields["dimensions"], "closed": True}  # "Enclosure x 0..0.1 m, y 0..0.1 m": four walls
        fields["notes"] = fields.get("notes", []) + ["An enclosure: its four sides are walls (no inlet or outlet)."]
    return make_spec(**fields)


# a body placed from the channel's own ends or walls rather than by coordinates
_FROM_PARTS = re.compile(r"\b(?:from|downstream\s+of|upstream\s+of|behind|after|before|above|below|off)\s+the\s+"
                         r"(?:inlet|outlet|entrance|exit|floor|ceiling|bottom|top|wall|lower\s+wall|upper\s+wall)\b", re.I)


def _bodies_in_own_frame(text: str, dims: dict[str, Any], bodies: list[dict[str, Any]]) -> dict[str, Any]:
    """A channel given by coordinate ranges that do not start at the origin ("from x = -0.1 to 0.5 m") with its bodies
    placed by coordinates: the channel's origin there and the bodies moved into the shape's own coordinates. Bodies
    placed from the channel's ends or walls ("30 cm from the inlet") are already in them."""
    ox, oy = place("channel", text, dims)
    if not (ox or oy):
        return {}
    if _FROM_PARTS.search(text):  # placed from the channel's parts: in its own coordinates, unless one lies outside them
        length, height = dims.get("length", 2.2), dims.get("height", 0.41)
        points = [p for b in bodies for p in ([b["center"]] if b.get("center") is not None else []) + list(b.get("vertices") or [])]
        if all(0 <= p[0] <= length and 0 <= p[1] <= height for p in points):
            return {"origin": (ox, oy)}
        raise RequestError(f"geometry refused: the channel starts at ({ox:g}, {oy:g}) m and a body is placed from its "
                           "ends or walls: give every body's place as coordinates (e.g. 'centred at (0.3, 0.05) m'), or "
                           "the channel from the origin")

    def moved(point: Any) -> list[float]:
        return [round(point[0] - ox, 12), round(point[1] - oy, 12)]

    out = []
    for body in bodies:
        body = dict(body)
        if body.get("center") is not None:
            body["center"] = moved(body["center"])
        if body.get("vertices"):
            body["vertices"] = [moved(v) for v in body["vertices"]]
        out.append(body)
    return {"obstacles": out, "origin": (ox, oy)}


# a domain closed on every side, and words of a flow through it
_ENCLOSED = re.compile(r"\b(?:enclosures?|enclosed|closed\s+(?:box|cavity|room|container|domain|square|space|vessel|tank))\b", re.I)
_THROUGH_FLOW = re.compile(r"\b(?:inlets?|outlets?|inflow|outflow|enters?|leaves|exits?|free[- ]?stream|channel|duct|through[- ]?flow)\b"
                           r"|\bm\s*/\s*s\b", re.I)
_THIN = re.compile(r"\b(?:thin|zero[- ]thickness|infinitely\s+thin|no\s+thickness|razor[- ]thin)\b", re.I)
_BODY_NOUN = re.compile(r"\b(?:baffle|plate|fin|splitter\s+plate|rib|fence|block|obstacle|cylinder|post|pillar|vane|wall)s?\b",
                        re.I)


def _pipe_by_parts(text: str, dims: dict[str, Any], shape: str, origin: tuple[float, float]) -> tuple[str, tuple[float, float]]:
    """A stepped round pipe's sizes from its two sections said one after the other ("D 0.02 m for x 0..0.1 then
    D 0.04 m for x 0.1..0.5"), put in `dims`; the shape its diameters make and the origin at its step."""
    by_parts, step_x = pipe_parts(text)
    if not by_parts:
        return shape, origin
    dims.update(by_parts)
    widening = by_parts["outlet_height"] > by_parts["inlet_height"]
    # a round pipe's axis is y = 0 (the wedge turns about the x axis): only x is placed
    return ("sudden_expansion" if widening else "sudden_contraction"), (step_x if step_x is not None else origin[0], 0.0)


def _misread(bodies: list[dict[str, Any]], dims: dict[str, Any]) -> bool:
    """The obstacles read clause by clause are not the one wall body the words describe: they leave the channel or
    overlap, or are rectangles none of which stands on a wall ("a plate ... standing on the floor at x = 0.2 m")."""
    try:
        placed = [Obstacle(**b) for b in bodies]
        check_obstacles(placed, dims.get("length", 2.2), dims.get("height", 0.41))
    except (ValueError, ValidationError):
        return True
    height = dims.get("height", 0.41)
    boxes = [[p[1] for p in ob.outline()] for ob in placed if ob.kind in ("rectangle", "square")]
    return len(boxes) == len(placed) and not any(min(ys) <= 1e-9 * height or max(ys) >= height * (1 - 1e-9) for ys in boxes)
