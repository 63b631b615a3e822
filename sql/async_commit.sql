-- async_commit.sql: lets the current transaction commit without waiting for the WAL flush
-- (a Postgres crash can lose the last few commits, never half of one). Returns nothing.
SET LOCAL synchronous_commit = off;
