-- Schema v4. Saves that travel and campaigns.
--
-- Every game gets a uid: a random 32-hex-digit id that stays with it when it
-- is exported, so importing the same file twice is noticed. ALTER TABLE ADD
-- COLUMN cannot add UNIQUE (nor NOT NULL without a constant default), so a
-- unique index holds the rule and a trigger gives a uid to any row inserted
-- without one. The app always sets it itself.

CREATE TABLE campaigns (
    id         INTEGER PRIMARY KEY,
    uid        TEXT NOT NULL UNIQUE,
    name       TEXT NOT NULL,
    created_at TEXT NOT NULL
);

-- The heroes as they stand now, in the group's order.
CREATE TABLE campaign_heroes (
    campaign_id INTEGER NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    pos         INTEGER NOT NULL,
    name        TEXT NOT NULL,
    class       TEXT NOT NULL,
    vp          INTEGER NOT NULL,
    gold        INTEGER NOT NULL,
    notes       TEXT NOT NULL,
    PRIMARY KEY (campaign_id, pos)
);

ALTER TABLE games ADD COLUMN uid TEXT;
UPDATE games SET uid = lower(hex(randomblob(16))) WHERE uid IS NULL;
CREATE UNIQUE INDEX games_uid ON games (uid);

CREATE TRIGGER games_uid_default AFTER INSERT ON games
WHEN NEW.uid IS NULL
BEGIN
    UPDATE games SET uid = lower(hex(randomblob(16))) WHERE id = NEW.id;
END;

-- Deleting a campaign leaves its games, unlinked.
ALTER TABLE games ADD COLUMN campaign_id INTEGER REFERENCES campaigns (id) ON DELETE SET NULL;
CREATE INDEX games_campaign ON games (campaign_id);

-- One line per quest played in a campaign, with the heroes after it.
CREATE TABLE campaign_entries (
    id          INTEGER PRIMARY KEY,
    campaign_id INTEGER NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    game_id     INTEGER REFERENCES games (id) ON DELETE SET NULL,
    quest       TEXT NOT NULL,
    outcome     TEXT NOT NULL,
    notes       TEXT NOT NULL,
    heroes      TEXT NOT NULL,             -- JSON of []Hero after the quest
    played_at   TEXT NOT NULL
);

CREATE INDEX campaign_entries_campaign ON campaign_entries (campaign_id, played_at);
CREATE INDEX campaign_entries_game ON campaign_entries (game_id);
