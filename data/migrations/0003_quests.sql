-- Schema v3. Imported quests, and the exact quest file each game began
-- with: editing or re-importing a quest never changes a game in progress.
CREATE TABLE quests (
    id          TEXT PRIMARY KEY,
    source      TEXT NOT NULL,
    imported_at TEXT NOT NULL
);

ALTER TABLE games ADD COLUMN quest_source TEXT;
