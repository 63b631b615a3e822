"""Equal values stated for two roles: each is bound and found at its own place."""

from pathlib import Path

import pytest

from tasks.edit.verify import verify_stated
from tasks.plan.named import stated_for
from tasks.plan.stated import Binding, StatedQuantity


def _q(role: str, text: str = "293.15 K") -> StatedQuantity:
    return StatedQuantity(text=text, quantity="temperature", value=293.15, unit="K", role=role)


@pytest.mark.parametrize(("text", "nth"), [
    ("room air 293.15 K, TRef 293.15 K", 1),
    ("TRef 293.15 K and the air at 293.15 K", 0),
    ("walls 293.15 K, air 293.15 K, TRef 293.15 K", 2),
])
def test_a_named_value_is_the_equal_statement_at_its_place(text: str, nth: int) -> None:
    stated = [_q(f"role{i}") for i in range(text.count("293.15"))]
    at = text.index("TRef") + len("TRef ")
    assert stated_for(("TRef", 293.15, "293.15 K", at), stated, text) is stated[nth]


def test_equal_statements_are_found_at_places_of_their_own(tmp_path: Path) -> None:
    (tmp_path / "constant").mkdir()
    (tmp_path / "constant/transportProperties").write_text("TRef 293.15;\nnu 1e-05;\n")
    (tmp_path / "system").mkdir()
    (tmp_path / "system/setFieldsDict").write_text("defaultFieldValues ( volScalarFieldValue T 293.15 );\n")
    stated = [_q("initial_temperature"), _q("reference_temperature")]
    bindings = [Binding(stated="293.15 K", file="constant/transportProperties", entry=["TRef"], value="293.15",
                        how="TRef = 293.15 (named in the request)"),
                Binding(stated="293.15 K", file="system/setFieldsDict", entry=["defaultFieldValues"],
                        value="volScalarFieldValue T 293.15", how="initial T in the rest of the domain")]
    found, missing = verify_stated(tmp_path, stated, bindings)
    assert not missing
    assert [q.file for q in found] == ["system/setFieldsDict", "constant/transportProperties"]


@pytest.mark.parametrize("text", [
    "the gas at t = 0 is 300 K, run to 2 s",
    "at time 0 the block is at 500 K; simulate 10 s",
    "initially at t = 0 s the tank is still, end at 3 s",
])
def test_the_start_instant_is_no_end_time(text: str) -> None:
    from tasks.plan.stated import read_stated

    assert [q.value for q in read_stated(text) if q.role == "end_time"] == [
        float(text.rsplit(" ", 2)[-2]) if text.endswith(" s") else 2.0]
