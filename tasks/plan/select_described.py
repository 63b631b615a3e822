"""Physics a request describes instead of naming, in prose of any voice ('the grid was moved with the
body', 'a body-fitted grid embedded in a background grid', 'the air and the water', 'a ball dropped
into a pool', 'turbulence was neglected'). Each reader takes the normalised text (select_words
normal_text: lower case, punctuation as spaces, padded) and says whether the physics is described.
Pure.
"""

from __future__ import annotations

import re

from tasks.plan.select_negation import NEGATED_AFTER, NEGATED_BEFORE

# ---- a mesh that moves, said of the mesh itself -------------------------------------------------------
_MESH = r"(?:mesh|meshes|grid|grids|computational domain)"
# auxiliaries between the mesh and its verb: 'the grid was', 'the mesh has to', 'the mesh must be'
_AUX = r"(?: (?:is|are|was|were|be|been|being|has|have|had|to|must|should|shall|will|would|can|could|may|also|then"
_AUX += r"|itself|themselves|therefore|thus|accordingly|continuously|rigidly|locally))*"
_MOVES = (r"(?:moves?|moved|moving|deforms?|deformed|deforming|morphs?|morphed|morphing|displaced|displaces?"
          r"|translates?|translated|translating|follows?|followed|following|travels?|travelled|traveled|travelling"
          r"|traveling|adapts? to the motion|rotated|rotates|rotating|slides?|slid|sliding|stretche[sd]|compressed"
          r" and stretched)")
_MESH_MOVES = re.compile(rf" {_MESH}{_AUX} {_MOVES}(?= )|(?<= )(?:moving|moved|deforming|deformed|morphing|dynamic"
                         rf"|deformable|body fitted moving|rotating|sliding) {_MESH}(?= )")


def mesh_motion_described(normal: str) -> bool:
    """The mesh is said to move or deform: 'the grid was moved with the body', 'the mesh has to deform
    to follow the ball', 'mesh moving with the body' (a 'mesh: moving' key), 'a deforming grid'. Not a
    refinement near a moving wall ('a fine mesh near the moving lid': the lid moves, not the mesh)."""
    return any(not NEGATED_BEFORE.search(_before(normal, m.start())) and not NEGATED_AFTER.match(normal[m.end():])
               for m in _MESH_MOVES.finditer(normal))


def _before(normal: str, at: int) -> str:
    """The few words before position `at`, ending in one space (what a negation before a word is read in)."""
    return normal[max(0, at - 20):at].rstrip() + " "


# ---- a body falling or dropped into a liquid (a body in free motion) ------------------------------------
_SOLID_BODY = (r"(?:sphere|ball|body|object|cylinder|box|cube|block|wedge|stone|rock|projectile|missile|capsule"
               r"|lifeboat|hull|plate|disc|disk|cone|torpedo|bullet|pellet|marble|brick|can|bottle)s?")
_FALLS = (r"(?:dropped|drops|dropping|falls|falling|fell|fallen|sinks|sinking|sank|enters|entering|entered|impacts"
          r"|impacting|impacted|strikes|striking|struck|hits|hitting|plunges|plunging|plunged|released|thrown|lowered"
          r"|slams|slamming|slammed|splashes|splashing|splashed)")
# words that may stand between the body and its fall: 'the sphere is then dropped', 'a ball freely falling'
_BETWEEN = (r"(?: (?:is|was|were|are|be|being|been|then|first|initially|subsequently|freely|vertically|slowly|quickly"
            r"|gently|which|that|rigid|solid|heavy|light|steel|wooden|small|large))")
_FALLING_BODY = re.compile(rf" {_SOLID_BODY}(?! of ){_BETWEEN}{{0,3}} {_FALLS} |(?<= )(?:dropping|dropped|falling|releasing"
                           rf"|released|sinking|throwing|lowering) (?:an? |the )?(?:\w+ ){{0,2}}{_SOLID_BODY} "
                           rf"|(?<= )(?:water|liquid|pool) entry of (?:an? |the )?(?:\w+ ){{0,2}}{_SOLID_BODY} ")


def body_falls(normal: str) -> bool:
    """A solid body falls, is dropped or enters a liquid ('a rigid ball dropped into a pool', 'the
    sphere strikes the water', 'the water entry of a sphere'): it moves through the mesh."""
    return bool(_FALLING_BODY.search(normal))


# ---- overlapping (overset, chimera) grids described ---------------------------------------------------
_GRID = r"(?:grids?|meshe?s?)"
_OVERSET = re.compile(
    rf" overlap\w*(?: \w+){{0,3}}? {_GRID} | {_GRID}(?: \w+){{0,3}}? overlap\w* | chimera | overset "
    rf"| (?:component|donor|acceptor|minor|near body|body grid|body mesh) {_GRID} .*\bbackground {_GRID} "
    rf"| background {_GRID} .*\b(?:component|donor|acceptor|near body|body fitted|own) {_GRID} "
    rf"| (?:embedded|immersed) (?:in|within|into) (?:an? |the )?(?:\w+ )?background {_GRID} "
    rf"| interpolated between the (?:two )?{_GRID} ")
