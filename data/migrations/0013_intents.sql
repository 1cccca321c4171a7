-- Schema v13. Who took a step from a seat (a player's own phone): the
-- seat's id and name beside the record, never inside its event, so the same
-- steps taken on the laptop give the same events. intent_id is the phone's
-- id for the step: a second intent with it is the same step, applied once,
-- and after a restart the phone learns from it whether its step was saved.
CREATE TABLE intents (
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq       INTEGER NOT NULL,
    intent_id TEXT NOT NULL,
    seat_id   TEXT NOT NULL,
    seat_name TEXT NOT NULL,
    PRIMARY KEY (game_id, seq),
    UNIQUE (game_id, intent_id)
) WITHOUT ROWID;
