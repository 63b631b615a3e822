from __future__ import annotations

import pytest

from tasks.foam.geometry import rectangle, split_cells


def test_rectangle_patches_and_cells():
    names = {"bottom": "walls", "top": "atmosphere", "left": "walls", "right": "walls"}
    mesh = rectangle([0, 0.04, 0.06, 0.1], [0, 0.5], [8, 4, 8], [100],
                     lambda side, i: "inlet" if (side, i) == ("bottom", 1) else names[side],
                     {"walls": "wall", "inlet": "patch", "atmosphere": "patch"})
    by_name = {p.name: p for p in mesh.patches}
    assert mesh.n_cells == 20 * 100
    assert len(mesh.vertices) == 2 * 4 * 2
    assert len(by_name["inlet"].faces) == 1 and by_name["inlet"].type == "patch"
    assert len(by_name["walls"].faces) == 2 + 2  # two bottom segments, left, right
    assert len(by_name["frontAndBack"].faces) == 6 and by_name["frontAndBack"].type == "empty"


@pytest.mark.parametrize("x", [[0], [0, 0], [1, 0]])
def test_bad_edges(x):
    with pytest.raises(ValueError):
        rectangle(x, [0, 1], [1] * max(len(x) - 1, 1), [1], lambda s, i: s, {})


def test_split_cells():
    assert split_cells(20, [1, 1]) == [10, 10]
