"""Which periodic wave theory suits a regular wave of height H and period T in still water of
depth h, for a request that asks for regular waves without naming a model: the linear
dispersion relation gives the wavelength, the Ursell number H L^2 / h^3 tells shallow-water
(cnoidal) waves from Stokes waves, and the steepness H / L the order of the Stokes theory
(after Le Mehaute's chart of the ranges of validity). Pure arithmetic.
"""

from __future__ import annotations

import math

G = 9.81
URSELL_CNOIDAL = 26.0  # above it the Stokes expansion fails (shallow, long waves): cnoidal
STEEP_LINEAR = 0.006  # H/L below it: linear (Airy) waves are accurate
STEEP_SECOND = 0.04  # H/L below it: second order suffices, above it fifth order


def wavelength(period: float, depth: float | None) -> float:
    """The linear-theory wavelength (m) of a period (s) in water of a depth (m); deep water
    (L = g T^2 / 2 pi) when the depth is not known."""
    deep = G * period ** 2 / (2 * math.pi)
    if depth is None or depth <= 0:
        return deep
    length = deep
    for _ in range(60):  # fixed point of L = L0 tanh(2 pi h / L), monotone from the deep-water length
        new = deep * math.tanh(2 * math.pi * depth / length)
        if abs(new - length) < 1e-9 * deep:
            break
        length = 0.5 * (length + new)
    return length


def periodic_model(height: float, period: float, depth: float | None) -> tuple[str, str]:
    """(v1912 waveModel, why) for a regular wave: cnoidal, StokesI, StokesII or StokesV."""
    length = wavelength(period, depth)
    steep = height / length
    if depth is not None and depth > 0:
        ursell = height * length ** 2 / depth ** 3
        if ursell >= URSELL_CNOIDAL:
            return "cnoidal", (f"Ursell number {ursell:.4g} >= {URSELL_CNOIDAL:g} (H {height:g} m, linear wavelength "
                               f"{length:.3g} m, depth {depth:g} m): shallow-water cnoidal waves")
        where = f"Ursell number {ursell:.4g} < {URSELL_CNOIDAL:g}, "
    else:
        where = "depth not stated (deep water assumed), "
    order = "StokesI" if steep < STEEP_LINEAR else "StokesII" if steep < STEEP_SECOND else "StokesV"
    return order, f"{where}steepness H/L {steep:.3g} (linear wavelength {length:.3g} m): {order} waves"
