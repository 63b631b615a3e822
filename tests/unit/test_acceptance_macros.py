"""A field whose internalField is a macro (`uniform $flowVelocity`) is resolved when the file
defines it, and otherwise is no number: never an IndexError (issue 8, includes)."""

import pytest

from tasks.run.acceptance import field_range, read_internal_field


@pytest.mark.parametrize("body,expected", [
    ("speed 4.5;\ninternalField uniform $speed;\n", 4.5),
    ("internalField uniform 2e-3;\n", 2e-3),
    ("T0 300;\ninternalField uniform ${T0};\n", 300.0),
])
def test_uniform_values_and_macros_defined_in_the_file(tmp_path, body, expected):
    path = tmp_path / "f"
    path.write_text(body)
    assert read_internal_field(path)[0] == pytest.approx(expected)


def test_a_macro_defined_elsewhere_is_no_number_and_no_crash(tmp_path):
    path = tmp_path / "U"
    path.write_text('#include "include/initialConditions"\ninternalField uniform $flowVelocity;\n')
    with pytest.raises(ValueError, match="flowVelocity"):
        read_internal_field(path)
    assert field_range(path) is None
