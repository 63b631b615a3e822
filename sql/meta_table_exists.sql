-- meta_table_exists.sql: one row, exists = true when the store_meta table exists.
SELECT to_regclass('store_meta') IS NOT NULL AS exists;
