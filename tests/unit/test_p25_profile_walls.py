"""Channels whose floor or ceiling follows a stated profile (tasks/geometry/text_wall_profile.py): a straight ramp to a
raised floor, a formula wall written as a polyLine edge, waves in words, a bump; checked on the written blockMeshDict."""

from __future__ import annotations

import math
import re
from pathlib import Path

from tasks.geometry.build import build_mesh
from tasks.geometry.text import parse_geometry
from tasks.geometry.text_wall_profile import wall_wave_words


def _polylines(text: str) -> list[list[tuple[float, float]]]:
    return [[(float(x), float(y)) for x, y in re.findall(r"\(([-\d.eE+]+) ([-\d.eE+]+) 0\)", body)]
            for body in re.findall(r"polyLine \d+ \d+ \((.*)\)", text)]


def test_ramp_to_raised_floor_in_named_lengths() -> None:
    spec = parse_geometry("H = 0.2 m. A 2D channel 10H long and H high; the floor rises in a straight ramp from "
                          "x = 2H to x = 3H, reaching H/2, and stays there to the outlet.")
    assert spec.shape == "polygon_domain"
    assert {(round(x, 9), round(y, 9)) for x, y in spec.dims.vertices} == \
        {(0, 0), (0.4, 0), (0.6, 0.1), (2, 0.1), (2, 0.2), (0, 0.2)}


def test_formula_floor_is_a_polyline_through_the_formula(tmp_path: Path) -> None:
    spec = parse_geometry("2D channel 1 m long, 0.1 m high. The lower wall is wavy between x = 0.2 m and x = 0.6 m: "
                          "y = 0.005*(1 - cos(2*pi*(x-0.2)/0.1)); flat elsewhere. 20 cells across the height.")
    build_mesh(spec, tmp_path)
    text = (tmp_path / "system/blockMeshDict").read_text()
    points = [p for line in _polylines(text) for p in line]
    assert len(points) > 40 and min(p[0] for p in points) > 0.2 and max(p[0] for p in points) < 0.6
    assert all(abs(y - 0.005 * (1 - math.cos(2 * math.pi * (x - 0.2) / 0.1))) < 1e-9 for x, y in points)
    assert max(y for _, y in points) > 0.0099  # the crests are followed, not cut
    assert {m for m in re.findall(r"hex \([\d ]+\) \((\d+) (\d+) 1\)", text)} and \
        {int(n) for _, n in re.findall(r"hex \([\d ]+\) \((\d+) (\d+) 1\)", text)} == {20}


def test_bump_in_words_sits_under_the_crest_and_nowhere_else() -> None:
    spec = parse_geometry("Simulate a 2D channel (0.8 m x 0.1 m) with a smooth bump on the lower wall, height 15 mm, "
                          "length 120 mm, centre x = 0.3 m.")
    curve = [p for c in spec.dims.curves for p in c]
    assert abs(max(y for _, y in curve) - 0.015) < 1e-9
    assert abs(min(x for x, _ in curve) - 0.24) < 1e-9 and abs(max(x for x, _ in curve) - 0.36) < 1e-9
    assert max(x for x, _ in spec.dims.vertices) == 0.8


def test_waves_of_a_wall_ask_for_no_second_phase() -> None:
    assert "waves" in wall_wave_words("the floor carries 8 sine waves of length 0.1 m and amplitude 0.01 m")
    assert wall_wave_words("waves of height 0.1 m in a flume with still water depth 0.4 m; the floor is flat") == ()
