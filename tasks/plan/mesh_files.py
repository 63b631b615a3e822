"""Which blockMesh dictionary builds the mesh a tutorial's solver runs on: system/blockMeshDict,
the one its Allrun names (`blockMesh -dict system/blockMeshDict.fine`; of several, the one the
request names: "the coarse mesh"), or a region's (system/solid/blockMeshDict). Reads the base's
folder and its Allrun only.
"""

from __future__ import annotations

import re
from pathlib import Path

from tasks.foam import dictionary as fd
from tasks.foam import geometry
from tasks.foam.allrun_inputs import ScriptVariant, mesh_dictionaries, script_variants
from tasks.foam.files import find_file
from tasks.foam.includes import expand_text
from tasks.plan.stated import StatedQuantity

BLOCK_MESH_DICT = "system/blockMeshDict"
MESH_ROLES = ("mesh_cells", "mesh_cells_axis", "mesh_cells_each", "cell_size")  # what a mesh change takes


def block_mesh_file(base_dir: Path, text: str = "") -> str:
    """Where the base's blockMeshDict is, relative to the case: the dictionary the tutorial's Allrun
    builds the solver's mesh from (`blockMesh -dict system/blockMeshDict.fine`; of several, the one
    the request names: "the coarse mesh"), else system/blockMeshDict, else the one region folder of
    system/ that holds one (a multi-region case meshed by `blockMesh -region solid`:
    jouleHeatingSolid); system/blockMeshDict when there is none or several."""
    scripted = [rel for rel in mesh_dictionaries(base_dir) if _has(base_dir, rel)]
    if scripted and scripted != [BLOCK_MESH_DICT]:
        return named_dictionary(scripted, text) or scripted[-1]
    if find_file(base_dir / "system", "blockMeshDict") is not None:
        return BLOCK_MESH_DICT
    system = base_dir / "system"
    regions = sorted(d.name for d in system.iterdir() if d.is_dir() and find_file(d, "blockMeshDict") is not None) \
        if system.is_dir() else []
    return f"system/{regions[0]}/blockMeshDict" if len(regions) == 1 else BLOCK_MESH_DICT


def _has(base_dir: Path, rel: str) -> bool:
    return find_file(base_dir / Path(rel).parent, Path(rel).name) is not None


def mesh_label(rel: str) -> str:
    """The word a dictionary's name gives its mesh: `blockMeshDict.fine` -> "fine", else ""."""
    suffix = rel.rsplit("/", 1)[-1].removeprefix("blockMeshDict").lstrip("._-")
    return suffix if re.fullmatch(r"[A-Za-z]\w*", suffix or "") else ""


def label_mentions(text: str, rels: list[str]) -> list[tuple[int, str]]:
    """(where, dictionary) of each mention of a labelled mesh in the text ("the coarse mesh",
    "fine grid", "mesh (fine)", "grid: coarse"), in order."""
    low = text.lower()
    return sorted((m.start(), rel) for rel in rels if mesh_label(rel) for m in re.finditer(
        rf"\b{re.escape(mesh_label(rel).lower())}[\s-]+(?:\w+[\s-]+)?(?:mesh|grid)\b"
        rf"|\b(?:mesh|grid)\s*[:=(-]?\s*{re.escape(mesh_label(rel).lower())}\b", low))


def named_dictionary(rels: list[str], text: str) -> str | None:
    """Of several mesh dictionaries, the one the request names by its label ("the coarse mesh",
    "coarse grid 20 x 20"); None when it names none or more than one."""
    named = {rel for _, rel in label_mentions(text, rels)}
    return named.pop() if len(named) == 1 else None


def labelled_counts(plain: str, rels: list[str], stated: list[StatedQuantity]) -> dict[str, list[StatedQuantity]]:
    """Mesh dictionary -> the stated counts and sizes said of it, when the request names two or more
    of the tutorial's labelled meshes ("coarse mesh 20 x 20 and fine mesh 50 x 50"): each to the
    label said nearest before it (else after it); {} when it names fewer."""
    low = plain.lower()
    said = label_mentions(low, rels)
    if len({rel for _, rel in said}) < 2:
        return {}
    out: dict[str, list[StatedQuantity]] = {}
    for q in stated:
        at = low.find(q.text.lower())
        if q.role not in MESH_ROLES or at < 0:
            continue
        before = [rel for start, rel in said if start <= at]
        out.setdefault(before[-1] if before else said[0][1], []).append(q)
    return out if len(out) >= 2 else {}


