-- Schema v9. What moves on with every record (the last seq, the summary and
-- when it was played) gets a small row of its own in heads. A games row holds
-- the setup and the content (a quest file: tens of KB), and SQLite writes a
-- whole row again when one of its columns changes: an append that moved the
-- games row on wrote every page of the quest with it.
CREATE TABLE heads (
    game_id    INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL DEFAULT 0, -- seq of the last record
    summary    TEXT,                       -- JSON messages for the saved-games list
    updated_at TEXT
);

INSERT INTO heads (game_id, seq, summary, updated_at)
    SELECT id, seq, summary, updated_at FROM games;

-- Every game has its head from the start.
CREATE TRIGGER games_head AFTER INSERT ON games
BEGIN
    INSERT INTO heads (game_id, updated_at) VALUES (NEW.id, NEW.created_at);
END;

DROP INDEX games_updated;
ALTER TABLE games DROP COLUMN seq;
ALTER TABLE games DROP COLUMN summary;
ALTER TABLE games DROP COLUMN updated_at;
