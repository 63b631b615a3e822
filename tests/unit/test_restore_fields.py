"""The written case holds each field its Allrun copies from a pristine X.orig before the run."""

from pathlib import Path

from tasks.edit.writer import restore_zero


def _field(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def test_a_missing_field_is_copied_from_its_orig(tmp_path: Path) -> None:
    _field(tmp_path / "0/T.orig", "T stated")
    _field(tmp_path / "0/U", "U")
    assert restore_zero(tmp_path) == ["0/T"]
    assert (tmp_path / "0/T").read_text() == "T stated"


def test_a_present_field_is_kept(tmp_path: Path) -> None:
    _field(tmp_path / "0/alpha.water.orig", "pristine")
    _field(tmp_path / "0/alpha.water", "set by the plan")
    assert restore_zero(tmp_path) == []
    assert (tmp_path / "0/alpha.water").read_text() == "set by the plan"


def test_a_pristine_folder_becomes_0(tmp_path: Path) -> None:
    _field(tmp_path / "0.orig/U", "U")
    _field(tmp_path / "0.orig/p.orig", "p")
    assert restore_zero(tmp_path) == ["0/U", "0/p", "0/p.orig"]
    assert (tmp_path / "0/p").read_text() == "p"
