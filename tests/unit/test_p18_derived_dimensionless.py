"""A dimensionless number stated with all its ingredients is a check: verified by computing it
from them (within 5 %), else a reason that says by how much it is off; with an ingredient missing
it is no check (the binders derive the missing value)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.edit.verify import verify_stated
from tasks.plan.bind_dimensionless import check_group
from tasks.plan.stated import read_stated


def _group(text: str):
    stated = read_stated(text)
    q = next(s for s in stated if s.quantity in ("reynolds", "prandtl", "mach"))
    return check_group(q, stated)


@pytest.mark.parametrize("text, agrees", [
    ("Re = 100 with inlet velocity 0.1 m/s, cylinder diameter 1 cm and nu 1e-5 m2/s", True),
    ("flow at 10 cm/s past a 10 mm cylinder, kinematic viscosity 1e-5 m2/s, Reynolds number 100", True),
    ("Re 200: U = 0.2 m/s, D = 0.01 m, density 1000 kg/m3, dynamic viscosity 0.01 Pa s", True),
    ("channel width 2 cm, water nu 1e-6 m2/s, bulk speed 5 mm/s, Re=100", True),
    ("Re = 150 with inlet velocity 0.1 m/s, cylinder diameter 1 cm and nu 1e-5 m2/s", False),
    ("Pr = 0.71 with mu 1.8e-5 Pa s, cp 1005 J/(kg K) and k 0.0255 W/(m K)", True),
    ("Prandtl 7 for mu 1.8e-5 Pa s, cp 1005 J/(kg K), k 0.0255 W/(m K)", False),
])
def test_check_group(text: str, agrees: bool) -> None:
    got = _group(text)
    assert got is not None and got[0] is agrees
    assert ("off" in got[1]) is not agrees


@pytest.mark.parametrize("text", [
    "Re = 100 with inlet velocity 0.1 m/s and nu 1e-5 m2/s",  # no length
    "Re = 100, cylinder diameter 1 cm, 0.1 m/s, domain 1 m long, nu 1e-5 m2/s",  # two lengths: which one?
    "Mach 0.5 at 170 m/s",  # not checked here
])
def test_no_check_without_every_ingredient(text: str) -> None:
    assert _group(text) is None


def test_verify_reports_the_check(tmp_path: Path) -> None:
    good = read_stated("Re = 100 with inlet velocity 0.1 m/s, cylinder diameter 1 cm and nu 1e-5 m2/s")
    out, missing = verify_stated(tmp_path, good, [])
    re_q = next(q for q in out if q.quantity == "reynolds")
    assert re_q.verified and "checked" in (re_q.note or "")
    assert not any(n.text == re_q.text for n in missing)
    bad = read_stated("Re = 150 with inlet velocity 0.1 m/s, cylinder diameter 1 cm and nu 1e-5 m2/s")
    _, missing = verify_stated(tmp_path, bad, [])
    reason = next(n.reason for n in missing if n.text.startswith("Re"))
    assert "disagrees" in reason and "33%" in reason