def literal_counts(bmd: str) -> str:
    """The blockMeshDict with its `$name` macros read where they are defined (`($nx $ny 1)` ->
    `(40 20 1)`, vertices too) when some block's counts are variables and every block's counts
    are then numbers; else the text as it is."""
    hexes = len(re.findall(r"\bhex\s*\(", fd.strip_comments(bmd)))
    if hexes == 0 or len(geometry.block_cells(bmd)) == hexes:
        return bmd
    expanded = expand_text(fd.strip_comments(bmd))
    return expanded if len(geometry.block_cells(expanded)) == hexes else bmd


_ENDINGS = ("ing", "ed", "es", "s", "d")
_PLAIN = frozenset("run runs with the a an and by of for in on to as is be its case this that from".split())


def _stem(word: str) -> str:
    """A word without its verb or plural ending, a doubled last letter made single: modelled,
    modeled, modelling -> model; resolved -> resolv; a word with no such ending as it is."""
    for end in _ENDINGS:
        if word.endswith(end) and len(word) - len(end) >= 4:
            base = word[: -len(end)]
            return base[:-1] if base[-1] == base[-2] and base[-1] not in "aeiou" else base
    return word


def _said(word: str) -> str:
    """How a word of the request is matched: a participle or plural by its stem ("modeled" meets
    "modelled"), a bare word as it is ("a laminar model" names no "modelled" variant)."""
    return _stem(word) if _stem(word) != word else f"={word}"


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z][a-z0-9]*", re.sub(r"(?<=[a-z])(?=[A-Z])", " ", text).lower())


def variant_words(variant: ScriptVariant, others: list[ScriptVariant]) -> set[str]:
    """The stems that tell a variant from the others: its word (`resolved`, `laminarFlow` ->
    laminar, flow) and the words of the comment above its call that no other variant's comment
    has ("fully", "resolved" against "modelled", "boundary", "condition")."""
    shared = set.intersection(*({w for w in _words(v.comment)} for v in others)) if others else set()
    own = {_said(w) for w in _words(variant.argument)} | {_said(w) for w in _words(variant.comment)}
    return {w for w in own - {_said(w) for w in shared} if w.lstrip("=") not in _PLAIN and len(w.lstrip("=")) >= 3}


_NEGATED = re.compile(r"\b(?:not|rather\s+than|instead\s+of|as\s+opposed\s+to)\b[^.;()]*", re.I)


def script_variant(base_dir: Path, text: str) -> tuple[str | None, str | None]:
    """(the variant's word, what was chosen and why) for a tutorial whose Allrun runs the case in
    variants (`run resolved` / `run modelled`: tasks.foam.allrun_inputs.script_variants): the one
    whose words the request says most ("with the plenum modelled by a boundary condition"), else
    the first the script runs. (None, None) for a tutorial without variants."""
    variants = script_variants(base_dir)
    if not variants:
        return None, None
    said = {_said(w) for w in _words(_NEGATED.sub(" ", text))}  # "..., not the one where it is modelled": not said
    scores = []
    for v in variants:  # most words said, then fewest of its own word unsaid ("digital filter": digitalFilter)
        own = variant_words(v, [o for o in variants if o.argument != v.argument])
        unsaid = {_said(w) for w in _words(v.argument)} - said
        scores.append((len(own & said), -len(unsaid)) if own & said else (0, 0))
    best = max(scores)
    names = ", ".join(f"'{v.argument}'" + (f" ({v.comment})" if v.comment else "") for v in variants)
    if best[0] > 0 and scores.count(best) == 1:
        chosen = variants[scores.index(best)]
        return chosen.argument, f"variant '{chosen.argument}' of the tutorial's Allrun, as the request says (of {names})"
    return variants[0].argument, (f"variant '{variants[0].argument}' of the tutorial's Allrun: the first it runs, the "
                                  f"request naming none (of {names})")
