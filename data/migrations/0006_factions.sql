-- Schema v6. Imported content files of the game modules beyond quests (for
-- DUN: factions), by kind and id. The module checks a file before it is
-- stored; a game keeps its own copy in its content, so replacing a file here
-- never changes a game in progress.
CREATE TABLE content_files (
    kind        TEXT NOT NULL,
    id          TEXT NOT NULL,
    source      TEXT NOT NULL,
    imported_at TEXT NOT NULL,
    PRIMARY KEY (kind, id)
);
