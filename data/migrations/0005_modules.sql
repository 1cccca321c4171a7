-- Schema v5. Games of any module: a game row carries its module's name, its
-- setup and the content it refers to (for DUN, the quest file), and the
-- summary the module gives for the saved-games list, as JSON messages
-- ([{"id":…,"args":{…}}]). No column is any one game's.
--
-- Every game until now is a DUN game. Its turn and reserve become its
-- summary here; the quest's title comes from the module, so Open fills in
-- the whole summary from Go in the same transaction when it can (see
-- migrate.go), and what this file writes is what a game keeps otherwise,
-- until its next record.
ALTER TABLE games ADD COLUMN module TEXT NOT NULL DEFAULT 'dun';
ALTER TABLE games ADD COLUMN summary TEXT;

UPDATE games SET summary = json_array(
    json_object('id', 'summary.turn', 'args', json_object('Turn', turn)),
    json_object('id', 'summary.reserve', 'args', json_object('Reserve', reserve)));

ALTER TABLE games RENAME COLUMN quest_source TO content;
ALTER TABLE games DROP COLUMN turn;
ALTER TABLE games DROP COLUMN reserve;
