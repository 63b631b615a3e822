"""Session 11, thermal: a wall heat flux on a case whose T is a passive scalar (the scalarTransport
function object next to simpleFoam/pimpleFoam/icoFoam: forced convection) is a gradient
q / (rho cp D), D = alphaD nu or the object's constant D; a flux whose wall is named once in its
sentence, away from the value, goes to that wall."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.plan.bind import bind_all
from tasks.plan.bind_thermal_flux import flux_gradient, passive_diffusivity
from tasks.plan.stated import read_stated

_HEADER = "FoamFile\n{\n    version 2.0;\n    format ascii;\n    class %s;\n    object %s;\n}\n"


def _control(passive: str) -> str:
    return (_HEADER % ("dictionary", "controlDict") + "application simpleFoam;\nendTime 100;\n"
            "functions\n{\n    probes\n    {\n        type probes;\n        fields (p);\n    }\n"
            f"    temperature\n    {{\n        type scalarTransport;\n        field T;\n{passive}    }}\n}}\n")


@pytest.mark.parametrize(("text", "found"), [
    (_control("        alphaD 0.142653;\n        alphaDt 1.17647;\n"), ("alphaD", 0.142653)),
    (_control("        D 2e-05;\n"), ("D", 2e-05)),
    (_control("        alphaD 1.4;\n").replace("field T;", "field s;"), None),  # another scalar, no temperature
    (_HEADER % ("dictionary", "controlDict") + "application simpleFoam;\n", None),
])
def test_passive_diffusivity(text: str, found: tuple[str, float] | None) -> None:
    assert passive_diffusivity(text) == found


def _channel(root: Path, passive: str) -> Path:
    """A generated channel as the shape library writes it: U, T (passive), nu, the T object."""
    for rel, text in {
        "system/controlDict": _control(passive),
        "constant/transportProperties": _HEADER % ("dictionary", "transportProperties") + "nu 1.004e-06;\n",
        "0/U": _HEADER % ("volVectorField", "U") + "dimensions [0 1 -1 0 0 0 0];\ninternalField uniform (0 0 0);\n"
        "boundaryField\n{\n    inlet { type fixedValue; value uniform (0.1 0 0); }\n"
        "    outlet { type zeroGradient; }\n    bottom { type noSlip; }\n    top { type noSlip; }\n}\n",
        "0/T": _HEADER % ("volScalarField", "T") + "dimensions [0 0 0 1 0 0 0];\ninternalField uniform 300;\n"
        "boundaryField\n{\n    inlet { type fixedValue; value uniform 300; }\n"
        "    outlet { type zeroGradient; }\n    bottom { type zeroGradient; }\n    top { type zeroGradient; }\n}\n",
    }.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    return root


def _gradient(binder, patch: str) -> float | None:
    for e in binder.edits:
        if e.file == "0/T" and e.entry == ["boundaryField", patch] and isinstance(e.value, dict):
            return float(e.value["gradient"].split()[-1])
    return None


WATER_NU, WATER_PR = 1.004e-06, 1 / 0.142653


@pytest.mark.parametrize(("text", "patch", "flux"), [
    ("water in a channel, entering at 290 K; the bottom wall is heated with 2 kW/m2", "bottom", 2000.0),
    ("channel of water\ninlet: 0.1 m/s, 15 degC\nlower wall: 1000 W/m2", "bottom", 1000.0),
    ("Could you heat the upper wall of the water channel (1 m by 5 cm, 0.1 m/s in at 280 K) with 0.8 kW/m2?",
     "top", 800.0),
    ("a water channel whose top gets 500 W/m^2", "top", 500.0),
])
def test_a_flux_on_a_passive_temperature_is_its_gradient(tmp_path: Path, text: str, patch: str, flux: float) -> None:
    case = _channel(tmp_path, "        alphaD 0.142653;\n        alphaDt 1.17647;\n")
    b = bind_all(case, "simpleFoam", text, read_stated(text))
    assert not [n for n in b.not_applied if "W/m" in n.text or "kW" in n.text], b.not_applied
    expected = flux_gradient(flux, 998.0, 4182.0, WATER_NU, WATER_PR)
    assert _gradient(b, patch) == pytest.approx(expected, rel=0.02)


def test_a_constant_diffusivity_gives_q_over_rho_cp_d(tmp_path: Path) -> None:
    case = _channel(tmp_path, "        D 2e-05;\n")
    text = "water channel, bottom wall 1 kW/m2"
    b = bind_all(case, "icoFoam", text, read_stated(text))
    assert _gradient(b, "bottom") == pytest.approx(1000.0 / (998.0 * 4182.0 * 2e-05), rel=0.02)


# --- properties read into another value (DT = k / (rho cp), a flux's gradient) -----------------

FLANGE = Path("/usr/share/doc/openfoam-examples/examples/basic/laplacianFoam/flange")


@pytest.mark.skipif(not FLANGE.is_dir(), reason="OpenFOAM tutorials not installed")
@pytest.mark.parametrize(("text", "k", "rho", "cp"), [
    ("laplacianFoam flange made of steel: k = 45 W/(m K), rho = 7850 kg/m3, cp = 490 J/(kg K)", 45.0, 7850.0, 490.0),
    ("flange conduction: density 2700 kg/m3 and heat capacity 900 J/kg/K, conductivity 205 W/m/K", 205.0, 2700.0, 900.0),
    ("flange, aluminium: 205 W/m/K; 2.7 g/cm3; 0.9 kJ/(kg K)", 205.0, 2700.0, 900.0),
    ("Could the flange be copper? cp is 385 J/(kg K), the density 8960 kg/m^3 and k 400 W/(m K)", 400.0, 8960.0,
     385.0),
])
def test_density_and_specific_heat_read_into_dt(text: str, k: float, rho: float, cp: float) -> None:
    b = bind_all(FLANGE, "laplacianFoam", text, read_stated(text))
    assert not b.not_applied, b.not_applied
    dt = [e.value for e in b.edits if e.file == "constant/transportProperties" and e.entry == ["DT"]]
    assert float(str(dt[-1]).split()[-1]) == pytest.approx(k / (rho * cp), rel=1e-3)
    assert {b_.stated for b_ in b.bindings if b_.entry == ["DT"]} == {q.text for q in read_stated(text)}


def test_density_and_specific_heat_read_into_a_flux_gradient(tmp_path: Path) -> None:
    case = _channel(tmp_path, "        alphaD 0.142653;\n        alphaDt 1.17647;\n")
    text = "water channel, bottom heated with 2 kW/m2; density 1000 kg/m3, cp 4180 J/(kg K)"
    b = bind_all(case, "simpleFoam", text, read_stated(text))
    assert not b.not_applied, b.not_applied
    assert _gradient(b, "bottom") == pytest.approx(flux_gradient(2000.0, 1000.0, 4180.0, WATER_NU, WATER_PR), rel=1e-3)
