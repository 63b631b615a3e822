-- cases_delete_origin.sql: removes every case of origin %(origin)s. Returns nothing.
DELETE FROM cases WHERE origin = %(origin)s;
