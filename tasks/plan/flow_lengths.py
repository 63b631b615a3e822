"""Whether a stated length is a property of the flow rather than a size of the domain: a liquid
film's thickness, a wall's roughness height, a porous layer's thickness, or the size of dispersed
things (particles, droplets, bubbles). Words only, pure; the binders (tasks.plan.bind_small_lengths,
tasks.plan.bind_cloud_sizes) and the readers of domain sizes (tasks.plan.extract,
tasks.plan.select_dimensions, tasks.plan.recipes_sizes) share it."""

from __future__ import annotations

import re

_FILM = re.compile(r"\b(?:films?|coating|(?:liquid|water|oil|fluid)\s+(?:layer|sheet)|layer\s+of\s+(?:liquid|water|oil)|"
                   r"rivulets?|wetting\s+layer)\b")
_ROUGH = re.compile(r"\b(?:rough(?:ness)?|sand[- ]grain|asperit(?:y|ies)|ks)\b")
_POROUS = re.compile(r"\bporous\s+(?:layer|zone|region|medium|media|bed|filter|mat|foam|plug|block|insert|baffle|wall)s?\b")
# nouns of the domain and its parts: a length nearer one of them than a film is the domain's
_DOMAIN = re.compile(r"\b(?:pipe|channel|duct|domain|box|tank|vessel|column|cylinder|plate|panel|nozzle|"
                     r"orifice|hole|gap|cavity|room|step|cells?|mesh|block|sphere|wire|wall|plane|ramp|slope|"
                     r"chamber|tube|annulus|cube|disc|disk)\b")
# a size word right after the value that makes it the domain's ("1 m long", "2 cm in diameter")
_DOMAIN_AFTER = re.compile(r"^\s*(?:long|wide|high|tall|in\s+(?:length|width|height|diameter|radius)|across|"
                           r"(?:in\s+)?diameter|radius|span|length|width|height|side)\b")
_LARGEST = {"film": 0.02, "roughness": 0.05, "porous_layer": 1.0}  # m


def _nearest_thing(head: str, tail: str, pattern: re.Pattern[str]) -> bool:
    """The thing `pattern` names is nearer the value than any part of the domain: named within
    three words after it ("0.1 mm oil film", "50 um sand-grain roughness"), else the last named
    before it (`head`), else the first after it (`tail`) when none is named before."""
    if pattern.search(" ".join(tail.split()[:3])):
        return True
    last_thing = max((m.end() for m in pattern.finditer(head)), default=-1)
    last_domain = max((m.end() for m in _DOMAIN.finditer(head)), default=-1)
    if last_thing >= 0 and last_thing > last_domain:
        return True
    first_thing = next((m.start() for m in pattern.finditer(tail)), None)
    first_domain = next((m.start() for m in _DOMAIN.finditer(tail)), None)
    return first_thing is not None and (first_domain is None or first_thing < first_domain) and last_domain < 0


def small_length_kind(head: str, tail: str, value: float) -> str | None:
    """What small length a stated length (m) is from the words of its sentence before it (`head`,
    lower case) and after it (`tail`): "film" (a liquid film's thickness), "roughness" (a wall's
    roughness height), "porous_layer" (a porous layer's thickness); None for a size of the domain
    ("a 1 m long plate under a film" is the plate's) or another length."""
    head = re.split(r"[.!?]\s|\n", head)[-1][-70:]
    tail = re.split(r"[.!?;]\s|\n|,\s", tail)[0][:40]
    if _DOMAIN_AFTER.match(tail):
        return None
    for kind, pattern in (("roughness", _ROUGH), ("porous_layer", _POROUS), ("film", _FILM)):
        if 0 < value <= _LARGEST[kind] and _nearest_thing(head, tail, pattern):
            return kind
    return None


# words that make a length the size of dispersed things
_DISPERSED = re.compile(r"\b(?:particles?|particulates?|parcels?|droplets?|drops?|bubbles?|grains?|beads?|"
                        r"spheres?|pellets?|powders?|dust|sand|silt|sediments?|spray|mist|catalyst|"
                        # "solids" dispersed, not a part said solid ("is solid wall", "(solid)", "the solid region")
                        r"(?<!is )(?<!are )(?<!be )(?<!\()solids?(?!\s+(?:walls?|regions?|parts?|blocks?|bod(?:y|ies)|plates?"
                        r"|zones?|obstacles?|corners?|quarters?|quadrants?)\b)(?!\))|"
                        r"d50|d_?p|d_?50|d_?32|sauter|grain[- ]size|sieve)\b")
# words that make it the size of a part of the domain instead
_OBJECT = re.compile(r"\b(?:pipe|channel|duct|domain|box|tank|vessel|column|cylinder|inlet|outlet|nozzle|orifice|"
                     r"hole|opening|wall|cell|mesh|gap|height|length|width|wide|long|high|deep|depth|thick|"
                     r"cyclone|hopper|chamber|bed height|radius of the)\b")
_LARGEST_PARTICLE = 0.05  # m: a "particle" above 5 cm is a part of the geometry


def is_particle_size(head: str, tail: str, value: float) -> bool:
    """Whether a length (m) with these words before (`head`) and after (`tail`) it is the size of
    dispersed things: a particle word near it, no part of the domain named nearer, and small."""
    if not 0 < value <= _LARGEST_PARTICLE:
        return False
    before, after = head[-50:], re.split(r"[,;.]\s|\n", tail[:40])[0]
    last_particle = max((m.end() for m in _DISPERSED.finditer(before)), default=-1)
    last_object = max((m.end() for m in _OBJECT.finditer(before)), default=-1)
    if last_particle > last_object:
        return True
    first_particle = next((m.start() for m in _DISPERSED.finditer(after)), None)
    first_object = next((m.start() for m in _OBJECT.finditer(after)), None)
    return first_particle is not None and (first_object is None or first_particle < first_object) \
        and last_object < 0


def flow_length(before: str, after: str, value: float) -> bool:
    """A length (m) with these words before and after it is a small length of the flow (a film,
    a roughness, a porous layer: small_length_kind) or the size of particles, not a shape's size."""
    head, tail = before.lower(), after.lower()
    return small_length_kind(head, tail, value) is not None or is_particle_size(head, tail, value)
