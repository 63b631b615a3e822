"""The words that ask for or exclude each physics flag of a request (FLAG_WORDS), and the phrases that
only look like one of them (FALSE_FRIENDS): data for tasks/plan/select_features.request_features.
"""

from __future__ import annotations

import re

from tasks.plan.select_motion import MESH_INTERFACES

# heat ruled out without the word 'isothermal': nothing heated, one temperature everywhere
ISOTHERMAL_WORDS = ("isothermal", "no heating", "no heater", "no heaters", "without heating", "unheated",
                    "not heated", "no heat source", "no heat sources", "no temperature difference",
                    "no temperature differences", "everything is at the same temperature", "all at the same temperature",
                    "at one temperature", "same temperature everywhere", "same temperature throughout")

# request words -> physics flags (True: asked for; False: excluded)
FLAG_WORDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "compressible": (("compressible", "supersonic", "transonic", "hypersonic", "mach", "shock", "sonic",
                      "high-speed", "gas dynamics", "ideal gas", "nozzle flow of gas", "than sound", "than the sound",
                      "speed of sound", "sound speed", "compressed", "compressibility", "acoustic", "sound wave",
                      "pressure wave", "water hammer", "blast wave", "blast", "explosion", "detonation", "detonat",
                      "diaphragm", "underexpanded", "under-expanded", "shock diamond", "barrel shock",
                      "high-pressure gas", "high pressure gas", "high-pressure air", "high pressure air",
                      "pressurised gas", "pressurized gas", "pressurised air", "pressurized air"), ("incompressible",)),
    "multiphase": (("multiphase", "two-phase", "two phase", "free surface", "free-surface", "vof", "volume of fluid",
                    "water and air", "air and water", "air-water", "dam break", "dam-break", "wave", "slosh",
                    "bubble", "interface", "liquid column", "water column", "filling", "droplet", "a drop of",
                    "drop of water", "drop of oil", "oil and water", "water and oil", "water in oil", "oil in water",
                    "gas and liquid", "liquid and gas", "gas and a liquid", "liquid and a gas", "meniscus", "wetting",
                    "contact angle", "surface tension", "capillary", "partly filled", "partially filled",
                    "half-full", "half full", "cavitation", "cavitating", "vapour pocket", "vapor pocket", "floating", "buoy ", "buoys", "under air",
                    "below air", "air above", "air on top", "above the water", "above the liquid",
                    "splash", "ship", "boat", "yacht", "hull", "pond", "puddle", "raindrop", "fills with",
                    "fills up", "being filled", "draining", "drains out", "tank drains", "emptying", "empties"),
                   ("single-phase", "single phase", "one phase", "one-phase")),
    "energy": (("temperature", "heat", "thermal", "heated", "hot ", "cold ", "buoyan", "natural convection",
                "boussinesq", "rayleigh", "cooling", "cooled", "warm", "radiation", "radiative", "radiating",
                "radiant", "boiling", "boils", "conjugate", "cht ", "quench", "convection roll", "convection cell",
                "benard", "bénard"), ISOTHERMAL_WORDS),
    "buoyancy": (("buoyan", "natural convection", "free convection", "boussinesq", "rayleigh", "plume",
                  "hot room", "stratif", "no fan", "without fan", "without a fan", "by itself", "by themselves",
                  "differentially heated", "heated from one side", "heated on one side", "heated from the side",
                  "heated from below", "heated from beneath", "convection roll", "convection cell", "benard",
                  "bénard", "cooled from above", "cooled at the top", "cooled from the top", "warmed from below",
                  "warmed at its base", "warmed at the bottom", "heated at the bottom", "heated at its base",
                  "warmed at the base", "heated at the base", "heated from the bottom", "warmed from the bottom",
                  "air rises", "hot air rise", "warm air rise", "rising warm", "rising hot"),
                 ("no gravity", "without gravity", "zero gravity", "gravity neglected", "gravity is neglected",
                  "gravity ignored", "gravity is ignored", "ignore gravity", "neglect gravity", "neglecting gravity")),
    "lagrangian": (("particle", "parcel", "lagrangian", "spray", "mppic", "dpm", "sand", "powder", "dust",
                    "grains", "granules", "granular", "beads", "sediment", "soot", "pollen",
                    "kinematic cloud", "cloud of drops", "cloud of droplets", "droplet cloud", "drops injected",
                    "injected drops", "injected droplets"), ()),
    "combustion": (("combustion", "reacting", "flame", "species", "fuel", "methane", "propane", "burn", "chemistry",
                    "ignition", "ignited", "premixed", "equivalence ratio"), ()),
    "mrf": (("mrf", "rotating frame", "impeller", "stirred", "mixer", "rotor", "rotating", "stirrer", "agitator",
             "agitated", "stirring", "spinning", "spins", "revolving", "revolves"), ()),
    "non_newtonian": (("non-newtonian", "non newtonian", "shear-thinning", "shear thinning", "shear-thickening",
                       "power law", "power-law", "bird-carreau", "carreau", "cross model", "herschel", "bingham",
                       "casson", "viscoplastic", "viscoelastic", "polymer solution", "blood"), ()),
    # a change of phase the base must model (tasks/plan/select_records.models_phase_change)
    "phase_change": (("condens", "evaporat", "boiling", "boils", "melting", "melts", "molten", "solidif",
                      "freezing", "freezes", "phase change", "phase-change", "vaporis", "vaporiz", "sublimat", "cavitation", "cavitating", "cavitates"), ()),
    "porous": (("porous", "porosity", "darcy", "forchheimer", "packed bed", "catalyst", "resistance zone",
                "filter medium", "filter element", "fixed bed", "pebble bed", "gravel bed", "bed of gravel",
                "filter mat", "filter pad", "filter cartridge", "air filter", "filter in", "a filter", "the filter",
                "filter that", "filters", "sponge", "permeable", "wire mesh", "mesh screen", "gauze",
                "perforated plate", "honeycomb", "flow straightener", "packing"), ()),
}

