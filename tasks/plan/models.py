"""Selectable models of OpenFOAM dictionaries, read from the installed tutorials, and the
model a request names ("a Bird-Carreau fluid", "HerschelBulkley").

A tutorial dictionary that holds `<key> <Model>;` beside `<Model>Coeffs { ... }` shows that
`Model` is a value of `key` and which coefficients it takes (with the tutorial's values as
defaults); other `<Other>Coeffs` dictionaries beside it are further models for the same key
(offsetCylinder keeps BirdCarreauCoeffs next to its CrossPowerLaw). Pure apart from reading
the tutorials once.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from tasks.foam import dictionary as fd
from tasks.foam.files import read_text

_COEFFS = re.compile(r"\b(\w+)Coeffs\s*\{([^{}]*)\}")
_ENTRY = re.compile(r"(?:^|(?<=[;{}]))\s*(\w+)\s+([^;{}]+?)\s*;", re.M)


def _scan(text: str) -> dict[str, dict[str, dict[str, str]]]:
    """key -> model -> coefficients, from one dictionary's text."""
    text = fd.strip_comments(text)
    blocks = {m.group(1): {k: " ".join(v.split()) for k, v in _ENTRY.findall(m.group(2))} for m in _COEFFS.finditer(text)}
    selectors = [(key, value) for key, value in _ENTRY.findall(_COEFFS.sub(" ", text))
                 if value in blocks and not key.endswith("Coeffs")]
    out: dict[str, dict[str, dict[str, str]]] = {}
    for key, value in selectors:
        out.setdefault(key, {})[value] = blocks[value]
    if len(selectors) == 1:  # one selectable model in the file: its other Coeffs are alternatives
        out[selectors[0][0]].update({m: c for m, c in blocks.items() if m not in out[selectors[0][0]]})
    return out


@lru_cache(maxsize=4)
def model_table(root: str) -> dict[str, dict[str, dict[str, str]]]:
    """key -> model -> {coefficient: tutorial value} over every constant/*Properties file of
    the tutorials under `root`."""
    table: dict[str, dict[str, dict[str, str]]] = {}
    for path in sorted(Path(root).rglob("constant/*Properties*")):
        if not path.is_file() or path.name.endswith((".orig", ".org")):
            continue
        text = read_text(path)
        if not text or "Coeffs" not in text:
            continue
        for key, models in _scan(text).items():
            for model, coeffs in models.items():
                table.setdefault(key, {}).setdefault(model, coeffs)
    return table


def spoken_model(model: str) -> str:
    """A regex for a model name as written in prose: BirdCarreau -> 'bird[- ]?carreau'."""
    words = re.findall(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+", model)
    return r"[\s-]?".join(re.escape(w.lower()) for w in words) if words else re.escape(model.lower())


def named_model(text: str, models: list[str]) -> tuple[str, int] | None:
    """(model, end of its name) for the one model of `models` the text names; longest names
    first ('Cross power law' is CrossPowerLaw, not powerLaw); 'non-Newtonian' names no model."""
    low = text.lower()
    taken: list[tuple[int, int]] = []
    hits: list[tuple[str, int]] = []
    for model in sorted(models, key=len, reverse=True):
        for m in re.finditer(rf"(?<![\w-]){spoken_model(model)}(?![\w-])", low):
            if any(a < m.end() and m.start() < b for a, b in taken):
                continue
            taken.append(m.span())
            hits.append((model, m.end()))
    names = {h[0] for h in hits}
    return hits[0] if len(names) == 1 else None


def switchable(key: str, model: str) -> bool:
    """A selector the binder may switch by name: an `...Model`/`...Mixture` key (not the
    turbulence model, which the recipes choose) and a model with a proper name
    (BirdCarreau, SchnerrSauer; not 'constant' or 'laminar')."""
    return key.endswith(("Model", "Mixture")) and key not in ("RASModel", "LESModel") and model[:1].isupper()
