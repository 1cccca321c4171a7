-- Schema v10. The store knows no game: imported quests become content files
-- of kind 'quest', checked by the module that reads them as factions are
-- (see content.go), instead of a table of their own. Each keeps its id, its
-- file and when it was imported. Games keep their own copy in their content,
-- so nothing else moves.
INSERT INTO content_files (kind, id, source, imported_at)
    SELECT 'quest', id, source, imported_at FROM quests WHERE true
    ON CONFLICT (kind, id) DO UPDATE SET source = excluded.source, imported_at = excluded.imported_at;

DROP TABLE quests;