# phrases that contain a physics flag's word without asking for that physics: a shock or
# pressure wave is no water wave, a gas bubble's "interface" is (so no entry for it)
FALSE_FRIENDS: dict[str, tuple[str, ...]] = {
    "multiphase": ("shock wave", "pressure wave", "sound wave", "acoustic wave", "expansion wave", "blast wave",
                   "compression wave", "detonation wave", "shock waves", "pressure waves", "sound waves",
                   "acoustic waves", "expansion waves", "blast waves", "compression waves", "pressure drop",
                   "pressure drops", "sliding interface", "sliding interfaces", "mesh interface", "ami interface",
                   "arbitrary mesh interface", "coupled interface", "fluid solid interface", "solid fluid interface",
                   *MESH_INTERFACES),
    "compressible": ("sonic boom",),
    # a bluff body named for its use (a cold flow past a triangular flame holder), not a flame
    "combustion": ("flame holder", "flame holders", "flame-holder", "flame-holders", "flameholder", "flameholders"),
    # Boussinesq's wave theory (a solitary wave's waveModel), not his buoyancy approximation
    **{flag: ("boussinesq theory", "boussinesq wave", "boussinesq waves", "boussinesq type", "boussinesq solitary",
              "boussinesq wave theory") for flag in ("energy", "buoyancy")},
    # how densely particles pack (MPPIC's packing models), not a packed porous medium
    "porous": ("packing pressure", "packing model", "packing limit", "packing fraction", "close packing",
               "close packed", "particle packing", "packing of the particles", "packing of particles"),
    # a chemical reactor's ideal mixing, not a stirrer: 'a well-stirred reactor', 'perfectly stirred'
    "mrf": ("well stirred", "perfectly stirred", "stirred reactor", "stirred reactors"),
}


# a water wave described (a flume, a solitary wave, a still-water depth) and heat words: Boussinesq
# names the wave theory in the first, the buoyancy approximation only where heat is said
_WATER_WAVES = re.compile(r"\b(?:solitary\s+waves?|wave\s*(?:tank|flume|basin|maker|paddle|heights?|gauges?)|"
                          r"(?:numerical\s+)?wave\s+tanks?|still[\s-]*water|water\s+depth|breaking\s+waves?|"
                          r"surf\s+zone|shoaling|run[\s-]*up)\b")
_HEAT = re.compile(r"\b(?:temperatures?|heat\w*|thermal\w*|buoyan\w*|convection|rayleigh|hot|cold|warm\w*|"
                   r"cool\w*|beta|expansion\s+coefficient|prandtl)\b|\d\s*(?:k|°c|degc|deg\s*c|°f)\b")


def boussinesq_waves(low: str) -> bool:
    """Whether "Boussinesq" in the (lower-case) text names the wave theory: water waves are
    described and nothing about heat is said."""
    return "boussinesq" in low and bool(_WATER_WAVES.search(low)) and not _HEAT.search(low)
