"""The role words of each kind of stated quantity: which words announce which role ("lid",
"moving wall": a lid velocity; "feed", "supply": an inlet temperature), and the kinds whose
role is their kind alone (a kinematic viscosity is nu). Data read by `stated_roles.role_of`."""

from __future__ import annotations

from tasks.foam.patch_names import PATCH_ALIASES

# the other words a request uses for a floor or a ceiling patch ("the ground", "the roof"): the
# patch words' aliases; "base", "lower", "upper" name too much else ("base case", "upper limit")
_FLOOR_CEILING_ALIASES = tuple(sorted({w for p in ("floor", "ceiling") for w in PATCH_ALIASES[p]}
                                      - {"base", "lower", "upper", "bottom", "top", "floor", "ceiling"}))
_COMPARATIVES = {k: tuple(w for w in PATCH_ALIASES[k] if w.endswith("er")) for k in ("hot", "cold")}

# what announces how often results are written ("save every 0.1 s", "one snapshot per 2 s", "a frame each 10 ms";
# a "rotating frame" is no output)
_WRITE_WORDS = ("write", "output", "save", "every ", "dump", "snapshot", "frame every", "frame each", "frame per",
                "frames every", "frames each", "frames per", "store ", "stored", "storing", "record")
# (role, words that announce it) per quantity kind; the first role whose words appear in the
# quantity's clause wins, the last role of a kind is its default.
_ROLE_WORDS: dict[str, list[tuple[str, tuple[str, ...]]]] = {
    "velocity": [
        # a liquid's compressibility said as its speed of sound: never a flow speed
        ("speed_of_sound", ("speed of sound", "sound speed", "sonic speed", "acoustic speed", "speed of the sound",
                            "sound velocity", "velocity of sound",
                            # its symbol right before the value ("Mach 2 (U 2, c = 1)")
                            "c =", "c=", "c:")),
        ("lid_velocity", ("lid", "moving wall", "top wall", "upper wall moves", "belt", "slid", "moves at",
                          "moving at", "driven")),
        ("wall_velocity", ("plate moves", "wall moves", "moving plate", "upper plate", "top plate")),
        ("inlet_velocity", ("inlet", "inflow", "enter", "entrance", "entry", "intake", "incoming", "free stream", "free-stream", "freestream",
                            "upstream", "approach", "wind", "jet", "injected", "blow", "flow speed", "bulk",
                            "mean velocity", "velocity", "speed", "u =", "u_in", "uin", "u_inf", "u_0", "u0 ", "at")),
    ],
    "pressure": [
        ("bulk_modulus", ("bulk modulus", "compressibility modulus", "modulus of compressibility")),
        # a fan's pressure rise across its baffle (a `fan` cyclic pair's jump)
        ("fan_jump", ("jump", "fan", "pressure rise", "pressure increase", "pressure gain")),
        # a drop across the domain is what the inlet is held at above the outlet (as parametric_inflow
        # reads it): "a pressure drop of 0.5 kPa", "dp = 300 Pa", "a pressure difference of 2 psi"
        ("inlet_pressure", ("pressure drop", "pressure difference", "pressure differential", "pressure loss",
                            "drop of", "difference of", "delta p", "delta_p", "deltap", "dp ", "dp=", "dp:",
                            "Δp", "δp")),
        ("outlet_pressure", ("outlet", "exit", "outflow", "exhaust", "discharge", "outfall", "p_out", "pout", "p_exit", "back pressure", "back-pressure", "downstream", "leaves")),
        ("inlet_pressure", ("inlet", "intake", "entrance", "entry", "feed", "total pressure", "p_in", "stagnation", "upstream", "reservoir", "supply",
                            "enters", "arriv", "comes in", "coming in", "inflow", "incoming",
                            # the undisturbed flow a body meets: what its far-field boundary brings in
                            "freestream", "free stream", "free-stream", "far field", "far-field", "farfield")),
        ("ambient_pressure", ("ambient", "initial", "operating", "atmospheric", "background", "everywhere", "room",
                              "domain", "interior", "tank", "pressure")),
    ],
    "temperature": [
        ("reference_temperature", ("reference", "tref", "t_ref")),
        ("inlet_temperature", ("inlet", "intake", "entrance", "entry", "incoming", "enter", "inflow", "supply", "stream", "jet", "feed", "t_in ",
                               "t_in=", "t_in =", "fed ", "comes in", "coming in", "flows in", "arriving",
                               # what leaves a nozzle enters the domain ("gas leaves the nozzle at 500 K")
                               "nozzle", "injector", "orifice", "issues from", "issuing from")),
        # with the comparatives a patch's aliases list ("the hotter plate", "the colder side")
        ("hot_wall_temperature", ("hot", "heated", "warm", "heater", *_COMPARATIVES["hot"])),
        ("cold_wall_temperature", ("cold", "cooled", "cool ", "chilled", *_COMPARATIVES["cold"])),
        ("wall_temperature", ("wall", "t_w", "floor", "ceiling", "bottom", "top", "left", "right", "side", "surface", "face",
                              "plate", "boundary", "patch", "held at", "kept at", "maintained at", "fixed at",
                              # a solid body in the flow is a wall ("two cylinders both at 350 K")
                              "cylinder", "rods", "rod ", "sphere", "body", "bodies", "block ", "blocks", "fins", "fin ",
                              "obstacle", "blade", "chip", "wire", "tubes", "tube wall", "pins", "cube",
                              *_FLOOR_CEILING_ALIASES)),
        ("initial_temperature", ("initial", "ambient", "everywhere", "start", "initially", "room", "domain",
                                 "interior", "tank", "temperature")),
    ],
    "length": [
        # lengths a boundary condition holds, not the shape's: an atmospheric inflow's reference
        # height (Zref) and roughness length (z0), a rough wall's sand-grain height (Ks);
        # before the particles' words (a "sand-grain roughness" is a wall's)
        ("reference_height", ("reference height", "zref", "z_ref", "reference elevation", "reference altitude",
                              "reference level", "hub height")),
        ("roughness_height", ("sand-grain", "sand grain", "roughness height", "equivalent roughness", "ks")),
        ("roughness_length", ("roughness", "z0", "z_0")),
        # an inflow's turbulent mixing length (turbulentMixingLength*Inlet's mixingLength)
        ("mixing_length", ("mixing length", "mixing-length", "length scale", "turbulent length", "turbulence length",
                           "eddy length", "eddy size")),
        # how far an oscillating body moves (its motion's amplitude), not a size of the domain
        ("motion_amplitude", ("amplitude", "stroke", "excursion", "±", "+/-", "+-", "plus or minus")),
        ("particle_diameter", ("particle", "parcel", "grain", "droplet", "bubble", "sand", "beads", "spheres",
                               "pellet", "balls")),  # plural: many small spheres are particles
        ("cell_size", ("cell size", "cells of", "mesh size", "grid spacing", "spacing", "resolution of",
                       "cell width", "cell length")),
        ("first_layer", ("first layer", "first cell", "first-layer", "wall-adjacent")),
        ("geometry", ()),
    ],
    "density": [
        ("particle_density", ("particle", "parcel", "grain", "sand", "bead", "droplet", "solid", "sphere", "pellet",
                              "balls")),
        ("density", ()),
    ],
    "time": [
        ("end_time", ("endtime", "end time", "end_time", "t_end", "tend ", "t_final", "duration", "long run", "total",
                      "simulated time", "physical time", "flow time", "run time")),  # before "dt" (en-dT-ime)
        ("start_time", ("start at", "starting at", "starting from", "start from", "starts at", "starts from",
                        "start time", "starttime", "start_time", "t_start", "begin at", "begins at", "beginning at",
                        "restart", "onwards from")),
        ("delta_t", ("time step", "timestep", "time-step", "deltat", "delta t", "dt", "δt", "Δt", "step size",
                     "increment", "steps of", "step of")),
        ("write_interval", _WRITE_WORDS),
        # a model's own time ("relaxation time 2 s", a Maxwell model's "lambda 2 s")
        ("period", ("period", "relaxation time", "time constant", "response time", "delay", "lambda", "λ",
                    # the time one oscillation takes ("one full swing takes 4 s", "each cycle lasts 2 s")
                    "full swing", "one swing", "each swing", "per swing", "one cycle", "full cycle", "each cycle",
                    "per cycle", "one oscillation", "each oscillation", "per oscillation")),
        ("end_time", ()),
    ],
    "iterations": [
        ("write_interval", _WRITE_WORDS),
        ("end_time", ()),
    ],
    "fraction": [
        ("turbulence_intensity", ("intensity", "turbulence", "turbulent")),
        ("fill_fraction", ()),
    ],
    "count": [("mesh_cells_each", ("per side", "per direction", "each direction", "every direction", "per axis",
                                   "per dimension", "per edge", "each way", "in all directions")),
              ("mesh_cells_axis", ())],
}
_SIMPLE_ROLES = {
    "kinematic_viscosity": "nu", "dynamic_viscosity": "mu", "angular_velocity": "angular_velocity",
    "frequency": "frequency", "reynolds": "reynolds", "mach": "mach", "rayleigh": "rayleigh",
    "prandtl": "prandtl", "courant": "max_co", "gravity": "gravity", "ranks": "ranks", "cells": "mesh_cells",
    "volume_flow": "inlet_flow_rate", "mass_flow": "inlet_mass_flow", "heat_flux": "wall_heat_flux", "power": "heat_load",
    "angle": "angle", "diameter": "geometry", "charge_density": "charge_density", "mobility": "mobility",
    "conductivity": "conductivity", "expansion": "beta", "compressibility": "compressibility",
    "inverse_length": "inverse_length",
    "friction_reynolds": "friction_reynolds",
}
