-- case_insert.sql: inserts (or replaces) one case of the structured case base. Returns nothing.
INSERT INTO cases (id, origin, case_path, solver, algorithm, simulation_type, turbulence_model,
                   compressibility, mesh_method, record, updated_at)
VALUES (%(id)s, %(origin)s, %(case_path)s, %(solver)s, %(algorithm)s, %(simulation_type)s,
        %(turbulence_model)s, %(compressibility)s, %(mesh_method)s, %(record)s, now())
ON CONFLICT (id) DO UPDATE
SET origin = EXCLUDED.origin, case_path = EXCLUDED.case_path, solver = EXCLUDED.solver,
    algorithm = EXCLUDED.algorithm, simulation_type = EXCLUDED.simulation_type,
    turbulence_model = EXCLUDED.turbulence_model, compressibility = EXCLUDED.compressibility,
    mesh_method = EXCLUDED.mesh_method, record = EXCLUDED.record, updated_at = now();
