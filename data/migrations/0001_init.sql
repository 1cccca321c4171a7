-- Schema v1. The event log is the truth; games holds a summary for listing
-- and the last seq, snapshots are a cache that can always be dropped.

-- Marks the file as ours, so Open can refuse another program's database.
PRAGMA application_id = 1146441283; -- "DUNC"

CREATE TABLE games (
    id         INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    setup      TEXT NOT NULL,              -- JSON of core.Setup
    created_at TEXT,
    updated_at TEXT,
    seq        INTEGER NOT NULL DEFAULT 0, -- seq of the last record
    turn       INTEGER NOT NULL DEFAULT 0,
    reserve    INTEGER NOT NULL DEFAULT 0
);

CREATE INDEX games_updated ON games (updated_at);

CREATE TABLE events (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL,
    type       TEXT NOT NULL,
    body       TEXT NOT NULL,              -- exactly core.EncodeEvent's JSON
    created_at TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

-- The log is append-only: an undo is a new event, never an edit.
CREATE TRIGGER events_no_update BEFORE UPDATE ON events
BEGIN
    SELECT RAISE(ABORT, 'events are append-only: update refused');
END;

-- Deleting rows is refused while their game exists; the cascade from
-- deleting the game runs after the game row is gone, so it passes.
CREATE TRIGGER events_no_delete BEFORE DELETE ON events
WHEN EXISTS (SELECT 1 FROM games WHERE id = OLD.game_id)
BEGIN
    SELECT RAISE(ABORT, 'events are append-only: delete refused');
END;

CREATE TABLE snapshots (
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    effective INTEGER NOT NULL,
    last_seq  INTEGER NOT NULL,
    state     TEXT NOT NULL,               -- JSON of core.State
    PRIMARY KEY (game_id, effective)
);

CREATE TABLE settings (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
