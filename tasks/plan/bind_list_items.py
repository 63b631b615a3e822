"""Numbers kept in the keyed items of a list entry, for values a request gives by name: the Lee
phase change of icoReactingMultiphaseInterFoam (`massTransferModel ( (liquid to gas) { type Lee;
C 100; Tactivate 366; } );`), an interface composition's or a phase transfer's coefficients.
The pair lists other binders own (drag, lift, ..., surface tension, heat transfer) are left to
them. The paths name the item by its key ([massTransferModel, "(liquid to gas)", C]), which
tasks.foam.dictionary finds and sets in place.
"""

from __future__ import annotations

from tasks.foam import dictionary as fd
from tasks.plan.bind_phase_model_table import CATEGORY_WORDS
from tasks.plan.bind_phase_pair_lists import pair_items

# lists whose items a binder of their own reads and writes (tasks.plan.bind_phase_models, bind_sigma)
_OWNED = (*CATEGORY_WORDS, "surfaceTension", "blending")


def _owned(name: str) -> bool:
    return name.split(".")[0] in _OWNED


def item_leaves(text: str) -> list[tuple[list[str], str]]:
    """([list name, item key, *leaf path], raw value) for every `key value;` inside the keyed items
    of the dictionary's top-level lists ("(liquid to gas)" items), the owned pair lists aside."""
    out: list[tuple[list[str], str]] = []
    clean = fd.strip_comments(text)
    for e in fd.entries(clean):
        if e.kind != "value" or _owned(e.name) or not clean[e.value_start:e.value_end].lstrip().startswith("("):
            continue
        try:
            items = pair_items(clean[e.value_start:e.value_end])
        except ValueError:
            continue  # a list of numbers, of words: no keyed items
        for key, block in items:
            out += [([e.name, key, *path], raw.strip()) for path, raw in fd.leaves(block[1:-1])]
    return out
