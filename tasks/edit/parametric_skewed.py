"""Numerics for a generated mesh whose cells are sheared (the blocks of a trapezoidal cavity, a dog-leg channel, a
parallelogram duct): the templates' schemes come from tutorials on square cells ("Gauss linear orthogonal", no
non-orthogonal correctors), which on a 45 degree jog let icoFoam diverge within a few hundred steps. Their
laplacian and surface-normal gradients are made "corrected" and the pressure equation gets a non-orthogonal
corrector (two above 60 degrees). File edits in the scratch case; the sentence saying so comes back."""

from __future__ import annotations

from pathlib import Path

from tasks.foam import dictionary as fd

_ALGORITHMS = ("PISO", "PIMPLE", "SIMPLE")


def correct_non_orthogonal(case: Path, max_angle: float) -> str | None:
    """Make the laplacian and snGrad schemes of `case` corrected and give its pressure solution at least one
    non-orthogonal corrector (two when the cells' worst non-orthogonality `max_angle`, degrees, exceeds 60);
    None when the mesh is orthogonal enough (under 5 degrees) to keep the template's settings."""
    if max_angle < 5.0:
        return None
    schemes = case / "system/fvSchemes"
    text = schemes.read_text()
    for section in ("laplacianSchemes", "snGradSchemes"):
        value = fd.get(text, [section, "default"])
        if value is not None and ("orthogonal" in value.split() or "uncorrected" in value.split()):
            words = ["corrected" if w in ("orthogonal", "uncorrected") else w for w in value.split()]
            text = fd.set_entry(text, [section, "default"], " ".join(words))
    schemes.write_text(text)
    solution = case / "system/fvSolution"
    text = solution.read_text()
    correctors = 2 if max_angle > 60.0 else 1
    for algorithm in _ALGORITHMS:
        if fd.find(text, [algorithm]) is not None:
            now = fd.get(text, [algorithm, "nNonOrthogonalCorrectors"])
            if now is None or int(float(now)) < correctors:
                text = fd.set_entry(text, [algorithm, "nNonOrthogonalCorrectors"], str(correctors))
    solution.write_text(text)
    return (f"cells sheared up to {max_angle:.0f} degrees (slanted walls): laplacian and snGrad schemes corrected, "
            f"{correctors} non-orthogonal corrector{'s' if correctors > 1 else ''} on the pressure equation")
