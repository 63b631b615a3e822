"""The shape library: geometry specs from a request turned into meshes with patches named by role
(parametric blockMesh, Gmsh through gmshToFoam, STL with snappyHexMesh, imported meshes)."""
