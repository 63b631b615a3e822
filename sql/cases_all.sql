-- cases_all.sql: the record (jsonb) of every case in the structured case base, ordered by id.
SELECT record FROM cases ORDER BY id;
