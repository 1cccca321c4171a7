-- Schema v2. Snapshots record which core.StateVersion wrote them, so a
-- snapshot from before a change to core.State is ignored instead of trusted.
-- Rows from v1 get version 0, which no core.StateVersion uses: they are dropped
-- here, being only a cache.
ALTER TABLE snapshots ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
DELETE FROM snapshots;
