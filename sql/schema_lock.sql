-- schema_lock.sql: takes a transaction-scoped advisory lock so concurrent processes create the
-- schema one at a time. Returns one row.
SELECT pg_advisory_xact_lock(hashtext('casewright-knowledge-store-schema'));
