"""A contact (wetting) angle in a new-case request is theta0 on the phase fraction's walls."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.plan.bind import bind_all
from tasks.plan.stated import read_stated

CAPILLARY = Path("/usr/share/doc/openfoam-examples/examples/multiphase/interFoam/laminar/capillaryRise")
CAVITY = Path("/usr/share/doc/openfoam-examples/examples/incompressible/icoFoam/cavity/cavity")


@pytest.mark.skipif(not CAPILLARY.is_dir(), reason="openfoam-examples not installed")
@pytest.mark.parametrize("text", ["capillary tube, wetting angle of 62 deg", "set the contact angle to 62 degrees",
                                  "theta = 62 degrees at the tube wall"])
def test_contact_angle_goes_to_theta0(text):
    stated = read_stated(text)
    binder = bind_all(CAPILLARY, "interFoam", text, stated)
    assert [(b.entry[-1], b.value) for b in binder.bindings] == [("theta0", "62")]
    assert not binder.not_applied


@pytest.mark.skipif(not CAVITY.is_dir(), reason="openfoam-examples not installed")
def test_no_contact_angle_wall_is_reported():
    text = "cavity with a contact angle of 40 degrees"
    binder = bind_all(CAVITY, "icoFoam", text, read_stated(text))
    assert [n.text for n in binder.not_applied] == ["40 degrees"]
    assert "constantAlphaContactAngle" in binder.not_applied[0].reason
