-- meta_get.sql: every (key, value) of store_meta (check meta_table_exists.sql first).
SELECT key, value FROM store_meta;