# a background mesh refined around a surface is snappyHexMesh's, no second grid
_SNAPPY = re.compile(r" snappy| castellat| refined around| refinement around| stl ")
# what overlaps when the words between are these is a refinement region, no second grid
_REFINEMENT = re.compile(r" (?:refine\w*|regions?|zones?|boxes|levels?|cells?) ")


def overset_described(normal: str) -> bool:
    """The request describes overlapping grids without naming the method: 'its own grid, overlapping
    a stationary background grid', 'computed on overlapping grids', 'a body-fitted grid embedded in a
    Cartesian background grid', 'the solution interpolated between the two grids'."""
    if _SNAPPY.search(normal) and " overlap" not in normal:
        return False
    return any(not _REFINEMENT.search(m.group(0)) for m in _OVERSET.finditer(normal))


# ---- a gas and a liquid named together: two phases ---------------------------------------------------------
_GASES = ("air", "gas", "nitrogen", "vapour", "vapor", "helium", "argon", "steam")
_LIQUIDS = ("water", "oil", "liquid", "mercury", "glycerol", "glycerine", "kerosene", "diesel", "petrol", "gasoline",
            "seawater", "brine")
_JOIN = r"(?: the)?(?: (?:and|plus|\+|&|with))?(?: the)?"
_PAIR = re.compile(rf" (?:{'|'.join(_GASES)}){_JOIN} (?:{'|'.join(_LIQUIDS)}) | (?:{'|'.join(_LIQUIDS)}){_JOIN}"
                   rf" (?:{'|'.join(_GASES)}) ")
# what a liquid's own surface is said as: there is a gas above it
_SURFACE = re.compile(r" (?:water|liquid) surface | surface of the (?:water|liquid|pool) | pool of (?:water|liquid) "
                      r"| (?:still|calm|quiescent|stagnant) (?:water|liquid) surface ")
# a liquid's level or fill said: a surface with gas above it ('liquid level 0.45 m', 'filled up to z = 0', 'the
# liquid phase fills 60 %', 'gas hold-up 10 %')
_LEVEL = re.compile(r" (?:liquid|water|oil|fill|filling|free surface|pool|bath) levels? | liquid phase "
                    r"| (?:partly |partially |half )?fill(?:ed|s)? (?:up )?to | fills (?:up |about |roughly |\d)"
                    r"| (?:liquid|water|oil)(?: phase)? stands (?:at|to) | gas hold ?ups? | hold ?ups? of gas ")
# the first word of a pair that is the other fluid's attribute or a region of a solid: 'air-cooled', 'water jacket'
_NOT_A_PHASE = re.compile(r" (?:air|water|oil|gas) (?:cooled|cooling|heated|jacket|side|channel|region|inlet|outlet) ")


def gas_and_liquid_named(text: str) -> bool:
    """A gas and a liquid are named side by side as the fluids ('air/water', 'the air and the water',
    'fluids: air + water', 'water and air') in one clause, or a liquid's surface or level is described
    ('a still water surface', 'liquid level 0.45 m', 'filled up to z = 0'): two phases with an interface. `text` as written: a clause's end
    (';', '.', ':') parts a pair ('cooled by air; water enters ...' names two streams)."""
    low = " " + " ".join(re.sub(r"[;:!?]|\.(?!\d)", " ; ", re.sub(r"[-_/(),']", " ", text.lower())).split()) + " "
    if _SURFACE.search(low) or _LEVEL.search(low):
        return True
    return any(not _NOT_A_PHASE.match(low[m.start():]) for m in _PAIR.finditer(low))


# ---- no turbulence model ------------------------------------------------------------------------------------
_TURBULENCE = re.compile(r" turbulen\w*")
_INVISCID = re.compile(r" inviscid | euler equations | viscous (?:effects|terms|stresses|forces)(?: \w+){0,3}? "
                       r"(?:neglected|ignored|omitted|disregarded) | (?:neglecting|ignoring|without) viscosity ")


def turbulence_left_out(normal: str) -> bool:
    """The request leaves turbulence out in any voice ('no turbulence', 'turbulence was neglected',
    'turbulence model: none', 'turbulence was not modelled', 'neglecting turbulence') or the flow is
    inviscid (no viscous stresses, no turbulence model)."""
    for m in _TURBULENCE.finditer(normal):
        word_end = m.end()
        if NEGATED_BEFORE.search(_before(normal, m.start() + 1)) or NEGATED_AFTER.match(normal[word_end:]):
            return True
    return bool(_INVISCID.search(normal))


_FREE_SURFACE = re.compile(r" free surface | vof | volume of fluid | interface capturing | liquid gas interface "
                           r"| gas liquid interface | air water interface | water air interface ")


def surface_described(text: str) -> bool:
    """The request describes a liquid's free surface itself (its level, its fill, 'free surface', 'VOF'):
    a particle cloud alone does not carry it; the base must capture the interface."""
    low = " " + " ".join(re.sub(r"[-_/(),;:.!?'+]", " ", text.lower()).split()) + " "
    return bool(_SURFACE.search(low) or _LEVEL.search(low) or _FREE_SURFACE.search(low))
