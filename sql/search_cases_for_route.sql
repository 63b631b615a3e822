-- search_cases_for_route.sql: the structured case-base records a route can use as its base case:
-- every case of the solvers in %(solvers)s and the cases whose id is in %(ids)s
-- (`tutorial:<path>`). Returns id and record (jsonb, a CaseRecord), ordered by id.
SELECT id, record
FROM cases
WHERE solver = ANY(%(solvers)s::text[]) OR id = ANY(%(ids)s::text[])
ORDER BY id;
