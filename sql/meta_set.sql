-- meta_set.sql: records one store_meta key (insert or replace). Returns nothing.
INSERT INTO store_meta (key, value) VALUES (%(key)s, %(value)s)
ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value;
