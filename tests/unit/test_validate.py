"""Validation helpers: reference data files, profiles, Nusselt number, reattachment (pure)."""

from __future__ import annotations

import numpy as np
import pytest

from tasks.bench.validate import (
    CASES,
    TOLERANCE,
    heated_cavity_properties,
    hot_wall_nusselt,
    line_profile,
    poiseuille_gradient,
    read_reference_csv,
    read_reference_yaml,
    reattachment,
    validation_cases,
)
from tasks.core.errors import UsageError


def test_reference_files_parse_with_their_citations() -> None:
    u = read_reference_csv("ghia1982_u_vertical_centreline.csv")
    v = read_reference_csv("ghia1982_v_horizontal_centreline.csv")
    assert len(u["y"]) == len(v["x"]) == 17
    assert u["Re100"][0] == 1.0 and u["Re100"][-1] == 0.0 and min(u["Re100"]) == pytest.approx(-0.21090)
    assert max(v["Re400"]) == pytest.approx(0.30203)
    nu = read_reference_yaml("devahldavis1983_nusselt.yaml")
    assert {float(k): v for k, v in nu["nu_mean"].items()}[1e5] == pytest.approx(4.519)
    assert read_reference_yaml("pitzdaily1983_reattachment.yaml")["reattachment_over_h"] == 7.0


def test_every_metric_has_a_tolerance_and_at_least_six_comparisons() -> None:
    ids = {c.id for c in CASES}
    assert len(ids) >= 6
    for case in CASES:
        assert case.id in TOLERANCE or any(k.startswith(case.id) for k in TOLERANCE)
    with pytest.raises(UsageError, match="unknown validation case"):
        validation_cases(["nope"])


def test_rayleigh_number_of_the_built_cavity() -> None:
    p = heated_cavity_properties(1e5)
    alpha = p["nu"] / p["Pr"]
    assert p["g"] * p["beta"] * p["dT"] * p["L"] ** 3 / (p["nu"] * alpha) == pytest.approx(1e5)


def test_line_profile_interpolates_between_columns() -> None:
    x, y = np.meshgrid([0.25, 0.75], [0.1, 0.5, 0.9])
    value = x + 10 * y
    along, v = line_profile(x.ravel(), y.ravel(), value.ravel(), 0.5)
    assert np.allclose(along, [0.1, 0.5, 0.9]) and np.allclose(v, 0.5 + 10 * along)


def test_hot_wall_nusselt_is_second_order() -> None:
    """T = Th - a x + b x^2 on a non-uniform row: the wall gradient is exactly -a."""
    xs = np.array([0.01, 0.035, 0.07, 0.2])
    x, y = np.meshgrid(xs, [0.25, 0.75])
    t = 1.0 - 3.0 * x + 5.0 * x**2
    assert hot_wall_nusselt(x.ravel(), y.ravel(), t.ravel(), 1.0, 1.0, 1.0) == pytest.approx(3.0)


def test_reattachment_is_the_last_sign_change() -> None:
    xs = np.array([0.0, 1.0, 2.0, 3.0, 4.0, 5.0])
    u = np.array([0.1, -0.2, -0.5, -0.1, 0.3, 0.5])  # corner eddy, main bubble, reattachment at 3.25
    assert reattachment(xs, u) == pytest.approx(3.25)
    assert reattachment(xs, np.abs(u)) is None


def test_poiseuille_gradient_from_the_log() -> None:
    log = "Pressure gradient source: uncorrected Ubar = 1, pressure gradient = 1.1985\n"
    assert poiseuille_gradient(log) == pytest.approx(1.1985)
