"""A region key written in a comment is not the key set (offsets from the comment-blanked text)."""

from tasks.plan.regions import set_region_key


def test_a_commented_key_is_not_edited():
    raw = "(\n    sphereToCell\n    {\n        // radius 0.5; the old one\n        origin (0 0 0);\n        radius 0.1;\n    }\n)"
    out = set_region_key(raw, 0, "radius", "0.2")
    assert "// radius 0.5; the old one" in out and "radius 0.2;" in out
