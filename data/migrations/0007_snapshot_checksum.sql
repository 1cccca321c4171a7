-- Schema v7. A snapshot carries the SHA-256 of its state (lowercase hex), so
-- that a state changed after it was saved (edited by hand, damaged) is not
-- trusted: LoadGame then rebuilds the game from its records, which stay the
-- truth. Snapshots saved before have none and are not trusted either; they
-- are only a cache, replaced as the game goes on.
ALTER TABLE snapshots ADD COLUMN checksum TEXT;
