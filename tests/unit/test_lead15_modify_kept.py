"""modify: a model named in a sentence that keeps things as they are is no switch; a case with a
turbulence model per phase gets no single-phase switch; a multiphase case without
transportProperties gets no crash for a fluid change (tasks/edit/modify_switch.py, modify_fluid.py)."""
from pathlib import Path

import pytest

from tasks.edit.modify_switch import per_phase_turbulence, without_kept_sentences


@pytest.mark.parametrize("text, kept", [
    ("Raise the inlet to 3 m/s. Everything else, including the k-epsilon model, stays as it is.", "Raise the inlet to 3 m/s."),
    ("Double the end time; keep the kOmegaSST model.", "Double the end time;"),
    ("Use k-omega SST instead of k-epsilon. The mesh remains unchanged.", "Use k-omega SST instead of k-epsilon."),
    ("Switch to realizableKE but keep the wall functions.", "Switch to realizableKE but keep the wall functions."),
])
def test_sentences_that_keep_things_name_no_target(text: str, kept: str) -> None:
    assert without_kept_sentences(text) == kept


def test_a_turbulence_model_per_phase_is_told_apart(tmp_path: Path) -> None:
    (tmp_path / "constant").mkdir()
    (tmp_path / "constant/turbulenceProperties.liquid").write_text("simulationType RAS;\n")
    assert per_phase_turbulence(tmp_path)
    (tmp_path / "constant/turbulenceProperties").write_text("simulationType RAS;\n")
    assert not per_phase_turbulence(tmp_path)
